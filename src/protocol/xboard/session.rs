//! The CECP session: keeps the game, the clocks and the mode (force, playing a side, or analyze),
//! and runs the search in a thread so that `?`, `ping`, `force`, `.` and `quit` are read while it
//! thinks.
//!
//! Analyze mode (spec §12): "similar to force mode, except that your engine thinks about what move
//! it would make next if it were on move". Each position is searched once (the 1967 search is of
//! fixed depth, not iterative); moves, `undo`, `remove`, `new` and `setboard` start the search of
//! the new position, `.` prints the `stat01:` status, `exit` stops the search and leaves the
//! engine in force mode. Nothing is ever played.

use super::analysis::Status;
use super::command::{EngineOption, PvNotation, XboardCommand, option_features, parse};
use crate::book::{Book, Seeded};
use crate::game::clock::TimeControl;
use crate::game::deepening::{Completed, Report};
use crate::game::engine::{Engine, Thought, centipawns};
use crate::game::judgement::{ResignWatch, accepts_draw};
use crate::game::{Ending, Game};
use crate::interface::{Deepening, Limits, Line, Profile, Progress, SearchParams, settings};
use crate::notation::{self, Style, clip, descriptive, excerpt, san};
use crate::protocol::threads::{
    Event, Thinking, mate_in_moves, next_event, read_input, too_long, wait_done,
};
use crate::rules::{Color, Position};
use crate::value::Value;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, SyncSender};
use std::time::Duration;

/// The feature line sent after `protover 2` (before `done=1` and the options of
/// [`option_features`]).
/// `sigterm` is left at its default, 1: the program may be ended by SIGTERM (python-chess
/// rejects `sigterm=0` with a warning); `nps=0`: node-count time controls are not supported.
pub const FEATURES: &str = "feature ping=1 setboard=1 usermove=1 san=0 sigint=0 reuse=1 \
    colors=0 time=1 nps=0 myname=\"machack (Mac Hack VI 1967)\"";

/// A mate score as CECP wants it (spec §10, `post`): 100000 + N for a mate in N moves, and
/// −100000 − N for being mated in N; other values in centipawns.
pub fn cecp_score(v: Value) -> i64 {
    match mate_in_moves(v) {
        Some(n) if n > 0 => 100_000 + i64::from(n),
        Some(n) => -100_000 + i64::from(n),
        None => i64::from(centipawns(v)),
    }
}

struct Session<W: Write> {
    out: W,
    tx: SyncSender<Event>,
    engine: Option<Engine>,
    thinking: Option<Thinking>,
    game: Game,
    force: bool,
    machine: Color,
    post: bool,
    control: TimeControl,
    depth: Option<u32>,
    time_left: Option<Duration>,
    book: Book,
    rng: Seeded,
    last_value: Option<Value>,
    resign: ResignWatch,
    over: bool,
    search_depth: u32,
    /// Whether the current search deepens (see `Report::Begin`).
    deepening: bool,
    /// In analyze mode.
    analyzing: bool,
    /// How far the current (or last) search has got, for `.`.
    status: Status,
    /// The notation of the thinking lines' variations (`option Notation=…`).
    notation: PvNotation,
    /// The principal lines the current (or last) search gives (`option MultiPV=…`).
    search_lines: u32,
    /// `option Deepen=1`: play deepens within the time (analysis always deepens).
    deepen: bool,
    /// Whether this game's approximations have been told (`telluser`, once a game).
    told: bool,
    /// Why the last `setboard` was refused: until a position is set (`new`, `setboard`), no
    /// move is searched or taken for the position held before it, which the interface no
    /// longer has.
    refused: Option<String>,
    /// The engine that finds hints (`hint`), apart from the one that plays, whose run state it
    /// leaves as it is; made at the first hint.
    hint_engine: Option<Engine>,
}

/// Runs a CECP session on `input` and `output` until `quit` or the end of input.
pub fn run<R: BufRead + Send + 'static, W: Write>(input: R, output: W, params: SearchParams) {
    let (tx, rx) = read_input(input);
    let mut s = Session {
        out: output,
        tx,
        engine: Some(Engine::new(params)),
        thinking: None,
        game: Game::new(Position::startpos()),
        force: false,
        machine: Color::Black,
        post: false,
        control: TimeControl::Periods {
            moves: Some(40),
            base: Duration::from_secs(300),
            increment: Duration::ZERO,
        },
        depth: None,
        time_left: None,
        book: Book::builtin(),
        rng: Seeded::new(1967),
        last_value: None,
        resign: ResignWatch::default(),
        over: false,
        search_depth: 0,
        deepening: false,
        analyzing: false,
        status: Status::start(0),
        notation: PvNotation::default(),
        search_lines: 1,
        deepen: false,
        told: false,
        refused: None,
        hint_engine: None,
    };
    s.main_loop(&rx);
}

