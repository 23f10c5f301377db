//! An external engine's process: piped standard input, and its output lines forwarded by a
//! thread to a channel, so every wait for an answer can have a timeout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running engine process.
pub struct EngineProcess {
    /// The process.
    pub child: Child,
    /// Its standard input.
    pub stdin: ChildStdin,
    /// Its standard output, line by line.
    pub lines: Receiver<String>,
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
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    Ok(EngineProcess {
        child,
        stdin,
        lines,
        name: command.to_string(),
    })
}

impl EngineProcess {
    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
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

    /// The next line the engine writes, waiting until `deadline` (`waiting_for` names the answer
    /// awaited, for the error).
    pub fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!(
                "{} did not answer '{waiting_for}' in time",
                self.name
            )),
            Err(RecvTimeoutError::Disconnected) => Err(format!(
                "{} exited while we waited for '{waiting_for}'",
                self.name
            )),
        }
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
