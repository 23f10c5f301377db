//! The engine the front ends drive: the search with its parameters, behind one small interface,
//! so the terminal game, UCI and CECP think the same way. Moves and values only: no text.

use crate::rules::{Key, Move, Position};
use crate::search::{Knowledge1967, Limits, Progress, SearchParams, Searcher, Statistics};
use crate::value::Value;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// When to stop thinking.
#[derive(Clone, Debug, Default)]
pub struct ThinkLimits {
    /// Stop after this long, playing the best move found so far.
    pub time: Option<Duration>,
    /// Stop after this many nodes (a limit the front end has checked).
    pub nodes: Option<u64>,
    /// Search this deep instead of the parameters' depth (a depth the front end has checked).
    pub depth: Option<u32>,
    /// Set from another thread to stop.
    pub stop: Option<Arc<AtomicBool>>,
}

/// The outcome of thinking about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play (None when there is no legal move).
    pub best: Option<Move>,
    /// Its value for the side to move.
    pub value: Value,
    /// The principal variation, the move first.
    pub pv: Vec<Move>,
    /// The best top-level moves with their exact values and variations, best first: as many as
    /// `params.multi_pv` asks (fewer if fewer were searched to the end; the first is the
    /// chosen move's line).
    pub lines: Vec<(Value, Vec<Move>)>,
    /// The depth searched.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether a limit or the stop flag cut it short.
    pub stopped: bool,
}

/// The search with its parameters and table, kept from move to move, and the 1967 knowledge
/// (evaluator and plausible-move generator) it searches with.
pub struct Engine {
    /// The parameters of the next search (`SETW`, `SETD`, `SETF`, UCI options).
    pub params: SearchParams,
    searcher: Searcher,
    knowledge: Knowledge1967,
    statistics: Statistics,
}

impl Engine {
    /// An engine searching with `params`.
    pub fn new(params: SearchParams) -> Engine {
        Engine {
            searcher: Searcher::new(params.clone()),
            params,
            knowledge: Knowledge1967::default(),
            statistics: Statistics::default(),
        }
    }

    /// Forgets what earlier searches stored (a new game, or moves taken back).
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// The statistics of the last search (its PMG calls give its 1967-equivalent time).
    pub fn statistics(&self) -> &Statistics {
        &self.statistics
    }

    /// Chooses a move for the side to move in `pos`; `history` holds the keys of the game's
    /// earlier positions, oldest first, `pos` excluded.
    pub fn think(
        &mut self,
        pos: &Position,
        history: &[Key],
        limits: &ThinkLimits,
        progress: &mut dyn FnMut(&Progress),
    ) -> Thought {
        let mut params = self.params.clone();
        if let Some(d) = limits.depth {
            // Checked by the front end (`search::params::parse_depth`).
            params.depth = d;
        }
        let depth = params.depth;
        self.searcher.params = params;
        let search_limits = Limits {
            stop: limits.stop.clone(),
            nodes: limits.nodes,
            time: limits.time,
        };
        let r = self.searcher.search(
            &mut self.knowledge,
            pos,
            history,
            &search_limits,
            Some(progress),
        );
        let lines = r
            .exact_lines()
            .into_iter()
            .take(self.params.multi_pv as usize)
            .map(|t| (t.value, t.pv.clone()))
            .collect();
        let thought = Thought {
            lines,
            best: r.best_move,
            value: r.value,
            pv: r.pv,
            depth,
            nodes: r.stats.nodes,
            elapsed: r.stats.time,
            stopped: r.stopped,
        };
        self.statistics = r.stats;
        thought
    }
}

/// A value as UCI wants it: centipawns from the side to move (pawn = 128 → 100).
pub fn centipawns(v: Value) -> i32 {
    v * 100 / 128
}
