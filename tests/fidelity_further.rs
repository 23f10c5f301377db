//! The recreation on the further positions of `reference/c197/` (30 games that are not the
//! paper's, every phase, both sides), each searched alone, beside c197's move and value there at
//! the same widths: the comparison pinned in a snapshot and the agreement totals asserted.

#[path = "common/compare_table.rs"]
mod compare_table;
use compare_table::table;

use machack::fidelity::compare::{Oracle, Summary, compare_positions};
use machack::fidelity::reference::Reference;
use machack::search::{Knowledge1967, Limits, Preset, SearchParams};
use std::path::PathBuf;

/// The comparison table of every position of `reference/c197/FILE` at a preset, game by game,
/// and the totals.
fn compare(file: &str, preset: Preset) -> (String, Summary) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("reference/c197")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let reference = Reference::read(&text, file).unwrap();
    let mut out = String::new();
    let mut total = Summary::default();
    for (game, positions) in reference.games() {
        let rows = compare_positions(
            &positions,
            &SearchParams::preset(preset),
            &mut Knowledge1967::default(),
            &Limits::default(),
            &Oracle::default(),
        );
        out.push_str(&format!("{game}\n{}", table(&rows, "game")));
        total = total + Summary::of(&rows);
    }
    (out, total)
}

/// (positions, machack = game move, c197 answered, machack = c197, same value, c197 = game move).
fn totals(s: &Summary) -> [usize; 6] {
    [
        s.positions,
        s.matches,
        s.c197_answered,
        s.c197_matches,
        s.c197_same_value,
        s.c197_historical,
    ]
}

#[test]
fn further_positions_at_the_tournament_preset() {
    let (table, total) = compare("further-tournament.tsv", Preset::Tournament);
    assert_eq!(totals(&total), [607, 187, 607, 341, 75, 186]);
    insta::assert_snapshot!(table);
}
