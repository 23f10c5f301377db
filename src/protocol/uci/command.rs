//! UCI command lines read into [`UciCommand`]s. Unknown commands are kept as [`UciCommand::Unknown`]
//! (UCI says to ignore them); a known command with bad arguments is an error the session reports
//! as `info string`.

use crate::game::clock::{self, Unit};
use crate::interface::params::{DEPTHS, LIMIT_CHECK_NODES, clamp_depth, clamp_node_limit};
use crate::notation::excerpt;
use std::fmt;
use std::time::Duration;

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    /// `startpos`.
    StartPos,
    /// `fen` and the six (or four) fields, joined by spaces.
    Fen(String),
}

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// White's time left.
    pub wtime: Option<Duration>,
    /// Black's time left.
    pub btime: Option<Duration>,
    /// White's increment.
    pub winc: Option<Duration>,
    /// Black's increment.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Think exactly this long.
    pub movetime: Option<Duration>,
    /// Search to this depth.
    pub depth: Option<u32>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder (treated as infinite until `ponderhit` or `stop`).
    pub ponder: bool,
    /// `searchmoves`: the moves (coordinates, as written) to choose among; the session finds
    /// them among the legal moves.
    pub searchmoves: Vec<String>,
    /// What was brought into range (`depth 25`, `nodes 10`), in words for the interface.
    pub clamped: Vec<String>,
}

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `d` (Stockfish's, not UCI's): show the board, the FEN and the key.
    Display,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen F [moves m1 m2 …]`.
    Position {
        /// The start.
        start: PositionStart,
        /// The moves after it, in coordinates.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// Anything else (ignored, as UCI asks).
    Unknown(String),
}

/// A known command whose arguments could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciError(pub String);

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Reads one line of UCI input. Blank lines are `Unknown("")`.
pub fn parse(line: &str) -> Result<UciCommand, UciError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(UciCommand::Unknown(String::new()));
    };
    match first {
        "uci" => Ok(UciCommand::Uci),
        "isready" => Ok(UciCommand::IsReady),
        "d" => Ok(UciCommand::Display),
        "ucinewgame" => Ok(UciCommand::UciNewGame),
        "stop" => Ok(UciCommand::Stop),
        "ponderhit" => Ok(UciCommand::PonderHit),
        "quit" => Ok(UciCommand::Quit),
        "debug" => match rest.first() {
            Some(&"on") | None => Ok(UciCommand::Debug(true)),
            Some(&"off") => Ok(UciCommand::Debug(false)),
            Some(w) => Err(UciError(format!(
                "debug takes 'on' or 'off', not '{}'",
                excerpt(w)
            ))),
        },
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest).map(UciCommand::Go),
        _ => Ok(UciCommand::Unknown(line.trim().to_string())),
    }
}

/// `setoption name <words> [value <words>]`.
fn parse_setoption(rest: &[&str]) -> Result<UciCommand, UciError> {
    if rest.first() != Some(&"name") {
        return Err(UciError(
            "setoption: expected 'name <option> [value <value>]'".into(),
        ));
    }
    let rest = &rest[1..];
    let split = rest.iter().position(|w| *w == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(UciError("setoption: the option's name is missing".into()));
    }
    Ok(UciCommand::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen <fields> [moves …]`.
fn parse_position(rest: &[&str]) -> Result<UciCommand, UciError> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (rest, Vec::new()),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => PositionStart::StartPos,
        Some((&"startpos", extra)) => {
            return Err(UciError(format!(
                "position: unexpected '{}' after startpos (expected 'moves')",
                excerpt(&extra.join(" "))
            )));
        }
        Some((&"fen", fields)) if !fields.is_empty() => PositionStart::Fen(fields.join(" ")),
        Some((&"fen", _)) => return Err(UciError("position fen: the FEN is missing".into())),
        Some((w, _)) => {
            return Err(UciError(format!(
                "position: expected 'startpos' or 'fen <FEN>', not '{}'",
                excerpt(w)
            )));
        }
        None => {
            return Err(UciError(
                "position: expected 'startpos' or 'fen <FEN>'".into(),
            ));
        }
    };
    Ok(UciCommand::Position { start, moves })
}

