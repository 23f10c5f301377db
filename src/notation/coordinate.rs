//! Coordinate notation as UCI writes it: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.

use crate::notation::{CheckMark, MoveError, describe, pick};
use crate::rules::{Move, MoveKind, Piece, PieceKind, Position, Square};

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
    let us = pos.side_to_move();
    // The king taking its own rook (`e1h1`, as interfaces send castling for Chess960-style input)
    // is castling on that rook's side: the only thing it can mean.
    let king_takes_rook = pos.piece_at(from) == Some(Piece::new(us, PieceKind::King))
        && pos.piece_at(to) == Some(Piece::new(us, PieceKind::Rook));
    let castling_rook = |m: &Move| {
        let file = if m.kind() == MoveKind::CastleKingSide {
            7
        } else {
            0
        };
        Square::from_coords(file, m.from().rank())
    };
    let fits = |m: &&Move| {
        m.from() == from
            && (m.to() == to || (m.is_castle() && king_takes_rook && castling_rook(m) == to))
            && promotion.is_none_or(|p| m.promotion() == Some(p))
    };
    let found: Vec<Move> = moves.iter().filter(fits).copied().collect();
    pick(pos, text, &found, CheckMark::None, || MoveError::Illegal {
        text: text.to_string(),
        why: match pos.piece_at(from) {
            None => format!("{from} is empty"),
            Some(p) if p.color != us => {
                format!("the piece on {from} is not {}'s", us.name())
            }
            Some(_) if king_takes_rook && from.file() != 4 => format!(
                "the king cannot take its own rook, and castling, which interfaces may write so, \
                 starts from {}",
                Square::from_coords(4, from.rank())
            ),
            Some(_) if king_takes_rook => {
                let (side, file) = if to.file() > from.file() {
                    ("O-O", 6)
                } else {
                    ("O-O-O", 2)
                };
                format!(
                    "the king taking its own rook means castling, written {from}{} ({side}), \
                     which is not legal here",
                    Square::from_coords(file, from.rank())
                )
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

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH_WAYS: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    #[test]
    fn the_king_taking_its_own_rook_is_castling_on_that_side() {
        let pos = Position::from_fen(BOTH_WAYS).unwrap();
        for (text, kind) in [
            ("e1h1", MoveKind::CastleKingSide),
            ("e1a1", MoveKind::CastleQueenSide),
            ("e1g1", MoveKind::CastleKingSide),
            ("e1c1", MoveKind::CastleQueenSide),
        ] {
            assert_eq!(parse(&pos, text).unwrap().kind(), kind, "{text}");
        }
        let black = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
        assert_eq!(
            parse(&black, "e8a8").unwrap().kind(),
            MoveKind::CastleQueenSide
        );
    }

    #[test]
    fn the_king_taking_its_own_rook_where_it_cannot_castle_names_the_right_form() {
        let no_rights = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
        assert_eq!(
            parse(&no_rights, "e1h1").unwrap_err().to_string(),
            "'e1h1' matches no legal move: the king taking its own rook means castling, \
             written e1g1 (O-O), which is not legal here; closest legal moves: K-Q1 (Kd1), K-B1 \
             (Kf1), K-Q2 (Kd2), K-K2 (Ke2), K-B2 (Kf2)"
        );
        let moved = Position::from_fen("4k3/8/8/8/8/8/8/5K1R w - - 0 1").unwrap();
        let e = parse(&moved, "f1h1").unwrap_err().to_string();
        assert!(
            e.starts_with(
                "'f1h1' matches no legal move: the king cannot take its own rook, and castling, \
                 which interfaces may write so, starts from e1"
            ),
            "{e}"
        );
    }
}
