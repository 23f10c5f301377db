//! Attack tables: leapers precomputed, sliders by magic multiplication.
//!
//! The magic numbers were found by the search below (fixed-seed generator) and are stored, because
//! the search takes most of a second. At first use the tables are filled at the stored numbers
//! without checking them (a process starts in 1.8 M fewer instructions): the tests check each
//! number against every occupancy, as the search does, and regenerate them.

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind, Square};
use std::sync::LazyLock;

#[derive(Copy, Clone, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// The sliders' tables, built at first use, reached through one [`LazyLock`] check a lookup.
/// The magics are arrays indexed by a square's index masked to 0..64, and the slider table
/// one of [`SLIDER_SPACE`] entries indexed masked to it, so a lookup has no bounds check.
struct Tables {
    rook_magics: [Magic; 64],
    bishop_magics: [Magic; 64],
    slider: Box<[u64; SLIDER_SPACE]>,
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Rook magics found by [`find_magics`] from the fixed seed (see the test that regenerates them).
const ROOK_MAGICS: [u64; 64] = [
    0x2080002080400010,
    0xc0002001401000,
    0x2100110008402002,
    0x880080081041000,
    0x200020020041008,
    0x2300040008010012,
    0xc00283004008201,
    0x180010000407a80,
    0x168800080400020,
    0x10400040201000,
    0x1001002001001048,
    0x1001002408100100,
    0x801000408010012,
    0x4001000209000400,
    0x8a20004c8020001,
    0x2002801145002280,
    0x80860021004200,
    0x1000c009402002,
    0xb0002004002800,
    0x100a808010020800,
    0x8101010008000410,
    0x244008002000480,
    0x40010810208,
    0x2000020000448534,
    0x4104400480008033,
    0x810100204000,
    0x440430900200010,
    0x4600240900100100,
    0x60080080040080,
    0x1000300080400,
    0x4084400011002,
    0x23040200008041,
    0x580050043002080,
    0x400804002802008,
    0x1002001004010,
    0x1000200901001000,
    0x4410800801800c00,
    0xa012003806001004,
    0x20100104008802,
    0x4808402000041,
    0x10400170898000,
    0x80500020004004,
    0x1040408012020020,
    0x8010040008004040,
    0x2001080100110004,
    0x20004008080,
    0x21010810040002,
    0x800008c43020024,
    0x800021005100,
    0x70201040008080,
    0xd04282006a00,
    0x10014400080240,
    0x1080110050100,
    0x12000810240600,
    0x402000801040200,
    0x28100108a004100,
    0x50800300102045,
    0x8208210040120882,
    0x8010600101183441,
    0x20b000910006045,
    0x241001002480005,
    0x81000400880241,
    0x9008024124,
    0x48122980410402,
];
/// Bishop magics found by [`find_magics`] from the fixed seed.
const BISHOP_MAGICS: [u64; 64] = [
    0x848020822040013,
    0x8010a40085821200,
    0x8008430840822,
    0x808048108040000,
    0x1304042100008104,
    0x5001012010204023,
    0x81048801b8200420,
    0x200a008084012000,
    0x40102001042084,
    0x840a505042428020,
    0x700102202920,
    0x44101c0c10800002,
    0x40040422000000,
    0x180020802090202,
    0x4020020811041202,
    0x104308c042000,
    0x4140661002424400,
    0x28012008010460,
    0x188062102002a00,
    0x14004840102008,
    0x105000290400002,
    0x8001022200410400,
    0x104a041918013446,
    0x8a000082008238,
    0x4a0060008100430,
    0x8220008820801,
    0x2508041208005010,
    0x4008080200202020,
    0x2441001013004000,
    0x30008060407000,
    0x4008108000420800,
    0x12021050290100,
    0x210080482200500,
    0xcc01112048100480,
    0x20402806500440,
    0x48e0080580080,
    0x40102020020080,
    0x28010440080807,
    0x4601041108008800,
    0x8040810e04104200,
    0x901210110400088a,
    0xa003080212081050,
    0xc1004048401004,
    0x900000a014400800,
    0x8021040405401,
    0x4020008206002090,
    0x4190424030100,
    0x424008a02026250,
    0x8004088250900040,
    0x1c00430088a04200,
    0x1020094040001,
    0x8040210020880061,
    0x2010040450442032,
    0x800840850044001,
    0x4040802140004,
    0x4080a04222020,
    0x8088802110022000,
    0x1081a10416114400,
    0x205010a24060820,
    0x720411080,
    0x1008000208430400,
    0x580c026028810840,
    0x802020441020a110,
    0x12c0022401020018,
];

static TABLES: LazyLock<Tables> = LazyLock::new(build_tables);

/// The squares a leaper on each square reaches by `steps` (file, rank): built at compile time.
const fn leaper_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut k = 0;
        while k < steps.len() {
            let (tf, tr) = (f + steps[k].0, r + steps[k].1);
            if tf >= 0 && tf < 8 && tr >= 0 && tr < 8 {
                table[s] |= 1 << (tr * 8 + tf);
            }
            k += 1;
        }
        s += 1;
    }
    table
}

