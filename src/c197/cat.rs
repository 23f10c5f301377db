//! `CAT` (c197 lines 390-902): the tables the program rebuilds after every move — who attacks
//! each square (a count and a code per side, and the attacking piece in each of 18
//! directions), which slider each piece blocks, the pins, and the pawns' files, passed and
//! backward pawns.

use super::board::{
    BD2, BW, Board, Kind, Loc, NPC, NPCS, Pc, attack_code, bfile, bits, brank, first,
    nonzero_bytes, side_of, square,
};
use crate::interface::Fixes;

mod update;

pub use update::SliderSquares;

/// The attack word of a square for one side (`WA`/`BA`): the number of attacks times 2^18
/// plus the sum of the attackers' codes (`PCATV`); the program compares whole words. 32 bits
/// hold it (32 attackers at most: 2^23), and halve the tables every node copies.
pub type AttackWord = i32;

/// One attack of a piece of type `k` (`PCATV`: 1,,code), read from a table: computed, the
/// compiler folds the constant part into each addition of the word to a square.
pub fn attack_word(k: Kind) -> AttackWord {
    ATTACK_WORDS[k as usize]
}

/// [`attack_word`] of each kind, by its number.
static ATTACK_WORDS: [AttackWord; 6] = {
    let kinds = Kind::ALL;
    let mut w = [0; 6];
    let mut k = 0;
    while k < 6 {
        w[kinds[k] as usize] = (1 << 18) + attack_code(kinds[k]) as AttackWord;
        k += 1;
    }
    w
};

/// The first square of [`Rows`]: row 2, White's first rank.
const FIRST_ROW: Loc = 2 * BW;
/// The squares of [`Rows`]: rows 2-9, the border columns between them included.
const ROWS: usize = 8 * BW;
/// The squares [`Rows`] covers, `FIRST_ROW` on: those of the board's eight rows.
pub(super) const ROW_SQUARES: std::ops::Range<Loc> = FIRST_ROW..FIRST_ROW + ROWS;

/// A table over the squares of the board's eight rows (rows 2-9 of `BOARD`, with the border
/// columns between them): `CAT` also counts a knight's or king's attacks on the squares off the
/// board beyond them, which nothing reads, and they are left out here (the tables are copied at
/// every node).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rows<T>([T; ROWS]);

/// Whether square `l` is in a [`Rows`] table: tested before a read, the read needs no bounds
/// check (the one test stands for both).
#[inline(always)]
pub(super) fn in_rows(l: Loc) -> bool {
    ROW_SQUARES.contains(&l)
}

impl<T> std::ops::Index<Loc> for Rows<T> {
    type Output = T;
    fn index(&self, l: Loc) -> &T {
        &self.0[l - FIRST_ROW]
    }
}

impl<T> std::ops::IndexMut<Loc> for Rows<T> {
    fn index_mut(&mut self, l: Loc) -> &mut T {
        &mut self.0[l - FIRST_ROW]
    }
}

/// The number of attacks in an attack word (`HLRZ`).
pub fn count(w: AttackWord) -> i64 {
    (w >> 18) as i64
}

/// The eight line directions, in the program's order: `RDT` (-1 1 BW -BW) then `BDT` (BW-1
/// BW+1 -BW+1 -BW-1) (305-313).
pub const DIR: [isize; 8] = [-1, 1, 10, -10, 9, 11, -9, -11];

/// The 18 direction slots of `BDA1`-`BDA3` (915-932 `BDARL` … `BDAEPR`): 0-7 the piece
/// attacking the square along `DIR[s]`, 8-15 a knight (`BDALR2` … `BDAUL1`), 16-17 a pawn
/// taking en passant (`BDAEPL`, `BDAEPR`).
pub const SLOTS: usize = 18;
/// Knight offsets and their slots (`MMNT`, 876-893): +2BW+1 `BDALR2` … -BW-2 `BDAUL1`.
pub const KNIGHT: [(isize, usize); 8] = [
    (21, 8),
    (19, 9),
    (-19, 10),
    (-21, 11),
    (12, 12),
    (8, 13),
    (-8, 14),
    (-12, 15),
];
/// `BDAEPL`.
pub const EPL: usize = 16;
/// `BDAEPR`.
pub const EPR: usize = 17;

/// The slots in the order `FLATA` reads them, low bits of each word first (4438-4459), each
/// with its `Q` (the direction when below 8; `F2LAT`): `BDA1` LR LL FT FB RR RL, `BDA2` UL2 UR2
/// LL2 LR2 UL UR, `BDA3` EPR EPL UL1 UR1 LL1 LR1.
pub const FLATA_ORDER: [(usize, usize); SLOTS] = [
    (5, 5),
    (4, 4),
    (3, 3),
    (2, 2),
    (1, 1),
    (0, 0),
    (11, 11),
    (10, 10),
    (9, 9),
    (8, 8),
    (7, 7),
    (6, 6),
    (EPR, 69),
    (EPL, 69),
    (15, 69),
    (14, 69),
    (13, 69),
    (12, 69),
];

/// The slots of square `a` that hold a piece, in `FLATA`'s order (see [`FLATA_ORDER`]), each
/// with its `Q`. A mask of the occupied slots is made first, so that the empty ones (most of
/// the 18) cost no branch each.
pub fn flata_slots(t: &Tables, a: Loc) -> impl Iterator<Item = (usize, usize)> {
    // FLATA_ORDER takes each word's six slots from the last: the bits of each group of six,
    // reversed.
    let held_in_slot_order = held(&t.slots[a]);
    let mut held = 0u32;
    for g in 0..3 {
        held |= (REVERSED6[(held_in_slot_order >> (6 * g)) as usize & 63] as u32) << (6 * g);
    }
    bits(held).map(|r| FLATA_ORDER[r])
}

/// The slots of square `a` that hold a piece, in slot order: a mask made first, so that the
/// empty ones (most of the 18) cost no branch each.
pub fn held_slots(t: &Tables, a: Loc) -> impl Iterator<Item = usize> {
    bits(held(&t.slots[a]))
}

/// Bit `s` set for each slot `s` of `row` that holds a piece: the bytes are read eight at a
/// time ([`slot_word`]), and the bytes that are not 0 found with word arithmetic.
pub fn held(row: &[u8; SLOTS]) -> u32 {
    nonzero_byte_bits(slot_word(row, 0))
        | nonzero_byte_bits(slot_word(row, 8)) << 8
        | ((row[16] != 0) as u32) << 16
        | ((row[17] != 0) as u32) << 17
}

/// The eight slots of `row` from `first` (0: the line slots, 8: the knight slots) as one
/// word, a byte a slot, slot `first` in the low byte.
#[inline(always)]
pub fn slot_word(row: &[u8; SLOTS], first: usize) -> u64 {
    u64::from_le_bytes(std::array::from_fn(|i| row[first + i]))
}

/// Bit k set for each byte k of `x` that is not 0: the top bits of [`nonzero_bytes`]
/// gathered into the top byte (the products land on distinct bits, so nothing carries).
fn nonzero_byte_bits(x: u64) -> u32 {
    ((nonzero_bytes(x) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Six bits reversed, for every six bits.
const REVERSED6: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let mut b = 0;
        while b < 6 {
            if i & (1 << b) != 0 {
                t[i] |= 1 << (5 - b);
            }
            b += 1;
        }
        i += 1;
    }
    t
};

/// What a black pawn's passed-pawn test finds through `PPT` (see [`Tables::ppt_black`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum PptWord {
    /// Zero, or a word above every square: no pawn to test.
    Nothing,
    /// A number read as a square (`BPREL(C)`): White's pawn's square, or a small number off
    /// the board (`ZR`, the level), file 0.
    Square(u8),
    /// A black piece's `PIECE` word: negative, its file 0.
    BlackPiece,
}

impl PptWord {
    /// The search's level `LMGD` (or `LMGD2`) read as the word: nothing at 0.
    fn level(n: u32) -> PptWord {
        if n == 0 {
            PptWord::Nothing
        } else {
            PptWord::Square(n as u8)
        }
    }
}

/// `LMGD` and `LMGD2` (114-115) while `CAT` runs: the search's level (the root's moves are
/// made at level 1), 0 outside the search. `CAT` reads them with Black's QR on Q5 or QB5 (see
/// `Tables::ppt_black`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Levels {
    /// `LMGD`.
    pub lmgd: u32,
    /// `LMGD2`.
    pub lmgd2: u32,
}

/// The file `BPREL` gives a number read as a square (`LDB D,[BFILE,,BPREL(C)]`): 0 off the
/// board (5945-5957: the border's words are 0).
fn bprel_file(c: Loc) -> i32 {
    if square(c).is_some() { bfile(c) } else { 0 }
}

