//! `CAT` brought up to date by the move made, instead of made anew at every node.
//!
//! `CAT` (390-456) clears its tables and runs each piece's routine in number order (`MCAT1`,
//! `MCAT2`: `PUSHJ P,@RPIECE(B)`), each adding its piece's attack word to the squares it
//! attacks (`ADDM R,BA(A)`), its number to their direction slots (`DPB B,...`) and its slider
//! index to the `BDBLK` entry where a line stops; then it settles the possible pins (`MCAT4`).
//! Those are its incremental parts: a piece's words are a sum, its slots and marks its own (no
//! two pieces attack a square from the same direction), so what one piece's routine added can
//! be taken off again by running it once more with the word negated, on the board it ran on.
//!
//! A move changes a few squares. A piece's routine reads only its own square and, for a slider, the
//! squares its lines walk over; so the routines whose result can change are those of the pieces on
//! the changed squares (moved, taken, promoted), those of the pawns beside the ghost before and
//! after (their en passant attacks), and the lines of the sliders that read a changed square (each
//! line keeps how far it reads, its reach). Each of those is taken off as it ran on the parent's
//! board and run again on the child's; every other routine would add what it added before. A line
//! that reads a changed square is walked again only from the nearest one it reads: before it the
//! squares are the same on both boards, and what the line added there stays (see
//! [`Tables::resume`]). Each `BDBLK` entry is kept as number order leaves it as lines mark and
//! unmark its piece (see `Tables::mark`), and the pins (which read the attack words and the
//! values) are settled anew from the possible pins kept. A slider moved along a line keeps its
//! two lines along the move, shifted by the squares between the two of the move (see `Slide`).

use super::super::board::{BD2, BW, Board, Kind, Loc, NPC, NPCS, Pc, Record, bits, first, side_of};
use super::super::generate::{BIT, LOC};
use super::{
    ALL_LINES, CatFixes, DIR, Kept, Leftovers, Levels, Resume, SCAN_FILES, Tables, attack_word,
    line_directions,
};
use crate::rules::{PieceKind, Position};

/// The most squares one move changes: castling's four.
const MOST_CHANGED: usize = 4;

impl Tables {
    /// The tables of `child`, the position after the move `rec` made in `parent`: `self`, a
    /// copy of the complete tables of `parent` (their pawns' part already the child's), brought
    /// up to date (see the module's documentation), `CAT` running with what earlier runs left
    /// (`lo`). The same as [`Tables::complete`] on `child`.
    pub fn update(&mut self, parent: &Board, child: &Board, rec: &Record, lo: &Leftovers) {
        let changed = changed_squares(parent, child, rec);
        let sliders = SliderSquares::of_board(parent);
        self.update_lines(parent, child, &changed, sliders, lo);
    }

    /// The whole tables of `child`, the position after the move `rec` made in `parent`:
    /// `self`, a copy of `parent`'s, brought up to date by [`Tables::update_pawns`] and
    /// [`Tables::update`], the squares the move changed found once for both; `sliders`, the
    /// parent's sliders' squares.
    #[allow(clippy::too_many_arguments)]
    pub fn update_child(
        &mut self,
        parent: &Board,
        child: &Board,
        rec: &Record,
        sliders: SliderSquares,
        fixes: CatFixes,
        lo: &Leftovers,
        levels: Levels,
    ) {
        let changed = changed_squares(parent, child, rec);
        self.update_pawn_flags(parent, child, &changed, fixes, lo, levels);
        self.update_lines(parent, child, &changed, sliders, lo);
    }