/// The arguments `go` takes (what ends a `searchmoves` list).
const GO_WORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// `go` and its arguments, in any order.
fn parse_go(rest: &[&str]) -> Result<GoParams, UciError> {
    let mut p = GoParams::default();
    let mut i = 0;
    let number = |i: usize, name: &str| -> Result<i64, UciError> {
        rest.get(i + 1)
            .and_then(|w| w.parse::<i64>().ok())
            .ok_or_else(|| UciError(format!("go: '{name}' needs a whole number after it")))
    };
    while i < rest.len() {
        let w = rest[i];
        match w {
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "depth" | "nodes" => {
                // A whole number out of range is brought into it, and said (`interface::params`:
                // an interface asks any engine for the depth its user chose); anything else is
                // refused.
                let text = rest.get(i + 1).copied().unwrap_or("");
                let refused = |e: crate::interface::ParamError| UciError(format!("go: {e}"));
                i += 1;
                if w == "depth" {
                    let (d, moved) = clamp_depth(text).map_err(refused)?;
                    p.depth = Some(d);
                    if moved {
                        p.clamped.push(format!(
                            "depth {} is out of range ({} to {}): searching to depth {d}",
                            excerpt(text),
                            DEPTHS.start(),
                            DEPTHS.end()
                        ));
                    }
                } else {
                    let (n, moved) = clamp_node_limit(text).map_err(refused)?;
                    p.nodes = Some(n);
                    if moved {
                        p.clamped.push(format!(
                            "nodes {} is out of range (at least {LIMIT_CHECK_NODES}: the search \
                             checks its limits every {LIMIT_CHECK_NODES} nodes): searching {n} \
                             nodes",
                            excerpt(text)
                        ));
                    }
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "movestogo" => {
                // Read and range-checked by the clock's one parser.
                let text = rest.get(i + 1).copied().unwrap_or("");
                i += 1;
                let go = |e: String| UciError(format!("go: {e}"));
                match w {
                    "wtime" => p.wtime = Some(clock::time_left(text, w, Unit::Millis).map_err(go)?),
                    "btime" => p.btime = Some(clock::time_left(text, w, Unit::Millis).map_err(go)?),
                    "winc" => p.winc = Some(clock::time(text, w, Unit::Millis).map_err(go)?),
                    "binc" => p.binc = Some(clock::time(text, w, Unit::Millis).map_err(go)?),
                    "movetime" => {
                        p.movetime = Some(clock::positive_time(text, w, Unit::Millis).map_err(go)?)
                    }
                    _ => p.movestogo = Some(clock::moves(text, w, 1).map_err(go)?),
                }
            }
            "mate" => {
                // `mate N`: searched as an ordinary go.
                number(i, w)?;
                i += 1;
            }
            "searchmoves" => {
                // Every word up to the next argument of `go` is a move.
                while let Some(&m) = rest.get(i + 1)
                    && !GO_WORDS.contains(&m)
                {
                    p.searchmoves.push(m.to_string());
                    i += 1;
                }
                if p.searchmoves.is_empty() {
                    return Err(UciError("go: 'searchmoves' needs moves after it".into()));
                }
            }
            other => {
                return Err(UciError(format!(
                    "go: unknown argument '{}'",
                    excerpt(other)
                )));
            }
        }
        i += 1;
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searchmoves_reads_moves_up_to_the_next_argument() {
        let Ok(UciCommand::Go(p)) = parse("go searchmoves e2e4 d2d4 wtime 100 depth 3") else {
            panic!()
        };
        assert_eq!(p.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(
            (p.wtime, p.depth),
            (Some(Duration::from_millis(100)), Some(3))
        );
        let Ok(UciCommand::Go(p)) = parse("go infinite searchmoves e7e8q") else {
            panic!()
        };
        assert_eq!(
            (p.infinite, p.searchmoves),
            (true, vec!["e7e8q".to_string()])
        );
        assert_eq!(
            parse("go searchmoves depth 3"),
            Err(UciError("go: 'searchmoves' needs moves after it".into()))
        );
    }

    #[test]
    fn position_with_moves() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(UciCommand::Position {
                start: PositionStart::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            parse(&format!("position fen {fen}")),
            Ok(UciCommand::Position {
                start: PositionStart::Fen(fen.into()),
                moves: vec![]
            })
        );
    }

    #[test]
    fn malformed_position_is_an_error() {
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startrow").is_err());
        assert!(parse("position startpos e2e4").is_err());
    }

    #[test]
    fn go_reads_the_clock() {
        let Ok(UciCommand::Go(p)) = parse("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5")
        else {
            panic!()
        };
        assert_eq!(p.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(p.binc, Some(Duration::from_millis(20)));
        assert_eq!(p.movestogo, Some(5));
        assert!(parse("go depth x").is_err());
        let Ok(UciCommand::Go(p)) = parse("go wtime -20 btime 0 movetime 1") else {
            panic!()
        };
        assert_eq!(p.wtime, Some(Duration::ZERO));
        assert_eq!(p.btime, Some(Duration::ZERO));
        assert_eq!(p.movetime, Some(Duration::from_millis(1)));
        assert!(parse("go sideways").is_err());
    }

    /// Every clock value out of range is refused, naming the field and the range.
    #[test]
    fn go_refuses_clock_values_out_of_range() {
        for (line, why) in [
            (
                "go wtime 360000001",
                "go: wtime '360000001' is out of range: from -360000000 to 360000000 \
                 milliseconds (100 hours; a negative time counts as none left)",
            ),
            (
                "go btime 99999999999999999999",
                "go: btime '99999999999999999999' is out of range",
            ),
            (
                "go wtime 1000 winc -5",
                "go: winc '-5' is out of range: from 0 to 360000000 milliseconds (100 hours)",
            ),
            (
                "go binc 1.5",
                "go: binc '1.5' is not a whole number of milliseconds",
            ),
            (
                "go movestogo 0",
                "go: movestogo '0' is not a whole number from 1 to 1000",
            ),
            (
                "go movestogo 1001",
                "go: movestogo '1001' is not a whole number from 1 to 1000",
            ),
            (
                "go movetime 0",
                "go: movetime must be more than 0 milliseconds",
            ),
            (
                "go movetime",
                "go: movetime '' is not a whole number of milliseconds",
            ),
        ] {
            let e = parse(line).unwrap_err().to_string();
            assert!(e.starts_with(why), "{line}: {e}");
        }
    }

    #[test]
    fn go_clamps_a_depth_or_node_limit_out_of_range_and_refuses_other_words() {
        let Ok(UciCommand::Go(p)) = parse("go depth 20 nodes 256") else {
            panic!()
        };
        assert_eq!(
            (p.depth, p.nodes, p.clamped.len()),
            (Some(20), Some(256), 0)
        );
        let Ok(UciCommand::Go(p)) = parse("go depth 25 nodes 10") else {
            panic!()
        };
        assert_eq!((p.depth, p.nodes), (Some(20), Some(256)));
        assert_eq!(
            p.clamped,
            [
                "depth 25 is out of range (1 to 20): searching to depth 20",
                "nodes 10 is out of range (at least 256: the search checks its limits every 256 \
                 nodes): searching 256 nodes"
            ]
        );
        for (line, message) in [
            (
                "go depth x",
                "go: depth 'x' is not a whole number from 1 to 20",
            ),
            (
                "go depth",
                "go: depth '' is not a whole number from 1 to 20",
            ),
            (
                "go nodes many",
                "go: node limit 'many' is not a whole number of at least 256",
            ),
        ] {
            let e = parse(line).unwrap_err().to_string();
            assert!(e.starts_with(message), "{line}: {e}");
        }
    }

    #[test]
    fn setoption_names_with_spaces() {
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(UciCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse("setoption name Width value 15,15,9,9,7"),
            Ok(UciCommand::SetOption {
                name: "Width".into(),
                value: Some("15,15,9,9,7".into())
            })
        );
    }

    #[test]
    fn unknown_commands_are_kept() {
        assert_eq!(
            parse("register later"),
            Ok(UciCommand::Unknown("register later".into()))
        );
    }
}
