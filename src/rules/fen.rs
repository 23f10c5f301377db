//! FEN read and write, checked in two stages: the text's syntax into a [`Setup`], then the
//! setup's legality into a [`Position`].

use super::bitboard::Bitboard;
use super::position::{CastleSide, CastlingRights, Position, START_FEN};
use super::types::{Color, Piece, PieceKind, Square};
use std::fmt;

/// A board as the text described it: syntax checked, legality not yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, a1 first.
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub side: Color,
    /// The castling rights claimed.
    pub castling: CastlingRights,
    /// The en passant target claimed.
    pub ep: Option<Square>,
    /// The half-move clock.
    pub halfmove: u32,
    /// The full-move number.
    pub fullmove: u32,
}

/// The longest field of a FEN: a piece placement of eight full ranks and seven slashes.
pub const FIELD_MAX: usize = 71;

/// What was wrong with a FEN: a field's syntax, or the position's legality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text did not have 4 or 6 space-separated fields.
    FieldCount(usize),
    /// A field (its number, from 1) is longer than any field of a FEN ([`FIELD_MAX`]): its
    /// length.
    FieldTooLong(usize, usize),
    /// The piece placement (field 1) is malformed.
    Placement(String),
    /// The side to move (field 2) is not `w` or `b`.
    SideToMove(String),
    /// The castling field (field 3) is malformed.
    Castling(String),
    /// The en passant field (field 4) is not `-` or a square on rank 3 or 6.
    EnPassant(String),
    /// The half-move clock (field 5) is not a whole number.
    HalfmoveClock(String),
    /// The full-move number (field 6) is not a whole number of at least 1.
    FullmoveNumber(String),
    /// The position is well written but cannot arise in a game.
    Illegal(IllegalPosition),
}

/// Why a syntactically valid position is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalPosition {
    /// A side has no king, or more than one.
    KingCount(Color, u32),
    /// The side not to move is in check.
    OpponentInCheck,
    /// A pawn stands on the first or eighth rank.
    PawnOnBackRank(Square),
    /// A side has more than 8 pawns or 16 pieces.
    TooManyPieces(Color),
    /// A castling right whose king or rook is not on its starting square.
    CastlingRight(char),
    /// The en passant square does not fit the last move being a double step.
    EnPassant(Square, &'static str),
    /// The side to move is checked by three or more pieces, or in an impossible double check.
    ImpossibleCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "FEN has {n} field(s); expected 6 (placement, side, castling, en passant, half-move clock, \
                 move number), e.g. rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            ),
            FenError::FieldTooLong(field, length) => write!(
                f,
                "FEN field {field} is {length} characters long; no field of a FEN is longer than \
                 {FIELD_MAX} (the piece placement of 64 men)"
            ),
            FenError::Placement(why) => write!(f, "FEN field 1 (piece placement): {why}"),
            FenError::SideToMove(s) => write!(
                f,
                "FEN field 2 (side to move) is '{s}'; expected 'w' or 'b'"
            ),
            FenError::Castling(why) => write!(f, "FEN field 3 (castling): {why}"),
            FenError::EnPassant(s) => {
                write!(
                    f,
                    "FEN field 4 (en passant) is '{s}'; expected '-' or a square on rank 3 or 6 such as e3"
                )
            }
            FenError::HalfmoveClock(s) => {
                write!(
                    f,
                    "FEN field 5 (half-move clock) is '{s}'; expected a whole number such as 0"
                )
            }
            FenError::FullmoveNumber(s) => {
                write!(
                    f,
                    "FEN field 6 (move number) is '{s}'; expected a whole number of at least 1"
                )
            }
            FenError::Illegal(why) => write!(f, "FEN describes an illegal position: {why}"),
        }
    }
}

impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalPosition::KingCount(c, n) => {
                write!(f, "{} has {n} kings; each side needs exactly one", c.name())
            }
            IllegalPosition::OpponentInCheck => write!(f, "the side not to move is in check"),
            IllegalPosition::PawnOnBackRank(s) => {
                write!(f, "a pawn stands on {s}, on the first or eighth rank")
            }
            IllegalPosition::TooManyPieces(c) => {
                write!(f, "{} has more than 8 pawns or 16 pieces", c.name())
            }
            IllegalPosition::CastlingRight(c) => {
                write!(
                    f,
                    "castling right '{c}' but the king or that rook is not on its starting square"
                )
            }
            IllegalPosition::EnPassant(s, why) => write!(f, "en passant square {s}: {why}"),
            IllegalPosition::ImpossibleCheck => {
                write!(f, "the side to move is in a check no move could give")
            }
        }
    }
}

