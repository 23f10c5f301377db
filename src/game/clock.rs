//! Time controls and the chess clock, for every place machack keeps time: the terminal game
//! (`--clock`), CECP's `level`/`st`/`time`/`otim`, UCI's `go` and the match runner (`--tc`). One
//! syntax, one control, one clock and one rule for how long the machine may think.
//!
//! Every clock value is read here, into whole milliseconds with checked arithmetic, and checked
//! against one range: a time is at most [`MAX_TIME`] (100 hours), moves per period at most
//! [`MAX_MOVES`]. A value out of range is refused with a message naming the field and the range,
//! never wrapped or clamped; whatever is accepted prints in a form that reads back to the same
//! value ([`TimeControl`]'s `Display`, [`TimeControl::xboard_command`]).
//!
//! The 1967 tournaments were played at 50 moves in 2 hours each (`50/7200`, paper §1); the
//! program played about twice as fast as that required.

use crate::notation::excerpt;
use crate::rules::Color;
use crate::time::Instant;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The longest time any clock value may be: 100 hours (a time control, an increment, a time a
/// move, a clock's time left).
pub const MAX_TIME: Duration = Duration::from_secs(100 * 3600);

/// The most moves a period may have (`MOVES/SECONDS`, CECP `level`, UCI `movestogo`).
pub const MAX_MOVES: u32 = 1000;

/// How a time is written where it is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Seconds with up to 3 decimals (`600`, `2.5`), or `mm:ss` (`10:00`): `--clock`, `--tc`,
    /// CECP `st` and `level`'s increment.
    Seconds,
    /// Minutes with up to 3 decimals (`5`, `0.5`), or `mm:ss`: CECP `level`'s base time.
    Minutes,
    /// Whole milliseconds: UCI.
    Millis,
    /// Whole centiseconds: CECP `time` and `otim`.
    Centis,
}

impl Unit {
    /// Milliseconds in one unit.
    fn millis(self) -> u64 {
        match self {
            Unit::Seconds => 1000,
            Unit::Minutes => 60_000,
            Unit::Millis => 1,
            Unit::Centis => 10,
        }
    }

    /// The unit's name in messages.
    fn name(self) -> &'static str {
        match self {
            Unit::Seconds => "seconds",
            Unit::Minutes => "minutes",
            Unit::Millis => "milliseconds",
            Unit::Centis => "centiseconds",
        }
    }

    /// What a value in this unit looks like, for messages.
    fn forms(self) -> &'static str {
        match self {
            Unit::Seconds => "a number of seconds (600, 2.5 or mm:ss)",
            Unit::Minutes => "a number of minutes (5, 0.5 or mm:ss)",
            Unit::Millis => "a whole number of milliseconds",
            Unit::Centis => "a whole number of centiseconds",
        }
    }

    /// The range of a time in this unit: `from 0 to 360000 seconds (100 hours)`.
    fn range(self, signed: bool) -> String {
        let max = MAX_TIME.as_millis() as u64 / self.millis();
        let hours = MAX_TIME.as_secs() / 3600;
        if signed {
            format!(
                "from -{max} to {max} {} ({hours} hours; a negative time counts as none left)",
                self.name()
            )
        } else {
            format!("from 0 to {max} {} ({hours} hours)", self.name())
        }
    }
}

/// Why a written time could not be read.
enum Problem {
    NotANumber,
    TooManyDecimals,
    PastTheMinute(u64),
    OutOfRange,
}

/// A run of decimal digits as a number; too many digits is out of range, anything else not a
/// number.
fn whole(s: &str) -> Result<u64, Problem> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Problem::NotANumber);
    }
    s.parse().map_err(|_| Problem::OutOfRange)
}

