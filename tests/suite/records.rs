//! Game records that survive anything (issue 13): a resumed record is never rewritten unless the
//! user asks to continue it in place, and then every tag survives; every move is on disk before
//! it is shown, so a game killed at any moment resumes with every move that was shown; automatic
//! record names never collide.

use crate::common;

use chacha20::ChaCha8Rng;
use machack::game::record::{self, Resumed};
use machack::rules::{Move, Position};
use rand::{RngExt, SeedableRng};
use std::fs;
use std::io::Write;
use std::path::Path;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// Runs `machack play ARGS` in `dir` with `input`; returns the exit code and all output.
fn play(dir: &Path, args: &[&str], input: &str) -> (i32, String) {
    let (code, out, err) = common::machack_in(dir, &[&["play"], args].concat(), input);
    (code, out + &err)
}

/// The records (`*.pgn`) in `dir`, by name.
fn records(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    names.sort();
    names
}

/// The record named in a session's `RECORDING THE GAME IN …` line.
fn record_named_in(out: &str) -> String {
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("RECORDING THE GAME IN "))
        .unwrap_or_else(|| panic!("no record named: {out}"));
    line.to_string()
}

fn read(path: &Path) -> Resumed {
    record::read_pgn(&fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn resuming_a_paper_score_leaves_it_byte_for_byte_and_keeps_its_tags() {
    let dir = common::scratch("records-paper");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    for name in [
        "1967-1-wagner.score",
        "1967-2-nn-1410.score",
        "1967-3-landey.score",
        "1967-4-spring-amateur.score",
    ] {
        let score = dir.join(name);
        fs::copy(games.join(name), &score).unwrap();
        let before = fs::read(&score).unwrap();
        // Taking back the last move and playing on changes the game, not the file.
        let (code, out) = play(
            &dir,
            &["--resume", name, "--preset", "quick", "--no-book"],
            "PN\nU\nPG\nquit\n",
        );
        assert_eq!(code, 0, "{out}");
        assert_eq!(fs::read(&score).unwrap(), before, "{name} was rewritten");
        assert!(out.contains(&format!("{name} IS LEFT AS IT IS.")), "{out}");
        let original = read(&score);
        let continued = read(&dir.join(record_named_in(&out)));
        // Every tag is kept but the result and the settings tags, which say what the game now
        // goes on with (here the options' quick preset, and the machine playing neither side).
        assert_eq!(continued.tags.get("MachackWidth"), Some("4"), "{name}");
        assert_eq!(
            continued.tags.get("MachackPlays"),
            Some("neither"),
            "{name}"
        );
        for (tag, value) in &original.tags.0 {
            if tag != "Result" && !tag.starts_with("Machack") {
                assert_eq!(
                    continued.tags.get(tag),
                    Some(value.as_str()),
                    "{name}: {tag}"
                );
            }
        }
        let plies = original.game.moves().len();
        assert_eq!(
            continued.tags.get("Continues"),
            Some(format!("{name} ({plies} plies)").as_str())
        );
        assert_eq!(continued.game.moves().len(), plies - 1, "{name}");
        assert_eq!(continued.tags.get("Result"), Some("*"));
        // The continuation is itself a record that can be continued in place.
        let (code, out) = play(
            &dir,
            &["--resume", &record_named_in(&out), "--in-place"],
            "quit\n",
        );
        assert_eq!(code, 0, "{out}");
    }
}

#[test]
fn in_place_keeps_every_tag_and_refuses_what_it_would_change() {
    let dir = common::scratch("records-in-place");
    let (code, out) = play(
        &dir,
        &["--record", "g.pgn", "--preset", "quick", "--no-book"],
        "e4\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    // Tags a user added, in machack's own layout: kept as they are, in their order.
    let text = fs::read_to_string(dir.join("g.pgn")).unwrap().replace(
        "[Site \"?\"]",
        "[Site \"Cambridge, MA\"]\n[Annotator \"R. \\\"Greenblatt\\\"\"]",
    );
    fs::write(dir.join("g.pgn"), &text).unwrap();
    let (code, out) = play(
        &dir,
        &[
            "--resume",
            "g.pgn",
            "--in-place",
            "--no-book",
            "--preset",
            "quick",
        ],
        "d4\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("RECORDING THE GAME IN g.pgn\nCONTINUED IN PLACE."),
        "{out}"
    );
    let after = fs::read_to_string(dir.join("g.pgn")).unwrap();
    // Every tag kept, in its order; the clocks' time run is the game's, like its moves, and
    // goes on (`MachackClockUsed`).
    let tags = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with('['))
            .map(|l| match l.split_once(" \"") {
                Some(("[MachackClockUsed", _)) => "[MachackClockUsed ...]".to_string(),
                _ => l.to_string(),
            })
            .collect()
    };
    assert_eq!(tags(&after), tags(&text));
    let used = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("[MachackClockUsed "))
            .map(String::from)
    };
    assert!(used(&text).is_some() && used(&after).is_some(), "{after}");
    let game = read(&dir.join("g.pgn")).game;
    assert_eq!(game.moves().len(), 4, "{after}");
    assert_eq!(game.moves()[2].san, "d4");
    assert_eq!(records(&dir), ["g.pgn"], "no other record");

    // A file machack would write differently is refused, and left as it is.
    let edited = after.replace("[Result \"*\"]\n", "");
    fs::write(dir.join("h.pgn"), &edited).unwrap();
    let (code, out) = play(&dir, &["--resume", "h.pgn", "--in-place"], "e4\nquit\n");
    assert_eq!(code, 2, "{out}");
    assert!(
        out.starts_with(
            "machack: cannot continue h.pgn in place: it is not a record as machack writes it"
        ),
        "{out}"
    );
    assert_eq!(fs::read_to_string(dir.join("h.pgn")).unwrap(), edited);
    // So is a clock that is not the record's.
    let (code, out) = play(
        &dir,
        &["--resume", "g.pgn", "--in-place", "--clock", "60+1"],
        "quit\n",
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("--clock 60+1 is not its TimeControl 40/600"),
        "{out}"
    );
    assert_eq!(fs::read_to_string(dir.join("g.pgn")).unwrap(), after);
}

