//! `machack replay --compare` as a user runs it.

mod common;
use common::machack;

#[test]
fn compare_on_game_3_prints_a_row_per_mac_hack_move_and_the_agreement() {
    let (code, out, _) = machack(&["replay", "--compare", "games/1967-3-landey.score"], "");
    assert_eq!(code, 0);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 21);
    assert!(
        rows[20].contains("R-Q8 mate   R-Q8 mate   yes"),
        "{}",
        rows[20]
    );
    let summary = out.lines().find(|l| l.starts_with("summary:")).unwrap();
    assert_eq!(
        summary,
        "summary: positions 21, recreation = 1967 move 9/21 (43%), 1967 move in the PMG's first 6 19/21 (90%); \
         1973 program answered 18: = recreation 7/18 (39%), = 1967 move 10/18 (56%)"
    );
}

#[test]
fn compare_needs_to_know_which_side_mac_hack_played() {
    let (code, _, err) = machack(
        &["replay", "--compare", "-"],
        "1. P-K4 P-K4 2. N-KB3 N-QB3\n",
    );
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: -: neither the White nor the Black tag names Mac Hack; say which with --side white|black\n"
    );
    let (code, out, _) = machack(
        &[
            "replay",
            "--compare",
            "--side",
            "black",
            "--depth",
            "2",
            "-",
        ],
        "1. P-K4 P-K4 2. N-KB3 N-QB3\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("summary: positions 2,"), "{out}");
}

#[test]
fn several_files_without_compare_are_refused() {
    let (code, _, err) = machack(
        &[
            "replay",
            "games/1967-1-wagner.score",
            "games/1967-3-landey.score",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: replay takes one score file (2 given); several are allowed only with --compare\n"
    );
}
