//! The opening book (paper §11): moves stored by the Zobrist key of the position they are played
//! in, so a line reached by a transposition is found too.
//!
//! Two texts are compiled in (`book/`): the 1967 line the program played in game 4 of the paper
//! (a Ruy Lopez Exchange Variation, with Black's alternatives) and `book.22`, the later program's
//! book. A position may hold moves from both; moves of the 1967 text come first (its *tier* is
//! lower), so the machine plays the 1967 line wherever it has one and the later book elsewhere.
//! Among the moves of the best tier present, the choice is random from a seeded generator
//! ([`Seeded`], the same choices for a seed everywhere).

pub mod polyglot;
pub mod seeded;
pub mod text;

use crate::rules::{Key, Move, Position};
use std::collections::HashMap;

pub use seeded::Seeded;
pub use text::{BookError, ReadReport, read_book_text};

/// The 1967 line of game 4 (paper §11), in `book.22`'s format.
pub const BOOK_1967: &str = include_str!("../book/ruy-lopez-exchange-1967.txt");

/// The later program's book text, as it survives (`RG; BOOK 22`).
pub const BOOK_22: &str = include_str!("../book/book.22");

/// One book move in one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Which text it came from: 0 the 1967 line, 1 `book.22`. Lower tiers are preferred.
    pub tier: u8,
    /// How many times the texts give it here.
    pub count: u32,
}

/// What a book holds, for `machack book --stats`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BookStats {
    /// Distinct positions with at least one book move.
    pub positions: usize,
    /// Distinct (position, move) pairs.
    pub moves: usize,
}

/// An opening book: moves by position key.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: HashMap<Key, Vec<BookMove>>,
}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// The book compiled into the program: the 1967 line, then `book.22`. The texts are checked
    /// by the tests, so their reports are not repeated here.
    pub fn builtin() -> Book {
        let mut book = Book::new();
        read_book_text(BOOK_1967, 0, &mut book);
        read_book_text(BOOK_22, 1, &mut book);
        book
    }

    /// Adds `mv` as a book move in `pos` from a text of `tier`.
    pub fn add(&mut self, pos: &Position, mv: Move, tier: u8) {
        let list = self.entries.entry(pos.key()).or_default();
        match list.iter_mut().find(|b| b.mv == mv) {
            Some(b) => {
                b.count += 1;
                b.tier = b.tier.min(tier);
            }
            None => list.push(BookMove { mv, tier, count: 1 }),
        }
    }

    /// The book moves in `pos` that are legal there (a key collision cannot yield an illegal
    /// move), in the order the texts gave them.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let Some(list) = self.entries.get(&pos.key()) else {
            return Vec::new();
        };
        let legal = pos.legal_moves();
        list.iter()
            .filter(|b| legal.contains(b.mv))
            .copied()
            .collect()
    }

    /// Chooses a book move in `pos`: uniformly among the moves of the lowest tier present.
    pub fn choose(&self, pos: &Position, rng: &mut Seeded) -> Option<Move> {
        let moves = self.moves(pos);
        let tier = moves.iter().map(|b| b.tier).min()?;
        let best: Vec<Move> = moves
            .iter()
            .filter(|b| b.tier == tier)
            .map(|b| b.mv)
            .collect();
        Some(best[rng.below(best.len())])
    }

    /// Each position's key and its book moves, in no particular order (legal or not: a key
    /// collision is not checked here, see [`Book::moves`]).
    pub fn entries(&self) -> impl Iterator<Item = (Key, &[BookMove])> {
        self.entries.iter().map(|(k, v)| (*k, v.as_slice()))
    }

    /// How many positions and moves the book holds.
    pub fn stats(&self) -> BookStats {
        BookStats {
            positions: self.entries.len(),
            moves: self.entries.values().map(Vec::len).sum(),
        }
    }
}