/// The numbers of the pawns: each side's first eight, the numbers of the files
/// (`Board::from_position`), White's then Black's, as `CAT` runs their routines.
pub(super) const PAWN_NUMBERS: [Pc; 16] = {
    let mut n = [0; 16];
    let mut k = 0;
    while k < 8 {
        n[k] = first(0) + k;
        n[k + 8] = first(1) + k;
        k += 1;
    }
    n
};

/// Everything `CAT` computes.
#[derive(Copy, Clone, Debug)]
pub struct Tables {
    /// `WA`, `BA`: the attack words of every square for White and Black.
    pub attacks: [Rows<AttackWord>; 2],
    /// `BDA1`-`BDA3`: the piece attacking each square from each direction slot (0 none).
    pub slots: Rows<[u8; SLOTS]>,
    /// `BDBLK`: the slider index (`BDAST`) whose line in each direction stops at the square of
    /// each piece (indexed here by the piece: only a square with a piece on it is marked).
    pub bdblk: [[u8; 8]; NPC + 1],
    /// `PPASED` right half: the rank (from the pawn's side) of a passed pawn, else 0.
    pub ppased: [u8; NPC + 1],
    /// `PPASED` left half: a backward pawn.
    pub backward: [bool; NPC + 1],
    /// `PPTP`: a pawn defended by a pawn.
    pub pptp: [bool; NPC + 1],
    /// `PINT`: a pinned piece.
    pub pint: [bool; NPC + 1],
    /// `WPFLS`, `BPFLS`: bit f-1 for each file f holding a pawn of the side.
    pub pfls: [u32; 2],
    /// `WPNFLS`, `BPNFLS`: pawns on each file.
    pub pnfls: [[i8; 8]; 2],
    /// The squares of each side's pawns, a bit a square (bit `l` for square `l`), for a move's
    /// update to find the pawns whose routines read a square (see [`Tables::update_pawns`]).
    pawn_squares: [u128; 2],
    /// [`Leftovers::black_as_white`] as the pawns' flags were made with it.
    pawns_black_as_white: u32,
    /// What a black KR pawn's passed test found through `PPT(0)` (see [`Tables::ppt_black`]).
    ppt0: PptWord,
    /// The piece each line of each piece marked in `bdblk` (0 none), by piece and direction,
    /// so that a move's update can take the mark off again.
    marks: [[u8; 8]; NPC + 1],
    /// For each direction, the pieces whose line in it holds a mark (bit x-1 when
    /// `marks[x][c]` is not 0).
    marking: [u32; 8],
    /// The possible pins found (see [`PinList`]).
    pins: PinList,
    /// Where each line of each piece put its words, and how far it reads the board: the steps
    /// to the last square it adds its attack word to in the low four bits (it adds to every
    /// square up to that one, and its slot to those up to its first piece, which then hold its
    /// number), so that a move's update takes the line off without walking the board again;
    /// the steps to the last square its scan looks at in the high four (see
    /// [`Tables::update`]).
    span: [[u8; 8]; NPC + 1],
    /// The pieces whose lines are scanned (rooks, bishops, queens on the board), a bit a piece.
    sliders: u64,
}

/// The fixes later versions made, as switches (see [`Fixes`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CatFixes {
    /// The passed-pawn scan looks at the rank in front of the pawn (c.524 `MMWPPL`), not two
    /// ranks ahead for White and the pawn's own rank for Black.
    pub passed_pawn_scan: bool,
}

impl From<Fixes> for CatFixes {
    fn from(f: Fixes) -> CatFixes {
        CatFixes {
            passed_pawn_scan: f.passed_pawn_scan,
        }
    }
}

/// What earlier runs leave behind that `CAT` reads: state of the program's run, not of the
/// position (kept through a search, and from one search to the next in a game).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Leftovers {
    /// `PINT(32)`: `CAT` clears the pin table with `BLT A,PINT+NPC-1` (391-415), `PINT` being
    /// a `PP` label, one below the table: that stops one word short, so once Black's queen's
    /// rook (piece 32) has been found pinned it counts as pinned from then on.
    pub qr_pinned: bool,
    /// Black pawn numbers (bit n) that have promoted and been taken back: `UMOVE5` (3163-3212)
    /// restores `LMGSTD` from `UMT4` = `SETZ LMBPW`, and the sign of `LMGSTD` means "white
    /// pawn" (5182): from then on `CAT`'s tests for White's pawns count that pawn too.
    pub black_as_white: u32,
}

/// A possible pin found while scanning (`PINTB`, recorded by `MMRK7A`/`MMBS7A`): the pieces,
/// and the line of the pinner it lies on.
#[derive(Copy, Clone, Default)]
pub(super) struct PinCandidate {
    /// The piece behind (pinned to).
    behind: u8,
    /// The pinning slider.
    pinner: u8,
    /// The piece in front (perhaps pinned).
    front: u8,
    /// The pinner's line it lies on (`DIR` index).
    line: u8,
}

/// `PINTB` (388-389): the pins found while scanning, in order. The program's table holds 64
/// (`LPINTB=100`); this one holds every one there can be, one for each line of each piece
/// (32 × 8): a line records at most one. On the stack, not a `Vec`: `CAT` runs at every node.
pub(super) struct PinTable {
    len: usize,
    at: [PinCandidate; 8 * NPC],
}

/// Where a scan's possible pins go: the whole table of a full `CAT`, or the list the tables
/// keep, `kept` (which a move's update takes lines' pins off again: see [`Kept`]).
pub(super) trait PinSink {
    /// A possible pin found.
    fn push(&mut self, kept: &mut PinList, pin: PinCandidate);
    /// The possible pin of line `c` of `p` taken off, if there is one.
    fn forget(&mut self, kept: &mut PinList, p: Pc, c: usize);
}

impl PinSink for PinTable {
    fn push(&mut self, _: &mut PinList, pin: PinCandidate) {
        self.at[self.len] = pin;
        self.len += 1;
    }

    fn forget(&mut self, _: &mut PinList, _: Pc, _: usize) {}
}

/// The possible pins go to the list the tables keep, in place.
pub(super) struct Kept;

impl PinSink for Kept {
    fn push(&mut self, kept: &mut PinList, pin: PinCandidate) {
        kept.push(pin);
    }

    fn forget(&mut self, kept: &mut PinList, p: Pc, c: usize) {
        kept.forget(p, c);
    }
}

impl PinList {
    fn push(&mut self, pin: PinCandidate) {
        if self.len as usize == PINS_KEPT {
            self.overflow = true;
            return;
        }
        self.at[self.len as usize] = [pin.pinner, pin.line, pin.front, pin.behind];
        self.len += 1;
    }

    fn forget(&mut self, p: Pc, c: usize) {
        let n = self.len as usize;
        if let Some(k) = self.at[..n]
            .iter()
            .position(|x| x[0] as Pc == p && x[1] as usize == c)
        {
            self.at[k] = self.at[n - 1];
            self.len -= 1;
        }
    }
}

impl PinTable {
    /// An empty table.
    pub(super) fn new() -> PinTable {
        PinTable {
            len: 0,
            at: [PinCandidate::default(); 8 * NPC],
        }
    }

    /// The pins found.
    pub(super) fn found(&self) -> &[PinCandidate] {
        &self.at[..self.len]
    }
}

/// The possible pins of the tables, kept with them so that a move's update (see
/// [`Tables::update`]) scans again only the lines it changes: a few at a time, so a short list
/// (the tables are copied at every node); more than it holds, and the tables are made anew.
#[derive(Copy, Clone, Debug)]
pub(super) struct PinList {
    len: u8,
    /// More were found than the list holds.
    overflow: bool,
    /// Pinner, line, front, behind.
    at: [[u8; 4]; PINS_KEPT],
}

/// How many possible pins [`PinList`] holds. A node of `machack bench --table off` keeps 7
/// at most (3 or more in about 3,400 of its 43,777 children); 11 kept the tables at 3,216
/// bytes (now 3,152), which the copy at every node (`memcpy`, in blocks of 128 bytes) moves
/// in one block fewer than with 12 or more (24 held: 0.66 M instructions of the bench more).
/// More than it holds, and the tables are made anew: the same tables, at a higher cost.
const PINS_KEPT: usize = 11;

impl PinList {
    /// The list of `found`, or its overflow.
    fn keep(&mut self, found: &PinTable) {
        *self = EMPTY.pins;
        for &pin in found.found() {
            self.push(pin);
        }
    }

    /// The `k`-th possible pin.
    fn candidate(&self, k: usize) -> PinCandidate {
        let [pinner, line, front, behind] = self.at[k];
        PinCandidate {
            behind,
            pinner,
            front,
            line,
        }
    }
}

/// Where the walk of a line starts (see [`Tables::line_from`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Resume {
    /// The steps skipped: squares the line walks over up to its first piece, whose attacks and
    /// slots stay as they are.
    skip: u8,
    /// Whether the square `skip` steps away holds the line's first piece, and the walk goes on
    /// behind it.
    behind_first: bool,
}

