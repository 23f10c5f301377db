//! One program everywhere (issue 20): the same answer in a position whichever command asks,
//! each naming its settings; the search behind any move of a recorded game; whole score files
//! compared; move lists as people paste them.

use crate::common;

use common::machack;
use std::fs;
use std::io::Write;
use std::time::Duration;

/// The Wagner game after 21. B-KN5: Mac Hack (Black) played 21... R-K4.
const F21: &str = "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21";

/// The settings every command uses when given none.
const DEFAULT_SETTINGS: &str = "profile c197, fixes none, width 15,15,9,9,7, depth 4, feedovers \
    2, secondary off, secondary-plies 2, repetition first, table draws, hash-entries 32767 \
    (tournament preset)";

#[test]
fn in_f21_think_replay_report_and_uci_give_one_move_and_value_and_name_their_settings() {
    // think: 21... B-QR6, -1.55 (-198 units).
    let (code, out, _) = machack(&["think", "--fen", F21], "");
    assert_eq!(code, 0);
    assert!(
        out.contains(&format!("\nsettings: {DEFAULT_SETTINGS}\n")),
        "{out}"
    );
    assert!(
        out.contains("\nchosen: B-QR6 (Ba3)  value -1.55 (-198)\n"),
        "{out}"
    );
    // replay --compare: the row of 21...
    let (code, out, _) = machack(&["replay", "--compare", "games/1967-1-wagner.score"], "");
    assert_eq!(code, 0);
    // The comparison wraps its header at 100 columns.
    assert!(
        out.starts_with(
            "settings: profile c197, fixes none, width 15,15,9,9,7, depth 4, feedovers 2, \
             secondary off,\n  secondary-plies 2, repetition first, table draws, hash-entries \
             32767 (tournament preset)\n"
        ),
        "{out}"
    );
    let row = out
        .lines()
        .find(|l| l.starts_with("21...  "))
        .expect("a row for 21...");
    assert!(
        row.starts_with("21...  R-K4       B-QR6        -1.55  "),
        "{row}"
    );
    // report: the page's settings and its position 21...
    let dir = common::scratch("one-program-report");
    let page = dir.join("w.html");
    let (code, _, err) = machack(
        &[
            "report",
            "games/1967-1-wagner.score",
            "-o",
            page.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let html = fs::read_to_string(&page).unwrap();
    // Its header wrapped at 100 columns, as the comparison's.
    assert!(
        html.replace("<br>  ", " ")
            .contains(&format!("settings: {DEFAULT_SETTINGS}"))
    );
    let from = html.find("id=\"g1-p41\"").expect("position 21...");
    let to = from + html[from..].find("</article>").unwrap();
    let text: String = html[from..to]
        .split('<')
        .map(|part| part.split_once('>').map_or(part, |(_, t)| t))
        .collect::<Vec<_>>()
        .join(" ");
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("machack B-QR6 Ba3 −1.55"), "{words}");
    // uci: `go` with no limits (answered before anything else is sent: a `quit` would stop
    // the search); centipawns -198 * 100 / 128 = -154.
    let (mut child, mut stdin, lines) = common::spawn_lines(&dir, &["uci"]);
    writeln!(stdin, "uci\nposition fen {F21}\ngo").unwrap();
    let mut seen = Vec::new();
    while let Ok(l) = lines.recv_timeout(Duration::from_secs(30)) {
        let done = l.starts_with("bestmove");
        seen.push(l);
        if done {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
    assert!(
        seen.contains(&format!("info string settings: {DEFAULT_SETTINGS}")),
        "{seen:#?}"
    );
    let last_info = seen
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    assert!(
        last_info.starts_with("info depth 4 score cp -154 "),
        "{last_info}"
    );
    assert_eq!(seen.last().unwrap(), "bestmove c5a3");
}

/// A game the machine played against itself (138 moves at the normal preset): `replay
/// --compare` repeats every search of each side in one pass and finds each move played, and
/// `think --game` shows the search behind a move, as it was played, at plies spread over the
/// game (each `think` repeats every search before its ply: asked at every move played, the
/// test took 72 s).
#[test]
fn every_move_the_program_played_is_repeated_and_think_game_shows_its_search() {
    let dir = common::scratch("one-program-think-game");
    // The machine plays both sides at the normal preset, its openings from the book.
    let (code, _, _) = common::machack_in(
        &dir,
        &[
            "play", "--preset", "normal", "--seed", "11", "--record", "g.pgn",
        ],
        "PS\n",
    );
    assert_eq!(code, 0);
    let record = dir.join("g.pgn");
    let text = fs::read_to_string(&record).unwrap();
    let game = machack::game::record::read_pgn(&text).unwrap().game;
    let searched: Vec<usize> = (0..game.moves().len())
        .filter(|&i| game.moves()[i].search.is_some())
        .collect();
    assert!(searched.len() > 200, "{text}");
    for (side, parity) in [("white", 0), ("black", 1)] {
        let (code, out, err) = machack(
            &[
                "replay",
                "--compare",
                "--side",
                side,
                record.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let (agree, of) = agreement_with_the_game(&out);
        // Every position of the side the book did not answer: its searches, and a move forced
        // (the only one legal), played without one.
        let searches = searched.iter().filter(|&&i| i % 2 == parity).count();
        assert_eq!(agree, of, "{side}");
        assert!(of >= searches, "{side}: {of} positions");
    }
    let every = searched.len() / 8;
    let asked: Vec<usize> = searched
        .iter()
        .copied()
        .step_by(every)
        .chain(searched.last().copied())
        .collect();
    for i in asked {
        let ply = (i + 1).to_string();
        let (code, out, err) = machack(
            &["think", "--game", record.to_str().unwrap(), "--ply", &ply],
            "",
        );
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains("\nas played: the same move and value as were played\n"),
            "ply {ply}: {out}"
        );
        let coordinate = game.moves()[i].mv.coordinate();
        assert!(
            out.ends_with(&format!("\nbestmove {coordinate}\n")),
            "{out}"
        );
    }
}

/// A move played deepening is recorded at the depth whose move it is, and c197's table holds
/// nothing from one depth (or search) to the next: each depth is entered with the game's
/// positions alone. So `think --game` repeats every such move at its depth, with the table for
/// draws (the default) and for values, in a game whose positions come back.
#[test]
fn think_game_repeats_the_moves_played_deepening_with_each_use_of_the_table() {
    for table in ["draws", "values"] {
        let dir = common::scratch(&format!("one-program-deepen-{table}"));
        let (code, _, err) = common::machack_in(
            &dir,
            &[
                "play",
                "--deepen",
                "--clock",
                "move/0.3",
                "--no-book",
                "--table",
                table,
                "--record",
                "g.pgn",
            ],
            "N-KB3\nN-KN1\nN-KB3\nN-KN1\nN-KB3\nN-KN1\nquit\n",
        );
        assert_eq!(code, 0, "{err}");
        let record = dir.join("g.pgn");
        let text = fs::read_to_string(&record).unwrap();
        assert!(
            text.contains(&format!("[MachackTable \"{table}\"]")),
            "{text}"
        );
        let game = machack::game::record::read_pgn(&text).unwrap().game;
        let searched: Vec<usize> = (0..game.moves().len())
            .filter(|&i| game.moves()[i].search.is_some())
            .collect();
        assert_eq!(searched, [1, 3, 5, 7, 9, 11], "{text}");
        // Deeper than the set depth somewhere: the moves are the deepening's.
        assert!(text.contains(" depth="), "{text}");
        for i in searched {
            let ply = (i + 1).to_string();
            let (code, out, err) = machack(
                &["think", "--game", record.to_str().unwrap(), "--ply", &ply],
                "",
            );
            assert_eq!(code, 0, "{err}");
            assert!(
                out.contains("\nas played: the same move and value as were played\n"),
                "table {table}, ply {ply}: {out}"
            );
        }
    }
}

#[test]
fn think_game_on_a_1967_game_searches_as_replay_compare_does() {
    let (code, out, _) = machack(
        &[
            "think",
            "--game",
            "games/1967-1-wagner.score",
            "--ply",
            "42",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "game: games/1967-1-wagner.score, ply 42: 21... R-K4 (not machack's search: the \
             position searched alone, from the game's moves)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(&format!("\nsettings: {DEFAULT_SETTINGS}\n")),
        "{out}"
    );
    assert!(
        out.contains("\nchosen: B-QR6 (Ba3)  value -1.55 (-198)\n"),
        "{out}"
    );
    assert!(
        out.contains("\nas played: the game's move was R-K4\n"),
        "{out}"
    );
    let (code, _, err) = machack(
        &["think", "--game", "games/paper-games.pgn", "--ply", "42"],
        "",
    );
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: games/paper-games.pgn holds 4 games: say which with --game-number (1 to 4)\n"
    );
    let (code, _, err) = machack(
        &[
            "think",
            "--game",
            "games/1967-3-landey.score",
            "--ply",
            "42",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: games/1967-3-landey.score has 41 plies: --ply must be from 1 to 41\n"
    );
}

/// The `all:` figures of a comparison's output.
fn totals(out: &str) -> Vec<&str> {
    out.lines()
        .skip_while(|l| !l.starts_with("all: "))
        .collect()
}

#[test]
fn the_pgn_form_of_the_paper_games_compares_as_the_score_files() {
    let (code, pgn, err) = machack(&["replay", "--compare", "games/paper-games.pgn"], "");
    assert_eq!(code, 0, "{err}");
    for k in 1..=4 {
        assert!(
            pgn.contains(&format!("\ngames/paper-games.pgn, game {k} of 4: ")),
            "{pgn}"
        );
    }
    assert!(pgn.contains("\n4 games compared, from 1 file\n"), "{pgn}");
    let scores = [
        "games/1967-1-wagner.score",
        "games/1967-2-nn-1410.score",
        "games/1967-3-landey.score",
        "games/1967-4-spring-amateur.score",
    ];
    let (code, score, _) = machack(&[&["replay", "--compare"][..], &scores].concat(), "");
    assert_eq!(code, 0);
    assert_eq!(totals(&pgn), totals(&score));
    assert_eq!(
        totals(&pgn)[..4],
        [
            "all: 158 positions (9 from the book: compared with c197 only)",
            "  machack = 1967 104/149 (70%), 1967 move in the PMG's first 6 139/149 (93%)",
            // The default, c197 with its table for draws (`fidelity_table.rs`; 156/158 and
            // 153/156 with the table off, as the original ran).
            "  c197 answered 158: machack = c197 154/158 (97%), c197 = 1967 109/158 (69%)",
            "  same value where machack and c197 chose the same move 148/154 (96%)",
        ]
    );
    // --game picks one.
    let (code, one, _) = machack(
        &[
            "replay",
            "--compare",
            "--game",
            "2",
            "games/paper-games.pgn",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        one.contains("\ngames/paper-games.pgn, game 2 of 4: NN (rated 1410)"),
        "{one}"
    );
    assert!(
        !one.contains("game 1 of 4") && !one.contains("all: "),
        "{one}"
    );
}

#[test]
fn replay_plays_every_game_of_a_file() {
    let (code, out, _) = machack(&["replay", "games/paper-games.pgn"], "");
    assert_eq!(code, 0);
    let heads: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("games/paper-games.pgn"))
        .collect();
    assert_eq!(
        heads,
        [
            "games/paper-games.pgn, game 1 of 4:",
            "games/paper-games.pgn, game 2 of 4:",
            "games/paper-games.pgn, game 3 of 4:",
            "games/paper-games.pgn, game 4 of 4:",
        ]
    );
    assert_eq!(out.matches("\nFEN: ").count(), 4);
    // One game: as before, no heading.
    let (_, one, _) = machack(&["replay", "games/1967-3-landey.score"], "");
    assert!(one.starts_with("White: Mac Hack VI\n"), "{one}");
}

#[test]
fn a_game_machack_played_is_compared_with_its_own_searches() {
    let dir = common::scratch("one-program-compare-record");
    let (code, _, _) = common::machack_in(
        &dir,
        &[
            "play", "--preset", "normal", "--seed", "5", "--record", "g.pgn",
        ],
        "P-Q4\nP-QB4\nN-QB3\nP-K3\nN-KB3\nB-Q3\nO-O\nquit\n",
    );
    assert_eq!(code, 0);
    let record = dir.join("g.pgn");
    let (code, out, err) = machack(&["replay", "--compare", record.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "\nsettings: profile c197, fixes none, width 6, depth 4, feedovers 2, secondary off, \
             secondary-plies 2,\n  repetition first, table draws, hash-entries 32767 (normal \
             preset)\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "\nmachack's own moves: its searches in this game, repeated in order with the run \
             state they had\n"
        ),
        "{out}"
    );
    let (agree, of) = agreement_with_the_game(&out);
    assert_eq!(agree, of);
}

/// `machack = game A/B` of `replay --compare`'s summary: the moves machack plays again, of the
/// positions compared.
fn agreement_with_the_game(out: &str) -> (usize, usize) {
    let summary = out
        .lines()
        .find(|l| l.starts_with("  machack = game "))
        .expect("the agreement");
    let figure = summary.split_whitespace().nth(3).unwrap();
    let (agree, of) = figure.split_once('/').unwrap();
    (agree.parse().unwrap(), of.parse().unwrap())
}

#[test]
fn moves_are_read_as_people_paste_them() {
    let after = |moves: &[&str]| {
        let (code, out, err) = machack(
            &[&["think", "--depth", "1", "--moves"][..], moves].concat(),
            "",
        );
        assert_eq!(code, 0, "{moves:?}: {err}");
        out.lines().next().unwrap().to_string()
    };
    let nc6 = "position: r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(after(&["1. e4 e5 2. Nf3 Nc6"]), nc6);
    assert_eq!(after(&["1.", "P-K4", "P-K4", "2.", "N-KB3", "N-QB3"]), nc6);
    assert_eq!(after(&["e2e4 e7e5", "g1f3", "b8c6"]), nc6);
    assert_eq!(after(&["1. e4 {a comment} e5 2. Nf3!? Nc6 *"]), nc6);
    let e5 = "position: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(after(&["1.", "P-K4", "P-K4"]), e5);
    assert_eq!(after(&["e4 e5"]), e5);
    let (code, _, err) = machack(&["think", "--moves", "1. e4 e4"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("machack: --moves: move 1... 'e4': 'e4' matches no legal move"),
        "{err}"
    );
    assert!(
        err.ends_with(
            "(--moves takes the moves as one text or as many words, in descriptive notation \
             (P-K4, N-KB3, PxP), SAN (e4, Nf3, exd5) or coordinates (e2e4, e7e8q), with or \
             without move numbers (1. 21...), check marks and a result, as PGN movetext is \
             written)\n"
        ),
        "{err}"
    );
}
