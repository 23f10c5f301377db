//! `machack eval --fen FEN [--root-fen FEN] [--source-king-safety]`: the static evaluator's
//! terms, one per line, S last (paper §3; debugging aid 3 of §13).

use super::CliError;
use crate::eval::{EvalParams, KingSafety, RootRatio, evaluate_breakdown};
use crate::rules::{Bitboard, Position, START_FEN};

/// Arguments of `machack eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// The position to evaluate.
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// The root of the search, for the piece-ratio term R (default: the position itself, R = 0).
    #[arg(long)]
    pub root_fen: Option<String>,
    /// Use the c197 source's king-safety term instead of the paper's.
    #[arg(long)]
    pub source_king_safety: bool,
    /// k of the piece-ratio term is 1/N (default 16, the source's shift by 4).
    #[arg(long, default_value_t = crate::eval::ratio::DEFAULT_RATIO_DIVISOR)]
    pub ratio_divisor: i64,
}

/// Names the squares of a set, or `-` when empty.
fn squares(b: Bitboard) -> String {
    if b.is_empty() {
        return "-".to_string();
    }
    b.into_iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The whole output of `machack eval` for a position, as text (also used by the tests).
pub fn report(pos: &Position, root: &Position, params: &EvalParams) -> String {
    let b = evaluate_breakdown(pos, &RootRatio::at(root), params);
    format!(
        "isolated {}\npassed {}\nbackward {}\nB {}\nR {}\nP {}\nK {}\nC {}\nS {}\n",
        squares(b.pawns.isolated),
        squares(b.pawns.passed),
        squares(b.pawns.backward),
        b.b,
        b.r,
        b.p,
        b.k,
        b.c,
        b.s
    )
}

/// Prints the terms of S.
pub fn run(args: &EvalArgs) -> Result<(), CliError> {
    let pos = Position::from_fen(&args.fen).map_err(|e| format!("--fen: {e}"))?;
    let root = match &args.root_fen {
        Some(f) => Position::from_fen(f).map_err(|e| format!("--root-fen: {e}"))?,
        None => pos.clone(),
    };
    if args.ratio_divisor < 1 {
        return Err(format!(
            "--ratio-divisor {}: k = 1/N needs N of at least 1 (default 16)",
            args.ratio_divisor
        ));
    }
    let params = EvalParams {
        ratio_divisor: args.ratio_divisor,
        king_safety: if args.source_king_safety {
            KingSafety::Source
        } else {
            KingSafety::Paper
        },
    };
    print!("{}", report(&pos, &root, &params));
    Ok(())
}
