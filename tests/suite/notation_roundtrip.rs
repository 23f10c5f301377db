//! Every legal move of the perft suite's positions survives format → parse in every notation.

use machack::notation::{Style, coordinate, descriptive, parse_any, san};
use machack::rules::Position;

/// The positions of `data/perftsuite126.epd`.
fn suite() -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/perftsuite126.epd");
    let text = std::fs::read_to_string(path).expect("data/ of the repository");
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
        for style in [Style::Book, Style::Teletype, Style::Short] {
            let t = descriptive::format(pos, m, style);
            assert_eq!(descriptive::parse(pos, &t), Ok(m), "{fen}: {style:?} {t}");
            assert_eq!(parse_any(pos, &t), Ok(m), "{fen}: parse_any {t}");
        }
        let full = descriptive::format_full(pos, m);
        assert_eq!(descriptive::parse(pos, &full), Ok(m), "{fen}: full {full}");
        // As suggestions give it, to be typed back as it stands.
        let written = descriptive::format_written(pos, m);
        assert_eq!(parse_any(pos, &written), Ok(m), "{fen}: written {written}");
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
    let mut visited = 0;
    let positions = suite();
    for pos in &positions {
        n += round_trip_all(pos);
        visited += 1;
        // One ply deeper too, for more promotions, en passant and checks.
        for &m in pos.legal_moves().iter().take(12) {
            n += round_trip_all(&pos.play(m));
            visited += 1;
        }
    }
    eprintln!(
        "round trip: {} suite positions and their first replies, {visited} positions, {n} moves",
        positions.len()
    );
    assert!(n > 10_000, "{n}");
}

#[test]
fn every_move_along_the_four_games_round_trips_in_every_notation() {
    let mut n = 0;
    let mut positions = 0;
    for file in [
        "games/1967-1-wagner.score",
        "games/1967-2-nn-1410.score",
        "games/1967-3-landey.score",
        "games/1967-4-spring-amateur.score",
    ] {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let games = machack::notation::read_games(&std::fs::read_to_string(path).unwrap()).unwrap();
        for pos in games[0].positions() {
            n += round_trip_all(&pos);
            positions += 1;
        }
    }
    eprintln!("round trip along the games: {positions} positions, {n} moves");
    assert_eq!(positions, 320);
}

#[test]
fn descriptive_forms_of_every_period_read_alike() {
    let pos = Position::startpos();
    let e4 = san::parse(&pos, "e4").unwrap();
    let nf3 = san::parse(&pos, "Nf3").unwrap();
    for t in [
        "P-K4", "p-k4", "P - K 4", "P/K2-K4", "/K2-K4", "KP-K4", "P(K2)-K4", "P-K4!",
    ] {
        assert_eq!(descriptive::parse(&pos, t), Ok(e4), "{t}");
    }
    for t in [
        "N-KB3",
        "Kt-KB3",
        "KN-B3",
        "KKt-B3",
        "N(KN1)-B3",
        "N/KN1-KB3",
        "kt-kb3",
    ] {
        assert_eq!(descriptive::parse(&pos, t), Ok(nf3), "{t}");
    }
    assert!(matches!(
        descriptive::parse(&pos, "N-B3"),
        Err(machack::notation::MoveError::Ambiguous { .. })
    ));
    // Lower-case descriptive with SAN-like letters stays descriptive.
    let nc3 = san::parse(&pos, "Nc3").unwrap();
    assert_eq!(parse_any(&pos, "n-qb3"), Ok(nc3));
    assert!(matches!(
        parse_any(&pos, "p-b4"),
        Err(machack::notation::MoveError::Ambiguous { .. })
    ));
    // "Anything redundant may be omitted" (1967): after 1. P-K4 P-K4 the king has one move.
    let after = pos.play(e4).play(san::parse(&pos.play(e4), "e5").unwrap());
    let ke2 = coordinate::parse(&after, "e1e2").unwrap();
    assert_eq!(descriptive::parse(&after, "K"), Ok(ke2));
    assert_eq!(descriptive::parse(&after, "K/K1"), Ok(ke2));
    assert!(descriptive::parse(&after, "N/KN1").is_err()); // three knight moves
    let g1h3 = coordinate::parse(&after, "g1h3").unwrap();
    assert_eq!(descriptive::parse(&after, "N/KN1-R3"), Ok(g1h3));
}