/// Slider attacks from square index `s` found by walking rays: slow, used only to build the
/// tables (at compile time for [`BETWEEN`] and [`LINE`]).
const fn ray_attacks_at(s: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    let mut k = 0;
    while k < dirs.len() {
        let (df, dr) = dirs[k];
        let (mut f, mut r) = ((s % 8) as i32 + df, (s / 8) as i32 + dr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let t = r * 8 + f;
            attacks |= 1 << t;
            if occ >> t & 1 != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        k += 1;
    }
    attacks
}

/// [`RAYS`]'s directions: [`ROOK_DIRS`]'s four, then [`BISHOP_DIRS`]'s.
const DIRS: [(i32, i32); 8] = {
    let mut dirs = [(0, 0); 8];
    let mut d = 0;
    while d < 4 {
        dirs[d] = ROOK_DIRS[d];
        dirs[d + 4] = BISHOP_DIRS[d];
        d += 1;
    }
    dirs
};

/// A slider's two lines through its square, each as its two rays (indices into [`DIRS`]): the
/// rook's rank and file, the bishop's two diagonals.
const ROOK_LINES: [[usize; 2]; 2] = [[0, 1], [2, 3]];
const BISHOP_LINES: [[usize; 2]; 2] = [[4, 7], [5, 6]];

/// The empty board's ray from each square in each direction of [`DIRS`] (compile-time
/// constants).
static RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            rays[d][s] = ray_attacks_at(s, 0, &[DIRS[d]]);
            s += 1;
        }
        d += 1;
    }
    rays
};

/// [`ray_attacks_at`] from square index `s` along the ray `d` of [`DIRS`], cut at its first
/// occupied square, found by a bit scan rather than a walk.
fn ray_attacks(d: usize, s: usize, occ: u64) -> u64 {
    let ray = RAYS[d][s];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    // The blocker nearest `s`: the lowest square on a ray whose squares' indices grow.
    let (df, dr) = DIRS[d];
    let blocker = if dr * 8 + df > 0 {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    };
    ray & !RAYS[d][blocker as usize]
}

/// One line (two rays) of a slider on `s`: the squares whose occupancy matters to it, and each
/// subset of them with the attacks along the line it leaves (at most 64: six squares).
fn line_subsets(s: Square, [d1, d2]: [usize; 2]) -> (u64, Vec<(u64, u64)>) {
    let mask = relevant_mask(s, &[DIRS[d1], DIRS[d2]]);
    let mut subsets = Vec::with_capacity(1 << mask.count_ones());
    let mut subset = 0u64;
    loop {
        let attacks = ray_attacks(d1, s.index(), subset) | ray_attacks(d2, s.index(), subset);
        subsets.push((subset, attacks));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return (mask, subsets);
        }
    }
}

/// The squares a slider moving along `dirs` reaches from each square on an empty board.
const fn empty_board_table(dirs: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut s = 0;
    while s < 64 {
        table[s] = ray_attacks_at(s, 0, dirs);
        s += 1;
    }
    table
}

