//! C, centre control (paper §3): +1 when a White pawn stands on d4, e4, d5 or e5 and no Black
//! pawn does; −1 in the reverse case; 0 otherwise. (c197 has no C term \[S\].)

use crate::rules::{Bitboard, Color, PieceKind, Position, sq};
use crate::value::Value;

/// The four centre squares d4 e4 d5 e5.
pub const CENTRE: Bitboard =
    Bitboard(1 << sq::D4.index() | 1 << sq::E4.index() | 1 << sq::D5.index() | 1 << sq::E5.index());

/// C: ±1 for sole pawn occupation of the centre.
pub fn centre_control(pos: &Position) -> Value {
    let white = (pos.pieces(Color::White, PieceKind::Pawn) & CENTRE).any();
    let black = (pos.pieces(Color::Black, PieceKind::Pawn) & CENTRE).any();
    match (white, black) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sole_white_centre_pawn_is_plus_one() {
        let p = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(centre_control(&p), 1);
        let p = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(centre_control(&p), 0);
        let p = Position::from_fen("4k3/8/8/3p4/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(centre_control(&p), -1);
    }
}
