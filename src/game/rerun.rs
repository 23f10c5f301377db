//! The program as it stood at some point of a recorded game, rebuilt by doing again what it did:
//! its searches, in order, in the positions where it chose a move by searching, each with the
//! settings it searched with and, when the clock had stopped it, stopped at the same node (a
//! search is deterministic given its limits); and its book's random choices, from the record's
//! seed. The run state a program keeps from search to search (c197's leftovers, the paper
//! program's table; `Engine::run_state`) comes out as the uninterrupted game left it, so a
//! game killed at any moment and resumed goes on as it would have.
//!
//! Every move repeated is checked: a search that does not choose the recorded move, or a book
//! that does not, is a [`Mismatch`], named with its ply.

use super::Engine;
use super::judgement::ResignWatch;
use super::{Game, GameMove};
use crate::book::{Book, Seeded};
use crate::interface::{Limits, SearchParams, SearchResult};
use crate::rules::{Key, Move, Position};
use crate::value::Value;

/// A move of the record that the program, asked again, does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The move's index in the game (its ply, from 0).
    pub index: usize,
    /// The move recorded.
    pub recorded: Move,
    /// What the program plays now (None: the book has no move there, or the search found
    /// none).
    pub now: Option<Move>,
    /// Whether it was a book move (else a searched one).
    pub book: bool,
}

/// The program rebuilt along a game.
pub struct Rerun {
    /// The engine, with the run state its searches left, set to search with the settings of
    /// the last search repeated (or those it was started with).
    pub engine: Engine,
    /// The book's random generator, seeded from the record's seed and advanced by every
    /// book move repeated (None without a seed).
    pub rng: Option<Seeded>,
    /// The count of hopeless values in a row the resignation rule keeps.
    pub resign: ResignWatch,
    /// The value of the last search (the machine's last word on a draw offer).
    pub last_value: Option<Value>,
    /// How many searches were repeated.
    pub searches: usize,
    /// The moves the program no longer plays.
    pub mismatches: Vec<Mismatch>,
}

/// The limits a recorded search is repeated with: none, or the node it was stopped at.
pub fn limits_of(stopped_at: Option<u64>) -> Limits {
    Limits {
        nodes: stopped_at,
        ..Limits::default()
    }
}

/// Does again what the program did in the first `upto` moves of `game`: a program started with
/// `params` repeats each search (a move with [`GameMove::search`]), and the book, from `seed`,
/// each book choice. `each` is called with every search repeated: the move's index, the
/// position and what the search gave.
pub fn rerun(
    game: &Game,
    upto: usize,
    params: &SearchParams,
    seed: Option<u64>,
    book: &Book,
    each: &mut dyn FnMut(usize, &Position, &SearchResult),
) -> Rerun {
    let mut out = Rerun {
        engine: Engine::new(params.clone()),
        rng: seed.map(Seeded::new),
        resign: ResignWatch::default(),
        last_value: None,
        searches: 0,
        mismatches: Vec::new(),
    };
    let mut pos = game.start().clone();
    let mut history: Vec<Key> = Vec::new();
    for (index, gm) in game.moves().iter().take(upto).enumerate() {
        out.repeat(index, gm, &pos, &history, book, each);
        history.push(pos.key());
        pos.make(gm.mv);
    }
    out
}

