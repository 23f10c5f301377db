//! The 1967 static board evaluator (paper §3): S = B + R + P + K + C, from White's point of view,
//! pawn = 128. One fast function returning S ([`evaluate`]) and one returning every term with its
//! details ([`evaluate_breakdown`]); both run the same term functions.

pub mod centre;
pub mod king_safety;
pub mod material;
pub mod pawns;
pub mod ratio;
pub mod terms;

use crate::rules::Position;
use crate::value::Value;

pub use crate::interface::{EvalParams, KingSafety};
pub use pawns::PawnDetails;
pub use ratio::RootRatio;
pub use terms::{
    en_prise, is_safe_move, pieces_en_prise, pinned_piece, risk, trapped, trapped_or_pinned,
};

/// The evaluator's answer term by term, White's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// B, material.
    pub b: Value,
    /// R, piece-ratio change against the root.
    pub r: Value,
    /// P, pawn structure.
    pub p: Value,
    /// K, king safety.
    pub k: Value,
    /// C, centre control.
    pub c: Value,
    /// S = B + R + P + K + C.
    pub s: Value,
    /// Which pawns are isolated, passed, backward (both colours).
    pub pawns: PawnDetails,
}

/// The static value S of `pos` for White (paper §3), `root` being the material ratio at the top.
pub fn evaluate(pos: &Position, root: &RootRatio, params: &EvalParams) -> Value {
    material::material(pos)
        + ratio::ratio_term(pos, root, params.ratio_divisor)
        + pawns::pawn_structure(pos)
        + king_safety::king_safety(pos, params.king_safety)
        + centre::centre_control(pos)
}

/// Every term of S with its details (the same functions as [`evaluate`]).
pub fn evaluate_breakdown(pos: &Position, root: &RootRatio, params: &EvalParams) -> Breakdown {
    let b = material::material(pos);
    let r = ratio::ratio_term(pos, root, params.ratio_divisor);
    let (p, pawns) = pawns::pawn_structure_details(pos);
    let k = king_safety::king_safety(pos, params.king_safety);
    let c = centre::centre_control(pos);
    Breakdown {
        b,
        r,
        p,
        k,
        c,
        s: b + r + p + k + c,
        pawns,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_zero_term_by_term() {
        let p = Position::startpos();
        let root = RootRatio::at(&p);
        let b = evaluate_breakdown(&p, &root, &EvalParams::default());
        assert_eq!((b.b, b.r, b.p, b.k, b.c, b.s), (0, 0, 0, 0, 0, 0));
        assert_eq!(evaluate(&p, &root, &EvalParams::default()), 0);
    }
}
