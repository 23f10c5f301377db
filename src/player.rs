//! The player: the game at the terminal in the manner of 1967 (paper §12: the teletype, moves
//! in descriptive notation, `draw?` answered by the program's evaluation), the board display and
//! the terminal's commands. The game, the clock, the record and the engine it plays with are the
//! shared game layer's ([`crate::game`]).

pub mod account;
pub mod board;
pub mod command;
pub mod editor;
pub mod pace;
pub mod screen;
pub mod terminal;
pub mod thinking;
pub mod tty;
