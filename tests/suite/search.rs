//! Behaviour of the search (acceptance points 1–3 of issue 5).
//!
//! Knowledge: these tests run with `SimpleKnowledge`, the teaching implementation. Those marked
//! "any knowledge" only rely on what every plausible-move generator does (checks and early
//! captures are always searched, legal moves only); those marked "simple knowledge" rely on its
//! move order or values and must be re-derived for the 1967 knowledge.

use machack::interface::*;
use machack::paper::plausible::PlausibleMoves;
use machack::paper::search::*;
use machack::rules::{Bitboard, Color, Move, Position, Square};
use machack::value::{INFINITY, MATE, MATE_BOUND, Value};

/// The paper profile's search: these tests are about its machinery (table, secondary search,
/// repetition, feedover), which the c197 profile does not have.
fn params(preset: Preset) -> SearchParams {
    SearchParams {
        profile: Profile::Paper(Default::default()),
        ..SearchParams::preset(preset)
    }
}

/// The position after `moves` (read as a move list) from `fen`, and the keys before it.
fn game_position(fen: &str, moves: &[&str]) -> (Position, Vec<u64>) {
    let start = Position::from_fen(fen).expect("test FEN");
    let read = machack::notation::read_moves(&start, &moves.join(" ")).expect("test moves");
    let played: Vec<Move> = read.iter().map(|m| m.mv).collect();
    history_after(&start, &played).expect("legal test moves")
}

fn search_with(fen: &str, moves: &[&str], p: SearchParams) -> (Position, SearchResult) {
    let (pos, history) = game_position(fen, moves);
    let mut s = Searcher::new(p);
    let r = s.search(
        &mut SimpleKnowledge,
        &pos,
        &history,
        &Limits::default(),
        None,
    );
    (pos, r)
}

fn best(r: &SearchResult) -> String {
    r.best_move.map_or("none".into(), |m| m.coordinate())
}

fn top_value(r: &SearchResult, mv: &str) -> Option<(Value, TopBound)> {
    r.top_level
        .iter()
        .find(|t| t.mv.coordinate() == mv)
        .map(|t| (t.value, t.bound))
}

fn find_move(pos: &Position, text: &str) -> Move {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| m.coordinate() == text)
        .expect("legal move")
}

// ----- 1. mates, width, feedover, table -----

/// Any knowledge: the mating move is a check.
#[test]
fn finds_mate_in_one() {
    let (_, r) = search_with(
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        &[],
        params(Preset::Normal),
    );
    assert_eq!(best(&r), "a1a8");
    assert_eq!(r.value, MATE - 1);
}

/// Any knowledge: the smothered mate Qg8+ Rxg8 Nf7#, all checks.
#[test]
fn finds_mate_in_two() {
    let (_, r) = search_with(
        "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1",
        &[],
        params(Preset::Normal),
    );
    assert_eq!(best(&r), "b3g8");
    assert_eq!(r.value, MATE - 3);
    let pv: Vec<String> = r.pv.iter().map(|m| m.coordinate()).collect();
    assert_eq!(pv, ["b3g8", "a8g8", "h6f7"]);
}

/// Simple knowledge (its captures come first): with a width of 1, Black's two captures and
/// then Nd5 all walk into Re8#; width heuristic 4 ignores them, so the search goes on to f7-f5,
/// which gives the king air, instead of reporting a forced mate.
#[test]
fn moves_losing_to_mate_do_not_use_up_the_width() {
    let mut p = params(Preset::Normal);
    p.widths = "1".parse().unwrap();
    let (_, r) = search_with("6k1/5ppp/8/8/1n6/8/P1P2PPP/4R1K1 b - - 0 1", &[], p);
    assert!(r.stats.mated_moves_ignored >= 2, "{}", r.stats);
    let searched: Vec<(String, bool)> = r
        .top_level
        .iter()
        .map(|t| (t.mv.coordinate(), t.value <= -MATE_BOUND))
        .collect();
    let expect = [
        ("b4c2", true),
        ("b4a2", true),
        ("b4d5", true),
        ("f7f5", false),
    ];
    assert_eq!(searched, expect.map(|(m, mated)| (m.to_string(), mated)));
    assert!(r.value > -MATE_BOUND, "a defence was found");
    assert_eq!(best(&r), "f7f5");
}

