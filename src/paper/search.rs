//! The search (paper §1, §4, §6–§10; SEARCH-TECHNIQUES): a selective, depth-limited alpha-beta
//! whose moves come from the plausible-move generator, with feedover, plausible captures, value
//! modifications, a secondary search, a transposition table, repetition detection and the
//! shadow score. All chess knowledge comes through the [`Knowledge`] trait.
//!
//! Entry point: [`Searcher::search`]. Same input, same output: the search is deterministic
//! unless a time limit or stop flag cuts it short.
//!
//! This is the paper's program; c197, the 1967-68 program routine by routine, is its sibling
//! ([`crate::c197`]). What both take and return is in [`crate::interface`]; the front ends reach
//! either through [`crate::game::Engine`].
//!
//! | Paper | File |
//! |---|---|
//! | §1, §6, §7 selective alpha-beta, widths | `alpha_beta.rs` (node), `root.rs` (top level) |
//! | §4 feedover, plausible captures | `feedover.rs` (the decision), `alpha_beta.rs` (the captures) |
//! | §8 hash table | `hash_table.rs` |
//! | §9 modifications | `modifications.rs` |
//! | §10 secondary search | `secondary.rs` |
//! | §13 aids 5, 6 | `crate::interface` (`result.rs`: the top-level record; `stats.rs`) |
//! | SEARCH-TECHNIQUES §3 repetition | `repetition.rs` |
//! | SEARCH-TECHNIQUES §4 shadow score | `alpha_beta.rs` (`NodeResult`), `hash_table.rs` |
//!
//! Choices where the sources leave room:
//! - **Depth** 4 in both presets: the c197 default SETD 4, and the depth the oracle in
//!   `reference/c1973/` was run at (secondary sources say 5; `--depth 5` gives it).
//! - **Levels**: the root is ply 0; its moves are level 1 (the paper's "first level"), so
//!   captures are always searched at levels 1 and 2, and the width schedule's first number is
//!   the top level's. Feedover is decided at ply = depth, none at ply >= depth + 3.
//! - **Top level**: no cut-off. Each move is searched with the window (best so far, +inf): the
//!   best move's value is exact; every other is exact or shown refuted ("<= v"), as the 1973
//!   program's `HPV` print shows them. The root never reads the table (source: "hits are never
//!   used at ply 1").
//! - **Refutation rule** (paper §7): a move equal to the best at the previous level is refuted,
//!   i.e. the cut-off test is `value >= beta`; a move replaces the best only if strictly better,
//!   so ties go to the move searched first. That is the most plausible one, except at inner
//!   nodes where a legal table move is searched first (only if it would be selected anyway;
//!   `SearchParams::hash_move_first` turns this off).
//! - **Width heuristics** (paper §6): the PMG's `must_search` flag is honoured, and the search
//!   adds safe checks and captures at levels 1–2 itself, so any PMG gets the paper's widths.
//!   Heuristic 3 adds, after the basic width, the first safe move of each piece not yet seen
//!   until min(width/2, pieces with safe moves) pieces are represented. Heuristic 4: a move
//!   whose value is a mate against the mover is uncounted, so the next move comes in.
//! - **Modifications** (§9) are not applied to mate scores. The poor-move penalty shifts the
//!   child's window; the same-piece penalty (known only from the child's line) is applied to
//!   the returned value.
//! - **Secondary search** (§10): on each new best top-level move, the line is followed as far as
//!   PMG nodes chose it (not into plausible captures), then searched with depth + 2 plies and a
//!   full window; the lower value for the mover wins, and the move stays best only if it still
//!   beats the previous best.
//! - **Table**: only full-width nodes (ply < depth) are stored, with depth = plies left; nodes
//!   past the basic depth depend on the feedovers left in the line. Staleness by generation.
//! - **Repetition**: default first-repetition-is-a-draw (1967). Game-history repetitions are
//!   treated as path-independent within a search (the history only grows); a front end that
//!   takes moves back should [`Searcher::clear`] the table.
//! - **Shadow score**: off by default (the 1967 program had none). Cost on `machack bench`
//!   (tournament widths, 1967 knowledge): at depth 4 identical nodes and moves (a tree
//!   repetition needs ply >= 5, reached only through feedovers); at depth 6 +0.14% nodes,
//!   +0.12% PMG calls, time within noise, the same moves.
//! - **Static values** are clamped to ±(MATE_BOUND − 1000) (`alpha_beta::MAX_STATIC`), so that no
//!   evaluation, modified along a line, reads as a mate.
//! - **Knowledge**: [`Knowledge1967`] (the `eval` and `plausible` modules) for play;
//!   [`SimpleKnowledge`] is a teaching implementation for tests.

pub mod alpha_beta;
pub mod feedover;
pub mod hash_table;
pub mod knowledge;
pub mod knowledge_1967;
pub mod modifications;
pub mod repetition;
pub mod root;
pub mod secondary;
pub mod simple_knowledge;

pub use feedover::{FeedoverReason, feedover_reason};
pub use hash_table::HashTable;
pub use knowledge::Knowledge;
pub use knowledge_1967::Knowledge1967;
pub use simple_knowledge::SimpleKnowledge;

use crate::interface::{Limits, PaperKnowledge, Progress, SearchParams, SearchResult, Statistics};
use crate::rules::{Key, Move, Position};
use crate::time::Instant;
use alpha_beta::Tree;
use repetition::KeyStack;

/// The paper's search engine: the parameters and the table, kept from one move to the next.
pub struct Searcher {
    /// The parameters of the next search.
    pub params: SearchParams,
    table: HashTable,
}

impl Searcher {
    /// A searcher with an empty table of `params.hash_entries` entries.
    pub fn new(params: SearchParams) -> Searcher {
        let table = HashTable::new(params.table_entries());
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
        if self.table.len() != self.params.table_entries() {
            self.table = HashTable::new(self.params.table_entries());
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
            basic_depth: limits.depth.unwrap_or(self.params.depth),
        };
        let mut result = tree.root(progress);
        let mut stats = tree.stats;
        stats.table = self.table.stats;
        stats.time = start.elapsed();
        result.stats = stats;
        result
    }
}

/// The knowledge a paper profile's settings name, ready to search with.
pub fn knowledge_for(k: PaperKnowledge) -> Box<dyn Knowledge + Send> {
    match k {
        PaperKnowledge::K1967(eval) => Box::new(Knowledge1967::new(eval)),
        PaperKnowledge::Simple => Box::new(SimpleKnowledge),
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
