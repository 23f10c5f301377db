//! The Elo difference a match score implies, with a 95% interval from the trinomial variance of
//! the per-game score (wins, draws, losses).

/// A match result from machack's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games machack won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games machack lost.
    pub losses: u32,
}

/// An Elo estimate: the point value and the 95% interval (`None` ends mean unbounded, at a 0% or
/// 100% score).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The difference machack − opponent.
    pub elo: Option<f64>,
    /// The lower end of the 95% interval.
    pub low: Option<f64>,
    /// The upper end of the 95% interval.
    pub high: Option<f64>,
}

impl Tally {
    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The Elo difference and its 95% interval.
    pub fn elo(&self) -> EloEstimate {
        let n = self.games() as f64;
        if n == 0.0 {
            return EloEstimate {
                elo: None,
                low: None,
                high: None,
            };
        }
        let p = self.points() / n;
        let var = (self.wins as f64 * (1.0 - p).powi(2)
            + self.draws as f64 * (0.5 - p).powi(2)
            + self.losses as f64 * p.powi(2))
            / n;
        // At a 0% or 100% score the variance is 0; the exact one-sided 95% bound on the score
        // instead: with no points in n games, p ≤ 1 − 0.05^(1/n) (and symmetrically for all points).
        let sweep = 1.0 - 0.05f64.powf(1.0 / n);
        if self.points() == 0.0 {
            return EloEstimate {
                elo: None,
                low: None,
                high: elo_of(sweep),
            };
        }
        if self.points() == n {
            return EloEstimate {
                elo: None,
                low: elo_of(1.0 - sweep),
                high: None,
            };
        }
        let margin = 1.96 * (var / n).sqrt();
        EloEstimate {
            elo: elo_of(p),
            low: elo_of(p - margin),
            high: elo_of(p + margin),
        }
    }
}

/// The Elo difference of an expected score `p`, `None` outside (0, 1).
pub fn elo_of(p: f64) -> Option<f64> {
    // `+ 0.0` turns the -0.0 of an even score into 0.0, so it prints as +0.
    (p > 0.0 && p < 1.0).then(|| -400.0 * (1.0 / p - 1.0).log10() + 0.0)
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |v: Option<f64>, inf: &str| v.map_or(inf.to_string(), |v| format!("{v:+.0}"));
        write!(
            f,
            "Elo {} (95%: {} to {})",
            show(self.elo, "n/a"),
            show(self.low, "-inf"),
            show(self.high, "+inf")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 5,
            draws: 10,
            losses: 5,
        };
        let e = t.elo();
        assert_eq!(e.elo.map(|v| v.round()), Some(0.0));
        // p = 0.5, var = (5*.25 + 0 + 5*.25)/20 = 0.125, se = sqrt(0.125/20) = 0.0790569,
        // margin 0.154952: Elo(0.654952) = 111.3
        assert_eq!(e.high.map(|v| v.round()), Some(111.0));
        assert_eq!(e.low.map(|v| v.round()), Some(-111.0));
    }

    #[test]
    fn all_draws_print_as_plus_zero() {
        let e = Tally {
            wins: 0,
            draws: 6,
            losses: 0,
        }
        .elo();
        assert_eq!(e.to_string(), "Elo +0 (95%: +0 to +0)");
    }

    #[test]
    fn three_quarters_is_plus_191() {
        // -400 * log10(1/0.75 - 1) = 400 * log10(3) = 190.85
        assert_eq!(elo_of(0.75).map(|v| v.round()), Some(191.0));
    }

    #[test]
    fn a_clean_sweep_has_a_one_sided_bound_only() {
        // 0 of 20: p <= 1 - 0.05^(1/20) = 0.13911, Elo(0.13911) = -400 log10(6.1884) = -316.6
        let e = Tally {
            wins: 0,
            draws: 0,
            losses: 20,
        }
        .elo();
        assert_eq!((e.elo, e.low), (None, None));
        assert_eq!(e.to_string(), "Elo n/a (95%: -inf to -317)");
        let e = Tally {
            wins: 20,
            draws: 0,
            losses: 0,
        }
        .elo();
        assert_eq!(e.to_string(), "Elo n/a (95%: +317 to +inf)");
    }
}
