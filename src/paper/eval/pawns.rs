//! P, pawn structure (paper §3, weights \[S\]): the opponent's multiple and isolated pawns, our
//! passed pawns, the opponent's backward pawns (with the paper's four-step definition).

use crate::rules::attacks::pawn_attacks;
use crate::rules::{Bitboard, Color, PieceKind, Position, Square};
use crate::value::Value;

/// \[S\] MULTP: a side's pawns on one file, by count (not isolated).
pub const MULTP: [Value; 7] = [0, 0, 0, 32, 96, 160, 224];
/// \[S\] IMULTP: isolated pawns on one file, file not open, by count.
pub const IMULTP: [Value; 7] = [0, 16, 32, 64, 128, 192, 256];
/// \[S\] OIMULT: isolated pawns on an open file, by count.
pub const OIMULT: [Value; 7] = [0, 40, 80, 160, 240, 320, 400];
/// \[S\] BACKV: a backward pawn on an open file.
pub const BACKWARD_OPEN: Value = 20;
/// \[S\] BACKV: a backward pawn on a closed file.
pub const BACKWARD_CLOSED: Value = 12;
/// \[S\] PPV: a passed pawn by its rank counted 1..8 from its own side (index 0 unused; a pawn
/// stands on ranks 2..7, so 8 on its starting rank, 236 on its seventh).
///
/// The index is the rank as the source keeps it, not a 0-based rank: c.562 looks the table up
/// as `PPV(J)` with `J` = `PPASED`, the passed pawn's rank 1..8 (`WPPSD` stores `BRANK`, `BPPSD`
/// `REVERS(BRANK)` = 9 − rank), in `CCVLA`/`CCVLS`, and as `PPV(T2)` with `T2` the own-side
/// rank in `CCPA4A`/`CCCP4A`, where rank 8 means a queen instead. See [`passed_pawn_value`].
pub const PPV: [Value; 8] = [0, 0, 8, 12, 24, 52, 112, 236];

/// PPV for a passed pawn of `color` on `s`: the table indexed by the rank 1..8 counted from
/// `color`'s side (the source's `PPASED`), i.e. the 0-based relative rank plus one.
pub fn passed_pawn_value(s: Square, color: Color) -> Value {
    PPV[(s.relative_rank(color) as usize + 1).min(7)]
}

/// Which pawns the pawn-structure term found isolated, passed and backward (both colours).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PawnDetails {
    /// Pawns with no friendly pawn on an adjacent file.
    pub isolated: Bitboard,
    /// Pawns with no enemy pawn in front on the same or an adjacent file.
    pub passed: Bitboard,
    /// Backward pawns (paper §3, four steps).
    pub backward: Bitboard,
}

/// The files next to `file` as a bitboard.
#[inline]
fn adjacent_files(file: u8) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    if file > 0 {
        b |= Bitboard::file(file - 1);
    }
    if file < 7 {
        b |= Bitboard::file(file + 1);
    }
    b
}

/// Whether the pawn of `color` on `s` has no friendly pawn on an adjacent file.
pub fn is_isolated(pos: &Position, s: Square, color: Color) -> bool {
    (pos.pieces(color, PieceKind::Pawn) & adjacent_files(s.file())).is_empty()
}

/// Whether the pawn of `color` on `s` is passed: no enemy pawn in front on its or an adjacent
/// file (those squares: `PASSED_SPAN`).
pub fn is_passed(pos: &Position, s: Square, color: Color) -> bool {
    pos.pieces(!color, PieceKind::Pawn).0 & PASSED_SPAN[color.index()][s.index()] == 0
}

/// Whether the pawn of `color` on `s` is backward (paper §3, four steps):
/// 1. defended by a pawn → not backward;
/// 2. a friendly pawn on an adjacent file can defend it with one move (through friendly pieces)
///    → not backward, unless that move is a double step exposed to en passant;
/// 3. a defending move blocked by an enemy piece, or the pawn itself blocked → backward; an
///    adjacent pawn blocked → not backward;
/// 4. otherwise backward if friendly adjacent pawns behind it would defend it once advanced.
///
/// A pawn with no friendly pawn on an adjacent file is isolated, not backward.
pub fn is_backward(pos: &Position, s: Square, color: Color) -> bool {
    let own_pawns = pos.pieces(color, PieceKind::Pawn);
    let enemy = pos.color_bb(!color);
    let enemy_pawns = pos.pieces(!color, PieceKind::Pawn);
    let neighbours = own_pawns & adjacent_files(s.file());
    if neighbours.is_empty() {
        return false;
    }
    // Step 1: defended by a pawn.
    if (pawn_attacks(!color, s) & own_pawns).any() {
        return false;
    }
    let r = s.relative_rank(color);
    if r < 2 {
        // Nothing can come to stand behind it diagonally: a pawn on its second rank can only
        // be defended by a pawn on the first, which does not exist.
        return false;
    }
    let defend_rank = r - 1;
    // Step 2 and the first half of step 3.
    let mut blocked_defence = false;
    let mut behind = Bitboard::EMPTY;
    for a in neighbours {
        let ar = a.relative_rank(color);
        if ar >= defend_rank {
            continue;
        }
        behind |= Bitboard::from_square(a);
        let target = Square::from_coords(a.file(), defend_rank_to_abs(defend_rank, color));
        let single = ar + 1 == defend_rank;
        let double = ar == 1 && defend_rank == 3;
        if !(single || double) {
            continue;
        }
        let mut path = Bitboard::from_square(target);
        if double {
            path |= Bitboard::from_square(a.forward(color, 1));
        }
        if (path & enemy).any() {
            blocked_defence = true;
            continue;
        }
        if double {
            // Exposed to en passant: an enemy pawn beside the target square could take it.
            let beside = adjacent_files(target.file()) & Bitboard::rank(target.rank());
            if (beside & enemy_pawns).any() {
                continue;
            }
        }
        return false;
    }
    // Step 3.
    if blocked_defence {
        return true;
    }
    if r < 7 && enemy.has(s.forward(color, 1)) {
        return true;
    }
    if Iterator::any(&mut behind.into_iter(), |a| enemy.has(a.forward(color, 1))) {
        return false;
    }
    // Step 4.
    behind.any()
}

