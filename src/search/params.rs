//! Search parameters and the two 1967 presets (paper §6; source SETW, SETD, SETF, SETSD).

use std::fmt;
use std::str::FromStr;

/// Basic widths per ply, the last one repeating for all deeper plies (source `SETW 15 15 9 9 7`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WidthSchedule(Vec<u32>);

impl WidthSchedule {
    /// A schedule from a non-empty list of positive widths.
    pub fn new(widths: Vec<u32>) -> Result<WidthSchedule, ParamError> {
        if widths.is_empty() {
            return Err(ParamError::Width("no width given".into()));
        }
        if widths.contains(&0) {
            return Err(ParamError::Width(
                "a width of 0 would search nothing".into(),
            ));
        }
        Ok(WidthSchedule(widths))
    }

    /// The basic width at `level` (1 = the top-level moves); the last number repeats.
    pub fn at(&self, level: u32) -> u32 {
        let i = (level.max(1) - 1) as usize;
        *self
            .0
            .get(i)
            .unwrap_or_else(|| self.0.last().expect("non-empty"))
    }

    /// The widths as given.
    pub fn as_slice(&self) -> &[u32] {
        &self.0
    }
}

impl FromStr for WidthSchedule {
    type Err = ParamError;
    /// Parses `15,15,9,9,7` (commas or spaces).
    fn from_str(s: &str) -> Result<WidthSchedule, ParamError> {
        let mut out = Vec::new();
        for part in s.split([',', ' ']).filter(|p| !p.is_empty()) {
            match part.trim().parse::<u32>() {
                Ok(w) if (1..=255).contains(&w) => out.push(w),
                _ => {
                    return Err(ParamError::Width(format!(
                        "'{part}' is not a width from 1 to 255 (write e.g. 15,15,9,9,7)"
                    )));
                }
            }
        }
        WidthSchedule::new(out)
    }
}

impl fmt::Display for WidthSchedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|w| w.to_string()).collect();
        write!(f, "{}", parts.join(","))
    }
}

/// When a position met again counts as a draw (SEARCH-TECHNIQUES §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RepetitionPolicy {
    /// Any earlier occurrence, in the game or in the search line, is a draw: what Mac Hack did
    /// (its hash table marked game and pending positions alike). The default.
    FirstRepetition,
    /// A draw only if the earlier occurrence is inside the search (after the root), or the
    /// position already occurred twice up to the root (Moreland, Stockfish).
    TreeOrThreefold,
}

impl FromStr for RepetitionPolicy {
    type Err = ParamError;
    fn from_str(s: &str) -> Result<RepetitionPolicy, ParamError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "first" | "first-repetition" | "1967" => Ok(RepetitionPolicy::FirstRepetition),
            "tree" | "threefold" | "tree-or-threefold" => Ok(RepetitionPolicy::TreeOrThreefold),
            _ => Err(ParamError::Repetition(s.to_string())),
        }
    }
}

impl fmt::Display for RepetitionPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RepetitionPolicy::FirstRepetition => "first",
            RepetitionPolicy::TreeOrThreefold => "tree-or-threefold",
        })
    }
}

/// Which program searches: the recreation of the paper, or c197 as its source reads (with any
/// of the later versions' fixes). The one place a profile is chosen; the search dispatches on it
/// once, at the top ([`super::Searcher::search`]).
///
/// The default is c197: it plays Mac Hack's 1967 moves in 104 of the 149 out-of-book positions
/// of the paper games, the paper's recreation in 72 (README, *Fidelity*).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The paper's program as recreated here: knowledge from `eval` and `plausible`, the
    /// search of `alpha_beta.rs` and `root.rs`.
    Paper,
    /// CHESS D (c197, 1967-68) routine by routine (`crate::c197`), with the later versions'
    /// fixes that are switched on (none by default).
    C197(crate::c197::Fixes),
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::C197(crate::c197::Fixes::default())
    }
}

impl Profile {
    /// The names of the profiles, for option lists.
    pub const NAMES: [&'static str; 2] = ["c197", "paper"];
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Profile::Paper => f.write_str("paper"),
            Profile::C197(fixes) if *fixes == crate::c197::Fixes::default() => f.write_str("c197"),
            Profile::C197(fixes) => write!(f, "c197 (fixes: {fixes})"),
        }
    }
}

impl FromStr for Profile {
    type Err = ParamError;
    /// `paper` or `c197` (fixes are set apart, see [`crate::c197::Fixes`]).
    fn from_str(s: &str) -> Result<Profile, ParamError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "paper" => Ok(Profile::Paper),
            "c197" => Ok(Profile::C197(crate::c197::Fixes::default())),
            _ => Err(ParamError::Profile(s.to_string())),
        }
    }
}

/// The named parameter sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preset {
    /// "usually all 6 for normal play" (paper §6): width 6 every ply, depth 4, 2 feedovers.
    Normal,
    /// Widths 15,15,9,9,7 (paper §6), depth 4 (source SETD 4, the depth the oracle was run at).
    Tournament,
    /// Not from 1967: width 4, depth 2, for quick casual games and the tests.
    Quick,
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Preset::Normal => "normal",
            Preset::Tournament => "tournament",
            Preset::Quick => "quick",
        })
    }
}

