//! How the commands show moves, lines and values to people: descriptive notation in a chosen
//! style (the paper's book style by default) and values in pawns (a pawn is 128, paper §3).

use crate::notation::descriptive::{self, Style};
use crate::rules::{Move, Position};
use crate::value::{MATE, Value, is_mate};

/// The descriptive style to write (see [`Style`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum StyleArg {
    /// Full square names, as the paper prints most moves: `N-KB3`, `NxP`, `B-QN5ch`.
    Book,
    /// The same in the teletype's upper case: `N-KB3`, `NXP`, `B-QN5 CH`.
    Teletype,
    /// The K/Q prefix dropped when unambiguous: `N-B3`, `B-N5ch`.
    Short,
}

impl From<StyleArg> for Style {
    fn from(a: StyleArg) -> Style {
        match a {
            StyleArg::Book => Style::Book,
            StyleArg::Teletype => Style::Teletype,
            StyleArg::Short => Style::Short,
        }
    }
}

/// How the commands write a move: descriptive notation in the paper's book style.
pub fn move_text(pos: &Position, m: Move) -> String {
    descriptive::format(pos, m, Style::Book)
}

/// A line of moves from `pos` in descriptive notation (book style).
pub fn line_text(pos: &Position, line: &[Move]) -> String {
    descriptive::format_line(pos, line, Style::Book)
}

/// A value for people: pawns with two decimals (a pawn is 128), or a mate distance.
pub fn value_text(v: Value) -> String {
    if is_mate(v) {
        let plies = MATE - v.abs();
        format!("{}mate in {} plies", if v > 0 { "+" } else { "-" }, plies)
    } else {
        format!("{:+.2} ({v})", v as f64 / 128.0)
    }
}
