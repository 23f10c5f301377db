//! The program's own board (c197 lines 114-216 `PIECE` … `PLPWN`, 316-321 `BOARD`, 5142-5198
//! `PVALUE` `RPVAL` `LMGT` `LMGSTD` `SNFBP`): a 10 × 12 mailbox of piece *numbers*, each piece's
//! location, how often it has moved, and its values; `MMOVE` (2736-2890) makes a move on it.
//!
//! Piece numbers are what the program's tie order follows: it generates moves piece by piece in
//! number order. White's are 1-8 for the pawns from the KR pawn to the QR pawn (the pawns keep
//! their number, i.e. their original file, after captures and promotion), 9 KR, 10 KN, 11 KB,
//! 12 K, 13 Q, 14 QB, 15 QN, 16 QR; Black's the same plus 16 (`PIECE`, 117-156; `BDINI`
//! 220-240 puts 1-8 on rank 2 and 9-16 on rank 1, the KR file first).
//!
//! Squares (`Loc`) are the program's board indices: 10 × row + column, rows 2-9 = ranks 1-8
//! (White's first rank is row 2), columns 1-8 = the files KR…QR (h…a); the rest is border
//! (`BOARD`, 316-321; `BPREL` 5945-5964).

use crate::rules::{Color, Move, MoveKind, MoveList, PieceKind, Position, Square};

/// A square of the program's board: 10 × row + column.
pub type Loc = usize;
/// A piece number 1..=32 (0: none).
pub type Pc = usize;

/// Board width (`BW==10.`).
pub const BW: Loc = 10;
/// Board size (`BD2==12.*10.`).
pub const BD2: Loc = 120;
/// Pieces in all (`NPC==32.`).
pub const NPC: Pc = 32;
/// Pieces a side (`NPCS==16.`).
pub const NPCS: Pc = 16;
/// What `BOARD` holds outside the 64 squares: negative, as the program's border words are, and
/// with no bit of a piece's number (see [`Board::at`]).
pub const BORDER: i8 = i8::MIN;

/// Castling as the program lists it (`LMCAS`, 3514-3534): piece 0, "square" 376 / 377.
pub const CASTLE_KING: Loc = 0o376;
/// O-O-O.
pub const CASTLE_QUEEN: Loc = 0o377;

/// Piece types as `PTID` numbers them (`PID==0` … `KID==5`, 39-44).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `PID`.
    Pawn = 0,
    /// `KNID`.
    Knight = 1,
    /// `BID`.
    Bishop = 2,
    /// `RID`.
    Rook = 3,
    /// `QID`.
    Queen = 4,
    /// `KID`.
    King = 5,
}

impl Kind {
    /// The six kinds, in their numbers' order.
    pub const ALL: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// Whether the kind slides along ranks and files (the sign of `RFPCS`, 371-378).
    pub const fn rfpcs(self) -> bool {
        matches!(self, Kind::Rook | Kind::Queen)
    }
    /// Whether the kind slides along diagonals (the sign of `DDPCS`, 379-386).
    pub const fn ddpcs(self) -> bool {
        matches!(self, Kind::Bishop | Kind::Queen)
    }
    /// Our kind of piece.
    pub const fn piece_kind(self) -> PieceKind {
        match self {
            Kind::Pawn => PieceKind::Pawn,
            Kind::Knight => PieceKind::Knight,
            Kind::Bishop => PieceKind::Bishop,
            Kind::Rook => PieceKind::Rook,
            Kind::Queen => PieceKind::Queen,
            Kind::King => PieceKind::King,
        }
    }

    /// The program's type of our kind of piece.
    pub const fn of(k: PieceKind) -> Kind {
        match k {
            PieceKind::Pawn => Kind::Pawn,
            PieceKind::Knight => Kind::Knight,
            PieceKind::Bishop => Kind::Bishop,
            PieceKind::Rook => Kind::Rook,
            PieceKind::Queen => Kind::Queen,
            PieceKind::King => Kind::King,
        }
    }
}

/// The KR pawn's number for a side (White 1, Black 17).
pub const fn first(side: usize) -> Pc {
    1 + NPCS * side
}
/// The king's number (`WKING`/`BKING`).
pub const fn king(side: usize) -> Pc {
    12 + NPCS * side
}
/// The queen's original number.
pub const fn queen(side: usize) -> Pc {
    13 + NPCS * side
}
/// The king's rook (`WKR`).
pub const fn king_rook(side: usize) -> Pc {
    9 + NPCS * side
}
/// The queen's rook (`WQR`).
pub const fn queen_rook(side: usize) -> Pc {
    16 + NPCS * side
}
/// The KP (`WKP==4`) and QP (`WQP==5`) of a side, by number.
pub const fn centre_pawns(side: usize) -> [Pc; 2] {
    [4 + NPCS * side, 5 + NPCS * side]
}
/// 0 for White's pieces, 1 for Black's.
pub const fn side_of(p: Pc) -> usize {
    if p <= NPCS { 0 } else { 1 }
}

/// The original type of each piece number within a side (1-based).
const ORIGINAL: [Kind; 16] = [
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Rook,
    Kind::Knight,
    Kind::Bishop,
    Kind::King,
    Kind::Queen,
    Kind::Bishop,
    Kind::Knight,
    Kind::Rook,
];

/// `PWNV==200` (5121): a pawn, 128 (the listing's numbers are octal).
pub const PWNV: i32 = 128;
/// `KQV==2340` (5123), 1248: a piece worth this or more is a king or queen to the generator.
pub const KQV: i32 = 1248;
/// `QNINC: 2140` (5143), 1120: "diff pwn on seventh vs queen".
pub const QNINC: i32 = 1120;
/// `TPCS`: a side's material at the start, counted as `PCBAL` counts it (5124).
pub const TPCS: i32 = 8 * PWNV + 2 * (640 + 416 + 448) + KQV + 1;

