//! The games replayed as a page people can look at (`machack report`): one self-contained HTML
//! file (inline style sheet, inline SVG boards, a small inline script; nothing fetched) that sets
//! the move played in 1967, the original program's (c197) and the recreation's side by side at
//! every position where Mac Hack was to move.
//!
//! The page draws what [`compare`](super::compare) computes: the rows of
//! [`compare_game`](super::compare::compare_game) and their [`Summary`], the same figures
//! `machack replay --compare` prints. `board` draws a position, `page` lays out the page, and
//! `page.css` and `page.js` are its style sheet and script; `engine` embeds the page's engine
//! (`--engine`), whose "think here" searches a position in the reader's browser (`think.js`).

pub mod board;
pub mod engine;
mod page;

pub use engine::PageEngine;

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
    /// Whether the positions machack searched in the game (a record it wrote) were compared
    /// with its searches repeated along the game, with the run state they had.
    pub along: bool,
    /// The command that repeats the search of each of Mac Hack's positions.
    pub think: ThinkCommand,
    /// The page engine's request fields for the report's search of the game
    /// ([`engine::request_fields`]), for "think here".
    pub engine_fields: String,
}

impl GameReport {
    /// The agreement figures of the game.
    pub fn summary(&self) -> Summary {
        Summary::of(&self.rows)
    }

    /// Whose game it is, as its tags tell.
    pub fn played(&self) -> Played {
        Played::of(&self.game)
    }
}

/// Whose game a record is, as its tags tell: what its moves are, and so what the page calls
/// the move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Played {
    /// One of the four games printed in the 1967 paper: its `Annotator` tag cites it (FJCC
    /// 1967), as `games/1967-*.score` and `games/paper-games.pgn` do.
    Paper,
    /// Another game of Mac Hack's, from the source its tags give, played in the year its
    /// `Date` tag gives, if it does.
    Record(Option<u16>),
    /// A game machack played: a record it wrote (it has a `MachackVersion` tag).
    Machack,
}

impl Played {
    /// Whose game `game` is.
    pub fn of(game: &Game) -> Played {
        if game.tag("MachackVersion").is_some() {
            Played::Machack
        } else if game
            .tag("Annotator")
            .is_some_and(|a| a.contains("FJCC 1967"))
        {
            Played::Paper
        } else {
            let year = game.tag("Date").and_then(|d| d.get(..4)?.parse().ok());
            Played::Record(year)
        }
    }

    /// What the page calls the move played: `1967` in the paper's games, the year of another
    /// of Mac Hack's games, `game` where the year is not known and in a game machack played.
    pub fn label(self) -> String {
        match self {
            Played::Paper => "1967".to_string(),
            Played::Record(Some(year)) => year.to_string(),
            Played::Record(None) | Played::Machack => "game".to_string(),
        }
    }
}

/// The `machack think` command that repeats the search of one of a game's positions, with
/// what the page shows for it, as the report made it: `machack think --game FILE
/// [--game-number K] --ply N [options]`. It is the one command that does so for every game:
/// `think --game` gives the search the record's settings and, in a game machack played, the
/// run state its earlier searches left (`game::rerun`), as the report did; and it numbers c197's
/// pieces along the game's moves, where `think --fen` would number them afresh and could break
/// a tie another way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThinkCommand {
    /// The file, as the report was given it (`-`: standard input).
    pub file: String,
    /// Which game of the file, when it holds several (from 1).
    pub game_number: Option<usize>,
    /// The options that give the search the settings and limits of the report's: each
    /// setting that differs from the record's (`--width 6`), then `--nodes`, `--time-ms`.
    pub options: Vec<String>,
}

impl ThinkCommand {
    /// The command for the position before move `ply` (from 0), as a line for a shell.
    pub fn line(&self, ply: usize) -> String {
        let mut words = vec!["machack", "think", "--game", &self.file];
        let number = self.game_number.map(|k| k.to_string());
        if let Some(k) = &number {
            words.extend(["--game-number", k]);
        }
        let ply = (ply + 1).to_string();
        words.extend(["--ply", &ply]);
        words.extend(self.options.iter().map(String::as_str));
        words
            .into_iter()
            .map(shell_word)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `word` as a POSIX shell reads it back: as it is when it holds only characters no shell
/// treats specially, else in single quotes (a quote in it written `'\''`).
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:,=+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// A report: the games and what they were compared with.
pub struct Report {
    /// What was compared, one line each (the search's parameters, c197's run, the 1973
    /// program's), shown on the page.
    pub settings: Vec<String>,
    /// The games, in the order given.
    pub games: Vec<GameReport>,
    /// The page's engine, to search Mac Hack's positions in the page (`--engine`).
    pub engine: Option<PageEngine>,
}

impl Report {
    /// The page: one HTML document that needs nothing else.
    pub fn html(&self) -> String {
        page::render(self)
    }
}

/// `text` with the characters HTML gives a meaning to written as entities, and each control
/// character but the line feed and the tab (a tag read from a file may hold any: HTML has no
/// place for them) as the replacement character, U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => out.push(char::REPLACEMENT_CHARACTER),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_think_line_quotes_what_a_shell_would_read_otherwise() {
        let think = ThinkCommand {
            file: "my games/Dreyfus's.pgn".to_string(),
            game_number: Some(2),
            options: vec!["--width".to_string(), "6".to_string()],
        };
        assert_eq!(
            think.line(41),
            r"machack think --game 'my games/Dreyfus'\''s.pgn' --game-number 2 --ply 42 --width 6"
        );
        let think = ThinkCommand {
            file: "games/1967-1-wagner.score".to_string(),
            game_number: None,
            options: Vec::new(),
        };
        assert_eq!(
            think.line(0),
            "machack think --game games/1967-1-wagner.score --ply 1"
        );
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("15,15,9,9,7"), "15,15,9,9,7");
    }

    #[test]
    fn the_tags_tell_whose_game_it_is() {
        let game = |tags: &str| {
            crate::notation::read_games(&format!("{tags}\n1. e4 e5 *\n"))
                .unwrap()
                .remove(0)
        };
        let paper = game(
            "[Date \"1967.01.21\"]\n[Annotator \"source: Greenblatt, Eastlake, Crocker, AFIPS FJCC 1967\"]",
        );
        assert_eq!(Played::of(&paper), Played::Paper);
        assert_eq!(Played::of(&paper).label(), "1967");
        let dreyfus = game("[Date \"1967.??.??\"]\n[Annotator \"Chess Programming Wiki\"]");
        assert_eq!(Played::of(&dreyfus), Played::Record(Some(1967)));
        let later = game(r#"[Date "1978.??.??"]"#);
        assert_eq!(Played::of(&later).label(), "1978");
        let unknown = game(r#"[Date "????.??.??"]"#);
        assert_eq!(Played::of(&unknown), Played::Record(None));
        assert_eq!(Played::of(&unknown).label(), "game");
        let own = game("[Date \"2026.11.26\"]\n[MachackVersion \"0.1.0\"]");
        assert_eq!(Played::of(&own), Played::Machack);
        assert_eq!(Played::of(&own).label(), "game");
    }

    #[test]
    fn escape_writes_markup_characters_as_entities() {
        assert_eq!(
            escape(r#"<b>"Tom" & 'Jerry'</b>"#),
            "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;"
        );
        assert_eq!(
            escape("a\u{1}\u{1b}[31m\r\u{7f}\n\tb"),
            "a\u{fffd}\u{fffd}[31m\u{fffd}\u{fffd}\n\tb"
        );
    }
}
