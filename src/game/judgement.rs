//! When the machine accepts a draw and when it resigns.
//!
//! In 1967 the machine never offered a draw; when the opponent offered one, the operator typed
//! `draw?` and it answered `accept` or `decline` (paper §12). Operators resigned hopeless games
//! for it; here the machine does so itself by the rule below.

use crate::value::{MATE_BOUND, Value};

/// A draw is accepted when the machine's last search value is at most this for it: half a pawn
/// down. An even position is declined: the machine plays on.
pub const DRAW_ACCEPT_AT_MOST: Value = -64;

/// The machine resigns when its search value is at most this (a rook and a pawn down: rook 640 +
/// pawn 128) ...
pub const RESIGN_AT_MOST: Value = -768;

/// ... for this many of its moves in a row, or at once when it sees itself mated.
pub const RESIGN_AFTER_MOVES: u32 = 3;

/// Whether the machine accepts a draw offer, given its last search value for itself (None before
/// any search, e.g. still in book: declined).
pub fn accepts_draw(last_value: Option<Value>) -> bool {
    last_value.is_some_and(|v| v <= DRAW_ACCEPT_AT_MOST)
}

/// Whether the machine claims a draw the rules allow it now (the third repetition, fifty
/// moves), given its search value for itself: when that is below zero, a draw being worth more
/// than what it expects (as it accepts an offered draw by its value).
pub fn claims_draw(value: Value) -> bool {
    value < 0
}

/// Whether the machine claims the draw that the move it chose makes claimable, given its value
/// for that move: when it is at most a draw. With its table (`c197`'s default) a move that
/// repeats a position is worth 0 and was chosen over every other move, so the machine wants the
/// draw; over the board the claim goes with the move, or the opponent may play on.
pub fn claims_draw_with_move(value: Value) -> bool {
    value <= 0
}

/// Counts the machine's hopeless moves in a row.
#[derive(Clone, Debug, Default)]
pub struct ResignWatch {
    streak: u32,
}

impl ResignWatch {
    /// Records the value of the machine's latest search (for itself); true if it should resign.
    pub fn resigns_after(&mut self, value: Value) -> bool {
        if value <= -MATE_BOUND {
            return true;
        }
        if value <= RESIGN_AT_MOST {
            self.streak += 1;
        } else {
            self.streak = 0;
        }
        self.streak >= RESIGN_AFTER_MOVES
    }

    /// Forgets the streak (moves taken back, a new game).
    pub fn reset(&mut self) {
        self.streak = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::MATE;

    #[test]
    fn draws_are_claimed_when_worse_or_with_a_move_worth_a_draw() {
        assert!(!claims_draw(0));
        assert!(claims_draw(-1));
        assert!(claims_draw_with_move(0));
        assert!(!claims_draw_with_move(1));
    }

    #[test]
    fn draws_are_declined_when_even_and_accepted_when_worse() {
        assert!(!accepts_draw(None));
        assert!(!accepts_draw(Some(0)));
        assert!(!accepts_draw(Some(-63)));
        assert!(accepts_draw(Some(-64)));
    }

    #[test]
    fn resigns_after_three_hopeless_moves_or_a_mate() {
        let mut w = ResignWatch::default();
        assert!(!w.resigns_after(-800));
        assert!(!w.resigns_after(-800));
        assert!(!w.resigns_after(0));
        assert!(!w.resigns_after(-800));
        assert!(!w.resigns_after(-800));
        assert!(w.resigns_after(-900));
        assert!(ResignWatch::default().resigns_after(-MATE + 3));
    }
}
