//! `STATEV` (c197 lines 5497-5852): the position past the basic depth — feed over into a full
//! ply when pieces are on prey or the side is in check, else the static value `STVL4` and the
//! captures of pieces on prey, each searched the same way.

use super::board::{
    BW, Board, CMove, HIGH, Kind, Loc, NPCS, Pc, attack_code, bits, brank, king, nonzero_bytes,
    real_value, side_of,
};
use super::cat::{AttackWord, Tables, count, in_rows};
use super::evm::{Node, Ret, Tree};
use super::flata::{FLATA, f2la, flata};
use super::generate::trapped;
use super::lmg::sort_with;

/// `MULTP` (5897-5903): a side's pawns on one file, by count.
pub const MULTP: [i64; 7] = [0, 0, 0, 32, 96, 160, 224];
/// `IMULTP` (5905-5911): isolated pawns on a file the opponent has a pawn on, by count.
pub const IMULTP: [i64; 7] = [0, 16, 32, 64, 128, 192, 256];
/// `OIMULT` (5913-5919): isolated pawns on a file the opponent has none on, by count.
pub const OIMULT: [i64; 7] = [0, 40, 80, 160, 240, 320, 400];
/// `BACKV` (5929-5930): a backward pawn, by the opponent's pawns on its file (none: open).
pub const BACKV: [i64; 7] = [20, 12, 12, 12, 12, 12, 12];
/// `PPV` (5935-5943): a passed pawn by its rank from its own side.
pub const PPV: [i64; 8] = [0, 0, 8, 12, 24, 52, 112, 236];
/// `KSF1: 50`: a square next to the king the opponent attacks more often (5893).
pub const KSF1: i64 = 40;
/// `KSF2: -30`: each equally attacked square beyond the free ones (5894).
pub const KSF2: i64 = -24;
/// A capture search's promotion: `PUSH P,[1000]` (5526).
pub const QUEENING: i64 = 512;

/// `STVL4`'s terms for White, as the program's debugging build keeps them apart (`IFN DBG`,
/// 5601-5687, in the words `MATB` … `PSTVL`, 5694-5698).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// `MATB` (5694): material, White's `PCBAL` less Black's, at 5597-5604.
    pub material: i64,
    /// `PCRC` (5695): the change of the piece ratio since the root, at 5605-5617.
    pub ratio: i64,
    /// `KSFFW` (5696): White's king while `OPNMID`, at 5618-5630: 8 for each rank it stands
    /// above its first, and `KINGSF`, both taken off.
    pub white_king: i64,
    /// `KSFFB` (5697): Black's king while `OPNMID`, at 5631-5645, the same added.
    pub black_king: i64,
    /// `PSTVL` (5698): multiple, isolated, backward and passed pawns, at 5646-5688.
    pub pawns: i64,
}

impl Terms {
    /// The static value: the terms' sum (`ACCUMR`).
    pub fn total(&self) -> i64 {
        self.material + self.ratio + self.white_king + self.black_king + self.pawns
    }
}

/// `STVL4` (5597-5689): the static value for White: material (`PCBAL`), the change of the
/// piece ratio since the root, king safety while `OPNMID`, pawn structure.
pub fn stvl4(b: &Board, t: &Tables, pcratio: i64, opnmid: bool) -> i64 {
    stvl4_terms(b, t, pcratio, opnmid).total()
}

/// `STVL4`'s terms, apart (see [`Terms`]).
pub fn stvl4_terms(b: &Board, t: &Tables, pcratio: i64, opnmid: bool) -> Terms {
    let (w, bl) = (b.pcbal[0] as i64, b.pcbal[1] as i64);
    let mut terms = Terms {
        material: w - bl,
        ratio: ratio_change(w, bl, pcratio),
        pawns: pawn_structure(t),
        ..Terms::default()
    };
    if opnmid {
        let wk = b.piecel[king(0)];
        terms.white_king = -(brank(wk) as i64 - 1) * 8 - kingsf(b, t, 0, wk);
        let bk = b.piecel[king(1)];
        terms.black_king = (8 - brank(bk) as i64) * 8 + kingsf(b, t, 1, bk);
    }
    terms
}

/// The change of the piece ratio since the root (5605-5613): White's material over Black's in
/// 18-bit fixed point (`MOVS`, `IDIV`), divided by the root's, times TPCS, less TPCS, >> 4
/// (`RATBUG: ,-4`), in the PDP-6's 36-bit words.
fn ratio_change(w: i64, bl: i64, pcratio: i64) -> i64 {
    let now = (w << 18) / bl;
    let q = div_double(now, pcratio);
    let tpcs = super::board::TPCS as i64;
    (imul(q, tpcs) >> 18).wrapping_sub(tpcs) >> 4
}