#[test]
fn captures_en_passant_promotion_and_castling_forms() {
    // White: Kg1 Rf1 pawns e5 (ep on d6 possible) and b7; Black: Ke8 Ra8 Nc8 pawn d5.
    let pos = Position::from_fen("r1n1k3/1P6/8/3pP3/8/8/8/5RK1 w - d6 0 2").unwrap();
    let ep = coordinate::parse(&pos, "e5d6").unwrap();
    for t in [
        "PxP e.p.", "PXP EP", "PxP", "PXG", "P*P", "P:P", "KPxQP", "PxP/Q5", "PxQ6",
    ] {
        assert_eq!(descriptive::parse(&pos, t), Ok(ep), "{t}");
    }
    let queen = coordinate::parse(&pos, "b7b8q").unwrap();
    for t in [
        "P-N8=Q", "P-N8(Q)", "P-N8/Q", "P-N8Q", "P-QN8=Q", "b8=Q", "b8Q", "b7b8q",
    ] {
        assert_eq!(machack::notation::parse_any(&pos, t), Ok(queen), "{t}");
    }
    let take_r = coordinate::parse(&pos, "b7a8n").unwrap();
    assert_eq!(descriptive::parse(&pos, "PxR=N"), Ok(take_r));
    assert_eq!(descriptive::parse(&pos, "PXR/N"), Ok(take_r));
    assert!(descriptive::parse(&pos, "PxN").is_err()); // four promotions: ambiguous
    let castle = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let oo = coordinate::parse(&castle, "e1g1").unwrap();
    let ooo = coordinate::parse(&castle, "e1c1").unwrap();
    for t in ["O-O", "0-0", "Castles KR", "castles K", "o-o"] {
        assert_eq!(descriptive::parse(&castle, t), Ok(oo), "{t}");
    }
    for t in ["O-O-O", "0-0-0", "Castles QR"] {
        assert_eq!(descriptive::parse(&castle, t), Ok(ooo), "{t}");
    }
    assert!(descriptive::parse(&castle, "Castles").is_err());
}

#[test]
fn checks_mates_and_their_false_claims() {
    // Back-rank mate: R-K8 mate.
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    let m = coordinate::parse(&pos, "e1e8").unwrap();
    for t in [
        "R-K8",
        "R-K8 mate",
        "R-K8 MATE",
        "R-K8#",
        "R-K8ch",
        "R-K8+",
        "R-K8 dis ch",
    ] {
        assert_eq!(descriptive::parse(&pos, t), Ok(m), "{t}");
    }
    assert_eq!(descriptive::format(&pos, m, Style::Book), "R-K8 mate");
    assert_eq!(descriptive::format(&pos, m, Style::Teletype), "R-K8 MATE");
    let e = descriptive::parse(&pos, "R-K2ch").unwrap_err().to_string();
    assert!(e.contains("does not give check"), "{e}");
    assert!(san::parse(&pos, "Re2+").is_err());
    assert_eq!(san::format(&pos, m), "Re8#");
}

#[test]
fn qualified_forms_are_written_when_needed() {
    // Rooks on e2 and d1 can both reach d2: R/K2-Q2 or KR-Q2; pawns c4 takes b5 or d5.
    let pos = Position::from_fen("7k/8/8/1p1p4/2P5/8/4R3/3R2K1 w - - 0 1").unwrap();
    let red2 = san::parse(&pos, "Red2").unwrap();
    assert_eq!(descriptive::format(&pos, red2, Style::Book), "KR-Q2");
    assert_eq!(descriptive::parse(&pos, "R/K2-Q2"), Ok(red2));
    assert_eq!(descriptive::format_full(&pos, red2), "R/K2-Q2");
    let cxd5 = san::parse(&pos, "cxd5").unwrap();
    assert_eq!(descriptive::format(&pos, cxd5, Style::Book), "PxQP");
    assert_eq!(descriptive::format(&pos, cxd5, Style::Teletype), "PXQP");
    assert_eq!(descriptive::parse(&pos, "PxP/Q5"), Ok(cxd5));
    assert_eq!(descriptive::format(&pos, cxd5, Style::Short), "PxQP");
    let rd1 = san::parse(&pos, "Rd4").unwrap();
    assert_eq!(descriptive::format(&pos, rd1, Style::Short), "R-Q4");
}

#[test]
fn san_reading_is_tolerant() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/5N2/8/RN2K2R w KQkq - 0 1").unwrap();
    let nd2 = coordinate::parse(&pos, "f3d2").unwrap();
    assert!(matches!(
        san::parse(&pos, "Nd2"),
        Err(machack::notation::MoveError::Ambiguous { .. })
    ));
    for t in ["Nfd2", "Nf3d2", "Nf3-d2", "nfd2", "N3d2", "Nfxd2"] {
        assert_eq!(san::parse(&pos, t), Ok(nd2), "{t}");
    }
    assert_eq!(san::format(&pos, nd2), "Nfd2");
    assert_eq!(
        san::parse(&pos, "N1d2"),
        Ok(coordinate::parse(&pos, "b1d2").unwrap())
    );
    let oo = coordinate::parse(&pos, "e1g1").unwrap();
    for t in ["O-O", "0-0", "O-O!", "e1g1", "e1h1"] {
        assert_eq!(machack::notation::parse_any(&pos, t), Ok(oo), "{t}");
    }
    let e = san::parse(&pos, "O-O+").unwrap_err().to_string();
    assert!(e.contains("does not give check"), "{e}");
}

