//! The settings of the program, one row each: which profile each applies to, how it is spelt
//! on the command line, in a UCI option and in a record's tags, and how its value is read and
//! written. Every front end goes through this table: an option is honoured under a profile it
//! applies to and refused under any other ([`Setting::apply`]), a record's settings tags are
//! written and read back with the same rows ([`tags`], [`from_tags`]), and every output that
//! shows a move of the program names its settings with one function ([`line()`]).
//!
//! A new setting is one row of [`SETTINGS`] (and its field in [`SearchParams`]); its option,
//! tag and place in the settings line follow from the row.

use super::fixes::Fixes;
use super::paper::{KingSafety, PaperKnowledge};
use super::params::{
    PAPER_FEEDOVER_PLIES, ParamError, Preset, Profile, SearchParams, TableUse, check_hash_entries,
    check_secondary_plies, parse_depth, parse_feedovers, parse_switch,
};
use std::fmt;
use std::ops::RangeInclusive;

/// The version of machack that writes a record or an output (Cargo's package version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The start of every settings tag of a record (`[MachackDepth "4"]`).
pub const TAG_PREFIX: &str = "Machack";

/// Which profiles a setting applies to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Applies {
    /// Both programs.
    Every,
    /// c197 only.
    C197,
    /// The paper's program only.
    Paper,
    /// The paper's program with the 1967 knowledge only (a variant of its evaluator).
    Paper1967,
}

impl Applies {
    /// Whether a setting of this kind applies to `profile`.
    pub fn to(self, profile: Profile) -> bool {
        matches!(
            (self, profile),
            (Applies::Every, _)
                | (Applies::C197, Profile::C197(_))
                | (Applies::Paper, Profile::Paper(_))
                | (Applies::Paper1967, Profile::Paper(PaperKnowledge::K1967(_)))
        )
    }
}

impl fmt::Display for Applies {
    /// In words: `every profile`, `profile c197 only`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Applies::Every => "every profile",
            Applies::C197 => "profile c197 only",
            Applies::Paper => "profile paper only",
            Applies::Paper1967 => "profile paper with knowledge 1967 only",
        })
    }
}

/// One setting of the program.
pub struct Setting {
    /// Its name: the command-line option without `--` (`width`), the word in the settings
    /// line, and (in CamelCase after [`TAG_PREFIX`]) its tag.
    pub key: &'static str,
    /// The profiles it applies to.
    pub applies: Applies,
    /// Why it does not apply to the others (for the refusal).
    pub why_not: &'static str,
    /// Its UCI option, if it has one (the value may be in other units, e.g. `Hash` in MB).
    pub uci: Option<&'static str>,
    /// What it is, in a few words.
    pub about: &'static str,
    get: fn(&SearchParams) -> String,
    set: fn(&mut SearchParams, &str) -> Result<(), ParamError>,
}

impl Setting {
    /// The command-line option: `--width`.
    pub fn option(&self) -> String {
        format!("--{}", self.key)
    }

    /// The record's tag: `MachackWidth`, `MachackSecondaryPlies`.
    pub fn tag(&self) -> String {
        let mut out = String::from(TAG_PREFIX);
        for part in self.key.split('-') {
            let mut c = part.chars();
            if let Some(first) = c.next() {
                out.extend(first.to_uppercase());
                out.push_str(c.as_str());
            }
        }
        out
    }

    /// The value in `params`, as options, tags and the settings line write it.
    pub fn get(&self, params: &SearchParams) -> String {
        (self.get)(params)
    }

    /// Whether it applies to `profile`; if not, the refusal, naming the setting as it was
    /// `given` (`--secondary`, `Hash`, a tag).
    pub fn check(&self, profile: Profile, given: &str) -> Result<(), ParamError> {
        if self.applies.to(profile) {
            Ok(())
        } else {
            Err(ParamError::NotForProfile {
                given: given.to_string(),
                profile: profile.name(),
                applies: self.applies.to_string(),
                why: self.why_not,
            })
        }
    }

