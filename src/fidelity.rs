//! Fidelity and strength: replay against history, matches against other engines.

pub mod elo;
pub mod uci_engine;
