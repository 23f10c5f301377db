//! The command-line front ends, one file per subcommand: each takes parsed arguments, prints,
//! and returns an error message for the binary to report with exit code 2. The paper's debugging
//! aids (§13) are commands here: `eval` (aid 3), `trace` (aid 4), `think` (aids 5 and 6).
//!
//! No command imports another: what several share lives in modules of its own, below them
//! ([`search_options`]: the search options of every searching command; [`show`]: how moves and
//! values are written for people; [`io`]: a file or standard input in, standard output out).

pub mod bench;
pub mod bench_pmg;
pub mod book;
pub mod comparison;
pub mod convert;
pub mod epd;
pub mod eval;
pub mod io;
pub mod match_cmd;
pub mod perft;
pub mod plausible;
pub mod play;
pub mod replay;
pub mod report;
pub mod search_options;
pub mod show;
pub mod think;
pub mod trace;
pub mod uci;
pub mod xboard;

/// An error a command reports to the user: printed after `machack: ` with exit code 2.
pub type CliError = String;
