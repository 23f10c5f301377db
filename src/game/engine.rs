//! The engine the front ends drive: the program behind one small interface ([`Program`]), so
//! the terminal game, UCI and CECP think the same way, with what the front ends read of its
//! last search. Moves and values only: no text.

pub use super::deepening::{Completed, Report};

use super::deepening::{self, Searched};
use super::program::Program;
use crate::interface::{Approximation, Limits, Line, SearchParams, Statistics};
use crate::rules::{Key, Move, Position};
use crate::value::Value;
use std::time::Duration;

/// The outcome of thinking about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play (None when there is no legal move).
    pub best: Option<Move>,
    /// Its value for the side to move.
    pub value: Value,
    /// The principal variation, the move first.
    pub pv: Vec<Move>,
    /// The principal lines, the chosen move's first, then the next best top-level moves with
    /// their exact values: as many as `params.multi_pv` asks (see `SearchResult::lines`).
    pub lines: Vec<Line>,
    /// The depth searched (when deepening, the deepest searched to the end).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether a limit or the stop flag cut it short.
    pub stopped: bool,
    /// The node count at which it was cut short: given as a node limit, the search stops at
    /// the same node (see [`Statistics::stopped_at`]).
    pub stopped_at: Option<u64>,
    /// Where the position was searched otherwise than the original program could have.
    pub approximations: Vec<Approximation>,
}

/// The program, kept from move to move, and the statistics of its last search.
pub struct Engine {
    program: Program,
    statistics: Statistics,
}

impl Engine {
    /// An engine searching with `params` (the program its profile names).
    pub fn new(params: SearchParams) -> Engine {
        Engine {
            program: Program::new(params),
            statistics: Statistics::default(),
        }
    }

    /// An engine searching with `program` as it stands (its run state kept; see
    /// [`crate::game::rerun`]).
    pub fn with_program(program: Program) -> Engine {
        Engine {
            program,
            statistics: Statistics::default(),
        }
    }

    /// The settings of the next search.
    pub fn params(&self) -> &SearchParams {
        self.program.params()
    }

    /// Changes the settings of the next search (`SETW`, `SETD`, `SETF`, UCI and CECP options):
    /// another profile is a fresh program.
    pub fn set_params(&mut self, params: SearchParams) {
        self.program.set_params(params);
    }

    /// Changes some settings of the next search: `change` edits a copy, given to
    /// [`Engine::set_params`].
    pub fn update(&mut self, change: impl FnOnce(&mut SearchParams)) {
        let mut params = self.params().clone();
        change(&mut params);
        self.set_params(params);
    }

    /// Forgets what earlier searches stored (a new game, or moves taken back).
    pub fn new_game(&mut self) {
        self.program.clear();
    }

    /// The statistics of the last search, all its depths when deepening (its PMG calls give
    /// its 1967-equivalent time).
    pub fn statistics(&self) -> &Statistics {
        &self.statistics
    }

    /// Chooses a move for the side to move in `pos`, at the set depth or deepening as
    /// `limits.deepen` says (see [`deepening`]); `history` holds the keys of the game's
    /// earlier positions, oldest first, `pos` excluded. `report` hears each depth begin, the
    /// search's progress, and each depth done when deepening.
    pub fn think(
        &mut self,
        pos: &Position,
        history: &[Key],
        limits: &Limits,
        report: &mut dyn FnMut(&Report),
    ) -> Thought {
        let Searched { result: r, depth } =
            deepening::search(&mut self.program, pos, history, limits, report);
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

/// A value as UCI wants it: centipawns from the side to move (pawn = 128 → 100).
pub fn centipawns(v: Value) -> i32 {
    v * 100 / 128
}
