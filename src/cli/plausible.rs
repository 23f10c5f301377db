//! `machack plausible --fen FEN [--ply N]`: every legal move, most plausible first (paper §5;
//! debugging aid 5 of §13): rank, descriptive, SAN, plausibility and the flags in columns, under
//! a legend; checkmate and stalemate named.

use super::CliError;
use super::show::no_move_text;
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

/// The whole listing for a position, as text (also used by the tests): a heading and a legend,
/// then one row per legal move in aligned columns; a position without legal moves is named.
pub fn listing(pos: &Position, ply: u32) -> String {
    if let Some(ending) = no_move_text(pos) {
        return format!("no legal move: {ending}\n");
    }
    let pm = plausible_moves(pos, ply);
    let mut out = format!(
        "{}'s moves, most plausible first (paper section 5), at level {ply} of the tree\n\
         plausibility: 512 + positional change + attributes, in units of 1/128 pawn\n\
         must-search: searched whatever the width (check, fork, capture at level 1 or 2)\n\
         unsafe: the man moved is expected to be lost; poor: positional change -48 or less\n\
         rank  descriptive     SAN       plausibility  flags\n",
        pos.side_to_move().name()
    );
    for (i, m) in pm.moves.iter().enumerate() {
        let flags: Vec<&str> = m.flag_names().collect();
        let line = format!(
            "{:>4}  {:<15} {:<9} {:>12}  {}",
            i + 1,
            descriptive::format(pos, m.mv, Style::Book),
            san::format(pos, m.mv),
            m.plausibility,
            flags.join(" ")
        );
        out.push_str(line.trim_end());
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
