//! The game's record on disk as the session keeps it ([`Recording`]): the record comes first.
//! Whatever changes the game is shown only once the record holds it; when the record cannot be
//! written, the session says so once, keeps the game, holds back what it would show and takes
//! only `RECORD`, `RECORD FILE`, `HELP` and `QUIT`, and at the end saves the game elsewhere.

use super::setup::player_name;
use super::{Ended, Session};
use crate::game::Game;
use crate::game::record::{self, Tags, disk, opening};
use crate::player::command::{self, Command};
use crate::rules::Color;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The game's record on disk, as the session keeps it: the record comes first.
pub(super) struct Recording {
    /// Where it goes.
    pub(super) path: PathBuf,
    /// Its tags.
    pub(super) tags: Tags,
    /// Whether the players' names follow who the machine plays (a record begun here).
    pub(super) names_from_play: bool,
    /// The user's name, for the records of games begun here.
    pub(super) user: String,
    /// The record's text as last written (or read, continued in place): an unchanged game is
    /// not written again.
    pub(super) written: String,
    /// Why the record cannot be written, while it cannot: nothing more is shown until it is.
    pub(super) error: Option<String>,
    /// What waits to be shown until the record holds it.
    pub(super) held: Vec<String>,
    /// While the record cannot be written, the game as it holds it: what the screen shows.
    pub(super) recorded: Option<Game>,
    /// A record continued in place that nothing has been written to yet: it is not rewritten
    /// until a move is made, not even for the clocks.
    pub(super) untouched: bool,
    /// The clocks have been written as the session ends ([`Session::keep_clocks`]).
    pub(super) clocks_kept: bool,
}

impl<W: Write> Session<W> {
    /// Names the players in a record begun here from who the machine plays; a resumed record
    /// keeps its names.
    pub(super) fn set_names(&mut self) {
        if self.recording.names_from_play {
            let white = player_name(self.machine.plays[0], &self.recording.user).to_string();
            let black = player_name(self.machine.plays[1], &self.recording.user).to_string();
            self.recording.tags.set("White", &white);
            self.recording.tags.set("Black", &black);
        }
    }

    /// Writes the record, with the settings now in force, before whatever changed it is shown
    /// (nothing when the game is as on disk: a change of settings alone is written with the
    /// next move, so that a record continued in place is not rewritten until a move is made);
    /// false if it cannot be written, and then the session holds back what it would show
    /// ([`Self::show`]) until the record is written or the user quits. The failure is said once.
    pub(super) fn save_record(&mut self) -> bool {
        if self.recording.error.is_some() {
            return false;
        }
        if record::to_pgn(&self.game, &self.recording.tags) == self.recording.written {
            return true;
        }
        let setup = self.setup();
        self.recording.tags.set_setup(&setup);
        self.stamp_clocks();
        let text = record::to_pgn(&self.game, &self.recording.tags);
        if text == self.recording.written {
            return true;
        }
        match disk::replace(&self.recording.path, &text) {
            Ok(()) => {
                self.recording.written = text;
                self.recording.untouched = false;
                true
            }
            Err(e) => {
                let why = e.to_string();
                // The screen shows the game as recorded until the record holds the rest: set
                // before the failure is said, as saying it draws the screen.
                self.recording.recorded = record::read_pgn(&self.recording.written)
                    .ok()
                    .map(|r| r.game);
                self.recording.error = Some(why.clone());
                self.say(&format!(
                    "CANNOT WRITE THE RECORD {}: {why}. THE GAME IS KEPT, AND NOTHING MORE OF IT \
                     IS SHOWN UNTIL IT IS RECORDED: TYPE RECORD TO TRY AGAIN, RECORD FILE TO GO \
                     ON IN A NEW FILE, OR QUIT TO SAVE IT ELSEWHERE.",
                    self.recording.path.display()
                ));
                false
            }
        }
    }

    /// Shows `line`, which tells of a change the record holds, or holds it back until the
    /// record can be written.
    pub(super) fn show(&mut self, line: String) {
        if self.recording.error.is_some() {
            self.recording.held.push(line);
        } else {
            self.say(&line);
        }
    }

    /// `RECORD` (try the record again) or `RECORD FILE` (go on in FILE, a new file): on
    /// success, what was held back is shown.
    pub(super) fn record_again(&mut self, file: Option<&str>) {
        let text = record::to_pgn(&self.game, &self.recording.tags);
        let written = match file {
            None => disk::replace(&self.recording.path, &text).map_err(|e| {
                format!(
                    "CANNOT WRITE THE RECORD {}: {e}",
                    self.recording.path.display()
                )
            }),
            Some(f) => opening::create(Some(Path::new(f)), &text)
                .map(|p| self.recording.path = p)
                .map_err(|e| format!("CANNOT RECORD IN {f}: {e}")),
        };
        match written {
            Ok(()) => {
                self.recording.written = text;
                self.recording.error = None;
                self.recording.recorded = None;
                let plies = self.game.moves().len();
                self.say(&format!(
                    "RECORDING THE GAME IN {} ({plies} PLIES RECORDED).",
                    self.recording.path.display()
                ));
                for line in std::mem::take(&mut self.recording.held) {
                    self.say(&line);
                }
            }
            Err(e) => {
                if self.recording.error.is_some() {
                    self.recording.error = Some(e.clone());
                }
                self.say(&e);
            }
        }
    }

