//! Time controls and the chess clock the match runner keeps for both sides.
//!
//! A time control is `MOVES/SECONDS` (e.g. `40/60`: 60 s for every 40 moves) or
//! `SECONDS[+INCREMENT]` (e.g. `60+0.5`: 60 s for the game, 0.5 s added after each move); both
//! forms may take an increment (`40/60+1`). The same control holds for both sides.

use crate::rules::Color;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How far past its time a side may go before it loses on time: the runner measures round
/// trips through pipes, which the engine cannot see.
pub const GRACE: Duration = Duration::from_secs(1);

/// A time control, the same for both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period (`MOVES/…`), or `None` for the whole game.
    pub moves: Option<u32>,
    /// Time per period (or for the game).
    pub base: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// A time control that could not be read, with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (use MOVES/SECONDS like 40/60, or SECONDS[+INCREMENT] like 60+0.5)",
            self.0
        )
    }
}

impl std::error::Error for TimeControlError {}

/// Reads a number of seconds (`60`, `0.5`) as a duration.
fn seconds(text: &str, what: &str) -> Result<Duration, TimeControlError> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| TimeControlError(format!("{what} '{text}' is not a number of seconds")))?;
    if !v.is_finite() || !(0.0..=1e7).contains(&v) {
        return Err(TimeControlError(format!("{what} '{text}' is out of range")));
    }
    Ok(Duration::from_secs_f64(v))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(TimeControlError("the time control is empty".into()));
        }
        let (moves, rest) = match t.split_once('/') {
            Some((m, rest)) => {
                let n: u32 = m.trim().parse().map_err(|_| {
                    TimeControlError(format!("moves per period '{m}' is not a whole number"))
                })?;
                if n == 0 {
                    return Err(TimeControlError(
                        "moves per period must be at least 1".into(),
                    ));
                }
                (Some(n), rest)
            }
            None => (None, t),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (seconds(b, "time")?, seconds(i, "increment")?),
            None => (seconds(rest, "time")?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(TimeControlError(
                "the time must be more than 0 seconds".into(),
            ));
        }
        Ok(TimeControl {
            moves,
            base,
            increment,
        })
    }
}

