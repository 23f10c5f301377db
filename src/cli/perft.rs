//! `machack perft DEPTH [--fen FEN] [--divide]`.

use super::CliError;
use crate::rules::{Position, START_FEN, perft};
use std::time::Instant;

/// Arguments of `machack perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (1 or more).
    pub depth: String,
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// One line per root move with its count.
    #[arg(long)]
    pub divide: bool,
}

/// Runs perft and prints `Nodes searched: N` last; time and speed go to standard error.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let depth: u32 = match args.depth.trim().parse() {
        Ok(d) if (1..=20).contains(&d) => d,
        _ => {
            return Err(format!(
                "perft depth '{}' is not a whole number from 1 to 20",
                args.depth
            ));
        }
    };
    let mut pos = Position::from_fen(&args.fen).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let nodes = if args.divide {
        let split = perft::divide(&mut pos, depth);
        for (m, n) in &split {
            println!("{}: {n}", m.coordinate());
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Nodes searched: {nodes}");
    eprintln!(
        "time {:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}