impl FromStr for Preset {
    type Err = ParamError;
    fn from_str(s: &str) -> Result<Preset, ParamError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "normal" => Ok(Preset::Normal),
            "tournament" => Ok(Preset::Tournament),
            "quick" => Ok(Preset::Quick),
            _ => Err(ParamError::Preset(s.to_string())),
        }
    }
}

/// Everything that shapes one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Basic widths per level.
    pub widths: WidthSchedule,
    /// Basic depth in plies (paper: unstated; source SETD 4).
    pub depth: u32,
    /// Most feedovers in one line (source SETF 2).
    pub feedovers: u32,
    /// Whether a new best top-level move gets a secondary search (paper §10).
    pub secondary_search: bool,
    /// How many plies the secondary search adds (source SETSD 2).
    pub secondary_plies: u32,
    /// Which repetitions are draws.
    pub repetition: RepetitionPolicy,
    /// Whether the table stores the shadow score instead of the real one (SEARCH-TECHNIQUES §4).
    pub shadow_score: bool,
    /// Hash table entries (1967: 32K; 0: no table).
    pub hash_entries: usize,
    /// Whether a legal move stored in the table is searched first among the selected moves.
    pub hash_move_first: bool,
    /// Which program searches (the widths, depth and feedovers above apply to both).
    pub profile: Profile,
}

impl SearchParams {
    /// The parameters of a preset.
    pub fn preset(p: Preset) -> SearchParams {
        let (widths, depth) = match p {
            Preset::Normal => (vec![6], 4),
            Preset::Tournament => (vec![15, 15, 9, 9, 7], 4),
            Preset::Quick => (vec![4], 2),
        };
        SearchParams {
            widths: WidthSchedule(widths),
            depth,
            feedovers: 2,
            secondary_search: true,
            secondary_plies: 2,
            repetition: RepetitionPolicy::FirstRepetition,
            shadow_score: false,
            hash_entries: super::hash_table::DEFAULT_ENTRIES,
            hash_move_first: true,
            profile: Profile::default(),
        }
    }
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::preset(Preset::Normal)
    }
}

/// Parses a depth from 1 to 20.
pub fn parse_depth(s: &str) -> Result<u32, ParamError> {
    match s.trim().parse::<u32>() {
        Ok(d) if (1..=20).contains(&d) => Ok(d),
        _ => Err(ParamError::Depth(s.to_string())),
    }
}

/// Parses an on/off switch.
pub fn parse_switch(s: &str) -> Result<bool, ParamError> {
    match s.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(ParamError::Switch(s.to_string())),
    }
}

/// A parameter given in a form the search cannot use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// A bad width list.
    Width(String),
    /// A bad depth.
    Depth(String),
    /// An unknown repetition policy.
    Repetition(String),
    /// An unknown preset.
    Preset(String),
    /// Not on or off.
    Switch(String),
    /// A bad hash size.
    HashSize(String),
    /// An unknown profile.
    Profile(String),
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Width(m) => write!(f, "bad width list: {m}"),
            ParamError::Depth(s) => write!(f, "depth '{s}' is not a whole number from 1 to 20"),
            ParamError::Repetition(s) => write!(
                f,
                "repetition policy '{s}' is unknown (use 'first' or 'tree-or-threefold')"
            ),
            ParamError::Preset(s) => {
                write!(
                    f,
                    "preset '{s}' unknown: choose normal (widths 6, depth 4), tournament \
                     (widths 15,15,9,9,7, depth 4) or quick (widths 4, depth 2)"
                )
            }
            ParamError::Switch(s) => write!(f, "'{s}' is not on or off"),
            ParamError::HashSize(m) => write!(f, "bad hash size: {m}"),
            ParamError::Profile(s) => {
                write!(
                    f,
                    "profile '{s}' unknown: choose paper (the recreation of the 1967 paper) or c197 (the 1967-68 source)"
                )
            }
        }
    }
}

impl std::error::Error for ParamError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_width_repeats() {
        let w: WidthSchedule = "15,15,9,9,7".parse().unwrap();
        assert_eq!(
            (1..=7).map(|l| w.at(l)).collect::<Vec<_>>(),
            [15, 15, 9, 9, 7, 7, 7]
        );
    }

    #[test]
    fn bad_widths_are_refused() {
        assert!("".parse::<WidthSchedule>().is_err());
        assert!("6,x".parse::<WidthSchedule>().is_err());
        assert!("6,0".parse::<WidthSchedule>().is_err());
        assert!(parse_depth("0").is_err());
        assert!("sometimes".parse::<RepetitionPolicy>().is_err());
        assert!("blitz".parse::<Preset>().is_err());
    }

    #[test]
    fn presets_match_the_paper() {
        let t = SearchParams::preset(Preset::Tournament);
        assert_eq!(t.widths.as_slice(), [15, 15, 9, 9, 7]);
        assert_eq!((t.depth, t.feedovers), (4, 2));
        let n = SearchParams::preset(Preset::Normal);
        assert_eq!((n.widths.at(9), n.depth), (6, 4));
    }
}
