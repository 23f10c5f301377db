//! The 1967 knowledge for the search: the static evaluator of `eval` (paper §3, with its en
//! prise, trapped and pinned tests of §2) and the plausible-move generator of `plausible`
//! (paper §5), behind the [`Knowledge`] trait.

use super::knowledge::Knowledge;
use crate::paper::eval::{self, EvalParams, RootRatio};
use crate::paper::plausible::{self, PlausibleMoves};
use crate::rules::{Bitboard, Color, Key, Move, Position, Square};
use crate::value::Value;

/// The 1967 evaluator and generator.
#[derive(Clone, Debug, Default)]
pub struct Knowledge1967 {
    /// The evaluator's parameters (ratio divisor, king-safety variant).
    pub eval: EvalParams,
    /// T of the ratio term for the root last seen, by the root's key (set once per search).
    root: Option<(Key, RootRatio)>,
}

impl Knowledge1967 {
    /// The 1967 knowledge with the evaluator's parameters `eval`.
    pub fn new(eval: EvalParams) -> Knowledge1967 {
        Knowledge1967 { eval, root: None }
    }

    /// T for `root`, computed once per root.
    fn root_ratio(&mut self, root: &Position) -> RootRatio {
        match self.root {
            Some((k, r)) if k == root.key() => r,
            _ => {
                let r = RootRatio::at(root);
                self.root = Some((root.key(), r));
                r
            }
        }
    }
}

impl Knowledge for Knowledge1967 {
    fn plausible_moves(&mut self, pos: &Position, level: u32) -> PlausibleMoves {
        plausible::plausible_moves(pos, level)
    }

    fn static_value(&mut self, pos: &Position, root: &Position) -> Value {
        let ratio = self.root_ratio(root);
        eval::evaluate(pos, &ratio, &self.eval)
    }

    fn en_prise(&mut self, pos: &Position, color: Color) -> Bitboard {
        eval::pieces_en_prise(pos, color)
    }

    fn trapped(&mut self, pos: &Position, sq: Square) -> bool {
        eval::trapped(pos, sq)
    }

    fn pinned(&mut self, pos: &Position, sq: Square) -> bool {
        eval::pinned_piece(pos, sq)
    }

    fn plausible_captures(&mut self, pos: &Position) -> Vec<Move> {
        plausible::plausible_captures(pos)
    }
}
