//! Fidelity and strength: replay against history and the original program's answers (also as
//! a page, `report`), matches against other engines.

pub mod compare;
pub mod elo;
pub mod engine_process;
pub mod match_rules;
pub mod matchplay;
pub mod reference;
pub mod report;
pub mod uci_engine;
pub mod xboard_engine;
