//! Search parameters and the two 1967 presets (paper §6; source SETW, SETD, SETF, SETSD).

use super::fixes::Fixes;
use super::paper::PaperKnowledge;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::time::Duration;

// The documented ranges of the search parameters. Every front end (the command line, the game's
// SETW/SETD/SETF, UCI's options and `go`, CECP's `sd`) checks its values with the functions
// below, and refuses a value outside them with the error's message. One exception: UCI's `go
// depth` and `go nodes` are clamped into their ranges ([`clamp_depth`], [`clamp_node_limit`]),
// and the session says so, because an interface sends the depth its user asked of any engine
// (`go depth 30` for "analyse to depth 30"), and refusing it would answer a search to depth 1.

/// Basic depth in plies. The cost grows some 2.5 times a ply (tournament widths: depth 8 takes
/// about 2 s on the 2-core development machine), so 20 is already far beyond any use.
pub const DEPTHS: RangeInclusive<u32> = 1..=20;
/// The basic width at one level.
pub const WIDTHS: RangeInclusive<u32> = 1..=255;
/// Feedovers in one line. c197 honours them all (`FDCUT = HK1V + MCFB + 1`: a feedover may
/// start at any level below it); the paper's program starts none at ply >= depth +
/// [`PAPER_FEEDOVER_PLIES`], so more than that change nothing there.
pub const FEEDOVERS: RangeInclusive<u32> = 0..=20;
/// The plies past the basic depth at which the paper's program may start a feedover (paper §4
/// as recreated, `paper::search::alpha_beta`): at most this many feedovers in a line.
pub const PAPER_FEEDOVER_PLIES: u32 = 3;
/// Plies the secondary search adds: it searches to depth + plies, so as many as the depth.
pub const SECONDARY_PLIES: RangeInclusive<u32> = 0..=20;
/// The largest hash table, in kilobytes: 1 GiB, 2,730 times the 1967 table and far more than a
/// search at any depth used here fills (only full-width nodes are stored); it fits any machine
/// the program runs on today, where a table as large as memory would abort the program.
pub const HASH_KB_MAX: usize = 1 << 20;
/// The most hash table entries: as many as fit in [`HASH_KB_MAX`] (0 is no table).
pub const HASH_ENTRIES_MAX: usize = HASH_KB_MAX * 1024 / HASH_ENTRY_BYTES;
/// The paper's table size, the 1967 table's ("32,000 entries", later 32,767): 32K.
pub const DEFAULT_HASH_ENTRIES: usize = 32_768;
/// c197's table size: `HTNE`, the entries of the ITS build's table, `100000-1` octal (c.558
/// line 435; c197's own ITS line is lost in the garbled lines 20-26, its DEC build has
/// `HTNE=200` octal, 128, line 28).
pub const C197_HASH_ENTRIES: usize = 0o100000 - 1;
/// The size of one entry of the paper's table (`crate::paper::search::hash_table::Entry`, whose
/// tests check it).
pub const HASH_ENTRY_BYTES: usize = 12;
/// The search checks its node and time limits once every this many nodes (`alpha_beta.rs`:
/// `nodes & 255 == 0`): it stops at the first multiple of 256 at or past a node limit, and a
/// limit below 256 cannot be honoured.
pub const LIMIT_CHECK_NODES: u64 = 256;
/// A time limit in milliseconds: at least 1, at most a week (7 × 24 × 3600 s). The limit is
/// checked every [`LIMIT_CHECK_NODES`] nodes (well under a millisecond here), so a search may
/// run that much past it.
pub const TIME_LIMIT_MS: RangeInclusive<u64> = 1..=604_800_000;
/// Principal lines, each a top-level move with its exact value (UCI and CECP `MultiPV`, `think
/// --lines`): up to 255, more than any position's legal moves (218 at most); more lines than
/// the program has moves give one line per move.
pub const MULTI_PV: RangeInclusive<u32> = 1..=255;

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
        if let Some(w) = widths.iter().find(|w| !WIDTHS.contains(w)) {
            return Err(ParamError::Width(format!(
                "{w} is more than the largest width, {}",
                WIDTHS.end()
            )));
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
                Ok(w) if WIDTHS.contains(&w) => out.push(w),
                _ => {
                    return Err(ParamError::Width(format!(
                        "'{part}' is not a width from {} to {} (write e.g. 15,15,9,9,7)",
                        WIDTHS.start(),
                        WIDTHS.end()
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

/// How c197 uses its table: `NHSW` (c197 line 5239, "-1 SUPPRES ALL HASH 0 ALLOW DRAW DET
/// ONLY"). The paper's program has no such switch (its table always holds values; its
/// repetitions are found on a key stack).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum TableUse {
    /// `NHSW = -1`: no table, as c197 was assembled (`HSCOD=0`, 3379): no repetition found.
    Off,
    /// `NHSW = 0`, its initial value: the table holds the game's positions and those pending on
    /// the line searched, and a position found there is a draw (value 0).
    #[default]
    Draws,
    /// `NHSW > 0`: also the values of positions searched, used when searched at least as deep.
    Values,
}

impl TableUse {
    /// The names the uses are given on the command line.
    pub const NAMES: [&'static str; 3] = ["off", "draws", "values"];
}

impl FromStr for TableUse {
    type Err = ParamError;
    /// `off`, `draws` or `values`, or `NHSW`'s own values -1, 0, 1.
    fn from_str(s: &str) -> Result<TableUse, ParamError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "off" | "-1" => Ok(TableUse::Off),
            "draws" | "0" => Ok(TableUse::Draws),
            "values" | "1" => Ok(TableUse::Values),
            _ => Err(ParamError::TableUse(s.to_string())),
        }
    }
}

impl fmt::Display for TableUse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableUse::Off => "off",
            TableUse::Draws => "draws",
            TableUse::Values => "values",
        })
    }
}

