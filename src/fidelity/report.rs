//! The games replayed as a page people can look at (`machack report`): one self-contained HTML
//! file (inline style sheet, inline SVG boards, a small inline script; nothing fetched) that sets
//! the move played in 1967, the original program's (c197) and the recreation's side by side at
//! every position where Mac Hack was to move.
//!
//! The page draws what [`compare`](super::compare) computes: the rows of
//! [`compare_game`](super::compare::compare_game) and their [`Summary`], the same figures
//! `machack replay --compare` prints. `board` draws a position, `page` lays out the page, and
//! `page.css` and `page.js` are its style sheet and script.

pub mod board;
mod page;

use super::compare::{CompareRow, Summary};
use crate::notation::Game;
use crate::rules::Color;

/// One game of a report with its comparison rows.
pub struct GameReport {
    /// Where the game was read from (a file name), shown on the page.
    pub source: String,
    /// The game.
    pub game: Game,
    /// The side Mac Hack played.
    pub side: Color,
    /// The comparison at every position where Mac Hack was to move, in the game's order.
    pub rows: Vec<CompareRow>,
}

impl GameReport {
    /// The agreement figures of the game.
    pub fn summary(&self) -> Summary {
        Summary::of(&self.rows)
    }
}

/// A report: the games and what they were compared with.
pub struct Report {
    /// What was compared, one line each (the search's parameters, c197's run, the 1973
    /// program's), shown on the page.
    pub settings: Vec<String>,
    /// The games, in the order given.
    pub games: Vec<GameReport>,
}

impl Report {
    /// The page: one HTML document that needs nothing else.
    pub fn html(&self) -> String {
        page::render(self)
    }
}

/// `text` with the characters HTML gives a meaning to written as entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_writes_markup_characters_as_entities() {
        assert_eq!(
            escape(r#"<b>"Tom" & 'Jerry'</b>"#),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
    }
}
