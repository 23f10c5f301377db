//! The engine protocols: UCI and CECP (xboard) v2 (the README, section *UCI and CECP*, says what is implemented).
//!
//! Each protocol has two stages: the text of one input line becomes a command enum (with an error
//! that says what was wrong), and a session applies commands to its state. The search runs in its
//! own thread so that `stop`, `?`, `isready` and `ping` are answered while it thinks.

pub mod engine;
pub mod uci;
pub mod xboard;
