//! The book as a Polyglot `.bin` (`machack book --polyglot FILE`), the format xboard, cutechess
//! and most GUIs read: 16-byte entries, big-endian, sorted by key — the position's key (a
//! Polyglot key: `rules::zobrist`), the move, a weight and 32 bits of learning data (0 here).
//!
//! The move: to-square in bits 0-5 and from-square in bits 6-11 (a1 = 0 … h8 = 63, as
//! [`Square::index`]), the promotion piece in bits 12-14 (knight 1, bishop 2, rook 3, queen 4);
//! castling as the king taking its own rook (e1h1 for White's O-O), as Polyglot writes it.
//!
//! The weight says what machack plays: in each position, each move of the book's preferred text
//! (the lowest tier present, see [`Book::choose`]) weighs 1, so a reader choosing by weight plays
//! them uniformly, as machack does; a move of another text in the same position weighs 0: it is
//! in the book, but machack never plays it there, and Polyglot readers skip weight 0 unless asked.

use super::{Book, BookMove};
use crate::rules::{Move, MoveKind, PieceKind, Square};

/// The size of one entry in bytes.
pub const ENTRY_BYTES: usize = 16;

/// One entry of a Polyglot book.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    /// The position's key.
    pub key: u64,
    /// The move, in Polyglot's encoding ([`encode`]).
    pub mv: u16,
    /// The move's weight.
    pub weight: u16,
}

/// `m` in Polyglot's encoding.
pub fn encode(m: Move) -> u16 {
    let from = m.from();
    // Castling: the king takes its own rook (on the king's rank, the h- or a-file).
    let to = match m.kind() {
        MoveKind::CastleKingSide => Square::from_coords(7, from.rank()),
        MoveKind::CastleQueenSide => Square::from_coords(0, from.rank()),
        _ => m.to(),
    };
    let promotion: u16 = match m.promotion() {
        None => 0,
        Some(PieceKind::Knight) => 1,
        Some(PieceKind::Bishop) => 2,
        Some(PieceKind::Rook) => 3,
        Some(_) => 4,
    };
    to.index() as u16 | (from.index() as u16) << 6 | promotion << 12
}

/// The book's entries, sorted by key (and, within a key, heaviest first, then by move).
pub fn entries(book: &Book) -> Vec<Entry> {
    let mut out = Vec::new();
    for (key, moves) in book.entries() {
        let Some(tier) = moves.iter().map(|b: &BookMove| b.tier).min() else {
            continue;
        };
        out.extend(moves.iter().map(|b| Entry {
            key,
            mv: encode(b.mv),
            weight: u16::from(b.tier == tier),
        }));
    }
    out.sort_by_key(|e| (e.key, std::cmp::Reverse(e.weight), e.mv));
    out
}

/// The book as the bytes of a `.bin` file.
pub fn to_bytes(book: &Book) -> Vec<u8> {
    let entries = entries(book);
    let mut out = Vec::with_capacity(entries.len() * ENTRY_BYTES);
    for e in entries {
        out.extend_from_slice(&e.key.to_be_bytes());
        out.extend_from_slice(&e.mv.to_be_bytes());
        out.extend_from_slice(&e.weight.to_be_bytes());
        out.extend_from_slice(&0u32.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    fn find(pos: &Position, text: &str) -> Move {
        *pos.legal_moves()
            .iter()
            .find(|m| m.coordinate() == text)
            .unwrap()
    }

    /// Polyglot's move encoding: e2e4 = from 12, to 28; castling the king to its rook;
    /// a promotion's piece in bits 12-14.
    #[test]
    fn moves_are_encoded_as_polyglot_encodes_them() {
        let start = Position::startpos();
        assert_eq!(encode(find(&start, "e2e4")), 28 | 12 << 6);
        assert_eq!(encode(find(&start, "g1f3")), 21 | 6 << 6);
        let castles = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        assert_eq!(encode(find(&castles, "e1g1")), 7 | 4 << 6);
        assert_eq!(encode(find(&castles, "e1c1")), 4 << 6);
        let black = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
        assert_eq!(encode(find(&black, "e8g8")), 63 | 60 << 6);
        assert_eq!(encode(find(&black, "e8c8")), 56 | 60 << 6);
        let promote = Position::from_fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(encode(find(&promote, "a7a8q")), 56 | 48 << 6 | 4 << 12);
        assert_eq!(encode(find(&promote, "a7b8n")), 57 | 48 << 6 | 1 << 12);
        assert_eq!(encode(find(&promote, "a7a8r")), 56 | 48 << 6 | 3 << 12);
    }

    /// The start position's entries: the key Polyglot gives it, sorted, 16 big-endian bytes
    /// each; the 1967 text's 1. P-K4 weighs 1, `book.22`'s other first moves 0.
    #[test]
    fn the_start_positions_entries_put_the_1967_move_first() {
        let book = Book::builtin();
        let all = entries(&book);
        assert!(all.windows(2).all(|w| w[0].key <= w[1].key));
        let start: Vec<Entry> = all
            .iter()
            .filter(|e| e.key == 0x463b_9618_1691_fc9c)
            .copied()
            .collect();
        assert_eq!(start[0].mv, 28 | 12 << 6);
        assert_eq!(start[0].weight, 1);
        assert!(start[1..].iter().all(|e| e.weight == 0), "{start:?}");
        let bytes = to_bytes(&book);
        assert_eq!(bytes.len(), all.len() * ENTRY_BYTES);
        let at = all.iter().position(|e| e == &start[0]).unwrap() * ENTRY_BYTES;
        assert_eq!(
            bytes[at..at + ENTRY_BYTES],
            [
                0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c, 0x03, 0x1c, 0, 1, 0, 0, 0, 0
            ]
        );
    }
}
