//! `machack trace MOVE [--fen FEN] [--moves M ...] [--ply N] [--profile P] [--fixes F]`: how
//! one move's plausibility is made (paper §13, debugging aid 4), the total last. The c197
//! profile (the default) shows its `LMGR` rule by rule with R after each; the paper profile
//! every factor of the recreation with a comment.

use super::CliError;
use super::search_options::{ProfileOptions, c197_level, game_position, parse_move};
use crate::c197;
use crate::notation::{Style, descriptive, san};
use crate::plausible::trace_move;
use crate::program::Profile;
use crate::rules::{Key, Move, Position, START_FEN};

/// Arguments of `machack trace`.
#[derive(clap::Args, Debug)]
pub struct TraceArgs {
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves already played from that position, in coordinates (e2e4 e7e5 …): c197 numbers
    /// its pieces and counts their moves along the game. Write MOVE before --moves.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// The level of the moves in the search tree, 1 = top level (captures are must-search at
    /// levels 1 and 2).
    #[arg(long, default_value_t = 1)]
    pub ply: u32,
    /// The program whose generator is traced, and its fixes.
    #[command(flatten)]
    pub program: ProfileOptions,
    /// The move, in descriptive notation, SAN or coordinates.
    pub mv: String,
}

/// The paper profile's trace of legal move `m` as text: `<signed value> <comment>` lines,
/// `total <n>` last.
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

/// The c197 profile's trace of legal move `m` in the position reached along `history`, as
/// text: a heading, `<R> <rule>` lines, then the entry as listed (`total <n>` last) or that
/// the generator drops it. None if c197 has no such move (an under-promotion).
pub fn c197_trace_text(
    pos: &Position,
    history: &[Key],
    fixes: crate::program::Fixes,
    m: Move,
    ply: u32,
) -> Option<String> {
    let (steps, entry) = c197::trace_move(pos, history, fixes, ply, m)?;
    let mut out = format!(
        "c197's LMGR scoring {} ({}) at level {ply}: R after each rule, in units of 1/128 pawn\n\
         (the current-square rules score the man where it stands; R then starts from minus that)\n",
        descriptive::format(pos, m, Style::Book),
        san::format(pos, m)
    );
    for (rule, r) in &steps {
        out.push_str(&format!("{r:>6}  {rule}\n"));
    }
    match entry {
        Some(e) => {
            let flags: Vec<&str> = e.flag_names().collect();
            if !flags.is_empty() {
                out.push_str(&format!("flags {}\n", flags.join(" ")));
            }
            out.push_str(&format!("total {}\n", e.plausibility));
        }
        None => out.push_str("not listed: the generator drops this move\n"),
    }
    Some(out)
}

/// Prints the trace of one move.
pub fn run(args: &TraceArgs) -> Result<(), CliError> {
    let profile = args.program.profile()?;
    let (pos, history) = game_position(&args.fen, &args.moves)?;
    let m = parse_move(&pos, &args.mv)?;
    let text = match profile {
        Profile::Paper(_) => trace_text(&pos, m, args.ply),
        Profile::C197(fixes) => Some(
            c197_trace_text(&pos, &history, fixes, m, c197_level(args.ply)?)
                .ok_or("c197 has no such move: it promotes only to a queen")?,
        ),
    };
    print!(
        "{}",
        text.ok_or_else(|| format!("'{}' is not legal here", args.mv))?
    );
    Ok(())
}
