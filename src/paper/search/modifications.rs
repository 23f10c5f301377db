//! Modifications of returned values (paper §9; amounts from the source).

use crate::paper::plausible::PlausibleMove;
use crate::rules::{Move, Position};
use crate::value::Value;

/// A developmentally poor move costs this much.
pub const POOR_MOVE: Value = 3;
/// The same piece goes back where it came from.
pub const SAME_PIECE_BACK: Value = 4;
/// Two moves of the same piece make a translation one legal move could do.
pub const SAME_PIECE_DETOUR: Value = 2;
/// The same piece moves twice within the first eight moves of the game.
pub const SAME_PIECE_EARLY: Value = 1;

/// The penalty for a developmentally poor move (paper §9, modification 1).
pub fn poor_move_penalty(pm: &PlausibleMove) -> Value {
    if pm.poor { POOR_MOVE } else { 0 }
}

/// The same-piece penalty (paper §9, modification 2) for `mv`, played in `pos`, whose reply line
/// is `reply_pv` (the opponent's move first): it applies when the line is at least 2 plies long
/// and moves the same piece again two plies down.
pub fn same_piece_penalty(pos: &Position, mv: Move, reply_pv: &[Move]) -> Value {
    let Some(&again) = reply_pv.get(1) else {
        return 0;
    };
    if again.from() != mv.to() || mv.is_castle() {
        return 0;
    }
    if again.to() == mv.from() {
        SAME_PIECE_BACK
    } else if pos
        .legal_moves()
        .iter()
        .any(|m| m.from() == mv.from() && m.to() == again.to())
    {
        SAME_PIECE_DETOUR
    } else if pos.game_ply() < 16 {
        SAME_PIECE_EARLY
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MoveKind, sq};

    fn quiet(a: crate::rules::Square, b: crate::rules::Square) -> Move {
        Move::new(a, b, MoveKind::Quiet)
    }

    #[test]
    fn same_piece_cases() {
        let pos = Position::startpos();
        let nf3 = quiet(sq::G1, sq::F3);
        let e5 = Move::new(sq::E7, sq::E5, MoveKind::DoublePush);
        assert_eq!(
            same_piece_penalty(&pos, nf3, &[e5, quiet(sq::F3, sq::G1)]),
            4
        );
        // Ng1-f3-h4: g1-h4 is no knight move; early in the game: 1.
        assert_eq!(
            same_piece_penalty(&pos, nf3, &[e5, quiet(sq::F3, sq::H4)]),
            1
        );
        // Ng1-f3-e5?? not a detour either; Nb1-c3-... : use a knight tour g1-e2-c3? g1-e2 then
        // e2-g3: g1 cannot reach g3 in one move; f3-h4 checked above. Detour: Ng1-f3-g1 is back.
        assert_eq!(same_piece_penalty(&pos, nf3, &[e5]), 0, "line too short");
        let e4 = Move::new(sq::E2, sq::E4, MoveKind::DoublePush);
        let pos = pos.play(e4).play(e5);
        // Qd1-f3-h5: d1-h5 is one queen move: 2.
        let qf3 = quiet(sq::D1, sq::F3);
        let nc6 = quiet(sq::B8, sq::C6);
        assert_eq!(
            same_piece_penalty(&pos, qf3, &[nc6, quiet(sq::F3, sq::H5)]),
            2
        );
    }
}
