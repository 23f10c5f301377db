//! Matches against other engines (`machack match`): the runner ([`runner`]) plays machack
//! against an external engine driven over UCI ([`uci_engine`]) or CECP ([`xboard_engine`]), each
//! in its own process ([`engine_process`]); it keeps both clocks, adjudicates the endings
//! ([`adjudication`]) and estimates the Elo difference from the score ([`elo`]).
//!
//! Not in the paper: a measure of strength today. The 1967 tournaments it stands for were played
//! at 50 moves in 2 hours each (paper §1).

pub mod adjudication;
pub mod elo;
pub mod engine_process;
pub mod runner;
pub mod uci_engine;
pub mod xboard_engine;