    /// [`Tables::update`] with the squares changed (None: too many) and the parent's sliders'
    /// squares.
    fn update_lines(
        &mut self,
        parent: &Board,
        child: &Board,
        changed: &Option<Changed>,
        sliders: SliderSquares,
        lo: &Leftovers,
    ) {
        let Some(changed) = changed.as_ref().filter(|_| !self.pins.overflow) else {
            return self.complete(child, lo);
        };
        // The pieces whose whole routine runs again.
        let mut whole = 0u64;
        for &s in changed.iter() {
            whole |= 1 << parent.at(s as Loc) | 1 << child.at(s as Loc);
        }
        for (b, g) in [(parent, parent.ghloc), (child, child.ghloc)] {
            if g != 0 {
                for l in [g - BW - 1, g - BW + 1, g + BW - 1, g + BW + 1] {
                    if b.pawn(b.at(l)) {
                        whole |= 1 << b.at(l);
                    }
                }
            }
        }
        whole &= !1;
        // The sliders' lines that read a changed square, each from the nearest one it reads:
        // for each changed square, the sliders on the lines through it that their kind scans
        // (a slider on a changed square is one of `whole`'s), found among the parent's sets of
        // sliders, so that a slider that shares no line with any costs nothing.
        let near = changed.iter().fold(0u64, |m, &s| m | BIT[s as Loc]);
        let mut lines = Lines::default();
        for &s in changed.iter() {
            let s = s as Loc & (WIDE - 1);
            let on = &ON_LINES[s];
            let aligned = sliders.orth & on[slider_row(Kind::Rook)]
                | sliders.diag & on[slider_row(Kind::Bishop)];
            for q in bits(aligned & !near) {
                let a = LOC[q] as Loc & (WIDE - 1);
                let x = parent.at(a);
                let ray = RAY[a][s];
                let (c, k) = ((ray >> 3) as usize, ray & 7);
                if k <= self.span[x][c] >> 4 && !lines.add(x, c, k) {
                    return self.complete(child, lo);
                }
            }
        }
        for n in 0..lines.len {
            let [x, c, k] = lines.at[n];
            lines.from[n] = self.resume(parent, x as Pc, c as usize, k);
        }
        let slide = Slide::of(self, parent, child, changed);
        // The lines of each piece run again (the moved slider's along its move shifted).
        let redone = |p: Pc| {
            if p == slide.piece as Pc {
                !slide.lines
            } else {
                ALL_LINES
            }
        };
        let mut pins = Kept;
        for p in bits(whole).filter(|&p| parent.piecel[p] != 0) {
            self.piece::<false>(parent, p, redone(p), &mut pins);
        }
        for n in 0..lines.len {
            let [x, c, _] = lines.at[n];
            let (x, c, from) = (x as Pc, c as usize, lines.from[n]);
            self.line_from::<false>(parent, x, c, from, &mut pins);
        }
        self.slide::<false>(parent, &slide);
        for p in bits(whole).filter(|&p| child.piecel[p] != 0) {
            self.piece::<true>(child, p, redone(p), &mut pins);
        }
        for n in 0..lines.len {
            let [x, c, _] = lines.at[n];
            let (x, c, from) = (x as Pc, c as usize, lines.from[n]);
            self.line_from::<true>(child, x, c, from, &mut pins);
        }
        self.slide::<true>(child, &slide);
        if self.pins.overflow {
            return self.complete(child, lo);
        }
        self.find_kept_pins(child, lo);
    }

    /// The pawns' part of the tables of `child`, the position after the move `rec` made in
    /// `parent`: `self`'s, a copy of `parent`'s, brought up to date, `CAT` running at `levels`
    /// with what earlier runs left (`lo`). The same as [`Tables::refill_pawns`] on `child`.
    ///
    /// A pawn's routine (`MMWPWN` 463-606, `MMBPWN` 609-749) reads, besides its own square:
    /// - the squares of its own and the neighbouring files, for pawns (the passed scans
    ///   `MMWPPL`/`MMBPPL` and the backward tests' own and enemy pawns), and a few of them for
    ///   any piece of the other side (`HOLDS_READ_WHITE`: `CAIGE T1,BPIECE` and the like);
    /// - through `PPT`, where the other side's pawns numbered for its own and the neighbouring
    ///   files stand (467, 613), wherever they stand (a white pawn promoted reads as file 0,
    ///   beside the KR file), and for Black's KR pawn the word `PPT(0)` names (see
    ///   `Tables::ppt_black`, which reads the levels).
    ///
    /// So the routines run again are those of the pawns moved, taken or promoted, of the pawns
    /// whose `PPT` reads name them, of the pawns beside a square where a pawn stood or stands,
    /// of the pawns one of whose `HOLDS_READ_WHITE` squares changed, and of Black's KR pawn when
    /// `PPT(0)` reads another word; every other routine would set the flags it set before.
    /// The files' counts follow the pawns that left or reached a square.
    pub fn update_pawns(
        &mut self,
        parent: &Board,
        child: &Board,
        rec: &Record,
        fixes: CatFixes,
        lo: &Leftovers,
        levels: Levels,
    ) {
        let changed = changed_squares(parent, child, rec);
        self.update_pawn_flags(parent, child, &changed, fixes, lo, levels);
    }

