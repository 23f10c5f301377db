//! `machack bench-pmg [--tsv FILE] [--repeat N]`: times the plausible-move generator over the
//! FENs of a TSV file (a column named `fen`), beside the PDP-6's 80 ms per call (paper §1).

use super::CliError;
use super::io::read_input;
use crate::paper::plausible::plausible_moves;
use crate::rules::Position;
use std::time::Instant;

/// Arguments of `machack bench-pmg`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// A tab-separated file with a header row holding a `fen` column (default: the paper-game
    /// positions of `reference/c1973/`, compiled in).
    #[arg(long)]
    pub tsv: Option<String>,
    /// Calls per position (the median over them is taken per position).
    #[arg(long, default_value_t = 200)]
    pub repeat: u32,
}

/// Reads the `fen` column of a TSV text.
pub fn fens_of_tsv(text: &str) -> Result<Vec<String>, CliError> {
    let mut lines = text.lines();
    let header = lines.next().ok_or("the TSV file is empty")?;
    let col = header
        .split('\t')
        .position(|h| h == "fen")
        .ok_or("the TSV file has no 'fen' column")?;
    Ok(lines
        .filter_map(|l| l.split('\t').nth(col).map(str::to_string))
        .collect())
}

/// Times the generator and prints calls per second and the median time per call.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let text = match &args.tsv {
        None => crate::fidelity::compare::C1973_PAPER_TSV.to_string(),
        Some(path) => read_input(path)?,
    };
    let mut positions = Vec::new();
    for f in fens_of_tsv(&text)? {
        positions.push(Position::from_fen(&f).map_err(|e| format!("{f}: {e}"))?);
    }
    if positions.is_empty() {
        return Err("no positions in the TSV file".into());
    }
    let repeat = args.repeat.max(1);
    let mut per_call = Vec::with_capacity(positions.len());
    let mut moves = 0usize;
    let start = Instant::now();
    for p in &positions {
        let mut times = Vec::with_capacity(repeat as usize);
        for _ in 0..repeat {
            let t = Instant::now();
            let pm = plausible_moves(p, 0);
            times.push(t.elapsed().as_secs_f64());
            moves += pm.moves.len();
        }
        times.sort_by(f64::total_cmp);
        per_call.push(times[times.len() / 2]);
    }
    let total = start.elapsed().as_secs_f64();
    let calls = positions.len() as f64 * repeat as f64;
    per_call.sort_by(f64::total_cmp);
    let median = per_call[per_call.len() / 2];
    println!("positions {}", positions.len());
    println!("calls {}", calls as u64);
    println!("calls/s {:.0}", calls / total);
    println!("moves scored/s {:.0}", moves as f64 / total);
    println!("median per call {:.1} us", median * 1e6);
    println!(
        "slowest position {:.1} us",
        per_call[per_call.len() - 1] * 1e6
    );
    println!("PDP-6 (paper) 80000 us: {:.0}x faster", 0.080 / median);
    Ok(())
}
