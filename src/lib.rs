#![warn(missing_docs)]

//! machack: a recreation of Mac Hack VI, Richard Greenblatt's 1967 chess program.
//!
//! Layers, lowest first; each uses only the layers below it, and the modules of one layer never
//! use one another (`tests/suite/layers.rs` holds the list and enforces it; *Layout* in
//! `doc/architecture.md` draws it):
//!
//! 1. [`rules`] (board, moves, FEN, keys), [`value`] (the paper's units) and [`time`] (the clock,
//!    a browser's from the page);
//! 2. [`notation`] (descriptive, SAN, PGN, EPD, the score format);
//! 3. [`interface`]: what both programs take and return (settings, limits, results, statistics);
//! 4. the two programs over the rules, side by side: [`c197`] (the 1967-68 source routine by
//!    routine) and [`paper`] (the paper's program: its evaluator, paper §3, its plausible-move
//!    generator, §5, and its search, §1, §4, §6–§10); beside them [`book`] (paper §11);
//! 5. [`game`]: what every front end shares (the program behind one interface, clocks, the
//!    game, endings, judgement, record);
//! 6. the front ends: [`player`] (the terminal), [`protocol`] (UCI, CECP), [`fidelity`] (replay
//!    against history) and [`mod@matches`] (matches against other engines);
//! 7. [`cli`] (one file per subcommand) and [`fuzz`] (one target per parser).
//!
//! The front ends (layers 6 and 7 but `fidelity`) and the record on disk need a terminal,
//! processes, files or threads: they are the default feature `terminal`, which the binary
//! requires. Without it (`default-features = false`) the library builds for
//! `wasm32-unknown-unknown`: the browser build, `web/engine` (`doc/web.md`).
//!
//! # Examples
//!
//! Ask the default program, `c197` at the tournament settings, for its move in a position of
//! the first 1967 game (Wagner–Mac Hack, after 21. B-KN5), as `machack think --fen …` does:
//!
//! ```
//! use machack::game::Engine;
//! use machack::notation::descriptive::{self, Style};
//! use machack::interface::{Limits, SearchParams};
//! use machack::rules::Position;
//!
//! let f21 = "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21";
//! let pos = Position::from_fen(f21)?;
//! let mut engine = Engine::new(SearchParams::default());
//! let result = engine.search(&pos, &[], &Limits::default(), None);
//! let best = result.best_move.expect("a legal move");
//! // Checked: c197's own answer, run on a simulated PDP-6 (reference/c197/paper-tournament.tsv,
//! // paper1 ply 41: Ba3, -198).
//! assert_eq!(descriptive::format(&pos, best, Style::Book), "B-QR6");
//! assert_eq!(result.value, -198); // for the side to move, in 1/128 pawn: -1.55 pawns
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The same position under the paper's program (`--profile paper`), at widths 6 (`--preset
//! normal`), and its evaluator's terms there (White is a pawn up):
//!
//! ```
//! use machack::paper::eval::{EvalParams, RootRatio, evaluate_breakdown};
//! use machack::game::Engine;
//! use machack::notation::san;
//! use machack::interface::{Limits, Preset, Profile, SearchParams};
//! use machack::rules::Position;
//!
//! let f21 = "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21";
//! let pos = Position::from_fen(f21)?;
//! let params = SearchParams {
//!     profile: Profile::Paper(Default::default()),
//!     ..SearchParams::preset(Preset::Normal)
//! };
//! let result = Engine::new(params).search(&pos, &[], &Limits::default(), None);
//! // Pinned: the program's own output at 3b5c65d, the move, value and terms (the paper gives
//! // none of them here).
//! assert_eq!(san::format(&pos, result.best_move.unwrap()), "Qc7");
//! assert_eq!(result.value, -214);
//! let terms = evaluate_breakdown(&pos, &RootRatio::at(&pos), &EvalParams::default());
//! assert_eq!((terms.b, terms.s), (128, 176));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod book;
pub mod c197;
#[cfg(feature = "terminal")]
pub mod cli;
pub mod fidelity;
#[cfg(feature = "terminal")]
pub mod fuzz;
pub mod game;
pub mod interface;
#[cfg(feature = "terminal")]
pub mod matches;
pub mod notation;
pub mod paper;
#[cfg(feature = "terminal")]
pub mod player;
#[cfg(feature = "terminal")]
pub mod protocol;
pub mod rules;
pub mod time;
pub mod value;