/// `ASHC T1,-17.` then `DIV T1,PCRATIO` (5607-5608): `a` × 2^18 over `d` as a double word.
/// When the quotient would not fit in a word (the high word `a >> 17` at least `d`), `DIV` sets
/// the no-divide flag and leaves the high word in T1.
fn div_double(a: i64, d: i64) -> i64 {
    if a >> 17 >= d { a >> 17 } else { (a << 18) / d }
}

/// `IMULI` (5609): the product's sign and its low 35 bits. An overflow keeps them (and sets a
/// flag the program never reads): in a lopsided ending, where the piece ratio has grown far
/// since the root, the term wraps, as the running program shows (`further02` ply 169 and
/// `further19` ply 113 of `reference/c197/further-tournament.tsv`: c197's move and value only
/// so).
fn imul(a: i64, b: i64) -> i64 {
    let p = a * b;
    let low = p.rem_euclid(1 << 35);
    if p < 0 { low - (1 << 35) } else { low }
}

/// `KINGSF` (5471-5495) for the king of `side` on `kl`, as a cost: 40 for each empty or enemy
/// square next to it the opponent attacks more often (the king's own attack counting), and 24
/// for each equally attacked square beyond the number of unattacked ones. The macro is written
/// out for each square (`REPEAT 3,KNGSFM`); here the squares it skips (off the board or
/// holding one of the side's own pieces: most of them while `OPNMID`) are found for all eight
/// at once from the board's bytes, and only the others are read (the same sum: a test
/// compares it with the square-by-square form).
fn kingsf(b: &Board, t: &Tables, side: usize, kl: Loc) -> i64 {
    let (ours, theirs) = (&t.attacks[side & 1], &t.attacks[(side ^ 1) & 1]);
    let first = kl - BW - 1;
    let valid = kingsf_squares(b.board[first..first + 2 * BW + 4].try_into().unwrap(), side);
    let (mut cost, mut d) = (0, 0);
    // What `KNGSFM` adds to the cost and to D for each square it looks at.
    for k in bits(valid) {
        let l = first + KINGSF_OFFSETS[k / 8];
        // (A square looked at is on the board, in the tables' rows: so tested, the reads
        // below need no bounds check.)
        if !in_rows(l) {
            continue;
        }
        let enemy = theirs[l];
        if enemy == 0 {
            d += 1;
            continue;
        }
        let diff = enemy - ours[l];
        if diff >> 18 > 0 {
            cost += KSF1;
        } else if diff >= 0 {
            d -= 1;
        }
    }
    if d < 0 {
        cost += d * KSF2;
    }
    cost
}

/// The eight squares next to a king, from the first of its rows (the square at -BW-1 from
/// it): -BW-1, -BW, -BW+1, -1, 1, BW-1, BW, BW+1 from the king's.
const KINGSF_OFFSETS: [Loc; 8] = [0, 1, 2, BW, BW + 2, 2 * BW, 2 * BW + 1, 2 * BW + 2];

/// The squares `KINGSF` looks at among the eight next to a king (bit 8k+7 for the square
/// `KINGSF_OFFSETS[k]`): empty or holding a piece not of `side` (`near` is the king's rows,
/// from their first square, and a byte past them). The eight squares' bytes are gathered into
/// one word and each is tested in its own byte (border squares are negative, pieces 1-32).
fn kingsf_squares(near: &[i8; 2 * BW + 4], side: usize) -> u64 {
    let row =
        |k: usize| -> u64 { u32::from_le_bytes(std::array::from_fn(|j| near[k + j] as u8)) as u64 };
    let (below, beside, above) = (row(0), row(BW), row(2 * BW));
    let w = below & 0xff_ffff
        | (beside & 0xff) << 24
        | (beside >> 16 & 0xff) << 32
        | (above & 0xff_ffff) << 40;
    let border = w & HIGH;
    // Bit 7 of each byte: its low seven bits are at least `k` (no borrow crosses a byte).
    let low = w | HIGH;
    let at_least = |k: u64| (low - k * LOW) & HIGH;
    let not_ours = if side == 0 {
        !at_least(1) | at_least(NPCS as u64 + 1)
    } else {
        !at_least(NPCS as u64 + 1)
    };
    not_ours & !border & HIGH
}