/// `BETWEEN[a][b]`, the squares strictly between two squares sharing a line, and `LINE[a][b]`,
/// the whole line through them (both empty when they share none).
const fn between_and_line() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 2 {
            let dirs: &[(i32, i32)] = if d == 0 { &ROOK_DIRS } else { &BISHOP_DIRS };
            let from_a = ray_attacks_at(a, 0, dirs);
            let mut b = 0;
            while b < 64 {
                if from_a >> b & 1 != 0 {
                    between[a][b] =
                        ray_attacks_at(a, 1 << b, dirs) & ray_attacks_at(b, 1 << a, dirs);
                    line[a][b] = (from_a & ray_attacks_at(b, 0, dirs)) | 1 << a | 1 << b;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

/// Knight squares (file, rank steps).
const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King squares.
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// The leapers' tables and the lines' (compile-time constants: a lookup reads memory, no
/// check that a table is built).
static KNIGHT: [u64; 64] = leaper_table(&KNIGHT_STEPS);
static KING: [u64; 64] = leaper_table(&KING_STEPS);
static PAWN: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];
/// A rook's and a bishop's squares on an empty board, by square (compile-time constants: read
/// with no check that the sliders' tables are built, nor a magic lookup).
static ROOK_EMPTY: [u64; 64] = empty_board_table(&ROOK_DIRS);
static BISHOP_EMPTY: [u64; 64] = empty_board_table(&BISHOP_DIRS);
const BETWEEN_AND_LINE: ([[u64; 64]; 64], [[u64; 64]; 64]) = between_and_line();
static BETWEEN: [[u64; 64]; 64] = BETWEEN_AND_LINE.0;
static LINE: [[u64; 64]; 64] = BETWEEN_AND_LINE.1;

/// The squares whose occupancy matters to a slider on `s`: its rays without their last square.
fn relevant_mask(s: Square, dirs: &[(i32, i32)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (s.file() as i32 + df, s.rank() as i32 + dr);
        while Square::try_from_coords(f + df, r + dr).is_some() {
            mask |= 1 << Square::from_coords(f as u8, r as u8).index();
            f += df;
            r += dr;
        }
    }
    mask
}

/// A small xorshift generator: the magic search needs only a fixed stream of numbers.
#[cfg(test)]
struct XorShift(u64);
#[cfg(test)]
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Fills `table`, a square's part of the sliders' table, for the magic `magic`: each subset of
/// the square's relevant squares, the union of one of `a`'s (one line's subsets, with their
/// attacks) and one of `b`'s (the other line's), at its index. The two lines' squares are
/// disjoint, so the union's product with the magic is the sum of theirs. An entry 0 is empty (a
/// slider attacks some square whatever the board). False, the table part-filled, when two
/// subsets with different attacks meet at one index.
#[cfg(test)]
fn fill(table: &mut [u64], magic: u64, shift: u32, a: &[(u64, u64)], b: &[(u64, u64)]) -> bool {
    for &(occ_a, att_a) in a {
        let product = occ_a.wrapping_mul(magic);
        for &(occ_b, att_b) in b {
            let i = (product.wrapping_add(occ_b.wrapping_mul(magic)) >> shift) as usize;
            let attacks = att_a | att_b;
            let entry = &mut table[i];
            if *entry == 0 {
                *entry = attacks;
            } else if *entry != attacks {
                return false;
            }
        }
    }
    true
}

/// [`fill`] for a magic known to fill the table (a stored one: see the test
/// `stored_magics_fill_their_tables`): each entry written, none compared, over the 107,648
/// entries a process fills at its start. The second line's products with the magic are made
/// once, in `b` (its subsets are not read again).
fn fill_known(table: &mut [u64], magic: u64, shift: u32, a: &[(u64, u64)], b: &mut [(u64, u64)]) {
    // The index is below the table's length, a power of two (64 - `shift` bits): masked so,
    // it needs no bounds check.
    let last = table.len() - 1;
    for (occ_b, _) in b.iter_mut() {
        *occ_b = occ_b.wrapping_mul(magic);
    }
    for &(occ_a, att_a) in a {
        let product = occ_a.wrapping_mul(magic);
        for &(product_b, att_b) in b.iter() {
            let i = (product.wrapping_add(product_b) >> shift) as usize;
            table[i & last] = att_a | att_b;
        }
    }
}

/// The magics of a slider whose lines are `lines` ([`ROOK_LINES`] or [`BISHOP_LINES`]), the
/// stored numbers `known`, their tables filled in `slider` (zeros) from `offset` on, `offset`
/// moved past them. The numbers are not checked here (the tests check them, as
/// [`find_magics`] does).
fn known_magics(
    lines: &[[usize; 2]; 2],
    known: &[u64; 64],
    slider: &mut [u64],
    offset: &mut usize,
) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    for s in Square::all() {
        let [(mask_a, a), (mask_b, mut b)] = lines.map(|line| line_subsets(s, line));
        let mask = mask_a | mask_b;
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let magic = known[s.index()];
        fill_known(
            &mut slider[*offset..*offset + (1 << bits)],
            magic,
            shift,
            &a,
            &mut b,
        );
        magics[s.index()] = Magic {
            mask,
            magic,
            shift,
            offset: *offset as u32,
        };
        *offset += 1 << bits;
    }
    magics
}

/// The magics of a slider whose lines are `lines` ([`ROOK_LINES`] or [`BISHOP_LINES`]), their
/// tables filled in `slider` (zeros) from `offset` on, `offset` moved past them: on each square
/// the stored number `known` if it fills the table (it is checked like any candidate), else the
/// first of `rng`'s that does.
#[cfg(test)]
fn find_magics(
    lines: &[[usize; 2]; 2],
    known: &[u64; 64],
    slider: &mut [u64],
    offset: &mut usize,
    rng: &mut XorShift,
) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    for s in Square::all() {
        let [(mask_a, a), (mask_b, b)] = lines.map(|line| line_subsets(s, line));
        let mask = mask_a | mask_b;
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let table = &mut slider[*offset..*offset + (1 << bits)];
        let mut stored = Some(known[s.index()]);
        let magic = loop {
            let candidate = stored.take().unwrap_or_else(|| rng.sparse());
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            if fill(table, candidate, shift, &a, &b) {
                break candidate;
            }
            table.fill(0);
        };
        magics[s.index()] = Magic {
            mask,
            magic,
            shift,
            offset: *offset as u32,
        };
        *offset += table.len();
    }
    magics
}

