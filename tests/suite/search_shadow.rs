//! The hash-pollution test of SEARCH-TECHNIQUES §4 (acceptance point 3).
//!
//! Knowledge: a scripted test double (move order from priority lists, a few hand-set static
//! values), so the tree is small and every value can be followed by hand. White: Kh1 Nb1 Ng1;
//! Black: Ka8 Ng8. Moves: a = Ng1-f3, b = Nb1-c3, c = Kh1-h2, d = Kh1-g2, x = Ng8-f6,
//! z = Ka8-b8. Static values (White's view): Black king on b8 -200, White king on h2 -100,
//! on g2 -50, the position after `a` -200, anything else 0. Widths 3,2,1,1,2; depth 5.
//!
//! - Top move a (searched first): Black answers x (or z, which it prefers: -200). On the x
//!   line, a x b x⁻¹ reaches P4 (White to move, ply 4), where b⁻¹ repeats the position after
//!   `a` (ply 1): a draw, better for White than c (-100). So P4 = 0 and P3 = after `a x b`
//!   (Black to move, ply 3) = 0 — but only because the position after `a` is on this path.
//! - Top move b: b x a reaches the same P3 at ply 3. Here b⁻¹ from P4 is no repetition and
//!   worth -200, so White plays c: P4 = P3 = -100, and `b` is worth about -100.
//! - Top move d: about -50, the best move.
//!
//! Shadow score off: P3 is stored as an exact 0 and path b reads it: `b` seems to hold the
//! draw and is chosen with the value 0 — a misleading stored draw. On: P3 is stored as its
//! shadow range, path b searches it, and `d` is chosen, as with no table at all.

use machack::interface::*;
use machack::paper::plausible::{PlausibleMove, PlausibleMoves};
use machack::paper::search::*;
use machack::rules::{Bitboard, Color, Key, PieceKind, Position, Square, sq};
use machack::value::Value;

struct Scripted {
    priority: Vec<&'static str>,
    /// Positions with their own move order.
    overrides: Vec<(Key, Vec<&'static str>)>,
    /// Positions with their own static value.
    values: Vec<(Key, Value)>,
}

impl Knowledge for Scripted {
    fn plausible_moves(&mut self, pos: &Position, _level: u32) -> PlausibleMoves {
        let order = self
            .overrides
            .iter()
            .find(|(k, _)| *k == pos.key())
            .map_or(&self.priority, |(_, o)| o);
        let mut moves: Vec<PlausibleMove> = pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let rank = order.iter().position(|p| *p == mv.coordinate());
                PlausibleMove {
                    mv,
                    plausibility: rank.map_or(0, |r| 1000 - r as Value),
                    must_search: false,
                    unsafe_move: false,
                    poor: false,
                    check: false,
                    positional: 0,
                    forcing: 0,
                }
            })
            .collect();
        moves.sort_by_key(|m| -m.plausibility);
        let pieces = moves
            .iter()
            .fold(Bitboard::EMPTY, |b, m| b.with(m.mv.from()))
            .count();
        PlausibleMoves {
            moves,
            pieces_with_safe_moves: pieces,
        }
    }
    fn static_value(&mut self, pos: &Position, _root: &Position) -> Value {
        if let Some((_, v)) = self.values.iter().find(|(k, _)| *k == pos.key()) {
            return *v;
        }
        let black_king = pos.king_square(Color::Black);
        let white_king = pos.king_square(Color::White);
        let mut v = 0;
        if black_king == sq::B8 {
            v -= 200;
        }
        if white_king == sq::H2 {
            v -= 100;
        }
        if white_king == sq::G2 {
            v -= 50;
        }
        debug_assert!(pos.pieces(Color::White, PieceKind::Knight).count() == 2);
        v
    }
    fn en_prise(&mut self, _: &Position, _: Color) -> Bitboard {
        Bitboard::EMPTY
    }
    fn trapped(&mut self, _: &Position, _: Square) -> bool {
        false
    }
    fn pinned(&mut self, _: &Position, _: Square) -> bool {
        false
    }
}

const FEN: &str = "k5n1/8/8/8/8/8/8/1N4NK w - - 0 1";

fn run(shadow: bool, entries: usize) -> SearchResult {
    let root = Position::from_fen(FEN).unwrap();
    let a = root
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.coordinate() == "g1f3")
        .unwrap();
    let after_a = root.play(a).key();
    let mut knowledge = Scripted {
        // White: a, b, b⁻¹, c, a⁻¹; Black: x, x⁻¹, Ng8-h6.
        priority: vec![
            "g1f3", "b1c3", "c3b1", "h1h2", "f3g1", "g8f6", "f6g8", "g8h6",
        ],
        overrides: vec![
            // At the top: a, b, d.
            (root.key(), vec!["g1f3", "b1c3", "h1g2"]),
            // After `a`, Black's second choice is z.
            (after_a, vec!["g8f6", "a8b8"]),
        ],
        values: vec![(after_a, -200)],
    };
    let mut p = SearchParams::preset(Preset::Normal);
    p.profile = Profile::Paper(Default::default());
    p.widths = "3,2,1,1,2".parse().unwrap();
    p.depth = 5;
    p.secondary_search = Some(false);
    p.shadow_score = shadow;
    p.hash_entries = Some(entries);
    Searcher::new(p).search(&mut knowledge, &root, &[], &Limits::default(), None)
}

fn line(r: &SearchResult) -> Vec<(String, Value, TopBound)> {
    r.top_level
        .iter()
        .map(|t| (t.mv.coordinate(), t.value, t.bound))
        .collect()
}

#[test]
fn without_shadow_score_a_path_dependent_draw_misleads() {
    let r = run(false, 32_768);
    assert!(r.stats.repetitions > 0);
    assert!(r.stats.table_cutoffs > 0);
    // b reads P3's stored draw and is chosen "holding the draw".
    assert_eq!(
        line(&r),
        [
            ("g1f3".to_string(), -204, TopBound::Exact),
            ("b1c3".to_string(), 0, TopBound::Exact),
            ("h1g2".to_string(), 0, TopBound::AtMost),
        ]
    );
    assert_eq!(
        (r.best_move.unwrap().coordinate(), r.value),
        ("b1c3".into(), 0)
    );
}

#[test]
fn with_shadow_score_the_draw_is_not_reused() {
    let truth = run(false, 0);
    assert_eq!(
        line(&truth),
        [
            ("g1f3".to_string(), -204, TopBound::Exact),
            ("b1c3".to_string(), -96, TopBound::Exact),
            ("h1g2".to_string(), -50, TopBound::Exact),
        ]
    );
    let r = run(true, 32_768);
    assert!(r.stats.repetitions > 0);
    assert_eq!(line(&r), line(&truth));
    assert_eq!(
        (r.best_move.unwrap().coordinate(), r.value),
        ("h1g2".into(), -50)
    );
}
