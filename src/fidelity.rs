//! Fidelity and strength: replay against history, matches against other engines.

pub mod compare;
pub mod elo;
pub mod engine_process;
pub mod match_rules;
pub mod matchplay;
pub mod uci_engine;
pub mod xboard_engine;
