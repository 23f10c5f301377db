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
use super::pace::Pace;
use crate::book::Book;
use crate::game::clock::{self, Clock, TimeControl};
use crate::game::engine::{Engine, Report};
use crate::game::input::{self, LINE_MAX, Line, LineReader};
use crate::game::judgement::{ResignWatch, accepts_draw, claims_draw, claims_draw_with_move};
use crate::game::record::{self, ReadSetup, Setup, Tags, disk, opening};
use crate::game::rerun::rerun;
use crate::game::{Ending, Game, GameMove, Searched};
use crate::notation::{self, Style, clip, descriptive};
use crate::program::params::parse_feedovers;
use crate::program::settings::{self, Changes};
use crate::program::{Deepening, Limits};
use crate::program::{Progress, SearchParams, WidthSchedule, parse_depth};
use crate::rules::Color;
use crate::value::Value;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
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
}

/// The seed a record's book choices were made with (its `MachackSeed`).
fn resumed_seed(tags: &Tags) -> Option<u64> {
    record::read_setup(tags).ok().and_then(|s| s.seed)
}

/// The name the machine goes by in records.
pub const MACHINE_NAME: &str = "Mac Hack VI (machack)";

/// The name of a player in a record begun here: the machine's or `Human`.
fn player_name(machine: bool) -> &'static str {
    if machine { MACHINE_NAME } else { "Human" }
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

