//! `machack eval [--fen FEN] [--moves M ...] [--root-fen FEN] [--profile P] [--fixes F]
//! [--king-safety K] [--ratio-divisor N]`: the static evaluator's terms, one per line, named, from White's
//! side, the total last and then from the mover's side (debugging aid 3 of §13). The evaluator
//! is the profile's: c197's `STVL4` (the default: each term with what it adds, the running
//! total, the paper's term it stands for and what it scores, and last a pointer to the paper's
//! own terms) or the paper's recreation (paper §3: S = B + R + P + K + C).

use super::CliError;
use super::search_options::{EvaluatorOptions, ProfileOptions, game_position};
use crate::c197::statev::Terms;
use crate::game::Engine;
use crate::game::aids::Evaluation;
use crate::interface::SearchParams;
use crate::paper::eval::Breakdown;
use crate::rules::{Bitboard, Color, Position, START_FEN};

/// Arguments of `machack eval`.
#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// The position to evaluate (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves already played from that position, in any notation (P-K4, e4, e2e4; move numbers
    /// allowed): c197 numbers its pieces along the game, and reads passed and backward pawns by
    /// number.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// The root of the search, for the piece-ratio term (default: the position itself, where
    /// it is 0); with c197 also for OPNMID (king terms up to game ply 40).
    #[arg(long)]
    pub root_fen: Option<String>,
    /// The program whose evaluator is shown, and its fixes.
    #[command(flatten)]
    pub program: ProfileOptions,
    /// The paper evaluator's variants.
    #[command(flatten)]
    pub evaluator: EvaluatorOptions,
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
fn pawns(v: impl Into<i64>) -> String {
    format!("{:+.2}", v.into() as f64 / 128.0)
}

/// The total from the mover's side, the last line of both reports.
fn mover_line(pos: &Position, white: i64) -> String {
    let mover = pos.side_to_move();
    let for_mover = if mover == Color::White { white } else { -white };
    format!(
        "{} to move: {} for {}\n",
        mover.name(),
        pawns(for_mover),
        mover.name()
    )
}

/// c197's `STVL4` terms in the order it adds them: label, what the term scores, the paper's
/// term it stands for (paper section 3; c197 has no C).
const C197_TERMS: [(&str, &str, &str); 5] = [
    ("MATB", "material: White's men (PCBAL) less Black's", "B"),
    (
        "PCRC",
        "the piece ratio's change since the root: trading when ahead",
        "R",
    ),
    (
        "KSFFW",
        "White's king: -8 a rank above its first, less KINGSF",
        "K",
    ),
    (
        "KSFFB",
        "Black's king: +8 a rank below its first, plus KINGSF",
        "K",
    ),
    ("PSTVL", "pawns: multiple, isolated, backward, passed", "P"),
];

/// The c197 profile's report for `pos`, searched from `root`: `STVL4`'s terms `t` as the
/// program's debugging build keeps them, from White's side, each with what it adds, the running
/// total, the paper's term it stands for and what it scores; the total also from the mover's
/// side; last, where the paper's own terms are.
pub fn c197_report(pos: &Position, t: &Terms, root: &Position) -> String {
    let opnmid = if root.game_ply() <= 40 {
        "on: the root is at game ply 40 or less, the king terms count"
    } else {
        "off: the root is past game ply 40, the king terms are 0"
    };
    let values = [t.material, t.ratio, t.white_king, t.black_king, t.pawns];
    let mut out = format!(
        "static evaluation (c197's STVL4, lines 5597-5689) from White's side: above 0 is good\n\
         for White, below 0 for Black; in units of 1/128 pawn (a pawn is 128) and in pawns.\n\
         Each term as c197's debugging build keeps them apart (IFN DBG): what it adds, the total\n\
         so far, the paper's term it stands for (paper section 3: S = B + R + P + K + C; c197\n\
         has no C) and what it scores.\n\
         OPNMID {opnmid}\n\
         {:<7}{:>6}{:>8}{:>8}  {:<7}{}\n",
        "term", "adds", "total", "pawns", "paper", "what it scores"
    );
    let mut total = 0;
    for ((label, gloss, paper), v) in C197_TERMS.iter().zip(values) {
        total += v;
        out.push_str(&format!(
            "{label:<7}{v:>+6}{total:>8}{:>8}  {paper:<7}{gloss}\n",
            pawns(total)
        ));
    }
    debug_assert_eq!(total, t.total());
    out.push_str(&format!(
        "{:<7}{:>6}{total:>8}{:>8}  {:<7}{}\n",
        "STVL4",
        "",
        pawns(total),
        "S",
        "the static value: the terms' sum (ACCUMR)"
    ));
    out.push_str(&mover_line(pos, total));
    out.push_str(
        "KINGSF: 40 for each empty or enemy square next to the king the opponent attacks more\n\
         often than its side, 24 for each equally attacked one beyond the unattacked ones.\n\
         The paper's own terms, as the recreation computes them: machack eval --profile paper\n\
         (same position).\n",
    );
    out
}

/// The paper profile's output of `machack eval` for `pos`, its evaluator's terms `b`, as text
/// (also used by the tests): each term named, in units and in pawns, from White's side; the
/// total also from the mover's.
pub fn report(pos: &Position, b: &Breakdown) -> String {
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
    out.push_str(&mover_line(pos, b.s.into()));
    out.push_str(&format!(
        "isolated pawns {}\npassed pawns   {}\nbackward pawns {}\n",
        squares(b.pawns.isolated),
        squares(b.pawns.passed),
        squares(b.pawns.backward),
    ));
    out
}

/// Prints the terms of the static evaluation.
pub fn run(args: &EvalArgs) -> Result<(), CliError> {
    let profile = args.program.profile()?;
    let (pos, history) = game_position(&args.fen, &args.moves)?;
    let root = match &args.root_fen {
        Some(f) => Position::from_fen(f).map_err(|e| format!("--root-fen: {e}"))?,
        None => pos.clone(),
    };
    let engine = Engine::new(SearchParams {
        profile: args.evaluator.apply(profile)?,
        ..SearchParams::default()
    });
    let text = match engine.evaluation(&pos, &history, &root) {
        Evaluation::C197(terms) => c197_report(&pos, &terms, &root),
        Evaluation::Paper(terms) => report(&pos, &terms),
    };
    print!("{text}");
    Ok(())
}
