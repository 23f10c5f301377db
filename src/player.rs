//! The player: the game at the terminal in the manner of 1967, the clock, the game record, and the
//! engine that the terminal game and the protocols share.

pub mod board;
pub mod clock;
pub mod command;
pub mod engine;
pub mod game;
pub mod judgement;
pub mod record;
pub mod terminal;