/// Which program searches: the recreation of the paper, or c197 as its source reads (with any
/// of the later versions' fixes). The one place a profile is chosen; the program behind the front
/// ends is built from it once (`crate::game::Engine`).
///
/// The default is c197: it plays Mac Hack's 1967 moves in 104 of the 149 out-of-book positions
/// of the paper games, the paper's recreation in 72 (`doc/fidelity.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The paper's program as recreated here (`crate::paper`): its knowledge (by default the
    /// 1967 evaluator of `crate::paper::eval` and generator of `crate::paper::plausible`) and
    /// search (`crate::paper::search`).
    Paper(PaperKnowledge),
    /// CHESS D (c197, 1967-68) routine by routine (`crate::c197`), with the later versions'
    /// fixes that are switched on (none by default).
    C197(Fixes),
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::C197(Fixes::default())
    }
}

impl Profile {
    /// The names of the profiles, for option lists.
    pub const NAMES: [&'static str; 2] = ["c197", "paper"];

    /// The profile's name (one of [`Profile::NAMES`]), without its fixes.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Paper(_) => "paper",
            Profile::C197(_) => "c197",
        }
    }

    /// Whether the profile's program runs the secondary search unless told: on for the
    /// paper's program (§10), off for c197, which has none (`HACK1` calls `LMG` once, 2212).
    pub fn secondary_search(self) -> bool {
        matches!(self, Profile::Paper(_))
    }

    /// The profile's own table size: the paper's 32K ([`DEFAULT_HASH_ENTRIES`]), c197's
    /// `HTNE` ([`C197_HASH_ENTRIES`]).
    pub fn hash_entries(self) -> usize {
        match self {
            Profile::Paper(_) => DEFAULT_HASH_ENTRIES,
            Profile::C197(_) => C197_HASH_ENTRIES,
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Profile::Paper(k) if *k == PaperKnowledge::default() => f.write_str("paper"),
            Profile::Paper(k) => write!(f, "paper (knowledge {k})"),
            Profile::C197(fixes) if *fixes == Fixes::default() => f.write_str("c197"),
            Profile::C197(fixes) => write!(f, "c197 (fixes: {fixes})"),
        }
    }
}

