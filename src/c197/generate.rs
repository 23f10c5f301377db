//! The move generators `LMGT` (c197 lines 4942-5040: `LMWPW` `LMBPW` `LMKNT` `LMKING` `LMROOK`
//! `LMBIS` `LMQUEEN`), the ranges the generator scores (`LMGSTD`, 5042-5081: `LSROOK` `LSBIS`
//! `LSQUEEN`), and `TRAPP` (5418-5454), which runs a generator to find a safe square.
//!
//! The order of the squares is the program's: it decides the order of the moves before the
//! sort, and so which of two equally plausible moves comes first.

use super::board::{BD2, BW, Board, Kind, Loc, NPCS, Pc, side_of};
use super::cat::Tables;
use crate::rules::attacks::{Sliders, between, king_attacks, knight_attacks, line};
use crate::rules::{Bitboard, Square};

/// Knight squares in `LMKNT`'s order (4974-4996).
pub const KNIGHT_ORDER: [isize; 8] = [21, 19, -21, -19, 12, 8, -12, -8];
/// King squares in `LMKING`'s order (4998-5015).
pub const KING_ORDER: [isize; 8] = [1, 11, 10, 9, -1, -11, -10, -9];
/// `RDT`: rank and file directions (305-308).
pub const ROOK_DIRS: [isize; 4] = [-1, 1, 10, -10];
/// `BDT`: diagonal directions (310-313).
pub const BISHOP_DIRS: [isize; 4] = [9, 11, -9, -11];

/// The most squares one generator run offers: a queen's 27 and the 8 that end its lines.
/// (`TRAPP` and the scoring routines take the squares as the program's generators hand them
/// over, one at a time; here they are collected first, in the same order.)
pub const MOST_SQUARES: usize = 40;

/// The squares of one generator run, in order: a list on the stack rather than a `Vec`, as
/// the generators run several times for every move scored.
#[derive(Copy, Clone, Debug)]
pub struct Squares {
    len: u8,
    /// 16 bits, so that a walk that runs off the board (`LMG1A`'s checking line, see
    /// `lmg.rs`) never reads as a square on it.
    at: [u16; MOST_SQUARES],
}

impl Default for Squares {
    fn default() -> Squares {
        Squares::new()
    }
}

impl Squares {
    /// An empty list.
    pub const fn new() -> Squares {
        Squares {
            len: 0,
            at: [0; MOST_SQUARES],
        }
    }

    /// Empties it.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds `l`.
    pub fn push(&mut self, l: Loc) {
        self.at[self.len as usize] = l as u16;
        self.len += 1;
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The squares, in order.
    pub fn iter(&self) -> impl Iterator<Item = Loc> + '_ {
        self.at[..self.len as usize].iter().map(|&l| l as Loc)
    }

    /// Keeps only the squares `keep` accepts, in order.
    pub fn retain(&mut self, keep: impl Fn(Loc) -> bool) {
        let mut kept = 0;
        for k in 0..self.len as usize {
            if keep(self.at[k] as Loc) {
                self.at[kept] = self.at[k];
                kept += 1;
            }
        }
        self.len = kept as u8;
    }

    /// Whether `l` is among them.
    pub fn contains(&self, l: Loc) -> bool {
        self.iter().any(|x| x == l)
    }
}

/// Whether square `l` may be a move's for a piece of `side`: on the board and empty or the
/// other side's (`LMGR` 4036-4040 and `TRP1` 5431-5436 pass over the others). Read from a
/// table by what the board holds there (see `offered_plain`): `LMGT` asks it of every
/// square it walks.
pub fn offered(b: &Board, side: usize, l: Loc) -> bool {
    OFFERED[side & 1][b.board[l] as u8 as usize]
}

/// [`offered`] as a test: empty, or a piece of the other side.
const fn offered_plain(side: usize, q: i8) -> bool {
    q == 0 || (q > 0 && side_of(q as Pc) != side)
}

