//! An external CECP (xboard, protocol 2) engine driven through its standard input and output
//! (for `machack match`), like [`super::uci_engine`]: a reader thread forwards the engine's lines
//! to a channel, so every wait has a timeout and a hung engine cannot hang the match.
//!
//! The engine is kept in force mode except while it thinks: the runner sends the moves it has
//! not seen yet, `time`/`otim`, then `go`; after its `move` it gets `force` again. So it never
//! thinks on the opponent's time and never plays a move the runner did not ask for.

use super::engine_process::{EngineProcess, LINES_PER_ANSWER};
use crate::notation::excerpt;
use std::time::{Duration, Instant};

/// What an engine answered when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move, as the engine wrote it.
    Move(String),
    /// It resigned (or claimed a result that is a loss for itself), with what it said.
    Resign(String),
}

/// The features an engine announced (protocol 2 defaults otherwise).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Moves are sent as `usermove e2e4`.
    pub usermove: bool,
    /// `setboard FEN` is understood.
    pub setboard: bool,
    /// `ping N` is answered with `pong N`.
    pub ping: bool,
    /// The engine's name (`myname`).
    pub myname: Option<String>,
    /// The names of the options it offered (`option="NAME -type …"`).
    pub options: Vec<String>,
}

/// Reads one `feature` line's `name=value` pairs (values may be quoted).
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Some(rest) = line.trim().strip_prefix("feature") else {
        return out;
    };
    let mut chars = rest.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let name: String = chars.by_ref().take_while(|&c| c != '=').collect();
        if name.trim().is_empty() {
            break;
        }
        let value: String = if chars.peek() == Some(&'"') {
            chars.next();
            chars.by_ref().take_while(|&c| c != '"').collect()
        } else {
            chars.by_ref().take_while(|c| !c.is_whitespace()).collect()
        };
        out.push((name.trim().to_string(), value));
    }
    out
}

/// A running xboard engine.
pub struct XboardEngine {
    /// The process, with the name the engine gave.
    pub process: EngineProcess,
    /// What it announced.
    pub features: Features,
    /// How many moves of the current game it has been told or has played.
    known: usize,
    /// Whether Black moves first in the current game (a `setboard` position).
    black_starts: bool,
    pings: u32,
}

/// How long an engine may take to answer `ping` or to finish its features.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long protocol 2 gives an engine to start its feature list.
const FEATURE_WAIT: Duration = Duration::from_secs(2);

/// Whether `line` is one a UCI engine writes, not an xboard one: its name, options and
/// `uciok`, or (Stockfish's words) its refusal of `xboard` as a command.
fn uci_line(line: &str) -> bool {
    [
        "id name ",
        "option name ",
        "uciok",
        "info string",
        "Unknown command",
    ]
    .iter()
    .any(|p| line.trim_start().starts_with(p))
}

impl XboardEngine {
    /// The engine running as `process` (started by [`super::engine_process::spawn`]): says
    /// `xboard` and `protover 2` and accepts the features it announces. An engine that writes
    /// what a UCI engine writes is said to be one at once, with the option that would play it.
    pub fn start(process: EngineProcess) -> Result<XboardEngine, String> {
        let mut engine = XboardEngine {
            process,
            features: Features::default(),
            known: 0,
            black_starts: false,
            pings: 0,
        };
        engine.send("xboard")?;
        engine.send("protover 2")?;
        engine.read_features()?;
        if let Some(n) = &engine.features.myname {
            engine.process.name = n.clone();
        }
        Ok(engine)
    }

