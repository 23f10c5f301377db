//! The UCI and CECP front ends, scripted through standard input: a short game each, garbled moves
//! and unknown commands answered without ending the session, a draw offer answered, CECP's
//! analyze mode.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// An engine process and its output lines.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    fn start(protocol: &str) -> Engine {
        Engine::start_with(protocol, "quick")
    }

    fn start_with(protocol: &str, preset: &str) -> Engine {
        Engine::start_args(protocol, &["--preset", preset, "--profile", "paper"])
    }

    fn start_args(protocol: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
            .arg(protocol)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
    }

    /// Waits for a line starting with `prefix`; returns it.
    fn expect(&mut self, prefix: &str) -> String {
        self.expect_with(prefix, "")
    }

    /// Waits for a line starting with `prefix` and containing `inner`; returns it.
    fn expect_with(&mut self, prefix: &str, inner: &str) -> String {
        let until = Instant::now() + Duration::from_secs(20);
        while Instant::now() < until {
            if let Ok(l) = self.lines.recv_timeout(Duration::from_millis(50)) {
                self.seen.push(l.clone());
                if l.starts_with(prefix) && l.contains(inner) {
                    return l;
                }
            }
        }
        panic!(
            "no line starting '{prefix}' with '{inner}'; seen: {:#?}",
            self.seen
        );
    }

    /// Waits for a line starting with `first` or with `second`; returns the prefix that came
    /// first.
    fn expect_either(&mut self, first: &str, second: &str) -> String {
        let until = Instant::now() + Duration::from_secs(20);
        while Instant::now() < until {
            if let Ok(l) = self.lines.recv_timeout(Duration::from_millis(50)) {
                self.seen.push(l.clone());
                for prefix in [first, second] {
                    if l.starts_with(prefix) {
                        return prefix.to_string();
                    }
                }
            }
        }
        panic!(
            "no line starting '{first}' or '{second}'; seen: {:#?}",
            self.seen
        );
    }

    /// The lines that come in the next `time`, none awaited.
    fn lines_for(&mut self, time: Duration) -> Vec<String> {
        let until = Instant::now() + time;
        let mut got = Vec::new();
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            if let Ok(l) = self.lines.recv_timeout(left) {
                self.seen.push(l.clone());
                got.push(l);
            }
        }
        got
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

#[test]
fn uci_plays_a_short_game_and_survives_bad_input() {
    let mut e = Engine::start("uci");
    e.send("uci");
    e.expect("id name machack");
    e.expect("option name OwnBook");
    e.expect("uciok");
    e.send("isready");
    e.expect("readyok");
    e.send("setoption name OwnBook value false");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4");
    e.send("go wtime 60000 btime 60000 winc 0 binc 0");
    // The first top-level move is announced, then each new best with its nodes so far.
    let first = e.expect("info depth");
    assert!(
        first.contains(" currmove ") && first.ends_with(" currmovenumber 1"),
        "{first}"
    );
    let info = e.expect_with("info depth", " score cp ");
    assert!(
        info.contains(" nodes ") && info.contains(" nps ") && info.contains(" pv "),
        "{info}"
    );
    let best = e.expect("bestmove ");
    let reply = best.split_whitespace().nth(1).unwrap().to_string();
    // Garbled input: a malformed position is refused, unknown commands are ignored.
    e.send("position startpos moves e2e4 zz99");
    e.expect("info string error: position refused");
    e.send("position fen not/a/fen w - - 0 1");
    e.expect("info string error: position refused");
    e.send("go sideways");
    e.expect("info string error: go: unknown argument 'sideways'");
    e.send("frobnicate");
    e.send("setoption name Width value 0");
    e.expect("info string error: bad width list: '0' is not a width");
    e.send("isready");
    e.expect("readyok");
    e.send(&format!("position startpos moves e2e4 {reply} d2d4"));
    e.send("go depth 2");
    let final_info = e.expect_with("info depth 2 ", " nodes ");
    assert!(
        final_info.contains(" nps ") && final_info.contains(" pv "),
        "{final_info}"
    );
    e.expect("bestmove ");
    e.send("go movetime 100");
    e.expect("bestmove ");
    e.send("go infinite");
    e.send("isready");
    e.expect("readyok");
    e.send("stop");
    e.expect("bestmove ");
    e.quit();
}

#[test]
fn uci_answers_a_book_move_from_the_book() {
    let mut e = Engine::start("uci");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    e.send("go wtime 1000 btime 1000");
    e.expect("info string book move");
    assert_eq!(e.expect("bestmove "), "bestmove f1b5");
    e.quit();
}

#[test]
fn xboard_plays_a_short_game_and_survives_bad_input() {
    let mut e = Engine::start("xboard");
    e.send("xboard");
    e.send("protover 2");
    let f = e.expect("feature ");
    assert!(f.contains("ping=1") && f.contains("setboard=1"), "{f}");
    e.expect("feature done=1");
    e.send("new");
    e.send("random");
    e.send("level 40 5 0");
    e.send("post");
    e.send("hard");
    e.send("sd 3");
    e.send("time 30000");
    e.send("otim 30000");
    e.send("usermove e2e4");
    let m = e.expect("move ");
    assert!(m.len() >= 9, "{m}");
    e.send("usermove e2e4");
    e.expect("Illegal move: e2e4");
    e.send("usermove banana");
    e.expect("Illegal move: banana");
    e.send("frobnicate 3");
    e.expect("Error (unknown command): frobnicate 3");
    e.send("sd many");
    e.expect("Error (bad argument: depth 'many' is not a whole number from 1 to 20): sd many");
    e.send("ping 7");
    e.expect("pong 7");
    e.send("setboard 7k/8/8/8/8/8/5Q2/6K1 w - - 0 1");
    e.send("force");
    e.send("usermove f2f6");
    e.send("go");
    let mv = e.expect("move ");
    assert!(mv.starts_with("move h8"), "{mv}");
    // Thinking lines: ply score time nodes pv, the pv in SAN (Black's king moves first).
    assert!(
        e.seen.iter().any(|l| l.split_whitespace().count() >= 5
            && l.split_whitespace()
                .take(4)
                .all(|w| w.parse::<i64>().is_ok())
            && l.split_whitespace()
                .nth(4)
                .is_some_and(|w| w.starts_with("Kh") || w.starts_with("Kg"))),
        "{:#?}",
        e.seen
    );
    // The engine, Black, has a bare king against king and queen: it accepts a draw by offering
    // one back, before the pong.
    e.send("draw");
    e.send("ping 8");
    assert_eq!(e.expect_either("offer draw", "pong 8"), "offer draw");
    e.expect("pong 8");
    // `undo` takes back the engine's king move: Black is to move again, so the move it played
    // is legal once more; `remove` takes back that move and White's Qf6, so Qf6 is legal again.
    let kings_move = mv["move ".len()..].to_string();
    e.send("force");
    e.send(&format!("usermove {kings_move}"));
    e.send("ping 9");
    assert_eq!(e.expect_either("Illegal move", "pong 9"), "Illegal move");
    e.expect("pong 9");
    e.send("undo");
    e.send(&format!("usermove {kings_move}"));
    e.send("remove");
    e.send("usermove f2f6");
    e.send("ping 10");
    assert_eq!(e.expect_either("Illegal move", "pong 10"), "pong 10");
    e.quit();
}