impl Resume {
    /// The whole line.
    const WHOLE: Resume = Resume {
        skip: 0,
        behind_first: false,
    };
}

/// Every line direction (bits of [`DIR`]).
pub(super) const ALL_LINES: u8 = 0xff;

/// The line directions (bits of [`DIR`]) pieces of kind `k` scan: `MMRK`'s ranks and files
/// (0-3), `MMBS`'s diagonals (4-7), the queen both.
pub(super) const fn line_directions(k: Kind) -> u8 {
    match k {
        Kind::Rook => 0x0f,
        Kind::Bishop => 0xf0,
        Kind::Queen => 0xff,
        _ => 0,
    }
}

/// An attack word to add (`ADD`) or its negative, to take off what was added.
fn signed<const ADD: bool>(w: AttackWord) -> AttackWord {
    if ADD { w } else { -w }
}

/// A table of nothing: what `CAT` clears before it scans.
const EMPTY: Tables = Tables {
    attacks: [Rows([0; ROWS]); 2],
    slots: Rows([[0; SLOTS]; ROWS]),
    bdblk: [[0; 8]; NPC + 1],
    ppased: [0; NPC + 1],
    backward: [false; NPC + 1],
    pptp: [false; NPC + 1],
    pint: [false; NPC + 1],
    pfls: [0; 2],
    pnfls: [[0; 8]; 2],
    pawn_squares: [0; 2],
    pawns_black_as_white: 0,
    ppt0: PptWord::Nothing,
    marks: [[0; 8]; NPC + 1],
    marking: [0; 8],
    pins: PinList {
        len: 0,
        overflow: false,
        at: [[0; 4]; PINS_KEPT],
    },
    span: [[0; 8]; NPC + 1],
    sliders: 0,
};

impl Default for Tables {
    /// Tables of nothing, as `CAT` clears them.
    fn default() -> Tables {
        EMPTY
    }
}

impl Tables {
    /// The tables of `b` (`CAT`: White's pieces 1-16 then Black's 17-32, then the pins), with
    /// what earlier runs left (`lo`; the caller keeps `lo.qr_pinned` up to date from
    /// `pint[32]`), as `CAT` makes them outside the search (a move typed, `HACK1` before the
    /// search: levels 0).
    pub fn compute(b: &Board, fixes: CatFixes, lo: &Leftovers) -> Tables {
        *Tables::boxed(b, fixes, lo)
    }

    /// [`Tables::compute`] filled in place on the heap, for the search's nodes: the tables are
    /// some 5 KB, and a node that held them by value would copy them every time it is moved.
    pub fn boxed(b: &Board, fixes: CatFixes, lo: &Leftovers) -> Box<Tables> {
        let mut t = Box::new(EMPTY);
        t.refill(b, fixes, lo, Levels::default());
        t
    }

    /// [`Tables::compute`] into `self`, whatever it held, `CAT` running at `levels`.
    pub fn refill(&mut self, b: &Board, fixes: CatFixes, lo: &Leftovers, levels: Levels) {
        self.refill_pawns(b, fixes, lo, levels);
        self.complete(b, lo);
    }

    /// The pawns' part of [`Tables::compute`] into `self`, whatever it held: files, passed,
    /// backward and defended pawns (all the static value reads past the opening); the rest
    /// is left as it was until [`Tables::complete`].
    pub fn refill_pawns(&mut self, b: &Board, fixes: CatFixes, lo: &Leftovers, levels: Levels) {
        self.pawns_black_as_white = lo.black_as_white;
        self.ppt0 = Self::ppt_black(b, 0, levels);
        self.count_files(b);
        for p in PAWN_NUMBERS {
            self.pawn_flags(b, p, fixes, lo, levels);
        }
    }

    /// The files of the pawns, counted anew (see [`Tables::count_file`]).
    fn count_files(&mut self, b: &Board) {
        self.pfls = EMPTY.pfls;
        self.pnfls = EMPTY.pnfls;
        self.pawn_squares = EMPTY.pawn_squares;
        for p in PAWN_NUMBERS {
            let a = b.piecel[p];
            if a != 0 && b.kind[p] == Kind::Pawn {
                self.count_file(side_of(p), a, 1);
            }
        }
    }

    /// A pawn of `side` more (`n` 1) or less (-1) on `l`'s file: its count and bit (`AOS
    /// WPNFLS-1(T1) / DPB ZR,WPBTT-1(T1)` of `MMWPWN`, `MMBPWN`'s the same), and its square.
    pub(super) fn count_file(&mut self, side: usize, l: Loc, n: i32) {
        if n > 0 {
            self.pawn_squares[side] |= 1 << l;
        } else {
            self.pawn_squares[side] &= !(1 << l);
        }
        let f = bfile(l) as usize - 1;
        self.pnfls[side][f] += n as i8;
        if self.pnfls[side][f] > 0 {
            self.pfls[side] |= 1 << f;
        } else {
            self.pfls[side] &= !(1 << f);
        }
    }

    /// The passed, backward and defended flags of piece `p` made anew: `MMWPWN` or `MMBPWN`
    /// if it is a pawn on the board, none otherwise.
    #[inline(always)]
    pub(super) fn pawn_flags(
        &mut self,
        b: &Board,
        p: Pc,
        fixes: CatFixes,
        lo: &Leftovers,
        levels: Levels,
    ) {
        self.ppased[p] = 0;
        self.backward[p] = false;
        self.pptp[p] = false;
        let a = b.piecel[p];
        if a != 0 && b.kind[p] == Kind::Pawn {
            if side_of(p) == 0 {
                self.white_pawn(b, p, a, fixes, lo);
            } else {
                self.black_pawn(b, p, a, fixes, lo, levels);
            }
        }
    }

    /// The rest of `CAT` after [`Tables::refill_pawns`]: the attacks, direction slots and
    /// blocked lines of every piece in number order, White's then Black's, then the pins. (The
    /// pawns' flags read only the board, and the attacks not the flags: made apart, they are
    /// what `CAT` makes piece by piece.)
    pub fn complete(&mut self, b: &Board, lo: &Leftovers) {
        let t = self;
        t.attacks = EMPTY.attacks;
        t.slots = EMPTY.slots;
        t.bdblk = EMPTY.bdblk;
        t.marks = EMPTY.marks;
        t.marking = EMPTY.marking;
        t.pins = EMPTY.pins;
        t.sliders = 0;
        let mut pins = PinTable::new();
        // MCAT1, MCAT2 (417-436): each piece's routine (`RPIECE`) in number order.
        for p in 1..=NPC {
            if b.piecel[p] != 0 {
                t.piece::<true>(b, p, ALL_LINES, &mut pins);
            }
        }
        t.pins.keep(&pins);
        t.find_pins(b, lo, pins.found().iter().copied());
    }

    /// `MCAT4`-`MCAT6` (439-456) on the possible pins `pins`: a real pin when the piece behind
    /// is undefended or worth at least the pinner; kings are never marked pinned. `PINT(32)`
    /// starts as the run left it (see [`Leftovers::qr_pinned`]).
    fn find_pins(&mut self, b: &Board, lo: &Leftovers, pins: impl Iterator<Item = PinCandidate>) {
        // `MCAT4` pops them last first; each real one only sets a flag, so any order will do.
        self.pint = EMPTY.pint;
        self.pint[NPC] = lo.qr_pinned;
        for pin in pins {
            self.find_pin(b, pin);
        }
    }

    /// [`Tables::find_pins`] on the possible pins the tables keep.
    fn find_kept_pins(&mut self, b: &Board, lo: &Leftovers) {
        self.pint = EMPTY.pint;
        self.pint[NPC] = lo.qr_pinned;
        for k in 0..self.pins.len as usize {
            self.find_pin(b, self.pins.candidate(k));
        }
    }

    /// One possible pin of [`Tables::find_pins`]: marked if real.
    #[inline(always)]
    fn find_pin(&mut self, b: &Board, pin: PinCandidate) {
        let behind = pin.behind as Pc;
        let side = side_of(behind);
        let real = self.attacks[side][b.piecel[behind]] == 0
            || b.pvalue[behind] >= b.pvalue[pin.pinner as Pc];
        let front = pin.front as Pc;
        if real && b.kind[front] != Kind::King {
            self.pint[front] = true;
        }
    }

