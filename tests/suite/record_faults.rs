//! A record is never wrong (issue 25): when it cannot be written (a full disk, a folder made
//! read-only under a user who is not root) nothing is shown that it does not hold; a record
//! continued in place keeps its links, mode and owner; a file too large is refused at once;
//! SIGINT, SIGTERM and SIGHUP leave no temporary file and a whole record.
//!
//! The tests that need root to set up (mounting a tmpfs, making a user who is not root) say
//! `SKIPPED …` on the terminal when they cannot, and fail instead under `MACHACK_REQUIRE_TOOLS`
//! (CI runs them as root).

use crate::common;

use chacha20::ChaCha8Rng;
use machack::game::record;
use machack::rules::{Move, Position};
use rand::{RngExt, SeedableRng};
use std::fs::{self, File};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_machack");

/// A game being driven: the process, its input, its output lines and what it wrote on stderr.
struct Driven {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: PathBuf,
    /// Every line seen so far.
    seen: Vec<String>,
}

impl Driven {
    /// Starts `program ARGS` in `dir`, with `TMPDIR` set to `dir` (where a game that cannot
    /// write its record saves it last).
    fn start(dir: &Path, program: &str, args: &[&str]) -> Driven {
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        // Not in `dir`, which a test may make read-only to a user who is not root.
        let stderr = std::env::temp_dir().join(format!(
            "machack-faults-stderr-{}-{}",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::SeqCst)
        ));
        let mut child = Command::new(program)
            .args(args)
            .current_dir(dir)
            .env("TMPDIR", dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(File::create(&stderr).unwrap())
            .spawn()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Driven {
            child,
            stdin,
            lines,
            stderr,
            seen: Vec::new(),
        }
    }

    /// Types a line. A program that has already ended (one that refuses to start, as some of
    /// these tests expect) may close its input first: the broken pipe is then not the test's
    /// failure, and what the program said and its exit status are checked after.
    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        let _ = writeln!(stdin, "{text}").and_then(|()| stdin.flush());
    }

    /// Waits for a line starting with `prefix` (panics after 60 s or at the end of output).
    fn expect(&mut self, prefix: &str) -> String {
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            match self
                .lines
                .recv_timeout(until.saturating_duration_since(Instant::now()))
            {
                Ok(l) => {
                    self.seen.push(l.clone());
                    if l.starts_with(prefix) {
                        return l;
                    }
                }
                Err(e) => panic!("no line starting '{prefix}' ({e:?}): {:#?}", self.seen),
            }
        }
    }

    /// Closes the input, reads the output to its end and waits for the end: the status and
    /// standard error.
    fn finish(mut self) -> (ExitStatus, String, Vec<String>) {
        drop(self.stdin.take());
        while let Ok(l) = self.lines.recv_timeout(Duration::from_secs(60)) {
            self.seen.push(l);
        }
        let status = self.child.wait().unwrap();
        let stderr = fs::read_to_string(&self.stderr).unwrap();
        let _ = fs::remove_file(&self.stderr);
        (status, stderr, self.seen)
    }
}

/// The moves shown in `lines` (the user's echoed, the machine's with their times), in order,
/// up to the first line `stop` accepts.
fn shown_moves(lines: &[String], stop: impl Fn(&str) -> bool) -> Vec<Move> {
    let mut pos = Position::startpos();
    let mut shown = Vec::new();
    for line in lines {
        if stop(line) {
            break;
        }
        if let Some(m) = common::shown_move(&pos, line) {
            pos.make(m);
            shown.push(m);
        }
    }
    shown
}

/// The moves of the record at `path`.
fn recorded(path: &Path) -> Vec<Move> {
    let text = fs::read_to_string(path).unwrap();
    record::read_pgn(&text)
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
        .game
        .moves()
        .iter()
        .map(|m| m.mv)
        .collect()
}

/// The temporary files left in `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

/// The failure is said once, in these words.
const NOTHING_MORE: &str = "THE GAME IS KEPT, AND NOTHING MORE OF IT IS SHOWN UNTIL IT IS \
                            RECORDED: TYPE RECORD TO TRY AGAIN, RECORD FILE TO GO ON IN A NEW \
                            FILE, OR QUIT TO SAVE IT ELSEWHERE.";

