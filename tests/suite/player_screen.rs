//! The terminal game on a real terminal, under tmux (Debian `tmux`; `.ci/run` installs it): the
//! screen mode played by keys sent to the pane and read back from it (send-keys, capture-pane),
//! the terminal given back as it was on every way out, Ctrl-C while the machine thinks, the
//! flag falling with no key typed, the fallback to the teletype on a terminal too small, and the
//! teletype's one echo and lines typed ahead kept apart from what the machine writes.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const TMUX: &str = "/usr/bin/tmux";

/// A tmux server of its own, with one pane running `machack play ARGS` in a shell that notes
/// the terminal's settings before and after and the exit status, then keeps the pane.
struct Pane {
    socket: String,
    dir: PathBuf,
}

impl Pane {
    /// Starts the pane (`width` x `height`), or None when tmux is missing (the test skipped).
    fn start(test: &str, width: u16, height: u16, args: &[&str]) -> Option<Pane> {
        if !common::tool_installed(TMUX, test) {
            return None;
        }
        let dir = common::scratch(&format!("screen-{test}"));
        let pane = Pane {
            socket: format!("machack-{test}-{}", std::process::id()),
            dir,
        };
        let script = "stty -g > before.txt; \"$@\"; echo \"exit $?\" > status.txt; \
                      stty -g > after.txt; exec sleep 600";
        let mut command = vec![
            "sh".to_string(),
            "-c".to_string(),
            script.to_string(),
            "sh".to_string(),
            env!("CARGO_BIN_EXE_machack").to_string(),
            "play".to_string(),
        ];
        command.extend(args.iter().map(|a| a.to_string()));
        let quoted: Vec<String> = command
            .iter()
            .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
            .collect();
        let out = pane.tmux(&[
            "new-session",
            "-d",
            "-s",
            "game",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "-c",
            pane.dir.to_str().unwrap(),
            &format!(
                "LC_ALL=C; export LC_ALL; unset NO_COLOR; {}",
                quoted.join(" ")
            ),
        ]);
        assert!(out.status.success(), "{out:?}");
        Some(pane)
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new(TMUX)
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// The pane's rows as shown now.
    fn rows(&self) -> Vec<String> {
        let out = self.tmux(&["capture-pane", "-p", "-t", "game"]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Types `keys` (tmux key names: `Enter`, `C-c`, or text).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "game"];
        args.extend_from_slice(keys);
        assert!(self.tmux(&args).status.success());
    }

    /// Waits up to 30 s for rows that `ok` accepts; returns them.
    fn wait_for(&self, what: &str, ok: impl Fn(&[String]) -> bool) -> Vec<String> {
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let rows = self.rows();
            if ok(&rows) {
                return rows;
            }
            assert!(
                Instant::now() < until,
                "no screen with {what}:\n{}",
                rows.join("\n")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// [`Pane::wait_for`], then on until two reads 50 ms apart agree: a screen read while it
    /// is being drawn shows rows of the screen before it (a help's last row still the row
    /// the transcript held before it scrolled).
    fn wait_for_drawn(&self, what: &str, ok: impl Fn(&[String]) -> bool) -> Vec<String> {
        let mut rows = self.wait_for(what, &ok);
        loop {
            std::thread::sleep(Duration::from_millis(50));
            let again = self.wait_for(what, &ok);
            if again == rows {
                return rows;
            }
            rows = again;
        }
    }

    /// The exit line the shell wrote once the game ended, waiting for it.
    fn exit(&self) -> String {
        let path = self.dir.join("after.txt");
        let until = Instant::now() + Duration::from_secs(30);
        while !path.exists() || std::fs::read_to_string(&path).unwrap().is_empty() {
            assert!(
                Instant::now() < until,
                "the game did not end:\n{}",
                self.rows().join("\n")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        std::fs::read_to_string(self.dir.join("status.txt"))
            .unwrap()
            .trim()
            .to_string()
    }

    /// Whether the terminal's settings after the game are those before it (not left raw).
    fn terminal_given_back(&self) -> bool {
        let read = |f: &str| std::fs::read_to_string(self.dir.join(f)).unwrap();
        !read("before.txt").is_empty() && read("before.txt") == read("after.txt")
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

/// The running mark and time of a side's clock on the screen (`> BLACK  name  0:09:58`).
fn clock(rows: &[String], side: &str) -> String {
    let row = rows
        .iter()
        .find(|r| r.contains(&format!(" {side}  ")))
        .unwrap_or_else(|| panic!("no {side} clock:\n{}", rows.join("\n")));
    row.split_whitespace().last().unwrap().to_string()
}

/// The last row with something on it.
fn last_row(rows: &[String]) -> &str {
    rows.iter()
        .rev()
        .map(|r| r.trim())
        .find(|r| !r.is_empty())
        .unwrap_or("")
}

fn title(rows: &[String]) -> &str {
    rows.first().map_or("", |r| r.trim())
}

#[test]
fn a_game_on_the_screen_ticks_redraws_in_place_and_ends_with_its_result() {
    let Some(pane) = Pane::start(
        "game",
        80,
        24,
        &[
            "--no-book",
            "--pace",
            "1967x0.2",
            "--name",
            "Tester",
            "--record",
            "game.pgn",
        ],
    ) else {
        return;
    };
    let start = pane.wait_for("the first prompt", |r| {
        title(r).ends_with("WHITE TO MOVE") && last_row(r) == "1."
    });
    // The board on rows 1-9, the clocks beside it.
    // (A row's trailing spaces are not captured: an empty rank is ` 6`.)
    let ranks: Vec<String> = (1..=8).rev().map(|n| format!(" {n}")).collect();
    let board_in_place = |rows: &[String]| {
        rows.len() == 24
            && (0..8).all(|i| rows[1 + i].starts_with(&ranks[i]))
            && rows[9].starts_with("    QR  QN  QB  Q   K   KB  KN  KR")
            && rows[10].starts_with("-- TELETYPE --")
    };
    assert!(board_in_place(&start), "{}", start.join("\n"));
    assert!(start[7].contains("WP  WP  WP  WP  WP  WP  WP  WP"));
    assert!(
        start[1].contains("> WHITE  Tester "),
        "{}",
        start.join("\n")
    );
    assert!(start[2].contains("  BLACK  Mac Hack VI (machack) "));
    pane.keys(&["e4", "Enter"]);
    // While the machine thinks (paced), its clock runs on the screen and its search shows.
    let thinking = pane.wait_for("the machine thinking", |r| {
        title(r).ends_with("BLACK TO MOVE") && r.iter().any(|l| l.contains("ANSWERING IN"))
    });
    let first = clock(&thinking, "BLACK");
    assert!(
        thinking
            .iter()
            .any(|l| l.contains(" MOVE         PLAUS    VALUE")),
        "{}",
        thinking.join("\n")
    );
    assert!(thinking.iter().any(|l| l.contains("BEST ")));
    // Typed ahead: the line stays on the last row, apart from what the machine writes.
    pane.keys(&["bd", "Enter", "resi"]);
    std::thread::sleep(Duration::from_millis(1200));
    let later = pane.wait_for("the clock a second later", |r| {
        title(r).ends_with("BLACK TO MOVE")
    });
    let second = clock(&later, "BLACK");
    assert_ne!(
        first,
        second,
        "the machine's clock ran:\n{}",
        later.join("\n")
    );
    assert_eq!(later[23].trim(), "bd / resi", "{}", later.join("\n"));
    assert!(
        later
            .iter()
            .all(|l| !l.contains("ANSWERING IN") || !l.contains("resi"))
    );
    // The reply: the board drawn again in place, the move in the list and the transcript.
    let replied = pane.wait_for("the reply", |r| {
        title(r).ends_with("WHITE TO MOVE") && r.iter().any(|l| l.starts_with("1... "))
    });
    assert!(board_in_place(&replied), "{}", replied.join("\n"));
    assert!(
        replied[5].contains("WP"),
        "White's pawn on K4:\n{}",
        replied.join("\n")
    );
    assert!(!replied[7].contains("WP  WP  WP  WP  WP  WP  WP  WP"));
    assert!(replied.iter().any(|l| l.contains("PLAYED AFTER ")));
    assert!(replied[4..10].iter().any(|l| l.contains("1.   P-K4 ")));
    // The move typed shows once in the transcript, as it was read.
    let echoes: Vec<&String> = replied.iter().filter(|l| l.starts_with("1. ")).collect();
    assert_eq!(echoes.len(), 1, "{}", replied.join("\n"));
    assert!(echoes[0].starts_with("1. P-K4 "), "{}", replied.join("\n"));
    // The line typed ahead read in turn (BD's status line), the rest still being typed.
    let after = pane.wait_for("the line typed ahead", |r| {
        r.iter().any(|l| l.starts_with("2. bd")) && r[23].trim() == "2. resi"
    });
    assert!(
        after
            .iter()
            .any(|l| l.starts_with("WHITE TO MOVE.  CLOCKS: WHITE 0:")),
        "{}",
        after.join("\n")
    );
    pane.keys(&["gn", "Enter"]);
    let over = pane.wait_for("the end", |r| {
        title(r).contains("GAME OVER") && last_row(r).starts_with("GAME OVER")
    });
    assert!(
        title(&over).ends_with("GAME OVER: WHITE RESIGNS, BLACK WINS   0-1"),
        "{}",
        over.join("\n")
    );
    assert!(
        over.iter()
            .any(|l| l.starts_with("WHITE RESIGNS, BLACK WINS   0-1"))
    );
    assert_eq!(over[23].trim(), "GAME OVER (0-1) *");
    // The clocks stopped with the game.
    let stopped = clock(&over, "WHITE");
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(clock(&pane.rows(), "WHITE"), stopped);
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
    assert!(pane.terminal_given_back());
    let shell = pane.rows();
    assert!(
        shell.iter().any(|l| l.trim() == "BYE."),
        "{}",
        shell.join("\n")
    );
    let pgn = std::fs::read_to_string(pane.file("game.pgn")).unwrap();
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.contains("[White \"Tester\"]"),
        "{pgn}"
    );
}

/// Starts a game on an 80 x 24 screen and waits for its first prompt.
fn screen_game(test: &str) -> Option<Pane> {
    let pane = Pane::start(test, 80, 24, &["--no-book", "--record", "game.pgn"])?;
    pane.wait_for("the first prompt", |r| last_row(r) == "1.");
    Some(pane)
}

#[test]
fn ctrl_c_and_a_signal_give_the_terminal_back() {
    let Some(pane) = screen_game("ctrl-c") else {
        return;
    };
    pane.keys(&["e4", "Enter"]);
    pane.wait_for("the reply", |r| r.iter().any(|l| l.starts_with("1... ")));
    pane.keys(&["C-c"]);
    assert_eq!(pane.exit(), "exit 0");
    assert!(pane.terminal_given_back());
    let rows = pane.rows();
    assert!(
        rows.iter().any(|l| l.starts_with("INTERRUPTED (CTRL-C).")),
        "{}",
        rows.join("\n")
    );
    assert!(
        rows.iter()
            .any(|l| l.starts_with("THE RECORD game.pgn HOLDS THE GAME."))
    );
    let pgn = std::fs::read_to_string(pane.file("game.pgn")).unwrap();
    assert!(pgn.contains("1. e4 {P-K4 "), "{pgn}");
    drop(pane);

    // SIGTERM from elsewhere: the handler gives the terminal back before the program ends.
    let Some(pane) = screen_game("sigterm") else {
        return;
    };
    let shell = pane.tmux(&["list-panes", "-t", "game", "-F", "#{pane_pid}"]);
    let shell = String::from_utf8_lossy(&shell.stdout).trim().to_string();
    let children = format!("/proc/{shell}/task/{shell}/children");
    let game = std::fs::read_to_string(&children).unwrap_or_else(|e| panic!("{children}: {e}"));
    let game = game
        .split_whitespace()
        .next()
        .expect("the game runs under the shell");
    assert!(
        Command::new("kill")
            .args(["-TERM", game])
            .status()
            .unwrap()
            .success()
    );
    assert_eq!(pane.exit(), "exit 143", "ended by SIGTERM");
    assert!(pane.terminal_given_back());
}

/// Ctrl-C typed `after` the rows show `what` (the line `typed` before it), in a game on an 80 x
/// 24 screen played with `args`: the session ends at once, as by `QUIT`, the terminal given
/// back, and the record's movetext is `record` (its comments aside).
fn ctrl_c(test: &str, args: &[&str], typed: &[&str], what: &str, record: &str) {
    let mut all = vec!["--no-book", "--clock", "40/3600", "--record", "game.pgn"];
    all.extend_from_slice(args);
    let Some(pane) = Pane::start(test, 80, 24, &all) else {
        return;
    };
    pane.wait_for("the first prompt", |r| last_row(r) == "1.");
    for line in typed {
        pane.keys(&[line, "Enter"]);
    }
    pane.wait_for(what, |r| r.iter().any(|l| l.contains(what)));
    let typed_at = Instant::now();
    pane.keys(&["C-c"]);
    assert_eq!(pane.exit(), "exit 0");
    // The clock allots the machine about 90 s a move: stopped, not searched to the end.
    let took = typed_at.elapsed();
    assert!(
        took < Duration::from_secs(10),
        "ended {took:?} after Ctrl-C"
    );
    assert!(pane.terminal_given_back());
    let rows = pane.rows();
    assert!(
        rows.iter().any(|l| l.starts_with("INTERRUPTED (CTRL-C).")),
        "{}",
        rows.join("\n")
    );
    let pgn = std::fs::read_to_string(pane.file("game.pgn")).unwrap();
    let movetext = pgn.split("\n\n").nth(1).unwrap_or_default();
    let uncommented: String = movetext
        .split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, after)| after))
        .collect();
    let words: Vec<&str> = uncommented.split_whitespace().collect();
    assert_eq!(words.join(" "), record, "{pgn}");
}

#[test]
fn ctrl_c_while_the_machine_thinks_stops_its_search_and_plays_nothing() {
    // Searching deep, its clock allotting it 90 s.
    ctrl_c("ctrl-c-search", &[], &["setd 12", "e4"], "NODES", "1. e4 *");
    // Waiting out the 1967 pace, its move found.
    ctrl_c(
        "ctrl-c-pace",
        &["--pace", "1967x0.5"],
        &["e4"],
        "ANSWERING IN",
        "1. e4 *",
    );
    // Searching a hint for the player.
    ctrl_c("ctrl-c-hint", &[], &["setd 12", "hint"], "NODES", "*");
    // On the teletype, which reads the keys one by one too: Ctrl-C is a key, not a signal.
    ctrl_c(
        "ctrl-c-teletype",
        &["--teletype"],
        &["setd 12", "e4"],
        "1. e4",
        "1. e4 *",
    );
}

/// A clock's time as the screen shows it (`0:00:01.9`), in seconds.
fn seconds(clock: &str) -> f64 {
    clock.split(':').fold(0.0, |total, part| {
        total * 60.0 + part.parse::<f64>().unwrap()
    })
}

#[test]
fn on_the_screen_the_flag_falls_on_time_with_no_key_typed() {
    let Some(pane) = Pane::start(
        "flag",
        80,
        24,
        &["--no-book", "--clock", "2", "--record", "game.pgn"],
    ) else {
        return;
    };
    let start = pane.wait_for("the first prompt", |r| last_row(r) == "1.");
    let seen = Instant::now();
    let left = seconds(&clock(&start, "WHITE"));
    assert!((1.0..=2.0).contains(&left), "{}", start.join("\n"));
    let over = pane.wait_for("the flag's fall", |r| title(r).contains("GAME OVER"));
    let fell = seen.elapsed().as_secs_f64();
    eprintln!("{left:.1} s on White's clock; its flag fell {fell:.2} s later");
    // The clock shows tenths, cut: up to 0.1 s more was left.
    assert!(
        fell < left + 0.1 + 1.0,
        "the flag fell {fell:.2} s after the clock showed {left:.1} s"
    );
    assert_eq!(
        title(&over),
        "MAC HACK VI (1967)  GAME OVER: WHITE'S FLAG HAS FALLEN, BLACK WINS   0-1"
    );
    assert_eq!(clock(&over, "WHITE"), "0:00:00.0");
    assert_eq!(last_row(&over), "GAME OVER (0-1) *");
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
    let pgn = std::fs::read_to_string(pane.file("game.pgn")).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}

#[test]
fn a_terminal_too_small_or_made_smaller_falls_back_to_the_teletype() {
    let Some(pane) = Pane::start("small", 60, 20, &["--no-book", "--record", "game.pgn"]) else {
        return;
    };
    let rows = pane.wait_for("the notice", |r| last_row(r) == "1.");
    let text = rows.join("\n");
    assert!(
        text.contains("THE TERMINAL IS 60X20, SMALLER THAN THE SCREEN NEEDS (80X24)\n: GOING ON AS A TELETYPE."),
        "{text}"
    );
    pane.keys(&["e4", "Enter"]);
    pane.wait_for("the reply", |r| r.iter().any(|l| l.starts_with("1... ")));
    drop(pane);

    let Some(pane) = screen_game("shrunk") else {
        return;
    };
    assert!(
        pane.tmux(&["resize-window", "-t", "game", "-x", "70", "-y", "24"])
            .status
            .success()
    );
    // The teletype: the notice, the board printed after it, then a prompt; a move is read and
    // answered as lines. (Waited for together: the board comes a moment after the notice.)
    pane.wait_for("the notice and the teletype's board", |r| {
        r.iter()
            .any(|l| l.starts_with("THE TERMINAL IS 70X24, SMALLER THAN THE SCREEN NEEDS"))
            && r.iter().any(|l| l.starts_with("   QR  QN  QB"))
    });
    // The keys are still read one by one: the line typed shows once, after its prompt.
    pane.keys(&["e4", "Enter"]);
    let rows = pane.wait_for("the reply", |r| r.iter().any(|l| l.starts_with("1... ")));
    let typed: Vec<&String> = rows.iter().filter(|l| l.contains("e4")).collect();
    assert_eq!(typed.len(), 1, "{}", rows.join("\n"));
    assert_eq!(typed[0].trim_end(), "1. e4");
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
    assert!(pane.terminal_given_back());
}

#[test]
fn the_teletype_on_a_terminal_echoes_each_move_once() {
    let Some(pane) = Pane::start(
        "teletype",
        80,
        24,
        &[
            "--teletype",
            "--no-book",
            "--preset",
            "quick",
            "--record",
            "game.pgn",
        ],
    ) else {
        return;
    };
    pane.wait_for("the first prompt", |r| r.iter().any(|l| l.trim() == "1."));
    pane.keys(&["e4", "Enter"]);
    let rows = pane.wait_for("the reply", |r| r.iter().any(|l| l.starts_with("1... ")));
    let moves: Vec<&String> = rows.iter().filter(|l| l.starts_with("1.")).collect();
    assert_eq!(
        moves.len(),
        2,
        "the line typed, then the reply:\n{}",
        rows.join("\n")
    );
    assert_eq!(moves[0].trim(), "1. e4");
    assert!(moves[1].starts_with("1... "));
    // A move in descriptive notation, in lower case: shown as typed, not again as read.
    pane.keys(&["p-q4", "Enter"]);
    let rows = pane.wait_for("the reply", |r| r.iter().any(|l| l.starts_with("2... ")));
    let moves: Vec<&String> = rows.iter().filter(|l| l.starts_with("2.")).collect();
    assert_eq!(moves.len(), 2, "{}", rows.join("\n"));
    assert_eq!(moves[0].trim(), "2. p-q4");
    assert!(moves[1].starts_with("2... "));
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
}

#[test]
fn typing_ahead_on_the_teletype_keeps_the_line_apart_and_shows_it_once() {
    let Some(pane) = Pane::start(
        "teletype-ahead",
        80,
        24,
        &[
            "--teletype",
            "--no-book",
            "--pace",
            "1967x0.1",
            "--record",
            "game.pgn",
        ],
    ) else {
        return;
    };
    pane.wait_for("the first prompt", |r| last_row(r) == "1.");
    pane.keys(&["e4", "Enter"]);
    // While the machine waits out the pace: a line typed, and half of another.
    pane.keys(&["bd", "Enter", "nf"]);
    let thinking = pane.wait_for("the lines typed ahead", |r| last_row(r) == "bd / nf");
    assert!(
        !thinking.iter().any(|l| l.contains("1... ")),
        "typed while it thinks:\n{}",
        thinking.join("\n")
    );
    // The reply on a line of its own; the line typed ahead after its prompt, read (BD); the
    // rest still being typed, after the next prompt.
    let rows = pane.wait_for("the reply", |r| last_row(r) == "2. nf");
    let text: Vec<&str> = rows
        .iter()
        .map(|l| l.trim_end())
        .filter(|l| !l.is_empty())
        .collect();
    let at = text
        .iter()
        .position(|l| *l == "1. e4")
        .expect("the move typed");
    assert!(
        text[at + 1].starts_with("1... P-K4 "),
        "{}",
        rows.join("\n")
    );
    assert_eq!(text[at + 2], "2. bd", "{}", rows.join("\n"));
    assert_eq!(text[at + 3], "8  BR BN BB BQ BK BB BN BR");
    assert!(text[at + 12].starts_with("WHITE TO MOVE.  CLOCKS: WHITE 0:"));
    assert_eq!(text[at + 13..], ["2. nf"], "{}", rows.join("\n"));
    // The line finished: shown once, where it was being typed; then Ctrl-C while the machine
    // thinks about its reply.
    pane.keys(&["3", "Enter"]);
    let rows = pane.wait_for("the move read", |r| last_row(r) == "2. nf3");
    let typed: Vec<&String> = rows.iter().filter(|l| l.contains("nf")).collect();
    assert_eq!(typed.len(), 1, "{}", rows.join("\n"));
    pane.keys(&["C-c"]);
    assert_eq!(pane.exit(), "exit 0");
    assert!(pane.terminal_given_back());
    let pgn = std::fs::read_to_string(pane.file("game.pgn")).unwrap();
    assert!(pgn.contains("2. Nf3 {N-KB3 "), "{pgn}");
}

#[test]
fn an_error_ending_gives_the_terminal_back_too() {
    let Some(pane) = screen_game("error") else {
        return;
    };
    // The record cannot be replaced: a folder stands where it was.
    std::fs::remove_file(pane.file("game.pgn")).unwrap();
    std::fs::create_dir(pane.file("game.pgn")).unwrap();
    pane.keys(&["e4", "Enter"]);
    let rows = pane.wait_for("the failure", |r| {
        r.iter()
            .any(|l| l.starts_with("CANNOT WRITE THE RECORD game.pgn"))
    });
    // Nothing the record lacks is shown: the board is the start's.
    assert!(
        rows[7].contains("WP  WP  WP  WP  WP  WP  WP  WP"),
        "{}",
        rows.join("\n")
    );
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 2", "the record is incomplete: an error");
    assert!(pane.terminal_given_back());
    let rows = pane.rows();
    assert!(
        rows.iter().any(|l| l.starts_with("THE GAME IS SAVED IN ")),
        "{}",
        rows.join("\n")
    );
}

/// Resizes the pane's window to `width` x `height`.
fn resize(pane: &Pane, width: u16, height: u16) {
    let (w, h) = (width.to_string(), height.to_string());
    assert!(
        pane.tmux(&["resize-window", "-t", "game", "-x", &w, "-y", &h])
            .status
            .success()
    );
}

/// The screen, set aside for the teletype on a terminal made too small, comes back when the
/// terminal grows again (it never did); and so does a game begun on a terminal too small.
#[test]
fn a_terminal_grown_again_brings_the_screen_back() {
    let Some(pane) = screen_game("grown") else {
        return;
    };
    resize(&pane, 70, 24);
    pane.wait_for("the notice", |r| {
        r.iter()
            .any(|l| l.starts_with("THE TERMINAL IS 70X24, SMALLER THAN THE SCREEN NEEDS"))
    });
    pane.keys(&["e4", "Enter"]);
    pane.wait_for("the reply", |r| r.iter().any(|l| l.starts_with("1... ")));
    resize(&pane, 80, 24);
    let rows = pane.wait_for("the screen", |r| {
        r.iter()
            .any(|l| l.starts_with("THE TERMINAL IS 80X24: BACK TO THE SCREEN."))
    });
    // The screen as it was, with what the teletype wrote meanwhile: the board after the
    // moves, the move typed and the reply in the transcript.
    assert!(
        title(&rows).ends_with("WHITE TO MOVE"),
        "{}",
        rows.join("\n")
    );
    assert!(
        rows[10].starts_with("-- TELETYPE --"),
        "{}",
        rows.join("\n")
    );
    assert!(rows[5].contains("WP"), "{}", rows.join("\n"));
    assert!(
        rows.iter().any(|l| l.starts_with("1. e4 ")),
        "{}",
        rows.join("\n")
    );
    assert!(
        rows.iter().any(|l| l.starts_with("1... ")),
        "{}",
        rows.join("\n")
    );
    assert_eq!(last_row(&rows), "2.");
    pane.keys(&["d4", "Enter"]);
    pane.wait_for("the reply on the screen", |r| {
        r.iter().any(|l| l.starts_with("2... ")) && r[10].starts_with("-- TELETYPE --")
    });
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
    assert!(pane.terminal_given_back());
    drop(pane);

    let Some(pane) = Pane::start(
        "grown-small",
        60,
        20,
        &["--no-book", "--record", "game.pgn"],
    ) else {
        return;
    };
    pane.wait_for("the teletype's prompt", |r| last_row(r) == "1.");
    resize(&pane, 80, 24);
    let rows = pane.wait_for("the screen", |r| {
        r.iter()
            .any(|l| l.starts_with("THE TERMINAL IS 80X24: BACK TO THE SCREEN."))
    });
    assert!(
        rows[10].starts_with("-- TELETYPE --"),
        "{}",
        rows.join("\n")
    );
    assert_eq!(last_row(&rows), "1.");
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
    assert!(pane.terminal_given_back());
}

/// The MACHINE pane's rows: the screen's right-hand part below the divider.
fn machine_pane(rows: &[String]) -> Vec<String> {
    rows.iter()
        .skip(11)
        .take(12)
        .map(|r| {
            r.chars()
                .skip(50)
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// After `NEW`, the MACHINE pane shows no search of the game before.
#[test]
fn after_new_the_machine_pane_shows_no_old_search() {
    let Some(pane) = screen_game("new") else {
        return;
    };
    pane.keys(&["e4", "Enter"]);
    let rows = pane.wait_for("the reply", |r| {
        machine_pane(r)
            .iter()
            .any(|l| l.starts_with("PLAYED AFTER "))
    });
    assert!(
        machine_pane(&rows).iter().any(|l| l.starts_with("BEST ")),
        "{}",
        rows.join("\n")
    );
    pane.keys(&["new", "Enter"]);
    let rows = pane.wait_for("the new game", |r| {
        r.iter()
            .any(|l| l.starts_with("A NEW GAME: RECORDING IT IN"))
    });
    assert_eq!(
        machine_pane(&rows)
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>(),
        ["ITS SEARCH SHOWS HERE"],
        "{}",
        rows.join("\n")
    );
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
}

/// `HELP` on the screen: a line too long for the transcript goes on under the descriptions,
/// twelve columns in, not at the transcript's first column.
#[test]
fn help_on_the_screen_wraps_under_each_description() {
    let Some(pane) = screen_game("help") else {
        return;
    };
    pane.keys(&["help", "Enter"]);
    let rows = pane.wait_for_drawn("the help", |r| {
        r.iter()
            .any(|l| l.starts_with("QUIT        END THE SESSION "))
    });
    let at = rows
        .iter()
        .position(|l| l.starts_with("QUIT        END THE SESSION "))
        .unwrap();
    let left = |i: usize| rows[i].chars().take(48).collect::<String>();
    assert_eq!(
        left(at).trim_end(),
        "QUIT        END THE SESSION (THE RECORD IS",
        "{}",
        rows.join("\n")
    );
    assert_eq!(
        left(at + 1).trim_end(),
        "            ALREADY WRITTEN)",
        "{}",
        rows.join("\n")
    );
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
}

/// `SAN`: the MACHINE pane's moves in SAN (`BEST Nf6 (+0.00)`), descriptive by default.
#[test]
fn san_shows_the_machines_search_in_san_on_the_screen() {
    let Some(pane) = screen_game("san") else {
        return;
    };
    pane.keys(&["san", "Enter"]);
    pane.wait_for("the switch", |r| {
        r.iter()
            .any(|l| l.starts_with("SAN ON: THE MACHINE'S SEARCH IS SHOWN IN SAN."))
    });
    pane.keys(&["e4", "Enter"]);
    let rows = pane.wait_for("the reply", |r| {
        machine_pane(r)
            .iter()
            .any(|l| l.starts_with("PLAYED AFTER "))
    });
    let panel = machine_pane(&rows);
    let best = panel
        .iter()
        .find_map(|l| l.strip_prefix("BEST "))
        .unwrap_or_else(|| panic!("{}", rows.join("\n")));
    let mv = best.split(" (").next().unwrap();
    // SAN: a file or a piece's letter first, no descriptive hyphen.
    assert!(
        mv.starts_with(|c: char| "abcdefghNBRQK".contains(c)) && !mv.contains('-'),
        "{}",
        rows.join("\n")
    );
    // The reply in the transcript stays descriptive.
    assert!(
        rows.iter()
            .any(|l| l.starts_with("1... ") && l.contains('-')),
        "{}",
        rows.join("\n")
    );
    pane.keys(&["san", "Enter"]);
    let rows = pane.wait_for("descriptive again", |r| {
        r.iter().any(|l| l.starts_with("SAN OFF: "))
    });
    let best = machine_pane(&rows)
        .into_iter()
        .find_map(|l| l.strip_prefix("BEST ").map(str::to_string))
        .unwrap();
    assert!(best.split(" (").next().unwrap().contains('-'), "{best}");
    pane.keys(&["quit", "Enter"]);
    assert_eq!(pane.exit(), "exit 0");
}
