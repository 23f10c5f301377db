//! Time controls and the chess clock: parsing `--clock` specifications, keeping each side's time,
//! and deciding how long the machine may think for one move.
//!
//! The 1967 tournaments were played at 50 moves in 2 hours each (`50/7200`, paper §1); the
//! program played about twice as fast as that required.

use crate::rules::Color;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// A time control: how much time each side has, and when more is added.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `moves` moves in `period`, then the same again (`50/7200`: the 1967 control).
    Moves {
        /// Moves per period.
        moves: u32,
        /// Time per period.
        period: Duration,
    },
    /// The whole game in `base`, plus `increment` after each move (`600+5`; `600` alone has no
    /// increment).
    Increment {
        /// Time for the whole game.
        base: Duration,
        /// Added after each move made.
        increment: Duration,
    },
    /// A fixed time for every move, nothing carried over (`st` in CECP, `movetime` in UCI).
    PerMove(Duration),
}

/// The machine's casual default: 40 moves in 10 minutes each, repeating.
pub const DEFAULT_CLOCK: &str = "40/600";

/// The 1967 tournament control: 50 moves in 2 hours each (paper §1).
pub const TOURNAMENT_1967: &str = "50/7200";

/// Why a clock specification could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockSpecError(String);

impl fmt::Display for ClockSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "clock '{}' not understood: write MOVES/SECONDS (50/7200, the 1967 control), \
             SECONDS+INCREMENT (600+5), SECONDS (game in that time) or move/SECONDS (10 s a move)",
            self.0
        )
    }
}

impl std::error::Error for ClockSpecError {}

/// Reads a number of seconds: `600`, `7.5`, or `mm:ss` (`10:00`).
fn parse_seconds(text: &str) -> Option<Duration> {
    let text = text.trim();
    if let Some((m, s)) = text.split_once(':') {
        let m: u64 = m.parse().ok()?;
        let s: u64 = s.parse().ok()?;
        return (s < 60).then(|| Duration::from_secs(m * 60 + s));
    }
    let secs: f64 = text.parse().ok()?;
    (secs.is_finite() && (0.0..1e9).contains(&secs)).then(|| Duration::from_secs_f64(secs))
}

impl FromStr for TimeControl {
    type Err = ClockSpecError;

    /// Parses `50/7200`, `600+5`, `600`, `10:00+2` or `move/10`.
    fn from_str(s: &str) -> Result<TimeControl, ClockSpecError> {
        let err = || ClockSpecError(s.to_string());
        let t = s.trim().to_ascii_lowercase();
        if let Some(secs) = t.strip_prefix("move/") {
            let d = parse_seconds(secs)
                .filter(|d| !d.is_zero())
                .ok_or_else(err)?;
            return Ok(TimeControl::PerMove(d));
        }
        if let Some((moves, period)) = t.split_once('/') {
            let moves: u32 = moves
                .trim()
                .parse()
                .ok()
                .filter(|&m| m > 0)
                .ok_or_else(err)?;
            let period = parse_seconds(period)
                .filter(|d| !d.is_zero())
                .ok_or_else(err)?;
            return Ok(TimeControl::Moves { moves, period });
        }
        let (base, inc) = match t.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (t.as_str(), None),
        };
        let base = parse_seconds(base)
            .filter(|d| !d.is_zero())
            .ok_or_else(err)?;
        let increment = match inc {
            Some(i) => parse_seconds(i).ok_or_else(err)?,
            None => Duration::ZERO,
        };
        Ok(TimeControl::Increment { base, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Moves { moves, period } => write!(f, "{moves}/{}", period.as_secs()),
            TimeControl::Increment { base, increment } if increment.is_zero() => {
                write!(f, "{}", base.as_secs())
            }
            TimeControl::Increment { base, increment } => {
                write!(f, "{}+{}", base.as_secs(), increment.as_secs_f64())
            }
            TimeControl::PerMove(d) => write!(f, "move/{}", d.as_secs_f64()),
        }
    }
}

