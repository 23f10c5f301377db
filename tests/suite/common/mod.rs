//! What the command-line tests share: running the `machack` binary.

pub mod browser;
pub mod compare_table;
pub mod plausible_lists;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};

/// The scores of the Mac Hack games beyond the paper's four in `games/`, in the order of
/// `games/more-games.pgn`.
pub const FURTHER_GAMES: [&str; 7] = [
    "1967-dreyfus.score",
    "1968-lancaster.score",
    "1968-charly-1.score",
    "1968-charly-2.score",
    "1968-charly-3.score",
    "1977-fischer.score",
    "1978-computerwoche.score",
];

/// Runs `machack ARGS` in the project folder with `stdin` as its input; returns the exit code
/// (-1 if killed by a signal), standard output and standard error.
pub fn machack(args: &[&str], stdin: impl AsRef<[u8]>) -> (i32, String, String) {
    machack_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// Runs `machack ARGS` in folder `dir` (where a game writes its automatic record), as [`machack`].
pub fn machack_in(dir: &Path, args: &[&str], stdin: impl AsRef<[u8]>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the machack binary runs");
    // A command that does not read its input may exit first: a broken pipe is no failure here.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_ref());
    let out = child.wait_with_output().expect("the machack binary ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Starts `machack ARGS` in folder `dir` to be driven line by line: the process, its input, and
/// its output lines as they come (from a reader thread).
pub fn spawn_lines(dir: &Path, args: &[&str]) -> (Child, ChildStdin, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the machack binary runs");
    let stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    (child, stdin, rx)
}

/// Whether the engine or tool at `path`, which a test needs, is installed. When it is not, the
/// test is skipped with a line on the terminal (written past the test harness's capture, so that
/// a skip never reads as a pass) — unless `MACHACK_REQUIRE_TOOLS` is set, as `.ci/run` sets it
/// after installing the tools and fetching the c197 listing: then a missing one fails the test.
pub fn tool_installed(path: &str, test: &str) -> bool {
    Path::new(path).exists() || skipped(test, &format!("{path} is not installed (Debian package)"))
}

/// Whether `python3` can import `module` (a PyPI package a test needs), with the same rule as
/// [`tool_installed`] when it cannot.
pub fn python_module_installed(module: &str, test: &str) -> bool {
    let imports = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    imports
        || skipped(
            test,
            &format!("python3 with {module} is not installed (PyPI package)"),
        )
}

/// Something a test needs is missing (`why` says what, and where it comes from): fails under
/// `MACHACK_REQUIRE_TOOLS`, else says the test is skipped past the harness's capture; false.
pub fn skipped(test: &str, why: &str) -> bool {
    assert!(
        std::env::var_os("MACHACK_REQUIRE_TOOLS").is_none(),
        "{test}: {why}, and MACHACK_REQUIRE_TOOLS says the tests need it"
    );
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {why}; .ci/run provides it"
    );
    false
}

/// The folder `$MACHACK_WEB_DIR` names, where `scripts/web.sh` writes the page, once the page is
/// there. `.ci/run` builds it in the background while the native build and the other tests run,
/// and names in `$MACHACK_WEB_STATUS` the file the build's exit status goes to: this waits for
/// that file (up to 20 minutes), and a failed build (or a failure of the engine crate's clippy
/// or unit tests, which the same job runs) fails the test with its log (`$MACHACK_WEB_LOG`). None when `$MACHACK_WEB_DIR` is not set.
pub fn web_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("MACHACK_WEB_DIR")?);
    if let Some(status) = std::env::var_os("MACHACK_WEB_STATUS") {
        let status = PathBuf::from(status);
        let began = std::time::Instant::now();
        while !status.exists() {
            assert!(
                began.elapsed().as_secs() < 20 * 60,
                "the page's build (scripts/web.sh, started by .ci/run) has not ended in 20 minutes"
            );
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
        let code = std::fs::read_to_string(&status).unwrap_or_default();
        if code.trim() != "0" {
            let log = std::env::var_os("MACHACK_WEB_LOG")
                .and_then(|l| std::fs::read_to_string(l).ok())
                .unwrap_or_default();
            panic!(
                "the page's build (scripts/web.sh, then web/engine's clippy and unit tests) failed \
                 (exit status {}):\n{log}",
                code.trim()
            );
        }
    }
    Some(dir)
}

/// A fresh scratch folder of one test: emptied, named by the test file that asks (so that two
/// files running side by side in the one test binary never share one), `name` and this run's
/// process id.
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let file = Path::new(std::panic::Location::caller().file());
    let file = file.file_stem().unwrap().to_string_lossy();
    let dir = std::env::temp_dir().join(format!("machack-{file}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes into `dir` a UCI engine (a shell script) called `name` that answers `go` with
/// `bestmove GO`, or not at all when `go` is `None`; returns the command that runs it.
pub fn scripted_uci_engine(dir: &Path, name: &str, go: Option<&str>) -> String {
    let script = dir.join(format!("{}.sh", name.replace(' ', "-")));
    let go = go.map_or(String::new(), |m| format!("go*) echo 'bestmove {m}';;\n"));
    let text = format!(
        "while read l; do case \"$l\" in\n\
         uci) echo 'id name {name}'; echo uciok;;\n\
         isready) echo readyok;;\n\
         {go}quit) exit 0;;\n\
         esac; done\n"
    );
    std::fs::write(&script, text).unwrap();
    format!("sh {}", script.display())
}

/// What a run of machack cost, measured from outside ([`measured`]).
#[derive(Debug)]
pub struct Measured {
    /// The exit code, if it exited.
    pub code: Option<i32>,
    /// The signal that ended it, if one did.
    #[allow(dead_code)] // read only in a failed test's message, which prints the whole value
    pub signal: Option<i32>,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// Wall-clock seconds from start to end.
    pub seconds: f64,
    /// Its peak resident memory, in kilobytes (`getrusage`'s `ru_maxrss`).
    pub peak_kb: u64,
    /// Whether it was killed for running past the time allowed.
    pub killed: bool,
}

/// Runs `machack ARGS` in `dir`, standard input from the file `stdin` (e.g. `/dev/zero`) or
/// none, killed after `timeout`; measures its time and peak memory by waiting for it with
/// wait4(2), which returns its `getrusage` (std's `wait` does not).
pub fn measured(
    dir: &Path,
    args: &[&str],
    stdin: Option<&Path>,
    timeout: std::time::Duration,
) -> Measured {
    use std::time::{Duration, Instant};
    let out = dir.join(format!(".measured-{}.out", std::process::id()));
    let err = dir.join(format!(".measured-{}.err", std::process::id()));
    let start = Instant::now();
    #[expect(clippy::zombie_processes, reason = "wait4 below reaps it")]
    let mut child = Command::new(env!("CARGO_BIN_EXE_machack"))
        .args(args)
        .current_dir(dir)
        .stdin(stdin.map_or(Stdio::null(), |p| {
            Stdio::from(std::fs::File::open(p).unwrap())
        }))
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("machack starts");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a plain C struct, for which all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut killed = false;
    loop {
        // SAFETY: wait4 writes the status and the usage through pointers to locals.
        let waited = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        assert!(waited >= 0, "wait4: {}", std::io::Error::last_os_error());
        if waited == pid {
            break;
        }
        if !killed && start.elapsed() > timeout {
            child.kill().unwrap();
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let seconds = start.elapsed().as_secs_f64();
    let read = |path: &Path| {
        let bytes = std::fs::read(path).unwrap_or_default();
        let _ = std::fs::remove_file(path);
        String::from_utf8_lossy(&bytes).into_owned()
    };
    Measured {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
        stdout: read(&out),
        stderr: read(&err),
        seconds,
        peak_kb: usage.ru_maxrss as u64,
        killed,
    }
}

/// One move line as the session shows it: `12. P-K4` (the user's, echoed) or
/// `12... P-K4          0.01 SEC  (1967: 5.7 SEC)` (the machine's); the move in `pos`.
pub fn shown_move(pos: &machack::rules::Position, line: &str) -> Option<machack::rules::Move> {
    let line = line
        .split_once("  (1967: ")
        .map_or(line, |(shown, _)| shown);
    let (label, rest) = line.split_once(' ')?;
    let number = label.trim_end_matches('.');
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || label == number {
        return None;
    }
    let text = match rest.trim_end().strip_suffix(" SEC") {
        Some(timed) => timed.trim_end().rsplit_once(' ')?.0.trim_end(),
        None => rest.trim(),
    };
    Some(machack::notation::parse_any(pos, text).unwrap_or_else(|e| panic!("{line}: {e}")))
}
