//! An external UCI engine driven through its standard input and output (for `machack match`).
//!
//! A reader thread forwards the engine's lines to a channel, so every wait has a timeout and a
//! hung engine cannot hang the match.

use super::engine_process::EngineProcess;
use crate::notation::excerpt;
use std::time::{Duration, Instant};

/// A running UCI engine.
pub struct UciEngine {
    /// The process, with the name the engine gave.
    pub process: EngineProcess,
    /// The names of the options it offered (`option name NAME type …`).
    pub options: Vec<String>,
}

/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Whether `line` is one an xboard (CECP) engine writes, not a UCI one: its name and
/// features, its chat, its refusal of `uci` as a command.
fn cecp_line(line: &str) -> bool {
    [
        "feature ",
        "tellics ",
        "telluser",
        "Error (",
        "Illegal move",
    ]
    .iter()
    .any(|p| line.trim_start().starts_with(p))
}

impl UciEngine {
    /// The engine running as `process` (started by [`super::engine_process::spawn`]): says
    /// `uci` and reads its name and options until `uciok`. An engine that writes what an
    /// xboard engine writes is said to be one at once, with the option that would play it.
    pub fn start(process: EngineProcess) -> Result<UciEngine, String> {
        let mut engine = UciEngine {
            process,
            options: Vec::new(),
        };
        engine.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = engine.next_line(deadline, "uciok")?;
            if cecp_line(&line) {
                return Err(format!(
                    "{} wrote '{}' as an xboard (CECP) engine does, not UCI: try \
                     --engine-protocol xboard",
                    engine.process.name,
                    excerpt(line.trim())
                ));
            }
            if let Some(name) = line.strip_prefix("id name ") {
                engine.process.name = name.trim().to_string();
            }
            if let Some(rest) = line.trim().strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest);
                engine.options.push(name.trim().to_string());
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        Ok(engine)
    }

    /// Sets `options` (`name`, `value`, names the engine offered) and waits until it is ready.
    pub fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync()
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.process.send(line)
    }

    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        self.process.next_line(deadline, waiting_for)
    }

    /// Says `isready` and waits for `readyok`.
    pub fn sync(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE;
        while self.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Starts a new game (`ucinewgame` + `isready`).
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.sync()
    }

    /// Asks for a move in the position `start_fen` + `moves` (coordinates) with the `go`
    /// arguments `go` (e.g. `wtime 60000 btime 60000`), waiting at most `timeout`.
    pub fn best_move(
        &mut self,
        start_fen: &str,
        moves: &[String],
        go: &str,
        timeout: Duration,
    ) -> Result<String, String> {
        let position = if moves.is_empty() {
            format!("position fen {start_fen}")
        } else {
            format!("position fen {start_fen} moves {}", moves.join(" "))
        };
        self.send(&position)?;
        self.send(&format!("go {go}"))?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(deadline, "bestmove")?;
            if let Some(rest) = line.strip_prefix("bestmove") {
                return rest
                    .split_whitespace()
                    .next()
                    .map(str::to_string)
                    .ok_or_else(|| {
                        format!("{} sent 'bestmove' without a move", self.process.name)
                    });
            }
        }
    }
}