impl TimeControl {
    /// Reads a CECP `level MPS BASE INC` (BASE in minutes or `min:sec`; MPS 0 = whole game).
    pub fn from_level(mps: &str, base: &str, inc: &str) -> Option<TimeControl> {
        let mps: u32 = mps.parse().ok()?;
        let base = match base.split_once(':') {
            Some(_) => parse_seconds(base)?,
            None => Duration::from_secs_f64(base.parse::<f64>().ok().filter(|b| *b >= 0.0)? * 60.0),
        };
        let increment = parse_seconds(inc)?;
        if base.is_zero() && increment.is_zero() {
            return None;
        }
        Some(if mps > 0 {
            TimeControl::Moves {
                moves: mps,
                period: base,
            }
        } else {
            TimeControl::Increment { base, increment }
        })
    }

    /// The time each side starts with.
    pub fn initial(&self) -> Duration {
        match *self {
            TimeControl::Moves { period, .. } => period,
            TimeControl::Increment { base, .. } => base,
            TimeControl::PerMove(d) => d,
        }
    }
}

/// How long to think about one move, given the time left on the machine's clock.
///
/// The 1967 search goes to a fixed depth, so this is a ceiling, not a target: the search stops
/// there and plays the best move found so far. The share is the time left divided by the moves
/// to go (30 when the game is to be played out), twice that as a margin for hard moves, plus most
/// of the increment, and never more than a third of what is left, less 50 ms for the overhead.
pub fn allot(remaining: Duration, moves_to_go: Option<u32>, increment: Duration) -> Duration {
    let safety = Duration::from_millis(50);
    let usable = remaining.saturating_sub(safety);
    let mtg = moves_to_go.unwrap_or(30).clamp(1, 50);
    let share = usable / mtg * 2 + increment * 4 / 5;
    let ceiling = if mtg == 1 { usable } else { usable / 3 };
    share
        .min(ceiling.max(increment * 4 / 5))
        .max(Duration::from_millis(10))
}

/// The chess clock of one game: each side's time left, and the moves played in the current period.
#[derive(Clone, Debug)]
pub struct Clock {
    /// The control it runs under.
    pub control: TimeControl,
    remaining: [Duration; 2],
    moves_made: [u32; 2],
    running: Option<(Color, Instant)>,
}

impl Clock {
    /// A clock set for the start of a game.
    pub fn new(control: TimeControl) -> Clock {
        let t = control.initial();
        Clock {
            control,
            remaining: [t, t],
            moves_made: [0, 0],
            running: None,
        }
    }

    /// Starts `color`'s clock (stopping the other's without charging it).
    pub fn start(&mut self, color: Color) {
        self.running = Some((color, Instant::now()));
    }

    /// Stops the running clock, charges its side and counts the move: returns the time used.
    pub fn stop(&mut self) -> Duration {
        let Some((color, since)) = self.running.take() else {
            return Duration::ZERO;
        };
        let used = since.elapsed();
        self.charge(color, used);
        used
    }

    /// Charges `used` for one move of `color`, then adds what the control adds after it.
    pub fn charge(&mut self, color: Color, used: Duration) {
        let i = color.index();
        self.remaining[i] = self.remaining[i].saturating_sub(used);
        self.moves_made[i] += 1;
        match self.control {
            TimeControl::Moves { moves, period } => {
                if self.moves_made[i].is_multiple_of(moves) {
                    self.remaining[i] += period;
                }
            }
            TimeControl::Increment { increment, .. } => self.remaining[i] += increment,
            TimeControl::PerMove(d) => self.remaining[i] = d,
        }
    }

    /// Sets a side's time left (CECP `time`/`otim`, a restored game).
    pub fn set_remaining(&mut self, color: Color, t: Duration) {
        self.remaining[color.index()] = t;
    }

    /// Sets how many moves a side has made (a restored game).
    pub fn set_moves_made(&mut self, color: Color, n: u32) {
        self.moves_made[color.index()] = n;
    }

