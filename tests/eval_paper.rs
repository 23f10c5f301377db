//! `machack eval` output: all zero at the start; the final positions of the four paper games
//! pinned as snapshots (reviewed by eye).

use machack::cli::eval::report;
use machack::eval::EvalParams;
use machack::rules::Position;

fn eval_text(fen: &str) -> String {
    let p = Position::from_fen(fen).unwrap();
    format!("{fen}\n{}", report(&p, &p, &EvalParams::default()))
}

#[test]
fn start_position_every_term_zero() {
    let p = Position::startpos();
    let text = report(&p, &p, &EvalParams::default());
    insta::assert_snapshot!(text);
}

#[test]
fn final_position_paper1() {
    insta::assert_snapshot!(eval_text("7Q/4k3/p2pQp2/5B2/1PP3P1/8/P4K2/8 b - - 1 55"));
}

#[test]
fn final_position_paper2() {
    insta::assert_snapshot!(eval_text(
        "6R1/p1r4p/2p2p2/4pNpk/1P2P1b1/P7/2P2P1P/6K1 w - - 6 34"
    ));
}

#[test]
fn final_position_paper3_mac_hack_landey() {
    insta::assert_snapshot!(eval_text(
        "3Rkb1r/5p1p/p1r1b1p1/2n1N3/Pp5B/8/1PP2PPP/1K3B1R b k - 1 21"
    ));
}

#[test]
fn final_position_paper4() {
    insta::assert_snapshot!(eval_text("7q/8/Q6K/1p6/8/1P6/P4k2/8 w - - 4 51"));
}

#[test]
fn ratio_term_against_a_root() {
    // Root: the start; now White is a knight up (Black's b8 knight gone). N = 5282/4866,
    // T = 1: 5281·5282/4866 = 5732 (floor of 5732.5); 5732 − 5281 = 451; 451/16 = 28.
    let root = Position::startpos();
    let now =
        Position::from_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    let text = report(&now, &root, &EvalParams::default());
    assert!(
        text.contains(
            "\nB  material                                                416   +3.25\n\
             R  piece ratio against the root (trading when ahead)        28   +0.22\n"
        ),
        "{text}"
    );
}