impl FromStr for Profile {
    type Err = ParamError;
    /// `paper` or `c197` (fixes are set apart, see [`Fixes`]).
    fn from_str(s: &str) -> Result<Profile, ParamError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "paper" => Ok(Profile::Paper(PaperKnowledge::default())),
            "c197" => Ok(Profile::C197(Fixes::default())),
            _ => Err(ParamError::Profile(s.to_string())),
        }
    }
}

/// The named parameter sets.
///
/// The default, for every command and protocol, is [`Preset::Tournament`]: what Mac Hack played
/// the 1967 tournaments at (paper §6, "in tournament play ... 15, 15, 9, 9, 7"), at which the
/// running original was asked its moves (`reference/c197/`) and the fidelity figures are made.
/// The paper's "usually all 6 for normal play" was the casual setting of a time-shared PDP-6;
/// here a tournament search takes milliseconds, so nothing is gained by a narrower default, and
/// one default means one answer in a position whichever command asks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Preset {
    /// "usually all 6 for normal play" (paper §6): width 6 every ply, depth 4, 2 feedovers.
    Normal,
    /// Widths 15,15,9,9,7 (paper §6), depth 4 (source SETD 4, the depth the oracle was run at).
    /// The default.
    #[default]
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

impl Preset {
    /// Every preset, in the order they are listed.
    pub const ALL: [Preset; 3] = [Preset::Normal, Preset::Tournament, Preset::Quick];
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
    /// Whether a new best top-level move gets a secondary search (paper §10); None: the
    /// profile's own choice (see [`SearchParams::secondary`]).
    pub secondary_search: Option<bool>,
    /// How many plies the secondary search adds (source SETSD 2).
    pub secondary_plies: u32,
    /// Which repetitions are draws.
    pub repetition: RepetitionPolicy,
    /// Whether the table stores the shadow score instead of the real one (SEARCH-TECHNIQUES §4).
    pub shadow_score: bool,
    /// Hash table entries (0: no table); None: the profile's own size (see
    /// [`SearchParams::table_entries`]).
    pub hash_entries: Option<usize>,
    /// c197 only: how its table is used (`NHSW`).
    pub table: TableUse,
    /// Whether a legal move stored in the table is searched first among the selected moves.
    pub hash_move_first: bool,
    /// Which program searches (the widths, depth and feedovers above apply to both).
    pub profile: Profile,
    /// How many principal lines a search gives (UCI MultiPV; 1 in play, as in 1967): after the
    /// search as the program plays it, the top-level moves are searched again with a window
    /// that makes the best k exact (`paper/search/root.rs`, `c197/lines.rs`).
    pub multi_pv: u32,
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
            secondary_search: None,
            secondary_plies: 2,
            repetition: RepetitionPolicy::FirstRepetition,
            shadow_score: false,
            hash_entries: None,
            table: TableUse::default(),
            hash_move_first: true,
            profile: Profile::default(),
            multi_pv: 1,
        }
    }
}

impl SearchParams {
    /// Whether the secondary search runs: as set, else the profile's own choice
    /// ([`Profile::secondary_search`]).
    pub fn secondary(&self) -> bool {
        self.secondary_search
            .unwrap_or(self.profile.secondary_search())
    }

    /// The table's entries: as set, else the profile's own size ([`Profile::hash_entries`]).
    pub fn table_entries(&self) -> usize {
        self.hash_entries.unwrap_or(self.profile.hash_entries())
    }

    /// Sets whether the secondary search runs; the profile's own choice is kept as the
    /// profile's (None), so that settings alike in meaning are equal (a record's tags, read
    /// back, and the defaults).
    pub fn set_secondary(&mut self, on: bool) {
        self.secondary_search = (on != self.profile.secondary_search()).then_some(on);
    }

