//! The default program, c197 with its table used for draws (`NHSW = 0`), against the running
//! original, whose table is assembled out: on every reference table the same moves as with the
//! table off but in the positions the snapshot lists, each with the repetition that explains it
//! (the first position of a line that stood before, in the game or on the line). The table off
//! gives the original's figures (`fidelity_paper.rs`, `fidelity_further.rs`).

use crate::common;

use machack::fidelity::compare::{
    CompareRow, Oracle, Summary, Yardsticks, compare_game, compare_positions, mac_hack_positions,
    mac_hack_side,
};
use machack::fidelity::reference::Reference;
use machack::interface::{Limits, Preset, SearchParams, TableUse};
use machack::notation::{Game, Style, descriptive, read_games};
use machack::rules::{Key, Move};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn params(preset: Preset, table: TableUse) -> SearchParams {
    SearchParams {
        table,
        ..SearchParams::preset(preset)
    }
}

/// The rows of one comparison, each with the name of its game.
type Rows = Vec<(String, CompareRow)>;

/// A comparison, run with the table used as given.
type Comparison = fn(TableUse) -> Rows;

/// Mac Hack's positions of the paper games (`replay --compare games/*.score`).
fn paper_games(preset: Preset, table: TableUse) -> Rows {
    mac_hack_games(
        &[
            "1967-1-wagner.score",
            "1967-2-nn-1410.score",
            "1967-3-landey.score",
            "1967-4-spring-amateur.score",
        ],
        &params(preset, table),
    )
}

/// Mac Hack's positions of the seven further games (`games/1967-dreyfus.score` ... the 1978
/// game, as in `replay --compare games/*.score`), against the original's answers along them.
fn more_games(preset: Preset, table: TableUse) -> Rows {
    mac_hack_games(&common::FURTHER_GAMES, &params(preset, table))
}

/// Mac Hack's positions of the games `games/FILE`, each against the compiled-in c197 run that
/// answers them (as `replay --compare` takes it).
fn mac_hack_games(files: &[&str], params: &SearchParams) -> Rows {
    let oracle = Oracle::default();
    files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(root().join("games").join(file)).unwrap();
            let game = read_games(&text).unwrap().remove(0);
            let side = mac_hack_side(&game).unwrap();
            let positions = mac_hack_positions(&game, side);
            let c197 = Reference::answering(Reference::compiled_for(params), &positions).unwrap();
            let yardsticks = Yardsticks {
                oracle: &oracle,
                c197: Some(&c197),
            };
            let name = file.trim_end_matches(".score").to_string();
            compare_game(&game, side, params, &Limits::default(), yardsticks)
                .into_iter()
                .map(move |r| (name.clone(), r))
        })
        .collect()
}

/// Both sides of the seven further games, along them (`reference/c197/games-tournament.tsv`,
/// and `games-default.tsv` at width 6).
fn more_both(preset: Preset, table: TableUse) -> Rows {
    let params = params(preset, table);
    let reference = match preset {
        Preset::Normal => Reference::games_default(),
        _ => Reference::games_tournament(),
    };
    table_rows(&reference, &read("games/more-games.pgn"), &params)
}

fn read(file: &str) -> Vec<Game> {
    read_games(&std::fs::read_to_string(root().join(file)).unwrap()).unwrap()
}

/// Every position of a c197 table, along `games` (or alone without).
fn table_rows(reference: &Reference, games: &[Game], params: &SearchParams) -> Rows {
    reference
        .games()
        .into_iter()
        .flat_map(|(name, rows)| {
            compare_positions(&rows, games, params, &Limits::default(), &Oracle::default())
                .into_iter()
                .map(move |r| (name.to_string(), r))
        })
        .collect()
}

fn further(preset: Preset, table: TableUse, along: bool) -> Rows {
    let text = std::fs::read_to_string(root().join("reference/c197/further-tournament.tsv"));
    let reference = Reference::read(&text.unwrap(), "further-tournament.tsv").unwrap();
    let games = if along {
        read("reference/c197/further-games.pgn")
    } else {
        Vec::new()
    };
    table_rows(&reference, &games, &params(preset, table))
}

fn both_sides(preset: Preset, table: TableUse) -> Rows {
    let params = params(preset, table);
    let reference = Reference::paper_for(&params).unwrap();
    table_rows(&reference, &read("games/paper-games.pgn"), &params)
}

/// `line` from `row`'s position in descriptive notation.
fn written(row: &CompareRow, line: &[Move]) -> String {
    let mut pos = row.position.clone();
    let mut out = Vec::new();
    for &m in line {
        out.push(descriptive::format(&pos, m, Style::Book));
        pos.make(m);
    }
    out.join(" ")
}

/// Where a position reached from `row`'s by `line` stood before since the last irreversible
/// move, if it did: in the game, at the position searched, or earlier on the line.
fn stood_before(row: &CompareRow, line: &[Move]) -> Option<String> {
    let game = row.history.len();
    let mut earlier: Vec<Key> = row.history.clone();
    let mut pos = row.position.clone();
    for &m in line {
        earlier.push(pos.key());
        pos.make(m);
    }
    let reach = (pos.halfmove_clock() as usize).min(earlier.len());
    let j = (earlier.len() - reach..earlier.len()).find(|&j| earlier[j] == pos.key())?;
    let plies = |n: usize| {
        if n == 1 {
            "1 ply".into()
        } else {
            format!("{n} plies")
        }
    };
    Some(if j < game {
        format!("the game's position {} before", plies(game - j))
    } else if j == game {
        "the position searched".to_string()
    } else {
        format!("the position after {}", written(row, &line[..j - game]))
    })
}

