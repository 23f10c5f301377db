//! The plausible-move generator on the paper's games: the listing before each of Mac Hack's
//! moves in game 3 (Mac Hack–Landey) pinned as snapshots, and where the historical move ranks.

use machack::cli::plausible::listing;
use machack::notation::san;
use machack::plausible::plausible_moves;
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

#[test]
fn plausible_listing_start_position() {
    insta::assert_snapshot!(listing(&Position::startpos(), 1));
}

#[test]
fn plausible_listings_before_mac_hack_moves_in_game_3() {
    for (game, ply, fen, hist) in rows() {
        if game != "paper3" {
            continue;
        }
        let pos = Position::from_fen(&fen).unwrap();
        let text = format!(
            "{fen}\nhistorical {hist}, rank {}\n{}",
            rank_of(&fen, &hist),
            listing(&pos, 1)
        );
        insta::assert_snapshot!(format!("paper3_ply{ply:03}"), text);
    }
}

/// Where the historical move ranks in the generator's order, game by game: the README's figures
/// (144 of 158 in the first 6, 19 of 21 in game 3) and every rank, pinned as a snapshot.
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
