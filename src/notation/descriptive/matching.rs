//! A descriptive syntax structure → the legal moves it fits, and the error when it fits none or
//! several.

use super::syntax::{Parsed, PieceDesig, SquareDesig, Syntax, Target, Wing};
use crate::notation::{CheckMark, MoveError, check_mark, describe, pick};
use crate::rules::{CastleSide, Color, Move, MoveKind, Piece, PieceKind, Position, Square};

/// Whether a square is a light one (h1 is light, a1 dark).
fn is_light(s: Square) -> bool {
    (s.file() + s.rank()) % 2 == 1
}

/// The wing a piece on `s` belongs to: for bishops the colour of its squares (the king's bishop
/// runs on the colour of KB1), for the other pieces the half of the board it stands on.
pub fn wing_of(piece: Piece, s: Square) -> Wing {
    if piece.kind == PieceKind::Bishop {
        let kb1_light = piece.color == Color::White; // f1 is light, f8 dark
        if is_light(s) == kb1_light {
            Wing::King
        } else {
            Wing::Queen
        }
    } else if s.file() >= 4 {
        Wing::King
    } else {
        Wing::Queen
    }
}

/// Whether square designation `d`, read from `mover`'s side, names `s`.
pub fn square_fits(d: SquareDesig, s: Square, mover: Color) -> bool {
    d.files & (1 << s.file()) != 0 && d.rank == s.relative_rank(mover)
}

/// Whether piece designation `d` fits `piece` standing on `s` (squares read from `mover`'s side).
fn piece_fits(d: &PieceDesig, piece: Piece, s: Square, mover: Color) -> bool {
    d.kind.is_none_or(|k| k == piece.kind)
        && (piece.kind != PieceKind::Pawn || d.files & (1 << s.file()) != 0)
        && d.wing.is_none_or(|w| wing_of(piece, s) == w)
        && d.square.is_none_or(|q| square_fits(q, s, mover))
}

/// The square the piece captured by `m` stands on (for en passant, beside the to-square).
pub fn captured_square(m: Move) -> Square {
    if m.is_en_passant() {
        Square::from_coords(m.to().file(), m.from().rank())
    } else {
        m.to()
    }
}

/// Whether legal move `m` fits `syntax`; `strict` keeps `-` for moves to empty squares.
pub fn fits(pos: &Position, m: Move, syntax: &Syntax, strict: bool) -> bool {
    let us = pos.side_to_move();
    match syntax {
        Syntax::Castle(side) => matches!(
            (m.kind(), side),
            (MoveKind::CastleKingSide, None | Some(CastleSide::King))
                | (MoveKind::CastleQueenSide, None | Some(CastleSide::Queen))
        ),
        Syntax::Move {
            piece,
            target,
            promotion,
        } => {
            let moved = pos.moved_piece(m);
            piece_fits(piece, moved, m.from(), us)
                && promotion.is_none_or(|p| m.promotion() == Some(p))
                && match target {
                    Target::To(d) => (!strict || !m.is_capture()) && square_fits(*d, m.to(), us),
                    Target::Capture(d) => match pos.captured_piece(m) {
                        Some(victim) => {
                            let at = captured_square(m);
                            let unplaced = PieceDesig { square: None, ..*d };
                            piece_fits(&unplaced, victim, at, us)
                                && d.square.is_none_or(|q| {
                                    square_fits(q, at, us) || square_fits(q, m.to(), us)
                                })
                        }
                        None => false,
                    },
                    Target::Ghost => m.is_en_passant(),
                    Target::Any => true,
                }
        }
    }
}

/// The legal moves (from `moves`) that fit `syntax`, strictly.
pub fn candidates(pos: &Position, moves: &[Move], syntax: &Syntax) -> Vec<Move> {
    moves
        .iter()
        .copied()
        .filter(|&m| fits(pos, m, syntax, true))
        .collect()
}