    /// Sets it in `params` from `text`, refused if it does not apply to the profile of
    /// `params` (see [`Setting::check`]) or if the value is not one it takes (the one range
    /// check of `params`).
    pub fn apply(
        &self,
        params: &mut SearchParams,
        given: &str,
        text: &str,
    ) -> Result<(), ParamError> {
        self.check(params.profile, given)?;
        (self.set)(params, text)
    }
}

/// The ratio divisors: k of the piece-ratio term is 1/N (paper §3 prints 1/8, the source
/// shifts by 4: 16, the default).
const RATIO_DIVISORS: RangeInclusive<i64> = 1..=i64::MAX;

fn set_profile(p: &mut SearchParams, s: &str) -> Result<(), ParamError> {
    let profile: Profile = s.parse()?;
    // The same profile keeps its switches; another starts from its defaults.
    if profile.name() != p.profile.name() {
        p.profile = profile;
    }
    Ok(())
}

fn set_fixes(p: &mut SearchParams, s: &str) -> Result<(), ParamError> {
    let fixes: Fixes = s.parse().map_err(ParamError::Fixes)?;
    p.profile = Profile::C197(fixes);
    Ok(())
}

fn get_knowledge(p: &SearchParams) -> String {
    match p.profile {
        Profile::Paper(k) => k.name().to_string(),
        Profile::C197(_) => "-".to_string(),
    }
}

fn set_knowledge(p: &mut SearchParams, s: &str) -> Result<(), ParamError> {
    let knowledge = match s.trim().to_ascii_lowercase().as_str() {
        "1967" => match p.profile {
            Profile::Paper(k @ PaperKnowledge::K1967(_)) => k,
            _ => PaperKnowledge::default(),
        },
        "simple" => PaperKnowledge::Simple,
        _ => return Err(ParamError::Knowledge(s.to_string())),
    };
    p.profile = Profile::Paper(knowledge);
    Ok(())
}

/// The 1967 evaluator's parameters of the paper profile (None under another knowledge).
fn eval_params(p: &mut SearchParams) -> Option<&mut crate::interface::EvalParams> {
    match &mut p.profile {
        Profile::Paper(PaperKnowledge::K1967(e)) => Some(e),
        _ => None,
    }
}

fn get_king_safety(p: &SearchParams) -> String {
    match p.profile {
        Profile::Paper(PaperKnowledge::K1967(e)) => e.king_safety.to_string(),
        _ => "-".to_string(),
    }
}

fn set_king_safety(p: &mut SearchParams, s: &str) -> Result<(), ParamError> {
    let k: KingSafety = s.parse().map_err(ParamError::KingSafety)?;
    if let Some(e) = eval_params(p) {
        e.king_safety = k;
    }
    Ok(())
}

fn get_ratio_divisor(p: &SearchParams) -> String {
    match p.profile {
        Profile::Paper(PaperKnowledge::K1967(e)) => e.ratio_divisor.to_string(),
        _ => "-".to_string(),
    }
}

fn set_ratio_divisor(p: &mut SearchParams, s: &str) -> Result<(), ParamError> {
    let n = match s.trim().parse::<i64>() {
        Ok(n) if RATIO_DIVISORS.contains(&n) => n,
        _ => {
            return Err(ParamError::OutOfRange {
                what: "ratio divisor",
                value: s.to_string(),
                expected: "a whole number of at least 1 (k = 1/N; default 16)".into(),
            });
        }
    };
    if let Some(e) = eval_params(p) {
        e.ratio_divisor = n;
    }
    Ok(())
}

/// `on` or `off`.
fn switch(on: bool) -> String {
    if on { "on" } else { "off" }.to_string()
}