/// The entries of the sliders' tables: 2 to the number of relevant squares, summed over the
/// squares, the rook's 102,400 and the bishop's 5,248.
const SLIDER_ENTRIES: usize = 107_648;

/// The slider table's length, the power of two above [`SLIDER_ENTRIES`]: a lookup's index
/// masked to it needs no bounds check (the entries past the tables stay 0, never read; they
/// are allocated zeroed, pages of the system's that are never written).
const SLIDER_SPACE: usize = 1 << 17;

fn build_tables() -> Tables {
    // Allocated zeroed (fresh pages from the system: no writes), not grown square by square.
    let mut slider: Box<[u64; SLIDER_SPACE]> = vec![0; SLIDER_SPACE]
        .into_boxed_slice()
        .try_into()
        .expect("the table's length");
    let mut offset = 0;
    let rook_magics = known_magics(&ROOK_LINES, &ROOK_MAGICS, &mut slider[..], &mut offset);
    let bishop_magics = known_magics(&BISHOP_LINES, &BISHOP_MAGICS, &mut slider[..], &mut offset);
    assert_eq!(offset, SLIDER_ENTRIES, "the sliders' tables fill theirs");
    Tables {
        rook_magics,
        bishop_magics,
        slider,
    }
}

/// Forces the tables to be built now rather than at first use (for timing-sensitive callers).
pub fn init() {
    LazyLock::force(&TABLES);
}

/// The entry of `s` in a table by square, indexed masked to 0..64 (no bounds check): the
/// leapers' and the empty board's tables.
#[inline(always)]
fn by_square(table: &[u64; 64], s: Square) -> Bitboard {
    Bitboard(table[s.index() & 63])
}

/// Squares a knight on `s` attacks.
#[inline(always)]
pub fn knight_attacks(s: Square) -> Bitboard {
    by_square(&KNIGHT, s)
}

/// Squares a king on `s` attacks.
#[inline(always)]
pub fn king_attacks(s: Square) -> Bitboard {
    by_square(&KING, s)
}

/// Squares a pawn of `color` on `s` attacks (its capture squares).
#[inline(always)]
pub fn pawn_attacks(color: Color, s: Square) -> Bitboard {
    by_square(&PAWN[color.index() & 1], s)
}

