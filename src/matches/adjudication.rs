//! How a match game ends: the outcomes, the reasons, and the adjudication of positions the
//! rules decide (mate, stalemate, fifty moves, dead material, threefold repetition: the game
//! layer's [`rules_ending`], as in every game) or the runner does (the maximum game length).

use crate::game::{Ending, rules_ending};
use crate::rules::{Color, Key, Position};

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// White won.
    WhiteWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
}

impl Outcome {
    /// The side that won as an outcome.
    pub fn win_for(color: Color) -> Outcome {
        match color {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The points `color` scored: 1, ½ or 0.
    pub fn points_for(self, color: Color) -> f64 {
        match self {
            Outcome::Draw => 0.5,
            o if o == Outcome::win_for(color) => 1.0,
            _ => 0.0,
        }
    }
}

/// The kind of ending, as the PGN `Termination` tag names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// Mate, stalemate, a draw by rule, resignation.
    Normal,
    /// A side ran out of time.
    TimeForfeit,
    /// The runner decided (maximum game length).
    Adjudication,
    /// An illegal move, or an engine that broke the protocol or stopped answering.
    RulesInfraction,
}

impl Termination {
    /// The tag value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "rules infraction",
        }
    }
}

/// The runner's verdict on a game: who won, the kind of ending, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Who won.
    pub outcome: Outcome,
    /// The kind of ending.
    pub termination: Termination,
    /// Why, for people (`White mates`, `threefold repetition`).
    pub reason: String,
}

impl Verdict {
    /// A game `loser` lost, of kind `termination`, for `reason`.
    pub fn loss(loser: Color, termination: Termination, reason: impl Into<String>) -> Verdict {
        Verdict {
            outcome: Outcome::win_for(!loser),
            termination,
            reason: reason.into(),
        }
    }

    fn draw(termination: Termination, reason: &str) -> Verdict {
        Verdict {
            outcome: Outcome::Draw,
            termination,
            reason: reason.to_string(),
        }
    }

    /// The verdict on a game that ended as `ending` says.
    pub fn of(ending: Ending) -> Verdict {
        use Termination::Normal;
        match ending {
            Ending::Checkmate(loser) => {
                Verdict::loss(loser, Normal, format!("{} mates", (!loser).name()))
            }
            Ending::Stalemate => Verdict::draw(Normal, "stalemate"),
            Ending::Repetition => Verdict::draw(Normal, "threefold repetition"),
            Ending::FiftyMoves => Verdict::draw(Normal, "fifty-move rule"),
            Ending::InsufficientMaterial => Verdict::draw(Normal, "insufficient material"),
            Ending::Resignation(loser) => {
                Verdict::loss(loser, Normal, format!("{} resigns", loser.name()))
            }
            Ending::Time(loser) => Verdict::loss(
                loser,
                Termination::TimeForfeit,
                format!("{} lost on time", loser.name()),
            ),
            Ending::DrawAgreed => Verdict::draw(Normal, "draw agreed"),
            Ending::FifthRepetition => Verdict::draw(Normal, "fivefold repetition"),
            Ending::SeventyFiveMoves => Verdict::draw(Normal, "75-move rule"),
        }
    }
}