/// A disk that fills mid-game (emulated with `ulimit -f 1`, SIGXFSZ ignored, so that a write
/// past 1 KB fails with EFBIG): the game says so once, shows no move its record lacks, takes no
/// more moves, and at the end, with every file too large to write, prints the whole game and
/// exits with code 2 saying the record is incomplete. It printed 84 warnings and played on to
/// 127 plies while the record held 44, exit code 0.
#[test]
fn on_a_full_disk_no_move_is_shown_that_the_record_lacks() {
    let dir = common::scratch("faults-full-disk");
    let mut g = Driven::start(
        &dir,
        "bash",
        &[
            "-c",
            r#"trap "" XFSZ; ulimit -f 1; exec "$0" "$@""#,
            BIN,
            "play",
            "--preset",
            "quick",
            "--no-book",
            "--record",
            "g.pgn",
        ],
    );
    g.send("PS");
    g.expect("CANNOT WRITE THE RECORD g.pgn: File too large");
    // Nothing more is played or shown: the board, the game, a move, a retry.
    g.send("BD");
    g.expect("THE RECORD g.pgn CANNOT BE WRITTEN (File too large");
    g.send("PG");
    g.expect("THE RECORD g.pgn CANNOT BE WRITTEN (File too large");
    g.send("e4");
    g.expect("THE RECORD g.pgn CANNOT BE WRITTEN (File too large");
    g.send("RECORD");
    g.expect("CANNOT WRITE THE RECORD g.pgn: File too large");
    g.send("QUIT");
    let (status, stderr, lines) = g.finish();
    let saved = "THE GAME CANNOT BE SAVED ANYWHERE; HERE IS ITS RECORD:";
    let shown = shown_moves(&lines, |l| l == saved);
    let on_disk = recorded(&dir.join("g.pgn"));
    assert_eq!(shown, on_disk, "{lines:#?}");
    assert!(on_disk.len() > 10, "{lines:#?}");
    assert_eq!(
        lines.iter().filter(|l| l.ends_with(NOTHING_MORE)).count(),
        1,
        "{lines:#?}"
    );
    // The whole game, printed as the last resort, holds the move the record lacks.
    let at = lines.iter().position(|l| l == saved).expect("printed");
    let printed = record::read_pgn(&lines[at + 1..].join("\n")).unwrap();
    let all: Vec<Move> = printed.game.moves().iter().map(|m| m.mv).collect();
    assert_eq!(all.len(), on_disk.len() + 1);
    assert!(all.starts_with(&on_disk));
    assert_eq!(status.code(), Some(2));
    assert_eq!(
        stderr,
        format!(
            "machack: the record g.pgn is incomplete: it holds {} of the game's {} plies; no \
             file could be written, and the whole game was printed\n",
            on_disk.len(),
            all.len()
        )
    );
    assert_eq!(temporaries(&dir), Vec::<String>::new());
}

/// Whether this process runs as root.
fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Says the test is skipped, and why, past the harness's capture; fails instead under
/// `MACHACK_REQUIRE_TOOLS` (CI runs as root, where every one of these can run).
fn skip(test: &str, why: &str) {
    common::skipped(test, why);
}