/// A position where the engine, White to move, is a queen up: it declines a draw by saying
/// nothing.
#[test]
fn xboard_declines_a_draw_when_it_is_not_worse() {
    let mut e = Engine::start("xboard");
    e.send("protover 2");
    e.expect("feature ");
    e.send("setboard 4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1");
    e.send("go");
    e.expect("move ");
    e.send("draw");
    e.send("ping 1");
    assert_eq!(e.expect_either("offer draw", "pong 1"), "pong 1");
    e.quit();
}

#[test]
fn xboard_reports_mate_and_refuses_moves_after_it() {
    let mut e = Engine::start("xboard");
    e.send("protover 2");
    e.expect("feature ");
    e.send("new");
    e.send("force");
    for m in ["f2f3", "e7e5", "g2g4"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("go");
    assert_eq!(e.expect("move "), "move d8h4");
    e.expect("0-1 {Black mates}");
    e.send("usermove a2a3");
    e.expect("Illegal move");
    e.quit();
}

#[test]
fn xboard_answers_draw_offers_by_evaluation() {
    let mut e = Engine::start("xboard");
    e.send("protover 2");
    e.expect("feature ");
    // White (the engine) has a bare king against king and queen: it accepts a draw.
    e.send("setboard 4k3/8/8/8/8/8/3q4/K7 w - - 0 1");
    e.send("go");
    e.expect("move ");
    e.send("draw");
    e.expect("offer draw");
    e.quit();
}

#[test]
fn uci_ponder_waits_for_ponderhit() {
    let mut e = Engine::start("uci");
    e.send("setoption name OwnBook value false");
    e.send("position startpos moves e2e4");
    e.send("go ponder depth 1");
    e.send("isready");
    e.expect("readyok");
    // The search of the quick preset's four moves ends, and no move is given until `ponderhit`.
    e.expect_with("info depth 1 currmove ", "currmovenumber 4");
    let before = e.lines_for(Duration::from_millis(500));
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "a bestmove before ponderhit: {before:#?}"
    );
    e.send("ponderhit");
    assert_eq!(e.expect("bestmove "), "bestmove d7d5");
    // Pondering searches once at the set depth (it does not deepen): after `ponderhit` the
    // move comes without a `stop`.
    e.send("go ponder");
    e.expect_with("info depth 2 currmove ", "currmovenumber 4");
    let before = e.lines_for(Duration::from_millis(500));
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "a bestmove before ponderhit: {before:#?}"
    );
    e.send("ponderhit");
    assert_eq!(e.expect("bestmove "), "bestmove d7d5");
    e.quit();
}

/// White to move mates with R-Q8 (Rd8#); after the rook goes to h4 instead, Black mates with
/// R-QR8 (Ra1#).
const BACK_RANKS: &str = "6k1/5ppp/8/8/3R4/8/r4PPP/6K1 w - - 0 1";

/// The score of a mate in one as CECP writes it: 100000 + moves to mate.
const MATE_IN_ONE: &str = "100001";

/// Starts a CECP session and waits for its features.
fn xboard() -> Engine {
    let mut e = Engine::start("xboard");
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature ");
    e
}

/// Whether the engine has played a move so far.
fn has_moved(e: &Engine) -> bool {
    e.seen.iter().any(|l| l.starts_with("move "))
}

#[test]
fn xboard_analyze_posts_thinking_for_black_to_move_even_after_nopost() {
    let mut e = xboard();
    e.send("nopost");
    e.send("setboard 6k1/5ppp/8/8/7R/8/r4PPP/6K1 b - - 0 1");
    e.send("analyze");
    // ply score time(cs) nodes pv: depth 2 (analysis deepens: 1, 2, 3, …), mate in one, Ra1#.
    let line = e.expect_with(&format!("2 {MATE_IN_ONE} "), " Ra1#");
    assert_eq!(line.split_whitespace().count(), 5, "{line}");
    // `.`: stat01: time nodes ply mvleft mvtot [mvname], the ply the depth being searched.
    e.send(".");
    let stat = e.expect("stat01: ");
    let f: Vec<u64> = stat
        .split_whitespace()
        .skip(1)
        .take(5)
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(f.len(), 5, "{stat}");
    assert!(f[2] >= 2, "{stat}");
    assert!(f[3] <= f[4] && f[4] >= 1, "{stat}");
    e.send("ping 1");
    e.expect("pong 1");
    assert!(!has_moved(&e), "{:#?}", e.seen);
    e.quit();
}

#[test]
fn xboard_analyze_searches_again_after_a_move_and_never_moves() {
    let mut e = xboard();
    e.send(&format!("setboard {BACK_RANKS}"));
    e.send("analyze");
    e.expect_with(&format!("2 {MATE_IN_ONE} "), " Rd8#");
    // The user's move: now Black is to move and the analysis is of Black's mate.
    e.send("usermove d4h4");
    e.expect_with(&format!("2 {MATE_IN_ONE} "), " Ra1#");
    // `undo` takes it back and White's mate is found again.
    e.send("undo");
    e.expect_with(&format!("2 {MATE_IN_ONE} "), " Rd8#");
    e.send("ping 2");
    e.expect("pong 2");
    assert!(!has_moved(&e), "{:#?}", e.seen);
    e.quit();
}

