//! `machack match`: games between machack and an external engine (UCI or xboard), alternating
//! colours over a fixed set of openings, with clocks kept by the runner, adjudication, a PGN
//! record of every game, and the score as an Elo difference.
//!
//! Choices:
//! - **Openings**: ten short, balanced main lines ([`OPENINGS`], 4–6 plies, from the start
//!   position). Game 2k and 2k+1 play opening k (mod 10), machack White in the first, Black in
//!   the second, so colours and openings are balanced in pairs.
//! - **Clocks**: the runner measures each side's thinking time (for the engine, from `go` to its
//!   answer) and charges it to the side's clock ([`Clock`]); a side more than [`GRACE`] over its
//!   time loses on time. Machack thinks through the engine every front end uses ([`Engine`]),
//!   its preset limited to its clock's [`Clock::allot`].
//! - **Adjudication** ([`adjudicate`]): the rules end a game as they end every game
//!   ([`game::rules_ending`]: mate, stalemate, fifty moves, insufficient material, threefold
//!   repetition, draws applied as soon as they could be claimed); the runner adds a draw at the
//!   maximum length.
//! - **Faults**: an engine that sends an illegal move, breaks the protocol, exits or stops
//!   answering loses the game (with the reason in the PGN), and is restarted for the next game.
//!   An engine that cannot be started at all ends the match with an error.

use super::adjudication::{Outcome, Termination, Verdict, adjudicate};
use super::elo::Tally;
use super::engine_process;
use super::uci_engine::UciEngine;
pub use super::xboard_engine::Reply;
use super::xboard_engine::XboardEngine;
use crate::game;
use crate::game::clock::{Clock, TimeControl};
use crate::game::engine::Engine;
use crate::interface::{Deepening, Limits, SearchParams};
use crate::notation::{Game, GameMove, Notation, clip, excerpt, san};
use crate::rules::{Color, Move, Position, START_FEN};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// How far past its time a side may go before it loses on time: the runner measures round
/// trips through pipes, which the engine cannot see.
pub const GRACE: Duration = Duration::from_secs(1);

/// What the runner asks an engine when it is to move.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The game's moves from the start position, in coordinates.
    pub moves: &'a [String],
    /// The colour the engine plays.
    pub color: Color,
    /// White's time left.
    pub white_time: Duration,
    /// Black's time left.
    pub black_time: Duration,
    /// The increment per move.
    pub increment: Duration,
    /// Moves to the next time control, if the control has a move count.
    pub moves_to_go: Option<u32>,
    /// How long to wait for an answer before giving up.
    pub timeout: Duration,
}

/// An external engine as the match loop sees it, whatever its protocol.
pub trait Opponent {
    /// Its name, for the PGN and the progress lines.
    fn name(&self) -> &str;
    /// The names of the options it offered.
    fn options(&self) -> &[String];
    /// Sets options (names it offered) and waits until it is ready.
    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String>;
    /// Prepares a new game from the start position with time control `tc`.
    fn new_game(&mut self, tc: &TimeControl) -> Result<(), String>;
    /// Asks for a move.
    fn best_move(&mut self, request: &MoveRequest) -> Result<Reply, String>;
    /// Tells the engine the game is over (a courtesy; errors are ignored).
    fn game_over(&mut self, _result: &str, _reason: &str) {}
}

impl Opponent for UciEngine {
    fn name(&self) -> &str {
        &self.process.name
    }

    fn options(&self) -> &[String] {
        &self.options
    }

    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        UciEngine::configure(self, options)
    }

    fn new_game(&mut self, _tc: &TimeControl) -> Result<(), String> {
        UciEngine::new_game(self)
    }

    fn best_move(&mut self, r: &MoveRequest) -> Result<Reply, String> {
        let mut go = format!(
            "wtime {} btime {}",
            r.white_time.as_millis(),
            r.black_time.as_millis()
        );
        if !r.increment.is_zero() {
            let inc = r.increment.as_millis();
            go.push_str(&format!(" winc {inc} binc {inc}"));
        }
        if let Some(n) = r.moves_to_go {
            go.push_str(&format!(" movestogo {n}"));
        }
        UciEngine::best_move(self, START_FEN, r.moves, &go, r.timeout).map(Reply::Move)
    }
}

impl Opponent for XboardEngine {
    fn name(&self) -> &str {
        &self.process.name
    }

