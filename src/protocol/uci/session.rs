//! The UCI session: answers the GUI, keeps the position, and runs the search in a thread so that
//! `stop`, `isready` and `quit` are read while it thinks.

use super::command::{GoParams, PositionStart, UciCommand, parse};
use crate::book::{Book, Seeded};
use crate::game::clock::{TimeControl, allot};
use crate::game::deepening::{Completed, Report};
use crate::game::engine::{Engine, Thought, centipawns};
use crate::interface::params::{
    DEPTHS, FEEDOVERS, HASH_KB_MAX, MULTI_PV, hash_entries_for_kb, parse_feedovers, parse_multi_pv,
};
use crate::interface::{
    Deepening, Limits, Line, Preset, Profile, Progress, SearchParams, WidthSchedule, parse_depth,
    settings,
};
use crate::notation::{clip, excerpt};
use crate::protocol::threads::{
    Event, Thinking, mate_in_moves, next_event, read_input, too_long, wait_done,
};
use crate::rules::{Color, Key, Move, Position, Square};
use crate::value::{Value, mate_moves};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{Receiver, SyncSender};
use std::time::Duration;

/// The largest `Hash`, in megabytes: the largest table (`--hash-kb`'s largest).
const HASH_MB_MAX: usize = HASH_KB_MAX / 1024;

/// The `Hash` that means the table the engine was started with (also the option's default): the
/// profile's own, the 1967 table of 384 KB (c197's 32,767 entries, the paper's 32,768), unless
/// `--hash-entries` or `--hash-kb` set another. A size in whole megabytes cannot name the 1967
/// table, and another number of entries would change c197's trees (it indexes its table by
/// `trial % entries`), so the default is this word for it, not a size.
const HASH_AS_STARTED: usize = 0;

/// The `Width` value that means the preset's widths (also the option's default).
const PRESET_WIDTHS: &str = "preset";

/// What `Preset`, `Width` and `Depth` say, kept apart so that the order they are sent in does
/// not matter: the preset names widths and a depth, and a `Width` or `Depth` set to a value of
/// its own (not `preset`, not 0) overrides the preset's, before or after it.
struct Shape {
    preset: Preset,
    widths: Option<WidthSchedule>,
    depth: Option<u32>,
}

impl Shape {
    /// Puts the widths and depth in `params`.
    fn apply(&self, params: &mut SearchParams) {
        let preset = SearchParams::preset(self.preset);
        params.widths = self.widths.clone().unwrap_or(preset.widths);
        params.depth = self.depth.unwrap_or(preset.depth);
    }
}

struct Session<W: Write> {
    out: W,
    tx: SyncSender<Event>,
    engine: Option<Engine>,
    shape: Shape,
    thinking: Option<Thinking>,
    search_depth: u32,
    /// Whether the current search deepens (see `Report::Begin`).
    deepening: bool,
    /// The lines the current (or last) search reports (`MultiPV`).
    search_lines: u32,
    /// `go infinite` or `go ponder`: the best move waits for `stop`.
    hold: bool,
    held: Option<Thought>,
    start: Position,
    pos: Position,
    history: Vec<Key>,
    book: Book,
    own_book: bool,
    /// `UCI_AnalyseMode`: the interface analyses, so every `go` is searched (no book move).
    analyse_mode: bool,
    /// `Deepen`: `go` with clocks deepens within the time (not in 1967) instead of searching
    /// once at the set depth.
    deepen: bool,
    rng: Seeded,
    debug: bool,
    /// Why the last `position` was refused: until a valid one comes, `go` answers no move (the
    /// interface no longer has the position this session still holds).
    refused: Option<String>,
    /// The table the engine was started with (`--hash-entries`; None: the profile's own), which
    /// `Hash` [`HASH_AS_STARTED`] sets again.
    started_hash: Option<usize>,
}