/// The absolute rank of relative rank `r` for `color`.
#[inline]
fn defend_rank_to_abs(r: u8, color: Color) -> u8 {
    match color {
        Color::White => r,
        Color::Black => 7 - r,
    }
}

/// The files holding a piece of `set`, a bit a file (bit 0 the a-file).
#[inline]
fn files_of(set: Bitboard) -> u8 {
    let mut x = set.0;
    x |= x >> 32;
    x |= x >> 16;
    x |= x >> 8;
    x as u8
}

/// [`is_passed`]'s squares for a pawn of each colour on each square: in front on its own and
/// the adjacent files.
static PASSED_SPAN: [[u64; 64]; 2] = {
    let mut span = [[0; 64]; 2];
    let mut s = 0;
    while s < 64 {
        let (file, rank) = (s % 8, s / 8);
        let mut files = 0x0101_0101_0101_0101u64 << file;
        if file > 0 {
            files |= 0x0101_0101_0101_0101u64 << (file - 1);
        }
        if file < 7 {
            files |= 0x0101_0101_0101_0101u64 << (file + 1);
        }
        if rank < 7 {
            span[0][s] = files & (!0u64 << (8 * (rank + 1)));
        }
        if rank > 0 {
            span[1][s] = files & (!0u64 >> (8 * (8 - rank)));
        }
        s += 1;
    }
    span
};

/// The weakness score of `color`'s pawns (multiple, isolated, backward) and its passed-pawn
/// bonus, recording the details. (The files with pawns are read as a byte.)
fn side_terms(pos: &Position, color: Color, details: &mut PawnDetails) -> (Value, Value) {
    let pawns = pos.pieces(color, PieceKind::Pawn);
    let enemy_pawns = pos.pieces(!color, PieceKind::Pawn);
    let (own_files, enemy_files) = (files_of(pawns), files_of(enemy_pawns));
    let mut weakness = 0;
    let mut passed = 0;
    let mut files = own_files;
    while files != 0 {
        let file = files.trailing_zeros() as u8;
        files &= files - 1;
        let on_file = pawns & Bitboard::file(file);
        let n = (on_file.count() as usize).min(6);
        // "Open" = the opponent has no pawn on that file [I].
        let open = enemy_files & 1 << file == 0;
        let neighbours = (1u16 << file << 1 | 1u16 << file >> 1) as u8;
        let isolated = own_files & neighbours == 0;
        if isolated {
            details.isolated |= on_file;
            weakness += if open { OIMULT[n] } else { IMULTP[n] };
        } else {
            weakness += MULTP[n];
        }
        for s in on_file {
            if is_passed(pos, s, color) {
                details.passed |= Bitboard::from_square(s);
                passed += passed_pawn_value(s, color);
            }
            if !isolated && is_backward(pos, s, color) {
                details.backward |= Bitboard::from_square(s);
                weakness += if open { BACKWARD_OPEN } else { BACKWARD_CLOSED };
            }
        }
    }
    (weakness, passed)
}

/// P for White, with the details of which pawns counted.
pub fn pawn_structure_details(pos: &Position) -> (Value, PawnDetails) {
    let mut details = PawnDetails::default();
    let (w_weak, w_passed) = side_terms(pos, Color::White, &mut details);
    let (b_weak, b_passed) = side_terms(pos, Color::Black, &mut details);
    (b_weak - w_weak + w_passed - b_passed, details)
}

