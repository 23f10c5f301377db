//! The command-line front ends, one file per subcommand: each takes parsed arguments, prints,
//! and returns an error message for the binary to report with exit code 2.

pub mod bench;
pub mod bench_pmg;
pub mod book;
pub mod comparison;
pub mod convert;
pub mod epd;
pub mod eval;
pub mod match_cmd;
pub mod perft;
pub mod plausible;
pub mod play;
pub mod replay;
pub mod report;
pub mod think;
pub mod trace;
pub mod uci;
pub mod xboard;

/// An error a command reports to the user: printed after `machack: ` with exit code 2.
pub type CliError = String;
