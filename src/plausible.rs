//! The plausible-move generator (paper §5): scores every legal move, most plausible first.
//!
//! This file holds the generator's output types, shared with the search; the generator itself
//! lives in the files of `plausible/`.

use crate::rules::Move;
use crate::value::Value;

/// One legal move with its plausibility and the flags the search reads (paper §5, §6, §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlausibleMove {
    /// The move.
    pub mv: Move,
    /// Its plausibility: 512 + positional change + attribute terms (paper §5).
    pub plausibility: Value,
    /// Searched whatever the width: checks, forks (two forcing possibilities), captures at ply ≤ 2.
    pub must_search: bool,
    /// Leaves the moved piece where it is expected to be lost.
    pub unsafe_move: bool,
    /// Developmentally poor: positional change ≤ -48 (costs 3 in the search, paper §9).
    pub poor: bool,
    /// Gives check.
    pub check: bool,
}

/// The generator's answer for one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlausibleMoves {
    /// Every legal move, most plausible first; equal plausibility keeps generation order.
    pub moves: Vec<PlausibleMove>,
    /// How many of the mover's pieces have at least one safe move (width heuristic 3, paper §6).
    pub pieces_with_safe_moves: u32,
}