    /// [`Tables::update_pawns`] with the squares changed (None: too many). Inlined where a
    /// child's tables are made, at every node: a call cost some 30 instructions a child
    /// (1.3 M of `bench --table off`'s 376 M).
    #[inline(always)]
    fn update_pawn_flags(
        &mut self,
        parent: &Board,
        child: &Board,
        changed: &Option<Changed>,
        fixes: CatFixes,
        lo: &Leftovers,
        levels: Levels,
    ) {
        let Some(changed) = changed
            .as_ref()
            .filter(|_| self.pawns_black_as_white == lo.black_as_white)
        else {
            return self.refill_pawns(child, fixes, lo, levels);
        };
        // The pawns whose routines run again (a bit a number), and the files (their squares)
        // whose pawns' routines do. The squares are taken last first: a square where only the
        // side of the piece changed is then read once every pawn is where the child has it (a
        // pawn moved reaches the square after its own, a pawn taken stands where its taker
        // arrives, after the square it left).
        let (mut redo, mut files) = (0u64, 0u128);
        // A piece that is a pawn on the child's board is one on the parent's (a move makes no
        // piece a pawn): whether it was a pawn on either is read from the parent's.
        let was_pawn = |q: Pc| parent.pawn(q);
        for &s in changed.iter().rev() {
            let s = s as Loc;
            let (before, after) = (parent.at(s), child.at(s));
            if was_pawn(before) || was_pawn(after) {
                files |= SCAN_FILES[s % BW][0];
                for q in [before, after] {
                    if was_pawn(q) {
                        redo |= 1 << q | PPT_READERS[q];
                    }
                }
                if parent.pawn(before) {
                    self.count_file(side_of(before), s, -1);
                }
                if child.pawn(after) {
                    self.count_file(side_of(after), s, 1);
                }
            } else {
                // A pawn reads only whether a piece of the other side stands there.
                let side_of_piece = |q: Pc| if q == 0 { 2 } else { side_of(q) };
                let (was, is) = (side_of_piece(before), side_of_piece(after));
                if (was == 1) != (is == 1) {
                    redo |= self.holds_readers(child, s, 0);
                }
                if (was == 0) != (is == 0) {
                    redo |= self.holds_readers(child, s, 1);
                }
            }
        }
        if files != 0 {
            for l in bits((self.pawn_squares[0] | self.pawn_squares[1]) & files) {
                redo |= 1 << child.at(l);
            }
        }
        let ppt0 = Self::ppt_black(child, 0, levels);
        if ppt0 != self.ppt0 {
            self.ppt0 = ppt0;
            redo |= 1 << first(1);
        }
        for p in bits(redo) {
            self.pawn_flags(child, p, fixes, lo, levels);
        }
    }

    /// Where line `c` of slider `p` of `parent` is walked again when the nearest changed square
    /// it reads lies `k` steps away. The squares before that one are the same on both boards,
    /// and what the line did there stays: if the square is one it walks over up to its first
    /// piece (its slot holds `p`: no two pieces attack a square from the same direction), the
    /// walk starts from the square before; otherwise the first piece stands before it on both
    /// boards, and only what lies behind that piece is walked again.
    #[inline(always)]
    fn resume(&self, parent: &Board, p: Pc, c: usize, k: u8) -> Resume {
        let (a, step) = (parent.piecel[p], DIR[c]);
        if self.slots[a.wrapping_add_signed(step * k as isize)][c] as Pc == p {
            return Resume {
                skip: k - 1,
                behind_first: false,
            };
        }
        let (mut l, mut first) = (a, 0);
        loop {
            l = l.wrapping_add_signed(step);
            first += 1;
            if parent.board[l] != 0 {
                return Resume {
                    skip: first,
                    behind_first: true,
                };
            }
        }
    }

