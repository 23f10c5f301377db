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
//!
//! The session ([`Session`], this file: its play loop and the commands' dispatch) is kept by
//! concern in the files of `terminal/`:
//!
//! - `setup.rs`: how a game is set up ([`PlayConfig`]), over a resumed record's settings;
//! - `machine.rs`: the machine as a player: its moves, thought on a thread of its own while the
//!   clock stays live, its draws and resignation, the hint;
//! - `user.rs`: what the user does: moves and the commands that show or change the game;
//! - `clock.rs`: the chess clock as the session runs it;
//! - `recording.rs`: the record on disk, which comes first;
//! - `output.rs`: the terminal written to, in lines, on the screen or as a teletype;
//! - `keyboard.rs`: the input, lines or keys, and the keys typed while the machine thinks.

mod clock;
mod keyboard;
mod machine;
mod output;
mod recording;
mod setup;
mod user;

pub use setup::{MACHINE_NAME, PlayConfig};

use crate::book::{Book, Seeded};
use crate::game::Game;
use crate::game::clock::Clock;
use crate::game::engine::Engine;
use crate::game::input::{self, LINE_MAX, Line};
use crate::game::judgement::ResignWatch;
use crate::game::record::{self, Setup, opening};
use crate::game::rerun::rerun;
use crate::interface::params::parse_feedovers;
use crate::interface::{WidthSchedule, parse_depth};
use crate::notation::{Style, descriptive};
use crate::player::board::Display;
use crate::player::command::{self, Command};
use crate::player::editor::TeletypeLine;
use crate::player::screen::{self, Screen};
use crate::player::tty::{RawLines, Takeover};
use crate::rules::Color;
use keyboard::{Input, Keyboard, Next, read_keys, read_lines};
use machine::Machine;
use output::{Output, capitals, too_small};
use recording::Recording;
use setup::{player_name, resumed_seed, setup_for};
use std::io::{self, BufRead, Write};
use std::sync::mpsc::Receiver;

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
                rng: Seeded::new(seed),
                seed,
                last_value: None,
                resign: ResignWatch::default(),
                pace: config.pace,
                deepen: config.deepen,
                fault: false,
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
                untouched: config.in_place,
                clocks_kept: false,
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
                shelved: None,
                san: false,
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
            _ => Seeded::new(self.machine.seed),
        };
        self.machine.resign = r.resign;
        self.machine.last_value = r.last_value;
        notes
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
            // (The settings were just said.)
            self.print_moves();
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
                if self.machine.fault {
                    return Ok(self.ending());
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
            // The screen comes when the terminal grows to hold it.
            self.out.shelved = Some(Screen::new(width, height));
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
            Command::Save(file) => self.save_copy(&file),
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
            Command::Clock => {
                let line = self.clocks_line();
                self.say(&line);
            }
            Command::San(on) => {
                self.out.san = on.unwrap_or(!self.out.san);
                let said = if self.out.san {
                    "SAN ON: THE MACHINE'S SEARCH IS SHOWN IN SAN."
                } else {
                    "SAN OFF: THE MACHINE'S SEARCH IS SHOWN IN DESCRIPTIVE NOTATION."
                };
                self.say(said);
                self.redraw();
            }
            Command::Help => self.help(),
            Command::Quit => {
                self.keep_clocks();
                if self.save_record() {
                    self.say("BYE.");
                }
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::output::{View, screen_frame, view};
    use super::*;
    use crate::interface::Preset;
    use crate::interface::settings::Changes;
    use crossterm::event::{KeyCode, KeyEvent};
    use std::path::PathBuf;
    use std::sync::mpsc;

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
        // No frame drawn showed the move, not even the one that says the record failed.
        let drawn = String::from_utf8_lossy(session.out.lines.get_ref().as_slice()).into_owned();
        assert!(!drawn.contains("P-K4"), "{drawn}");
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
