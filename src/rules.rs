//! The rules of chess: board, moves, legal move generation, FEN, Zobrist keys, perft.
//! The rules know nothing of notation or search. The paper takes them as given: nothing here
//! follows a section of it.

pub mod attacks;
pub mod bitboard;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod types;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use fen::{FenError, IllegalPosition, Setup};
pub use movegen::Guard;
pub use moves::{Move, MoveKind, MoveList};
pub use position::{CastleSide, CastlingRights, Position, START_FEN, Status, Undo};
pub use types::{Color, Piece, PieceKind, Square, sq};
pub use zobrist::Key;