/// [`offered_plain`] for each side and each byte the board may hold (as `u8`).
const OFFERED: [[bool; 256]; 2] = {
    let mut t = [[false; 256]; 2];
    let mut side = 0;
    while side < 2 {
        let mut q = 0;
        while q < 256 {
            t[side][q] = offered_plain(side, q as u8 as i8);
            q += 1;
        }
        side += 1;
    }
    t
};

/// The squares the generator `LMGT` of piece `p` offers, in order, less those off the board
/// or holding one of our pieces (both its callers, `LMGR` and `TRP1`, pass over those): pawn
/// pushes to empty squares (the double step first) and pawn captures onto an enemy piece or
/// the ghost; a knight's squares and a slider's lines up to and including the first piece or
/// the edge; a king's squares that the opponent does not attack (`LMKC`). `theirs` is the
/// opponent's attack table.
pub fn lmgt(b: &Board, t: &Tables, p: Pc, out: &mut Squares) {
    let a = b.piecel[p];
    let side = side_of(p);
    let offer = |l: Loc| offered(b, side, l);
    match b.kind[p] {
        Kind::Pawn => pawn_moves(b, a, side, &mut |l| {
            if offer(l) {
                out.push(l)
            }
        }),
        Kind::Knight => {
            for o in KNIGHT_ORDER {
                let l = a.wrapping_add_signed(o);
                if offer(l) {
                    out.push(l);
                }
            }
        }
        Kind::King => {
            for o in KING_ORDER {
                // Off the board a square is offered or not as the tables say, and `LMGR` and
                // `TRP1` pass over it either way: it is left out.
                let l = a.wrapping_add_signed(o);
                if offer(l) && t.attacks[1 - side][l] == 0 {
                    out.push(l);
                }
            }
        }
        Kind::Rook => lines(b, a, &ROOK_DIRS, side, out),
        Kind::Bishop => lines(b, a, &BISHOP_DIRS, side, out),
        Kind::Queen => {
            lines(b, a, &ROOK_DIRS, side, out);
            lines(b, a, &BISHOP_DIRS, side, out);
        }
    }
}

/// `LMWPW` / `LMBPW`: double step (from the second rank, both squares empty), step, then the
/// captures toward the QR file and toward the KR file, onto any piece or the ghost.
pub fn pawn_moves(b: &Board, a: Loc, side: usize, out: &mut impl FnMut(Loc)) {
    let (step, second_rank) = if side == 0 {
        (BW as isize, a + 2 * BW < 6 * BW)
    } else {
        (-(BW as isize), a - 2 * BW > 6 * BW)
    };
    let one = a.wrapping_add_signed(step);
    let two = one.wrapping_add_signed(step);
    if second_rank && b.board[two] == 0 && b.board[one] == 0 {
        out(two);
    }
    if b.board[one] == 0 {
        out(one);
    }
    for l in [one + 1, one - 1] {
        if l == b.ghloc || b.board[l] > 0 {
            out(l);
        }
    }
}

/// Slider lines up to the first piece or the edge, the squares [`offered`] to a piece of
/// `side`: inlined into `LMGT` (left to the compiler, it was a call of its own).
#[inline(always)]
fn lines(b: &Board, a: Loc, dirs: &[isize; 4], side: usize, out: &mut Squares) {
    // The count kept in a register while the lines are walked, stored once at the end.
    let mut n = out.len as usize;
    offered_on_lines(b, a, dirs, side, |l| {
        out.at[n] = l as u16;
        n += 1;
        false
    });
    out.len = n as u8;
}

/// Hands `f` each square of the slider lines from `a` along `dirs` that is [`offered`] to a
/// piece of `side`, line by line, until `f` says it has found what it looks for (true, then
/// returned). An empty square is offered and the line goes on; the square that ends it (a
/// piece, or the border) is offered as the table says.
#[inline(always)]
fn offered_on_lines(
    b: &Board,
    a: Loc,
    dirs: &[isize; 4],
    side: usize,
    mut f: impl FnMut(Loc) -> bool,
) -> bool {
    for &d in dirs {
        let mut l = a;
        loop {
            l = l.wrapping_add_signed(d);
            let q = b.board[l];
            if q == 0 {
                if f(l) {
                    return true;
                }
                continue;
            }
            if OFFERED[side & 1][q as u8 as usize] && f(l) {
                return true;
            }
            break;
        }
    }
    false
}

