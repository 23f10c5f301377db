//! `machack replay` and `machack convert` on the games of `games/`, run as a user would.

mod common;
use common::machack;

#[test]
fn replay_prints_moves_and_the_final_fen_last() {
    let (code, out, _) = machack(&["replay", "games/1967-3-landey.score"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("  1. P-K4           e4       P-QB4          c5\n"),
        "{out}"
    );
    assert!(out.contains(" 21. R-Q8 mate      Rd8#\n"), "{out}");
    assert_eq!(
        out.lines().last(),
        Some("FEN: 3Rkb1r/5p1p/p1r1b1p1/2n1N3/Pp5B/8/1PP2PPP/1K3B1R b k - 1 21")
    );
}

#[test]
fn replay_reads_pgn_and_picks_a_game() {
    let (code, out, _) = machack(&["replay", "games/paper-games.pgn", "--game", "4"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().last(),
        Some("FEN: 7q/8/Q6K/1p6/8/1P6/P4k2/8 w - - 4 51")
    );
    let (code, _, err) = machack(&["replay", "games/paper-games.pgn", "--game", "9"], "");
    assert_eq!(code, 2);
    assert!(err.contains("has 4 game(s)"), "{err}");
}

#[test]
fn replay_reports_a_bad_move_with_its_number_text_and_why() {
    let (code, out, err) = machack(
        &["replay", "-"],
        "1. P-K4 P-K4\n2. N-KB3 N-QB3\n3. B-N5 N-KN4\n",
    );
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("machack: -: game 1, line 3, column 9: move 3... N-KN4: 'N-KN4' matches no legal move: no Black knight can go to g5; closest legal moves: "),
        "{err}"
    );
    let (code, _, err) = machack(&["replay", "-"], "1. P-Q4 P-Q4 2. N-Q2 N-Q2 3. N-B3");
    assert_eq!(code, 2);
    assert!(
        err.contains("move 3. N-B3: 'N-B3' is ambiguous: it fits "),
        "{err}"
    );
    assert!(err.contains("KN-B3 (Ngf3) and QN-B3 (Ndf3)"), "{err}");
}

#[test]
fn convert_goes_to_pgn_and_back_to_a_descriptive_score_that_replays() {
    let (code, pgn, _) = machack(&["convert", "games/1967-1-wagner.score", "--to", "pgn"], "");
    assert_eq!(code, 0);
    assert!(pgn.starts_with("[Event \"Winter Amateur Tournament"));
    assert!(
        pgn.contains("1. g3 {P-KN3} 1... e5 {P-K4} 2. Nf3 {N-KB3}"),
        "{pgn}"
    );
    // (The other styles are converted back in tests/notation_pgn.rs, without processes.)
    let (code, teletype, _) = machack(
        &["convert", "-", "--to", "descriptive", "--style", "teletype"],
        &pgn,
    );
    assert_eq!(code, 0);
    assert!(teletype.contains("\n55. Q-K6 MATE\n1-0\n"), "{teletype}");
    let (code, out, err) = machack(&["replay", "-"], &teletype);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().last(),
        Some("FEN: 7Q/4k3/p2pQp2/5B2/1PP3P1/8/P4K2/8 b - - 1 55")
    );
}
