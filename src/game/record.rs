//! The game record: a PGN file that holds every move before the move is shown, replaced
//! atomically after each one ([`disk`]), and read back to resume a game.
//!
//! Each move's comment holds its descriptive form and the thinking time (`{N-KB3 12.3s}`), or
//! `book` for a book move (`{P-K4 book}`).
//!
//! A resumed record is never rewritten unless the user asks to continue it in place: the
//! continuation goes to a record of its own, which keeps the resumed record's tags and names it
//! in a `Continues` tag ([`Tags::continuing`]).

pub mod disk;
pub mod opening;

use super::clock::{self, TimeControl};
use super::{Ending, Game};
use crate::notation::pgn::SEVEN_TAGS;
use crate::notation::{self, ReadErrorKind};
use crate::rules::{Color, START_FEN};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The tag pairs of a record, in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The tags of a game machack starts: the Seven Tag Roster and the time control.
    pub fn new_game(white: &str, black: &str, clock: TimeControl) -> Tags {
        let mut tags = Tags(Vec::new());
        tags.set("Event", "machack game");
        tags.set("Site", "?");
        tags.set("Date", &utc_now().date_tag());
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
        for (name, value) in &resumed.0 {
            if tags.get(name).is_none() {
                tags.set(name, value);
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

    /// The time control the record names, if it has a `TimeControl` tag: `Err` if machack cannot
    /// read it.
    pub fn time_control(&self) -> Option<Result<TimeControl, clock::ClockSpecError>> {
        self.get("TimeControl").map(clock::parse)
    }
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
    utc_at(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
    )
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
    let mut words: Vec<String> = Vec::new();
    for (i, m) in game.moves().iter().enumerate() {
        let label = game.move_label(i);
        if i == 0 || !label.ends_with("...") {
            words.push(label);
        }
        words.push(m.san.clone());
        let note = match (m.book, m.seconds) {
            (true, _) => format!("{{{} book}}", m.descriptive),
            (false, Some(s)) => format!("{{{} {s:.2}s}}", m.descriptive),
            (false, None) => format!("{{{}}}", m.descriptive),
        };
        words.push(note);
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
    // A game at the terminal, where draws by repetition and fifty moves are claimed.
    let mut game = Game::new(read.start.clone());
    game.set_claims(true);
    for m in &read.moves {
        // The comment's words: the descriptive move, then `book` or the time (`3.20s`).
        let words = || m.comments.iter().flat_map(|c| c.split_whitespace());
        let book = words().any(|w| w == "book");
        let seconds = words().find_map(time_word);
        game.play(m.mv, seconds, book);
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
    Ok(Resumed {
        tags: Tags(read.tags),
        game,
    })
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
