//! `machack think [--fen FEN] [--moves M ...] [--preset P] [options]`: one search, printed with
//! its top-level record (paper §13, aid 5) and statistics (aid 6); the last line is
//! `bestmove <coordinate move>`.
//!
//! Knowledge: the 1967 evaluator and PMG ([`crate::search::Knowledge1967`]) by default;
//! `--knowledge simple` selects the teaching implementation ([`crate::search::SimpleKnowledge`]).

use super::CliError;
use super::search_options::SearchOptions;
use super::show::{line_text, move_text, value_text};
use crate::notation::{self, san};
use crate::rules::{Move, Position, START_FEN};
use crate::search::{Preset, SearchResult, Searcher, TopBound, history_after};

/// Arguments of `machack think`.
#[derive(clap::Args, Debug)]
pub struct ThinkArgs {
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves already played from that position, in coordinates (e2e4 e7e5 …).
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// The search options every thinking command takes.
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Finds the legal move written `text` (descriptive, SAN or coordinates) in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, CliError> {
    notation::parse_any(pos, text).map_err(|e| format!("{e} (in {})", pos.to_fen()))
}

/// The position after `fen` and `moves`, with the keys of the positions before it.
pub fn game_position(fen: &str, moves: &[String]) -> Result<(Position, Vec<u64>), CliError> {
    let start = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let mut pos = start.clone();
    let mut played = Vec::new();
    for text in moves {
        let m = parse_move(&pos, text)?;
        pos.make(m);
        played.push(m);
    }
    history_after(&start, &played).map_err(|m| format!("illegal move {m}"))
}

/// Prints the top-level record, the choice and the statistics.
pub fn print_result(pos: &Position, r: &SearchResult) {
    println!("top-level moves (in the order searched):");
    for (i, t) in r.top_level.iter().enumerate() {
        let value = match t.bound {
            TopBound::Exact => format!("= {}", value_text(t.value)),
            TopBound::AtMost => format!("<= {}", value_text(t.value)),
            TopBound::Interrupted => "interrupted".to_string(),
        };
        let secondary = t
            .secondary
            .map(|s| format!("  [secondary {}]", value_text(s)))
            .unwrap_or_default();
        println!(
            "{:>3}. {:<10} plausibility {:>5}  {:<13} {:<24} {}{}",
            i + 1,
            move_text(pos, t.mv),
            t.plausibility,
            format!("{:?}", t.selection),
            value,
            line_text(pos, &t.pv),
            secondary
        );
    }
    let unsearched: Vec<String> = r
        .plausibility
        .iter()
        .filter(|(m, _)| !r.top_level.iter().any(|t| t.mv == *m))
        .map(|(m, p)| format!("{} {p}", move_text(pos, *m)))
        .collect();
    if !unsearched.is_empty() {
        println!("not searched: {}", unsearched.join(", "));
    }
    match r.best_move {
        Some(m) => println!(
            "chosen: {} ({})  value {}",
            move_text(pos, m),
            san::format(pos, m),
            value_text(r.value)
        ),
        None => println!("no legal move: value {}", value_text(r.value)),
    }
    println!("pv: {}", line_text(pos, &r.pv));
    if r.stopped {
        println!("(stopped early by a limit)");
    }
    println!("statistics:");
    for line in r.stats.to_string().lines() {
        println!("  {line}");
    }
}

/// Runs one search and prints it.
pub fn run(args: &ThinkArgs) -> Result<(), CliError> {
    let params = args.search.params(Preset::Normal)?;
    let limits = args.search.limits()?;
    let (pos, history) = game_position(&args.fen, &args.moves)?;
    let (mut knowledge, name) = args.search.knowledge()?;
    println!("position: {}", pos.to_fen());
    println!(
        "parameters: widths {} depth {} feedovers {} secondary {} ({} plies) repetition {} shadow {} hash {} entries",
        params.widths,
        params.depth,
        params.feedovers,
        if params.secondary_search { "on" } else { "off" },
        params.secondary_plies,
        params.repetition,
        if params.shadow_score { "on" } else { "off" },
        params.hash_entries
    );
    println!("knowledge: {name}");
    let mut searcher = Searcher::new(params);
    let r = searcher.search(knowledge.as_mut(), &pos, &history, &limits, None);
    print_result(&pos, &r);
    match r.best_move {
        Some(m) => println!("bestmove {}", m.coordinate()),
        None => println!("bestmove (none)"),
    }
    Ok(())
}
