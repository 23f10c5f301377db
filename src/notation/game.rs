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
/// moves, or after a result. The first game that cannot be read is the error.
pub fn read_games(text: &str) -> Result<Vec<Game>, ReadError> {
    read_games_from(text, &Position::startpos())?
        .into_iter()
        .collect()
}

/// Reads every game of a score as [`read_games`] does, each game apart: a game that cannot be
/// read is its error, and the games after it are read on (from the next game's tags, or after
/// its result). A text that cannot be read at all (an unclosed comment) is the one error.
pub fn read_each_game(text: &str) -> Result<Vec<Result<Game, ReadError>>, ReadError> {
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
    let mut games = read_games_from(text, start)?
        .into_iter()
        .collect::<Result<Vec<Game>, ReadError>>()?;
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

/// [`read_each_game`], each game starting from `start` unless its FEN tag says otherwise. A
/// text that starts with a byte-order mark (as some editors save UTF-8) is read without it.
fn read_games_from(
    text: &str,
    start: &Position,
) -> Result<Vec<Result<Game, ReadError>>, ReadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let tokens = tokenize(text).map_err(|SyntaxError { line, col, what }| ReadError {
        game: 1,
        line,
        col,
        kind: ReadErrorKind::Syntax(what),
    })?;
    let mut games: Vec<Result<Game, ReadError>> = Vec::new();
    let mut reader = GameReader::new(start);
    // After an error, the rest of its game is passed over: up to its result, or to the tags of
    // the next game.
    let mut skipping = false;
    for t in tokens {
        if skipping {
            match t.kind {
                TokenKind::Result(_) => {
                    skipping = false;
                    continue;
                }
                TokenKind::Tag(..) => skipping = false,
                _ => continue,
            }
        }
        let (line, col) = (t.line, t.col);
        match reader.token(t.kind) {
            Ok(None) => {}
            Ok(Some(done)) => games.push(Ok(done)),
            Err(kind) => {
                games.push(Err(ReadError {
                    game: games.len() + 1,
                    line,
                    col,
                    kind,
                }));
                reader = GameReader::new(start);
                skipping = true;
            }
        }
    }
    if !skipping {
        let number = games.len() + 1;
        match reader.finish() {
            Ok(None) => {}
            Ok(Some(game)) => games.push(Ok(game)),
            Err(kind) => games.push(Err(ReadError {
                game: number,
                line: 1,
                col: 1,
                kind,
            })),
        }
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

/// The game being read, token by token.
struct GameReader<'a> {
    /// Where a game starts unless its FEN tag says otherwise.
    start: &'a Position,
    game: Game,
    /// The position after the moves read.
    pos: Position,
    /// Moves or a result seen in this game.
    started: bool,
    /// The FEN tag (if any) has been read: it is read at the first token that is not a tag.
    fen_checked: bool,
}

impl<'a> GameReader<'a> {
    fn new(start: &'a Position) -> GameReader<'a> {
        GameReader {
            start,
            game: Game {
                start: start.clone(),
                ..Game::new()
            },
            pos: start.clone(),
            started: false,
            fen_checked: false,
        }
    }

    /// The game read, and a fresh one to read the next into.
    fn take(&mut self) -> Game {
        std::mem::replace(self, GameReader::new(self.start)).game
    }

    /// Reads one token: a game it ended (its result, or a tag after moves, which begins the
    /// next), or why it cannot be read.
    fn token(&mut self, kind: TokenKind) -> Result<Option<Game>, ReadErrorKind> {
        if !matches!(kind, TokenKind::Tag(..)) && !self.fen_checked {
            self.fen_checked = true;
            if let Some(fen) = self.game.tag("FEN") {
                self.game.start =
                    Position::from_fen(fen).map_err(|e| ReadErrorKind::Fen(e.to_string()))?;
                self.pos = self.game.start.clone();
            }
        }
        let pos = &mut self.pos;
        let game = &mut self.game;
        match kind {
            TokenKind::Tag(name, value) => {
                let done = self.started.then(|| self.take());
                self.game.tags.push((name, value));
                // The FEN (if any) is checked at the next token that is not a tag, even after a
                // stray move number or comment: a game never keeps a FEN tag it did not start
                // from (its writer puts the tag first).
                self.fen_checked = false;
                return Ok(done);
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
                    return Err(ReadErrorKind::MoveNumber(format!(
                        "move number {found} found where {expected} was expected"
                    )));
                }
            }
            TokenKind::Ellipsis => {
                if pos.side_to_move() != Color::Black {
                    return Err(ReadErrorKind::MoveNumber(
                        "'...' marks a Black move, but White is to move".into(),
                    ));
                }
            }
            TokenKind::Move(text) => {
                self.started = true;
                let (mv, notation) =
                    parse_any_with(pos, &text).map_err(|error| ReadErrorKind::Move {
                        index: game.moves.len(),
                        number: pos.fullmove_number(),
                        color: pos.side_to_move(),
                        text: text.clone(),
                        error: Box::new(error),
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
                    return Err(ReadErrorKind::Syntax(format!("NAG ${n} before any move")));
                }
            },
            TokenKind::Variation(v) => match game.moves.last_mut() {
                Some(gm) => gm.variations.push(v),
                None => {
                    return Err(ReadErrorKind::Syntax(
                        "a variation '(' before any move".into(),
                    ));
                }
            },
            TokenKind::Result(r) => {
                game.result = Some(r);
                return Ok(Some(self.take()));
            }
        }
        Ok(None)
    }

    /// The end of the text: the game being read, if it has anything.
    fn finish(mut self) -> Result<Option<Game>, ReadErrorKind> {
        let game = &mut self.game;
        if !(self.started || !game.tags.is_empty() || !game.opening_comments.is_empty()) {
            return Ok(None);
        }
        if !self.fen_checked
            && let Some(fen) = game.tag("FEN")
        {
            game.start = Position::from_fen(fen).map_err(|e| ReadErrorKind::Fen(e.to_string()))?;
        }
        Ok(Some(self.game))
    }
}
