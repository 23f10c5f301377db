//! `machack replay` and `machack convert` on the games of `games/`, run as a user would.

use crate::common;
use common::machack;

#[test]
fn replay_prints_moves_and_the_final_fen_last() {
    let (code, out, _) = machack(&["replay", "games/1967-3-landey.score"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("  1. P-K4           e4       P-QB4          c5\n"),
        "{out}"
    );
    assert!(out.contains(" 21. R-Q8 mate      Rd8#\n"), "{out}");
    assert_eq!(
        out.lines().last(),
        Some("FEN: 3Rkb1r/5p1p/p1r1b1p1/2n1N3/Pp5B/8/1PP2PPP/1K3B1R b k - 1 21")
    );
}

#[test]
fn replay_reads_pgn_and_picks_a_game() {
    let (code, out, _) = machack(&["replay", "games/paper-games.pgn", "--game", "4"], "");
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().last(),
        Some("FEN: 7q/8/Q6K/1p6/8/1P6/P4k2/8 w - - 4 51")
    );
    let (code, _, err) = machack(&["replay", "games/paper-games.pgn", "--game", "9"], "");
    assert_eq!(code, 2);
    assert!(err.contains("has 4 game(s)"), "{err}");
}

#[test]
fn replay_reports_a_bad_move_with_its_number_text_and_why() {
    let (code, out, err) = machack(
        &["replay", "-"],
        "1. P-K4 P-K4\n2. N-KB3 N-QB3\n3. B-N5 N-KN4\n",
    );
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("machack: -: game 1, line 3, column 9: move 3... N-KN4: 'N-KN4' matches no legal move: no Black knight can go to g5; closest legal moves: "),
        "{err}"
    );
    let (code, _, err) = machack(&["replay", "-"], "1. P-Q4 P-Q4 2. N-Q2 N-Q2 3. N-B3");
    assert_eq!(code, 2);
    assert!(
        err.contains("move 3. N-B3: 'N-B3' is ambiguous: it fits "),
        "{err}"
    );
    assert!(err.contains("KN-B3 (Ngf3) and QN-B3 (Ndf3)"), "{err}");
}

#[test]
fn convert_goes_to_pgn_and_back_to_a_descriptive_score_that_replays() {
    let (code, pgn, _) = machack(&["convert", "games/1967-1-wagner.score", "--to", "pgn"], "");
    assert_eq!(code, 0);
    assert!(pgn.starts_with("[Event \"Winter Amateur Tournament"));
    assert!(
        pgn.contains("1. g3 {P-KN3} 1... e5 {P-K4} 2. Nf3 {N-KB3}"),
        "{pgn}"
    );
    // (The other styles are converted back in tests/suite/notation_pgn.rs, without processes.)
    let (code, teletype, _) = machack(
        &["convert", "-", "--to", "descriptive", "--style", "teletype"],
        &pgn,
    );
    assert_eq!(code, 0);
    assert!(teletype.contains("\n55. Q-K6 MATE\n1-0\n"), "{teletype}");
    let (code, out, err) = machack(&["replay", "-"], &teletype);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().last(),
        Some("FEN: 7Q/4k3/p2pQp2/5B2/1PP3P1/8/P4K2/8 b - - 1 55")
    );
}

/// A file of several games with one that cannot be read: every other game is shown, the bad
/// one is named with why, and the command ends with exit code 2 saying how many were not read.
#[test]
fn replay_shows_every_game_it_can_read_and_names_the_one_it_cannot() {
    let games = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e9 2. Nf3 *\n\n\
                 [Event \"c\"]\n\n1. d4 d5 *\n\n1. c4 1-0\n";
    let (code, out, err) = machack(&["replay", "-"], games);
    assert_eq!(code, 2, "{err}");
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("-, game") || l.starts_with("Event") || l.starts_with('('))
            .collect::<Vec<_>>(),
        [
            "-, game 1 of 4:",
            "Event: a",
            "-, game 2 of 4:",
            "(not read: see the error)",
            "-, game 3 of 4:",
            "Event: c",
            "-, game 4 of 4:"
        ]
    );
    assert!(out.ends_with("FEN: rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1\n"));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0]
            .starts_with("machack: -: game 2, line 7, column 7: move 1... e9: 'e9' is not a move"),
        "{err}"
    );
    assert_eq!(
        lines[1],
        "machack: -: 1 of 4 games could not be read (game 2); the others are shown"
    );
}

