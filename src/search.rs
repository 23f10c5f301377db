//! The search (paper §1, §4, §6–§10; SEARCH-TECHNIQUES): a selective, depth-limited alpha-beta
//! whose moves come from the plausible-move generator, with feedover, plausible captures, value
//! modifications, a secondary search, a transposition table, repetition detection and the
//! shadow score. All chess knowledge comes through the [`Knowledge`] trait.
//!
//! Entry point: [`Searcher::search`]. Same input, same output: the search is deterministic
//! unless a time limit or stop flag cuts it short.

pub mod alpha_beta;
pub mod feedover;
pub mod hash_table;
pub mod knowledge;
pub mod modifications;
pub mod params;
pub mod repetition;
pub mod result;
pub mod root;
pub mod secondary;
pub mod simple_knowledge;
pub mod stats;

pub use feedover::{FeedoverReason, feedover_reason};
pub use hash_table::{HashTable, TableStats};
pub use knowledge::Knowledge;
pub use params::{ParamError, Preset, RepetitionPolicy, SearchParams, WidthSchedule};
pub use result::{Limits, Progress, SearchResult, Selection, TopBound, TopLevelMove};
pub use simple_knowledge::SimpleKnowledge;
pub use stats::Statistics;

use crate::rules::{Key, Move, Position};
use alpha_beta::Tree;
use repetition::KeyStack;
use std::time::Instant;

/// A search engine: the parameters and the table, kept from one move to the next.
pub struct Searcher {
    /// The parameters of the next search.
    pub params: SearchParams,
    table: HashTable,
}

impl Searcher {
    /// A searcher with an empty table of `params.hash_entries` entries.
    pub fn new(params: SearchParams) -> Searcher {
        let table = HashTable::new(params.hash_entries);
        Searcher { params, table }
    }

    /// The table (for tests and statistics).
    pub fn table(&mut self) -> &mut HashTable {
        &mut self.table
    }

    /// Forgets everything stored (a new game, or moves taken back: game-history draws stored in
    /// the table assume the history only grows).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Chooses a move for the side to move in `root`. `history` holds the keys of the game's
    /// earlier positions, oldest first, the root excluded (see [`history_after`]).
    pub fn search<K: Knowledge + ?Sized>(
        &mut self,
        knowledge: &mut K,
        root: &Position,
        history: &[Key],
        limits: &Limits,
        progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> SearchResult {
        if self.table.len() != self.params.hash_entries.max(1) {
            self.table = HashTable::new(self.params.hash_entries);
        }
        self.table.new_search();
        self.table.reset_stats();
        let start = Instant::now();
        let mut tree = Tree {
            pos: root.clone(),
            root: root.clone(),
            knowledge,
            params: &self.params,
            table: &mut self.table,
            keys: KeyStack::new(history, root.key()),
            stats: Statistics::default(),
            limits,
            start,
            stopped: false,
            basic_depth: self.params.depth,
        };
        let mut result = tree.root(progress);
        let mut stats = tree.stats;
        stats.table = self.table.stats;
        stats.time = start.elapsed();
        result.stats = stats;
        result
    }
}

/// Plays `moves` (each checked legal) from `start`: the position reached and the keys of the
/// positions before it, for [`Searcher::search`]. Errors name the first illegal move.
pub fn history_after(start: &Position, moves: &[Move]) -> Result<(Position, Vec<Key>), Move> {
    let mut pos = start.clone();
    let mut keys = Vec::with_capacity(moves.len());
    for &m in moves {
        if !pos.is_legal(m) {
            return Err(m);
        }
        keys.push(pos.key());
        pos.make(m);
    }
    Ok((pos, keys))
}
