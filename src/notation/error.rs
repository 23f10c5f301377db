//! The error every move reader returns: the text was not a move, matched no legal move, or
//! matched several.

use super::excerpt;
use std::fmt;

/// Why a move text could not be read as a legal move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// Nothing was given.
    Empty,
    /// The text is not a move in the notation tried.
    Syntax {
        /// The text as given.
        text: String,
        /// The notation it was read in.
        notation: &'static str,
        /// What is wrong, and where.
        problem: String,
        /// What a move in that notation looks like.
        expected: &'static str,
    },
    /// The text is a move, but no legal move fits it.
    Illegal {
        /// The text as given.
        text: String,
        /// Why nothing fits.
        why: String,
        /// The legal moves that come closest, each described in full (`N/KN1-KB3 (Nf3)`).
        closest: Vec<String>,
    },
    /// Several legal moves fit the text.
    Ambiguous {
        /// The text as given.
        text: String,
        /// Every legal move that fits, described in full.
        candidates: Vec<String>,
    },
    /// One legal move fits, but the text claims a check or mate it does not give.
    FalseClaim {
        /// The text as given.
        text: String,
        /// The move it fits, described in full.
        fits: String,
        /// The claim that is false (`check`, `mate`).
        claim: &'static str,
    },
}

impl MoveError {
    /// The same error about `text` as the user typed it (when it was read in another form).
    pub fn with_text(self, typed: &str) -> MoveError {
        let typed = typed.to_string();
        match self {
            MoveError::Empty => MoveError::Empty,
            MoveError::Syntax {
                notation,
                problem,
                expected,
                ..
            } => MoveError::Syntax {
                text: typed,
                notation,
                problem,
                expected,
            },
            MoveError::Illegal { why, closest, .. } => MoveError::Illegal {
                text: typed,
                why,
                closest,
            },
            MoveError::Ambiguous { candidates, .. } => MoveError::Ambiguous {
                text: typed,
                candidates,
            },
            MoveError::FalseClaim { fits, claim, .. } => MoveError::FalseClaim {
                text: typed,
                fits,
                claim,
            },
        }
    }
}

impl fmt::Display for MoveError {
    /// The message, quoting the text as given, or an [`excerpt`] of a long one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quoted = |text: &String| excerpt(text).into_owned();
        match self {
            MoveError::Empty => write!(f, "no move given (expected a move such as P-K4 or e4)"),
            MoveError::Syntax {
                text,
                notation,
                problem,
                expected,
            } => write!(
                f,
                "'{}' is not a move in {notation}: {problem} (expected {expected})",
                quoted(text)
            ),
            MoveError::Illegal { text, why, closest } => {
                write!(f, "'{}' matches no legal move: {why}", quoted(text))?;
                if closest.is_empty() {
                    Ok(())
                } else {
                    write!(f, "; closest legal moves: {}", closest.join(", "))
                }
            }
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "'{}' is ambiguous: it fits {}; name the piece's wing or square to choose",
                quoted(text),
                candidates.join(" and ")
            ),
            MoveError::FalseClaim { text, fits, claim } => {
                write!(
                    f,
                    "'{}' fits {fits}, which does not give {claim}",
                    quoted(text)
                )
            }
        }
    }
}

impl std::error::Error for MoveError {}
