//! Moves packed in 16 bits, and a fixed-capacity move list.

use super::types::{PieceKind, Square};
use std::fmt;

/// A move: from-square, to-square and a 4-bit kind.
///
/// | bits  | field |
/// |-------|-------|
/// | 0–5   | from square |
/// | 6–11  | to square |
/// | 12–15 | kind: 0 quiet, 1 double pawn push, 2 castle king-side, 3 castle queen-side, 4 capture, 5 en passant, 8–11 promotion to N B R Q, 12–15 promotion with capture |
///
/// A move means something only together with the position it was generated in; castling is
/// stored as the king's move (e1g1).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

/// What a move does besides going from one square to another.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// An ordinary move to an empty square.
    Quiet,
    /// A pawn's first move of two squares.
    DoublePush,
    /// O-O.
    CastleKingSide,
    /// O-O-O.
    CastleQueenSide,
    /// A capture on the to-square.
    Capture,
    /// A pawn capturing en passant.
    EnPassant,
    /// A pawn promoting on an empty square.
    Promotion(PieceKind),
    /// A pawn promoting with a capture.
    PromotionCapture(PieceKind),
}

impl Move {
    /// The null move: never legal, used as "no move" in tables.
    pub const NULL: Move = Move(0);

    /// Packs a move.
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let k: u16 = match kind {
            MoveKind::Quiet => 0,
            MoveKind::DoublePush => 1,
            MoveKind::CastleKingSide => 2,
            MoveKind::CastleQueenSide => 3,
            MoveKind::Capture => 4,
            MoveKind::EnPassant => 5,
            MoveKind::Promotion(p) => 8 + promo_code(p),
            MoveKind::PromotionCapture(p) => 12 + promo_code(p),
        };
        Move(from.index() as u16 | (to.index() as u16) << 6 | k << 12)
    }

    /// The packed 16 bits (for hash-table entries).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move packed as `bits` (only meaningful for bits from [`Move::bits`]).
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The square the piece leaves.
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The square the piece reaches (for castling, the king's square).
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    /// The kind of move.
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            0 => MoveKind::Quiet,
            1 => MoveKind::DoublePush,
            2 => MoveKind::CastleKingSide,
            3 => MoveKind::CastleQueenSide,
            4 => MoveKind::Capture,
            5 => MoveKind::EnPassant,
            k @ 8..=11 => MoveKind::Promotion(promo_kind(k - 8)),
            k => MoveKind::PromotionCapture(promo_kind(k & 3)),
        }
    }

    /// Whether the move captures (en passant included).
    pub const fn is_capture(self) -> bool {
        let k = self.0 >> 12;
        k == 4 || k == 5 || k >= 12
    }

    /// Whether the move is castling.
    pub const fn is_castle(self) -> bool {
        let k = self.0 >> 12;
        k == 2 || k == 3
    }

    /// Whether the move is an en passant capture.
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == 5
    }

    /// The piece a pawn promotes to, if it does.
    pub const fn promotion(self) -> Option<PieceKind> {
        let k = self.0 >> 12;
        if k >= 8 {
            Some(promo_kind(k & 3))
        } else {
            None
        }
    }

    /// The move in coordinate (UCI) form: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    pub fn coordinate(self) -> String {
        let mut s = format!("{}{}", self.from(), self.to());
        if let Some(p) = self.promotion() {
            s.push(p.letter().to_ascii_lowercase());
        }
        s
    }
}

const fn promo_code(p: PieceKind) -> u16 {
    match p {
        PieceKind::Knight => 0,
        PieceKind::Bishop => 1,
        PieceKind::Rook => 2,
        _ => 3,
    }
}

const fn promo_kind(code: u16) -> PieceKind {
    match code {
        0 => PieceKind::Knight,
        1 => PieceKind::Bishop,
        2 => PieceKind::Rook,
        _ => PieceKind::Queen,
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.coordinate())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.coordinate())
    }
}

/// The most legal moves any chess position has is 218; this leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Adds a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// The number of moves.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Whether the list holds `m`.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::types::sq::*;

    #[test]
    fn packing_round_trips_every_kind() {
        let kinds = [
            MoveKind::Quiet,
            MoveKind::DoublePush,
            MoveKind::CastleKingSide,
            MoveKind::CastleQueenSide,
            MoveKind::Capture,
            MoveKind::EnPassant,
            MoveKind::Promotion(PieceKind::Knight),
            MoveKind::Promotion(PieceKind::Queen),
            MoveKind::PromotionCapture(PieceKind::Bishop),
            MoveKind::PromotionCapture(PieceKind::Rook),
        ];
        for k in kinds {
            let m = Move::new(E7, D8, k);
            assert_eq!((m.from(), m.to(), m.kind()), (E7, D8, k));
        }
        assert_eq!(
            Move::new(E7, D8, MoveKind::PromotionCapture(PieceKind::Queen)).coordinate(),
            "e7d8q"
        );
    }
}
