//! The surviving Mac Hack games beyond the paper's (`games/1967-dreyfus.score`, the 1968 games,
//! Fischer 1977, Computerwoche 1978): for every Mac Hack move, the recreation (the default
//! profile, c197, with its table off as the original ran: `fidelity_table.rs` has the default's
//! own figures) beside the move played and the original program's answer there
//! (`reference/c197/games-*.tsv`, found as `replay --compare` finds it), pinned in a snapshot
//! with the agreement asserted per game; and `replay --compare games/*.score` showing them with
//! the paper games' own figures unchanged.

use crate::common::compare_table;
use compare_table::table;

use crate::common;
use common::{FURTHER_GAMES, machack};

use machack::fidelity::compare::{
    CompareRow, Oracle, Summary, Yardsticks, compare_game, compare_positions, mac_hack_positions,
    mac_hack_side,
};
use machack::fidelity::reference::Reference;
use machack::interface::Fixes;
use machack::interface::{Limits, Preset, Profile, SearchParams, TableUse};
use machack::notation::read_games;
use std::path::PathBuf;

/// The paper's four games.
const PAPER: [&str; 4] = [
    "1967-1-wagner.score",
    "1967-2-nn-1410.score",
    "1967-3-landey.score",
    "1967-4-spring-amateur.score",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The comparison rows of one game with the default profile at a preset, against the
/// compiled-in c197 runs at the same widths that answer its positions.
fn rows(file: &str, preset: Preset) -> Vec<CompareRow> {
    let text = std::fs::read_to_string(root().join("games").join(file)).unwrap();
    let game = read_games(&text).unwrap().remove(0);
    let side = mac_hack_side(&game).expect("the tags name Mac Hack");
    // c197 as it ran, its table assembled out (`HSCOD=0`): the running original's answers.
    let params = SearchParams {
        profile: Profile::C197(Fixes::default()),
        table: TableUse::Off,
        ..SearchParams::preset(preset)
    };
    let positions = mac_hack_positions(&game, side);
    let c197 = Reference::answering(Reference::compiled_for(&params), &positions)
        .expect("a c197 run at the preset's widths");
    let oracle = Oracle::c1973_paper();
    compare_game(
        &game,
        side,
        &params,
        &Limits::default(),
        Yardsticks {
            oracle: &oracle,
            c197: Some(&c197),
        },
    )
}

/// (positions, book, machack = history out of book, c197 answered, machack = c197, same
/// value, c197 = history).
fn figures(s: &Summary) -> [usize; 7] {
    [
        s.positions,
        s.book,
        s.matches,
        s.c197_answered,
        s.c197_matches,
        s.c197_same_value,
        s.c197_historical,
    ]
}

#[test]
fn further_games_profile_c197_at_the_tournament_preset() {
    let mut out = String::new();
    let mut per_game = Vec::new();
    let mut total = Summary::default();
    for g in FURTHER_GAMES {
        let rows = rows(g, Preset::Tournament);
        out.push_str(&format!("{g}\n{}", table(&rows, "game")));
        let s = Summary::of(&rows);
        per_game.push((g, figures(&s)));
        total = total + s;
    }
    insta::assert_snapshot!(out);
    assert_eq!(per_game, FIGURES_TOURNAMENT);
    assert_eq!(figures(&total), TOTAL_TOURNAMENT);
}

#[test]
fn further_games_profile_c197_at_width_6() {
    let total = FURTHER_GAMES
        .iter()
        .map(|g| Summary::of(&rows(g, Preset::Normal)))
        .fold(Summary::default(), |a, b| a + b);
    assert_eq!(figures(&total), TOTAL_NORMAL);
}

/// Every position of both sides, along each game as the kit asked c197 (one searcher a game,
/// see `compare_positions`): (positions, machack = c197, same value): the same move and value in
/// every position (the Dreyfus game since `MMBPWN`'s `PPT(0)` is read as the program reads it,
/// issue 31; 66 and 43 of 74 before, from 18... B-KR5ch on).
#[test]
fn both_sides_along_the_further_games_profile_c197() {
    let games =
        read_games(&std::fs::read_to_string(root().join("games/more-games.pgn")).unwrap()).unwrap();
    let params = SearchParams {
        profile: Profile::C197(Fixes::default()),
        table: TableUse::Off,
        ..SearchParams::preset(Preset::Tournament)
    };
    let reference = Reference::games_tournament();
    let mut got = Vec::new();
    for (game, rows) in reference.games() {
        let s = Summary::of(&compare_positions(
            &rows,
            &games,
            &params,
            &Limits::default(),
            &Oracle::default(),
        ));
        got.push((
            game.to_string(),
            s.positions,
            s.c197_matches,
            s.c197_same_value,
        ));
    }
    let expected = [
        ("dreyfus", 74, 74, 74),
        ("lancaster", 116, 116, 116),
        ("charly1", 82, 82, 82),
        ("charly2", 43, 43, 43),
        ("charly3", 52, 52, 52),
        ("fischer", 41, 41, 41),
        ("computerwoche", 44, 44, 44),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|&(g, p, m, v)| (g.to_string(), p, m, v))
        .collect();
    assert_eq!(got, expected);
}

/// Per game at the tournament preset: (positions, book, machack = history, c197 answered,
/// machack = c197, same value, c197 = history).
const FIGURES_TOURNAMENT: [(&str, [usize; 7]); 7] = [
    ("1967-dreyfus.score", [37, 0, 25, 37, 35, 30, 25]),
    ("1968-lancaster.score", [58, 4, 34, 58, 56, 49, 36]),
    ("1968-charly-1.score", [41, 0, 20, 41, 41, 41, 20]),
    ("1968-charly-2.score", [22, 0, 14, 22, 22, 22, 14]),
    ("1968-charly-3.score", [26, 0, 17, 26, 25, 24, 17]),
    ("1977-fischer.score", [20, 0, 15, 20, 20, 18, 15]),
    ("1978-computerwoche.score", [22, 0, 12, 22, 22, 22, 12]),
];
const TOTAL_TOURNAMENT: [usize; 7] = [226, 4, 137, 226, 221, 206, 139];
const TOTAL_NORMAL: [usize; 7] = [226, 4, 140, 226, 221, 201, 144];

/// `replay --compare games/*.score` (every score, in the shell's order), c197 with its table off
/// as it ran: the header names both compiled-in runs, the Dreyfus game is there, and each paper
/// game's figures are the ones it has alone and had before the further games came. With the
/// default, its table for draws, the figures `fidelity_table.rs` explains.
#[test]
fn compare_on_every_score_shows_the_further_games_and_keeps_the_paper_figures() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("games"))
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".score"))
        .map(|f| format!("games/{f}"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 11);
    let mut args = vec!["replay", "--compare"];
    args.extend(files.iter().map(String::as_str));
    let (code, default, err) = machack(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(
        default.contains(
            "\nall: 384 positions (13 from the book: compared with c197 only)\n  machack = 1967 \
             240/371 (65%), 1967 move in the PMG's first 6 325/371 (88%)\n  c197 answered 384: \
             machack = c197 372/384 (97%), c197 = 1967 248/384 (65%)\n  same value where \
             machack and c197 chose the same move 351/372 (94%)\n"
        ),
        "{default}"
    );
    args.extend(["--table", "off"]);
    let (code, all, err) = machack(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(
        all.contains(
            "\nc197: 768 positions\n  from reference/c197/paper-tournament.tsv (compiled in: c197 \
             at widths 15,15,9,9,7 depth 4)\n  from reference/c197/games-tournament.tsv \
             (compiled in: c197 at widths 15,15,9,9,7 depth 4)\n"
        ),
        "{all}"
    );
    assert!(
        all.contains(
            "\ngames/1967-dreyfus.score: Dreyfus, Hubert L. - Mac Hack VI (Mac Hack Black)\n"
        ),
        "{all}"
    );
    // The paper games' summaries, as `replay --compare` prints them for the four alone.
    let mut paper_args = vec!["replay", "--compare", "--table", "off"];
    let paper: Vec<String> = PAPER.iter().map(|g| format!("games/{g}")).collect();
    paper_args.extend(paper.iter().map(String::as_str));
    let (code, four, _) = machack(&paper_args, "");
    assert_eq!(code, 0);
    let summaries = |out: &str| -> Vec<String> {
        out.split("\ngames/")
            .skip(1)
            .filter(|g| g.starts_with("1967-") && g.as_bytes()[5].is_ascii_digit())
            .map(|g| {
                let s = g.split("\nsummary: ").nth(1).unwrap();
                s.split("\n\n").next().unwrap().trim_end().to_string()
            })
            .collect()
    };
    // Every game finds the original's answers (each its own table's), the new ones too.
    assert!(
        all.contains(
            "\nall: 384 positions (13 from the book: compared with c197 only)\n  machack = 1967 \
             241/371 (65%), 1967 move in the PMG's first 6 325/371 (88%)\n  c197 answered 384: \
             machack = c197 377/384 (98%), c197 = 1967 248/384 (65%)\n  same value where \
             machack and c197 chose the same move 359/377 (95%)\n"
        ),
        "{all}"
    );
    assert_eq!(summaries(&all).len(), 4);
    assert_eq!(summaries(&all), summaries(&four));
    assert!(four.contains(
        "\nall: 158 positions (9 from the book: compared with c197 only)\n  machack = 1967 \
         104/149 (70%), 1967 move in the PMG's first 6 139/149 (93%)\n  c197 answered 158: \
         machack = c197 156/158 (99%), c197 = 1967 109/158 (69%)\n  same value where machack \
         and c197 chose the same move 153/156 (98%)\n"
    ));
}
