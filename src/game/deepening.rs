//! Thinking ([`Engine::think`]) at the set depth, as in 1967, or deeper and deeper (not in
//! 1967): the one loop behind UCI's `go infinite`, `go movetime` and (with the `Deepen` option)
//! `go` with clocks, CECP's `analyze` and (with its `Deepen` option) play, `play --deepen`,
//! `match --deepen`, `think --deepen` and `bench --deepen`.
//!
//! The 1967 program searched to a set depth and answered "about twice as fast" as its clock
//! asked (paper §1): with [`Deepening::Off`] this is one search at `Limits::depth`, else the
//! settings' depth, node for node as the program makes it. Deepening searches depth 1, 2, 3, …
//! with the profile's rules (the widths' last number repeating for the deeper levels, the
//! feedovers and everything else as set), each depth to the end, until the stop flag, the time
//! or the node limit interrupts one, or the deepest depth (`Limits::depth`, else the end of
//! `params::DEPTHS`) is done. Each depth searched to the end is reported with its lines; the
//! move, value and lines returned are the deepest such depth's (an interrupted depth is
//! dropped, unless it is depth 1, whose best so far is all there is). In play
//! ([`Deepening::Play`]) a depth is begun only if it is expected to end within the time: its
//! predecessor's time times the growth from the depth before (between 2 and 8 times; 3 when
//! not yet known); and a mate found for either side, or a single legal move, ends it.
//!
//! What the depths leave behind: each depth starts from the run state the search started with,
//! as a search at that depth alone would (c197's [`crate::c197::cat::Leftovers`], which its
//! searches change); the state kept for the next search is the one the depth whose move is
//! returned left. So a game played deepening is a game of searches at fixed depths, each move's
//! the depth its time allowed, and the depth-d line of an analysis is the line of a search at
//! depth d from the same game. The paper's program keeps its table from depth to depth, as from
//! move to move: the shallower depths' entries give the deeper ones their moves to try first,
//! so its deeper values can differ from a fresh search's (see [`RunState`]).

use super::engine::{Engine, RunState, Thought};
use crate::interface::params::DEPTHS;
use crate::interface::{Deepening, Limits, Line, Progress, SearchResult, Statistics};
use crate::rules::{Key, Position};
use crate::time::Instant;
use crate::value::{Value, is_mate};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The least and the most a depth is expected to cost over the one before, in play, and the
/// guess while only one depth has been timed.
const GROWTH: (f64, f64, f64) = (2.0, 8.0, 3.0);

/// What the front ends hear while the program thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// A search begins: once, at the set depth, or depth 1, 2, 3, … deepening.
    Begin {
        /// Its depth in plies.
        depth: u32,
        /// Whether this is one depth of several: a new best move within a depth is then
        /// only the best so far of the moves searched (the top level is searched in the order
        /// of plausibility, not the last depth's best first), and the depth's result comes
        /// with [`Report::Completed`].
        deepening: bool,
    },
    /// What the search of the current depth reports; when deepening, its nodes and time count
    /// from the start of the first depth.
    Search(Progress),
    /// Deepening: a depth searched to the end.
    Completed(Completed),
}

/// A depth searched to the end while deepening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completed {
    /// The depth.
    pub depth: u32,
    /// The chosen move's value for the side to move.
    pub value: Value,
    /// Its lines, the chosen move's first (see `SearchResult::lines`).
    pub lines: Vec<Line>,
    /// Nodes searched since the first depth began.
    pub nodes: u64,
    /// Time since the first depth began.
    pub elapsed: Duration,
}

/// What a search returns: the result of the deepest depth searched to the end (or of the one
/// search at the set depth), with the statistics and the time of all the depths searched, and
/// that depth.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The result; `stopped` says whether the stop flag or a limit ended the search before the
    /// set or deepest depth was done.
    pub result: SearchResult,
    /// The depth of the result.
    pub depth: u32,
}