/// `RPVAL`, the real value of a type (5144-5156, octal 200 1200 640 700 3000 2340).
pub const fn real_value(k: Kind) -> i32 {
    match k {
        Kind::Pawn => PWNV,
        Kind::Knight => 416,
        Kind::Bishop => 448,
        Kind::Rook => 640,
        Kind::Queen => KQV,
        Kind::King => 1536,
    }
}

/// What a promotion adds to the pawn's `PVALUE`, `RPVAL` and its side's `PCBAL`: `MMS5` adds
/// `QNINC`, the queen's real value over a pawn's (2849-2851). For another kind — a piece the
/// program never promotes to, held only where a game under-promoted (see [`Board::make_as`]) —
/// that kind's real value over a pawn's, in the same way (a reconstruction).
pub const fn promotion_gain(k: Kind) -> i32 {
    real_value(k) - PWNV
}

/// Whether pieces of kind `k` move along lines and so hold a `BDAST` index (`PTIDS`).
pub const fn line_piece(k: Kind) -> bool {
    matches!(k, Kind::Rook | Kind::Bishop | Kind::Queen)
}

/// `PCATV` (173-184): the code a piece adds to the attack word of a square it attacks, beside
/// the count (P 6, N 5, B 4, R 3, Q 2, K 1).
pub const fn attack_code(k: Kind) -> i64 {
    match k {
        Kind::Pawn => 6,
        Kind::Knight => 5,
        Kind::Bishop => 4,
        Kind::Rook => 3,
        Kind::Queen => 2,
        Kind::King => 1,
    }
}

/// The program's square for one of ours.
pub fn loc(s: Square) -> Loc {
    (s.rank() as Loc + 2) * BW + (8 - s.file() as Loc)
}

/// Our square for one of the program's, if it is on the board: read from a table of the
/// board's 120 (the search asks it for both squares of every move it makes), which the
/// coordinates fill.
#[inline]
pub fn square(l: Loc) -> Option<Square> {
    SQUARES.get(l).copied().flatten()
}

/// [`square`] as the coordinates give it: the rows 2-9, the columns 1-8.
const fn square_plain(l: Loc) -> Option<Square> {
    let (row, col) = (l / BW, l % BW);
    if row >= 2 && row <= 9 && col >= 1 && col <= 8 {
        Some(Square::from_coords((8 - col) as u8, (row - 2) as u8))
    } else {
        None
    }
}

/// Our square of each of the program's, None off the board (see [`square`]).
static SQUARES: [Option<Square>; BD2] = {
    let mut squares = [None; BD2];
    let mut l = 0;
    while l < BD2 {
        squares[l] = square_plain(l);
        l += 1;
    }
    squares
};

/// A set of things numbered from 0, a bit a thing, in an unsigned word of any width (see
/// [`bits`]): each width keeps its own instructions.
pub trait BitSet: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The lowest bit's number, and the set without it (the set is not empty).
    fn take_lowest(self) -> (usize, Self);
}

macro_rules! bit_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn take_lowest(self) -> (usize, Self) {
                (self.trailing_zeros() as usize, self & (self - 1))
            }
        }
    )*};
}
bit_set!(u8, u16, u32, u64, u128);

/// The numbers of a set's bits, lowest first: the pieces of a set of pieces (a bit a piece),
/// the files of a set of files, the squares of a set of squares (bit `l` for square `l`), the
/// slots of a square that hold a piece.
pub fn bits<S: BitSet>(mut set: S) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set.is_empty() {
            return None;
        }
        let (k, rest) = set.take_lowest();
        set = rest;
        Some(k)
    })
}

/// Bit 7 of each byte of a word.
pub const HIGH: u64 = 0x8080_8080_8080_8080;

/// Bit 8k+7 set for each byte k of `x` that is not 0: each byte's low seven bits added to
/// 0x7f carry into its bit 7 unless they are all 0 (no carry crosses a byte).
pub const fn nonzero_bytes(x: u64) -> u64 {
    (((x & !HIGH) + !HIGH) | x) & HIGH
}

/// `BRANK`: the rank 1..8 from White's side (5945-5964).
pub const fn brank(l: Loc) -> i32 {
    (l / BW) as i32 - 1
}
/// `BFILE`: the file 1..8, KR file first.
pub const fn bfile(l: Loc) -> i32 {
    (l % BW) as i32
}
/// `BPDAG`: rank + file, one number per diagonal of one direction.
pub const fn bpdag(l: Loc) -> i32 {
    brank(l) + bfile(l)
}
/// `BMDAG`: rank + 9 − file, the other diagonals.
pub const fn bmdag(l: Loc) -> i32 {
    brank(l) + 9 - bfile(l)
}

/// One move as the program writes it in its game record (`RECMOV`, the "standard internal move
/// format" of lines 53-64): what the same-piece modifications read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The moving piece (0 for castling).
    pub piece: Pc,
    /// Where it came from.
    pub from: Loc,
    /// Where it went.
    pub to: Loc,
    /// 4.9: a capture.
    pub capture: bool,
    /// 1.1-1.3 non-zero: castling, en passant or promotion.
    pub special: bool,
    /// A pawn became a queen.
    pub promotion: bool,
}

/// A move as the generator lists it: piece and destination (`PUSH P,A / HRLM B,(P)`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CMove {
    /// The piece (0 for castling).
    pub piece: Pc,
    /// The destination, or [`CASTLE_KING`] / [`CASTLE_QUEEN`].
    pub to: Loc,
}

