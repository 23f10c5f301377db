//! A request as the page sends it: the command on the first line, then `key=value` lines, and a
//! line `text:` that starts a block running to the end (a PGN or FEN to load); and what the
//! fields mean wherever they are given: the position (`start`, `moves`) and the program's
//! settings (`profile`, `preset`, `widths`, `depth`, any other setting of the program's table by
//! its command-line name, `book`, `deepen`).

use machack::game::Game;
use machack::interface::params::parse_switch;
use machack::interface::settings::{Change, Changes, SETTINGS};
use machack::interface::{Preset, SearchParams};
use machack::notation::{coordinate, excerpt};
use machack::rules::{Color, Position, START_FEN};

/// A request: its command, its fields in order, and its text block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The command (`think`, `state`, ...).
    pub command: String,
    /// The `key=value` lines.
    pub fields: Vec<(String, String)>,
    /// What follows a line `text:`.
    pub text: Option<String>,
}

/// The program's settings a request gives, with the defaults where it gives none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The search's settings.
    pub params: SearchParams,
    /// Whether the opening book is used (default on, as in play).
    pub book: bool,
    /// Whether the search deepens within its time (default off, as in 1967).
    pub deepen: bool,
}

impl Request {
    /// Reads a request's text.
    pub fn parse(text: &str) -> Result<Request, String> {
        let mut lines = text.split('\n');
        let command = lines.next().unwrap_or("").trim().to_string();
        if command.is_empty() {
            return Err("an empty request: the first line names the command".into());
        }
        let mut request = Request {
            command,
            ..Request::default()
        };
        while let Some(line) = lines.next() {
            let line = line.trim_end_matches('\r');
            if line.trim() == "text:" {
                request.text = Some(lines.collect::<Vec<_>>().join("\n"));
                break;
            }
            if line.trim().is_empty() {
                continue;
            }
            match line.split_once('=') {
                Some((k, v)) => request
                    .fields
                    .push((k.trim().to_string(), v.trim().to_string())),
                None => {
                    return Err(format!(
                        "'{}' is not a field: each line after the command is key=value, or \
                         text: before a block",
                        machack::notation::excerpt(line)
                    ));
                }
            }
        }
        Ok(request)
    }

    /// The field `key` (the last, if given twice).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .rfind(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The field `key` as a whole number, if given.
    pub fn number(&self, key: &str) -> Result<Option<u64>, String> {
        self.get(key)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("{key}: '{v}' is not a whole number"))
            })
            .transpose()
    }

    /// The field `key` as a side, `w` or `b`, if given.
    pub fn side(&self, key: &str) -> Result<Option<Color>, String> {
        match self.get(key) {
            None => Ok(None),
            Some("w") => Ok(Some(Color::White)),
            Some("b") => Ok(Some(Color::Black)),
            Some(v) => Err(format!("{key}: '{}' is not w or b", excerpt(v))),
        }
    }

    /// The field `key` as on or off, `default` if not given.
    pub fn switch(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => parse_switch(v).map_err(|e| format!("{key}: {e}")),
        }
    }

    /// The game from `start` (a FEN or `startpos`, default the start position) through
    /// `moves` (coordinates, space-separated), draws by repetition and fifty moves waiting
    /// for a claim, as at the terminal.
    pub fn game(&self) -> Result<Game, String> {
        let fen = match self.get("start") {
            None | Some("" | "startpos") => START_FEN,
            Some(fen) => fen,
        };
        let start = Position::from_fen(fen).map_err(|e| format!("start: {e}"))?;
        let mut game = Game::new(start);
        game.set_claims(true);
        for (i, text) in self
            .get("moves")
            .unwrap_or("")
            .split_whitespace()
            .enumerate()
        {
            if let Some(e) = game.ending {
                return Err(format!(
                    "moves: move {} '{text}' comes after the end of the game ({e})",
                    i + 1
                ));
            }
            let m = coordinate::parse(game.position(), text)
                .map_err(|e| format!("moves: move {} '{text}': {e}", i + 1))?;
            game.play(m, None, false);
        }
        Ok(game)
    }

    /// The program's settings: the defaults, the preset if named, then each setting given
    /// (`widths` is the table's `width`), checked as the command line checks its options.
    pub fn settings(&self) -> Result<Settings, String> {
        let preset = match self.get("preset") {
            Some(p) => Some(p.parse::<Preset>().map_err(|e| e.to_string())?),
            None => None,
        };
        let mut items = Vec::new();
        for s in SETTINGS {
            let given = match s.key {
                "width" => ["widths", "width"]
                    .into_iter()
                    .find(|k| self.get(k).is_some()),
                key => self.get(key).map(|_| key),
            };
            if let Some(given) = given {
                items.push(Change {
                    key: s.key,
                    given: given.to_string(),
                    value: self.get(given).expect("found").to_string(),
                });
            }
        }
        let params = Changes { preset, items }
            .apply(&SearchParams::default())
            .map_err(|e| e.to_string())?;
        Ok(Settings {
            params,
            book: self.switch("book", true)?,
            deepen: self.switch("deepen", false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_has_a_command_fields_and_a_text_block() {
        let r = Request::parse("load\nwhite=Wagner\ntext:\n[Event \"x\"]\n\n1. e4 e5\n").unwrap();
        assert_eq!(r.command, "load");
        assert_eq!(r.get("white"), Some("Wagner"));
        assert_eq!(r.text.as_deref(), Some("[Event \"x\"]\n\n1. e4 e5\n"));
        assert!(Request::parse("think\nnonsense").is_err());
    }

    #[test]
    fn settings_are_the_programs_defaults_changed_by_the_fields() {
        let r = Request::parse("think\nwidths=6\ndepth=3").unwrap();
        let s = r.settings().unwrap();
        assert_eq!(s.params.widths.as_slice(), &[6]);
        assert_eq!(s.params.depth, 3);
        assert!(s.book && !s.deepen);
        let r = Request::parse("think\nprofile=paper\ntable=values").unwrap();
        let e = r.settings().unwrap_err();
        assert!(e.contains("table"), "{e}");
    }
}
