//! How a game's record is begun: a new game in a new record, a resumed game continued in a
//! record of its own (the resumed file is never touched), or, when the user asks, continued in
//! place. Every record is created whole and never over another file ([`disk::create`]).

use super::{Resumed, Setup, Tags, disk, in_place_obstacle, read_pgn, to_pgn};
use crate::game::Game;
use crate::game::clock::{DEFAULT_CLOCK, TimeControl};
use crate::game::input::{self, RECORD_MAX};
use crate::rules::Position;
use std::io;
use std::path::{Path, PathBuf};

/// A record begun: the game so far, its tags, the clock it goes on under and the file.
pub struct Opened {
    /// The game (empty, or as resumed).
    pub game: Game,
    /// The record's tags.
    pub tags: Tags,
    /// The time control the game goes on under.
    pub clock: TimeControl,
    /// The record's file.
    pub path: PathBuf,
    /// Whether the players' names follow who the machine plays (a game begun here); a resumed
    /// record keeps its names.
    pub names_from_play: bool,
    /// What to tell the user after naming the record.
    pub note: Option<String>,
}

/// Creates a record holding `text`: `record`, which must not exist, or an automatic name in
/// the current folder; returns its path. The temporary files killed writers left in that folder
/// are removed first.
pub fn create(record: Option<&Path>, text: &str) -> Result<PathBuf, String> {
    disk::remove_stale(record.map_or(Path::new("."), directory));
    match record {
        Some(path) => match disk::create(path, text) {
            Ok(()) => Ok(path.to_path_buf()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(format!(
                "{} exists: a new record never replaces a file (name another, or resume it \
                 with --resume)",
                path.display()
            )),
            Err(e) => Err(format!("cannot create the record {}: {e}", path.display())),
        },
        None => disk::create_named(Path::new("."), &super::automatic_name(), text)
            .map(|p| p.strip_prefix(".").map(Path::to_path_buf).unwrap_or(p))
            .map_err(|e| format!("cannot create a record here: {e}")),
    }
}

/// The directory a record at `path` is in.
fn directory(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Reads the record at `path` to resume it (at most [`RECORD_MAX`] bytes), after removing the
/// temporary files killed writers left beside it.
fn read(path: &Path) -> Result<(String, Resumed), String> {
    disk::remove_stale(directory(path));
    let text = input::read_file(path, RECORD_MAX)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let r = read_pgn(&text).map_err(|e| format!("cannot resume {}: {e}", path.display()))?;
    Ok((text, r))
}

/// A new game between `white` and `black` under `clock` (the default when `None`), the
/// program set up as `setup` says, recorded in `record` or under an automatic name.
pub fn new_game(
    white: &str,
    black: &str,
    clock: Option<TimeControl>,
    setup: &Setup,
    record: Option<&Path>,
) -> Result<Opened, String> {
    let clock = clock.unwrap_or_default();
    let game = Game::new(Position::startpos());
    let mut tags = Tags::new_game(white, black, clock);
    tags.set_setup(setup);
    let path = create(record, &to_pgn(&game, &tags))?;
    Ok(Opened {
        game,
        tags,
        clock,
        path,
        names_from_play: true,
        note: None,
    })
}

/// The game recorded in `from`, continued in a record of its own (`record`, or an automatic
/// name) that keeps its tags and says what it continues; `from` is left as it is. The clock is
/// `clock`, else the record's `TimeControl`, else the default.
pub fn continuation(
    from: &Path,
    clock: Option<TimeControl>,
    record: Option<&Path>,
) -> Result<Opened, String> {
    let (_, resumed) = read(from)?;
    let mut note = format!("{} IS LEFT AS IT IS.", from.display());
    let clock = match (clock, resumed.tags.time_control()) {
        (Some(c), _) | (None, Some(Ok(c))) => c,
        (None, Some(Err(_))) => {
            note += &format!(
                " ITS TIME CONTROL '{}' IS NOT ONE MACHACK READS; PLAYING {DEFAULT_CLOCK}.",
                resumed.tags.get("TimeControl").unwrap_or_default()
            );
            TimeControl::default()
        }
        (None, None) => TimeControl::default(),
    };
    let tags = Tags::continuing(&resumed.tags, from, resumed.game.moves().len(), clock);
    let path = create(record, &to_pgn(&resumed.game, &tags))?;
    Ok(Opened {
        game: resumed.game,
        tags,
        clock,
        path,
        names_from_play: false,
        note: Some(note),
    })
}

/// The game recorded in `from`, continued in `from` itself: only a record as machack writes it
/// (so that replacing it changes nothing but the moves added and the result), one that can be
/// replaced keeping it what it is ([`disk::check_replaceable`]: a symbolic link's target is
/// rewritten, a file with several hard links refused, the mode and owner kept), under its own
/// `TimeControl` (`clock`, if given, must be the same). Nothing is written here.
pub fn in_place(from: &Path, clock: Option<TimeControl>) -> Result<Opened, String> {
    let (text, resumed) = read(from)?;
    let refuse = |why: String| {
        format!(
            "cannot continue {} in place: {why}; without --in-place the game goes on in a \
             record of its own that keeps its tags",
            from.display()
        )
    };
    if let Some(why) = in_place_obstacle(&text, &resumed) {
        return Err(refuse(why));
    }
    disk::check_replaceable(from).map_err(refuse)?;
    let clock = match (clock, resumed.tags.time_control()) {
        (_, Some(Err(e))) => return Err(refuse(format!("its TimeControl: {e}"))),
        (Some(c), Some(Ok(r))) if c != r => {
            return Err(refuse(format!(
                "--clock {c} is not its TimeControl {r} (leave --clock out to go on under {r})"
            )));
        }
        (_, Some(Ok(c))) | (Some(c), None) => c,
        (None, None) => TimeControl::default(),
    };
    Ok(Opened {
        game: resumed.game,
        tags: resumed.tags,
        clock,
        path: from.to_path_buf(),
        names_from_play: false,
        note: Some("CONTINUED IN PLACE.".into()),
    })
}
