//! The position: pieces, side to move, castling rights, en passant square, clocks and key, with
//! make/unmake and the attack queries the evaluator and plausible-move generator ask constantly.

use super::attacks::{
    self, bishop_attacks, bishop_attacks_empty, king_attacks, knight_attacks, pawn_attacks,
    rook_and_bishop_attacks, rook_attacks, rook_attacks_empty,
};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::types::{Color, Piece, PieceKind, Square, sq};
use super::zobrist::{self, Key};

/// Castling rights as four bits: White O-O, White O-O-O, Black O-O, Black O-O-O.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(pub u8);

/// Which side of the board a castling goes to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CastleSide {
    /// O-O.
    King,
    /// O-O-O.
    Queen,
}

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The bit of one right.
    pub const fn bit(color: Color, side: CastleSide) -> u8 {
        let b = match side {
            CastleSide::King => 1,
            CastleSide::Queen => 2,
        };
        match color {
            Color::White => b,
            Color::Black => b << 2,
        }
    }

    /// Whether `color` may still castle to `side`.
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & CastlingRights::bit(color, side) != 0
    }

    /// Whether `color` may still castle to either side.
    pub const fn any(self, color: Color) -> bool {
        self.has(color, CastleSide::King) || self.has(color, CastleSide::Queen)
    }
}

/// The side a castling move goes to (O-O for anything else: call it on castling moves only).
fn castle_side(m: Move) -> CastleSide {
    if m.kind() == MoveKind::CastleQueenSide {
        CastleSide::Queen
    } else {
        CastleSide::King
    }
}

/// For each square, the rights that survive a move from or to it (a king or rook leaving its
/// starting square, or a rook captured there, ends the right).
const CASTLING_KEEP: [u8; 64] = {
    let mut t = [15u8; 64];
    t[sq::E1.index()] = 15 & !3;
    t[sq::H1.index()] = 15 & !1;
    t[sq::A1.index()] = 15 & !2;
    t[sq::E8.index()] = 15 & !12;
    t[sq::H8.index()] = 15 & !4;
    t[sq::A8.index()] = 15 & !8;
    t
};

/// What [`Position::make`] needs to remember so [`Position::unmake`] restores the position exactly.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmove: u32,
    key: Key,
}

/// A chess position. Built only from a checked FEN ([`Position::from_fen`]) or the start
/// position, and changed only by legal moves, so it is always legal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) board: [Option<Piece>; 64],
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_kind: [Bitboard; 6],
    pub(super) side: Color,
    pub(super) castling: CastlingRights,
    pub(super) ep: Option<Square>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) key: Key,
}

/// How a position stands, as the rules see it (repetition is the game's business, not the board's).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A hundred half-moves without a capture or pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
}

