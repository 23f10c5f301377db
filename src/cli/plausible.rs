//! `machack plausible --fen FEN [--ply N]`: every legal move, most plausible first (paper §5;
//! debugging aid 5 of §13): `<descriptive> <SAN> <plausibility> [must-search] [unsafe] [poor]`.

use super::CliError;
use crate::notation::{Style, descriptive, san};
use crate::plausible::plausible_moves;
use crate::rules::{Position, START_FEN};

/// Arguments of `machack plausible`.
#[derive(clap::Args, Debug)]
pub struct PlausibleArgs {
    /// The position.
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// The level of the moves in the search tree, 1 = top level (captures are must-search at
    /// levels 1 and 2).
    #[arg(long, default_value_t = 1)]
    pub ply: u32,
}

/// The descriptive form of a move as one column (no spaces: "Q-K6 mate" becomes "Q-K6mate").
pub fn descriptive_column(pos: &Position, m: crate::rules::Move) -> String {
    descriptive::format(pos, m, Style::Book).replace(' ', "")
}

/// The whole listing for a position, as text (also used by the tests).
pub fn listing(pos: &Position, ply: u32) -> String {
    let pm = plausible_moves(pos, ply);
    let mut out = String::new();
    for m in &pm.moves {
        let mut line = format!(
            "{} {} {}",
            descriptive_column(pos, m.mv),
            san::format(pos, m.mv),
            m.plausibility
        );
        for flag in m.flag_names() {
            line.push(' ');
            line.push_str(flag);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Prints the plausible-move listing.
pub fn run(args: &PlausibleArgs) -> Result<(), CliError> {
    let pos = Position::from_fen(&args.fen).map_err(|e| format!("--fen: {e}"))?;
    print!("{}", listing(&pos, args.ply));
    Ok(())
}