    /// Sets the table's entries (checked: [`check_hash_entries`]); the profile's own size is
    /// kept as the profile's (None), as in [`SearchParams::set_secondary`].
    pub fn set_hash_entries(&mut self, n: usize) {
        self.hash_entries = (n != self.profile.hash_entries()).then_some(n);
    }
}

impl Default for SearchParams {
    /// The default preset's parameters (see [`Preset`]), with the default profile.
    fn default() -> SearchParams {
        SearchParams::preset(Preset::default())
    }
}

/// Parses a depth in [`DEPTHS`].
pub fn parse_depth(s: &str) -> Result<u32, ParamError> {
    match s.trim().parse::<u32>() {
        Ok(d) if DEPTHS.contains(&d) => Ok(d),
        _ => Err(ParamError::Depth(s.to_string())),
    }
}

/// What a value of `range` is, for messages: `a whole number from 0 to 20`, with `note` after.
fn expected<T: fmt::Display>(range: &RangeInclusive<T>, note: &str) -> String {
    format!(
        "a whole number from {} to {}{note}",
        range.start(),
        range.end()
    )
}

/// Checks `value` against `range`; the error names the parameter and says what is expected.
fn check<T: PartialOrd + fmt::Display>(
    what: &'static str,
    value: T,
    range: &RangeInclusive<T>,
    expected: impl FnOnce() -> String,
) -> Result<T, ParamError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(ParamError::OutOfRange {
            what,
            value: value.to_string(),
            expected: expected(),
        })
    }
}

/// Reads a whole number and checks it against `range`; the error quotes the text as given.
fn parse_in<T: FromStr + PartialOrd + fmt::Display>(
    what: &'static str,
    text: &str,
    range: &RangeInclusive<T>,
    expected: impl FnOnce() -> String,
) -> Result<T, ParamError> {
    match text.trim().parse::<T>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => Err(ParamError::OutOfRange {
            what,
            value: text.to_string(),
            expected: expected(),
        }),
    }
}

/// Checks a number of feedovers against [`FEEDOVERS`].
pub fn check_feedovers(f: u32) -> Result<u32, ParamError> {
    check("feedovers", f, &FEEDOVERS, || expected(&FEEDOVERS, ""))
}

/// Parses a number of feedovers in [`FEEDOVERS`].
pub fn parse_feedovers(s: &str) -> Result<u32, ParamError> {
    parse_in("feedovers", s, &FEEDOVERS, || expected(&FEEDOVERS, ""))
}

/// Checks the secondary search's plies against [`SECONDARY_PLIES`].
pub fn check_secondary_plies(p: u32) -> Result<u32, ParamError> {
    check("secondary plies", p, &SECONDARY_PLIES, || {
        expected(&SECONDARY_PLIES, "")
    })
}

/// Checks a number of hash table entries: 0 (no table) to [`HASH_ENTRIES_MAX`].
pub fn check_hash_entries(n: usize) -> Result<usize, ParamError> {
    let range = 0..=HASH_ENTRIES_MAX;
    check("hash entries", n, &range, || expected(&range, " (1 GiB)"))
}

/// The hash table entries that fit in `kb` kilobytes, `kb` from 1 to [`HASH_KB_MAX`].
pub fn hash_entries_for_kb(kb: usize) -> Result<usize, ParamError> {
    let range = 1..=HASH_KB_MAX;
    let kb = check("hash size in KB", kb, &range, || {
        expected(&range, " (1 GiB)")
    })?;
    Ok((kb * 1024 / HASH_ENTRY_BYTES).max(1))
}

/// Node limits: [`LIMIT_CHECK_NODES`] or more (see there for what a limit means).
const NODE_LIMITS: RangeInclusive<u64> = LIMIT_CHECK_NODES..=u64::MAX;

