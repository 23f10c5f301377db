//! `machack trace MOVE [--fen FEN] [--moves M ...] [--ply N] [--profile P] [--fixes F]`: how
//! one move's plausibility is made (paper §13, debugging aid 4), the total last. The c197
//! profile (the default) shows its `LMGR` rule by rule: what each adds to R, R after it, what
//! it scores and the paper's factor it corresponds to, and last a pointer to the paper's own
//! factors; the paper profile every factor of the recreation with a comment.

use super::CliError;
use super::search_options::{ProfileOptions, game_position, no_answer, parse_move};
use crate::c197;
use crate::game::Engine;
use crate::game::aids::Trace;
use crate::interface::SearchParams;
use crate::notation::{Style, descriptive, san};
use crate::paper::plausible::{Factor, PlausibleMove};
use crate::rules::{Move, Position, START_FEN};

/// Arguments of `machack trace`.
#[derive(clap::Args, Debug)]
pub struct TraceArgs {
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves already played from that position, in any notation (P-K4, e4, e2e4; move numbers
    /// allowed): c197 numbers its pieces and counts their moves along the game. Write MOVE before
    /// --moves.
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

/// The paper profile's trace of a move, `pm` as the generator lists it and the `factors` that
/// make its plausibility, as text: `<signed value> <comment>` lines, `total <n>` last.
pub fn trace_text(pm: &PlausibleMove, factors: &[Factor]) -> String {
    let mut out = String::new();
    for f in factors {
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
    out
}

/// c197's `LMGR` rules as [`c197::lmg::Trace`] labels them: the label, what the rule scores, and
/// the paper's factor it corresponds to (paper section 5), `-` where the paper has none. The
/// first three score the man where it stands (`LMGCD`), worked out once for the man.
const C197_RULES: [(&str, &str, &str); 19] = [
    (
        "LMGCD LMGR1A",
        "its development there: squares, threats",
        "development (old square)",
    ),
    (
        "LMGCDK",
        "king unmoved: 32, +128 with a rook unmoved",
        "first king move",
    ),
    ("LMGCD risk", "less what it risks there, if en prise", "-"),
    (
        "CDEVV",
        "R starts at minus that (too early: -256)",
        "development (old square)",
    ),
    (
        "LMGRT1",
        "blocking an enemy passed pawn, by rank",
        "passed pawn (blocking)",
    ),
    (
        "MBACKP",
        "moving a backward pawn: +32",
        "moving a backward pawn",
    ),
    (
        "PPP",
        "pushing a passed pawn, by rank reached",
        "passed pawn push",
    ),
    (
        "LMGCMX",
        "the king toward its back rank (OPNMID)",
        "king retreat",
    ),
    (
        "LBL",
        "lines it blocks there: ours cost, his gain",
        "blocking sliders",
    ),
    ("IVLU", "the initial value", "initial value 512"),
    (
        "LMCPB",
        "to K3/Q3 before that centre pawn: -96",
        "blocking a centre pawn",
    ),
    (
        "LMUA",
        "the lines it unblocks, ours and his",
        "uncovering, unblocking",
    ),
    (
        "FMROOK",
        "rook/queen first move, king unmoved: -48",
        "first rook move",
    ),
    (
        "LMFA LMDA",
        "+32 a line to the enemy king (each line)",
        "line to the enemy king",
    ),
    (
        "LMGR3 LMGR4",
        "capture or safety analysis (FLATA)",
        "capture, exchange",
    ),
    (
        "LMGR4M",
        "losing capture: no new-square development",
        "bad capture (floor 0)",
    ),
    ("LMGR4A", "unsafe: no development, no flags", "unsafe move"),
    (
        "LMGR1A",
        "its development at the new square, threats",
        "development (new square)",
    ),
    ("CASTLE", "castling: a value of its own", "castling 768"),
];

/// What c197's `LMGR` rule labelled `rule` scores, and the paper's factor it corresponds to
/// (`-` if none); None for a label not glossed.
pub fn c197_rule_gloss(rule: &str) -> Option<(&'static str, &'static str)> {
    C197_RULES
        .iter()
        .find(|(label, _, _)| *label == rule)
        .map(|&(_, g, p)| (g, p))
}

/// The labels of c197's `LMGR` rules glossed (see [`c197_rule_gloss`]).
pub fn c197_rules_glossed() -> impl Iterator<Item = &'static str> {
    C197_RULES.iter().map(|&(label, _, _)| label)
}

/// The c197 profile's trace of legal move `m` in `pos` at level `ply`, `steps` and `entry` as
/// [`c197::trace_move`] gives them, as text: a heading, then each rule with what it adds to R,
/// R after it, its label, what it scores and the paper's factor it corresponds to, then the
/// entry as listed (`total <n>`) or that the generator drops it, and last where the paper's
/// own factors are.
pub fn c197_trace_text(
    pos: &Position,
    m: Move,
    ply: u32,
    (steps, entry): &c197::lmg::Trace,
) -> String {
    let mut out = format!(
        "c197's LMGR (lines 4036-4294) scoring {} ({}) at level {ply}, rule by rule: what each\n\
         adds to R, R after it, the rule (its routine or constant in c197.txt), what it scores\n\
         and the paper's factor it corresponds to (paper section 5); in units of 1/128 pawn.\n\
         {:>6}{:>7}  {:<13} {:<44}{}\n",
        descriptive::format(pos, m, Style::Book),
        san::format(pos, m),
        "adds",
        "R",
        "rule",
        "what it scores",
        "paper"
    );
    let mut r = 0;
    let mut heading = "";
    for (i, &(rule, after)) in steps.iter().enumerate() {
        let (gloss, paper) = c197_rule_gloss(rule).unwrap_or(("", ""));
        let part = if rule.starts_with("LMGCD") {
            "the man where it stands (LMGCD, 4334-4418), given up by any move of it:"
        } else {
            "the move:"
        };
        if part != heading && (i > 0 || rule.starts_with("LMGCD")) {
            out.push_str(part);
            out.push('\n');
            heading = part;
        }
        // R starts again from CDEVV: that step's addition is from 0.
        let start = if rule == "CDEVV" { 0 } else { r };
        out.push_str(&format!(
            "{:>+6}{after:>7}  {rule:<13} {gloss:<44}{paper}\n",
            after - start
        ));
        r = after;
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
    out.push_str(
        "The paper's own factors, as the recreation of its generator scores them, each with a\n\
         comment: machack trace --profile paper (same move and position).\n",
    );
    out
}

/// Prints the trace of one move.
pub fn run(args: &TraceArgs) -> Result<(), CliError> {
    let profile = args.program.profile()?;
    let (pos, history) = game_position(&args.fen, &args.moves)?;
    let m = parse_move(&pos, &args.mv)?;
    let engine = Engine::new(SearchParams {
        profile,
        ..SearchParams::default()
    });
    let text = match engine
        .trace(&pos, &history, m, args.ply)
        .map_err(|why| no_answer(why, &args.mv))?
    {
        Trace::C197(trace) => c197_trace_text(&pos, m, args.ply, &trace),
        Trace::Paper(pm, factors) => trace_text(&pm, &factors),
    };
    print!("{text}");
    Ok(())
}