#[test]
fn xboard_exit_leaves_analyze_mode_and_go_moves_normally() {
    let mut e = xboard();
    e.send(&format!("setboard {BACK_RANKS}"));
    e.send("analyze");
    e.send("d4h4");
    e.expect_with(&format!("2 {MATE_IN_ONE} "), " Ra1#");
    e.send("exit");
    e.send("ping 3");
    e.expect("pong 3");
    assert!(!has_moved(&e), "{:#?}", e.seen);
    // Out of analyze mode the engine is in force mode: `go` plays the side to move, Black.
    e.send("go");
    assert_eq!(e.expect("move "), "move a2a1");
    e.expect("0-1 {Black mates}");
    e.quit();
}

#[test]
fn xboard_analyze_survives_garbled_input_and_keeps_the_position() {
    let mut e = xboard();
    e.send(&format!("setboard {BACK_RANKS}"));
    e.send("analyze");
    e.expect_with(&format!("2 {MATE_IN_ONE} "), " Rd8#");
    e.send("usermove zz");
    e.expect("Illegal move: zz");
    e.send("usermove d4d9");
    e.expect("Illegal move: d4d9");
    e.send("frobnicate");
    e.expect("Error (unknown command): frobnicate");
    e.send("sd x");
    e.expect("Error (bad argument: depth 'x' is not a whole number from 1 to 20): sd x");
    e.send("\u{fffd}\u{0}.");
    e.expect("Error (unknown command)");
    // The position is unchanged: White is to move and the rook still on d4.
    e.send("usermove d4h4");
    e.expect_with(&format!("2 {MATE_IN_ONE} "), " Ra1#");
    e.send("ping 4");
    e.expect("pong 4");
    assert!(!has_moved(&e), "{:#?}", e.seen);
    e.quit();
}

/// The smothered mate: Qg8+ Rxg8 Nf7#, a mate in two that the normal preset finds.
const SMOTHERED: &str = "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1";

