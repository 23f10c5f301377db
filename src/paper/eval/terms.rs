//! The paper's terms (§2): en prise, safe move, trapped, pinned — cheap, bitboard-based, shared
//! by the evaluator, the plausible-move generator and the feedover test of the search (§4).

use crate::rules::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_and_bishop_attacks,
    rook_attacks,
};
use crate::rules::{Bitboard, Color, Move, PieceKind, Position, Square};
use crate::value::Value;

/// The value of the piece of `kind` in exchanges: the king is never given up in a swap.
#[inline]
fn swap_value(kind: PieceKind) -> Value {
    kind.value()
}

/// The kind of the piece standing on `s`, read through the position's bitboards.
#[inline]
fn kind_on(pos: &Position, s: Square) -> PieceKind {
    pos.piece_at(s).map_or(PieceKind::Pawn, |p| p.kind)
}

/// The attackers of `s` by `by` when only the squares in `occ` are occupied (pieces off `occ`
/// are gone; x-rays open as pieces leave `occ`).
#[inline]
fn attackers_in(pos: &Position, s: Square, by: Color, occ: Bitboard) -> Bitboard {
    pos.attackers_with(s, by, occ) & occ
}

/// The material `attacker` can expect to win by starting an exchange on `s`, where the piece
/// standing there is worth `victim` and the board holds exactly `occ` (a swap-off with x-rays;
/// each side may stop when continuing loses). Never negative: the attacker need not capture.
pub fn exchange_gain(
    pos: &Position,
    s: Square,
    victim: Value,
    attacker: Color,
    occ: Bitboard,
) -> Value {
    swap_off(pos, s, victim, attacker, occ, all_attackers(pos, s, occ))
}

/// The attackers of `s` of both sides when only the squares in `occ` are occupied: the two
/// sides' attackers at once (only the pawns' differ by side).
#[inline]
fn all_attackers(pos: &Position, s: Square, occ: Bitboard) -> Bitboard {
    let (rook, bishop) = rook_and_bishop_attacks(s, occ);
    let pawns = pos.kind_bb(PieceKind::Pawn);
    let diag = pos.kind_bb(PieceKind::Bishop) | pos.kind_bb(PieceKind::Queen);
    let orth = pos.kind_bb(PieceKind::Rook) | pos.kind_bb(PieceKind::Queen);
    ((pawn_attacks(Color::Black, s) & pawns & pos.color_bb(Color::White))
        | (pawn_attacks(Color::White, s) & pawns & pos.color_bb(Color::Black))
        | (knight_attacks(s) & pos.kind_bb(PieceKind::Knight))
        | (king_attacks(s) & pos.kind_bb(PieceKind::King))
        | (bishop & diag)
        | (rook & orth))
        & occ
}

/// [`exchange_gain`] with `all`, the attackers of `s` of both sides in `occ` (see
/// [`all_attackers`]), found already. As a piece leaves `occ` only the lines through it open:
/// the attackers are brought up to date by the sliders' attacks on `s` alone (rays with fewer
/// pieces in the way reach at least as far), not found anew.
fn swap_off(
    pos: &Position,
    s: Square,
    victim: Value,
    attacker: Color,
    occ: Bitboard,
    all: Bitboard,
) -> Value {
    let diag = pos.kind_bb(PieceKind::Bishop) | pos.kind_bb(PieceKind::Queen);
    let orth = pos.kind_bb(PieceKind::Rook) | pos.kind_bb(PieceKind::Queen);
    let mut gain = [0 as Value; 34];
    let (mut occ, mut all) = (occ, all);
    let mut side = attacker;
    let mut depth = 0usize;
    let mut on_square = victim;
    while let Some((from, kind)) = pos.least_valuable(all & pos.color_bb(side)) {
        let occ_after = occ.without(from);
        let all_after =
            (all | (bishop_attacks(s, occ_after) & diag) | (rook_attacks(s, occ_after) & orth))
                & occ_after;
        // A king may capture only when the other side has nothing left to recapture with.
        if kind == PieceKind::King && (all_after & pos.color_bb(!side)).any() {
            break;
        }
        gain[depth] = on_square - if depth > 0 { gain[depth - 1] } else { 0 };
        on_square = swap_value(kind);
        (occ, all) = (occ_after, all_after);
        side = !side;
        depth += 1;
        if depth >= gain.len() {
            break;
        }
    }
    // Negamax back up the list: each side captures only when it pays.
    while depth > 1 {
        depth -= 1;
        gain[depth - 1] = -((-gain[depth - 1]).max(gain[depth]));
    }
    if depth == 0 { 0 } else { gain[0].max(0) }
}