/// A score saved with a UTF-8 byte-order mark (as some editors save text) is read as without.
#[test]
fn a_score_that_starts_with_a_byte_order_mark_is_read() {
    let (code, out, err) = machack(&["replay", "-"], "\u{feff}[Event \"x\"]\n\n1. e4 e5 *\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Event: x\n  1. P-K4"), "{out}");
    let (code, out, err) = machack(&["convert", "--to", "pgn", "-"], "\u{feff}1. P-K4 P-K4\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1. e4 {P-K4} 1... e5 {P-K4} *"), "{out}");
}

/// A NUL byte (or another control character) a message quotes is written as an escape, never
/// sent to the terminal as it is.
#[test]
fn messages_write_control_characters_of_the_input_as_escapes() {
    let (code, _, err) = machack(&["replay", "-"], "1. e4 \u{0}\u{1} *\n");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("machack: -: game 1, line 1, column 7: move 1... \\0\\u{1}: '\\0\\u{1}'"),
        "{err}"
    );
    assert!(!err.contains('\u{0}') && !err.contains('\u{1}'), "{err:?}");
}

/// A FIFO (a named pipe) that no process writes to is refused within a second by every command
/// that reads a file whole, where opening it waited for ever; one that is written to is read.
#[cfg(unix)]
#[test]
fn a_fifo_without_a_writer_is_refused_within_a_second() {
    use std::time::{Duration, Instant};
    let dir = common::scratch("fifo");
    let fifo = dir.join("f.pgn");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    assert!(made, "mkfifo");
    let path = fifo.to_str().unwrap();
    let refusal = format!(
        "machack: cannot read {path}: it is a FIFO (a named pipe) that no process wrote to \
         within 1 s: nothing to read\n"
    );
    let page = dir.join("r.html");
    for args in [
        &["replay", path][..],
        &["report", path, "-o", page.to_str().unwrap()],
        &["convert", "--to", "pgn", path],
    ] {
        let started = Instant::now();
        let (code, _, err) = common::machack_in(&dir, args, "");
        assert_eq!((code, err.as_str()), (2, refusal.as_str()), "{args:?}");
        assert!(started.elapsed() < Duration::from_secs(3), "{args:?}");
    }
    let started = Instant::now();
    let (code, _, err) = common::machack_in(&dir, &["play", "--resume", path], "quit\n");
    assert_eq!((code, err.as_str()), (2, refusal.as_str()));
    assert!(started.elapsed() < Duration::from_secs(5));
    // Written to, a FIFO is read.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "1. e4 e5 *\n").unwrap())
    };
    let (code, out, err) = common::machack_in(&dir, &["replay", path], "");
    writer.join().unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("  1. P-K4"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A score's variations are written in the notation of the score: `convert --to descriptive`
/// wrote them as they were (`2. N-KB3 (2. f4 exf4)`), and `--to pgn` left descriptive ones
/// in a PGN; comments, NAGs and variations within are kept, and one that cannot be read is
/// kept as written.
#[test]
fn convert_writes_variations_in_the_notation_it_converts_to() {
    let pgn = "1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3 {gambit} (3. Bc4 Qh4+)) 2... Nc6 $1 (2... d6 \
               3. d4) 3. Bb5 (3. zz) *\n";
    let (code, score, err) = machack(&["convert", "--to", "descriptive", "-"], pgn);
    assert_eq!(code, 0, "{err}");
    assert!(
        score.ends_with(
            "1. P-K4 P-K4\n\
             2. N-KB3 (2. P-KB4 PxP 3. N-KB3 {gambit} (3. B-QB4 Q-KR5ch)) N-QB3 $1 (2. ...\n    \
             P-Q3 3. P-Q4)\n\
             3. B-QN5 (3. zz)\n*\n\n"
        ),
        "{score}"
    );
    let (code, back, err) = machack(&["convert", "--to", "pgn", "-"], &score);
    assert_eq!(code, 0, "{err}");
    assert!(
        back.contains(
            "2. Nf3 {N-KB3} (2. f4 exf4 3. Nf3 {gambit} (3. Bc4\nQh4+)) 2... Nc6 $1 {N-QB3} \
             (2... d6 3. d4) 3. Bb5 {B-QN5} (3. zz) *"
        ),
        "{back}"
    );
}
