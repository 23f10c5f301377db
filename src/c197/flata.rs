//! `FLATA` and `F2LA` (c197 lines 4419-4586): the least valuable and second least valuable
//! pieces of each side attacking a square, read from the direction slots of `CAT`.

use super::board::{Board, Loc, Pc, nonzero_bytes, side_of};
use super::cat::{FLATA_ORDER, SLOTS, Tables, flata_slots, slot_word};

/// Which pinned pieces `FLATA` leaves out (`DPINS`, `APINS`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pins {
    /// `DPINS`: our pinned pieces do not count.
    pub ours: bool,
    /// `APINS`: the opponent's pinned pieces do not count.
    pub theirs: bool,
}

/// `FLATA`: everybody counts.
pub const FLATA: Pins = Pins {
    ours: false,
    theirs: false,
};
/// `DFLATA`: our pinned pieces do not defend.
pub const DFLATA: Pins = Pins {
    ours: true,
    theirs: false,
};
/// `AFLATA`: the opponent's pinned pieces do not attack.
pub const AFLATA: Pins = Pins {
    ours: false,
    theirs: true,
};

/// The least valuable piece of side `i` (`C`, "ours") and of the other side (`D`) attacking
/// square `a`, 0 where none (`FLATA`, 4431-4490). A slot holding `excl` (the piece in `B`, the
/// one moving) stands for the slider behind it on the same line, if any (`FLATAB`).
///
/// `FLATA` reads the slots in its order ([`FLATA_ORDER`]) and keeps the first of two equal
/// values (`CAMLE`): here they are read in slot order, from a mask of those held, and each
/// side's least (value, place in `FLATA`'s order) kept, the same piece.
pub fn flata(b: &Board, t: &Tables, a: Loc, excl: Pc, i: usize, pins: Pins) -> (Pc, Pc) {
    flata_inline(b, t, a, excl, i, pins)
}

/// [`flata`] inlined where it is called, for the generator's hot callers (`LMGR3`,
/// `LMGR6A`): the call's entry and exit go, and the pins are known there.
///
/// The slots that hold a piece are found a group at a time: the eight line slots and the
/// eight knight slots each as a 64-bit word, a byte a slot (the bytes that are not 0, bit 7
/// of each: [`nonzero_bytes`]); the two en passant slots, most often both empty, as one
/// 16-bit word. (Each piece read from its byte of the word instead measured more than read
/// from the slot again.)
#[inline(always)]
pub fn flata_inline(b: &Board, t: &Tables, a: Loc, excl: Pc, i: usize, pins: Pins) -> (Pc, Pc) {
    let r = &t.slots[a];
    let mut least = Least {
        c: 0,
        d: 0,
        cv: i64::MAX,
        dv: i64::MAX,
    };
    let lines = slot_word(r, 0);
    let mut held = nonzero_bytes(lines);
    while held != 0 {
        let byte = held.trailing_zeros() as usize / 8;
        held &= held - 1;
        least.consider(b, t, excl, i, pins, byte, r[byte] as Pc);
    }
    let knights = slot_word(r, 8);
    let mut held = nonzero_bytes(knights);
    while held != 0 {
        let byte = held.trailing_zeros() as usize / 8;
        held &= held - 1;
        least.consider(b, t, excl, i, pins, 8 + byte, r[8 + byte] as Pc);
    }
    // The en passant slots, most often both empty.
    if u16::from_le_bytes([r[16], r[17]]) != 0 {
        for slot in [16, 17] {
            if r[slot] != 0 {
                least.consider(b, t, excl, i, pins, slot, r[slot] as Pc);
            }
        }
    }
    (least.c, least.d)
}

/// The least valuable attackers found so far (see [`flata_inline`]), each side's with its
/// value and place in `FLATA`'s order.
struct Least {
    c: Pc,
    d: Pc,
    cv: i64,
    dv: i64,
}

impl Least {
    /// The piece `j` in `slot`: a candidate for its side (`FLATA`'s loop body).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn consider(
        &mut self,
        b: &Board,
        t: &Tables,
        excl: Pc,
        i: usize,
        pins: Pins,
        slot: usize,
        mut j: Pc,
    ) {
        if j == excl {
            // `Q` above 7: a knight's or en passant slot, no line behind.
            if slot > 7 {
                return;
            }
            j = behind(b, t, j, slot);
            if j == 0 {
                return;
            }
        }
        let v = (b.pvalue[j] as i64) << 5 | READ[slot] as i64;
        if side_of(j) == i {
            if v < self.cv && !(pins.ours && t.pint[j]) {
                (self.c, self.cv) = (j, v);
            }
        } else if v < self.dv && !(pins.theirs && t.pint[j]) {
            (self.d, self.dv) = (j, v);
        }
    }
}

/// Each slot's place in `FLATA`'s order (the inverse of [`FLATA_ORDER`]).
const READ: [u8; SLOTS] = {
    let mut read = [0; SLOTS];
    let mut k = 0;
    while k < SLOTS {
        read[FLATA_ORDER[k].0] = k as u8;
        k += 1;
    }
    read
};