/// The squares the generator scores for piece `p` standing on `a` (`LMGSTD`), each with what
/// the board holds there: for sliders the lines through our own sliders of the same kind
/// (`LSROOK`, `LSBIS`) and one square past our own pawn on a diagonal (`LSBIS5`); knights and
/// kings their squares (all eight: the scoring routine is called with `Q` negative, so `LMKC`
/// passes every square). Edge squares are included; the scoring routines skip them. Pawns are
/// scored elsewhere.
///
/// Each square goes to `out` as it is found, as the program's generators hand each to the
/// scoring routine: nothing is collected.
#[inline]
pub fn lmgstd(b: &Board, p: Pc, a: Loc, out: &mut impl FnMut(Loc, i8)) {
    let side = side_of(p);
    let mut at = |l: Loc| out(l, b.board[l]);
    match b.kind[p] {
        Kind::Knight => {
            for o in KNIGHT_ORDER {
                at(a.wrapping_add_signed(o));
            }
        }
        Kind::King => {
            for o in KING_ORDER {
                at(a.wrapping_add_signed(o));
            }
        }
        Kind::Rook => scoring_lines(b, side, a, false, out),
        Kind::Bishop => scoring_lines(b, side, a, true, out),
        Kind::Queen => {
            scoring_lines(b, side, a, false, out);
            scoring_lines(b, side, a, true, out);
        }
        Kind::Pawn => pawn_moves(b, a, side, &mut at),
    }
}

/// Our square index (0..64) of each of the program's squares on the board (64 for the rest).
pub const SQ: [u8; BD2] = {
    let mut sq = [64; BD2];
    let mut l = 0;
    while l < BD2 {
        let (row, col) = (l / BW, l % BW);
        if row >= 2 && row <= 9 && col >= 1 && col <= 8 {
            sq[l] = ((row - 2) * 8 + (8 - col)) as u8;
        }
        l += 1;
    }
    sq
};

/// The program's square of each of ours (the inverse of [`SQ`]).
pub const LOC: [u8; 64] = {
    let mut loc = [0; 64];
    let mut s = 0;
    while s < 64 {
        loc[s] = ((s / 8 + 2) * BW + (8 - s % 8)) as u8;
        s += 1;
    }
    loc
};

/// The bit of each of the program's squares in a set of our square indices (see [`SQ`]): 0 for
/// a square off the board, and for 0, the square of a piece taken.
pub const BIT: [u64; BD2] = {
    let mut bit = [0; BD2];
    let mut l = 0;
    while l < BD2 {
        if SQ[l] < 64 {
            bit[l] = 1 << SQ[l];
        }
        l += 1;
    }
    bit
};

/// [`BIT`] with room for every index below 256, 0 beyond [`BD2`]: read at `l as u8`, a
/// piece's square needs no bounds check and no mask (a square is below [`BD2`], so the cast
/// changes nothing, and the byte is loaded as it is).
const BIT256: [u64; 256] = {
    let mut bit = [0; 256];
    let mut l = 0;
    while l < BD2 {
        bit[l] = BIT[l];
        l += 1;
    }
    bit
};

/// The board's pieces as sets of squares (our square indices, see [`SQ`]), for the ranges of
/// [`Occupancy::range`].
#[derive(Copy, Clone, Debug, Default)]
pub struct Occupancy {
    /// Every piece.
    pub occ: u64,
    /// Each side's pieces.
    pub side: [u64; 2],
    /// Each side's rooks and queens (`RFPCS`).
    orth: [u64; 2],
    /// Each side's bishops and queens (`DDPCS`).
    diag: [u64; 2],
    /// Each side's pawns.
    pawns: [u64; 2],
    /// Each side's kings and queens.
    pub kq: [u64; 2],
    /// The sliders' tables, for the ranges.
    sliders: Sliders,
}

