//! `machack book --stats`: what the compiled-in opening book holds, and the tokens of its texts
//! that could not be read; `machack book --polyglot FILE`: the book written as a Polyglot `.bin`.

use super::CliError;
use crate::book::{BOOK_22, BOOK_1967, Book, polyglot, read_book_text};
use std::io::Write;

/// Arguments of `machack book`.
#[derive(clap::Args, Debug)]
pub struct BookArgs {
    /// Print the counts (positions, moves, tokens) and every token that could not be read.
    #[arg(long)]
    pub stats: bool,
    /// Write the book as a Polyglot .bin to FILE, which must not exist (entries sorted by key;
    /// each move machack plays in a position weighs 1, a move of the other text there 0).
    #[arg(long, value_name = "FILE")]
    pub polyglot: Option<std::path::PathBuf>,
}

/// Prints the book's statistics, or writes it as a Polyglot book.
pub fn run(args: &BookArgs) -> Result<(), CliError> {
    if let Some(path) = &args.polyglot {
        write_polyglot(path)?;
        if !args.stats {
            return Ok(());
        }
    }
    if !args.stats {
        return Err("say what to do: machack book --stats, or machack book --polyglot FILE".into());
    }
    let mut book = Book::new();
    for (name, text, tier) in [
        ("ruy-lopez-exchange-1967.txt", BOOK_1967, 0),
        ("book.22", BOOK_22, 1),
    ] {
        let mut own = Book::new();
        let r = read_book_text(text, tier, &mut own);
        read_book_text(text, tier, &mut book);
        let s = own.stats();
        println!(
            "{name}: {} tokens = {} comments + {} commands and tags + {} moves read + {} moves \
             skipped after an unreadable move + {} unreadable; {} positions, {} distinct moves",
            r.tokens,
            r.comments,
            r.commands,
            r.moves,
            r.skipped,
            r.errors.len(),
            s.positions,
            s.moves
        );
        for e in &r.errors {
            println!("  {name}: {e}");
        }
    }
    let s = book.stats();
    println!(
        "book: {} positions, {} distinct moves",
        s.positions, s.moves
    );
    Ok(())
}

/// Writes the compiled-in book to `path` as a Polyglot book; a file already there is left alone.
fn write_polyglot(path: &std::path::Path) -> Result<(), CliError> {
    let book = Book::builtin();
    let bytes = polyglot::to_bytes(&book);
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => format!(
                "{} exists: the book never replaces a file (name another, or remove it first)",
                path.display()
            ),
            _ => format!("cannot create {}: {e}", path.display()),
        })?;
    file.write_all(&bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| {
            // Not a book a reader would take for whole.
            let _ = std::fs::remove_file(path);
            format!("cannot write {}: {e}", path.display())
        })?;
    println!(
        "{}: {} entries, {} positions (Polyglot book)",
        path.display(),
        bytes.len() / polyglot::ENTRY_BYTES,
        book.stats().positions
    );
    Ok(())
}
