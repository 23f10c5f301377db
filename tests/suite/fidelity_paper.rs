//! For every Mac Hack move of the four paper games, the recreation's move, value and principal
//! variation beside the 1967 move and c197's move and value (`reference/c197/`), pinned in
//! snapshots at the tournament preset and at width 6, with the agreement totals asserted: a
//! change in the engine that alters any choice shows up as a snapshot change to review, and a
//! change in the agreement as a failed total, never silently.
//!
//! Pinned: the recreation's columns (its move, value and line) and the totals are the program's
//! own output, as the snapshots were last accepted (`git log --follow` of each `.snap` gives
//! the commit).
//! Checked: the 1967 moves (the paper's printed games, `games/`) and c197's moves and values
//! (the original program run on a simulated PDP-6, `reference/c197/`) beside them.

use crate::common::compare_table;
use compare_table::table;

use machack::fidelity::compare::{
    CompareRow, Oracle, Summary, Yardsticks, compare_game, compare_positions, mac_hack_side,
};
use machack::fidelity::reference::Reference;
use machack::interface::Fixes;
use machack::interface::{Limits, Preset, Profile, SearchParams, TableUse};
use machack::notation::read_games;
use std::path::PathBuf;

const GAMES: [&str; 4] = [
    "1967-1-wagner.score",
    "1967-2-nn-1410.score",
    "1967-3-landey.score",
    "1967-4-spring-amateur.score",
];

/// The comparison table with the 1967 moves as history.
fn table_1967(rows: &[CompareRow]) -> String {
    table(rows, "1967")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The comparison rows of one game at a preset (the paper profile), against the c197 run at
/// the same widths.
fn rows_at(file: &str, preset: Preset) -> Vec<CompareRow> {
    rows_with(file, Profile::Paper(Default::default()), preset)
}

/// The comparison rows of one game with a profile at a preset.
fn rows_with(file: &str, profile: Profile, preset: Preset) -> Vec<CompareRow> {
    let text = std::fs::read_to_string(root().join("games").join(file)).unwrap();
    let game = read_games(&text).unwrap().remove(0);
    let side = mac_hack_side(&game).expect("the tags name Mac Hack");
    let oracle = Oracle::c1973_paper();
    // c197 as it ran, its table assembled out (`HSCOD=0`): the running original's answers.
    let params = SearchParams {
        profile,
        table: TableUse::Off,
        ..SearchParams::preset(preset)
    };
    let c197 = Reference::paper_for(&params).expect("a c197 run at the preset's widths");
    let yardsticks = Yardsticks {
        oracle: &oracle,
        c197: Some(&c197),
    };
    compare_game(&game, side, &params, &Limits::default(), yardsticks)
}

fn rows(file: &str) -> Vec<CompareRow> {
    rows_at(file, Preset::Tournament)
}

/// The agreement over the four games at a preset (the paper profile).
fn totals(preset: Preset) -> Summary {
    totals_with(Profile::Paper(Default::default()), preset)
}

/// The agreement over the four games with a profile at a preset.
fn totals_with(profile: Profile, preset: Preset) -> Summary {
    GAMES
        .iter()
        .map(|g| Summary::of(&rows_with(g, profile, preset)))
        .fold(Summary::default(), |a, b| a + b)
}

/// (positions, book, machack = 1967, 1967 in the PMG's first 6, c197 answered, machack = c197,
/// same value, c197 = 1967).
fn figures(s: &Summary) -> [usize; 8] {
    [
        s.positions,
        s.book,
        s.matches,
        s.in_first_six,
        s.c197_answered,
        s.c197_matches,
        s.c197_same_value,
        s.c197_historical,
    ]
}

#[test]
fn game_1_wagner_mac_hack_black() {
    insta::assert_snapshot!(table_1967(&rows("1967-1-wagner.score")));
}

#[test]
fn game_2_nn_mac_hack_black() {
    insta::assert_snapshot!(table_1967(&rows("1967-2-nn-1410.score")));
}

#[test]
fn game_3_landey_mac_hack_white() {
    insta::assert_snapshot!(table_1967(&rows("1967-3-landey.score")));
}

#[test]
fn game_4_spring_amateur_mac_hack_white_out_of_book_from_move_10() {
    let rows = rows("1967-4-spring-amateur.score");
    let first_out = rows.iter().position(|r| !r.book);
    assert_eq!(first_out, Some(9));
    assert_eq!(rows[9].number, "10.");
    assert_eq!(rows[9].printed_time.as_deref(), Some("18.3s"));
    insta::assert_snapshot!(table_1967(&rows));
}

#[test]
fn paper_games_at_width_6_against_c197_at_its_own_widths() {
    let mut out = String::new();
    for g in GAMES {
        out.push_str(&format!("{g}\n{}", table_1967(&rows_at(g, Preset::Normal))));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn agreement_on_the_paper_games_at_the_tournament_preset() {
    assert_eq!(
        figures(&totals(Preset::Tournament)),
        [158, 9, 72, 137, 158, 92, 13, 109]
    );
}

#[test]
fn agreement_on_the_paper_games_at_width_6() {
    assert_eq!(
        figures(&totals(Preset::Normal)),
        [158, 9, 75, 137, 158, 88, 13, 100]
    );
}

/// The c197 profile (the default) on Mac Hack's positions, each searched with a fresh searcher:
/// the program's 1967 moves and c197's answers, pinned in a snapshot.
#[test]
fn paper_games_profile_c197_at_the_tournament_preset() {
    let profile = Profile::C197(Fixes::default());
    let mut out = String::new();
    for g in GAMES {
        let rows = rows_with(g, profile, Preset::Tournament);
        out.push_str(&format!("{g}\n{}", table_1967(&rows)));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn agreement_on_the_paper_games_profile_c197() {
    let profile = Profile::C197(Fixes::default());
    assert_eq!(
        figures(&totals_with(profile, Preset::Tournament)),
        [158, 9, 104, 139, 158, 156, 153, 109]
    );
    assert_eq!(
        figures(&totals_with(profile, Preset::Normal)),
        [158, 9, 97, 139, 158, 155, 152, 100]
    );
}

/// Every position of both sides, along each game as the kit asked c197 (one searcher a game,
/// see `compare_positions`): the same move in all 316 at the tournament widths.
#[test]
fn both_sides_along_the_paper_games_profile_c197() {
    let games = read_games(&std::fs::read_to_string(root().join("games/paper-games.pgn")).unwrap())
        .unwrap();
    let params = |preset| SearchParams {
        profile: Profile::C197(Fixes::default()),
        table: TableUse::Off,
        ..SearchParams::preset(preset)
    };
    let mut got = Vec::new();
    for preset in [Preset::Tournament, Preset::Normal] {
        let reference = Reference::paper_for(&params(preset)).unwrap();
        let rows: Vec<_> = reference.rows().iter().collect();
        let s = Summary::of(&compare_positions(
            &rows,
            &games,
            &params(preset),
            &Limits::default(),
            &Oracle::default(),
        ));
        got.push((s.positions, s.c197_matches, s.c197_same_value));
    }
    assert_eq!(got, [(316, 316, 315), (316, 316, 316)]);
}
