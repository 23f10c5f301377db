//! An external engine's process: piped standard input, and its output lines forwarded by a
//! thread to a channel, so every wait for an answer can have a timeout.
//!
//! What an engine writes is bounded, so that one that floods its output cannot grow the runner:
//! a line is at most [`LINE_MAX`] bytes, at most [`QUEUED_LINES`] lines wait in the channel (a
//! flood waits in the engine's pipe, and the engine with it), and an engine that writes more than
//! [`LINES_PER_ANSWER`] lines while one answer is awaited is flooding, an error. The deadline is
//! looked at before each line, so a flood cannot outrun it.

use crate::game::input::{LINE_MAX, Line, LineReader, size_text};
use crate::notation::excerpt;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// The most lines an engine may write after a command before it answers it (`uciok`,
/// `readyok`, `bestmove`, `move`, `pong`, the feature list): more is flooding. Engines print a
/// few dozen `info` lines a move, a few thousand at long time controls.
pub const LINES_PER_ANSWER: usize = 100_000;

/// The most lines waiting between the reader thread and the runner.
pub const QUEUED_LINES: usize = 256;

/// A running engine process.
pub struct EngineProcess {
    /// The process.
    pub child: Child,
    /// Its standard input.
    pub stdin: ChildStdin,
    /// Its standard output, line by line: a line, or the start of one too long.
    lines: Receiver<Line>,
    /// Lines read since the last command sent.
    read: usize,
    /// The name it gave, or the command until it gives one.
    pub name: String,
}

/// Starts `command` (split at spaces: program then arguments).
pub fn spawn(command: &str) -> Result<EngineProcess, String> {
    let mut words = command.split_whitespace();
    let program = words.next().ok_or("the engine command is empty")?;
    let mut child = Command::new(program)
        .args(words)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start engine '{command}': {e}"))?;
    let stdin = child.stdin.take().ok_or("engine has no standard input")?;
    let stdout = child.stdout.take().ok_or("engine has no standard output")?;
    let (tx, lines) = sync_channel(QUEUED_LINES);
    std::thread::spawn(move || {
        let mut reader = LineReader::new(BufReader::new(stdout), LINE_MAX);
        // The end of its output, or a read error: the channel closes.
        while let Ok(line @ (Line::Text(_) | Line::TooLong(_))) = reader.next_line() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    Ok(EngineProcess {
        child,
        stdin,
        lines,
        read: 0,
        name: command.to_string(),
    })
}

impl EngineProcess {
    /// Sends one command line; the lines that follow count towards its answer.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.read = 0;
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::BrokenPipe {
                    format!("{} has exited (it stopped reading its input)", self.name)
                } else {
                    format!("{}: {e}", self.name)
                }
            })
    }

    /// The next line the engine writes, waiting until `deadline`: `None` when the deadline has
    /// passed (looked at first, so that an engine that writes without end still meets it). An
    /// error when the engine exits, writes a line longer than [`LINE_MAX`] or floods
    /// ([`LINES_PER_ANSWER`]); `waiting_for` names the answer awaited, for the error.
    pub fn receive(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<Option<String>, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(None);
        }
        let line = match self.lines.recv_timeout(left) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => return Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(format!(
                    "{} exited while we waited for '{waiting_for}'",
                    self.name
                ));
            }
        };
        self.read += 1;
        if self.read > LINES_PER_ANSWER {
            return Err(format!(
                "{} flooded its output: more than {LINES_PER_ANSWER} lines without '{waiting_for}'",
                self.name
            ));
        }
        match line {
            Line::Text(bytes) => Ok(Some(String::from_utf8_lossy(&bytes).into_owned())),
            Line::TooLong(head) => Err(format!(
                "{} wrote a line longer than {} ('{}') while we waited for '{waiting_for}'",
                self.name,
                size_text(LINE_MAX as u64),
                excerpt(&String::from_utf8_lossy(&head))
            )),
            Line::End => Err(format!(
                "{} exited while we waited for '{waiting_for}'",
                self.name
            )),
        }
    }

    /// The next line the engine writes, waiting until `deadline` ([`Self::receive`]); the
    /// deadline passing is an error.
    pub fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        self.receive(deadline, waiting_for)?
            .ok_or_else(|| format!("{} did not answer '{waiting_for}' in time", self.name))
    }
}

impl Drop for EngineProcess {
    /// Says `quit`, gives the engine half a second to leave, then kills it.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
