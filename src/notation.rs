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
pub use game::{Game, GameMove, ReadError, ReadErrorKind, read_each_game, read_games, read_moves};

use crate::rules::{Move, Position};

/// The longest text a move reader reads: longer than any move in any notation, with its check
/// and capture marks (`KBP/KB2XQNP/QN3 E.P. CH` is 23 characters); a longer text is refused
/// before it is read, so that no message quotes it whole.
pub const MOVE_TEXT_MAX: usize = 64;

/// At most [`EXCERPT_MAX`] characters of `text`, as messages quote what they refuse: a longer
/// text is cut, with `…` and its length (`NNNNNNNN…(3000000 bytes)`), so that a 3 MB token makes a
/// short message.
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().count() <= EXCERPT_MAX {
        return text.into();
    }
    let head: String = text.chars().take(EXCERPT_MAX - 8).collect();
    format!("{head}…({} bytes)", text.len()).into()
}

/// What is wrong with a move text longer than [`MOVE_TEXT_MAX`], for a reader's syntax error.
fn length_problem(text: &str) -> Result<(), String> {
    let n = text.trim().chars().count();
    if n > MOVE_TEXT_MAX {
        return Err(format!(
            "it is {n} characters long, and no move is longer than {MOVE_TEXT_MAX}"
        ));
    }
    Ok(())
}

/// The most characters of a refused text a message quotes ([`excerpt`]).
pub const EXCERPT_MAX: usize = 40;

/// The longest message shown whole ([`clip`]).
pub const MESSAGE_MAX: usize = 1000;

/// Whether `c` is written as it is in a message: not a control character (but a line's end
/// or a tab), nor an invisible one (a byte-order mark).
fn shown_as_is(c: char) -> bool {
    (!c.is_control() || c == '\n' || c == '\t') && c != '\u{feff}'
}

/// `message`, or, if it is longer than [`MESSAGE_MAX`] characters, its start and end with what is
/// between them left out: the last guard against a message that quotes a long text whole (the
/// texts a message quotes are [`excerpt`]s where they are quoted). A control character it
/// quotes (a NUL byte of a file, a line) is written as an escape (`\0`, `\u{1}`), not sent to
/// the terminal.
pub fn clip(message: &str) -> std::borrow::Cow<'_, str> {
    if !message.chars().all(shown_as_is) {
        let escaped: String = message
            .chars()
            .map(|c| {
                if shown_as_is(c) {
                    c.to_string()
                } else {
                    c.escape_debug().to_string()
                }
            })
            .collect();
        return clip(&escaped).into_owned().into();
    }
    let n = message.chars().count();
    if n <= MESSAGE_MAX {
        return message.into();
    }
    let head: String = message.chars().take(MESSAGE_MAX - 300).collect();
    let tail: String = message.chars().skip(n - 200).collect();
    let left_out = message.len() - head.len() - tail.len();
    format!("{head}…({left_out} bytes left out)…{tail}").into()
}

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

/// The moves of a line played one after the other from `pos` (a principal variation), each
/// written by `write` in the position it is played from; a move that is not legal where it
/// stands ends the line, written as `?` + coordinates. The descriptive and SAN writers of a
/// line (`format_line_with`) and the browser's answers (`web/engine`, a move a string) use it.
pub fn write_line(
    pos: &Position,
    line: &[Move],
    write: impl Fn(&Position, Move) -> String,
) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for &m in line {
        if !p.is_legal(m) {
            out.push(format!("?{}", m.coordinate()));
            break;
        }
        out.push(write(&p, m));
        p.make(m);
    }
    out
}

/// [`write_line`]'s moves, separated by spaces.
pub(crate) fn format_line_with(
    pos: &Position,
    line: &[Move],
    write: impl Fn(&Position, Move) -> String,
) -> String {
    write_line(pos, line, write).join(" ")
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

/// A legal move described for a person, as a player writes it with its SAN beside:
/// `P-QR3 (a3)`, `BxP ch (Bxf7+)`, `KN-B3 (Ngf3)` ([`descriptive::format_written`]: the
/// shortest unambiguous form, so that a suggestion or a candidate can be typed back as it
/// stands).
pub fn describe(pos: &Position, m: Move) -> String {
    format!(
        "{} ({})",
        descriptive::format_written(pos, m),
        san::format(pos, m)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_write_control_characters_as_escapes() {
        assert_eq!(clip("'\0\u{1}' is not a move"), "'\\0\\u{1}' is not a move");
        assert_eq!(clip("\u{feff}e4"), "\\u{feff}e4");
        assert_eq!(clip("a board\n\tand a tab"), "a board\n\tand a tab");
        assert!(matches!(clip("e4"), std::borrow::Cow::Borrowed(_)));
        let long = format!("{}\0", "x".repeat(2000));
        assert!(clip(&long).ends_with("x\\0"), "{}", clip(&long));
    }
}
