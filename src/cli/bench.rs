//! `machack bench [options]`: a fixed set of positions searched at the tournament preset (or
//! the options given), with total nodes, PMG calls, time, nodes per second and the median time
//! per move — the yardstick for the cost of a setting such as `--shadow on`. With `--deepen`
//! and a limit (`--time-ms`, `--nodes` or `--depth`), each position is searched depth 1, 2,
//! 3, … and its line ends with the deepest depth searched to the end.
//!
//! Knowledge: the 1967 evaluator and PMG by default (`--knowledge simple` for the teaching one).

use super::CliError;
use super::search_options::{SearchOptions, knowledge_name};
use super::show::{move_text, value_text};
use crate::game::Engine;
use crate::game::deepening::{self, Searched};
use crate::interface::{Statistics, settings};
use crate::rules::Position;
use std::time::Duration;

/// Positions from the four paper games (`reference/c1973/`), one every dozen plies, plus the start.
pub const BENCH_FENS: [&str; 14] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "1r1qk2r/p1pn1ppp/1b1pbn2/8/2P5/1NNP2P1/PP3PBP/R1BQK2R b KQk - 2 11",
    "1rq3k1/p2b1p1p/3p1pn1/2b1r3/2PNN3/1P4PP/P1Q2PBK/3R1R2 b - - 1 23",
    "8/p1q4p/1b1p1pk1/3Bnp2/1PP5/6PP/P1Q2P1K/3R4 b - - 2 35",
    "8/p1q3k1/3p1p2/3Q1B2/1PP5/6PP/P4PK1/8 b - - 8 47",
    "r1bqkb1r/ppp2ppp/2n2n2/3Pp1N1/2B5/8/PPPP1PPP/RNBQK2R b KQkq - 0 5",
    "1r3rk1/pn4pp/2p2p2/3npb2/1P6/P2P1N2/2PNBPPP/R4RK1 b - - 2 17",
    "8/p1r4p/2pR1pk1/4pNp1/1Pb1P1P1/P7/2P2P1P/6K1 b - - 2 29",
    "r1bqkb1r/pp3p1p/2np1np1/4p3/4PB2/2NQ1N2/PPP2PPP/R3KB1R w KQkq - 0 8",
    "2r1kb1r/5p1p/p1n1b1p1/2nQN3/Pp5B/8/1PP2PPP/1K1R1B1R w k - 1 20",
    "r3k1nr/1pp1qppp/p1p5/4b3/4P3/2P2QP1/PP3P1P/RNB2RK1 w kq - 1 11",
    "2k4r/1pp5/p1p5/5Pp1/2P1n3/1P4Pp/P2r1P2/R3R1K1 w - - 0 23",
    "8/6r1/p2k4/1p1pR1p1/6K1/1P4P1/P4P2/8 w - - 2 35",
    "8/8/Q7/1p1q1K2/8/1P4P1/P4k2/8 w - - 5 47",
];

/// Arguments of `machack bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Search depth 1, 2, 3, ... until --time-ms or --nodes runs out, or to --depth, and
    /// give each position's deepest depth searched to the end (not in 1967).
    #[arg(long)]
    pub deepen: bool,
    /// The search options every thinking command takes.
    #[command(flatten)]
    pub search: SearchOptions,
}

/// The median of some durations (the mean of the middle two for an even count).
fn median(mut d: Vec<Duration>) -> Duration {
    d.sort();
    match d.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => d[n / 2],
        n => (d[n / 2 - 1] + d[n / 2]) / 2,
    }
}

/// Runs the benchmark and prints one line per position and the totals.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let params = args.search.params()?;
    let limits = args.search.deepening_limits(args.deepen)?;
    let name = knowledge_name(params.profile);
    println!(
        "bench: {} positions; knowledge: {name}\nsettings: {}",
        BENCH_FENS.len(),
        settings::line(&params)
    );
    let mut total = Statistics::default();
    let mut times = Vec::new();
    let mut times_1967 = Vec::new();
    let mut depths = Vec::new();
    let mut counted_entries = None;
    for (i, fen) in BENCH_FENS.iter().enumerate() {
        let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
        // A fresh engine per position: each line is independent of the ones before.
        let mut engine = Engine::new(params.clone());
        counted_entries = engine.counted_table_entries();
        let Searched { result: r, depth } =
            deepening::search(&mut engine, &pos, &[], &limits, &mut |_| {});
        let s = &r.stats;
        let reached = if args.deepen {
            depths.push(depth);
            format!("  depth {depth}")
        } else {
            String::new()
        };
        println!(
            "{:>2}. {:<7} {:<22} nodes {:>8} pmg {:>6} time {:>8.3} s  1967 {:>7.1} s{reached}",
            i + 1,
            r.best_move.map_or("-".into(), |m| move_text(&pos, m)),
            value_text(r.value),
            s.nodes,
            s.pmg_calls,
            s.time.as_secs_f64(),
            s.time_1967().as_secs_f64()
        );
        times.push(s.time);
        times_1967.push(s.time_1967());
        total.nodes += s.nodes;
        total.pmg_calls += s.pmg_calls;
        total.static_evaluations += s.static_evaluations;
        total.time += s.time;
        total.table.probes += s.table.probes;
        total.table.hits += s.table.hits;
        total.table.stores += s.table.stores;
        total.table.most_in_use = total.table.most_in_use.max(s.table.most_in_use);
        total.table_cutoffs += s.table_cutoffs;
        total.repetitions += s.repetitions;
    }
    let secs = total.time.as_secs_f64();
    println!("total nodes           {}", total.nodes);
    println!("total pmg calls       {}", total.pmg_calls);
    println!("total static evals    {}", total.static_evaluations);
    println!("total time            {secs:.3} s");
    println!(
        "nodes/s               {:.0}",
        total.nodes as f64 / secs.max(1e-9)
    );
    let t = &total.table;
    println!(
        "table                 {} probes, {} hits ({} repetitions, {} cut-offs), {} stores",
        t.probes, t.hits, total.repetitions, total.table_cutoffs, t.stores
    );
    if let Some(entries) = counted_entries {
        // A table whose entries are freed on the way back (c197's): its fill is the most in
        // use at once.
        println!(
            "table fill            {} of {} entries at most ({:.2}%; table {})",
            t.most_in_use,
            entries,
            100.0 * t.most_in_use as f64 / entries.max(1) as f64,
            params.table
        );
    }
    println!("median time per move  {:.4} s", median(times).as_secs_f64());
    println!(
        "median 1967 time      {:.1} s (PMG calls x 80 ms)",
        median(times_1967).as_secs_f64()
    );
    if !depths.is_empty() {
        depths.sort();
        let listed: Vec<String> = depths.iter().map(|d| d.to_string()).collect();
        println!("depths reached        {} (lowest first)", listed.join(" "));
    }
    Ok(())
}