/// What the owner of a piece worth `value` on `s` is expected to lose there (0 if it is not en
/// prise), with the board holding exactly `occ` (paper §2, en prise; \[S\] the partial check):
/// undefended → the piece; least attacker worth less → at least the difference; two or more
/// attackers → the exchange when it comes out negative.
pub fn risk_with(pos: &Position, s: Square, owner: Color, value: Value, occ: Bitboard) -> Value {
    let all = all_attackers(pos, s, occ);
    let enemies = all & pos.color_bb(!owner);
    if enemies.is_empty() {
        return 0;
    }
    let Some((_, lva)) = pos.least_valuable(enemies) else {
        return 0;
    };
    if (all & pos.color_bb(owner)).is_empty() {
        return value;
    }
    let by_lva = (value - swap_value(lva)).max(0);
    // "Two attackers and the exchange negative": the swap-off counts batteries (x-rays) as
    // attackers; with a single attacker and no battery it can only come out at 0 here.
    let by_swap = swap_off(pos, s, value, !owner, occ, all);
    by_lva.max(by_swap)
}

/// What the owner of the piece on `s` is expected to lose there; 0 for an empty square or a king.
pub fn risk(pos: &Position, s: Square) -> Value {
    match pos.piece_at(s) {
        Some(p) if p.kind != PieceKind::King => {
            risk_with(pos, s, p.color, p.kind.value(), pos.occupied())
        }
        _ => 0,
    }
}

/// Whether the piece on `s` is en prise: attacked and inadequately defended (paper §2).
/// Kings are never en prise (an attack on the king is check).
pub fn en_prise(pos: &Position, s: Square) -> bool {
    risk(pos, s) > 0
}

/// The pieces of `color` that are en prise (paper §2; the feedover test of §4 counts them).
pub fn pieces_en_prise(pos: &Position, color: Color) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    // Only attacked pieces can be en prise: skip the rest cheaply (every square the other
    // side attacks found at once).
    let attacked = pos.attacked_by(!color);
    for s in pos.color_bb(color) & !pos.kind_bb(PieceKind::King) & attacked {
        if en_prise(pos, s) {
            set |= Bitboard::from_square(s);
        }
    }
    set
}

/// The occupied squares after `m` (legal in `pos`) is played.
pub fn occupancy_after(pos: &Position, m: Move) -> Bitboard {
    let mut occ = pos.occupied().without(m.from()).with(m.to());
    if m.is_en_passant() {
        occ = occ.without(Square::from_coords(m.to().file(), m.from().rank()));
    }
    occ
}

/// What the mover is expected to lose on the move's destination after `m` (paper §5, unsafe
/// moves): the risk of the moved (or promoted) piece standing on `m.to()`.
pub fn move_risk(pos: &Position, m: Move) -> Value {
    let piece = pos.moved_piece(m);
    if piece.kind == PieceKind::King || m.is_castle() {
        return 0;
    }
    let kind = m.promotion().unwrap_or(piece.kind);
    risk_with(
        pos,
        m.to(),
        piece.color,
        kind.value(),
        occupancy_after(pos, m),
    )
}

/// Whether `m` is a safe move: it does not leave the moved piece en prise (paper §2).
pub fn is_safe_move(pos: &Position, m: Move) -> bool {
    move_risk(pos, m) == 0
}

