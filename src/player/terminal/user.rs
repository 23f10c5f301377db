//! What the user does: a move, and the commands that show or change the game (`LIST`, `PG`,
//! `U`, `RS`, `NEW`, `RESIGN`, `DRAW?`, `CLAIM`).

use super::Session;
use super::output::{capitals, numbered};
use super::setup::{PlayConfig, player_name, resumed_seed, seed_from_time, setup_for};
use crate::book::Seeded;
use crate::game::clock::Clock;
use crate::game::engine::Engine;
use crate::game::judgement::accepts_draw;
use crate::game::record::{self, Setup, opening};
use crate::game::{Ending, Game, GameMove};
use crate::notation::{self, Style, descriptive};
use crate::player::command;
use crate::rules::Color;
use std::io::Write;
use std::path::Path;

impl<W: Write> Session<W> {
    pub(super) fn list(&mut self) {
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

    /// `PG`: the settings, then the game so far.
    pub(super) fn print_game(&mut self) {
        let settings = self.settings_line();
        self.say(&settings);
        self.print_moves();
    }

    /// The game's moves so far, a line per move number, with their times and book moves, and
    /// how it ended.
    pub(super) fn print_moves(&mut self) {
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

    pub(super) fn undo(&mut self) {
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
    pub(super) fn restore(&mut self, file: &str) {
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
                self.recording.untouched = false;
                self.announced = self.game.ending.is_some();
                self.out.thinking = None;
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
    pub(super) fn new_game(&mut self) {
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
        self.recording.untouched = false;
        self.announced = false;
        // The last game's search is not this game's.
        self.out.thinking = None;
        self.machine.engine.new_game();
        self.machine.resign.reset();
        self.machine.last_value = None;
        self.machine.seed = setup.seed.unwrap_or_default();
        self.machine.rng = Seeded::new(self.machine.seed);
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

    /// `RESIGN`: the user's side resigns (the side to move when the machine plays neither or
    /// both).
    pub(super) fn resign(&mut self) {
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

    pub(super) fn draw_offer(&mut self) {
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
    pub(super) fn claim(&mut self, with: Option<&str>) {
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

    pub(super) fn user_move(&mut self, text: &str) {
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
