//! The descriptive score format of `games/` (`.score`): PGN's tag pairs, then numbered moves in
//! descriptive notation, one move number a line, with `{ }` comments after a move.
//!
//! ```text
//! [Event "Massachusetts Spring Amateur 1967"]
//! [White "Mac Hack VI"]
//! [Result "1/2-1/2"]
//!
//! 1. P-K4 {BOOK} P-K4
//! 10. P-KN3 {18.3s} Q-K2
//! 42. Q-KB5ch {27.7s} {printed: Q-QB5ch} K-K6
//! 1/2-1/2
//! ```
//!
//! The reader ([`read`]) is PGN's: it also takes a plain move list as typed from a book
//! (`1. P-K4 P-K4 2. N-KB3 N-QB3`, `1. ... P-K4` for a Black move alone, no tags, no result),
//! and moves in SAN or coordinates.

use super::game::{Game, GameMove, ReadError, read_games};
use super::pgn::{comment_words, tag_lines, variation_words_from, wrap};
use super::{Notation, Style, descriptive};
use crate::rules::{Color, Position};

/// Reads every game of a score.
pub fn read(text: &str) -> Result<Vec<Game>, ReadError> {
    read_games(text)
}

/// The text a move is written with: as written in the source when it was descriptive and no
/// style is asked for, else formatted in `style` (book when none).
fn move_text(pos: &Position, gm: &GameMove, style: Option<Style>) -> String {
    match style {
        None if gm.notation == Notation::Descriptive => gm.text.clone(),
        _ => descriptive::format(pos, gm.mv, style.unwrap_or_default()),
    }
}

/// Writes a game as a descriptive score; `style` reformats every move, `None` keeps
/// descriptive texts as they were written.
pub fn write(game: &Game, style: Option<Style>) -> String {
    let mut out = tag_lines(game).join("\n");
    out.push_str("\n\n");
    for c in &game.opening_comments {
        out.push_str(&wrap(&comment_words(c)));
    }
    let mut pos = game.start.clone();
    let mut line: Vec<String> = Vec::new();
    let flush = |line: &mut Vec<String>, out: &mut String| {
        if !line.is_empty() {
            let text = wrap(line);
            // Continuation lines are indented, so each move number starts a line.
            let mut first = true;
            for l in text.lines() {
                if !first {
                    out.push_str("    ");
                }
                out.push_str(l);
                out.push('\n');
                first = false;
            }
            line.clear();
        }
    };
    for gm in &game.moves {
        let n = pos.fullmove_number();
        match pos.side_to_move() {
            Color::White => {
                flush(&mut line, &mut out);
                line.push(format!("{n}."));
            }
            Color::Black if line.is_empty() => line.push(format!("{n}. ...")),
            Color::Black => {}
        }
        let text = move_text(&pos, gm, style);
        line.push(text.clone());
        for nag in &gm.nags {
            line.push(format!("${nag}"));
        }
        for c in &gm.comments {
            if c.trim().eq_ignore_ascii_case(text.trim()) {
                continue;
            }
            line.extend(comment_words(c));
        }
        // In descriptive notation too: a variation is read from the position before the move
        // it replaces.
        let style = style.unwrap_or_default();
        let describe = move |p: &Position, m| descriptive::format(p, m, style);
        for v in &gm.variations {
            line.extend(variation_words_from(&pos, v, &describe, ". ..."));
        }
        pos.make(gm.mv);
    }
    flush(&mut line, &mut out);
    out.push_str(game.result_text());
    out.push_str("\n\n");
    out
}

/// Writes several games.
pub fn write_all(games: &[Game], style: Option<Style>) -> String {
    games.iter().map(|g| write(g, style)).collect()
}