/// Whether the piece on `s` is trapped: it has no safe move (paper §2). \[S\] Cheap form: no move
/// to an empty square the opponent does not attack, and no capture of an enemy piece that is
/// undefended or worth at least as much as it. Legality (pins, checks) is not considered.
pub fn trapped(pos: &Position, s: Square) -> bool {
    let Some(p) = pos.piece_at(s) else {
        return false;
    };
    let us = p.color;
    let them = !us;
    let occ = pos.occupied();
    let enemy = pos.color_bb(them);
    let empty = !occ;
    // With the piece lifted, so a slider or king cannot hide behind itself.
    let occ_lifted = occ.without(s);
    let targets = match p.kind {
        PieceKind::Pawn => {
            let mut t = pawn_attacks(us, s) & enemy;
            let one = s.relative_rank(us) < 7;
            if one {
                let f = s.forward(us, 1);
                if empty.has(f) {
                    t |= Bitboard::from_square(f);
                    if s.relative_rank(us) == 1 && empty.has(f.forward(us, 1)) {
                        t |= Bitboard::from_square(f.forward(us, 1));
                    }
                }
            }
            t
        }
        _ => pos.attacks_from(s) & !pos.color_bb(us),
    };
    for t in targets {
        if empty.has(t) {
            if attackers_in(pos, t, them, occ_lifted).is_empty() {
                return false;
            }
        } else {
            let victim = kind_on(pos, t);
            let defended = attackers_in(pos, t, them, occ_lifted).any();
            let free = if p.kind == PieceKind::King {
                !defended
            } else {
                !defended || victim.value() >= p.kind.value()
            };
            if free {
                return false;
            }
        }
    }
    true
}

/// Whether the piece on `s` is pinned: moving it off its line uncovers an enemy slider's attack
/// that leaves another piece of its side en prise, or its king in check (paper §2).
pub fn pinned_piece(pos: &Position, s: Square) -> bool {
    let Some(p) = pos.piece_at(s) else {
        return false;
    };
    if p.kind == PieceKind::King {
        return false;
    }
    let us = p.color;
    let them = !us;
    let occ = pos.occupied();
    let lifted = occ.without(s);
    let orth = pos.pieces(them, PieceKind::Rook) | pos.pieces(them, PieceKind::Queen);
    let diag = pos.pieces(them, PieceKind::Bishop) | pos.pieces(them, PieceKind::Queen);
    // Enemy sliders that see `s` now, and what each sees through `s` once it is lifted.
    let snipers = (rook_attacks(s, occ) & orth) | (bishop_attacks(s, occ) & diag);
    for sniper in snipers {
        let ray = if orth.has(sniper) && rook_attacks(s, occ).has(sniper) {
            rook_attacks(sniper, lifted) & !rook_attacks(sniper, occ)
        } else {
            bishop_attacks(sniper, lifted) & !bishop_attacks(sniper, occ)
        };
        for behind in ray & pos.color_bb(us) {
            let kind = kind_on(pos, behind);
            if kind == PieceKind::King {
                return true;
            }
            if risk_with(pos, behind, us, kind.value(), lifted) > 0 {
                return true;
            }
        }
    }
    false
}