/// The FEN of the starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// An empty board, White to move: only for building positions that are then checked.
    pub(super) fn empty() -> Position {
        Position {
            board: [None; 64],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 6],
            side: Color::White,
            castling: CastlingRights::NONE,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    // ----- reading the board -----

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `s`, if any.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.board[s.index()]
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `kind`, both colours.
    #[inline]
    pub fn kind_bb(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King)
            .first()
            .expect("a legal position has both kings")
    }

    /// The castling rights left.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant target square as the FEN or the last double step set it.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The number of the current full move (1 at the start, after each Black move one more).
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Half-moves played since the start of the game, as the move numbers imply.
    pub fn game_ply(&self) -> u32 {
        2 * (self.fullmove - 1) + (self.side == Color::Black) as u32
    }

    /// The Zobrist key, kept up to date by make/unmake.
    #[inline]
    pub fn key(&self) -> Key {
        self.key
    }

    /// The total material value of `color`'s pieces (king excluded), pawn = 128.
    pub fn material(&self, color: Color) -> i32 {
        PieceKind::ALL[..5]
            .iter()
            .map(|&k| self.pieces(color, k).count() as i32 * k.value())
            .sum()
    }

    // ----- attacks -----

    /// The pieces of `by` that attack `s`, with `occ` as the occupied squares.
    #[inline]
    pub fn attackers_with(&self, s: Square, by: Color, occ: Bitboard) -> Bitboard {
        let them = self.color_bb(by);
        let diag = self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()];
        let orth = self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()];
        let (rook, bishop) = rook_and_bishop_attacks(s, occ);
        them & ((pawn_attacks(!by, s) & self.by_kind[PieceKind::Pawn.index()])
            | (knight_attacks(s) & self.by_kind[PieceKind::Knight.index()])
            | (king_attacks(s) & self.by_kind[PieceKind::King.index()])
            | (bishop & diag)
            | (rook & orth))
    }

    /// The pieces of `by` that attack `s`.
    #[inline]
    pub fn attackers(&self, s: Square, by: Color) -> Bitboard {
        self.attackers_with(s, by, self.occupied())
    }

    /// Every square a piece of `by` attacks.
    pub fn attacked_by(&self, by: Color) -> Bitboard {
        let occ = self.occupied();
        let mut all = king_attacks(self.king_square(by));
        for s in self.pieces(by, PieceKind::Pawn) {
            all |= pawn_attacks(by, s);
        }
        for s in self.pieces(by, PieceKind::Knight) {
            all |= knight_attacks(s);
        }
        let queens = self.pieces(by, PieceKind::Queen);
        for s in self.pieces(by, PieceKind::Bishop) | queens {
            all |= bishop_attacks(s, occ);
        }
        for s in self.pieces(by, PieceKind::Rook) | queens {
            all |= rook_attacks(s, occ);
        }
        all
    }

    /// Whether any piece of `by` attacks `s`.
    #[inline]
    pub fn is_attacked(&self, s: Square, by: Color) -> bool {
        self.attackers(s, by).any()
    }

    /// The least valuable piece among the squares of `set`: its square and kind.
    #[inline]
    pub fn least_valuable(&self, set: Bitboard) -> Option<(Square, PieceKind)> {
        PieceKind::ALL.iter().find_map(|&k| {
            (set & self.by_kind[k.index()])
                .first()
                .map(|from| (from, k))
        })
    }

    /// The least valuable piece of `by` attacking `s`: its square and kind.
    pub fn least_valuable_attacker(&self, s: Square, by: Color) -> Option<(Square, PieceKind)> {
        self.least_valuable(self.attackers(s, by))
    }

    /// The squares attacked by the piece on `s` (empty if none), with the current occupancy.
    pub fn attacks_from(&self, s: Square) -> Bitboard {
        match self.piece_at(s) {
            Some(p) => attacks::attacks(p.kind, p.color, s, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king_square(self.side), !self.side)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// The pieces of `color` pinned to their own king (they may move only along the pin line).
    pub fn pinned(&self, color: Color) -> Bitboard {
        let king = self.king_square(color);
        let them = !color;
        // The lines from the king on an empty board, read from constant tables.
        let snipers = (rook_attacks_empty(king)
            & (self.pieces(them, PieceKind::Rook) | self.pieces(them, PieceKind::Queen)))
            | (bishop_attacks_empty(king)
                & (self.pieces(them, PieceKind::Bishop) | self.pieces(them, PieceKind::Queen)));
        let occ = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = attacks::between(king, s) & occ;
            if blockers.any() && !blockers.more_than_one() {
                pinned |= blockers & self.color_bb(color);
            }
        }
        pinned
    }

    // ----- moves -----

    /// The piece that `m` moves.
    #[inline]
    pub fn moved_piece(&self, m: Move) -> Piece {
        self.board[m.from().index()].expect("a move starts on a piece")
    }

    /// The piece `m` captures (the pawn for en passant), if any.
    pub fn captured_piece(&self, m: Move) -> Option<Piece> {
        if m.is_en_passant() {
            Some(Piece::new(!self.side, PieceKind::Pawn))
        } else if m.is_castle() {
            None
        } else {
            self.board[m.to().index()]
        }
    }

    /// Whether `m` (legal here) gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut after = self.clone();
        after.make(m);
        after.in_check()
    }

    /// The position after `m` (legal here), leaving this one as it is.
    pub fn play(&self, m: Move) -> Position {
        let mut after = self.clone();
        after.make(m);
        after
    }

    /// [`Position::play`] written into `after`, whatever it held: for a search that makes its
    /// child in memory it keeps.
    pub fn play_into(&self, m: Move, after: &mut Position) {
        after.clone_from(self);
        after.make(m);
    }

    /// Whether en passant capture on the stored square is possible for the side to move
    /// (pseudo-legally: one of its pawns attacks the square).
    #[inline]
    fn ep_capturable(&self) -> Option<Square> {
        self.ep.filter(|&e| {
            (pawn_attacks(!self.side, e) & self.pieces(self.side, PieceKind::Pawn)).any()
        })
    }

    /// The key of the en passant part, present only when a capture is possible.
    #[inline]
    fn ep_key(&self) -> Key {
        self.ep_capturable()
            .map_or(0, |e| zobrist::en_passant_key(e.file()))
    }

    #[inline]
    pub(super) fn put(&mut self, p: Piece, s: Square) {
        self.board[s.index()] = Some(p);
        let b = Bitboard::from_square(s);
        self.by_color[p.color.index()] |= b;
        self.by_kind[p.kind.index()] |= b;
        self.key ^= zobrist::piece_key(p, s);
    }

    #[inline]
    fn remove(&mut self, s: Square) -> Piece {
        let p = self.board[s.index()]
            .take()
            .expect("removing a piece that is there");
        let b = Bitboard::from_square(s);
        self.by_color[p.color.index()] ^= b;
        self.by_kind[p.kind.index()] ^= b;
        self.key ^= zobrist::piece_key(p, s);
        p
    }

    /// The rook's from- and to-squares for a castling of `color` to `side`.
    pub fn castling_rook_squares(color: Color, side: CastleSide) -> (Square, Square) {
        let (from, to) = match side {
            CastleSide::King => (sq::H1, sq::F1),
            CastleSide::Queen => (sq::A1, sq::D1),
        };
        match color {
            Color::White => (from, to),
            Color::Black => (from.flip(), to.flip()),
        }
    }

    /// Plays `m`, which must be legal here, and returns what [`Position::unmake`] needs.
    pub fn make(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            key: self.key,
        };
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        self.key ^= self.ep_key() ^ zobrist::castling_key(self.castling.0);
        let mut captured = None;
        match m.kind() {
            MoveKind::EnPassant => {
                captured = Some(self.remove(to.forward(us, -1)));
            }
            MoveKind::Capture | MoveKind::PromotionCapture(_) => {
                captured = Some(self.remove(to));
            }
            MoveKind::CastleKingSide | MoveKind::CastleQueenSide => {
                let (rf, rt) = Position::castling_rook_squares(us, castle_side(m));
                let rook = self.remove(rf);
                self.put(rook, rt);
            }
            _ => {}
        }
        let mut piece = self.remove(from);
        let is_pawn = piece.kind == PieceKind::Pawn;
        if let Some(p) = m.promotion() {
            piece = Piece::new(us, p);
        }
        self.put(piece, to);
        self.castling.0 &= CASTLING_KEEP[from.index()] & CASTLING_KEEP[to.index()];
        self.halfmove = if is_pawn || captured.is_some() {
            0
        } else {
            self.halfmove + 1
        };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = !us;
        self.key ^= zobrist::TURN_KEY;
        self.ep = None;
        if m.kind() == MoveKind::DoublePush {
            let mid = from.forward(us, 1);
            // Only a square where a capture is possible is recorded (as Stockfish writes FEN).
            if (pawn_attacks(us, mid) & self.pieces(!us, PieceKind::Pawn)).any() {
                self.ep = Some(mid);
            }
        }
        self.key ^= self.ep_key() ^ zobrist::castling_key(self.castling.0);
        Undo { captured, ..undo }
    }

    /// Takes back `m`, which was the last move made, with the [`Undo`] that made it returned.
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let us = !self.side;
        self.side = us;
        let (from, to) = (m.from(), m.to());
        let mut piece = self.remove(to);
        if m.promotion().is_some() {
            piece = Piece::new(us, PieceKind::Pawn);
        }
        self.put(piece, from);
        match m.kind() {
            MoveKind::EnPassant => self.put(Piece::new(!us, PieceKind::Pawn), to.forward(us, -1)),
            MoveKind::Capture | MoveKind::PromotionCapture(_) => {
                self.put(undo.captured.expect("a capture remembers its victim"), to)
            }
            MoveKind::CastleKingSide | MoveKind::CastleQueenSide => {
                let (rf, rt) = Position::castling_rook_squares(us, castle_side(m));
                let rook = self.remove(rt);
                self.put(rook, rf);
            }
            _ => {}
        }
        if us == Color::Black {
            self.fullmove -= 1;
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.key = undo.key;
    }

    /// The key computed from scratch (for checking the incremental one).
    pub fn compute_key(&self) -> Key {
        let mut key =
            zobrist::side_key(self.side) ^ zobrist::castling_key(self.castling.0) ^ self.ep_key();
        for s in Square::all() {
            if let Some(p) = self.board[s.index()] {
                key ^= zobrist::piece_key(p, s);
            }
        }
        key
    }

    /// How many times this position stood before, given the keys of the game's earlier
    /// positions (oldest first). Only those since the last capture or pawn move can match, so
    /// only they are looked at; two means this is the third occurrence.
    pub fn times_seen_before(&self, earlier: &[Key]) -> usize {
        let reversible = (self.halfmove as usize).min(earlier.len());
        earlier[earlier.len() - reversible..]
            .iter()
            .filter(|&&k| k == self.key)
            .count()
    }

    /// Whether neither side has mating material: no pawns, rooks or queens, and at most one minor
    /// piece in all, or only bishops all on squares of one colour.
    pub fn insufficient_material(&self) -> bool {
        use PieceKind::*;
        if (self.kind_bb(Pawn) | self.kind_bb(Rook) | self.kind_bb(Queen)).any() {
            return false;
        }
        let minors = self.kind_bb(Knight) | self.kind_bb(Bishop);
        if minors.count() <= 1 {
            return true;
        }
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        let bishops = self.kind_bb(Bishop);
        self.kind_bb(Knight).is_empty() && (bishops.0 & DARK == 0 || bishops.0 & !DARK == 0)
    }
}
