//! Zobrist keys (SEARCH-TECHNIQUES §1): a random number for each piece on each square, the side
//! to move, each castling right and each en passant file, XORed together.
//!
//! Deviation from Rival, on purpose: Rival's keys have no castling or en passant parts, so two
//! positions that differ only in castling rights or en passant possibility would share a key and a
//! king stepping out and back would count as a repetition. Here castling rights are keyed, and the
//! en passant file is keyed only when a capture there is actually possible (a pawn of the side to
//! move attacks the square), so a double step that allows no capture changes nothing.
//!
//! The numbers come from `rand`'s `StdRng` with a fixed seed, so every run, book and test sees the
//! same keys; a test pins the start position's key so an upgrade that changed the stream would show.

use super::types::{Color, Piece, Square};
use rand::{RngExt, SeedableRng, rngs::StdRng};
use std::sync::LazyLock;

/// A position's hash key.
pub type Key = u64;

/// The seed of the key generator.
pub const ZOBRIST_SEED: u64 = 1967;

pub(crate) struct Keys {
    pieces: [[Key; 64]; 12],
    pub(crate) side: Key,
    castling: [Key; 16],
    en_passant: [Key; 8],
}

pub(crate) static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut rng = StdRng::seed_from_u64(ZOBRIST_SEED);
    let mut k = Keys {
        pieces: [[0; 64]; 12],
        side: 0,
        castling: [0; 16],
        en_passant: [0; 8],
    };
    for p in k.pieces.iter_mut() {
        for s in p.iter_mut() {
            *s = rng.random();
        }
    }
    k.side = rng.random();
    // One number per right, and each combination the XOR of its rights, so a change of rights is
    // one XOR of the old and new combination.
    let rights: [Key; 4] = [rng.random(), rng.random(), rng.random(), rng.random()];
    for (mask, slot) in k.castling.iter_mut().enumerate() {
        *slot = (0..4)
            .filter(|b| mask >> b & 1 != 0)
            .fold(0, |acc, b| acc ^ rights[b]);
    }
    for f in k.en_passant.iter_mut() {
        *f = rng.random();
    }
    k
});

/// The key part of `piece` standing on `s`.
#[inline]
pub(crate) fn piece_key(piece: Piece, s: Square) -> Key {
    KEYS.pieces[piece.index()][s.index()]
}

/// The key part of a castling-rights mask (bits: White O-O, White O-O-O, Black O-O, Black O-O-O).
#[inline]
pub(crate) fn castling_key(rights: u8) -> Key {
    KEYS.castling[rights as usize & 15]
}

/// The key part of an en passant capture possible on `file`.
#[inline]
pub(crate) fn en_passant_key(file: u8) -> Key {
    KEYS.en_passant[file as usize]
}

/// The key part of the side to move (present when Black is to move).
#[inline]
pub(crate) fn side_key(side: Color) -> Key {
    match side {
        Color::White => 0,
        Color::Black => KEYS.side,
    }
}