/// P for White.
pub fn pawn_structure(pos: &Position) -> Value {
    pawn_structure_details(pos).0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sq::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn isolated_pawn_on_closed_and_open_file() {
        // White a2 isolated, Black a7 opposes (closed): IMULTP[1] = 16 against White.
        // Black a7 isolated, closed too: 16 against Black. Kings only otherwise. P = 0.
        // Black h7 also isolated on an open file: OIMULT[1] = 40 for White, and passed
        // on its second rank: PPV[2] = 8. So P = 16 − 16 + 40 − 8 = 32.
        let p = pos("4k3/p6p/8/8/8/8/P7/4K3 w - - 0 1");
        let (v, d) = pawn_structure_details(&p);
        assert_eq!(v, 32);
        assert!(d.isolated.has(A2) && d.isolated.has(A7) && d.isolated.has(H7));
        assert!(d.passed.has(H7));
    }

    #[test]
    fn doubled_isolated_and_tripled() {
        // White c2 c3 isolated doubled on an open file (Black has no c-pawn): OIMULT[2] = 80;
        // White passed? c3 is passed (no black pawns at all) → PPV[3] = 12, c2 → PPV[2] = 8.
        let p = pos("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1");
        assert_eq!(pawn_structure(&p), -80 + 12 + 8);
        // Tripled but supported (b-pawn beside): MULTP[3] = 32 against White. Black pawns on
        // b7 and c7 stop every White pawn from being passed; the black pawns b7/c7 are
        // themselves blocked-free: b7 and c7 are not passed (white pawns ahead on b/c files).
        let p = pos("4k3/1pp5/8/8/2P5/2P5/1PP5/4K3 w - - 0 1");
        assert_eq!(pawn_structure(&p), -32);
    }

    #[test]
    fn passed_pawn_by_rank() {
        // White e6 passed, on its sixth rank: PPV[6] = 112; nothing else.
        let p = pos("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1");
        // e6 is isolated too, on an open file: OIMULT[1] = 40 against White. 112 − 40 = 72.
        assert_eq!(pawn_structure(&p), 72);
        // The index is the rank counted 1..8 from the pawn's own side: a pawn on its seventh
        // rank is worth PPV[7] = 236, White's or Black's alike.
        assert_eq!(passed_pawn_value(E7, Color::White), 236);
        assert_eq!(passed_pawn_value(E2, Color::Black), 236);
        assert_eq!(passed_pawn_value(E2, Color::White), 8);
    }

    #[test]
    fn backward_pawn_four_steps() {
        // White pawns c3 and d4: c3 defends d4. Pawn c3: its neighbour d4 is ahead, nothing
        // behind → not backward.
        let p = pos("4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1");
        assert!(!is_backward(&p, C3, Color::White));
        // Pawn e4 with d2 behind: d2-d3 defends e4 in one move → not backward (step 2).
        let p = pos("4k3/8/8/8/4P3/8/3P4/4K3 w - - 0 1");
        assert!(!is_backward(&p, E4, Color::White));
        // Same with a black knight on d3 blocking the defence → backward (step 3).
        let p = pos("4k3/8/8/8/4P3/3n4/3P4/4K3 w - - 0 1");
        assert!(is_backward(&p, E4, Color::White));
        // Pawn e6 with d2 behind (more than one move away) and nothing blocking → backward
        // (step 4).
        let p = pos("4k3/8/4P3/8/8/8/3P4/4K3 w - - 0 1");
        assert!(is_backward(&p, E6, Color::White));
        // ... unless d2 is itself blocked by an enemy piece on d3 → not backward (step 3).
        let p = pos("4k3/8/4P3/8/8/3b4/3P4/4K3 w - - 0 1");
        assert!(!is_backward(&p, E6, Color::White));
        // Pawn e5 with d2: the double step d2-d4 defends it in one move → not backward.
        let p = pos("4k3/8/8/4P3/8/8/3P4/4K3 w - - 0 1");
        assert!(!is_backward(&p, E5, Color::White));
        // With a black pawn on c4 (it could take d2-d4 en passant) the double step does not
        // count; d2 is still behind → backward (step 4).
        let p = pos("4k3/8/8/4P3/2p5/8/3P4/4K3 w - - 0 1");
        assert!(is_backward(&p, E5, Color::White));
    }

    #[test]
    fn backward_pawn_scores_for_the_opponent() {
        // Black pawns c7 and d3: c7 would need two moves to reach c4 → d3 backward (step 4).
        // The d-file holds no White pawn: open → BACKV 20 for White. c7 and d3 are both passed
        // (no white pawns): PPV[2] + PPV[6] = 8 + 112 against White. P = 20 − 120 = −100.
        let p = pos("4k3/2p5/8/8/8/3p4/8/4K3 w - - 0 1");
        let (v, d) = pawn_structure_details(&p);
        assert!(d.backward.has(D3));
        assert_eq!(v, -100);
    }

    #[test]
    fn the_details_are_the_pawns_each_test_finds() {
        // Positions of random games (a fixed xorshift): the isolated and passed pawns the
        // structure term records are those `is_isolated` and `is_passed` find pawn by pawn.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut positions = 0;
        for _ in 0..40 {
            let mut p = Position::startpos();
            for _ in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                p.make(moves[seed as usize % moves.len()]);
                let (_, d) = pawn_structure_details(&p);
                for color in [Color::White, Color::Black] {
                    for s in p.pieces(color, PieceKind::Pawn) {
                        assert_eq!(d.isolated.has(s), is_isolated(&p, s, color));
                        assert_eq!(d.passed.has(s), is_passed(&p, s, color));
                    }
                }
                positions += 1;
            }
        }
        // The count of this sample (a regression pin).
        assert_eq!(positions, 4732);
    }
}
