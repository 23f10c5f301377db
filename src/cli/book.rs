//! `machack book --stats`: what the compiled-in opening book holds, and the tokens of its texts
//! that could not be read.

use super::CliError;
use crate::book::{BOOK_22, BOOK_1967, Book, read_book_text};

/// Arguments of `machack book`.
#[derive(clap::Args, Debug)]
pub struct BookArgs {
    /// Print the counts (positions, moves, tokens) and every token that could not be read.
    #[arg(long)]
    pub stats: bool,
}

/// Prints the book's statistics.
pub fn run(args: &BookArgs) -> Result<(), CliError> {
    if !args.stats {
        return Err("say what to show: machack book --stats".into());
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
