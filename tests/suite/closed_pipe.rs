//! Output to a closed pipe ends the program quietly, whatever the command: `machack X | head -1`
//! for every subcommand X, and the same with the pipe closed before anything is written. The
//! program ends by SIGPIPE (status 141 in a shell) or with 0, never with a panic or a hang.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The start position.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Every subcommand (and none: a game), with arguments and input that make it write more than
/// one line.
fn commands(dir: &std::path::Path) -> Vec<(Vec<String>, &'static str)> {
    let engine = common::scripted_uci_engine(dir, "Bad Engine", Some("e2e5"));
    let record = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let game = "P-K4\nBD\nPG\nLIST\nHELP\nquit\n";
    let owned = |args: &[&str]| args.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    vec![
        (
            owned(&[
                "--preset",
                "quick",
                "--seed",
                "1",
                "--record",
                &record("a.pgn"),
            ]),
            game,
        ),
        (
            owned(&[
                "play",
                "--preset",
                "quick",
                "--seed",
                "1",
                "--record",
                &record("b.pgn"),
            ]),
            game,
        ),
        (
            owned(&["uci", "--preset", "quick"]),
            "uci\nisready\nposition startpos moves e2e4\ngo depth 1\nisready\nquit\n",
        ),
        (
            owned(&["xboard", "--preset", "quick"]),
            "xboard\nprotover 2\nping 1\nusermove e2e4\nping 2\nquit\n",
        ),
        (owned(&["perft", "3", "--divide"]), ""),
        (owned(&["book", "--stats"]), ""),
        (owned(&["replay", "games/1967-1-wagner.score"]), ""),
        (
            owned(&[
                "replay",
                "--compare",
                "games/1967-3-landey.score",
                "--preset",
                "quick",
            ]),
            "",
        ),
        (
            owned(&["convert", "games/1967-1-wagner.score", "--to", "pgn"]),
            "",
        ),
        (owned(&["think", "--preset", "quick"]), ""),
        (owned(&["bench", "--preset", "quick"]), ""),
        (
            owned(&[
                "epd",
                "data/wac300_revised.epd",
                "--preset",
                "quick",
                "--limit",
                "5",
            ]),
            "",
        ),
        (owned(&["eval", "--fen", START]), ""),
        (owned(&["plausible", "--fen", START]), ""),
        (owned(&["trace", "--fen", START, "P-K4"]), ""),
        (owned(&["bench-pmg", "--repeat", "1"]), ""),
        (
            owned(&["match", "--engine", &engine, "--games", "2", "--tc", "5"]),
            "",
        ),
    ]
}

/// How a run ended, and what it said on standard error.
struct Ending {
    status: ExitStatus,
    stderr: String,
    first_line: String,
}

/// Runs `machack ARGS` with `input`, reads `lines` lines of its output (0: none), closes the
/// pipe, and waits (at most a minute) for the program to end. With no line read, the pipe is
/// closed before the input is written.
fn run_with_closed_output(args: &[String], input: &str, lines: usize) -> Ending {
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the machack binary runs");
    let mut stderr = child.stderr.take().unwrap();
    let drain = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let mut feed = Some(move || {
        let mut stdin = stdin;
        // The program may already have ended: a broken pipe here is no failure.
        let _ = stdin.write_all(input.as_bytes());
    });
    if lines > 0 {
        std::thread::spawn(feed.take().unwrap());
    }
    let mut first_line = String::new();
    for _ in 0..lines {
        let mut line = String::new();
        let _ = stdout.read_line(&mut line);
        if first_line.is_empty() {
            first_line = line;
        }
    }
    drop(stdout);
    if let Some(feed) = feed {
        feed();
    }
    let until = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > until {
            let _ = child.kill();
            panic!("machack {args:?} did not end after its output was closed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Ending {
        status,
        stderr: drain.join().unwrap(),
        first_line,
    }
}

/// Ended with 0 or by SIGPIPE, and said nothing of a panic.
fn assert_quiet(args: &[String], e: &Ending) {
    assert!(
        e.status.code() == Some(0) || e.status.signal() == Some(13),
        "machack {args:?}: {:?}\n{}",
        e.status,
        e.stderr
    );
    assert!(
        !e.stderr.contains("panicked") && !e.stderr.contains("Broken pipe"),
        "machack {args:?}: {}",
        e.stderr
    );
}

#[test]
fn every_command_piped_into_head_1_ends_quietly() {
    let dir = common::scratch("head-1");
    let commands = commands(&dir);
    for (args, input) in &commands {
        let e = run_with_closed_output(args, input, 1);
        assert!(!e.first_line.is_empty(), "machack {args:?}: no output");
        assert_quiet(args, &e);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_command_writing_to_an_already_closed_pipe_ends_quietly() {
    let dir = common::scratch("closed-pipe");
    for (args, input) in &commands(&dir) {
        let e = run_with_closed_output(args, input, 0);
        // A short output may be written before the pipe is closed: then the program ends with 0.
        assert_quiet(args, &e);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
