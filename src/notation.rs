//! Move and game notation: descriptive (the 1967 program's), SAN, coordinates, PGN, EPD and the
//! descriptive score format of `games/`. Descriptive notation is the 1967 program's (paper §13,
//! aid 2: input in descriptive notation; §14: how the later program read and echoed moves).
//!
//! Every reader works in stages: text → a syntax structure → the move found by matching the
//! structure against the legal moves of the position. No move is ever built from text, so a
//! reader can only return a legal move, or an error that says which legal moves come closest.

pub mod coordinate;
pub mod descriptive;
pub mod epd;
pub mod error;
pub mod game;
pub mod movetext;
pub mod pgn;
pub mod san;
pub mod score;

pub use descriptive::Style;
pub use error::MoveError;
pub use game::{Game, GameMove, ReadError, ReadErrorKind, read_games, read_moves};

use crate::rules::{Move, Position};

/// Which notation a move text was read in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Notation {
    /// English descriptive notation (`P-K4`, `NxKP`).
    Descriptive,
    /// Standard algebraic notation (`e4`, `Nxe5`).
    San,
    /// Coordinates as UCI writes them (`e2e4`, `e7e8q`).
    Coordinate,
}

/// Reads a move in any of the three notations.
///
/// The notations hardly overlap: coordinates are two square names (`e2e4`); SAN names a square
/// by a file letter `a`–`h` and a digit; descriptive notation names files by pieces (`K`, `QB`)
/// and always joins piece and square with `-` or a capture mark. So the text is read as
/// coordinates if it has that exact shape, else as SAN if it has SAN's shape (a lower-case
/// file letter followed by a digit, or castling), else as descriptive notation. Only the
/// notation whose shape fits is tried, and its error is the one reported, with one exception: a
/// text of SAN's shape that no legal move fits in SAN is tried as descriptive notation (`bxb3`
/// could be a descriptive `BxB3`), and read so if that succeeds.
pub fn parse_any(pos: &Position, text: &str) -> Result<Move, MoveError> {
    Ok(parse_any_with(pos, text)?.0)
}

/// Reads a move in any notation (as [`parse_any`]) and says which notation it was read in.
///
/// Descriptive notation is written in capitals, and so are SAN and coordinates when typed at a
/// teletype (`NF3`, `E4`, `E2E4`). A text that no notation reads as written is read once more
/// with its case folded ([`folded_readings`]); a legal move that fits exactly one folded reading
/// is taken, several are answered with the candidates, and when none fits the error is the
/// folded SAN or coordinate reading's (if the text has that shape folded) or else the first one.
pub fn parse_any_with(pos: &Position, text: &str) -> Result<(Move, Notation), MoveError> {
    let first = parse_as_written(pos, text);
    let Err(error) = first else {
        return first;
    };
    if matches!(error, MoveError::Ambiguous { .. } | MoveError::Empty) {
        return Err(error); // descriptive first: its ambiguity stands
    }
    let mut found: Vec<(Move, Notation)> = Vec::new();
    let mut folded_error = None;
    for (reading, notation) in folded_readings(text) {
        let result = match notation {
            Notation::Coordinate => coordinate::parse(pos, &reading),
            _ => san::parse(pos, &reading),
        };
        match result {
            Ok(m) => {
                if !found.iter().any(|&(f, _)| f == m) {
                    found.push((m, notation));
                }
            }
            Err(e) => {
                if folded_error.is_none() && !matches!(e, MoveError::Syntax { .. }) {
                    folded_error = Some(e);
                }
            }
        }
    }
    match found.as_slice() {
        [] => Err(folded_error.map_or(error, |e| e.with_text(text.trim()))),
        &[one] => Ok(one),
        several => Err(MoveError::Ambiguous {
            text: text.trim().to_string(),
            candidates: several.iter().map(|&(m, _)| describe(pos, m)).collect(),
        }),
    }
}