/// Every setting, in the order they are applied (the profile first: the others depend on it),
/// written in the settings line and in a record's tags.
pub const SETTINGS: &[Setting] = &[
    Setting {
        key: "profile",
        applies: Applies::Every,
        why_not: "",
        uci: Some("Profile"),
        about: "the program: c197 (the 1967-68 source) or paper (the 1967 paper)",
        get: |p| p.profile.name().to_string(),
        set: set_profile,
    },
    Setting {
        key: "fixes",
        applies: Applies::C197,
        why_not: "the fixes later versions made to c197's bugs",
        uci: None,
        about: "later versions' fixes to c197: promotions, passed-pawns, trade-policy, all, none",
        get: |p| match p.profile {
            Profile::C197(f) => f.to_string(),
            Profile::Paper(_) => "-".to_string(),
        },
        set: set_fixes,
    },
    Setting {
        key: "knowledge",
        applies: Applies::Paper,
        why_not: "c197 has its own generator and evaluator",
        uci: None,
        about: "the paper program's knowledge: 1967 (the paper's evaluator and generator) or simple",
        get: get_knowledge,
        set: set_knowledge,
    },
    Setting {
        key: "king-safety",
        applies: Applies::Paper1967,
        why_not: "a variant of the paper's 1967 evaluator",
        uci: None,
        about: "the paper evaluator's king-safety term: paper or weak-squares",
        get: get_king_safety,
        set: set_king_safety,
    },
    Setting {
        key: "ratio-divisor",
        applies: Applies::Paper1967,
        why_not: "a variant of the paper's 1967 evaluator",
        uci: None,
        about: "k = 1/N of the paper evaluator's piece-ratio term (default 16)",
        get: get_ratio_divisor,
        set: set_ratio_divisor,
    },
    Setting {
        key: "width",
        applies: Applies::Every,
        why_not: "",
        uci: Some("Width"),
        about: "basic widths per level, the last repeating (1 to 255 each)",
        get: |p| p.widths.to_string(),
        set: |p, s| {
            p.widths = s.parse()?;
            Ok(())
        },
    },
    Setting {
        key: "depth",
        applies: Applies::Every,
        why_not: "",
        uci: Some("Depth"),
        about: "basic depth in plies (1 to 20)",
        get: |p| p.depth.to_string(),
        set: |p, s| {
            p.depth = parse_depth(s)?;
            Ok(())
        },
    },
    Setting {
        key: "feedovers",
        applies: Applies::Every,
        why_not: "",
        uci: Some("Feedovers"),
        about: "most feedovers in one line (0 to 20)",
        get: |p| p.feedovers.to_string(),
        set: |p, s| {
            p.feedovers = parse_feedovers(s)?;
            Ok(())
        },
    },
    Setting {
        key: "secondary",
        applies: Applies::Every,
        why_not: "",
        uci: None,
        about: "the secondary search of a new best top-level move: on or off (paper: on, c197: off)",
        get: |p| switch(p.secondary()),
        set: |p, s| {
            p.set_secondary(parse_switch(s)?);
            Ok(())
        },
    },
    Setting {
        key: "secondary-plies",
        applies: Applies::Every,
        why_not: "",
        uci: None,
        about: "plies the secondary search adds (0 to 20)",
        get: |p| p.secondary_plies.to_string(),
        set: |p, s| {
            let n = s.trim().parse::<u32>().unwrap_or(u32::MAX);
            p.secondary_plies = check_secondary_plies(n).map_err(|_| ParamError::OutOfRange {
                what: "secondary plies",
                value: s.to_string(),
                expected: "a whole number from 0 to 20".into(),
            })?;
            Ok(())
        },
    },
    Setting {
        key: "repetition",
        applies: Applies::Every,
        why_not: "",
        uci: None,
        about: "which repetitions the search scores as draws: first (1967) or tree-or-threefold",
        get: |p| p.repetition.to_string(),
        set: |p, s| {
            p.repetition = s.parse()?;
            Ok(())
        },
    },
    Setting {
        key: "table",
        applies: Applies::C197,
        why_not: "the paper's table always holds values; --hash-entries 0 is none",
        uci: None,
        about: "what c197's table is used for (NHSW): off (as it ran), draws (the default) or values",
        get: |p| p.table.to_string(),
        set: |p, s| {
            p.table = s.parse()?;
            Ok(())
        },
    },
    Setting {
        key: "shadow",
        applies: Applies::Paper,
        why_not: "c197's table holds no shadow score",
        uci: None,
        about: "the table stores the shadow score: on or off",
        get: |p| switch(p.shadow_score),
        set: |p, s| {
            p.shadow_score = parse_switch(s)?;
            Ok(())
        },
    },
    Setting {
        key: "hash-entries",
        applies: Applies::Every,
        why_not: "",
        uci: Some("Hash"),
        about: "hash table entries (0: none; paper 32768, c197 32767; also --hash-kb, UCI Hash in MB)",
        get: |p| p.table_entries().to_string(),
        set: |p, s| {
            let n = s
                .trim()
                .parse::<usize>()
                .map_err(|_| ParamError::OutOfRange {
                    what: "hash entries",
                    value: s.to_string(),
                    expected: "a whole number from 0 to 89478485 (1 GiB)".into(),
                })?;
            p.set_hash_entries(check_hash_entries(n)?);
            Ok(())
        },
    },
];