/// A terminal session: the game, the engine, the book, the clock and where the record goes.
pub struct Session<W: Write> {
    out: W,
    display: Display,
    bottom: Color,
    prompts: bool,
    game: Game,
    tags: Tags,
    names_from_play: bool,
    engine: Engine,
    book: Book,
    use_book: bool,
    rng: StdRng,
    seed: u64,
    clock: Clock,
    machine: [bool; 2],
    record_path: PathBuf,
    notes: Vec<String>,
    last_value: Option<Value>,
    resign: ResignWatch,
    announced: bool,
    pace: Option<Pace>,
    /// Whether the machine deepens within its clock (`--deepen`; not in 1967).
    deepen: bool,
    /// The record's text as last written (or read, continued in place): an unchanged game is
    /// not written again.
    written: String,
    /// Why the record cannot be written, while it cannot: nothing more is shown until it is.
    record_error: Option<String>,
    /// What waits to be shown until the record holds it.
    held: Vec<String>,
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
                    player_name(setup.plays[0]),
                    player_name(setup.plays[1]),
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
            out,
            display,
            bottom: if setup.plays == [true, false] {
                Color::Black
            } else {
                Color::White
            },
            prompts,
            game: s.game,
            tags: s.tags,
            names_from_play: s.names_from_play,
            engine: Engine::new(setup.params.clone()),
            book: Book::builtin(),
            use_book: setup.book,
            rng: StdRng::seed_from_u64(seed),
            seed,
            clock: Clock::new(s.clock),
            machine: setup.plays,
            record_path: s.path,
            notes,
            last_value: None,
            resign: ResignWatch::default(),
            announced: false,
            pace: config.pace,
            written,
            record_error: None,
            held: Vec::new(),
            deepen: config.deepen,
        };
        // Over the board, a third repetition or fifty moves is a draw when claimed.
        session.game.set_claims(true);
        session.restore_clock();
        if !session.game.moves().is_empty() {
            let notes = session.rebuild(resumed_seed(&session.tags));
            session.notes.extend(notes);
        }
        Ok(session)
    }

    /// What the program is playing with now, as the record's tags say it.
    fn setup(&self) -> Setup {
        Setup {
            params: self.engine.params().clone(),
            book: self.use_book,
            seed: Some(self.seed),
            plays: self.machine,
        }
    }

    /// Rebuilds the program as the game so far left it, by repeating its searches and book
    /// choices in order ([`rerun`]); the book's choices are repeated from `record_seed`, the seed
    /// they were made with. Returns what to tell the user: the searches repeated, and every
    /// move the program no longer plays, with its ply.
    fn rebuild(&mut self, record_seed: Option<u64>) -> Vec<String> {
        let params = self.engine.params().clone();
        let n = self.game.moves().len();
        let r = rerun(
            &self.game,
            n,
            &params,
            record_seed,
            &self.book,
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
        self.engine = Engine::with_program(r.program);
        self.engine.set_params(params);
        // The book goes on from where its choices left the generator, unless another seed
        // was given.
        self.rng = match r.rng {
            Some(rng) if record_seed == Some(self.seed) => rng,
            _ => StdRng::seed_from_u64(self.seed),
        };
        self.resign = r.resign;
        self.last_value = r.last_value;
        notes
    }

    /// Names the players in a record begun here from who the machine plays; a resumed record
    /// keeps its names.
    fn set_names(&mut self) {
        if self.names_from_play {
            self.tags.set("White", player_name(self.machine[0]));
            self.tags.set("Black", player_name(self.machine[1]));
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
        let _ = writeln!(self.out, "{}", ascii(&clip(text)));
        let _ = self.out.flush();
    }

    /// Writes the record, with the settings now in force, before whatever changed it is shown
    /// (nothing when the game is as on disk: a change of settings alone is written with the
    /// next move, so that a record continued in place is not rewritten until a move is made);
    /// false if it cannot be written, and then the session holds back what it would show
    /// ([`Self::show`]) until the record is written or the user quits. The failure is said once.
    fn save_record(&mut self) -> bool {
        if self.record_error.is_some() {
            return false;
        }
        if record::to_pgn(&self.game, &self.tags) == self.written {
            return true;
        }
        let setup = self.setup();
        self.tags.set_setup(&setup);
        let text = record::to_pgn(&self.game, &self.tags);
        if text == self.written {
            return true;
        }
        match disk::replace(&self.record_path, &text) {
            Ok(()) => {
                self.written = text;
                true
            }
            Err(e) => {
                let why = e.to_string();
                self.say(&format!(
                    "CANNOT WRITE THE RECORD {}: {why}. THE GAME IS KEPT, AND NOTHING MORE OF IT \
                     IS SHOWN UNTIL IT IS RECORDED: TYPE RECORD TO TRY AGAIN, RECORD FILE TO GO \
                     ON IN A NEW FILE, OR QUIT TO SAVE IT ELSEWHERE.",
                    self.record_path.display()
                ));
                self.record_error = Some(why);
                false
            }
        }
    }

    /// Shows `line`, which tells of a change the record holds, or holds it back until the
    /// record can be written.
    fn show(&mut self, line: String) {
        if self.record_error.is_some() {
            self.held.push(line);
        } else {
            self.say(&line);
        }
    }

    /// `RECORD` (try the record again) or `RECORD FILE` (go on in FILE, a new file): on
    /// success, what was held back is shown.
    fn record_again(&mut self, file: Option<&str>) {
        let text = record::to_pgn(&self.game, &self.tags);
        let written = match file {
            None => disk::replace(&self.record_path, &text).map_err(|e| {
                format!(
                    "CANNOT WRITE THE RECORD {}: {e}",
                    self.record_path.display()
                )
            }),
            Some(f) => opening::create(Some(Path::new(f)), &text)
                .map(|p| self.record_path = p)
                .map_err(|e| format!("CANNOT RECORD IN {f}: {e}")),
        };
        match written {
            Ok(()) => {
                self.written = text;
                self.record_error = None;
                let plies = self.game.moves().len();
                self.say(&format!(
                    "RECORDING THE GAME IN {} ({plies} PLIES RECORDED).",
                    self.record_path.display()
                ));
                for line in std::mem::take(&mut self.held) {
                    self.say(&line);
                }
            }
            Err(e) => {
                if self.record_error.is_some() {
                    self.record_error = Some(e.clone());
                }
                self.say(&e);
            }
        }
    }

    /// The end of a session whose record could not be written: the game is saved under an
    /// automatic name beside the record, else in the temporary directory, else written out
    /// here; what happened, for the exit message.
    fn rescue(&mut self) -> Ended {
        let text = record::to_pgn(&self.game, &self.tags);
        let on_disk = record::read_pgn(&self.written).map_or(0, |r| r.game.moves().len());
        let plies = self.game.moves().len();
        let record = self.record_path.display().to_string();
        let beside = match self.record_path.parent() {
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
                let _ = write!(self.out, "{text}");
                let _ = self.out.flush();
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
                let _ = write!(self.out, "{HELP}");
            }
            Ok(Some(Command::Quit)) => return false,
            _ => {
                let why = self.record_error.clone().unwrap_or_default();
                self.say(&format!(
                    "THE RECORD {} CANNOT BE WRITTEN ({why}): TYPE RECORD TO TRY AGAIN, RECORD \
                     FILE TO GO ON IN A NEW FILE, OR QUIT.",
                    self.record_path.display()
                ));
            }
        }
        true
    }

    fn machine_to_move(&self) -> bool {
        self.game.ending.is_none() && self.machine[self.game.position().side_to_move().index()]
    }

    /// Plays the session: reads lines until `QUIT` or the end of input. The input is read by a
    /// thread of its own, so that lines typed while the machine plays both sides (`PS`) are
    /// handled between its moves. Says whether the record holds the whole game.
    pub fn run(&mut self, input: impl BufRead + Send + 'static) -> io::Result<Ended> {
        let lines = read_lines(input);
        self.say("MAC HACK VI (1967), RECREATED. TYPE HELP FOR COMMANDS.");
        let rec = format!("RECORDING THE GAME IN {}", self.record_path.display());
        self.say(&rec);
        for note in std::mem::take(&mut self.notes) {
            self.say(&note);
        }
        let settings = capitals(&format!(
            "SETTINGS: {}",
            settings::line(self.engine.params())
        ));
        self.say(&settings);
        if !self.game.moves().is_empty() {
            let n = self.game.moves().len();
            self.say(&format!("RESUMED AFTER {n} PLIES."));
            self.print_game();
        }
        self.show_board();
        self.clock.start(self.game.position().side_to_move());
        loop {
            if self.record_error.is_some() {
                // Nothing is played or shown until the record is written.
            } else if let Some(e) = self.game.ending {
                if !self.announced {
                    self.announced = true;
                    self.save_record();
                    self.show(format!("{e}   {}", e.result()));
                }
            } else if self.machine_to_move() {
                // Playing both sides, it reads what was typed between its moves (`PN` stops it).
                if self.machine == [true, true]
                    && let Ok(line) = lines.try_recv()
                {
                    if !self.take(line?) {
                        return Ok(self.ending());
                    }
                    continue;
                }
                self.machine_move();
                continue;
            }
            self.prompt();
            let Ok(line) = lines.recv() else {
                self.say("END OF INPUT.");
                return Ok(self.ending());
            };
            if !self.take(line?) {
                return Ok(self.ending());
            }
        }
    }

    /// Handles a line of input as it came; false ends the session.
    fn take(&mut self, line: Line) -> bool {
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
        if self.record_error.is_some() {
            return self.handle_unrecorded(text.trim());
        }
        self.handle(text.trim())
    }

    fn prompt(&mut self) {
        if !self.prompts {
            return;
        }
        let label = if self.game.ending.is_some() {
            "*".to_string()
        } else {
            self.game.move_label(self.game.moves().len())
        };
        let _ = write!(self.out, "{label} ");
        let _ = self.out.flush();
    }

    /// Handles one line; false ends the session.
    fn handle(&mut self, line: &str) -> bool {
        if line.is_empty() {
            return true;
        }
        match command::parse(line) {
            Err(e) => self.say(&e),
            Ok(Some(c)) => return self.command(c),
            Ok(None) => self.user_move(line),
        }
        true
    }

    fn command(&mut self, c: Command) -> bool {
        match c {
            Command::Board => self.show_board(),
            Command::Flip => {
                self.bottom = !self.bottom;
                self.show_board();
            }
            Command::Game => self.print_game(),
            Command::Undo => self.undo(),
            Command::Plays { white, black } => {
                self.machine = [white, black];
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
                    self.engine.update(|p| p.widths = w);
                    self.list();
                }
                Err(e) => self.say(&capitals(&e.to_string())),
            },
            Command::SetDepth(d) => match parse_depth(&d) {
                Ok(d) => {
                    self.engine.update(|p| p.depth = d);
                    self.list();
                }
                Err(e) => self.say(&capitals(&e.to_string())),
            },
            Command::SetFeedovers(f) => match parse_feedovers(&f) {
                Ok(f) => {
                    self.engine.update(|p| p.feedovers = f);
                    self.list();
                }
                Err(e) => self.say(&capitals(&e.to_string())),
            },
            Command::List => self.list(),
            Command::Book(on) => {
                self.use_book = on.unwrap_or(!self.use_book);
                let state = if self.use_book { "ON" } else { "OFF" };
                self.say(&format!("BOOK {state}"));
            }
            Command::Save(file) => {
                let text = record::to_pgn(&self.game, &self.tags);
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
            Command::Help => {
                let _ = write!(self.out, "{HELP}");
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

    fn list(&mut self) {
        let settings = capitals(&format!(
            "SETTINGS: {}",
            settings::line(self.engine.params())
        ));
        self.say(&settings);
        let game = format!(
            "BOOK {}  SEED {}  MACHINE PLAYS {}  CLOCK {}  DEEPEN {}  RECORD {}",
            if self.use_book { "ON" } else { "OFF" },
            self.seed,
            record::sides_text(self.machine).to_uppercase(),
            self.clock.control,
            if self.deepen {
                "ON (DEPTH 1, 2, 3, ... WITHIN THE CLOCK)"
            } else {
                "OFF"
            },
            self.record_path.display()
        );
        self.say(&game);
    }

    fn show_board(&mut self) {
        let pos = self.game.position();
        let b = board::draw(pos, self.bottom, self.display);
        let _ = write!(self.out, "{b}");
        let white = clock::hms(self.clock.remaining(Color::White));
        let black = clock::hms(self.clock.remaining(Color::Black));
        let side = pos.side_to_move().name().to_uppercase();
        self.say(&format!(
            "{side} TO MOVE.  CLOCKS: WHITE {white}  BLACK {black}"
        ));
    }

    fn print_game(&mut self) {
        let settings = capitals(&format!(
            "SETTINGS: {}",
            settings::line(self.engine.params())
        ));
        self.say(&settings);
        let mut lines = Vec::new();
        let moves = self.game.moves();
        let mut i = 0;
        while i < moves.len() {
            let label = self.game.move_label(i);
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
            if label.ends_with("...") {
                lines.push(format!(
                    "{:<5} {:<20} {}",
                    label.trim_end_matches("..."),
                    "...",
                    note(&moves[i])
                ));
                i += 1;
            } else {
                let white = note(&moves[i]);
                let black = moves.get(i + 1).map(note).unwrap_or_default();
                lines.push(format!("{label:<5} {white:<20} {black}"));
                i += 2;
            }
        }
        if lines.is_empty() {
            lines.push("NO MOVES YET.".into());
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
        let one_side = self.machine[0] != self.machine[1];
        if one_side && self.machine_to_move() {
            take_back(&mut self.game);
        }
        self.say(&format!("TAKEN BACK: {}.", taken.join(", ")));
        self.announced = false;
        // The program as the game now left it: its searches repeated, not forgotten.
        for note in self.rebuild(Some(self.seed)) {
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
                    plays: Some(self.machine),
                    ..PlayConfig::default()
                };
                let (setup, notes) = match setup_for(&config, Some(&s.tags)) {
                    Ok(x) => x,
                    Err(e) => return self.say(&format!("CANNOT RESTORE {file}: {e}")),
                };
                let record_seed = resumed_seed(&s.tags);
                self.game = s.game;
                self.tags = s.tags;
                self.names_from_play = false;
                self.record_path = s.path;
                self.written = record::to_pgn(&self.game, &self.tags);
                self.announced = self.game.ending.is_some();
                self.engine = Engine::new(setup.params);
                self.use_book = setup.book;
                self.seed = setup.seed.unwrap_or_default();
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
                    self.record_path.display()
                ));
                self.print_game();
                self.show_board();
            }
            Err(e) => self.say(&format!("CANNOT RESTORE {file}: {e}")),
        }
    }

    /// `RESIGN`: the user's side resigns (the side to move when the machine plays neither or
    /// both).
    fn resign(&mut self) {
        if self.game.ending.is_some() {
            self.say("THE GAME IS OVER.");
            return;
        }
        let side = match self.machine {
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
        if accepts_draw(self.last_value) {
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
        if self.machine[side.index()] {
            self.say("ONLY THE PLAYER TO MOVE MAY CLAIM A DRAW, AND THE MACHINE IS TO MOVE.");
            return;
        }
        let ending = match with {
            None => self.game.claimable(),
            Some(text) => match notation::parse_any(&pos, text) {
                Ok(m) => self.game.claimable_with(m),
                Err(_) => {
                    // The move's own message, as a move typed alone gets it.
                    self.user_move(text);
                    return;
                }
            },
        };
        let Some(ending) = ending else {
            let after = with.map_or(String::new(), |t| format!(" WITH {}", t.to_uppercase()));
            let (seen, clock) = match with.and_then(|t| notation::parse_any(&pos, t).ok()) {
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
        if self.game.ending.is_some() {
            self.say("THE GAME IS OVER. U TAKES BACK A MOVE, RS RESTORES A GAME, QUIT ENDS.");
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
                // One echo per move: on a terminal the line typed after the prompt becomes the
                // echo; a prompt where the line cannot be rewritten is echoed only if the move was
                // typed otherwise.
                if self.prompts && self.display.live {
                    let _ = write!(self.out, "\x1b[1A\r\x1b[2K");
                    self.say(&echo);
                } else if !self.prompts || !text.eq_ignore_ascii_case(&full) {
                    self.say(&echo);
                }
                self.clock.start(self.game.position().side_to_move());
            }
            Err(e) => {
                let msg = match e {
                    notation::MoveError::Ambiguous { .. } => format!("AMBIGUOUS: {e}"),
                    notation::MoveError::Syntax { .. } | notation::MoveError::Empty => {
                        format!("NOT A MOVE OR COMMAND: {e} (HELP LISTS THE COMMANDS)")
                    }
                    _ => format!("ILLEGAL: {e}"),
                };
                self.say(&capitals(&msg));
            }
        }
    }

    /// The machine's move: from the book if it has one, else from the search; or its resignation.
    fn machine_move(&mut self) {
        let started = Instant::now();
        let pos = self.game.position().clone();
        let mover = pos.side_to_move();
        let book_move = if self.use_book {
            self.book.choose(&pos, &mut self.rng)
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
                    deepen: if self.deepen {
                        Deepening::Play
                    } else {
                        Deepening::Off
                    },
                    ..Limits::default()
                };
                let terminal = self.display.live;
                let out = &mut self.out;
                let mut best_text = String::from("?");
                let mut deep = false;
                let mut progress = |r: &Report| {
                    if !terminal {
                        return;
                    }
                    let p = match r {
                        Report::Search(p) => p,
                        // Deepening: the best is the last depth's.
                        Report::Completed(c) => {
                            if let Some(m) = c.lines.first().and_then(|l| l.pv.first()) {
                                best_text = format!(
                                    "{} ({:+.2}) DEPTH {}",
                                    descriptive::format(&pos, *m, Style::Teletype),
                                    f64::from(c.value) / 128.0,
                                    c.depth
                                );
                            }
                            return;
                        }
                        Report::Begin { deepening, .. } => {
                            deep = *deepening;
                            return;
                        }
                    };
                    match p {
                        Progress::Examining { mv, .. } => {
                            let t = descriptive::format(&pos, *mv, Style::Teletype);
                            let _ = write!(out, "\r\x1b[2KEXAMINING {t:<12} BEST {best_text}");
                        }
                        Progress::NewBest { .. } if deep => {}
                        Progress::NewBest { mv, value, .. } => {
                            best_text = format!(
                                "{} ({:+.2})",
                                descriptive::format(&pos, *mv, Style::Teletype),
                                f64::from(*value) / 128.0
                            );
                        }
                    }
                    let _ = out.flush();
                };
                let thought = self
                    .engine
                    .think(&pos, self.game.history(), &limits, &mut progress);
                let paced = self.engine.statistics().time_1967();
                time_1967 = Some(paced);
                if let Some(pace) = self.pace {
                    // Never past the time the clock allots: the pace must not lose on time.
                    let until = started + pace.target(paced).min(limits.time.unwrap_or_default());
                    self.wait(until, paced, &best_text);
                }
                if terminal {
                    let _ = write!(self.out, "\r\x1b[2K");
                }
                self.last_value = Some(thought.value);
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
                if self.resign.resigns_after(thought.value) {
                    self.stop_clock(mover);
                    self.game.ending = Some(Ending::Resignation(mover));
                    return;
                }
                // Deepening, the move is the deepest finished depth's: the record names that
                // depth, at which the search repeats (`game::rerun`).
                let mut params = self.engine.params().clone();
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
        match searched {
            Some(s) => self.game.play_searched(m, Some(secs), s),
            None => self.game.play(m, None, true),
        };
        if flag.is_some() {
            self.game.ending = flag;
        }
        let gm = self.game.moves().last().expect("just played").clone();
        let label = self.game.move_label(self.game.moves().len() - 1);
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
        if self.record_error.is_some() {
            return;
        }
        // On a terminal the board follows each reply; on a teletype BD asks for it.
        if self.display.live && self.game.ending.is_none() && !self.machine_to_move() {
            self.show_board();
        }
    }

    /// With `--pace`, waits until `until`, the search's 1967-equivalent time `time_1967` scaled,
    /// showing on a terminal the best move found and the time left.
    fn wait(&mut self, until: Instant, time_1967: Duration, best: &str) {
        loop {
            let now = Instant::now();
            if now >= until {
                return;
            }
            if self.display.live {
                let _ = write!(
                    self.out,
                    "\r\x1b[2KBEST {best}  (1967: {:.1} SEC; ANSWERING IN {:.1} SEC)",
                    time_1967.as_secs_f64(),
                    (until - now).as_secs_f64()
                );
                let _ = self.out.flush();
            }
            thread::sleep((until - now).min(Duration::from_millis(100)));
        }
    }
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
fn read_lines(input: impl BufRead + Send + 'static) -> Receiver<io::Result<Line>> {
    let (send, receive) = mpsc::sync_channel(64);
    let mut input = LineReader::new(input, LINE_MAX);
    thread::spawn(move || {
        loop {
            match input.next_line() {
                Ok(Line::End) => return,
                Ok(line) => {
                    if send.send(Ok(line)).is_err() {
                        return;
                    }
                }
                Err(e) => {
                    let _ = send.send(Err(e));
                    return;
                }
            }
        }
    });
    receive
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
    use crate::program::Preset;
    use std::io::Cursor;

    /// The output of a session fed `input`, its output going to a terminal (`live`) or not, its
    /// input coming from one (`prompts`) or not.
    fn session_output(name: &str, live: bool, prompts: bool, input: &str) -> String {
        let dir = std::env::temp_dir().join(format!("machack-terminal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let record = dir.join(name);
        let _ = std::fs::remove_file(&record);
        let config = PlayConfig {
            plays: Some([false, false]),
            changes: Changes {
                preset: Some(Preset::Quick),
                items: Vec::new(),
            },
            seed: Some(1),
            book: Some(false),
            record: Some(record),
            ..PlayConfig::default()
        };
        let display = Display {
            live,
            colour: false,
            glyphs: false,
        };
        let mut out = Vec::new();
        let mut session = Session::new(&config, &mut out, display, prompts).unwrap();
        assert_eq!(
            session.run(Cursor::new(input.as_bytes().to_vec())).unwrap(),
            Ended::Recorded
        );
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
    fn on_a_terminal_the_typed_line_becomes_the_one_echo() {
        let out = session_output("live.pgn", true, true, "e4\nP-K4\nquit\n");
        // The prompt, the move typed (echoed by the terminal, not here), the line rewritten.
        assert_eq!(
            moves_part(&out),
            "1. \x1b[1A\r\x1b[2K1. P-K4\n1... \x1b[1A\r\x1b[2K1... P-K4\n2. BYE.\n"
        );
    }

    #[test]
    fn a_prompt_that_cannot_be_rewritten_echoes_only_a_move_typed_otherwise() {
        let out = session_output("prompts.pgn", false, true, "e4\nP-K4\nquit\n");
        assert_eq!(moves_part(&out), "1. 1. P-K4\n1... 2. BYE.\n");
    }

    #[test]
    fn through_a_pipe_every_move_is_echoed_once() {
        let out = session_output("piped.pgn", false, false, "e4\nP-K4\nquit\n");
        assert_eq!(moves_part(&out), "1. P-K4\n1... P-K4\nBYE.\n");
    }
}
