//! How the commands show moves, lines and values to people: descriptive notation in a chosen
//! style (the paper's book style by default) and values in pawns (a pawn is 128, paper §3).

use crate::notation::descriptive::{self, Style};
use crate::notation::san;
use crate::rules::{Move, Position, Status};

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

/// The notation a command writes moves and lines in: descriptive in the paper's book style, as
/// the 1967 program printed them (the default), or SAN, for a player who reads that
/// (`think --san`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Written {
    /// Descriptive notation, book style: `N-KB3`, `B-QN5ch`.
    #[default]
    Descriptive,
    /// SAN: `Nf3`, `Bb5+`.
    San,
}

impl Written {
    /// SAN if `san`, else descriptive.
    pub fn san_if(san: bool) -> Written {
        if san {
            Written::San
        } else {
            Written::Descriptive
        }
    }

    /// Legal move `m` in `pos`.
    pub fn mv(self, pos: &Position, m: Move) -> String {
        match self {
            Written::Descriptive => move_text(pos, m),
            Written::San => san::format(pos, m),
        }
    }

    /// A line of moves from `pos`.
    pub fn line(self, pos: &Position, line: &[Move]) -> String {
        match self {
            Written::Descriptive => line_text(pos, line),
            Written::San => san::format_line(pos, line),
        }
    }

    /// The other notation (a chosen move is written in both).
    pub fn other(self) -> Written {
        match self {
            Written::Descriptive => Written::San,
            Written::San => Written::Descriptive,
        }
    }
}

pub use crate::value::text as value_text;

pub use crate::value::short_text as pawns_text;

/// Why a position has no legal move, named (`checkmate: White is mated, Black wins`), or None
/// when it has one.
pub fn no_move_text(pos: &Position) -> Option<String> {
    let mover = pos.side_to_move();
    if !pos.legal_moves().is_empty() {
        return None;
    }
    Some(match pos.status() {
        Status::Checkmate => format!(
            "checkmate: {} is mated, {} wins",
            mover.name(),
            (!mover).name()
        ),
        _ => format!(
            "stalemate: {} to move is not in check and has no legal move, a draw",
            mover.name()
        ),
    })
}

/// `text` in lines of at most `width` columns, broken after a `, ` (a word longer than the
/// width stands alone), the lines after the first indented by two spaces.
pub fn wrap_list(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for (i, item) in text.split(", ").enumerate() {
        let piece = if i == 0 {
            item.to_string()
        } else {
            format!(", {item}")
        };
        if !line.trim().is_empty() && line.len() + piece.trim_end().len() > width {
            lines.push(format!("{},", line.trim_end_matches(',')));
            line = format!("  {item}");
        } else {
            line.push_str(&piece);
        }
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use crate::cli::show::wrap_list;

    #[test]
    fn a_list_is_broken_after_its_commas() {
        assert_eq!(wrap_list("a b, c d, e", 7), ["a b,", "  c d,", "  e"]);
        assert_eq!(wrap_list("a b, c d, e", 9), ["a b, c d,", "  e"]);
        assert_eq!(wrap_list("a b, c d, e", 80), ["a b, c d, e"]);
    }
}
