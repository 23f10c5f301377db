//! The game record: a PGN file that holds every move before the move is shown, replaced
//! atomically after each one ([`disk`]), and read back to resume a game.
//!
//! Each move's comment holds its descriptive form and the thinking time (`{N-KB3 12.3s}`), or
//! `book` for a book move (`{P-K4 book}`). A move the program chose by searching also holds its
//! value for the side that moved, in units of 1/128 pawn (`{R-K1 3.20s value=-198}`); the node
//! at which the clock stopped the search, if it did (`stopped=40960`), so that the search can be
//! repeated exactly; and any setting it searched with that differs from the record's tags
//! (`depth=3`). A note said with the move follows in a comment of its own (`{note: the 1967
//! program promotes only to a queen; …}`).
//!
//! The tags hold the program's settings (`interface::settings`: `[MachackProfile "c197"]`,
//! `[MachackWidth "15,15,9,9,7"]`, ...) and how it plays the game: the book on or off
//! (`MachackBook`), the seed of the book's choices (`MachackSeed`), the side or sides it plays
//! (`MachackPlays`), and the version of machack that wrote the record (`MachackVersion`)
//! ([`Setup`]). A record whose settings tags are unknown, malformed or out of range is refused
//! with the tag named ([`read_setup`]).
//!
//! A resumed record is never rewritten unless the user asks to continue it in place: the
//! continuation goes to a record of its own, which keeps the resumed record's tags and names it
//! in a `Continues` tag ([`Tags::continuing`]).

#[cfg(feature = "terminal")]
pub mod disk;
#[cfg(feature = "terminal")]
pub mod opening;

use super::clock::{self, TimeControl};
use super::{Ending, Game, Searched};
use crate::interface::params::{LIMIT_CHECK_NODES, parse_switch};
use crate::interface::{SearchParams, settings};
use crate::notation::pgn::SEVEN_TAGS;
use crate::notation::{self, ReadErrorKind, excerpt};
use crate::rules::{Color, START_FEN};
use std::path::Path;
use std::time::Duration;

/// How a note said with a move begins its comment in the record.
const NOTE: &str = "note: ";

/// The tag pairs of a record, in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The tags of a game machack starts: the Seven Tag Roster and the time control.
    pub fn new_game(white: &str, black: &str, clock: TimeControl) -> Tags {
        let mut tags = Tags(Vec::new());
        tags.set("Event", "machack game");
        tags.set("Site", "?");
        // Where there is no calendar (a browser: the page dates its records), PGN's unknown date.
        let date = crate::time::since_unix_epoch().map(|d| utc_at(d.as_secs()).date_tag());
        tags.set("Date", date.as_deref().unwrap_or("????.??.??"));
        tags.set("Round", "-");
        tags.set("White", white);
        tags.set("Black", black);
        tags.set("Result", "*");
        tags.set("TimeControl", &clock.to_string());
        tags
    }

    /// The tags of a record that continues `resumed`, read from `from`: every tag it has, the
    /// Seven Tag Roster first (`?` for one it lacks), the clock now in use as `TimeControl`, and
    /// `Continues` naming the file and how many plies it held.
    pub fn continuing(resumed: &Tags, from: &Path, plies: usize, clock: TimeControl) -> Tags {
        let mut tags = Tags(Vec::new());
        for (name, missing) in SEVEN_TAGS {
            tags.set(name, resumed.get(name).unwrap_or(missing));
        }
        // Each tag once, the first of a name kept: looked up in a set, as a record may hold
        // tens of thousands (a search of the list for each was quadratic: 43 s for 50,000).
        let mut seen: std::collections::HashSet<&str> =
            SEVEN_TAGS.iter().map(|(name, _)| *name).collect();
        for (name, value) in &resumed.0 {
            if seen.insert(name) {
                tags.0.push((name.clone(), value.clone()));
            }
        }
        tags.set("TimeControl", &clock.to_string());
        let unit = if plies == 1 { "ply" } else { "plies" };
        tags.set("Continues", &format!("{} ({plies} {unit})", from.display()));
        tags
    }

    /// The value of tag `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` where it stands, or adds it at the end.
    pub fn set(&mut self, name: &str, value: &str) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.0.push((name.to_string(), value.to_string())),
        }
    }

    /// Sets the tags of `setup` (where they stand, or at the end), removing any settings tag
    /// that does not apply to its profile.
    pub fn set_setup(&mut self, setup: &Setup) {
        let tags = setup.tags();
        self.0
            .retain(|(n, _)| settings::find_tag(n).is_none() || tags.iter().any(|(t, _)| t == n));
        for (name, value) in &tags {
            self.set(name, value);
        }
    }

    /// The time control the record names, if it has a `TimeControl` tag: `Err` if machack cannot
    /// read it.
    pub fn time_control(&self) -> Option<Result<TimeControl, clock::ClockSpecError>> {
        self.get("TimeControl").map(clock::parse)
    }
}

