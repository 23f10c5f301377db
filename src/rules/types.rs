//! Vocabulary types of the board: squares, colours, pieces and their values.

use std::fmt;
use std::ops::Not;

/// A square of the board, a1 = 0 … h8 = 63 (file + 8 × rank, both from White's side).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with index `i` (0..64); the caller guarantees the range.
    pub const fn new(i: u8) -> Square {
        debug_assert!(i < 64);
        Square(i)
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank), both 0..8.
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }

    /// The square at `file`, `rank` if both are on the board.
    pub fn try_from_coords(file: i32, rank: i32) -> Option<Square> {
        ((0..8).contains(&file) && (0..8).contains(&rank))
            .then(|| Square::from_coords(file as u8, rank as u8))
    }

    /// Index 0..64, for tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..8 (0 = a).
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0..8 from White's side (0 = first rank).
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// Rank 0..8 counted from `color`'s own back rank, as descriptive notation counts it.
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }

    /// The same square seen from the other side of the board (a1 ↔ a8).
    pub const fn flip(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `delta` ranks forward for `color` (no range check).
    pub const fn forward(self, color: Color, ranks: i8) -> Square {
        match color {
            Color::White => Square((self.0 as i8 + 8 * ranks) as u8),
            Color::Black => Square((self.0 as i8 - 8 * ranks) as u8),
        }
    }

    /// Parses a coordinate name such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        (file < 8 && rank < 8).then(|| Square::from_coords(file, rank))
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Chebyshev (king-move) distance between two squares.
    pub fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        df.max(dr)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// Named squares, for tests and tables.
#[allow(missing_docs)]
pub mod sq {
    use super::Square;
    macro_rules! squares {
        ($($name:ident = $i:expr),* $(,)?) => { $(pub const $name: Square = Square::new($i);)* };
    }
    squares!(
        A1 = 0,
        B1 = 1,
        C1 = 2,
        D1 = 3,
        E1 = 4,
        F1 = 5,
        G1 = 6,
        H1 = 7,
        A2 = 8,
        B2 = 9,
        C2 = 10,
        D2 = 11,
        E2 = 12,
        F2 = 13,
        G2 = 14,
        H2 = 15,
        A3 = 16,
        B3 = 17,
        C3 = 18,
        D3 = 19,
        E3 = 20,
        F3 = 21,
        G3 = 22,
        H3 = 23,
        A4 = 24,
        B4 = 25,
        C4 = 26,
        D4 = 27,
        E4 = 28,
        F4 = 29,
        G4 = 30,
        H4 = 31,
        A5 = 32,
        B5 = 33,
        C5 = 34,
        D5 = 35,
        E5 = 36,
        F5 = 37,
        G5 = 38,
        H5 = 39,
        A6 = 40,
        B6 = 41,
        C6 = 42,
        D6 = 43,
        E6 = 44,
        F6 = 45,
        G6 = 46,
        H6 = 47,
        A7 = 48,
        B7 = 49,
        C7 = 50,
        D7 = 51,
        E7 = 52,
        F7 = 53,
        G7 = 54,
        H7 = 55,
        A8 = 56,
        B8 = 57,
        C8 = 58,
        D8 = 59,
        E8 = 60,
        F8 = 61,
        G8 = 62,
        H8 = 63,
    );
}

/// A side: White or Black.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The other side.
    Black,
}

impl Color {
    /// 0 for White, 1 for Black, for tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// `1` for White, `-1` for Black: the sign of this side's scores from White's point of view.
    pub const fn sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// "White" or "Black".
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The kind of a piece, in increasing order of value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum PieceKind {
    /// P
    Pawn,
    /// N
    Knight,
    /// B
    Bishop,
    /// R
    Rook,
    /// Q
    Queen,
    /// K
    King,
}

impl PieceKind {
    /// All kinds, least valuable first.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// 0..6, for tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the kind (`P N B R Q K`), as both notations use it.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
        }
    }

    /// The kind's name in English, lower case (`knight`).
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Knight => "knight",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Queen => "queen",
            PieceKind::King => "king",
        }
    }

    /// The kind named by an upper- or lower-case letter.
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'N' => PieceKind::Knight,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'Q' => PieceKind::Queen,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// The 1967 material value, pawn = 128 (paper §3, table B).
    pub const fn value(self) -> i32 {
        match self {
            PieceKind::Pawn => 128,
            PieceKind::Knight => 416,
            PieceKind::Bishop => 448,
            PieceKind::Rook => 640,
            PieceKind::Queen => 1248,
            PieceKind::King => 1536,
        }
    }

    /// The four kinds a pawn may promote to, queen first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];
}

/// A coloured piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub kind: PieceKind,
}

impl Piece {
    /// The piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// 0..12 (White pawn … Black king), for tables.
    pub const fn index(self) -> usize {
        self.color.index() * 6 + self.kind.index()
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece named by a FEN letter.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}
