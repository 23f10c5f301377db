//! PGN and descriptive scores: reading every construct, writing export format, and converting
//! both ways.

use machack::notation::{Notation, Style, pgn, read_games, score};
use machack::rules::Position;

const SAMPLE: &str = r#"[Event "Test \"quoted\""]
[Site "Here"]
[Date "1967.04.22"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Extra "kept"]

% an escape line, skipped
{Opening comment} 1. e4 $1 {best by test} (1. d4 d5 {closed} (1... Nf6)) 1... e5 ; rest of line
2. Nf3 !? Nc6 3. Bb5 a6 1-0

[Event "Second"]
[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 40"]

40. a8=Q+ Kd7 41. Qb7+ *
"#;

#[test]
fn reads_tags_comments_nags_variations_and_several_games() {
    let games = read_games(SAMPLE).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.tag("Event"), Some("Test \"quoted\""));
    assert_eq!(g.tag("Extra"), Some("kept"));
    assert_eq!(g.opening_comments, ["Opening comment"]);
    assert_eq!(g.moves.len(), 6);
    assert_eq!(g.moves[0].nags, [1]);
    assert_eq!(g.moves[0].comments, ["best by test"]);
    assert_eq!(g.moves[0].variations, ["1. d4 d5 {closed} (1... Nf6)"]);
    assert_eq!(g.moves[1].comments, ["rest of line"]);
    assert_eq!(g.moves[2].nags, [5]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    let h = &games[1];
    assert_eq!(h.start.fullmove_number(), 40);
    assert_eq!(h.moves.len(), 3);
    assert_eq!(h.result_text(), "*");
}

#[test]
fn writes_export_format() {
    let games = read_games(SAMPLE).unwrap();
    let out = pgn::write_all(&games);
    let tags: Vec<&str> = out.lines().take(8).collect();
    assert_eq!(
        tags,
        [
            "[Event \"Test \\\"quoted\\\"\"]",
            "[Site \"Here\"]",
            "[Date \"1967.04.22\"]",
            "[Round \"1\"]",
            "[White \"A\"]",
            "[Black \"B\"]",
            "[Result \"1-0\"]",
            "[Extra \"kept\"]"
        ]
    );
    assert!(out.contains("[Date \"????.??.??\"]"));
    assert!(out.contains("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 40\"]"));
    assert!(out.contains("40. a8=Q+ Kd7 41. Qb7+ *"));
    for l in out.lines().filter(|l| !l.starts_with('[')) {
        assert!(l.len() < 80, "{l}");
    }
    // Read back: the same moves, comments, variations.
    let again = read_games(&out).unwrap();
    assert_eq!(again.len(), 2);
    for (a, b) in games.iter().zip(&again) {
        assert_eq!(a.moves.len(), b.moves.len());
        for (x, y) in a.moves.iter().zip(&b.moves) {
            assert_eq!(
                (x.mv, &x.comments, &x.nags, &x.variations),
                (y.mv, &y.comments, &y.nags, &y.variations)
            );
        }
    }
}

#[test]
fn reads_a_plain_list_as_typed_from_a_book() {
    let text = "1. P-K4 P-K4 2. N-KB3 N-QB3\n3. B-N5\n3. ... P-QR3\n4.BxN QPxB 5. O-O";
    let g = &read_games(text).unwrap()[0];
    assert_eq!(g.moves.len(), 9);
    assert!(
        g.moves
            .iter()
            .all(|m| m.notation == Notation::Descriptive || m.text == "O-O")
    );
    assert_eq!(
        g.final_position().to_fen(),
        "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5"
    );
    // Several moves a line, spaced marks, teletype case, Castles, a result at the end.
    let text = "1. P-K4 P-QB4 2. N-KB3 P-Q3 3. P-Q4 PXP 4. NXP N-KB3 5. N-QB3 P-KN3 \
                6. B-K3 B-N2 7. P-B3 O-O 8. Q-Q2 N-B3 9. B-QB4 B-Q2 10. P-KR4 Q-R4 \
                11. Castles QR KR-B1 12. B-N3 NXP 13. B-R6 N/QB3XN 14. QXN BXB dis ch 1/2-1/2";
    let g = &read_games(text).unwrap()[0];
    assert_eq!(g.moves.len(), 28);
    assert_eq!(g.result.as_deref(), Some("1/2-1/2"));
}

#[test]
fn the_games_convert_to_pgn_and_back() {
    for f in [
        "games/1967-1-wagner.score",
        "games/1967-2-nn-1410.score",
        "games/1967-3-landey.score",
        "games/1967-4-spring-amateur.score",
    ] {
        let src = std::fs::read_to_string(format!("{}/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let games = read_games(&src).unwrap();
        let as_pgn = pgn::write_all(&games);
        let from_pgn = read_games(&as_pgn).unwrap();
        assert!(
            from_pgn[0]
                .moves
                .iter()
                .all(|m| m.notation == Notation::San || m.text.starts_with('O'))
        );
        for style in [
            None,
            Some(Style::Book),
            Some(Style::Teletype),
            Some(Style::Short),
        ] {
            let back = score::write_all(&from_pgn, style);
            let again = read_games(&back).unwrap();
            let a: Vec<_> = games[0].moves.iter().map(|m| m.mv).collect();
            let b: Vec<_> = again[0].moves.iter().map(|m| m.mv).collect();
            assert_eq!(a, b, "{f} {style:?}");
            assert_eq!(again[0].tags, games[0].tags);
        }
        // The score written as it was read keeps the printed texts.
        let same = score::write_all(&games, None);
        let reread = read_games(&same).unwrap();
        let texts: Vec<_> = reread[0].moves.iter().map(|m| &m.text).collect();
        let orig: Vec<_> = games[0].moves.iter().map(|m| &m.text).collect();
        assert_eq!(texts, orig, "{f}");
    }
}

#[test]
fn a_black_first_score_is_written_with_an_ellipsis() {
    let mut g =
        read_games("[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 0 7\"]\n7... K-Q2 8. O-O-O ch *").unwrap();
    let g = g.remove(0);
    let s = score::write(&g, Some(Style::Teletype));
    assert!(s.contains("7. ... K-Q2\n8. O-O-O CH\n*"), "{s}");
    let p = pgn::write(&g);
    assert!(p.contains("7... Kd7 {K-Q2} 8. O-O-O+ {O-O-O ch} *"), "{p}");
    assert_ne!(g.start, Position::startpos());
}