impl Rerun {
    /// Repeats what the program did for move `gm` (index `index`) in `pos`.
    fn repeat(
        &mut self,
        index: usize,
        gm: &GameMove,
        pos: &Position,
        history: &[Key],
        book: &Book,
        each: &mut dyn FnMut(usize, &Position, &SearchResult),
    ) {
        if gm.book {
            if let Some(rng) = self.rng.as_mut() {
                let now = book.choose(pos, rng);
                if now != Some(gm.mv) {
                    self.mismatches.push(Mismatch {
                        index,
                        recorded: gm.mv,
                        now,
                        book: true,
                    });
                }
            }
            return;
        }
        let Some(search) = &gm.search else {
            return;
        };
        self.engine.set_params(search.params.clone());
        let r = self
            .engine
            .search(pos, history, &limits_of(search.stopped_at), None);
        self.searches += 1;
        self.last_value = Some(r.value);
        self.resign.resigns_after(r.value);
        if r.best_move != Some(gm.mv) {
            self.mismatches.push(Mismatch {
                index,
                recorded: gm.mv,
                now: r.best_move,
                book: false,
            });
        }
        each(index, pos, &r);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Searched;
    use crate::interface::Preset;
    use crate::notation;

    /// A game of the machine's replies to the user's moves `user`, the first search stopped at
    /// a node limit as the clock would stop it; with each search's node count, by its move's
    /// index.
    fn played(params: &SearchParams, user: &[&str]) -> (Game, Vec<(usize, u64)>) {
        let mut nodes = Vec::new();
        let mut game = Game::new(Position::startpos());
        let mut engine = Engine::new(params.clone());
        for (i, text) in user.iter().enumerate() {
            let m = notation::parse_any(game.position(), text).unwrap();
            game.play(m, None, false);
            let limits = Limits {
                nodes: (i == 0).then_some(256),
                ..Limits::default()
            };
            let r = engine.search(game.position(), game.history(), &limits, None);
            let search = Searched {
                value: r.value,
                stopped_at: r.stats.stopped_at,
                params: params.clone(),
            };
            if i == 0 {
                assert_eq!(search.stopped_at, Some(256));
            }
            nodes.push((game.moves().len(), r.stats.nodes));
            game.play_searched(r.best_move.unwrap(), None, search);
        }
        (game, nodes)
    }

    #[test]
    fn the_searches_of_a_game_are_repeated_exactly_a_stopped_one_too() {
        for profile in ["c197", "paper"] {
            let params = SearchParams {
                profile: profile.parse().unwrap(),
                ..SearchParams::preset(Preset::Tournament)
            };
            let (game, nodes) = played(&params, &["d4", "c4", "Nc3", "e3"]);
            let book = Book::new();
            let mut values = Vec::new();
            let mut repeated = Vec::new();
            let n = game.moves().len();
            let r = rerun(&game, n, &params, None, &book, &mut |i, _, r| {
                values.push((i, r.value));
                repeated.push((i, r.stats.nodes));
            });
            // The same searches, node for node: the first stopped where the clock stopped it.
            assert_eq!(repeated, nodes, "{profile}");
            assert_eq!(r.mismatches, [], "{profile}");
            assert_eq!(r.searches, 4);
            let recorded: Vec<(usize, Value)> = game
                .moves()
                .iter()
                .enumerate()
                .filter_map(|(i, m)| m.search.as_ref().map(|s| (i, s.value)))
                .collect();
            assert_eq!(values, recorded, "{profile}");
            assert_eq!(r.last_value, recorded.last().map(|&(_, v)| v));
        }
    }

    #[test]
    fn a_recorded_move_the_program_does_not_play_is_named_with_its_index() {
        let params = SearchParams::preset(Preset::Tournament);
        let (game, _) = played(&params, &["e4", "Nf3"]);
        // The same game with the machine's second reply replaced by another legal move.
        let mut edited = Game::new(Position::startpos());
        for (i, gm) in game.moves().iter().enumerate() {
            let mv = if i == 3 {
                let other = edited.position().legal_moves();
                *other.iter().find(|&&m| m != gm.mv).unwrap()
            } else {
                gm.mv
            };
            match &gm.search {
                Some(s) => edited.play_searched(mv, None, s.clone()),
                None => edited.play(mv, None, false),
            };
        }
        let r = rerun(&edited, 4, &params, None, &Book::new(), &mut |_, _, _| {});
        assert_eq!(r.mismatches.len(), 1);
        assert_eq!(r.mismatches[0].index, 3);
        assert_eq!(r.mismatches[0].now, Some(game.moves()[3].mv));
    }
}
