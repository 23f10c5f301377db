//! Move and game notation: descriptive (the 1967 program's), SAN, coordinates, PGN and the
//! descriptive score format of `games/`.
//!
//! Every reader works in stages: text → a syntax structure → the move found by matching the
//! structure against the legal moves of the position. No move is ever built from text, so a
//! reader can only return a legal move, or an error that says which legal moves come closest.

pub mod coordinate;
pub mod descriptive;
pub mod error;
pub mod san;

pub use descriptive::Style;
pub use error::MoveError;

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
/// notation whose shape fits is tried, and its error is the one reported.
pub fn parse_any(pos: &Position, text: &str) -> Result<Move, MoveError> {
    Ok(parse_any_with(pos, text)?.0)
}

/// Reads a move in any notation (as [`parse_any`]) and says which notation it was read in.
pub fn parse_any_with(pos: &Position, text: &str) -> Result<(Move, Notation), MoveError> {
    let t = text.trim();
    if coordinate::looks_like(t) {
        coordinate::parse(pos, t).map(|m| (m, Notation::Coordinate))
    } else if san::looks_like(t) {
        san::parse(pos, t).map(|m| (m, Notation::San))
    } else {
        descriptive::parse(pos, t).map(|m| (m, Notation::Descriptive))
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