/// Simple knowledge only in that the start position has no capture or check: the top level
/// searches exactly the basic width.
#[test]
fn width_schedule_limits_top_level_moves() {
    for (widths, expect) in [("3", 3), ("5,2", 5), ("6", 6), ("15,15,9,9,7", 15)] {
        let mut p = params(Preset::Normal);
        p.widths = widths.parse().unwrap();
        p.depth = 2;
        let (_, r) = search_with(machack::rules::START_FEN, &[], p);
        assert_eq!(r.top_level.len(), expect, "widths {widths}");
    }
}

/// Any knowledge: captures at the top level are searched whatever the width (heuristic 2).
#[test]
fn all_captures_searched_at_the_top() {
    let mut p = params(Preset::Normal);
    p.widths = "1".parse().unwrap();
    p.depth = 2;
    // White can capture on b7, d7 and h7; the width is 1.
    let (_, r) = search_with("4k3/1p1p1p1p/8/8/8/8/8/1R1RK2R w - - 0 1", &[], p);
    let captures = r.top_level.iter().filter(|t| t.mv.is_capture()).count();
    assert_eq!(captures, 3, "{:?}", r.top_level);
}

/// The feedover decision on hand-made positions (simple knowledge's en prise, trapped, pinned;
/// the positions are clear-cut under the 1967 definitions too).
#[test]
fn feedover_conditions() {
    let reason =
        |fen: &str| feedover_reason(&mut SimpleKnowledge, &Position::from_fen(fen).unwrap());
    use FeedoverReason::*;
    assert_eq!(reason("7k/8/8/8/8/8/P7/K7 w - - 0 1"), None, "quiet");
    assert_eq!(reason("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"), Some(InCheck));
    // Condition 1: a piece en prise, and in check / pinned / trapped.
    let cond1 = Some(EnPriseAndCheckOrHelpless);
    assert_eq!(
        reason("4k3/8/2n5/1B6/8/8/4R3/4K3 b - - 0 1"),
        cond1,
        "check"
    );
    assert_eq!(reason("4k3/8/2n5/1B6/8/8/8/4K3 b - - 0 1"), cond1, "pinned");
    assert_eq!(
        reason("4k3/8/8/8/8/1P6/b1P5/R3K3 b - - 0 1"),
        cond1,
        "trapped"
    );
    // Condition 2: two pieces en prise.
    assert_eq!(
        reason("4k3/8/8/r3R2r/8/8/8/4K3 b - - 0 1"),
        Some(TwoEnPrise)
    );
    // Condition 3: one each; the opponent's bishop is trapped, our knight can run.
    assert_eq!(
        reason("r3k3/B1p5/1p6/3n4/8/8/8/3RK3 b - - 0 1"),
        Some(TheirsHelpless)
    );
    // One piece en prise that can simply move away: no feedover.
    assert_eq!(reason("4k3/8/8/3n4/8/8/8/3RK3 b - - 0 1"), None);
}

/// The statistics show feedovers where pieces hang and none in a quiet ending.
#[test]
fn feedovers_counted_in_statistics() {
    let (_, quiet) = search_with("7k/8/8/8/8/8/P7/K7 w - - 0 1", &[], params(Preset::Normal));
    assert_eq!(quiet.stats.feedovers_total(), 0);
    assert!(quiet.stats.plausible_capture_searches > 0);
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let (_, busy) = search_with(fen, &[], params(Preset::Tournament));
    assert!(
        busy.stats.feedovers.iter().all(|&n| n > 0),
        "{}",
        busy.stats
    );
    let mut p = params(Preset::Tournament);
    p.feedovers = 0;
    let (_, none) = search_with(fen, &[], p);
    assert_eq!(none.stats.feedovers_total(), 0);
}

/// A table entry is used when it is at least as deep as the search needs, and not otherwise.
#[test]
fn table_hit_needs_enough_depth() {
    let root = Position::startpos();
    let mut p = params(Preset::Normal);
    p.widths = "1".parse().unwrap();
    p.secondary_search = Some(false);
    let child = root.play(find_move(&root, "b1c3"));
    for (stored_depth, used) in [(3, true), (5, true), (2, false)] {
        let mut s = Searcher::new(p.clone());
        // Black to move after b1c3 "is winning by 500"; the search needs 3 plies there.
        s.table()
            .store(child.key(), 1, stored_depth, 500, 500, Move::NULL);
        let r = s.search(&mut SimpleKnowledge, &root, &[], &Limits::default(), None);
        assert_eq!(best(&r), "b1c3");
        assert_eq!(
            r.value == -500,
            used,
            "stored depth {stored_depth}: value {}",
            r.value
        );
    }
}