    /// The moved slider's lines along its move, shifted (see [`Slide`]): before the other
    /// lines are added (`ADD` false), the squares its line ahead no longer reaches taken off;
    /// after them (`ADD` true), those its line behind now reaches added. Each line's span
    /// shrinks or grows by the steps moved; its mark and possible pin stay.
    fn slide<const ADD: bool>(&mut self, b: &Board, slide: &Slide) {
        let p = slide.piece as Pc;
        let (c, k) = if ADD {
            (slide.behind as usize, slide.steps)
        } else {
            let c = slide.ahead as usize;
            (c, slide.steps * (slide.lines & 1 << c != 0) as u8)
        };
        if k == 0 {
            return;
        }
        let (side, word, step) = (side_of(p), attack_word(b.kind[p]), DIR[c]);
        // Ahead: from the square left up to the square reached; behind: from the square
        // reached back to the square left.
        let mut l = if ADD { b.piecel[p] } else { slide.from as Loc };
        for _ in 0..k {
            l = l.wrapping_add_signed(step);
            if ADD {
                self.attacks[side][l] += word;
                self.slots[l][c] = p as u8;
            } else {
                self.attacks[side][l] -= word;
                self.slots[l][c] = 0;
            }
        }
        if ADD {
            self.span[p][c] += 0x11 * k;
        } else {
            self.span[p][c] -= 0x11 * k;
        }
    }

    /// The pawns of `side` in `b` whose backward test reads square `s` for a piece of the
    /// other side (see [`HOLDS_READ_WHITE`]), a bit a number: those on the squares that read
    /// it ([`HOLDS_READERS`]).
    #[inline(always)]
    fn holds_readers(&self, b: &Board, s: Loc, side: usize) -> u64 {
        bits(self.pawn_squares[side] & HOLDS_READERS[side][s]).fold(0, |m, l| m | 1 << b.at(l))
    }
}

/// The squares a white pawn's backward test reads for any piece of the other side, from the
/// pawn's square (Black's below): `MMWPWN`'s `CAIGE T1,BPIECE` on the square ahead, two ahead
/// from the second rank, and the squares a neighbour two or three ranks behind steps through
/// (489-606); `MMBPWN`'s mirror (636-749), whose neighbour three ranks behind is never read
/// (see `Tables::black_pawn`).
const HOLDS_READ_WHITE: [isize; 6] = {
    const W: isize = BW as isize;
    [W, 2 * W, -W - 1, -W + 1, -2 * W - 1, -2 * W + 1]
};
/// The same for a black pawn (`MMBPWN`; see [`HOLDS_READ_WHITE`]).
const HOLDS_READ_BLACK: [isize; 4] = {
    const W: isize = BW as isize;
    [-W, -2 * W, W - 1, W + 1]
};

/// For each side and square `s`, the squares from which a pawn of the side reads `s` in its
/// backward test ([`HOLDS_READ_WHITE`], [`HOLDS_READ_BLACK`]), a bit a square.
static HOLDS_READERS: [[u128; BD2]; 2] =
    [readers_of(&HOLDS_READ_WHITE), readers_of(&HOLDS_READ_BLACK)];

/// For each square `s`, the squares `s - d` (on the board's 120) for each `d` of `deltas`, a
/// bit a square: the squares from which a pawn reading `deltas` reads `s`.
const fn readers_of(deltas: &[isize]) -> [u128; BD2] {
    let mut readers = [0u128; BD2];
    let mut s = 0;
    while s < BD2 {
        let mut k = 0;
        while k < deltas.len() {
            let l = s as isize - deltas[k];
            if l >= 0 && l < BD2 as isize {
                readers[s] |= 1 << l;
            }
            k += 1;
        }
        s += 1;
    }
    readers
}

/// The pawns whose passed test reads where pawn `q` stands through `PPT`
/// (`SKIPE C,@PPT+NPCS!X(B)` 467, `SKIPE C,@PPT-NPCS!X(B)` 613): the other side's numbered for
/// `q`'s file and the neighbouring ones (a bit a number), for each piece number `q` (none for
/// a piece that was never a pawn).
static PPT_READERS: [u64; NPC + 1] = {
    let (w, b) = (first(0), first(1));
    let mut readers = [0u64; NPC + 1];
    let mut q = 0;
    while q <= NPC {
        let other = if q >= w && q < w + 8 {
            q + NPCS
        } else if q >= b && q < b + 8 {
            q - NPCS
        } else {
            q += 1;
            continue;
        };
        let (lo, hi) = if other >= b { (b, b + 7) } else { (w, w + 7) };
        let mut x = if other - 1 > lo { other - 1 } else { lo };
        while x <= other + 1 && x <= hi {
            readers[q] |= 1 << x;
            x += 1;
        }
        q += 1;
    }
    readers
};