    /// Whether [`Tables::complete`] would find Black's piece 32 pinned (`MCAT4`-`MCAT6`): a
    /// white slider whose line meets it first, a black piece next behind it on the line, and
    /// that piece undefended (`black_attacks` false on its square) or worth at least the
    /// slider. The search's leftover [`Leftovers::qr_pinned`] needs this of every node, also
    /// of those whose tables are not completed.
    pub fn qr_pinned(b: &Board, black_attacks: impl Fn(Loc) -> bool) -> bool {
        let a = b.piecel[NPC];
        if a == 0 || b.kind[NPC] == Kind::King {
            return false;
        }
        let nearest = |step: isize| {
            let mut l = a;
            loop {
                l = l.wrapping_add_signed(step);
                if b.border(l) {
                    return 0;
                }
                if b.at(l) != 0 {
                    return l;
                }
            }
        };
        DIR.iter().enumerate().any(|(c, &step)| {
            // The slider walks along DIR[c] to the piece: it stands first the other way.
            let (from, behind) = (nearest(-step), nearest(step));
            if from == 0 || behind == 0 {
                return false;
            }
            let (pinner, back) = (b.at(from), b.at(behind));
            let slider = if c < 4 {
                b.rfpcs(pinner)
            } else {
                b.ddpcs(pinner)
            };
            slider
                && side_of(pinner) == 0
                && side_of(back) == 1
                && (!black_attacks(behind) || b.pvalue[back] >= b.pvalue[pinner])
        })
    }

    /// What piece `p` of `b` adds to the tables (`ADD`; `MCAT1`'s `PUSHJ P,@RPIECE(B)`, each
    /// routine adding its piece's `PCATV` word with `ADDM`), or takes off again (the word
    /// subtracted and the slots cleared where it was added: the same walk on the same board,
    /// or for a line the squares its span names): its pawn attacks (in
    /// `MMWPWN`/`MMBPWN`), knight (`MMNT`) or king (`MMKG`) squares, or its lines in the
    /// directions of `lines` (bit c for `DIR[c]`; `MMRK` 0-3, `MMBS` 4-7). A line's possible pin
    /// goes to `pins`.
    pub(super) fn piece<const ADD: bool>(
        &mut self,
        b: &Board,
        p: Pc,
        lines: u8,
        pins: &mut impl PinSink,
    ) {
        let a = b.piecel[p];
        let side = side_of(p);
        let slot = if ADD { p as u8 } else { 0 };
        let word = signed::<ADD>(attack_word(b.kind[p]));
        match b.kind[p] {
            Kind::Pawn => self.pawn_attacks::<ADD>(b, p, a),
            Kind::Knight => {
                for (off, s) in KNIGHT {
                    let l = a.wrapping_add_signed(off);
                    if in_rows(l) {
                        self.attacks[side][l] += word;
                        self.slots[l][s] = slot;
                    }
                }
            }
            Kind::King => {
                for (d, &off) in DIR.iter().enumerate() {
                    let l = a.wrapping_add_signed(off);
                    if in_rows(l) {
                        self.attacks[side][l] += word;
                        self.slots[l][d] = slot;
                    }
                }
            }
            kind => {
                if ADD {
                    self.sliders |= 1 << p;
                } else {
                    self.sliders &= !(1 << p);
                }
                let mut lines = lines & line_directions(kind);
                while lines != 0 {
                    let c = lines.trailing_zeros() as usize;
                    lines &= lines - 1;
                    self.line::<ADD>(b, p, a, side, c, Resume::WHOLE, pins);
                }
            }
        }
    }

    /// Line `c` of slider `p` of `b` from `from` on (added, or taken off: see
    /// [`Tables::piece`]): a move's update redoing a line that reads a changed square (see
    /// [`Tables::update`]).
    pub(super) fn line_from<const ADD: bool>(
        &mut self,
        b: &Board,
        p: Pc,
        c: usize,
        from: Resume,
        pins: &mut impl PinSink,
    ) {
        self.line::<ADD>(b, p, b.piecel[p], side_of(p), c, from, pins);
    }

