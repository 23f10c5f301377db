//! Every game in `games/`: each file reads legal move by move to its end (the number of moves,
//! the result and the final position asserted), names the side Mac Hack played, and the games
//! beyond the paper's are move for move the scores their sources give (`games/more-games.pgn`,
//! SAN as found; `games/README.md` says where each was read). python-chess reads every score
//! the same (`games/check-with-python-chess.py`).

use crate::common;

use machack::fidelity::compare::mac_hack_side;
use machack::notation::{Game, read_games};
use machack::rules::{Color, Status};
use std::path::Path;
use std::process::Command;

fn read(file: &str) -> Vec<Game> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    read_games(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Each score: its file, the side Mac Hack played, its half-moves, its result and final FEN.
const SCORES: [(&str, Color, usize, &str, &str); 11] = [
    (
        "games/1967-1-wagner.score",
        Color::Black,
        109,
        "1-0",
        "7Q/4k3/p2pQp2/5B2/1PP3P1/8/P4K2/8 b - - 1 55",
    ),
    (
        "games/1967-2-nn-1410.score",
        Color::Black,
        66,
        "1/2-1/2",
        "6R1/p1r4p/2p2p2/4pNpk/1P2P1b1/P7/2P2P1P/6K1 w - - 6 34",
    ),
    (
        "games/1967-3-landey.score",
        Color::White,
        41,
        "1-0",
        "3Rkb1r/5p1p/p1r1b1p1/2n1N3/Pp5B/8/1PP2PPP/1K3B1R b k - 1 21",
    ),
    (
        "games/1967-4-spring-amateur.score",
        Color::White,
        100,
        "1/2-1/2",
        "7q/8/Q6K/1p6/8/1P6/P4k2/8 w - - 4 51",
    ),
    (
        "games/1967-dreyfus.score",
        Color::Black,
        74,
        "0-1",
        "6k1/p7/4p1p1/1p1r4/1PK5/r6p/P7/4B2R w - - 0 38",
    ),
    (
        "games/1968-charly-1.score",
        Color::Black,
        82,
        "0-1",
        "5k2/p4ppp/1p6/4P1P1/Pp2rP2/7P/6K1/8 w - - 0 42",
    ),
    (
        "games/1968-charly-2.score",
        Color::White,
        43,
        "1-0",
        "2b1r3/5ppp/p2k4/1r1P4/5B2/1P6/1PP2PPP/2KR3R b - - 6 22",
    ),
    (
        "games/1968-charly-3.score",
        Color::Black,
        52,
        "0-1",
        "8/ppp3p1/1bk3p1/5p2/P7/1PP5/2r2rKP/RN1R4 w - - 0 27",
    ),
    (
        "games/1968-lancaster.score",
        Color::Black,
        116,
        "0-1",
        "8/5k2/8/pK2pp2/8/7R/r6p/8 w - - 0 59",
    ),
    (
        "games/1977-fischer.score",
        Color::Black,
        41,
        "1-0",
        "r6r/pp3pkp/n1p2NqQ/4P3/5B2/6R1/PPP3PP/2R3K1 b - - 8 21",
    ),
    (
        "games/1978-computerwoche.score",
        Color::Black,
        44,
        "1-0",
        "2r3k1/pp1q3p/2p1bQpB/3p1p2/3P4/3B3P/P1P2PP1/4R1K1 w - - 0 23",
    ),
];

/// The scores beyond the paper's, as paths.
fn more() -> Vec<String> {
    common::FURTHER_GAMES
        .iter()
        .map(|g| format!("games/{g}"))
        .collect()
}

#[test]
fn every_file_in_games_is_listed_here() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".score") || name.ends_with(".pgn"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = SCORES
        .iter()
        .map(|s| s.0.trim_start_matches("games/").to_string())
        .chain(["more-games.pgn".into(), "paper-games.pgn".into()])
        .collect();
    listed.sort();
    assert_eq!(files, listed);
}

#[test]
fn every_score_reads_legal_to_its_end_with_mac_hacks_side_named() {
    for (file, side, plies, result, fen) in SCORES {
        let games = read(file);
        assert_eq!(games.len(), 1, "{file}");
        let g = &games[0];
        assert_eq!(mac_hack_side(g), Some(side), "{file}");
        assert_eq!(g.moves.len(), plies, "{file}");
        assert_eq!(g.result_text(), result, "{file}");
        let last = g.final_position();
        assert_eq!(last.to_fen(), fen, "{file}");
        // A score whose last move says mate ends in a checkmate on the board, and only then.
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file));
        let last_line = text
            .unwrap()
            .lines()
            .rev()
            .find(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.ends_with('.'))
            })
            .unwrap()
            .to_ascii_lowercase();
        let says_mate = last_line.contains(" mate");
        let mated = last.status() == Status::Checkmate;
        assert_eq!(mated, says_mate, "{file}");
    }
}

#[test]
fn the_further_scores_are_their_sources_move_for_move() {
    let sources = read("games/more-games.pgn");
    let more = more();
    assert_eq!(sources.len(), more.len());
    for (file, source) in more.iter().zip(&sources) {
        let ours = &read(file)[0];
        let moves = |g: &Game| g.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
        assert_eq!(moves(ours), moves(source), "{file}");
        assert_eq!(ours.result_text(), source.result_text(), "{file}");
        for tag in ["Event", "Site", "Date", "White", "Black", "Result"] {
            assert_eq!(ours.tag(tag), source.tag(tag), "{file}: {tag}");
        }
    }
}

#[test]
fn python_chess_reads_every_score_as_its_reference() {
    let test = "python_chess_reads_every_score_as_its_reference";
    if !common::python_module_installed("chess", test) {
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let paper: Vec<String> = SCORES[..4].iter().map(|s| s.0.to_string()).collect();
    for (scores, reference) in [
        (paper, "games/paper-games.pgn"),
        (more(), "games/more-games.pgn"),
    ] {
        let out = Command::new("python3")
            .arg("games/check-with-python-chess.py")
            .args(&scores)
            .args(["--reference", reference])
            .env("MACHACK", env!("CARGO_BIN_EXE_machack"))
            .current_dir(root)
            .output()
            .expect("python3 runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for file in &scores {
            assert!(
                stdout.contains(&format!("{file}: every move equals the reference game")),
                "{stdout}"
            );
            assert!(
                stdout.contains(&format!("{file}: ")) && stdout.contains("final FEN agrees"),
                "{stdout}"
            );
        }
        assert_eq!(
            stdout.matches("final FEN agrees").count(),
            scores.len(),
            "{stdout}"
        );
    }
}