    fn options(&self) -> &[String] {
        &self.features.options
    }

    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        XboardEngine::configure(self, options)
    }

    fn new_game(&mut self, tc: &TimeControl) -> Result<(), String> {
        XboardEngine::new_game(self, START_FEN, &tc.xboard_command())
    }

    fn best_move(&mut self, r: &MoveRequest) -> Result<Reply, String> {
        let (own, other) = match r.color {
            Color::White => (r.white_time, r.black_time),
            Color::Black => (r.black_time, r.white_time),
        };
        XboardEngine::best_move(self, r.moves, own, other, r.timeout)
    }

    fn game_over(&mut self, result: &str, reason: &str) {
        let _ = XboardEngine::game_over(self, result, reason);
    }
}

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI.
    Uci,
    /// CECP (xboard/WinBoard) protocol 2.
    Xboard,
}

impl FromStr for Protocol {
    type Err = String;
    fn from_str(s: &str) -> Result<Protocol, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "xboard" | "cecp" | "winboard" => Ok(Protocol::Xboard),
            _ => Err(format!(
                "engine protocol '{s}' is unknown (use 'uci' or 'xboard')"
            )),
        }
    }
}

/// How to start the opponent.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The command (program and arguments, split at spaces).
    pub command: String,
    /// Its protocol.
    pub protocol: Protocol,
    /// Options to set (`setoption` for UCI, `option NAME=VALUE` for xboard).
    pub options: Vec<(String, String)>,
}

/// Why an engine could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The program could not be run at all (no such file, not executable), or has no option
    /// of a name given: the match cannot be played.
    NotRun(String),
    /// It ran but did not complete the handshake (it exited, stayed silent, flooded its output,
    /// spoke the other protocol): no game can be played against it, and none is counted.
    Handshake(String),
}

impl EngineSpec {
    /// Starts the engine, completes its handshake and sets its options, each checked against
    /// the names it offered (a misspelt `UCI_Elo` would leave a full-strength engine playing).
    pub fn start(&self) -> Result<Box<dyn Opponent>, StartError> {
        let process = engine_process::spawn(&self.command).map_err(StartError::NotRun)?;
        let mut engine: Box<dyn Opponent> = match self.protocol {
            Protocol::Uci => Box::new(UciEngine::start(process).map_err(StartError::Handshake)?),
            Protocol::Xboard => {
                Box::new(XboardEngine::start(process).map_err(StartError::Handshake)?)
            }
        };
        for (name, _) in &self.options {
            if !engine
                .options()
                .iter()
                .any(|o| o.eq_ignore_ascii_case(name))
            {
                let offered = match engine.options() {
                    [] => "it offers none".to_string(),
                    names => format!("it offers {}", names.join(", ")),
                };
                return Err(StartError::NotRun(
                    clip(&format!(
                        "--engine-option {}: {} has no option of that name ({offered})",
                        excerpt(name),
                        engine.name()
                    ))
                    .into_owned(),
                ));
            }
        }
        engine
            .configure(&self.options)
            .map_err(StartError::Handshake)?;
        Ok(engine)
    }
}

/// A named opening: moves in SAN from the start position.
#[derive(Clone, Copy, Debug)]
pub struct Opening {
    /// Its name, for the PGN `Opening` tag.
    pub name: &'static str,
    /// Its moves in SAN.
    pub moves: &'static str,
}

/// Ten short, balanced main lines, each played once with each colour.
pub const OPENINGS: [Opening; 10] = [
    Opening {
        name: "Ruy Lopez",
        moves: "e4 e5 Nf3 Nc6 Bb5 a6",
    },
    Opening {
        name: "Giuoco Piano",
        moves: "e4 e5 Nf3 Nc6 Bc4 Bc5",
    },
    Opening {
        name: "Sicilian Defence",
        moves: "e4 c5 Nf3 d6 d4 cxd4",
    },
    Opening {
        name: "French Defence",
        moves: "e4 e6 d4 d5 Nc3 Nf6",
    },
    Opening {
        name: "Caro-Kann Defence",
        moves: "e4 c6 d4 d5 Nc3 dxe4",
    },
    Opening {
        name: "Queen's Gambit Declined",
        moves: "d4 d5 c4 e6 Nc3 Nf6",
    },
    Opening {
        name: "Slav Defence",
        moves: "d4 d5 c4 c6 Nf3 Nf6",
    },
    Opening {
        name: "Nimzo-Indian Defence",
        moves: "d4 Nf6 c4 e6 Nc3 Bb4",
    },
    Opening {
        name: "King's Indian Defence",
        moves: "d4 Nf6 c4 g6 Nc3 Bg7",
    },
    Opening {
        name: "English Opening",
        moves: "c4 e5 Nc3 Nf6",
    },
];

