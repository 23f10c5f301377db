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
//! A move changes a few squares. A piece's routine reads only its own square and, for a slider,
//! the squares its lines walk over; so the routines whose result can change are those of the
//! pieces on the changed squares (moved, taken, promoted), those of the pawns beside the ghost
//! before and after (their en passant attacks), and the lines of the sliders that read a changed
//! square (each line keeps how far it reads, its reach). Each of those is taken off as it ran on the parent's board and run again on
//! the child's; every other routine would add what it added before. The `BDBLK` entries the
//! lines marked are settled again as number order settles them (see [`Tables::settle`]), and
//! the pins (which read the attack words and the values) are settled anew from the possible
//! pins kept.

use super::super::board::{BD2, BW, Board, Loc, NPC, Pc, Record};
use super::{ALL_LINES, DIR, Leftovers, Tables, Touched, line_directions};

/// The most squares one move changes: castling's four.
const MOST_CHANGED: usize = 4;

impl Tables {
    /// The tables of `child`, the position after the move `rec` made in `parent`: `self`, a
    /// copy of the complete tables of `parent` (their pawns' part already the child's), brought
    /// up to date (see the module's documentation), `CAT` running with what earlier runs left
    /// (`lo`). The same as [`Tables::complete`] on `child`.
    pub fn update(&mut self, parent: &Board, child: &Board, rec: &Record, lo: &Leftovers) {
        if self.pins.overflow {
            return self.complete(child, lo);
        }
        let Some(changed) = changed_squares(parent, child, rec) else {
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
        // The sliders' lines that read a changed square.
        let mut lines = [0u8; NPC + 1];
        let mut readers = 0u64;
        for x in bits(self.sliders & !whole) {
            let a = parent.piecel[x];
            let scanned = line_directions(parent.kind[x]);
            for &s in changed.iter() {
                let ray = RAY[a][s as Loc];
                let (c, k) = ((ray >> 3) as usize, ray & 7);
                if ray != 0 && scanned & 1 << c != 0 && k <= self.reach[x][c] {
                    lines[x] |= 1 << c;
                    readers |= 1 << x;
                }
            }
        }
        let mut pins = self.pins;
        let mut touched = Touched::default();
        for p in bits(whole).filter(|&p| parent.piecel[p] != 0) {
            self.piece::<false>(parent, p, ALL_LINES, &mut pins, &mut touched);
        }
        for p in bits(readers) {
            self.piece::<false>(parent, p, lines[p], &mut pins, &mut touched);
        }
        for p in bits(whole).filter(|&p| child.piecel[p] != 0) {
            self.piece::<true>(child, p, ALL_LINES, &mut pins, &mut touched);
        }
        for p in bits(readers) {
            self.piece::<true>(child, p, lines[p], &mut pins, &mut touched);
        }
        if pins.overflow {
            return self.complete(child, lo);
        }
        self.pins = pins;
        for d in bits(touched.pieces) {
            let mut dirs = touched.dirs[d];
            while dirs != 0 {
                let c = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                self.bdblk[d][c] = self.settle(child, d, c);
            }
        }
        self.find_pins(child, lo, pins.candidates());
    }

    /// The `BDBLK` entry of piece `d` for direction `c` in `b` as `CAT` leaves it: of the
    /// lines that mark it, the one scanned last (the highest piece number) gives its slider
    /// index; 0 if none does, or `d` is not on the board. The lines come from behind `d`.
    fn settle(&self, b: &Board, d: Pc, c: usize) -> u8 {
        let mut l = b.piecel[d];
        if l == 0 {
            return 0;
        }
        let mut last = 0;
        loop {
            l = l.wrapping_add_signed(-DIR[c]);
            if b.border(l) {
                break;
            }
            let x = b.at(l);
            if x > last && self.marks[x][c] as Pc == d {
                last = x;
            }
        }
        if last == 0 { 0 } else { b.slider[last] }
    }
}

/// Whether `l` is one of the 64 squares.
const fn on_board(l: isize) -> bool {
    l >= 21 && l <= 98 && l % 10 != 0 && l % 10 != 9
}

/// For each square `a` and square `s` of the board: `(c << 3) + k` if `s` lies `k` steps from
/// `a` along `DIR[c]`, else 0.
static RAY: [[u8; BD2]; BD2] = {
    let mut ray = [[0u8; BD2]; BD2];
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

    fn iter(&self) -> impl Iterator<Item = &u8> + '_ {
        self.at[..self.len].iter()
    }
}

/// The pieces of a set, a bit a piece, in number order.
fn bits(mut set: u64) -> impl Iterator<Item = Pc> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let p = set.trailing_zeros() as Pc;
        set &= set - 1;
        Some(p)
    })
}

#[cfg(test)]
mod tests {
    use super::super::{CatFixes, random_positions};
    use super::*;

    #[test]
    fn a_childs_tables_brought_up_to_date_are_those_cat_makes() {
        // Every legal move of a sample of positions of random games: the parent's tables
        // updated by the move, against `CAT` run on the child.
        let (mut moves, mut marked_twice) = (0, 0);
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
                let what = format!("{} {m}", pos.to_fen());
                assert_eq!(updated.attacks, made.attacks, "{what}");
                assert_eq!(updated.slots, made.slots, "{what}");
                assert_eq!(updated.bdblk, made.bdblk, "{what}");
                assert_eq!(updated.pint, made.pint, "{what}");
                assert_eq!(updated.marks, made.marks, "{what}");
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
        // The counts of this sample (a regression pin).
        assert_eq!((moves, marked_twice), (98902, 7862));
    }
}
