//! Reading and writing for the commands: a whole file or standard input in (at most
//! [`FILE_MAX`]), standard output out (stopping quietly when the reader has gone).

use super::CliError;
use crate::game::input::{self, FILE_MAX};
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