impl Opening {
    /// Its moves, read from SAN and checked legal.
    pub fn line(&self) -> Result<Vec<Move>, String> {
        let mut pos = Position::startpos();
        let mut out = Vec::new();
        for text in self.moves.split_whitespace() {
            let m = san::parse(&pos, text).map_err(|e| format!("opening {}: {e}", self.name))?;
            pos.make(m);
            out.push(m);
        }
        Ok(out)
    }
}

/// What the match is: the opponent, the number of games and the conditions.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The opponent.
    pub engine: EngineSpec,
    /// How many games.
    pub games: u32,
    /// The time control for both sides.
    pub tc: TimeControl,
    /// Machack's search parameters.
    pub params: SearchParams,
    /// Whether machack deepens within the time its clock allots (not in 1967) rather than
    /// searching once at the set depth.
    pub deepen: bool,
    /// Games reaching this many plies (opening included) are drawn.
    pub max_plies: usize,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Its number, from 1.
    pub number: u32,
    /// The colour machack played.
    pub machack_color: Color,
    /// The opponent's name.
    pub engine_name: String,
    /// The opening played.
    pub opening: Opening,
    /// The moves, opening included, each with an optional comment (machack's value and time,
    /// the engine's time).
    pub moves: Vec<(Move, Option<String>)>,
    /// How it ended.
    pub ending: Verdict,
    /// The time control.
    pub tc: TimeControl,
}

/// The name machack plays under.
pub const MACHACK: &str = "machack";

impl GameRecord {
    /// The game for the PGN writer: the Seven Tag Roster, then Opening, TimeControl,
    /// Termination and PlyCount; the reason in a comment after the last move.
    pub fn to_game(&self, date: &str) -> Game {
        let (white, black) = match self.machack_color {
            Color::White => (MACHACK.to_string(), self.engine_name.clone()),
            Color::Black => (self.engine_name.clone(), MACHACK.to_string()),
        };
        let result = self.ending.outcome.result_text().to_string();
        let tags = [
            ("Event", "machack match".to_string()),
            ("Site", "?".to_string()),
            ("Date", date.to_string()),
            ("Round", self.number.to_string()),
            ("White", white),
            ("Black", black),
            ("Result", result.clone()),
            ("Opening", self.opening.name.to_string()),
            ("TimeControl", self.tc.to_string()),
            ("Termination", self.ending.termination.tag().to_string()),
            ("PlyCount", self.moves.len().to_string()),
        ];
        let mut game = Game::new();
        game.tags = tags.into_iter().map(|(n, v)| (n.to_string(), v)).collect();
        let mut pos = Position::startpos();
        for (m, comment) in &self.moves {
            game.moves.push(GameMove {
                mv: *m,
                text: san::format(&pos, *m),
                notation: Notation::San,
                comments: comment.iter().cloned().collect(),
                nags: Vec::new(),
                variations: Vec::new(),
            });
            pos.make(*m);
        }
        match game.moves.last_mut() {
            Some(last) => last.comments.push(self.ending.reason.clone()),
            None => game.opening_comments.push(self.ending.reason.clone()),
        }
        game.result = Some(result);
        game
    }

    /// Machack's points in this game.
    pub fn machack_points(&self) -> f64 {
        self.ending.outcome.points_for(self.machack_color)
    }

    /// Adds this game to a tally from machack's point of view.
    pub fn add_to(&self, tally: &mut Tally) {
        match self.ending.outcome {
            Outcome::Draw => tally.draws += 1,
            o if o == Outcome::win_for(self.machack_color) => tally.wins += 1,
            _ => tally.losses += 1,
        }
    }
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchEnd {
    /// The score of the games played.
    pub tally: Tally,
    /// Why the match stopped before its last game, if it did: the engine, restarted after a
    /// game it lost by a fault, could not complete its handshake (no further game can be
    /// played against it; the game it was started for is not counted).
    pub stopped: Option<String>,
}

/// Plays the match, calling `on_game` after each game with the game and the running tally
/// (an error from it ends the match). An engine that misbehaves loses the game and is
/// restarted for the next; one that cannot complete its handshake stops the match, and the
/// game it was started for is not played (a failed start is no game). Errors: an engine
/// program that cannot be run, an option it does not have, a handshake that fails before
/// any game.
pub fn play_match(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&GameRecord, &Tally) -> Result<(), String>,
) -> Result<MatchEnd, String> {
    let lines = OPENINGS
        .iter()
        .map(|o| o.line())
        .collect::<Result<Vec<_>, _>>()?;
    let mut engine: Option<Box<dyn Opponent>> = None;
    let mut machack = Engine::new(config.params.clone());
    let mut tally = Tally::default();
    for i in 0..config.games {
        let k = (i as usize / 2) % OPENINGS.len();
        let machack_color = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let setup = Setup {
            number: i + 1,
            machack_color,
            opening: OPENINGS[k],
            line: &lines[k],
            config,
        };
        let mut opponent = match engine.take() {
            Some(e) => e,
            None => match config.engine.start() {
                Ok(e) => e,
                Err(StartError::NotRun(e)) => return Err(e),
                Err(StartError::Handshake(why)) if i == 0 => {
                    return Err(format!("{why}; no game was played"));
                }
                Err(StartError::Handshake(why)) => {
                    return Ok(MatchEnd {
                        tally,
                        stopped: Some(format!(
                            "{why}; the match stops after {i} games (a failed start is no game)"
                        )),
                    });
                }
            },
        };
        machack.new_game();
        let (record, engine_ok) = setup.play(opponent.as_mut(), &mut machack);
        // An engine in an unknown state (it may still be thinking, or flooding) is ended and
        // started afresh for the next game.
        engine = engine_ok.then_some(opponent);
        record.add_to(&mut tally);
        on_game(&record, &tally)?;
    }
    Ok(MatchEnd {
        tally,
        stopped: None,
    })
}

