//! `machack eval --fen FEN [--root-fen FEN] [--source-king-safety]`: the static evaluator's
//! terms, one per line, named, from White's side, S last and then from the mover's side (paper
//! §3; debugging aid 3 of §13).

use super::CliError;
use crate::eval::{EvalParams, KingSafety, RootRatio, evaluate_breakdown};
use crate::rules::{Bitboard, Color, Position, START_FEN};

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

/// A value in pawns, signed (a pawn is 128).
fn pawns(v: i32) -> String {
    format!("{:+.2}", f64::from(v) / 128.0)
}

/// The whole output of `machack eval` for a position, as text (also used by the tests): each
/// term named, in units and in pawns, from White's side; the total also from the mover's.
pub fn report(pos: &Position, root: &Position, params: &EvalParams) -> String {
    let b = evaluate_breakdown(pos, &RootRatio::at(root), params);
    let mover = pos.side_to_move();
    let for_mover = if mover == Color::White { b.s } else { -b.s };
    let terms = [
        ("B", "material", b.b),
        (
            "R",
            "piece ratio against the root (trading when ahead)",
            b.r,
        ),
        ("P", "pawn structure", b.p),
        ("K", "king safety", b.k),
        ("C", "centre control", b.c),
    ];
    let mut out = String::from(
        "static evaluation (paper section 3) from White's side: above 0 is good for White,\n\
         below 0 for Black; values in units of 1/128 pawn (a pawn is 128) and in pawns\n",
    );
    out.push_str(&format!("{:<55}{:>7}{:>8}\n", "term", "value", "pawns"));
    for (letter, name, v) in terms {
        out.push_str(&format!("{letter}  {name:<52}{v:>7}{:>8}\n", pawns(v)));
    }
    out.push_str(&format!(
        "S  {:<52}{:>7}{:>8}\n",
        "total = B + R + P + K + C",
        b.s,
        pawns(b.s)
    ));
    out.push_str(&format!(
        "{} to move: {} for {}\n",
        mover.name(),
        pawns(for_mover),
        mover.name()
    ));
    out.push_str(&format!(
        "isolated pawns {}\npassed pawns   {}\nbackward pawns {}\n",
        squares(b.pawns.isolated),
        squares(b.pawns.passed),
        squares(b.pawns.backward),
    ));
    out
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
