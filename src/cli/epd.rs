//! `machack epd FILE [--limit N] [options]`: searches each EPD position and checks the choice
//! against its `bm` (best moves) and `am` (avoid moves) operations.
//!
//! EPD moves are SAN, read with the notation module ([`crate::notation::epd`]). Knowledge: the 1967 evaluator and PMG by
//! default (`--knowledge simple` for the teaching one).

use super::CliError;
use super::io::read_input;
use super::search_options::{SearchOptions, knowledge_name};
use super::show::{move_text, value_text};
use crate::game::Engine;
use crate::interface::settings;
use crate::notation::epd::{parse_epd_line, san_matches};
use crate::notation::{excerpt, san};
use crate::rules::Position;

/// Arguments of `machack epd`.
#[derive(clap::Args, Debug)]
pub struct EpdArgs {
    /// The EPD file (`-`: standard input): one position a line, `bm`/`am` operations in SAN.
    pub file: String,
    /// Search at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// The search options every thinking command takes.
    #[command(flatten)]
    pub search: SearchOptions,
}

/// Runs the EPD test.
pub fn run(args: &EpdArgs) -> Result<(), CliError> {
    let params = args.search.params()?;
    let text = read_input(&args.file)?;
    let limits = args.search.limits()?;
    println!("settings: {}", settings::line(&params));
    println!("knowledge: {}", knowledge_name(params.profile));
    let mut engine = Engine::new(params);
    let (mut tried, mut solved) = (0, 0);
    for (n, line) in text.lines().enumerate() {
        if args.limit.is_some_and(|l| tried >= l) {
            break;
        }
        let Some(rec) = parse_epd_line(line).map_err(|e| format!("line {}: {e}", n + 1))? else {
            continue;
        };
        let pos = Position::from_fen(&rec.fen).map_err(|e| format!("line {}: {e}", n + 1))?;
        engine.new_game();
        let r = engine.search(&pos, &[], &limits, None);
        let Some(m) = r.best_move else {
            println!(
                "{:>4}. {} no legal move",
                n + 1,
                rec.id.as_deref().unwrap_or("")
            );
            continue;
        };
        tried += 1;
        let good = (rec.best.is_empty() || rec.best.iter().any(|b| san_matches(&pos, m, b)))
            && !rec.avoid.iter().any(|a| san_matches(&pos, m, a));
        solved += good as usize;
        println!(
            "{:>4}. {:<12} {:<4} chose {:<7} ({}) {:<18} bm [{}] am [{}]",
            n + 1,
            excerpt(rec.id.as_deref().unwrap_or("")),
            if good { "ok" } else { "FAIL" },
            san::format(&pos, m),
            move_text(&pos, m),
            value_text(r.value),
            excerpt(&rec.best.join(" ")),
            excerpt(&rec.avoid.join(" "))
        );
    }
    println!("solved {solved} of {tried}");
    Ok(())
}