/// A time as written in `unit`, in milliseconds; no sign allowed.
fn millis(text: &str, unit: Unit) -> Result<u64, Problem> {
    if let Some(rest) = text.strip_prefix('-') {
        // A negative time reads as a number, and is out of range.
        return millis(rest, unit).and(Err(Problem::OutOfRange));
    }
    let per = unit.millis();
    if matches!(unit, Unit::Millis | Unit::Centis) {
        return whole(text)?.checked_mul(per).ok_or(Problem::OutOfRange);
    }
    if let Some((m, s)) = text.split_once(':') {
        let (m, s) = (whole(m)?, whole(s)?);
        if s >= 60 {
            return Err(Problem::PastTheMinute(s));
        }
        return m
            .checked_mul(60)
            .and_then(|t| t.checked_add(s))
            .and_then(|t| t.checked_mul(1000))
            .ok_or(Problem::OutOfRange);
    }
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    if int.is_empty() && frac.is_empty() {
        return Err(Problem::NotANumber);
    }
    let int = if int.is_empty() { 0 } else { whole(int)? };
    let frac = if frac.is_empty() {
        0
    } else {
        let f = whole(frac)?;
        if frac.len() > 3 {
            return Err(Problem::TooManyDecimals);
        }
        f * 10u64.pow(3 - frac.len() as u32)
    };
    // Thousandths of the unit, then milliseconds.
    int.checked_mul(1000)
        .and_then(|t| t.checked_add(frac))
        .and_then(|t| t.checked_mul(per / 1000))
        .ok_or(Problem::OutOfRange)
}

/// A time as written in `unit`, from 0 to [`MAX_TIME`].
fn read(text: &str, unit: Unit) -> Result<Duration, Problem> {
    let ms = millis(text, unit)?;
    if ms > MAX_TIME.as_millis() as u64 {
        return Err(Problem::OutOfRange);
    }
    Ok(Duration::from_millis(ms))
}

/// The message for a time `field` written as `text` that could not be read.
fn explain(field: &str, text: &str, unit: Unit, problem: Problem, signed: bool) -> String {
    let text = excerpt(text);
    match problem {
        Problem::NotANumber => format!("{field} '{text}' is not {}", unit.forms()),
        Problem::TooManyDecimals => format!(
            "{field} '{text}' has more than 3 decimals (the clock counts to the millisecond)"
        ),
        Problem::PastTheMinute(s) => format!("{field} '{text}' has {s} seconds past the minute"),
        Problem::OutOfRange => format!("{field} '{text}' is out of range: {}", unit.range(signed)),
    }
}

/// Reads the time `field` written as `text` in `unit`: from 0 to [`MAX_TIME`]. The error names
/// the field and says what would be right.
pub fn time(text: &str, field: &str, unit: Unit) -> Result<Duration, String> {
    let t = text.trim();
    read(t, unit).map_err(|p| explain(field, t, unit, p, false))
}

/// Reads a time that must be more than zero (a control's time, a time a move).
pub fn positive_time(text: &str, field: &str, unit: Unit) -> Result<Duration, String> {
    let d = time(text, field, unit)?;
    if d.is_zero() {
        return Err(format!("{field} must be more than 0 {}", unit.name()));
    }
    Ok(d)
}

/// Reads a side's time left as a protocol reports it (UCI `wtime`/`btime`, CECP `time`/`otim`):
/// an interface may report a time below zero once a flag has fallen, which counts as none left.
pub fn time_left(text: &str, field: &str, unit: Unit) -> Result<Duration, String> {
    let t = text.trim();
    let (negative, magnitude) = t.strip_prefix('-').map_or((false, t), |m| (true, m));
    match read(magnitude, unit) {
        Ok(_) if negative => Ok(Duration::ZERO),
        Ok(d) => Ok(d),
        Err(p) => Err(explain(field, t, unit, p, true)),
    }
}

/// Reads a number of moves `field`: a whole number from `least` to [`MAX_MOVES`].
pub fn moves(text: &str, field: &str, least: u32) -> Result<u32, String> {
    let t = text.trim();
    match whole(t) {
        Ok(n) if (u64::from(least)..=u64::from(MAX_MOVES)).contains(&n) => Ok(n as u32),
        _ => Err(format!(
            "{field} '{}' is not a whole number from {least} to {MAX_MOVES}",
            excerpt(t)
        )),
    }
}

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

