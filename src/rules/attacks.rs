//! Attack tables: leapers precomputed, sliders by magic multiplication.
//!
//! The magic numbers are searched for once, at first use, with a fixed-seed generator, so every
//! run builds the same tables; the search takes a few milliseconds.

use super::bitboard::Bitboard;
use super::types::{Color, PieceKind, Square};
use std::sync::LazyLock;

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    between: Vec<u64>,
    line: Vec<u64>,
    rook_magics: Vec<Magic>,
    bishop_magics: Vec<Magic>,
    slider: Vec<u64>,
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

static TABLES: LazyLock<Tables> = LazyLock::new(build_tables);

fn leaper(s: Square, steps: &[(i32, i32)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| Square::try_from_coords(s.file() as i32 + df, s.rank() as i32 + dr))
        .fold(0, |acc, t| acc | 1 << t.index())
}

/// Slider attacks found by walking rays: slow, used only to build the tables.
fn ray_attacks(s: Square, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (s.file() as i32 + df, s.rank() as i32 + dr);
        while let Some(t) = Square::try_from_coords(f, r) {
            attacks |= 1 << t.index();
            if occ >> t.index() & 1 != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

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
struct XorShift(u64);
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

fn find_magics(dirs: &[(i32, i32)], slider: &mut Vec<u64>, rng: &mut XorShift) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for s in Square::all() {
        let mask = relevant_mask(s, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let mut occupancies = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push((subset, ray_attacks(s, subset, dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let offset = slider.len();
        slider.resize(offset + size, 0);
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let ok = occupancies.iter().all(|&(occ, att)| {
                let i = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[i] != attempt {
                    used[i] = attempt;
                    slider[offset + i] = att;
                    true
                } else {
                    slider[offset + i] == att
                }
            });
            if ok {
                break candidate;
            }
        };
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

fn build_tables() -> Tables {
    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const KING: [(i32, i32); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let mut t = Tables {
        knight: [0; 64],
        king: [0; 64],
        pawn: [[0; 64]; 2],
        between: vec![0; 64 * 64],
        line: vec![0; 64 * 64],
        rook_magics: Vec::new(),
        bishop_magics: Vec::new(),
        slider: Vec::with_capacity(110_000),
    };
    for s in Square::all() {
        t.knight[s.index()] = leaper(s, &KNIGHT);
        t.king[s.index()] = leaper(s, &KING);
        t.pawn[0][s.index()] = leaper(s, &[(-1, 1), (1, 1)]);
        t.pawn[1][s.index()] = leaper(s, &[(-1, -1), (1, -1)]);
    }
    for a in Square::all() {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            let from_a = ray_attacks(a, 0, dirs);
            for b in Square::all() {
                if from_a >> b.index() & 1 == 0 {
                    continue;
                }
                let i = a.index() * 64 + b.index();
                t.between[i] =
                    ray_attacks(a, 1 << b.index(), dirs) & ray_attacks(b, 1 << a.index(), dirs);
                t.line[i] = (from_a & ray_attacks(b, 0, dirs)) | 1 << a.index() | 1 << b.index();
            }
        }
    }
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut slider = std::mem::take(&mut t.slider);
    t.rook_magics = find_magics(&ROOK_DIRS, &mut slider, &mut rng);
    t.bishop_magics = find_magics(&BISHOP_DIRS, &mut slider, &mut rng);
    t.slider = slider;
    t
}

/// Forces the tables to be built now rather than at first use (for timing-sensitive callers).
pub fn init() {
    LazyLock::force(&TABLES);
}

/// Squares a knight on `s` attacks.
#[inline]
pub fn knight_attacks(s: Square) -> Bitboard {
    Bitboard(TABLES.knight[s.index()])
}

/// Squares a king on `s` attacks.
#[inline]
pub fn king_attacks(s: Square) -> Bitboard {
    Bitboard(TABLES.king[s.index()])
}

/// Squares a pawn of `color` on `s` attacks (its capture squares).
#[inline]
pub fn pawn_attacks(color: Color, s: Square) -> Bitboard {
    Bitboard(TABLES.pawn[color.index()][s.index()])
}

#[inline]
fn magic_lookup(m: &Magic, occ: Bitboard) -> Bitboard {
    let i = ((occ.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    Bitboard(TABLES.slider[m.offset + i])
}

/// Squares a rook on `s` attacks given the occupied squares `occ`.
#[inline]
pub fn rook_attacks(s: Square, occ: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.rook_magics[s.index()], occ)
}

/// Squares a bishop on `s` attacks given the occupied squares `occ`.
#[inline]
pub fn bishop_attacks(s: Square, occ: Bitboard) -> Bitboard {
    magic_lookup(&TABLES.bishop_magics[s.index()], occ)
}

/// Squares a queen on `s` attacks given the occupied squares `occ`.
#[inline]
pub fn queen_attacks(s: Square, occ: Bitboard) -> Bitboard {
    rook_attacks(s, occ) | bishop_attacks(s, occ)
}

/// Squares a piece of `kind` and `color` on `s` attacks given the occupied squares `occ`.
#[inline]
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
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index() * 64 + b.index()])
}

/// The whole line (rank, file or diagonal) through `a` and `b`, or empty when they share none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index() * 64 + b.index()])
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
                assert_eq!(
                    rook_attacks(s, Bitboard(occ)).0,
                    ray_attacks(s, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(s, Bitboard(occ)).0,
                    ray_attacks(s, occ, &BISHOP_DIRS)
                );
            }
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
