//! `machack convert FILE --to pgn|descriptive [--style book|teletype]`: converts scores between
//! PGN (SAN) and the descriptive score format.

use super::CliError;
use super::io::{print_out, read_input};
use super::show::StyleArg;
use crate::notation::{Style, pgn, read_games, score};

/// The format to write.
#[derive(Copy, Clone, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Format {
    /// PGN export format, SAN moves (descriptive moves kept in comments).
    Pgn,
    /// The descriptive score format of `games/`.
    Descriptive,
}

/// Arguments of `machack convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// The score to convert (`-` for standard input).
    pub file: String,
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: Format,
    /// Descriptive style; when not given, descriptive moves are kept as written and the others
    /// written in book style.
    #[arg(long, value_enum)]
    pub style: Option<StyleArg>,
}

/// Converts every game of the file and prints it.
pub fn run(args: &ConvertArgs) -> Result<(), CliError> {
    if args.to == Format::Pgn && args.style.is_some() {
        return Err("--style applies to --to descriptive; PGN moves are always SAN".into());
    }
    let text = read_input(&args.file)?;
    let games = read_games(&text).map_err(|e| format!("{}: {e}", args.file))?;
    for (i, g) in games.iter().enumerate() {
        if let Some(odd) = g.odd_result_tag() {
            eprintln!(
                "machack: {}: game {}: [Result \"{odd}\"] is not a result (1-0, 0-1, 1/2-1/2 \
                 or *); written as {}",
                args.file,
                i + 1,
                g.result_text()
            );
        }
    }
    let out = match args.to {
        Format::Pgn => pgn::write_all(&games),
        Format::Descriptive => score::write_all(&games, args.style.map(Style::from)),
    };
    print_out(&out);
    Ok(())
}