    /// One line of `MMRK`/`MMBS` in direction `c` (added, or taken off: see [`Tables::piece`]):
    /// the squares up to the first piece, then (apart, as most lines end there) what lies
    /// behind it; the walk starts past the squares `from` skips.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn line<const ADD: bool>(
        &mut self,
        b: &Board,
        p: Pc,
        a: Loc,
        side: usize,
        c: usize,
        from: Resume,
        pins: &mut impl PinSink,
    ) {
        let step = DIR[c];
        let mut k = from.skip;
        let mut l = a.wrapping_add_signed(step * k as isize);
        if !ADD {
            // The mark and the possible pin this line made, taken off (a line that records a
            // possible pin marks the piece in front first, `MMRK7`/`MMBS7`); then its words
            // and slots, where its span says it put them.
            if self.unmark(b, p, c) != 0 {
                pins.forget(&mut self.pins, p, c);
            }
            let word = attack_word(b.kind[p]);
            let last = self.span[p][c] & 15;
            while k < last {
                l = l.wrapping_add_signed(step);
                k += 1;
                self.attacks[side][l] -= word;
                if self.slots[l][c] == p as u8 {
                    self.slots[l][c] = 0;
                }
            }
            return;
        }
        let word = attack_word(b.kind[p]);
        if !from.behind_first {
            loop {
                l = l.wrapping_add_signed(step);
                if b.border(l) {
                    self.span[p][c] = k | k << 4;
                    return;
                }
                k += 1;
                self.attacks[side][l] += word;
                self.slots[l][c] = p as u8;
                if b.board[l] != 0 {
                    break;
                }
            }
        }
        let (read, added) = self.behind_first(b, p, l, side, c, pins);
        self.span[p][c] = (k + added) | (k + read) << 4;
    }

    /// The rest of a line of `MMRK`/`MMBS` in direction `c` whose first piece stands on `l`;
    /// returns the steps it reads past `l`, and the steps to the last square past `l` it adds
    /// its attack word to (it adds to every square up to that one).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn behind_first(
        &mut self,
        b: &Board,
        p: Pc,
        mut l: Loc,
        side: usize,
        c: usize,
        pins: &mut impl PinSink,
    ) -> (u8, u8) {
        let word = attack_word(b.kind[p]);
        let step = DIR[c];
        let diagonal = c >= 4;
        let slides_through = |q: Pc| {
            if diagonal { b.ddpcs(q) } else { b.rfpcs(q) }
        };
        let d = b.at(l);
        let mut k = 0;
        if side_of(d) == side {
            if diagonal && b.pawn(d) {
                return (0, self.past_own_pawn(b, p, l, side, c));
            } else if slides_through(d) {
                // MMRK6 / MMBS6: the count goes on, no slots, no blocking mark.
                loop {
                    l = l.wrapping_add_signed(step);
                    if b.border(l) {
                        return (k, k);
                    }
                    k += 1;
                    self.attacks[side][l] += word;
                    let e = b.at(l);
                    if e == 0 {
                        continue;
                    }
                    if side_of(e) != side {
                        return (k, k);
                    }
                    if diagonal && b.pawn(e) {
                        return (k, k + self.past_own_pawn(b, p, l, side, c));
                    }
                    if !slides_through(e) {
                        return (k, k);
                    }
                }
            } else {
                self.mark(b, p, d, c);
            }
            return (0, 0);
        }
        // MMRK7 / MMBS7: an enemy piece blocks the line; a second enemy piece behind it may be
        // pinned to.
        self.mark(b, p, d, c);
        loop {
            l = l.wrapping_add_signed(step);
            if b.border(l) {
                return (k, 0);
            }
            k += 1;
            let e = b.at(l);
            if e == 0 {
                continue;
            }
            if side_of(e) != side {
                pins.push(
                    &mut self.pins,
                    PinCandidate {
                        behind: e as u8,
                        pinner: p as u8,
                        front: d as u8,
                        line: c as u8,
                    },
                );
            }
            return (k, 0);
        }
    }

    /// `MMBS5`: a bishop line meeting our own pawn counts the square past it when the line
    /// runs forward (White: `BDT` 0-1, Black: 2-3), then the pawn is marked as blocking it.
    /// Returns the squares it counts (0 or 1).
    fn past_own_pawn(&mut self, b: &Board, p: Pc, l: Loc, side: usize, c: usize) -> u8 {
        let forward = if side == 0 { c < 6 } else { c >= 6 };
        if forward {
            let past = l.wrapping_add_signed(DIR[c]);
            self.attacks[side][past] += attack_word(b.kind[p]);
        }
        self.mark(b, p, b.at(l), c);
        forward as u8
    }

    /// `DPB` of the slider's index into `BDBLK` of the piece `d` its line `c` stops at (`MMRK7`,
    /// `MMBS5`), remembered as the line's mark. Lines are scanned in number order, so where two
    /// lines mark the same piece (a line through our own slider to our own pawn, and that
    /// slider's), the higher number's index stays.
    /// A move's update adds and takes off lines out of number order, so `BDBLK` is kept as
    /// number order leaves it: the line's index is written unless a higher line marks `d`.
    fn mark(&mut self, b: &Board, p: Pc, d: Pc, c: usize) {
        self.marks[p][c] = d as u8;
        self.marking[c] |= 1 << (p - 1);
        if !Self::shared_mark(b, p, d, c) || !self.marked_above(p, d, c) {
            self.bdblk[d][c] = b.slider[p];
        }
    }

    /// Whether a line of a piece above `p` in direction `c` marks `d` (a shared mark, rare:
    /// not inlined).
    #[inline(never)]
    fn marked_above(&self, p: Pc, d: Pc, c: usize) -> bool {
        self.highest_marking(d, c, self.marking[c] & above(p)) != 0
    }

    /// Whether another line than `p`'s may mark `d` in direction `c` on `b` (see
    /// [`Tables::mark`]). A line marks the first piece it meets, or, passing through its own
    /// diagonal sliders (`MMBS6`), its own pawn beyond them (`MMBS5`): of the lines in one
    /// direction, only the nearest piece's stops first at `d`, and only lines of `d`'s side
    /// reach it through other pieces. So a piece other than a pawn, or a pawn marked along a
    /// rank or file or by the other side, has one line marking it at most, and its `BDBLK`
    /// entry is that line's index alone, with no search among the other lines.
    fn shared_mark(b: &Board, p: Pc, d: Pc, c: usize) -> bool {
        c >= 4 && b.pawn(d) && side_of(d) == side_of(p)
    }

    /// The mark of line `c` of `p` taken off (see [`Tables::mark`]), if it made one: the
    /// piece it marked, whose `BDBLK` entry is then what the lines still marking it leave (the
    /// highest one's index, 0 if none). 0 if it made none.
    #[inline(always)]
    fn unmark(&mut self, b: &Board, p: Pc, c: usize) -> Pc {
        let d = std::mem::take(&mut self.marks[p][c]) as Pc;
        if d != 0 {
            self.marking[c] &= !(1 << (p - 1));
            if Self::shared_mark(b, p, d, c) {
                self.unmark_shared(b, p, d, c);
            } else {
                self.bdblk[d][c] = 0;
            }
        }
        d
    }

    /// [`Tables::unmark`] of a shared mark (rare: not inlined): the highest line still
    /// marking `d` settles its entry, unless a line above `p` already does.
    #[inline(never)]
    fn unmark_shared(&mut self, b: &Board, p: Pc, d: Pc, c: usize) {
        if self.highest_marking(d, c, self.marking[c] & above(p)) == 0 {
            let x = self.highest_marking(d, c, self.marking[c] & !above(p - 1));
            self.bdblk[d][c] = if x == 0 { 0 } else { b.slider[x] };
        }
    }

    /// The highest piece of `among` (bit x-1 for piece x) whose line `c` marks `d`; 0 if
    /// none.
    fn highest_marking(&self, d: Pc, c: usize, mut among: u32) -> Pc {
        while among != 0 {
            let x = 32 - among.leading_zeros() as Pc;
            if self.marks[x][c] as Pc == d {
                return x;
            }
            among &= !(1 << (x - 1));
        }
        0
    }

    /// The pawn attacks of `p` on `a`'s two forward diagonals, and on an enemy pawn that may
    /// be taken en passant (`NOTBKW` 572-590, `NOTBKB` 719-733); added, or taken off (see
    /// [`Tables::piece`]).
    fn pawn_attacks<const ADD: bool>(&mut self, b: &Board, p: Pc, a: Loc) {
        let side = side_of(p);
        let word = signed::<ADD>(attack_word(Kind::Pawn));
        let slot = |q: u8| if ADD { q } else { 0 };
        let (right, left, sr, sl) = if side == 0 {
            (a + BW + 1, a + BW - 1, 5, 4)
        } else {
            (a - BW + 1, a - BW - 1, 6, 7)
        };
        self.attacks[side][right] += word;
        self.slots[right][sr] = slot(p as u8);
        self.attacks[side][left] += word;
        self.slots[left][sl] = slot(p as u8);
        // The ghost of the other side: the pawn beside us can be taken en passant.
        let enemy_ghost = if side == 0 { b.ghsd < 0 } else { b.ghsd > 0 };
        if !enemy_ghost || b.ghloc == 0 {
            return;
        }
        if right == b.ghloc {
            self.attacks[side][a + 1] += word;
            self.slots[a + 1][EPR] = slot(p as u8);
        } else if left == b.ghloc {
            self.attacks[side][a - 1] += word;
            // NOTBKB stores R (PCATV 1,,6) instead of B for Black (`DPB R,[BDAEPL-1(A)]`,
            // 732): the slot names piece 6.
            self.slots[a - 1][EPL] = slot(if side == 0 { p as u8 } else { 6 });
        }
    }

    /// Whether the piece on `l` counts as a white pawn (`LMGSTD` sign, 0) or a black pawn
    /// (`SNFBP` sign, 1).
    fn is_pawn_of(b: &Board, l: Loc, side: usize, lo: &Leftovers) -> bool {
        let p = b.at(l);
        p != 0
            && b.pawn(p)
            && (side_of(p) == side || (side == 0 && lo.black_as_white & (1 << p) != 0))
    }

    /// Whether the square holds a piece of `side` (the `CAIGE T1,BPIECE` tests).
    fn holds(b: &Board, l: Loc, side: usize) -> bool {
        let p = b.at(l);
        p != 0 && side_of(p) == side
    }

    /// Whether the passed-pawn scan of the pawn of `side` on `a` (`MMWPPL` 477-486, `MMBPPL`
    /// 623-632) meets a pawn of the other side (see [`Tables::scan_stops_plain`]): the squares
    /// it reads, as a set ([`scanned`]), against the tables' pawn squares, which are `b`'s
    /// while the pawns' flags are made. Black's scan for White's pawns counts the black pawns
    /// of [`Leftovers::black_as_white`] too: with any, it is walked.
    #[inline(always)]
    fn scan_stops(&self, b: &Board, a: Loc, side: usize, fixes: CatFixes, lo: &Leftovers) -> bool {
        if side == 1 && lo.black_as_white != 0 {
            return Self::scan_stops_plain(b, a, side, fixes, lo);
        }
        self.pawn_squares[1 - side] & scanned(a, side, fixes) != 0
    }

    /// The passed-pawn scan as the listing walks it: whether it meets a pawn of the other
    /// side. White's `MMWPPL` looks from two ranks ahead (`BOARD+BW!X(D)` with D = A+BW), the
    /// fix from the rank ahead, up to the eighth rank, on the pawn's and the neighbouring
    /// files. Black's `MMBPPL` looks from its own rank, the fix from the rank ahead, down to
    /// its second (the fix: first) rank; `SKIPLE T2,BOARD+BW+X(D)`: with X empty MIDAS
    /// assembled `BOARD+BW` without the index (a border word, `SKIPLE 13,742` in the program
    /// as loaded), so the scan never looks at the pawn's own file; White's `BOARD+BW!X(D)`
    /// does (the fix does for both).
    fn scan_stops_plain(b: &Board, a: Loc, side: usize, fixes: CatFixes, lo: &Leftovers) -> bool {
        let mut c = brank(a);
        if side == 0 {
            let mut d = if fixes.passed_pawn_scan { a } else { a + BW };
            while c <= 7 {
                for x in [0isize, 1, -1] {
                    if Self::is_pawn_of(b, (d + BW).wrapping_add_signed(x), 1, lo) {
                        return true;
                    }
                }
                d += BW;
                c += 1;
            }
            return false;
        }
        let mut d = if fixes.passed_pawn_scan { a - BW } else { a };
        let files: &[isize] = if fixes.passed_pawn_scan {
            &[0, 1, -1]
        } else {
            &[1, -1]
        };
        while c >= 2 {
            for &x in files {
                if Self::is_pawn_of(b, d.wrapping_add_signed(x), 0, lo) {
                    return true;
                }
            }
            d -= BW;
            c -= 1;
        }
        false
    }

    /// `MMWPWN` (463-606): a white pawn's passed and backward flags (its file: see
    /// [`Tables::count_files`]; its attacks: [`Tables::pawn_attacks`]).
    fn white_pawn(&mut self, b: &Board, p: Pc, a: Loc, fixes: CatFixes, lo: &Leftovers) {
        let t1 = bfile(a);
        // Passed: first the black pawns numbered for this and the neighbouring files, where
        // they now stand; then the squares ahead (`MMWPPL`).
        let mut passed = true;
        for x in [0isize, 1, -1] {
            let q = (p + NPCS) as isize + x;
            let c = if (17..=24).contains(&q) && b.kind[q as Pc] == Kind::Pawn {
                b.piecel[q as Pc]
            } else {
                0
            };
            if c != 0 && c >= a + BW - 1 && (bfile(c) - t1).abs() <= 1 {
                passed = false;
                break;
            }
        }
        if passed && self.scan_stops(b, a, 0, fixes, lo) {
            passed = false;
        }
        if passed {
            self.ppased[p] = brank(a) as u8;
        }
        match Self::white_backward(b, a, lo) {
            Some(true) => self.backward[p] = true,
            Some(false) => {}
            None => self.pptp[p] = true,
        }
    }

    /// The backward test of `MMWPWN`, from `NOTPPW` (489-606): Some(backward) or None when a
    /// pawn defends it (`NTBKDW`).
    fn white_backward(b: &Board, a: Loc, lo: &Leftovers) -> Option<bool> {
        let own = |l: Loc| Self::is_pawn_of(b, l, 0, lo);
        let enemy_pawn = |l: Loc| Self::is_pawn_of(b, l, 1, lo);
        let black = |l: Loc| Self::holds(b, l, 1);
        if own(a - BW + 1) || own(a - BW - 1) {
            return None;
        }
        let beside = own(a + 1) || own(a - 1);
        // C: pushing it would get it defended, but an enemy piece blocks the push.
        let mut c = false;
        let mut blocked_lh = false;
        if black(a + BW) {
            c = beside;
        } else if beside {
            return Some(false);
        } else {
            blocked_lh = true;
        }
        let rank = brank(a);
        let backw = |c: bool| -> bool {
            // WBKP3: an own pawn diagonally ahead; WBKP4: on an adjacent file 2-4 ranks ahead.
            c || (1..5).any(|k| own(a + k * BW + 1) || own(a + k * BW - 1))
        };
        match rank {
            2 => {
                // WBKP2: may it be defended after a double step?
                if !blocked_lh {
                    return Some(c || (2..5).any(|k| own(a + k * BW + 1) || own(a + k * BW - 1)));
                }
                let d = own(a + BW + 1) || own(a + BW - 1);
                if black(a + 2 * BW) {
                    c |= d;
                } else if d {
                    // NTRYWE: the double step exposed to en passant.
                    return Some(enemy_pawn(a + 2 * BW + 1) || enemy_pawn(a + 2 * BW - 1));
                }
                Some(c || (2..5).any(|k| own(a + k * BW + 1) || own(a + k * BW - 1)))
            }
            3 => Some(backw(c)),
            _ => {
                // A neighbour two ranks behind can step up beside it, unless an enemy piece
                // stands there.
                for x in [1isize, -1] {
                    if own((a - 2 * BW).wrapping_add_signed(x))
                        && !black((a - BW).wrapping_add_signed(x))
                    {
                        return Some(false);
                    }
                }
                if rank == 7 {
                    return Some(false);
                }
                if rank == 5 {
                    // ... or double-step from its second rank, through empty or own squares.
                    for x in [1isize, -1] {
                        if own((a - 3 * BW).wrapping_add_signed(x))
                            && !black((a - BW).wrapping_add_signed(x))
                            && !black((a - 2 * BW).wrapping_add_signed(x))
                        {
                            return Some(false);
                        }
                    }
                }
                Some(backw(c))
            }
        }
    }

    /// What `SKIPE C,@PPT-NPCS!X(B)` (613) finds for a black pawn's neighbour `q` (0-9), `CAT`
    /// running at `levels`: the word `PPT(q)` points to, as the running program reads it
    /// (`PPT`, 342-344: `PPT(q)` holds the address of `PIECEL(q)` for White's pawns 1-8, of a
    /// literal 0 for 9).
    ///
    /// - White's pawn `q` (1-8): its square, nothing once taken. Once it has promoted, `MMS5`
    ///   clears `PPT(q)` (`SETZM PPT(B)`, 2861): the indirect word 0 sends the read to
    ///   accumulator 0, `ZR`, which holds 1 — a number below every pawn's square, whose
    ///   `BPREL` word is the border's 0, so file 0.
    /// - `PPT(0)` (the KR pawn's left, `X` = -1) is the word before `PPT`, `PIECEL(32)`: the
    ///   black QR's square `s`, used as an address, so `C` is the word at address `s` of the
    ///   program as loaded. With the QR gone, word 0: `ZR`, 1, as above. On Q5 (65) and QB5
    ///   (66) the rook names `LMGD` and `LMGD2` (114-115), the search's level: 0 when `HACK1`
    ///   makes the root's tables (2166-2167, 2207) and when a move is typed, the level inside
    ///   the search, a number below every pawn's square whose `BPREL` word is 0. From 67 on
    ///   the square holds `PIECE(s-66)` (`PIECE`, 117, at 102 octal): from 83 on (Black's
    ///   seventh rank from the KB file, and the eighth) a black piece's word, negative, whose
    ///   right half (its routine's address, 3600-4275) indexes `BPREL` (26676) past the
    ///   program's end (30306), memory the running program never writes: file 0. Every other
    ///   square holds 0 or a positive word above any pawn's square (White's `PIECE` words,
    ///   `JRST GO` at 100, the `JSR`s at 41 and 46, the UUO word at 40): nothing.
    ///
    /// Read off the kit as it runs: a breakpoint on the `SUB D,T1` after the third `IRP`
    /// line's `LDB` (3625 as loaded) shows `C` = 405140004075 and `D` = 0 with the QR on QR1,
    /// `C` = 2-7 with it on Q5 (the levels searched), `C` = 1 with it gone, `ZR` = 1 throughout
    /// (`reference/c197/README.md`, Approximations).
    fn ppt_black(b: &Board, q: isize, levels: Levels) -> PptWord {
        match q {
            0 => match b.piecel[NPC] {
                0 => PptWord::Square(1),
                65 => PptWord::level(levels.lmgd),
                66 => PptWord::level(levels.lmgd2),
                83.. => PptWord::BlackPiece,
                _ => PptWord::Nothing,
            },
            1..=8 => {
                let q = q as Pc;
                if b.kind[q] != Kind::Pawn {
                    PptWord::Square(1)
                } else if b.piecel[q] == 0 {
                    PptWord::Nothing
                } else {
                    PptWord::Square(b.piecel[q] as u8)
                }
            }
            _ => PptWord::Nothing,
        }
    }

    /// `MMBPWN` (609-749): the same for a black pawn, with the source's differences: the scan
    /// for passed pawns starts on the pawn's own rank and skips its own file, and the
    /// double-step defence of a pawn on its fifth rank never counts (its first test, `SKIPLE BOARD+3*BW!X(A)` without T1,
    /// reads a stale T1 that cannot be a black pawn).
    fn black_pawn(
        &mut self,
        b: &Board,
        p: Pc,
        a: Loc,
        fixes: CatFixes,
        lo: &Leftovers,
        levels: Levels,
    ) {
        let t1 = bfile(a);
        let mut passed = true;
        for x in [0isize, 1, -1] {
            let stops = match Self::ppt_black(b, (p - NPCS) as isize + x, levels) {
                PptWord::Nothing => false,
                // `CAILE C,1-BW(A)`: a number up to a rank behind ours, taken as a square
                // (`BPREL(C)`), on this or a neighbouring file.
                PptWord::Square(c) => {
                    let c = c as Loc;
                    c + BW <= a + 1 && (bprel_file(c) - t1).abs() <= 1
                }
                // Negative, so below; its file 0, a neighbour of the KR file only.
                PptWord::BlackPiece => t1 <= 1,
            };
            if stops {
                passed = false;
                break;
            }
        }
        if passed && self.scan_stops(b, a, 1, fixes, lo) {
            passed = false;
        }
        if passed {
            self.ppased[p] = (9 - brank(a)) as u8;
        }
        match Self::black_backward(b, a, lo) {
            Some(true) => self.backward[p] = true,
            Some(false) => {}
            None => self.pptp[p] = true,
        }
    }

    /// The backward test of `MMBPWN`, from `NOTPPB` (636-749).
    fn black_backward(b: &Board, a: Loc, lo: &Leftovers) -> Option<bool> {
        let own = |l: Loc| Self::is_pawn_of(b, l, 1, lo);
        let enemy_pawn = |l: Loc| Self::is_pawn_of(b, l, 0, lo);
        let white = |l: Loc| Self::holds(b, l, 0);
        if own(a + BW + 1) || own(a + BW - 1) {
            return None;
        }
        let beside = own(a + 1) || own(a - 1);
        let mut c = false;
        let mut blocked_lh = false;
        if white(a - BW) {
            c = beside;
        } else if beside {
            return Some(false);
        } else {
            blocked_lh = true;
        }
        let rank = brank(a);
        let ahead = |k: Loc| own(a - k * BW + 1) || own(a - k * BW - 1);
        match rank {
            7 => {
                if !blocked_lh {
                    return Some(c || (2..5).any(ahead));
                }
                let d = ahead(1);
                if white(a - 2 * BW) {
                    c |= d;
                } else if d {
                    return Some(enemy_pawn(a - 2 * BW - 1) || enemy_pawn(a - 2 * BW + 1));
                }
                Some(c || (2..5).any(ahead))
            }
            6 => Some(c || (1..5).any(ahead)),
            _ => {
                for x in [1isize, -1] {
                    if own((a + 2 * BW).wrapping_add_signed(x))
                        && !white((a + BW).wrapping_add_signed(x))
                    {
                        return Some(false);
                    }
                }
                if rank == 2 {
                    return Some(false);
                }
                Some(c || (1..5).any(ahead))
            }
        }
    }
}

