//! The search's commands: `think`, `bench` (quick form) and `epd`.

mod common;

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