impl Engine {
    /// Chooses a move for the side to move in `pos`, at the set depth or deepening as
    /// `limits.deepen` says (see [`search`]); `history` holds the keys of the game's earlier
    /// positions, oldest first, `pos` excluded. `report` hears each depth begin, the search's
    /// progress, and each depth done when deepening.
    pub fn think(
        &mut self,
        pos: &Position,
        history: &[Key],
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Thought {
        let Searched { result: r, depth } = search(self, pos, history, limits, report);
        let thought = Thought {
            lines: r.lines,
            best: r.best_move,
            value: r.value,
            pv: r.pv,
            depth,
            nodes: r.stats.nodes,
            elapsed: r.stats.time,
            stopped: r.stopped,
            stopped_at: r.stats.stopped_at,
            approximations: r.approximations,
        };
        self.statistics = r.stats;
        thought
    }
}

/// Searches `root` (reached through the positions keyed `history`, oldest first) with
/// `engine`, at the set depth or deepening as `limits.deepen` says (see the module
/// documentation), telling `report` as it goes.
pub fn search(
    engine: &mut Engine,
    root: &Position,
    history: &[Key],
    limits: &Limits,
    report: &mut dyn FnMut(&Report),
) -> Searched {
    let mode = match limits.deepen {
        Deepening::Play if limits.time.is_none() => Deepening::Off,
        mode => mode,
    };
    if mode == Deepening::Off {
        let depth = limits.depth.unwrap_or(engine.params().depth);
        report(&Report::Begin {
            depth,
            deepening: false,
        });
        let mut progress = |p: &Progress| report(&Report::Search(p.clone()));
        let result = engine.search(root, history, limits, Some(&mut progress));
        return Searched { result, depth };
    }
    let start = Instant::now();
    let deepest = limits.depth.unwrap_or(*DEPTHS.end());
    let state = engine.run_state();
    let mut total = Statistics::default();
    // The deepest depth done: its result, the depth, the state it left.
    let mut done: Option<(SearchResult, u32, RunState)> = None;
    // The times of the last two depths done, the last first.
    let mut times: (Option<Duration>, Option<Duration>) = (None, None);
    let mut ended_early = false;
    for depth in 1..=deepest {
        let elapsed = start.elapsed();
        let mut iteration = Limits {
            depth: Some(depth),
            deepen: Deepening::Off,
            ..limits.clone()
        };
        if depth > 1 {
            let stop = limits
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed));
            let left = limits.time.map(|t| t.saturating_sub(elapsed));
            let nodes_left = limits.nodes.map(|n| n.saturating_sub(total.nodes));
            if stop || left == Some(Duration::ZERO) || nodes_left == Some(0) {
                ended_early = true;
                break;
            }
            if mode == Deepening::Play
                && let (Some(left), (Some(last), before)) = (left, times)
            {
                let growth = match before {
                    Some(b) if b > Duration::from_millis(1) => {
                        (last.as_secs_f64() / b.as_secs_f64()).clamp(GROWTH.0, GROWTH.1)
                    }
                    _ => GROWTH.2,
                };
                if last.mul_f64(growth) > left {
                    ended_early = true;
                    break;
                }
            }
            iteration.time = left;
            iteration.nodes = nodes_left;
            engine.set_run_state(state);
        }
        report(&Report::Begin {
            depth,
            deepening: true,
        });
        let base = total.nodes;
        let began = Instant::now();
        let mut progress = |p: &Progress| report(&Report::Search(shifted(p, base, elapsed)));
        let r = engine.search(root, history, &iteration, Some(&mut progress));
        total += &r.stats;
        if r.stopped {
            ended_early = true;
            if done.is_none() {
                done = Some((r, depth, engine.run_state()));
            }
            break;
        }
        times = (Some(began.elapsed()), times.0);
        report(&Report::Completed(Completed {
            depth,
            value: r.value,
            lines: r.lines.clone(),
            nodes: total.nodes,
            elapsed: start.elapsed(),
        }));
        // No move: nothing deeper to see. In play, a mate found (for either side) or a
        // single legal move ends it too: the clock's time is better kept.
        let over = r.top_level.is_empty()
            || (mode == Deepening::Play && (is_mate(r.value) || r.plausibility.len() == 1));
        done = Some((r, depth, engine.run_state()));
        if over {
            break;
        }
    }
    let (mut result, depth, state) = done.expect("depth 1 is always searched");
    engine.set_run_state(state);
    total.time = start.elapsed();
    // The counters are all the depths'; where a limit stopped the search whose move is
    // returned (depth 1 only), its own node count, so that it repeats at that depth.
    total.stopped_at = result.stats.stopped_at;
    result.stats = total;
    result.stopped = ended_early;
    Searched { result, depth }
}

/// A progress report of a depth begun after `nodes` nodes and `elapsed`, counted from the
/// first depth.
fn shifted(p: &Progress, nodes: u64, elapsed: Duration) -> Progress {
    let mut p = p.clone();
    match &mut p {
        Progress::Examining { nodes: n, .. } | Progress::Searched { nodes: n, .. } => *n += nodes,
        Progress::NewBest {
            nodes: n,
            elapsed: e,
            ..
        } => {
            *n += nodes;
            *e += elapsed;
        }
    }
    p
}