/// A line with the words that depend on the machine's speed replaced by `_`: the time of a
/// CECP thinking line (its third word), UCI's `nps` and `time` values.
fn timeless(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let cecp = words.first().is_some_and(|w| w.parse::<u32>().is_ok());
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let after_timed = i > 0 && ["nps", "time"].contains(&words[i - 1]);
            if (cecp && i == 2) || (!cecp && after_timed) {
                "_"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn xboard_features_declare_the_notation_and_profile_options_and_end_with_done() {
    let mut e = Engine::start("xboard");
    e.send("xboard");
    e.send("protover 2");
    // The session runs --profile paper: the profile in use is the option's default.
    assert_eq!(
        e.expect("feature "),
        "feature ping=1 setboard=1 usermove=1 san=0 sigint=0 reuse=1 colors=0 time=1 nps=0 \
         myname=\"machack (Mac Hack VI 1967)\" option=\"Notation -combo *SAN /// descriptive\" \
         option=\"Profile -combo c197 /// *paper\" option=\"MultiPV -spin 1 1 255\" \
         option=\"Deepen -check 0\""
    );
    assert_eq!(e.expect("feature "), "feature done=1");
    e.quit();
}

/// CECP mate scores are 100000 + N for a mate in N moves and -100000 - N for being mated in N;
/// the variation is in SAN, which interfaces read.
#[test]
fn xboard_posts_mates_as_100000_plus_moves_with_the_pv_in_san() {
    let mut e = Engine::start_with("xboard", "normal");
    e.send("xboard");
    e.send("protover 2");
    e.send(&format!("setboard {SMOTHERED}"));
    e.send("analyze");
    let line = e.expect_with("4 100002 ", " Nf7#");
    // Depth 4 done (analysis deepens: its nodes counted from depth 1 on).
    assert_eq!(timeless(&line), "4 100002 _ 876 Qg8+ Rxg8 Nf7#");
    e.send("exit");
    e.quit();
    // Black, after Qg8+, is mated in one (a session of its own: the first search, stopped by
    // a move at some point, would leave the table in a state that depends on the timing).
    let mut e = Engine::start_with("xboard", "normal");
    e.send("xboard");
    e.send("protover 2");
    e.send("setboard r5Qk/6pp/7N/8/8/8/8/6K1 b - - 1 1");
    e.send("analyze");
    let line = e.expect_with("4 -100001 ", " Nf7#");
    assert_eq!(timeless(&line), "4 -100001 _ 81 Rxg8 Nf7#");
    e.send("exit");
    e.quit();
}

/// `option Notation=descriptive` writes the variations as the 1967 program printed them.
#[test]
fn xboard_notation_option_switches_the_pv_to_descriptive() {
    let mut e = Engine::start_with("xboard", "normal");
    e.send("xboard");
    e.send("protover 2");
    e.send("option Notation=descriptive");
    e.send(&format!("setboard {SMOTHERED}"));
    e.send("analyze");
    let line = e.expect_with("4 100002 ", " MATE");
    assert_eq!(timeless(&line), "4 100002 _ 876 Q-KN8 CH RXQ N-KB7 MATE");
    e.send("exit");
    e.send("option Notation=fancy");
    e.expect("Error (bad argument: Notation 'fancy' is not SAN or descriptive");
    e.quit();
}

/// The lines of a UCI search's end: the `info` lines after the last `currmove` line, and the
/// `bestmove`, the speed-dependent words masked.
fn uci_result(e: &mut Engine) -> Vec<String> {
    e.expect("bestmove ");
    let last_currmove = e.seen.iter().rposition(|l| l.contains(" currmove "));
    e.seen[last_currmove.map_or(0, |i| i + 1)..]
        .iter()
        .map(|l| timeless(l))
        .collect()
}

/// The book only chooses moves in play: analysis — `go depth`, `go infinite`, or any `go` with
/// `UCI_AnalyseMode` on — searches a book position and reports its score.
#[test]
fn uci_analysis_of_a_book_position_is_searched_and_scored() {
    let mut e = Engine::start("uci");
    e.send("position startpos");
    e.send("go depth 2");
    assert_eq!(
        uci_result(&mut e),
        [
            "info depth 2 score cp 0 nodes 24 nps _ time _ pv d2d4 d7d5",
            "bestmove d2d4"
        ]
    );
    // Analysis deepens (the table now holds the position after d2d4: the line ends there);
    // the move after `stop` is that of the deepest depth done by then.
    e.send("go infinite");
    e.expect_with("info depth 2 score cp 0 ", " pv d2d4");
    e.send("stop");
    e.expect("bestmove ");
    assert!(!e.seen.iter().any(|l| l.contains("book")), "{:#?}", e.seen);
    e.send("setoption name UCI_AnalyseMode value true");
    e.send("go movetime 500");
    e.expect_with("info depth 2 score cp 0 ", " pv d2d4");
    e.expect("bestmove ");
    assert!(!e.seen.iter().any(|l| l.contains("book")), "{:#?}", e.seen);
    // In play (analyse mode off) the book answers.
    e.send("setoption name UCI_AnalyseMode value false");
    e.send("go movetime 5000");
    e.expect("info string book move");
    e.expect("bestmove ");
    assert!(!e.seen.iter().any(|l| l.contains("error")), "{:#?}", e.seen);
    e.quit();
}

/// `MultiPV 3`: three lines, best first, each with its exact value (the values the search gives
/// when every top-level move is searched exactly: tests/suite/search.rs).
#[test]
fn uci_multipv_3_reports_the_three_best_moves_with_exact_scores() {
    let mut e = Engine::start_with("uci", "tournament");
    e.send("uci");
    e.expect("option name MultiPV type spin default 1 min 1 max 255");
    e.send("setoption name MultiPV value 3");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go depth 4");
    assert_eq!(
        uci_result(&mut e),
        [
            "info depth 4 multipv 1 score cp 9 nodes 6463 nps _ time _ pv c3d5 g4e6 d5f6 g7f6",
            "info depth 4 multipv 2 score cp 0 nodes 6463 nps _ time _ pv h2h3 g4e6 c4e6 f7e6",
            "info depth 4 multipv 3 score cp 0 nodes 6463 nps _ time _ pv d1e1 h7h6 g5e3 c5e3 \
             e1e3",
            "bestmove c3d5"
        ]
    );
    e.send("setoption name MultiPV value 0");
    e.expect("info string error: MultiPV '0' is not a whole number from 1 to 255");
    e.quit();
}

/// Under c197, `MultiPV 3` gives the program's own choice, value and line first, then the two
/// best of the other top-level moves with their exact values (`c197/lines.rs`), the same lines
/// `think --lines 3` prints; `MultiPV 1` gives c197's search node for node.
#[test]
fn uci_multipv_3_under_c197_gives_its_choice_then_the_next_two_exact() {
    let mut e = Engine::start_args("uci", &["--preset", "tournament"]);
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go depth 4");
    assert_eq!(
        uci_result(&mut e),
        [
            "info depth 4 score cp 31 nodes 2673 nps _ time _ pv c3d5 c5d4 d5f6 g7f6 g5c1",
            "bestmove c3d5"
        ]
    );
    e.send("setoption name MultiPV value 3");
    e.send("go depth 4");
    assert_eq!(
        uci_result(&mut e),
        [
            "info depth 4 multipv 1 score cp 31 nodes 7638 nps _ time _ pv c3d5 c5d4 d5f6 g7f6 \
             g5c1",
            "info depth 4 multipv 2 score cp 0 nodes 7638 nps _ time _ pv h2h3 g4e6 c4e6 f7e6",
            "info depth 4 multipv 3 score cp -4 nodes 7638 nps _ time _ pv d1e1 g4f3 g2f3 h7h6",
            "bestmove c3d5"
        ]
    );
    e.quit();
}

/// `go infinite` deepens, depth 1, 2, 3, … with the lines of each depth done, until `stop`;
/// then the deepest depth done gives the best move.
#[test]
fn uci_go_infinite_deepens_until_stop() {
    let mut e = Engine::start_args("uci", &["--preset", "quick"]);
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go infinite");
    std::thread::sleep(Duration::from_secs(1));
    // Nothing but thinking before the stop.
    e.send("isready");
    e.expect("readyok");
    assert!(
        !e.seen.iter().any(|l| l.starts_with("bestmove")),
        "{:#?}",
        e.seen
    );
    e.send("stop");
    let best = e.expect("bestmove ");
    let depths: Vec<u32> = e
        .seen
        .iter()
        .filter(|l| l.contains(" score "))
        .filter_map(|l| l.split_whitespace().nth(2)?.parse().ok())
        .collect();
    for d in 1..=4 {
        assert!(depths.contains(&d), "no depth {d} in {:#?}", e.seen);
    }
    // The last line before `bestmove` is the deepest depth done, whose move is played.
    let last = &e.seen[e.seen.len() - 2];
    let deepest: u32 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(
        deepest >= 4 && *depths.iter().max().unwrap() <= deepest + 1,
        "{last}"
    );
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(last.contains(&format!(" pv {mv}")), "{last} / {best}");
    e.quit();
}

/// With the `Deepen` option a `go` with clocks deepens within the time the clock allots, past
/// the preset's depth (2 here); without it, the search stays at the preset's depth.
#[test]
fn uci_deepen_option_deepens_play_within_the_clock() {
    let mut e = Engine::start_args("uci", &["--preset", "quick"]);
    e.send("uci");
    e.expect_with("option name Deepen", "type check default false");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go wtime 10000 btime 10000");
    let result = uci_result(&mut e);
    assert!(result[0].starts_with("info depth 2 score "), "{result:#?}");
    e.send("setoption name Deepen value true");
    let since = Instant::now();
    e.send("go wtime 10000 btime 10000");
    let result = uci_result(&mut e);
    assert!(since.elapsed() < Duration::from_secs(10), "{result:#?}");
    assert!(
        e.seen.iter().any(|l| l.starts_with("info depth 3 ")),
        "{:#?}",
        e.seen
    );
    e.send("setoption name Deepen value maybe");
    e.expect("info string error: Deepen 'maybe' is not true or false");
    e.quit();
}

/// Stockfish's `d`: the board, the FEN, the key (Polyglot's) and the checkers (the session's
/// position).
#[test]
fn uci_d_shows_the_board_the_fen_and_the_key() {
    let mut e = Engine::start("uci");
    e.send("position startpos moves e2e4 e7e5 d1h5 b8c6 h5f7");
    e.send("d");
    let fen = e.expect("Fen: ");
    assert_eq!(
        fen,
        "Fen: r1bqkbnr/pppp1Qpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3"
    );
    // The position's Polyglot key, as python-chess computes it
    // (`chess.polyglot.zobrist_hash`).
    assert_eq!(e.expect("Key: "), "Key: FB4CEEBC95AE311F");
    assert_eq!(e.expect("Checkers: "), "Checkers: f7");
    let board: Vec<&String> = e.seen.iter().filter(|l| l.starts_with(" |")).collect();
    assert_eq!(board.len(), 8, "{:#?}", e.seen);
    assert_eq!(board[0], " | r |   | b | q | k | b | n | r | 8");
    assert_eq!(board[1], " | p | p | p | p |   | Q | p | p | 7");
    assert_eq!(board[7], " | R | N | B |   | K | B | N | R | 1");
    e.quit();
}

/// `option MultiPV=3` (offered in the features): analyze mode posts three thinking lines for
/// each depth done, the best first, under c197 and the paper's profile alike.
#[test]
fn xboard_multipv_3_posts_three_lines_per_depth_in_analyze() {
    for profile in ["c197", "paper"] {
        let mut e = Engine::start_args("xboard", &["--preset", "quick", "--profile", profile]);
        e.send("xboard");
        e.send("protover 2");
        e.expect_with("feature ", "option=\"MultiPV -spin 1 1 255\"");
        e.send("option MultiPV=3");
        e.send(&format!("setboard {MIDDLEGAME}"));
        e.send("analyze");
        e.expect("4 ");
        let fours: Vec<String> = (0..3).map(|_| e.expect("")).collect();
        e.send("exit");
        let depth3: Vec<String> = e
            .seen
            .iter()
            .filter(|l| l.starts_with("3 "))
            .map(|l| timeless(l))
            .collect();
        let expected: &[&str] = match profile {
            "c197" => &[
                "3 31 _ 628 Nd5 Bd4 Nxf6+ gxf6 Bc1",
                "3 0 _ 628 h3 Be6 Bxe6 fxe6",
                "3 0 _ 628 Re1 h6 Bh4",
            ],
            _ => &["3 10 _ 412 Nd5", "3 0 _ 412 h3", "3 0 _ 412 Be3"],
        };
        assert_eq!(depth3, expected, "{profile}: {:#?}", e.seen);
        // The next depth's three come together too (the first was read above).
        assert!(
            fours
                .iter()
                .all(|l| l.starts_with("4 ") || l.starts_with("5 ")),
            "{fours:#?}"
        );
        e.send("option MultiPV=256");
        e.expect("Error (bad argument: MultiPV '256' is not a whole number from 1 to 255)");
        e.quit();
    }
}

/// A middlegame out of the book, where a deep search takes far longer than the clock allows.
const MIDDLEGAME: &str = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 4 8";

/// The times left the engine is told of, move after move: all under a second, while the control
/// adds 10 s after each move (issue 13: with 1 s left and a 10 s increment machack thought 8 s).
const NEARLY_EMPTY_MS: [u64; 6] = [1000, 700, 500, 300, 200, 150];

/// Waits for the engine's move and returns it with the time it took from `since`.
fn timed_reply(e: &mut Engine, prefix: &str, since: Instant) -> (String, Duration) {
    let line = e.expect(prefix);
    let took = since.elapsed();
    let mv = line.split_whitespace().nth(1).unwrap().to_string();
    (mv, took)
}

#[test]
fn xboard_on_a_nearly_empty_clock_with_a_large_increment_never_oversteps() {
    let mut e = Engine::start_with("xboard", "tournament");
    e.send("xboard");
    e.send("protover 2");
    e.expect("feature ");
    e.send(&format!("setboard {MIDDLEGAME}"));
    e.send("level 0 0:01 10");
    e.send("sd 12");
    // The engine plays both sides: `go` makes it play the side to move.
    for left in NEARLY_EMPTY_MS {
        e.send(&format!("time {}", left / 10));
        e.send(&format!("otim {}", left / 10));
        let since = Instant::now();
        e.send("go");
        let (mv, took) = timed_reply(&mut e, "move ", since);
        assert!(
            took < Duration::from_millis(left),
            "{mv} took {took:?} with {left} ms left"
        );
        e.send("force");
    }
    e.quit();
}

#[test]
fn uci_on_a_nearly_empty_clock_with_a_large_increment_never_oversteps() {
    let mut e = Engine::start_with("uci", "tournament");
    e.send("uci");
    e.expect("uciok");
    e.send("setoption name OwnBook value false");
    e.send("setoption name Depth value 12");
    let mut moves: Vec<String> = Vec::new();
    for left in NEARLY_EMPTY_MS {
        e.send(&format!(
            "position fen {MIDDLEGAME} moves {}",
            moves.join(" ")
        ));
        let since = Instant::now();
        e.send(&format!(
            "go wtime {left} btime {left} winc 10000 binc 10000"
        ));
        let (mv, took) = timed_reply(&mut e, "bestmove ", since);
        assert!(
            took < Duration::from_millis(left),
            "{mv} took {took:?} with {left} ms left"
        );
        moves.push(mv);
    }
    e.quit();
}

/// Issue 13: clock values that panicked (`level` then `go`), overflowed (`time`, `otim`) or were
/// clamped get the protocol's error line, and the session goes on with its old control.
#[test]
fn clock_commands_out_of_range_get_the_protocols_error_line() {
    let mut e = xboard();
    for (line, why) in [
        (
            "level 40 5 100000000000000000:00",
            "the increment '100000000000000000:00' is out of range",
        ),
        (
            "time 1844674407370955162",
            "time '1844674407370955162' is out of range",
        ),
        (
            "otim 1844674407370955162",
            "otim '1844674407370955162' is out of range",
        ),
        ("st 0", "the time a move must be more than 0 seconds"),
    ] {
        e.send(line);
        let answer = e.expect("Error (bad argument: ");
        assert!(answer.contains(why) && answer.ends_with(line), "{answer}");
    }
    e.send("go");
    e.expect("move ");
    e.quit();
    let mut e = Engine::start("uci");
    for (line, why) in [
        (
            "go wtime 99999999999999999999",
            "go: wtime '99999999999999999999' is out of range",
        ),
        (
            "go btime 1000 binc 360000001",
            "go: binc '360000001' is out of range",
        ),
        (
            "go movestogo 0",
            "go: movestogo '0' is not a whole number from 1 to 1000",
        ),
        ("go movetime -1", "go: movetime '-1' is out of range"),
    ] {
        e.send(line);
        e.expect_with("info string error: ", why);
    }
    e.send("isready");
    e.expect("readyok");
    e.send("go movetime 50");
    e.expect("bestmove ");
    e.quit();
}

/// Paper game 1 before 12. O-O, where the two profiles part at the quick preset: c197 castles
/// (`machack think --preset quick --profile c197`), the paper's recreation plays B-KB4.
const PROFILES_PART: &str = "1r1q1rk1/p1pn1ppp/1b1pbn2/8/2P5/1NNP2P1/PP3PBP/R1BQK2R w KQ - 3 12";

#[test]
fn uci_profile_option_chooses_the_program_and_refuses_unknown_names() {
    let mut e = Engine::start("uci");
    e.send("uci");
    e.expect("option name Profile type combo default paper var c197 var paper");
    e.expect("uciok");
    for (profile, best) in [("c197", "bestmove e1g1"), ("paper", "bestmove c1f4")] {
        e.send(&format!("setoption name Profile value {profile}"));
        e.send(&format!("position fen {PROFILES_PART}"));
        e.send("go");
        e.expect(best);
    }
    e.send("setoption name Profile value sargon");
    e.expect_with("info string error: profile 'sargon' unknown", "paper");
    e.send("isready");
    e.expect("readyok");
    e.quit();
}

#[test]
fn cecp_profile_option_chooses_the_program_and_refuses_unknown_names() {
    let mut e = xboard();
    assert!(
        e.seen
            .iter()
            .any(|l| l.contains("option=\"Profile -combo c197 /// *paper\"")),
        "{:?}",
        e.seen
    );
    for (profile, best) in [("c197", "move e1g1"), ("paper", "move c1f4")] {
        e.send("new");
        e.send("force");
        e.send(&format!("option Profile={profile}"));
        e.send(&format!("setboard {PROFILES_PART}"));
        e.send("go");
        e.expect(best);
    }
    e.send("option Profile=sargon");
    e.expect("Error (bad argument: profile 'sargon' unknown");
    e.quit();
}

/// The move of a `bestmove` line, checked legal in `fen` after `moves` (or `0000`).
fn legal_bestmove(line: &str, fen: &str, moves: &[&str]) -> String {
    let m = line.strip_prefix("bestmove ").unwrap().to_string();
    let mut pos = machack::rules::Position::from_fen(fen).unwrap();
    for t in moves {
        let mv = machack::notation::coordinate::parse(&pos, t).unwrap();
        pos.make(mv);
    }
    if m != "0000" {
        machack::notation::coordinate::parse(&pos, &m)
            .unwrap_or_else(|e| panic!("bestmove {m} is not legal: {e}"));
    }
    m
}

/// A `go` that is refused still ends with a `bestmove`, after its error, so that an interface
/// never waits for one: a legal move, or `0000` where there is none.
#[test]
fn uci_every_go_ends_with_a_bestmove_even_a_refused_one() {
    let start = machack::rules::START_FEN;
    let mut e = Engine::start("uci");
    e.send("position startpos moves e2e4");
    let long = format!("go {}", "x".repeat(70_000));
    for (line, why) in [
        ("go sideways", "go: unknown argument 'sideways'"),
        (
            "go depth fifty",
            "go: depth 'fifty' is not a whole number from 1 to 20",
        ),
        (
            "go movetime 0",
            "go: movetime must be more than 0 milliseconds",
        ),
        (
            "go wtime 1000 btime",
            "go: btime '' is not a whole number of milliseconds",
        ),
        (
            &long,
            "a line longer than 64 KiB ('go xxxxxxxxxxxxxxxxxxxxxxxxxxxxx…(65536 bytes)') is \
             ignored",
        ),
    ] {
        e.send(line);
        e.expect(&format!(
            "info string error: {why}; answering with a search to depth 1"
        ));
        let best = e.expect("bestmove ");
        legal_bestmove(&best, start, &["e2e4"]);
    }
    // Stalemate: no legal move, and the refused go still answers.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go bogus");
    e.expect("info string error: go: unknown argument 'bogus'");
    assert_eq!(e.expect("bestmove"), "bestmove 0000");
    e.quit();
}

/// CECP: `go` in a position the rules have ended (set up finished) is answered with the result.
#[test]
fn cecp_announces_the_result_when_go_meets_a_finished_position() {
    let mut e = xboard();
    for (fen, result) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2 {Stalemate}"),
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "1-0 {White mates}"),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "1/2-1/2 {Draw by insufficient material}",
        ),
    ] {
        e.send("new");
        e.send("force");
        e.send(&format!("setboard {fen}"));
        e.send("go");
        assert_eq!(e.expect_either("1", "0-1"), "1", "{fen}");
        assert_eq!(e.seen.last().unwrap(), result, "{fen}");
    }
    e.quit();
}