#[test]
fn san_and_coordinates_in_capitals_are_read_as_help_shows_them() {
    use machack::notation::MoveError;
    let start = Position::startpos();
    let mv = |pos: &Position, c: &str| coordinate::parse(pos, c).unwrap();
    // What HELP offers, typed as shown.
    assert_eq!(parse_any(&start, "NF3"), Ok(mv(&start, "g1f3")));
    assert_eq!(parse_any(&start, "E4"), Ok(mv(&start, "e2e4")));
    assert_eq!(parse_any(&start, "E2E4"), Ok(mv(&start, "e2e4")));
    assert_eq!(parse_any(&start, "G1F3"), Ok(mv(&start, "g1f3")));
    assert_eq!(parse_any(&start, "nF3"), Ok(mv(&start, "g1f3")));
    // Descriptive first: P-K4 and N-KB3 are read as ever, and N-B3's ambiguity stands.
    assert_eq!(parse_any(&start, "P-K4"), Ok(mv(&start, "e2e4")));
    assert!(matches!(
        parse_any(&start, "N-B3"),
        Err(MoveError::Ambiguous { .. })
    ));
    // B is the bishop or the b-file as the legal moves settle it.
    let bishop_or_pawn = Position::from_fen("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1").unwrap();
    assert_eq!(
        parse_any(&bishop_or_pawn, "BXC3").unwrap_err().to_string(),
        "'BXC3' is ambiguous: it fits PxP (bxc3) and BxP (Bxc3); \
         name the piece's wing or square to choose"
    );
    let only_bishop = Position::from_fen("4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1").unwrap();
    assert_eq!(
        parse_any(&only_bishop, "BXC3"),
        Ok(mv(&only_bishop, "d2c3"))
    );
    let only_pawn = Position::from_fen("4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1").unwrap();
    assert_eq!(parse_any(&only_pawn, "BXC3"), Ok(mv(&only_pawn, "b2c3")));
    // A capital move that fits nothing is answered in the notation it has the shape of.
    assert_eq!(
        parse_any(&start, "NF4").unwrap_err().to_string(),
        "'NF4' matches no legal move: no White knight can go to f4; closest legal moves: \
         P-KB4 (f4), N-QR3 (Na3), N-QB3 (Nc3), N-KB3 (Nf3), N-KR3 (Nh3)"
    );
    assert_eq!(
        parse_any(&start, "E2E5").unwrap_err().to_string(),
        "'E2E5' matches no legal move: the piece on e2 cannot go to e5; closest legal moves: \
         P-K3 (e3), P-K4 (e4)"
    );
}

#[test]
fn every_san_and_coordinate_move_in_capitals_is_read_or_named_among_candidates() {
    let mut read = 0;
    let mut ambiguous = 0;
    let mut descriptive_first = 0;
    for pos in suite() {
        for &m in pos.legal_moves().iter() {
            assert_eq!(
                parse_any(&pos, &coordinate::format(m).to_uppercase()),
                Ok(m)
            );
            let upper = san::format(&pos, m).to_uppercase();
            match parse_any(&pos, &upper) {
                Ok(found) if found == m => read += 1,
                // Descriptive first: the capitals read as descriptive notation (QXB3).
                Ok(found) => {
                    assert_eq!(descriptive::parse(&pos, &upper), Ok(found), "{upper}");
                    descriptive_first += 1;
                }
                Err(machack::notation::MoveError::Ambiguous { candidates, .. }) => {
                    assert!(
                        candidates.contains(&machack::notation::describe(&pos, m)),
                        "{upper}: {candidates:?}"
                    );
                    ambiguous += 1;
                }
                Err(e) => panic!("{}: {upper}: {e}", pos.to_fen()),
            }
        }
    }
    eprintln!("{read} read, {ambiguous} ambiguous, {descriptive_first} read as descriptive");
    assert!(read > 1000);
}

#[test]
fn suggestions_are_written_as_a_player_writes_them_with_san_beside() {
    let start = Position::startpos();
    assert_eq!(
        parse_any(&start, "PXP").unwrap_err().to_string(),
        "'PXP' matches no legal move: no White pawn can capture a pawn; closest legal moves: \
         P-QR3 (a3), P-QR4 (a4), P-QN3 (b3), P-QN4 (b4), P-QB3 (c3), P-QB4 (c4), P-Q3 (d3), \
         P-Q4 (d4)"
    );
    // After 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6: the bishop takes the king's bishop's pawn with check.
    let italian =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .unwrap();
    assert_eq!(
        parse_any(&italian, "NXBP").unwrap_err().to_string(),
        "'NXBP' matches no legal move: no White knight can capture a pawn so designated; \
         closest legal moves: NxP (Nxe5), BxP ch (Bxf7+), N-R3 (Na3), N-B3 (Nc3), N-N1 (Ng1), \
         N-Q4 (Nd4), N-R4 (Nh4), N-N5 (Ng5)"
    );
    let mv = |pos: &Position, c: &str| coordinate::parse(pos, c).unwrap();
    assert_eq!(
        descriptive::format_written(&italian, mv(&italian, "c4f7")),
        "BxP ch"
    );
    // Mate as a word.
    let fools = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
        .unwrap();
    assert_eq!(
        descriptive::format_written(&fools, mv(&fools, "d8h4")),
        "Q-R5 mate"
    );
}
