//! `machack match`: short matches against real engines (skipped visibly when the binary is
//! missing, failed in CI), a scripted faulty engine, and bad input.

use crate::common;

use machack::notation::pgn;
use std::time::Duration;

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
            "true exited while we waited for 'feature done=1'|true has exited",
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

/// A UCI engine (a shell script) that answers the handshake and then, on `go`, writes `info`
/// lines without end, `pause` seconds apart (none: as fast as it can).
fn flooding_engine(dir: &std::path::Path, name: &str, pause: Option<&str>) -> String {
    let script = dir.join(format!("{name}.sh"));
    let pause = pause.map_or(String::new(), |p| format!("sleep {p}; "));
    let text = format!(
        "while read l; do case \"$l\" in\n\
         uci) echo 'id name {name}'; echo uciok;;\n\
         isready) echo readyok;;\n\
         go*) while :; do echo 'info depth 1 score cp 0 nodes 1 pv e7e5'; {pause}done;;\n\
         quit) exit 0;;\n\
         esac; done\n"
    );
    std::fs::write(&script, text).unwrap();
    format!("sh {}", script.display())
}

/// The games of the PGN file at `path`.
fn games_in(path: &std::path::Path) -> Vec<machack::notation::Game> {
    pgn::read(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `yes` floods the handshake: the match stops at once with an error (its memory was 1.9 GB
/// after 5 s, and it never timed out), and no game is counted: a failed start is no game.
#[test]
fn yes_as_an_engine_stops_the_match_at_once_with_bounded_memory() {
    if !common::tool_installed("/usr/bin/yes", "match_cli yes") {
        return;
    }
    let dir = common::scratch("match-yes");
    let args = [
        "match",
        "--engine",
        "/usr/bin/yes",
        "--games",
        "2",
        "--tc",
        "1",
        "--pgn",
        "games.pgn",
    ];
    let m = common::measured(&dir, &args, None, Duration::from_secs(30));
    eprintln!("yes: {:.2} s, {} KB", m.seconds, m.peak_kb);
    assert_eq!(m.code, Some(2), "{m:?}");
    assert_eq!(
        m.stderr,
        "machack: /usr/bin/yes flooded its output: more than 100000 lines without 'uciok'; no \
         game was played\n",
        "{m:?}"
    );
    assert_eq!(m.stdout, "", "{m:?}");
    // Within the clock (1 s) plus a second, and far under 200 MB.
    assert!(m.seconds < 2.0, "{m:?}");
    assert!(m.peak_kb < 200_000, "{m:?}");
    assert_eq!(std::fs::read_to_string(dir.join("games.pgn")).unwrap(), "");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine that writes `info` without end after `go` loses each game: flagged as flooding
/// when it writes as fast as it can, on time within its clock plus a second (the grace) when it
/// writes slower; memory stays bounded, the reason is in the PGN, and the match goes on.
#[test]
fn an_engine_flooding_info_after_go_loses_within_the_clock_plus_a_second() {
    let dir = common::scratch("match-flood");
    for (name, pause, termination, reason) in [
        (
            "Flood",
            None,
            "rules infraction",
            "Flood flooded its output: more than 100000 lines without 'bestmove'",
        ),
        (
            "Trickle",
            Some("0.001"),
            "time forfeit",
            "Trickle lost on time (no move: Trickle did not answer 'bestmove' in time)",
        ),
    ] {
        let engine = flooding_engine(&dir, name, pause);
        let pgn_file = format!("{name}.pgn");
        let args = [
            "match", "--engine", &engine, "--games", "2", "--tc", "1", "--preset", "quick",
            "--pgn", &pgn_file,
        ];
        let m = common::measured(&dir, &args, None, Duration::from_secs(60));
        eprintln!("{name}: 2 games in {:.2} s, {} KB", m.seconds, m.peak_kb);
        assert_eq!(m.code, Some(0), "{m:?}");
        assert!(
            m.stdout
                .contains(&format!("Score of machack vs {name}: 2-0-0")),
            "{m:?}"
        );
        assert_eq!(m.stderr.matches(reason).count(), 2, "{m:?}");
        // Each game: the engine's clock (1 s) and the grace (1 s), the runner's half second to
        // let the engine go, machack's quick moves; a flood never outran the clock.
        assert!(m.seconds < 2.0 * 3.0, "{m:?}");
        assert!(m.peak_kb < 200_000, "{m:?}");
        for g in games_in(&dir.join(&pgn_file)) {
            assert_eq!(g.tag("Termination"), Some(termination), "{name}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine of the other protocol is said to be so at once, with the option that would play
/// it (Fairy-Max writes `tellics say` and refuses `uci`; Stockfish refuses `xboard`), and no
/// game is counted: not a 10-second wait, then the engine's forfeit scored as machack's win.
#[test]
fn an_engine_of_the_other_protocol_is_named_at_once_and_no_game_is_counted() {
    for (engine, protocol, message) in [
        (
            "/usr/games/fairymax",
            "uci",
            "machack: /usr/games/fairymax wrote 'tellics say     Fairy-Max 5.0b' as an xboard \
             (CECP) engine does, not UCI: try --engine-protocol xboard; no game was played\n",
        ),
        (
            "/usr/games/stockfish",
            "xboard",
            "machack: /usr/games/stockfish wrote 'Unknown command: 'xboard'. Type …(58 bytes)' \
             as a UCI engine does, not xboard (CECP): try --engine-protocol uci; no game was \
             played\n",
        ),
    ] {
        if !common::tool_installed(engine, "match_cli other protocol") {
            continue;
        }
        let started = std::time::Instant::now();
        let (code, out, err) = machack(&[
            "match",
            "--engine",
            engine,
            "--engine-protocol",
            protocol,
            "--games",
            "2",
            "--tc",
            "5",
        ]);
        assert_eq!((code, out.as_str(), err.as_str()), (Some(2), "", message));
        assert!(started.elapsed() < Duration::from_secs(3), "{engine}");
    }
}

/// An `--engine-option` the engine does not offer is refused before any game, with the
/// options it has: a misspelt `UCI_Elo` would leave a full-strength engine playing. UCI's
/// names are matched without regard to case.
#[test]
fn an_engine_option_the_engine_does_not_offer_is_refused_before_any_game() {
    let dir = common::scratch("match-options");
    let script = dir.join("options.sh");
    std::fs::write(
        &script,
        "while read l; do case \"$l\" in\n\
         uci) echo 'id name Options'; echo 'option name UCI_Elo type spin default 1350 min 1000 \
         max 2800'; echo 'option name Skill Level type spin default 20 min 0 max 20'; echo \
         uciok;;\n\
         isready) echo readyok;;\n\
         go*) echo 'bestmove e7e5';;\n\
         quit) exit 0;;\n\
         esac; done\n",
    )
    .unwrap();
    let engine = format!("sh {}", script.display());
    let (code, out, err) = machack(&[
        "match",
        "--engine",
        &engine,
        "--engine-option",
        "UCI_Elo=1350",
        "--engine-option",
        "UCI_Eol=1350",
    ]);
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert_eq!(
        err,
        "machack: --engine-option UCI_Eol: Options has no option of that name (it offers \
         UCI_Elo, Skill Level)\n"
    );
    let (code, _, err) = machack(&[
        "match",
        "--engine",
        &engine,
        "--engine-option",
        "uci_elo=1350",
        "--engine-option",
        "Skill Level=3",
        "--games",
        "1",
        "--tc",
        "1",
        "--preset",
        "quick",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