/// The pawn-structure part of `STVL4`, at 5646-5689, for White. `MULTP` is charged on every file;
/// passed and backward pawns are read by piece number, the number doubling as the file the
/// opponent's pawns are counted on (`BACKV`).
///
/// The program's loop over the eight files (5652-5688) adds nothing on most of them: no file
/// holds three pawns (`MULTP` 0 below three), few pawns are isolated, passed or backward. So the
/// files are visited only where a term may be charged: `MULTP` when some file holds three, the
/// other terms from masks of the files whose pawn is isolated, passed (`PPASED` not 0) or
/// backward. The same sum (a test compares it with the loop over every file).
fn pawn_structure(t: &Tables) -> i64 {
    let [wn, bn] = &t.pnfls;
    let n = |c: i8| (c as usize).min(6);
    let mut r = 0;
    // (The tests for three pawns on a file and for a passed pawn read their words at once,
    // not a branch on each.)
    if wn.iter().chain(bn).fold(false, |any, &c| any | (c >= 3)) {
        for f in 0..8 {
            r += MULTP[n(bn[f])] - MULTP[n(wn[f])];
        }
    }
    // Bit f-1 for each file f holding a pawn of the side and none on the files beside it.
    let alone = |bits: u32| bits & !(bits << 1) & !(bits >> 1) & 0xff;
    for f in bits(alone(t.pfls[0])) {
        let (nw, nb) = (n(wn[f]), n(bn[f]));
        r -= if nb == 0 { OIMULT[nw] } else { IMULTP[nw] };
    }
    for f in bits(alone(t.pfls[1])) {
        let (nw, nb) = (n(wn[f]), n(bn[f]));
        r += if nw == 0 { OIMULT[nb] } else { IMULTP[nb] };
    }
    // White's pawns are pieces 1-8, Black's 17-24: piece f+1 is read for file f+1. (Their
    // eight `PPASED` bytes are read as one word, bit 8f+7 set where byte f is not 0.)
    let (wp, bp) = (&t.ppased[1..=8], &t.ppased[NPCS + 1..=NPCS + 8]);
    for k in bits(nonzero_of(wp)) {
        r += PPV[wp[k / 8] as usize];
    }
    for k in bits(nonzero_of(bp)) {
        r -= PPV[bp[k / 8] as usize];
    }
    for f in bits(flags8(&t.backward[1..=8])) {
        r -= BACKV[n(bn[f])];
    }
    for f in bits(flags8(&t.backward[NPCS + 1..=NPCS + 8])) {
        r += BACKV[n(wn[f])];
    }
    r
}

/// [`nonzero_bytes`] of eight bytes read as one word.
fn nonzero_of(bytes: &[u8]) -> u64 {
    nonzero_bytes(u64::from_le_bytes(bytes.try_into().unwrap()))
}

/// 1 in each byte of a word.
const LOW: u64 = 0x0101_0101_0101_0101;

