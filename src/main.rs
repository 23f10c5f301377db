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
    /// Search one position and print the choice, the top-level record and statistics.
    Think(cli::think::ThinkArgs),
    /// Search a fixed set of positions and report nodes, PMG calls, time and speed.
    Bench(cli::bench::BenchArgs),
    /// Search each position of an EPD file and check its bm/am operations.
    Epd(cli::epd::EpdArgs),
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = match args.command {
        Some(Command::Perft(a)) => cli::perft::run(&a),
        Some(Command::Think(a)) => cli::think::run(&a),
        Some(Command::Bench(a)) => cli::bench::run(&a),
        Some(Command::Epd(a)) => cli::epd::run(&a),
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