/// The setting named `key` (`width`, or as an option, `--width`).
pub fn find(key: &str) -> Option<&'static Setting> {
    let key = key.strip_prefix("--").unwrap_or(key);
    SETTINGS.iter().find(|s| s.key == key)
}

/// The setting a UCI option sets (`Width`, `Hash`; UCI names are case-insensitive).
pub fn find_uci(name: &str) -> Option<&'static Setting> {
    SETTINGS
        .iter()
        .find(|s| s.uci.is_some_and(|u| u.eq_ignore_ascii_case(name.trim())))
}

/// The setting whose tag is `tag` (`MachackWidth`). A tag without the prefix is passed over at
/// once: a record may hold tens of thousands of other tags.
pub fn find_tag(tag: &str) -> Option<&'static Setting> {
    tag.strip_prefix(TAG_PREFIX)?;
    SETTINGS.iter().find(|s| s.tag() == tag)
}

/// The settings that apply to `profile`, in table order.
pub fn applicable(profile: Profile) -> impl Iterator<Item = &'static Setting> {
    SETTINGS.iter().filter(move |s| s.applies.to(profile))
}

/// The preset whose widths, depth and feedovers `params` has, if any.
pub fn preset_of(params: &SearchParams) -> Option<Preset> {
    Preset::ALL.into_iter().find(|&p| {
        let q = SearchParams::preset(p);
        (q.widths == params.widths) && q.depth == params.depth && q.feedovers == params.feedovers
    })
}

/// The settings of `params` in one line, every setting that applies to its profile as `key
/// value`, then the preset they are, if any: `profile c197, fixes none, width 15,15,9,9,7,
/// depth 4, feedovers 2, secondary off, secondary-plies 2, repetition first, table draws,
/// hash-entries 32767 (tournament preset)`. The one place settings are written for people:
/// every output that shows a move of the program uses it.
pub fn line(params: &SearchParams) -> String {
    let words: Vec<String> = applicable(params.profile)
        .map(|s| format!("{} {}", s.key, s.get(params)))
        .collect();
    let preset = preset_of(params).map_or(String::new(), |p| format!(" ({p} preset)"));
    format!("{}{preset}", words.join(", "))
}

/// The settings tags of `params`: a tag for every setting that applies to its profile, in
/// table order, with its value.
pub fn tags(params: &SearchParams) -> Vec<(String, String)> {
    applicable(params.profile)
        .map(|s| (s.tag(), s.get(params)))
        .collect()
}

/// One setting given (on the command line): which, as the user spelt it, and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The setting's key.
    pub key: &'static str,
    /// The option as given, for a refusal: `--secondary`, `--hash-kb`.
    pub given: String,
    /// Its value, in the setting's own terms (`--hash-kb` converted to entries).
    pub value: String,
}

