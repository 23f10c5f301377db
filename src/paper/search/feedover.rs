//! Feedover (paper §4): the decision at the basic depth whether to apply the plausible-move
//! generator again. Where it says no, the node searches plausible captures instead
//! ([`super::alpha_beta`], `Tree::plausible_captures`, paper §4 too).

use super::knowledge::Knowledge;
use crate::rules::{Bitboard, Position, Square};

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

/// `Iterator::any` under another name: `Bitboard` has an inherent `any()` (non-empty).
trait AnySquare {
    fn any_square(&mut self, f: impl FnMut(Square) -> bool) -> bool;
}

impl AnySquare for Bitboard {
    fn any_square(&mut self, f: impl FnMut(Square) -> bool) -> bool {
        Iterator::any(self, f)
    }
}