/// The tag naming the version of machack that wrote the record.
pub const VERSION_TAG: &str = "MachackVersion";
/// The tag saying whether the program uses its opening book: `on` or `off`.
pub const BOOK_TAG: &str = "MachackBook";
/// The tag holding the seed of the book's random choices.
pub const SEED_TAG: &str = "MachackSeed";
/// The tag naming the side or sides the program plays: `white`, `black`, `both` or `neither`.
pub const PLAYS_TAG: &str = "MachackPlays";

/// The tag of the time each side's clock has run in the game: its recorded moves, and also
/// moves taken back and the move under way when the record was last written, which the moves'
/// comments do not hold (`white 531.20s black 41.07s`), so that a resumed game's clocks read
/// as they were left.
pub const CLOCK_TAG: &str = "MachackClockUsed";

/// The tags of a record that describe the game's setup rather than the program's settings.
const SETUP_TAGS: [&str; 5] = [VERSION_TAG, BOOK_TAG, SEED_TAG, PLAYS_TAG, CLOCK_TAG];

/// The value of [`CLOCK_TAG`] for White's and Black's clocks having run `used`.
pub fn clock_used_text(used: [Duration; 2]) -> String {
    format!(
        "white {:.2}s black {:.2}s",
        used[0].as_secs_f64(),
        used[1].as_secs_f64()
    )
}

/// Reads the value of [`CLOCK_TAG`]: White's and Black's clocks' time run.
fn read_clock_used(value: &str) -> Result<[Duration; 2], String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let time = |w: &str| {
        w.strip_suffix('s')
            .and_then(|t| clock::time(t, "", clock::Unit::Seconds).ok())
    };
    if let ["white", w, "black", b] = words.as_slice()
        && let (Some(w), Some(b)) = (time(w), time(b))
    {
        return Ok([w, b]);
    }
    Err(format!(
        "'{}' is not the time each clock ran, as `white 531.20s black 41.07s`",
        excerpt(value)
    ))
}

/// How the program plays a game: its settings, and what the game adds to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The program's settings.
    pub params: SearchParams,
    /// Whether it plays from its opening book.
    pub book: bool,
    /// The seed of the book's random choices.
    pub seed: Option<u64>,
    /// Whether it plays White, and Black.
    pub plays: [bool; 2],
}

/// `white`, `black`, `both` or `neither`: the sides `plays` says the program plays.
pub fn sides_text(plays: [bool; 2]) -> &'static str {
    match plays {
        [true, false] => "white",
        [false, true] => "black",
        [true, true] => "both",
        [false, false] => "neither",
    }
}

impl Setup {
    /// The tags of the setup, in the order they are written: the version, the settings, the
    /// book, the seed, the sides.
    pub fn tags(&self) -> Vec<(String, String)> {
        let mut tags = vec![(VERSION_TAG.to_string(), settings::VERSION.to_string())];
        tags.extend(settings::tags(&self.params));
        let book = if self.book { "on" } else { "off" };
        tags.push((BOOK_TAG.to_string(), book.to_string()));
        if let Some(seed) = self.seed {
            tags.push((SEED_TAG.to_string(), seed.to_string()));
        }
        tags.push((PLAYS_TAG.to_string(), sides_text(self.plays).to_string()));
        tags
    }
}

