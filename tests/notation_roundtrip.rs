//! Every legal move of the perft suite's positions survives format → parse in every notation.

use machack::notation::{Style, coordinate, descriptive, parse_any, san};
use machack::rules::Position;

/// The positions of `shared/data/perftsuite126.epd`.
fn suite() -> Vec<Position> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/perftsuite126.epd"
    );
    let text = std::fs::read_to_string(path).expect("shared/ beside the checkout");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::from_fen(l.split(';').next().unwrap().trim()).unwrap())
        .collect()
}

/// Checks format → parse for every legal move of `pos`; returns the number of moves checked.
pub fn round_trip_all(pos: &Position) -> usize {
    let moves = pos.legal_moves();
    for &m in moves.iter() {
        let fen = pos.to_fen();
        for style in [Style::Book, Style::Teletype] {
            let t = descriptive::format(pos, m, style);
            assert_eq!(descriptive::parse(pos, &t), Ok(m), "{fen}: {style:?} {t}");
            assert_eq!(parse_any(pos, &t), Ok(m), "{fen}: parse_any {t}");
        }
        let full = descriptive::format_full(pos, m);
        assert_eq!(descriptive::parse(pos, &full), Ok(m), "{fen}: full {full}");
        let s = san::format(pos, m);
        assert_eq!(san::parse(pos, &s), Ok(m), "{fen}: SAN {s}");
        assert_eq!(parse_any(pos, &s), Ok(m), "{fen}: parse_any {s}");
        let c = coordinate::format(m);
        assert_eq!(coordinate::parse(pos, &c), Ok(m), "{fen}: {c}");
        assert_eq!(parse_any(pos, &c), Ok(m), "{fen}: parse_any {c}");
    }
    moves.len()
}

#[test]
fn every_move_of_the_perft_suite_round_trips_in_every_notation() {
    let mut n = 0;
    let positions = suite();
    for pos in &positions {
        n += round_trip_all(pos);
        // One ply deeper too, for more promotions, en passant and checks.
        for &m in pos.legal_moves().iter().take(12) {
            n += round_trip_all(&pos.play(m));
        }
    }
    eprintln!("round trip: {} positions, {n} moves", positions.len());
    assert!(n > 10_000, "{n}");
}