/// A stored move that is illegal in the probing position (a lock collision) is never played.
#[test]
fn illegal_table_move_is_ignored() {
    let root = Position::startpos();
    let mut p = params(Preset::Normal);
    p.secondary_search = Some(false);
    let mut s = Searcher::new(p);
    // Every position after one White move gets White's own e2e4 as its "best move".
    let e2e4 = find_move(&root, "e2e4");
    for &m in root.legal_moves().iter() {
        s.table()
            .store(root.play(m).key(), 1, 0, -INFINITY, INFINITY, e2e4);
    }
    let r = s.search(&mut SimpleKnowledge, &root, &[], &Limits::default(), None);
    assert!(r.stats.table_moves_rejected > 0, "{}", r.stats);
    for t in &r.top_level {
        let mut pos = root.clone();
        for &m in &t.pv {
            assert!(pos.is_legal(m), "illegal {m} in {:?}", t.pv);
            pos.make(m);
        }
    }
}

// ----- 2. repetition -----

/// Start: Black to move, Black a rook up. Played: ...Rb7 Kg2 Rb8. White can now go back with
/// Kh1, repeating the start position (Black to move) once.
const REP_FEN: &str = "kr6/8/8/8/8/8/8/7K b - - 0 1";
const REP_MOVES: [&str; 3] = ["b8b7", "h1g2", "b7b8"];

/// Simple knowledge (a king in the corner scores worse): under the 1967 policy the first
/// repetition is a draw, so the losing side repeats; under tree-or-threefold it is no draw
/// and White centralises instead.
#[test]
fn repetition_policies_choose_different_moves() {
    let mut p = params(Preset::Tournament);
    p.repetition = RepetitionPolicy::FirstRepetition;
    let (_, first) = search_with(REP_FEN, &REP_MOVES, p.clone());
    assert_eq!(best(&first), "g2h1");
    assert_eq!(first.value, 0);
    assert!(first.stats.repetitions > 0);
    p.repetition = RepetitionPolicy::TreeOrThreefold;
    let (_, tree) = search_with(REP_FEN, &REP_MOVES, p);
    assert_ne!(best(&tree), "g2h1");
    assert!(tree.value < -500, "a rook down: {}", tree.value);
    let (v, _) = top_value(&tree, "g2h1").expect("Kh1 searched");
    assert!(v < -500);
}

/// Any knowledge: the third occurrence is a draw under both policies.
#[test]
fn threefold_repetition_is_a_draw() {
    let moves = ["b8b7", "h1g2", "b7b8", "g2h1", "b8b7", "h1g2", "b7b8"];
    for policy in [
        RepetitionPolicy::TreeOrThreefold,
        RepetitionPolicy::FirstRepetition,
    ] {
        let mut p = params(Preset::Tournament);
        p.repetition = policy;
        let (_, r) = search_with(REP_FEN, &moves, p);
        assert_eq!(
            top_value(&r, "g2h1"),
            Some((0, TopBound::Exact)),
            "{policy}"
        );
        assert_eq!((best(&r), r.value), ("g2h1".to_string(), 0));
    }
}

/// Any knowledge: with 99 half-moves on the clock every reversible move draws.
#[test]
fn fifty_move_rule_is_a_draw() {
    let (_, r) = search_with(
        "kr6/8/8/8/8/8/8/7K w - - 99 80",
        &[],
        params(Preset::Normal),
    );
    assert_eq!(r.value, 0);
    assert!(r.stats.fifty_move_draws > 0);
    assert!(
        r.top_level
            .iter()
            .all(|t| t.value == 0 || t.bound == TopBound::AtMost)
    );
}

// ----- stop, progress, determinism, trait objects -----

#[test]
fn same_input_same_output() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let (_, a) = search_with(fen, &[], params(Preset::Normal));
    let (_, b) = search_with(fen, &[], params(Preset::Normal));
    assert_eq!(
        (a.best_move, a.value, &a.pv, &a.top_level),
        (b.best_move, b.value, &b.pv, &b.top_level)
    );
}