/// What a record's tags say of the program (each part `None` where the record has no tag).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadSetup {
    /// The settings, if the record has settings tags (the defaults where one is missing).
    pub params: Option<SearchParams>,
    /// The settings whose tags are missing, when there are others.
    pub missing: Vec<&'static str>,
    /// Whether the book was on.
    pub book: Option<bool>,
    /// The seed of the book's choices.
    pub seed: Option<u64>,
    /// The sides the program plays.
    pub plays: Option<[bool; 2]>,
    /// The version of machack that wrote the record.
    pub version: Option<String>,
    /// The time White's and Black's clocks had run ([`CLOCK_TAG`]).
    pub clock_used: Option<[Duration; 2]>,
}

/// Reads what the tags say of the program. A settings tag that is malformed, out of range or
/// of another profile, a setup tag with a bad value, and any other tag starting `Machack` are
/// refused, the tag named.
pub fn read_setup(tags: &Tags) -> Result<ReadSetup, String> {
    let mut out = ReadSetup::default();
    let bad = |name: &str, value: &str, why: &str| {
        format!("tag {}: {why}", settings::tag_text(name, value))
    };
    for (name, value) in &tags.0 {
        if !name.starts_with(settings::TAG_PREFIX) || settings::find_tag(name).is_some() {
            continue;
        }
        match name.as_str() {
            VERSION_TAG => out.version = Some(value.clone()),
            BOOK_TAG => {
                out.book = Some(parse_switch(value).map_err(|e| bad(name, value, &e.to_string()))?)
            }
            SEED_TAG => {
                out.seed = Some(value.trim().parse::<u64>().map_err(|_| {
                    bad(
                        name,
                        value,
                        &format!("'{value}' is not a whole number from 0 to {}", u64::MAX),
                    )
                })?)
            }
            CLOCK_TAG => {
                out.clock_used = Some(read_clock_used(value).map_err(|e| bad(name, value, &e))?)
            }
            PLAYS_TAG => {
                out.plays = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "white" => [true, false],
                    "black" => [false, true],
                    "both" => [true, true],
                    "neither" => [false, false],
                    _ => {
                        return Err(bad(
                            name,
                            value,
                            &format!("'{value}' is not white, black, both or neither"),
                        ));
                    }
                })
            }
            _ => {
                let known: Vec<String> = [VERSION_TAG.to_string()]
                    .into_iter()
                    .chain(settings::SETTINGS.iter().map(|s| s.tag()))
                    .chain(SETUP_TAGS[1..].iter().map(|t| t.to_string()))
                    .collect();
                return Err(bad(
                    name,
                    value,
                    &format!("not a tag machack knows (it writes {})", known.join(", ")),
                ));
            }
        }
    }
    let has_settings = tags.0.iter().any(|(n, _)| settings::find_tag(n).is_some());
    if has_settings {
        let read = settings::from_tags(&tags.0).map_err(|e| e.to_string())?;
        out.params = Some(read.params);
        out.missing = read.missing;
    }
    Ok(out)
}

/// A UTC date and time, computed without a calendar crate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UtcTime {
    /// Year.
    pub year: i64,
    /// 1–12.
    pub month: u32,
    /// 1–31.
    pub day: u32,
    /// Seconds into the day.
    pub seconds: u32,
}

