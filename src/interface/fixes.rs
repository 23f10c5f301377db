//! The c197 profile's switches: fixes later versions of the program made to bugs of c197
//! (CHESS D, 1967-68), each off by default so that the profile is c197 as it ran.

use std::fmt;
use std::str::FromStr;

/// Fixes later versions made to bugs of c197, each a switch (all off: c197 as it was).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fixes {
    /// The capture search considers promotions: c197's `STVQL1` reads `PPASED(I)` for
    /// `PPASED(B)` (5516; c.524 has `SKIPG T1,PPASED(B)`), so it never queens.
    pub promotions_in_captures: bool,
    /// The passed-pawn scan looks at every rank ahead of the pawn: c197's skips the rank in
    /// front for White and looks at the pawn's own rank for Black (477-486, 623-632; c.524
    /// `MMWPPL`).
    pub passed_pawn_scan: bool,
    /// The trade policy as the comments read: +16 for offering an even trade when well ahead,
    /// −16 when well behind; c197's sign slip gives −16 unless behind (4706-4710).
    pub trade_policy: bool,
}

impl Fixes {
    /// All three fixes.
    pub const ALL: Fixes = Fixes {
        promotions_in_captures: true,
        passed_pawn_scan: true,
        trade_policy: true,
    };

    /// The names the switches are given on the command line.
    pub const NAMES: [&'static str; 3] = ["promotions", "passed-pawns", "trade-policy"];

    /// The switches that are on, by name.
    pub fn names(self) -> Vec<&'static str> {
        let on = [
            self.promotions_in_captures,
            self.passed_pawn_scan,
            self.trade_policy,
        ];
        Fixes::NAMES
            .iter()
            .zip(on)
            .filter_map(|(n, o)| o.then_some(*n))
            .collect()
    }
}

impl FromStr for Fixes {
    type Err = String;
    /// Parses a comma-separated list of switch names (`all` for every one, `none` for none).
    fn from_str(s: &str) -> Result<Fixes, String> {
        let mut f = Fixes::default();
        for part in s.split([',', ' ']).map(str::trim).filter(|p| !p.is_empty()) {
            match part.to_ascii_lowercase().as_str() {
                "promotions" => f.promotions_in_captures = true,
                "passed-pawns" => f.passed_pawn_scan = true,
                "trade-policy" => f.trade_policy = true,
                "all" => f = Fixes::ALL,
                "none" => f = Fixes::default(),
                other => {
                    return Err(format!(
                        "fix '{other}' unknown: choose from {} (or all, none)",
                        Fixes::NAMES.join(", ")
                    ));
                }
            }
        }
        Ok(f)
    }
}

impl fmt::Display for Fixes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.names();
        f.write_str(
            if n.is_empty() {
                "none".to_string()
            } else {
                n.join(",")
            }
            .as_str(),
        )
    }
}
