//! The game at the terminal, in the manner of 1967: the user types moves in descriptive notation
//! (SAN and coordinates accepted too) and commands; the machine answers in descriptive notation
//! with its thinking time, draws on `draw?` by its evaluation, resigns hopeless games, and keeps the
//! record on disk after every move.
//!
//! The record comes first: whatever changes the game is shown only once the record holds it.
//! When the record cannot be written, the session says so once, keeps the game, shows nothing
//! more of it and takes only `RECORD` (try again), `RECORD FILE` (go on in a new file), `HELP`
//! and `QUIT` (the game is then saved beside the record or in the temporary directory, named,
//! and the session ends saying the record is incomplete).

use super::board::{self, Display};
use super::command::{self, Command, HELP};
use super::editor::{Edit, LineEditor, TeletypeLine};
use super::pace::Pace;
use super::screen::{self, ClockView, Frame, Screen};
use super::thinking::{Outcome, Thinking};
use super::tty::{RawLines, Takeover};
use crate::book::Book;
use crate::game::clock::{self, Clock, TimeControl};
use crate::game::deepening::Report;
use crate::game::engine::{Engine, Thought};
use crate::game::input::{self, LINE_MAX, Line, LineReader};
use crate::game::judgement::{ResignWatch, accepts_draw, claims_draw, claims_draw_with_move};
use crate::game::record::{self, ReadSetup, Setup, Tags, disk, opening};
use crate::game::rerun::rerun;
use crate::game::{Ending, Game, GameMove, Searched};
use crate::interface::params::parse_feedovers;
use crate::interface::settings::{self, Changes};
use crate::interface::{Deepening, Limits};
use crate::interface::{SearchParams, WidthSchedule, parse_depth};
use crate::notation::{self, Style, clip, descriptive};
use crate::rules::{Color, Position};
use crate::value::Value;
use crossterm::event::{self, Event, KeyCode, KeyEvent};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

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
fn resumed_seed(tags: &Tags) -> Option<u64> {
    record::read_setup(tags).ok().and_then(|s| s.seed)
}

/// The name the machine goes by in records.
pub const MACHINE_NAME: &str = "Mac Hack VI (machack)";

/// The name of a player in a record begun here: the machine's or the user's, `user`.
fn player_name(machine: bool, user: &str) -> &str {
    if machine { MACHINE_NAME } else { user }
}

/// A seed from the time, for a game given none.
fn seed_from_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1967, |d| d.as_nanos() as u64)
}

/// The setup of a game begun or resumed with `config`, `resumed` the record's tags, and what to
/// tell the user about it.
fn setup_for(config: &PlayConfig, resumed: Option<&Tags>) -> Result<(Setup, Vec<String>), String> {
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

/// A terminal session: the game and its clock, the machine that plays in it, the record that
/// keeps it, the terminal that shows it and the keys typed into it.
pub struct Session<W: Write> {
    /// The game as played.
    game: Game,
    /// The chess clock.
    clock: Clock,
    /// Whether the game's ending has been announced.
    announced: bool,
    /// What to tell the user when the session starts (the record's and the settings' notes).
    notes: Vec<String>,
    /// The machine as a player.
    machine: Machine,
    /// The game's record on disk.
    recording: Recording,
    /// The terminal, as the session writes to it.
    out: Output<W>,
    /// The keys typed, when they are read one by one.
    keyboard: Keyboard,
}

/// The machine as a player: the sides it plays, the engine it thinks with, its book, how it
/// spends its time, and what it remembers for draws and resigning.
struct Machine {
    /// Which sides it plays, White and Black.
    plays: [bool; 2],
    /// The engine that chooses its moves.
    engine: Engine,
    /// The engine that finds hints (`HINT`), apart from the machine's, whose run state it
    /// leaves as it is; made at the first hint.
    hint_engine: Option<Engine>,
    /// The opening book, and whether it is used.
    book: Book,
    use_book: bool,
    /// The book's random choices, and the seed they started from (the record's `MachackSeed`).
    rng: StdRng,
    seed: u64,
    /// The value of its last search (its word on a draw offer).
    last_value: Option<Value>,
    /// Its hopeless values in a row, for resigning.
    resign: ResignWatch,
    /// `--pace 1967`: it answers no sooner than its search would have in 1967, scaled.
    pace: Option<Pace>,
    /// Whether it deepens within its clock (`--deepen`; not in 1967).
    deepen: bool,
}

/// The game's record on disk, as the session keeps it: the record comes first.
struct Recording {
    /// Where it goes.
    path: PathBuf,
    /// Its tags.
    tags: Tags,
    /// Whether the players' names follow who the machine plays (a record begun here).
    names_from_play: bool,
    /// The user's name, for the records of games begun here.
    user: String,
    /// The record's text as last written (or read, continued in place): an unchanged game is
    /// not written again.
    written: String,
    /// Why the record cannot be written, while it cannot: nothing more is shown until it is.
    error: Option<String>,
    /// What waits to be shown until the record holds it.
    held: Vec<String>,
    /// While the record cannot be written, the game as it holds it: what the screen shows.
    recorded: Option<Game>,
}

/// The terminal as the session writes to it: the output, how the board and the search are
/// shown, and in which mode: lines, the screen, or a teletype whose keys are read one by one.
struct Output<W: Write> {
    /// The output.
    lines: RawLines<W>,
    /// How the board and the search are shown.
    display: Display,
    /// The side shown at the bottom of the board.
    bottom: Color,
    /// Whether input comes from a terminal: a prompt before each line.
    prompts: bool,
    /// Whether a prompt waits for a line on the terminal: a line shown meanwhile (a flag that
    /// fell) starts on a line of its own.
    prompted: bool,
    /// What the last search showed, or the one under way.
    thinking: Option<Thinking>,
    /// The screen, in the screen mode ([`Session::run_on_screen`]).
    screen: Option<Screen>,
    /// On a teletype whose terminal's keys are read one by one ([`Session::run_on_teletype`]):
    /// the line being typed as its last line shows it.
    teletype: Option<TeletypeLine>,
    /// The terminal, while the screen holds it.
    takeover: Option<Takeover>,
}

/// The keys typed, on the screen or such a teletype: the line being typed, the lines typed
/// ahead, to be read in turn, and what came while the machine thought.
#[derive(Default)]
struct Keyboard {
    /// The line being typed.
    editor: LineEditor,
    /// The lines typed ahead.
    typed_ahead: VecDeque<String>,
    /// A size the terminal took while the machine thought (handled once it has answered).
    resized: Option<(u16, u16)>,
    /// Whether Ctrl-C was typed while the machine thought (its search is stopped, its move not
    /// played, and the session ends as by `QUIT`).
    interrupted: bool,
}

/// How a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The record holds the whole game.
    Recorded,
    /// The record could not be written to the end: what happened (the record's plies, where
    /// the game was saved instead), for the exit message.
    Incomplete(String),
}

impl<W: Write> Session<W> {
    /// A session set up by `config`, shown as `display` says (colours, the thinking display),
    /// from the side of the player the machine leaves (White when it plays both or neither);
    /// `prompts` says whether input comes from a terminal (a prompt before each line). The
    /// record is created (or, continued in place, checked) before anything is played.
    pub fn new(
        config: &PlayConfig,
        out: W,
        display: Display,
        prompts: bool,
    ) -> Result<Session<W>, String> {
        // The setup is made, and checked, before a record is begun or rewritten: a setting
        // that cannot be used is refused with nothing written. A new record holds it from the
        // start (a game killed before its first move resumes as it was begun); a resumed one is
        // read first to check it (a record that cannot be read is refused by `opening`).
        let (s, (setup, setup_notes)) = match &config.resume {
            None => {
                let (setup, notes) = setup_for(config, None)?;
                let s = opening::new_game(
                    player_name(setup.plays[0], &config.name),
                    player_name(setup.plays[1], &config.name),
                    config.clock,
                    &setup,
                    config.record.as_deref(),
                )?;
                (s, (setup, notes))
            }
            Some(from) => {
                if let Some(r) = input::read_file(from, input::FILE_MAX)
                    .ok()
                    .and_then(|text| record::read_pgn(&text).ok())
                {
                    setup_for(config, Some(&r.tags))?;
                }
                let s = if config.in_place {
                    opening::in_place(from, config.clock)?
                } else {
                    opening::continuation(from, config.clock, config.record.as_deref())?
                };
                let setup = setup_for(config, Some(&s.tags))?;
                (s, setup)
            }
        };
        let seed = setup.seed.unwrap_or_default();
        let mut notes: Vec<String> = s.note.into_iter().collect();
        notes.extend(setup_notes);
        let written = record::to_pgn(&s.game, &s.tags);
        let mut session = Session {
            game: s.game,
            clock: Clock::new(s.clock),
            announced: false,
            notes,
            machine: Machine {
                plays: setup.plays,
                engine: Engine::new(setup.params.clone()),
                hint_engine: None,
                book: Book::builtin(),
                use_book: setup.book,
                rng: StdRng::seed_from_u64(seed),
                seed,
                last_value: None,
                resign: ResignWatch::default(),
                pace: config.pace,
                deepen: config.deepen,
            },
            recording: Recording {
                path: s.path,
                tags: s.tags,
                names_from_play: s.names_from_play,
                user: config.name.clone(),
                written,
                error: None,
                held: Vec::new(),
                recorded: None,
            },
            out: Output {
                lines: RawLines::new(out),
                display,
                bottom: if setup.plays == [true, false] {
                    Color::Black
                } else {
                    Color::White
                },
                prompts,
                prompted: false,
                thinking: None,
                screen: None,
                teletype: None,
                takeover: None,
            },
            keyboard: Keyboard::default(),
        };
        // Over the board, a third repetition or fifty moves is a draw when claimed.
        session.game.set_claims(true);
        session.restore_clock();
        if !session.game.moves().is_empty() {
            let notes = session.rebuild(resumed_seed(&session.recording.tags));
            session.notes.extend(notes);
        }
        Ok(session)
    }

