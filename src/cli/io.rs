//! Reading and writing for the commands: a whole file or standard input in, standard output
//! out (stopping quietly when the reader has gone).

use super::CliError;
use std::io::{Read, Write};

/// Prints to standard output, quietly stopping if the reader has gone (`| head`).
pub fn print_out(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Reads a whole file, or standard input for `-`.
pub fn read_input(file: &str) -> Result<String, CliError> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}
