//! The trace (paper §13, aid 4) and the generator are one computation: for every legal move of
//! many positions, the trace's factors sum to the listed plausibility and its flags agree.

use machack::paper::plausible::{plausible_moves, trace_move};
use machack::rules::Position;

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pp2pp1p/2np1np1/8/4P3/2NQ1N2/PPP2PPP/R1B1KB1R w KQkq - 0 7",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "7Q/4k3/p2pQp2/5B2/1PP3P1/8/P4K2/8 b - - 1 55",
    "6R1/p1r4p/2p2p2/4pNpk/1P2P1b1/P7/2P2P1P/6K1 w - - 6 34",
    "3Rkb1r/5p1p/p1r1b1p1/2n1N3/Pp5B/8/1PP2PPP/1K3B1R b k - 1 21",
    "7q/8/Q6K/1p6/8/1P6/P4k2/8 w - - 4 51",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
    "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2",
];

#[test]
fn trace_totals_equal_plausibilities_for_every_move() {
    let mut checked = 0;
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        for ply in [0, 3] {
            for pm in plausible_moves(&pos, ply).moves {
                let (traced, factors) = trace_move(&pos, pm.mv, ply).unwrap();
                let sum: i32 = factors.iter().map(|f| f.value).sum();
                assert_eq!(sum, pm.plausibility, "{fen} {}", pm.mv);
                assert_eq!(traced, pm, "{fen} {}", pm.mv);
                checked += 1;
            }
        }
    }
    assert!(checked > 400);
}

#[test]
fn trace_of_an_illegal_move_is_none() {
    let pos = Position::startpos();
    let m = machack::rules::Move::new(
        machack::rules::sq::E2,
        machack::rules::sq::E5,
        machack::rules::MoveKind::Quiet,
    );
    assert!(trace_move(&pos, m, 0).is_none());
}

#[test]
fn check_flag_agrees_with_the_rules() {
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        for pm in plausible_moves(&pos, 0).moves {
            assert_eq!(pm.check, pos.gives_check(pm.mv), "{fen} {}", pm.mv);
        }
    }
}

#[test]
fn pieces_with_safe_moves_counts_distinct_pieces() {
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let pm = plausible_moves(&pos, 0);
        let mut from: Vec<_> = pm
            .moves
            .iter()
            .filter(|m| !m.unsafe_move)
            .map(|m| m.mv.from())
            .collect();
        from.sort_by_key(|s| s.index());
        from.dedup();
        assert_eq!(pm.pieces_with_safe_moves as usize, from.len(), "{fen}");
    }
}

/// Walks games of deterministic pseudo-random moves from the oracle positions, running the
/// generator, the trace and the evaluator at every node: nothing panics, traces match.
#[test]
fn generator_and_evaluator_survive_random_walks() {
    use machack::paper::eval::{EvalParams, RootRatio, evaluate, evaluate_breakdown};
    let text = machack::fidelity::compare::C1973_PAPER_TSV;
    let mut seed: u64 = 1967;
    let mut nodes = 0;
    for line in text.lines().skip(1).step_by(7) {
        let fen = line.split('\t').nth(2).unwrap();
        let mut pos = Position::from_fen(fen).unwrap();
        let root = RootRatio::at(&pos);
        for _ in 0..40 {
            let pm = plausible_moves(&pos, 2);
            let b = evaluate_breakdown(&pos, &root, &EvalParams::default());
            assert_eq!(b.s, evaluate(&pos, &root, &EvalParams::default()));
            if pm.moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pick = pm.moves[(seed % pm.moves.len() as u64) as usize];
            let (traced, f) = trace_move(&pos, pick.mv, 2).unwrap();
            assert_eq!(traced, pick);
            assert_eq!(f.iter().map(|x| x.value).sum::<i32>(), pick.plausibility);
            pos = pos.play(pick.mv);
            nodes += 1;
        }
    }
    assert!(nodes > 500);
}
