//! The search's commands: `think`, `bench` (quick form) and `epd`.

use crate::common;

/// Runs machack; returns (success, stdout, stderr).
fn machack(args: &[&str]) -> (bool, String, String) {
    let (code, out, err) = common::machack(args, "");
    (code == 0, out, err)
}

#[test]
fn think_prints_record_statistics_and_bestmove_last() {
    let (ok, out, _) = machack(&[
        "think",
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--preset",
        "tournament",
    ]);
    assert!(ok);
    assert!(out.contains("top-level moves"));
    assert!(out.contains("pmg calls"));
    assert!(out.contains("1967 time"));
    assert_eq!(out.lines().last(), Some("bestmove a1a8"));
}

#[test]
fn think_after_moves_and_bad_input() {
    let (ok, out, _) = machack(&["think", "--moves", "e2e4", "e7e5", "--depth", "2"]);
    assert!(ok);
    assert!(out.contains("position: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"));
    for bad in [
        &["think", "--width", "6,0"][..],
        &["think", "--moves", "e2e5"],
        &["think", "--preset", "blitz"],
        &["think", "--knowledge", "1968"],
        &["think", "--repetition", "sometimes"],
    ] {
        let (ok, _, err) = machack(bad);
        assert!(!ok && err.starts_with("machack: "), "{bad:?}: {err}");
    }
}

/// `think --lines N`: N principal lines, the choice first, through the one range check;
/// `--deepen` needs a limit and prints a line per depth.
#[test]
fn think_gives_lines_and_deepens_through_the_range_checks() {
    let (ok, out, _) = machack(&["think", "--preset", "quick", "--lines", "3"]);
    assert!(ok);
    let lines: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("lines "))
        .skip(1)
        .take_while(|l| !l.starts_with("statistics"))
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("   1. "), "{out}");
    let (ok, _, err) = machack(&["think", "--lines", "0"]);
    assert!(!ok);
    assert_eq!(
        err,
        "machack: --lines: MultiPV '0' is not a whole number from 1 to 255\n"
    );
    let (ok, _, err) = machack(&["think", "--deepen"]);
    assert!(!ok);
    assert!(
        err.contains("--deepen searches depth 1, 2, 3, ..."),
        "{err}"
    );
    let (ok, out, _) = machack(&["think", "--preset", "quick", "--deepen", "--depth", "3"]);
    assert!(ok);
    let depths: Vec<&str> = out.lines().filter(|l| l.starts_with("depth ")).collect();
    assert_eq!(depths.len(), 3, "{out}");
    assert!(
        out.contains("\ndeepest depth searched to the end: 3\n"),
        "{out}"
    );
}

#[test]
fn bench_reports_median_time_per_move() {
    let (ok, out, _) = machack(&["bench", "--depth", "2"]);
    assert!(ok);
    assert!(out.contains("median time per move"));
    assert!(out.contains("nodes/s"));
}

