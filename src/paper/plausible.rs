//! The plausible-move generator (paper §5): scores every legal move, most plausible first.
//!
//! This file holds the generator's output types, shared with the search, and its entry points;
//! the rules live in the files of `plausible/`: the square-importance map, development values,
//! the per-call context, the attributes of one move, and the factor accumulator that makes the
//! trace (paper §13, aid 4) and the score one computation.

pub mod attributes;
pub mod captures;
pub mod context;
pub mod development;
pub mod factors;
pub mod square_importance;

use crate::rules::{Move, Position};
use crate::value::Value;
use attributes::score_move;
pub use captures::plausible_captures;
use context::Context;
pub use factors::Factor;
use factors::Factors;

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
    /// The positional change (development and positional attributes) the `poor` flag tests.
    pub positional: Value,
    /// The number of forcing possibilities (two or more make a fork).
    pub forcing: u32,
}

impl PlausibleMove {
    /// The names of the flags the search reads, as the debugging aids print them:
    /// `must-search`, `unsafe`, `poor`.
    pub fn flag_names(&self) -> impl Iterator<Item = &'static str> {
        [
            (self.must_search, "must-search"),
            (self.unsafe_move, "unsafe"),
            (self.poor, "poor"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
    }
}

/// The generator's answer for one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlausibleMoves {
    /// Every legal move, most plausible first; equal plausibility keeps generation order.
    pub moves: Vec<PlausibleMove>,
    /// How many of the mover's pieces have at least one safe move (width heuristic 3, paper §6).
    pub pieces_with_safe_moves: u32,
}

/// \[S\] A move whose positional change is at most this is developmentally poor (paper §5).
pub const POOR_THRESHOLD: Value = -48;
/// \[S\] Captures are must-search at search levels up to this one (level 1 = top-level moves).
pub const CAPTURES_MUST_SEARCH_PLY: u32 = 2;

/// Scores one move with the per-call context, recording the factors when `TRACE`.
fn evaluate_move<const TRACE: bool>(ctx: &Context, m: Move) -> (PlausibleMove, Vec<Factor>) {
    let mut f = Factors::<TRACE>::new();
    let facts = score_move(ctx, m, &mut f);
    // paper §5 flags \[S\]: checks, forks, captures at ply ≤ 2 are must-search.
    let capture = m.is_capture();
    let must_search =
        facts.check || f.forcing >= 2 || (capture && ctx.search_ply <= CAPTURES_MUST_SEARCH_PLY);
    let pm = PlausibleMove {
        mv: m,
        plausibility: f.total,
        must_search,
        unsafe_move: facts.unsafe_move,
        poor: f.positional <= POOR_THRESHOLD,
        check: facts.check,
        positional: f.positional,
        forcing: f.forcing,
    };
    (pm, f.into_trace())
}

/// The sort key that puts `value` highest first, then `index` (a place in generation order)
/// lowest first, as one integer: keys that are all different, whose unstable sort is the stable
/// sort by value, cheaper than a stable sort of what they order. The index is the key's low
/// 32 bits.
pub(crate) fn highest_first(value: Value, index: usize) -> u64 {
    u64::from(!(value as u32 ^ 0x8000_0000)) << 32 | index as u64
}

/// Every legal move of `pos` with its plausibility, most plausible first (paper §5).
/// `search_ply` is the level of these moves in the search tree, counted as the paper counts
/// them: 1 for the top-level moves, 2 for the replies (captures are must-search at levels 1
/// and 2, paper §6; 0 counts as 1). The game-phase rules use `pos.game_ply()`.
pub fn plausible_moves(pos: &Position, search_ply: u32) -> PlausibleMoves {
    let legal = pos.legal_moves();
    let mut out = PlausibleMoves {
        moves: Vec::with_capacity(legal.len()),
        pieces_with_safe_moves: 0,
    };
    if legal.is_empty() {
        return out;
    }
    let ctx = Context::new(pos, search_ply);
    let mut safe_from = crate::rules::Bitboard::EMPTY;
    let scored: Vec<PlausibleMove> = legal
        .iter()
        .map(|&m| {
            let (pm, _) = evaluate_move::<false>(&ctx, m);
            if !pm.unsafe_move {
                safe_from |= crate::rules::Bitboard::from_square(m.from());
            }
            pm
        })
        .collect();
    // Stable: equal plausibility keeps generation order.
    let mut keys = [0u64; 256];
    let keys = &mut keys[..scored.len()];
    for (i, (key, pm)) in keys.iter_mut().zip(&scored).enumerate() {
        *key = highest_first(pm.plausibility, i);
    }
    keys.sort_unstable();
    out.moves
        .extend(keys.iter().map(|&key| scored[key as u32 as usize]));
    out.pieces_with_safe_moves = safe_from.count();
    out
}

/// The plausibility of `m` in `pos` factor by factor (paper §13, aid 4), with its scored move;
/// `None` if `m` is not legal here. The factors sum to the plausibility exactly.
pub fn trace_move(
    pos: &Position,
    m: Move,
    search_ply: u32,
) -> Option<(PlausibleMove, Vec<Factor>)> {
    if !pos.legal_moves().contains(m) {
        return None;
    }
    let ctx = Context::new(pos, search_ply);
    Some(evaluate_move::<true>(&ctx, m))
}