impl std::error::Error for FenError {}

impl From<IllegalPosition> for FenError {
    fn from(e: IllegalPosition) -> FenError {
        FenError::Illegal(e)
    }
}

impl Setup {
    /// Stage 1: reads a FEN's syntax (6 fields; 4 are accepted, with clocks `0 1`, as EPD gives them).
    pub fn parse(text: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount(fields.len()));
        }
        // So that no message quotes a field longer than a FEN's.
        if let Some((i, f)) = fields.iter().enumerate().find(|(_, f)| f.len() > FIELD_MAX) {
            return Err(FenError::FieldTooLong(i + 1, f.len()));
        }
        let board = parse_placement(fields[0])?;
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        let castling = parse_castling(fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            s => match Square::parse(s) {
                Some(sq)
                    if s.as_bytes()[0].is_ascii_lowercase()
                        && (sq.rank() == 2 || sq.rank() == 5) =>
                {
                    Some(sq)
                }
                _ => return Err(FenError::EnPassant(s.to_string())),
            },
        };
        let (halfmove, fullmove) = if fields.len() == 6 {
            let h = parse_number(fields[4])
                .ok_or_else(|| FenError::HalfmoveClock(fields[4].to_string()))?;
            let m = parse_number(fields[5])
                .filter(|&m| m >= 1)
                .ok_or_else(|| FenError::FullmoveNumber(fields[5].to_string()))?;
            (h, m)
        } else {
            (0, 1)
        };
        Ok(Setup {
            board,
            side,
            castling,
            ep,
            halfmove,
            fullmove,
        })
    }
}

fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_placement(text: &str) -> Result<[Option<Piece>; 64], FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Placement(format!(
            "{} rank(s) separated by '/'; expected 8",
            ranks.len()
        )));
    }
    let mut board = [None; 64];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut last_was_digit = false;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) || last_was_digit {
                    return Err(FenError::Placement(format!(
                        "rank {} ('{rank_text}'): empty squares must be one digit 1-8 between pieces",
                        rank + 1
                    )));
                }
                file += d as u8;
                last_was_digit = true;
            } else if let Some(p) = Piece::from_fen_char(c) {
                if file < 8 {
                    board[Square::from_coords(file, rank).index()] = Some(p);
                }
                file += 1;
                last_was_digit = false;
            } else {
                return Err(FenError::Placement(format!(
                    "rank {} ('{rank_text}'): '{c}' is not a piece letter (PNBRQK, pnbrqk) or a digit",
                    rank + 1
                )));
            }
            if file > 8 {
                return Err(FenError::Placement(format!(
                    "rank {} ('{rank_text}') describes more than 8 squares",
                    rank + 1
                )));
            }
        }
        if file != 8 {
            return Err(FenError::Placement(format!(
                "rank {} ('{rank_text}') describes {file} squares; expected 8",
                rank + 1
            )));
        }
    }
    Ok(board)
}

fn parse_castling(text: &str) -> Result<CastlingRights, FenError> {
    if text == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = 0u8;
    for c in text.chars() {
        let bit = match c {
            'K' => CastlingRights::bit(Color::White, CastleSide::King),
            'Q' => CastlingRights::bit(Color::White, CastleSide::Queen),
            'k' => CastlingRights::bit(Color::Black, CastleSide::King),
            'q' => CastlingRights::bit(Color::Black, CastleSide::Queen),
            _ => {
                return Err(FenError::Castling(format!(
                    "'{c}' in '{text}'; expected '-' or letters from KQkq"
                )));
            }
        };
        if rights & bit != 0 {
            return Err(FenError::Castling(format!("'{c}' repeated in '{text}'")));
        }
        rights |= bit;
    }
    Ok(CastlingRights(rights))
}

