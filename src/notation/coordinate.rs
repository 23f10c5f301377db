//! Coordinate notation as UCI writes it: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.

use crate::notation::{CheckMark, MoveError, describe, pick};
use crate::rules::{Move, Piece, PieceKind, Position, Square};

/// Whether `text` has the shape of a coordinate move (two squares, maybe a promotion letter).
pub fn looks_like(text: &str) -> bool {
    let b = text.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && text.is_char_boundary(2)
        && text.is_char_boundary(4)
        && Square::parse(&text[..2]).is_some()
        && Square::parse(&text[2..4]).is_some()
        && b[0].is_ascii_lowercase()
        && b[2].is_ascii_lowercase()
        && (b.len() == 4 || b"qrbnQRBN".contains(&b[4]))
}

/// Writes a move as coordinates.
pub fn format(m: Move) -> String {
    m.coordinate()
}

/// Reads a coordinate move in `pos` (castling may also be given as king takes rook, `e1h1`).
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(MoveError::Empty);
    }
    if !looks_like(t) {
        return Err(MoveError::Syntax {
            text: text.to_string(),
            notation: "coordinates",
            problem: "not two square names and an optional promotion letter".into(),
            expected: "a move such as e2e4 or e7e8q",
        });
    }
    let from = Square::parse(&t[..2]).ok_or(MoveError::Empty)?;
    let to = Square::parse(&t[2..4]).ok_or(MoveError::Empty)?;
    let promotion = t[4..].chars().next().and_then(PieceKind::from_letter);
    let moves = pos.legal_moves();
    let fits = |m: &&Move| {
        m.from() == from
            && (m.to() == to
                || (m.is_castle()
                    && pos.piece_at(to) == Some(Piece::new(pos.side_to_move(), PieceKind::Rook))))
            && promotion.is_none_or(|p| m.promotion() == Some(p))
    };
    let found: Vec<Move> = moves.iter().filter(fits).copied().collect();
    pick(pos, text, &found, CheckMark::None, || MoveError::Illegal {
        text: text.to_string(),
        why: match pos.piece_at(from) {
            None => format!("{from} is empty"),
            Some(p) if p.color != pos.side_to_move() => {
                format!("the piece on {from} is not {}'s", pos.side_to_move().name())
            }
            Some(_) => format!("the piece on {from} cannot go to {to}"),
        },
        closest: moves
            .iter()
            .filter(|m| m.from() == from || m.to() == to)
            .take(8)
            .map(|&m| describe(pos, m))
            .collect(),
    })
}
