//! For every Mac Hack move of the four paper games (out of book), the recreation's move, value and
//! principal variation at the tournament preset, pinned in snapshots: a change in the engine that
//! alters any choice shows up as a snapshot change to review, never silently.

use machack::fidelity::compare::{CompareRow, Oracle, Summary, compare_game, mac_hack_side};
use machack::notation::{Style, descriptive, read_games};
use machack::search::{Knowledge1967, Limits, Preset, SearchParams};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rows(file: &str) -> Vec<CompareRow> {
    let text = std::fs::read_to_string(root().join("games").join(file)).unwrap();
    let game = read_games(&text).unwrap().remove(0);
    let side = mac_hack_side(&game).expect("the tags name Mac Hack");
    let oracle = Oracle::c1973_paper();
    let params = SearchParams::preset(Preset::Tournament);
    compare_game(
        &game,
        side,
        &params,
        &mut Knowledge1967::default(),
        &Limits::default(),
        &oracle,
    )
}

fn table(rows: &[CompareRow]) -> String {
    let mut out = String::new();
    for r in rows {
        let d = |m| descriptive::format(&r.position, m, Style::Book);
        out.push_str(&format!(
            "{:>6} 1967 {:<9} ours {:<9} {:<4} value {:>5} rank {:>2}  pv {}\n",
            r.number,
            d(r.historical),
            r.chosen.map_or("-".into(), d),
            if r.matches() { "same" } else { "" },
            r.value,
            r.pmg_rank,
            descriptive::format_line(&r.position, &r.pv, Style::Book)
        ));
    }
    let s = Summary::of(rows);
    out.push_str(&format!(
        "positions {} same {} first-six {} oracle answered {} oracle=ours {} oracle=1967 {}\n",
        s.positions,
        s.matches,
        s.in_first_six,
        s.oracle_answered,
        s.oracle_matches,
        s.oracle_historical
    ));
    out
}

#[test]
fn game_1_wagner_mac_hack_black() {
    insta::assert_snapshot!(table(&rows("1967-1-wagner.score")));
}

#[test]
fn game_2_nn_mac_hack_black() {
    insta::assert_snapshot!(table(&rows("1967-2-nn-1410.score")));
}

#[test]
fn game_3_landey_mac_hack_white() {
    insta::assert_snapshot!(table(&rows("1967-3-landey.score")));
}

#[test]
fn game_4_spring_amateur_mac_hack_white_out_of_book_from_move_10() {
    let rows = rows("1967-4-spring-amateur.score");
    assert_eq!(rows.first().map(|r| r.number.as_str()), Some("10."));
    assert_eq!(
        rows.first().and_then(|r| r.printed_time.clone()),
        Some("18.3s".to_string())
    );
    insta::assert_snapshot!(table(&rows));
}