    /// The end of a session whose record could not be written: the game is saved under an
    /// automatic name beside the record, else in the temporary directory, else written out
    /// here; what happened, for the exit message.
    fn rescue(&mut self) -> Ended {
        let text = record::to_pgn(&self.game, &self.recording.tags);
        let on_disk = record::read_pgn(&self.recording.written).map_or(0, |r| r.game.moves().len());
        let plies = self.game.moves().len();
        let record = self.recording.path.display().to_string();
        let beside = match self.recording.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let stem = record::automatic_name();
        let saved = [beside, std::env::temp_dir()]
            .iter()
            .find_map(|dir| disk::create_named(dir, &stem, &text).ok());
        let incomplete = format!(
            "the record {record} is incomplete: it holds {on_disk} of the game's {plies} plies"
        );
        match saved {
            Some(path) => {
                self.say(&format!(
                    "THE GAME IS SAVED IN {}; {record} HOLDS {on_disk} OF ITS {plies} PLIES.",
                    path.display()
                ));
                Ended::Incomplete(format!(
                    "{incomplete}; the whole game is saved in {}",
                    path.display()
                ))
            }
            None => {
                self.say("THE GAME CANNOT BE SAVED ANYWHERE; HERE IS ITS RECORD:");
                if self.out.screen.is_some() {
                    self.say(text.trim_end());
                } else {
                    self.rub_out();
                    let _ = write!(self.out.lines, "{text}");
                    let _ = self.out.lines.flush();
                }
                Ended::Incomplete(format!(
                    "{incomplete}; no file could be written, and the whole game was printed"
                ))
            }
        }
    }

    /// `SAVE FILE`: the game written to FILE, a new file. As `RECORD FILE`, it never replaces
    /// what is there (a file, a device, a FIFO, a file behind a link: a rename would put the
    /// game in its place); FILE naming the game's own record writes the record.
    pub(super) fn save_copy(&mut self, file: &str) {
        let path = Path::new(file);
        let own = match (path.canonicalize(), self.recording.path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if own {
            if self.save_record() {
                self.say(&format!("SAVED IN {file} (THE GAME'S RECORD)"));
            }
            return;
        }
        let text = record::to_pgn(&self.game, &self.recording.tags);
        match disk::create(path, &text) {
            Ok(()) => self.say(&format!("SAVED IN {file}")),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => self.say(&format!(
                "CANNOT SAVE IN {file}: IT EXISTS, AND SAVE NEVER REPLACES WHAT IS THERE (NAME A \
                 NEW FILE)"
            )),
            Err(e) => self.say(&format!("CANNOT SAVE IN {file}: {e}")),
        }
    }

    /// The time each clock has run, moves taken back and the move under way included, in the
    /// record's tags ([`record::CLOCK_TAG`]), so that a resumed game's clocks read as they were.
    fn stamp_clocks(&mut self) {
        let used = [self.clock.used(Color::White), self.clock.used(Color::Black)];
        self.recording
            .tags
            .set(record::CLOCK_TAG, &record::clock_used_text(used));
    }

    /// As the session ends (`QUIT`, the end of input, Ctrl-C): the clocks as they stand go into
    /// the record, the move under way included, once; a record continued in place that no move
    /// has changed is left as it is.
    pub(super) fn keep_clocks(&mut self) {
        if !self.recording.untouched && !self.recording.clocks_kept {
            self.stamp_clocks();
            self.recording.clocks_kept = true;
        }
    }

    /// How the session ends: recorded, or, if the record cannot be written, the game saved
    /// elsewhere ([`Self::rescue`]).
    pub(super) fn ending(&mut self) -> Ended {
        self.keep_clocks();
        if self.save_record() {
            Ended::Recorded
        } else {
            self.rescue()
        }
    }

    /// A line while the record cannot be written: only `RECORD`, `HELP` and `QUIT` are taken;
    /// false ends the session.
    pub(super) fn handle_unrecorded(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(Some(Command::Record(file))) => self.record_again(file.as_deref()),
            Ok(Some(Command::Help)) => self.help(),
            Ok(Some(Command::Quit)) => return false,
            _ => {
                let why = self.recording.error.clone().unwrap_or_default();
                self.say(&format!(
                    "THE RECORD {} CANNOT BE WRITTEN ({why}): TYPE RECORD TO TRY AGAIN, RECORD \
                     FILE TO GO ON IN A NEW FILE, OR QUIT.",
                    self.recording.path.display()
                ));
            }
        }
        true
    }
}