/// Settings given to change others (a record's, or the defaults): a preset, then settings one
/// by one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// A preset, which replaces the widths, depth and feedovers.
    pub preset: Option<Preset>,
    /// The settings given, in the order they are applied (the table's).
    pub items: Vec<Change>,
}

impl Changes {
    /// Whether nothing is changed.
    pub fn is_empty(&self) -> bool {
        self.preset.is_none() && self.items.is_empty()
    }

    /// `base` changed: the preset's widths, depth and feedovers, then each setting in table
    /// order, checked against the profile it then has (refused, named as given, under one it
    /// does not apply to), and the settings given checked against the others
    /// (`Changes::check_together`).
    pub fn apply(&self, base: &SearchParams) -> Result<SearchParams, ParamError> {
        let mut params = base.clone();
        if let Some(p) = self.preset {
            let preset = SearchParams::preset(p);
            params.widths = preset.widths;
            params.depth = preset.depth;
            params.feedovers = preset.feedovers;
        }
        for s in SETTINGS {
            for c in self.items.iter().filter(|c| c.key == s.key) {
                s.apply(&mut params, &c.given, &c.value)?;
            }
        }
        self.check_together(&params)?;
        Ok(params)
    }

    /// The setting `key` as given (the last, if given twice): `--secondary-plies 5`, or
    /// `--hash-kb (8533 entries)` for an option in other units.
    fn given(&self, key: &str) -> Option<String> {
        self.items.iter().rfind(|c| c.key == key).map(|c| {
            if c.given == format!("--{key}") {
                format!("{} {}", c.given, c.value)
            } else {
                format!("{} ({} entries)", c.given, c.value)
            }
        })
    }