/// The squares the passed-pawn scan of a pawn of `side` on `a` reads (see
/// [`Tables::scan_stops_plain`]), a bit a square: the rows from the first it reads on (White)
/// or up to it (Black), on the files it reads.
#[inline(always)]
fn scanned(a: Loc, side: usize, fixes: CatFixes) -> u128 {
    let (row, fix) = (a / BW, fixes.passed_pawn_scan as usize);
    let files = SCAN_FILES[a % BW];
    if side == 0 {
        // From two rows ahead (the fix: one) on.
        files[0] & ROWS_FROM[row + 2 - fix]
    } else {
        // From its own row (the fix: the one ahead) down to its second rank's (the fix: its
        // first's), the own file only with the fix.
        files[1 - fix] & ROWS_FROM[3 - fix] & !ROWS_FROM[row + 1 - fix]
    }
}

/// For each column `f` (0-9), the squares of `f` and its neighbours, and of its neighbours
/// alone (the border's columns included), a bit a square.
static SCAN_FILES: [[u128; 2]; BW] = {
    let mut files = [[0u128; 2]; BW];
    let mut l = 0;
    while l < BD2 {
        let f = l % BW;
        if f > 0 {
            files[f - 1][0] |= 1 << l;
            files[f - 1][1] |= 1 << l;
        }
        files[f][0] |= 1 << l;
        if f + 1 < BW {
            files[f + 1][0] |= 1 << l;
            files[f + 1][1] |= 1 << l;
        }
        l += 1;
    }
    files
};

