//! R, the piece-ratio change (paper §3): encourages even trades when ahead, avoids them when
//! behind. R = M × (N/T − 1) × k with N = White material / Black material here (kings counted
//! as 1), T the same at the root, M = 5281, k = 1/16 by default.

use crate::rules::{Color, Position};
use crate::value::Value;

/// M: one side's material at the start with the king counted as 1 (paper §3).
pub const M: i64 = 8 * 128 + 2 * 416 + 2 * 448 + 2 * 640 + 1248 + 1;

pub use crate::interface::paper::DEFAULT_RATIO_DIVISOR;

/// The material ratio T at the top of the tree, computed once per search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootRatio {
    /// White's material at the root, king counted as 1.
    pub white: i64,
    /// Black's material at the root, king counted as 1.
    pub black: i64,
}

impl RootRatio {
    /// T taken from the root position `root`.
    pub fn at(root: &Position) -> RootRatio {
        let (white, black) = sides(root);
        RootRatio { white, black }
    }
}

/// Each side's material with the king counted as 1.
fn sides(pos: &Position) -> (i64, i64) {
    (
        pos.material(Color::White) as i64 + 1,
        pos.material(Color::Black) as i64 + 1,
    )
}

/// R = (M·N/T − M) / divisor, rounded down as the source's arithmetic shift does.
/// N/T = (w·Tb)/(b·Tw), computed in integers so the term is exact and repeatable.
pub fn ratio_term(pos: &Position, root: &RootRatio, divisor: i64) -> Value {
    let (w, b) = sides(pos);
    let scaled = (M * w * root.black).div_euclid(b * root.white);
    (scaled - M).div_euclid(divisor) as Value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m_is_5281() {
        assert_eq!(M, 5281);
    }

    #[test]
    fn trade_when_ahead_raises_r() {
        // Root: White Q+R (1888+1 = 1889) v Black R (641); now after trading rooks: White Q
        // (1249) v bare king (1). M·N/T = 5281·1249·641 / 1889 = 4228034489 / 1889
        // = 2238229 (floor); minus 5281 = 2232948; / 16 = 139559 (floor).
        let root = Position::from_fen("4k3/8/8/8/8/8/r7/RQ2K3 w - - 0 1").unwrap();
        let now = Position::from_fen("4k3/8/8/8/8/8/8/1Q2K3 w - - 0 1").unwrap();
        let t = RootRatio::at(&root);
        assert_eq!(ratio_term(&root, &t, 16), 0);
        assert_eq!(ratio_term(&now, &t, 16), 139559);
    }

    #[test]
    fn losing_a_pawn_from_equal_costs_a_little() {
        // Root equal; now White has lost a pawn: N = 5153/5281, T = 1.
        // 5281·5153/5281 = 5153; 5153 − 5281 = −128; −128/16 = −8.
        let root = Position::startpos();
        let now =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(ratio_term(&now, &RootRatio::at(&root), 16), -8);
    }
}
