//! How a terminal game is set up: the options given ([`PlayConfig`]) over a resumed record's
//! settings, or the defaults, with what to tell the user about it; the players' names in a
//! record begun here.

use super::output::capitals;
use crate::game::clock::TimeControl;
use crate::game::record::{self, ReadSetup, Setup, Tags};
use crate::interface::SearchParams;
use crate::interface::settings::{self, Changes};
use crate::player::pace::Pace;
use std::path::PathBuf;

/// How a terminal game is set up. What is not given (`None`, no change) is a resumed record's,
/// else the default; what is given changes a resumed record's, with a notice.
#[derive(Clone, Debug, Default)]
pub struct PlayConfig {
    /// Which sides the machine plays, White and Black (default: Black).
    pub plays: Option<[bool; 2]>,
    /// The changes to the settings (the defaults', or a resumed record's).
    pub changes: Changes,
    /// The time control asked for (`--clock`); without it, a resumed record's own, else
    /// [`DEFAULT_CLOCK`](crate::game::clock::DEFAULT_CLOCK).
    pub clock: Option<TimeControl>,
    /// The seed of the book's random choice (default: from the time).
    pub seed: Option<u64>,
    /// Whether the book is used (default: yes).
    pub book: Option<bool>,
    /// A record to continue.
    pub resume: Option<PathBuf>,
    /// Continue the resumed record in place (rewriting it) rather than in a record of its own.
    pub in_place: bool,
    /// Where the record goes, a file that must not exist yet (default: a new
    /// `machack-YYYYMMDD-HHMMSS.pgn` here; the resumed file itself when continued in place).
    pub record: Option<PathBuf>,
    /// `--pace 1967`: answer no sooner than the search's 1967-equivalent time, scaled.
    pub pace: Option<Pace>,
    /// `--deepen`: search depth 1, 2, 3, … within the clock's time (not in 1967) instead of
    /// once at the set depth.
    pub deepen: bool,
    /// The user's name in the records of games begun here (`--name`, else the account's).
    pub name: String,
}

/// The seed a record's book choices were made with (its `MachackSeed`).
pub(super) fn resumed_seed(tags: &Tags) -> Option<u64> {
    record::read_setup(tags).ok().and_then(|s| s.seed)
}

/// The name the machine goes by in records.
pub const MACHINE_NAME: &str = "Mac Hack VI (machack)";

/// The name of a player in a record begun here: the machine's or the user's, `user`.
pub(super) fn player_name(machine: bool, user: &str) -> &str {
    if machine { MACHINE_NAME } else { user }
}

/// A seed from the time, for a game given none.
pub(super) fn seed_from_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1967, |d| d.as_nanos() as u64)
}

/// The setup of a game begun or resumed with `config`, `resumed` the record's tags, and what to
/// tell the user about it.
pub(super) fn setup_for(
    config: &PlayConfig,
    resumed: Option<&Tags>,
) -> Result<(Setup, Vec<String>), String> {
    let mut notes = Vec::new();
    let read = match resumed {
        Some(tags) => record::read_setup(tags)?,
        None => ReadSetup::default(),
    };
    let base = match (&read.params, resumed) {
        (Some(p), _) => {
            notes.push("THE SETTINGS ARE THE RECORD'S.".into());
            if !read.missing.is_empty() {
                notes.push(format!(
                    "THE RECORD HAS NO TAG FOR {}: THE DEFAULTS.",
                    read.missing.join(", ")
                ));
            }
            p.clone()
        }
        (None, Some(_)) => {
            notes.push("THE RECORD HAS NO SETTINGS TAGS: PLAYING WITH THE DEFAULTS.".into());
            SearchParams::default()
        }
        (None, None) => SearchParams::default(),
    };
    let params = config.changes.apply(&base).map_err(|e| e.to_string())?;
    let mut changed: Vec<String> = settings::changes_text(&base, &params);
    let plays = match (config.plays, read.plays) {
        (Some(p), Some(r)) if p != r => {
            changed.push(format!(
                "machine plays {} -> {}",
                record::sides_text(r),
                record::sides_text(p)
            ));
            p
        }
        (Some(p), _) | (None, Some(p)) => p,
        (None, None) => [false, true],
    };
    let book = match (config.book, read.book) {
        (Some(b), Some(r)) if b != r => {
            let word = |b: bool| if b { "on" } else { "off" };
            changed.push(format!("book {} -> {}", word(r), word(b)));
            b
        }
        (Some(b), _) | (None, Some(b)) => b,
        (None, None) => true,
    };
    let seed = match (config.seed, read.seed) {
        (Some(s), Some(r)) if s != r => {
            changed.push(format!("seed {r} -> {s}"));
            s
        }
        (Some(s), _) | (None, Some(s)) => s,
        (None, None) => seed_from_time(),
    };
    if resumed.is_some() {
        if !changed.is_empty() {
            notes.push(format!(
                "THE COMMAND LINE CHANGES THE RECORD'S SETTINGS: {}.",
                changed.join(", ")
            ));
        }
        if let Some(v) = read.version.filter(|v| v != settings::VERSION) {
            notes.push(format!(
                "THE RECORD WAS WRITTEN BY MACHACK {v}; THIS IS MACHACK {}.",
                settings::VERSION
            ));
        }
    }
    let setup = Setup {
        params,
        book,
        seed: Some(seed),
        plays,
    };
    Ok((setup, notes.iter().map(|n| capitals(n)).collect()))
}