/// Castling sent as the king taking its own rook (`e1h1`, as interfaces write it for
/// Chess960-style input) is read as castling on that side; where castling is not legal the
/// refusal names the right form.
#[test]
fn the_king_taking_its_own_rook_is_castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut e = Engine::start("uci");
    e.send(&format!("position fen {fen} moves e1h1 e8a8"));
    e.send("go depth 1");
    let best = e.expect("bestmove ");
    legal_bestmove(&best, fen, &["e1g1", "e8c8"]);
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1 moves e1h1");
    e.expect(
        "info string error: position refused: 'e1h1' matches no legal move: the king \
         taking its own rook means castling, written e1g1 (O-O), which is not legal here",
    );
    assert!(
        !e.seen.iter().any(|l| l.contains("ambiguous")),
        "{:#?}",
        e.seen
    );
    e.quit();

    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send(&format!("setboard {fen}"));
    e.send("usermove e1a1");
    e.send("go");
    e.expect("move ");
    assert!(
        !e.seen.iter().any(|l| l.starts_with("Illegal")),
        "{:#?}",
        e.seen
    );
    e.quit();
}

/// `go searchmoves`: the program chooses among the moves named only (each profile's own choice
/// between two poor moves), the book stays out of it, and a move not legal here is named and
/// left out.
#[test]
fn uci_searchmoves_restricts_the_root_under_either_profile() {
    for (args, chosen) in [
        (&["--profile", "c197"][..], "bestmove h7h6"),
        (
            &["--profile", "paper", "--preset", "tournament"][..],
            "bestmove a7a6",
        ),
    ] {
        let mut e = Engine::start_args("uci", args);
        e.send("position startpos moves e2e4");
        e.send("go depth 3 searchmoves a7a6 h7h6");
        assert_eq!(e.expect("bestmove "), chosen, "{args:?}");
        let examined: Vec<&String> = e.seen.iter().filter(|l| l.contains(" currmove ")).collect();
        assert!(
            examined
                .iter()
                .all(|l| l.contains("currmove a7a6") || l.contains("currmove h7h6")),
            "{examined:#?}"
        );
        e.send("position startpos");
        e.send("go searchmoves g1f3 movetime 200");
        assert_eq!(e.expect("bestmove "), "bestmove g1f3");
        e.send("go depth 2 searchmoves e2e5 b1c3");
        e.expect_with(
            "info string error: searchmoves 'e2e5'",
            "matches no legal move",
        );
        assert_eq!(e.expect("bestmove "), "bestmove b1c3");
        e.send("go depth 2 searchmoves e2e5");
        e.expect("info string searchmoves: no legal move named; searching every move");
        e.expect("bestmove ");
        e.quit();
    }
}

