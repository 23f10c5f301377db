//! Analysis beyond 1967 (issue 22): several principal lines (`SearchParams::multi_pv`, both
//! programs) and deepening (`game::deepening`), checked against the searches they build on.

use machack::cli::bench::BENCH_FENS;
use machack::game::Engine;
use machack::game::deepening::{self, Report, Searched};
use machack::interface::*;
use machack::rules::Position;

/// A bench position (game 2, move 20) where what c197's earlier searches leave behind changes
/// the tree of the next: searched at depth 4 after a search at depth 3, c197 visits 2,675
/// nodes; fresh, 4,595 (4,597 with its table off: one line repeats a position).
const LEFTOVERS_MATTER: &str = "2r1kb1r/5p1p/p1n1b1p1/2nQN3/Pp5B/8/1PP2PPP/1K1R1B1R w k - 1 20";

fn tournament(profile: Profile) -> SearchParams {
    SearchParams {
        profile,
        ..SearchParams::preset(Preset::Tournament)
    }
}

fn at_depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Each depth of a deepening c197 search is the search at that depth alone, node for node
/// (every depth starts from the run state the search started with), and the run state left is
/// that of the deepest depth's search.
#[test]
fn deepening_searches_each_depth_as_a_search_at_that_depth_alone() {
    let pos = Position::from_fen(LEFTOVERS_MATTER).unwrap();
    let params = tournament(Profile::default());
    let mut engine = Engine::new(params.clone());
    let mut done = Vec::new();
    let limits = Limits {
        depth: Some(5),
        deepen: Deepening::Analysis,
        ..Limits::default()
    };
    let Searched { result, depth } = deepening::search(&mut engine, &pos, &[], &limits, &mut |r| {
        if let Report::Completed(c) = r {
            done.push(c.clone());
        }
    });
    assert_eq!(depth, 5);
    assert!(!result.stopped);
    assert_eq!(
        done.iter().map(|c| c.depth).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    let mut nodes = 0;
    for c in &done {
        let mut alone = Engine::new(params.clone());
        let r = alone.search(&pos, &[], &at_depth(c.depth), None);
        nodes += r.stats.nodes;
        assert_eq!(
            (c.value, &c.lines, c.nodes),
            (r.value, &r.lines, nodes),
            "depth {}",
            c.depth
        );
        if c.depth == 5 {
            assert_eq!((result.best_move, result.value), (r.best_move, r.value));
            assert_eq!(engine.run_state(), alone.run_state());
        }
    }
    assert_eq!(result.stats.nodes, nodes);
    // Depth 4 alone visits 4,595 nodes; after depth 3's leftovers it would visit 2,675.
    assert_eq!(done[3].nodes - done[2].nodes, 4595);
}

/// c197's table holds nothing from one search to the next (it is emptied and the game's
/// positions entered anew each time: `c197::hash`), so a depth of a deepening search is that
/// depth's search alone under each of its uses, in a game whose positions it marks: off,
/// draws (the game's and the line's positions) and values (also the values stored within the
/// depth).
#[test]
fn deepening_with_each_use_of_c197s_table_searches_each_depth_alone() {
    let start = Position::from_fen(LEFTOVERS_MATTER).unwrap();
    // K-R1 B-N2 K-N1 B-B1: the position again, its earlier occurrence in the game.
    let moves: Vec<_> = ["b1a1", "f8g7", "a1b1", "g7f8"]
        .iter()
        .scan(start.clone(), |pos, m| {
            let mv = machack::notation::parse_any(pos, m).unwrap();
            pos.make(mv);
            Some(mv)
        })
        .collect();
    let (pos, history) = machack::paper::search::history_after(&start, &moves).unwrap();
    assert_eq!(pos.key(), start.key());
    let mut repetitions = Vec::new();
    for table in [TableUse::Off, TableUse::Draws, TableUse::Values] {
        let params = SearchParams {
            table,
            ..tournament(Profile::default())
        };
        let mut engine = Engine::new(params.clone());
        let mut done = Vec::new();
        let limits = Limits {
            depth: Some(4),
            deepen: Deepening::Analysis,
            ..Limits::default()
        };
        let Searched { result, depth } =
            deepening::search(&mut engine, &pos, &history, &limits, &mut |r| {
                if let Report::Completed(c) = r {
                    done.push(c.clone());
                }
            });
        assert_eq!(depth, 4);
        let mut nodes = 0;
        for c in &done {
            let mut alone = Engine::new(params.clone());
            let r = alone.search(&pos, &history, &at_depth(c.depth), None);
            nodes += r.stats.nodes;
            assert_eq!(
                (c.value, &c.lines, c.nodes),
                (r.value, &r.lines, nodes),
                "table {table}, depth {}",
                c.depth
            );
            if c.depth == 4 {
                assert_eq!((result.best_move, result.value), (r.best_move, r.value));
                assert_eq!(engine.run_state(), alone.run_state());
                repetitions.push(r.stats.repetitions);
            }
        }
    }
    // The table off finds no repetition; with it, the game's position is found.
    assert_eq!(repetitions[0], 0);
    assert!(repetitions[1] > 0 && repetitions[2] > 0, "{repetitions:?}");
}

/// Deepening off is the one search at the set depth the front ends always made; deepening in
/// play without a time limit too.
#[test]
fn without_deepening_the_engine_makes_the_programs_one_search() {
    let pos = Position::from_fen(BENCH_FENS[2]).unwrap();
    for profile in [Profile::default(), "paper".parse().unwrap()] {
        let params = tournament(profile);
        let direct = Engine::new(params.clone()).search(&pos, &[], &Limits::default(), None);
        for deepen in [Deepening::Off, Deepening::Play] {
            let mut engine = Engine::new(params.clone());
            let mut begun = Vec::new();
            let limits = Limits {
                deepen,
                ..Limits::default()
            };
            let t = engine.think(&pos, &[], &limits, &mut |r| {
                if let Report::Begin { depth, deepening } = r {
                    begun.push((*depth, *deepening));
                }
            });
            assert_eq!(begun, [(4, false)], "{profile}");
            assert_eq!(
                (t.best, t.value, &t.pv),
                (direct.best_move, direct.value, &direct.pv)
            );
            assert_eq!((t.depth, t.nodes), (4, direct.stats.nodes));
        }
    }
}

/// A node limit interrupts a depth: the deepest depth done gives the move, its value and line.
#[test]
fn an_interrupted_depth_is_dropped_for_the_deepest_depth_done() {
    let pos = Position::from_fen(BENCH_FENS[2]).unwrap();
    let params = tournament(Profile::default());
    let limits = Limits {
        nodes: Some(20_000),
        deepen: Deepening::Analysis,
        ..Limits::default()
    };
    let Searched { result, depth } = deepening::search(
        &mut Engine::new(params.clone()),
        &pos,
        &[],
        &limits,
        &mut |_| {},
    );
    assert!(result.stopped);
    let alone = Engine::new(params).search(&pos, &[], &at_depth(depth), None);
    assert_eq!(
        (result.best_move, result.value, &result.pv),
        (alone.best_move, alone.value, &alone.pv)
    );
    assert!(
        result.stats.nodes >= 20_000 && alone.stats.nodes < 20_000,
        "depth {depth}"
    );
}

/// Under both profiles, on every bench position: the first line is the program's own choice,
/// value and line (as with one line), and the lines after it are exact values, best first in
/// the program's order of preference (the paper's: by value).
#[test]
fn the_first_line_is_always_the_programs_choice() {
    for profile in [Profile::default(), "paper".parse().unwrap()] {
        for fen in BENCH_FENS {
            let pos = Position::from_fen(fen).unwrap();
            let one = Engine::new(tournament(profile)).search(&pos, &[], &Limits::default(), None);
            let three = Engine::new(SearchParams {
                multi_pv: 3,
                ..tournament(profile)
            })
            .search(&pos, &[], &Limits::default(), None);
            assert_eq!(one.lines.len(), 1);
            assert_eq!(three.lines.len(), 3, "{profile} {fen}");
            assert_eq!(
                (three.lines[0].value, &three.lines[0].pv),
                (one.value, &one.pv)
            );
            assert_eq!((three.best_move, three.value), (one.best_move, one.value));
            let firsts: Vec<_> = three.lines.iter().map(|l| l.pv[0]).collect();
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
            for l in &three.lines[1..] {
                let t = three.top_level.iter().find(|t| t.mv == l.pv[0]).unwrap();
                assert_eq!(
                    (t.bound, t.value),
                    (TopBound::Exact, l.value),
                    "{profile} {fen}"
                );
            }
            if let Profile::Paper(_) = profile {
                assert!(three.lines[1].value >= three.lines[2].value, "{fen}");
            }
        }
    }
}

/// More lines than moves: one line for each legal move (past the width, the most plausible
/// first), each with its value.
#[test]
fn more_lines_than_moves_gives_one_line_a_move() {
    let pos = Position::from_fen("6k1/5ppp/8/8/3R4/8/r4PPP/6K1 w - - 0 1").unwrap();
    let legal = pos.legal_moves().len();
    assert_eq!(legal, 22);
    for profile in [Profile::default(), "paper".parse().unwrap()] {
        let params = SearchParams {
            multi_pv: 255,
            profile,
            ..SearchParams::preset(Preset::Quick)
        };
        let one = Engine::new(SearchParams {
            multi_pv: 1,
            ..params.clone()
        })
        .search(&pos, &[], &Limits::default(), None);
        let r = Engine::new(params).search(&pos, &[], &Limits::default(), None);
        assert_eq!(r.lines.len(), legal, "{profile}");
        assert_eq!(r.lines[0].pv[0].coordinate(), "d4d8");
        // The moves the width selected, then every other for the lines.
        let past_width = r
            .top_level
            .iter()
            .filter(|t| t.selection == Selection::Lines)
            .count();
        assert_eq!(past_width, legal - one.top_level.len(), "{profile}");
        assert!(r.top_level.iter().all(|t| t.bound == TopBound::Exact));
    }
}

/// In play, deepening ends at a mate found (the clock's time is better kept) and with a single
/// legal move; in analysis it goes on.
#[test]
fn deepening_in_play_stops_at_a_mate_and_a_forced_move() {
    let params = SearchParams::preset(Preset::Quick);
    let search = |fen: &str, deepen, first_mate: &mut Option<u32>| {
        let pos = Position::from_fen(fen).unwrap();
        let limits = Limits {
            time: Some(std::time::Duration::from_secs(60)),
            depth: Some(6),
            deepen,
            ..Limits::default()
        };
        deepening::search(
            &mut Engine::new(params.clone()),
            &pos,
            &[],
            &limits,
            &mut |r| {
                if let Report::Completed(c) = r
                    && machack::value::is_mate(c.value)
                {
                    first_mate.get_or_insert(c.depth);
                }
            },
        )
    };
    let back_rank = "6k1/5ppp/8/8/3R4/8/r4PPP/6K1 w - - 0 1";
    let mut first_mate = None;
    let analysis = search(back_rank, Deepening::Analysis, &mut first_mate);
    assert_eq!(analysis.depth, 6);
    let play = search(back_rank, Deepening::Play, &mut None);
    assert_eq!(Some(play.depth), first_mate);
    assert!(play.depth < 6 && !play.result.stopped);
    assert_eq!(play.result.pv[0].coordinate(), "d4d8");
    // Black in check from the rook, with one way out: the bishop between.
    let forced = search(
        "R6k/6pp/8/8/2b5/8/8/6K1 b - - 0 1",
        Deepening::Play,
        &mut None,
    );
    assert_eq!(forced.result.plausibility.len(), 1);
    assert_eq!(
        (forced.depth, forced.result.pv[0].coordinate()),
        (1, "c4g8".into())
    );
}