/// The SAN and coordinate readings of a text typed in capitals (or mixed case): all in lower case
/// (`E2E4` → `e2e4`, `BXC3` → `bxc3`, `E8=Q` → `e8=q`), a leading piece letter kept in capitals
/// with the rest in lower case (`NF3` → `Nf3`, `BXC3` → `Bxc3`), and a promotion letter kept in
/// capitals (`E8=B` → `e8=B`). Castling needs no folding.
pub fn folded_readings(text: &str) -> Vec<(String, Notation)> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    let mut readings = Vec::new();
    if coordinate::looks_like(&lower) {
        readings.push((lower.clone(), Notation::Coordinate));
    }
    if san::looks_like(&lower) {
        readings.push((lower.clone(), Notation::San));
    }
    let mut chars = t.chars();
    if let Some(c) = chars.next()
        && "NBRQK".contains(c.to_ascii_uppercase())
    {
        let piece = format!("{}{}", c.to_ascii_uppercase(), &lower[c.len_utf8()..]);
        if san::looks_like(&piece) {
            readings.push((piece, Notation::San));
        }
    }
    // A promotion to a bishop must be a capital (`e8=b` would be the b-file): `E8=B` → `e8=B`.
    let marks = lower.trim_end_matches(['+', '#', '!', '?']);
    let mut promotion = marks.chars().rev();
    if let (Some(p @ ('q' | 'r' | 'b' | 'n')), Some(before)) = (promotion.next(), promotion.next())
        && (before.is_ascii_digit() || "=/(".contains(before))
    {
        let at = marks.len() - 1;
        let reading = format!(
            "{}{}{}",
            &lower[..at],
            p.to_ascii_uppercase(),
            &lower[at + 1..]
        );
        if san::looks_like(&reading) {
            readings.push((reading, Notation::San));
        }
    }
    readings.retain(|(r, _)| r != t);
    readings
}

/// Reads a move in the one notation whose shape the text has, as written.
fn parse_as_written(pos: &Position, text: &str) -> Result<(Move, Notation), MoveError> {
    let t = text.trim();
    if coordinate::looks_like(t) {
        coordinate::parse(pos, t).map(|m| (m, Notation::Coordinate))
    } else if san::looks_like(t) {
        match san::parse(pos, t) {
            Ok(m) => Ok((m, Notation::San)),
            Err(e) => descriptive::parse(pos, t)
                .map(|m| (m, Notation::Descriptive))
                .map_err(|_| e),
        }
    } else {
        descriptive::parse(pos, t).map(|m| (m, Notation::Descriptive))
    }
}

/// What a move does to the other king, as check marks say it.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum CheckMark {
    /// No check.
    #[default]
    None,
    /// Check (`ch`, `+`).
    Check,
    /// Mate (`mate`, `#`).
    Mate,
}

/// Whether legal move `m` gives check or mate.
pub fn check_mark(pos: &Position, m: Move) -> CheckMark {
    let after = pos.play(m);
    if !after.in_check() {
        CheckMark::None
    } else if after.legal_moves().is_empty() {
        CheckMark::Mate
    } else {
        CheckMark::Check
    }
}

/// The one move of `found`, if it gives the check or mate claimed; else the error for none
/// (`none`), several, or a false claim.
pub(crate) fn pick(
    pos: &Position,
    text: &str,
    found: &[Move],
    claimed: CheckMark,
    none: impl FnOnce() -> MoveError,
) -> Result<Move, MoveError> {
    match found {
        [] => Err(none()),
        &[m] => {
            let given = check_mark(pos, m);
            if given >= claimed {
                Ok(m)
            } else {
                Err(MoveError::FalseClaim {
                    text: text.to_string(),
                    fits: describe(pos, m),
                    claim: if claimed == CheckMark::Mate {
                        "mate"
                    } else {
                        "check"
                    },
                })
            }
        }
        several => Err(MoveError::Ambiguous {
            text: text.to_string(),
            candidates: several.iter().map(|&m| describe(pos, m)).collect(),
        }),
    }
}

/// A legal move described for a person: its full descriptive form and its SAN, `N/KN1-KB3 (Nf3)`.
pub fn describe(pos: &Position, m: Move) -> String {
    format!(
        "{} ({})",
        descriptive::format_full(pos, m),
        san::format(pos, m)
    )
}