/// What a node limit must be.
fn node_limit_expected() -> String {
    format!(
        "a whole number of at least {LIMIT_CHECK_NODES} (the search checks its limits every \
         {LIMIT_CHECK_NODES} nodes and stops at the first multiple of {LIMIT_CHECK_NODES} at or \
         past the limit)"
    )
}

/// Checks a node limit against `NODE_LIMITS`.
pub fn check_node_limit(n: u64) -> Result<u64, ParamError> {
    check("node limit", n, &NODE_LIMITS, node_limit_expected)
}

/// Parses a node limit (see [`check_node_limit`]).
pub fn parse_node_limit(s: &str) -> Result<u64, ParamError> {
    parse_in("node limit", s, &NODE_LIMITS, node_limit_expected)
}

/// A whole number written `s` (of any size, a sign allowed) brought into `range`: the value, and
/// whether it had to be moved; None if `s` is not a whole number.
fn clamp_whole(s: &str, range: &RangeInclusive<u64>) -> Option<(u64, bool)> {
    let t = s.trim();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Digits too many for a u64 are past any range's end.
    let asked = digits.parse::<u64>().ok();
    let value = match (negative, asked) {
        (true, _) => *range.start(),
        (false, Some(n)) => n.clamp(*range.start(), *range.end()),
        (false, None) => *range.end(),
    };
    Some((value, negative || asked != Some(value)))
}

/// A depth for UCI's `go depth`: a whole number brought into [`DEPTHS`] (see the note at the top
/// of this file), and whether it had to be; refused if not a whole number.
pub fn clamp_depth(s: &str) -> Result<(u32, bool), ParamError> {
    let range = u64::from(*DEPTHS.start())..=u64::from(*DEPTHS.end());
    clamp_whole(s, &range)
        .and_then(|(d, moved)| Some((u32::try_from(d).ok()?, moved)))
        .ok_or_else(|| ParamError::Depth(s.to_string()))
}

/// A node limit for UCI's `go nodes`: a whole number brought to at least [`LIMIT_CHECK_NODES`]
/// (see the note at the top of this file), and whether it had to be; refused if not a whole
/// number.
pub fn clamp_node_limit(s: &str) -> Result<(u64, bool), ParamError> {
    clamp_whole(s, &NODE_LIMITS).ok_or_else(|| ParamError::OutOfRange {
        what: "node limit",
        value: s.to_string(),
        expected: node_limit_expected(),
    })
}

/// Checks a time limit in milliseconds against [`TIME_LIMIT_MS`].
pub fn check_time_limit_ms(ms: u64) -> Result<Duration, ParamError> {
    check("time limit in ms", ms, &TIME_LIMIT_MS, || {
        expected(&TIME_LIMIT_MS, " (a week)")
    })
    .map(Duration::from_millis)
}

/// Parses a number of principal lines in [`MULTI_PV`].
pub fn parse_multi_pv(s: &str) -> Result<u32, ParamError> {
    parse_in("MultiPV", s, &MULTI_PV, || expected(&MULTI_PV, ""))
}