#[test]
fn node_limit_stops_with_a_legal_move_and_progress_is_reported() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let pos = Position::from_fen(fen).unwrap();
    let mut s = Searcher::new(params(Preset::Tournament));
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    let mut events = Vec::new();
    let mut log = |p: &Progress| events.push(p.clone());
    let r = s.search(&mut SimpleKnowledge, &pos, &[], &limits, Some(&mut log));
    assert!(r.stopped);
    assert!(pos.is_legal(r.best_move.unwrap()));
    assert!(r.stats.nodes < 600);
    assert_eq!(r.top_level.last().unwrap().bound, TopBound::Interrupted);
    assert!(matches!(
        events[0],
        Progress::Examining { index: 0, total, .. } if total >= 1
    ));
    let counts: Vec<u64> = events
        .iter()
        .filter_map(|e| match e {
            Progress::NewBest { nodes, .. } => Some(*nodes),
            Progress::Examining { .. } | Progress::Searched { .. } => None,
        })
        .collect();
    assert!(!counts.is_empty());
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert!(counts[0] > 0 && *counts.last().unwrap() <= r.stats.nodes);
    // A stop flag already set: nothing completes, the most plausible move is returned.
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits {
        stop: Some(flag),
        ..Limits::default()
    };
    let r = s.search(&mut SimpleKnowledge, &pos, &[], &limits, None);
    assert!(r.stopped && pos.is_legal(r.best_move.unwrap()));
}

/// The teaching knowledge with every move list passed through `F` (given the level): for tests
/// that change only what the PMG answers.
struct WithMoves<F>(F);

impl<F: FnMut(&mut PlausibleMoves, u32)> Knowledge for WithMoves<F> {
    fn plausible_moves(&mut self, pos: &Position, level: u32) -> PlausibleMoves {
        let mut pm = SimpleKnowledge.plausible_moves(pos, level);
        (self.0)(&mut pm, level);
        pm
    }
    fn static_value(&mut self, pos: &Position, root: &Position) -> Value {
        SimpleKnowledge.static_value(pos, root)
    }
    fn en_prise(&mut self, pos: &Position, color: Color) -> Bitboard {
        SimpleKnowledge.en_prise(pos, color)
    }
    fn trapped(&mut self, pos: &Position, sq: Square) -> bool {
        SimpleKnowledge.trapped(pos, sq)
    }
    fn pinned(&mut self, pos: &Position, sq: Square) -> bool {
        SimpleKnowledge.pinned(pos, sq)
    }
}

/// Any knowledge: checks are searched in any order.
#[test]
fn search_works_through_a_trait_object() {
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    // The moves in reverse order, plausibility falling along them.
    let mut k: Box<dyn Knowledge> = Box::new(WithMoves(|pm: &mut PlausibleMoves, _| {
        pm.moves.reverse();
        for (i, m) in pm.moves.iter_mut().enumerate() {
            m.plausibility = -(i as Value);
        }
    }));
    let mut s = Searcher::new(params(Preset::Normal));
    let r = s.search(k.as_mut(), &pos, &[], &Limits::default(), None);
    assert_eq!(r.value, MATE - 1);
}

// ----- modifications and secondary search -----

/// Any knowledge: a developmentally poor move costs 3 (paper §9).
#[test]
fn poor_moves_cost_three() {
    let pos = Position::startpos();
    let mut p = params(Preset::Normal);
    p.depth = 1;
    p.secondary_search = Some(false);
    let plain =
        Searcher::new(p.clone()).search(&mut SimpleKnowledge, &pos, &[], &Limits::default(), None);
    let poor = Searcher::new(p).search(
        // Every top-level move flagged developmentally poor.
        &mut WithMoves(|pm: &mut PlausibleMoves, level| {
            if level == 1 {
                pm.moves.iter_mut().for_each(|m| m.poor = true);
            }
        }),
        &pos,
        &[],
        &Limits::default(),
        None,
    );
    let values = |r: &SearchResult| {
        r.top_level
            .iter()
            .map(|t| (t.mv, t.value))
            .collect::<Vec<_>>()
    };
    let expect: Vec<_> = values(&plain)
        .into_iter()
        .map(|(m, v)| (m, v - 3))
        .collect();
    assert_eq!(values(&poor), expect);
}