    /// What the program is playing with now, as the record's tags say it.
    fn setup(&self) -> Setup {
        Setup {
            params: self.machine.engine.params().clone(),
            book: self.machine.use_book,
            seed: Some(self.machine.seed),
            plays: self.machine.plays,
        }
    }

    /// Rebuilds the program as the game so far left it, by repeating its searches and book
    /// choices in order ([`rerun`]); the book's choices are repeated from `record_seed`, the seed
    /// they were made with. Returns what to tell the user: the searches repeated, and every
    /// move the program no longer plays, with its ply.
    fn rebuild(&mut self, record_seed: Option<u64>) -> Vec<String> {
        let params = self.machine.engine.params().clone();
        let n = self.game.moves().len();
        let r = rerun(
            &self.game,
            n,
            &params,
            record_seed,
            &self.machine.book,
            &mut |_, _, _| {},
        );
        let mut notes = Vec::new();
        if r.searches > 0 {
            let searches = match r.searches {
                1 => "ITS SEARCH".to_string(),
                n => format!("ITS {n} SEARCHES"),
            };
            notes.push(format!(
                "THE PROGRAM GOES ON AS IT STOOD: {searches} IN THIS GAME REPEATED."
            ));
        }
        for m in &r.mismatches {
            let mut pos = self.game.start().clone();
            for gm in &self.game.moves()[..m.index] {
                pos.make(gm.mv);
            }
            let text = |mv| descriptive::format(&pos, mv, Style::Teletype);
            let now = match (m.now, m.book) {
                (Some(mv), true) => format!("THE BOOK NOW CHOOSES {}", text(mv)),
                (None, true) => "THE BOOK HAS NO MOVE THERE NOW".to_string(),
                (Some(mv), false) => format!("THE PROGRAM NOW PLAYS {}", text(mv)),
                (None, false) => "THE PROGRAM NOW FINDS NO MOVE".to_string(),
            };
            notes.push(format!(
                "PLY {} ({} {}): {now} WITH THE RECORDED SETTINGS.",
                m.index + 1,
                self.game.move_label(m.index),
                text(m.recorded)
            ));
        }
        self.machine.engine = r.engine;
        self.machine.engine.set_params(params);
        // The book goes on from where its choices left the generator, unless another seed
        // was given.
        self.machine.rng = match r.rng {
            Some(rng) if record_seed == Some(self.machine.seed) => rng,
            _ => StdRng::seed_from_u64(self.machine.seed),
        };
        self.machine.resign = r.resign;
        self.machine.last_value = r.last_value;
        notes
    }

    /// Names the players in a record begun here from who the machine plays; a resumed record
    /// keeps its names.
    fn set_names(&mut self) {
        if self.recording.names_from_play {
            let white = player_name(self.machine.plays[0], &self.recording.user).to_string();
            let black = player_name(self.machine.plays[1], &self.recording.user).to_string();
            self.recording.tags.set("White", &white);
            self.recording.tags.set("Black", &black);
        }
    }

    /// Charges the clock with the times recorded in a resumed game.
    fn restore_clock(&mut self) {
        let moves: Vec<(Color, f64)> = {
            let mut c = self.game.start().side_to_move();
            self.game
                .moves()
                .iter()
                .map(|m| {
                    let r = (c, m.seconds.unwrap_or(0.0));
                    c = !c;
                    r
                })
                .collect()
        };
        for (c, s) in moves {
            // A flag that fell in the record stays fallen; `stop_clock` reads it.
            let used = Duration::try_from_secs_f64(s).unwrap_or(Duration::ZERO);
            let _ = self.clock.charge(c, used);
        }
    }

    /// Writes a line, in plain ASCII (the board alone may be drawn in glyphs); a message that
    /// quotes a long text is [`clip`]ped.
    fn say(&mut self, text: &str) {
        if let Some(screen) = self.out.screen.as_mut() {
            screen.push(&ascii(&clip(text)));
            self.redraw();
            return;
        }
        if self.out.teletype.is_some() {
            // Above the line being typed, which stays the last.
            self.rub_out();
            let _ = writeln!(self.out.lines, "{}", ascii(&clip(text)));
            self.redraw();
            return;
        }
        if std::mem::take(&mut self.out.prompted) {
            let _ = writeln!(self.out.lines);
        }
        let _ = writeln!(self.out.lines, "{}", ascii(&clip(text)));
        let _ = self.out.lines.flush();
    }

    /// Writes the record, with the settings now in force, before whatever changed it is shown
    /// (nothing when the game is as on disk: a change of settings alone is written with the
    /// next move, so that a record continued in place is not rewritten until a move is made);
    /// false if it cannot be written, and then the session holds back what it would show
    /// ([`Self::show`]) until the record is written or the user quits. The failure is said once.
    fn save_record(&mut self) -> bool {
        if self.recording.error.is_some() {
            return false;
        }
        if record::to_pgn(&self.game, &self.recording.tags) == self.recording.written {
            return true;
        }
        let setup = self.setup();
        self.recording.tags.set_setup(&setup);
        let text = record::to_pgn(&self.game, &self.recording.tags);
        if text == self.recording.written {
            return true;
        }
        match disk::replace(&self.recording.path, &text) {
            Ok(()) => {
                self.recording.written = text;
                true
            }
            Err(e) => {
                let why = e.to_string();
                self.say(&format!(
                    "CANNOT WRITE THE RECORD {}: {why}. THE GAME IS KEPT, AND NOTHING MORE OF IT \
                     IS SHOWN UNTIL IT IS RECORDED: TYPE RECORD TO TRY AGAIN, RECORD FILE TO GO \
                     ON IN A NEW FILE, OR QUIT TO SAVE IT ELSEWHERE.",
                    self.recording.path.display()
                ));
                self.recording.error = Some(why);
                // The screen shows the game as recorded until the record holds the rest.
                self.recording.recorded = record::read_pgn(&self.recording.written)
                    .ok()
                    .map(|r| r.game);
                false
            }
        }
    }

    /// Shows `line`, which tells of a change the record holds, or holds it back until the
    /// record can be written.
    fn show(&mut self, line: String) {
        if self.recording.error.is_some() {
            self.recording.held.push(line);
        } else {
            self.say(&line);
        }
    }

