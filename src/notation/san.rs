//! Standard algebraic notation (SAN): `e4`, `Nbd7`, `exd5`, `O-O`, `e8=Q+`, read tolerantly.
//!
//! Reading accepts `0-0`, a missing or extra `+`/`#` mark... except a check that is not one,
//! a missing `x`, over-qualified moves (`Ng1f3`, `N1d7` or `Nbd7`), long algebraic (`Ng1-f3`,
//! `e2-e4`), `e8Q` and `e8(Q)` for `e8=Q`, and lower-case piece letters except `b`, which is
//! always the b-file (`bxc3` is a pawn move).

use crate::notation::descriptive::matching::kind_name;
use crate::notation::{CheckMark, MoveError, check_mark, describe, pick};
use crate::rules::{Move, MoveKind, PieceKind, Position, Square};

/// A SAN move as written.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Syntax {
    /// `O-O` (true: `O-O-O`).
    Castle(bool),
    /// Everything else.
    Move {
        /// The moving kind (a pawn when no letter is given).
        kind: PieceKind,
        /// The file of the from-square, if given.
        from_file: Option<u8>,
        /// The rank of the from-square, if given.
        from_rank: Option<u8>,
        /// The to-square.
        to: Square,
        /// The piece promoted to.
        promotion: Option<PieceKind>,
    },
}

/// A SAN text parsed, with the check or mate it claims.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Parsed {
    /// The move as written.
    pub syntax: Syntax,
    /// `+` or `#`.
    pub claim: CheckMark,
}

/// Parses a SAN text into its syntax, or says what is wrong.
pub fn parse_syntax(text: &str) -> Result<Parsed, String> {
    super::length_problem(text)?;
    let mut s = text.trim();
    let mut claim = CheckMark::None;
    loop {
        let before = s.len();
        for suf in ["!", "?", "+", "#", "e.p.", " "] {
            if let Some(rest) = s.strip_suffix(suf) {
                if suf == "+" {
                    claim = claim.max(CheckMark::Check);
                } else if suf == "#" {
                    claim = CheckMark::Mate;
                }
                s = rest;
            }
        }
        if s.len() == before {
            break;
        }
    }
    if s.is_empty() {
        return Err("nothing before the marks".into());
    }
    match s {
        "O-O" | "0-0" | "o-o" => {
            return Ok(Parsed {
                syntax: Syntax::Castle(false),
                claim,
            });
        }
        "O-O-O" | "0-0-0" | "o-o-o" => {
            return Ok(Parsed {
                syntax: Syntax::Castle(true),
                claim,
            });
        }
        _ => {}
    }
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    let kind = match b[0] {
        'N' | 'B' | 'R' | 'Q' | 'K' | 'P' | 'n' | 'r' | 'q' | 'k' => {
            i = 1;
            PieceKind::from_letter(b[0]).ok_or("no piece")?
        }
        _ => PieceKind::Pawn,
    };
    // Promotion at the end: =Q, (Q), /Q or a bare letter after the square.
    let mut end = b.len();
    let mut promotion = None;
    if end >= 1 && "QRBNqrn".contains(b[end - 1]) && end > i + 2 {
        promotion = PieceKind::from_letter(b[end - 1]);
        end -= 1;
        if end >= 1 && matches!(b[end - 1], '=' | '/') {
            end -= 1;
        }
    } else if end >= 3 && b[end - 1] == ')' && b[end - 3] == '(' {
        promotion = PieceKind::from_letter(b[end - 2]);
        if promotion.is_none() {
            return Err(format!("'{}' is no piece to promote to", b[end - 2]));
        }
        end -= 3;
        if end >= 1 && b[end - 1] == '=' {
            end -= 1;
        }
    }
    if end < i + 2 {
        return Err("no square to move to (such as e4)".into());
    }
    let to_text: String = b[end - 2..end].iter().collect();
    let to = Square::parse(&to_text)
        .filter(|_| b[end - 2].is_ascii_lowercase())
        .ok_or_else(|| format!("'{to_text}' at the end is not a square such as e4"))?;
    let mut from_file = None;
    let mut from_rank = None;
    let mut mid: &[char] = &b[i..end - 2];
    let mut dash = false;
    if let Some((&last, rest)) = mid.split_last()
        && matches!(last, 'x' | 'X' | ':' | '-')
    {
        dash = last == '-';
        mid = rest;
    }
    for &c in mid {
        match c {
            'a'..='h' if from_file.is_none() && from_rank.is_none() => {
                from_file = Some(c as u8 - b'a')
            }
            '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
            _ => {
                return Err(format!(
                    "'{}' before the square {to_text} is not a file or rank",
                    mid.iter().collect::<String>()
                ));
            }
        }
    }
    // Long algebraic only: a '-' stands between two whole squares (so `n-b3` stays descriptive).
    if dash && (from_file.is_none() || from_rank.is_none()) {
        return Err(format!(
            "'-' must stand between two squares, as in Ng1-f3 (found '{}')",
            b.iter().collect::<String>()
        ));
    }
    if promotion.is_some() && kind != PieceKind::Pawn {
        return Err("only a pawn can promote".into());
    }
    Ok(Parsed {
        syntax: Syntax::Move {
            kind,
            from_file,
            from_rank,
            to,
            promotion,
        },
        claim,
    })
}

