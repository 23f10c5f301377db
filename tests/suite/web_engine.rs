//! The page's engine (web/engine, built by `scripts/web.sh`) run in Node beside the native
//! program: the same search, row for row. `$MACHACK_WEB_DIR` names the folder web.sh wrote
//! (`.ci/run` builds it once); without it, or without Node (Debian package `nodejs`), each test
//! says SKIPPED, and fails under `MACHACK_REQUIRE_TOOLS`.

use crate::common;
use common::browser::string_field;
use common::{machack, skipped, tool_installed};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const NODE: &str = "/usr/bin/node";
const F21: &str = "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The folder the page was built into, if the test can run.
fn web_dir(test: &str) -> Option<PathBuf> {
    if !tool_installed(NODE, test) {
        return None;
    }
    match common::web_dir() {
        Some(d) if d.join("machack.wasm").exists() => Some(d),
        _ => {
            skipped(
                test,
                "MACHACK_WEB_DIR names no folder with machack.wasm (scripts/web.sh DIR writes one)",
            );
            None
        }
    }
}

/// Node's answers to `requests` (JSON lines), with `--record` or not.
fn node(dir: &Path, requests: &[String], record: bool) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/web/answers.js");
    let mut args = vec![script.to_string(), dir.display().to_string()];
    if record {
        args.push("--record".into());
    }
    let mut child = Command::new(NODE)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(requests.join("\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "node failed");
    String::from_utf8(out.stdout).unwrap()
}

/// A JSON string's text (the positions and moves here hold nothing to escape).
fn quoted(s: &str) -> String {
    format!("\"{s}\"")
}

/// The lines of `machack think`'s output that the page's record gives: the top-level rows,
/// the choice, the line, the nodes and the best move.
fn native_record(args: &[&str]) -> Vec<String> {
    let (code, out, err) = machack(&[&["think"], args].concat(), "");
    assert_eq!(code, 0, "{err}");
    let mut rows = false;
    out.lines()
        .filter(|l| {
            if l.starts_with("   #  move") {
                rows = true;
                return false;
            }
            if l.starts_with("why searched") {
                rows = false;
            }
            rows || l.starts_with("chosen: ")
                || l.starts_with("pv: ")
                || l.starts_with("  nodes ")
                || l.starts_with("bestmove ")
        })
        .map(str::to_string)
        .collect()
}

/// A position asked: the start, the moves in coordinates, the same moves for `--moves`, and the
/// settings (a field and its option).
type Case<'a> = (&'a str, &'a str, &'a str, &'a [(&'a str, &'a str)]);

#[test]
fn the_pages_search_is_the_native_programs_row_for_row() {
    let Some(dir) = web_dir("the_pages_search_is_the_native_programs_row_for_row") else {
        return;
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cases: [Case; 6] = [
        (start, "", "", &[]),
        (start, "e2e4 e7e5 g1f3 b8c6 f1b5", "e4 e5 Nf3 Nc6 Bb5", &[]),
        (F21, "", "", &[]),
        (F21, "", "", &[("preset", "normal")]),
        (F21, "", "", &[("profile", "paper")]),
        (KIWIPETE, "", "", &[]),
    ];
    let requests: Vec<String> = cases
        .iter()
        .map(|(fen, moves, _, settings)| {
            let mut fields = vec![
                format!("\"start\":{}", quoted(fen)),
                format!("\"moves\":{}", quoted(moves)),
                "\"book\":\"off\"".to_string(),
            ];
            fields.extend(
                settings
                    .iter()
                    .map(|(k, v)| format!("{}:{}", quoted(k), quoted(v))),
            );
            format!(
                "{{\"command\":\"think\",\"fields\":{{{}}}}}",
                fields.join(",")
            )
        })
        .collect();
    let answers = node(&dir, &requests, true);
    let pages: Vec<&str> = answers.split("--\n").collect();
    for (i, (fen, _, moves, settings)) in cases.iter().enumerate() {
        let mut args = vec!["--fen", fen];
        if !moves.is_empty() {
            args.push("--moves");
            args.extend(moves.split(' '));
        }
        let options: Vec<String> = settings.iter().map(|(k, _)| format!("--{k}")).collect();
        for ((_, v), o) in settings.iter().zip(&options) {
            args.extend([o.as_str(), v]);
        }
        let native = native_record(&args);
        let page: Vec<&str> = pages[i].lines().collect();
        assert_eq!(page, native, "case {i}: {args:?}");
    }
    // F21 at the tournament preset: B-QR6, -198, as c197 itself chose (the library's example).
    assert!(
        pages[2].contains("chosen: B-QR6 (Ba3)  value -1.55 (-198)\n"),
        "{}",
        pages[2]
    );
    assert!(pages[2].ends_with("bestmove c5a3\n"), "{}", pages[2]);
}

#[test]
fn the_pages_bench_searches_the_nodes_of_machack_bench() {
    let Some(dir) = web_dir("the_pages_bench_searches_the_nodes_of_machack_bench") else {
        return;
    };
    let answer = node(
        &dir,
        &[r#"{"command":"bench","fields":{"repeat":1}}"#.into()],
        false,
    );
    let (code, out, err) = machack(&["bench"], "");
    assert_eq!(code, 0, "{err}");
    let nodes = out
        .lines()
        .find_map(|l| l.strip_prefix("total nodes"))
        .unwrap()
        .trim();
    assert!(
        answer.starts_with(&format!("{{\"positions\":14,\"nodes\":{nodes},")),
        "{answer}"
    );
}

#[test]
fn a_think_reports_the_most_plausible_move_first_then_the_best_so_far() {
    let Some(dir) = web_dir("a_think_reports_the_most_plausible_move_first_then_the_best_so_far")
    else {
        return;
    };
    let request = format!(
        "{{\"command\":\"think\",\"fields\":{{\"start\":{},\"book\":\"off\"}}}}",
        quoted(F21)
    );
    let answer = node(&dir, &[request], false);
    // The most plausible move first (what Stop plays at once), R-K4 (616), then each report
    // with the best so far; the last one's move is the answer's.
    let first = r#""progress":[{"event":"begin","bestmove":"e8e5","san":"Re5","descriptive":"R-K4","value":null,"short":null,"nodes":"#;
    assert!(answer.contains(first), "{answer}");
    let last = answer.rfind("\"bestmove\":").unwrap();
    assert!(
        answer[last..].starts_with("\"bestmove\":\"c5a3\""),
        "{answer}"
    );
}

/// One request as a JSON line for answers.js: the command and its fields.
fn request(command: &str, fields: &[(&str, &str)]) -> String {
    let fields: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}:{}", quoted(k), quoted(v)))
        .collect();
    format!(
        "{{\"command\":{},\"fields\":{{{}}}}}",
        quoted(command),
        fields.join(",")
    )
}

#[test]
fn the_pages_game_commands_answer_as_the_terminal_does() {
    let Some(dir) = web_dir("the_pages_game_commands_answer_as_the_terminal_does") else {
        return;
    };
    let requests = [
        request("state", &[("moves", "f2f3 e7e5 g2g4 d8h4")]),
        request("parse", &[("moves", "e2e4"), ("text", "P-K5")]),
        request("parse", &[("text", "N-B3")]),
        request("parse", &[("text", "nf3")]),
        request("draw", &[("value", "-64")]),
        request("draw", &[("value", "-63")]),
        request(
            "think",
            &[("start", "startpos"), ("moves", "e2e4 e7e6 h2h5")],
        ),
        request("fly", &[]),
    ];
    let answers = node(&dir, &requests, false);
    let a: Vec<&str> = answers.lines().collect();
    assert!(
        a[0].contains(r#""legal":[],"history":[{"uci":"f2f3","san":"f3","descriptive":"P-KB3"},"#),
        "{}",
        a[0]
    );
    assert!(
        a[0].contains(
            r#""status":"checkmate","result":"0-1","reason":"CHECKMATE, BLACK WINS","claim":"""#
        ),
        "{}",
        a[0]
    );
    assert!(a[1].starts_with(r#"{"error":"illegal: 'P-K5' matches no legal move: no Black pawn can go to e4; closest legal moves: "#), "{}", a[1]);
    assert!(
        a[2].starts_with(
            r#"{"error":"ambiguous: 'N-B3' is ambiguous: it fits N-QB3 (Nc3) and N-KB3 (Nf3)"#
        ),
        "{}",
        a[2]
    );
    assert!(
        a[3].starts_with(r#"{"uci":"g1f3","san":"Nf3","descriptive":"N-KB3""#),
        "{}",
        a[3]
    );
    // Paper §12: a draw is accepted half a pawn down (game::judgement).
    assert!(a[4].starts_with(r#"{"accept":true"#), "{}", a[4]);
    assert!(a[5].starts_with(r#"{"accept":false"#), "{}", a[5]);
    assert!(
        a[6].starts_with(r#"{"error":"moves: move 3 'h2h5': "#),
        "{}",
        a[6]
    );
    assert!(
        a[7].starts_with(
            r#"{"error":"'fly' is not a command: defaults, state, parse, think, draw, pgn, load, clock, ending or bench""#
        ),
        "{}",
        a[7]
    );
}

#[test]
fn the_pages_record_is_one_machack_replays_resumes_and_the_page_loads() {
    let Some(dir) = web_dir("the_pages_record_is_one_machack_replays_resumes_and_the_page_loads")
    else {
        return;
    };
    let write = request(
        "pgn",
        &[
            ("moves", "e2e4 e7e5 g1f3"),
            ("preset", "normal"),
            ("seconds", "5.2 book 3.1"),
            ("values", "- - 12"),
            ("white", "Reader"),
            ("black", "machack"),
            ("plays", "white"),
            ("date", "2026.11.28"),
        ],
    );
    let pgn = string_field(&node(&dir, &[write], false), "pgn");
    assert!(pgn.contains("[Date \"2026.11.28\"]\n"), "{pgn}");
    assert!(pgn.contains("[MachackWidth \"6\"]\n"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {P-K4 5.20s} e5 {P-K4 book} 2. Nf3 {N-KB3 3.10s value=12} *"),
        "{pgn}"
    );
    let scratch = common::scratch("web-engine-record");
    std::fs::write(scratch.join("page.pgn"), &pgn).unwrap();
    let (code, out, err) = common::machack_in(&scratch, &["replay", "page.pgn"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("FEN: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
        "{out}"
    );
    let (code, out, err) =
        common::machack_in(&scratch, &["play", "--resume", "page.pgn"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(NORMAL PRESET)\nRESUMED AFTER 3 PLIES."),
        "{out}"
    );
    let load = request(
        "load",
        &[("text", &pgn.replace('\n', "\\n").replace('"', "\\\""))],
    );
    let loaded = node(&dir, &[load], false);
    assert!(loaded.contains(r#""moves":["e2e4","e7e5","g1f3"],"settings":{"profile":"c197","preset":"normal","widths":[6],"depth":4,"book":true,"table":"draws","deepen":false},"white":"Reader","black":"machack","result":"*""#), "{loaded}");
}

/// Paper §12 as the terminal plays it (`game::judgement`): the machine claims a draw the rules
/// allow when it expects less, at once or with the move that makes it; a winning side plays on.
#[test]
fn the_pages_machine_claims_a_draw_as_the_terminals_does() {
    let Some(dir) = web_dir("the_pages_machine_claims_a_draw_as_the_terminals_does") else {
        return;
    };
    let think = |fen: &str| request("think", &[("start", fen), ("book", "off")]);
    let requests = [
        // Ninety-nine half-moves without a capture or pawn move: its king's move makes fifty.
        think("4k3/8/8/8/8/8/4P3/4K2R b - - 99 80"),
        // A hundred: the draw is there to claim before it moves.
        think("4k3/8/8/8/8/8/4P3/4K2R b - - 100 80"),
        // White, winning, plays on.
        think("4k3/8/8/8/8/8/4P3/4K2R w - - 100 80"),
    ];
    let answers = node(&dir, &requests, false);
    let claims: Vec<(String, String)> = answers
        .lines()
        .map(|a| (string_field(a, "claim"), string_field(a, "claim_with_move")))
        .collect();
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        claims,
        [pair("", "fifty"), pair("fifty", "fifty"), pair("", "")]
    );
}

/// The library's clock in the page is the page's (`machack::time::set_clock`, given
/// `performance.now()` through the import): a search takes time by it, where a clock standing
/// still gives 0 ms and never reaches a time limit. With 300 ms on the clock, a deepening search
/// stops short of depth 20 (a node limit ends it if the clock stands still).
#[test]
fn the_pages_searches_read_the_pages_clock() {
    let Some(dir) = web_dir("the_pages_searches_read_the_pages_clock") else {
        return;
    };
    let requests = [
        request("think", &[("start", F21), ("book", "off")]),
        request(
            "think",
            &[
                ("book", "off"),
                ("deepen", "on"),
                ("depth", "20"),
                ("wtime", "300"),
                ("btime", "300"),
                ("nodes", "3000000"),
            ],
        ),
    ];
    let answers = node(&dir, &requests, false);
    let a: Vec<&str> = answers.lines().collect();
    let number = |json: &str, name: &str| -> f64 {
        json.split(&format!(r#""{name}":"#))
            .nth(1)
            .and_then(|d| d.split([',', '}']).next())
            .and_then(|d| d.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {json}"))
    };
    assert!(number(a[0], "ms") > 0.0, "{}", a[0]);
    assert!(a[1].contains(r#""stopped":true"#), "{}", a[1]);
    assert!(number(a[1], "ms") < 3000.0, "{}", a[1]);
}

/// The page's clock is read by the terminal's reader (`game::clock::parse`): its forms
/// (`10:00+2`, `move/10` among them), written as the record writes them, and its refusal,
/// which says what works. A clock of a time a move gives the search that time (`movetime`).
#[test]
fn the_pages_clock_is_read_as_the_terminal_reads_it() {
    let Some(dir) = web_dir("the_pages_clock_is_read_as_the_terminal_reads_it") else {
        return;
    };
    let clock = |text: &str| request("clock", &[("clock", text)]);
    let requests = [
        clock("10:00+2"),
        clock("40/600"),
        clock("move/0.3"),
        clock("40/0"),
        request(
            "think",
            &[
                ("book", "off"),
                ("deepen", "on"),
                ("depth", "20"),
                ("movetime", "300"),
                ("nodes", "3000000"),
            ],
        ),
    ];
    // The answers without the progress the harness adds to each (none here).
    let answers = node(&dir, &requests, false).replace(r#","progress":[]"#, "");
    let a: Vec<&str> = answers.lines().collect();
    assert_eq!(
        a[..3],
        [
            r#"{"moves":null,"base_ms":600000,"increment_ms":2000,"text":"600+2"}"#,
            r#"{"moves":40,"base_ms":600000,"increment_ms":0,"text":"40/600"}"#,
            r#"{"per_move_ms":300,"text":"move/0.3"}"#,
        ]
    );
    // The terminal's own words for the refusal.
    let refused = machack::game::clock::parse("40/0").unwrap_err().to_string();
    assert_eq!(
        a[3],
        format!("{{\"error\":{}}}", quoted(&refused)),
        "{refused}"
    );
    assert!(a[4].contains(r#""stopped":true"#), "{}", a[4]);
}

/// A game the page ends (a resignation, a flag, a draw agreed or claimed) is announced and
/// scored in the library's words (`game::Ending`), as the terminal announces it.
#[test]
fn the_pages_endings_are_announced_in_the_librarys_words() {
    let Some(dir) = web_dir("the_pages_endings_are_announced_in_the_librarys_words") else {
        return;
    };
    use machack::game::Ending;
    use machack::rules::Color;
    let cases = [
        ("resignation", "w", Ending::Resignation(Color::White)),
        ("time", "b", Ending::Time(Color::Black)),
        ("agreed", "", Ending::DrawAgreed),
        ("repetition", "", Ending::Repetition),
        ("fifty", "", Ending::FiftyMoves),
    ];
    let mut requests: Vec<String> = cases
        .iter()
        .map(|(kind, loser, _)| request("ending", &[("kind", kind), ("loser", loser)]))
        .collect();
    requests.push(request("ending", &[("kind", "mate")]));
    let answers = node(&dir, &requests, false).replace(r#","progress":[]"#, "");
    let a: Vec<&str> = answers.lines().collect();
    for (i, (kind, _, ending)) in cases.iter().enumerate() {
        assert_eq!(
            a[i],
            format!(
                "{{\"result\":{},\"text\":{}}}",
                quoted(ending.result()),
                quoted(&ending.to_string())
            ),
            "{kind}"
        );
    }
    assert_eq!(
        a[5],
        r#"{"error":"kind: 'mate' is not resignation, time, agreed, repetition or fifty"}"#
    );
}