/// Whether the piece on `s` is trapped or pinned (the feedover test's condition B, paper §4).
pub fn trapped_or_pinned(pos: &Position, s: Square) -> bool {
    trapped(pos, s) || pinned_piece(pos, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sq::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn undefended_attacked_piece_is_en_prise() {
        // Black knight d5 attacked by the e4 pawn, nothing defends it: risk = 416.
        let p = pos("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        assert!(en_prise(&p, D5));
        assert_eq!(risk(&p, D5), 416);
    }

    #[test]
    fn defended_piece_attacked_by_smaller_is_en_prise() {
        // Knight d5 defended by the c6 pawn, attacked by the e4 pawn: 416 - 128 = 288 at risk.
        let p = pos("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
        assert!(en_prise(&p, D5));
        assert_eq!(risk(&p, D5), 288);
    }

    #[test]
    fn defended_piece_attacked_once_by_equal_is_not_en_prise() {
        // Knight d5 defended by c6, attacked by the knight f4: 416 >= 416, one attacker.
        let p = pos("4k3/8/2p5/3n4/5N2/8/8/4K3 w - - 0 1");
        assert!(!en_prise(&p, D5));
        assert_eq!(risk(&p, D5), 0);
    }

    #[test]
    fn two_attackers_one_defender_losing_exchange_is_en_prise() {
        // Pawn d5 (Black) defended by e6; attacked by knights c3 and f4 — NxP PxN NxP:
        // 128 - 416 + 128 < 0 for White, so the swap gives White nothing; not en prise.
        let p = pos("4k3/8/4p3/3p4/5N2/2N5/8/4K3 w - - 0 1");
        assert!(!en_prise(&p, D5));
        // Black rook d5 defended by the rook d8, attacked by rooks d1 and d2 (a battery):
        // least attacker 640 = 640, but two attackers: RxR RxR RxR nets White 640.
        let p = pos("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1");
        assert!(en_prise(&p, D5));
        assert_eq!(risk(&p, D5), 640);
    }

    #[test]
    fn pieces_en_prise_lists_each() {
        // The e4 pawn forks knights d5 and f5: both undefended, both en prise.
        let p = pos("4k3/8/8/3n1n2/4P3/8/8/4K3 w - - 0 1");
        let set = pieces_en_prise(&p, Color::Black);
        assert_eq!(set.count(), 2);
        assert!(set.has(D5) && set.has(F5));
        assert!(pieces_en_prise(&p, Color::White).is_empty());
    }

    #[test]
    fn safe_and_unsafe_moves() {
        let p = pos("4k3/8/8/3p4/8/8/8/4KN2 w - - 0 1");
        // Nf1-e3 is attacked by nothing: safe. Nf1-g3 likewise. King moves are always safe.
        let moves = p.legal_moves();
        let m = *moves
            .iter()
            .find(|m| m.from() == F1 && m.to() == E3)
            .unwrap();
        assert!(is_safe_move(&p, m));
        let p = pos("4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1");
        // Ne3-c4 steps onto the d5 pawn's attack, undefended: unsafe, loses 416.
        let m = *p
            .legal_moves()
            .iter()
            .find(|m| m.from() == E3 && m.to() == C4)
            .unwrap();
        assert!(!is_safe_move(&p, m));
        assert_eq!(move_risk(&p, m), 416);
    }

    #[test]
    fn knight_in_corner_is_trapped() {
        // White knight a8: b6 is covered by the a7 pawn; c7 holds a pawn defended by the king
        // d8 and worth less than the knight: no safe move, trapped.
        let p = pos("N2k4/p1p5/8/8/8/8/8/4K3 w - - 0 1");
        assert!(trapped(&p, A8));
        // Remove the pawns: b6 is free, not trapped.
        let p = pos("N2k4/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(!trapped(&p, A8));
    }

    #[test]
    fn capture_of_bigger_piece_frees_a_piece() {
        // Knight a8 can take a defended rook c7 (640 >= 416): not trapped.
        let p = pos("N2k4/p1r5/8/8/8/8/8/4K3 w - - 0 1");
        assert!(!trapped(&p, A8));
    }

    #[test]
    fn piece_pinned_to_king_or_to_undefended_queen() {
        // Knight e4 between the rook e8 and the king e1: pinned.
        let p = pos("k3r3/8/8/8/4N3/8/8/4K3 w - - 0 1");
        assert!(pinned_piece(&p, E4));
        // Knight e4 between the bishop b7 and the undefended queen g2: pinned.
        let p = pos("k7/1b6/8/8/4N3/8/6Q1/K7 w - - 0 1");
        assert!(pinned_piece(&p, E4));
        // Knight d4 shielding a rook d1 defended by the king from a rook d8: rook 640 vs rook
        // 640, one attacker, defended — not en prise, so not pinned.
        let p = pos("k2r4/8/8/8/3N4/8/8/3RK3 w - - 0 1");
        assert!(!pinned_piece(&p, D4));
    }
}