/// The program's board and piece tables.
#[derive(Clone, Debug)]
pub struct Board {
    /// `BOARD`: piece number, 0 empty, [`BORDER`] off the board.
    pub board: [i8; BD2],
    /// `PIECEL`: each piece's square, 0 once captured.
    pub piecel: [Loc; NPC + 1],
    /// The type each piece number now has (`PTID`; a pawn promotes to a queen, 2832-2872).
    /// Index 0, no piece (an empty square's number), holds a knight: neither a pawn nor a
    /// slider, so that [`Board::pawn`], [`Board::rfpcs`] and [`Board::ddpcs`] read it as they
    /// read any piece, and find it none of those with no test of its own.
    pub kind: [Kind; NPC + 1],
    /// `NMOVES`: how often each piece has moved (castling counts for the king only).
    pub nmoves: [u32; NPC + 1],
    /// `NMKING`: whether each side has castled.
    pub nmking: [u32; 2],
    /// `PVALUE`: values the generator uses (a pawn gains 8 a rank, 2796-2806); index 0 is the
    /// word before the table, `QNINC`.
    pub pvalue: [i32; NPC + 1],
    /// `RPVAL`: real values; index 0 is the word before it, `PVALUE` of piece 32.
    pub rpval: [i32; NPC + 1],
    /// `PCBAL`: each side's material (queen 1248, king not counted) plus one.
    pub pcbal: [i32; 2],
    /// `PTIDS` field: each slider's index in `BDAST`, 0 for the others.
    pub slider: [u8; NPC + 1],
    /// `BDAST`: the piece of each slider index (1-15).
    pub bdast: [u8; 16],
    /// `GHLOC`: the square a pawn passed over on its double step, if an enemy pawn can take
    /// it en passant (the "ghost"); 0 if none.
    pub ghloc: Loc,
    /// `GHSD`: whose ghost: 1 White's, -1 Black's, 0 none.
    pub ghsd: i32,
    /// `PLYN`: plies played in the game.
    pub plyn: u32,
    /// The side to move (0 White, 1 Black).
    pub side: usize,
}

impl Board {
    /// Whether piece `p` is a slider along ranks and files ([`Kind::rfpcs`]); for 0, no
    /// piece, false (see [`Board::kind`]).
    pub fn rfpcs(&self, p: Pc) -> bool {
        self.kind[p].rfpcs()
    }
    /// Whether piece `p` is a slider along diagonals ([`Kind::ddpcs`]); for 0, false.
    pub fn ddpcs(&self, p: Pc) -> bool {
        self.kind[p].ddpcs()
    }
    /// Whether `p` is a pawn (`LMGT` sign); for 0, false.
    pub fn pawn(&self, p: Pc) -> bool {
        self.kind[p] == Kind::Pawn
    }
    /// The piece on `l` (0 for empty or border): the low seven bits of its byte, which
    /// [`BORDER`] leaves 0.
    pub fn at(&self, l: Loc) -> Pc {
        (self.board[l] as u8 & 0x7f) as Pc
    }
    /// Whether `l` is off the board.
    pub fn border(&self, l: Loc) -> bool {
        self.board[l] == BORDER
    }

    /// An empty board: border and empty squares, no pieces.
    fn empty(plyn: u32, side: usize) -> Board {
        let mut board = [BORDER; BD2];
        for row in 2..=9 {
            for col in 1..=8 {
                board[row * BW + col] = 0;
            }
        }
        // Piece 0's kind: none that `pawn`, `rfpcs` or `ddpcs` finds (see `Board::kind`).
        let mut kind = [Kind::Knight; NPC + 1];
        for p in 1..=NPC {
            kind[p] = ORIGINAL[(p - 1) % NPCS];
        }
        Board {
            board,
            piecel: [0; NPC + 1],
            kind,
            nmoves: [0; NPC + 1],
            nmking: [0; 2],
            pvalue: [0; NPC + 1],
            rpval: [0; NPC + 1],
            pcbal: [TPCS; 2],
            slider: [0; NPC + 1],
            bdast: [0; 16],
            ghloc: 0,
            ghsd: 0,
            plyn,
            side,
        }
    }

    /// Fills the values, slider indices and material from the pieces placed (the tables of
    /// lines 117-156 and 5144-5155 as they stand after the moves).
    fn finish(&mut self, promoted: &[Pc]) {
        // BDAST (165-170): KR KB Q QB QR of White are 1-5, of Black 6-10; promotions take the
        // next free index (2842-2848).
        let mut next = 11;
        for side in 0..2 {
            for (k, n) in [9, 11, 13, 14, 16].into_iter().enumerate() {
                let p = n + NPCS * side;
                self.slider[p] = (1 + k + 5 * side) as u8;
                self.bdast[self.slider[p] as usize] = p as u8;
            }
        }
        for &p in promoted {
            if next < 16 && line_piece(self.kind[p]) {
                self.slider[p] = next as u8;
                self.bdast[next] = p as u8;
                next += 1;
            }
        }
        self.pcbal = [1, 1];
        for p in 1..=NPC {
            let k = self.kind[p];
            let pawn_born = p <= 8 || (p > NPCS && p <= NPCS + 8);
            self.rpval[p] = real_value(k);
            self.pvalue[p] = real_value(k);
            if k == Kind::Pawn {
                let l = self.piecel[p];
                let steps = if l == 0 {
                    0
                } else if side_of(p) == 0 {
                    brank(l) - 2
                } else {
                    7 - brank(l)
                };
                self.pvalue[p] = PWNV + 8 * steps.max(0);
            } else if pawn_born {
                // A promoted pawn: its pawn value (six ranks, 176) plus what `MMS5` adds
                // (2849-2851).
                self.pvalue[p] = PWNV + 48 + promotion_gain(k);
            }
            if self.piecel[p] != 0 && k != Kind::King {
                self.pcbal[side_of(p)] += self.rpval[p];
            }
        }
        self.pvalue[0] = QNINC;
        self.rpval[0] = self.pvalue[NPC];
    }

    /// The start position (`BDINI`, 220-262).
    pub fn initial() -> Board {
        let mut b = Board::empty(0, 0);
        for side in 0..2 {
            let (pawn_row, piece_row) = if side == 0 { (3, 2) } else { (8, 9) };
            for col in 1..=8 {
                let pawn = col + NPCS * side;
                let piece = 8 + col + NPCS * side;
                b.place(pawn, pawn_row * BW + col);
                b.place(piece, piece_row * BW + col);
            }
        }
        b.finish(&[]);
        b
    }

