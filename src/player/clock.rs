//! Time controls and the chess clock, for every place machack keeps time: the terminal game
//! (`--clock`), CECP's `level`/`st`, and the match runner (`--tc`). One control, one clock and one
//! rule for how long the machine may think.
//!
//! The 1967 tournaments were played at 50 moves in 2 hours each (`50/7200`, paper §1); the
//! program played about twice as fast as that required.

use crate::rules::Color;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// A time control, the same for both sides.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `base` for `moves` moves, then `base` again (`50/7200`, the 1967 control), or for the
    /// whole game when `moves` is `None` (`600`); `increment` is added after every move (`600+5`,
    /// `40/600+1`).
    Periods {
        /// Moves per period, or `None` for the whole game.
        moves: Option<u32>,
        /// Time per period (or for the game).
        base: Duration,
        /// Added after each move made.
        increment: Duration,
    },
    /// A fixed time for every move, nothing carried over (`move/10`; `st` in CECP). It limits the
    /// machine's thinking; no flag falls.
    PerMove(Duration),
}

/// The machine's casual default: 40 moves in 10 minutes each, repeating.
pub const DEFAULT_CLOCK: &str = "40/600";

/// The 1967 tournament control: 50 moves in 2 hours each (paper §1).
pub const TOURNAMENT_1967: &str = "50/7200";

/// A clock specification that could not be read: the text, what was wrong, and the forms that work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockSpecError {
    text: String,
    why: String,
}

impl fmt::Display for ClockSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "clock '{}' not understood: {}; write MOVES/SECONDS (50/7200, the 1967 control), \
             SECONDS+INCREMENT (600+5), SECONDS (the game in that time), both (40/600+1) \
             or move/SECONDS (that long for every move); SECONDS may be mm:ss",
            self.text, self.why
        )
    }
}

impl std::error::Error for ClockSpecError {}