/// The repetition that explains a change: the default's line ending in a position that stood
/// before (the table's draw), or else the shortest line beginning with `first` (the default's
/// move, then the table off's) that brings one back, up to five plies.
fn repetition(row: &CompareRow, firsts: &[Move]) -> Option<String> {
    if let Some(w) = stood_before(row, &row.pv) {
        return Some(format!(
            "its line {} brings back {w}",
            written(row, &row.pv)
        ));
    }
    fn below(row: &CompareRow, line: &mut Vec<Move>, plies: usize) -> Option<String> {
        if let Some(w) = stood_before(row, line) {
            return Some(format!("{} brings back {w}", written(row, line)));
        }
        if line.len() == plies {
            return None;
        }
        let mut pos = row.position.clone();
        for &m in line.iter() {
            pos.make(m);
        }
        for m in pos.legal_moves().iter().copied() {
            line.push(m);
            let found = below(row, line, plies);
            line.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    (1..=5).find_map(|plies| firsts.iter().find_map(|&m| below(row, &mut vec![m], plies)))
}

/// The positions where the default's move is not the table off's, each with its repetition:
/// on the default's line, or on the line of the table off's move as the default searched it.
fn changes(name: &str, off: &Rows, default: &Rows) -> (Vec<String>, usize) {
    assert_eq!(off.len(), default.len());
    let mut out = Vec::new();
    let mut unexplained = 0;
    for ((game, o), (_, d)) in off.iter().zip(default) {
        assert_eq!(o.position, d.position);
        if o.chosen == d.chosen {
            continue;
        }
        let mv = |m: Option<Move>| m.map_or("-".into(), |m| written(d, &[m]));
        let theirs = d.top_level.iter().find(|t| Some(t.mv) == o.chosen);
        let firsts: Vec<Move> = d.chosen.into_iter().chain(o.chosen).collect();
        let why = repetition(d, &firsts).unwrap_or_else(|| {
            unexplained += 1;
            "NO REPETITION ON EITHER LINE".into()
        });
        out.push(format!(
            "{name} {game} {}: off {} {}, draws {} {} ({}); {why}",
            d.number,
            mv(o.chosen),
            o.value,
            mv(d.chosen),
            d.value,
            theirs.map_or("not searched".into(), |t| format!(
                "{} {}",
                mv(o.chosen),
                t.value
            )),
        ));
    }
    (out, unexplained)
}

/// (positions, machack = c197) of a set of rows.
fn agreement(rows: &Rows) -> (usize, usize) {
    let rows: Vec<CompareRow> = rows.iter().map(|r| r.1.clone()).collect();
    let s = Summary::of(&rows);
    (s.c197_answered, s.c197_matches)
}

#[test]
fn the_default_changes_a_move_only_where_a_repetition_explains_it() {
    let tables: [(&str, Comparison); 11] = [
        ("paper", |t| paper_games(Preset::Tournament, t)),
        ("paper-w6", |t| paper_games(Preset::Normal, t)),
        ("both", |t| both_sides(Preset::Tournament, t)),
        ("both-w6", |t| both_sides(Preset::Normal, t)),
        ("further", |t| further(Preset::Tournament, t, true)),
        ("alone", |t| further(Preset::Tournament, t, false)),
        ("more", |t| more_games(Preset::Tournament, t)),
        ("more-w6", |t| more_games(Preset::Normal, t)),
        ("more-both", |t| more_both(Preset::Tournament, t)),
        ("more-both-w6", |t| more_both(Preset::Normal, t)),
        ("paper-values", |t| {
            paper_games(
                Preset::Tournament,
                if t == TableUse::Draws {
                    TableUse::Values
                } else {
                    t
                },
            )
        }),
    ];
    // Each of the 22 comparisons in a thread of its own: about a minute on one core.
    let compared: Vec<(Rows, Rows)> = std::thread::scope(|s| {
        let threads: Vec<_> = tables
            .iter()
            .map(|&(_, rows)| {
                let off = s.spawn(move || rows(TableUse::Off));
                (off, s.spawn(move || rows(TableUse::Draws)))
            })
            .collect();
        let joined = |t: std::thread::ScopedJoinHandle<'_, Rows>| t.join().unwrap();
        threads
            .into_iter()
            .map(|(off, draws)| (joined(off), joined(draws)))
            .collect()
    });
    let mut listed = Vec::new();
    let mut figures = Vec::new();
    let mut unexplained = 0;
    for ((name, _), (off, default)) in tables.into_iter().zip(compared) {
        figures.push((name, agreement(&off), agreement(&default)));
        if name == "paper-values" {
            continue;
        }
        let (lines, u) = changes(name, &off, &default);
        listed.extend(lines);
        unexplained += u;
    }
    assert_eq!(
        figures,
        [
            ("paper", (158, 156), (158, 154)),
            ("paper-w6", (158, 155), (158, 153)),
            ("both", (316, 316), (316, 312)),
            ("both-w6", (316, 316), (316, 311)),
            ("further", (607, 607), (607, 586)),
            ("alone", (607, 561), (607, 557)),
            ("more", (226, 221), (226, 218)),
            ("more-w6", (226, 221), (226, 219)),
            ("more-both", (452, 452), (452, 446)),
            ("more-both-w6", (452, 452), (452, 448)),
            ("paper-values", (158, 156), (158, 153)),
        ]
    );
    assert_eq!(unexplained, 0, "{}", listed.join("\n"));
    insta::assert_snapshot!(listed.join("\n"));
}