/// An `info` line never shows an empty `pv`: with no legal move, the line has the mate or
/// stalemate's score (`mate 0`, `cp 0`) and no `pv`; a search stopped before any move was searched to the end
/// says so in words and answers the most plausible move.
#[test]
fn uci_info_lines_show_no_empty_pv() {
    let mut e = Engine::start_args("uci", &[]);
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.expect("bestmove "), "bestmove 0000");
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.expect("bestmove "), "bestmove 0000");
    e.send("position fen 1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21");
    e.send("go depth 20");
    e.send("stop");
    e.expect("bestmove ");
    let infos: Vec<&String> = e
        .seen
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        infos
            .iter()
            .all(|l| !l.ends_with(" pv") && !l.contains(" pv  ") && !l.ends_with(' ')),
        "{infos:#?}"
    );
    let ends: Vec<String> = e
        .seen
        .iter()
        .filter(|l| l.contains(" time ") && !l.contains(" pv"))
        .map(|l| l.split(" nodes ").next().unwrap().to_string())
        .collect();
    assert_eq!(
        ends,
        ["info depth 3 score cp 0", "info depth 3 score mate 0"]
    );
    e.quit();
}

/// A `position` that is refused (a FEN the rules refuse, a move that is not legal, a line that
/// cannot be read) leaves the session with no position: `go` answers `bestmove 0000` with the
/// error, never a move for the position before it, which the interface no longer has; the next
/// valid `position` (or `ucinewgame`) ends it.
#[test]
fn uci_gives_no_move_after_a_refused_position_until_a_valid_one_comes() {
    let mut e = Engine::start_args("uci", &[]);
    let castling = "FEN describes an illegal position: castling right 'K' but the king or that \
                    rook is not on its starting square";
    e.send("position startpos moves e2e4");
    e.send("position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
    e.expect(&format!(
        "info string error: position refused: {castling}; no move until a position is set"
    ));
    e.send("go depth 2");
    e.expect(&format!(
        "info string error: no position to search: the last position was refused ({castling})"
    ));
    assert_eq!(e.expect("bestmove"), "bestmove 0000");
    // A refused go in a refused position: no search to depth 1 either.
    e.send("go sideways");
    e.expect("info string error: go: unknown argument 'sideways'");
    e.expect("info string error: no position to search");
    assert_eq!(e.expect("bestmove"), "bestmove 0000");
    // One bad move in the list, a line that cannot be read: refused the same way.
    for line in [
        "position startpos moves e2e4 e7e5 g1g3",
        "position startrow",
    ] {
        e.send("position startpos moves e2e4");
        e.send(line);
        e.expect("info string error: position refused: ");
        e.send("go movetime 50");
        e.expect("info string error: no position to search");
        assert_eq!(e.expect("bestmove"), "bestmove 0000", "{line}");
    }
    assert!(
        !e.seen.iter().any(|l| l.starts_with("info string settings")),
        "searched a refused position: {:#?}",
        e.seen
    );
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    assert_eq!(e.expect("bestmove"), "bestmove e7e5");
    e.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    e.send("ucinewgame");
    e.send("go depth 1");
    assert_eq!(e.expect("bestmove"), "bestmove e2e4");
    e.quit();
}

/// CECP: a refused `setboard` leaves no position: `go` gets an `Error` and no move, a move is
/// refused, until `setboard` or `new` sets one.
#[test]
fn cecp_gives_no_move_after_a_refused_setboard_until_a_position_is_set() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    e.send("usermove e2e4");
    e.send("setboard 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
    e.expect("tellusererror Illegal position: FEN describes an illegal position");
    e.send("go");
    e.expect(
        "Error (no position: the last setboard was refused: FEN describes an illegal position: \
         castling right 'K' but the king or that rook is not on its starting square): go",
    );
    e.send("usermove e7e5");
    e.expect("Illegal move (no position: the last setboard was refused): e7e5");
    e.send("ping 1");
    e.expect("pong 1");
    assert!(!has_moved(&e), "{:#?}", e.seen);
    e.send(&format!("setboard {BACK_RANKS}"));
    e.send("go");
    assert_eq!(e.expect("move "), "move d4d8");
    e.quit();
}

/// The position the issue met: White, to move, is mated. The score is `mate 0`, as Stockfish
/// writes it (`mate -1` would be read as mated after one move), with `bestmove 0000`; `go infinite`
/// gives its line at once and its move only after `stop`.
#[test]
fn uci_a_mated_side_to_move_scores_mate_0_and_go_infinite_waits_for_stop() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let mut e = Engine::start_args("uci", &[]);
    e.send(&format!("position fen {mated}"));
    e.send("go movetime 500");
    let info = e.expect("info depth");
    assert!(info.contains(" score mate 0 "), "{info}");
    assert_eq!(e.expect("bestmove"), "bestmove 0000");
    e.send("go infinite");
    let info = e.expect("info depth");
    assert!(info.contains(" score mate 0 "), "{info}");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    e.expect("readyok");
    assert!(
        !e.seen
            .iter()
            .skip_while(|l| *l != "bestmove 0000")
            .skip(1)
            .any(|l| l.starts_with("bestmove")),
        "go infinite answered before stop: {:#?}",
        e.seen
    );
    e.send("stop");
    assert_eq!(e.expect("bestmove"), "bestmove 0000");
    // The side that mates: a mate in one is `mate 1`.
    e.send(&format!("position fen {BACK_RANKS}"));
    e.send("go depth 2");
    e.expect_with("info depth 2 ", " score mate 1 ");
    assert_eq!(e.expect("bestmove"), "bestmove d4d8");
    e.quit();
}

