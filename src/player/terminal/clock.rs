//! The chess clock as the session runs it: charged with a resumed record's times, stopped for
//! the side that moved, its flag watched (a flag that falls ends the game on time, recorded).

use super::Session;
use crate::game::Ending;
use crate::game::clock::{self, TimeControl};
use crate::game::record;
use crate::rules::Color;
use std::io::Write;
use std::time::Duration;

impl<W: Write> Session<W> {
    /// Charges the clock with the times recorded in a resumed game: each move's, then what
    /// else each side's clock had run (moves taken back, the move under way when the game was
    /// left: the record's [`record::CLOCK_TAG`]), so that the clocks read as they were left.
    /// Under a time for each move the time under way is not carried: each move has its own.
    pub(super) fn restore_clock(&mut self) {
        let moves: Vec<(Color, f64)> = {
            let mut c = self.game.start().side_to_move();
            self.game
                .moves()
                .iter()
                .map(|m| {
                    let r = (c, m.seconds.unwrap_or(0.0));
                    c = !c;
                    r
                })
                .collect()
        };
        for (c, s) in moves {
            // A flag that fell in the record stays fallen; `stop_clock` reads it.
            let used = Duration::try_from_secs_f64(s).unwrap_or(Duration::ZERO);
            let _ = self.clock.charge(c, used);
        }
        let kept = record::read_setup(&self.recording.tags)
            .ok()
            .and_then(|s| s.clock_used);
        if let (Some(kept), TimeControl::Periods { .. }) = (kept, self.clock.control) {
            for c in [Color::White, Color::Black] {
                let more = kept[c.index()].saturating_sub(self.clock.used(c));
                self.clock.spend(c, more);
            }
        }
    }

    /// `CLOCK` (`TIME`): both clocks, the one running marked, and the control:
    /// `CLOCKS: WHITE 0:08:49 (RUNNING)  BLACK 0:09:12  (CONTROL 600)`.
    pub(super) fn clocks_line(&self) -> String {
        let side = |c: Color| {
            let left = clock::hms(self.clock.remaining(c));
            if self.clock.running() == Some(c) {
                format!("{left} (RUNNING)")
            } else {
                left
            }
        };
        format!(
            "CLOCKS: WHITE {}  BLACK {}  (CONTROL {})",
            side(Color::White),
            side(Color::Black),
            self.clock.control.to_string().to_uppercase()
        )
    }

    /// Stops the clock for the side that just moved: the seconds it used, and whether its flag fell.
    pub(super) fn stop_clock(&mut self, mover: Color) -> f64 {
        let used = self.clock.stop();
        if self.clock.flag_fallen(mover) {
            self.game.ending = Some(Ending::Time(mover));
        }
        used.as_secs_f64()
    }

    /// The flag of the side whose clock runs, fallen if its time is over: the game is then over
    /// on time, recorded, and announced by the loop ([`Self::play`]). True if it fell now.
    pub(super) fn check_flag(&mut self) -> bool {
        if self.game.ending.is_some() {
            return false;
        }
        let Some(side) = self.clock.flag_falls() else {
            return false;
        };
        self.game.ending = Some(Ending::Time(side));
        self.save_record();
        true
    }
}