    /// Sets `options` (`option NAME=VALUE`, names the engine offered) and waits until it is
    /// ready.
    pub fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (name, value) in options {
            self.send(&format!("option {name}={value}"))?;
        }
        self.sync()
    }

    /// Reads `feature` lines until `done=1`; an engine that sends none in two seconds is taken
    /// as protocol 1 (no features), one that sent `done=0` gets until [`HANDSHAKE`] after the
    /// start to finish. More than [`LINES_PER_ANSWER`] lines is flooding.
    fn read_features(&mut self) -> Result<(), String> {
        let started = Instant::now();
        let mut deadline = started + FEATURE_WAIT;
        let mut lines = 0;
        loop {
            let Some(line) = self.process.receive(deadline, "feature done=1")? else {
                return Ok(());
            };
            lines += 1;
            if uci_line(&line) {
                return Err(format!(
                    "{} wrote '{}' as a UCI engine does, not xboard (CECP): try \
                     --engine-protocol uci",
                    self.process.name,
                    excerpt(line.trim())
                ));
            }
            if lines > LINES_PER_ANSWER {
                return Err(format!(
                    "{} flooded its output: more than {LINES_PER_ANSWER} lines without \
                     'feature done=1'",
                    self.process.name
                ));
            }
            for (name, value) in parse_features(&line) {
                match name.as_str() {
                    "usermove" => self.features.usermove = value == "1",
                    "setboard" => self.features.setboard = value == "1",
                    "ping" => self.features.ping = value == "1",
                    "myname" => self.features.myname = Some(value.clone()),
                    "option" => {
                        let name = value.split(" -").next().unwrap_or(&value);
                        self.features.options.push(name.trim().to_string());
                    }
                    "done" if value == "0" => deadline = started + HANDSHAKE,
                    "done" => {
                        self.send("accepted done")?;
                        return Ok(());
                    }
                    _ => {}
                }
                if name != "done" {
                    self.send(&format!("accepted {name}"))?;
                }
            }
        }
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        self.process.send(line)
    }

    fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, String> {
        self.process.next_line(deadline, waiting_for)
    }

    /// Says `ping N` and waits for `pong N`, if the engine has the feature.
    pub fn sync(&mut self) -> Result<(), String> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + HANDSHAKE;
        let want = format!("pong {n}");
        while self.next_line(deadline, &format!("ping {n}"))?.trim() != want {}
        Ok(())
    }

    /// Starts a new game from `start_fen` (the start position needs no `setboard`) with the
    /// `level` command `level`, in force mode, pondering off.
    pub fn new_game(&mut self, start_fen: &str, level: &str) -> Result<(), String> {
        self.send("new")?;
        self.send("force")?;
        self.send("easy")?;
        self.send(level)?;
        if start_fen != crate::rules::START_FEN {
            if !self.features.setboard {
                return Err(format!(
                    "{} cannot start from a position (no setboard feature)",
                    self.process.name
                ));
            }
            self.send(&format!("setboard {start_fen}"))?;
        }
        self.known = 0;
        self.black_starts = start_fen.split_whitespace().nth(1) == Some("b");
        self.sync()
    }

    /// Tells the engine the moves of `moves` (coordinates, the game so far) it has not seen,
    /// its time and its opponent's (`own`, `other`), says `go` and waits at most `timeout` for
    /// its move; then puts it back in force mode.
    pub fn best_move(
        &mut self,
        moves: &[String],
        own: Duration,
        other: Duration,
        timeout: Duration,
    ) -> Result<Reply, String> {
        if moves.len() < self.known {
            return Err(format!(
                "{}: moves were taken back, which this client does not do",
                self.process.name
            ));
        }
        for m in &moves[self.known..] {
            let line = if self.features.usermove {
                format!("usermove {m}")
            } else {
                m.clone()
            };
            self.send(&line)?;
        }
        self.known = moves.len();
        self.send(&format!("time {}", own.as_millis() / 10))?;
        self.send(&format!("otim {}", other.as_millis() / 10))?;
        self.send("go")?;
        let deadline = Instant::now() + timeout;
        let white_moves = moves.len().is_multiple_of(2) != self.black_starts;
        let mover_loses = if white_moves { "0-1" } else { "1-0" };
        loop {
            let line = self.next_line(deadline, "go")?;
            let t = line.trim();
            let mut words = t.split_whitespace();
            match words.next() {
                Some("move") => {
                    let m = words.next().ok_or_else(|| {
                        format!("{} sent 'move' without a move", self.process.name)
                    })?;
                    self.known += 1;
                    self.send("force")?;
                    return Ok(Reply::Move(m.to_string()));
                }
                Some("resign") => {
                    self.send("force")?;
                    return Ok(Reply::Resign(t.to_string()));
                }
                Some(r) if r == mover_loses => {
                    self.send("force")?;
                    return Ok(Reply::Resign(t.to_string()));
                }
                Some(w) if w.starts_with("Illegal") || w.starts_with("Error") => {
                    return Err(format!("{} answered: {}", self.process.name, excerpt(t)));
                }
                // Thinking output, draw offers, result claims it is not entitled to, etc.
                _ => {}
            }
        }
    }

    /// Tells the engine the game is over (`result RESULT {reason}`).
    pub fn game_over(&mut self, result: &str, reason: &str) -> Result<(), String> {
        self.send(&format!("result {result} {{{reason}}}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quoted_values() {
        let f = parse_features(r#"feature ping=1 myname="Fairy-Max 5.0b" setboard=0 done=1"#);
        assert_eq!(
            f,
            vec![
                ("ping".to_string(), "1".to_string()),
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("setboard".to_string(), "0".to_string()),
                ("done".to_string(), "1".to_string()),
            ]
        );
        assert!(parse_features("tellics say hello").is_empty());
        assert_eq!(
            parse_features(r#"feature option="Resign -check 0""#),
            vec![("option".to_string(), "Resign -check 0".to_string())]
        );
    }
}