/// One game to play.
struct Setup<'a> {
    number: u32,
    machack_color: Color,
    opening: Opening,
    line: &'a [Move],
    config: &'a MatchConfig,
}

/// A move's comment for machack: its value in pawns from its own side, and its time.
fn machack_comment(value: crate::value::Value, elapsed: Duration, depth: Option<u32>) -> String {
    let v = if crate::value::is_mate(value) {
        format!("{}M", if value > 0 { "+" } else { "-" })
    } else {
        format!("{:+.2}", value as f64 / 128.0)
    };
    match depth {
        Some(d) => format!("{v} {:.2}s depth {d}", elapsed.as_secs_f64()),
        None => format!("{v} {:.2}s", elapsed.as_secs_f64()),
    }
}

impl Setup<'_> {
    /// Plays the game; also says whether the engine is still in a known state.
    fn play(&self, engine: &mut dyn Opponent, machack: &mut Engine) -> (GameRecord, bool) {
        let mut record = GameRecord {
            number: self.number,
            machack_color: self.machack_color,
            engine_name: engine.name().to_string(),
            opening: self.opening,
            moves: Vec::new(),
            ending: Verdict::loss(Color::White, Termination::Normal, ""),
            tc: self.config.tc,
        };
        let engine_color = !self.machack_color;
        let (ending, engine_ok) = self.run(engine, machack, &mut record.moves);
        let ending = ending.unwrap_or_else(|(termination, reason)| {
            Verdict::loss(engine_color, termination, reason)
        });
        if engine_ok {
            engine.game_over(ending.outcome.result_text(), &ending.reason);
        }
        record.ending = ending;
        (record, engine_ok)
    }

    /// The game loop: the ending (or the engine's fault), and whether the engine is usable.
    #[allow(clippy::type_complexity)]
    fn run(
        &self,
        engine: &mut dyn Opponent,
        machack: &mut Engine,
        moves: &mut Vec<(Move, Option<String>)>,
    ) -> (Result<Verdict, (Termination, String)>, bool) {
        let name = engine.name().to_string();
        let tc = self.config.tc;
        let mut played = game::Game::new(Position::startpos());
        let play = |played: &mut game::Game,
                    moves: &mut Vec<(Move, Option<String>)>,
                    m: Move,
                    comment: Option<String>| {
            moves.push((m, comment));
            played.play(m, None, false);
        };
        for &m in self.line {
            play(&mut played, moves, m, None);
        }
        if let Err(e) = engine.new_game(&tc) {
            return (
                Err((Termination::RulesInfraction, format!("{name}: {e}"))),
                false,
            );
        }
        let mut clock = Clock::with_grace(tc, GRACE);
        loop {
            // Step 1. Is the game over?
            let pos = played.position().clone();
            let earlier = played.history();
            if let Some(end) = adjudicate(&pos, earlier, moves.len(), self.config.max_plies) {
                return (Ok(end), true);
            }
            let side = pos.side_to_move();
            // Step 2. Machack's move: a search limited by its clock.
            if side == self.machack_color {
                let deepen = self.config.deepen;
                let limits = Limits {
                    time: Some(clock.allot(side)),
                    deepen: if deepen {
                        Deepening::Play
                    } else {
                        Deepening::Off
                    },
                    ..Limits::default()
                };
                let start = Instant::now();
                let thought = machack.think(&pos, earlier, &limits, &mut |_| {});
                let elapsed = start.elapsed();
                let Some(m) = thought.best.filter(|&m| pos.is_legal(m)) else {
                    let reason = format!("{MACHACK} found no legal move (a bug)");
                    return (
                        Ok(Verdict::loss(side, Termination::RulesInfraction, reason)),
                        true,
                    );
                };
                if let Err(over) = clock.charge(side, elapsed) {
                    let reason =
                        format!("{MACHACK} lost on time ({:.1}s over)", over.as_secs_f64());
                    return (
                        Ok(Verdict::loss(side, Termination::TimeForfeit, reason)),
                        true,
                    );
                }
                let comment =
                    machack_comment(thought.value, elapsed, deepen.then_some(thought.depth));
                play(&mut played, moves, m, Some(comment));
                continue;
            }
            // Step 3. The engine's move, timed from the request to the answer.
            let own = clock.remaining(side);
            let request = MoveRequest {
                moves: &moves
                    .iter()
                    .map(|(m, _)| m.coordinate())
                    .collect::<Vec<_>>(),
                color: side,
                white_time: clock.remaining(Color::White),
                black_time: clock.remaining(Color::Black),
                increment: tc.increment(),
                moves_to_go: clock.moves_to_go(side),
                // An engine silent or flooding its output until then has lost on time.
                timeout: own + GRACE,
            };
            let start = Instant::now();
            let reply = engine.best_move(&request);
            let elapsed = start.elapsed();
            let text = match reply {
                Err(e) if elapsed >= own + GRACE => {
                    let reason = format!("{name} lost on time (no move: {e})");
                    return (Err((Termination::TimeForfeit, reason)), false);
                }
                Err(e) => {
                    return (
                        Err((Termination::RulesInfraction, clip(&e).into_owned())),
                        false,
                    );
                }
                Ok(Reply::Resign(said)) => {
                    let reason = format!("{name} resigns ({said})");
                    return (Err((Termination::Normal, reason)), true);
                }
                Ok(Reply::Move(text)) => text,
            };
            if let Err(over) = clock.charge(side, elapsed) {
                let reason = format!("{name} lost on time ({:.1}s over)", over.as_secs_f64());
                return (Err((Termination::TimeForfeit, reason)), true);
            }
            let m = match crate::notation::parse_any(&pos, &text) {
                Ok(m) => m,
                Err(e) => {
                    let reason = format!("illegal move '{}' from {name}: {e}", excerpt(&text));
                    return (Err((Termination::RulesInfraction, reason)), false);
                }
            };
            play(
                &mut played,
                moves,
                m,
                Some(format!("{:.2}s", elapsed.as_secs_f64())),
            );
        }
    }
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
pub fn today() -> String {
    crate::game::record::utc_now().date_tag()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_legal_and_distinct() {
        let mut seen = Vec::new();
        for o in OPENINGS {
            let line = o.line().unwrap();
            assert!((4..=6).contains(&line.len()), "{}", o.name);
            assert!(!seen.contains(&line), "{}", o.name);
            seen.push(line);
        }
    }

    #[test]
    fn protocols_by_name() {
        assert_eq!("UCI".parse::<Protocol>(), Ok(Protocol::Uci));
        assert_eq!("xboard".parse::<Protocol>(), Ok(Protocol::Xboard));
        assert!(
            "winboard2"
                .parse::<Protocol>()
                .unwrap_err()
                .contains("'uci'")
        );
    }

    #[test]
    fn pgn_record_has_tags_and_reason() {
        let opening = OPENINGS[0];
        let moves = opening
            .line()
            .unwrap()
            .into_iter()
            .map(|m| (m, None))
            .collect();
        let record = GameRecord {
            number: 3,
            machack_color: Color::Black,
            engine_name: "Engine X".into(),
            opening,
            moves,
            ending: Verdict::loss(
                Color::White,
                Termination::TimeForfeit,
                "Engine X lost on time",
            ),
            tc: "60+0.5".parse().unwrap(),
        };
        assert_eq!(record.machack_points(), 1.0);
        let text = crate::notation::pgn::write(&record.to_game("2026.11.21"));
        assert!(text.starts_with("[Event \"machack match\"]\n[Site \"?\"]\n[Date \"2026.11.21\"]\n[Round \"3\"]\n[White \"Engine X\"]\n[Black \"machack\"]\n[Result \"0-1\"]\n"));
        assert!(text.contains("[Termination \"time forfeit\"]"));
        assert!(text.contains("[TimeControl \"60+0.5\"]"));
        assert!(text.contains("3. Bb5 a6 {Engine X lost on time} 0-1"));
    }
}
