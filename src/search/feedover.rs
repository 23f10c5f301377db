//! Feedover (paper §4): the decision at the basic depth whether to apply the plausible-move
//! generator again, and otherwise the plausible-capture search.

use super::alpha_beta::{NodeResult, Tree};
use super::knowledge::Knowledge;
use crate::rules::{Bitboard, Position, Square};
use crate::value::{INFINITY, MATE_BOUND, Value};

/// The largest static value the search accepts: anything beyond could read as a mate once the
/// modifications of paper §9 (at most 7 a ply) have been applied along a line.
pub const MAX_STATIC: Value = MATE_BOUND - 1000;

/// Why a feedover started; the discriminant indexes [`super::Statistics::feedovers`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FeedoverReason {
    /// In check with nothing en prise (source: check alone starts a feedover).
    InCheck = 0,
    /// Condition 1: a piece of the side to move en prise, and it is in check or that piece is
    /// trapped or pinned.
    EnPriseAndCheckOrHelpless = 1,
    /// Condition 2: two or more pieces of the side to move en prise.
    TwoEnPrise = 2,
    /// Condition 3: one piece en prise on each side; the opponent's is trapped or pinned and
    /// ours is not.
    TheirsHelpless = 3,
}

/// The feedover condition of paper §4 (plus check, from the source), or None for a quiet
/// position.
pub fn feedover_reason<K: Knowledge + ?Sized>(
    knowledge: &mut K,
    pos: &Position,
) -> Option<FeedoverReason> {
    let us = pos.side_to_move();
    let in_check = pos.in_check();
    let ours = knowledge.en_prise(pos, us);
    let helpless = |k: &mut K, b: Bitboard| {
        let mut squares = b;
        squares.any_square(|s| k.trapped(pos, s) || k.pinned(pos, s))
    };
    // paper §Feedover, condition 2
    if ours.count() >= 2 {
        return Some(FeedoverReason::TwoEnPrise);
    }
    if ours.count() == 1 {
        // condition 1
        if in_check || helpless(knowledge, ours) {
            return Some(FeedoverReason::EnPriseAndCheckOrHelpless);
        }
        // condition 3 (ours is known not helpless here)
        let theirs = knowledge.en_prise(pos, !us);
        if theirs.count() == 1 && helpless(knowledge, theirs) {
            return Some(FeedoverReason::TheirsHelpless);
        }
    }
    in_check.then_some(FeedoverReason::InCheck)
}

impl<K: Knowledge + ?Sized> Tree<'_, K> {
    /// The plausible-capture search (paper §4): the static value, or better, any capture or
    /// promotion that appears to gain material, searched without depth or width limit.
    /// `stand pat` is the static value from the side to move's point of view.
    pub(super) fn plausible_captures(
        &mut self,
        ply: u32,
        mut alpha: Value,
        beta: Value,
        feedovers_used: u32,
    ) -> NodeResult {
        self.stats.plausible_capture_searches += 1;
        self.stats.static_evaluations += 1;
        // Clamped so that no static value looks like a mate or leaves the search bounds (the
        // ratio term grows without limit when one side has only its king).
        let stand_pat = (self.knowledge.static_value(&self.pos, &self.root)
            * self.pos.side_to_move().sign())
        .clamp(-MAX_STATIC, MAX_STATIC);
        let mut result = NodeResult::exact(stand_pat);
        if stand_pat >= beta {
            result.shadow_upper = INFINITY;
            return result;
        }
        alpha = alpha.max(stand_pat);
        let captures = self.knowledge.plausible_captures(&self.pos);
        let count = captures.len();
        for (i, m) in captures.into_iter().enumerate() {
            let undo = self.pos.make(m);
            self.keys.push(self.pos.key());
            let child = self.node(ply + 1, -beta, -alpha, feedovers_used);
            self.keys.pop();
            self.pos.unmake(m, undo);
            if self.stopped {
                break;
            }
            let v = -child.value;
            result.absorb_shadow(&child, 0);
            if v > result.value {
                result.value = v;
                result.pv.clear();
                result.pv.push(m);
                result.pv.extend_from_slice(&child.pv);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.stats.cutoffs += 1;
                        if i + 1 < count {
                            result.shadow_upper = INFINITY;
                        }
                        break;
                    }
                }
            }
        }
        result.pmg_len = 0;
        result
    }
}

/// `Iterator::any` under another name: `Bitboard` has an inherent `any()` (non-empty).
trait AnySquare {
    fn any_square(&mut self, f: impl FnMut(Square) -> bool) -> bool;
}

impl AnySquare for Bitboard {
    fn any_square(&mut self, f: impl FnMut(Square) -> bool) -> bool {
        Iterator::any(self, f)
    }
}