/// The secondary search runs once per new best top-level move, the worse value wins, and
/// the switch turns it off.
#[test]
fn secondary_search_keeps_the_worse_value() {
    let mut changed = 0;
    for fen in machack::cli::bench::BENCH_FENS {
        let (_, r) = search_with(fen, &[], params(Preset::Normal));
        let new_bests = r.top_level.iter().filter(|t| t.secondary.is_some()).count() as u64;
        assert_eq!(r.stats.secondary_searches, new_bests);
        for t in &r.top_level {
            if let Some(s) = t.secondary {
                assert!(t.value <= s, "{fen}: {t:?}");
            }
        }
        changed += r.stats.secondary_changes;
        let mut off = params(Preset::Normal);
        off.secondary_search = Some(false);
        let (_, r) = search_with(fen, &[], off);
        assert_eq!(r.stats.secondary_searches, 0);
    }
    assert!(changed > 0, "some secondary search lowered a value");
}

/// Feedovers: at most `feedovers` in a line, and none at ply >= depth + 3 (source SETF 2).
#[test]
fn feedover_limits() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let pos = Position::from_fen(fen).unwrap();
    let deepest = |feedovers: u32| {
        let mut p = params(Preset::Tournament);
        p.secondary_search = Some(false);
        p.feedovers = feedovers;
        // The deepest level the PMG was asked for.
        let mut deepest = 0;
        let mut k = WithMoves(|_: &mut PlausibleMoves, level| deepest = deepest.max(level));
        Searcher::new(p).search(&mut k, &pos, &[], &Limits::default(), None);
        deepest
    };
    // Depth 4: the PMG runs at plies 0..=3 (levels 1..=4); feedovers (after plausible
    // captures, too) only at plies 4, 5 and 6.
    assert_eq!(deepest(0), 4, "no feedover at all");
    assert!(deepest(1) <= 7);
    assert_eq!(deepest(9), 7, "none at ply >= depth + 3");
}

// ----- with the 1967 knowledge -----

fn search_1967(fen: &str, p: SearchParams) -> SearchResult {
    let pos = Position::from_fen(fen).unwrap();
    Searcher::new(p).search(
        &mut Knowledge1967::default(),
        &pos,
        &[],
        &Limits::default(),
        None,
    )
}

/// 1967 knowledge: the mates of the tests above.
#[test]
fn finds_mates_with_the_1967_knowledge() {
    let r = search_1967("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", params(Preset::Normal));
    assert_eq!((best(&r), r.value), ("a1a8".to_string(), MATE - 1));
    let r = search_1967("r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", params(Preset::Normal));
    assert_eq!((best(&r), r.value), ("b3g8".to_string(), MATE - 3));
    let r = search_1967(
        "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1",
        params(Preset::Tournament),
    );
    assert_eq!((best(&r), r.value), ("b3g8".to_string(), MATE - 3));
}

/// 1967 knowledge: the ratio term grows without bound against a lone king; the search clamps
/// static values so that they never read as mates.
#[test]
fn huge_static_values_are_not_mates() {
    let r = search_1967("4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1", params(Preset::Normal));
    assert_eq!(best(&r), "d1d2");
    assert!(r.value > 0 && r.value < MATE_BOUND, "{}", r.value);
    assert_eq!(r.stats.mated_moves_ignored, 0);
}

/// A middlegame out of the book (Italian, both bishops pinning a knight).
const MIDDLEGAME: &str = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 4 8";

/// The search of MIDDLEGAME by the 1967 knowledge at the tournament preset with `multi_pv` lines.
fn middlegame_lines(multi_pv: u32) -> SearchResult {
    let (pos, history) = game_position(MIDDLEGAME, &[]);
    let mut p = params(Preset::Tournament);
    p.multi_pv = multi_pv;
    let mut s = Searcher::new(p);
    s.search(
        &mut Knowledge1967::default(),
        &pos,
        &history,
        &Limits::default(),
        None,
    )
}

/// The first `k` principal lines as (move, value).
fn top_lines(r: &SearchResult, k: usize) -> Vec<(String, Value)> {
    r.lines
        .iter()
        .take(k)
        .map(|l| (l.pv[0].coordinate(), l.value))
        .collect()
}

