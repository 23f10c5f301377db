#![warn(missing_docs)]

//! machack: a recreation of Mac Hack VI, Richard Greenblatt's 1967 chess program.
//!
//! Layers, lowest first; each uses only the layers below it, and the modules of one layer never
//! use one another (`tests/layers.rs` holds the list and enforces it; the README's *Layout*
//! section draws it):
//!
//! 1. [`rules`] (board, moves, FEN, keys) and [`value`] (the paper's units);
//! 2. [`notation`] (descriptive, SAN, PGN, EPD, the score format);
//! 3. [`program`]: what both programs take and return (settings, limits, results, statistics);
//! 4. the two programs over the rules, side by side: [`c197`] (the 1967-68 source routine by
//!    routine, a whole program) and the paper's program, in three layers of its own: [`eval`]
//!    (paper §3),
//! 5. [`plausible`] (paper §5),
//! 6. [`search`] (paper §1, §4, §6–§10); beside it [`book`] (paper §11);
//! 7. [`game`]: what every front end shares (the program behind one interface, clocks, the
//!    game, endings, judgement, record);
//! 8. the front ends: [`player`] (the terminal), [`protocol`] (UCI, CECP), [`fidelity`] (replay
//!    against history) and [`mod@matches`] (matches against other engines);
//! 9. [`cli`] (one file per subcommand) and [`fuzz`] (one target per parser).

pub mod book;
pub mod c197;
pub mod cli;
pub mod eval;
pub mod fidelity;
pub mod fuzz;
pub mod game;
pub mod matches;
pub mod notation;
pub mod plausible;
pub mod player;
pub mod program;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod value;
