//! What every front end shares: the terminal game (`player`), UCI and CECP (`protocol`) and the
//! match runner play games through this layer, and none of them imports another.
//!
//! - [`Game`] (this file): a game as played: the start, the moves with how they were written and
//!   timed, the keys of the positions passed (for repetition), and how it ended ([`Ending`]).
//! - [`engine`]: the engine behind every front end, the paper's program or c197, chosen once from
//!   the settings (moves and values, no text); [`deepening`]: how it thinks, one search at the
//!   set depth, as in 1967, or depth 1, 2, 3, … until stopped or out of time; [`aids`]: the
//!   debugging aids of paper §13 (the evaluation, the plausible moves, a move's plausibility)
//!   asked of its program.
//! - [`mod@bench`]: the positions `machack bench` and the page's bench search.
//! - [`clock`]: the one reader of clock values, time controls, the chess clock and how long the
//!   machine may think (paper §1: 50 moves in 2 hours each in the 1967 tournaments).
//! - [`input`]: files and lines read with size limits.
//! - [`judgement`]: when the machine accepts a draw and when it resigns (paper §12).
//! - [`record`]: the game record on disk (PGN), written before each move is shown, with the
//!   program's settings and what each of its searches gave.
//! - [`rerun`]: the program as it stood at any point of a recorded game, rebuilt by repeating
//!   its searches and book choices in order.

pub mod aids;
pub mod bench;
pub mod clock;
pub mod deepening;
pub mod engine;
#[cfg(feature = "terminal")]
pub mod input;
pub mod judgement;
pub mod record;
pub mod rerun;

pub use engine::Engine;

use crate::interface::SearchParams;
use crate::notation::{Style, descriptive, san};
use crate::rules::{Color, Key, Move, Position, Status};
use crate::value::Value;
use std::fmt;

/// One move of the game, as the record keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameMove {
    /// The move.
    pub mv: Move,
    /// In SAN (`Nf3`).
    pub san: String,
    /// In descriptive notation as the teletype printed it (`N-KB3`).
    pub descriptive: String,
    /// Seconds the mover thought, when known.
    pub seconds: Option<f64>,
    /// Whether it came from the opening book.
    pub book: bool,
    /// What the program's search gave, for a move the program chose by searching.
    pub search: Option<Searched>,
    /// What was said with the move (once a game: that the program searched a position the
    /// original could not hold, `interface::Approximation`).
    pub note: Option<String>,
}

/// What the program's search gave for a move it chose: enough to repeat the search exactly
/// (the settings, and the node a limit stopped it at) and to check the repetition (its value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The value of the position for the side that moved, as the search found it.
    pub value: Value,
    /// The node at which a limit (the clock) stopped the search, if one did.
    pub stopped_at: Option<u64>,
    /// The settings it searched with.
    pub params: SearchParams,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is mated; the other wins.
    Checkmate(Color),
    /// The side to move has no move and is not in check.
    Stalemate,
    /// The same position for the third time.
    Repetition,
    /// Fifty moves each without a capture or pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// This side resigned.
    Resignation(Color),
    /// This side ran out of time.
    Time(Color),
    /// A draw offered and accepted.
    DrawAgreed,
    /// The same position for the fifth time: drawn without a claim (FIDE Laws 9.6.1).
    FifthRepetition,
    /// Seventy-five moves each without a capture or pawn move: drawn without a claim (9.6.2).
    SeventyFiveMoves,
}

impl Ending {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        let win = |loser: Color| if loser == Color::White { "0-1" } else { "1-0" };
        match self {
            Ending::Checkmate(loser) | Ending::Resignation(loser) | Ending::Time(loser) => {
                win(loser)
            }
            _ => "1/2-1/2",
        }
    }
}