impl Default for TimeControl {
    /// [`DEFAULT_CLOCK`].
    fn default() -> TimeControl {
        TimeControl::Periods {
            moves: Some(40),
            base: Duration::from_secs(600),
            increment: Duration::ZERO,
        }
    }
}

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
            excerpt(&self.text),
            self.why
        )
    }
}

impl std::error::Error for ClockSpecError {}

/// Reads a clock specification (`--clock`, `--tc`): `50/7200`, `600+5`, `600`, `40/600+1`,
/// `10:00+2` or `move/10`.
pub fn parse(text: &str) -> Result<TimeControl, ClockSpecError> {
    let err = |why: String| ClockSpecError {
        text: text.to_string(),
        why,
    };
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Err(err("it is empty".into()));
    }
    if let Some(secs) = t.strip_prefix("move/") {
        return Ok(TimeControl::PerMove(
            positive_time(secs, "the time a move", Unit::Seconds).map_err(err)?,
        ));
    }
    let (moves, rest) = match t.split_once('/') {
        Some((m, rest)) => (Some(moves(m, "moves per period", 1).map_err(err)?), rest),
        None => (None, t.as_str()),
    };
    let (base, increment) = match rest.split_once('+') {
        Some((b, i)) => (b, time(i, "the increment", Unit::Seconds).map_err(err)?),
        None => (rest, Duration::ZERO),
    };
    let base = positive_time(base, "the time", Unit::Seconds).map_err(err)?;
    Ok(TimeControl::Periods {
        moves,
        base,
        increment,
    })
}

impl FromStr for TimeControl {
    type Err = ClockSpecError;

    /// As [`parse`].
    fn from_str(s: &str) -> Result<TimeControl, ClockSpecError> {
        parse(s)
    }
}

/// Milliseconds as a decimal of `unit_ms`, as short as it can be written exactly: `60`, `0.5`,
/// `0.008`. Exact only when `d` is a whole number of thousandths of the unit.
fn decimal(d: Duration, unit_ms: u128) -> String {
    let thousandths = d.as_millis() * 1000 / unit_ms;
    let (int, frac) = (thousandths / 1000, thousandths % 1000);
    if frac == 0 {
        format!("{int}")
    } else {
        format!("{int}.{frac:03}").trim_end_matches('0').to_string()
    }
}

