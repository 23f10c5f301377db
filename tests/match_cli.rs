//! `machack match`: short matches against real engines (skipped visibly when the binary is
//! missing, failed in CI), a scripted faulty engine, and bad input.

mod common;

use machack::notation::pgn;

fn machack(args: &[&str]) -> (Option<i32>, String, String) {
    let (code, out, err) = common::machack(args, "");
    (Some(code), out, err)
}

/// Plays two short games against `engine` and checks the PGN reads back and the Elo line.
fn two_games(engine: &str, protocol: &str, name: &str) {
    if !common::tool_installed(engine, &format!("match_cli {name}")) {
        return;
    }
    let dir = common::scratch(name);
    let pgn_path = dir.join("games.pgn");
    let (code, out, err) = machack(&[
        "match",
        "--engine",
        engine,
        "--engine-protocol",
        protocol,
        "--games",
        "2",
        "--tc",
        "2+0.05",
        "--max-plies",
        "40",
        "--pgn",
        pgn_path.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(err.contains("game 1/2: machack - "), "{err}");
    assert!(err.contains(" - machack "), "{err}");
    assert!(out.contains("Score of machack vs "), "{out}");
    assert!(out.lines().last().unwrap().starts_with("Elo "), "{out}");
    let games = pgn::read(&std::fs::read_to_string(&pgn_path).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("machack"));
    assert_eq!(games[1].tag("Black"), Some("machack"));
    for g in &games {
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&g.result_text()));
        assert!(g.tag("Termination").is_some());
        assert_eq!(g.tag("TimeControl"), Some("2+0.05"));
        assert!(g.moves.len() <= 40);
        assert_eq!(g.tag("PlyCount"), Some(g.moves.len().to_string().as_str()));
        // The opening's first moves.
        assert_eq!(g.moves[0].text, "e4");
        assert_eq!(g.moves[5].text, "a6");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_games_against_stockfish_read_back() {
    two_games("/usr/games/stockfish", "uci", "stockfish");
}

#[test]
fn two_games_against_fairymax_over_xboard_read_back() {
    two_games("/usr/games/fairymax", "xboard", "fairymax");
}

#[test]
fn an_engine_that_plays_an_illegal_move_loses() {
    let dir = common::scratch("illegal");
    let pgn_path = dir.join("games.pgn");
    let engine = common::scripted_uci_engine(&dir, "Bad Engine", Some("e2e5"));
    let (code, out, err) = machack(&[
        "match",
        "--engine",
        &engine,
        "--games",
        "2",
        "--tc",
        "5",
        "--pgn",
        pgn_path.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(err.contains("illegal move 'e2e5' from Bad Engine"), "{err}");
    assert!(
        out.contains("Score of machack vs Bad Engine: 2-0-0"),
        "{out}"
    );
    // 2 of 2: only the one-sided bound, Elo(1 - (1 - 0.05^(1/2))) = -216.
    assert!(out.contains("Elo n/a (95%: -216 to +inf)"), "{out}");
    let games = pgn::read(&std::fs::read_to_string(&pgn_path).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result_text(), "1-0");
    assert_eq!(games[1].result_text(), "0-1");
    assert_eq!(games[1].tag("Termination"), Some("rules infraction"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_stops_answering_loses_on_time() {
    let dir = common::scratch("silent");
    let engine = common::scripted_uci_engine(&dir, "Silent Engine", None);
    let (code, out, err) = machack(&["match", "--engine", &engine, "--games", "2", "--tc", "0.5"]);
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert_eq!(
        err.matches("Silent Engine lost on time (no move").count(),
        2,
        "{err}"
    );
    assert!(out.contains("2-0-0"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_engines_and_arguments_are_clear_errors() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["match", "--engine", "/no/such/engine"],
            "cannot start engine '/no/such/engine'",
        ),
        // An engine that exits at once: seen when writing to it or when reading, whichever
        // comes first.
        (
            &["match", "--engine", "true"],
            "exited while we waited for 'uciok'|true has exited",
        ),
        (
            &["match", "--engine", "true", "--engine-protocol", "xboard"],
            "exited during the xboard handshake|true has exited",
        ),
        (
            &[
                "match",
                "--engine",
                "true",
                "--engine-protocol",
                "winboard3",
            ],
            "use 'uci' or 'xboard'",
        ),
        (&["match", "--engine", "true", "--tc", "60+"], "--tc: "),
        (
            &["match", "--engine", "true", "--engine-option", "UCI_Elo"],
            "is not NAME=VALUE",
        ),
    ];
    for (args, message) in cases {
        let (code, _, err) = machack(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            message.split('|').any(|m| err.contains(m)),
            "{args:?}: {err}"
        );
    }
}