/// Bit k for each of eight flags that is set: the flags' bytes read as one word, and bit 0 of
/// byte k multiplied up to bit 56+k (the products do not overlap, so nothing carries).
fn flags8(flags: &[bool]) -> u32 {
    let bytes: [u8; 8] = std::array::from_fn(|k| flags[k] as u8);
    (u64::from_le_bytes(bytes).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// What `STATE8` finds on the board: the side to move's captures of enemy pieces on prey and
/// the counts that decide a feedover.
#[derive(Default)]
pub struct Prey {
    /// Captures and promotions, with their values.
    pub moves: Vec<(CMove, i64)>,
    /// `WPOP`: pieces on prey attacked by each side.
    pub wpop: [usize; 2],
    /// `SFEEDF`: a piece of the side to move on prey is pinned or trapped.
    pub ours_helpless: bool,
    /// The last enemy piece found on prey (0 none): `SFDF1` read from it when it is the only
    /// one (see [`Prey::theirs_helpless`]).
    theirs_last: Pc,
    /// Whether the opponent's pieces on prey and the captures are found (see `Tree::state1`).
    theirs_found: bool,
}

impl Prey {
    /// `SFDF1` (set at 5747-5754): an enemy piece (not a pawn) on prey is pinned or trapped.
    /// The program reads it only when each side has one piece on prey (5557-5561), so it is
    /// found then, for that one piece (`TRAPP` is the costly part, and most nodes never ask).
    pub fn theirs_helpless(&self, b: &Board, t: &Tables) -> bool {
        debug_assert_eq!(self.wpop[b.side], 1);
        let v = self.theirs_last;
        !b.pawn(v) && (t.pint[v] || trapped(b, t, v))
    }
}

/// The half of [`prey`] the side to move attacks (the captures, after the queenings), into
/// `prey`, whose half the opponent attacks is found.
fn theirs(b: &Board, t: &Tables, promotions_fixed: bool, prey: &mut Prey) {
    queenings(b, t, promotions_fixed, &mut prey.moves);
    prey_of(b, t, b.side, prey);
    prey.theirs_found = true;
}

/// `STATE8`-`STV2A` (5509-5560, 5732-5808): which pieces are on prey (attacked and not
/// adequately defended, by real values), and the captures of those the side to move attacks:
/// each by every attacker in the direction slots, worth the victim less the capturer if
/// defended; a losing capture counts 0 and is kept only in the cases of `STV3A3`.
pub fn prey(b: &Board, t: &Tables, promotions_fixed: bool) -> Prey {
    let mut out = Prey::default();
    queenings(b, t, promotions_fixed, &mut out.moves);
    for att in [1usize, 0] {
        prey_of(b, t, att, &mut out);
    }
    out.theirs_found = true;
    out
}

/// `STVQL1` (5515-5529): the capture search's queening moves. c197 reads PPASED(I) (piece 0
/// or 1) instead of PPASED(B): only for Black, and only when White's piece 1 is a passed pawn
/// on its second rank, every black pawn number's step forward counts. The fix: our passed
/// pawns on the seventh rank.
fn queenings(b: &Board, t: &Tables, promotions_fixed: bool, moves: &mut Vec<(CMove, i64)>) {
    let i = b.side;
    let ahead = |l: Loc| {
        if i == 0 {
            l + super::board::BW
        } else {
            l - super::board::BW
        }
    };
    if promotions_fixed {
        for p in super::board::first(i)..super::board::first(i) + 8 {
            let l = b.piecel[p];
            if l != 0 && b.pawn(p) && t.ppased[p] == 7 && b.board[ahead(l)] == 0 {
                moves.push((
                    CMove {
                        piece: p,
                        to: ahead(l),
                    },
                    QUEENING,
                ));
            }
        }
    } else if i == 1 && t.ppased[1] == 2 {
        for p in 17..=24 {
            let l = b.piecel[p];
            if l != 0 && b.board[ahead(l)] == 0 {
                moves.push((
                    CMove {
                        piece: p,
                        to: ahead(l),
                    },
                    QUEENING,
                ));
            }
        }
    }
}

/// `RPVAL` of the one piece an attack word counts: the kind its code names (`PCATV`, see
/// [`attack_code`]) at its real value (a promoted piece has its kind's, see
/// [`super::board::promotion_gain`]).
fn attacker_value(w: AttackWord) -> i64 {
    const BY_CODE: [i64; 8] = {
        let mut v = [0; 8];
        let kinds = Kind::ALL;
        let mut k = 0;
        while k < kinds.len() {
            v[attack_code(kinds[k]) as usize] = real_value(kinds[k]) as i64;
            k += 1;
        }
        v
    };
    BY_CODE[(w & 7) as usize]
}

/// One half of [`prey`]: the pieces of the side `att` does not own that are on prey to it
/// (counted in `WPOP(att)`), and if `att` is to move, its captures of them.
fn prey_of(b: &Board, t: &Tables, att: usize, out: &mut Prey) {
    // (A side is 0 or 1: masked so, the indices by side need no bounds check.)
    let att = att & 1;
    let i = b.side;
    let (by, back) = (&t.attacks[att], &t.attacks[att ^ 1]);
    let first = super::board::first(1 - att);
    // STV1: the pieces on the board and attacked, found first (a bit a piece, in number
    // order), in a loop of their own.
    let mut attacked = 0u32;
    for (k, &a) in b.piecel[first..first + NPCS].iter().enumerate() {
        // A piece on the board stands in the tables' rows (`cat::Rows`, rows 2-9); a piece
        // captured stands on 0, below them. Tested as the rows' bounds, the one test stands
        // for both: on the board, and in the table (no bounds check at the read).
        if in_rows(a) && by[a] != 0 {
            attacked |= 1 << k;
        }
    }
    for k in bits(attacked) {
        let victim = first + k;
        let a = b.piecel[victim];
        let tt = by[a];
        let defended = back[a] != 0;
        let mut d = 0;
        let on_prey = if !defended {
            true
        } else if count(tt) == 1 {
            // One attacker: STV3 compares its value with the victim's alone, and the word's
            // code (`PCATV`) names its kind, so `FLATA` need not find it. (The word counts
            // every attacker, those seen through our own pieces too, so a lone one stands in
            // a slot; a pawn taking en passant takes a pawn, and no attacker is worth less.)
            attacker_value(tt) < b.rpval[victim] as i64
        } else {
            let (c, dd) = flata(b, t, a, victim, att, FLATA);
            d = dd;
            let rv = |p: Pc| b.rpval[p] as i64;
            let s = rv(c) - rv(victim);
            if s < 0 {
                true
            } else if s - rv(d) >= 0 {
                false
            } else {
                // STV3E: a second exchange.
                let (t1, t2) = f2la(b, t, a, victim, att, FLATA, c, d);
                if t2 == 0 {
                    true
                } else {
                    let s = rv(c) - rv(victim) + rv(t1) - rv(d);
                    if s < 0 {
                        true
                    } else if count(tt) == 2 {
                        false
                    } else {
                        s - rv(t2) < 0
                    }
                }
            }
        };
        if !on_prey {
            continue;
        }
        out.wpop[att] += 1;
        if att != i {
            // STV2A. (A piece found helpless settles the flag: no other is looked at.)
            if !out.ours_helpless && (t.pint[victim] || trapped(b, t, victim)) {
                out.ours_helpless = true;
            }
            continue;
        }
        out.theirs_last = victim;
        for s in super::cat::held_slots(t, a) {
            let j = t.slots[a][s] as Pc;
            if side_of(j) != att {
                continue;
            }
            let mut v = b.rpval[victim] as i64;
            if defended {
                v -= b.rpval[j] as i64;
            }
            if v < 0 {
                // STV3A3.
                let keep_victim = count(tt) != 1
                    && b.rpval[j] as i64 - b.rpval[victim] as i64 - b.rpval[d] as i64 >= 0;
                if keep_victim {
                    v = b.rpval[victim] as i64;
                } else if t.attacks[att][b.piecel[j]] != 0 {
                    // STV3A6 reads our own table at the capturer's square (`STLST`).
                    v = 0;
                } else {
                    continue;
                }
            }
            out.moves.push((CMove { piece: j, to: a }, v));
        }
    }
}

impl Tree<'_, '_> {
    /// `STATE1` (5504-5836) at node `n`: feed over (`STATE4`/`STATE6`, when the line has
    /// feedovers left and `LMGD2 < FDCUT`), else the static value and the captures.
    pub(super) fn state1(&mut self, n: &mut Node) -> Ret {
        // The captures are listed in the memory of a list done with, not allocated.
        let mut prey = Prey {
            moves: self.capture_lists.pop().unwrap_or_default(),
            ..Prey::default()
        };
        let r = self.state1_with(n, &mut prey);
        prey.moves.clear();
        self.capture_lists.push(prey.moves);
        r
    }

    /// [`Tree::state1`], `prey` empty, its captures' list in memory to reuse.
    fn state1_with(&mut self, n: &mut Node, prey: &mut Prey) -> Ret {
        // (A side is 0 or 1: masked so, the indices by side need no bounds check.)
        let i = n.board.side & 1;
        if n.in_check() && self.may_feed_over() {
            self.stats.feedovers[0] += 1;
            return self.pmg_and_evm(n);
        }
        // What is on prey decides a feedover, when one may start here; else it only gives
        // the captures, which a refutation by the static value leaves unsearched: then it is
        // found after that test (it changes nothing), and not at all if the node is refuted.
        if self.lmgd2 < self.fdcut && self.mcfb > 0 {
            // Our pieces on prey first: the opponent's count only when one of ours is.
            let (b, t) = (&n.board, n.tables());
            prey_of(b, t, 1 - i, prey);
            let ours = prey.wpop[1 - i];
            let reason = if prey.ours_helpless {
                Some(1)
            } else if ours >= 2 {
                Some(2)
            } else if ours == 1 && {
                theirs(b, t, self.fixes.promotions_in_captures, prey);
                prey.wpop[i] == 1 && prey.theirs_helpless(b, t)
            } {
                Some(3)
            } else {
                None
            };
            if let Some(reason) = reason
                && self.may_feed_over()
            {
                self.stats.feedovers[reason] += 1;
                return self.pmg_and_evm(n);
            }
        }
        // STATE5: the static value, then the captures best first.
        self.stats.plausible_capture_searches += 1;
        self.stats.static_evaluations += 1;
        let r = stvl4(&n.board, n.tables(), self.pcratio, self.phase.opnmid);
        if self.cutoff(i, r) {
            self.stats.cutoffs += 1;
            return Ret::flush(i);
        }
        if !prey.theirs_found {
            theirs(
                &n.board,
                n.tables(),
                self.fixes.promotions_in_captures,
                prey,
            );
        }
        sort_with(&mut prey.moves, |m| m.1);
        if self.better_or_equal(i, r, self.bprev[i]) {
            self.bprev[i] = r;
        }
        let mut best = Ret {
            value: r,
            pv: Vec::new(),
        };
        for k in 0..prey.moves.len() {
            let Some((mut child, pm)) = self.child(n, prey.moves[k].0) else {
                continue;
            };
            let mut ret = self.statev(&mut child);
            self.taken_back(&pm);
            self.done_with(child);
            if self.stopped {
                return best;
            }
            if self.cutoff(i, ret.value) {
                self.stats.cutoffs += 1;
                self.done_with_line(best.pv);
                self.done_with_line(ret.pv);
                return Ret::flush(i);
            }
            if self.better_or_equal(i, ret.value, best.value) {
                // TMS1 (5844-5852): ties go to the capture.
                if self.better_or_equal(i, ret.value, self.bprev[i]) {
                    self.bpreve[1 - i] = true;
                    self.bprev[i] = ret.value;
                }
                best.value = ret.value;
                self.set_line(&mut best.pv, pm, &mut ret.pv);
            }
            self.done_with_line(ret.pv);
        }
        best
    }

    /// Whether a feedover may start here (`STATE4`: `LMGD2 < FDCUT` and `MCFB > 0`); if so it
    /// is counted against the line.
    fn may_feed_over(&mut self) -> bool {
        if self.lmgd2 < self.fdcut && self.mcfb > 0 {
            self.mcfb -= 1;
            self.sfb = true;
            true
        } else {
            false
        }
    }

    /// Whether `a` is at least as good as `b` for side `i` (`EVMT8`, `STVT2`).
    pub(super) fn better_or_equal(&self, i: usize, a: i64, b: i64) -> bool {
        if i == 0 { a >= b } else { a <= b }
    }
}

/// For tests and tools: the static value of a position as the program computes it at the root
/// (ratio term 0), for White.
pub fn static_value(b: &Board, t: &Tables) -> i64 {
    stvl4(b, t, b.pcratio(), b.plyn <= 40)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c197::board::{NPC, loc};
    use crate::c197::cat::{CatFixes, Leftovers};
    use crate::rules::{Position, Square};

    fn board(fen: &str) -> (Board, Tables) {
        let b = Board::from_position(&Position::from_fen(fen).unwrap());
        let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
        (b, t)
    }

    fn l(s: &str) -> Loc {
        loc(Square::parse(s).unwrap())
    }

    /// `STVL4`'s pawn terms as the program sums them, file by file (5646-5689).
    fn pawn_structure_as_written(t: &Tables) -> i64 {
        let mut r = 0;
        let alone = |bits: u32| bits & !(bits << 1) & !(bits >> 1);
        let (white_alone, black_alone) = (alone(t.pfls[0]), alone(t.pfls[1]));
        for f in 1..=8usize {
            let nw = (t.pnfls[0][f - 1] as usize).min(6);
            let nb = (t.pnfls[1][f - 1] as usize).min(6);
            r -= MULTP[nw];
            r += MULTP[nb];
            if white_alone >> (f - 1) & 1 != 0 {
                r -= if nb == 0 { OIMULT[nw] } else { IMULTP[nw] };
            }
            if black_alone >> (f - 1) & 1 != 0 {
                r += if nw == 0 { OIMULT[nb] } else { IMULTP[nb] };
            }
            let (wp, bp) = (f, f + NPCS);
            r += PPV[t.ppased[wp] as usize];
            if t.backward[wp] {
                r -= BACKV[nb];
            }
            r -= PPV[t.ppased[bp] as usize];
            if t.backward[bp] {
                r += BACKV[nw];
            }
        }
        r
    }

    #[test]
    fn the_pawn_terms_are_the_files_sum() {
        // Positions of random games: the files visited where a term may be charged give the
        // sum of the program's loop over every file. Some of them charge each term: three pawns
        // on a file, an isolated white pawn, a passed pawn, a backward pawn.
        let mut charged = [0; 4];
        for (b, _) in crate::c197::board::random_positions() {
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            assert_eq!(pawn_structure(&t), pawn_structure_as_written(&t));
            charged[0] += t.pnfls.iter().flatten().any(|&n| n >= 3) as usize;
            charged[1] += (t.pfls[0] & !(t.pfls[0] << 1) & !(t.pfls[0] >> 1) != 0) as usize;
            charged[2] += t.ppased.iter().any(|&p| p > 1) as usize;
            charged[3] += t.backward.iter().any(|&b| b) as usize;
        }
        assert_eq!(charged, [68, 3636, 2559, 8236]);
    }

    /// [`kingsf`] as written before its squares were found at once: each square at its offset
    /// from the king's.
    fn kingsf_as_written(b: &Board, t: &Tables, side: usize, kl: Loc) -> i64 {
        let (ours, theirs) = (&t.attacks[side], &t.attacks[1 - side]);
        let (mut cost, mut d) = (0, 0);
        let bw = BW as isize;
        for off in [bw - 1, bw, bw + 1, 1, -1, -bw - 1, -bw, -bw + 1] {
            let l = kl.wrapping_add_signed(off);
            let x = b.board[l];
            if x < 0 || (x > 0 && side_of(x as Pc) == side) {
                continue;
            }
            let diff = theirs[l] - ours[l];
            if theirs[l] == 0 {
                d += 1;
            } else if diff < 0 {
            } else if diff >> 18 != 0 {
                cost += KSF1;
            } else {
                d -= 1;
            }
        }
        if d < 0 {
            cost += d * KSF2;
        }
        cost
    }

    #[test]
    fn the_kings_squares_are_found_at_once() {
        // Positions of random games, both kings: the same cost, some of it charged, for each
        // side.
        let mut charged = [0; 2];
        for (b, _) in crate::c197::board::random_positions() {
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            for (side, charged) in charged.iter_mut().enumerate() {
                let kl = b.piecel[king(side)];
                let cost = kingsf(&b, &t, side, kl);
                assert_eq!(cost, kingsf_as_written(&b, &t, side, kl));
                *charged += (cost != 0) as usize;
            }
        }
        assert!(charged.iter().all(|&c| c > 50), "{charged:?} kings charged");
    }

    #[test]
    fn eight_flags_or_bytes_become_eight_bits() {
        let flags = [true, false, false, true, true, false, false, true];
        assert_eq!(flags8(&flags), 0b1001_1001);
        assert_eq!(flags8(&[true; 8]), 0xff);
        assert_eq!(flags8(&[false; 8]), 0);
        assert_eq!(bits(0b1001_0010u32).collect::<Vec<_>>(), [1, 4, 7]);
        let bytes = [7, 0, 0, 1, 0x80, 0, 0xff, 2];
        assert_eq!(nonzero_of(&bytes), 0x8080_0080_8000_0080);
        assert_eq!(nonzero_of(&[0; 8]), 0);
    }

    /// [`prey_of`] as the program reads it (5732-5808): `FLATA` for every defended victim,
    /// `SFDF1` (returned) found for every enemy piece on prey.
    fn prey_of_as_written(b: &Board, t: &Tables, att: usize, out: &mut Prey) -> bool {
        let i = b.side;
        let mut theirs_helpless = false;
        for victim in 1 + NPCS * (1 - att)..=NPCS + NPCS * (1 - att) {
            let a = b.piecel[victim];
            if a == 0 || t.attacks[att][a] == 0 {
                continue;
            }
            let tt = t.attacks[att][a];
            let defended = t.attacks[1 - att][a] != 0;
            let mut d = 0;
            let rv = |p: Pc| b.rpval[p] as i64;
            let on_prey = if !defended {
                true
            } else {
                let (c, dd) = flata(b, t, a, victim, att, FLATA);
                d = dd;
                let s = rv(c) - rv(victim);
                if s < 0 {
                    true
                } else if count(tt) == 1 || s - rv(d) >= 0 {
                    false
                } else {
                    let (t1, t2) = f2la(b, t, a, victim, att, FLATA, c, d);
                    let s = rv(c) - rv(victim) + rv(t1) - rv(d);
                    t2 == 0 || s < 0 || (count(tt) != 2 && s - rv(t2) < 0)
                }
            };
            if !on_prey {
                continue;
            }
            out.wpop[att] += 1;
            if att != i {
                out.ours_helpless |= t.pint[victim] || trapped(b, t, victim);
                continue;
            }
            theirs_helpless |= !b.pawn(victim) && (t.pint[victim] || trapped(b, t, victim));
            for s in crate::c197::cat::held_slots(t, a) {
                let j = t.slots[a][s] as Pc;
                if side_of(j) != att {
                    continue;
                }
                let mut v = rv(victim) - if defended { rv(j) } else { 0 };
                if v < 0 {
                    if count(tt) != 1 && rv(j) - rv(victim) - rv(d) >= 0 {
                        v = rv(victim);
                    } else if t.attacks[att][b.piecel[j]] != 0 {
                        v = 0;
                    } else {
                        continue;
                    }
                }
                out.moves.push((CMove { piece: j, to: a }, v));
            }
        }
        theirs_helpless
    }

    #[test]
    fn a_lone_attacker_is_read_from_its_word() {
        // Positions of random games, each side to move and attacking: the pieces on prey,
        // the captures and the flags as when FLATA finds every attacker (SFDF1 where the
        // program reads it, one enemy piece on prey: not helpless, helpless); and the lone
        // attackers read from their words: victims not on prey, and on prey.
        let mut lone = [0; 2];
        let mut helpless = [0; 2];
        for (b, _) in crate::c197::board::random_positions() {
            for side in 0..2 {
                let mut b = b.clone();
                b.side = side;
                let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
                for att in 0..2 {
                    let (mut ours, mut written) = (Prey::default(), Prey::default());
                    prey_of(&b, &t, att, &mut ours);
                    let theirs_helpless = prey_of_as_written(&b, &t, att, &mut written);
                    assert_eq!(ours.moves, written.moves);
                    assert_eq!(ours.wpop, written.wpop);
                    assert_eq!(ours.ours_helpless, written.ours_helpless);
                    if att == side && written.wpop[att] == 1 {
                        assert_eq!(ours.theirs_helpless(&b, &t), theirs_helpless);
                        helpless[theirs_helpless as usize] += 1;
                    }
                    for victim in (1..=NPC).filter(|&p| side_of(p) != att && b.piecel[p] != 0) {
                        let a = b.piecel[victim];
                        let tt = t.attacks[att][a];
                        if count(tt) == 1 && t.attacks[1 - att][a] != 0 {
                            lone[(attacker_value(tt) < b.rpval[victim] as i64) as usize] += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(lone, [58052, 9676]);
        assert_eq!(helpless, [4676, 199]);
    }

    #[test]
    fn the_start_position_is_worth_nothing() {
        let b = Board::initial();
        let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
        assert_eq!(stvl4(&b, &t, b.pcratio(), true), 0);
    }

    #[test]
    fn the_piece_ratio_change_wraps_as_the_pdp6_multiplies() {
        // At the root the change is 0. Queen, bishop and pawn against two pawns at the root
        // (PCBAL 1825 and 257), the pawns gone below it: the ratio has grown 257-fold and the
        // product by TPCS (355,786,367,182) passes 2^35; IMULI keeps its low 35 bits: 2576,
        // not 84,496.
        let root = (1825 << 18) / 257;
        assert_eq!(ratio_change(1825, 257, root), 0);
        assert_eq!(ratio_change(1825, 1, root), 2576);
    }

    #[test]
    fn the_capture_search_never_queens_unless_fixed() {
        // STVQL1 (5515-5529) reads PPASED(I) for PPASED(B): White's passed pawn on its
        // seventh rank is not pushed; the fix pushes it, worth 512.
        let (b, t) = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(t.ppased[8], 7);
        assert!(prey(&b, &t, false).moves.is_empty());
        let queening = CMove {
            piece: 8,
            to: l("a8"),
        };
        assert_eq!(prey(&b, &t, true).moves, [(queening, QUEENING)]);
    }

    #[test]
    fn for_black_every_pawn_steps_when_whites_piece_1_is_passed_on_its_second_rank() {
        // PPASED(I) with I = 1 is piece 1, White's KR pawn: passed on its second rank, it
        // makes every black pawn's step forward a "promotion".
        let (b, t) = board("4k3/p7/8/8/8/8/7P/4K3 b - - 0 1");
        assert_eq!(t.ppased[1], 2);
        let step = CMove {
            piece: 24,
            to: l("a6"),
        };
        assert_eq!(prey(&b, &t, false).moves, [(step, QUEENING)]);
        assert!(prey(&b, &t, true).moves.is_empty());
    }

    #[test]
    fn captures_of_pieces_on_prey_are_worth_the_victim_less_the_capturer_if_defended() {
        // STV2A-STV3A (5732-5808): an undefended knight is worth all of itself to the rook;
        // a defended knight taken by a pawn, the knight less the pawn.
        let (b, t) = board("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1");
        assert_eq!(
            prey(&b, &t, false).moves,
            [(
                CMove {
                    piece: b.at(l("d1")),
                    to: l("d5")
                },
                416
            )]
        );
        let (b, t) = board("4k3/4p3/3n4/4P3/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            prey(&b, &t, false).moves,
            [(
                CMove {
                    piece: b.at(l("e5")),
                    to: l("d6")
                },
                416 - 128
            )]
        );
    }
}
