//! Reading and writing for the commands: a whole file or standard input in (at most
//! [`FILE_MAX`]; a score's games too), standard output out (stopping quietly when the reader
//! has gone).

use super::CliError;
use crate::game::input::{self, FILE_MAX};
use crate::notation::{Game, ReadError, read_each_game};
use std::io::Write;

/// Prints to standard output, quietly stopping if the reader has gone (`| head`).
pub fn print_out(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Reads a whole file, or standard input for `-`, of at most [`FILE_MAX`] bytes.
pub fn read_input(file: &str) -> Result<String, CliError> {
    if file == "-" {
        input::read_all(std::io::stdin().lock(), FILE_MAX)
            .map_err(|e| format!("cannot read standard input: {e}"))
    } else {
        input::read_file(std::path::Path::new(file), FILE_MAX)
            .map_err(|e| format!("cannot read {file}: {e}"))
    }
}

/// The games of a score file (`-` for standard input): every one, or only number `number`
/// (from 1), each with its label: the file's name, and `game K of N` when it holds several. A
/// game that cannot be read is the error.
pub fn games_in(file: &str, number: Option<usize>) -> Result<Vec<(String, Game)>, CliError> {
    each_game_in(file, number)?
        .into_iter()
        .map(|(label, game)| game.map(|g| (label, g)).map_err(|e| format!("{file}: {e}")))
        .collect()
}

/// A game of a file with its label, or why it could not be read.
pub type LabelledGame = (String, Result<Game, ReadError>);

/// The games of a score file as [`games_in`] gives them, each game apart: one that cannot be
/// read is its error, and the others are read all the same.
pub fn each_game_in(file: &str, number: Option<usize>) -> Result<Vec<LabelledGame>, CliError> {
    let games = read_each_game(&read_input(file)?).map_err(|e| format!("{file}: {e}"))?;
    let n = games.len();
    let label = |k: usize| match n {
        1 => file.to_string(),
        _ => format!("{file}, game {k} of {n}"),
    };
    match number {
        None => Ok(games
            .into_iter()
            .enumerate()
            .map(|(i, g)| (label(i + 1), g))
            .collect()),
        Some(k) if (1..=n).contains(&k) => Ok(vec![(label(k), games[k - 1].clone())]),
        Some(_) => Err(format!(
            "{file} has {n} game(s); --game must be from 1 to {n}"
        )),
    }
}
