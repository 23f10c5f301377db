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
use crate::game::bench;
use crate::game::deepening::Searched;
use crate::interface::{Statistics, settings};
use std::time::Duration;

pub use crate::game::bench::BENCH_FENS;

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
    bench::search_each(&params, &limits, |i, pos, searched, engine| {
        counted_entries = engine.counted_table_entries();
        let Searched { result: r, depth } = searched;
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
            r.best_move.map_or("-".into(), |m| move_text(pos, m)),
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
    })?;
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