/// Whether `l` is one of the 64 squares.
const fn on_board(l: isize) -> bool {
    l >= 21 && l <= 98 && l % 10 != 0 && l % 10 != 9
}

/// The rows of [`RAY`] and [`ON_LINES`]: 128, past the board's 120 squares, so that a square
/// masked to seven bits (`& (WIDE - 1)`) indexes them with no bounds check (the scan of the
/// sliders in [`Tables::update`] reads them at every node).
const WIDE: usize = 128;

/// For each square `a` and square `s` of the board: `(c << 3) + k` if `s` lies `k` steps from
/// `a` along `DIR[c]`, else 0 (see [`WIDE`]).
static RAY: [[u8; WIDE]; WIDE] = {
    let mut ray = [[0u8; WIDE]; WIDE];
    let mut a = 0;
    while a < BD2 {
        if on_board(a as isize) {
            let mut c = 0;
            while c < 8 {
                let mut l = a as isize + DIR[c];
                let mut k = 1;
                while on_board(l) {
                    ray[a][l as usize] = (c as u8) << 3 | k;
                    l += DIR[c];
                    k += 1;
                }
                c += 1;
            }
        }
        a += 1;
    }
    ray
};

/// For each square `a` and kind of slider (its row: see [`slider_row`]), the squares on the
/// lines a slider of the kind scans from `a` ([`line_directions`]; bit [`BIT`]`[s]` for square
/// s): those with a [`RAY`] entry in one of its directions.
static ON_LINES: [[u64; 4]; WIDE] = {
    let mut on = [[0u64; 4]; WIDE];
    let mut a = 0;
    while a < BD2 {
        let mut s = 0;
        while s < BD2 {
            let ray = RAY[a][s];
            let kinds = [Kind::Bishop, Kind::Rook, Kind::Queen];
            let mut k = 0;
            while ray != 0 && k < kinds.len() {
                if line_directions(kinds[k]) & 1 << (ray >> 3) != 0 {
                    on[a][slider_row(kinds[k])] |= BIT[s];
                }
                k += 1;
            }
            s += 1;
        }
        a += 1;
    }
    on
};

/// The row of [`ON_LINES`] of a kind of slider: bishop 0, rook 1, queen 2 (masked to the
/// table's four, so that no bounds check is needed).
const fn slider_row(k: Kind) -> usize {
    (k as usize).wrapping_sub(Kind::Bishop as usize) & 3
}

/// The squares whose piece differs between `parent` and `child` after the move `rec`: its two,
/// the pawn taken en passant, castling's four; None if there are more.
fn changed_squares(parent: &Board, child: &Board, rec: &Record) -> Option<Changed> {
    let mut out = Changed::default();
    if rec.piece != 0 {
        out.push(rec.from);
        out.push(rec.to);
        if rec.special && !rec.promotion {
            // En passant: the pawn behind the square reached.
            out.push(if rec.to > rec.from {
                rec.to - BW
            } else {
                rec.to + BW
            });
        }
        return Some(out);
    }
    // Castling: the board read eight squares at a time.
    for k in (0..BD2).step_by(8) {
        let word = |b: &Board| u64::from_le_bytes(std::array::from_fn(|i| b.board[k + i] as u8));
        let mut diff = word(parent) ^ word(child);
        while diff != 0 {
            let byte = diff.trailing_zeros() as usize / 8;
            diff &= !(0xff << (8 * byte));
            if out.len == MOST_CHANGED {
                return None;
            }
            out.push(k + byte);
        }
    }
    Some(out)
}

/// The most lines a move's update walks again for the changed squares they read (see
/// [`Tables::update`]); more, and the tables are made anew (the same tables, at a higher
/// cost). A child of `machack bench --table off` has 1.3 on average; the list is cleared at
/// every child, and 8 cost the bench 0.34 M instructions less than 16, 6 0.17 M more than 8.
const MOST_LINES: usize = 8;

/// The sliders' lines that read a changed square: a short list on the stack, as the update runs
/// at every node.
#[derive(Default)]
struct Lines {
    len: usize,
    /// Piece, direction, and the steps to the nearest changed square it reads.
    at: [[u8; 3]; MOST_LINES],
    /// Where each is walked again (see [`Tables::resume`]).
    from: [Resume; MOST_LINES],
}

