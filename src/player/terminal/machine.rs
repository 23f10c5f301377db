//! The machine as a player ([`Machine`]): its move from the book or from a search on a thread
//! of its own while the clock stays live and the keys are taken, paced as in 1967 if asked;
//! its draws and resignation; and the hint it gives the user.

use super::Session;
use super::keyboard::{Input, TICK, TYPED_AHEAD_MAX};
use super::output::{View, capitals, screen_frame, teletype_text, view};
use crate::book::{Book, Seeded};
use crate::game::deepening::Report;
use crate::game::engine::{Engine, Thought};
use crate::game::judgement::{ResignWatch, claims_draw, claims_draw_with_move};
use crate::game::{Ending, Searched};
use crate::interface::settings;
use crate::interface::{Deepening, Limits};
use crate::notation;
use crate::player::editor::Edit;
use crate::player::pace::Pace;
use crate::player::screen;
use crate::player::thinking::{Outcome, Thinking, value_words};
use crate::rules::Position;
use crate::value::Value;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The machine as a player: the sides it plays, the engine it thinks with, its book, how it
/// spends its time, and what it remembers for draws and resigning.
pub(super) struct Machine {
    /// Which sides it plays, White and Black.
    pub(super) plays: [bool; 2],
    /// The engine that chooses its moves.
    pub(super) engine: Engine,
    /// The engine that finds hints (`HINT`), apart from the machine's, whose run state it
    /// leaves as it is; made at the first hint.
    pub(super) hint_engine: Option<Engine>,
    /// The opening book, and whether it is used.
    pub(super) book: Book,
    pub(super) use_book: bool,
    /// The book's random choices, and the seed they started from (the record's `MachackSeed`).
    pub(super) rng: Seeded,
    pub(super) seed: u64,
    /// The value of its last search (its word on a draw offer).
    pub(super) last_value: Option<Value>,
    /// Its hopeless values in a row, for resigning.
    pub(super) resign: ResignWatch,
    /// `--pace 1967`: it answers no sooner than its search would have in 1967, scaled.
    pub(super) pace: Option<Pace>,
    /// Whether it deepens within its clock (`--deepen`; not in 1967).
    pub(super) deepen: bool,
    /// Whether its search found no move in a position with legal moves: a fault of the port,
    /// never a result; the session stops, the game unfinished in its record.
    pub(super) fault: bool,
}

impl<W: Write> Session<W> {
    /// `SETTINGS: PROFILE C197, ...`: the program's settings now, as the session shows them.
    pub(super) fn settings_line(&self) -> String {
        capitals(&format!(
            "SETTINGS: {}",
            settings::line(self.machine.engine.params())
        ))
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
    pub(super) fn machine_move(&mut self, inputs: &Receiver<Input>) {
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
        let mut note = None;
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
                    if !pos.legal_moves().is_empty() {
                        // A fault of the port, never a result: the game stops unfinished, its
                        // record kept to be resumed (issue 31).
                        self.stop_clock(mover);
                        self.show(
                            "THE PROGRAM FOUND NO MOVE THOUGH THERE ARE LEGAL MOVES: A FAULT \
                             OF THIS RECREATION. THE GAME STOPS UNFINISHED."
                                .into(),
                        );
                        self.machine.fault = true;
                    }
                    return; // no legal move: the rules ending is already set
                };
                // Once a game: where it searched a position the original could not hold.
                if !self.game.noted() && !thought.approximations.is_empty() {
                    let said: Vec<String> = thought
                        .approximations
                        .iter()
                        .map(|a| a.to_string())
                        .collect();
                    note = Some(said.join("; "));
                }
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
        if let Some(n) = &note {
            self.game.note_last(n.clone());
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
        let timing = match time_1967 {
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
        self.show(format!("{label} {:<16}{timing}", gm.descriptive));
        if let Some(n) = note {
            self.show(format!("NOTE: {}", n.to_uppercase()));
        }
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
    /// taken into its display (`Output::thinking`) and shown, keys typed meanwhile are taken (on
    /// the screen), and the search is stopped if the flag of the side to move falls (then the
    /// game is over on time, [`Self::check_flag`]) or Ctrl-C is typed.
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
                    let _ = write!(self.out.lines, "\r\x1b[2K{}", t.status_line(self.out.san));
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
                    let _ = write!(self.out.lines, "\r\x1b[2K{}", t.status_line(self.out.san));
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

    /// `HINT`: the move the machine would play in the user's place, searched as it searches
    /// its own (by an engine of its own, so that the machine's play is not changed) in the time
    /// the clock would allot it; the user's clock runs meanwhile.
    pub(super) fn hint(&mut self, inputs: &Receiver<Input>) {
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
                    "HINT: {}, VALUE {}",
                    notation::describe(&pos, m),
                    value_words(thought.value)
                );
                self.say(&capitals(&text));
            }
            None => self.say("NO LEGAL MOVE."),
        }
    }
}
