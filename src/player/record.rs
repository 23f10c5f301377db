//! The game record: a PGN file rewritten after every move, atomically (a temporary file in the
//! same directory, then a rename), so a crash or Ctrl-C loses nothing; and read back to resume.
//!
//! Each move's comment holds its descriptive form and the thinking time (`{N-KB3 12.3s}`), or
//! `book` for a book move (`{P-K4 book}`).

use super::game::{Ending, Game};
use crate::notation::{self, ReadErrorKind};
use crate::rules::{Color, START_FEN};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The tags of a record besides the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tags {
    /// `Event`.
    pub event: String,
    /// `Date`, `YYYY.MM.DD`.
    pub date: String,
    /// `White`.
    pub white: String,
    /// `Black`.
    pub black: String,
    /// `TimeControl`, if any.
    pub time_control: Option<String>,
}

impl Default for Tags {
    fn default() -> Tags {
        Tags {
            event: "machack game".into(),
            date: utc_now().date_tag(),
            white: "?".into(),
            black: "?".into(),
            time_control: None,
        }
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
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
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

/// The default record file: `machack-YYYYMMDD-HHMMSS.pgn` in the current directory (UTC).
pub fn default_record_path() -> PathBuf {
    PathBuf::from(format!("machack-{}.pgn", utc_now().stamp()))
}

/// The game as PGN: the Seven Tag Roster, `SetUp`/`FEN` for another start, then the moves with
/// their comments, lines under 80 characters.
pub fn to_pgn(game: &Game, tags: &Tags) -> String {
    let result = game.ending.map_or("*", Ending::result);
    let mut out = String::new();
    let tag = |out: &mut String, k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    };
    tag(&mut out, "Event", &tags.event);
    tag(&mut out, "Site", "?");
    tag(&mut out, "Date", &tags.date);
    tag(&mut out, "Round", "-");
    tag(&mut out, "White", &tags.white);
    tag(&mut out, "Black", &tags.black);
    tag(&mut out, "Result", result);
    let fen = game.start().to_fen();
    if fen != START_FEN {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &fen);
    }
    if let Some(tc) = &tags.time_control {
        tag(&mut out, "TimeControl", tc);
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

/// Replaces the file at `path` with `text` atomically: writes a temporary file in the same
/// directory, flushes it to disk, and renames it over the old one.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the record path names no file")
    })?;
    let tmp = dir.join(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A record read back: its tags and the game replayed.
#[derive(Debug)]
pub struct Resumed {
    /// The tags found (missing ones get defaults).
    pub tags: Tags,
    /// The game, every move replayed and checked legal.
    pub game: Game,
}

/// Reads a record written by [`to_pgn`] (or any single-game PGN without variations): the tags, the
/// start position, and the moves with their book marks and times. Errors name the bad move.
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
    let mut tags = Tags::default();
    for (k, v) in &read.tags {
        match k.as_str() {
            "Event" => tags.event = v.clone(),
            "Date" => tags.date = v.clone(),
            "White" => tags.white = v.clone(),
            "Black" => tags.black = v.clone(),
            "TimeControl" => tags.time_control = Some(v.clone()),
            _ => {}
        }
    }
    let mut game = Game::new(read.start.clone());
    for m in &read.moves {
        // The comment's words: the descriptive move, then `book` or the time (`3.20s`).
        let words = || m.comments.iter().flat_map(|c| c.split_whitespace());
        let book = words().any(|w| w == "book");
        let seconds = words().find_map(|w| w.strip_suffix('s').and_then(|n| n.parse::<f64>().ok()));
        game.play(m.mv, seconds, book);
    }
    // A result the rules do not explain ended the game off the board: taken as a resignation
    // (or a fallen flag, which the record does not tell apart) or a draw agreed.
    if game.ending.is_none() {
        game.ending = match read.result_text() {
            "1-0" => Some(Ending::Resignation(Color::Black)),
            "0-1" => Some(Ending::Resignation(Color::White)),
            "1/2-1/2" => Some(Ending::DrawAgreed),
            _ => None,
        };
    }
    Ok(Resumed { tags, game })
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
        let tags = Tags {
            date: "2026.11.21".into(),
            ..Tags::default()
        };
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
        assert_eq!(back.tags.date, "2026.11.21");
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
    fn atomic_write_replaces_the_file() {
        let dir = std::env::temp_dir().join(format!("machack-record-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("g.pgn");
        write_atomic(&p, "one").unwrap();
        write_atomic(&p, "two").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }
}