    fn place(&mut self, p: Pc, l: Loc) {
        self.board[l] = p as i8;
        self.piecel[p] = l;
    }

    /// The board of a game played from the start position: `moves` are replayed, so every
    /// piece keeps its number and move count as the program would have them, and `each` sees
    /// the board and our position after every move. None if a move is not legal.
    pub fn from_game(moves: &[Move], mut each: impl FnMut(&Board, &Position)) -> Option<Board> {
        let mut b = Board::initial();
        let mut pos = Position::startpos();
        for &m in moves {
            if !pos.is_legal(m) {
                return None;
            }
            let cm = b.program_move(m)?;
            b.make_as(cm, m.promotion().map_or(Kind::Queen, Kind::of));
            pos.make(m);
            each(&b, &pos);
        }
        Some(b)
    }

    /// `PCRATIO` (2387), as `HACK1` sets it (2204-2206): White's material over Black's in 18-bit
    /// fixed point.
    pub fn pcratio(&self) -> i64 {
        ((self.pcbal[0] as i64) << 18) / self.pcbal[1] as i64
    }

    /// A board for a position whose game is unknown (a FEN): pieces are numbered by where they
    /// stand (pawns by file; rooks and knights by wing, the king's side first; bishops by the
    /// colour they run on; a second queen or a piece beyond the set takes a free pawn number),
    /// and a piece counts as unmoved on its original square (king and rooks only with their
    /// castling rights; a castled king as castled, its rook as unmoved, as castling leaves it).
    pub fn from_position(pos: &Position) -> Board {
        let side = pos.side_to_move().index();
        let mut b = Board::empty(pos.game_ply(), side);
        let mut promoted = Vec::new();
        for (ci, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let base = NPCS * ci;
            let mut used = [false; NPCS + 1];
            let mut extra: Vec<(Square, PieceKind)> = Vec::new();
            let take = |b: &mut Board, n: usize, s: Square, used: &mut [bool; NPCS + 1]| {
                used[n] = true;
                b.place(base + n, loc(s));
            };
            // Pawns: the file's number, the least advanced pawn of a file first.
            let mut pawns: Vec<Square> = pos.pieces(color, PieceKind::Pawn).into_iter().collect();
            pawns.sort_by_key(|s| (s.file(), s.relative_rank(color)));
            let mut doubled = Vec::new();
            for s in pawns {
                let n = 8 - s.file() as usize;
                if used[n] {
                    doubled.push(s);
                } else {
                    take(&mut b, n, s, &mut used);
                }
            }
            let wing_pair = |kind: PieceKind, king_side: usize, queen_side: usize| {
                let mut v: Vec<Square> = pos.pieces(color, kind).into_iter().collect();
                v.sort_by_key(|s| std::cmp::Reverse(s.file()));
                let mut out = Vec::new();
                match v.len() {
                    0 => {}
                    1 => out.push((
                        if v[0].file() >= 4 {
                            king_side
                        } else {
                            queen_side
                        },
                        v[0],
                    )),
                    _ => {
                        out.push((king_side, v[0]));
                        out.push((queen_side, v[1]));
                    }
                }
                (out, v.into_iter().skip(2).collect::<Vec<_>>())
            };
            let (rooks, more_rooks) = wing_pair(PieceKind::Rook, 9, 16);
            let (knights, more_knights) = wing_pair(PieceKind::Knight, 10, 15);
            for (n, s) in rooks.into_iter().chain(knights) {
                take(&mut b, n, s, &mut used);
            }
            extra.extend(more_rooks.into_iter().map(|s| (s, PieceKind::Rook)));
            extra.extend(more_knights.into_iter().map(|s| (s, PieceKind::Knight)));
            for s in pos.pieces(color, PieceKind::Bishop) {
                // The king's bishop runs on the colour of KB1: light for White, dark for Black.
                let light = (s.file() + s.rank()) % 2 == 1;
                let n = if light == (color == Color::White) {
                    11
                } else {
                    14
                };
                if used[n] {
                    extra.push((s, PieceKind::Bishop));
                } else {
                    take(&mut b, n, s, &mut used);
                }
            }
            for s in pos.pieces(color, PieceKind::Queen) {
                if used[13] {
                    extra.push((s, PieceKind::Queen));
                } else {
                    take(&mut b, 13, s, &mut used);
                }
            }
            take(&mut b, 12, pos.king_square(color), &mut used);
            for s in doubled {
                let n = (1..=8)
                    .filter(|&n| !used[n])
                    .min_by_key(|&n| (n as i32 - (8 - s.file() as i32)).abs());
                if let Some(n) = n {
                    take(&mut b, n, s, &mut used);
                }
            }
            for (s, k) in extra {
                // A piece the set does not have: a promoted pawn (the program promotes only to
                // queens; other kinds keep their type here, see `make_as`), on a free pawn
                // number; with none free (a position no game of the program reaches), on any
                // free number (a reconstruction: every number's `PTID` can hold any kind).
                if let Some(n) = (1..=8).chain(9..=NPCS).find(|&n| !used[n]) {
                    take(&mut b, n, s, &mut used);
                    b.kind[base + n] = Kind::of(k);
                    promoted.push(base + n);
                }
            }
            // Move counts: unmoved on the original square (king and rooks only with rights).
            let rights = pos.castling();
            let home = |n: usize| -> Square {
                let rank = if color == Color::White { 0 } else { 7 };
                let file = if n <= 8 { 8 - n } else { 16 - n };
                Square::from_coords(file as u8, rank)
            };
            for n in 1..=NPCS {
                let l = b.piecel[base + n];
                let Some(s) = square(l) else { continue };
                let moved = if n <= 8 {
                    s.relative_rank(color) != 1
                } else {
                    s != home(n)
                };
                b.nmoves[base + n] = moved as u32;
            }
            use crate::rules::CastleSide;
            let k = king(ci);
            let any_right = rights.any(color);
            if any_right {
                b.nmoves[k] = 0;
            } else if b.nmoves[k] == 0 {
                b.nmoves[k] = 1;
            }
            if !rights.has(color, CastleSide::King) && b.nmoves[king_rook(ci)] == 0 {
                b.nmoves[king_rook(ci)] = 1;
            }
            if !rights.has(color, CastleSide::Queen) && b.nmoves[queen_rook(ci)] == 0 {
                b.nmoves[queen_rook(ci)] = 1;
            }
            // A king on KN1 or QB1 with its rook beside it has castled.
            let ks = pos.king_square(color);
            let rank = ks.relative_rank(color);
            let rook_there = |file: u8| {
                let s = Square::from_coords(file, ks.rank());
                pos.piece_at(s) == Some(crate::rules::Piece::new(color, PieceKind::Rook))
            };
            if rank == 0 && !any_right {
                let castled_rook = match ks.file() {
                    6 if rook_there(5) => Some(Square::from_coords(5, ks.rank())),
                    2 if rook_there(3) => Some(Square::from_coords(3, ks.rank())),
                    _ => None,
                };
                if let Some(rs) = castled_rook {
                    b.nmking[ci] = 1;
                    b.nmoves[k] = 1;
                    let r = b.at(loc(rs));
                    if r != 0 {
                        b.nmoves[r] = 0;
                    }
                }
            }
        }
        // The ghost: only when an enemy pawn stands beside the pawn that passed (2811-2822).
        if let Some(ep) = pos.ep_square() {
            let mover = 1 - side;
            let passed = if mover == 0 {
                loc(ep) + BW
            } else {
                loc(ep) - BW
            };
            let beside = [passed + 1, passed - 1]
                .iter()
                .any(|&l| b.pawn(b.at(l)) && side_of(b.at(l)) == side);
            if beside {
                b.ghloc = loc(ep);
                b.ghsd = if mover == 0 { 1 } else { -1 };
            }
        }
        b.finish(&promoted);
        b
    }

