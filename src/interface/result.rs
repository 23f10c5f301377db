//! What a search returns to the front ends, and how they stop it and follow its progress.

use super::stats::Statistics;
use crate::rules::{Move, PieceKind, Square};
use crate::value::Value;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How exactly a top-level value is known.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TopBound {
    /// The move's value (the best move's, or one searched before it became best).
    Exact,
    /// Refuted: its value is at most this (it did not beat the best move so far).
    AtMost,
    /// Its search was interrupted: it does not count.
    Interrupted,
}

/// Why a top-level move was searched (paper §6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Within the basic width.
    Width,
    /// Flagged must-search by the PMG (checks, forks, early captures).
    MustSearch,
    /// A safe check (heuristic 1).
    SafeCheck,
    /// A capture at level 1 or 2 (heuristic 2).
    Capture,
    /// To examine enough distinct pieces (heuristic 3).
    DistinctPiece,
    /// Past the width, only for the lines `SearchParams::multi_pv` asks (not in 1967): the
    /// most plausible of the moves the width left out, while fewer lines were found.
    Lines,
}

impl Selection {
    /// Why the move was searched, in words, as `machack think`'s record says it.
    pub fn words(self) -> &'static str {
        match self {
            Selection::Width => "width",
            Selection::MustSearch => "must-search",
            Selection::SafeCheck => "safe check",
            Selection::Capture => "capture",
            Selection::DistinctPiece => "other piece",
            Selection::Lines => "lines",
        }
    }
}

/// One top-level move as searched (paper §13, debugging aid 5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopLevelMove {
    /// The move.
    pub mv: Move,
    /// Its plausibility.
    pub plausibility: Value,
    /// Why it was searched.
    pub selection: Selection,
    /// Its value for the side to move (a bound if `bound` says so).
    pub value: Value,
    /// How exactly `value` is known.
    pub bound: TopBound,
    /// Its main variation, the move first.
    pub pv: Vec<Move>,
    /// The secondary search's value, if one ran for it.
    pub secondary: Option<Value>,
}

/// One principal line: a top-level move's exact value and main variation, the move first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The value for the side to move.
    pub value: Value,
    /// The main variation, the top-level move first.
    pub pv: Vec<Move>,
}

/// Where the program searched a position that the original could not hold, and what it did
/// instead (`reference/c197/README.md`, Approximations): said once where the user reads the
/// search (a line of `think`, an `info string`, a note in the record).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Approximation {
    /// A piece promoted to other than a queen stands on `square`: the 1967 program promotes
    /// only to a queen (c197's `MMS5`), so c197 holds it as the piece it is (a
    /// reconstruction, `c197::board::Board::make_as`).
    UnderPromoted {
        /// Where the piece stands.
        square: Square,
        /// What it is.
        kind: PieceKind,
    },
}

impl std::fmt::Display for Approximation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Approximation::UnderPromoted { square, kind } => {
                let name = kind.name();
                write!(
                    f,
                    "the 1967 program promotes only to a queen; it searches the promoted \
                     {name} on {square} as a {name} (a reconstruction)"
                )
            }
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move (None when the side to move has no legal move).
    pub best_move: Option<Move>,
    /// Its value for the side to move.
    pub value: Value,
    /// The principal variation, the chosen move first.
    pub pv: Vec<Move>,
    /// Every top-level move searched, in the order searched.
    pub top_level: Vec<TopLevelMove>,
    /// The principal lines (UCI MultiPV): the chosen move's first, with `value` and `pv`; then
    /// the next best top-level moves in the program's order of preference, each with its exact
    /// value, as many as `SearchParams::multi_pv` asks, or one for each move the program can
    /// make if it has fewer. Empty when there is no legal move, or when the search was stopped
    /// before any move was searched to the end.
    pub lines: Vec<Line>,
    /// Every legal top-level move with its plausibility, most plausible first (paper §13,
    /// aid 5: "the plausibility of every top-level move"), searched or not.
    pub plausibility: Vec<(Move, Value)>,
    /// The counters.
    pub stats: Statistics,
    /// Whether a stop flag or limit ended the search early.
    pub stopped: bool,
    /// Where the position was searched otherwise than the original program could have.
    pub approximations: Vec<Approximation>,
}

/// How far to search, and when to give up early. The search checks every 256 nodes; a
/// top-level move whose search was interrupted does not count, and the best move found so far
/// is returned.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Set from another thread to stop.
    pub stop: Option<Arc<AtomicBool>>,
    /// Stop after this many nodes (a limit checked by `params::check_node_limit`).
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// Search this deep instead of the settings' depth (checked by `params::parse_depth`); when
    /// deepening, the deepest depth to search.
    pub depth: Option<u32>,
    /// Whether to search once at the set depth, as in 1967, or depth 1, 2, 3, … (read by
    /// `game::deepening`, which gives the programs one depth at a time).
    pub deepen: Deepening,
    /// The top-level moves to choose among (UCI `go searchmoves`; not in 1967), legal moves of
    /// the root: the generator's list at the root keeps only these, in its order, before the
    /// width is applied. Empty: every legal move.
    pub searchmoves: Vec<Move>,
}

/// One search at the set depth, or deeper and deeper (not in 1967: the 1967 program searched
/// to a set depth and answered "about twice as fast" as its clock asked).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Deepening {
    /// One search at `Limits::depth`, else the settings' depth: the 1967 program.
    #[default]
    Off,
    /// Analysis: depth 1, 2, 3, … (the widths' last number repeating), each searched to the
    /// end, until the stop flag, the time or the node limit interrupts one or the deepest depth
    /// (`Limits::depth`, else the end of `params::DEPTHS`) is done. It uses all its time.
    Analysis,
    /// Play under a clock: the same, but a depth is begun only if it is expected to end within
    /// the time (its predecessor's time times the growth from the depth before); without a time
    /// limit, one search at the set depth.
    Play,
}

/// What the search reports while it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A top-level move is being examined (`index` counts from 0 among those searched).
    Examining {
        /// Its position in the searched order.
        index: usize,
        /// The move.
        mv: Move,
        /// How many top-level moves the width selects in all (more if a move found mated is
        /// replaced by the next, paper §6; 0 where the program does not count them ahead).
        total: usize,
        /// Its plausibility, by which it was chosen (the program's own scale).
        plausibility: Value,
        /// Nodes searched so far.
        nodes: u64,
    },
    /// A top-level move has been searched to the end (not one a limit interrupted).
    Searched {
        /// Its position in the searched order.
        index: usize,
        /// The move.
        mv: Move,
        /// Its value for the side to move, as exactly as `bound` says (as [`TopLevelMove`]'s).
        value: Value,
        /// How exactly `value` is known.
        bound: TopBound,
        /// Nodes searched so far.
        nodes: u64,
    },
    /// A new best top-level move.
    NewBest {
        /// The move.
        mv: Move,
        /// Its value for the side to move.
        value: Value,
        /// Its principal variation.
        pv: Vec<Move>,
        /// Nodes searched so far.
        nodes: u64,
        /// Time since the search started.
        elapsed: Duration,
    },
}