impl Occupancy {
    /// The sets of `b`: each side's pieces gathered by kind (a piece off the board adds no
    /// square, see [`BIT`]), then the sets made from those.
    pub fn of(b: &Board) -> Occupancy {
        let mut by_kind = [[0u64; 6]; 2];
        for (side, kinds) in by_kind.iter_mut().enumerate() {
            let pieces = 1 + NPCS * side..=NPCS + NPCS * side;
            for (&l, &k) in b.piecel[pieces.clone()].iter().zip(&b.kind[pieces]) {
                kinds[k as usize] |= BIT256[l as u8 as usize];
            }
        }
        let [w, bl] = by_kind;
        let all = |k: &[u64; 6]| k.iter().fold(0, |s, &m| s | m);
        let orth = |k: &[u64; 6]| k[Kind::Rook as usize] | k[Kind::Queen as usize];
        let diag = |k: &[u64; 6]| k[Kind::Bishop as usize] | k[Kind::Queen as usize];
        let kq = |k: &[u64; 6]| k[Kind::King as usize] | k[Kind::Queen as usize];
        let side = [all(&w), all(&bl)];
        Occupancy {
            occ: side[0] | side[1],
            side,
            orth: [orth(&w), orth(&bl)],
            diag: [diag(&w), diag(&bl)],
            pawns: [w[Kind::Pawn as usize], bl[Kind::Pawn as usize]],
            kq: [kq(&w), kq(&bl)],
            sliders: Sliders::get(),
        }
    }

    /// The squares [`lmgstd`] hands over for a piece of `kind` and `side` (not a pawn) standing
    /// on `a`, as a set: those on the board. The same rules (`LSROOK`, `LSBIS`, `LSBIS5`,
    /// 5042-5081) read from the sets: a line sees through our own sliders of its kind, and a
    /// diagonal stops at our own pawn and takes one square past it. Inlined into the scoring of
    /// each move (`LMGR1A`), which reads it some 224,000 times a bench.
    #[inline(always)]
    pub fn range(&self, kind: Kind, side: usize, a: Loc) -> u64 {
        let s = Square::new(SQ[a]);
        match kind {
            Kind::Knight => knight_attacks(s).0,
            Kind::King => king_attacks(s).0,
            Kind::Rook => self.orth_range(s, side),
            Kind::Bishop => self.diag_range(s, side),
            Kind::Queen => self.orth_range(s, side) | self.diag_range(s, side),
            Kind::Pawn => unreachable!("a pawn's range is scored square by square"),
        }
    }

    #[inline]
    fn orth_range(&self, s: Square, side: usize) -> u64 {
        self.sliders
            .rook(s, Bitboard(self.occ & !self.orth[side]))
            .0
    }

    /// Inlined into [`Occupancy::range`]: as a call of its own, its entry and exit were some
    /// 13 of the 53 instructions it took.
    #[inline]
    fn diag_range(&self, s: Square, side: usize) -> u64 {
        let mut r = self
            .sliders
            .bishop(s, Bitboard(self.occ & !self.diag[side]))
            .0;
        // One square past each of our pawns the line meets: the pawn's neighbour on the line
        // from `s` that is not between them.
        let mut pawns = r & self.pawns[side];
        while pawns != 0 {
            let p = Square::new(pawns.trailing_zeros() as u8);
            pawns &= pawns - 1;
            r |= (line(s, p) & king_attacks(p)).0 & !between(s, p).0 & !(1 << s.index());
        }
        r
    }
}

/// `LSROOK` / `LSBIS` from `a` for a piece of `side` (which decides what it sees through),
/// each square handed over with what the board holds there.
fn scoring_lines(b: &Board, side: usize, a: Loc, diagonal: bool, out: &mut impl FnMut(Loc, i8)) {
    let dirs = if diagonal { &BISHOP_DIRS } else { &ROOK_DIRS };
    for &d in dirs {
        scoring_line_read(b, side, a, d, diagonal, out);
    }
}