/// Whether `text` has the shape of a SAN move (so that `parse_any` reads it as SAN).
pub fn looks_like(text: &str) -> bool {
    parse_syntax(text).is_ok()
}

/// Reads a SAN move in `pos`.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    if text.trim().is_empty() {
        return Err(MoveError::Empty);
    }
    let parsed = parse_syntax(text).map_err(|problem| MoveError::Syntax {
        text: text.to_string(),
        notation: "SAN",
        problem,
        expected: "a move such as e4, Nf3, exd5, Nbd7, e8=Q or O-O",
    })?;
    let moves = pos.legal_moves();
    let fits = |m: &Move| match parsed.syntax {
        Syntax::Castle(long) => m.is_castle() && (m.kind() == MoveKind::CastleQueenSide) == long,
        Syntax::Move {
            kind,
            from_file,
            from_rank,
            to,
            promotion,
        } => {
            pos.moved_piece(*m).kind == kind
                && m.to() == to
                && from_file.is_none_or(|f| m.from().file() == f)
                && from_rank.is_none_or(|r| m.from().rank() == r)
                && promotion.is_none_or(|p| m.promotion() == Some(p))
        }
    };
    let found: Vec<Move> = moves.iter().copied().filter(fits).collect();
    pick(pos, text, &found, parsed.claim, || {
        let us = pos.side_to_move();
        let (why, near): (String, Vec<Move>) = match parsed.syntax {
            Syntax::Castle(long) => (
                format!(
                    "{} cannot castle {}-side here",
                    us.name(),
                    if long { "queen" } else { "king" }
                ),
                moves
                    .iter()
                    .copied()
                    .filter(|&m| pos.moved_piece(m).kind == PieceKind::King)
                    .collect(),
            ),
            Syntax::Move { kind, to, .. } => (
                if pos.pieces(us, kind).is_empty() {
                    format!("{} has no {}", us.name(), kind_name(kind))
                } else {
                    format!("no {} {} can go to {to}", us.name(), kind_name(kind))
                },
                moves
                    .iter()
                    .copied()
                    .filter(|&m| m.to() == to)
                    .chain(
                        moves
                            .iter()
                            .copied()
                            .filter(|&m| pos.moved_piece(m).kind == kind && m.to() != to),
                    )
                    .collect(),
            ),
        };
        MoveError::Illegal {
            text: text.to_string(),
            why,
            closest: near.iter().take(8).map(|&m| describe(pos, m)).collect(),
        }
    })
}

/// Writes a line of moves from `pos` in SAN, as [`super::descriptive::format_line`] writes
/// it in descriptive notation: a move that is not legal where it comes ends it, as `?e2e4`.
pub fn format_line(pos: &Position, line: &[Move]) -> String {
    super::format_line_with(pos, line, format)
}

/// Writes legal move `m` in standard SAN, with `+` or `#`.
pub fn format(pos: &Position, m: Move) -> String {
    let mut s = match m.kind() {
        MoveKind::CastleKingSide => "O-O".to_string(),
        MoveKind::CastleQueenSide => "O-O-O".to_string(),
        _ => {
            let kind = pos.moved_piece(m).kind;
            let mut s = String::new();
            if kind == PieceKind::Pawn {
                if m.is_capture() {
                    s.push((b'a' + m.from().file()) as char);
                }
            } else {
                s.push(kind.letter());
                let rivals: Vec<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&o| o != m && o.to() == m.to() && pos.moved_piece(o).kind == kind)
                    .collect();
                if !rivals.is_empty() {
                    let file_unique = rivals.iter().all(|o| o.from().file() != m.from().file());
                    let rank_unique = rivals.iter().all(|o| o.from().rank() != m.from().rank());
                    if file_unique {
                        s.push((b'a' + m.from().file()) as char);
                    } else if rank_unique {
                        s.push((b'1' + m.from().rank()) as char);
                    } else {
                        s.push_str(&m.from().to_string());
                    }
                }
            }
            if m.is_capture() {
                s.push('x');
            }
            s.push_str(&m.to().to_string());
            if let Some(p) = m.promotion() {
                s.push('=');
                s.push(p.letter());
            }
            s
        }
    };
    match check_mark(pos, m) {
        CheckMark::None => {}
        CheckMark::Check => s.push('+'),
        CheckMark::Mate => s.push('#'),
    }
    s
}