    /// The time `color` has left, the running move included.
    pub fn remaining(&self, color: Color) -> Duration {
        let left = self.remaining[color.index()];
        match self.running {
            Some((c, since)) if c == color => left.saturating_sub(since.elapsed()),
            _ => left,
        }
    }

    /// Whether `color` has used up its time.
    pub fn flag_fallen(&self, color: Color) -> bool {
        !matches!(self.control, TimeControl::PerMove(_)) && self.remaining(color).is_zero()
    }

    /// Moves `color` must still make before the next time control, if the control has one.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        match self.control {
            TimeControl::Moves { moves, .. } => {
                Some(moves - self.moves_made[color.index()] % moves)
            }
            TimeControl::Increment { .. } => None,
            TimeControl::PerMove(_) => Some(1),
        }
    }

    /// The time `color` may think about its next move.
    pub fn allot(&self, color: Color) -> Duration {
        match self.control {
            TimeControl::PerMove(d) => d
                .saturating_sub(Duration::from_millis(50))
                .max(Duration::from_millis(10)),
            TimeControl::Increment { increment, .. } => {
                allot(self.remaining(color), None, increment)
            }
            TimeControl::Moves { .. } => allot(
                self.remaining(color),
                self.moves_to_go(color),
                Duration::ZERO,
            ),
        }
    }
}

/// `h:mm:ss` for a clock display.
pub fn hms(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_1967_control() {
        assert_eq!(
            TOURNAMENT_1967.parse::<TimeControl>(),
            Ok(TimeControl::Moves {
                moves: 50,
                period: Duration::from_secs(7200)
            })
        );
    }

    #[test]
    fn parses_increment_and_game_in() {
        assert_eq!(
            "600+5".parse::<TimeControl>(),
            Ok(TimeControl::Increment {
                base: Duration::from_secs(600),
                increment: Duration::from_secs(5)
            })
        );
        assert_eq!(
            "10:00".parse::<TimeControl>(),
            Ok(TimeControl::Increment {
                base: Duration::from_secs(600),
                increment: Duration::ZERO
            })
        );
        assert_eq!(
            "move/2".parse::<TimeControl>(),
            Ok(TimeControl::PerMove(Duration::from_secs(2)))
        );
    }

    #[test]
    fn rejects_nonsense_clocks() {
        for bad in ["", "abc", "0/600", "40/0", "40/", "-5", "600+x", "move/0"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn level_reads_minutes_and_seconds() {
        assert_eq!(
            TimeControl::from_level("40", "5", "0"),
            Some(TimeControl::Moves {
                moves: 40,
                period: Duration::from_secs(300)
            })
        );
        assert_eq!(
            TimeControl::from_level("0", "2:30", "1"),
            Some(TimeControl::Increment {
                base: Duration::from_secs(150),
                increment: Duration::from_secs(1)
            })
        );
        assert_eq!(TimeControl::from_level("x", "5", "0"), None);
    }

    #[test]
    fn moves_control_adds_a_period_after_the_last_move() {
        let mut c = Clock::new("2/100".parse().unwrap());
        c.charge(Color::White, Duration::from_secs(30));
        assert_eq!(c.moves_to_go(Color::White), Some(1));
        c.charge(Color::White, Duration::from_secs(30));
        assert_eq!(c.remaining(Color::White), Duration::from_secs(140));
        assert_eq!(c.moves_to_go(Color::White), Some(2));
    }

    #[test]
    fn allot_never_takes_more_than_a_third() {
        let t = allot(Duration::from_secs(9), Some(1), Duration::ZERO);
        assert!(t <= Duration::from_secs(9));
        let t = allot(Duration::from_secs(90), Some(40), Duration::ZERO);
        assert_eq!(t, Duration::from_millis(89950) / 40 * 2);
        let t = allot(Duration::from_secs(3), None, Duration::ZERO);
        assert!(t <= Duration::from_secs(1));
    }
}