impl Position {
    /// The starting position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start position is legal")
    }

    /// Reads and checks a FEN (both stages).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        Position::from_setup(&Setup::parse(text)?).map_err(FenError::from)
    }

    /// Stage 2: checks a setup's legality and builds the position.
    pub fn from_setup(setup: &Setup) -> Result<Position, IllegalPosition> {
        let mut pos = Position::empty();
        for s in Square::all() {
            if let Some(p) = setup.board[s.index()] {
                if p.kind == PieceKind::Pawn && (s.rank() == 0 || s.rank() == 7) {
                    return Err(IllegalPosition::PawnOnBackRank(s));
                }
                pos.put(p, s);
            }
        }
        for c in Color::BOTH {
            let kings = pos.pieces(c, PieceKind::King).count();
            if kings != 1 {
                return Err(IllegalPosition::KingCount(c, kings));
            }
            if pos.pieces(c, PieceKind::Pawn).count() > 8 || pos.color_bb(c).count() > 16 {
                return Err(IllegalPosition::TooManyPieces(c));
            }
        }
        pos.side = setup.side;
        for (letter, color, side) in [
            ('K', Color::White, CastleSide::King),
            ('Q', Color::White, CastleSide::Queen),
            ('k', Color::Black, CastleSide::King),
            ('q', Color::Black, CastleSide::Queen),
        ] {
            if !setup.castling.has(color, side) {
                continue;
            }
            let king_home = Square::from_coords(4, if color == Color::White { 0 } else { 7 });
            let (rook_home, _) = Position::castling_rook_squares(color, side);
            let ok = pos.piece_at(king_home) == Some(Piece::new(color, PieceKind::King))
                && pos.piece_at(rook_home) == Some(Piece::new(color, PieceKind::Rook));
            if !ok {
                return Err(IllegalPosition::CastlingRight(letter));
            }
        }
        pos.castling = setup.castling;
        if let Some(ep) = setup.ep {
            check_en_passant(&pos, ep)?;
        }
        pos.ep = setup.ep;
        pos.halfmove = setup.halfmove;
        pos.fullmove = setup.fullmove;
        if pos.is_attacked(pos.king_square(!pos.side), pos.side) {
            return Err(IllegalPosition::OpponentInCheck);
        }
        let checkers = pos.checkers();
        if checkers.count() > 2
            || (checkers.count() == 2 && two_checkers_impossible(&pos, checkers))
        {
            return Err(IllegalPosition::ImpossibleCheck);
        }
        pos.key = pos.compute_key();
        Ok(pos)
    }

    /// The position as FEN, all six fields.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        if self.castling.0 == 0 {
            out.push('-');
        }
        for (letter, color, side) in [
            ('K', Color::White, CastleSide::King),
            ('Q', Color::White, CastleSide::Queen),
            ('k', Color::Black, CastleSide::King),
            ('q', Color::Black, CastleSide::Queen),
        ] {
            if self.castling.has(color, side) {
                out.push(letter);
            }
        }
        match self.ep {
            Some(s) => out.push_str(&format!(" {s}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

/// An en passant square must lie behind a pawn of the side that just moved, with the square it
/// came from and the target itself empty.
fn check_en_passant(pos: &Position, ep: Square) -> Result<(), IllegalPosition> {
    let mover = !pos.side; // the side that made the double step
    let expected_rank = if mover == Color::White { 2 } else { 5 };
    if ep.rank() != expected_rank {
        return Err(IllegalPosition::EnPassant(
            ep,
            "not on the rank a double step of the side that just moved passes",
        ));
    }
    let pawn_sq = ep.forward(mover, 1);
    let origin = ep.forward(mover, -1);
    if pos.piece_at(pawn_sq) != Some(Piece::new(mover, PieceKind::Pawn)) {
        return Err(IllegalPosition::EnPassant(
            ep,
            "no pawn in front of it that could just have double-stepped",
        ));
    }
    if pos.piece_at(ep).is_some() || pos.piece_at(origin).is_some() {
        return Err(IllegalPosition::EnPassant(
            ep,
            "the square or the pawn's starting square is occupied",
        ));
    }
    Ok(())
}

/// Two checkers are possible only as a discovered check plus the moved piece's own, so two pawns,
/// two knights, or a pawn and a knight can never check together.
fn two_checkers_impossible(pos: &Position, checkers: Bitboard) -> bool {
    let leapers = pos.kind_bb(PieceKind::Pawn) | pos.kind_bb(PieceKind::Knight);
    (checkers & leapers).count() == 2
}