/// Finds the one legal move that fits the parsed text, or says why there is none or several.
pub fn resolve(pos: &Position, text: &str, parsed: &Parsed) -> Result<Move, MoveError> {
    let moves = pos.legal_moves();
    let syntax = &parsed.syntax;
    let claims = parsed.claims;
    // Step 1. Strictly, then leniently (a capture written with '-').
    let mut found = candidates(pos, &moves, syntax);
    if found.is_empty() {
        found = moves
            .iter()
            .copied()
            .filter(|&m| fits(pos, m, syntax, false))
            .collect();
    }
    // Step 2. "e.p." admits only en passant captures.
    if claims.en_passant {
        found.retain(|m| m.is_en_passant());
    }
    // Step 3. A claimed check or mate chooses among several.
    if found.len() > 1 && claims.mark != CheckMark::None {
        let checking: Vec<Move> = found
            .iter()
            .copied()
            .filter(|&m| check_mark(pos, m) >= claims.mark)
            .collect();
        if !checking.is_empty() {
            found = checking;
        }
    }
    pick(pos, text, &found, claims.mark, || {
        no_match(pos, &moves, text, parsed)
    })
}

/// The lower-case name of a kind.
pub fn kind_name(k: PieceKind) -> &'static str {
    match k {
        PieceKind::Pawn => "pawn",
        PieceKind::Knight => "knight",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Queen => "queen",
        PieceKind::King => "king",
    }
}

/// The squares a square designation names, as coordinates (`c3 or f3`).
fn squares_named(d: SquareDesig, mover: Color) -> String {
    Square::all()
        .filter(|&s| square_fits(d, s, mover))
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// The error for a text no legal move fits: why, and the legal moves that come closest.
fn no_match(pos: &Position, moves: &[Move], text: &str, parsed: &Parsed) -> MoveError {
    let us = pos.side_to_move();
    let color = us.name();
    let (kind, why) = match &parsed.syntax {
        Syntax::Castle(side) => (
            Some(PieceKind::King),
            match side {
                Some(CastleSide::King) => format!("{color} cannot castle king-side here"),
                Some(CastleSide::Queen) => format!("{color} cannot castle queen-side here"),
                None => format!("{color} cannot castle here"),
            },
        ),
        Syntax::Move { piece, target, .. } => {
            let what = piece.kind.map_or("piece", kind_name);
            let have = piece.kind.is_none_or(|k| pos.pieces(us, k).any());
            let why = if !have {
                format!("{color} has no {what}")
            } else if parsed.claims.en_passant {
                format!("no {color} pawn can capture en passant")
            } else {
                let qualified = if *piece != piece.kind.map_or(*piece, PieceDesig::plain) {
                    " so designated"
                } else {
                    ""
                };
                match target {
                    Target::To(d) => format!(
                        "no {color} {what}{qualified} can go to {}",
                        squares_named(*d, us)
                    ),
                    Target::Capture(d) => {
                        let victim = match (d.kind, d.square) {
                            (None, Some(q)) => format!("on {}", squares_named(q, us)),
                            (Some(PieceKind::Queen), _) => "the queen".into(),
                            (Some(PieceKind::King), _) => "the king".into(),
                            (Some(k), _) => format!("a {}{}", kind_name(k), {
                                if *d != PieceDesig::plain(k) {
                                    " so designated"
                                } else {
                                    ""
                                }
                            }),
                            (None, None) => "anything".into(),
                        };
                        format!("no {color} {what}{qualified} can capture {victim}")
                    }
                    Target::Ghost => format!("no {color} pawn can capture en passant"),
                    Target::Any => format!("no {color} {what}{qualified} can move"),
                }
            };
            (piece.kind, why)
        }
    };
    // Closest: moves to the named squares, then moves of the same kind.
    let mut close: Vec<Move> = Vec::new();
    if let Syntax::Move {
        target: Target::To(d),
        ..
    } = &parsed.syntax
    {
        close.extend(moves.iter().filter(|m| square_fits(*d, m.to(), us)));
    }
    if let Syntax::Move {
        target: Target::Capture(d),
        ..
    } = &parsed.syntax
    {
        close.extend(moves.iter().filter(|&&m| {
            pos.captured_piece(m)
                .is_some_and(|v| d.kind.is_none_or(|k| k == v.kind))
        }));
    }
    if let Some(k) = kind {
        let same_kind: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.moved_piece(m).kind == k)
            .collect();
        close.extend(same_kind);
    }
    let mut seen = Vec::new();
    close.retain(|m| {
        let fresh = !seen.contains(m);
        seen.push(*m);
        fresh
    });
    close.truncate(8);
    MoveError::Illegal {
        text: text.to_string(),
        why,
        closest: close.iter().map(|&m| describe(pos, m)).collect(),
    }
}
