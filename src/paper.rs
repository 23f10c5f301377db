//! The paper's program: the recreation of the program the 1967 paper describes (Greenblatt,
//! Eastlake, Crocker, *The Greenblatt Chess Program*, FJCC 1967), where the paper is silent
//! filled in by documented choices; the `paper` profile. A whole program beside c197
//! ([`crate::c197`]), over the same rules; what both take and return is in
//! [`crate::interface`].
//!
//! Three layers, each using only the ones before it:
//!
//! 1. [`eval`]: the static evaluator (paper §3) and the terms en prise, safe, trapped, pinned
//!    (§2);
//! 2. [`plausible`]: the plausible-move generator (§5);
//! 3. [`search`]: the search (§1, §4, §6–§10), which knows no chess beyond the rules and asks
//!    the evaluator and the generator through its [`search::Knowledge`] trait.

pub mod eval;
pub mod plausible;
pub mod search;
