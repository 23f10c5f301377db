//! The `machack` command: parses arguments and calls the library.

use clap::{Parser, Subcommand};
use machack::cli;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "machack",
    version,
    about = "Mac Hack VI (1967) recreated: a chess program in descriptive notation"
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (checks the move generator).
    Perft(cli::perft::PerftArgs),
    /// Replay a score (descriptive, PGN or a plain move list), printing each move and the final FEN.
    Replay(cli::replay::ReplayArgs),
    /// Convert a score to PGN or to the descriptive score format.
    Convert(cli::convert::ConvertArgs),
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        Some(Command::Perft(a)) => cli::perft::run(&a),
        Some(Command::Replay(a)) => cli::replay::run(&a),
        Some(Command::Convert(a)) => cli::convert::run(&a),
        None => {
            use clap::CommandFactory;
            let _ = Args::command().print_help();
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("machack: {e}");
            ExitCode::from(2)
        }
    }
}
