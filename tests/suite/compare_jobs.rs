//! `replay --compare` and `report` search several games at once (`--jobs N`, default the
//! machine's processors), each game whole on one thread: the output is the same byte for byte
//! whatever the number, the games machack played included (their searches repeated in order
//! with the run state they had).

use crate::common;
use common::{machack, machack_in, scratch};
use std::path::PathBuf;

/// Every score in `games/`, in the order `games/*.score` gives them.
fn scores() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .filter(|p| p.ends_with(".score"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 11);
    files
}

/// Two short games machack played (Black) against scripted moves, at the normal preset: records
/// with its searches in them, in a scratch folder.
fn records(name: &str) -> Vec<PathBuf> {
    let dir = scratch(name);
    [
        (5, "P-Q4\nP-QB4\nN-QB3\nP-K3\nN-KB3\nB-Q3\nO-O\nquit\n"),
        (6, "P-K4\nN-KB3\nB-QB4\nP-Q3\nO-O\nquit\n"),
    ]
    .iter()
    .map(|(seed, moves)| {
        let file = format!("g{seed}.pgn");
        let seed = seed.to_string();
        let (code, _, err) = machack_in(
            &dir,
            &[
                "play", "--preset", "normal", "--seed", &seed, "--record", &file,
            ],
            moves,
        );
        assert_eq!(code, 0, "{err}");
        dir.join(file)
    })
    .collect()
}

/// `machack ARGS --jobs N`: its standard output, after checking it succeeded.
fn with_jobs(args: &[&str], jobs: &str) -> String {
    let (code, out, err) = machack(&[args, &["--jobs", jobs]].concat(), "");
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn replay_compare_prints_the_same_with_one_job_or_several() {
    let records = records("jobs-replay");
    let mut args = vec!["replay".to_string(), "--compare".to_string()];
    args.extend(scores());
    args.extend(records.iter().map(|r| r.to_str().unwrap().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let one = with_jobs(&args, "1");
    assert_eq!(one, with_jobs(&args, "3"));
    assert!(
        one.contains("\n13 games compared, from 13 files\n"),
        "{one}"
    );
    assert_eq!(
        one.matches("\nmachack's own moves: its searches").count(),
        2
    );
    // The totals: the eleven scores' and the two records' positions (the records' moves are
    // machack's own, compared as "1967" in the totals).
    assert!(
        one.contains(
            "\nall: 396 positions (21 from the book: compared with c197 only)\n  machack = 1967 \
             244/375 (65%), 1967 move in the PMG's first 6 329/375 (88%)\n  c197 answered 387: \
             machack = c197 375/387 (97%), c197 = 1967 251/387 (65%)\n  same value where machack \
             and c197 chose the same move 354/375 (94%)\n"
        ),
        "{one}"
    );
}

#[test]
fn replay_compare_positions_prints_the_same_with_one_job_or_several() {
    let args = [
        "replay",
        "--compare",
        "--positions",
        "reference/c197/further-tournament.tsv",
        "reference/c197/further-games.pgn",
    ];
    let one = with_jobs(&args, "1");
    assert_eq!(one, with_jobs(&args, "3"));
    assert_eq!(
        one.matches("\nreference/c197/further-tournament.tsv: further")
            .count(),
        30
    );
    assert!(
        one.contains(
            "\nall: 607 positions\n  machack = game 191/607 (31%), game move in the PMG's first 6 \
             438/607 (72%)\n  c197 answered 607: machack = c197 586/607 (97%), c197 = game \
             186/607 (31%)\n"
        ),
        "{one}"
    );
}

#[test]
fn report_writes_the_same_page_with_one_job_or_several() {
    let records = records("jobs-report");
    let dir = scratch("jobs-report-pages");
    let mut pages = Vec::new();
    for jobs in ["1", "3"] {
        let page = dir.join(format!("report-{jobs}.html"));
        let mut args = vec![
            "report",
            "games/1967-1-wagner.score",
            "games/1967-3-landey.score",
            "--jobs",
            jobs,
            "-o",
            page.to_str().unwrap(),
        ];
        args.extend(records.iter().map(|r| r.to_str().unwrap()));
        let (code, _, err) = machack(&args, "");
        assert_eq!(code, 0, "{err}");
        // A line for each game as it ends, in whatever order they end, then the page's.
        let mut games: Vec<&str> = err
            .lines()
            .filter_map(|l| l.strip_prefix("game ")?.split(' ').next())
            .collect();
        games.sort();
        assert_eq!(games, ["1/4", "2/4", "3/4", "4/4"], "{err}");
        assert!(
            err.lines().last().unwrap().starts_with(&format!(
                "wrote {}: 4 game(s), 87 positions compared, ",
                page.display()
            )),
            "{err}"
        );
        pages.push(std::fs::read(&page).unwrap());
    }
    assert!(pages[0] == pages[1], "the pages differ");
}

#[test]
fn jobs_must_be_a_number_of_threads() {
    for command in [&["replay", "--compare"][..], &["report", "-o", "/dev/null"]] {
        let (code, out, err) = machack(
            &[command, &["games/1967-3-landey.score", "--jobs", "0"]].concat(),
            "",
        );
        assert_eq!((code, out.as_str()), (2, ""));
        assert!(
            err.contains(
                "invalid value '0' for '--jobs <N>': '0' is not a number of threads: expected 1, \
                 2, 3, ..."
            ),
            "{err}"
        );
    }
}
