//! The four games of the 1967 paper: replaying `games/`, reading every printed move, and the
//! book formatter against the print.

use machack::notation::{Game, MoveError, Style, descriptive, read_games};
use machack::rules::Status;

/// Reads a file of the repository.
fn read(rel: &str) -> String {
    let path = format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The paper's games as `games/paper-games.pgn` gives them (SAN, printed move in comments).
fn paper_pgn() -> Vec<Game> {
    read_games(&read("games/paper-games.pgn")).unwrap()
}

/// This project's score files of the four games, in the paper's order.
const SCORES: [&str; 4] = [
    "games/1967-1-wagner.score",
    "games/1967-2-nn-1410.score",
    "games/1967-3-landey.score",
    "games/1967-4-spring-amateur.score",
];

/// The final positions given in `games/paper-games.md`.
const FINAL_FENS: [&str; 4] = [
    "7Q/4k3/p2pQp2/5B2/1PP3P1/8/P4K2/8 b - - 1 55",
    "6R1/p1r4p/2p2p2/4pNpk/1P2P1b1/P7/2P2P1P/6K1 w - - 6 34",
    "3Rkb1r/5p1p/p1r1b1p1/2n1N3/Pp5B/8/1PP2PPP/1K3B1R b k - 1 21",
    "7q/8/Q6K/1p6/8/1P6/P4k2/8 w - - 4 51",
];

/// The printed text of a move: its PGN comment up to the first `;`.
fn printed(g: &Game, i: usize) -> String {
    g.moves[i].comments[0]
        .split(';')
        .next()
        .unwrap()
        .trim()
        .to_string()
}

/// A move text without check, mate and annotation marks, upper case, without spaces.
fn bare(t: &str) -> String {
    let mut s: String = t.split_whitespace().collect::<String>().to_uppercase();
    for suf in ["!", "MATE", "CH", "+", "#"] {
        if let Some(r) = s.strip_suffix(suf) {
            s = r.to_string();
        }
    }
    s
}

#[test]
fn each_score_file_replays_to_the_papers_final_position() {
    for (file, fen) in SCORES.iter().zip(FINAL_FENS) {
        let games = read_games(&read(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(games.len(), 1, "{file}");
        let g = &games[0];
        assert_eq!(g.final_position().to_fen(), fen, "{file}");
        assert_eq!(Some(g.result_text()), g.tag("Result"), "{file}");
    }
    let mated = |f: &str| read_games(&read(f)).unwrap()[0].final_position().status();
    assert_eq!(mated(SCORES[0]), Status::Checkmate);
    assert_eq!(mated(SCORES[2]), Status::Checkmate);
}

#[test]
fn score_files_play_the_same_moves_as_the_reference_pgn() {
    for (file, pgn) in SCORES.iter().zip(paper_pgn()) {
        let ours = &read_games(&read(file)).unwrap()[0];
        let a: Vec<_> = ours.moves.iter().map(|m| m.mv).collect();
        let b: Vec<_> = pgn.moves.iter().map(|m| m.mv).collect();
        assert_eq!(a, b, "{file}");
    }
}

#[test]
fn game_4_keeps_the_computer_times() {
    let g = &read_games(&read(SCORES[3])).unwrap()[0];
    assert_eq!(g.moves[0].comments, ["BOOK"]);
    assert_eq!(g.moves[18].comments, ["18.3s"]); // 10. P-KN3
    assert_eq!(g.moves[54].comments, ["68.25s"]); // 28. K-KR2
}

/// The moves the paper misprints or prints ambiguously: (game, ply index, corrected text).
const CORRECTED: [(usize, usize, &str); 6] = [
    (0, 17, "QN-Q2"),
    (0, 86, "Q-R8ch"),
    (1, 51, "P-KN4"),
    (2, 38, "QXNch"),
    (3, 14, "QXB/KB3"),
    (3, 82, "Q-KB5ch"),
];

#[test]
fn every_printed_move_reads_as_the_games_move_and_misprints_are_errors() {
    let mut read_ok = 0;
    for (gi, g) in paper_pgn().iter().enumerate() {
        let positions = g.positions();
        for (i, gm) in g.moves.iter().enumerate() {
            let pos = &positions[i];
            let text = printed(g, i);
            let got = descriptive::parse(pos, &text);
            match CORRECTED.iter().find(|c| c.0 == gi && c.1 == i) {
                None => {
                    assert_eq!(got, Ok(gm.mv), "game {} ply {i} {text}", gi + 1);
                    read_ok += 1;
                }
                Some(&(_, _, fixed)) => {
                    assert_eq!(descriptive::parse(pos, fixed), Ok(gm.mv), "{fixed}");
                    let err = got.expect_err(&text);
                    let msg = err.to_string();
                    assert!(msg.contains(&text), "{msg}");
                    match &err {
                        MoveError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 2),
                        MoveError::Illegal { closest, .. } => assert!(!closest.is_empty()),
                        MoveError::FalseClaim { claim, .. } => assert_eq!(*claim, "check"),
                        other => panic!("{other:?}"),
                    }
                }
            }
        }
    }
    assert_eq!(read_ok, 316 - 6);
}

#[test]
fn misprint_errors_say_why() {
    let g = &paper_pgn()[1];
    let pos = &g.positions()[51];
    let e = descriptive::parse(pos, "N-KN4").unwrap_err().to_string();
    assert!(e.contains("Black has no knight"), "{e}");
    let g = &paper_pgn()[0];
    let e = descriptive::parse(&g.positions()[17], "N-Q2")
        .unwrap_err()
        .to_string();
    assert!(e.contains("it fits KN-Q2 (Nfd7) and QN-Q2 (Nbd7)"), "{e}");
}

/// Why no one formatting rule can reproduce the print: in game 1 the paper writes Mac Hack's
/// Kg7-h6 both ways (39...K-KR3, 48...K-R3) and its Kg6/Kh6/Kf7-g7 both ways (38...K-KN2,
/// 42...K-KN2, 46...K-N2, 49...K-N2). Issue 3's 95% target rests on this.
#[test]
fn the_paper_prints_the_same_move_both_ways() {
    let g = &paper_pgn()[0];
    let ply = |n: usize| 2 * (n - 1) + 1;
    let seen: Vec<(String, String)> = [38, 39, 42, 46, 48, 49]
        .iter()
        .map(|&n| {
            let i = ply(n);
            let mv = g.moves[i].mv;
            (format!("{n}...{}", mv.coordinate()), printed(g, i))
        })
        .collect();
    let expect = [
        ("38...g6g7", "K-KN2"),
        ("39...g7h6", "K-KR3"),
        ("42...g6g7", "K-KN2"),
        ("46...f7g7", "K-N2"),
        ("48...g7h6", "K-R3"),
        ("49...h6g7", "K-N2"),
    ];
    let expect: Vec<(String, String)> = expect
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(seen, expect);
}

/// Why the book formatter's text differs from the printed one.
fn reason(printed: &str, ours: &str, reads: Result<(), MoveError>) -> String {
    match reads {
        Err(MoveError::Ambiguous { .. }) => "ambiguous as printed (corrected in games/)".into(),
        Err(MoveError::Illegal { .. }) | Err(MoveError::FalseClaim { .. }) => {
            "misprint (corrected in games/)".into()
        }
        Err(e) => format!("unreadable as printed: {e}"),
        Ok(()) if bare(printed).len() < bare(ours).len() => {
            "the paper drops the K/Q prefix of the square here".into()
        }
        Ok(()) if printed.contains('/') || ours.contains('/') => {
            "the paper names another square or file to qualify".into()
        }
        Ok(()) => "the paper qualifies more than needed".into(),
    }
}

#[test]
fn book_style_against_the_print() {
    let mut same = 0;
    let mut total = 0;
    let mut diffs = String::new();
    for (gi, g) in paper_pgn().iter().enumerate() {
        let positions = g.positions();
        for (i, gm) in g.moves.iter().enumerate() {
            let pos = &positions[i];
            let ours = descriptive::format(pos, gm.mv, Style::Book);
            let p = printed(g, i);
            total += 1;
            if bare(&ours) == bare(&p) {
                same += 1;
            } else {
                let reads = descriptive::parse(pos, &p).map(|_| ());
                diffs.push_str(&format!(
                    "game {} {:>2}{:<3} printed {p:<9} book {ours:<11} {}\n",
                    gi + 1,
                    pos.fullmove_number(),
                    if i % 2 == 0 { "." } else { "..." },
                    reason(&p, &ours, reads)
                ));
            }
        }
    }
    let pct = 100.0 * same as f64 / total as f64;
    diffs.push_str(&format!(
        "\nsame as printed: {same} of {total} ({pct:.1}%)\n"
    ));
    eprintln!("{diffs}");
    // Checked: each move against the paper's print. Pinned: which differ, and the total, are the
    // program's own output as the snapshot was last accepted.
    insta::assert_snapshot!(diffs);
    // The paper mixes full and short square names (see the snapshot): no one rule reaches 95%.
    assert!(pct >= 80.0, "{pct}");
}

#[test]
fn short_style_against_the_print() {
    let mut same = 0;
    let mut total = 0;
    for g in paper_pgn() {
        let positions = g.positions();
        for (i, gm) in g.moves.iter().enumerate() {
            let ours = descriptive::format(&positions[i], gm.mv, Style::Short);
            total += 1;
            same += usize::from(bare(&ours) == bare(&printed(&g, i)));
        }
    }
    eprintln!("short style same as printed: {same} of {total}");
    assert!(same * 100 >= total * 70);
}