/// Runs a UCI session on `input` and `output` until `quit` or the end of input, starting with
/// the settings `params` (the `Preset` option is the preset they are, else the default, with
/// their widths and depth as set by `Width` and `Depth`).
pub fn run<R: BufRead + Send + 'static, W: Write>(input: R, output: W, params: SearchParams) {
    let (tx, rx) = read_input(input);
    let preset = settings::preset_of(&params).unwrap_or_default();
    let of_preset = SearchParams::preset(preset);
    let shape = Shape {
        preset,
        widths: (params.widths != of_preset.widths).then(|| params.widths.clone()),
        depth: (params.depth != of_preset.depth).then_some(params.depth),
    };
    let started_hash = params.hash_entries;
    let mut s = Session {
        out: output,
        tx,
        engine: Some(Engine::new(params)),
        shape,
        thinking: None,
        search_depth: 0,
        deepening: false,
        search_lines: 1,
        hold: false,
        held: None,
        start: Position::startpos(),
        pos: Position::startpos(),
        history: Vec::new(),
        book: Book::builtin(),
        own_book: true,
        analyse_mode: false,
        deepen: false,
        rng: Seeded::new(1967),
        debug: false,
        refused: None,
        started_hash,
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
                Event::Done(d) => {
                    let (engine, thought) = *d;
                    self.engine = Some(engine);
                    self.thinking = None;
                    if self.hold {
                        // `go infinite` or `go ponder` that ended by itself (a mate found, no
                        // legal move): its lines now, its move when `stop` or `ponderhit` asks.
                        self.lines(&thought);
                        self.held = Some(thought);
                    } else {
                        self.finish(&thought);
                    }
                }
                Event::Eof => {
                    self.stop_and_wait(rx, &mut pending);
                    return;
                }
                Event::TooLong(head) => {
                    let why = too_long(&head);
                    match head.split_whitespace().next() {
                        Some("go") => self.refused_go(rx, &mut pending, &why),
                        Some("position") => {
                            self.wait_for_search(rx, &mut pending);
                            self.refuse_position(why);
                        }
                        _ => self.say(&format!("info string error: {why}")),
                    }
                }
                Event::Line(line) => {
                    let cmd = match parse(&line) {
                        Ok(c) => c,
                        Err(e) => {
                            match line.split_whitespace().next() {
                                Some("go") => self.refused_go(rx, &mut pending, &e.to_string()),
                                Some("position") => {
                                    self.wait_for_search(rx, &mut pending);
                                    self.refuse_position(e.to_string());
                                }
                                _ => self.say(&format!("info string error: {e}")),
                            }
                            continue;
                        }
                    };
                    match cmd {
                        UciCommand::IsReady => self.say("readyok"),
                        UciCommand::Display => {
                            let text = display(&self.pos);
                            self.say(&text);
                        }
                        UciCommand::Debug(on) => self.debug = on,
                        UciCommand::Stop => self.stop(),
                        UciCommand::PonderHit => {
                            // Pondering is searched as infinite; from now on it ends normally.
                            self.hold = false;
                            if let Some(t) = self.held.take() {
                                self.bestmove(&t);
                            }
                        }
                        UciCommand::Quit => {
                            self.stop_and_wait(rx, &mut pending);
                            return;
                        }
                        UciCommand::Unknown(l) => {
                            if self.debug && !l.is_empty() {
                                self.say(&format!("info string ignored: {}", excerpt(&l)));
                            }
                        }
                        other => {
                            // Anything else waits until the search has stopped and answered.
                            self.wait_for_search(rx, &mut pending);
                            self.command(other);
                        }
                    }
                }
            }
        }
    }

    /// A `go` that could not be read: as every `go`, it ends with a `bestmove`, after the error,
    /// so that an interface never waits for one: the move of a search to depth 1 (the 1967
    /// program's plausible-move order and evaluation at one ply), `0000` if there is none (or
    /// if the position was refused).
    fn refused_go(&mut self, rx: &Receiver<Event>, pending: &mut VecDeque<Event>, why: &str) {
        self.wait_for_search(rx, pending);
        if self.refused.is_some() {
            self.say(&format!("info string error: {why}"));
        } else {
            self.say(&format!(
                "info string error: {why}; answering with a search to depth 1"
            ));
        }
        self.go(&GoParams {
            depth: Some(1),
            ..GoParams::default()
        });
    }

    /// Stops and answers a search running or held, before a command that changes what it
    /// searched.
    fn wait_for_search(&mut self, rx: &Receiver<Event>, pending: &mut VecDeque<Event>) {
        if self.thinking.is_some() || self.held.is_some() {
            self.stop_and_wait(rx, pending);
        }
    }

    /// A `position` that could not be set up: said, and remembered, so that `go` gives no move
    /// for the position held before it, which the interface no longer has.
    fn refuse_position(&mut self, why: String) {
        self.say(&format!(
            "info string error: position refused: {why}; no move until a position is set"
        ));
        self.refused = Some(why);
    }

    /// Stops a running search and answers its best move.
    fn stop_and_wait(&mut self, rx: &Receiver<Event>, pending: &mut VecDeque<Event>) {
        if let Some(t) = self.thinking.take() {
            t.stop();
            if let Some(d) = wait_done(rx, pending, &mut |r| self.report(r)) {
                let (engine, thought) = *d;
                self.engine = Some(engine);
                self.hold = false;
                self.finish(&thought);
            }
        } else if let Some(t) = self.held.take() {
            self.hold = false;
            self.bestmove(&t);
        }
    }

    fn stop(&mut self) {
        self.hold = false;
        if let Some(t) = &self.thinking {
            t.stop();
        } else if let Some(t) = self.held.take() {
            self.bestmove(&t);
        }
    }

    fn command(&mut self, cmd: UciCommand) {
        match cmd {
            UciCommand::Uci => {
                self.say("id name machack (Mac Hack VI 1967)");
                self.say(
                    "id author the machack project, after R. Greenblatt, D. Eastlake, S. Crocker",
                );
                // The profile first: a GUI that sends the options in this order sets it before
                // the others, which are checked against it and take its defaults.
                self.say(&format!(
                    "option name Profile type combo default {} var c197 var paper",
                    self.engine
                        .as_ref()
                        .map_or(Profile::default(), |e| e.params().profile)
                        .name()
                ));
                self.say(&format!(
                    "option name Hash type spin default {HASH_AS_STARTED} min \
                     {HASH_AS_STARTED} max {HASH_MB_MAX}"
                ));
                self.say(&format!(
                    "option name Preset type combo default {} var normal var tournament var quick",
                    self.shape.preset
                ));
                self.say(&format!(
                    "option name Width type string default {PRESET_WIDTHS}"
                ));
                self.say(&format!(
                    "option name Depth type spin default 0 min 0 max {}",
                    DEPTHS.end()
                ));
                self.say(&format!(
                    "option name Feedovers type spin default 2 min {} max {}",
                    FEEDOVERS.start(),
                    FEEDOVERS.end()
                ));
                self.say("option name OwnBook type check default true");
                self.say(&format!(
                    "option name MultiPV type spin default 1 min {} max {}",
                    MULTI_PV.start(),
                    MULTI_PV.end()
                ));
                self.say("option name UCI_AnalyseMode type check default false");
                self.say("option name Deepen type check default false");
                self.say("uciok");
            }
            UciCommand::UciNewGame => {
                if let Some(e) = self.engine.as_mut() {
                    e.new_game();
                }
                self.set_position(Position::startpos(), Vec::new());
            }
            UciCommand::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciCommand::Position { start, moves } => {
                let start = match start {
                    PositionStart::StartPos => Ok(Position::startpos()),
                    PositionStart::Fen(f) => Position::from_fen(&f).map_err(|e| e.to_string()),
                };
                let start = match start {
                    Ok(p) => p,
                    Err(e) => return self.refuse_position(e),
                };
                let mut pos = start.clone();
                let mut played = Vec::new();
                for m in &moves {
                    match crate::notation::coordinate::parse(&pos, m) {
                        Ok(mv) => {
                            played.push(mv);
                            pos.make(mv);
                        }
                        Err(e) => return self.refuse_position(e.to_string()),
                    }
                }
                self.set_position(start, played);
            }
            UciCommand::Go(p) => self.go(&p),
            _ => {}
        }
    }

    fn set_position(&mut self, start: Position, moves: Vec<Move>) {
        let mut pos = start.clone();
        let mut history = Vec::with_capacity(moves.len());
        for m in moves {
            history.push(pos.key());
            pos.make(m);
        }
        self.start = start;
        self.pos = pos;
        self.history = history;
        self.refused = None;
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        let v = value.unwrap_or("").trim();
        // An option of one profile only is refused under the other (`interface::settings`).
        if let Some(s) = settings::find_uci(name)
            && let Err(e) = s.check(engine.params().profile, s.uci.unwrap_or(name))
        {
            self.say(&format!("info string error: {e}"));
            return;
        }
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            // A megabyte is what it is for `--hash-kb 1024`: the entries that fit in it.
            "hash" => match v.parse::<usize>() {
                Ok(HASH_AS_STARTED) => {
                    let started = self.started_hash;
                    engine.update(|p| p.hash_entries = started);
                    Ok(())
                }
                Ok(mb) if mb <= HASH_MB_MAX => hash_entries_for_kb(mb * 1024)
                    .map(|n| engine.update(|p| p.set_hash_entries(n)))
                    .map_err(|e| e.to_string()),
                _ => Err(format!(
                    "Hash '{}' is not {HASH_AS_STARTED} (the table as started: the 1967 table, \
                     384 KB, unless set on the command line) or a size from 1 to {HASH_MB_MAX} MB",
                    excerpt(v)
                )),
            },
            "preset" => v
                .parse::<Preset>()
                .map(|p| self.shape.preset = p)
                .map_err(|e| e.to_string()),
            "profile" => v
                .parse::<Profile>()
                .map(|p| engine.update(|s| s.profile = p))
                .map_err(|e| e.to_string()),
            "width" if v.is_empty() || v.eq_ignore_ascii_case(PRESET_WIDTHS) => {
                self.shape.widths = None;
                Ok(())
            }
            "width" => v
                .parse::<WidthSchedule>()
                .map(|w| self.shape.widths = Some(w))
                .map_err(|e| e.to_string()),
            "depth" if v == "0" => {
                self.shape.depth = None;
                Ok(())
            }
            "depth" => parse_depth(v)
                .map(|d| self.shape.depth = Some(d))
                .map_err(|e| format!("{e} (or 0: the preset's)")),
            "feedovers" => parse_feedovers(v)
                .map(|f| engine.update(|p| p.feedovers = f))
                .map_err(|e| e.to_string()),
            "ownbook" => check_value("OwnBook", v).map(|b| self.own_book = b),
            "multipv" => parse_multi_pv(v)
                .map(|k| engine.update(|p| p.multi_pv = k))
                .map_err(|e| e.to_string()),
            "uci_analysemode" => check_value("UCI_AnalyseMode", v).map(|b| self.analyse_mode = b),
            "deepen" => check_value("Deepen", v).map(|b| self.deepen = b),
            _ => Err(format!("no option named '{}'", excerpt(name))),
        };
        engine.update(|p| self.shape.apply(p));
        let p = engine.params();
        // In debug mode, what the engine will search with now.
        let settings = format!(
            "info string settings: {}; Preset {}, OwnBook {}, MultiPV {}, UCI_AnalyseMode {}, \
             Deepen {}",
            settings::line(p),
            self.shape.preset,
            self.own_book,
            p.multi_pv,
            self.analyse_mode,
            self.deepen
        );
        match result {
            Err(e) => self.say(&format!("info string error: {e}")),
            Ok(()) if self.debug => self.say(&settings),
            Ok(()) => {}
        }
    }

    fn go(&mut self, p: &GoParams) {
        if let Some(why) = &self.refused {
            // No position: the last one was refused, and the one held is not the interface's.
            let line = format!(
                "info string error: no position to search: the last position was refused ({why})"
            );
            self.say(&line);
            self.say("bestmove 0000");
            return;
        }
        if let Some(e) = &self.engine {
            let line = format!("info string settings: {}", settings::line(e.params()));
            self.say(&line);
        }
        for note in &p.clamped {
            self.say(&format!("info string go: {note}"));
        }
        let us = self.pos.side_to_move();
        self.hold = p.infinite || p.ponder;
        // The book only chooses moves in play: analysis (`go infinite`, `go depth`, `go nodes`,
        // `go searchmoves`, or any `go` in `UCI_AnalyseMode`) is always searched and scored.
        let book_allowed = !self.hold
            && !self.analyse_mode
            && self.own_book
            && p.depth.is_none()
            && p.nodes.is_none()
            && p.searchmoves.is_empty();
        if book_allowed && let Some(m) = self.book.choose(&self.pos, &mut self.rng) {
            self.say("info string book move");
            self.say(&format!("bestmove {}", m.coordinate()));
            return;
        }
        let mut limits = Limits {
            depth: p.depth,
            nodes: p.nodes,
            searchmoves: self.searchmoves(&p.searchmoves),
            ..Limits::default()
        };
        let (left, inc) = match us {
            Color::White => (p.wtime, p.winc),
            Color::Black => (p.btime, p.binc),
        };
        if let Some(t) = p.movetime {
            // The same rule as `--clock move/S` and CECP `st`.
            limits.time = Some(TimeControl::PerMove(t).allot(t, 0));
        } else if !self.hold
            && let Some(left) = left
        {
            limits.time = Some(allot(left, p.movestogo, inc.unwrap_or_default()));
        }
        // Analysis (`go infinite`, `go movetime`) deepens until stopped or out of time; play
        // with clocks only under the `Deepen` option; `go depth`, `go nodes` and `go ponder`
        // (whose search must end by itself once `ponderhit` comes) search once at the depth.
        limits.deepen = if p.infinite || p.movetime.is_some() {
            Deepening::Analysis
        } else if self.deepen && limits.time.is_some() {
            Deepening::Play
        } else {
            Deepening::Off
        };
        let Some(engine) = self.engine.take() else {
            return;
        };
        self.search_depth = 0;
        self.search_lines = engine.params().multi_pv;
        self.thinking = Some(Thinking::start(
            engine,
            self.pos.clone(),
            self.history.clone(),
            limits,
            self.tx.clone(),
        ));
    }

    /// The moves of `go searchmoves` found among the legal moves; one that is not legal here is
    /// left out with a word, and if none is, every legal move is searched.
    fn searchmoves(&mut self, words: &[String]) -> Vec<Move> {
        let mut only = Vec::new();
        for w in words {
            match crate::notation::coordinate::parse(&self.pos, w) {
                Ok(m) => only.push(m),
                Err(e) => self.say(&format!(
                    "info string error: searchmoves '{}': {e}; left out",
                    excerpt(w)
                )),
            }
        }
        if only.is_empty() && !words.is_empty() {
            self.say("info string searchmoves: no legal move named; searching every move");
        }
        only
    }

    /// `cp N`, or `mate N` in moves; a side to move that is mated is `mate 0`, as Stockfish
    /// writes it (not `mate -1`, which interfaces read as mated after one move).
    fn score(v: Value) -> String {
        match (mate_moves(v), mate_in_moves(v)) {
            (Some((false, 0)), _) => "mate 0".to_string(),
            (_, Some(m)) => format!("mate {m}"),
            (_, None) => format!("cp {}", centipawns(v)),
        }
    }

    /// `info depth D [multipv K] score S nodes N nps R time T pv …`: `multipv` only when more
    /// than one line is asked for (`line` counts from 1).
    fn info_line(
        &self,
        depth: u32,
        line: usize,
        value: Value,
        nodes: u64,
        elapsed: Duration,
        pv: &[Move],
    ) -> String {
        let ms = elapsed.as_millis();
        let nps = u128::from(nodes) * 1000 / ms.max(1);
        // No `pv` word for no line (a position with no legal move).
        let pv: String = pv.iter().map(|m| format!(" {}", m.coordinate())).collect();
        let pv = if pv.is_empty() {
            pv
        } else {
            format!(" pv{pv}")
        };
        let multipv = match self.search_lines {
            1 => String::new(),
            _ => format!(" multipv {line}"),
        };
        format!(
            "info depth {depth}{multipv} score {} nodes {nodes} nps {nps} time {ms}{pv}",
            Self::score(value)
        )
    }

    fn report(&mut self, r: &Report) {
        match r {
            Report::Begin { depth, deepening } => {
                self.search_depth = *depth;
                self.deepening = *deepening;
            }
            Report::Search(p) => self.progress(p),
            Report::Completed(c) => self.depth_done(c),
        }
    }

    fn progress(&mut self, p: &Progress) {
        let line = match p {
            Progress::Examining { index, mv, .. } => format!(
                "info depth {} currmove {} currmovenumber {}",
                self.search_depth,
                mv.coordinate(),
                index + 1
            ),
            Progress::NewBest {
                value,
                pv,
                nodes,
                elapsed,
                ..
            } if !self.deepening => {
                self.info_line(self.search_depth, 1, *value, *nodes, *elapsed, pv)
            }
            // Deepening: the best so far within a depth is not the analysis's best (that of
            // the last depth done, reported when it ends).
            Progress::NewBest { .. } => return,
            Progress::Searched { .. } => return,
        };
        self.say(&line);
    }

    /// A depth done while deepening: its lines.
    fn depth_done(&mut self, c: &Completed) {
        for (i, l) in c.lines.iter().enumerate() {
            let line = self.info_line(c.depth, i + 1, l.value, c.nodes, c.elapsed, &l.pv);
            self.say(&line);
        }
    }

    /// The last word on a search: its lines, then `bestmove`.
    fn finish(&mut self, t: &Thought) {
        self.lines(t);
        self.bestmove(t);
    }

    /// A search's lines (one per `MultiPV`, best first; the chosen move's alone). A search
    /// stopped before any move was searched to the end has no value or line to show: it says
    /// so instead. (With no legal move, the value is the mate or stalemate's, and the line
    /// empty.)
    fn lines(&mut self, t: &Thought) {
        let lines = if t.lines.is_empty() && t.pv.is_empty() && t.best.is_some() {
            self.say(
                "info string stopped before a move was searched to the end: the most plausible \
                 move",
            );
            Vec::new()
        } else if t.lines.is_empty() {
            vec![Line {
                value: t.value,
                pv: t.pv.clone(),
            }]
        } else {
            t.lines.clone()
        };
        for (i, l) in lines.iter().enumerate() {
            let line = self.info_line(t.depth, i + 1, l.value, t.nodes, t.elapsed, &l.pv);
            self.say(&line);
        }
        for a in &t.approximations {
            self.say(&format!("info string note: {a}"));
        }
    }

    /// A search's `bestmove` (`0000` with no legal move).
    fn bestmove(&mut self, t: &Thought) {
        match t.best {
            Some(m) => self.say(&format!("bestmove {}", m.coordinate())),
            None => self.say("bestmove 0000"),
        }
    }
}

/// A `check` option's value: `true` or `false`.
fn check_value(name: &str, v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{name} '{}' is not true or false", excerpt(v))),
    }
}

/// The board as Stockfish's `d` shows it (White at the bottom, upper case), then the FEN, the
/// key of the position (machack's Zobrist key, in hex) and the checking men's squares.
fn display(pos: &Position) -> String {
    let rule = " +---+---+---+---+---+---+---+---+";
    let mut out = String::from("\n");
    out.push_str(rule);
    out.push('\n');
    for rank in (0..8).rev() {
        for file in 0..8 {
            let square = Square::from_coords(file, rank);
            let c = pos.piece_at(square).map_or(' ', |p| p.fen_char());
            out.push_str(&format!(" | {c}"));
        }
        out.push_str(&format!(" | {}\n{rule}\n", rank + 1));
    }
    out.push_str("   a   b   c   d   e   f   g   h\n\n");
    let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
    out.push_str(&format!(
        "Fen: {}\nKey: {:016X}\nCheckers: {}",
        pos.to_fen(),
        pos.key(),
        checkers.join(" ")
    ));
    out
}
