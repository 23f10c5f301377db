//! `machack plausible [--fen FEN] [--moves M ...] [--ply N] [--profile P] [--fixes F]`: every
//! move the plausible-move generator lists, most plausible first (paper §5; debugging aid 5 of
//! §13): rank, descriptive, SAN, plausibility and the flags in columns, under a legend;
//! checkmate and stalemate named. The generator is the profile's: c197's `LMG` (the default)
//! or the paper's recreation.

use super::CliError;
use super::search_options::{ProfileOptions, game_position, no_answer};
use super::show::no_move_text;
use crate::c197::lmg::Entry;
use crate::game::Engine;
use crate::game::aids::Listing;
use crate::interface::SearchParams;
use crate::notation::{Style, descriptive, san};
use crate::paper::plausible::PlausibleMoves;
use crate::rules::{Move, Position, START_FEN};

/// Arguments of `machack plausible`.
#[derive(clap::Args, Debug)]
pub struct PlausibleArgs {
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves already played from that position, in any notation (P-K4, e4, e2e4; move numbers
    /// allowed): c197 numbers its pieces and counts their moves along the game.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// The level of the moves in the search tree, 1 = top level (captures are must-search at
    /// levels 1 and 2).
    #[arg(long, default_value_t = 1)]
    pub ply: u32,
    /// The program whose generator lists the moves, and its fixes.
    #[command(flatten)]
    pub program: ProfileOptions,
}

/// The rows of a listing: rank, descriptive, SAN, plausibility, flags, aligned.
fn rows<'a>(
    pos: &Position,
    moves: impl Iterator<Item = (Move, i64, Vec<&'a str>)>,
    out: &mut String,
) {
    out.push_str("rank  descriptive     SAN       plausibility  flags\n");
    for (i, (m, plausibility, flags)) in moves.enumerate() {
        let line = format!(
            "{:>4}  {:<15} {:<9} {:>12}  {}",
            i + 1,
            descriptive::format(pos, m, Style::Book),
            san::format(pos, m),
            plausibility,
            flags.join(" ")
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// The paper profile's listing of `pm`, the generator's list for `pos` at level `ply`, as text
/// (also used by the tests): a heading and a legend, then one row per legal move in aligned
/// columns.
pub fn listing(pos: &Position, ply: u32, pm: &PlausibleMoves) -> String {
    let mut out = format!(
        "{}'s moves, most plausible first (paper section 5), at level {ply} of the tree\n\
         plausibility: 512 + positional change + attributes, in units of 1/128 pawn\n\
         must-search: searched whatever the width (check, fork, capture at level 1 or 2)\n\
         unsafe: the man moved is expected to be lost; poor: positional change -48 or less\n",
        pos.side_to_move().name()
    );
    let moves = pm.moves.iter().map(|m| {
        (
            m.mv,
            i64::from(m.plausibility),
            m.flag_names().collect::<Vec<_>>(),
        )
    });
    rows(pos, moves, &mut out);
    out
}

/// The c197 profile's listing of `list` (`LMG` and its `SORT`, c197 lines 3384-3534,
/// 4024-4932, 6062-6092) for `pos` at level `ply`, in the same columns.
pub fn c197_listing(pos: &Position, ply: u32, list: &[(Move, Entry)]) -> String {
    let mut out = format!(
        "{}'s moves as c197's LMG lists them, in the order its SORT leaves them, at level {ply} \
         of the tree\n\
         plausibility: 512 + the scores of its rules, never below 0, in units of 1/128 pawn;\n  \
         SORT reads the low 12 bits and is not stable: equal values stand in c197's order\n\
         must-search: searched whatever the width (a safe check, two forcing threats,\n  \
         a capture at level 1 or 2)\n\
         unsafe: the move was not found safe; poor: developmentally poor (3 off in the search)\n",
        pos.side_to_move().name()
    );
    let moves = list
        .iter()
        .map(|(m, e)| (*m, e.plausibility, e.flag_names().collect::<Vec<_>>()));
    rows(pos, moves, &mut out);
    out
}

/// Prints the plausible-move listing; a position without legal moves is named.
pub fn run(args: &PlausibleArgs) -> Result<(), CliError> {
    let profile = args.program.profile()?;
    let (pos, history) = game_position(&args.fen, &args.moves)?;
    let engine = Engine::new(SearchParams {
        profile,
        ..SearchParams::default()
    });
    let list = engine
        .plausible(&pos, &history, args.ply)
        .map_err(|why| no_answer(why, ""))?;
    let text = match (no_move_text(&pos), list) {
        (Some(ending), _) => format!("no legal move: {ending}\n"),
        (None, Listing::C197(list)) => c197_listing(&pos, args.ply, &list),
        (None, Listing::Paper(pm)) => listing(&pos, args.ply, &pm),
    };
    print!("{text}");
    Ok(())
}
