//! The paper's evaluator S = B + R + P + K + C (paper §3), term by term: zero at the start, the
//! final positions of the four paper games, and the ratio term against a root.
//!
//! The paper prints no value for any position, so the final positions' terms are regression
//! pins (`Pinned:`); the start's zeros and the ratio term are checked by hand (`Checked:`).

use machack::paper::eval::{EvalParams, RootRatio, evaluate, evaluate_breakdown};
use machack::rules::{Bitboard, Position};

/// [B, R, P, K, C, S] and the isolated, passed and backward pawns of `fen` (its own root).
fn terms(fen: &str) -> ([i32; 6], [String; 3]) {
    let pos = Position::from_fen(fen).unwrap();
    let root = RootRatio::at(&pos);
    let b = evaluate_breakdown(&pos, &root, &EvalParams::default());
    assert_eq!(b.s, evaluate(&pos, &root, &EvalParams::default()));
    let squares = |bb: Bitboard| bb.into_iter().map(|s| s.to_string()).collect::<Vec<_>>();
    (
        [b.b, b.r, b.p, b.k, b.c, b.s].map(i32::from),
        [b.pawns.isolated, b.pawns.passed, b.pawns.backward].map(|bb| squares(bb).join(" ")),
    )
}

fn pawns(isolated: &str, passed: &str, backward: &str) -> [String; 3] {
    [isolated, passed, backward].map(String::from)
}

#[test]
fn start_position_every_term_zero() {
    let start = Position::startpos().to_fen();
    assert_eq!(terms(&start), ([0; 6], pawns("", "", "")));
}

/// Game 1, Wagner–Mac Hack, at the end: B is 24 pawns for White.
#[test]
fn final_position_paper1() {
    // Pinned: the program's own output at 2ba2302.
    assert_eq!(
        terms("7Q/4k3/p2pQp2/5B2/1PP3P1/8/P4K2/8 b - - 1 55"),
        ([3072, 0, 56, 0, 0, 3128], pawns("g4 a6 d6 f6", "", ""))
    );
}

/// Game 2, at the end: the pawn structure (three pawns isolated, one backward) favours White.
#[test]
fn final_position_paper2() {
    // Pinned: the program's own output at 2ba2302.
    assert_eq!(
        terms("6R1/p1r4p/2p2p2/4pNpk/1P2P1b1/P7/2P2P1P/6K1 w - - 6 34"),
        ([-32, 0, 28, 0, 0, -4], pawns("h2 c6 a7", "", "f6"))
    );
}

/// Game 3, Mac Hack–Landey, after the mate: White a pawn up and every other term zero.
#[test]
fn final_position_paper3_mac_hack_landey() {
    // Pinned: the program's own output at 2ba2302.
    assert_eq!(
        terms("3Rkb1r/5p1p/p1r1b1p1/2n1N3/Pp5B/8/1PP2PPP/1K3B1R b k - 1 21"),
        ([128, 0, 0, 0, 0, 128], pawns("", "", ""))
    );
}

/// Game 4, at the end: White a pawn up, Black's b5 isolated, king safety 8 for White.
#[test]
fn final_position_paper4() {
    // Pinned: the program's own output at 2ba2302.
    assert_eq!(
        terms("7q/8/Q6K/1p6/8/1P6/P4k2/8 w - - 4 51"),
        ([128, 0, 16, 8, 0, 152], pawns("b5", "", ""))
    );
}

#[test]
fn ratio_term_against_a_root() {
    // Checked: by hand from the paper's formula (§3). Root: the start; now White is a knight up
    // (Black's b8 knight gone). N = 5282/4866,
    // T = 1: 5281·5282/4866 = 5732 (floor of 5732.5); 5732 − 5281 = 451; 451/16 = 28.
    let root = RootRatio::at(&Position::startpos());
    let now =
        Position::from_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    let b = evaluate_breakdown(&now, &root, &EvalParams::default());
    assert_eq!((b.b, b.r), (416, 28));
}
