//! The engine protocols: UCI and CECP (xboard) v2 (`doc/protocols.md`, *UCI and CECP*, says
//! what is implemented). Not in the paper: how chess software talks today.
//!
//! Each protocol has two stages: the text of one input line becomes a command enum (with an error
//! that says what was wrong), and a session applies commands to its state. The search runs in its
//! own thread so that `stop`, `?`, `isready` and `ping` are answered while it thinks
//! ([`threads`], shared by both). The engine, the clock and the game they drive are the shared
//! game layer's ([`crate::game`]).

pub mod threads;
pub mod uci;
pub mod xboard;