#[test]
fn a_record_never_replaces_a_file() {
    let dir = common::scratch("records-exists");
    fs::write(dir.join("mine.pgn"), "precious").unwrap();
    let (code, out) = play(&dir, &["--record", "mine.pgn"], "e4\nquit\n");
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("mine.pgn exists: a new record never replaces a file"),
        "{out}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("mine.pgn")).unwrap(),
        "precious"
    );
}

/// `printf 'P-K4\nquit\n' | machack play` twice in the same second left one record.
#[test]
fn automatic_record_names_never_collide() {
    let dir = common::scratch("records-names");
    // The names of the next ten seconds are taken already.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let taken: Vec<String> = (now..now + 10)
        .map(|s| format!("machack-{}.pgn", record::utc_at(s).stamp()))
        .collect();
    for t in &taken {
        fs::write(dir.join(t), "taken").unwrap();
    }
    for _ in 0..2 {
        let (code, out) = play(&dir, &["--no-book", "--preset", "quick"], "P-K4\nquit\n");
        assert_eq!(code, 0, "{out}");
        let name = record_named_in(&out);
        assert!(!taken.contains(&name), "{name}");
        assert!(
            name.ends_with("-2.pgn") || name.ends_with("-3.pgn"),
            "{name}"
        );
        assert_eq!(read(&dir.join(&name)).game.moves()[0].san, "e4");
    }
    for t in &taken {
        assert_eq!(fs::read_to_string(dir.join(t)).unwrap(), "taken");
    }
    assert_eq!(records(&dir).len(), taken.len() + 2, "{:?}", records(&dir));
}

/// Where a kill fell, told from the output and the record it left.
#[derive(Debug, Default)]
struct Tally {
    /// The machine was thinking: the user's move shown last, the record as shown.
    search: u32,
    /// The machine's reply was on disk and not yet shown (the record one move ahead).
    reply: u32,
    /// The user's move was on disk and not yet echoed.
    echo: u32,
    /// The user's move on its way in: the machine's reply shown last, the record as shown.
    waiting: u32,
    /// Temporary files left beside the record (a kill between writing and renaming), which
    /// resuming removes.
    temporaries: u32,
}

