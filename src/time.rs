//! The clock every search and clock of the library reads: [`Instant`], the moment a search
//! began or a clock was started, and [`since_unix_epoch`], the date a record is dated by.
//!
//! Natively these are the standard library's (`std::time::Instant`, `SystemTime`). In a
//! browser (`wasm32-unknown-unknown`) the standard library has no clock (`Instant::now()`
//! panics there): [`Instant`] is then a time of the same interface read from the clock the
//! embedder gives with `set_clock` (`web/engine` gives the page's `performance.now()`,
//! milliseconds since it opened, through its import `env.machack_now_ms`; see `doc/web.md`), and
//! there is no date ([`since_unix_epoch`] is `None`: the page dates its records itself). The
//! library itself declares no import: no `extern` block and no `unsafe` here.
//!
//! Read where the searches have always read the time (when they start, every
//! `LIMIT_CHECK_NODES` nodes for a time limit, when they report progress): never once a node.

use std::time::Duration;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use page::{Instant, set_clock};

/// The time since 1970-01-01 00:00 UTC, where the target has a calendar clock.
pub fn since_unix_epoch() -> Option<Duration> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        None
    }
}

/// The browser's clock: an `Instant` over the page's `performance.now()`.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod page {
    use std::ops::{Add, AddAssign, Sub, SubAssign};
    use std::sync::OnceLock;
    use std::time::Duration;

    /// The clock [`set_clock`] gave.
    static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

    /// Gives the library its clock in a browser: `now_ms` returns milliseconds since some fixed
    /// moment, never decreasing (the page's `performance.now()`). The first clock given stays.
    /// Until one is given, time stands still: a search's time limit is never reached.
    pub fn set_clock(now_ms: fn() -> f64) {
        let _ = CLOCK.set(now_ms);
    }

    /// A moment, as the time since the page's fixed moment.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        /// Now, as the page's clock says.
        pub fn now() -> Instant {
            let ms = CLOCK.get().map_or(0.0, |now_ms| now_ms());
            let ms = if ms.is_finite() && ms > 0.0 { ms } else { 0.0 };
            Instant(Duration::from_secs_f64(ms / 1000.0))
        }

        /// The time from `earlier` to this moment (zero if `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        /// As [`Instant::duration_since`].
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.duration_since(earlier)
        }

        /// The time from `earlier` to this moment, if `earlier` is not later.
        pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
            self.0.checked_sub(earlier.0)
        }

        /// The time since this moment.
        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }

        /// This moment `d` later, if it can be held.
        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }

        /// This moment `d` earlier, if it can be held.
        pub fn checked_sub(&self, d: Duration) -> Option<Instant> {
            self.0.checked_sub(d).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d)
        }
    }

    impl AddAssign<Duration> for Instant {
        fn add_assign(&mut self, d: Duration) {
            self.0 += d;
        }
    }

    impl Sub<Duration> for Instant {
        type Output = Instant;
        fn sub(self, d: Duration) -> Instant {
            Instant(self.0.saturating_sub(d))
        }
    }

    impl SubAssign<Duration> for Instant {
        fn sub_assign(&mut self, d: Duration) {
            self.0 = self.0.saturating_sub(d);
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, other: Instant) -> Duration {
            self.duration_since(other)
        }
    }
}
