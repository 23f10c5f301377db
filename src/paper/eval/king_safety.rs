//! K, king safety (paper §3): while queens are on the board, 8 per rank a king has advanced
//! from its own back rank. A variant after an early reading of c197's `KINGSF` is an option
//! ([`KingSafety::WeakSquares`]).

use crate::interface::KingSafety;
use crate::rules::attacks::king_attacks;
use crate::rules::{Color, PieceKind, Position};
use crate::value::Value;

/// The cost of each rank a king has advanced (paper §3).
pub const PER_RANK: Value = 8;
/// \[S\] The cost of each weak square next to the king in the weak-squares variant (c197
/// `KSF1`).
pub const WEAK_SQUARE: Value = 40;
/// The weak-squares variant applies during the first 20 moves of the game.
pub const WEAK_SQUARES_MOVES: u32 = 20;

/// Open point: "queens on the board" — we read it as *at least one queen* on the board (either
/// colour): an advanced king is exposed while any queen can hunt it; with queens off, the king
/// becomes an endgame piece.
pub fn queens_on_board(pos: &Position) -> bool {
    pos.kind_bb(PieceKind::Queen).any()
}

/// K for White: 8 × (Black king's rank) − 8 × (White king's rank), ranks from each own side.
pub fn king_safety(pos: &Position, rule: KingSafety) -> Value {
    let active = match rule {
        KingSafety::Paper => queens_on_board(pos),
        KingSafety::WeakSquares => pos.fullmove_number() <= WEAK_SQUARES_MOVES,
    };
    if !active {
        return 0;
    }
    let rank = |c: Color| pos.king_square(c).relative_rank(c) as Value;
    let mut k = PER_RANK * rank(Color::Black) - PER_RANK * rank(Color::White);
    if rule == KingSafety::WeakSquares {
        k += Color::BOTH
            .iter()
            .map(|&c| c.sign() * -WEAK_SQUARE * weak_squares(pos, c))
            .sum::<Value>();
    }
    k
}

/// \[S\] Squares next to `color`'s king, not holding an own piece, attacked more often by the
/// opponent than defended.
fn weak_squares(pos: &Position, color: Color) -> Value {
    let king = pos.king_square(color);
    let mut n = 0;
    for s in king_attacks(king) & !pos.color_bb(color) {
        let att = pos.attackers(s, !color).count();
        let def = pos.attackers(s, color).without(king).count();
        if att > def {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advanced_white_king_costs_8_per_rank() {
        // White king e3 (rank 2 from its side), Black king e8 (0), queens on: 0 − 16 = −16.
        let p = Position::from_fen("q3k3/8/8/8/8/4K3/8/7Q w - - 0 1").unwrap();
        assert_eq!(king_safety(&p, KingSafety::Paper), -16);
        // No queens: 0.
        let p = Position::from_fen("r3k3/8/8/8/8/4K3/8/7R w - - 0 1").unwrap();
        assert_eq!(king_safety(&p, KingSafety::Paper), 0);
    }

    #[test]
    fn source_variant_counts_weak_squares() {
        // Black king e6 (rank 2 from its side): +16. White king e1 with the black rook on d8:
        // d1 and d2 are attacked once by the rook, defended by the king only (not counted)
        // → two weak squares for White: −80. Black's squares: d5 d6 d7 e5 e7 f5 f6 f7, attacked
        // by nothing white except... the queen h1? No queen here. 16 − 80 = −64.
        let p = Position::from_fen("3r4/8/4k3/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(king_safety(&p, KingSafety::WeakSquares), -64);
    }
}
