//! `machack trace --fen FEN MOVE`: every factor of one move's plausibility with a comment, the
//! total last (paper §13, debugging aid 4).

use super::CliError;
use crate::notation::parse_any;
use crate::plausible::trace_move;
use crate::rules::{Move, Position, START_FEN};

/// Arguments of `machack trace`.
#[derive(clap::Args, Debug)]
pub struct TraceArgs {
    /// The position.
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// The level of the moves in the search tree, 1 = top level (captures are must-search at
    /// levels 1 and 2).
    #[arg(long, default_value_t = 1)]
    pub ply: u32,
    /// The move, in descriptive notation, SAN or coordinates.
    pub mv: String,
}

/// The trace of legal move `m` as text: `<signed value> <comment>` lines, `total <n>` last.
pub fn trace_text(pos: &Position, m: Move, ply: u32) -> Option<String> {
    let (pm, factors) = trace_move(pos, m, ply)?;
    let mut out = String::new();
    for f in &factors {
        out.push_str(&format!("{:+} {}\n", f.value, f.comment));
    }
    let mut flags: Vec<&str> = pm.flag_names().collect();
    if pm.check {
        flags.push("check");
    }
    if !flags.is_empty() {
        out.push_str(&format!(
            "flags {} (positional change {}, forcing possibilities {})\n",
            flags.join(" "),
            pm.positional,
            pm.forcing
        ));
    }
    out.push_str(&format!("total {}\n", pm.plausibility));
    Some(out)
}

/// Prints the trace of one move.
pub fn run(args: &TraceArgs) -> Result<(), CliError> {
    let pos = Position::from_fen(&args.fen).map_err(|e| format!("--fen: {e}"))?;
    let m = parse_any(&pos, &args.mv).map_err(|e| e.to_string())?;
    let text =
        trace_text(&pos, m, args.ply).ok_or_else(|| format!("'{}' is not legal here", args.mv))?;
    print!("{text}");
    Ok(())
}