impl<W: Write> Session<W> {
    /// Writes a line; a message that quotes a long text is [`clip`]ped.
    fn say(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}", clip(text));
        let _ = self.out.flush();
    }

    fn main_loop(&mut self, rx: &Receiver<Event>) {
        let mut pending: VecDeque<Event> = VecDeque::new();
        loop {
            let Some(ev) = next_event(rx, &mut pending) else {
                return;
            };
            match ev {
                Event::Report(r) => self.report(&r),
                Event::Done(d) => self.done(*d),
                Event::Eof => {
                    self.cancel(rx, &mut pending);
                    return;
                }
                Event::TooLong(head) => {
                    self.say(&format!("Error ({}): {}", too_long(&head), excerpt(&head)))
                }
                Event::Line(line) => match parse(&line) {
                    Err(e) => self.say(&e.to_string()),
                    Ok(XboardCommand::Quit) => {
                        self.cancel(rx, &mut pending);
                        return;
                    }
                    Ok(XboardCommand::MoveNow) => {
                        if let Some(t) = &self.thinking {
                            t.stop();
                        }
                    }
                    Ok(XboardCommand::Ping(n)) => self.say(&format!("pong {n}")),
                    Ok(c @ XboardCommand::SetOption(EngineOption::MultiPv(_))) => {
                        // The lines shown change: an analysis starts again with them.
                        self.cancel(rx, &mut pending);
                        self.command(c);
                        if self.analyzing {
                            self.analyze();
                        }
                    }
                    Ok(
                        c @ (XboardCommand::Post
                        | XboardCommand::NoPost
                        | XboardCommand::Time(_)
                        | XboardCommand::Otim(_)
                        | XboardCommand::Ignored(_)
                        | XboardCommand::Feature(_)
                        | XboardCommand::Status
                        | XboardCommand::Xboard
                        | XboardCommand::Protover(_)
                        | XboardCommand::SetOption(_)
                        | XboardCommand::Hint
                        | XboardCommand::BookMoves
                        | XboardCommand::Draw),
                    ) => self.command(c),
                    Ok(c) => {
                        // Anything that changes the game stops the search and drops its move
                        // first; a move from the user cannot come while the engine thinks.
                        self.cancel(rx, &mut pending);
                        self.command(c);
                        // In analyze mode whatever changed, the position is searched again.
                        if self.analyzing {
                            self.analyze();
                        }
                    }
                },
            }
        }
    }

    /// Stops a running search and forgets its move.
    fn cancel(&mut self, rx: &Receiver<Event>, pending: &mut VecDeque<Event>) {
        if let Some(t) = self.thinking.take() {
            t.stop();
            if let Some(d) = wait_done(rx, pending, &mut |r| self.report(r)) {
                self.engine = Some(d.0);
            }
        }
    }

    fn command(&mut self, c: XboardCommand) {
        use XboardCommand as C;
        match c {
            C::Xboard | C::Feature(_) | C::Ignored(_) => {}
            C::Protover(_) => {
                let profile = self
                    .engine
                    .as_ref()
                    .map_or(Profile::default(), |e| e.params().profile);
                self.say(&format!("{FEATURES} {}", option_features(profile)));
                self.say("feature done=1");
            }
            C::SetOption(EngineOption::Notation(n)) => self.notation = n,
            C::SetOption(EngineOption::Deepen(on)) => self.deepen = on,
            C::SetOption(EngineOption::MultiPv(k)) => match self.engine.as_mut() {
                Some(e) => e.update(|s| s.multi_pv = k),
                None => self.say(&format!(
                    "Error (the engine is thinking: the lines are set between searches): \
                     option MultiPV={k}"
                )),
            },
            C::SetOption(EngineOption::Profile(p)) => match self.engine.as_mut() {
                Some(e) => e.update(|s| s.profile = p),
                None => self.say(&format!(
                    "Error (the engine is thinking: the profile is set between searches): \
                     option Profile={p}"
                )),
            },
            C::New => {
                self.game = Game::new(Position::startpos());
                // A new game ends analyze mode too: the engine plays Black (spec §9, `new`:
                // "leave force mode"), so the next move is answered.
                self.analyzing = false;
                self.refused = None;
                self.hint_engine = None;
                self.force = false;
                self.machine = Color::Black;
                self.depth = None;
                self.last_value = None;
                self.resign.reset();
                self.over = false;
                self.told = false;
                if let Some(e) = self.engine.as_mut() {
                    e.new_game();
                }
            }
            C::Force => self.force = true,
            C::Go => {
                if let Some(why) = &self.refused {
                    let line =
                        format!("Error (no position: the last setboard was refused: {why}): go");
                    self.say(&line);
                    return;
                }
                self.force = false;
                self.machine = self.game.position().side_to_move();
                if self.over && !self.report_ending() {
                    // Ended by the interface's `result`: nothing to announce, nothing to play.
                    self.say("Error (the game is over): go");
                    return;
                }
                self.maybe_think();
            }
            C::PlayOther => {
                self.force = false;
                self.machine = !self.game.position().side_to_move();
            }
            C::Color(c) => {
                // Protocol 1: `white`/`black` set the side to move; the engine plays the other.
                self.machine = !c;
            }
            C::SetBoard(fen) => match Position::from_fen(&fen) {
                Ok(p) => {
                    self.game = Game::new(p);
                    self.over = false;
                    self.told = false;
                    self.refused = None;
                    self.hint_engine = None;
                    if let Some(e) = self.engine.as_mut() {
                        e.new_game();
                    }
                }
                Err(e) => {
                    self.say(&format!("tellusererror Illegal position: {e}"));
                    self.refused = Some(e.to_string());
                }
            },
            C::Level(tc) => self.control = tc,
            C::St(d) => self.control = TimeControl::PerMove(d),
            C::Sd(d) => self.depth = Some(d),
            C::Time(t) => self.time_left = Some(t),
            C::Otim(_) => {}
            C::Post => self.post = true,
            C::NoPost => self.post = false,
            C::UserMove(text) => self.user_move(&text),
            C::Undo => self.take_back(1),
            C::Remove => self.take_back(2),
            C::Result(_) => {
                self.over = true;
                self.force = true;
            }
            C::Draw => {
                // CECP: accept by offering a draw back; decline by saying nothing.
                if !self.over && accepts_draw(self.last_value) {
                    self.say("offer draw");
                }
            }
            C::Analyze => {
                // Spec §12: like force mode, so that after `exit` the engine waits for `go`.
                self.analyzing = true;
                self.force = true;
            }
            C::Exit => {
                // The search was stopped before this command; its move is dropped.
                self.analyzing = false;
                self.force = true;
            }
            C::Status => {
                // Spec §12: `.` is sent periodically during analyze mode only.
                if self.analyzing {
                    let line = self.status.line();
                    self.say(&line);
                }
            }
            C::Hint => self.hint(),
            C::BookMoves => self.book_moves(),
            C::MoveNow | C::Ping(_) | C::Quit => {}
        }
    }

    /// `hint`: the move the engine would play in the user's place, as `Hint: MOVE`: the book's
    /// (its first of the preferred text), else a search as the engine's own, by an engine of
    /// its own so that the engine's play is not changed. Nothing while the engine thinks or in
    /// a game that is over or has no position (spec §9: a hint may be left unanswered).
    fn hint(&mut self) {
        let pos = self.game.position().clone();
        let Some(params) = self.engine.as_ref().map(|e| e.params().clone()) else {
            return;
        };
        if self.over || self.refused.is_some() || self.game.ending.is_some() {
            return;
        }
        let booked = self.book.moves(&pos);
        let first = booked.iter().min_by_key(|b| b.tier).map(|b| b.mv);
        let mv = match first {
            Some(m) => Some(m),
            None => {
                let limits = self.move_limits(&pos);
                let engine = self
                    .hint_engine
                    .get_or_insert_with(|| Engine::new(params.clone()));
                if engine.params() != &params {
                    engine.set_params(params);
                }
                engine
                    .think(&pos, self.game.history(), &limits, &mut |_| {})
                    .best
            }
        };
        if let Some(m) = mv {
            self.say(&format!("Hint: {}", m.coordinate()));
        }
    }

    /// `bk`: the book moves in this position, in SAN with the text each comes from, as lines
    /// that start with a space, then an empty line (spec §9).
    fn book_moves(&mut self) {
        let pos = self.game.position().clone();
        let mut moves = self.book.moves(&pos);
        moves.sort_by_key(|b| b.tier);
        if moves.is_empty() {
            self.say(" no book move in this position");
        }
        for b in moves {
            let text = match b.tier {
                0 => "the 1967 line of the paper's game 4",
                _ => "book.22",
            };
            let line = format!(" {} ({text})", san::format(&pos, b.mv));
            self.say(&line);
        }
        self.say("");
    }

    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            self.game.undo();
        }
        self.over = false;
        self.resign.reset();
        if let Some(e) = self.engine.as_mut() {
            e.new_game();
        }
    }

    fn user_move(&mut self, text: &str) {
        let pos = self.game.position().clone();
        if self.refused.is_some() {
            self.say(&format!(
                "Illegal move (no position: the last setboard was refused): {}",
                excerpt(text)
            ));
            return;
        }
        if self.over || self.game.ending.is_some() {
            self.say(&format!(
                "Illegal move (the game is over): {}",
                excerpt(text)
            ));
            return;
        }
        match notation::parse_any(&pos, text) {
            Ok(m) => {
                self.game.play(m, None, false);
                // Analyze mode neither answers nor announces results: the interface keeps the game.
                if !self.analyzing && !self.report_ending() {
                    self.maybe_think();
                }
            }
            Err(_) => self.say(&format!("Illegal move: {}", excerpt(text))),
        }
    }

    /// Says the result if the game has ended by the rules; true if it has.
    fn report_ending(&mut self) -> bool {
        let Some(e) = self.game.ending else {
            return false;
        };
        let comment = match e {
            Ending::Checkmate(loser) => format!("{} mates", (!loser).name()),
            Ending::Stalemate => "Stalemate".into(),
            Ending::Repetition => "Draw by repetition".into(),
            Ending::FiftyMoves => "Draw by fifty-move rule".into(),
            Ending::InsufficientMaterial => "Draw by insufficient material".into(),
            Ending::Resignation(loser) => format!("{} resigns", loser.name()),
            Ending::Time(loser) => format!("{} forfeits on time", loser.name()),
            Ending::DrawAgreed => "Draw agreed".into(),
            Ending::FifthRepetition => "Draw by fivefold repetition".into(),
            Ending::SeventyFiveMoves => "Draw by 75-move rule".into(),
        };
        self.say(&format!("{} {{{comment}}}", e.result()));
        self.over = true;
        true
    }

    /// Starts thinking if the engine is to move and not in force or analyze mode; a position
    /// the rules have ended (one set up finished) is answered with the result instead.
    fn maybe_think(&mut self) {
        let pos = self.game.position().clone();
        if self.force
            || self.analyzing
            || self.over
            || pos.side_to_move() != self.machine
            || self.thinking.is_some()
            || self.report_ending()
        {
            return;
        }
        if let Some(m) = self.book.choose(&pos, &mut self.rng) {
            self.play_move(m, None);
            return;
        }
        let limits = self.move_limits(&pos);
        self.search(limits);
    }

    /// The limits of the search of a move in `pos`: the clock's allotment, `sd`'s depth, and
    /// deepening if `option Deepen` asks for it.
    fn move_limits(&self, pos: &Position) -> Limits {
        // The side to move has made one move fewer than the move number: exact from the start
        // position, and after `setboard` as far as the FEN's move number is.
        let moves_made = pos.fullmove_number().saturating_sub(1);
        let time = match self.control {
            TimeControl::PerMove(d) => Some(self.control.allot(d, moves_made)),
            TimeControl::Periods { .. } => self
                .time_left
                .map(|left| self.control.allot(left, moves_made)),
        };
        let deepen = if self.deepen {
            Deepening::Play
        } else {
            Deepening::Off
        };
        Limits {
            time,
            depth: self.depth,
            deepen,
            ..Limits::default()
        }
    }

    /// Analyze mode: searches the current position, whichever side is to move, with no time limit
    /// and no book, depth 1, 2, 3, … (to `sd`'s depth if one was given) until stopped, unless a
    /// search is running.
    fn analyze(&mut self) {
        if self.thinking.is_none() && self.refused.is_none() {
            self.search(Limits {
                depth: self.depth,
                deepen: Deepening::Analysis,
                ..Limits::default()
            });
        }
    }

    /// Starts the search of the current position in its thread.
    fn search(&mut self, limits: Limits) {
        let Some(engine) = self.engine.take() else {
            return;
        };
        self.search_depth = 0;
        self.search_lines = engine.params().multi_pv;
        // What the program searches with, as a comment line interfaces ignore.
        let line = format!("# settings: {}", settings::line(engine.params()));
        self.say(&line);
        self.status = Status::start(self.search_depth);
        self.thinking = Some(Thinking::start(
            engine,
            self.game.position().clone(),
            self.game.history().to_vec(),
            limits,
            self.tx.clone(),
        ));
    }

    fn done(&mut self, (engine, thought): (Engine, Thought)) {
        self.engine = Some(engine);
        self.thinking = None;
        self.status.finish(&thought);
        if !self.told && !thought.approximations.is_empty() {
            let notes: Vec<String> = thought
                .approximations
                .iter()
                .map(|a| a.to_string())
                .collect();
            self.say(&format!("telluser note: {}", notes.join("; ")));
            self.told = true;
        }
        let Some(m) = thought.best else {
            if !self.analyzing {
                self.report_ending();
            }
            return;
        };
        if self.posting() {
            let lines = if thought.lines.is_empty() {
                vec![Line {
                    value: thought.value,
                    pv: thought.pv.clone(),
                }]
            } else {
                thought.lines.clone()
            };
            for l in &lines {
                self.post_line(
                    thought.depth,
                    l.value,
                    thought.elapsed,
                    thought.nodes,
                    &l.pv,
                );
            }
        }
        if self.analyzing {
            // Spec §12: the engine analyses and does not move; this position is done.
            return;
        }
        self.last_value = Some(thought.value);
        if self.resign.resigns_after(thought.value) {
            self.say("resign");
            self.game.ending = Some(Ending::Resignation(self.machine));
            self.over = true;
            return;
        }
        self.play_move(m, Some(thought));
    }

    fn play_move(&mut self, m: crate::rules::Move, thought: Option<Thought>) {
        let book = thought.is_none();
        self.game
            .play(m, thought.map(|t| t.elapsed.as_secs_f64()), book);
        self.say(&format!("move {}", m.coordinate()));
        self.report_ending();
    }

    /// A thinking line: `ply score time(cs) nodes pv`, the score as [`cecp_score`], the pv in
    /// SAN or descriptive notation (`option Notation`).
    fn post_line(
        &mut self,
        depth: u32,
        value: Value,
        elapsed: Duration,
        nodes: u64,
        pv: &[crate::rules::Move],
    ) {
        let mut pos = self.game.position().clone();
        let mut words = Vec::new();
        for &m in pv {
            if !pos.is_legal(m) {
                break;
            }
            words.push(match self.notation {
                PvNotation::San => san::format(&pos, m),
                PvNotation::Descriptive => descriptive::format(&pos, m, Style::Teletype),
            });
            pos.make(m);
        }
        let line = format!(
            "{depth} {} {} {nodes} {}",
            cecp_score(value),
            elapsed.as_millis() / 10,
            words.join(" ")
        );
        self.say(&line);
    }

    /// Whether thinking lines are sent: after `post`, and always in analyze mode, whose output
    /// they are (spec §12: the interface enters it with `post` then `analyze`).
    fn posting(&self) -> bool {
        self.post || self.analyzing
    }

    fn report(&mut self, r: &Report) {
        match r {
            Report::Begin { depth, deepening } => {
                self.search_depth = *depth;
                self.deepening = *deepening;
                self.status.deeper(*depth);
            }
            Report::Search(p) => self.progress(p),
            Report::Completed(c) => self.depth_done(c),
        }
    }

    /// A thinking line with each new best top-level move, searching at the set depth with one
    /// line asked for; deepening, or with more lines, the lines come when a depth is done (a
    /// new best within a depth is only the best of the moves searched so far).
    fn progress(&mut self, p: &Progress) {
        self.status.update(self.game.position(), p);
        if !self.posting() || self.search_lines > 1 || self.deepening {
            return;
        }
        if let Progress::NewBest {
            value,
            pv,
            elapsed,
            nodes,
            ..
        } = p
        {
            let pv = pv.clone();
            self.post_line(self.search_depth, *value, *elapsed, *nodes, &pv);
        }
    }

    /// A depth done while deepening: its lines, one thinking line each, best first.
    fn depth_done(&mut self, c: &Completed) {
        if !self.posting() {
            return;
        }
        for l in &c.lines {
            self.post_line(c.depth, l.value, c.elapsed, c.nodes, &l.pv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cecp_score;
    use crate::value::MATE;

    #[test]
    fn mates_are_posted_as_100000_plus_moves_and_other_values_in_centipawns() {
        // Mate in 1 (1 ply), mate in 2 (3 plies); mated in 1 (2 plies), mated now (0 plies).
        assert_eq!(cecp_score(MATE - 1), 100_001);
        assert_eq!(cecp_score(MATE - 3), 100_002);
        assert_eq!(cecp_score(-(MATE - 2)), -100_001);
        assert_eq!(cecp_score(-MATE), -100_001);
        assert_eq!(cecp_score(128), 100);
        assert_eq!(cecp_score(-64), -50);
    }
}
