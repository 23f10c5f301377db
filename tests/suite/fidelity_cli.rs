//! `machack replay --compare` as a user runs it.

use crate::common;
use common::machack;

#[test]
fn compare_on_game_3_prints_a_row_per_mac_hack_move_and_the_agreement() {
    let (code, out, _) = machack(
        &[
            "replay",
            "--compare",
            "--profile",
            "paper",
            "games/1967-3-landey.score",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "\nc197: 316 positions\n  from reference/c197/paper-tournament.tsv (compiled in: c197 \
             at widths 15,15,9,9,7 depth 4)\n"
        ),
        "{out}"
    );
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.ends_with('.'))
        })
        .collect();
    // A row and its principal variation for each of Mac Hack's 21 moves.
    assert_eq!(rows.len(), 42);
    assert_eq!(
        rows[20],
        "  21.  R-Q8 mate  R-Q8 mate   mate 1  R-Q8 mate   mate 1  all        R-Q8 mate =MH  13    85       -"
    );
    let summary: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("summary:"))
        .collect();
    assert_eq!(
        summary,
        [
            "summary: 21 positions",
            "  machack = 1967 9/21 (43%), 1967 move in the PMG's first 6 19/21 (90%)",
            "  c197 answered 21: machack = c197 12/21 (57%), c197 = 1967 17/21 (81%)",
            "  same value where machack and c197 chose the same move 0/12 (0%)",
            "  1973 program answered 18: = machack 7/18 (39%), = 1967 10/18 (56%)",
        ]
    );
}

#[test]
fn compare_takes_the_c197_run_at_the_search_widths() {
    let (code, out, _) = machack(
        &[
            "replay",
            "--compare",
            "--profile",
            "paper",
            "--preset",
            "normal",
            "games/1967-3-landey.score",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "\nc197: 316 positions\n  from reference/c197/paper-default.tsv (compiled in: c197 at \
             width 6 depth 4)\n"
        ),
        "{out}"
    );
    let (code, out, _) = machack(
        &[
            "replay",
            "--compare",
            "--profile",
            "paper",
            "--preset",
            "quick",
            "games/1967-3-landey.score",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "\nc197: no compiled-in run at widths 4 depth 2\n  (there are runs at 15,15,9,9,7 and \
             at 6, depth 4; --c197 FILE names a table)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("\n  c197: no answers for these positions\n"),
        "{out}"
    );
}

#[test]
fn compare_on_the_positions_of_a_c197_table_game_by_game() {
    let (code, out, _) = machack(
        &[
            "replay",
            "--compare",
            "--profile",
            "paper",
            "--preset",
            "quick",
            "--positions",
            "reference/c197/paper-tournament.tsv",
        ],
        "",
    );
    assert_eq!(code, 0);
    let titles: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("reference/"))
        .collect();
    assert_eq!(
        titles,
        [
            "reference/c197/paper-tournament.tsv: paper1",
            "reference/c197/paper-tournament.tsv: paper2",
            "reference/c197/paper-tournament.tsv: paper3",
            "reference/c197/paper-tournament.tsv: paper4",
        ]
    );
    assert!(out.contains("\n   1.  P-KN3 "), "{out}");
    assert!(
        out.contains("\nall: 316 positions\n  machack = game "),
        "{out}"
    );
}

/// With the games the table comes from, each position is searched along its game, as the kit
/// asked c197: the c197 profile with its table off, as c197 ran, then plays c197's move in
/// every position of both sides.
#[test]
fn compare_on_a_c197_table_along_its_games() {
    let (code, out, err) = machack(
        &[
            "replay",
            "--compare",
            "--table",
            "off",
            "--preset",
            "tournament",
            "--positions",
            "reference/c197/paper-tournament.tsv",
            "games/paper-games.pgn",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "\n  c197 answered 316: machack = c197 316/316 (100%), c197 = game 179/316 (57%)\n  \
             same value where machack and c197 chose the same move 315/316 (100%)\n"
        ),
        "{out}"
    );
}

#[test]
fn a_bad_c197_table_is_reported_and_nothing_is_searched() {
    let (code, out, err) = machack(
        &[
            "replay",
            "--compare",
            "--profile",
            "paper",
            "--c197",
            "games/paper-games.md",
            "games/1967-3-landey.score",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with(
            "machack: games/paper-games.md: the first line should name the columns game ply fen side \
             historical c197 printed value pv printed_pv error; it is '"
        ),
        "{err}"
    );
    let (code, _, err) = machack(&["replay", "--compare", "--positions", "no-such.tsv"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("machack: cannot read no-such.tsv: "),
        "{err}"
    );
    let (code, _, err) = machack(
        &[
            "replay",
            "--positions",
            "reference/c197/paper-tournament.tsv",
        ],
        "",
    );
    assert_eq!(
        (code, err.as_str()),
        (2, "machack: --positions needs --compare\n")
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
            "--profile",
            "paper",
            "--side",
            "black",
            "--depth",
            "2",
            "-",
        ],
        "1. P-K4 P-K4 2. N-KB3 N-QB3\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("\nsummary: 2 positions\n"), "{out}");
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

#[test]
fn compare_fits_100_columns_under_a_legend() {
    // The snapshot with the paper profile; the column check below with the default, c197.
    let (code, out, _) = machack(
        &[
            "replay",
            "--compare",
            "--profile",
            "paper",
            "games/1967-3-landey.score",
        ],
        "",
    );
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
    let mut args = vec!["replay", "--compare"];
    let games = [
        "games/1967-1-wagner.score",
        "games/1967-2-nn-1410.score",
        "games/1967-3-landey.score",
        "games/1967-4-spring-amateur.score",
    ];
    args.extend(games);
    let (code, all, _) = machack(&args, "");
    assert_eq!(code, 0);
    let (code, positions, _) = machack(
        &[
            "replay",
            "--compare",
            "--preset",
            "quick",
            "--positions",
            "reference/c197/paper-tournament.tsv",
        ],
        "",
    );
    assert_eq!(code, 0);
    for line in all.lines().chain(positions.lines()) {
        assert!(line.len() <= 100, "{} columns: {line}", line.len());
    }
}