impl Lines {
    /// Line `c` of `x` reads a changed square `k` steps away; false if the list is full.
    fn add(&mut self, x: Pc, c: usize, k: u8) -> bool {
        for e in self.at[..self.len].iter_mut() {
            if e[0] as Pc == x && e[1] as usize == c {
                e[2] = e[2].min(k);
                return true;
            }
        }
        if self.len == MOST_LINES {
            return false;
        }
        self.at[self.len] = [x as u8, c as u8, k];
        self.len += 1;
        true
    }
}

/// The direction opposite each of [`DIR`].
const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 6, 7, 4, 5];

/// A slider moved `steps` along its line `ahead` (`MMRK` 752-814, `MMBS` 815-875: each line
/// walks from the piece's square): its lines along the move need no walk. Behind it
/// (`behind`) the line the child's board walks is the parent's, with the squares between the
/// two squares of the move before it; ahead, to an empty square, the parent's line without
/// those squares (a capture's line ahead is walked again: it now starts behind the piece
/// taken). Each line meets the same pieces as before, so its mark and possible pin stay as
/// they are. (No slider moved: `lines` 0.)
#[derive(Default)]
struct Slide {
    piece: u8,
    /// The lines shifted (bits of [`DIR`]).
    lines: u8,
    from: u8,
    ahead: u8,
    behind: u8,
    steps: u8,
}

impl Slide {
    /// The slider `changed` moves, if the move is one: its two squares, a slider on the first
    /// whose piece stands on the second in `child`.
    #[inline(always)]
    fn of(t: &Tables, parent: &Board, child: &Board, changed: &Changed) -> Slide {
        if changed.len != 2 {
            return Slide::default();
        }
        let (from, to) = (changed.at[0] as Loc, changed.at[1] as Loc);
        let p = parent.at(from);
        if p == 0 || t.sliders & 1 << p == 0 || child.at(to) != p {
            return Slide::default();
        }
        let ray = RAY[from][to];
        if ray == 0 {
            return Slide::default();
        }
        let (ahead, steps) = ((ray >> 3) as usize, ray & 7);
        let behind = OPPOSITE[ahead];
        let ahead_kept = if parent.at(to) == 0 { 1 << ahead } else { 0 };
        Slide {
            piece: p as u8,
            lines: 1 << behind | ahead_kept,
            from: from as u8,
            ahead: ahead as u8,
            behind: behind as u8,
            steps,
        }
    }
}

/// The squares of a position's sliders (a bit a square, see [`BIT`]): those that scan ranks
/// and files (rooks, queens: `orth`), and diagonals (bishops, queens: `diag`). A move's update
/// finds the sliders' lines that read a changed square among them (see [`Tables::update`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SliderSquares {
    orth: u64,
    diag: u64,
}

impl SliderSquares {
    /// Those of the pieces of `b`.
    pub fn of_board(b: &Board) -> SliderSquares {
        let mut out = SliderSquares::default();
        for p in 1..=NPC {
            let bit = BIT[b.piecel[p]];
            if b.rfpcs(p) {
                out.orth |= bit;
            }
            if b.ddpcs(p) {
                out.diag |= bit;
            }
        }
        out
    }

    /// Those of `pos`, the position a board stands as in our rules (the same pieces: a move
    /// the program makes a queen of a pawn with is a promotion to a queen in ours), read from
    /// its sets of pieces by kind, which it keeps.
    #[inline(always)]
    pub fn of_position(pos: &Position) -> SliderSquares {
        let queens = pos.kind_bb(PieceKind::Queen).0;
        SliderSquares {
            orth: pos.kind_bb(PieceKind::Rook).0 | queens,
            diag: pos.kind_bb(PieceKind::Bishop).0 | queens,
        }
    }
}

/// The squares a move changed.
#[derive(Default)]
struct Changed {
    len: usize,
    at: [u8; MOST_CHANGED],
}

impl Changed {
    fn push(&mut self, l: Loc) {
        self.at[self.len] = l as u8;
        self.len += 1;
    }

    fn iter(&self) -> impl DoubleEndedIterator<Item = &u8> + '_ {
        self.at[..self.len].iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c197::board::random_positions;
    use crate::c197::board::{NPC, loc};
    use crate::rules::{Position, Square};

