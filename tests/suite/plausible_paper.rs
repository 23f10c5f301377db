//! The plausible-move generator on the paper's games: its order before each of Mac Hack's moves
//! in game 3 (Mac Hack–Landey) pinned in one snapshot, and where the historical move ranks.
//!
//! Pinned: the generator's orders and the ranks are the program's own output, as the snapshots
//! were last accepted (`git log --follow` of each `.snap` gives the commit); the paper prints no order.
//! Checked: the historical moves ranked are the paper's printed games.

use machack::notation::san;
use machack::paper::plausible::{PlausibleMoves, plausible_moves};
use machack::rules::Position;

/// The oracle rows: (game, ply, fen, historical SAN).
fn rows() -> Vec<(String, u32, String, String)> {
    let text = machack::fidelity::compare::C1973_PAPER_TSV;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (g, p, f, h) = (col("game"), col("ply"), col("fen"), col("historical"));
    lines
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (
                c[g].to_string(),
                c[p].parse().unwrap(),
                c[f].to_string(),
                c[h].to_string(),
            )
        })
        .collect()
}

/// The 1-based rank of the historical move in the generator's order.
fn rank_of(fen: &str, historical: &str) -> usize {
    let pos = Position::from_fen(fen).unwrap();
    let m = san::parse(&pos, historical).unwrap();
    let pm = plausible_moves(&pos, 1);
    pm.moves.iter().position(|x| x.mv == m).unwrap() + 1
}

/// The generator's order, compactly: `rank SAN plausibility` for each move, most plausible first,
/// with `!` for must-search, `u` for unsafe and `p` for poor, ten moves a line.
fn order(pos: &Position, pm: &PlausibleMoves) -> String {
    let words: Vec<String> = pm
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let flags: String = [(m.must_search, '!'), (m.unsafe_move, 'u'), (m.poor, 'p')]
                .iter()
                .filter_map(|&(on, c)| on.then_some(c))
                .collect();
            format!(
                "{}.{} {}{flags}",
                i + 1,
                san::format(pos, m.mv),
                m.plausibility
            )
        })
        .collect();
    let lines: Vec<String> = words
        .chunks(10)
        .map(|c| format!("  {}", c.join(", ")))
        .collect();
    format!(
        "{} moves, {} pieces with a safe move\n{}\n",
        pm.moves.len(),
        pm.pieces_with_safe_moves,
        lines.join("\n")
    )
}

#[test]
fn plausible_order_start_position() {
    let pos = Position::startpos();
    insta::assert_snapshot!(order(&pos, &plausible_moves(&pos, 1)));
}

/// Before each of Mac Hack's moves in game 3: the position, the move it played and its rank,
/// then the generator's whole order (one snapshot for the game).
#[test]
fn plausible_order_before_mac_hack_moves_in_game_3() {
    let mut text = String::new();
    let mut plies = 0;
    for (game, ply, fen, hist) in rows() {
        if game != "paper3" {
            continue;
        }
        let pos = Position::from_fen(&fen).unwrap();
        text += &format!(
            "ply {ply}: {fen}\nplayed {hist}, rank {}; {}",
            rank_of(&fen, &hist),
            order(&pos, &plausible_moves(&pos, 1))
        );
        plies += 1;
    }
    assert_eq!(plies, 21);
    insta::assert_snapshot!(text);
}

/// Where the historical move ranks in the generator's order, game by game: the manual's figures
/// (`doc/search.md`: 144 of 158 in the first 6, 19 of 21 in game 3) and every rank, pinned as a snapshot.
#[test]
fn historical_move_ranks() {
    let mut by_game: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for (game, _, fen, hist) in rows() {
        by_game.entry(game).or_default().push(rank_of(&fen, &hist));
    }
    let first_6 = |ranks: &[usize]| ranks.iter().filter(|&&r| r <= 6).count();
    let mut all: Vec<usize> = Vec::new();
    let mut report = String::new();
    for (game, ranks) in &by_game {
        report += &format!(
            "{game}: {}/{} in the first 6; ranks {ranks:?}\n",
            first_6(ranks),
            ranks.len()
        );
        all.extend(ranks);
    }
    report += &format!("all: {}/{} in the first 6\n", first_6(&all), all.len());
    println!("{report}");
    assert_eq!((first_6(&all), all.len()), (144, 158), "{report}");
    let game_3 = &by_game["paper3"];
    assert_eq!((first_6(game_3), game_3.len()), (19, 21), "{report}");
    insta::assert_snapshot!(report);
}