/// One trial: a game (the test plays random legal moves as White, the machine Black at the
/// normal preset) killed with SIGKILL at a random moment; then the checks. Adds where the kill
/// fell to `tally`.
fn killed_game(dir: &Path, trial: u32, rng: &mut ChaCha8Rng, tally: &mut Tally) {
    let name = format!("t{trial}.pgn");
    let (mut child, mut stdin, rx) = common::spawn_lines(
        dir,
        &["play", "--preset", "normal", "--no-book", "--record", &name],
    );
    let mut pos = Position::startpos();
    let mut shown: Vec<Move> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut deadline: Option<Instant> = None;
    let mut take = |line: String, pos: &mut Position, shown: &mut Vec<Move>| -> bool {
        let m = common::shown_move(pos, &line);
        if let Some(m) = m {
            pos.make(m);
            shown.push(m);
        }
        let users_turn = line.starts_with("WHITE TO MOVE") || line.ends_with(" SEC)");
        lines.push(line);
        users_turn
    };
    loop {
        let wait = deadline.map_or(Duration::from_secs(20), |d| {
            d.saturating_duration_since(Instant::now())
        });
        match rx.recv_timeout(wait) {
            Ok(line) => {
                if deadline.is_none() && line.starts_with("RECORDING THE GAME IN") {
                    // The record exists: from now on the kill may come at any moment.
                    deadline =
                        Some(Instant::now() + Duration::from_micros(rng.random_range(0..80_000)));
                }
                if take(line, &mut pos, &mut shown) && !pos.legal_moves().is_empty() {
                    let moves = pos.legal_moves();
                    let m = moves[rng.random_range(0..moves.len())];
                    let _ = writeln!(stdin, "{}", m.coordinate());
                }
            }
            Err(RecvTimeoutError::Timeout) => break,
            Err(RecvTimeoutError::Disconnected) => panic!("the game ended before the kill"),
        }
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    // Whatever reached the pipe before the kill was shown.
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(5)) {
        take(line, &mut pos, &mut shown);
    }
    let text = fs::read_to_string(dir.join(&name)).unwrap();
    let recorded: Vec<Move> = record::read_pgn(&text)
        .unwrap_or_else(|e| panic!("trial {trial}: the record does not parse: {e}\n{text}"))
        .game
        .moves()
        .iter()
        .map(|m| m.mv)
        .collect();
    assert!(
        recorded.starts_with(&shown) && recorded.len() <= shown.len() + 1,
        "trial {trial}: shown {} moves, recorded {}:\n{}\n{text}",
        shown.len(),
        recorded.len(),
        lines.join("\n")
    );
    // White, the user, made the moves of even index.
    match (recorded.len() > shown.len(), recorded.len() % 2) {
        (true, 0) => tally.reply += 1,
        (true, _) => tally.echo += 1,
        (false, 1) => tally.search += 1,
        (false, _) => tally.waiting += 1,
    }
    tally.temporaries += leftovers(dir, &name);
    // It resumes, into a record of its own, leaving this one as it is.
    let next = format!("t{trial}-next.pgn");
    let (code, out) = play(
        dir,
        &[
            "--resume",
            &name,
            "--record",
            &next,
            "--preset",
            "quick",
            "--no-book",
        ],
        "PN\nquit\n",
    );
    assert_eq!(code, 0, "trial {trial}: {out}");
    if !recorded.is_empty() {
        assert!(
            out.contains(&format!("RESUMED AFTER {} PLIES.", recorded.len())),
            "trial {trial}: {out}"
        );
    }
    assert_eq!(fs::read_to_string(dir.join(&name)).unwrap(), text);
    // And what a kill between writing and renaming left is gone.
    assert_eq!(leftovers(dir, &name), 0, "trial {trial}");
}

/// The temporary files beside record `name` in `dir`.
fn leftovers(dir: &Path, name: &str) -> u32 {
    let prefix = format!(".{name}.");
    fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            let n = e.as_ref().unwrap().file_name();
            n.to_string_lossy().starts_with(&prefix)
        })
        .count() as u32
}

/// SIGKILL at random moments of games against the machine: every record parses, holds every
/// move that was shown (and at most the one being shown), and resumes.
#[test]
fn a_game_killed_at_any_moment_loses_no_move_that_was_shown() {
    const TRIALS: u32 = 200;
    let dir = common::scratch("records-killed");
    let started = Instant::now();
    // Two games at a time, one per core.
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|half| {
                let dir = &dir;
                s.spawn(move || {
                    let mut rng = ChaCha8Rng::seed_from_u64(1967 + half);
                    let mut tally = Tally::default();
                    for trial in (half as u32..TRIALS).step_by(2) {
                        killed_game(dir, trial, &mut rng, &mut tally);
                    }
                    tally
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let sum = |f: fn(&Tally) -> u32| tallies.iter().map(f).sum::<u32>();
    let (search, reply) = (sum(|t| t.search), sum(|t| t.reply));
    let (echo, waiting) = (sum(|t| t.echo), sum(|t| t.waiting));
    eprintln!(
        "{TRIALS} kills in {:.1} s: {search} while the machine thought, {reply} between its \
         reply's record and its display, {echo} between the user's move's record and its echo, \
         {waiting} while the user's move came in; {} temporary files left",
        started.elapsed().as_secs_f64(),
        sum(|t| t.temporaries)
    );
    assert_eq!(search + reply + echo + waiting, TRIALS);
    assert!(
        search > 0 && reply > 0,
        "the kills fell across the search and the reply"
    );
}

/// A record with 50,000 tags (980 KB, under the 1 MiB a record may be) resumes in well under a
/// second, every tag kept once, in order: looking each up in the list was quadratic (43 s).
#[test]
fn a_record_of_50000_tags_resumes_at_once_with_every_tag_kept() {
    let dir = common::scratch("many-tags");
    let mut text = String::from("[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n");
    for i in 0..50_000 {
        text.push_str(&format!("[Tag{i} \"v{i}\"]\n"));
    }
    text.push_str("[Tag7 \"again\"]\n\n1. e4 e5 *\n");
    fs::write(dir.join("tags.pgn"), &text).unwrap();
    let started = Instant::now();
    let (code, out) = play(
        &dir,
        &["--resume", "tags.pgn", "--record", "next.pgn"],
        "quit\n",
    );
    let took = started.elapsed();
    assert_eq!(code, 0, "{out}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    let next = read(&dir.join("next.pgn"));
    let names: Vec<&str> = next.tags.0.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names.iter().filter(|n| n.starts_with("Tag")).count(),
        50_000
    );
    assert_eq!(next.tags.get("Tag7"), Some("v7"));
    assert_eq!(names[7..10], ["Tag0", "Tag1", "Tag2"]);
    let _ = fs::remove_dir_all(&dir);
}
