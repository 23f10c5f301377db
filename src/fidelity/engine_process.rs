//! An external engine's process: piped standard input, and its output lines forwarded by a
//! thread to a channel, so every wait for an answer can have a timeout.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

/// A running engine process.
pub struct EngineProcess {
    /// The process.
    pub child: Child,
    /// Its standard input.
    pub stdin: ChildStdin,
    /// Its standard output, line by line.
    pub lines: Receiver<String>,
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
    })
}
