//! An external UCI engine driven through its standard input and output (for `machack match`).
//!
//! A reader thread forwards the engine's lines to a channel, so every wait has a timeout and a
//! hung engine cannot hang the match.

use super::engine_process::EngineProcess;
use std::time::{Duration, Instant};

/// A running UCI engine.
pub struct UciEngine {
    /// The process, with the name the engine gave.
    pub process: EngineProcess,
}

/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

impl UciEngine {
    /// The engine running as `process` (started by [`super::engine_process::spawn`]): says
    /// `uci`, sets `options` (`name`, `value`) and waits until it is ready.
    pub fn start(
        process: EngineProcess,
        options: &[(String, String)],
    ) -> Result<UciEngine, String> {
        let mut engine = UciEngine { process };
        engine.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = engine.next_line(deadline, "uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.process.name = name.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.sync()?;
        Ok(engine)
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