    #[test]
    fn a_childs_pawn_flags_brought_up_to_date_are_those_cat_makes() {
        // Every legal move of a sample of positions of random games: the parent's pawn flags
        // updated by the move, against the pawns' part of `CAT` run on the child; at levels
        // that move Black's KR pawn's `PPT(0)` read (see `Tables::ppt_black`), with black
        // pawns counted as White's, and with those leftovers changed under the search.
        let pawns = |t: &Tables| (t.ppased, t.backward, t.pptp, t.pfls, t.pnfls, t.ppt0);
        let (mut moves, mut changed) = (0, 0);
        for (k, (b, pos)) in random_positions().into_iter().step_by(3).enumerate() {
            let lo = Leftovers {
                black_as_white: if k % 4 == 0 { 1 << 20 | 1 << 23 } else { 0 },
                ..Leftovers::default()
            };
            let fixes = CatFixes {
                passed_pawn_scan: k % 3 == 1,
            };
            let t = Tables::compute(&b, fixes, &lo);
            for m in pos.legal_moves().iter() {
                let Some(cm) = b.program_move(*m) else {
                    continue;
                };
                let mut child = b.clone();
                let rec = child.make(cm);
                let levels = Levels {
                    lmgd: moves % 3,
                    lmgd2: moves % 5 / 2,
                };
                // Black's KR pawn counted as White's from now on.
                let lo = Leftovers {
                    black_as_white: lo.black_as_white | if k % 7 == 6 { 1 << 17 } else { 0 },
                    ..lo
                };
                let mut updated = t;
                let before = pawns(&t);
                updated.update_pawns(&b, &child, &rec, fixes, &lo, levels);
                let mut made = Tables::compute(&child, fixes, &lo);
                made.refill_pawns(&child, fixes, &lo, levels);
                assert_eq!(pawns(&updated), pawns(&made), "{} {m}", pos.to_fen());
                assert_eq!(
                    updated.pawn_squares,
                    made.pawn_squares,
                    "{} {m}",
                    pos.to_fen()
                );
                moves += 1;
                changed += (pawns(&made) != before) as usize;
            }
        }
        // The counts of this sample (a regression pin): moves, pawn flags changed.
        assert_eq!((moves, changed), (98902, 30756));
    }

    #[test]
    fn a_pawns_ppt_readers_are_the_other_sides_numbered_for_its_file_and_the_next() {
        // White's pawns are 1-8 and Black's 17-24, numbered by file (`Board::from_position`):
        // White's 1 is read by Black's 17 and 18, 4 by 19-21, 8 by 23 and 24, and the mirror.
        let set = |xs: &[Pc]| xs.iter().fold(0u64, |m, &x| m | 1 << x);
        assert_eq!(PPT_READERS[1], set(&[17, 18]));
        assert_eq!(PPT_READERS[4], set(&[19, 20, 21]));
        assert_eq!(PPT_READERS[8], set(&[23, 24]));
        assert_eq!(PPT_READERS[17], set(&[1, 2]));
        assert_eq!(PPT_READERS[21], set(&[4, 5, 6]));
        assert_eq!(PPT_READERS[24], set(&[7, 8]));
        // Pieces never pawns: none.
        for q in [0, 9, 16, 25, 32] {
            assert_eq!(PPT_READERS[q], 0, "{q}");
        }
    }