/// Whether the game is over in `pos`, reached after `plies` moves; `earlier` holds the keys of
/// the positions before it, oldest first. The rules end it as they end every game
/// ([`rules_ending`]: mate, stalemate, fifty moves, dead material, threefold repetition, a draw
/// as soon as it could be claimed); the runner draws it once `plies` reaches `max_plies`.
pub fn adjudicate(
    pos: &Position,
    earlier: &[Key],
    plies: usize,
    max_plies: usize,
) -> Option<Verdict> {
    if let Some(ending) = rules_ending(pos, earlier) {
        return Some(Verdict::of(ending));
    }
    (plies >= max_plies).then(|| {
        Verdict::draw(
            Termination::Adjudication,
            &format!("maximum game length ({max_plies} plies)"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_any;

    /// Plays `moves` (any notation) from `fen`: the position and the keys before it.
    fn after(fen: &str, moves: &str) -> (Position, Vec<Key>) {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut keys = Vec::new();
        for text in moves.split_whitespace() {
            let m = parse_any(&pos, text).unwrap();
            keys.push(pos.key());
            pos.make(m);
        }
        (pos, keys)
    }

    const START: &str = crate::rules::START_FEN;

    #[test]
    fn mate_is_a_win_for_the_mating_side() {
        let (pos, keys) = after(START, "f3 e5 g4 Qh4");
        let e = adjudicate(&pos, &keys, 4, 300).unwrap();
        assert_eq!(e.outcome, Outcome::BlackWins);
        assert_eq!(e.termination, Termination::Normal);
        assert_eq!(e.reason, "Black mates");
        assert_eq!(e.outcome.result_text(), "0-1");
    }

    #[test]
    fn stalemate_is_a_draw() {
        let (pos, keys) = after("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "");
        assert_eq!(adjudicate(&pos, &keys, 0, 300).unwrap().reason, "stalemate");
    }

    #[test]
    fn threefold_repetition_on_the_third_occurrence_only() {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1";
        let (pos, keys) = after(START, shuffle);
        assert_eq!(adjudicate(&pos, &keys, 7, 300), None);
        let (pos, keys) = after(START, &format!("{shuffle} Ng8"));
        let e = adjudicate(&pos, &keys, 8, 300).unwrap();
        assert_eq!(
            (e.outcome, e.reason.as_str()),
            (Outcome::Draw, "threefold repetition")
        );
    }

    #[test]
    fn repetitions_before_a_pawn_move_do_not_count() {
        // The start position's key cannot come back after a pawn move, but the shuffle after
        // it repeats only twice.
        let (pos, keys) = after(START, "Nf3 Nf6 Ng1 Ng8 e3 e6 Nf3 Nf6 Ng1 Ng8");
        assert_eq!(adjudicate(&pos, &keys, 10, 300), None);
    }

    #[test]
    fn fifty_moves_draw_but_mate_on_the_hundredth_half_move_stands() {
        let (pos, keys) = after("7k/8/8/8/8/8/R7/K7 w - - 99 80", "Rb2");
        let e = adjudicate(&pos, &keys, 1, 300).unwrap();
        assert_eq!(e.reason, "fifty-move rule");
        let (pos, keys) = after("7k/8/6K1/8/8/8/8/R7 w - - 99 80", "Ra8");
        assert_eq!(
            adjudicate(&pos, &keys, 1, 300).unwrap().reason,
            "White mates"
        );
    }

    #[test]
    fn insufficient_material_is_a_draw() {
        let (pos, keys) = after("7k/8/8/8/8/8/1n6/K7 w - - 0 1", "Kxb2");
        assert_eq!(
            adjudicate(&pos, &keys, 1, 300).unwrap().reason,
            "insufficient material"
        );
        let (pos, keys) = after("7k/8/8/8/8/8/1n6/KR6 w - - 0 1", "Rxb2");
        assert_eq!(adjudicate(&pos, &keys, 1, 300), None);
    }

    #[test]
    fn maximum_length_is_an_adjudicated_draw() {
        let (pos, keys) = after(START, "e4 e5");
        assert_eq!(adjudicate(&pos, &keys, 2, 3), None);
        let e = adjudicate(&pos, &keys, 3, 3).unwrap();
        assert_eq!(e.termination, Termination::Adjudication);
        assert_eq!(e.outcome, Outcome::Draw);
    }

    #[test]
    fn endings_not_by_rule_keep_their_loser_and_kind() {
        let v = Verdict::of(Ending::Time(Color::Black));
        assert_eq!(
            (v.outcome, v.termination, v.reason.as_str()),
            (
                Outcome::WhiteWins,
                Termination::TimeForfeit,
                "Black lost on time"
            )
        );
        let v = Verdict::of(Ending::Resignation(Color::White));
        assert_eq!(
            (v.outcome, v.reason.as_str()),
            (Outcome::BlackWins, "White resigns")
        );
        assert_eq!(Verdict::of(Ending::DrawAgreed).outcome, Outcome::Draw);
    }

    #[test]
    fn points_per_side() {
        assert_eq!(Outcome::WhiteWins.points_for(Color::White), 1.0);
        assert_eq!(Outcome::WhiteWins.points_for(Color::Black), 0.0);
        assert_eq!(Outcome::Draw.points_for(Color::Black), 0.5);
    }
}