/// An interface asks for the depth its user chose (`go depth 25` for "analyse to depth 25"),
/// or a node count below what can be honoured: brought into range and said, not refused (a
/// refusal was answered with a search to depth 1).
#[test]
fn uci_go_depth_and_nodes_out_of_range_are_clamped_and_said() {
    let mut e = Engine::start("uci");
    e.send("position startpos moves e2e4");
    e.send("go depth 25");
    e.expect("info string go: depth 25 is out of range (1 to 20): searching to depth 20");
    e.expect("info depth 20 currmove ");
    e.send("stop");
    e.expect("bestmove ");
    e.send("go nodes 10");
    e.expect(
        "info string go: nodes 10 is out of range (at least 256: the search checks its limits \
         every 256 nodes): searching 256 nodes",
    );
    e.expect("bestmove ");
    assert!(
        !e.seen
            .iter()
            .any(|l| l.contains("answering with a search to depth 1")),
        "{:#?}",
        e.seen
    );
    e.quit();
}

/// CECP: once the engine has announced a draw by repetition in force mode, `go` announces it
/// again instead of saying nothing; after the interface's own `result`, `go` gets an error.
#[test]
fn cecp_go_after_an_announced_draw_announces_it_again() {
    let mut e = xboard();
    e.send("new");
    e.send("force");
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2) {
        e.send(&format!("usermove {m}"));
    }
    e.expect("1/2-1/2 {Draw by repetition}");
    e.send("go");
    e.send("ping 1");
    assert_eq!(
        e.expect_either("1/2-1/2 {Draw by repetition}", "pong 1"),
        "1/2-1/2 {Draw by repetition}"
    );
    e.expect("pong 1");
    e.send("new");
    e.send("result 1-0 {White resigns}");
    e.send("go");
    e.expect("Error (the game is over): go");
    assert!(!has_moved(&e), "{:#?}", e.seen);
    e.quit();
}

