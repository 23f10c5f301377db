#![warn(missing_docs)]

//! machack: a recreation of Mac Hack VI, Richard Greenblatt's 1967 chess program.
//!
//! Layers, each using only those below it: `rules` (board, moves, FEN, keys) at the bottom.

pub mod book;
pub mod cli;
pub mod eval;
pub mod fidelity;
pub mod fuzz;
pub mod game;
pub mod matches;
pub mod notation;
pub mod plausible;
pub mod player;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod value;
