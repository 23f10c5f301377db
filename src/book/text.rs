//! The book text reader: the later program's V/L/E/T format (`book/README.md`).
//!
//! - `RESET` starts from the initial position; `RBOOK` starts reading a book (both only at the top).
//! - `[ ... ]` is a comment (may span lines).
//! - A move in descriptive notation is played from the current position and added to the book.
//! - `V tag` names the current position, `L tag` goes back to it, `E` steps back one ply,
//!   `T tag` says the current position transposes to `tag` (checked) and steps back one ply.
//! - `PXG` captures en passant (the "ghost" square behind a pawn that has just double-stepped).
//! - A wing names where a piece started (`KN` the king's knight), which the notation module reads
//!   as where it stands; a move that fits no legal move that way is read the other way.
//! - Control characters are file padding and are skipped.
//!
//! Every token is either used or reported with its line and column. After a move that cannot be
//! read the line it starts is dead: the moves that follow it are skipped (counted in the report)
//! until `E`, `L` or `T` takes the text back above it, so the rest of the text stays in step.

use super::Book;
use crate::notation::descriptive::{
    self, matching,
    syntax::{self, PieceDesig, Syntax, Target, Wing},
};
use crate::rules::{Move, MoveKind, Position, Square};
use std::collections::HashMap;
use std::fmt;

/// A token of a book text that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// 1-based line of the token.
    pub line: usize,
    /// 1-based column (in characters) of the token.
    pub column: usize,
    /// The token.
    pub token: String,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: '{}': {}",
            self.line, self.column, self.token, self.message
        )
    }
}

/// What reading one book text did. Every token is counted once:
/// `tokens == comments + commands + moves + skipped + errors.len()`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadReport {
    /// Tokens read (comments count as one each).
    pub tokens: usize,
    /// Move tokens played and added to the book.
    pub moves: usize,
    /// Move tokens skipped because an earlier move of their line could not be read.
    pub skipped: usize,
    /// Comments read.
    pub comments: usize,
    /// Commands (`RESET`, `RBOOK`, `E`, `V`, `L`, `T`) and their tags used.
    pub commands: usize,
    /// The tokens that could not be used.
    pub errors: Vec<BookError>,
}

/// One token with where it starts.
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

/// Splits a book text into tokens: words separated by white space, and `[ ... ]` comments whole.
/// An unclosed comment runs to the end of the text.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let (mut line, mut column) = (1, 1);
    let mut start: Option<(usize, usize, usize)> = None;
    let mut in_comment = false;
    for (i, c) in text.char_indices() {
        let (l, col) = (line, column);
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
        if in_comment {
            if c == ']' {
                let (s, sl, sc) = start.take().expect("a comment has a start");
                out.push(Token {
                    text: &text[s..=i],
                    line: sl,
                    column: sc,
                });
                in_comment = false;
            }
            continue;
        }
        let separator = c.is_whitespace() || c.is_control();
        if separator {
            if let Some((s, sl, sc)) = start.take() {
                out.push(Token {
                    text: &text[s..i],
                    line: sl,
                    column: sc,
                });
            }
        } else if c == '[' {
            if let Some((s, sl, sc)) = start.take() {
                out.push(Token {
                    text: &text[s..i],
                    line: sl,
                    column: sc,
                });
            }
            start = Some((i, l, col));
            in_comment = true;
        } else if start.is_none() {
            start = Some((i, l, col));
        }
    }
    if let Some((s, sl, sc)) = start {
        out.push(Token {
            text: &text[s..],
            line: sl,
            column: sc,
        });
    }
    out
}

/// Where each piece started: for every square, the square its piece stood on at the start of the
/// game (`None` for an empty square). The 1967 texts name pieces by where they started: `KN-K4`
/// is the king's knight, wherever it stands now.
#[derive(Clone, Debug)]
pub struct Origins([Option<Square>; 64]);

impl Origins {
    /// The origins of the initial position's pieces: their own squares.
    pub fn initial(pos: &Position) -> Origins {
        let mut o = [None; 64];
        for s in Square::all() {
            if pos.piece_at(s).is_some() {
                o[s.index()] = Some(s);
            }
        }
        Origins(o)
    }

    /// The origins after legal move `m` (castling moves the rook too, en passant removes a pawn).
    pub fn after(&self, m: Move) -> Origins {
        let mut o = self.0;
        let (from, to) = (m.from(), m.to());
        if m.is_en_passant() {
            o[Square::from_coords(to.file(), from.rank()).index()] = None;
        }
        let rook = match m.kind() {
            MoveKind::CastleKingSide => Some((7, 5)),
            MoveKind::CastleQueenSide => Some((0, 3)),
            _ => None,
        };
        if let Some((rf, rt)) = rook {
            let r = from.rank();
            o[Square::from_coords(rt, r).index()] = o[Square::from_coords(rf, r).index()].take();
        }
        o[to.index()] = o[from.index()].take();
        Origins(o)
    }

    /// The wing the piece on `s` started on: its original file's half of the board.
    fn wing(&self, s: Square) -> Option<Wing> {
        self.0[s.index()].map(|o| {
            if o.file() >= 4 {
                Wing::King
            } else {
                Wing::Queen
            }
        })
    }
}