/// Reads a number of seconds: `600`, `0.5`, or `mm:ss` (`10:00`).
fn parse_seconds(text: &str, what: &str) -> Result<Duration, String> {
    let text = text.trim();
    let bad = || format!("{what} '{text}' is not a number of seconds");
    if let Some((m, s)) = text.split_once(':') {
        let m: u64 = m.parse().map_err(|_| bad())?;
        let s: u64 = s.parse().map_err(|_| bad())?;
        if s >= 60 {
            return Err(format!("{what} '{text}' has {s} seconds past the minute"));
        }
        return Ok(Duration::from_secs(m * 60 + s));
    }
    let secs: f64 = text.parse().map_err(|_| bad())?;
    if !secs.is_finite() || !(0.0..1e7).contains(&secs) {
        return Err(format!("{what} '{text}' is out of range"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Reads a time that must be more than zero.
fn positive_seconds(text: &str, what: &str) -> Result<Duration, String> {
    let d = parse_seconds(text, what)?;
    if d.is_zero() {
        return Err(format!("{what} must be more than 0 seconds"));
    }
    Ok(d)
}

impl FromStr for TimeControl {
    type Err = ClockSpecError;

    /// Parses `50/7200`, `600+5`, `600`, `40/600+1`, `10:00+2` or `move/10`.
    fn from_str(s: &str) -> Result<TimeControl, ClockSpecError> {
        let err = |why: String| ClockSpecError {
            text: s.to_string(),
            why,
        };
        let t = s.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Err(err("it is empty".into()));
        }
        if let Some(secs) = t.strip_prefix("move/") {
            return Ok(TimeControl::PerMove(
                positive_seconds(secs, "the time a move").map_err(err)?,
            ));
        }
        let (moves, rest) = match t.split_once('/') {
            Some((m, rest)) => {
                let n = m
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| {
                        err(format!("moves per period '{m}' is not a number above 0"))
                    })?;
                (Some(n), rest)
            }
            None => (None, t.as_str()),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (b, parse_seconds(i, "the increment").map_err(err)?),
            None => (rest, Duration::ZERO),
        };
        let base = positive_seconds(base, "the time").map_err(err)?;
        Ok(TimeControl::Periods {
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
    /// The form `--clock` reads, which for periods is also PGN's `TimeControl`: `40/600`,
    /// `600+5`, `600`, `move/10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Periods {
                moves,
                base,
                increment,
            } => {
                if let Some(m) = moves {
                    write!(f, "{m}/")?;
                }
                write!(f, "{}", secs_text(base))?;
                if !increment.is_zero() {
                    write!(f, "+{}", secs_text(increment))?;
                }
                Ok(())
            }
            TimeControl::PerMove(d) => write!(f, "move/{}", secs_text(d)),
        }
    }
}

impl TimeControl {
    /// Reads a CECP `level MPS BASE INC` (BASE in minutes or `min:sec`, INC in seconds; MPS 0 =
    /// the whole game).
    pub fn from_level(mps: &str, base: &str, inc: &str) -> Option<TimeControl> {
        let mps: u32 = mps.parse().ok()?;
        let base = match base.split_once(':') {
            Some(_) => parse_seconds(base, "").ok()?,
            None => Duration::from_secs_f64(
                base.parse::<f64>()
                    .ok()
                    .filter(|b| (0.0..1e6).contains(b))?
                    * 60.0,
            ),
        };
        let increment = parse_seconds(inc, "").ok()?;
        if base.is_zero() && increment.is_zero() {
            return None;
        }
        Some(TimeControl::Periods {
            moves: (mps > 0).then_some(mps),
            base,
            increment,
        })
    }

    /// The CECP command that sets this control: `level MPS BASE INC`, or `st SECONDS`.
    pub fn xboard_command(&self) -> String {
        match *self {
            TimeControl::Periods {
                moves,
                base,
                increment,
            } => {
                let secs = base.as_secs().max(1);
                let base = if secs.is_multiple_of(60) {
                    format!("{}", secs / 60)
                } else {
                    format!("{}:{:02}", secs / 60, secs % 60)
                };
                let inc = secs_text(increment);
                format!("level {} {base} {inc}", moves.unwrap_or(0))
            }
            TimeControl::PerMove(d) => format!("st {}", d.as_secs().max(1)),
        }
    }

    /// The time each side starts with.
    pub fn initial(&self) -> Duration {
        match *self {
            TimeControl::Periods { base, .. } => base,
            TimeControl::PerMove(d) => d,
        }
    }

    /// The time added after each move.
    pub fn increment(&self) -> Duration {
        match *self {
            TimeControl::Periods { increment, .. } => increment,
            TimeControl::PerMove(_) => Duration::ZERO,
        }
    }

    /// Moves a side must still make before its next period, after it has made `moves_made`.
    pub fn moves_to_go(&self, moves_made: u32) -> Option<u32> {
        match *self {
            TimeControl::Periods { moves, .. } => moves.map(|m| m - moves_made % m),
            TimeControl::PerMove(_) => Some(1),
        }
    }

    /// How long the machine may think about its next move with `remaining` on its clock, after
    /// `moves_made` moves: [`allot`], or the fixed time a move less 50 ms for the overhead.
    pub fn allot(&self, remaining: Duration, moves_made: u32) -> Duration {
        match *self {
            TimeControl::PerMove(d) => d.saturating_sub(SAFETY).max(FLOOR),
            TimeControl::Periods { increment, .. } => {
                allot(remaining, self.moves_to_go(moves_made), increment)
            }
        }
    }
}

/// Kept back from every allotment for the overhead of answering.
const SAFETY: Duration = Duration::from_millis(50);

/// The least time ever allotted.
const FLOOR: Duration = Duration::from_millis(10);

/// How long to think about one move, given the time left on the machine's clock.
///
/// The 1967 search goes to a fixed depth, so this is a ceiling, not a target: the search stops
/// there and plays the best move found so far. The share is the time left divided by the moves
/// to go (30 when the game is to be played out), twice that as a margin for hard moves, plus most
/// of the increment, and never more than a third of what is left, less 50 ms for the overhead.
pub fn allot(remaining: Duration, moves_to_go: Option<u32>, increment: Duration) -> Duration {
    let usable = remaining.saturating_sub(SAFETY);
    let mtg = moves_to_go.unwrap_or(30).clamp(1, 50);
    let share = usable / mtg * 2 + increment * 4 / 5;
    let ceiling = if mtg == 1 { usable } else { usable / 3 };
    share.min(ceiling.max(increment * 4 / 5)).max(FLOOR)
}

/// The chess clock of one game: each side's time left, and the moves it has made.
#[derive(Clone, Debug)]
pub struct Clock {
    /// The control it runs under.
    pub control: TimeControl,
    /// How far past its time a side may go before its flag falls.
    grace: Duration,
    remaining: [Duration; 2],
    moves_made: [u32; 2],
    fallen: Option<Color>,
    running: Option<(Color, Instant)>,
}

impl Clock {
    /// A clock set for the start of a game, where any time over is a fallen flag.
    pub fn new(control: TimeControl) -> Clock {
        Clock::with_grace(control, Duration::ZERO)
    }

    /// A clock that lets a side go `grace` past its time (the match runner measures round trips
    /// through pipes, which the engine cannot see).
    pub fn with_grace(control: TimeControl, grace: Duration) -> Clock {
        let t = control.initial();
        Clock {
            control,
            grace,
            remaining: [t, t],
            moves_made: [0, 0],
            fallen: None,
            running: None,
        }
    }

    /// Starts `color`'s clock (stopping the other's without charging it).
    pub fn start(&mut self, color: Color) {
        self.running = Some((color, Instant::now()));
    }

    /// Stops the running clock and charges its side for the move: returns the time used.
    pub fn stop(&mut self) -> Duration {
        let Some((color, since)) = self.running.take() else {
            return Duration::ZERO;
        };
        let used = since.elapsed();
        // A fallen flag is kept and read with `flag_fallen`.
        let _ = self.charge(color, used);
        used
    }

    /// Charges `used` for one move of `color`, then adds what the control adds after it: the
    /// increment, and at the end of a period the next period's time. `Err` with the overstep if
    /// the move ran more than the grace past the side's time: its flag has fallen.
    pub fn charge(&mut self, color: Color, used: Duration) -> Result<(), Duration> {
        let i = color.index();
        if !matches!(self.control, TimeControl::PerMove(_)) && used > self.remaining[i] + self.grace
        {
            let over = used - self.remaining[i];
            self.remaining[i] = Duration::ZERO;
            self.fallen = self.fallen.or(Some(color));
            return Err(over);
        }
        self.remaining[i] = self.remaining[i].saturating_sub(used);
        self.moves_made[i] += 1;
        match self.control {
            TimeControl::Periods {
                moves,
                base,
                increment,
            } => {
                self.remaining[i] += increment;
                if moves.is_some_and(|m| self.moves_made[i].is_multiple_of(m)) {
                    self.remaining[i] += base;
                }
            }
            TimeControl::PerMove(d) => self.remaining[i] = d,
        }
        Ok(())
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

    /// Whether `color` has lost on time.
    pub fn flag_fallen(&self, color: Color) -> bool {
        self.fallen == Some(color)
    }

    /// Moves `color` must still make before its next period, if the control has periods.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        self.control.moves_to_go(self.moves_made[color.index()])
    }

    /// The time `color` may think about its next move.
    pub fn allot(&self, color: Color) -> Duration {
        self.control
            .allot(self.remaining(color), self.moves_made[color.index()])
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

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn reads_every_form() {
        let periods = |moves, base, increment| TimeControl::Periods {
            moves,
            base,
            increment,
        };
        assert_eq!(tc(TOURNAMENT_1967), periods(Some(50), secs(7200), secs(0)));
        assert_eq!(tc("600+5"), periods(None, secs(600), secs(5)));
        assert_eq!(tc("10:00"), periods(None, secs(600), secs(0)));
        assert_eq!(tc("40/600+1"), periods(Some(40), secs(600), secs(1)));
        assert_eq!(
            tc(" 2.5+0.05 "),
            periods(None, Duration::from_millis(2500), Duration::from_millis(50))
        );
        assert_eq!(tc("move/2"), TimeControl::PerMove(secs(2)));
    }

    #[test]
    fn rejects_nonsense_with_the_reason_and_the_forms() {
        for (bad, why) in [
            ("", "it is empty"),
            ("abc", "the time 'abc' is not a number of seconds"),
            ("0/600", "moves per period '0' is not a number above 0"),
            ("40/0", "the time must be more than 0 seconds"),
            ("40/", "the time '' is not a number of seconds"),
            ("/60", "moves per period '' is not"),
            ("-5", "the time '-5' is out of range"),
            ("600+x", "the increment 'x' is not a number of seconds"),
            ("60+", "the increment '' is not"),
            ("40/60/2", "the time '60/2' is not"),
            ("nan", "the time 'nan' is out of range"),
            ("1:75", "has 75 seconds past the minute"),
            ("move/0", "the time a move must be more than 0 seconds"),
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
            assert!(e.contains("write MOVES/SECONDS"), "{bad}: {e}");
        }
    }

    #[test]
    fn writes_the_form_it_reads_and_the_cecp_command() {
        for text in ["40/600", "60+0.5", "300", "40/600+1", "move/2.5"] {
            assert_eq!(tc(text).to_string(), text);
        }
        assert_eq!(tc("60+0.5").xboard_command(), "level 0 1 0.5");
        assert_eq!(tc("40/90").xboard_command(), "level 40 1:30 0");
        assert_eq!(tc("0.5").xboard_command(), "level 0 0:01 0");
        assert_eq!(tc("move/10").xboard_command(), "st 10");
    }

    #[test]
    fn level_reads_minutes_seconds_and_keeps_the_increment() {
        assert_eq!(TimeControl::from_level("40", "5", "0"), Some(tc("40/300")));
        assert_eq!(TimeControl::from_level("0", "2:30", "1"), Some(tc("150+1")));
        assert_eq!(
            TimeControl::from_level("40", "5", "2"),
            Some(tc("40/300+2"))
        );
        assert_eq!(TimeControl::from_level("x", "5", "0"), None);
        assert_eq!(TimeControl::from_level("0", "0", "0"), None);
    }

    #[test]
    fn periods_add_the_increment_and_a_new_period_after_the_last_move() {
        let mut c = Clock::new(tc("2/10+1"));
        assert_eq!(c.moves_to_go(Color::White), Some(2));
        c.charge(Color::White, secs(3)).unwrap();
        assert_eq!(c.remaining(Color::White), secs(8));
        assert_eq!(c.moves_to_go(Color::White), Some(1));
        c.charge(Color::White, secs(3)).unwrap();
        assert_eq!(c.remaining(Color::White), secs(16));
        assert_eq!(c.moves_to_go(Color::White), Some(2));
        assert_eq!(c.remaining(Color::Black), secs(10));
    }

    #[test]
    fn the_flag_falls_past_the_grace_and_not_before() {
        let mut c = Clock::with_grace(tc("1"), secs(1));
        // 0.5 s over: within the grace, the clock stays at 0.
        assert_eq!(c.charge(Color::Black, Duration::from_millis(1500)), Ok(()));
        assert_eq!(c.remaining(Color::Black), Duration::ZERO);
        assert!(!c.flag_fallen(Color::Black));
        assert_eq!(
            c.charge(Color::Black, Duration::from_millis(1200)),
            Err(Duration::from_millis(1200))
        );
        assert!(c.flag_fallen(Color::Black));
        assert!(!c.flag_fallen(Color::White));
        let mut c = Clock::new(tc("1"));
        assert_eq!(
            c.charge(Color::White, Duration::from_millis(1001)),
            Err(Duration::from_millis(1))
        );
    }

    #[test]
    fn a_time_a_move_is_a_limit_not_a_flag() {
        let mut c = Clock::new(tc("move/2"));
        assert_eq!(c.charge(Color::White, secs(5)), Ok(()));
        assert_eq!(c.remaining(Color::White), secs(2));
        assert_eq!(c.allot(Color::White), Duration::from_millis(1950));
        assert_eq!(c.moves_to_go(Color::White), Some(1));
    }

    #[test]
    fn allot_is_twice_the_share_plus_most_of_the_increment_never_over_a_third() {
        assert_eq!(
            allot(secs(90), Some(40), Duration::ZERO),
            Duration::from_millis(89950) / 40 * 2
        );
        assert_eq!(
            allot(secs(60), None, Duration::from_millis(500)),
            Duration::from_millis(59950) / 30 * 2 + Duration::from_millis(400)
        );
        assert_eq!(
            allot(secs(9), Some(2), Duration::ZERO),
            Duration::from_millis(8950) / 3
        );
        assert_eq!(
            allot(secs(9), Some(1), Duration::ZERO),
            Duration::from_millis(8950)
        );
        // The increment alone may exceed a third of a nearly empty clock.
        assert_eq!(allot(secs(1), None, secs(10)), secs(8));
        let c = Clock::new(tc("40/600"));
        assert_eq!(
            c.allot(Color::Black),
            allot(secs(600), Some(40), Duration::ZERO)
        );
    }
}