impl fmt::Display for Ending {
    /// The announcement, upper case as the teletype printed: `CHECKMATE, WHITE WINS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: Color| c.name().to_uppercase();
        match *self {
            Ending::Checkmate(loser) => write!(f, "CHECKMATE, {} WINS", name(!loser)),
            Ending::Stalemate => write!(f, "STALEMATE, DRAWN"),
            Ending::Repetition => write!(f, "THIRD REPETITION OF THE POSITION, DRAWN"),
            Ending::FiftyMoves => write!(f, "FIFTY MOVES WITHOUT A CAPTURE OR PAWN MOVE, DRAWN"),
            Ending::InsufficientMaterial => write!(f, "NEITHER SIDE CAN MATE, DRAWN"),
            Ending::Resignation(loser) => {
                write!(f, "{} RESIGNS, {} WINS", name(loser), name(!loser))
            }
            Ending::Time(loser) => write!(
                f,
                "{}'S FLAG HAS FALLEN, {} WINS",
                name(loser),
                name(!loser)
            ),
            Ending::DrawAgreed => write!(f, "DRAW AGREED"),
            Ending::FifthRepetition => write!(f, "FIFTH REPETITION OF THE POSITION, DRAWN"),
            Ending::SeventyFiveMoves => {
                write!(
                    f,
                    "SEVENTY-FIVE MOVES WITHOUT A CAPTURE OR PAWN MOVE, DRAWN"
                )
            }
        }
    }
}

/// How the rules end a game in `pos`, if they do; `earlier` holds the keys of the positions
/// before it, oldest first. Mate and stalemate first (a mate on the hundredth half-move stands),
/// then the fifty-move rule, dead material and the third occurrence of the position: every
/// front end ends a game by rule as soon as a draw could be claimed.
pub fn rules_ending(pos: &Position, earlier: &[Key]) -> Option<Ending> {
    match pos.status() {
        Status::Checkmate => Some(Ending::Checkmate(pos.side_to_move())),
        Status::Stalemate => Some(Ending::Stalemate),
        Status::FiftyMoves => Some(Ending::FiftyMoves),
        Status::InsufficientMaterial => Some(Ending::InsufficientMaterial),
        Status::Ongoing => (pos.times_seen_before(earlier) >= 2).then_some(Ending::Repetition),
    }
}

/// How the rules end a game in `pos` when draws are claimed ([`Game::set_claims`]): mate,
/// stalemate and dead material, and without a claim only the fifth occurrence of a position or
/// seventy-five moves without a capture or pawn move (FIDE Laws 9.6); `earlier` as for
/// [`rules_ending`].
pub fn ending_without_claim(pos: &Position, earlier: &[Key]) -> Option<Ending> {
    match pos.status() {
        Status::Checkmate => Some(Ending::Checkmate(pos.side_to_move())),
        Status::Stalemate => Some(Ending::Stalemate),
        Status::InsufficientMaterial => Some(Ending::InsufficientMaterial),
        _ if pos.times_seen_before(earlier) >= 4 => Some(Ending::FifthRepetition),
        _ if pos.halfmove_clock() >= 150 => Some(Ending::SeventyFiveMoves),
        _ => None,
    }
}

/// The draw the player to move may claim in `pos` (FIDE Laws 9.2, 9.3): the position stands
/// for the third time, or fifty moves have been made without a capture or pawn move.
pub fn claimable_draw(pos: &Position, earlier: &[Key]) -> Option<Ending> {
    if pos.times_seen_before(earlier) >= 2 {
        Some(Ending::Repetition)
    } else if pos.halfmove_clock() >= 100 {
        Some(Ending::FiftyMoves)
    } else {
        None
    }
}

/// A game: its start, its moves and where it stands.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    moves: Vec<GameMove>,
    keys: Vec<Key>,
    /// Whether a third repetition or fifty moves wait for a claim (see [`Game::set_claims`]).
    claims: bool,
    /// How it ended, if it has.
    pub ending: Option<Ending>,
}

impl Game {
    /// A game from `start`: over already if the rules end it there (a mate or stalemate set
    /// up, dead material, fifty moves on the FEN's clock), so that no front end waits for a move
    /// that cannot come.
    pub fn new(start: Position) -> Game {
        Game {
            ending: rules_ending(&start, &[]),
            pos: start.clone(),
            start,
            moves: Vec::new(),
            keys: Vec::new(),
            claims: false,
        }
    }