#[test]
fn epd_checks_best_moves() {
    let dir = std::env::temp_dir().join(format!("machack-epd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.epd");
    std::fs::write(
        &file,
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"mate1\";\nr6k/6pp/7N/8/8/1Q6/8/6K1 w - - bm Qg8+; id \"smother\";\n",
    )
    .unwrap();
    let (ok, out, _) = machack(&["epd", file.to_str().unwrap(), "--profile", "paper"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("solved 2 of 2"));
    let (ok, out, _) = machack(&[
        "epd",
        file.to_str().unwrap(),
        "--limit",
        "1",
        "--profile",
        "paper",
    ]);
    assert!(ok && out.ends_with("solved 1 of 1\n"));
}

/// `think`'s output from the top-level record to the principal variation (the statistics, with
/// their times, left out).
fn think_record(args: &[&str]) -> String {
    let (ok, out, err) = machack(&[&["think"], args].concat());
    assert!(ok, "{err}");
    let from = out.find("top-level moves").expect("a record");
    let to = out.find("\nstatistics:").expect("statistics");
    out[from..to].to_string()
}

#[test]
fn think_writes_its_record_in_words_with_a_legend_and_mate_in_moves() {
    insta::assert_snapshot!(think_record(&[
        "--fen",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--preset",
        "tournament",
        "--profile",
        "paper",
    ]));
    // Mated: the side to move is mated by its opponent's first reply.
    let mated = think_record(&[
        "--fen",
        "1r6/8/8/8/P7/6k1/8/7K w - - 0 1",
        "--preset",
        "quick",
        "--profile",
        "paper",
    ]);
    assert!(
        mated.contains(
            "\n   1. P-QR5                608  width         = mated in 1        P-QR5 R-QN8 mate  \
             [secondary mated in 1]\n"
        ),
        "{mated}"
    );
}

#[test]
fn think_and_plausible_name_checkmate_and_stalemate() {
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let checkmate = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    let (_, out, _) = machack(&["think", "--fen", stalemate]);
    assert!(
        out.contains(
            "\nno legal move: stalemate: Black to move is not in check and has no legal move, \
             a draw\nbestmove (none)\n"
        ),
        "{out}"
    );
    let (_, out, _) = machack(&["think", "--fen", checkmate]);
    assert!(
        out.contains("\nno legal move: checkmate: Black is mated, White wins\nbestmove (none)\n"),
        "{out}"
    );
    for profile in ["c197", "paper"] {
        let (ok, out, _) = machack(&["plausible", "--profile", profile, "--fen", stalemate]);
        assert!(ok);
        assert_eq!(
            out,
            "no legal move: stalemate: Black to move is not in check and has no legal move, a \
             draw\n"
        );
        let (_, out, _) = machack(&["plausible", "--profile", profile, "--fen", checkmate]);
        assert_eq!(
            out,
            "no legal move: checkmate: Black is mated, White wins\n"
        );
    }
}

#[test]
fn eval_names_its_terms_and_whose_side() {
    let (ok, out, _) = machack(&[
        "eval",
        "--profile",
        "paper",
        "--fen",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1",
    ]);
    assert!(ok);
    insta::assert_snapshot!(out);
}

#[test]
fn mates_are_counted_in_the_winners_moves() {
    use machack::cli::show::{pawns_text, value_text};
    use machack::value::MATE;
    assert_eq!(value_text(MATE - 1), "mate in 1");
    assert_eq!(value_text(MATE - 3), "mate in 2");
    assert_eq!(value_text(-MATE + 2), "mated in 1");
    assert_eq!(value_text(-MATE + 4), "mated in 2");
    assert_eq!(value_text(-MATE), "mated");
    assert_eq!(value_text(-30), "-0.23 (-30)");
    assert_eq!(pawns_text(-30), "-0.23");
    assert_eq!(pawns_text(MATE - 3), "mate 2");
    assert_eq!(pawns_text(-MATE + 2), "mated 1");
}

/// Issue 31, checked against the original: after 1. P-KR4 P-KN4 2. PxP P-KB3 3. PxP NxP
/// 4. P-KN4 NxP, White's KR and KN pawns are gone and Black's KR pawn's passed test reads the
/// word at the black QR's square (`MMBPWN`, 613): on QR1 a black piece's word, so the pawn is
/// not passed. The kit (c197 on the simulated PDP-6, `SETW 15 15 9 9 7`, `SETD 4`, `PSVD 1`)
/// printed `WP/K2-K3`, 40, and the variation `WP/K2-K3 BN/KN5-KB3 WN/QN1-QB3 BP/K2-K4`; taking
/// the word as empty, the port chose R-KR5 at 28.
#[test]
fn think_reads_the_black_qrs_square_as_the_original_after_the_knights_pawns_go() {
    let (ok, out, err) = machack(&[
        "think", "--moves", "h2h4", "g7g5", "h4g5", "f7f6", "g5f6", "g8f6", "g2g4", "f6g4",
        "--table", "off",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("\nchosen: P-K3 (e3)  value +0.31 (40)\n"),
        "{out}"
    );
    assert!(out.contains("\npv: P-K3 N-KB3 N-QB3 P-K4\n"), "{out}");
}

/// `think --san` writes every move and line in SAN, the chosen move also in descriptive
/// notation; without it, descriptive notation as in 1967, the chosen move also in SAN. The
/// search is the same.
#[test]
fn think_san_writes_the_moves_and_lines_in_san() {
    let (ok, san, _) = machack(&["think", "--san", "--moves", "1. e4 c5", "--lines", "2"]);
    assert!(ok);
    for line in [
        "   1. d4                   636  width         = -1.07 (-137)      d4 cxd4 Nf3 Qa5+ Bd2 Qc5",
        "   2. Nc3                  608  width         = +0.00 (0)         Nc3 e6 d4 cxd4 Qxd4",
        "chosen: Nc3 (N-QB3)  value +0.00 (0)",
        "pv: Nc3 e6 d4 cxd4 Qxd4",
    ] {
        assert!(san.lines().any(|l| l == line), "{line}\n{san}");
    }
    assert!(
        san.contains("not searched (move and plausibility): h4 512,"),
        "{san}"
    );
    assert!(
        san.contains("   1. +0.00 (0)           Nc3 e6 d4 cxd4 Qxd4\n"),
        "{san}"
    );
    let (ok, descriptive, _) = machack(&["think", "--moves", "1. e4 c5", "--lines", "2"]);
    assert!(ok);
    assert!(descriptive.contains("chosen: N-QB3 (Nc3)  value +0.00 (0)\n"));
    assert!(descriptive.contains("pv: N-QB3 P-K3 P-Q4 PxP QxP\n"));
    let last = |s: &str| s.lines().last().map(str::to_string);
    assert_eq!(last(&san), last(&descriptive));
}