impl UtcTime {
    /// `YYYY.MM.DD`.
    pub fn date_tag(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// `YYYYMMDD-HHMMSS`.
    pub fn stamp(&self) -> String {
        let s = self.seconds;
        format!(
            "{:04}{:02}{:02}-{:02}{:02}{:02}",
            self.year,
            self.month,
            self.day,
            s / 3600,
            s / 60 % 60,
            s % 60
        )
    }
}

/// The time now, in UTC.
pub fn utc_now() -> UtcTime {
    utc_at(crate::time::since_unix_epoch().map_or(0, |d| d.as_secs()))
}

/// The UTC time `secs` seconds after 1970-01-01 00:00.
pub fn utc_at(secs: u64) -> UtcTime {
    let secs = secs as i64;
    let (year, month, day) = civil_from_days(secs.div_euclid(86_400));
    UtcTime {
        year,
        month,
        day,
        seconds: secs.rem_euclid(86_400) as u32,
    }
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The automatic name of a record started now: `machack-YYYYMMDD-HHMMSS` (UTC), to which
/// [`disk::create_named`] adds `.pgn`, or a suffix and `.pgn` when the name is taken.
pub fn automatic_name() -> String {
    format!("machack-{}", utc_now().stamp())
}

/// The game as PGN: the tags in their order (`Result` the game's), `SetUp`/`FEN` for another
/// start when the tags lack them, then the moves with their comments, lines under 80 characters.
pub fn to_pgn(game: &Game, tags: &Tags) -> String {
    let result = game.ending.map_or("*", Ending::result);
    let mut tags = tags.clone();
    tags.set("Result", result);
    let fen = game.start().to_fen();
    if fen != START_FEN && tags.get("FEN").is_none() {
        tags.set("SetUp", "1");
        tags.set("FEN", &fen);
    }
    let mut out = String::new();
    for (k, v) in &tags.0 {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    out.push('\n');
    let base = read_setup(&tags)
        .ok()
        .and_then(|s| s.params)
        .unwrap_or_default();
    let mut words: Vec<String> = Vec::new();
    for (i, m) in game.moves().iter().enumerate() {
        let label = game.move_label(i);
        if i == 0 || !label.ends_with("...") {
            words.push(label);
        }
        words.push(m.san.clone());
        let mut note = vec![m.descriptive.clone()];
        if m.book {
            note.push("book".into());
        } else if let Some(s) = m.seconds {
            note.push(format!("{s:.2}s"));
        }
        if let Some(search) = &m.search {
            note.push(format!("value={}", search.value));
            if let Some(n) = search.stopped_at {
                note.push(format!("stopped={n}"));
            }
            for (key, value) in settings::differences(&base, &search.params) {
                note.push(format!("{key}={value}"));
            }
        }
        words.push(format!("{{{}}}", note.join(" ")));
        if let Some(n) = &m.note {
            words.push(format!("{{{NOTE}{n}}}"));
        }
    }
    if let Some(e) = game.ending {
        words.push(format!("{{{e}}}"));
    }
    words.push(result.to_string());
    out.push_str(&crate::notation::pgn::wrap(&words));
    out.push('\n');
    out
}

/// A record read back: its tags and the game replayed.
#[derive(Debug)]
pub struct Resumed {
    /// The tags, in the file's order.
    pub tags: Tags,
    /// The game, every move replayed and checked legal.
    pub game: Game,
}

/// A time in a move's comment, as the record writes it (`3.20s`): seconds within the clock's
/// range, else no time.
fn time_word(w: &str) -> Option<f64> {
    let secs = w.strip_suffix('s')?;
    // Milliseconds over 1000, so that `2.47s` reads as the nearest f64 to 2.47, as written.
    clock::time(secs, "", clock::Unit::Seconds)
        .ok()
        .map(|d| d.as_millis() as f64 / 1000.0)
}

/// Reads a record written by [`to_pgn`] (or any single-game PGN or score without variations):
/// the tags, the start position, and the moves with their book marks and times. Errors name the
/// bad move.
pub fn read_pgn(text: &str) -> Result<Resumed, String> {
    let mut games = notation::read_games(text).map_err(|e| match &e.kind {
        ReadErrorKind::Move {
            index, text, error, ..
        } => format!("move {} '{text}': {error}", index + 1),
        _ => e.to_string(),
    })?;
    if games.len() != 1 {
        return Err(format!(
            "the record holds {} games; only one can be resumed",
            games.len()
        ));
    }
    let read = games.remove(0);
    if read.moves.iter().any(|m| !m.variations.is_empty()) {
        return Err("the record has variations; only a plain game can be resumed".into());
    }
    recorded(&read)
}

/// A game read from a score (any of [`notation::read_games`]'s) as a record: its tags, checked
/// ([`read_setup`]), and its moves with their book marks, times and what the program's
/// searches gave. Variations are left out. Errors name the tag or the move.
pub fn recorded(read: &notation::Game) -> Result<Resumed, String> {
    let tags = Tags(read.tags.clone());
    let base = read_setup(&tags)?.params.unwrap_or_default();
    // Draws by repetition and fifty moves are claimed, as at the terminal (`Game::set_claims`):
    // a game over the board goes on past a third repetition nobody claimed.
    let mut game = Game::new(read.start.clone());
    game.set_claims(true);
    for (i, m) in read.moves.iter().enumerate() {
        // The comment's words: the descriptive move, then `book` or the time (`3.20s`), then
        // what the search gave (`value=-198`) if the program searched it; a note apart.
        let note = m
            .comments
            .iter()
            .find_map(|c| c.trim().strip_prefix(NOTE).map(str::to_string));
        let words = || {
            m.comments
                .iter()
                .filter(|c| !c.trim().starts_with(NOTE))
                .flat_map(|c| c.split_whitespace())
        };
        let book = words().any(|w| w == "book");
        let seconds = words().find_map(time_word);
        let search =
            searched(words(), &base).map_err(|e| format!("move {} '{}': {e}", i + 1, m.text))?;
        match search {
            Some(s) => game.play_searched(m.mv, seconds, s),
            None => game.play(m.mv, seconds, book),
        };
        if let Some(n) = note {
            game.note_last(n);
        }
    }
    // A result the rules do not explain ended the game off the board: taken as a resignation
    // (or a fallen flag, which the record does not tell apart), a draw claimed where the last
    // position allows a claim, or a draw agreed.
    if game.ending.is_none() {
        game.ending = match read.result_text() {
            "1-0" => Some(Ending::Resignation(Color::Black)),
            "0-1" => Some(Ending::Resignation(Color::White)),
            "1/2-1/2" => game.claimable().or(Some(Ending::DrawAgreed)),
            _ => None,
        };
    }
    Ok(Resumed { tags, game })
}

/// What a move's note says the program's search gave: `value=V` (the value, which marks a
/// searched move), `stopped=N` (the node the clock stopped it at), and `key=value` for each
/// setting that differs from the record's (`base`). None without `value=`; an error names a
/// word that cannot be read.
fn searched<'a>(
    words: impl Iterator<Item = &'a str>,
    base: &SearchParams,
) -> Result<Option<Searched>, String> {
    let mut value = None;
    let mut stopped_at = None;
    let mut changed = Vec::new();
    for word in words {
        let Some((key, v)) = word.split_once('=') else {
            continue;
        };
        match key {
            "value" => {
                value =
                    Some(v.parse::<crate::value::Value>().map_err(|_| {
                        format!("'{word}': the value is a whole number of 1/128 pawns")
                    })?)
            }
            "stopped" => {
                let n = v.parse::<u64>().ok().filter(|n| n % LIMIT_CHECK_NODES == 0);
                stopped_at = Some(n.ok_or_else(|| {
                    format!("'{word}': a search stops at a multiple of {LIMIT_CHECK_NODES} nodes")
                })?)
            }
            k if settings::find(k).is_some() => changed.push((k.to_string(), v.to_string())),
            _ => {}
        }
    }
    let Some(value) = value else {
        return Ok(None);
    };
    let params = settings::with_differences(base, &changed).map_err(|e| e.to_string())?;
    Ok(Some(Searched {
        value,
        stopped_at,
        params,
    }))
}

/// Why `text`, read as `resumed`, cannot be continued in place: rewriting it would change more
/// than the moves to come and the result (it is not what machack writes for that game). `None`
/// when it can.
pub fn in_place_obstacle(text: &str, resumed: &Resumed) -> Option<String> {
    let rewritten = to_pgn(&resumed.game, &resumed.tags);
    if rewritten == text {
        return None;
    }
    let line = text
        .lines()
        .zip(rewritten.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| text.lines().count().min(rewritten.lines().count()));
    let found = text.lines().nth(line).unwrap_or("(the end)");
    let written = rewritten.lines().nth(line).unwrap_or("(the end)");
    Some(format!(
        "it is not a record as machack writes it, so rewriting it would change it: line {} \
         is '{found}' where machack would write '{written}'",
        line + 1
    ))
}

#[cfg(test)]
mod tests {
    use crate::rules::Position;
    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_413), (2025, 11, 21));
    }

    use super::*;

    #[test]
    fn record_round_trips_with_book_marks_and_times() {
        let mut g = Game::new(Position::startpos());
        for (t, secs, book) in [
            ("e4", None, true),
            ("e5", Some(3.0), false),
            ("Nf3", Some(1.5), false),
        ] {
            let m = notation::parse_any(g.position(), t).unwrap();
            g.play(m, secs, book);
        }
        let mut tags = Tags::new_game("Human", "Machine", "40/600".parse().unwrap());
        tags.set("Date", "2026.11.21");
        let text = to_pgn(&g, &tags);
        assert!(
            text.contains("1. e4 {P-K4 book} e5 {P-K4 3.00s} 2. Nf3 {N-KB3 1.50s} *"),
            "{text}"
        );
        let back = read_pgn(&text).unwrap();
        assert_eq!(
            back.game.moves(),
            g.moves()
                .iter()
                .map(|m| {
                    let mut m = m.clone();
                    m.seconds = m.seconds.map(|s| (s * 100.0).round() / 100.0);
                    m
                })
                .collect::<Vec<_>>()
                .as_slice()
        );
        assert_eq!(back.tags, tags);
        assert_eq!(in_place_obstacle(&text, &back), None);
    }

    #[test]
    fn a_record_keeps_the_settings_and_what_each_search_gave() {
        let tournament = SearchParams::default();
        let mut depth_3 = tournament.clone();
        depth_3.depth = 3;
        let mut g = Game::new(Position::startpos());
        for (t, searched) in [
            ("e4", None),
            ("e5", Some((-12, None, &depth_3))),
            ("Nf3", None),
            ("Nc6", Some((7, Some(40_960), &tournament))),
        ] {
            let m = notation::parse_any(g.position(), t).unwrap();
            match searched {
                None => g.play(m, Some(1.0), false),
                Some((value, stopped_at, params)) => g.play_searched(
                    m,
                    Some(2.0),
                    Searched {
                        value,
                        stopped_at,
                        params: params.clone(),
                    },
                ),
            };
        }
        let mut tags = Tags::new_game("Human", "Machine", "40/600".parse().unwrap());
        tags.set("Date", "2026.11.21");
        tags.set_setup(&Setup {
            params: tournament.clone(),
            book: false,
            seed: Some(5),
            plays: [false, true],
        });
        let text = to_pgn(&g, &tags);
        assert!(text.contains(&format!("[MachackVersion \"{}\"]\n", settings::VERSION)));
        assert!(
            text.contains(
                "[MachackProfile \"c197\"]\n[MachackFixes \"none\"]\n\
                 [MachackWidth \"15,15,9,9,7\"]\n[MachackDepth \"4\"]\n[MachackFeedovers \"2\"]\n\
                 [MachackSecondary \"off\"]\n[MachackSecondaryPlies \"2\"]\n\
                 [MachackRepetition \"first\"]\n[MachackTable \"draws\"]\n\
                 [MachackHashEntries \"32767\"]\n\
                 [MachackBook \"off\"]\n[MachackSeed \"5\"]\n[MachackPlays \"black\"]\n"
            ),
            "{text}"
        );
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(
                "1. e4 {P-K4 1.00s} e5 {P-K4 2.00s value=-12 depth=3} 2. Nf3 {N-KB3 1.00s} Nc6 \
                 {N-QB3 2.00s value=7 stopped=40960} *"
            ),
            "{words}"
        );
        let back = read_pgn(&text).unwrap();
        assert_eq!(back.game.moves(), g.moves());
        assert_eq!(in_place_obstacle(&text, &back), None);
        let setup = read_setup(&back.tags).unwrap();
        assert_eq!(setup.params, Some(tournament));
        assert_eq!(
            (setup.book, setup.seed, setup.plays),
            (Some(false), Some(5), Some([false, true]))
        );
    }

    #[test]
    fn a_record_with_settings_it_cannot_use_is_refused_with_the_tag_named() {
        for (text, error) in [
            (
                "[MachackDepth \"25\"]\n\n1. e4 *",
                "tag [MachackDepth \"25\"]: depth '25' is not a whole number from 1 to 20",
            ),
            (
                "[MachackShadow \"on\"]\n\n1. e4 *",
                "[MachackShadow \"on\"] does not apply to profile c197",
            ),
            (
                "[MachackSpeed \"9\"]\n\n1. e4 *",
                "tag [MachackSpeed \"9\"]: not a tag machack knows (it writes MachackVersion, \
                 MachackProfile,",
            ),
            (
                "[MachackPlays \"all\"]\n\n1. e4 *",
                "tag [MachackPlays \"all\"]: 'all' is not white, black, both or neither",
            ),
            (
                "1. e4 {P-K4 1.00s value=3 depth=99} *",
                "move 1 'e4': depth '99' is not a whole number from 1 to 20",
            ),
            (
                "1. e4 {P-K4 1.00s value=3 stopped=1000} *",
                "move 1 'e4': 'stopped=1000': a search stops at a multiple of 256 nodes",
            ),
        ] {
            let e = read_pgn(text).unwrap_err();
            assert!(e.starts_with(error), "{e}");
        }
        // No settings tags: the defaults (what a record from elsewhere resumes with).
        let back = read_pgn("[Event \"x\"]\n\n1. e4 {P-K4 value=0} *").unwrap();
        assert_eq!(read_setup(&back.tags).unwrap(), ReadSetup::default());
        assert_eq!(
            back.game.moves()[0].search.as_ref().unwrap().params,
            SearchParams::default()
        );
    }

    #[test]
    fn a_finished_record_stays_finished() {
        let back = read_pgn("[Result \"1-0\"]\n\n1. e4 e5 1-0\n").unwrap();
        assert_eq!(back.game.ending, Some(Ending::Resignation(Color::Black)));
        let back = read_pgn("1. e4 e5 *").unwrap();
        assert_eq!(back.game.ending, None);
    }

    #[test]
    fn a_bad_move_in_a_record_is_named() {
        let err = read_pgn("1. e4 e5 2. Ke3 *").unwrap_err();
        assert!(err.starts_with("move 3 'Ke3'"), "{err}");
    }

    #[test]
    fn times_out_of_range_are_not_times() {
        let back = read_pgn("1. e4 {P-K4 1e300s} e5 {P-K4 -5s} 2. Nf3 {N-KB3 NaNs} *").unwrap();
        assert!(back.game.moves().iter().all(|m| m.seconds.is_none()));
        let back = read_pgn("1. e4 {P-K4 360000.00s} *").unwrap();
        assert_eq!(back.game.moves()[0].seconds, Some(360000.0));
    }

    #[test]
    fn a_continuation_keeps_every_tag_and_names_what_it_continues() {
        let text = "[Event \"Spring\"]\n[White \"W\"]\n[Annotator \"A\"]\n\
                    [TimeControl \"50/7200\"]\n\n1. e4 e5 *\n";
        let r = read_pgn(text).unwrap();
        let tags = Tags::continuing(
            &r.tags,
            Path::new("games/x.score"),
            2,
            "40/600".parse().unwrap(),
        );
        let pairs: Vec<(&str, &str)> = tags.0.iter().map(|(k, v)| (&k[..], &v[..])).collect();
        assert_eq!(
            pairs,
            [
                ("Event", "Spring"),
                ("Site", "?"),
                ("Date", "????.??.??"),
                ("Round", "?"),
                ("White", "W"),
                ("Black", "?"),
                ("Result", "*"),
                ("Annotator", "A"),
                ("TimeControl", "40/600"),
                ("Continues", "games/x.score (2 plies)"),
            ]
        );
    }

    #[test]
    fn only_what_machack_writes_can_be_continued_in_place() {
        let text = "[Event \"Spring\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
        let r = read_pgn(text).unwrap();
        assert_eq!(
            in_place_obstacle(text, &r).unwrap(),
            "it is not a record as machack writes it, so rewriting it would change it: line 4 \
             is '1. e4 e5 *' where machack would write '1. e4 {P-K4} e5 {P-K4} *'"
        );
    }
}