    /// With `on`, a third repetition or fifty moves no longer end the game: the player to move
    /// may claim the draw ([`Game::claimable`]), as over the board; only the fifth repetition
    /// and seventy-five moves end it without a claim. Off (the default), every draw the rules
    /// allow ends the game at once ([`rules_ending`]), for the front ends whose other side
    /// adjudicates. When the rule changes, an ending the old rule gave is taken again under
    /// the new one.
    pub fn set_claims(&mut self, on: bool) {
        if on == self.claims {
            return;
        }
        self.claims = on;
        if self.ending.is_none() || self.ending == self.rules_ending_other(!on) {
            self.ending = self.rules_ending();
        }
    }

    /// The draw the player to move may claim now (see [`claimable_draw`]), if draws are claimed
    /// and the game is not over.
    pub fn claimable(&self) -> Option<Ending> {
        if !self.claims || self.ending.is_some() {
            return None;
        }
        claimable_draw(&self.pos, &self.keys)
    }

    /// The draw the player to move may claim with legal move `mv`, which makes the position
    /// stand for the third time or completes fifty moves (FIDE Laws 9.2.1.1, 9.3.1).
    pub fn claimable_with(&self, mv: Move) -> Option<Ending> {
        if !self.claims || self.ending.is_some() {
            return None;
        }
        let after = self.pos.play(mv);
        let mut earlier = self.keys.clone();
        earlier.push(self.pos.key());
        match after.status() {
            Status::Checkmate | Status::Stalemate => None,
            _ => claimable_draw(&after, &earlier),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves so far.
    pub fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    /// The keys of the positions before the current one, oldest first (for the search).
    pub fn history(&self) -> &[Key] {
        &self.keys
    }

    /// Plays legal move `mv` and returns how it was written; then checks whether the game ended.
    pub fn play(&mut self, mv: Move, seconds: Option<f64>, book: bool) -> &GameMove {
        debug_assert!(self.pos.is_legal(mv));
        let gm = GameMove {
            mv,
            san: san::format(&self.pos, mv),
            descriptive: descriptive::format(&self.pos, mv, Style::Teletype),
            seconds,
            book,
            search: None,
            note: None,
        };
        self.keys.push(self.pos.key());
        self.pos.make(mv);
        self.moves.push(gm);
        self.ending = self.rules_ending();
        self.moves.last().expect("just pushed")
    }

    /// Plays legal move `mv`, chosen by the program's search (see [`Game::play`]).
    pub fn play_searched(&mut self, mv: Move, seconds: Option<f64>, search: Searched) -> &GameMove {
        self.play(mv, seconds, false);
        let last = self.moves.last_mut().expect("just played");
        last.search = Some(search);
        last
    }

    /// Says `note` with the last move (see [`GameMove::note`]); nothing if no move was played.
    pub fn note_last(&mut self, note: String) {
        if let Some(last) = self.moves.last_mut() {
            last.note = Some(note);
        }
    }

    /// Whether a note was said with any move so far.
    pub fn noted(&self) -> bool {
        self.moves.iter().any(|m| m.note.is_some())
    }

    /// Takes back the last move, if any; the game is open again.
    pub fn undo(&mut self) -> Option<GameMove> {
        let last = self.moves.pop()?;
        self.keys.pop();
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.make(m.mv);
        }
        self.pos = pos;
        self.ending = None;
        Some(last)
    }

    /// How the rules end the game in the current position, if they do: [`rules_ending`], or
    /// [`ending_without_claim`] when draws are claimed.
    pub fn rules_ending(&self) -> Option<Ending> {
        self.rules_ending_other(self.claims)
    }

    fn rules_ending_other(&self, claims: bool) -> Option<Ending> {
        if claims {
            ending_without_claim(&self.pos, &self.keys)
        } else {
            rules_ending(&self.pos, &self.keys)
        }
    }

    /// The move number and dots before the move at index `i`: `12.` or `12...`.
    pub fn move_label(&self, i: usize) -> String {
        let first_black = self.start.side_to_move() == Color::Black;
        let ply = i + usize::from(first_black);
        let number = self.start.fullmove_number() as usize + ply / 2;
        if ply.is_multiple_of(2) {
            format!("{number}.")
        } else {
            format!("{number}...")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation;

    fn play_all(game: &mut Game, moves: &[&str]) {
        for t in moves {
            let m = notation::parse_any(game.position(), t).unwrap();
            game.play(m, None, false);
        }
    }

    #[test]
    fn third_repetition_ends_the_game() {
        let mut g = Game::new(Position::startpos());
        play_all(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
        assert_eq!(g.ending, None);
        play_all(&mut g, &["Ng8"]);
        assert_eq!(g.ending, Some(Ending::Repetition));
    }

    #[test]
    fn undo_reopens_a_mated_game() {
        let mut g = Game::new(Position::startpos());
        play_all(&mut g, &["f3", "e5", "g4", "Qh4"]);
        assert_eq!(g.ending, Some(Ending::Checkmate(Color::White)));
        assert_eq!(g.moves()[3].descriptive, "Q-KR5 MATE");
        g.undo();
        assert_eq!(g.ending, None);
        assert_eq!(g.move_label(3), "2...");
    }

    #[test]
    fn stalemate_and_dead_material_end_the_game() {
        let mut g = Game::new(Position::from_fen("7k/8/8/8/8/8/5Q2/6K1 w - - 0 1").unwrap());
        play_all(&mut g, &["Qf7"]);
        assert_eq!(g.ending, Some(Ending::Stalemate));
        assert_eq!(g.ending.unwrap().to_string(), "STALEMATE, DRAWN");
        let mut g = Game::new(Position::from_fen("7k/8/8/8/8/8/6q1/6BK w - - 0 1").unwrap());
        play_all(&mut g, &["Kxg2"]);
        assert_eq!(g.ending, Some(Ending::InsufficientMaterial));
        assert_eq!(g.ending.unwrap().result(), "1/2-1/2");
    }

    #[test]
    fn with_claims_a_third_repetition_waits_for_a_claim_and_the_fifth_ends_the_game() {
        let mut g = Game::new(Position::startpos());
        g.set_claims(true);
        let dance = ["Nf3", "Nf6", "Ng1", "Ng8"];
        play_all(&mut g, &dance);
        play_all(&mut g, &dance[..3]);
        let back = notation::parse_any(g.position(), "Ng8").unwrap();
        assert_eq!(g.claimable(), None);
        assert_eq!(g.claimable_with(back), Some(Ending::Repetition));
        play_all(&mut g, &["Ng8"]);
        assert_eq!((g.ending, g.claimable()), (None, Some(Ending::Repetition)));
        play_all(&mut g, &dance);
        play_all(&mut g, &dance);
        assert_eq!(g.ending, Some(Ending::FifthRepetition));
        assert_eq!(g.claimable(), None, "over");
    }

    #[test]
    fn with_claims_fifty_moves_wait_for_a_claim_and_seventy_five_end_the_game() {
        let mut g = Game::new(Position::from_fen("7k/8/8/8/8/8/8/R6K w - - 99 80").unwrap());
        g.set_claims(true);
        play_all(&mut g, &["Ra2"]);
        assert_eq!((g.ending, g.claimable()), (None, Some(Ending::FiftyMoves)));
        let mut g = Game::new(Position::from_fen("7k/8/8/8/8/8/8/R6K w - - 149 80").unwrap());
        g.set_claims(true);
        play_all(&mut g, &["Ra2"]);
        assert_eq!(g.ending, Some(Ending::SeventyFiveMoves));
        // Without claims the fifty moves end it at once; switching claims on reopens it.
        let mut g = Game::new(Position::from_fen("7k/8/8/8/8/8/8/R6K w - - 99 80").unwrap());
        play_all(&mut g, &["Ra2"]);
        assert_eq!(g.ending, Some(Ending::FiftyMoves));
        g.set_claims(true);
        assert_eq!((g.ending, g.claimable()), (None, Some(Ending::FiftyMoves)));
    }

    #[test]
    fn fifty_moves_end_the_game() {
        let mut g = Game::new(Position::from_fen("7k/8/8/8/8/8/8/R6K w - - 99 80").unwrap());
        play_all(&mut g, &["Ra2"]);
        assert_eq!(g.ending, Some(Ending::FiftyMoves));
    }
}