/// Checks a number of principal lines against [`MULTI_PV`].
pub fn check_multi_pv(k: u32) -> Result<u32, ParamError> {
    check("MultiPV", k, &MULTI_PV, || expected(&MULTI_PV, ""))
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
    /// An unknown use of c197's table.
    TableUse(String),
    /// An unknown preset.
    Preset(String),
    /// Not on or off.
    Switch(String),
    /// A bad hash size.
    HashSize(String),
    /// An unknown profile.
    Profile(String),
    /// A bad list of c197's fixes (the message says why).
    Fixes(String),
    /// An unknown kind of knowledge.
    Knowledge(String),
    /// An unknown king-safety rule (the message says why).
    KingSafety(String),
    /// A setting given under a profile it does not apply to (see `interface::settings`).
    NotForProfile {
        /// The setting as it was given: `--secondary`, `Hash`, `[MachackShadow "on"]`.
        given: String,
        /// The profile in force.
        profile: &'static str,
        /// Which profiles it applies to, in words.
        applies: String,
        /// Why it does not apply to this one.
        why: &'static str,
    },
    /// A settings tag of a record that cannot be used.
    Tag {
        /// The tag as it stands in the record: `[MachackDepth "25"]`.
        tag: String,
        /// What is wrong with it.
        why: String,
    },
    /// Settings given together that make no sense (see `interface::settings`, `Changes`).
    Together {
        /// The setting given that the others leave without sense, as given: `--secondary-plies 5`.
        given: String,
        /// Why, and what would make sense.
        why: String,
    },
    /// A number outside its documented range (or no number at all).
    OutOfRange {
        /// The parameter, e.g. `feedovers`.
        what: &'static str,
        /// The value as given.
        value: String,
        /// What it must be, e.g. `a whole number from 0 to 20`.
        expected: String,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Width(m) => write!(f, "bad width list: {m}"),
            ParamError::Depth(s) => write!(
                f,
                "depth '{s}' is not a whole number from {} to {}",
                DEPTHS.start(),
                DEPTHS.end()
            ),
            ParamError::Repetition(s) => write!(
                f,
                "repetition policy '{s}' is unknown (use 'first' or 'tree-or-threefold')"
            ),
            ParamError::TableUse(s) => write!(
                f,
                "table use '{s}' is unknown (use 'off' (NHSW -1), 'draws' (0, the default) or \
                 'values' (1))"
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
            ParamError::Fixes(m) | ParamError::KingSafety(m) => f.write_str(m),
            ParamError::Knowledge(s) => {
                write!(f, "knowledge '{s}' is unknown (use '1967' or 'simple')")
            }
            ParamError::NotForProfile {
                given,
                profile,
                applies,
                why,
            } => write!(
                f,
                "{given} does not apply to profile {profile}: it applies to {applies} ({why})"
            ),
            ParamError::Tag { tag, why } => write!(f, "tag {tag}: {why}"),
            ParamError::Together { given, why } => write!(f, "{given} {why}"),
            ParamError::OutOfRange {
                what,
                value,
                expected,
            } => write!(f, "{what} '{value}' is not {expected}"),
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
        assert_eq!(
            "sometimes".parse::<TableUse>().unwrap_err().to_string(),
            "table use 'sometimes' is unknown (use 'off' (NHSW -1), 'draws' (0, the default) \
             or 'values' (1))"
        );
    }

    #[test]
    fn the_table_uses_read_as_nhsw() {
        for (text, u) in [
            ("off", TableUse::Off),
            ("-1", TableUse::Off),
            ("draws", TableUse::Draws),
            ("0", TableUse::Draws),
            ("Values", TableUse::Values),
            ("1", TableUse::Values),
        ] {
            assert_eq!(text.parse::<TableUse>(), Ok(u));
        }
        assert_eq!(TableUse::default(), TableUse::Draws);
        assert_eq!(TableUse::Values.to_string(), "values");
    }

    #[test]
    fn each_profile_has_its_own_table_size_and_secondary_search() {
        let mut p = SearchParams::preset(Preset::Tournament);
        assert_eq!((p.table_entries(), p.secondary()), (32_767, false));
        p.profile = Profile::Paper(PaperKnowledge::default());
        assert_eq!((p.table_entries(), p.secondary()), (32_768, true));
        p.hash_entries = Some(128);
        p.secondary_search = Some(false);
        assert_eq!((p.table_entries(), p.secondary()), (128, false));
    }

    #[test]
    fn values_outside_the_documented_ranges_are_refused_with_the_range() {
        assert_eq!(parse_depth("20"), Ok(20));
        assert_eq!(
            parse_depth("21").unwrap_err().to_string(),
            "depth '21' is not a whole number from 1 to 20"
        );
        assert_eq!(parse_feedovers(" 20 "), Ok(20));
        assert_eq!(
            parse_feedovers("99").unwrap_err().to_string(),
            "feedovers '99' is not a whole number from 0 to 20"
        );
        assert_eq!(
            check_feedovers(1000).unwrap_err().to_string(),
            "feedovers '1000' is not a whole number from 0 to 20"
        );
        assert_eq!(check_secondary_plies(20), Ok(20));
        assert_eq!(
            check_secondary_plies(1000).unwrap_err().to_string(),
            "secondary plies '1000' is not a whole number from 0 to 20"
        );
        assert_eq!(check_multi_pv(255), Ok(255));
        assert_eq!(
            check_multi_pv(0).unwrap_err().to_string(),
            "MultiPV '0' is not a whole number from 1 to 255"
        );
        assert_eq!(
            parse_multi_pv("256").unwrap_err().to_string(),
            "MultiPV '256' is not a whole number from 1 to 255"
        );
        assert!("15,256".parse::<WidthSchedule>().is_err());
        assert!(WidthSchedule::new(vec![6, 1000]).is_err());
    }

    #[test]
    fn the_hash_table_is_at_most_a_gibibyte() {
        assert_eq!(HASH_ENTRIES_MAX, 89_478_485);
        assert_eq!(check_hash_entries(0), Ok(0));
        assert_eq!(check_hash_entries(HASH_ENTRIES_MAX), Ok(HASH_ENTRIES_MAX));
        assert_eq!(
            check_hash_entries(100_000_000_000_000)
                .unwrap_err()
                .to_string(),
            "hash entries '100000000000000' is not a whole number from 0 to 89478485 (1 GiB)"
        );
        // The 1967 table: 32K entries of 12 bytes.
        assert_eq!(hash_entries_for_kb(384), Ok(32_768));
        assert_eq!(hash_entries_for_kb(HASH_KB_MAX), Ok(HASH_ENTRIES_MAX));
        assert!(hash_entries_for_kb(0).is_err());
        assert!(hash_entries_for_kb(99_999_999_999).is_err());
        assert!(hash_entries_for_kb(usize::MAX).is_err());
    }

    #[test]
    fn node_and_time_limits_must_be_honourable() {
        assert_eq!(check_node_limit(256), Ok(256));
        assert_eq!(parse_node_limit("1000"), Ok(1000));
        for bad in ["0", "1", "255", "-3", "many"] {
            let e = parse_node_limit(bad).unwrap_err().to_string();
            assert!(
                e.starts_with(&format!(
                    "node limit '{bad}' is not a whole number of at least 256"
                )),
                "{e}"
            );
        }
        assert_eq!(check_time_limit_ms(1), Ok(Duration::from_millis(1)));
        assert_eq!(
            check_time_limit_ms(0).unwrap_err().to_string(),
            "time limit in ms '0' is not a whole number from 1 to 604800000 (a week)"
        );
        assert!(check_time_limit_ms(604_800_001).is_err());
    }

    #[test]
    fn go_depth_and_nodes_are_clamped_into_their_ranges_and_say_when() {
        assert_eq!(clamp_depth("4"), Ok((4, false)));
        assert_eq!(clamp_depth("25"), Ok((20, true)));
        assert_eq!(clamp_depth("99999999999999999999999"), Ok((20, true)));
        assert_eq!(clamp_depth("0"), Ok((1, true)));
        assert_eq!(clamp_depth("-3"), Ok((1, true)));
        assert_eq!(
            clamp_depth("deep").unwrap_err().to_string(),
            "depth 'deep' is not a whole number from 1 to 20"
        );
        assert!(clamp_depth("").is_err() && clamp_depth("-").is_err());
        assert_eq!(clamp_node_limit("10"), Ok((256, true)));
        assert_eq!(clamp_node_limit("1000"), Ok((1000, false)));
        assert_eq!(
            clamp_node_limit("99999999999999999999999"),
            Ok((u64::MAX, true))
        );
        assert!(clamp_node_limit("1e6").is_err());
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