/// MultiPV (root.rs): with k = 3 the three best top-level moves of the width get the values
/// they get when every top-level move is searched exactly, and the choice, its value and its
/// line are those of k = 1, searched node for node as with one line before the further lines.
/// With more lines than the width gives, the moves past it are searched for them, in the
/// order of plausibility: one of them can be worth more than the choice, and comes after it.
#[test]
fn multi_pv_gives_the_k_best_top_level_moves_exact_values() {
    let one = middlegame_lines(1);
    let three = middlegame_lines(3);
    let all = middlegame_lines(255);
    assert!(all.top_level.iter().all(|t| t.bound == TopBound::Exact));
    assert_eq!(all.lines.len(), all.plausibility.len());
    assert_eq!(
        top_lines(&all, 2),
        [("c3d5".to_string(), 12), ("c3a4".to_string(), 28)]
    );
    let mut width: Vec<(String, Value)> = all
        .top_level
        .iter()
        .filter(|t| t.selection != Selection::Lines)
        .map(|t| (t.mv.coordinate(), t.value))
        .collect();
    width.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    let expected = width[..3].to_vec();
    assert_eq!(
        expected,
        [
            ("c3d5".to_string(), 12),
            ("h2h3".to_string(), 0),
            ("d1e1".to_string(), 0)
        ]
    );
    assert_eq!(top_lines(&three, 3), expected);
    assert_eq!(top_lines(&one, 1), expected[..1]);
    assert_eq!((three.best_move, three.value), (one.best_move, one.value));
    assert_eq!(three.pv, one.pv);
    // k = 1 refutes the others with bounds; each further line costs searches.
    assert_eq!(one.lines.len(), 1);
    let exact = |r: &SearchResult| {
        r.top_level
            .iter()
            .filter(|t| t.bound == TopBound::Exact)
            .count()
    };
    assert_eq!((exact(&one), exact(&three)), (2, 6));
    assert_eq!(
        (one.stats.nodes, three.stats.nodes, all.stats.nodes),
        (3349, 6463, 43570)
    );
}

/// What the terminal's screen shows while the machine thinks: each top-level move as it is
/// examined, with its plausibility, then its value once searched, as the result lists them, for
/// both programs.
#[test]
fn progress_reports_each_top_level_move_with_its_plausibility_and_value() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let pos = Position::from_fen(fen).unwrap();
    for profile in [
        Profile::C197(Default::default()),
        Profile::Paper(Default::default()),
    ] {
        let mut engine = machack::game::Engine::new(SearchParams {
            profile,
            ..SearchParams::preset(Preset::Normal)
        });
        let mut events = Vec::new();
        let mut log = |p: &Progress| events.push(p.clone());
        let r = engine.search(&pos, &[], &Limits::default(), Some(&mut log));
        let examined: Vec<(Move, Value)> = events
            .iter()
            .filter_map(|e| match e {
                Progress::Examining {
                    mv, plausibility, ..
                } => Some((*mv, *plausibility)),
                _ => None,
            })
            .collect();
        let searched: Vec<(usize, Move, Value, TopBound)> = events
            .iter()
            .filter_map(|e| match e {
                Progress::Searched {
                    index,
                    mv,
                    value,
                    bound,
                    ..
                } => Some((*index, *mv, *value, *bound)),
                _ => None,
            })
            .collect();
        let listed: Vec<(Move, Value)> =
            r.top_level.iter().map(|t| (t.mv, t.plausibility)).collect();
        assert_eq!(examined, listed, "{profile:?}");
        let valued: Vec<(usize, Move, Value, TopBound)> = r
            .top_level
            .iter()
            .enumerate()
            .map(|(i, t)| (i, t.mv, t.value, t.bound))
            .collect();
        assert_eq!(searched, valued, "{profile:?}");
        assert!(listed.len() >= 6, "{profile:?}: {listed:?}");
        // The best move so far is one of them, and the last one reported is the choice.
        let last_best = events.iter().rev().find_map(|e| match e {
            Progress::NewBest { mv, value, .. } => Some((*mv, *value)),
            _ => None,
        });
        assert_eq!(
            last_best,
            Some((r.best_move.unwrap(), r.value)),
            "{profile:?}"
        );
    }
}