    /// `RECORD` (try the record again) or `RECORD FILE` (go on in FILE, a new file): on
    /// success, what was held back is shown.
    fn record_again(&mut self, file: Option<&str>) {
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

    /// How the session ends: recorded, or, if the record cannot be written, the game saved
    /// elsewhere ([`Self::rescue`]).
    fn ending(&mut self) -> Ended {
        if self.save_record() {
            Ended::Recorded
        } else {
            self.rescue()
        }
    }

    /// A line while the record cannot be written: only `RECORD`, `HELP` and `QUIT` are taken;
    /// false ends the session.
    fn handle_unrecorded(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Ok(Some(Command::Record(file))) => self.record_again(file.as_deref()),
            Ok(Some(Command::Help)) => {
                for line in HELP.lines() {
                    self.say(line);
                }
            }
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

    fn machine_to_move(&self) -> bool {
        self.game.ending.is_none()
            && self.machine.plays[self.game.position().side_to_move().index()]
    }

    /// Plays the session: reads lines until `QUIT` or the end of input. The input is read by a
    /// thread of its own, so that lines typed while the machine plays both sides (`PS`) are
    /// handled between its moves, and the clock is live: a flag falls when its time is over,
    /// whether a key is typed or not. Says whether the record holds the whole game.
    pub fn run(&mut self, input: impl BufRead + Send + 'static) -> io::Result<Ended> {
        let inputs = read_lines(input);
        self.play(&inputs)
    }

    /// Plays the session on what comes in through `inputs` ([`Self::run`]).
    fn play(&mut self, inputs: &Receiver<Input>) -> io::Result<Ended> {
        self.say("MAC HACK VI (1967), RECREATED. TYPE HELP FOR COMMANDS.");
        let rec = format!("RECORDING THE GAME IN {}", self.recording.path.display());
        self.say(&rec);
        for note in std::mem::take(&mut self.notes) {
            self.say(&note);
        }
        let settings = self.settings_line();
        self.say(&settings);
        if !self.game.moves().is_empty() {
            let n = self.game.moves().len();
            self.say(&format!("RESUMED AFTER {n} PLIES."));
            self.print_game();
        }
        self.show_board();
        self.clock.start(self.game.position().side_to_move());
        loop {
            if self.recording.error.is_some() {
                // Nothing is played or shown until the record is written.
            } else if let Some(e) = self.game.ending {
                if !self.announced {
                    self.announced = true;
                    // The clocks stop with the game.
                    self.clock.stop();
                    self.save_record();
                    self.show(format!("{e}   {}", e.result()));
                }
            } else if self.machine_to_move() {
                // Playing both sides, it reads what was typed between its moves (`PN` stops it).
                if self.machine.plays == [true, true] {
                    // (Keys read one by one are taken while it thinks.)
                    let typed = match self.keyboard.typed_ahead.pop_front() {
                        Some(line) => Some(Ok(Line::Text(line.into_bytes()))),
                        None if self.keyed() => None,
                        None => match inputs.try_recv() {
                            Ok(Input::Line(line)) => Some(line),
                            _ => None,
                        },
                    };
                    if let Some(line) = typed {
                        let line = line?;
                        if self.out.teletype.is_some() {
                            self.after_prompt(&line);
                        }
                        if !self.take(line, inputs) {
                            return Ok(self.ending());
                        }
                        continue;
                    }
                }
                self.machine_move(inputs);
                if self.keyboard.interrupted {
                    return Ok(self.interrupt());
                }
                continue;
            }
            self.prompt();
            match self.next_line(inputs) {
                Next::Line(line, ahead) => {
                    if ahead {
                        self.after_prompt(&line);
                    }
                    if !self.take(line, inputs) {
                        return Ok(self.ending());
                    }
                }
                Next::Woken => {}
                Next::End => {
                    self.say("END OF INPUT.");
                    return Ok(self.ending());
                }
                Next::Failed(e) => return Err(e),
                Next::Interrupted => return Ok(self.interrupt()),
            }
        }
    }

    /// Ctrl-C on the screen: the session ends as by `QUIT` (the record holds the game).
    fn interrupt(&mut self) -> Ended {
        self.say("INTERRUPTED (CTRL-C).");
        let ended = self.ending();
        if ended == Ended::Recorded {
            let rec = format!(
                "THE RECORD {} HOLDS THE GAME.",
                self.recording.path.display()
            );
            self.say(&rec);
        }
        ended
    }

    /// Plays the session on the screen: the terminal taken over (raw mode, the alternate
    /// screen), its keys and size read by crossterm; or, on a terminal too small for it, as a
    /// teletype ([`Self::run_on_teletype`]), after a one-line notice. The terminal is given
    /// back as it was however the session ends (and [`super::tty`] gives it back on a panic or
    /// a signal); the transcript's last lines are written to it then.
    pub fn run_on_screen(&mut self) -> io::Result<Ended> {
        // Lines typed into a terminal are not to be rewritten in place.
        self.out.display.live = false;
        let inputs = read_keys()?;
        let (width, height) = crossterm::terminal::size()?;
        if !screen::fits(width, height) {
            self.say(&too_small(width, height));
            return self.play_on_teletype(width, &inputs);
        }
        self.out.takeover = Some(Takeover::take(&mut self.out.lines, true)?);
        self.out.screen = Some(Screen::new(width, height));
        let ended = self.play(&inputs);
        self.give_back();
        ended
    }

    /// Plays the session as a teletype on a terminal whose keys it reads one by one (raw mode,
    /// crossterm), so that a line typed while the machine thinks stays on the printout's last
    /// line ([`TeletypeLine`]), apart from what the machine writes, and is written after its
    /// prompt once read: the printout is the plain teletype's, but nothing runs into what is
    /// being typed, and each line typed shows once. The terminal is given back as in
    /// [`Self::run_on_screen`].
    pub fn run_on_teletype(&mut self) -> io::Result<Ended> {
        self.out.display.live = false;
        let inputs = read_keys()?;
        let (width, _) = crossterm::terminal::size()?;
        self.play_on_teletype(width, &inputs)
    }

    /// Plays the session as a teletype on a terminal `width` columns wide whose keys come
    /// through `inputs` ([`Self::run_on_teletype`]).
    fn play_on_teletype(&mut self, width: u16, inputs: &Receiver<Input>) -> io::Result<Ended> {
        self.out.takeover = Some(Takeover::take(&mut self.out.lines, false)?);
        self.out.lines.raw = true;
        self.out.teletype = Some(TeletypeLine::new(width));
        let ended = self.play(inputs);
        self.give_back();
        ended
    }

    /// Whether the terminal's keys are read one by one (the screen, or a teletype on a
    /// terminal), not its lines.
    fn keyed(&self) -> bool {
        self.out.screen.is_some() || self.out.teletype.is_some()
    }

    /// A line typed ahead of its prompt, on a terminal (where the user's lines show as typed):
    /// written after the prompt, as if typed there, so that the transcript reads in order; the
    /// terminal showed it where it was typed, amid the machine's reply. On a teletype whose keys
    /// are read one by one, every line read: the prompt and the line, in place of the line
    /// being typed (which showed it until then).
    fn after_prompt(&mut self, line: &Line) {
        if !self.out.prompts {
            return;
        }
        let text = match line {
            Line::Text(bytes) => ascii(&clip(String::from_utf8_lossy(bytes).trim())),
            _ => String::new(),
        };
        if self.out.teletype.is_some() {
            self.rub_out();
            let _ = writeln!(self.out.lines, "{}{text}", prompt_text(&self.game));
            self.out.prompted = false;
            self.redraw();
            return;
        }
        self.out.prompted = false;
        let _ = writeln!(self.out.lines, "{text}");
    }

    /// Handles a line of input as it came; false ends the session.
    fn take(&mut self, line: Line, inputs: &Receiver<Input>) -> bool {
        let text = match line {
            Line::Text(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Line::TooLong(head) => {
                let start: String = String::from_utf8_lossy(&head).chars().take(20).collect();
                self.say(&format!(
                    "A LINE LONGER THAN {} ('{start}...') IS IGNORED.",
                    crate::game::input::size_text(LINE_MAX as u64).to_uppercase()
                ));
                return true;
            }
            Line::End => return false,
        };
        if self.recording.error.is_some() {
            return self.handle_unrecorded(text.trim());
        }
        self.handle(text.trim(), inputs)
    }

    fn prompt(&mut self) {
        if self.keyed() {
            self.out.prompted = true;
            self.redraw();
            return;
        }
        if !self.out.prompts {
            return;
        }
        let label = prompt_text(&self.game);
        let _ = write!(self.out.lines, "{label}");
        let _ = self.out.lines.flush();
        self.out.prompted = true;
    }

    /// On the screen, the line typed as the teletype would show it after its prompt, before
    /// what answers it (a move is echoed as it is read instead).
    fn screen_echo(&mut self, line: &str) {
        if self.out.screen.is_some() {
            let text = format!("{}{line}", prompt_text(&self.game));
            self.say(&text);
        }
    }

    /// Draws the screen as the session stands, in the screen mode; on a teletype whose keys
    /// are read one by one, the line being typed.
    fn redraw(&mut self) {
        if let Some(screen) = self.out.screen.as_mut() {
            let frame = screen_frame(view!(self), screen.panel_rows());
            let _ = screen.draw(&mut self.out.lines, &frame);
        } else if let Some(t) = self.out.teletype.as_mut() {
            let _ = write!(self.out.lines, "{}", t.show(&teletype_text(view!(self))));
            let _ = self.out.lines.flush();
        }
    }

    /// On a teletype whose keys are read one by one, rubs the line being typed out, so that
    /// what is written next starts at the beginning of the printout's last line.
    fn rub_out(&mut self) {
        if let Some(t) = self.out.teletype.as_mut() {
            let _ = write!(self.out.lines, "{}", t.rub_out());
        }
    }

    /// Handles one line; false ends the session.
    fn handle(&mut self, line: &str, inputs: &Receiver<Input>) -> bool {
        if line.is_empty() {
            return true;
        }
        match command::parse(line) {
            Err(e) => {
                self.screen_echo(line);
                self.say(&e);
            }
            Ok(Some(c)) => {
                self.screen_echo(line);
                return self.command(c, inputs);
            }
            Ok(None) => self.user_move(line),
        }
        true
    }

    fn command(&mut self, c: Command, inputs: &Receiver<Input>) -> bool {
        match c {
            Command::Board if self.out.screen.is_some() => {
                let line = self.status_line();
                self.say(&line);
            }
            Command::Board => self.show_board(),
            Command::Flip => {
                self.out.bottom = !self.out.bottom;
                self.show_board();
            }
            Command::Game => self.print_game(),
            Command::Undo => self.undo(),
            Command::Plays { white, black } => {
                self.machine.plays = [white, black];
                self.set_names();
                let who = match (white, black) {
                    (true, true) => "BOTH SIDES",
                    (true, false) => "WHITE",
                    (false, true) => "BLACK",
                    (false, false) => "NEITHER SIDE",
                };
                self.say(&format!("THE MACHINE PLAYS {who}."));
            }
            Command::SetWidths(w) => match w.parse::<WidthSchedule>() {
                Ok(w) => {
                    self.machine.engine.update(|p| p.widths = w);
                    self.list();
                }
                Err(e) => self.say(&capitals(&e.to_string())),
            },
            Command::SetDepth(d) => match parse_depth(&d) {
                Ok(d) => {
                    self.machine.engine.update(|p| p.depth = d);
                    self.list();
                }
                Err(e) => self.say(&capitals(&e.to_string())),
            },
            Command::SetFeedovers(f) => match parse_feedovers(&f) {
                Ok(f) => {
                    self.machine.engine.update(|p| p.feedovers = f);
                    self.list();
                }
                Err(e) => self.say(&capitals(&e.to_string())),
            },
            Command::List => self.list(),
            Command::Book(on) => {
                self.machine.use_book = on.unwrap_or(!self.machine.use_book);
                let state = if self.machine.use_book { "ON" } else { "OFF" };
                self.say(&format!("BOOK {state}"));
            }
            Command::Save(file) => {
                let text = record::to_pgn(&self.game, &self.recording.tags);
                match disk::replace(Path::new(&file), &text) {
                    Ok(()) => self.say(&format!("SAVED IN {file}")),
                    Err(e) => self.say(&format!("CANNOT SAVE IN {file}: {e}")),
                }
            }
            Command::Restore(file) => self.restore(&file),
            Command::Record(file) => self.record_again(file.as_deref()),
            Command::DrawOffer => self.draw_offer(),
            Command::Claim(with) => self.claim(with.as_deref()),
            Command::Draw => {
                if self.game.claimable().is_some() {
                    self.claim(None);
                } else {
                    self.draw_offer();
                }
            }
            Command::Resign => self.resign(),
            Command::New => self.new_game(),
            Command::Hint => self.hint(inputs),
            Command::Help => {
                for line in HELP.lines() {
                    self.say(line);
                }
            }
            Command::Quit => {
                if self.save_record() {
                    self.say("BYE.");
                }
                return false;
            }
        }
        true
    }

    /// `SETTINGS: PROFILE C197, ...`: the program's settings now, as the session shows them.
    fn settings_line(&self) -> String {
        capitals(&format!(
            "SETTINGS: {}",
            settings::line(self.machine.engine.params())
        ))
    }

    fn list(&mut self) {
        let settings = self.settings_line();
        self.say(&settings);
        let game = format!(
            "BOOK {}  SEED {}  MACHINE PLAYS {}  CLOCK {}  DEEPEN {}  RECORD {}",
            if self.machine.use_book { "ON" } else { "OFF" },
            self.machine.seed,
            record::sides_text(self.machine.plays).to_uppercase(),
            self.clock.control,
            if self.machine.deepen {
                "ON (DEPTH 1, 2, 3, ... WITHIN THE CLOCK)"
            } else {
                "OFF"
            },
            self.recording.path.display()
        );
        self.say(&game);
    }

    /// Prints the board and the status line (on the screen, where the board is always shown,
    /// nothing: `BD` says the status line).
    fn show_board(&mut self) {
        if self.out.screen.is_some() {
            return;
        }
        self.rub_out();
        let pos = self.game.position();
        let b = board::draw(pos, self.out.bottom, self.out.display);
        let _ = write!(self.out.lines, "{b}");
        let line = self.status_line();
        self.say(&line);
    }

    /// Who is to move, or how the game ended, and the clocks: `WHITE TO MOVE.  CLOCKS: WHITE
    /// 0:10:00  BLACK 0:10:00`, `WHITE RESIGNS, BLACK WINS   0-1.  CLOCKS: ...`.
    fn status_line(&self) -> String {
        let white = clock::hms(self.clock.remaining(Color::White));
        let black = clock::hms(self.clock.remaining(Color::Black));
        let state = standing(&self.game);
        format!("{state}.  CLOCKS: WHITE {white}  BLACK {black}")
    }

    fn print_game(&mut self) {
        let settings = self.settings_line();
        self.say(&settings);
        let note = |m: &GameMove| {
            if m.book {
                format!("{:<14}BOOK", m.descriptive)
            } else {
                match m.seconds {
                    Some(s) => format!("{:<14}{s:.2}", m.descriptive),
                    None => m.descriptive.clone(),
                }
            }
        };
        let mut lines: Vec<String> = numbered(&self.game)
            .into_iter()
            .map(|(label, white, black)| {
                let white = white.map_or("...".to_string(), note);
                let black = black.map(note).unwrap_or_default();
                format!("{label:<5} {white:<20} {black}")
            })
            .collect();
        if lines.is_empty() {
            lines.push("NO MOVES YET.".into());
        }
        if let Some(e) = self.game.ending {
            lines.push(format!("{e}   {}", e.result()));
        }
        for l in lines {
            self.say(l.trim_end());
        }
    }

    fn undo(&mut self) {
        let mut taken = Vec::new();
        let mut take_back = |game: &mut Game| {
            let label = game.move_label(game.moves().len().checked_sub(1)?);
            let gm = game.undo()?;
            taken.push(format!("{label} {}", gm.descriptive));
            Some(())
        };
        if take_back(&mut self.game).is_none() {
            self.say("NO MOVE TO TAKE BACK.");
            return;
        }
        // Take back the machine's reply too, so the user is to move again.
        let one_side = self.machine.plays[0] != self.machine.plays[1];
        if one_side && self.machine_to_move() {
            take_back(&mut self.game);
        }
        self.say(&format!("TAKEN BACK: {}.", taken.join(", ")));
        self.announced = false;
        // The program as the game now left it: its searches repeated, not forgotten.
        for note in self.rebuild(Some(self.machine.seed)) {
            if !note.starts_with("THE PROGRAM GOES ON") {
                self.say(&note);
            }
        }
        self.clock.start(self.game.position().side_to_move());
        if self.save_record() {
            self.show_board();
        }
    }

    /// `RS FILE`: goes on with the game recorded in FILE, in a record of its own (FILE is left
    /// as it is); the game being played stays in its record.
    fn restore(&mut self, file: &str) {
        match opening::continuation(Path::new(file), Some(self.clock.control), None) {
            Ok(s) => {
                let config = PlayConfig {
                    plays: Some(self.machine.plays),
                    ..PlayConfig::default()
                };
                let (setup, notes) = match setup_for(&config, Some(&s.tags)) {
                    Ok(x) => x,
                    Err(e) => return self.say(&format!("CANNOT RESTORE {file}: {e}")),
                };
                let record_seed = resumed_seed(&s.tags);
                self.game = s.game;
                self.recording.tags = s.tags;
                self.recording.names_from_play = false;
                self.recording.path = s.path;
                self.recording.written = record::to_pgn(&self.game, &self.recording.tags);
                self.announced = self.game.ending.is_some();
                self.machine.engine = Engine::new(setup.params);
                self.machine.use_book = setup.book;
                self.machine.seed = setup.seed.unwrap_or_default();
                let notes: Vec<String> =
                    notes.into_iter().chain(self.rebuild(record_seed)).collect();
                for note in notes {
                    self.say(&note);
                }
                self.clock = Clock::new(s.clock);
                self.restore_clock();
                self.clock.start(self.game.position().side_to_move());
                self.say(&format!(
                    "RESTORED {} PLIES FROM {file}; RECORDING THE GAME IN {} ({file} IS LEFT AS IT IS).",
                    self.game.moves().len(),
                    self.recording.path.display()
                ));
                self.print_game();
                self.show_board();
            }
            Err(e) => self.say(&format!("CANNOT RESTORE {file}: {e}")),
        }
    }

    /// `NEW`: another game from the start, between the same sides under the same control and
    /// settings, the book's choices from a new seed (from the time), in a new record under an
    /// automatic name here; the game played so far stays in its record (unfinished if it was
    /// not over).
    fn new_game(&mut self) {
        let white = player_name(self.machine.plays[0], &self.recording.user).to_string();
        let black = player_name(self.machine.plays[1], &self.recording.user).to_string();
        let setup = Setup {
            seed: Some(seed_from_time()),
            ..self.setup()
        };
        let control = Some(self.clock.control);
        let s = match opening::new_game(&white, &black, control, &setup, None) {
            Ok(s) => s,
            Err(e) => {
                self.say(&format!("CANNOT START A NEW GAME: {e}"));
                return;
            }
        };
        let unfinished = self.game.ending.is_none() && !self.game.moves().is_empty();
        let old = self.recording.path.display().to_string();
        self.game = s.game;
        self.game.set_claims(true);
        self.recording.tags = s.tags;
        self.recording.names_from_play = true;
        self.recording.path = s.path;
        self.recording.written = record::to_pgn(&self.game, &self.recording.tags);
        self.announced = false;
        self.machine.engine.new_game();
        self.machine.resign.reset();
        self.machine.last_value = None;
        self.machine.seed = setup.seed.unwrap_or_default();
        self.machine.rng = StdRng::seed_from_u64(self.machine.seed);
        self.clock = Clock::new(s.clock);
        if unfinished {
            self.say(&format!("THE GAME IN {old} IS LEFT UNFINISHED."));
        }
        self.say(&format!(
            "A NEW GAME: RECORDING IT IN {}.",
            self.recording.path.display()
        ));
        self.show_board();
        self.clock.start(self.game.position().side_to_move());
    }

    /// `HINT`: the move the machine would play in the user's place, searched as it searches
    /// its own (by an engine of its own, so that the machine's play is not changed) in the time
    /// the clock would allot it; the user's clock runs meanwhile.
    fn hint(&mut self, inputs: &Receiver<Input>) {
        if self.game.ending.is_some() {
            self.say("THE GAME IS OVER.");
            return;
        }
        let pos = self.game.position().clone();
        let side = pos.side_to_move();
        let params = self.machine.engine.params().clone();
        let engine = self
            .machine
            .hint_engine
            .get_or_insert_with(|| Engine::new(params.clone()));
        if engine.params() != &params {
            engine.set_params(params);
        }
        let limits = Limits {
            time: Some(self.clock.allot(side)),
            deepen: self.deepening(),
            ..Limits::default()
        };
        let thought = self.think_live(true, &pos, limits, inputs);
        if let Some(t) = self.out.thinking.as_mut() {
            t.ended = Some(Outcome::Hint);
        }
        if self.game.ending.is_some() || self.keyboard.interrupted {
            return; // the flag fell meanwhile, or Ctrl-C
        }
        match thought.best {
            Some(m) => {
                let text = format!(
                    "HINT: {}, VALUE {:+.2}",
                    notation::describe(&pos, m),
                    f64::from(thought.value) / 128.0
                );
                self.say(&capitals(&text));
            }
            None => self.say("NO LEGAL MOVE."),
        }
    }

    /// `RESIGN`: the user's side resigns (the side to move when the machine plays neither or
    /// both).
    fn resign(&mut self) {
        if self.game.ending.is_some() {
            self.say("THE GAME IS OVER.");
            return;
        }
        let side = match self.machine.plays {
            [true, false] => Color::Black,
            [false, true] => Color::White,
            _ => self.game.position().side_to_move(),
        };
        self.stop_clock(side);
        if self.game.ending.is_none() {
            self.game.ending = Some(Ending::Resignation(side));
        }
    }

    fn draw_offer(&mut self) {
        if self.game.ending.is_some() {
            self.say("THE GAME IS OVER.");
            return;
        }
        if accepts_draw(self.machine.last_value) {
            self.game.ending = Some(Ending::DrawAgreed);
            self.save_record();
            self.show("ACCEPT".into());
        } else {
            self.say("DECLINE");
        }
    }

    /// `CLAIM [MOVE]`: the user, to move, claims the draw the rules allow now or with `with`
    /// (played, then the claim stands); else says why there is none to claim.
    fn claim(&mut self, with: Option<&str>) {
        if self.game.ending.is_some() {
            self.say("THE GAME IS OVER.");
            return;
        }
        let pos = self.game.position().clone();
        let side = pos.side_to_move();
        if self.machine.plays[side.index()] {
            self.say("ONLY THE PLAYER TO MOVE MAY CLAIM A DRAW, AND THE MACHINE IS TO MOVE.");
            return;
        }
        let mv = match with {
            None => None,
            Some(text) => match notation::parse_any(&pos, text) {
                Ok(m) => Some(m),
                Err(_) => {
                    // The move's own message, as a move typed alone gets it.
                    self.user_move(text);
                    return;
                }
            },
        };
        let ending = match mv {
            None => self.game.claimable(),
            Some(m) => self.game.claimable_with(m),
        };
        let Some(ending) = ending else {
            let after = with.map_or(String::new(), |t| format!(" WITH {}", t.to_uppercase()));
            let (seen, clock) = match mv {
                Some(m) => {
                    let mut earlier = self.game.history().to_vec();
                    earlier.push(pos.key());
                    let next = pos.play(m);
                    (next.times_seen_before(&earlier), next.halfmove_clock())
                }
                None => (
                    pos.times_seen_before(self.game.history()),
                    pos.halfmove_clock(),
                ),
            };
            let stands = if with.is_some() {
                "WOULD STAND"
            } else {
                "STANDS"
            };
            self.say(&format!(
                "NO DRAW TO CLAIM{after}: THE POSITION {stands} FOR THE {} TIME (A CLAIM \
                 NEEDS THE THIRD), {clock} HALF-MOVES WITHOUT A CAPTURE OR PAWN MOVE (A CLAIM \
                 NEEDS 100).",
                ordinal(seen + 1)
            ));
            return;
        };
        if let Some(text) = with {
            self.user_move(text);
        } else {
            self.stop_clock(side);
        }
        // A fallen flag (or the move's own ending) stands.
        if self.game.ending.is_some() {
            return;
        }
        self.game.ending = Some(ending);
        // On disk before it is shown (the ending is announced after it).
        self.save_record();
        self.show(format!("{} CLAIMS A DRAW.", side.name().to_uppercase()));
    }

    /// Stops the clock for the side that just moved: the seconds it used, and whether its flag fell.
    fn stop_clock(&mut self, mover: Color) -> f64 {
        let used = self.clock.stop();
        if self.clock.flag_fallen(mover) {
            self.game.ending = Some(Ending::Time(mover));
        }
        used.as_secs_f64()
    }

    fn user_move(&mut self, text: &str) {
        if let Some(e) = self.game.ending {
            self.screen_echo(text);
            self.say(&format!(
                "THE GAME IS OVER ({e}   {}): NEW STARTS ANOTHER, U TAKES BACK A MOVE, RS \
                 RESTORES A GAME, QUIT ENDS.",
                e.result()
            ));
            return;
        }
        let pos = self.game.position().clone();
        match notation::parse_any(&pos, text) {
            Ok(m) => {
                let mover = pos.side_to_move();
                let secs = self.stop_clock(mover);
                let ending = self.game.ending;
                self.game.play(m, Some(secs), false);
                if ending.is_some() {
                    self.game.ending = ending;
                }
                let full = descriptive::format(&pos, m, Style::Teletype);
                let echo = format!(
                    "{} {full}",
                    self.game.move_label(self.game.moves().len() - 1)
                );
                // On disk before it is shown.
                if !self.save_record() {
                    self.show(echo);
                    return;
                }
                // One echo per move: after a prompt, the line as typed (by the terminal, or
                // after the prompt when typed ahead); through a pipe, the move as written.
                if !self.out.prompts || self.out.screen.is_some() {
                    self.say(&echo);
                }
                self.clock.start(self.game.position().side_to_move());
            }
            Err(e) => {
                self.screen_echo(text);
                let msg = match e {
                    notation::MoveError::Ambiguous { .. } => format!("AMBIGUOUS: {e}"),
                    // Neither a move nor a command, but near a command's word.
                    notation::MoveError::Syntax { .. } | notation::MoveError::Empty
                        if let Some(meant) = command::suggestion(text) =>
                    {
                        format!(
                            "NOT A MOVE OR COMMAND: '{}'. DID YOU MEAN {meant}?",
                            notation::excerpt(text)
                        )
                    }
                    notation::MoveError::Syntax { .. } | notation::MoveError::Empty => {
                        format!("NOT A MOVE OR COMMAND: {e} (HELP LISTS THE COMMANDS)")
                    }
                    _ => format!("ILLEGAL: {e}"),
                };
                self.say(&capitals(&msg));
            }
        }
    }

    /// How the machine's searches deepen: not at all (as in 1967), or within the clock's time
    /// (`--deepen`).
    fn deepening(&self) -> Deepening {
        if self.machine.deepen {
            Deepening::Play
        } else {
            Deepening::Off
        }
    }

    /// The machine's move: from the book if it has one, else from the search; or its resignation.
    fn machine_move(&mut self, inputs: &Receiver<Input>) {
        let started = Instant::now();
        let pos = self.game.position().clone();
        let mover = pos.side_to_move();
        let book_move = if self.machine.use_book {
            self.machine.book.choose(&pos, &mut self.machine.rng)
        } else {
            None
        };
        let mut time_1967 = None;
        let mut claim_with = None;
        let (m, searched) = match book_move {
            Some(m) => (m, None),
            None => {
                let limits = Limits {
                    time: Some(self.clock.allot(mover)),
                    deepen: self.deepening(),
                    ..Limits::default()
                };
                let thought = self.think_live(false, &pos, limits.clone(), inputs);
                if self.keyboard.interrupted {
                    return; // Ctrl-C: the search was stopped, its move is not played
                }
                let paced = self.machine.engine.statistics().time_1967();
                time_1967 = Some(paced);
                if let Some(pace) = self.machine.pace
                    && self.game.ending.is_none()
                {
                    // Never past the time the clock allots: the pace must not lose on time.
                    let until = started + pace.target(paced).min(limits.time.unwrap_or_default());
                    if let Some(t) = self.out.thinking.as_mut() {
                        t.answer = Some((until, paced));
                    }
                    self.wait_live(until, inputs);
                    if let Some(t) = self.out.thinking.as_mut() {
                        t.answer = None;
                    }
                }
                if self.out.display.live {
                    let _ = write!(self.out.lines, "\r\x1b[2K");
                }
                if self.game.ending.is_some() || self.keyboard.interrupted {
                    return; // its flag fell while it thought, or Ctrl-C: no move
                }
                self.machine.last_value = Some(thought.value);
                let Some(m) = thought.best else {
                    return; // no legal move: the rules ending is already set
                };
                // A draw the rules allow now, claimed when worse than what it expects; or the
                // one its move makes, claimed with the move when the move is worth a draw.
                if let Some(e) = self.game.claimable()
                    && claims_draw(thought.value)
                {
                    self.stop_clock(mover);
                    if self.game.ending.is_none() {
                        self.game.ending = Some(e);
                        // On disk before it is shown (the ending is announced after it).
                        self.save_record();
                        self.show(format!("{} CLAIMS A DRAW.", mover.name().to_uppercase()));
                    }
                    return;
                }
                claim_with = self
                    .game
                    .claimable_with(m)
                    .filter(|_| claims_draw_with_move(thought.value));
                if self.machine.resign.resigns_after(thought.value) {
                    self.stop_clock(mover);
                    self.game.ending = Some(Ending::Resignation(mover));
                    return;
                }
                // Deepening, the move is the deepest finished depth's: the record names that
                // depth, at which the search repeats (`game::rerun`).
                let mut params = self.machine.engine.params().clone();
                params.depth = thought.depth;
                let searched = Searched {
                    value: thought.value,
                    stopped_at: thought.stopped_at,
                    params,
                };
                (m, Some(searched))
            }
        };
        let secs = self.stop_clock(mover);
        let flag = self.game.ending;
        let book = searched.is_none();
        match searched {
            Some(s) => self.game.play_searched(m, Some(secs), s),
            None => self.game.play(m, None, true),
        };
        if flag.is_some() {
            self.game.ending = flag;
        }
        let gm = self.game.moves().last().expect("just played").clone();
        let label = self.game.move_label(self.game.moves().len() - 1);
        if book {
            self.out.thinking = Some(Thinking::new());
        }
        if let Some(t) = self.out.thinking.as_mut() {
            t.ended = Some(if book {
                Outcome::Book
            } else {
                Outcome::Searched(secs)
            });
        }
        let note = match time_1967 {
            None => "BOOK".to_string(),
            Some(t) => format!("{secs:.2} SEC  (1967: {:.1} SEC)", t.as_secs_f64()),
        };
        // The draw its move makes claimable, claimed with the move: the record holds both.
        let claimed = match claim_with {
            Some(e) if self.game.ending.is_none() => {
                self.game.ending = Some(e);
                true
            }
            _ => false,
        };
        // On disk before it is shown.
        self.save_record();
        self.show(format!("{label} {:<16}{note}", gm.descriptive));
        if claimed {
            self.show(format!("{} CLAIMS A DRAW.", mover.name().to_uppercase()));
        }
        self.clock.start(self.game.position().side_to_move());
        if self.recording.error.is_some() {
            return;
        }
        // On a terminal the board follows each reply; on a teletype BD asks for it.
        if self.out.display.live && self.game.ending.is_none() && !self.machine_to_move() {
            self.show_board();
        }
    }

    /// Searches `pos` with `limits` (the machine's engine, or with `hint` the hint engine) on
    /// a thread of its own, while this one keeps the clock live: what the search reports is
    /// taken into [`Self::thinking`] and shown, keys typed meanwhile are taken (on the
    /// screen), and the search is stopped if the flag of the side to move falls (then the game
    /// is over on time, [`Self::check_flag`]) or Ctrl-C is typed.
    fn think_live(
        &mut self,
        hint: bool,
        pos: &Position,
        limits: Limits,
        inputs: &Receiver<Input>,
    ) -> Thought {
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            stop: Some(stop.clone()),
            ..limits
        };
        let history = self.game.history().to_vec();
        self.out.thinking = Some(Thinking::new());
        let (send, reports) = mpsc::channel::<Report>();
        let engine = match (hint, self.machine.hint_engine.as_mut()) {
            (true, Some(e)) => e,
            _ => &mut self.machine.engine,
        };
        let thought = thread::scope(|s| {
            let worker = s.spawn(move || {
                engine.think(pos, &history, &limits, &mut |r: &Report| {
                    let _ = send.send(r.clone());
                })
            });
            loop {
                match reports.recv_timeout(TICK) {
                    Ok(r) => {
                        if let Some(t) = self.out.thinking.as_mut() {
                            t.report(pos, &r);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                if self.clock.flag_in() == Some(Duration::ZERO) {
                    stop.store(true, Ordering::SeqCst);
                }
                // (Fields, not methods: the engine is lent to the search.)
                if self.out.screen.is_some() || self.out.teletype.is_some() {
                    // Keys typed meanwhile: kept for when the machine has answered.
                    while let Ok(input) = inputs.try_recv() {
                        match input {
                            Input::Key(k) => match self.keyboard.editor.key(&k) {
                                Edit::Line(line) => self.keyboard.typed_ahead.push_back(line),
                                Edit::Interrupt => {
                                    self.keyboard.interrupted = true;
                                    stop.store(true, Ordering::SeqCst);
                                }
                                _ => {}
                            },
                            Input::Resize(w, h) => self.keyboard.resized = Some((w, h)),
                            Input::Line(_) => {}
                        }
                        if self.keyboard.typed_ahead.len() >= TYPED_AHEAD_MAX {
                            break; // the rest waits in the channel
                        }
                    }
                }
                if let Some(screen) = self.out.screen.as_mut() {
                    if self
                        .keyboard
                        .resized
                        .is_none_or(|(w, h)| screen::fits(w, h))
                    {
                        if let Some((w, h)) = self.keyboard.resized.take() {
                            screen.resize(w, h);
                        }
                        let frame = screen_frame(view!(self), screen.panel_rows());
                        let _ = screen.draw(&mut self.out.lines, &frame);
                    }
                } else if let Some(t) = self.out.teletype.as_mut() {
                    let _ = write!(self.out.lines, "{}", t.show(&teletype_text(view!(self))));
                    let _ = self.out.lines.flush();
                } else if self.out.display.live
                    && let Some(t) = self.out.thinking.as_ref()
                {
                    let _ = write!(self.out.lines, "\r\x1b[2K{}", t.status_line());
                    let _ = self.out.lines.flush();
                }
            }
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        self.check_flag();
        self.after_thinking();
        thought
    }

    /// With `--pace`, waits until `until` (the search's 1967-equivalent time scaled), the clock
    /// live as in [`Self::think_live`], showing the best move found and the time left.
    fn wait_live(&mut self, until: Instant, inputs: &Receiver<Input>) {
        loop {
            if self.check_flag() || self.keyboard.interrupted {
                return;
            }
            let now = Instant::now();
            if now >= until {
                return;
            }
            if self.keyed() {
                match inputs.recv_timeout((until - now).min(TICK)) {
                    Ok(Input::Key(k)) => match self.keyboard.editor.key(&k) {
                        Edit::Line(line) if self.keyboard.typed_ahead.len() < TYPED_AHEAD_MAX => {
                            self.keyboard.typed_ahead.push_back(line)
                        }
                        Edit::Interrupt => self.keyboard.interrupted = true,
                        _ => {}
                    },
                    Ok(Input::Resize(w, h)) => {
                        self.keyboard.resized = Some((w, h));
                        self.after_thinking();
                    }
                    _ => {}
                }
                self.redraw();
            } else {
                if self.out.display.live
                    && let Some(t) = self.out.thinking.as_ref()
                {
                    let _ = write!(self.out.lines, "\r\x1b[2K{}", t.status_line());
                    let _ = self.out.lines.flush();
                }
                thread::sleep((until - now).min(TICK));
            }
        }
    }

    /// What waited while the machine thought: a new size of the terminal (the screen drawn
    /// again, or, too small, given up for the teletype).
    fn after_thinking(&mut self) {
        if let Some((w, h)) = self.keyboard.resized.take() {
            self.resize(w, h);
        }
    }

    /// The terminal's new size: the screen drawn to it, or given up for the teletype if it is
    /// too small, with a one-line notice.
    fn resize(&mut self, width: u16, height: u16) {
        if let Some(t) = self.out.teletype.as_mut() {
            t.resize(width);
        }
        let Some(screen) = self.out.screen.as_mut() else {
            return;
        };
        if screen::fits(width, height) {
            screen.resize(width, height);
            self.redraw();
            return;
        }
        self.leave_screen();
        self.out.teletype = Some(TeletypeLine::new(width));
        self.say(&too_small(width, height));
        self.show_board();
    }

    /// Gives the screen up: the alternate screen left, the keys still read one by one (for a
    /// teletype, [`Self::run_on_teletype`], until the session ends), and the transcript's last
    /// lines written, so that the game reads on.
    fn leave_screen(&mut self) {
        let Some(screen) = self.out.screen.take() else {
            return;
        };
        if let Some(t) = self.out.takeover.as_mut() {
            t.leave_screen(&mut self.out.lines);
        }
        self.out.lines.raw = true;
        self.out.display = Display {
            live: false,
            ..self.out.display
        };
        self.out.prompted = false;
        for line in screen.last_lines(SHOWN_ON_LEAVING) {
            let _ = writeln!(self.out.lines, "{line}");
        }
        let _ = self.out.lines.flush();
    }

    /// The terminal given back as it was when the session ends: the screen left (its
    /// transcript's last lines written), or the line being typed rubbed out.
    fn give_back(&mut self) {
        self.leave_screen();
        self.rub_out();
        if let Some(t) = self.out.takeover.as_mut() {
            t.give_back(&mut self.out.lines);
        }
        self.out.takeover = None;
        self.out.teletype = None;
        self.out.lines.raw = false;
        let _ = self.out.lines.flush();
    }

    /// Page Up and Page Down on the screen: the transcript scrolled back and forth. True if `key`
    /// was one of them.
    fn scrolled(&mut self, key: &KeyEvent) -> bool {
        let Some(screen) = self.out.screen.as_mut() else {
            return false;
        };
        match key.code {
            KeyCode::PageUp => screen.scroll(1),
            KeyCode::PageDown => screen.scroll(-1),
            _ => return false,
        }
        true
    }

    /// The flag of the side whose clock runs, fallen if its time is over: the game is then over
    /// on time, recorded, and announced by the loop ([`Self::play`]). True if it fell now.
    fn check_flag(&mut self) -> bool {
        if self.game.ending.is_some() {
            return false;
        }
        let Some(side) = self.clock.flag_falls() else {
            return false;
        };
        self.game.ending = Some(Ending::Time(side));
        self.save_record();
        true
    }

    /// The next line the user typed, the clock live meanwhile: a line already waiting was
    /// typed ahead of its prompt. On the screen, keys are taken into the line being typed, the
    /// screen drawn again as they come and as the clock ticks.
    fn next_line(&mut self, inputs: &Receiver<Input>) -> Next {
        if self.keyboard.interrupted {
            return Next::Interrupted;
        }
        if let Some(line) = self.keyboard.typed_ahead.pop_front() {
            self.out.prompted = false;
            return Next::Line(Line::Text(line.into_bytes()), self.out.teletype.is_some());
        }
        // Lines (not keys) already waiting were typed ahead.
        let mut ahead = !self.keyed();
        loop {
            if self.check_flag() {
                return Next::Woken;
            }
            let input = if ahead {
                match inputs.try_recv() {
                    Ok(input) => Ok(input),
                    Err(mpsc::TryRecvError::Empty) => {
                        ahead = false;
                        continue;
                    }
                    Err(mpsc::TryRecvError::Disconnected) => Err(RecvTimeoutError::Disconnected),
                }
            } else {
                // Just past a flag's fall, so that it has fallen when looked at; on the
                // screen, each tick of the clock.
                let flag = self.clock.flag_in().map(|d| d + Duration::from_millis(1));
                let wait = match (flag, self.out.screen.is_some()) {
                    (Some(d), true) => Some(d.min(TICK)),
                    (None, true) => Some(TICK),
                    (d, false) => d,
                };
                match wait {
                    Some(d) => inputs.recv_timeout(d),
                    None => inputs.recv().map_err(|_| RecvTimeoutError::Disconnected),
                }
            };
            match input {
                Ok(Input::Line(Ok(line))) => {
                    self.out.prompted = false;
                    return Next::Line(line, ahead);
                }
                Ok(Input::Line(Err(e))) => return Next::Failed(e),
                Ok(Input::Key(k)) if self.scrolled(&k) => self.redraw(),
                Ok(Input::Key(k)) => match self.keyboard.editor.key(&k) {
                    Edit::Line(line) => {
                        self.out.prompted = false;
                        // The teletype writes the line after its prompt, in place of the line
                        // being typed.
                        let ahead = self.out.teletype.is_some();
                        return Next::Line(Line::Text(line.into_bytes()), ahead);
                    }
                    Edit::Interrupt => return Next::Interrupted,
                    Edit::End => return Next::End,
                    Edit::Changed => self.redraw(),
                    Edit::Nothing => {}
                },
                Ok(Input::Resize(w, h)) => {
                    let screen = self.out.screen.is_some();
                    self.resize(w, h);
                    if screen && self.out.screen.is_none() {
                        return Next::Woken; // the teletype prompts again
                    }
                }
                Err(RecvTimeoutError::Timeout) => self.redraw(),
                Err(RecvTimeoutError::Disconnected) => return Next::End,
            }
        }
    }
}

/// Who is to move (`WHITE TO MOVE`), or how the game ended (`WHITE RESIGNS, BLACK WINS   0-1`).
fn standing(game: &Game) -> String {
    match game.ending {
        Some(e) => format!("{e}   {}", e.result()),
        None => format!(
            "{} TO MOVE",
            game.position().side_to_move().name().to_uppercase()
        ),
    }
}

/// The prompt before a line: the move's label (`12.`, `12...`), or that the game is over.
fn prompt_text(game: &Game) -> String {
    match game.ending {
        Some(e) => format!("GAME OVER ({}) * ", e.result()),
        None => format!("{} ", game.move_label(game.moves().len())),
    }
}

/// The one-line notice of a terminal too small for the screen.
fn too_small(width: u16, height: u16) -> String {
    format!(
        "THE TERMINAL IS {width}X{height}, SMALLER THAN THE SCREEN NEEDS ({}X{}): GOING ON AS A \
         TELETYPE.",
        screen::MIN_WIDTH,
        screen::MIN_HEIGHT
    )
}

/// The transcript's lines written to the terminal when the screen gives it back.
const SHOWN_ON_LEAVING: usize = 12;

/// The most lines typed ahead that wait on the screen (more wait in the channel).
const TYPED_AHEAD_MAX: usize = 64;

/// The session's fields the screen is drawn from, borrowed one by one (so that they can be
/// while the engine is lent to the search's thread).
struct View<'a> {
    game: &'a Game,
    clock: &'a Clock,
    tags: &'a Tags,
    thinking: Option<&'a Thinking>,
    bottom: Color,
    display: Display,
    editor: &'a LineEditor,
    typed_ahead: &'a VecDeque<String>,
    prompted: bool,
}

impl View<'_> {
    /// The prompt, if one waits for a line.
    fn prompt(&self) -> String {
        if self.prompted {
            prompt_text(self.game)
        } else {
            String::new()
        }
    }

    /// The lines typed ahead and the line being typed: `bd / resi`.
    fn typed(&self) -> String {
        let mut typed: Vec<&str> = self.typed_ahead.iter().map(String::as_str).collect();
        typed.push(self.editor.text());
        typed.join(" / ")
    }
}

/// The [`View`] of a session's fields.
macro_rules! view {
    ($s:ident) => {
        View {
            game: $s.recording.recorded.as_ref().unwrap_or(&$s.game),
            clock: &$s.clock,
            tags: &$s.recording.tags,
            thinking: $s.out.thinking.as_ref(),
            bottom: $s.out.bottom,
            display: $s.out.display,
            editor: &$s.keyboard.editor,
            typed_ahead: &$s.keyboard.typed_ahead,
            prompted: $s.out.prompted,
        }
    };
}
use view;

/// The line being typed as a teletype shows it ([`TeletypeLine`]): the prompt, if one waits,
/// then the lines typed ahead and the line being typed, as on the screen's last line.
fn teletype_text(v: View<'_>) -> String {
    ascii(&format!("{}{}", v.prompt(), v.typed()))
}

/// What the screen shows of `v`, the machine's panel `rows` lines high.
fn screen_frame(v: View<'_>, rows: usize) -> Frame {
    let over = if v.game.ending.is_some() {
        "GAME OVER: "
    } else {
        ""
    };
    let status = format!("{over}{}", standing(v.game));
    let clocks = [("WHITE", Color::White), ("BLACK", Color::Black)]
        .into_iter()
        .map(|(side, c)| ClockView {
            side,
            name: v
                .tags
                .get(if c == Color::White { "White" } else { "Black" })
                .unwrap_or("?")
                .to_string(),
            left: v.clock.remaining(c),
            running: v.clock.running() == Some(c),
        })
        .collect();
    let machine = match v.thinking {
        Some(t) => t.panel(rows),
        None => vec!["ITS SEARCH SHOWS HERE".to_string()],
    };
    Frame {
        board: board::draw(v.game.position(), v.bottom, v.display),
        status,
        clocks,
        moves: move_lines(v.game),
        machine,
        prompt: v.prompt(),
        typed: v.typed(),
    }
}

/// The game's moves a line per move number: `12. P-K4           N-KB3`.
fn move_lines(game: &Game) -> Vec<String> {
    numbered(game)
        .into_iter()
        .map(|(label, white, black)| {
            let white = white.map_or("...", |m| m.descriptive.as_str());
            let black = black.map_or("", |m| m.descriptive.as_str());
            format!("{label:<4} {white:<16} {black}")
        })
        .collect()
}

/// The game's moves a line per move number, as `PG` and the screen list them: the line's label
/// (`12.`; `12` where the line begins with Black's move, White's written `...`), White's move
/// and Black's.
fn numbered(game: &Game) -> Vec<(String, Option<&GameMove>, Option<&GameMove>)> {
    let moves = game.moves();
    let mut lines = Vec::new();
    let mut i = 0;
    while i < moves.len() {
        let label = game.move_label(i);
        if label.ends_with("...") {
            let number = label.trim_end_matches("...").to_string();
            lines.push((number, None, Some(&moves[i])));
            i += 1;
        } else {
            lines.push((label, Some(&moves[i]), moves.get(i + 1)));
            i += 2;
        }
    }
    lines
}

/// How often a live display is redrawn and a running flag looked at while nothing comes in.
const TICK: Duration = Duration::from_millis(100);

/// What comes in while a session runs.
enum Input {
    /// A line of input, as [`read_lines`] reads it.
    Line(io::Result<Line>),
    /// A key, on the screen.
    Key(KeyEvent),
    /// The terminal's new size, on the screen.
    Resize(u16, u16),
}

/// What the session waited for ([`Session::next_line`]).
enum Next {
    /// A line, and whether it was typed ahead of its prompt.
    Line(Line, bool),
    /// A flag fell: the game is over.
    Woken,
    /// The input ended.
    End,
    /// The input could not be read.
    Failed(io::Error),
    /// Ctrl-C on the screen: the session ends as by `QUIT`.
    Interrupted,
}

/// "SECOND", "THIRD", ... for the teletype.
fn ordinal(n: usize) -> String {
    match n {
        1 => "FIRST".into(),
        2 => "SECOND".into(),
        3 => "THIRD".into(),
        4 => "FOURTH".into(),
        n => format!("{n}TH"),
    }
}

/// The lines of `input` as they come, at most [`LINE_MAX`] bytes each, read by a thread of
/// their own: bytes, not Strings (a line that is not UTF-8 is garbled input, not an I/O error);
/// the channel closes at the end of input. At most a few lines wait in the channel: a flood of
/// input waits in the pipe, not in memory.
fn read_lines(input: impl BufRead + Send + 'static) -> Receiver<Input> {
    let (send, receive) = mpsc::sync_channel(64);
    thread::spawn(move || send_lines(input, &send));
    receive
}

/// Sends the lines of `input` ([`read_lines`]) until its end or the session's.
fn send_lines(input: impl BufRead, send: &mpsc::SyncSender<Input>) {
    let mut input = LineReader::new(input, LINE_MAX);
    loop {
        match input.next_line() {
            Ok(Line::End) => return,
            Ok(line) => {
                if send.send(Input::Line(Ok(line))).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = send.send(Input::Line(Err(e)));
                return;
            }
        }
    }
}

/// The terminal's keys and sizes as they come (raw mode), read by a thread of its own for as
/// long as the session takes them (the channel open). Crossterm's reader is set up here, before
/// anything is drawn, so that a size the terminal takes from now on comes as an event (its
/// signal, SIGWINCH, is otherwise ignored: a terminal made smaller just after the first screen
/// went unnoticed).
fn read_keys() -> io::Result<Receiver<Input>> {
    event::poll(Duration::ZERO)?;
    let (send, receive) = mpsc::sync_channel(64);
    thread::spawn(move || {
        loop {
            match event::poll(TICK) {
                Ok(false) => continue,
                Ok(true) => {}
                Err(e) => {
                    let _ = send.send(Input::Line(Err(e)));
                    return;
                }
            }
            let input = match event::read() {
                Ok(Event::Key(k)) => Input::Key(k),
                Ok(Event::Resize(w, h)) => Input::Resize(w, h),
                Ok(_) => continue,
                Err(e) => Input::Line(Err(e)),
            };
            if send.send(input).is_err() {
                return;
            }
        }
    });
    Ok(receive)
}

/// A message in the teletype's capitals but for the user's text, in quotes, as typed (a `'`
/// between two letters, as in `White's`, is an apostrophe, not a quote).
fn capitals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut quoted = false;
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let between_letters = i > 0
            && chars[i - 1].is_alphabetic()
            && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        if c == '\'' && !between_letters {
            quoted = !quoted;
        }
        if quoted {
            out.push(c);
        } else {
            out.extend(c.to_uppercase());
        }
    }
    out
}

/// A line in the teletype's character set, plain ASCII: `…` written `...`, any other character
/// outside ASCII (a garbled byte the user typed) `?`.
fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '…' => out.push_str("..."),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interface::Preset;

    /// The output of a session fed `input`, its output going to a terminal (`live`) or not, its
    /// input coming from one (`prompts`) or not.
    fn session_output(name: &str, live: bool, prompts: bool, input: &str) -> String {
        let dir = std::env::temp_dir().join(format!("machack-terminal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let record = dir.join(name);
        let _ = std::fs::remove_file(&record);
        let config = config(record);
        let display = Display {
            live,
            colour: false,
            glyphs: false,
        };
        let mut out = Vec::new();
        let mut session = Session::new(&config, &mut out, display, prompts).unwrap();
        // Every line waiting before the session starts, as typed ahead.
        let lines: Vec<&str> = input.lines().collect();
        assert_eq!(session.play(&waiting(&lines)).unwrap(), Ended::Recorded);
        drop(session);
        String::from_utf8(out).unwrap()
    }

    /// The lines after the first board, up to `BYE.`.
    fn moves_part(out: &str) -> &str {
        let from = out.find("CLOCKS").unwrap();
        let from = from + out[from..].find('\n').unwrap() + 1;
        &out[from..]
    }

    #[test]
    fn after_a_prompt_the_line_typed_is_the_one_echo() {
        // Lines read at once, as typed ahead of their prompts: each written after its prompt.
        let out = session_output("prompts.pgn", false, true, "e4\nP-K4\nquit\n");
        assert_eq!(moves_part(&out), "1. e4\n1... P-K4\n2. quit\nBYE.\n");
    }

    #[test]
    fn through_a_pipe_every_move_is_echoed_once() {
        let out = session_output("piped.pgn", false, false, "e4\nP-K4\nquit\n");
        assert_eq!(moves_part(&out), "1. P-K4\n1... P-K4\nBYE.\n");
    }

    /// A game between two users (the quick preset, no book), recorded in `record`.
    fn config(record: PathBuf) -> PlayConfig {
        PlayConfig {
            plays: Some([false, false]),
            changes: Changes {
                preset: Some(Preset::Quick),
                items: Vec::new(),
            },
            seed: Some(1),
            book: Some(false),
            record: Some(record),
            name: "Tester".into(),
            ..PlayConfig::default()
        }
    }

    /// Lines for a session, all waiting before it starts (the channel closed after them).
    fn waiting(lines: &[&str]) -> Receiver<Input> {
        let (send, inputs) = mpsc::sync_channel(64);
        for line in lines {
            let line = Line::Text(line.as_bytes().to_vec());
            send.send(Input::Line(Ok(line))).unwrap();
        }
        inputs
    }

    /// Keys for a session, all waiting before it starts (the channel closed after them): each
    /// character of `text` typed, `\n` as Return.
    fn typed(text: &str) -> Receiver<Input> {
        let (send, inputs) = mpsc::sync_channel(256);
        for c in text.chars() {
            let code = if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            };
            let key = KeyEvent::new(code, crossterm::event::KeyModifiers::NONE);
            send.send(Input::Key(key)).unwrap();
        }
        inputs
    }

    #[test]
    fn a_teletype_reading_keys_shows_the_line_typed_once_after_its_prompt() {
        let dir = std::env::temp_dir().join(format!("machack-keyed-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let config = config(dir.join("game.pgn"));
        let mut out = Vec::new();
        let mut session = Session::new(&config, &mut out, Display::TELETYPE, true).unwrap();
        session.out.teletype = Some(TeletypeLine::new(80));
        session.out.lines.raw = true;
        let ended = session.play(&typed("e4\nbd?\nquit\n")).unwrap();
        assert_eq!(ended, Ended::Recorded);
        drop(session);
        let out = String::from_utf8(out).unwrap();
        // Each key shown as typed; the line, on Return, rubbed out and written after its
        // prompt; the machine's words on lines of their own.
        assert_eq!(
            moves_part(&out),
            "1. e4\r     \r1. e4\r\n\
             1... bd?\r        \r1... bd?\r\n\
             NOT A MOVE OR COMMAND: 'bd?'. DID YOU MEAN BD?\r\n\
             1... quit\r         \r1... quit\r\n\
             BYE.\r\n"
        );
    }

    #[test]
    fn the_screen_shows_nothing_the_record_lacks() {
        let dir = std::env::temp_dir().join(format!("machack-screen-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let record = dir.join("game.pgn");
        let config = config(record.clone());
        let mut out = Vec::new();
        let mut session = Session::new(&config, &mut out, Display::TELETYPE, true).unwrap();
        session.out.screen = Some(Screen::new(80, 24));
        // The record cannot be replaced: a folder stands where it was.
        std::fs::remove_file(&record).unwrap();
        std::fs::create_dir(&record).unwrap();
        let rows = |s: &Session<&mut Vec<u8>>| {
            let screen = s.out.screen.as_ref().unwrap();
            screen.rows(&screen_frame(view!(s), screen.panel_rows()))
        };
        let inputs = waiting(&["e4"]);
        let ended = session.play(&inputs).unwrap();
        assert!(matches!(ended, Ended::Incomplete(_)), "{ended:?}");
        let shown = rows(&session);
        // The start, White to move, no move in the list; the transcript says why.
        assert!(shown[0].contains("WHITE TO MOVE"), "{shown:#?}");
        assert!(
            shown[7].starts_with(" 2  WP WP WP WP WP WP WP WP"),
            "{shown:#?}"
        );
        assert!(!shown[5].contains("WP"), "{shown:#?}");
        assert!(shown.iter().all(|r| !r.contains("P-K4")), "{shown:#?}");
        assert!(
            shown
                .iter()
                .any(|r| r.starts_with("CANNOT WRITE THE RECORD ")),
            "{shown:#?}"
        );
        // Recorded elsewhere: the move is shown.
        let elsewhere = dir.join("elsewhere.pgn");
        session.record_again(Some(elsewhere.to_str().unwrap()));
        let shown = rows(&session);
        assert!(shown[0].contains("BLACK TO MOVE"), "{shown:#?}");
        assert!(shown[5].contains("WP"), "{shown:#?}");
        assert!(shown.iter().any(|r| r.contains("1.   P-K4")), "{shown:#?}");
    }
}
