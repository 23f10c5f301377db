//! The recreation on the further positions of `reference/c197/` (30 games that are not the
//! paper's, every phase, both sides), each searched alone, beside c197's move and value there at
//! the same widths: the comparison pinned in a snapshot and the agreement totals asserted, for
//! each profile.

use crate::common::compare_table;
use compare_table::disagreements;

use machack::fidelity::compare::{Oracle, Summary, compare_positions};
use machack::fidelity::reference::Reference;
use machack::interface::Fixes;
use machack::interface::{Limits, Preset, Profile, SearchParams, TableUse};
use machack::notation::{Game, read_games};
use std::path::PathBuf;

/// The positions of `reference/c197/FILE` where a profile at a preset disagrees with c197 (its
/// move; under c197, its move or value), game by game with each game's totals, and the totals;
/// each position searched alone, or with `games` (the table's games, `further-games.pgn`) along
/// its game.
fn compare(file: &str, games: &[Game], profile: Profile, preset: Preset) -> (String, Summary) {
    let text = std::fs::read_to_string(dir().join(file)).unwrap();
    let reference = Reference::read(&text, file).unwrap();
    let mut out = String::new();
    let mut total = Summary::default();
    for (game, positions) in reference.games() {
        let rows = compare_positions(
            &positions,
            games,
            // c197 as it ran, its table assembled out (`HSCOD=0`).
            &SearchParams {
                profile,
                table: TableUse::Off,
                ..SearchParams::preset(preset)
            },
            &Limits::default(),
            &Oracle::default(),
        );
        let values = matches!(profile, Profile::C197(_));
        out.push_str(&format!("{game}\n{}", disagreements(&rows, "game", values)));
        total = total + Summary::of(&rows);
    }
    (out, total)
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("reference/c197")
}

/// The games the further positions come from.
fn further_games() -> Vec<Game> {
    read_games(&std::fs::read_to_string(dir().join("further-games.pgn")).unwrap()).unwrap()
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
    let (table, total) = compare(
        "further-tournament.tsv",
        &[],
        Profile::Paper(Default::default()),
        Preset::Tournament,
    );
    assert_eq!(totals(&total), [607, 187, 607, 341, 75, 186]);
    insta::assert_snapshot!(table);
}

/// Each position searched alone, from its FEN: c197's pieces are numbered from the position, not
/// from the game's moves as the kit's walk numbered them, and the tie order differs in places.
#[test]
fn further_positions_alone_at_the_tournament_preset_profile_c197() {
    let (_, total) = compare(
        "further-tournament.tsv",
        &[],
        Profile::C197(Fixes::default()),
        Preset::Tournament,
    );
    assert_eq!(totals(&total), [607, 185, 607, 561, 505, 186]);
}

/// Each position searched along its game as the kit asked c197: with the game's earlier moves,
/// one searcher a game (c197's run state carried from one position to the next).
#[test]
fn further_positions_at_the_tournament_preset_profile_c197() {
    let (table, total) = compare(
        "further-tournament.tsv",
        &further_games(),
        Profile::C197(Fixes::default()),
        Preset::Tournament,
    );
    assert_eq!(totals(&total), [607, 186, 607, 607, 605, 186]);
    insta::assert_snapshot!(table);
}
