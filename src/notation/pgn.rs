//! PGN: reading (tags, comments, NAGs, variations, several games, SetUp/FEN) and writing in
//! export format (Seven Tag Roster in order, SAN, lines under 80 characters).

use super::game::{Game, ReadError, read_games, read_moves};
use super::{Notation, san};
use crate::rules::{Color, Move, Position};

/// The Seven Tag Roster, in export order, with the value used when a tag is missing.
pub const SEVEN_TAGS: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Reads every game of a PGN text (moves in SAN, or any notation [`super::parse_any`] reads).
pub fn read(text: &str) -> Result<Vec<Game>, ReadError> {
    read_games(text)
}

/// Escapes a tag value: `\` and `"` get a backslash.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tag section of a game in export order: the seven tags, then the others as given.
pub fn tag_lines(game: &Game) -> Vec<String> {
    let mut lines = Vec::new();
    for (name, default) in SEVEN_TAGS {
        let value = if name == "Result" {
            game.result_text()
        } else {
            game.tag(name).unwrap_or(default)
        };
        lines.push(format!("[{name} \"{}\"]", escape(value)));
    }
    let mut has_fen = false;
    for (name, value) in &game.tags {
        if SEVEN_TAGS.iter().any(|(n, _)| n == name) {
            continue;
        }
        has_fen |= name == "FEN";
        lines.push(format!("[{name} \"{}\"]", escape(value)));
    }
    if !has_fen && game.start != Position::startpos() {
        lines.push("[SetUp \"1\"]".into());
        lines.push(format!("[FEN \"{}\"]", game.start.to_fen()));
    }
    lines
}

/// A comment as `{…}`, made safe (no `}` inside), split into words for [`wrap`].
pub fn comment_words(c: &str) -> Vec<String> {
    let text = format!("{{{}}}", c.replace('}', ")"));
    text.split_whitespace().map(String::from).collect()
}

/// A variation as `(…)`, split into words for [`wrap`].
pub fn variation_words(v: &str) -> Vec<String> {
    format!("({v})")
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// The words of variation `v`, which replaces a move played from `pos`, in the notation of the
/// text around it: its moves read from `pos` and each written by `write`, numbered as that text
/// numbers its moves (`2.`, and a Black move that comes first with `black` after the number:
/// `2...` in PGN, `2. ...` in a score), its NAGs, comments and variations kept. A variation
/// whose moves cannot be read is kept as written.
pub fn variation_words_from(
    pos: &Position,
    v: &str,
    write: &dyn Fn(&Position, Move) -> String,
    black: &str,
) -> Vec<String> {
    let moves = match read_moves(pos, v) {
        Ok(moves) if !moves.is_empty() => moves,
        _ => return variation_words(v),
    };
    let mut words: Vec<String> = Vec::new();
    let mut pos = pos.clone();
    let mut need_number = true;
    for gm in &moves {
        let n = pos.fullmove_number();
        match pos.side_to_move() {
            Color::White => words.push(format!("{n}.")),
            Color::Black if need_number => words.push(format!("{n}{black}")),
            Color::Black => {}
        }
        words.push(write(&pos, gm.mv));
        words.extend(gm.nags.iter().map(|nag| format!("${nag}")));
        need_number = false;
        for c in &gm.comments {
            words.extend(comment_words(c));
            need_number = true;
        }
        for inner in &gm.variations {
            words.extend(variation_words_from(&pos, inner, write, black));
            need_number = true;
        }
        pos.make(gm.mv);
    }
    if let Some(first) = words.first_mut() {
        first.insert(0, '(');
    }
    if let Some(last) = words.last_mut() {
        last.push(')');
    }
    words
}

/// Fills words into lines shorter than 80 characters.
pub fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Writes a game in PGN export format; a descriptive move's text goes in a comment before the
/// move's own comments.
pub fn write(game: &Game) -> String {
    let mut out = tag_lines(game).join("\n");
    out.push_str("\n\n");
    let mut words: Vec<String> = Vec::new();
    for c in &game.opening_comments {
        words.extend(comment_words(c));
    }
    let mut pos = game.start.clone();
    let mut need_number = true;
    for gm in &game.moves {
        let n = pos.fullmove_number();
        match pos.side_to_move() {
            crate::rules::Color::White => words.push(format!("{n}.")),
            crate::rules::Color::Black if need_number => words.push(format!("{n}...")),
            _ => {}
        }
        words.push(san::format(&pos, gm.mv));
        for nag in &gm.nags {
            words.push(format!("${nag}"));
        }
        need_number = false;
        if gm.notation == Notation::Descriptive {
            words.extend(comment_words(&gm.text));
            need_number = true;
        }
        for c in &gm.comments {
            words.extend(comment_words(c));
            need_number = true;
        }
        for v in &gm.variations {
            words.extend(variation_words_from(&pos, v, &san::format, "..."));
            need_number = true;
        }
        pos.make(gm.mv);
    }
    words.push(game.result_text().to_string());
    out.push_str(&wrap(&words));
    out.push('\n');
    out
}

/// Writes several games, each followed by a blank line.
pub fn write_all(games: &[Game]) -> String {
    games.iter().map(write).collect()
}