/// For each row `r` (0-12), the squares of the rows from `r` on, a bit a square.
static ROWS_FROM: [u128; BD2 / BW + 1] = {
    let mut rows = [0u128; BD2 / BW + 1];
    let mut r = 0;
    while r < BD2 / BW {
        rows[r] = !0u128 << (r * BW);
        r += 1;
    }
    rows
};

/// The pieces above `p` in a set of pieces with bit x-1 for piece x (`Tables::marking`).
fn above(p: Pc) -> u32 {
    (u64::MAX << p) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c197::board::{loc, random_positions, square};
    use crate::rules::{Color, Position, Square};

    fn tables(b: &Board, passed_pawn_scan: bool) -> Tables {
        Tables::compute(b, CatFixes { passed_pawn_scan }, &Leftovers::default())
    }

    #[test]
    fn the_tables_fill_the_bytes_their_copy_is_measured_at() {
        // The tables are copied at every node (`memcpy`, in blocks of 128 bytes): a field
        // made wider can cost a block more at every copy. 3,152 bytes since the files' pawn
        // counts are bytes and PPT(0)'s square a byte (3,216 before: 0.75 M instructions of
        // `machack bench --table off` more).
        assert_eq!(std::mem::size_of::<Tables>(), 3152);
    }

    #[test]
    fn an_attack_word_read_from_the_table_is_pcatv() {
        // `PCATV`: 1,,code, the code the kind's (`attack_code`): pawn 6 ... king 1.
        for k in Kind::ALL {
            assert_eq!(
                attack_word(k),
                (1 << 18) + attack_code(k) as AttackWord,
                "{k:?}"
            );
        }
        assert_eq!(attack_word(Kind::Pawn), 0o1_000_006);
        assert_eq!(attack_word(Kind::King), 0o1_000_001);
    }

    fn game(moves: &[&str]) -> Board {
        let mut pos = Position::startpos();
        let mut ms = Vec::new();
        for u in moves {
            let m = pos
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.coordinate() == *u)
                .unwrap();
            pos.make(m);
            ms.push(m);
        }
        Board::from_game(&ms, |_, _| {}).unwrap()
    }

    #[test]
    fn a_square_is_attacked_in_cat_as_in_the_rules_but_a_pawn_taken_en_passant() {
        // Node::in_check and Tables::qr_pinned read our rules where CAT's attacks are not made.
        let (mut squares, mut en_passant) = (0, 0);
        for (b, pos) in random_positions() {
            let t = tables(&b, false);
            let ep_pawn = pos
                .ep_square()
                .map(|e| loc(e.forward(pos.side_to_move(), -1)));
            for s in Square::all() {
                for (side, color) in [(0, Color::White), (1, Color::Black)] {
                    let cat = t.attacks[side][loc(s)] != 0;
                    if Some(loc(s)) == ep_pawn && cat != pos.is_attacked(s, color) {
                        en_passant += 1;
                        continue;
                    }
                    assert_eq!(cat, pos.is_attacked(s, color), "{} {s}", pos.to_fen());
                    squares += 1;
                }
            }
        }
        assert_eq!((squares, en_passant), (1_215_084, 20));
    }

    #[test]
    fn the_pin_of_piece_32_is_found_without_the_tables() {
        let (mut positions, mut pinned) = (0, 0);
        for (b, pos) in random_positions() {
            let t = tables(&b, false);
            let found = Tables::qr_pinned(&b, |l| {
                square(l).is_some_and(|s| pos.is_attacked(s, Color::Black))
            });
            assert_eq!(found, t.pint[NPC], "{}", pos.to_fen());
            positions += 1;
            pinned += found as usize;
        }
        assert_eq!((positions, pinned), (9493, 35));
    }

    /// Black's KR pawn (17) on KR2, White's KR and KN pawns gone: the passed test's third
    /// read, `PPT(0)`, is the word at the black QR's square (see [`Tables::ppt_black`]).
    fn kr_pawn_passed_with_the_qr_on(qr: Option<&str>, levels: Levels) -> bool {
        let fen = "4k3/7p/8/8/8/8/8/4K3 b - - 0 40";
        let mut b = Board::from_position(&Position::from_fen(fen).unwrap());
        if let Some(s) = qr {
            let l = loc(Square::parse(s).unwrap());
            b.board[l] = NPC as i8;
            b.piecel[NPC] = l;
        }
        assert_eq!(b.at(loc(Square::parse("h7").unwrap())), 17);
        let mut t = tables(&b, false);
        t.refill_pawns(&b, CatFixes::default(), &Leftovers::default(), levels);
        t.ppased[17] != 0
    }

    #[test]
    fn the_black_kr_pawns_third_read_is_the_word_at_the_qrs_square() {
        let (outside, inside) = (Levels::default(), Levels { lmgd: 3, lmgd2: 3 });
        // Gone: word 0, ZR = 1, file 0: not passed.
        assert!(!kr_pawn_passed_with_the_qr_on(None, outside));
        // Black's first two ranks from its KB2 (83-98): a black piece's word, file 0.
        for s in ["a8", "e8", "h8", "a7", "f7"] {
            assert!(!kr_pawn_passed_with_the_qr_on(Some(s), outside), "{s}");
        }
        // KN2 and KR2 (81-82) hold White's QN and QR words, QR5 a white pawn's, K5 `JRST GO`,
        // K1 a zero: nothing read, passed.
        for s in ["g7", "a5", "e5", "e1", "b2"] {
            assert!(kr_pawn_passed_with_the_qr_on(Some(s), outside), "{s}");
        }
        // Q5 holds `LMGD`, QB5 `LMGD2`: 0 outside the search (passed), the level inside it.
        for s in ["d5", "c5"] {
            assert!(kr_pawn_passed_with_the_qr_on(Some(s), outside), "{s}");
            assert!(!kr_pawn_passed_with_the_qr_on(Some(s), inside), "{s}");
        }
        let (d5_only, c5_only) = (Levels { lmgd: 1, lmgd2: 0 }, Levels { lmgd: 0, lmgd2: 1 });
        assert!(!kr_pawn_passed_with_the_qr_on(Some("d5"), d5_only));
        assert!(kr_pawn_passed_with_the_qr_on(Some("c5"), d5_only));
        assert!(kr_pawn_passed_with_the_qr_on(Some("d5"), c5_only));
        assert!(!kr_pawn_passed_with_the_qr_on(Some("c5"), c5_only));
    }

    #[test]
    fn a_white_pawn_that_promoted_reads_as_file_0_for_the_black_pawns_beside_it() {
        // White's second queen takes pawn number 1 (the KR pawn's, `from_position`): its `PPT`
        // cleared by `MMS5`, the read finds ZR, file 0, and Black's KR pawn is not passed;
        // with the queen on an original queen's number it is. The QR on QR5 reads nothing.
        let passed = |fen: &str| {
            let b = Board::from_position(&Position::from_fen(fen).unwrap());
            assert_eq!(b.at(loc(Square::parse("a5").unwrap())), NPC);
            tables(&b, false).ppased[17] != 0
        };
        assert!(!passed("4k3/7p/8/r7/8/8/8/Q2QK3 b - - 0 40"));
        assert!(passed("4k3/7p/8/r7/8/8/8/3QK3 b - - 0 40"));
    }

    #[test]
    fn a_black_pawn_that_promoted_is_no_pawn_to_whites_passed_test() {
        // `MMS5` clears the promoted pawn's `PPT` (`SETZM PPT(B)`, 2861): White's read (467) finds
        // ZR, 1, below every square, and reads nothing. Black's second queen takes the first
        // free pawn number, 21 (the Q pawn's), and stands on QB6 ahead of White's QP on Q5:
        // still passed; a black pawn there (22) is not.
        let ppased = |fen: &str| {
            let b = Board::from_position(&Position::from_fen(fen).unwrap());
            let d5 = b.at(loc(Square::parse("d5").unwrap()));
            assert_eq!(d5, 5);
            tables(&b, false).ppased[d5]
        };
        let queen = "4k3/5ppp/2q5/3P4/8/4p3/q7/4K3 w - - 0 40";
        let b = Board::from_position(&Position::from_fen(queen).unwrap());
        assert_eq!(b.at(loc(Square::parse("c6").unwrap())), 21);
        assert_eq!(ppased(queen), 5);
        assert_eq!(ppased("4k3/5ppp/2p5/3P4/8/4p3/q7/4K3 w - - 0 40"), 0);
    }

    #[test]
    fn a_black_pawn_on_its_fifth_rank_is_never_defended_by_a_double_step() {
        // `MMBPWN`'s double-step test (669-679) reads `SKIPLE BOARD+3*BW!X(A)` without T1, then
        // `SKIPL SNFBP-PIECE(T1)` with the T1 of the test before: an empty or border square's
        // 0 or -1 (`SNFBP-PIECE` is 23716 as loaded, `CSQP`'s eighth-rank words, 0) or a piece
        // that is no black pawn, never a black pawn. So Black's pawn on Q4 with pawns on K3
        // and QB7 stays backward; White's mirror (lines 525-534 of `MMWPWN`, T1 loaded) is not.
        let backward = |fen: &str, s: &str| {
            let b = Board::from_position(&Position::from_fen(fen).unwrap());
            let p = b.at(loc(Square::parse(s).unwrap()));
            (p, tables(&b, false).backward[p])
        };
        assert_eq!(
            backward("4k3/2p5/8/8/3p4/4p3/8/4K3 b - - 0 40", "d4"),
            (21, true)
        );
        assert_eq!(
            backward("4k3/8/4P3/3P4/8/8/2P5/4K3 w - - 0 40", "d5"),
            (5, false)
        );
    }

    #[test]
    fn a_black_pawn_whose_promotion_was_taken_back_counts_as_whites() {
        // `UMOVE5` (3163-3212) gives the pawn back `UMT4`'s `SETZ LMBPW`, whose sign in
        // `LMGSTD` means a white pawn (5182): Black's scan for White's pawns (`MMBPPL`, 623-632)
        // then meets Black's own KP on K5, and the QP on Q7 is no longer passed.
        let b = Board::from_position(
            &Position::from_fen("4k3/3p4/8/4p3/8/8/8/4K3 b - - 0 40").unwrap(),
        );
        let (d7, e5) = (
            b.at(loc(Square::parse("d7").unwrap())),
            b.at(loc(Square::parse("e5").unwrap())),
        );
        assert_eq!((d7, e5), (21, 20));
        let passed = |black_as_white: u32| {
            let lo = Leftovers {
                black_as_white,
                ..Leftovers::default()
            };
            let t = Tables::compute(&b, CatFixes::default(), &lo);
            (t.ppased[d7], t.ppased[e5])
        };
        assert_eq!(passed(0), (2, 4));
        assert_eq!(passed(1 << e5), (0, 4));
    }

    #[test]
    fn whites_passed_pawn_scan_starts_two_ranks_ahead() {
        // 1. P-K4 P-Q4 2. PxP P-QB3 3. N-KB3 P-K4: White's KP (4) on Q5, Black's QBP on QB6,
        // one rank ahead on the next file. The black pawns numbered for the KP's files are
        // gone or behind; MMWPPL (477-486) then looks from two ranks ahead (`BOARD+BW!X(D)`
        // with D = A+BW) and misses QB6: passed, on its fifth rank. The fix looks from the
        // rank ahead.
        let b = game(&["e2e4", "d7d5", "e4d5", "c7c6", "g1f3", "e7e5"]);
        let a = b.piecel[4];
        assert_eq!(square(a), Square::parse("d5"));
        assert_eq!(tables(&b, false).ppased[4], 5);
        assert_eq!(tables(&b, true).ppased[4], 0);
    }

    #[test]
    fn blacks_passed_pawn_scan_starts_on_its_own_rank_and_skips_its_own_file() {
        // MMBPPL (623-632): `BOARD+BW+X(D)` with X empty assembled without the index, so the
        // scan never reads the pawn's own file, and D starts at the pawn's square: a white
        // pawn beside it on its rank stops it, one in front on its file does not.
        let b =
            Board::from_position(&Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap());
        let d5 = b.at(loc(Square::parse("d5").unwrap()));
        let e5 = b.at(loc(Square::parse("e5").unwrap()));
        assert_eq!((d5, e5), (21, 4));
        assert_eq!(
            (tables(&b, false).ppased[d5], tables(&b, false).ppased[e5]),
            (0, 5)
        );
        assert_eq!(
            (tables(&b, true).ppased[d5], tables(&b, true).ppased[e5]),
            (4, 5)
        );
        // A white pawn in front on its file, numbered for a far file (as captures leave them):
        // the pawns on QR2 and Q4 exchange numbers.
        let mut b = Board::from_position(
            &Position::from_fen("4k3/8/8/3p4/3P4/8/P7/4K3 w - - 0 1").unwrap(),
        );
        let (a2, d4) = (
            loc(Square::parse("a2").unwrap()),
            loc(Square::parse("d4").unwrap()),
        );
        let (p, q) = (b.at(a2), b.at(d4));
        assert_eq!((p, q), (8, 5));
        (b.board[a2], b.board[d4]) = (q as i8, p as i8);
        (b.piecel[p], b.piecel[q]) = (d4, a2);
        let d5 = b.at(loc(Square::parse("d5").unwrap()));
        assert_eq!(tables(&b, false).ppased[d5], 4);
        assert_eq!(tables(&b, true).ppased[d5], 0);
    }

    #[test]
    fn the_held_slots_come_in_flatas_order_and_in_slot_order() {
        // Every third slot of square 55 held: FLATA reads BDA1 LR first (slot 5), then the
        // rest of each word from its low bits (4438-4459).
        let mut t = EMPTY;
        for s in (0..SLOTS).step_by(3) {
            t.slots[55][s] = s as u8 + 1;
        }
        let flata: Vec<usize> = flata_slots(&t, 55).map(|(s, _)| s).collect();
        assert_eq!(flata, [3, 0, 9, 6, 15, 12]);
        let listed: Vec<(usize, usize)> = flata_slots(&t, 55).collect();
        let expected: Vec<(usize, usize)> = FLATA_ORDER
            .iter()
            .copied()
            .filter(|&(s, _)| s % 3 == 0)
            .collect();
        assert_eq!(listed, expected);
        assert_eq!(held_slots(&t, 55).collect::<Vec<_>>(), [0, 3, 6, 9, 12, 15]);
        assert_eq!(held_slots(&t, 56).count(), 0);
    }

    #[test]
    fn the_passed_pawn_scan_as_a_set_meets_a_pawn_where_the_walk_does() {
        // Every pawn of the sample, with c197's scans and the fix's: the squares read as a set
        // against the walk of the listing.
        let (mut scans, mut stopped) = (0, 0);
        for (b, _) in random_positions() {
            let t = tables(&b, false);
            for p in PAWN_NUMBERS {
                let a = b.piecel[p];
                if a == 0 || !b.pawn(p) {
                    continue;
                }
                for passed_pawn_scan in [false, true] {
                    let (fixes, lo) = (CatFixes { passed_pawn_scan }, Leftovers::default());
                    let plain = Tables::scan_stops_plain(&b, a, side_of(p), fixes, &lo);
                    assert_eq!(t.scan_stops(&b, a, side_of(p), fixes, &lo), plain, "{p}");
                    scans += 1;
                    stopped += plain as usize;
                }
            }
        }
        assert_eq!((scans, stopped), (255_704, 239_252));
    }

    #[test]
    fn a_pin_of_piece_32_is_never_cleared() {
        // CAT clears PINT with `BLT A,PINT+NPC-1` (391-415): one word short of piece 32.
        let pos = Position::from_fen("r3k3/8/8/8/8/8/8/Q3K3 w - - 0 1").unwrap();
        let b = Board::from_position(&pos);
        assert_eq!(b.at(loc(Square::parse("a8").unwrap())), NPC);
        let pinned = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
        assert!(!pinned.pint[NPC], "the rook is not pinned to its king");
        let lo = Leftovers {
            qr_pinned: true,
            ..Leftovers::default()
        };
        assert!(Tables::compute(&b, CatFixes::default(), &lo).pint[NPC]);
    }
}