/// The slider attacks of magic `m` for the occupied squares `occ`, from the tables `t` (reached
/// once by the caller, through [`Sliders`]: every lookup inlined where it is made).
#[inline(always)]
fn magic_lookup(t: &Tables, m: &Magic, occ: Bitboard) -> Bitboard {
    let i = ((occ.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(t.slider[(m.offset as usize + i) & (SLIDER_SPACE - 1)])
}

/// The sliders' tables, reached once: for a caller that makes many lookups, each then
/// without a [`LazyLock`] check of its own (c197's generator keeps one for a run).
#[derive(Copy, Clone)]
pub struct Sliders(&'static Tables);

impl Sliders {
    /// The tables (built now if this is their first use).
    pub fn get() -> Sliders {
        Sliders(&TABLES)
    }

    /// Squares a rook on `s` attacks given the occupied squares `occ`.
    #[inline(always)]
    pub fn rook(self, s: Square, occ: Bitboard) -> Bitboard {
        magic_lookup(self.0, &self.0.rook_magics[s.index() & 63], occ)
    }

    /// Squares a bishop on `s` attacks given the occupied squares `occ`.
    #[inline(always)]
    pub fn bishop(self, s: Square, occ: Bitboard) -> Bitboard {
        magic_lookup(self.0, &self.0.bishop_magics[s.index() & 63], occ)
    }
}

impl Default for Sliders {
    fn default() -> Sliders {
        Sliders::get()
    }
}

impl std::fmt::Debug for Sliders {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sliders")
    }
}

/// Squares a rook on `s` attacks given the occupied squares `occ`.
#[inline(always)]
pub fn rook_attacks(s: Square, occ: Bitboard) -> Bitboard {
    Sliders::get().rook(s, occ)
}

/// Squares a bishop on `s` attacks given the occupied squares `occ`.
#[inline(always)]
pub fn bishop_attacks(s: Square, occ: Bitboard) -> Bitboard {
    Sliders::get().bishop(s, occ)
}

/// Squares a rook and a bishop on `s` attack given the occupied squares `occ`, in that order.
#[inline(always)]
pub fn rook_and_bishop_attacks(s: Square, occ: Bitboard) -> (Bitboard, Bitboard) {
    let t = Sliders::get();
    (t.rook(s, occ), t.bishop(s, occ))
}

/// Squares a rook on `s` attacks on an empty board ([`rook_attacks`] with nothing in the way).
#[inline(always)]
pub fn rook_attacks_empty(s: Square) -> Bitboard {
    by_square(&ROOK_EMPTY, s)
}

/// Squares a bishop on `s` attacks on an empty board ([`bishop_attacks`] with nothing in the
/// way).
#[inline(always)]
pub fn bishop_attacks_empty(s: Square) -> Bitboard {
    by_square(&BISHOP_EMPTY, s)
}

/// Squares a queen on `s` attacks given the occupied squares `occ`.
#[inline(always)]
pub fn queen_attacks(s: Square, occ: Bitboard) -> Bitboard {
    let (rook, bishop) = rook_and_bishop_attacks(s, occ);
    rook | bishop
}

/// Squares a piece of `kind` and `color` on `s` attacks given the occupied squares `occ`.
#[inline(always)]
pub fn attacks(kind: PieceKind, color: Color, s: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, s),
        PieceKind::Knight => knight_attacks(s),
        PieceKind::Bishop => bishop_attacks(s, occ),
        PieceKind::Rook => rook_attacks(s, occ),
        PieceKind::Queen => queen_attacks(s, occ),
        PieceKind::King => king_attacks(s),
    }
}

/// The squares strictly between `a` and `b` when they share a line; empty otherwise.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index() & 63][b.index() & 63])
}