/// The slider standing behind `j` on its line `q` (`F2LAT`), or 0.
fn behind(b: &Board, t: &Tables, j: Pc, q: usize) -> Pc {
    let k = t.slots[b.piecel[j]][q] as Pc;
    if k != 0 && (b.ddpcs(k) || b.rfpcs(k)) {
        k
    } else {
        0
    }
}

/// The second least valuable attackers of each side (`F2LA`, 4497-4586), `T1` ours and `T2`
/// theirs, given `FLATA`'s `c` and `d`: those two are passed over for the slider behind them,
/// and `excl` counts only as the line behind it when it was `c` or `d`.
#[allow(clippy::too_many_arguments)]
pub fn f2la(
    b: &Board,
    t: &Tables,
    a: Loc,
    excl: Pc,
    i: usize,
    pins: Pins,
    c: Pc,
    d: Pc,
) -> (Pc, Pc) {
    let (mut t1, mut t2) = (0, 0);
    for (slot, q) in flata_slots(t, a) {
        let j = t.slots[a][slot] as Pc;
        if j == excl {
            if j == c || j == d {
                second_behind(b, t, j, q, i, pins, c, d, &mut t1, &mut t2);
            }
            continue;
        }
        second(b, t, j, q, i, pins, c, d, &mut t1, &mut t2);
    }
    (t1, t2)
}

/// `F2LA4B`: one candidate for second place.
#[allow(clippy::too_many_arguments)]
fn second(
    b: &Board,
    t: &Tables,
    j: Pc,
    q: usize,
    i: usize,
    pins: Pins,
    c: Pc,
    d: Pc,
    t1: &mut Pc,
    t2: &mut Pc,
) {
    let ours = side_of(j) == i;
    let (first, skip) = if ours {
        (c, pins.ours)
    } else {
        (d, pins.theirs)
    };
    if j == first {
        second_behind(b, t, j, q, i, pins, c, d, t1, t2);
        return;
    }
    if skip && t.pint[j] {
        return;
    }
    let best = if ours { t1 } else { t2 };
    if *best == 0 || b.pvalue[*best] > b.pvalue[j] {
        *best = j;
    }
}

/// `F2LA4A`: the slider behind `j` on line `q` is a candidate instead.
#[allow(clippy::too_many_arguments)]
fn second_behind(
    b: &Board,
    t: &Tables,
    j: Pc,
    q: usize,
    i: usize,
    pins: Pins,
    c: Pc,
    d: Pc,
    t1: &mut Pc,
    t2: &mut Pc,
) {
    if q > 7 {
        return;
    }
    let k = behind(b, t, j, q);
    if k != 0 {
        second(b, t, k, q, i, pins, c, d, t1, t2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c197::board::random_positions;
    use crate::c197::board::{BD2, NPC};
    use crate::c197::cat::{CatFixes, Leftovers};

    /// `FLATA` as written: the slots in its order, the first of two equal values kept.
    fn flata_as_written(b: &Board, t: &Tables, a: Loc, excl: Pc, i: usize, pins: Pins) -> (Pc, Pc) {
        let (mut c, mut d) = (0, 0);
        let (mut cv, mut dv) = (i32::MAX, i32::MAX);
        for (slot, q) in flata_slots(t, a) {
            let mut j = t.slots[a][slot] as Pc;
            if j == excl {
                if q > 7 {
                    continue;
                }
                j = behind(b, t, j, q);
                if j == 0 {
                    continue;
                }
            }
            let v = b.pvalue[j];
            if side_of(j) == i {
                if v < cv && !(pins.ours && t.pint[j]) {
                    (c, cv) = (j, v);
                }
            } else if v < dv && !(pins.theirs && t.pint[j]) {
                (d, dv) = (j, v);
            }
        }
        (c, d)
    }

    #[test]
    fn flata_finds_the_pieces_flata_as_written_finds() {
        // Every square of positions of random games, each side, each piece excluded in turn
        // (and none), each choice of pins: the same two pieces, ties included.
        let mut ties = 0;
        for (b, _) in random_positions().into_iter().step_by(5) {
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            for a in (0..BD2).filter(|&l| !b.border(l)) {
                for excl in (0..=NPC).filter(|&p| p == 0 || b.piecel[p] != 0) {
                    for i in 0..2 {
                        for pins in [FLATA, DFLATA, AFLATA] {
                            let written = flata_as_written(&b, &t, a, excl, i, pins);
                            assert_eq!(flata(&b, &t, a, excl, i, pins), written);
                        }
                    }
                }
                let (c, _) = flata_as_written(&b, &t, a, 0, 0, FLATA);
                let equal = (0..SLOTS)
                    .map(|s| t.slots[a][s] as Pc)
                    .filter(|&j| j != 0 && j != c && side_of(j) == 0)
                    .any(|j| b.pvalue[j] == b.pvalue[c]);
                if c != 0 && equal {
                    ties += 1;
                }
            }
        }
        // Squares where White's least valuable attacker has an equal beside it (a pin).
        assert_eq!(ties, 3609);
    }
}