    /// Refuses settings given that the others, in `params`, leave without effect or sense, as
    /// an option that does not apply to the profile is refused: only what was given is blamed
    /// (a default that another option makes pointless is left alone, unless that option is
    /// what was given).
    fn check_together(&self, params: &SearchParams) -> Result<(), ParamError> {
        let refuse = |given: String, why: &str| {
            Err(ParamError::Together {
                given,
                why: why.to_string(),
            })
        };
        if let Some(given) = self.given("secondary-plies")
            && !params.secondary()
        {
            return refuse(
                given,
                "changes nothing: the secondary search is off (c197 has none unless --secondary \
                 on)",
            );
        }
        if params.secondary() && params.secondary_plies == 0 {
            let given = self.given("secondary-plies").or(self.given("secondary"));
            if let Some(given) = given {
                return refuse(
                    given,
                    "leaves the secondary search no plies to add: give --secondary-plies 1 to \
                     20, or --secondary off",
                );
            }
        }
        let no_table = params.table_entries() == 0;
        match params.profile {
            Profile::C197(_) if no_table && params.table != TableUse::Off => {
                let why = format!(
                    "leaves c197's table, used for {} (--table {0}), no entries: c197 without a \
                     table is --table off",
                    params.table
                );
                if let Some(given) = self.given("hash-entries") {
                    return refuse(given, &why);
                }
                if let Some(given) = self.given("table") {
                    return refuse(
                        given,
                        "needs a table, and it has no entries (hash-entries 0): c197 without a \
                         table is --table off",
                    );
                }
            }
            Profile::C197(_) if params.table == TableUse::Off => {
                if let Some(given) = self.given("hash-entries") {
                    return refuse(
                        given,
                        "changes nothing: with --table off c197 has no table (give --table \
                         draws or values to use one)",
                    );
                }
            }
            Profile::Paper(_) if no_table && params.shadow_score => {
                if let Some(given) = self.given("hash-entries") {
                    return refuse(
                        given,
                        "leaves the shadow score (--shadow on) no table to be stored in",
                    );
                }
                if let Some(given) = self.given("shadow") {
                    return refuse(
                        given,
                        "stores the shadow score in the table, and it has no entries \
                         (hash-entries 0)",
                    );
                }
            }
            // No feedover starts past the depth + PAPER_FEEDOVER_PLIES (c197 has no such bound).
            Profile::Paper(_) if params.feedovers > PAPER_FEEDOVER_PLIES => {
                if let Some(given) = self.given("feedovers") {
                    return refuse(
                        given,
                        &format!(
                            "changes nothing beyond {PAPER_FEEDOVER_PLIES}: the paper's program \
                             starts no feedover at the depth + {PAPER_FEEDOVER_PLIES} or deeper"
                        ),
                    );
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// What the settings given change of the preset given (its widths, depth or feedovers),
    /// in words, for a note: `--width 9 (the quick preset's 4)`; empty if no preset was given
    /// or none of them changes.
    pub fn preset_overridden(&self) -> Vec<String> {
        let Some(preset) = self.preset else {
            return Vec::new();
        };
        let base = SearchParams::preset(preset);
        let mut out = Vec::new();
        for key in ["width", "depth", "feedovers"] {
            let (Some(c), Some(s)) = (self.items.iter().rfind(|c| c.key == key), find(key)) else {
                continue;
            };
            let mut p = base.clone();
            if s.apply(&mut p, &c.given, &c.value).is_ok() && s.get(&p) != s.get(&base) {
                out.push(format!(
                    "{} {} (the {preset} preset's {})",
                    c.given,
                    c.value,
                    s.get(&base)
                ));
            }
        }
        out
    }
}

/// A tag as it stands in a record, for messages: `[MachackDepth "25"]`.
pub fn tag_text(name: &str, value: &str) -> String {
    format!("[{name} \"{value}\"]")
}

/// Settings read from a record's tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromTags {
    /// The settings: the tags' values, the defaults where a tag is missing.
    pub params: SearchParams,
    /// The settings (keys) whose tags the record has.
    pub found: Vec<&'static str>,
    /// The settings (keys) that apply to its profile and have no tag: they take the default.
    pub missing: Vec<&'static str>,
}

/// The settings that the settings tags among `tags` name (other tags are not looked at), from
/// the defaults ([`SearchParams::default`]): the profile's tag first, then the others in table
/// order. A tag whose value is malformed or out of range, or that does not apply to the
/// profile, is refused with the tag and the range or the profiles named.
pub fn from_tags(tags: &[(String, String)]) -> Result<FromTags, ParamError> {
    let mut params = SearchParams::default();
    let mut found = Vec::new();
    for s in SETTINGS {
        let tag = s.tag();
        let Some((_, value)) = tags.iter().find(|(n, _)| *n == tag) else {
            continue;
        };
        let text = tag_text(&tag, value);
        s.apply(&mut params, &text, value).map_err(|e| match e {
            // The refusal already names the tag.
            e @ ParamError::NotForProfile { .. } => e,
            e => ParamError::Tag {
                tag: text.clone(),
                why: e.to_string(),
            },
        })?;
        found.push(s.key);
    }
    let missing = applicable(params.profile)
        .map(|s| s.key)
        .filter(|k| !found.contains(k))
        .collect();
    Ok(FromTags {
        params,
        found,
        missing,
    })
}

/// The settings of `params` that differ from those of `base`, as (key, value) in table order:
/// what a move played with `params` notes beside a record whose tags say `base`.
pub fn differences(base: &SearchParams, params: &SearchParams) -> Vec<(&'static str, String)> {
    let profile_changed = base.profile.name() != params.profile.name();
    applicable(params.profile)
        .filter(|s| profile_changed || s.get(base) != s.get(params))
        .map(|s| (s.key, s.get(params)))
        .collect()
}

/// The settings that differ between `base` and `params`, in words for a notice: `depth 4 -> 3`.
pub fn changes_text(base: &SearchParams, params: &SearchParams) -> Vec<String> {
    differences(base, params)
        .into_iter()
        .map(|(k, v)| {
            let was = find(k).map_or(String::new(), |s| s.get(base));
            format!("{k} {was} -> {v}")
        })
        .collect()
}

/// `base` with the settings `words` name changed (the inverse of [`differences`]); an unknown
/// key or a bad value is refused.
pub fn with_differences(
    base: &SearchParams,
    words: &[(String, String)],
) -> Result<SearchParams, ParamError> {
    let mut params = base.clone();
    for s in SETTINGS {
        if let Some((_, v)) = words.iter().find(|(k, _)| k == s.key) {
            s.apply(&mut params, &format!("{}={v}", s.key), v)?;
        }
    }
    if let Some((k, v)) = words.iter().find(|(k, _)| find(k).is_none()) {
        return Err(ParamError::Tag {
            tag: format!("{k}={v}"),
            why: format!(
                "'{k}' is not a setting (machack's are {})",
                SETTINGS
                    .iter()
                    .map(|s| s.key)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_the_keys_in_camel_case() {
        let names: Vec<String> = SETTINGS.iter().map(Setting::tag).collect();
        assert_eq!(
            names,
            [
                "MachackProfile",
                "MachackFixes",
                "MachackKnowledge",
                "MachackKingSafety",
                "MachackRatioDivisor",
                "MachackWidth",
                "MachackDepth",
                "MachackFeedovers",
                "MachackSecondary",
                "MachackSecondaryPlies",
                "MachackRepetition",
                "MachackTable",
                "MachackShadow",
                "MachackHashEntries",
            ]
        );
    }

    #[test]
    fn the_line_names_every_setting_of_the_profile() {
        let p = SearchParams::default();
        assert_eq!(
            line(&p),
            "profile c197, fixes none, width 15,15,9,9,7, depth 4, feedovers 2, secondary off, \
             secondary-plies 2, repetition first, table draws, hash-entries 32767 (tournament \
             preset)"
        );
        let mut p = SearchParams::preset(Preset::Normal);
        p.profile = "paper".parse().unwrap();
        p.depth = 3;
        assert_eq!(
            line(&p),
            "profile paper, knowledge 1967, king-safety paper, ratio-divisor 16, width 6, depth \
             3, feedovers 2, secondary on, secondary-plies 2, repetition first, shadow off, \
             hash-entries 32768"
        );
    }

    #[test]
    fn a_setting_under_another_profile_is_refused_with_both_named() {
        let mut p = SearchParams::default();
        let shadow = find("--shadow").unwrap();
        assert_eq!(
            shadow
                .apply(&mut p, "--shadow", "on")
                .unwrap_err()
                .to_string(),
            "--shadow does not apply to profile c197: it applies to profile paper only (c197's \
             table holds no shadow score)"
        );
        let mut p = SearchParams {
            profile: "paper".parse().unwrap(),
            ..SearchParams::default()
        };
        assert_eq!(
            find("fixes")
                .unwrap()
                .apply(&mut p, "--fixes", "all")
                .unwrap_err()
                .to_string(),
            "--fixes does not apply to profile paper: it applies to profile c197 only (the \
             fixes later versions made to c197's bugs)"
        );
        find("knowledge")
            .unwrap()
            .apply(&mut p, "k", "simple")
            .unwrap();
        assert!(
            find("king-safety")
                .unwrap()
                .apply(&mut p, "--king-safety", "paper")
                .unwrap_err()
                .to_string()
                .contains("applies to profile paper with knowledge 1967 only")
        );
    }

    #[test]
    fn tags_read_back_as_written() {
        let mut p = SearchParams::preset(Preset::Quick);
        p.profile = "paper".parse().unwrap();
        for (k, v) in [
            ("king-safety", "weak-squares"),
            ("ratio-divisor", "8"),
            ("secondary", "off"),
            ("secondary-plies", "3"),
            ("repetition", "tree-or-threefold"),
            ("shadow", "on"),
            ("hash-entries", "1000"),
        ] {
            find(k).unwrap().apply(&mut p, k, v).unwrap();
        }
        let back = from_tags(&tags(&p)).unwrap();
        assert_eq!(back.params, p);
        assert!(back.missing.is_empty());
        let c197 = SearchParams {
            profile: Profile::C197(Fixes::ALL),
            ..SearchParams::preset(Preset::Normal)
        };
        assert_eq!(from_tags(&tags(&c197)).unwrap().params, c197);
        let mut c197 = SearchParams::default();
        for (k, v) in [
            ("secondary", "on"),
            ("repetition", "tree-or-threefold"),
            ("table", "values"),
            ("hash-entries", "128"),
        ] {
            find(k).unwrap().apply(&mut c197, k, v).unwrap();
        }
        assert_eq!(from_tags(&tags(&c197)).unwrap().params, c197);
    }

    #[test]
    fn a_value_the_profile_has_of_its_own_is_the_profiles() {
        // Written out for a record, read back as the defaults they are: the same settings.
        let mut p = SearchParams::default();
        find("secondary")
            .unwrap()
            .apply(&mut p, "s", "off")
            .unwrap();
        find("hash-entries")
            .unwrap()
            .apply(&mut p, "h", "32767")
            .unwrap();
        assert_eq!(p, SearchParams::default());
        assert_eq!((p.secondary_search, p.hash_entries), (None, None));
        // Another profile then has its own.
        find("profile")
            .unwrap()
            .apply(&mut p, "p", "paper")
            .unwrap();
        assert_eq!((p.secondary(), p.table_entries()), (true, 32_768));
        find("secondary")
            .unwrap()
            .apply(&mut p, "s", "off")
            .unwrap();
        assert_eq!(p.secondary_search, Some(false));
        assert_eq!(
            find("table")
                .unwrap()
                .apply(&mut p, "--table", "off")
                .unwrap_err()
                .to_string(),
            "--table does not apply to profile paper: it applies to profile c197 only (the \
             paper's table always holds values; --hash-entries 0 is none)"
        );
    }

    #[test]
    fn bad_tags_are_refused_with_the_tag_and_the_range() {
        let tag = |n: &str, v: &str| vec![(n.to_string(), v.to_string())];
        assert_eq!(
            from_tags(&tag("MachackDepth", "25"))
                .unwrap_err()
                .to_string(),
            "tag [MachackDepth \"25\"]: depth '25' is not a whole number from 1 to 20"
        );
        assert_eq!(
            from_tags(&tag("MachackShadow", "on"))
                .unwrap_err()
                .to_string(),
            "[MachackShadow \"on\"] does not apply to profile c197: it applies to profile paper \
             only (c197's table holds no shadow score)"
        );
        assert!(
            from_tags(&tag("MachackProfile", "fortran"))
                .unwrap_err()
                .to_string()
                .starts_with("tag [MachackProfile \"fortran\"]: profile 'fortran' unknown")
        );
        let none = from_tags(&[]).unwrap();
        assert_eq!(none.params, SearchParams::default());
        assert_eq!(
            none.missing,
            [
                "profile",
                "fixes",
                "width",
                "depth",
                "feedovers",
                "secondary",
                "secondary-plies",
                "repetition",
                "table",
                "hash-entries"
            ]
        );
    }

    #[test]
    fn a_move_notes_only_the_settings_that_differ() {
        let base = SearchParams::default();
        let mut p = base.clone();
        p.depth = 3;
        let d = differences(&base, &p);
        assert_eq!(d, [("depth", "3".to_string())]);
        let words: Vec<(String, String)> = d.into_iter().map(|(k, v)| (k.into(), v)).collect();
        assert_eq!(with_differences(&base, &words).unwrap(), p);
        assert!(with_differences(&base, &[("speed".into(), "1".into())]).is_err());
    }
}