/// CECP: `new` ends analyze mode (it leaves force mode and sets the engine to play Black), so
/// the next `usermove` is answered with a move.
#[test]
fn cecp_new_during_analyze_ends_it_and_the_next_move_is_answered() {
    let mut e = xboard();
    e.send("post");
    e.send("analyze");
    e.expect("1 0 0 ");
    e.send("new");
    e.send("usermove e2e4");
    assert_eq!(e.expect("move "), "move e7e5");
    e.quit();
}

/// The lines of the last `bk` answer: from the first that starts with a space to the `pong`
/// after it.
fn book_answer(e: &Engine) -> Vec<&str> {
    let end = e.seen.len() - 1;
    let start = e.seen[..end]
        .iter()
        .rposition(|l| !l.starts_with(' ') && !l.is_empty())
        .unwrap()
        + 1;
    e.seen[start..end].iter().map(String::as_str).collect()
}

/// CECP `hint` is answered `Hint: MOVE` (the book's move, else the engine's search, which
/// leaves the engine's own play as it was), and `bk` with the book moves, each on a line that
/// starts with a space, then an empty line.
#[test]
fn cecp_hint_and_bk_are_answered() {
    let mut e = xboard();
    e.send("new");
    e.send("usermove e2e4");
    assert_eq!(e.expect("move "), "move e7e5");
    e.send("hint");
    assert_eq!(e.expect("Hint: "), "Hint: g1f3");
    e.send("bk");
    e.send("ping 1");
    e.expect("pong 1");
    assert_eq!(
        book_answer(&e),
        [
            " Nf3 (the 1967 line of the paper's game 4)",
            " Nc3 (book.22)",
            " Bc4 (book.22)",
            " f4 (book.22)",
            " d4 (book.22)",
            ""
        ]
    );
    // Out of the book: the move a search finds (White mates in one).
    e.send(&format!("setboard {BACK_RANKS}"));
    e.send("bk");
    e.send("ping 2");
    e.expect("pong 2");
    assert_eq!(book_answer(&e), [" no book move in this position", ""]);
    e.send("hint");
    assert_eq!(e.expect("Hint: "), "Hint: d4d8");
    e.quit();
}

/// UCI `Hash`: the default the engine shows is what runs (0: the table it was started with, the
/// 1967 table), and a megabyte is one size whether given as `Hash 1` or `--hash-kb 1024`.
#[test]
fn uci_hash_default_is_the_table_that_runs_and_a_megabyte_is_one_size() {
    let mut e = Engine::start_args("uci", &[]);
    e.send("uci");
    assert_eq!(
        e.expect("option name Hash"),
        "option name Hash type spin default 0 min 0 max 1024"
    );
    e.send("debug on");
    e.send("setoption name Hash value 0");
    e.expect_with(
        "info string settings: ",
        " hash-entries 32767 (tournament preset)",
    );
    e.send("setoption name Hash value 1");
    e.expect_with(
        "info string settings: ",
        " hash-entries 87381 (tournament preset)",
    );
    e.send("setoption name Hash value 0");
    e.expect_with(
        "info string settings: ",
        " hash-entries 32767 (tournament preset)",
    );
    e.send("setoption name Hash value 1025");
    e.expect(
        "info string error: Hash '1025' is not 0 (the table as started: the 1967 table, 384 KB, \
         unless set on the command line) or a size from 1 to 1024 MB",
    );
    e.quit();
    let mut e = Engine::start_args("uci", &["--hash-kb", "1024"]);
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    e.expect_with("info string settings: ", " hash-entries 87381 ");
    e.send("debug on");
    e.send("setoption name Hash value 2");
    e.expect_with("info string settings: ", " hash-entries 174762 ");
    e.send("setoption name Hash value 0");
    e.expect_with("info string settings: ", " hash-entries 87381 ");
    e.quit();
}