/// Seconds as short as they can be written: `60`, `0.5`.
fn secs_text(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` form: `40/60`, `60+0.5`, `60`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", secs_text(self.base))?;
        if !self.increment.is_zero() {
            write!(f, "+{}", secs_text(self.increment))?;
        }
        Ok(())
    }
}

impl TimeControl {
    /// The CECP `level MPS BASE INC` command (BASE in minutes or `min:sec`, at least 1 s).
    pub fn xboard_level(&self) -> String {
        let secs = self.base.as_secs().max(1);
        let base = if secs.is_multiple_of(60) {
            format!("{}", secs / 60)
        } else {
            format!("{}:{:02}", secs / 60, secs % 60)
        };
        format!(
            "level {} {} {}",
            self.moves.unwrap_or(0),
            base,
            secs_text(self.increment)
        )
    }
}

/// Both sides' clocks during one game.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: TimeControl,
    /// Time left per side in milliseconds (White, Black); never below 0 between moves.
    left_ms: [i64; 2],
    /// Moves made per side.
    made: [u32; 2],
}

impl Clock {
    /// Both clocks at the start of a game.
    pub fn new(tc: TimeControl) -> Clock {
        let ms = tc.base.as_millis() as i64;
        Clock {
            tc,
            left_ms: [ms, ms],
            made: [0, 0],
        }
    }

    /// The time `color` has left.
    pub fn remaining(&self, color: Color) -> Duration {
        Duration::from_millis(self.left_ms[color.index()].max(0) as u64)
    }

    /// The moves `color` must make before its next time control, if there is one.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        self.tc.moves.map(|m| m - self.made[color.index()] % m)
    }

    /// The time control.
    pub fn time_control(&self) -> TimeControl {
        self.tc
    }

    /// Charges a move that took `elapsed` to `color`: adds the increment and, at the end of a
    /// period, the next period's time. `Err` with the overstep if it ran more than [`GRACE`]
    /// past its time (it loses on time).
    pub fn charge(&mut self, color: Color, elapsed: Duration) -> Result<(), Duration> {
        let i = color.index();
        let left = self.left_ms[i] - elapsed.as_millis() as i64;
        if left < -(GRACE.as_millis() as i64) {
            self.left_ms[i] = left;
            return Err(Duration::from_millis((-left) as u64));
        }
        self.made[i] += 1;
        let mut left = left.max(0) + self.tc.increment.as_millis() as i64;
        if let Some(m) = self.tc.moves
            && self.made[i].is_multiple_of(m)
        {
            left += self.tc.base.as_millis() as i64;
        }
        self.left_ms[i] = left;
        Ok(())
    }

    /// How long machack may think for its next move: its time over the moves to go (30 when
    /// the control has no move count), plus most of the increment, never more than half of
    /// what is left.
    pub fn budget(&self, color: Color) -> Duration {
        let left = self.remaining(color);
        let per_move = left / self.moves_to_go(color).unwrap_or(30).max(1);
        let plus_increment = per_move + self.tc.increment * 3 / 4;
        plus_increment.min(left / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn reads_the_three_forms() {
        assert_eq!(
            tc("40/60"),
            TimeControl {
                moves: Some(40),
                base: Duration::from_secs(60),
                increment: Duration::ZERO
            }
        );
        assert_eq!(
            tc("60+0.5"),
            TimeControl {
                moves: None,
                base: Duration::from_secs(60),
                increment: Duration::from_millis(500)
            }
        );
        assert_eq!(tc("90").base, Duration::from_secs(90));
        assert_eq!(tc("40/60+1").increment, Duration::from_secs(1));
        assert_eq!(tc(" 2.5+0.05 ").base, Duration::from_millis(2500));
    }

    #[test]
    fn rejects_bad_time_controls_with_a_hint() {
        for bad in [
            "", "x", "0", "40/", "/60", "0/60", "60+", "60+x", "-5", "40/60/2", "nan",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(e.contains("use MOVES/SECONDS"), "{bad}: {e}");
        }
    }

    #[test]
    fn writes_pgn_and_xboard_forms() {
        assert_eq!(tc("40/60").to_string(), "40/60");
        assert_eq!(tc("60+0.5").to_string(), "60+0.5");
        assert_eq!(tc("300").to_string(), "300");
        assert_eq!(tc("60+0.5").xboard_level(), "level 0 1 0.5");
        assert_eq!(tc("40/90").xboard_level(), "level 40 1:30 0");
        assert_eq!(tc("0.5").xboard_level(), "level 0 0:01 0");
    }

    #[test]
    fn clock_adds_increment_and_new_periods() {
        let mut c = Clock::new(tc("2/10+1"));
        assert_eq!(c.moves_to_go(Color::White), Some(2));
        c.charge(Color::White, Duration::from_secs(3)).unwrap();
        assert_eq!(c.remaining(Color::White), Duration::from_secs(8));
        assert_eq!(c.moves_to_go(Color::White), Some(1));
        c.charge(Color::White, Duration::from_secs(3)).unwrap();
        assert_eq!(c.remaining(Color::White), Duration::from_secs(16));
        assert_eq!(c.moves_to_go(Color::White), Some(2));
        assert_eq!(c.remaining(Color::Black), Duration::from_secs(10));
    }

    #[test]
    fn overstepping_by_more_than_the_grace_loses() {
        let mut c = Clock::new(tc("1"));
        // 0.5 s over: within the grace, the clock stays at 0.
        assert!(c.charge(Color::Black, Duration::from_millis(1500)).is_ok());
        assert_eq!(c.remaining(Color::Black), Duration::ZERO);
        assert_eq!(
            c.charge(Color::Black, Duration::from_millis(1200)),
            Err(Duration::from_millis(1200))
        );
    }

    #[test]
    fn budget_is_a_share_of_the_time_never_more_than_half() {
        let c = Clock::new(tc("60+0.5"));
        // 60 s / 30 + 0.375 s
        assert_eq!(c.budget(Color::White), Duration::from_millis(2375));
        let c = Clock::new(tc("40/60"));
        assert_eq!(c.budget(Color::White), Duration::from_millis(1500));
        let mut c = Clock::new(tc("1+10"));
        c.charge(Color::White, Duration::from_millis(900)).unwrap();
        // 10.1 s left: 10.1/30 + 7.5 = 7.84 s, capped at 5.05 s
        assert_eq!(c.budget(Color::White), Duration::from_millis(5050));
    }
}