    /// The pieces the program could not have on its board (see [`Board::make_as`] and
    /// [`Board::from_position`]): a pawn's number holding another piece than a pawn or a queen,
    /// or a piece's number holding another kind than its own. Each with its square and kind.
    pub fn unheld(&self) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        (1..=NPC).filter_map(move |p| {
            let (kind, own) = (self.kind[p], ORIGINAL[(p - 1) % NPCS]);
            let held = kind == own || (own == Kind::Pawn && kind == Kind::Queen);
            let square = square(self.piecel[p])?;
            (!held).then(|| (square, kind.piece_kind()))
        })
    }

    /// The program's form of our move `m`.
    pub fn program_move(&self, m: Move) -> Option<CMove> {
        match m.kind() {
            MoveKind::CastleKingSide => Some(CMove {
                piece: 0,
                to: CASTLE_KING,
            }),
            MoveKind::CastleQueenSide => Some(CMove {
                piece: 0,
                to: CASTLE_QUEEN,
            }),
            _ => {
                let piece = self.at(loc(m.from()));
                (piece != 0).then(|| CMove {
                    piece,
                    to: loc(m.to()),
                })
            }
        }
    }

    /// Our form of the program's move among `legal` (the legal moves of the position this
    /// board stands as), if it is there: a pawn reaching the last rank becomes a queen, the
    /// only promotion the program knows.
    pub fn rules_move_in(&self, legal: &MoveList, m: CMove) -> Option<Move> {
        if m.piece == 0 {
            let want = if m.to == CASTLE_KING {
                MoveKind::CastleKingSide
            } else {
                MoveKind::CastleQueenSide
            };
            return legal.iter().copied().find(|mv| mv.kind() == want);
        }
        let from = square(self.piecel[m.piece])?;
        let to = square(m.to)?;
        legal.iter().copied().find(|mv| {
            mv.from() == from
                && mv.to() == to
                && matches!(mv.promotion(), None | Some(PieceKind::Queen))
                && !mv.is_castle()
        })
    }

    /// Makes `m` as `MMOVE` does (2736-2890): captures (en passant through the ghost), the move
    /// count, a pawn's value (+8 a rank, +8 more for the double step), the ghost when an enemy
    /// pawn stands beside a double step, promotion to a queen. Legality is the caller's.
    pub fn make(&mut self, m: CMove) -> Record {
        self.make_as(m, Kind::Queen)
    }

    /// [`Board::make`], a pawn reaching the last rank becoming `promoted`: a queen, as in the
    /// program (`MMS5`), or — only for a move of the game that under-promoted — the piece it
    /// became (see `Board::promote`).
    pub fn make_as(&mut self, m: CMove, promoted: Kind) -> Record {
        let side = self.side;
        let mut rec = Record {
            piece: m.piece,
            from: 0,
            to: m.to,
            capture: false,
            special: false,
            promotion: false,
        };
        // MMGF1 (2883-2890): the ghost lives for one move only.
        let ghost = std::mem::take(&mut self.ghloc);
        self.ghsd = 0;
        if m.piece == 0 {
            // MLKCAS / MLQCAS (3260-3295): king two squares, the rook beside it; only the king's
            // move count and NMKING change.
            let k = king(side);
            let kl = self.piecel[k];
            let (r, kto, rto) = if m.to == CASTLE_KING {
                let r = king_rook(side);
                (r, kl - 2, self.piecel[r] + 2)
            } else {
                let r = queen_rook(side);
                (r, kl + 2, self.piecel[r] - 3)
            };
            rec.from = kl;
            rec.special = true;
            let rl = self.piecel[r];
            self.board[kl] = 0;
            self.board[rl] = 0;
            self.place(k, kto);
            self.place(r, rto);
            self.nmking[side] += 1;
            self.nmoves[k] += 1;
            self.plyn += 1;
            self.side = 1 - side;
            return rec;
        }
        let b = m.piece;
        let from = self.piecel[b];
        rec.from = from;
        let pawn = self.pawn(b);
        // En passant: a pawn to the ghost takes the pawn behind it (2751-2761 in `MMOVE`).
        let victim_loc = if pawn && ghost != 0 && m.to == ghost {
            rec.special = true;
            if side == 0 { m.to - BW } else { m.to + BW }
        } else {
            m.to
        };
        let victim = self.at(victim_loc);
        if victim != 0 {
            rec.capture = true;
            // MMS4 (2777-2781): the victim leaves PCBAL.
            self.pcbal[1 - side] -= self.rpval[victim];
            self.piecel[victim] = 0;
            self.board[victim_loc] = 0;
        }
        self.nmoves[b] += 1;
        self.board[from] = 0;
        self.place(b, m.to);
        self.plyn += 1;
        if pawn {
            // MMOVE7 (2795-2806).
            self.pvalue[b] += 8;
            if self.nmoves[b] == 1 {
                if (5 * BW..7 * BW).contains(&m.to) {
                    self.pvalue[b] += 8;
                    self.maybe_ghost(b, m.to);
                }
            } else if !(3 * BW..9 * BW).contains(&m.to) {
                // MMS5 (2830-2872): to the last rank, a queen.
                rec.special = true;
                rec.promotion = true;
                self.promote(b, promoted);
            }
        }
        self.side = 1 - side;
        rec
    }

    /// Makes this board, `parent` after the move `rec` made on it ([`Board::make`]), `parent`
    /// again: what the move changed copied back from `parent` (its squares, the moving piece's
    /// and the piece taken's entries, the side's words), not the whole board. After castling
    /// the whole board is copied (its rook's squares are not in the record). The search makes a
    /// node's next child where its last one was made, the board copied at every child.
    pub fn take_back_to(&mut self, parent: &Board, rec: &Record) {
        let p = rec.piece;
        if p == 0 {
            return self.clone_from(parent);
        }
        // The square of the piece taken: behind the square reached, en passant.
        let taken = if rec.special && !rec.promotion {
            if rec.to > rec.from {
                rec.to - BW
            } else {
                rec.to + BW
            }
        } else {
            rec.to
        };
        for l in [rec.from, rec.to, taken] {
            self.board[l] = parent.board[l];
        }
        let victim = parent.at(taken);
        self.piecel[victim] = parent.piecel[victim];
        self.piecel[p] = parent.piecel[p];
        self.kind[p] = parent.kind[p];
        self.nmoves[p] = parent.nmoves[p];
        self.pvalue[p] = parent.pvalue[p];
        self.rpval[p] = parent.rpval[p];
        self.slider[p] = parent.slider[p];
        if rec.promotion {
            self.bdast = parent.bdast;
        }
        self.pcbal = parent.pcbal;
        self.ghloc = parent.ghloc;
        self.ghsd = parent.ghsd;
        self.plyn = parent.plyn;
        self.side = parent.side;
    }

    /// MMGH (2811-2822): a ghost behind a double step when an enemy pawn stands beside it.
    fn maybe_ghost(&mut self, b: Pc, to: Loc) {
        let side = side_of(b);
        for l in [to + 1, to - 1] {
            let p = self.at(l);
            if self.pawn(p) && side_of(p) != side {
                self.ghloc = if side == 0 { to - BW } else { to + BW };
                self.ghsd = if side == 0 { 1 } else { -1 };
                return;
            }
        }
    }

    /// `MMS5` (2830-2872): the pawn becomes a queen, its values rise by `QNINC`, it takes the
    /// next free `BDAST` index.
    ///
    /// The program promotes only to a queen: told `P-R8=N`, the running original makes a queen
    /// (checked with the kit, `reference/c197/README.md`), so it cannot hold a game that
    /// under-promoted. Such a game's piece is held as what it is, the nearest the program's
    /// design allows (a reconstruction): `MMS5`'s steps with that kind — its type in the pawn's
    /// number, its values raised by [`promotion_gain`], a `BDAST` index only for a piece that
    /// moves along lines. The program's own moves promote to a queen only.
    fn promote(&mut self, b: Pc, kind: Kind) {
        self.kind[b] = kind;
        let gain = promotion_gain(kind);
        self.pvalue[b] += gain;
        self.rpval[b] += gain;
        self.pcbal[side_of(b)] += gain;
        if !line_piece(kind) {
            return;
        }
        if let Some(free) = (1..16).find(|&i| self.bdast[i] == 0) {
            self.bdast[free] = b as u8;
            self.slider[b] = free as u8;
        }
    }
}