    #[test]
    fn a_white_pawn_promoting_far_away_changes_the_black_kr_pawns_passed_flag() {
        // Black's KR pawn (17) reads White's pawn 2 (`SKIPE C,@PPT-NPCS!X(B)`, 613): on QN7
        // it stops nothing; promoted, its `PPT` is cleared and the read finds ZR, file 0,
        // beside the KR file (see `Tables::ppt_black`). The pawn numbered 2 stands on the far side of the
        // board (as captures leave them), so the KR pawn is redone for the number it reads.
        let fen = "4k3/1P5p/8/r7/8/8/8/4K3 w - - 0 40";
        let pos = Position::from_fen(fen).unwrap();
        let mut b = Board::from_position(&pos);
        let (b7, h7) = (
            loc(Square::parse("b7").unwrap()),
            loc(Square::parse("h7").unwrap()),
        );
        let p = b.at(b7);
        assert_eq!((p, b.at(h7), b.piecel[2]), (7, 17, 0));
        (b.board[b7], b.piecel[2], b.piecel[p]) = (2, b7, 0);
        b.nmoves[2] = b.nmoves[p];
        let lo = Leftovers::default();
        let t = Tables::compute(&b, CatFixes::default(), &lo);
        let m = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.coordinate() == "b7b8q")
            .unwrap();
        let mut child = b.clone();
        let rec = child.make(b.program_move(m).unwrap());
        let levels = Levels { lmgd: 1, lmgd2: 1 };
        let mut updated = t;
        updated.update_pawns(&b, &child, &rec, CatFixes::default(), &lo, levels);
        let mut made = Tables::compute(&child, CatFixes::default(), &lo);
        made.refill_pawns(&child, CatFixes::default(), &lo, levels);
        assert_eq!((t.ppased[17], made.ppased[17]), (2, 0));
        assert_eq!(updated.ppased, made.ppased);
    }

    #[test]
    fn a_childs_tables_brought_up_to_date_are_those_cat_makes() {
        // Every legal move of a sample of positions of random games: the parent's tables
        // updated by the move, against `CAT` run on the child.
        let (mut moves, mut marked_twice, mut slid) = (0, 0, 0);
        for (b, pos) in random_positions().into_iter().step_by(3) {
            let lo = Leftovers {
                qr_pinned: moves % 2 == 1,
                ..Leftovers::default()
            };
            let t = Tables::compute(&b, CatFixes::default(), &lo);
            for m in pos.legal_moves().iter() {
                let Some(cm) = b.program_move(*m) else {
                    continue;
                };
                let mut child = b.clone();
                let rec = child.make(cm);
                let mut updated = t;
                updated.update(&b, &child, &rec, &lo);
                let made = Tables::compute(&child, CatFixes::default(), &lo);
                // The sliders' squares the search reads from our position, as the board has
                // them, before and after the move (the program's promotions make queens).
                let sliders = |b: &Board, pos: &Position| {
                    (SliderSquares::of_board(b), SliderSquares::of_position(pos))
                };
                let (of_board, of_position) = sliders(&b, &pos);
                assert_eq!(of_board, of_position, "{}", pos.to_fen());
                if m.promotion().is_none_or(|k| k == PieceKind::Queen) {
                    let (of_board, of_position) = sliders(&child, &pos.play(*m));
                    assert_eq!(of_board, of_position, "{} {m}", pos.to_fen());
                }
                // The moves whose slider's lines along the move are shifted (see `Slide`).
                let changed = changed_squares(&b, &child, &rec).unwrap();
                slid += (Slide::of(&t, &b, &child, &changed).lines != 0) as usize;
                let what = format!("{} {m}", pos.to_fen());
                assert_eq!(updated.attacks, made.attacks, "{what}");
                assert_eq!(updated.slots, made.slots, "{what}");
                assert_eq!(updated.bdblk, made.bdblk, "{what}");
                assert_eq!(updated.pint, made.pint, "{what}");
                assert_eq!(updated.marks, made.marks, "{what}");
                assert_eq!(updated.marking, made.marking, "{what}");
                assert_eq!(updated.sliders, made.sliders, "{what}");
                // `BDBLK` as number order leaves it: the highest line's index marking each
                // piece, read from the marks (see `Tables::mark`).
                for d in 1..=NPC {
                    for c in 0..8 {
                        let highest = (1..=NPC).rev().find(|&x| made.marks[x][c] as Pc == d);
                        let index = highest.map_or(0, |x| child.slider[x]);
                        assert_eq!(made.bdblk[d][c], index, "{what} {d} {c}");
                    }
                }
                // Only the sliders' spans are read (a piece taken keeps the last).
                for x in bits(made.sliders) {
                    assert_eq!(updated.span[x], made.span[x], "{what}");
                }
                let pins = |t: &Tables| {
                    let mut v: Vec<_> = t.pins.at[..t.pins.len as usize].to_vec();
                    v.sort();
                    (v, t.pins.overflow)
                };
                assert_eq!(pins(&updated), pins(&made), "{what}");
                moves += 1;
                // Pieces marked by two lines (through a slider to a pawn), where number order
                // decides.
                marked_twice += (1..=NPC)
                    .flat_map(|d| (0..8).map(move |c| (d, c)))
                    .filter(|&(d, c)| {
                        (1..=NPC).filter(|&x| made.marks[x][c] as Pc == d).count() > 1
                    })
                    .count();
            }
        }
        // The counts of this sample (a regression pin): moves, pieces marked twice, moves of a
        // slider along its lines.
        assert_eq!((moves, marked_twice, slid), (98902, 7862, 48499));
    }
}
