//! The program behind every front end: the paper's or c197, chosen once from the settings'
//! [`Profile`], and asked for a move through one interface. Moves and values only: no text.

use crate::c197;
use crate::interface::{Limits, Profile, Progress, SearchParams, SearchResult};
use crate::paper::search::{self, Knowledge};
use crate::rules::{Key, Position};

/// What a program keeps from one search to the next, as far as it can be set back (see
/// [`Program::run_state`]).
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
pub enum Program {
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
    /// The program `params.profile` names, fresh, searching with `params`.
    pub fn new(params: SearchParams) -> Program {
        match params.profile {
            Profile::Paper(k) => Program::Paper {
                knowledge: search::knowledge_for(k),
                searcher: search::Searcher::new(params),
            },
            Profile::C197(fixes) => Program::C197(c197::Searcher::new(params, fixes)),
        }
    }

    /// The settings of the next search.
    pub fn params(&self) -> &SearchParams {
        match self {
            Program::Paper { searcher, .. } => &searcher.params,
            Program::C197(s) => s.params(),
        }
    }

    /// Replaces the settings of the next search: the same program keeps what it remembers;
    /// another profile (or the paper's with other knowledge) is a fresh program.
    pub fn set_params(&mut self, params: SearchParams) {
        match (self, params.profile) {
            (Program::C197(s), Profile::C197(fixes)) => s.set_params(params, fixes),
            (Program::Paper { searcher, .. }, p) if p == searcher.params.profile => {
                searcher.params = params;
            }
            (me, _) => *me = Program::new(params),
        }
    }

    /// Forgets what earlier searches left (a new game, or moves taken back).
    pub fn clear(&mut self) {
        match self {
            Program::Paper { searcher, .. } => searcher.clear(),
            Program::C197(s) => s.clear(),
        }
    }

    /// What the program keeps from one search to the next that a search at some depth would
    /// change: c197's run state ([`c197::cat::Leftovers`]). Not the paper's table, which is
    /// kept (see [`RunState`]).
    pub fn run_state(&self) -> RunState {
        match self {
            Program::Paper { .. } => RunState::Paper,
            Program::C197(s) => RunState::C197(s.run_state()),
        }
    }

    /// Puts back a state [`Program::run_state`] gave (of the same program; another's is
    /// ignored).
    pub fn set_run_state(&mut self, state: RunState) {
        if let (Program::C197(s), RunState::C197(run)) = (self, state) {
            s.set_run_state(run);
        }
    }

    /// Chooses a move for the side to move in `root`; `history` holds the keys of the game's
    /// earlier positions, oldest first, `root` excluded.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[Key],
        limits: &Limits,
        progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> SearchResult {
        match self {
            Program::Paper {
                searcher,
                knowledge,
            } => searcher.search(knowledge.as_mut(), root, history, limits, progress),
            Program::C197(s) => s.search(root, history, limits, progress),
        }
    }
}