/// For tests: positions of random games from the start (a fixed xorshift), on the program's board
/// and in our rules, a few thousand.
#[cfg(test)]
pub(crate) fn random_positions() -> Vec<(Board, crate::rules::Position)> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    for _ in 0..120 {
        let (mut b, mut pos) = (Board::initial(), crate::rules::Position::startpos());
        for _ in 0..80 {
            // The program promotes only to a queen.
            let moves: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| matches!(m.promotion(), None | Some(crate::rules::PieceKind::Queen)))
                .collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[next() as usize % moves.len()];
            let Some(cm) = b.program_move(m) else {
                break;
            };
            b.make(cm);
            pos.make(m);
            out.push((b.clone(), pos.clone()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(b: &Board, s: &str) -> Pc {
        b.at(loc(Square::parse(s).unwrap()))
    }

    fn fen(text: &str) -> Board {
        Board::from_position(&Position::from_fen(text).unwrap())
    }

    #[test]
    fn a_board_taken_back_after_a_move_is_the_board_before_it() {
        // Every legal move of a sample of positions of random games (castling, en passant,
        // promotions, a ghost made), made on the board and taken back to it, and then a second
        // move made where the first was taken back: every field as a copy of the board has it.
        let same = |a: &Board, b: &Board| format!("{a:?}") == format!("{b:?}");
        let (mut moves, mut castles, mut en_passant, mut promotions) = (0, 0, 0, 0);
        for (b, pos) in random_positions().into_iter().step_by(3) {
            let cms: Vec<CMove> = pos
                .legal_moves()
                .iter()
                .filter_map(|&m| b.program_move(m))
                .collect();
            for (k, &cm) in cms.iter().enumerate() {
                let mut child = b.clone();
                let rec = child.make(cm);
                child.take_back_to(&b, &rec);
                assert!(same(&child, &b), "{} {cm:?}", pos.to_fen());
                let next = cms[(k + 1) % cms.len()];
                let mut made = b.clone();
                made.make(next);
                child.make(next);
                assert!(same(&child, &made), "{} {cm:?} {next:?}", pos.to_fen());
                moves += 1;
                castles += (rec.piece == 0) as usize;
                en_passant += (rec.special && !rec.promotion && rec.piece != 0) as usize;
                promotions += rec.promotion as usize;
            }
        }
        // The counts of this sample (a regression pin): moves, castles, en passant, promotions.
        assert_eq!(
            (moves, castles, en_passant, promotions),
            (98902, 89, 14, 220)
        );
    }

    #[test]
    fn no_piece_is_a_pawn_nor_a_slider_as_piece_0_read_as_one_is() {
        // `pawn`, `rfpcs` and `ddpcs` read piece 0's kind (a knight) as any piece's; the plain
        // forms test for 0 first. Every piece number of the start, of a board with promoted
        // pieces, and of the boards of random games.
        let plain = |b: &Board, p: Pc| {
            (
                p != 0 && b.kind[p] == Kind::Pawn,
                p != 0 && b.kind[p].rfpcs(),
                p != 0 && b.kind[p].ddpcs(),
            )
        };
        let promoted = fen("4k3/8/1q6/8/8/8/Q5Q1/4K3 w - - 0 40");
        let boards = [Board::initial(), promoted]
            .into_iter()
            .chain(random_positions().into_iter().map(|(b, _)| b));
        for b in boards {
            for p in 0..=NPC {
                assert_eq!((b.pawn(p), b.rfpcs(p), b.ddpcs(p)), plain(&b, p), "{p}");
            }
        }
    }

    #[test]
    fn the_piece_on_a_square_is_its_byte_masked_as_it_is_the_byte_at_least_0() {
        // `Board::at` masks the byte to its low seven bits; the plain form takes it if it is
        // not negative, 0 for the border. Every byte the board holds: the border, empty, the
        // 32 pieces.
        let mut b = Board::initial();
        for x in std::iter::once(BORDER).chain(0..=NPC as i8) {
            b.board[55] = x;
            assert_eq!(b.at(55), x.max(0) as Pc, "{x}");
            assert_eq!(b.border(55), x < 0, "{x}");
        }
        // Every square of the start, the border's among them.
        let b = Board::initial();
        for l in 0..BD2 {
            assert_eq!(b.at(l), b.board[l].max(0) as Pc, "{l}");
        }
    }

    #[test]
    fn a_square_read_from_the_table_is_the_one_the_coordinates_give() {
        // `square` reads `SQUARES`; the plain form finds the row and column. Every number a
        // square can be handed, past the board's 120 too, and each of our squares back.
        let plain = |l: Loc| {
            let (row, col) = (l / BW, l % BW);
            ((2..=9).contains(&row) && (1..=8).contains(&col))
                .then(|| Square::from_coords((8 - col) as u8, (row - 2) as u8))
        };
        for l in 0..1024 {
            assert_eq!(square(l), plain(l), "{l}");
            assert_eq!(square_plain(l), plain(l), "{l}");
        }
        assert_eq!((0..BD2).filter(|&l| square(l).is_some()).count(), 64);
        for i in 0..64 {
            let s = Square::new(i);
            assert_eq!(square(loc(s)), Some(s));
        }
    }

    #[test]
    fn the_pieces_are_numbered_from_the_kings_rook_pawn_as_bdini_places_them() {
        // BDINI (220-262) and PIECE (114-130): pawns 1-8 from the KR file, then KR KN KB K Q QB
        // QN QR; Black's the same plus 16.
        let b = Board::initial();
        let white: Vec<Pc> = ["h2", "a2", "h1", "g1", "f1", "e1", "d1", "c1", "b1", "a1"]
            .iter()
            .map(|s| at(&b, s))
            .collect();
        assert_eq!(white, [1, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
        assert_eq!((at(&b, "h7"), at(&b, "e8"), at(&b, "a8")), (17, 28, 32));
        assert_eq!(b.pcbal, [TPCS, TPCS]);
        // BDAST (165-170): the sliders KR KB Q QB QR are 1-5 and 6-10.
        assert_eq!(b.bdast[1..=10], [9, 11, 13, 14, 16, 25, 27, 29, 30, 32]);
    }

    #[test]
    fn a_pawn_that_queens_keeps_its_number_and_gains_qninc() {
        // MMOVE7 (2795-2806): +8 a rank; MMS5 (2830-2872): a queen, values up by QNINC, the
        // next free slider index.
        let mut b = fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let p = at(&b, "a7");
        assert_eq!((p, b.pvalue[p], b.rpval[p]), (8, 168, 128));
        let rec = b.make(CMove {
            piece: p,
            to: loc(Square::parse("a8").unwrap()),
        });
        assert!(rec.promotion && rec.special && !rec.capture);
        assert_eq!(at(&b, "a8"), 8);
        assert_eq!(b.kind[8], Kind::Queen);
        assert_eq!((b.pvalue[8], b.rpval[8]), (176 + QNINC, 128 + QNINC));
        assert_eq!((b.slider[8], b.bdast[11]), (11, 8));
        assert_eq!(b.pcbal[0], 1 + 128 + QNINC);
    }

    #[test]
    fn a_game_that_under_promotes_holds_the_piece_as_what_it_is() {
        // The program makes a queen of P-R8=N (MMS5); a game that under-promoted is held with
        // the knight in the pawn's number, its values raised by a knight's over a pawn's, no
        // line index; the queening beside it as MMS5 makes it.
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for u in [
            "e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "d8b6", "c6b7", "g8f6", "b7a8n",
        ] {
            let m = *pos
                .legal_moves()
                .iter()
                .find(|m| m.coordinate() == u)
                .unwrap();
            pos.make(m);
            moves.push(m);
        }
        let b = Board::from_game(&moves, |_, _| {}).unwrap();
        let n = at(&b, "a8");
        assert_eq!(n, 4); // White's KP, which took on Q5, QB6 and QN7
        assert_eq!(b.kind[n], Kind::Knight);
        assert_eq!((b.pvalue[n], b.rpval[n]), (176 + 288, 416));
        assert_eq!((b.slider[n], b.bdast[11]), (0, 0));
        assert_eq!(promotion_gain(Kind::Queen), QNINC);
        assert_eq!(
            b.unheld().collect::<Vec<_>>(),
            [(Square::parse("a8").unwrap(), PieceKind::Knight)]
        );
        // Queening is what the program itself does: nothing to say.
        let queened = fen("4k3/8/8/8/8/8/8/Q3K2Q w - - 0 1");
        assert_eq!(queened.unheld().count(), 0);
    }

    #[test]
    fn a_fen_numbers_pieces_by_file_wing_and_bishop_colour_and_a_second_queen_takes_a_pawn_number()
    {
        let b = fen("4k3/8/8/8/8/8/1PPPPPPP/2BQKBQR w - - 0 1");
        // Pawns by file (b2 is the QN pawn, 7); the one rook on the king's wing is the KR (9);
        // c1 is the dark square, the QB (14); f1 light, the KB (11); the queen on d1 is 13 and
        // the one on g1 takes the free pawn number 8, as a queen with the next slider index.
        let numbers: Vec<Pc> = ["b2", "h2", "h1", "c1", "f1", "d1", "g1", "e1"]
            .iter()
            .map(|s| at(&b, s))
            .collect();
        assert_eq!(numbers, [7, 1, 9, 14, 11, 13, 8, 12]);
        assert_eq!(
            (b.kind[8], b.slider[8], b.pvalue[8]),
            (Kind::Queen, 11, 176 + QNINC)
        );
        // No castling rights: the king and its rook count as moved.
        assert_eq!((b.nmoves[12], b.nmoves[9]), (1, 1));
    }

    #[test]
    fn with_no_pawn_number_free_an_extra_piece_takes_any_free_number() {
        // Eight pawns and a second queen (a position no game reaches): the queen takes the
        // first free number, the KR's (9), with a queen's type and the next line index. The
        // original can be given no such position.
        let b = fen("4k3/8/8/8/8/8/PPPPPPPP/3QK2Q w - - 0 1");
        assert_eq!((at(&b, "d1"), at(&b, "h1")), (13, 9));
        assert_eq!((b.kind[9], b.slider[9], b.bdast[11]), (Kind::Queen, 11, 9));
        assert_eq!(
            b.unheld().collect::<Vec<_>>(),
            [(Square::parse("h1").unwrap(), PieceKind::Queen)]
        );
    }

    #[test]
    fn past_fifteen_line_pieces_a_promoted_piece_gets_no_bdast_index() {
        // BDAST has 15 indices: the ten line pieces of the set keep theirs (1-10) when taken,
        // five promoted pieces take 11-15. A sixth promotion: `MMS5` stops, "MMS5, BDAST
        // FULL!" (2844-2846); here the queen is made without an index (its lines mark no
        // blocked square, `BDBLK`).
        let mut b = fen("4k3/P7/8/8/8/8/8/QQQQKQQ1 w - - 0 1");
        let extra: Vec<Pc> = ["b1", "c1", "d1", "f1", "g1"]
            .iter()
            .map(|s| at(&b, s))
            .collect();
        assert_eq!(extra, [1, 2, 3, 4, 5]);
        assert_eq!(b.bdast[11..], [1, 2, 3, 4, 5]);
        let rec = b.make(CMove {
            piece: 8,
            to: loc(Square::parse("a8").unwrap()),
        });
        assert!(rec.promotion);
        assert_eq!((b.kind[8], b.slider[8]), (Kind::Queen, 0));
        assert_eq!(b.bdast[11..], [1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_castled_king_counts_as_castled_and_its_rook_as_unmoved() {
        let b = fen("4k3/8/8/8/8/8/5PPP/5RK1 w - - 0 1");
        assert_eq!((at(&b, "g1"), at(&b, "f1")), (12, 9));
        assert_eq!((b.nmking[0], b.nmoves[12], b.nmoves[9]), (1, 1, 0));
    }

    #[test]
    fn the_ghost_stands_behind_a_double_step_only_beside_an_enemy_pawn() {
        // MMGH (2811-2822).
        let b = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert_eq!((b.ghloc, b.ghsd), (loc(Square::parse("d6").unwrap()), -1));
        let b = fen("4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 2");
        assert_eq!((b.ghloc, b.ghsd), (0, 0));
    }

    #[test]
    fn a_game_keeps_each_pieces_number_through_captures() {
        // 1. P-Q4 P-K4 2. PxP: White's QP (5) now stands on K5, Black's KP (20) is gone.
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for u in ["d2d4", "e7e5", "d4e5"] {
            let m = pos
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.coordinate() == u)
                .unwrap();
            pos.make(m);
            moves.push(m);
        }
        let b = Board::from_game(&moves, |_, _| {}).unwrap();
        assert_eq!((at(&b, "e5"), b.piecel[20], b.nmoves[5]), (5, 0, 2));
        assert_eq!(b.pcbal, [TPCS, TPCS - PWNV]);
        // From the position alone the KP on K2 is 4 and the pawn doubled on K5 takes the
        // nearest free number, 5.
        let alone = Board::from_position(&pos);
        assert_eq!((at(&alone, "e2"), at(&alone, "e5")), (4, 5));
    }
}
