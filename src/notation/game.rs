//! A game as read from a score: tags, start position, moves with their comments, result; and
//! the reader shared by PGN, descriptive scores and plain move lists.

use super::movetext::{SyntaxError, TokenKind, tokenize};
use super::{MoveError, Notation, excerpt, parse_any_with};
use crate::rules::{Color, Move, Position};
use std::fmt;

/// One move of a game, with what was written about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameMove {
    /// The move (legal in the position before it).
    pub mv: Move,
    /// The move as written in the score.
    pub text: String,
    /// The notation it was written in.
    pub notation: Notation,
    /// The comments after it, in order.
    pub comments: Vec<String>,
    /// Its NAGs (`$1`, or `!` read as 1).
    pub nags: Vec<u8>,
    /// The variations after it, as written between the parentheses.
    pub variations: Vec<String>,
}

/// PGN's results: White wins, Black wins, drawn, unknown or unfinished.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A game: tags, start position, moves and result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The position before the first move (from the FEN tag, else the start position).
    pub start: Position,
    /// Comments before the first move.
    pub opening_comments: Vec<String>,
    /// The moves.
    pub moves: Vec<GameMove>,
    /// The termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if the score gives one.
    pub result: Option<String>,
}

impl Game {
    /// An empty game from the start position.
    pub fn new() -> Game {
        Game {
            tags: Vec::new(),
            start: Position::startpos(),
            opening_comments: Vec::new(),
            moves: Vec::new(),
            result: None,
        }
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position before each move, then the final one (one more than there are moves).
    pub fn positions(&self) -> Vec<Position> {
        let mut out = vec![self.start.clone()];
        for gm in &self.moves {
            let next = out[out.len() - 1].play(gm.mv);
            out.push(next);
        }
        out
    }

    /// The position after the last move.
    pub fn final_position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.start.clone(), |p, gm| p.play(gm.mv))
    }

    /// The result, always one of PGN's four (`1-0`, `0-1`, `1/2-1/2`, `*`): the termination
    /// marker, else the Result tag if it is one of them, else `*`.
    pub fn result_text(&self) -> &str {
        self.result
            .as_deref()
            .or(self.tag("Result").filter(|r| RESULTS.contains(r)))
            .unwrap_or("*")
    }

    /// A Result tag that is not one of PGN's four results (`[Result "+"]`), which writers
    /// replace with [`Game::result_text`].
    pub fn odd_result_tag(&self) -> Option<&str> {
        self.tag("Result").filter(|r| !RESULTS.contains(r))
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

/// What went wrong reading a score.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ReadErrorKind {
    /// The text is not a score (unclosed comment, bad tag, …).
    Syntax(String),
    /// The FEN tag does not give a legal position.
    Fen(String),
    /// A move number that does not follow from the moves before it.
    MoveNumber(String),
    /// A move that cannot be played.
    Move {
        /// How many moves of the game came before it (its half-move count, from 0).
        index: usize,
        /// Its move number.
        number: u32,
        /// Whose move it is.
        color: Color,
        /// The text as written.
        text: String,
        /// Why it cannot be played.
        error: Box<MoveError>,
    },
}

