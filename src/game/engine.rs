//! The engine every front end drives: one of the two programs, the paper's or c197, chosen once
//! from the settings' [`Profile`] and kept from move to move, asked for a move through one
//! interface, with what the front ends read of its last search. The terminal game, UCI, CECP,
//! the match runner, replay against history and the commands all think through it. Moves and
//! values only: no text.
//!
//! Thinking (a search at the set depth, or deeper and deeper) is [`Engine::think`], in
//! [`super::deepening`]; the debugging aids of paper §13 asked of the engine's program are in
//! [`super::aids`].

use crate::c197;
use crate::interface::{
    Approximation, Limits, Line, Profile, Progress, SearchParams, SearchResult, Statistics,
};
use crate::paper::search::{self, Knowledge};
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

/// What a program keeps from one search to the next, as far as it can be set back (see
/// [`Engine::run_state`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunState {
    /// The paper's program: its table is kept from search to search (and from depth to depth
    /// when deepening: the shallower depths' entries give the deeper ones their moves to try
    /// first), never set back.
    Paper,
    /// c197's run state.
    C197(c197::cat::Leftovers),
}

/// One of the two programs, with what it keeps from one search to the next.
enum Program {
    /// The paper's program: its search with its table, and the knowledge the profile names.
    Paper {
        /// The search, with the settings and the table.
        searcher: search::Searcher,
        /// The evaluator and generator it searches with.
        knowledge: Box<dyn Knowledge + Send>,
    },
    /// c197, with its run state.
    C197(c197::Searcher),
}

impl Program {
    /// The program `params.profile` names, fresh, searching with `params`: the one place the
    /// profile chooses the program.
    fn new(params: SearchParams) -> Program {
        match params.profile {
            Profile::Paper(k) => Program::Paper {
                knowledge: search::knowledge_for(k),
                searcher: search::Searcher::new(params),
            },
            Profile::C197(fixes) => Program::C197(c197::Searcher::new(params, fixes)),
        }
    }
}

/// The engine: the program its settings' profile names, kept from move to move, and the
/// statistics of its last thought.
pub struct Engine {
    program: Program,
    /// Set by [`Engine::think`].
    pub(super) statistics: Statistics,
}

impl Engine {
    /// An engine searching with `params`, with the program its profile names, fresh.
    pub fn new(params: SearchParams) -> Engine {
        Engine {
            program: Program::new(params),
            statistics: Statistics::default(),
        }
    }

    /// The settings of the next search.
    pub fn params(&self) -> &SearchParams {
        match &self.program {
            Program::Paper { searcher, .. } => &searcher.params,
            Program::C197(s) => s.params(),
        }
    }

    /// Replaces the settings of the next search (`SETW`, `SETD`, `SETF`, UCI and CECP
    /// options): the same program keeps what it remembers; another profile (or the paper's
    /// with other knowledge) is a fresh program.
    pub fn set_params(&mut self, params: SearchParams) {
        match (&mut self.program, params.profile) {
            (Program::C197(s), Profile::C197(fixes)) => s.set_params(params, fixes),
            (Program::Paper { searcher, .. }, p) if p == searcher.params.profile => {
                searcher.params = params;
            }
            (me, _) => *me = Program::new(params),
        }
    }

    /// Changes some settings of the next search: `change` edits a copy, given to
    /// [`Engine::set_params`].
    pub fn update(&mut self, change: impl FnOnce(&mut SearchParams)) {
        let mut params = self.params().clone();
        change(&mut params);
        self.set_params(params);
    }

    /// Forgets what earlier searches left (a new game, or moves taken back).
    pub fn new_game(&mut self) {
        match &mut self.program {
            Program::Paper { searcher, .. } => searcher.clear(),
            Program::C197(s) => s.clear(),
        }
    }

    /// What the program keeps from one search to the next that a search at some depth would
    /// change: c197's run state ([`c197::cat::Leftovers`]). Not the paper's table, which is
    /// kept (see [`RunState`]).
    pub fn run_state(&self) -> RunState {
        match &self.program {
            Program::Paper { .. } => RunState::Paper,
            Program::C197(s) => RunState::C197(s.run_state()),
        }
    }

    /// Puts back a state [`Engine::run_state`] gave (of the same program; another's is
    /// ignored).
    pub fn set_run_state(&mut self, state: RunState) {
        if let (Program::C197(s), RunState::C197(run)) = (&mut self.program, state) {
            s.set_run_state(run);
        }
    }

    /// The statistics of the last thought ([`Engine::think`]), all its depths when deepening
    /// (its PMG calls give its 1967-equivalent time).
    pub fn statistics(&self) -> &Statistics {
        &self.statistics
    }

    /// The entries of the table whose fill the statistics count
    /// ([`TableStats::most_in_use`](crate::interface::TableStats::most_in_use)): c197's, which
    /// frees its pending entries on the way back, so that the most in use at once is its fill;
    /// None for the paper's, which does not count them.
    pub fn counted_table_entries(&self) -> Option<usize> {
        match &self.program {
            Program::Paper { .. } => None,
            Program::C197(s) => Some(s.params().table_entries()),
        }
    }

    /// One search for the side to move in `root`, at the set depth or `limits.depth`;
    /// `history` holds the keys of the game's earlier positions, oldest first, `root`
    /// excluded.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[Key],
        limits: &Limits,
        progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> SearchResult {
        match &mut self.program {
            Program::Paper {
                searcher,
                knowledge,
            } => searcher.search(knowledge.as_mut(), root, history, limits, progress),
            Program::C197(s) => s.search(root, history, limits, progress),
        }
    }
}

/// A value as UCI wants it: centipawns from the side to move (pawn = 128 → 100).
pub fn centipawns(v: Value) -> i32 {
    v * 100 / 128
}