/// A small tmpfs mounted on a folder, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// Mounts a tmpfs of `kb` kilobytes on `dir` (needs root); None if it cannot.
    fn mount(dir: &Path, kb: u32) -> Option<Tmpfs> {
        fs::create_dir_all(dir).unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={kb}k"), "machack-test"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then(|| Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Fills the file system holding `dir` to the last byte.
fn fill(dir: &Path) {
    let mut f = File::create(dir.join("filler")).unwrap();
    let block = vec![b'x'; 4096];
    while f.write_all(&block).is_ok() {}
    while f.write_all(b"x").is_ok() {}
}

/// A real full disk (a tmpfs filled mid-game, needs root): the game holds back what it cannot
/// record, and `RECORD FILE` goes on in a new file elsewhere, showing what was held back; the
/// game then ends normally with every move shown on disk.
#[test]
fn a_full_tmpfs_mid_game_holds_back_the_move_until_record_file_takes_it_elsewhere() {
    let test = "record_faults full tmpfs";
    let dir = common::scratch("faults-tmpfs");
    let Some(full) = Tmpfs::mount(&dir.join("full"), 64) else {
        return skip(test, "cannot mount a tmpfs here (it needs root)");
    };
    let mut g = Driven::start(
        &dir,
        BIN,
        &[
            "play",
            "--preset",
            "quick",
            "--no-book",
            "--record",
            "full/g.pgn",
        ],
    );
    g.expect("RECORDING THE GAME IN full/g.pgn");
    g.send("PS");
    g.expect("5... ");
    fill(&full.0);
    g.expect("CANNOT WRITE THE RECORD full/g.pgn: No space left on device");
    g.send("RECORD moved.pgn");
    let said = g.expect("RECORDING THE GAME IN moved.pgn (");
    // The move held back is shown now, and the game goes on.
    g.expect("20. ");
    g.send("QUIT");
    let (status, stderr, lines) = g.finish();
    assert!(status.success(), "{stderr}\n{lines:#?}");
    assert!(lines.last().is_some_and(|l| l == "BYE."), "{lines:#?}");
    let shown = shown_moves(&lines, |_| false);
    let moved = recorded(&dir.join("moved.pgn"));
    let stuck = recorded(&dir.join("full/g.pgn"));
    assert_eq!(shown, moved, "{said}\n{lines:#?}");
    assert!(stuck.len() < moved.len() && moved.starts_with(&stuck));
    assert_eq!(temporaries(&full.0), Vec::<String>::new());
}

/// The command that runs a program as a user who is not root: nothing if this process is not
/// root; as root, `setpriv` as `machack-test`, made with `useradd` if missing. None (the test
/// skipped visibly) if that cannot be done or that user cannot run the binary.
fn unprivileged(test: &str, dirs: &[&Path]) -> Option<Vec<String>> {
    if !is_root() {
        return Some(Vec::new());
    }
    let user = "machack-test";
    let exists = Command::new("id")
        .arg(user)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !exists {
        let made = Command::new("useradd")
            .args([
                "--system",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
                user,
            ])
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            skip(test, "cannot make a user who is not root (useradd failed)");
            return None;
        }
    }
    for d in dirs {
        assert!(
            Command::new("chown")
                .arg(user)
                .arg(d)
                .status()
                .unwrap()
                .success()
        );
    }
    let prefix: Vec<String> = [
        "setpriv",
        "--reuid",
        user,
        "--regid",
        user,
        "--clear-groups",
    ]
    .map(String::from)
    .to_vec();
    let runs = Command::new(&prefix[0])
        .args(&prefix[1..])
        .args([BIN, "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !runs {
        skip(
            test,
            "the user machack-test cannot run the binary (setpriv, or folder modes)",
        );
        return None;
    }
    Some(prefix)
}

/// Sets the mode of `path`.
fn chmod(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// As a user who is not root: a record cannot be begun in a read-only folder, nor a record in
/// one continued in place (both refused before anything is played, the file left byte for
/// byte); and a folder made read-only mid-game holds the game back until `RECORD FILE` takes it
/// elsewhere. As that user, `--resume F --in-place` in a read-only folder showed `8. B-Q2` and
/// the reply and left F unchanged, exit code 0.
#[test]
fn in_a_read_only_folder_as_a_user_who_is_not_root_nothing_unrecorded_is_shown() {
    let test = "record_faults read-only folder";
    let dir = common::scratch("faults-read-only");
    let (here, other) = (dir.join("here"), dir.join("other"));
    fs::create_dir_all(&here).unwrap();
    fs::create_dir_all(&other).unwrap();
    chmod(&dir, 0o755);
    let Some(prefix) = unprivileged(test, &[&here, &other]) else {
        return;
    };
    let run_as = |args: &[&str]| -> Driven {
        let mut all: Vec<&str> = prefix.iter().map(String::as_str).collect();
        all.push(BIN);
        all.extend_from_slice(args);
        Driven::start(&here, all[0], &all[1..])
    };
    // A game recorded while the folder is writable.
    let mut g = run_as(&[
        "play",
        "--preset",
        "quick",
        "--no-book",
        "--record",
        "g.pgn",
    ]);
    g.send("e4");
    g.send("quit");
    let (status, stderr, _) = g.finish();
    assert!(status.success(), "{stderr}");
    let before = fs::read(here.join("g.pgn")).unwrap();

    chmod(&here, 0o555);
    let mut g = run_as(&["play", "--preset", "quick", "--record", "new.pgn"]);
    g.send("e4");
    let (status, stderr, lines) = g.finish();
    assert_eq!(status.code(), Some(2));
    assert_eq!(
        stderr,
        "machack: cannot create the record new.pgn: Permission denied (os error 13)\n"
    );
    assert!(lines.is_empty(), "{lines:#?}");
    let mut g = run_as(&[
        "play",
        "--resume",
        "g.pgn",
        "--in-place",
        "--preset",
        "quick",
    ]);
    g.send("d4");
    let (status, stderr, lines) = g.finish();
    assert_eq!(status.code(), Some(2));
    assert_eq!(
        stderr,
        "machack: cannot continue g.pgn in place: no file can be written beside it in . \
         (Permission denied (os error 13)); without --in-place the game goes on in a record \
         of its own that keeps its tags\n"
    );
    assert!(lines.is_empty(), "{lines:#?}");
    assert_eq!(fs::read(here.join("g.pgn")).unwrap(), before);

    // The folder made read-only mid-game.
    chmod(&here, 0o755);
    let mut g = run_as(&[
        "play",
        "--preset",
        "quick",
        "--no-book",
        "--record",
        "mid.pgn",
    ]);
    g.send("PS");
    g.expect("4... ");
    chmod(&here, 0o555);
    g.expect("CANNOT WRITE THE RECORD mid.pgn: Permission denied");
    let moved = other.join("moved.pgn");
    g.send(&format!("RECORD {}", moved.display()));
    g.expect(&format!("RECORDING THE GAME IN {} (", moved.display()));
    g.send("QUIT");
    let (status, stderr, lines) = g.finish();
    chmod(&here, 0o755);
    assert!(status.success(), "{stderr}\n{lines:#?}");
    let shown = shown_moves(&lines, |_| false);
    assert_eq!(shown, recorded(&moved), "{lines:#?}");
    let stuck = recorded(&here.join("mid.pgn"));
    assert!(stuck.len() < shown.len() && shown.starts_with(&stuck));
    assert_eq!(
        lines.iter().filter(|l| l.ends_with(NOTHING_MORE)).count(),
        1
    );
}

/// Plays one move (the first legal one) in the record `name` in `dir`, continued in place:
/// the exit status and output.
fn one_more_move_in_place(dir: &Path, name: &str) -> (i32, String) {
    let text = fs::read_to_string(dir.join(name)).unwrap_or_default();
    let input = match record::read_pgn(&text) {
        Ok(r) => format!(
            "{}\nquit\n",
            r.game.position().legal_moves()[0].coordinate()
        ),
        Err(_) => "quit\n".into(),
    };
    let (code, out, err) = common::machack_in(
        dir,
        &[
            "play",
            "--resume",
            name,
            "--in-place",
            "--preset",
            "quick",
            "--no-book",
        ],
        input,
    );
    (code, out + &err)
}

/// `--in-place` keeps the file what it was: a symbolic link stays a link (its target is
/// rewritten), mode 0600 stays 0600, the owner stays (root only: to change it), a file with a
/// second hard link is refused, and nothing is written until a move is made. A link became a
/// regular file (its target not updated), a hard link was split and 0600 became 0644.
#[test]
fn in_place_keeps_links_mode_and_owner_and_writes_nothing_until_a_move() {
    use std::os::unix::fs::{MetadataExt, symlink};
    let dir = common::scratch("faults-in-place");
    let (code, out, err) = common::machack_in(
        &dir,
        &[
            "play",
            "--record",
            "g.pgn",
            "--preset",
            "quick",
            "--no-book",
        ],
        "e4\nquit\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    let plies = |name: &str| recorded(&dir.join(name)).len();
    assert_eq!(plies("g.pgn"), 2);

    // Nothing is written without a move: the same file, untouched.
    let before = fs::metadata(dir.join("g.pgn")).unwrap();
    std::thread::sleep(Duration::from_millis(20));
    let (code, out, err) = common::machack_in(
        &dir,
        &["play", "--resume", "g.pgn", "--in-place"],
        "PN\nBD\nquit\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    let after = fs::metadata(dir.join("g.pgn")).unwrap();
    assert_eq!(
        (after.ino(), after.mtime_nsec(), after.mtime()),
        (before.ino(), before.mtime_nsec(), before.mtime())
    );

    // A symbolic link is followed.
    symlink("g.pgn", dir.join("link.pgn")).unwrap();
    let (code, out) = one_more_move_in_place(&dir, "link.pgn");
    assert_eq!(code, 0, "{out}");
    assert!(
        fs::symlink_metadata(dir.join("link.pgn"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_link(dir.join("link.pgn")).unwrap(),
        Path::new("g.pgn")
    );
    assert_eq!(plies("g.pgn"), 4);

    // The mode is kept.
    chmod(&dir.join("g.pgn"), 0o600);
    let (code, out) = one_more_move_in_place(&dir, "g.pgn");
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        fs::metadata(dir.join("g.pgn")).unwrap().mode() & 0o7777,
        0o600
    );
    assert_eq!(plies("g.pgn"), 6);

    // The owner is kept (root can give the file another owner, and the new text that one).
    if is_root() {
        let chown = Command::new("chown")
            .arg("12345:12345")
            .arg(dir.join("g.pgn"))
            .status()
            .unwrap();
        assert!(chown.success());
        let (code, out) = one_more_move_in_place(&dir, "g.pgn");
        assert_eq!(code, 0, "{out}");
        let m = fs::metadata(dir.join("g.pgn")).unwrap();
        assert_eq!((m.uid(), m.gid(), m.mode() & 0o7777), (12345, 12345, 0o600));
        assert_eq!(plies("g.pgn"), 8);
    } else {
        skip(
            "record_faults in place owner",
            "changing a file's owner needs root",
        );
    }

    // A second hard link is refused, and both names keep the file as it was.
    fs::hard_link(dir.join("g.pgn"), dir.join("hard.pgn")).unwrap();
    let text = fs::read(dir.join("g.pgn")).unwrap();
    let (code, out) = one_more_move_in_place(&dir, "hard.pgn");
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        out,
        "machack: cannot continue hard.pgn in place: it has 2 hard links, and replacing it \
         would part them (the others would keep the old text); without --in-place the game \
         goes on in a record of its own that keeps its tags\n"
    );
    assert_eq!(fs::read(dir.join("g.pgn")).unwrap(), text);
    let (a, b) = (
        fs::metadata(dir.join("g.pgn")).unwrap(),
        fs::metadata(dir.join("hard.pgn")).unwrap(),
    );
    assert_eq!((a.ino(), a.nlink()), (b.ino(), 2));
    assert_eq!(temporaries(&dir), Vec::<String>::new());
}

/// Every file a command reads is refused past its limit at once and in little memory:
/// `machack play --resume /dev/zero` printed nothing and grew 300 MB/s. Standard input that
/// never ends a line is reported at once and read in bounded memory.
#[test]
fn dev_zero_and_dev_urandom_are_refused_in_under_a_second_in_under_100_mb() {
    let dir = common::scratch("faults-dev-zero");
    let zero = Path::new("/dev/zero");
    let files: [&[&str]; 8] = [
        &["play", "--resume", "/dev/zero"],
        &["play", "--resume", "/dev/urandom"],
        &["replay", "/dev/zero"],
        &["convert", "--to", "pgn", "/dev/urandom"],
        &["epd", "/dev/zero"],
        &["bench-pmg", "--tsv", "/dev/zero"],
        &["report", "--output", "page.html", "/dev/zero"],
        &["replay", "-"],
    ];
    for args in files {
        let m = common::measured(&dir, args, Some(zero), Duration::from_secs(10));
        let what = format!("{args:?}: {:.3} s, {} KB: {m:?}", m.seconds, m.peak_kb);
        assert_eq!(m.code, Some(2), "{what}");
        assert!(m.stderr.contains(" it holds more than "), "{what}");
        assert!(m.stderr.len() < 200, "{what}");
        assert!(m.seconds < 1.0, "{what}");
        assert!(m.peak_kb < 100_000, "{what}");
    }
    // Endless lines on standard input: said at once, read on in bounded memory until killed.
    for (args, said) in [
        (&["play"][..], "A LINE LONGER THAN 64 KIB ("),
        (
            &["uci"][..],
            "info string error: a line longer than 64 KiB (",
        ),
        (&["xboard"][..], "Error (a line longer than 64 KiB ("),
    ] {
        let m = common::measured(&dir, args, Some(zero), Duration::from_secs(1));
        let what = format!("{args:?}: {} KB: {m:?}", m.peak_kb);
        assert!(m.stdout.contains(said), "{what}");
        assert!(m.killed && m.peak_kb < 100_000, "{what}");
    }
}

/// A 3 MB token (files are read up to 4 MiB) makes a short message, whatever reads it: a move,
/// a FEN tag, a tag name, an EPD line, a protocol line. A 5 MB one made a 15 MB message.
#[test]
fn a_huge_token_is_quoted_as_a_short_excerpt() {
    let dir = common::scratch("faults-token");
    let big = "N".repeat(3_000_000);
    for (name, text) in [
        ("move.pgn", format!("1. e4 e5 2. {big} *\n")),
        ("fen.pgn", format!("[FEN \"{big} w - - 0 1\"]\n\n1. e4 *\n")),
        ("tag.pgn", format!("[{big} \"x\"]\n\n1. e4 *\n")),
        (
            "number.pgn",
            format!("1. e4 e5 {}.Nf3 *\n", "9".repeat(3_000_000)),
        ),
        ("nag.pgn", format!("1. e4 ${} *\n", "9".repeat(3_000_000))),
    ] {
        fs::write(dir.join(name), text).unwrap();
        let (code, out, err) = common::machack_in(&dir, &["replay", name], "");
        assert_eq!(code, 2, "{name}");
        assert!(out.len() + err.len() < 600, "{name}: {} bytes", err.len());
        assert!(err.contains("3000000"), "{name}: {err}");
    }
    fs::write(dir.join("t.epd"), format!("{big}\n")).unwrap();
    let (code, _, err) = common::machack_in(&dir, &["epd", "t.epd"], "");
    assert_eq!(code, 2);
    assert!(err.len() < 300, "{err}");
    // Protocol lines under the 64 KiB limit with a 60 KB token.
    let token = "x".repeat(60_000);
    for (protocol, line) in [
        ("uci", format!("position startpos moves {token}")),
        ("uci", format!("go {token}")),
        ("uci", format!("setoption name {token} value 1")),
        ("xboard", format!("usermove {token}")),
        ("xboard", token.clone()),
        ("xboard", format!("option {token}=1")),
    ] {
        let (_, out, _) = common::machack_in(&dir, &[protocol], format!("{line}\nquit\n"));
        assert!(
            out.lines().all(|l| l.len() < 1200),
            "{protocol} {}: {}",
            &line[..20],
            out.lines().map(str::len).max().unwrap_or(0)
        );
    }
}

/// One trial: a game where the machine plays both sides, `signal` sent at a random moment
/// (`kill`); the program ends by the signal, leaves no temporary file, and its record holds every
/// move shown.
fn signalled_game(dir: &Path, signal: &str, trial: u32, rng: &mut ChaCha8Rng) {
    let name = format!("{signal}-{trial}.pgn");
    let mut g = Driven::start(
        dir,
        BIN,
        &["play", "--preset", "quick", "--no-book", "--record", &name],
    );
    g.expect("RECORDING THE GAME IN");
    g.send("PS");
    std::thread::sleep(Duration::from_micros(rng.random_range(0..150_000)));
    let killed = Command::new("kill")
        .args(["-s", signal, &g.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let (status, _, lines) = g.finish();
    use std::os::unix::process::ExitStatusExt;
    let number = match signal {
        "INT" => 2,
        "TERM" => 15,
        _ => 1,
    };
    assert_eq!(
        status.signal(),
        Some(number),
        "{signal} {trial}: {status:?}"
    );
    let prefix = format!(".{name}.");
    let left: Vec<String> = temporaries(dir)
        .into_iter()
        .filter(|n| n.starts_with(&prefix))
        .collect();
    assert_eq!(left, Vec::<String>::new(), "{signal} {trial}");
    let shown = shown_moves(&lines, |_| false);
    let on_disk = recorded(&dir.join(&name));
    assert!(
        on_disk.starts_with(&shown) && on_disk.len() <= shown.len() + 1,
        "{signal} {trial}: shown {}, recorded {}",
        shown.len(),
        on_disk.len()
    );
}

/// Whether this process ignores SIGHUP (as under `nohup`), which the games it starts inherit:
/// read from the `SigIgn` mask of `/proc/self/status` (bit 0 is SIGHUP); false where there is no
/// such file.
fn sighup_ignored() -> bool {
    fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find_map(|l| l.strip_prefix("SigIgn:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & 1 != 0)
    })
}

/// SIGINT, SIGTERM and SIGHUP at random moments of games that write their record many times a
/// second, 50 each: no temporary file is left, and the record holds every move shown. Hidden
/// temporary files stayed after SIGHUP (17 of 25 trials), SIGINT (13/45), SIGTERM (15/45).
///
/// Where the tests run with SIGHUP ignored (under `nohup`), the games inherit that, and keep it
/// ignored by design (see `tidy_signals` in main.rs): the HUP trials are then skipped, saying so,
/// rather than failing on a game that outlives its signal.
#[test]
fn sigint_sigterm_and_sighup_leave_no_temporary_file_in_50_trials_each() {
    const TRIALS: u32 = 50;
    let dir = common::scratch("faults-signals");
    let mut signals = vec!["INT", "TERM", "HUP"];
    if sighup_ignored() {
        skip(
            "sigint_sigterm_and_sighup_leave_no_temporary_file_in_50_trials_each (HUP)",
            "SIGHUP is ignored where the tests run (nohup?), and a game keeps an ignored \
             SIGHUP ignored",
        );
        signals.pop();
    }
    std::thread::scope(|s| {
        for (k, signal) in signals.into_iter().enumerate() {
            let dir = &dir;
            s.spawn(move || {
                let mut rng = ChaCha8Rng::seed_from_u64(1967 + k as u64);
                for trial in 0..TRIALS {
                    signalled_game(dir, signal, trial, &mut rng);
                }
            });
        }
    });
    assert_eq!(temporaries(&dir), Vec::<String>::new());
}

/// After SIGKILL (which no program can answer) a temporary file may stay; the next game begun
/// in that folder removes it, and leaves a live writer's alone.
#[test]
fn the_next_run_removes_a_killed_writers_temporary_file_and_no_live_ones() {
    let dir = common::scratch("faults-stale");
    let dead = dir.join(".old.pgn.machack-4194303.tmp");
    let live = dir.join(".busy.pgn.machack-1.tmp");
    fs::write(&dead, "half a record").unwrap();
    fs::write(&live, "being written").unwrap();
    let holder = File::open(&live).unwrap();
    holder.lock().unwrap();
    let (code, out, err) = common::machack_in(
        &dir,
        &["play", "--record", "new.pgn", "--preset", "quick"],
        "quit\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(!dead.exists());
    assert!(live.exists());
    drop(holder);
    let (code, out, err) = common::machack_in(&dir, &["play", "--resume", "new.pgn"], "quit\n");
    assert_eq!(code, 0, "{out}{err}");
    assert!(!live.exists());
}
