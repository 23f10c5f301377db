//! The terminal game, driven through pipes as a user would type: moves in three notations,
//! commands, garbled input, draw offers, the book, the record, and a crash in mid-search.

use crate::common;

/// Runs `machack play ARGS` with `input` on standard input, in this run's scratch folder (where
/// automatic records go); returns the exit code and output.
fn play(args: &[&str], input: impl AsRef<[u8]>) -> (i32, String) {
    let (code, out, err) = common::machack_in(&scratch(), &[&["play"], args].concat(), input);
    (code, out + &err)
}

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// This run's scratch folder, emptied at its first use: a folder left by an earlier run with
/// the same process id would hold records that a new game refuses to replace.
fn scratch() -> PathBuf {
    static EMPTIED: std::sync::Once = std::sync::Once::new();
    let dir = std::env::temp_dir().join(format!("machack-player-tests-{}", std::process::id()));
    EMPTIED.call_once(|| {
        let _ = std::fs::remove_dir_all(&dir);
    });
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Waits up to 30 s for an output line of a session that contains `what`.
fn wait_for_line(rx: &std::sync::mpsc::Receiver<String>, what: &str) {
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        if let Ok(l) = rx.recv_timeout(Duration::from_millis(100))
            && l.contains(what)
        {
            return;
        }
    }
    panic!("no line with '{what}'");
}

fn temp(name: &str) -> PathBuf {
    scratch().join(name)
}

/// A record's text with its lines joined, so a move and its comment can be looked for whatever
/// the line breaks.
fn read_record(path: &PathBuf) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_short_game_with_garbled_input() {
    let rec = temp("short.pgn");
    let (code, out) = play(
        &[
            "--preset",
            "quick",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
        "P-K4\nxyzzy\nQ-K8\nbd\nNf3\nPG\nfrobnicate now\nsetd x\nlist\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1. P-K4"), "{out}");
    assert!(out.contains("NOT A MOVE OR COMMAND: 'xyzzy'"), "{out}");
    assert!(
        out.contains("ILLEGAL: 'Q-K8' MATCHES NO LEGAL MOVE"),
        "{out}"
    );
    assert!(out.contains("DEPTH 'x' IS NOT A WHOLE NUMBER"), "{out}");
    assert!(
        out.contains(
            "SETTINGS: PROFILE C197, FIXES NONE, WIDTH 4, DEPTH 2, FEEDOVERS 2, SECONDARY OFF, \
             SECONDARY-PLIES 2, REPETITION FIRST, TABLE DRAWS, HASH-ENTRIES 32767 (QUICK PRESET)"
        ),
        "{out}"
    );
    assert!(
        out.contains(" SEC"),
        "the machine's replies carry their time: {out}"
    );
    assert!(out.contains("BYE."), "{out}");
    let pgn = read_record(&rec);
    assert!(pgn.starts_with("[Event \"machack game\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 {P-K4 "), "{pgn}");
    assert!(pgn.contains("2. Nf3 {N-KB3 "), "{pgn}");
}

/// A record from `fen` with `moves` (SAN, then the result) played, to resume.
fn game_record(name: &str, fen: &str, moves: &str) -> PathBuf {
    let path = temp(name);
    std::fs::write(
        &path,
        format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves}\n"),
    )
    .unwrap();
    path
}

/// The session's output and its record's text, resuming `moves` from `fen` with `args`.
fn resumed(name: &str, fen: &str, moves: &str, args: &[&str], input: &str) -> (String, String) {
    let from = game_record(&format!("{name}-from.pgn"), fen, moves);
    let rec = temp(&format!("{name}.pgn"));
    let (code, out) = play(
        &[
            &[
                "--resume",
                from.to_str().unwrap(),
                "--record",
                rec.to_str().unwrap(),
                "--no-book",
            ],
            args,
        ]
        .concat(),
        input,
    );
    assert_eq!(code, 0, "{out}");
    (out, read_record(&rec))
}

