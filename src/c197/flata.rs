//! `FLATA` and `F2LA` (c197 lines 4419-4586): the least valuable and second least valuable
//! pieces of each side attacking a square, read from the direction slots of `CAT`.

use super::board::{Board, Loc, Pc, side_of};
use super::cat::{Tables, flata_slots};

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
pub fn flata(b: &Board, t: &Tables, a: Loc, excl: Pc, i: usize, pins: Pins) -> (Pc, Pc) {
    let (mut c, mut d) = (0, 0);
    // The values of the best so far: the first of two equal ones stays (`CAMLE`).
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
