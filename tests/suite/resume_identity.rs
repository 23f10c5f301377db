//! A game killed at any moment and resumed goes on as the uninterrupted game would have
//! (issue 20): the record holds what the program needs to be rebuilt (its settings, and each
//! search to repeat), and `--resume` repeats its searches and book choices before it plays on.
//!
//! 50 games, the machine playing both sides (`PS`), half with c197 (whose run state carries
//! from search to search) and half with the paper's program (whose hash table does), from
//! openings its book chooses with a seed of each game's own: each is played once through, and
//! once killed with SIGKILL at a moment a seeded generator chooses (after some ply, a few
//! hundred microseconds into the next search or record write) and resumed in place. The first
//! 40 plies of both records must be the same moves.

use crate::common;

use chacha20::ChaCha8Rng;
use machack::game::record;
use machack::rules::Move;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// The games played, and the plies compared in each.
const GAMES: u64 = 50;
const PLIES: usize = 40;

/// A scratch folder on a memory file system when there is one (the record is flushed to disk
/// after every move; on a disk that costs most of the test's time), else in the temporary
/// folder.
fn scratch() -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let dir = base.join(format!("machack-resume-identity-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether a session's output line shows a move of the machine (`12. N-KB3   0.01 SEC  (1967:
/// 2.3 SEC)`, or `BOOK`).
fn is_machine_move(line: &str) -> bool {
    line.contains(" SEC  (1967: ") || (line.ends_with("BOOK") && line.contains('.'))
}

/// How a session is stopped: once it has shown so many moves in all, or this long after it
/// showed its first.
#[derive(Clone, Copy)]
enum Stop {
    Plies(usize),
    After(Duration),
}

/// Reads the session's output until `stop` (counting moves from `shown`, those the session
/// began with), or its end; then kills it. Returns the time from its first move shown to the
/// kill.
fn kill_at(mut child: Child, lines: &Receiver<String>, shown: usize, stop: Stop) -> Duration {
    let mut count = shown;
    let mut first: Option<Instant> = None;
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        let done = match (stop, first) {
            (Stop::Plies(p), _) => count >= p,
            (Stop::After(d), Some(f)) => f.elapsed() >= d,
            (Stop::After(_), None) => false,
        };
        if done {
            break;
        }
        match lines.recv_timeout(Duration::from_micros(200)) {
            Ok(l) if is_machine_move(&l) => {
                count += 1;
                first.get_or_insert_with(Instant::now);
            }
            Ok(_) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let _ = child.kill(); // SIGKILL
    let _ = child.wait();
    first.map_or(Duration::ZERO, |f| f.elapsed())
}

/// The moves of the record at `path`.
fn moves(path: &Path) -> Vec<Move> {
    let text = std::fs::read_to_string(path).unwrap();
    let r = record::read_pgn(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
    r.game.moves().iter().map(|m| m.mv).collect()
}

/// Plays game `n` with the machine on both sides from a new record `name`, killed at `stop`;
/// returns the time from its first move to the kill.
fn play(dir: &Path, name: &str, n: u64, stop: Stop) -> Duration {
    let profile = if n.is_multiple_of(2) { "c197" } else { "paper" };
    let seed = n.to_string();
    let args = [
        "play",
        "--preset",
        "normal",
        "--profile",
        profile,
        "--seed",
        &seed,
        "--record",
        name,
    ];
    let (child, mut stdin, lines) = common::spawn_lines(dir, &args);
    stdin.write_all(b"PS\n").unwrap();
    drop(stdin);
    kill_at(child, &lines, 0, stop)
}

/// Resumes the record `name` in place (the machine plays both sides, as its tags say) until
/// `plies` moves are shown in all.
fn resume(dir: &Path, name: &str, plies: usize) {
    let args = ["play", "--resume", name, "--in-place"];
    let (child, stdin, lines) = common::spawn_lines(dir, &args);
    drop(stdin);
    // The moves it begins with, from its `RESUMED AFTER N PLIES.` (none: a record with none).
    let mut shown = 0;
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        match lines.recv_timeout(Duration::from_millis(100)) {
            Ok(l) => {
                if let Some(n) = l
                    .strip_prefix("RESUMED AFTER ")
                    .and_then(|r| r.split_whitespace().next())
                {
                    shown = n.parse().unwrap();
                }
                if l.contains("TO MOVE.  CLOCKS:") {
                    break;
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(_) => break,
        }
    }
    kill_at(child, &lines, shown, Stop::Plies(plies));
}

#[test]
fn fifty_games_killed_at_random_moments_and_resumed_play_the_moves_of_the_uninterrupted_ones() {
    let started = Instant::now();
    let dir = scratch();
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    let mut differing = Vec::new();
    let mut kills = Vec::new();
    for n in 1..=GAMES {
        let whole = format!("whole-{n}.pgn");
        let took = play(&dir, &whole, n, Stop::Plies(PLIES));
        // A moment between the first move and the last compared, in a search or a write.
        let at = took.mul_f64(rng.random_range(0.0..1.0));
        let killed = format!("killed-{n}.pgn");
        play(&dir, &killed, n, Stop::After(at));
        let at_kill = moves(&dir.join(&killed)).len();
        if std::env::var_os("RESUME_DEBUG").is_some() {
            eprintln!("game {n}: took {took:?}, kill at {at:?}, {at_kill} plies");
        }
        resume(&dir, &killed, PLIES);
        let (a, b) = (moves(&dir.join(&whole)), moves(&dir.join(&killed)));
        let (a, b) = (&a[..a.len().min(PLIES)], &b[..b.len().min(PLIES)]);
        assert!(
            a.len() == PLIES || b.len() == PLIES || a.len() == b.len(),
            "game {n}: {} and {} plies",
            a.len(),
            b.len()
        );
        kills.push(at_kill);
        if a != b {
            differing.push(format!(
                "game {n} (killed after {at_kill} plies): the moves differ from ply {}",
                a.iter()
                    .zip(b)
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.len().min(b.len()))
                    + 1
            ));
        }
    }
    assert!(differing.is_empty(), "{differing:#?}");
    // The kills fell all along the games: most inside the plies compared (the moments are the
    // generator's; the plies they fall in depend on the machine's speed).
    let inside = kills.iter().filter(|&&k| k < PLIES).count();
    assert!(inside * 2 > kills.len(), "{kills:?}");
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{GAMES} games killed and resumed ({inside} inside the first {PLIES} plies), {PLIES} \
         plies each identical, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
