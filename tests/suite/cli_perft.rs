//! `machack perft` as a user runs it: output shape and exit codes.

use crate::common;
use common::machack;

#[test]
fn perft_prints_the_node_count_as_the_last_line() {
    let (code, out, err) = machack(&["perft", "4"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "Nodes searched: 197281\n");
    assert!(err.contains("nodes/s"));
}

#[test]
fn perft_divide_lists_each_root_move_then_the_total() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let (code, out, _) = machack(&["perft", "2", "--divide", "--fen", fen], "");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 16);
    assert!(lines.contains(&"e1g1: 3"), "{out}");
    assert_eq!(lines.last(), Some(&"Nodes searched: 66"));
}

#[test]
fn bad_depth_and_bad_fen_exit_2_with_a_message() {
    let (code, out, err) = machack(&["perft", "x"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "machack: perft depth 'x' is not a whole number from 1 to 20\n"
    );
    let (code, _, err) = machack(&["perft", "2", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: FEN describes an illegal position: White has 0 kings; each side needs exactly one\n"
    );
}