/// An error reading a score: the game (from 1), line and column (from 1), and what.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadError {
    /// The game, counted from 1.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub col: usize,
    /// What was wrong.
    pub kind: ReadErrorKind,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: ",
            self.game, self.line, self.col
        )?;
        match &self.kind {
            ReadErrorKind::Syntax(s) => write!(f, "{s}"),
            ReadErrorKind::Fen(s) => write!(f, "bad FEN tag: {s}"),
            ReadErrorKind::MoveNumber(s) => write!(f, "{s}"),
            ReadErrorKind::Move {
                number,
                color,
                text,
                error,
                ..
            } => {
                let dots = if *color == Color::White { "." } else { "..." };
                write!(f, "move {number}{dots} {}: {error}", excerpt(text))
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads every game of a score: PGN, a descriptive score, or a plain numbered move list.
///
/// Moves may be in any notation ([`super::parse_any`]); a new game starts at a tag pair after
/// moves, or after a result.
pub fn read_games(text: &str) -> Result<Vec<Game>, ReadError> {
    read_games_from(text, &Position::startpos())
}

/// Reads the moves of one game played from `start`, as people write or paste them: move
/// numbers (`1.`, `21...`), check and mate marks, comments, NAGs and a result may be given, and
/// the moves may be in any notation [`super::parse_any`] reads. Tags are not (the start is
/// given), nor a second game.
pub fn read_moves(start: &Position, text: &str) -> Result<Vec<GameMove>, ReadError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut games = read_games_from(text, start)?;
    let at = |what: &str| ReadError {
        game: 1,
        line: 1,
        col: 1,
        kind: ReadErrorKind::Syntax(what.to_string()),
    };
    if games.len() > 1 {
        return Err(at("more than one game (moves after a result)"));
    }
    let game = games.remove(0);
    if !game.tags.is_empty() {
        return Err(at(
            "a tag pair among the moves (give the position with --fen)",
        ));
    }
    Ok(game.moves)
}

/// [`read_games`], each game starting from `start` unless its FEN tag says otherwise.
fn read_games_from(text: &str, start: &Position) -> Result<Vec<Game>, ReadError> {
    let fresh = || Game {
        start: start.clone(),
        ..Game::new()
    };
    let tokens = tokenize(text).map_err(|SyntaxError { line, col, what }| ReadError {
        game: 1,
        line,
        col,
        kind: ReadErrorKind::Syntax(what),
    })?;
    let mut games = Vec::new();
    let mut game = fresh();
    let mut pos = game.start.clone();
    let mut started = false; // moves or a result seen in this game
    let mut fen_checked = false;
    for t in tokens {
        let number = games.len() + 1;
        let at = |kind| ReadError {
            game: number,
            line: t.line,
            col: t.col,
            kind,
        };
        if !matches!(t.kind, TokenKind::Tag(..)) && !fen_checked {
            fen_checked = true;
            if let Some(fen) = game.tag("FEN") {
                game.start =
                    Position::from_fen(fen).map_err(|e| at(ReadErrorKind::Fen(e.to_string())))?;
                pos = game.start.clone();
            }
        }
        match t.kind {
            TokenKind::Tag(name, value) => {
                if started {
                    games.push(std::mem::replace(&mut game, fresh()));
                    pos = game.start.clone();
                    started = false;
                }
                game.tags.push((name, value));
                // The FEN (if any) is checked at the next token that is not a tag, even after a
                // stray move number or comment: a game never keeps a FEN tag it did not start
                // from (its writer puts the tag first).
                fen_checked = false;
            }
            TokenKind::MoveNumber(n, black) => {
                let side = pos.side_to_move();
                let full = pos.fullmove_number();
                let ok = n == full && (!black || side == Color::Black);
                if !ok {
                    let expected = match side {
                        Color::White => format!("{full}."),
                        Color::Black => format!("{full}... (or nothing, for Black's move)"),
                    };
                    let found = if black {
                        format!("{n}...")
                    } else {
                        format!("{n}.")
                    };
                    return Err(at(ReadErrorKind::MoveNumber(format!(
                        "move number {found} found where {expected} was expected"
                    ))));
                }
            }
            TokenKind::Ellipsis => {
                if pos.side_to_move() != Color::Black {
                    return Err(at(ReadErrorKind::MoveNumber(
                        "'...' marks a Black move, but White is to move".into(),
                    )));
                }
            }
            TokenKind::Move(text) => {
                started = true;
                let (mv, notation) = parse_any_with(&pos, &text).map_err(|error| {
                    at(ReadErrorKind::Move {
                        index: game.moves.len(),
                        number: pos.fullmove_number(),
                        color: pos.side_to_move(),
                        text: text.clone(),
                        error: Box::new(error),
                    })
                })?;
                pos.make(mv);
                game.moves.push(GameMove {
                    mv,
                    text,
                    notation,
                    comments: Vec::new(),
                    nags: Vec::new(),
                    variations: Vec::new(),
                });
            }
            TokenKind::Comment(c) => match game.moves.last_mut() {
                Some(gm) => gm.comments.push(c),
                None => game.opening_comments.push(c),
            },
            TokenKind::Nag(n) => match game.moves.last_mut() {
                Some(gm) => gm.nags.push(n),
                None => {
                    return Err(at(ReadErrorKind::Syntax(format!(
                        "NAG ${n} before any move"
                    ))));
                }
            },
            TokenKind::Variation(v) => match game.moves.last_mut() {
                Some(gm) => gm.variations.push(v),
                None => {
                    return Err(at(ReadErrorKind::Syntax(
                        "a variation '(' before any move".into(),
                    )));
                }
            },
            TokenKind::Result(r) => {
                game.result = Some(r);
                games.push(std::mem::replace(&mut game, fresh()));
                pos = game.start.clone();
                started = false;
                fen_checked = false;
            }
        }
    }
    if started || !game.tags.is_empty() || !game.opening_comments.is_empty() {
        if !fen_checked && let Some(fen) = game.tag("FEN") {
            game.start = Position::from_fen(fen).map_err(|e| ReadError {
                game: games.len() + 1,
                line: 1,
                col: 1,
                kind: ReadErrorKind::Fen(e.to_string()),
            })?;
        }
        games.push(game);
    }
    if games.is_empty() {
        return Err(ReadError {
            game: 1,
            line: 1,
            col: 1,
            kind: ReadErrorKind::Syntax("no game found (no tags and no moves)".into()),
        });
    }
    Ok(games)
}
