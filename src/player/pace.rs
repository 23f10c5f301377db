//! `--pace 1967`: the machine answers no sooner than the PDP-6 would have, its search's
//! 1967-equivalent time (PMG calls x 80 ms, paper §1), scaled by a factor (`1967x0.1`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The pace of the machine's replies: the 1967-equivalent time of each search times `factor`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pace {
    /// 1 plays at the PDP-6's speed, 0.1 ten times faster.
    pub factor: f64,
}

/// The smallest factor (`1967x0.001`).
pub const MIN_FACTOR: f64 = 0.001;
/// The largest factor (`1967x100`).
pub const MAX_FACTOR: f64 = 100.0;

impl Pace {
    /// How long the machine takes over a move whose search has the 1967-equivalent time
    /// `time_1967`.
    pub fn target(&self, time_1967: Duration) -> Duration {
        time_1967.mul_f64(self.factor)
    }
}

impl FromStr for Pace {
    type Err = String;

    /// `1967` or `1967xFACTOR`, the factor from 0.001 to 100.
    fn from_str(text: &str) -> Result<Pace, String> {
        let expected = "expected 1967 or 1967xFACTOR, the factor from 0.001 to 100 (1967x0.1 \
                        plays ten times faster than the PDP-6)";
        let t = text.trim().to_ascii_lowercase();
        let factor = match t.strip_prefix("1967") {
            Some("") => 1.0,
            Some(rest) => match rest.strip_prefix('x').map(str::parse::<f64>) {
                Some(Ok(f)) if (MIN_FACTOR..=MAX_FACTOR).contains(&f) => f,
                Some(Ok(_)) => {
                    return Err(format!(
                        "the factor in '{text}' is out of range: {expected}"
                    ));
                }
                _ => return Err(format!("'{text}' is not a pace: {expected}")),
            },
            None => return Err(format!("'{text}' is not a pace: {expected}")),
        };
        Ok(Pace { factor })
    }
}

impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.factor == 1.0 {
            write!(f, "1967")
        } else {
            write!(f, "1967x{}", self.factor)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pace_is_1967_with_an_optional_factor() {
        assert_eq!("1967".parse(), Ok(Pace { factor: 1.0 }));
        assert_eq!("1967x0.1".parse(), Ok(Pace { factor: 0.1 }));
        assert_eq!("1967X2".parse::<Pace>().unwrap().to_string(), "1967x2");
        assert_eq!(
            "1967x0".parse::<Pace>(),
            Err(
                "the factor in '1967x0' is out of range: expected 1967 or 1967xFACTOR, the \
                 factor from 0.001 to 100 (1967x0.1 plays ten times faster than the PDP-6)"
                    .into()
            )
        );
        assert!("1968".parse::<Pace>().is_err());
        assert!("1967x".parse::<Pace>().is_err());
        assert!("1967xnan".parse::<Pace>().is_err());
    }

    #[test]
    fn the_target_is_the_1967_time_scaled() {
        let pace = Pace { factor: 0.01 };
        assert_eq!(
            pace.target(Duration::from_millis(80 * 500)),
            Duration::from_millis(400)
        );
    }
}