/// The whole line (rank, file or diagonal) through `a` and `b`, or empty when they share none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index() & 63][b.index() & 63])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::types::sq::*;

    #[test]
    fn magic_lookups_equal_ray_walks_for_random_occupancies() {
        let mut rng = XorShift(12345);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for s in Square::all() {
                // The walk square by square, and the bit scans that filled the tables.
                let rook = ray_attacks_at(s.index(), occ, &ROOK_DIRS);
                let bishop = ray_attacks_at(s.index(), occ, &BISHOP_DIRS);
                assert_eq!(rook_attacks(s, Bitboard(occ)).0, rook);
                assert_eq!(bishop_attacks(s, Bitboard(occ)).0, bishop);
                let scans = |d: usize| ray_attacks(d, s.index(), occ);
                assert_eq!((0..4).map(scans).fold(0, |a, b| a | b), rook);
                assert_eq!((4..8).map(scans).fold(0, |a, b| a | b), bishop);
            }
        }
    }

    /// The tables as they were filled before [`fill`]: each subset of a square's relevant
    /// squares, in turn, its attacks walked square by square and stored at its magic's index.
    #[test]
    fn sliders_table_is_the_walks_at_the_stored_magics_bit_for_bit() {
        let t = &*TABLES;
        let mut walked = Vec::new();
        for (dirs, magics, known) in [
            (&ROOK_DIRS, &t.rook_magics, &ROOK_MAGICS),
            (&BISHOP_DIRS, &t.bishop_magics, &BISHOP_MAGICS),
        ] {
            for s in Square::all() {
                let m = magics[s.index()];
                let mask = relevant_mask(s, dirs);
                assert_eq!(
                    (m.mask, m.magic, m.shift),
                    (mask, known[s.index()], 64 - mask.count_ones())
                );
                assert_eq!(m.offset as usize, walked.len());
                walked.resize(walked.len() + (1 << mask.count_ones()), 0);
                let mut subset = 0u64;
                loop {
                    let i = (subset.wrapping_mul(m.magic) >> m.shift) as usize;
                    walked[m.offset as usize + i] = ray_attacks_at(s.index(), subset, dirs);
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
        assert!(
            t.slider[..SLIDER_ENTRIES] == walked[..],
            "the sliders' table differs from the walks'"
        );
    }

    #[test]
    fn stored_magics_are_the_ones_the_search_finds() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let (mut slider, mut offset) = (vec![0; SLIDER_ENTRIES], 0);
        let rooks: Vec<u64> =
            find_magics(&ROOK_LINES, &[0; 64], &mut slider, &mut offset, &mut rng)
                .iter()
                .map(|m| m.magic)
                .collect();
        let bishops: Vec<u64> =
            find_magics(&BISHOP_LINES, &[0; 64], &mut slider, &mut offset, &mut rng)
                .iter()
                .map(|m| m.magic)
                .collect();
        if rooks != ROOK_MAGICS || bishops != BISHOP_MAGICS {
            panic!("stored magics differ; regenerated:\nROOK {rooks:#x?}\nBISHOP {bishops:#x?}");
        }
    }

    /// The stored magics checked as the search checks a candidate (no two subsets with
    /// different attacks at one index), each kept (no other number searched for), and the
    /// tables filled so the same as those filled without the check.
    #[test]
    fn stored_magics_fill_their_tables() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let (mut slider, mut offset) = (vec![0; SLIDER_ENTRIES], 0);
        for (lines, known) in [(&ROOK_LINES, &ROOK_MAGICS), (&BISHOP_LINES, &BISHOP_MAGICS)] {
            let magics = find_magics(lines, known, &mut slider, &mut offset, &mut rng);
            assert!(magics.iter().map(|m| m.magic).eq(known.iter().copied()));
        }
        assert_eq!(offset, SLIDER_ENTRIES);
        assert!(
            slider[..] == TABLES.slider[..SLIDER_ENTRIES],
            "the tables differ"
        );
    }

    /// The empty-board tables against the magic lookups with nothing in the way.
    #[test]
    fn empty_board_tables_are_the_lookups_of_an_empty_board() {
        for s in Square::all() {
            assert_eq!(rook_attacks_empty(s), rook_attacks(s, Bitboard::EMPTY));
            assert_eq!(bishop_attacks_empty(s), bishop_attacks(s, Bitboard::EMPTY));
        }
    }

    #[test]
    fn between_and_line_of_a_diagonal() {
        assert_eq!(
            between(A1, D4),
            Bitboard::from_square(B2) | Bitboard::from_square(C3)
        );
        assert_eq!(line(B2, C3).count(), 8);
        assert!(between(A1, B3).is_empty());
        assert!(line(A1, B3).is_empty());
    }
}