/// Seconds as short as they can be written exactly: `60`, `0.5`.
fn secs_text(d: Duration) -> String {
    decimal(d, 1000)
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
    /// Reads a CECP `level MPS BASE INC`: MPS moves per period (0 = the whole game), BASE in
    /// minutes or `min:sec`, INC in seconds. The error names the field and its range.
    pub fn from_level(mps: &str, base: &str, inc: &str) -> Result<TimeControl, String> {
        let mps = moves(mps, "moves per period", 0)?;
        let base = positive_time(base, "the base time", Unit::Minutes)?;
        let increment = time(inc, "the increment", Unit::Seconds)?;
        Ok(TimeControl::Periods {
            moves: (mps > 0).then_some(mps),
            base,
            increment,
        })
    }

    /// The CECP command that sets this control: `level MPS BASE INC`, or `st SECONDS`. A base
    /// CECP cannot write (not whole seconds nor thousandths of a minute: `--tc 0.5`) is rounded
    /// up to the second.
    pub fn xboard_command(&self) -> String {
        match *self {
            TimeControl::Periods {
                moves,
                base,
                increment,
            } => {
                let ms = base.as_millis();
                let base = if ms % 1000 == 0 || ms % 60 != 0 {
                    let secs = ms.div_ceil(1000);
                    if secs % 60 == 0 {
                        format!("{}", secs / 60)
                    } else {
                        format!("{}:{:02}", secs / 60, secs % 60)
                    }
                } else {
                    decimal(base, 60_000)
                };
                let inc = secs_text(increment);
                format!("level {} {base} {inc}", moves.unwrap_or(0))
            }
            TimeControl::PerMove(d) => format!("st {}", secs_text(d)),
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
    /// `moves_made` moves: [`allot`], or the fixed time a move less a tenth of it, at most 50 ms,
    /// for the overhead of answering (`move/2`: 1.95 s; UCI `go movetime 5`: 4.5 ms, since
    /// answering through a pipe takes a tenth of a millisecond and the search looks at the time
    /// every 256 nodes, under a millisecond; no floor, which would overstep a short time).
    pub fn allot(&self, remaining: Duration, moves_made: u32) -> Duration {
        match *self {
            TimeControl::PerMove(d) => d.saturating_sub(SAFETY.min(d / SAFETY_SHARE)),
            TimeControl::Periods { increment, .. } => {
                allot(remaining, self.moves_to_go(moves_made), increment)
            }
        }
    }
}

/// Kept back from every allotment for the overhead of answering: at least this ...
const SAFETY: Duration = Duration::from_millis(50);

/// ... and at least this share of the time left (a tenth), for a machine slowed by other work.
const SAFETY_SHARE: u32 = 10;

/// The least time allotted while the clock has it to give.
const FLOOR: Duration = Duration::from_millis(10);

/// How long to think about one move, given the time left on the machine's clock.
///
/// The 1967 search goes to a fixed depth, so this is a ceiling, not a target: the search stops
/// there and plays the best move found so far. The share is the time left divided by the moves
/// to go (30 when the game is to be played out), twice that as a margin for hard moves, plus most
/// of the increment; never more than a third of what is left, unless the increment gives more,
/// and never more than the time left less a safety margin (a tenth of it, at least 50 ms),
/// whatever the increment: the increment comes only after the move.
pub fn allot(remaining: Duration, moves_to_go: Option<u32>, increment: Duration) -> Duration {
    let margin = SAFETY.max(remaining / SAFETY_SHARE);
    let usable = remaining.saturating_sub(margin);
    let mtg = moves_to_go.unwrap_or(30).clamp(1, 50);
    let bonus = increment.saturating_mul(4) / 5;
    let share = (usable / mtg).saturating_mul(2).saturating_add(bonus);
    let ceiling = if mtg == 1 {
        usable
    } else {
        (usable / 3).max(bonus).min(usable)
    };
    share.min(ceiling).max(FLOOR.min(usable))
}

/// The chess clock of one game: each side's time left, and the moves it has made.
#[derive(Clone, Debug)]
pub struct Clock {
    /// The control it runs under.
    pub control: TimeControl,
    /// How far past its time a side may go before its flag falls.
    grace: Duration,
    remaining: [Duration; 2],
    /// What each side's clock has run in the game: its moves, and time spent otherwise
    /// ([`Clock::spend`]).
    used: [Duration; 2],
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
            used: [Duration::ZERO; 2],
            moves_made: [0, 0],
            fallen: None,
            running: None,
        }
    }

    /// Starts `color`'s clock. A clock that runs already (moves taken back while it ran) is
    /// stopped first, what it ran spent ([`Clock::spend`]): no time is given back.
    pub fn start(&mut self, color: Color) {
        if let Some((running, since)) = self.running.take() {
            self.spend(running, since.elapsed());
        }
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
        self.used[i] = self.used[i].saturating_add(used);
        if self.allowed(color).is_some_and(|allowed| used > allowed) {
            let over = used - self.remaining[i];
            self.remaining[i] = Duration::ZERO;
            self.fallen = self.fallen.or(Some(color));
            return Err(over);
        }
        self.remaining[i] = self.remaining[i].saturating_sub(used);
        self.moves_made[i] = self.moves_made[i].saturating_add(1);
        match self.control {
            TimeControl::Periods {
                moves,
                base,
                increment,
            } => {
                self.remaining[i] = self.remaining[i].saturating_add(increment);
                if moves.is_some_and(|m| self.moves_made[i].is_multiple_of(m)) {
                    self.remaining[i] = self.remaining[i].saturating_add(base);
                }
            }
            TimeControl::PerMove(d) => self.remaining[i] = d,
        }
        Ok(())
    }

    /// Charges `color` with `d` spent outside any move it made (a resumed game's time on moves
    /// taken back, and on the move under way when it was left): its time left goes down, as
    /// under a time for each move that move's time, and no move is counted.
    pub fn spend(&mut self, color: Color, d: Duration) {
        let i = color.index();
        self.used[i] = self.used[i].saturating_add(d);
        self.remaining[i] = self.remaining[i].saturating_sub(d);
    }

    /// What `color`'s clock has run in the game so far, the move under way included.
    pub fn used(&self, color: Color) -> Duration {
        let run = match self.running {
            Some((c, since)) if c == color => since.elapsed(),
            _ => Duration::ZERO,
        };
        self.used[color.index()].saturating_add(run)
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

    /// The side whose clock runs, if one does.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// How long until the flag of the side whose clock runs falls (its time and the grace),
    /// if a clock runs under a control with a flag (a limit per move has none).
    pub fn flag_in(&self) -> Option<Duration> {
        let (c, since) = self.running?;
        Some(self.allowed(c)?.saturating_sub(since.elapsed()))
    }

    /// The flag of the side whose clock runs, fallen now that its time is over: its clock is
    /// stopped and charged, and the side returned; None while its time lasts. A live clock
    /// calls it as time passes, so that a flag falls on time, not at the next move.
    pub fn flag_falls(&mut self) -> Option<Color> {
        let (c, since) = self.running?;
        if since.elapsed() <= self.allowed(c)? {
            return None;
        }
        self.stop();
        self.flag_fallen(c).then_some(c)
    }

    /// How long `color` may use before its flag falls: its time and the grace; None under a
    /// limit per move, which has no flag.
    fn allowed(&self, color: Color) -> Option<Duration> {
        match self.control {
            TimeControl::PerMove(_) => None,
            TimeControl::Periods { .. } => {
                Some(self.remaining[color.index()].saturating_add(self.grace))
            }
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
    use chacha20::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn ms(m: u64) -> Duration {
        Duration::from_millis(m)
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
        assert_eq!(tc(" 2.5+0.05 "), periods(None, ms(2500), ms(50)));
        assert_eq!(tc(".5+1."), periods(None, ms(500), secs(1)));
        assert_eq!(tc("move/2"), TimeControl::PerMove(secs(2)));
        assert_eq!(tc(DEFAULT_CLOCK), TimeControl::default());
        assert_eq!(
            tc("1000/360000+360000"),
            periods(Some(1000), MAX_TIME, MAX_TIME)
        );
        assert_eq!(tc("6000:00"), periods(None, MAX_TIME, secs(0)));
    }

    #[test]
    fn rejects_nonsense_with_the_field_and_what_would_be_right() {
        for (bad, why) in [
            ("", "it is empty"),
            (
                "abc",
                "the time 'abc' is not a number of seconds (600, 2.5 or mm:ss)",
            ),
            (
                "0/600",
                "moves per period '0' is not a whole number from 1 to 1000",
            ),
            (
                "1001/600",
                "moves per period '1001' is not a whole number from 1 to 1000",
            ),
            ("40/0", "the time must be more than 0 seconds"),
            ("40/", "the time '' is not a number of seconds"),
            ("/60", "moves per period '' is not"),
            (
                "-5",
                "the time '-5' is out of range: from 0 to 360000 seconds (100 hours)",
            ),
            ("600+x", "the increment 'x' is not a number of seconds"),
            ("60+", "the increment '' is not"),
            ("40/60/2", "the time '60/2' is not"),
            ("nan", "the time 'nan' is not a number"),
            ("inf", "the time 'inf' is not a number"),
            ("1e3", "the time '1e3' is not a number"),
            ("1:75", "the time '1:75' has 75 seconds past the minute"),
            ("1:", "the time '1:' is not a number"),
            ("0.0005", "the time '0.0005' has more than 3 decimals"),
            ("move/0", "the time a move must be more than 0 seconds"),
            ("move/360001", "the time a move '360001' is out of range"),
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
            assert!(e.contains("write MOVES/SECONDS"), "{bad}: {e}");
        }
    }

    /// The inputs of issue 13 that panicked, wrapped or could not be read back.
    #[test]
    fn huge_values_are_refused_not_wrapped() {
        let range = "is out of range: from 0 to 360000 seconds (100 hours)";
        for (bad, field) in [
            (
                "600+100000000000000000:00",
                "the increment '100000000000000000:00'",
            ),
            (
                "60+100000000000000000:00",
                "the increment '100000000000000000:00'",
            ),
            ("307445734561825861:0", "the time '307445734561825861:0'"),
            ("1000000:00", "the time '1000000:00'"),
            (
                "99999999999999999999999",
                "the time '99999999999999999999999'",
            ),
            ("360000.001", "the time '360000.001'"),
            (
                "move/18446744073709551616",
                "the time a move '18446744073709551616'",
            ),
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(e.contains(&format!("{field} {range}")), "{bad}: {e}");
        }
    }

    /// A random time from `least` ms: small most of the time, anything up to [`MAX_TIME`] some
    /// of the time.
    fn random_time(rng: &mut ChaCha8Rng, least: u64) -> Duration {
        let top = if rng.random_bool(0.7) {
            100_000
        } else {
            MAX_TIME.as_millis() as u64
        };
        ms(rng.random_range(least..=top))
    }

    /// A random control within the ranges, its times in whole milliseconds.
    fn random_control(rng: &mut ChaCha8Rng) -> TimeControl {
        if rng.random_bool(0.2) {
            return TimeControl::PerMove(random_time(rng, 1));
        }
        let base = random_time(rng, 1);
        let increment = if rng.random_bool(0.5) {
            Duration::ZERO
        } else {
            random_time(rng, 0)
        };
        let moves = rng
            .random_bool(0.5)
            .then(|| rng.random_range(1..=MAX_MOVES));
        TimeControl::Periods {
            moves,
            base,
            increment,
        }
    }

    #[test]
    fn every_control_prints_in_a_form_that_reads_back() {
        let mut rng = ChaCha8Rng::seed_from_u64(1967);
        for _ in 0..20_000 {
            let c = random_control(&mut rng);
            let text = c.to_string();
            assert_eq!(parse(&text), Ok(c), "{text}");
        }
        for text in [
            "40/600",
            "60+0.5",
            "300",
            "40/600+1",
            "move/2.5",
            "0.001+0.001",
        ] {
            assert_eq!(tc(text).to_string(), text);
        }
    }

    #[test]
    fn every_cecp_control_prints_a_command_that_reads_back() {
        let mut rng = ChaCha8Rng::seed_from_u64(1968);
        let level = |cmd: &str| -> TimeControl {
            let w: Vec<&str> = cmd.split_whitespace().collect();
            match w.as_slice() {
                ["level", m, b, i] => TimeControl::from_level(m, b, i).unwrap(),
                ["st", s] => TimeControl::PerMove(positive_time(s, "st", Unit::Seconds).unwrap()),
                _ => panic!("{cmd}"),
            }
        };
        for _ in 0..20_000 {
            let mut c = random_control(&mut rng);
            // CECP writes a base in whole seconds or thousandths of a minute (60 ms).
            if let TimeControl::Periods { base, .. } = &mut c {
                *base = if rng.random_bool(0.5) {
                    secs(base.as_secs().max(1))
                } else {
                    ms((base.as_millis() as u64 / 60).max(1) * 60)
                };
            }
            let cmd = c.xboard_command();
            assert_eq!(level(&cmd), c, "{cmd}");
        }
        assert_eq!(tc("60+0.5").xboard_command(), "level 0 1 0.5");
        assert_eq!(tc("40/90").xboard_command(), "level 40 1:30 0");
        assert_eq!(tc("0.06").xboard_command(), "level 0 0.001 0");
        assert_eq!(tc("move/10").xboard_command(), "st 10");
        // A base CECP cannot write is rounded up to the second.
        assert_eq!(tc("0.5").xboard_command(), "level 0 0:01 0");
    }

    #[test]
    fn level_reads_minutes_seconds_and_keeps_the_increment() {
        assert_eq!(TimeControl::from_level("40", "5", "0"), Ok(tc("40/300")));
        assert_eq!(TimeControl::from_level("0", "2:30", "1"), Ok(tc("150+1")));
        assert_eq!(TimeControl::from_level("40", "5", "2"), Ok(tc("40/300+2")));
        assert_eq!(TimeControl::from_level("0", "0.5", "0"), Ok(tc("30")));
        for ((m, b, i), why) in [
            (
                ("x", "5", "0"),
                "moves per period 'x' is not a whole number from 0 to 1000",
            ),
            (("0", "0", "0"), "the base time must be more than 0 minutes"),
            (("0", "0", "5"), "the base time must be more than 0 minutes"),
            (
                ("40", "5", "100000000000000000:00"),
                "the increment '100000000000000000:00' is out of range: from 0 to 360000 seconds \
                 (100 hours)",
            ),
            (
                ("40", "6001", "0"),
                "the base time '6001' is out of range: from 0 to 6000 minutes (100 hours)",
            ),
            (
                ("40", "5", "-1"),
                "the increment '-1' is out of range: from 0 to 360000 seconds (100 hours)",
            ),
        ] {
            assert_eq!(TimeControl::from_level(m, b, i).unwrap_err(), why);
        }
    }

    #[test]
    fn a_protocol_time_left_may_be_negative_but_not_huge() {
        assert_eq!(time_left("12345", "time", Unit::Centis), Ok(ms(123_450)));
        assert_eq!(time_left("-300", "time", Unit::Centis), Ok(Duration::ZERO));
        assert_eq!(time_left("0", "wtime", Unit::Millis), Ok(Duration::ZERO));
        assert_eq!(
            time_left("1844674407370955162", "time", Unit::Centis).unwrap_err(),
            "time '1844674407370955162' is out of range: from -36000000 to 36000000 \
             centiseconds (100 hours; a negative time counts as none left)"
        );
        assert_eq!(
            time_left("-99999999999", "wtime", Unit::Millis).unwrap_err(),
            "wtime '-99999999999' is out of range: from -360000000 to 360000000 \
             milliseconds (100 hours; a negative time counts as none left)"
        );
        assert_eq!(
            time_left("1.5", "otim", Unit::Centis).unwrap_err(),
            "otim '1.5' is not a whole number of centiseconds"
        );
        assert_eq!(
            time("-1", "winc", Unit::Millis).unwrap_err(),
            "winc '-1' is out of range: from 0 to 360000000 milliseconds (100 hours)"
        );
        assert_eq!(
            moves("0", "movestogo", 1).unwrap_err(),
            "movestogo '0' is not a whole number from 1 to 1000"
        );
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
        assert_eq!(c.charge(Color::Black, ms(1500)), Ok(()));
        assert_eq!(c.remaining(Color::Black), Duration::ZERO);
        assert!(!c.flag_fallen(Color::Black));
        assert_eq!(c.charge(Color::Black, ms(1200)), Err(ms(1200)));
        assert!(c.flag_fallen(Color::Black));
        assert!(!c.flag_fallen(Color::White));
        let mut c = Clock::new(tc("1"));
        assert_eq!(c.charge(Color::White, ms(1001)), Err(ms(1)));
    }

    #[test]
    fn a_time_a_move_is_a_limit_not_a_flag() {
        let mut c = Clock::new(tc("move/2"));
        assert_eq!(c.charge(Color::White, secs(5)), Ok(()));
        assert_eq!(c.remaining(Color::White), secs(2));
        assert_eq!(c.allot(Color::White), ms(1950));
        assert_eq!(c.moves_to_go(Color::White), Some(1));
        // A short time keeps a tenth back, not 50 ms, and is never raised to a floor: UCI's
        // `go movetime 1` to `10` took 10.7-12 ms when this was the time less 50 ms, at least 10.
        assert_eq!(tc("move/0.1").allot(ms(100), 0), ms(90));
        assert_eq!(
            tc("move/0.005").allot(ms(5), 0),
            Duration::from_micros(4500)
        );
        let one = TimeControl::PerMove(ms(1));
        assert_eq!(one.allot(ms(1), 0), Duration::from_micros(900));
    }

    #[test]
    fn allot_is_twice_the_share_plus_most_of_the_increment_never_over_a_third() {
        // 90 s left: a tenth (9 s) kept back.
        assert_eq!(allot(secs(90), Some(40), Duration::ZERO), secs(81) / 40 * 2);
        assert_eq!(allot(secs(60), None, ms(500)), secs(54) / 30 * 2 + ms(400));
        assert_eq!(allot(ms(9000), Some(2), Duration::ZERO), ms(8100) / 3);
        // The last move before the control may use all but the margin.
        assert_eq!(allot(secs(9), Some(1), Duration::ZERO), ms(8100));
        // Under half a second the margin is 50 ms.
        assert_eq!(allot(ms(300), Some(1), Duration::ZERO), ms(250));
        let c = Clock::new(tc("40/600"));
        assert_eq!(
            c.allot(Color::Black),
            allot(secs(600), Some(40), Duration::ZERO)
        );
    }

    /// Issue 13: with 1 s left and a 10 s increment the machine thought 8 s and lost on time.
    #[test]
    fn the_increment_never_lets_the_allotment_exceed_the_time_left() {
        assert_eq!(allot(secs(1), None, secs(10)), ms(900));
        // The increment may go past a third of what is left, not past the margin.
        assert_eq!(allot(secs(12), None, secs(10)), secs(8));
        assert_eq!(allot(ms(40), None, secs(10)), Duration::ZERO);
        assert_eq!(allot(Duration::ZERO, Some(1), MAX_TIME), Duration::ZERO);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..100_000 {
            let left = ms(rng.random_range(0..=600_000));
            let inc = ms(rng.random_range(0..=MAX_TIME.as_millis() as u64));
            let mtg = rng
                .random_bool(0.5)
                .then(|| rng.random_range(1..=MAX_MOVES));
            let a = allot(left, mtg, inc);
            let margin = SAFETY.max(left / 10);
            assert!(
                a + margin <= left || a.is_zero(),
                "{left:?} {mtg:?} {inc:?}: {a:?}"
            );
        }
    }

    #[test]
    fn time_run_outside_a_move_is_spent_and_never_given_back() {
        let mut c = Clock::new(tc("40/600"));
        c.start(Color::White);
        std::thread::sleep(ms(30));
        // Moves taken back: White's clock starts again, what it ran kept.
        c.start(Color::White);
        assert!(c.used(Color::White) >= ms(30));
        assert!(c.remaining(Color::White) <= Duration::from_secs(600) - ms(30));
        assert_eq!(c.moves_to_go(Color::White), Some(40));
        c.spend(Color::Black, Duration::from_secs(5));
        assert_eq!(
            (c.remaining(Color::Black), c.used(Color::Black)),
            (Duration::from_secs(595), Duration::from_secs(5))
        );
        assert_eq!(c.moves_to_go(Color::Black), Some(40));
        c.stop();
        let _ = c.charge(Color::Black, Duration::from_secs(2));
        assert_eq!(c.used(Color::Black), Duration::from_secs(7));
    }

    #[test]
    fn a_running_flag_falls_when_its_time_is_over_not_before() {
        let mut c = Clock::new(tc("0.2"));
        c.start(Color::White);
        assert_eq!(c.running(), Some(Color::White));
        assert!(c.flag_in().unwrap() <= ms(200));
        assert_eq!(c.flag_falls(), None, "time left");
        std::thread::sleep(ms(250));
        assert_eq!(c.flag_in(), Some(Duration::ZERO));
        assert_eq!(c.flag_falls(), Some(Color::White));
        assert!(c.flag_fallen(Color::White));
        assert_eq!(
            (c.running(), c.remaining(Color::White)),
            (None, Duration::ZERO)
        );
        // A limit per move has no flag.
        let mut c = Clock::new(tc("move/0.1"));
        c.start(Color::Black);
        std::thread::sleep(ms(150));
        assert_eq!((c.flag_in(), c.flag_falls()), (None, None));
    }
}