/// The machine's answer to `DRAW?` after `moves` from `fen` (the machine plays Black), and the
/// record's result then.
fn draw_offer(name: &str, fen: &str, moves: &str) -> (String, String) {
    let (out, record) = resumed(
        name,
        fen,
        "*",
        &["--preset", "quick"],
        &format!("{moves}DRAW?\nquit\n"),
    );
    let answer = out
        .lines()
        .find(|l| *l == "ACCEPT" || *l == "DECLINE")
        .unwrap_or_else(|| panic!("no answer: {out}"))
        .to_string();
    let result = record
        .split("[Result \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    (answer, out.clone() + &result)
}

#[test]
fn a_draw_offer_is_accepted_only_by_a_machine_half_a_pawn_down() {
    // The machine (Black) has a bare king against king and queen: accepted, and the game ends.
    let (answer, out) = draw_offer("losing", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", "Qd3\n");
    assert_eq!(answer, "ACCEPT", "{out}");
    assert!(out.contains("DRAW AGREED   1/2-1/2"), "{out}");
    assert!(out.ends_with("1/2-1/2"), "the record says so: {out}");
    // The machine has the queen: declined, and the game goes on.
    let (answer, out) = draw_offer("winning", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1", "Ke2\n");
    assert_eq!(answer, "DECLINE", "{out}");
    assert!(out.ends_with('*'), "{out}");
    // Before the machine has searched (its replies from book) it declines.
    let rec = temp("draw-book.pgn");
    let (_, out) = play(
        &["--seed", "1967", "--record", rec.to_str().unwrap()],
        "P-K4\nDRAW?\nquit\n",
    );
    assert!(out.contains("1... P-K4            BOOK"), "{out}");
    assert!(out.contains("BOOK\nDECLINE\n"), "{out}");
}

#[test]
fn an_ambiguous_move_is_answered_with_its_candidates() {
    let rec = temp("ambiguous.pgn");
    let (code, out) = play(
        &["--record", rec.to_str().unwrap()],
        "PN\nN-KB3\nN-KB3\nN-QB3\nN-QB3\nN-N5\nN-KN5\nPG\nquit\n",
    );
    assert_eq!(code, 0);
    // N-N5: the knight on KB3 can go to KN5, the one on QB3 to QN5.
    assert!(
        out.contains(
            "AMBIGUOUS: 'N-N5' IS AMBIGUOUS: IT FITS N-QN5 (NB5) AND N-KN5 (NG5); NAME THE \
             PIECE'S WING OR SQUARE TO CHOOSE"
        ),
        "{out}"
    );
    assert!(out.contains("3. N-KN5"), "the game went on: {out}");
}

#[test]
fn checkmate_is_announced_and_recorded() {
    let rec = temp("mate.pgn");
    let (code, out) = play(
        &["--record", rec.to_str().unwrap()],
        "pn\nP-KB3\nP-K4\ng4\nd8h4\nP-K3\nquit\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("CHECKMATE, BLACK WINS   0-1"), "{out}");
    assert!(out.contains("THE GAME IS OVER"), "{out}");
    let pgn = read_record(&rec);
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("Qh4# {Q-KR5 MATE "), "{pgn}");
}

#[test]
fn end_of_input_ends_the_session_cleanly() {
    let (code, out) = play(
        &[
            "--no-book",
            "--preset",
            "quick",
            "--record",
            temp("eof.pgn").to_str().unwrap(),
        ],
        "e4\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("END OF INPUT."), "{out}");
}

#[test]
fn the_game_4_line_is_played_from_book() {
    let rec = temp("game4.pgn");
    let (_, out) = play(
        &[
            "--black",
            "--seed",
            "1967",
            "--preset",
            "quick",
            "--record",
            rec.to_str().unwrap(),
        ],
        "P-K4\nN-QB3\nP-QR3\nQPXB\nB-Q3\nB-KN5\nBXN\nBXP\nquit\n",
    );
    let pgn = read_record(&rec);
    let sans: Vec<&str> = vec![
        "e4", "Nf3", "Bb5", "Bxc6", "O-O", "d4", "dxe5", "Qxf3", "c3",
    ];
    for s in sans {
        let marked = pgn.contains(&format!(". {s} {{")) && {
            let at = pgn.find(&format!(". {s} {{")).unwrap();
            pgn[at..].split('}').next().unwrap().contains("book")
        };
        assert!(marked, "{s} not played from book:\n{pgn}\n{out}");
    }
    assert!(out.contains("9. P-QB3           BOOK"), "{out}");
}

#[test]
fn resume_continues_a_recorded_game() {
    let rec = temp("resume.pgn");
    let args = [
        "--preset",
        "quick",
        "--no-book",
        "--record",
        rec.to_str().unwrap(),
    ];
    play(&args, "PN\ne4\ne5\nquit\n");
    let before = std::fs::read(&rec).unwrap();
    let next = temp("resume-next.pgn");
    let (_, out) = play(
        &[
            "--resume",
            rec.to_str().unwrap(),
            "--no-book",
            "--record",
            next.to_str().unwrap(),
        ],
        "PN\nNf3\nquit\n",
    );
    assert!(out.contains("RESUMED AFTER 2 PLIES."), "{out}");
    assert_eq!(
        std::fs::read(&rec).unwrap(),
        before,
        "the resumed record is untouched"
    );
    let pgn = read_record(&next);
    assert!(
        pgn.contains("1. e4 {P-K4 ") && pgn.contains("2. Nf3 {N-KB3 "),
        "{pgn}"
    );
    assert!(
        pgn.contains(&format!("[Continues \"{} (2 plies)\"]", rec.display())),
        "{pgn}"
    );
}

#[test]
fn take_back_undoes_the_users_move_and_the_reply() {
    let rec = temp("undo.pgn");
    let (_, out) = play(
        &[
            "--preset",
            "quick",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
        "e4\nU\nPG\nquit\n",
    );
    assert!(out.contains("NO MOVES YET."), "{out}");
}

#[test]
fn a_kill_in_mid_search_leaves_every_move_in_the_record() {
    let rec = temp("killed.pgn");
    let (mut child, mut stdin, rx) = common::spawn_lines(
        &scratch(),
        &[
            "play",
            "--no-book",
            "--preset",
            "quick",
            "--clock",
            "600",
            "--record",
            rec.to_str().unwrap(),
        ],
    );
    let wait_for = |what: &str| wait_for_line(&rx, what);
    writeln!(stdin, "e4").unwrap();
    wait_for("1... ");
    writeln!(stdin, "d4").unwrap();
    wait_for("2... ");
    // A slow search: every move at every ply, ten plies deep.
    writeln!(stdin, "SETW 40\nSETD 10\nNf3").unwrap();
    wait_for("3. N-KB3");
    std::thread::sleep(Duration::from_millis(300));
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let pgn = read_record(&rec);
    assert!(pgn.contains("1. e4 {P-K4 "), "{pgn}");
    assert!(pgn.contains("2. d4 {P-Q4 "), "{pgn}");
    assert!(pgn.contains("3. Nf3 {N-KB3 "), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    let moves = pgn.matches('{').count();
    assert_eq!(moves, 5, "e4, a reply, d4, a reply, Nf3:\n{pgn}");
}

#[test]
fn save_and_restore_a_game_by_command() {
    let rec = temp("main.pgn");
    let copy = temp("copy.pgn");
    let (_, out) = play(
        &["--record", rec.to_str().unwrap()],
        format!(
            "PN\ne4\ne5\nSAVE {}\nNf3\nRS {}\nNf3\nquit\n",
            copy.display(),
            copy.display()
        ),
    );
    assert!(
        out.contains(&format!("SAVED IN {}", copy.display())),
        "{out}"
    );
    // The game goes on in a record of its own; the file restored from is left as it is.
    let restored = format!(
        "RESTORED 2 PLIES FROM {}; RECORDING THE GAME IN ",
        copy.display()
    );
    let line = out.lines().find(|l| l.starts_with(&restored)).expect(&out);
    let next = scratch().join(line[restored.len()..].split(' ').next().unwrap());
    let pgn = read_record(&copy);
    assert!(
        pgn.contains("1. e4 {P-K4 ") && pgn.contains(" e5 {P-K4 "),
        "{pgn}"
    );
    assert!(!pgn.contains("Nf3"), "{pgn}");
    let pgn = read_record(&next);
    assert!(
        pgn.contains(" e5 {P-K4 ") && pgn.contains("2. Nf3 {N-KB3 "),
        "{pgn}"
    );
    assert!(pgn.contains("[Continues \""), "{pgn}");
    // The game restored from was played on: its own record holds the move made before RS.
    assert!(read_record(&rec).contains("2. Nf3 {N-KB3 "));
    let (_, out) = play(
        &["--record", temp("main-2.pgn").to_str().unwrap()],
        "RS /no/such/file.pgn\nquit\n",
    );
    assert!(out.contains("CANNOT RESTORE /no/such/file.pgn"), "{out}");
}

#[test]
fn bytes_that_are_not_utf8_are_garbled_input_not_the_end() {
    let rec = temp("bytes.pgn");
    let (code, out) = play(
        &["--record", rec.to_str().unwrap()],
        b"PN\n\xff\xfeP-K4\nP-K4\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("NOT A MOVE OR COMMAND"), "{out}");
    assert!(out.contains("1. P-K4") && out.contains("BYE."), "{out}");
}

#[test]
fn black_sees_the_board_from_its_side_and_types_san_in_capitals() {
    let rec = temp("black.pgn");
    let (code, out) = play(
        &[
            "--black",
            "--preset",
            "quick",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
        "E5\nBD\nFLIP\nNC6\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let boards: Vec<&str> = out.lines().filter(|l| l.starts_with("   ")).collect();
    // From Black's side (the start, and BD), then turned round by FLIP.
    assert_eq!(
        boards,
        [
            "   KR KN KB K  Q  QB QN QR",
            "   KR KN KB K  Q  QB QN QR",
            "   QR QN QB Q  K  KB KN KR"
        ],
        "{out}"
    );
    assert!(out.contains("\n1  BR BN BB BK BQ BB BN BR\n"), "{out}");
    assert!(out.contains("1... P-K4\n"), "E5 read as SAN: {out}");
    assert!(out.contains("2... N-QB3\n"), "NC6 read as SAN: {out}");
}

#[test]
fn every_byte_of_a_piped_game_is_ascii() {
    let rec = temp("ascii.pgn");
    let (code, out) = play(
        &[
            "--preset",
            "quick",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
        "E4\nxyzzy\u{2026}\nQ-K8\n\u{2654}\nN-B3\nhelp\nBD\nPG\nlist\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let strange: Vec<&str> = out.lines().filter(|l| !l.is_ascii()).collect();
    assert!(strange.is_empty(), "{strange:?}");
    // The program's words in capitals: the only lower case is the record's path.
    let lower: Vec<&str> = out
        .lines()
        .filter(|l| l.chars().any(|c| c.is_ascii_lowercase()))
        .filter(|l| !l.contains(rec.to_str().unwrap()))
        .collect();
    assert_eq!(
        lower,
        [
            "NOT A MOVE OR COMMAND: 'xyzzy...' IS NOT A MOVE IN DESCRIPTIVE NOTATION: '...' IS NOT \
             USED IN DESCRIPTIVE NOTATION (EXPECTED A MOVE SUCH AS P-K4, N-KB3, PXP, QXP/Q6, \
             R/K2-Q2 OR O-O) (HELP LISTS THE COMMANDS)"
        ]
    );
}

#[test]
fn resign_ends_the_game_and_u_names_what_it_took_back() {
    let rec = temp("resign.pgn");
    let (code, out) = play(
        &[
            "--preset",
            "quick",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
        "E4\nD4\nU\nresign\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let reply = |n: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("{n}... ")))
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or_else(|| panic!("no reply {n}: {out}"))
            .to_string()
    };
    let second = reply("2");
    assert!(
        out.contains(&format!("\nTAKEN BACK: 2... {second}, 2. P-Q4.\n")),
        "{out}"
    );
    assert!(out.contains("\nWHITE RESIGNS, BLACK WINS   0-1\n"), "{out}");
    let pgn = read_record(&rec);
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(!pgn.contains("2. d4"), "{pgn}");
}

/// The machine's replies as (seconds taken, 1967-equivalent seconds): `2... N-QB3   0.17 SEC
/// (1967: 16.7 SEC)`, `3... B-QN5 CH   0.27 SEC  (1967: 27.0 SEC)`.
fn reply_times(out: &str) -> Vec<(f64, f64)> {
    out.lines()
        .filter_map(|l| l.split_once(" SEC  (1967: "))
        .map(|(taken, then)| {
            let taken = taken.split_whitespace().last().unwrap();
            let then = then.split_whitespace().next().unwrap();
            (taken.parse().unwrap(), then.parse().unwrap())
        })
        .collect()
}

#[test]
fn paced_at_1967x0_01_each_reply_takes_at_least_1_percent_of_its_1967_time() {
    let rec = temp("paced.pgn");
    let started = Instant::now();
    let (code, out) = play(
        &[
            "--no-book",
            "--pace",
            "1967x0.01",
            "--record",
            rec.to_str().unwrap(),
        ],
        "E4\nD4\nNF3\nquit\n",
    );
    let wall = started.elapsed().as_secs_f64();
    assert_eq!(code, 0, "{out}");
    let times = reply_times(&out);
    assert_eq!(times.len(), 3, "{out}");
    for &(taken, t1967) in &times {
        // Shown to 0.01 s and 0.1 s: allow the rounding.
        assert!(
            taken + 0.005 >= (t1967 - 0.05) * 0.01,
            "{taken} < 1% of {t1967}: {out}"
        );
        assert!(t1967 > 0.0, "{out}");
    }
    let paced: f64 = times.iter().map(|&(_, t)| (t - 0.05) * 0.01).sum();
    assert!(wall >= paced, "the game took {wall} s, less than {paced} s");
}

#[test]
fn unpaced_replies_show_their_1967_time_too() {
    let rec = temp("unpaced.pgn");
    let (_, out) = play(
        &[
            "--preset",
            "quick",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
        "E4\nquit\n",
    );
    assert_eq!(reply_times(&out).len(), 1, "{out}");
}

#[test]
fn a_game_the_machine_plays_with_itself_stops_at_pn() {
    let rec = temp("itself.pgn");
    let (mut child, mut stdin, rx) = common::spawn_lines(
        &scratch(),
        &[
            "play",
            "--no-book",
            "--pace",
            "1967x0.002",
            "--record",
            rec.to_str().unwrap(),
        ],
    );
    let wait_for = |what: &str| wait_for_line(&rx, what);
    writeln!(stdin, "PS").unwrap();
    wait_for("3... ");
    writeln!(stdin, "PN\nBD").unwrap();
    wait_for("THE MACHINE PLAYS NEITHER SIDE.");
    wait_for("TO MOVE.  CLOCKS");
    writeln!(stdin, "quit").unwrap();
    wait_for("BYE.");
    child.wait().unwrap();
    let pgn = read_record(&rec);
    let moves = pgn.matches('{').count();
    assert!(
        (6..20).contains(&moves),
        "stopped after a few moves:\n{pgn}"
    );
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
}

#[test]
fn the_player_to_move_claims_a_third_repetition_now_or_with_a_move() {
    let rec = temp("claims.pgn");
    let (code, out) = play(
        &["--record", rec.to_str().unwrap()],
        "PN\nNf3\nNf6\nNg1\nNg8\nCLAIM\nNf3\nNf6\nNg1\nCLAIM N-QB3\nDRAW\nCLAIM NG8\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "NO DRAW TO CLAIM: THE POSITION STANDS FOR THE SECOND TIME (A CLAIM NEEDS THE \
             THIRD), 4 HALF-MOVES WITHOUT A CAPTURE OR PAWN MOVE (A CLAIM NEEDS 100)."
        ),
        "{out}"
    );
    assert!(
        out.contains("NO DRAW TO CLAIM WITH N-QB3: THE POSITION WOULD STAND FOR THE FIRST TIME"),
        "{out}"
    );
    // DRAW with nothing to claim is an offer (declined: the machine has not searched).
    assert!(out.contains("\nDECLINE\n"), "{out}");
    assert!(
        out.contains(
            "4... N-KN1\nBLACK CLAIMS A DRAW.\nTHIRD REPETITION OF THE POSITION, DRAWN   1/2-1/2"
        ),
        "{out}"
    );
    let pgn = read_record(&rec);
    assert!(pgn.ends_with("1/2-1/2"), "{pgn}");
    // Resumed, the record's draw is the repetition claimed.
    let (out, _) = resumed(
        "claims-again",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2",
        &[],
        "CLAIM\nquit\n",
    );
    assert!(out.contains("THE GAME IS OVER."), "{out}");
}

/// White, 2.5 pawns down, has checked Black's king round the corner twice: Q-QB8ch now brings
/// that position a third time.
const CORNER: &str = "7k/6p1/7p/n4Q2/8/8/rr3PPP/6K1 w - - 0 1";
const TWICE: &str = "1. Qc8+ Kh7 2. Qf5+ Kh8 3. Qc8+ Kh7 4. Qf5+ Kh8 *";

#[test]
fn the_machine_behind_claims_the_repetition_it_chooses() {
    // The machine plays White (the user Black).
    let (out, pgn) = resumed("behind", CORNER, TWICE, &["--black"], "quit\n");
    assert!(
        out.contains("5. Q-QB8 CH") && out.contains("WHITE CLAIMS A DRAW.\nTHIRD REPETITION"),
        "{out}"
    );
    assert!(pgn.ends_with("1/2-1/2"), "{pgn}");
}

#[test]
fn the_machine_ahead_does_not_claim_and_leaves_the_repetition() {
    // Black, the machine, may claim (the position stands for the third time) but is 2.5 pawns
    // up: it plays on with K-KN1, where K-KR1 would bring the start a fourth time.
    let (out, pgn) = resumed(
        "ahead",
        CORNER,
        &TWICE.replace('*', "5. Qc8+ Kh7 6. Qf5+ *"),
        &[],
        "quit\n",
    );
    assert!(!out.contains("CLAIMS"), "{out}");
    assert!(out.contains("6... K-KN1"), "{out}");
    assert!(pgn.ends_with('*'), "{pgn}");
}

/// The lines of `out` but the boards' (ranks and file names).
fn without_boards(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            let b = l.as_bytes();
            // `8  BR BN ...`: a rank; `   QR QN ...`: the files.
            let rank = b.len() > 3 && b[0].is_ascii_digit() && &b[1..3] == b"  ";
            !(rank || l.starts_with("   "))
        })
        .collect()
}

#[test]
fn the_words_people_type_are_understood_or_answered_with_what_was_meant() {
    let dir = scratch().join("words");
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("words.pgn");
    let (code, out, err) = common::machack_in(
        &dir,
        &[
            "play",
            "--preset",
            "quick",
            "--no-book",
            "--name",
            "A. Player",
            "--record",
            rec.to_str().unwrap(),
        ],
        "e4\nundo\ne4\ntakeback\nd4\nhint\noffer draw\nclaim\nresing\nhnit\nudno\nofer draw\n\
         resigns\nbd\npg\ne4\nnew\ne4\nquit\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    let lines = without_boards(&out);
    let after = |what: &str| {
        let at = lines
            .iter()
            .position(|l| *l == what)
            .unwrap_or_else(|| panic!("{what}: {out}"));
        lines[at + 1..].to_vec()
    };
    // undo and takeback: the move and the reply taken back.
    let taken: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("TAKEN BACK: 1... "))
        .collect();
    assert_eq!(taken.len(), 2, "{out}");
    assert!(taken.iter().all(|l| l.ends_with(", 1. P-K4.")), "{out}");
    // hint: the machine's choice for White, as a player writes it with SAN; the clock ran.
    let hint = after("1. P-Q4")[1];
    assert!(hint.starts_with("HINT: P-") && hint.contains(" ("), "{out}");
    assert!(hint.contains("), VALUE "), "{out}");
    // offer draw: declined (an even game); claim: nothing to claim, and why.
    assert_eq!(after("1. P-Q4")[2], "DECLINE", "{out}");
    assert!(
        after("1. P-Q4")[3].starts_with("NO DRAW TO CLAIM: THE POSITION STANDS FOR THE FIRST TIME"),
        "{out}"
    );
    // Words near a command: what was meant, in one line.
    for (typed, meant) in [
        ("resing", "RESIGN"),
        ("hnit", "HINT"),
        ("udno", "UNDO"),
        ("ofer draw", "OFFER DRAW"),
    ] {
        assert!(
            out.contains(&format!(
                "\nNOT A MOVE OR COMMAND: '{typed}'. DID YOU MEAN {meant}?\n"
            )),
            "{typed}: {out}"
        );
    }
    // resigns: the end, shown by BD and PG; a move is refused, saying how to go on.
    let end = "WHITE RESIGNS, BLACK WINS   0-1";
    let ended = after(end);
    assert!(
        ended[0].starts_with(&format!("{end}.  CLOCKS: WHITE 0:")),
        "BD: {out}"
    );
    assert!(
        ended[1].starts_with("SETTINGS: PROFILE C197, "),
        "PG: {out}"
    );
    assert!(ended[2].starts_with("1.    P-Q4 "), "PG: {out}");
    assert_eq!(ended[3], end, "PG ends with the result: {out}");
    assert_eq!(
        ended[4],
        format!(
            "THE GAME IS OVER ({end}): NEW STARTS ANOTHER, U TAKES BACK A MOVE, RS RESTORES A \
             GAME, QUIT ENDS."
        ),
        "{out}"
    );
    // new: another game, in a record of its own here; the first keeps its result.
    assert!(
        ended[5].starts_with("A NEW GAME: RECORDING IT IN machack-"),
        "{out}"
    );
    assert_eq!(
        ended[6],
        "WHITE TO MOVE.  CLOCKS: WHITE 0:10:00  BLACK 0:10:00"
    );
    assert_eq!(ended[7], "1. P-K4", "{out}");
    let first = read_record(&rec);
    assert!(first.contains("[White \"A. Player\"]"), "{first}");
    assert!(
        first.ends_with("{WHITE RESIGNS, BLACK WINS} 0-1"),
        "{first}"
    );
    assert!(first.contains("[Result \"0-1\"]"), "{first}");
    let second = ended[5]["A NEW GAME: RECORDING IT IN ".len()..].trim_end_matches('.');
    let second = read_record(&dir.join(second));
    assert!(second.contains("[White \"A. Player\"]"), "{second}");
    assert!(second.contains("1. e4 {P-K4 "), "{second}");
}

#[test]
fn the_player_is_named_by_the_account_without_name() {
    let rec = temp("account.pgn");
    let dir = scratch();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(["play", "--no-book", "--record", rec.to_str().unwrap()])
        .current_dir(&dir)
        .env("USER", "greenblatt")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    child.wait().unwrap();
    let pgn = read_record(&rec);
    assert!(pgn.contains("[White \"greenblatt\"]"), "{pgn}");
    let (code, out) = play(
        &[
            "--name",
            "",
            "--record",
            temp("no-name.pgn").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("--name: '' cannot name a player: a name is one line of text, not empty"),
        "{out}"
    );
}

#[test]
fn the_flag_falls_on_time_with_no_key_typed() {
    let rec = temp("flag.pgn");
    let started = Instant::now();
    let (mut child, stdin, rx) = common::spawn_lines(
        &scratch(),
        &[
            "play",
            "--clock",
            "2",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
    );
    // Nothing is typed; the input stays open.
    wait_for_line(&rx, "WHITE TO MOVE.  CLOCKS: WHITE 0:00:02");
    wait_for_line(&rx, "WHITE'S FLAG HAS FALLEN, BLACK WINS   0-1");
    let fell = started.elapsed().as_secs_f64();
    eprintln!("the flag fell {fell:.3} s after the start");
    assert!(
        (2.0..3.0).contains(&fell),
        "the flag fell {fell:.2} s after the start, not within a second of its 2 s"
    );
    drop(stdin);
    child.wait().unwrap();
    let pgn = read_record(&rec);
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(
        pgn.ends_with("{WHITE'S FLAG HAS FALLEN, BLACK WINS} 0-1"),
        "{pgn}"
    );
}

#[test]
fn suggestions_at_the_terminal_are_written_as_a_player_writes_them() {
    let rec = temp("suggestions.pgn");
    let (code, out) = play(
        &["--record", rec.to_str().unwrap()],
        "PN\nPXP\ne4\ne5\nNf3\nNc6\nBc4\nNf6\nNXBP\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "ILLEGAL: 'PXP' MATCHES NO LEGAL MOVE: NO WHITE PAWN CAN CAPTURE A PAWN; CLOSEST \
             LEGAL MOVES: P-QR3 (A3), P-QR4 (A4), "
        ),
        "{out}"
    );
    assert!(
        out.contains("CLOSEST LEGAL MOVES: NXP (NXE5), BXP CH (BXF7+), N-R3 (NA3), "),
        "{out}"
    );
}

/// Issue 31: along a game with an under-promotion c197 once found no move, and the machine then
/// lost "on time" with ten minutes on its clock. Resumed at the position (the knight promoted
/// on QR8 checks from QB7), the machine answers with its king, says once why it searches the
/// knight as a knight, and the record keeps the note; resumed again, the note is not repeated.
#[test]
fn after_an_under_promotion_the_machine_moves_and_says_once_what_it_holds() {
    let from = temp("under-promotion-from.pgn");
    std::fs::write(
        &from,
        "[White \"You\"]\n[Black \"Mac Hack VI\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 c6 \
         3. dxc6 Qb6 4. cxb7 Nf6 5. bxa8=N Qd4 6. Nf3 Qxf2+ 7. Kxf2 Na6 8. Nd4 Nc5 9. Nf3 e5 \
         10. Ng5 Nh5 11. Nac7+ *\n",
    )
    .unwrap();
    let rec = temp("under-promotion.pgn");
    let args = |from: &PathBuf, rec: &PathBuf| {
        [
            "--resume".to_string(),
            from.display().to_string(),
            "--record".into(),
            rec.display().to_string(),
            "--no-book".into(),
        ]
    };
    let (code, out) = play(&args(&from, &rec).each_ref().map(String::as_str), "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\n11... K-Q2 "), "{out}");
    let said = "the 1967 program promotes only to a queen; it searches the promoted knight on \
                c7 as a knight (a reconstruction)";
    assert_eq!(
        out.matches(&format!("NOTE: {}", said.to_uppercase()))
            .count(),
        1,
        "{out}"
    );
    assert!(!out.contains("TIME"), "{out}");
    let pgn = read_record(&rec);
    assert!(pgn.contains("11. Nc7+ {N-QB7 CH} Kd7 {K-Q2 "), "{pgn}");
    assert!(pgn.contains(&format!("{{note: {said}}} *")), "{pgn}");
    // Resumed: the note is read back, and the next reply says nothing more.
    let next = temp("under-promotion-next.pgn");
    let (code, out) = play(
        &args(&rec, &next).each_ref().map(String::as_str),
        "Nb5\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("NOTE:"), "{out}");
    let pgn = read_record(&next);
    assert_eq!(pgn.matches("{note: ").count(), 1, "{pgn}");
    assert!(pgn.contains("12. Nb5 {N-QN5 "), "{pgn}");
}

/// A hint where the user mates in one says the mate as a mate (as `think` says `mate in 1`),
/// not the mate's value in pawns (`+223.98`).
#[test]
fn a_hint_that_mates_says_mate_in_1() {
    let (out, _) = resumed(
        "hint-mate",
        "6k1/5ppp/8/8/3R4/8/r4PPP/6K1 w - - 0 1",
        "*",
        &["--preset", "quick"],
        "hint\nquit\n",
    );
    assert!(
        out.contains("HINT: R-Q8 MATE (RD8#), VALUE MATE IN 1\n"),
        "{out}"
    );
}

/// The time White's clock ran on the reply taken back and on the move under way when the game
/// was left is kept in the record (`MachackClockUsed`), so that a resumed game's clock reads as
/// it was left: the moves' comments hold only the moves recorded, and resumed from them alone
/// the clock read a whole minute's worth of seconds more.
#[test]
fn a_resumed_games_clock_reads_as_it_was_left() {
    let dir = scratch();
    let (mut child, mut stdin, lines) = common::spawn_lines(
        &dir,
        &[
            "play",
            "--preset",
            "quick",
            "--no-book",
            "--record",
            "left.pgn",
        ],
    );
    writeln!(stdin, "P-K4").unwrap();
    wait_for_line(&lines, "1... ");
    std::thread::sleep(Duration::from_millis(1200));
    // Taken back: the record holds no move now, and White's clock has run 1.2 s.
    writeln!(stdin, "U").unwrap();
    wait_for_line(&lines, "TAKEN BACK");
    std::thread::sleep(Duration::from_millis(1200));
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let record = std::fs::read_to_string(dir.join("left.pgn")).unwrap();
    let used: f64 = record
        .lines()
        .find_map(|l| l.strip_prefix("[MachackClockUsed \"white "))
        .and_then(|rest| rest.split('s').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{record}"));
    assert!((2.4..10.0).contains(&used), "{used} in {record}");
    assert!(!record.contains("1. e4"), "{record}");
    let (code, out, _) = common::machack_in(
        &dir,
        &["play", "--resume", "left.pgn", "--record", "resumed.pgn"],
        "bd\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let left = 600 - used.ceil() as u64;
    let shown = format!("CLOCKS: WHITE 0:{:02}:{:02}", left / 60, left % 60);
    let clocks: Vec<&str> = out.lines().filter(|l| l.contains("CLOCKS:")).collect();
    assert!(
        !clocks.is_empty() && clocks.iter().all(|l| l.contains(&shown)),
        "{shown}: {clocks:?}"
    );
}

/// `SAVE FILE` writes a new file and never replaces what is there (a file, a file behind a
/// link, a FIFO): the rename it made turned them into the game. FILE naming the game's own
/// record writes the record.
#[cfg(unix)]
#[test]
fn save_never_replaces_what_is_there_but_the_games_own_record() {
    let dir = scratch().join("save");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("kept.txt"), "kept\n").unwrap();
    std::os::unix::fs::symlink("kept.txt", dir.join("link")).unwrap();
    let fifo = std::process::Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .is_ok_and(|s| s.success());
    assert!(fifo, "mkfifo");
    let (code, out, _) = common::machack_in(
        &dir,
        &[
            "play",
            "--preset",
            "quick",
            "--no-book",
            "--record",
            "g.pgn",
        ],
        "P-K4\nsave kept.txt\nsave link\nsave fifo\nsave new.pgn\nsave ./g.pgn\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let refused = |f: &str| {
        format!(
            "CANNOT SAVE IN {f}: IT EXISTS, AND SAVE NEVER REPLACES WHAT IS THERE (NAME A NEW \
             FILE)\n"
        )
    };
    for f in ["kept.txt", "link", "fifo"] {
        assert!(out.contains(&refused(f)), "{f}: {out}");
    }
    assert!(out.contains("SAVED IN new.pgn\n"), "{out}");
    assert!(
        out.contains("SAVED IN ./g.pgn (THE GAME'S RECORD)\n"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("kept.txt")).unwrap(),
        "kept\n"
    );
    assert!(
        std::fs::symlink_metadata(dir.join("link"))
            .unwrap()
            .is_symlink()
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::metadata(dir.join("fifo"))
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert!(
        std::fs::read_to_string(dir.join("new.pgn"))
            .unwrap()
            .contains("1. e4 {P-K4 ")
    );
}

/// `CLOCK`, and `TIME` its other name, print both clocks, the one running marked, and the
/// control (`clock` was answered "DID YOU MEAN BOOK OR CLAIM?", `time` with a lecture on
/// notation); with Black's clock stopped at its move, it reads the same both times.
#[test]
fn clock_and_its_other_name_time_print_both_clocks() {
    let rec = temp("clock.pgn");
    let (code, out) = play(
        &[
            "--clock",
            "40/300",
            "--preset",
            "quick",
            "--no-book",
            "--record",
            rec.to_str().unwrap(),
        ],
        "e4\nclock\ntime\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let clocks: Vec<&str> = out.lines().filter(|l| l.starts_with("CLOCKS: ")).collect();
    assert_eq!(clocks.len(), 2, "{out}");
    for line in &clocks {
        assert!(
            line.starts_with("CLOCKS: WHITE 0:0") && line.ends_with("  (CONTROL 40/300)"),
            "{out}"
        );
        assert!(
            line.contains(" (RUNNING)  BLACK 0:0") && line.matches("RUNNING").count() == 1,
            "{out}"
        );
    }
    let black = |l: &str| l.split("BLACK ").nth(1).unwrap().to_string();
    assert_eq!(black(clocks[0]), black(clocks[1]), "{out}");
    assert!(!out.contains("DID YOU MEAN"), "{out}");
}

/// A game resumed says its settings once, before the moves so far (they were said twice: once
/// as the session began, once more before the game printed).
#[test]
fn a_resumed_game_says_its_settings_once() {
    let (out, _) = resumed(
        "settings-once",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1. e4 e5 *",
        &["--preset", "quick"],
        "quit\n",
    );
    assert_eq!(out.matches("SETTINGS: PROFILE").count(), 1, "{out}");
    assert!(out.contains("RESUMED AFTER 2 PLIES.\n1.    P-K4"), "{out}");
}
