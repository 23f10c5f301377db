//! Zobrist keys (SEARCH-TECHNIQUES §1): a number for each piece on each square, the side to move,
//! each castling right and each en passant file, XORed together.
//!
//! The numbers are Polyglot's published 781 (`zobrist/random64.rs`), laid out as Polyglot lays
//! them, so a position's key is its Polyglot book key: the project owns them as data (no random
//! stream that a dependency's upgrade could change), and a book written with them is read by any
//! Polyglot reader (`machack book --polyglot`).
//!
//! Deviation from Rival, on purpose, and Polyglot's rule too: Rival's keys have no castling or en
//! passant parts, so two positions that differ only in castling rights or en passant possibility
//! would share a key and a king stepping out and back would count as a repetition. Here each
//! castling right has its number, and the en passant file is keyed only when a capture there is
//! possible (a pawn of the side to move attacks the square, legal or not, as Polyglot says), so a
//! double step that allows no capture changes nothing.

mod random64;

use super::types::{Color, Piece, Square};
use random64::RANDOM64;

/// A position's hash key.
pub type Key = u64;

/// Where Polyglot's castling numbers start: White O-O, White O-O-O, Black O-O, Black O-O-O, the
/// order of [`CastlingRights`](super::CastlingRights)'s bits.
const CASTLE: usize = 768;
/// Where its en passant numbers start, file a first.
const EN_PASSANT: usize = 772;
/// Its number for White to move.
const TURN: usize = 780;

/// The key part of `piece` standing on `s`: Polyglot's kinds run black pawn, white pawn, black
/// knight … white king (`2 × kind + 1` for White), 64 squares each, a1 = 0 … h8 = 63 as here.
#[inline]
pub(crate) fn piece_key(piece: Piece, s: Square) -> Key {
    let kind = 2 * piece.kind.index() + usize::from(piece.color == Color::White);
    RANDOM64[64 * kind + s.index()]
}

/// Each combination of castling rights, the XOR of its rights' numbers, so a change of rights is
/// one XOR of the old and new combination.
const CASTLING: [Key; 16] = {
    let mut t = [0; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut b = 0;
        while b < 4 {
            if mask >> b & 1 != 0 {
                t[mask] ^= RANDOM64[CASTLE + b];
            }
            b += 1;
        }
        mask += 1;
    }
    t
};

/// The key part of a castling-rights mask (bits: White O-O, White O-O-O, Black O-O, Black O-O-O).
#[inline]
pub(crate) fn castling_key(rights: u8) -> Key {
    CASTLING[rights as usize & 15]
}

/// The key part of an en passant capture possible on `file`.
#[inline]
pub(crate) fn en_passant_key(file: u8) -> Key {
    RANDOM64[EN_PASSANT + file as usize]
}

/// The key part of the side to move: Polyglot's number when White is to move, nothing for Black.
#[inline]
pub(crate) fn side_key(side: Color) -> Key {
    match side {
        Color::White => RANDOM64[TURN],
        Color::Black => 0,
    }
}

/// What a move changes in the key by passing the move to the other side (either way).
pub(crate) const TURN_KEY: Key = RANDOM64[TURN];