/// Reads one move token of the book in `pos`: descriptive notation as the notation module reads
/// it (`PXG` included; where a wing names the half of the board a piece stands on); failing that, with a wing
/// read as the half of the board the piece *started* on, as the 1967 texts meant it.
pub fn read_book_move(pos: &Position, origins: &Origins, token: &str) -> Result<Move, String> {
    let first = match descriptive::parse(pos, token) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    let by_origin = syntax::parse(token).ok().and_then(|parsed| {
        let Syntax::Move {
            piece,
            target,
            promotion,
        } = parsed.syntax
        else {
            return None;
        };
        let captured_wing = match target {
            Target::Capture(d) => d.wing,
            _ => None,
        };
        if piece.wing.is_none() && captured_wing.is_none() {
            return None;
        }
        let loose_target = match target {
            Target::Capture(d) => Target::Capture(PieceDesig { wing: None, ..d }),
            t => t,
        };
        let loose = Syntax::Move {
            piece: PieceDesig {
                wing: None,
                ..piece
            },
            target: loose_target,
            promotion,
        };
        let legal = pos.legal_moves();
        let found: Vec<Move> = matching::candidates(pos, legal.as_slice(), &loose)
            .into_iter()
            .filter(|m| piece.wing.is_none_or(|w| origins.wing(m.from()) == Some(w)))
            .filter(|&m| {
                captured_wing.is_none_or(|w| origins.wing(matching::captured_square(m)) == Some(w))
            })
            .collect();
        match found.as_slice() {
            [m] => Some(*m),
            _ => None,
        }
    });
    by_origin.ok_or_else(|| first.to_string())
}

/// Where the text stands: the line of positions from the root, each `None` once a move of the
/// line could not be read.
type Line = Vec<Option<(Position, Origins)>>;

/// The line at the initial position.
fn start_line() -> Line {
    let pos = Position::startpos();
    let origins = Origins::initial(&pos);
    vec![Some((pos, origins))]
}

/// Reads a book text into `book`, its moves at `tier`; reports what it did and every token it
/// could not use.
pub fn read_book_text(text: &str, tier: u8, book: &mut Book) -> ReadReport {
    let mut report = ReadReport::default();
    let toks = tokens(text);
    let mut line: Line = start_line();
    let mut names: HashMap<String, Line> = HashMap::new();
    let mut i = 0;
    let error = |t: &Token, message: String| BookError {
        line: t.line,
        column: t.column,
        token: t.text.to_string(),
        message,
    };
    while i < toks.len() {
        let t = &toks[i];
        i += 1;
        report.tokens += 1;
        let word = t.text.to_ascii_uppercase();
        if word.starts_with('[') {
            if word.ends_with(']') {
                report.comments += 1;
            } else {
                report
                    .errors
                    .push(error(t, "comment not closed by ']'".into()));
            }
            continue;
        }
        match word.as_str() {
            "RESET" => {
                line = start_line();
                report.commands += 1;
            }
            "RBOOK" => report.commands += 1,
            "E" => {
                if line.len() > 1 {
                    line.pop();
                    report.commands += 1;
                } else {
                    report.errors.push(error(
                        t,
                        "E at the initial position: nothing to step back".into(),
                    ));
                }
            }
            "V" | "L" | "T" => {
                let Some(tag) = toks.get(i) else {
                    report
                        .errors
                        .push(error(t, format!("{word} needs a tag after it")));
                    continue;
                };
                i += 1;
                report.tokens += 1;
                report.commands += 1; // the letter; the tag is counted below
                let errors_before = report.errors.len();
                let name = tag.text.to_ascii_uppercase();
                match word.as_str() {
                    "V" => {
                        names.insert(name, line.clone());
                    }
                    "L" => match names.get(&name) {
                        Some(l) => line = l.clone(),
                        None => report
                            .errors
                            .push(error(tag, "L names a tag no V has given".into())),
                    },
                    _ => {
                        match (names.get(&name), line.last()) {
                            (None, _) => report
                                .errors
                                .push(error(tag, "T names a tag no V has given".into())),
                            (Some(l), Some(Some((here, _)))) => {
                                if let Some(Some((there, _))) = l.last()
                                    && there.key() != here.key()
                                {
                                    report.errors.push(error(
                                        tag,
                                        "T: the position here is not the one the tag names".into(),
                                    ));
                                }
                            }
                            _ => {}
                        }
                        if line.len() > 1 {
                            line.pop();
                        }
                    }
                }
                if report.errors.len() == errors_before {
                    report.commands += 1;
                }
            }
            _ => match line.last().cloned().flatten() {
                None => {
                    report.skipped += 1;
                    line.push(None);
                }
                Some((pos, origins)) => match read_book_move(&pos, &origins, t.text) {
                    Ok(m) => {
                        book.add(&pos, m, tier);
                        report.moves += 1;
                        line.push(Some((pos.play(m), origins.after(m))));
                    }
                    Err(e) => {
                        report.errors.push(error(t, e));
                        line.push(None);
                    }
                },
            },
        }
    }
    report
}