/// One line of `LSROOK`/`LSBIS` (also `LMUA`'s walk along an uncovered line).
pub fn scoring_line(b: &Board, p: Pc, a: Loc, d: isize, diagonal: bool, out: &mut impl FnMut(Loc)) {
    scoring_line_read(b, side_of(p), a, d, diagonal, &mut |l, _| out(l));
}

/// [`scoring_line`] for a piece of `side`, each square with what the board holds there.
#[inline]
fn scoring_line_read(
    b: &Board,
    side: usize,
    a: Loc,
    d: isize,
    diagonal: bool,
    out: &mut impl FnMut(Loc, i8),
) {
    let mut l = a;
    loop {
        l = l.wrapping_add_signed(d);
        let q = b.board[l];
        out(l, q);
        if q == 0 {
            continue;
        }
        if q < 0 {
            return;
        }
        let q = q as Pc;
        if side_of(q) != side {
            return;
        }
        if diagonal {
            if b.ddpcs(q) {
                continue;
            }
            if b.pawn(q) {
                let past = l.wrapping_add_signed(d);
                out(past, b.board[past]);
            }
        } else if b.rfpcs(q) {
            continue;
        }
        return;
    }
}

/// `TRAPP` (5418-5454): whether piece `p` is trapped — its generator offers no square that is
/// empty and unattacked, and no capture of a piece worth at least as much or undefended.
///
/// The squares are those of [`lmgt`], looked at as it finds them and no further than the first
/// way out (the answer does not depend on their order): `lmgt` collected them all first.
pub fn trapped(b: &Board, t: &Tables, p: Pc) -> bool {
    let a = b.piecel[p];
    let i = side_of(p);
    let theirs = &t.attacks[1 - i];
    // An offered square is on the board: its byte is 0 or a piece's number.
    let way_out = |l: Loc| {
        let q = b.board[l] as Pc;
        theirs[l] == 0 || (q != 0 && b.pvalue[p] <= b.pvalue[q])
    };
    let offer = |l: Loc| offered(b, i, l);
    match b.kind[p] {
        Kind::Pawn => {
            let mut out = false;
            pawn_moves(b, a, i, &mut |l| out = out || (offer(l) && way_out(l)));
            !out
        }
        Kind::Knight => !KNIGHT_ORDER
            .iter()
            .any(|&o| offer(a.wrapping_add_signed(o)) && way_out(a.wrapping_add_signed(o))),
        // `LMKC`: the king's squares that the opponent attacks are not offered, and an
        // unattacked one is a way out.
        Kind::King => !KING_ORDER.iter().any(|&o| {
            let l = a.wrapping_add_signed(o);
            offer(l) && theirs[l] == 0
        }),
        Kind::Rook => !offered_on_lines(b, a, &ROOK_DIRS, i, way_out),
        Kind::Bishop => !offered_on_lines(b, a, &BISHOP_DIRS, i, way_out),
        Kind::Queen => {
            !(offered_on_lines(b, a, &ROOK_DIRS, i, way_out)
                || offered_on_lines(b, a, &BISHOP_DIRS, i, way_out))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c197::board::NPC;
    use crate::c197::board::random_positions;

    #[test]
    fn a_range_as_a_set_is_the_squares_lmgstd_hands_over() {
        // Every piece but the pawns, from every empty square and its own, in positions of
        // random games: the set against the squares on the board that `lmgstd` walks.
        let mut ranges = 0;
        for (b, _) in random_positions().into_iter().step_by(7) {
            let o = Occupancy::of(&b);
            for p in 1..=NPC {
                if b.piecel[p] == 0 || b.kind[p] == Kind::Pawn {
                    continue;
                }
                for a in (0..BD2).filter(|&l| l == b.piecel[p] || b.board[l] == 0) {
                    let mut walked = 0u64;
                    lmgstd(&b, p, a, &mut |l, q| {
                        if q >= 0 {
                            assert_eq!(walked & 1 << SQ[l], 0, "a square twice");
                            walked |= 1 << SQ[l];
                        }
                    });
                    assert_eq!(o.range(b.kind[p], side_of(p), a), walked);
                    ranges += 1;
                }
            }
        }
        // The count of this sample (a regression pin).
        assert_eq!(ranges, 714_189);
    }

    /// [`Occupancy::of`] as first written: piece by piece, each set by its kind.
    fn occupancy_piece_by_piece(b: &Board) -> Occupancy {
        let mut o = Occupancy::default();
        for p in 1..=NPC {
            let l = b.piecel[p];
            if l == 0 {
                continue;
            }
            let bit = 1u64 << SQ[l];
            let side = side_of(p);
            o.occ |= bit;
            o.side[side] |= bit;
            match b.kind[p] {
                Kind::Rook => o.orth[side] |= bit,
                Kind::Bishop => o.diag[side] |= bit,
                Kind::Queen => {
                    o.orth[side] |= bit;
                    o.diag[side] |= bit;
                    o.kq[side] |= bit;
                }
                Kind::Pawn => o.pawns[side] |= bit,
                Kind::Knight => {}
                Kind::King => o.kq[side] |= bit,
            }
        }
        o
    }

    #[test]
    fn the_occupancy_by_kinds_is_the_occupancy_piece_by_piece() {
        let mut taken = 0;
        for (b, _) in random_positions() {
            let (fast, plain) = (Occupancy::of(&b), occupancy_piece_by_piece(&b));
            assert_eq!(
                (
                    fast.occ, fast.side, fast.orth, fast.diag, fast.pawns, fast.kq
                ),
                (
                    plain.occ,
                    plain.side,
                    plain.orth,
                    plain.diag,
                    plain.pawns,
                    plain.kq
                )
            );
            taken += (1..=NPC).filter(|&p| b.piecel[p] == 0).count();
        }
        // Pieces taken in the sample, which add no square (a regression pin).
        assert_eq!(taken, 40_253);
    }

    /// `TRAPP` as first written: every square `lmgt` offers collected, then looked at.
    fn trapped_plain(b: &Board, t: &Tables, p: Pc) -> bool {
        let i = side_of(p);
        let mut squares = Squares::new();
        lmgt(b, t, p, &mut squares);
        for l in squares.iter() {
            let q = b.board[l] as Pc;
            if q == 0 {
                if t.attacks[1 - i][l] == 0 {
                    return false;
                }
                continue;
            }
            if b.pvalue[p] <= b.pvalue[q] || t.attacks[1 - i][l] == 0 {
                return false;
            }
        }
        true
    }

    #[test]
    fn trapped_looking_as_it_goes_is_trapped_from_the_whole_list() {
        // Every piece of either side, in positions of random games and their tables.
        let mut trapped_pieces = 0;
        for (b, _) in random_positions() {
            let t = Tables::compute(
                &b,
                crate::c197::cat::CatFixes::default(),
                &crate::c197::cat::Leftovers::default(),
            );
            for p in (1..=NPC).filter(|&p| b.piecel[p] != 0) {
                assert_eq!(trapped(&b, &t, p), trapped_plain(&b, &t, p), "piece {p}");
                trapped_pieces += trapped(&b, &t, p) as usize;
            }
        }
        // The count of this sample (a regression pin).
        assert_eq!(trapped_pieces, 80_181);
    }

    #[test]
    fn offered_by_the_table_is_offered_by_the_test() {
        // Every byte the board may hold, for each side.
        let mut b = Board::from_game(&[], |_, _| {}).unwrap();
        let mut offered_squares = [0; 2];
        for q in i8::MIN..=i8::MAX {
            b.board[55] = q;
            for (side, n) in offered_squares.iter_mut().enumerate() {
                assert_eq!(offered(&b, side, 55), offered_plain(side, q), "{q} {side}");
                *n += offered(&b, side, 55) as usize;
            }
        }
        // Empty, and each number of the other side: 111 for White (17-127), 16 for Black.
        assert_eq!(offered_squares, [112, 17]);
    }

    #[test]
    fn sq_and_loc_are_inverse() {
        for s in 0..64 {
            assert_eq!(SQ[LOC[s] as Loc] as usize, s);
            assert_eq!(
                Some(Square::new(s as u8)),
                crate::c197::board::square(LOC[s] as Loc)
            );
        }
    }
}
