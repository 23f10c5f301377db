//! `machack replay FILE [--game N]`: plays every game of a score through (or game N), printing
//! every move in descriptive notation and SAN, and each final position's FEN as its last line;
//! with `--compare`, the recreation beside history ([`compare`]).

use super::CliError;
use super::comparison::CompareOptions;
use super::io::{each_game_in, games_in, print_out, read_input};
use super::show::StyleArg;
use crate::notation::{Game, Style, clip, descriptive, san};
use crate::rules::{Color, Status};

pub mod compare;

/// Arguments of `machack replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The score: a descriptive score, PGN or a plain numbered move list (`-` for standard input);
    /// with --compare, several files may be given; with --positions, the games the table's
    /// positions come from (optional).
    #[arg(required_unless_present = "positions", num_args = 1..)]
    pub files: Vec<String>,
    /// Search every position where Mac Hack was to move and compare with history, c197 and the
    /// 1973 program.
    #[arg(long)]
    pub compare: bool,
    /// With --compare, instead of Mac Hack's positions: every position of a c197 table (e.g.
    /// `reference/c197/further-tournament.tsv`). A position found in the games of FILES (e.g.
    /// `reference/c197/further-games.pgn`) is searched with the game's earlier moves, as c197
    /// was asked it; any other alone, from its FEN.
    #[arg(long, conflicts_with = "c197")]
    pub positions: Option<String>,
    /// With --compare: the yardsticks, the side Mac Hack played and the search.
    #[command(flatten)]
    pub compare_options: CompareOptions,
    /// Which game of the file, counted from 1 (default: every one).
    #[arg(long)]
    pub game: Option<usize>,
    /// How to print the descriptive moves (default: book).
    #[arg(long, value_enum)]
    pub style: Option<StyleArg>,
}

/// The numbered lines of a game: `  1. P-K4        e4       P-K4        e5`.
pub fn move_lines(game: &Game, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    let mut pos = game.start.clone();
    let mut line = String::new();
    for gm in &game.moves {
        let d = descriptive::format(&pos, gm.mv, style);
        let s = san::format(&pos, gm.mv);
        if pos.side_to_move() == Color::White {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = format!("{:>3}. {d:<14} {s:<8}", pos.fullmove_number());
        } else {
            if line.is_empty() {
                line = format!("{:>3}. {:<14} {:<8}", pos.fullmove_number(), "...", "");
            }
            line.push_str(&format!(" {d:<14} {s}"));
        }
        pos.make(gm.mv);
    }
    if !line.is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// Replays the game and prints it, the result and, last, `FEN: <final position>`; or, with
/// `--compare`, the comparison with history.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    if args.compare {
        return compare::run(args);
    }
    if args.positions.is_some() {
        return Err("--positions needs --compare".into());
    }
    let [file] = args.files.as_slice() else {
        return Err(format!(
            "replay takes one score file ({} given); several are allowed only with --compare",
            args.files.len()
        ));
    };
    // Each game apart: one that cannot be read is said, and the others are shown.
    let games = each_game_in(file, args.game)?;
    let several = games.len() > 1;
    if let [(_, Err(e))] = games.as_slice() {
        return Err(format!("{file}: {e}"));
    }
    let mut unread = Vec::new();
    for (i, (label, game)) in games.iter().enumerate() {
        let mut out = String::new();
        if several {
            let gap = if i == 0 { "" } else { "\n" };
            out.push_str(&format!("{gap}{label}:\n"));
        }
        match game {
            Ok(game) => out.push_str(&game_text(
                game,
                args.style.map_or(Style::Book, Style::from),
            )),
            Err(e) => {
                out.push_str("(not read: see the error)\n");
                eprintln!("machack: {file}: {}", clip(&e.to_string()));
                unread.push(e.game.to_string());
            }
        }
        print_out(&out);
    }
    match unread.as_slice() {
        [] => Ok(()),
        _ => Err(format!(
            "{file}: {} of {} games could not be read (game {}); the others are shown",
            unread.len(),
            games.len(),
            unread.join(", ")
        )),
    }
}

/// A game as `replay` prints it: its players, event and date, the numbered moves, the result
/// and, last, `FEN: <final position>`.
fn game_text(game: &Game, style: Style) -> String {
    let mut out = String::new();
    for name in ["White", "Black", "Event", "Date"] {
        if let Some(v) = game.tag(name) {
            out.push_str(&format!("{name}: {v}\n"));
        }
    }
    for l in move_lines(game, style) {
        out.push_str(&l);
        out.push('\n');
    }
    let last = game.final_position();
    let status = match last.status() {
        Status::Checkmate => " (checkmate)",
        Status::Stalemate => " (stalemate)",
        _ => "",
    };
    out.push_str(&format!("Result: {}{status}\n", game.result_text()));
    out.push_str(&format!("FEN: {}\n", last.to_fen()));
    out
}
