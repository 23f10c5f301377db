//! The settings options every command that searches or plays shares (`think`, `bench`, `epd`,
//! `replay --compare`, `report`, `play`, `match`, `uci`, `xboard`): the preset, the profile
//! (also taken by the debugging aids `plausible`, `eval` and `trace`, with the game position
//! they are given), the knowledge, the evaluator's variants, the search parameters (widths,
//! depth, feedovers, secondary search, repetitions, the table; paper §§4-10, c197's `NHSW`); and
//! the limits of one search.
//! Which option applies to which profile, and each value's range, are decided in one place
//! (`interface::settings`, `interface::params`): an option that does not apply to the profile in
//! force is refused, never ignored.

use super::CliError;
use crate::game::aids::NoAnswer;
use crate::interface::params::{check_node_limit, check_time_limit_ms, hash_entries_for_kb};
use crate::interface::settings::{Change, Changes};
use crate::interface::{
    Deepening, Limits, PaperKnowledge, ParamError, Preset, Profile, SearchParams, parse_depth,
};
use crate::notation;
use crate::paper::search::history_after;
use crate::rules::{Move, Position};

/// Which program a command shows or searches with: `--profile` and `--fixes` (the searching
/// commands and the debugging aids `plausible`, `eval`, `trace`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ProfileOptions {
    /// The program: c197 (the 1967-68 source, the default) or paper (the recreation of the 1967
    /// paper).
    #[arg(long)]
    pub profile: Option<String>,
    /// With --profile c197: later versions' fixes to turn on (promotions, passed-pawns,
    /// trade-policy, all).
    #[arg(long)]
    pub fixes: Option<String>,
}

impl ProfileOptions {
    /// The options given, as (setting, value), in the table's order.
    fn given(&self) -> Vec<(&'static str, String)> {
        [("profile", &self.profile), ("fixes", &self.fixes)]
            .into_iter()
            .filter_map(|(k, v)| v.clone().map(|v| (k, v)))
            .collect()
    }

    /// The profile these options name (default [`Profile::default`]), with its fixes.
    pub fn profile(&self) -> Result<Profile, CliError> {
        Ok(apply(SearchParams::default(), &self.given())?.profile)
    }
}

/// The variants of the paper's evaluator (the searching commands and `eval`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct EvaluatorOptions {
    /// With --profile paper: the king-safety term, paper (default) or weak-squares (after an
    /// early reading of c197's KINGSF).
    #[arg(long)]
    pub king_safety: Option<String>,
    /// With --profile paper: k of the piece-ratio term is 1/N (paper §3 prints 1/8; the
    /// source shifts by 4: default 16).
    #[arg(long)]
    pub ratio_divisor: Option<String>,
}

impl EvaluatorOptions {
    /// The options given, as (setting, value), in the table's order.
    fn given(&self) -> Vec<(&'static str, String)> {
        [
            ("king-safety", &self.king_safety),
            ("ratio-divisor", &self.ratio_divisor),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.clone().map(|v| (k, v)))
        .collect()
    }

    /// `profile` with the evaluator's variants these options name; refused under a profile
    /// they do not apply to (`interface::settings`).
    pub fn apply(&self, profile: Profile) -> Result<Profile, CliError> {
        let base = SearchParams {
            profile,
            ..SearchParams::default()
        };
        Ok(apply(base, &self.given())?.profile)
    }
}

/// `base` with the settings `given` as (key, value) applied in the table's order, each
/// checked against the profile it then has: an option that does not apply is refused with the
/// profile and the option named.
fn apply(base: SearchParams, given: &[(&'static str, String)]) -> Result<SearchParams, CliError> {
    let items = given
        .iter()
        .map(|(key, value)| Change {
            key,
            given: format!("--{key}"),
            value: value.clone(),
        })
        .collect();
    Changes {
        preset: None,
        items,
    }
    .apply(&base)
    .map_err(|e| e.to_string())
}

/// The knowledge a profile searches with, for the header of a command's output.
pub fn knowledge_name(profile: Profile) -> &'static str {
    match profile {
        Profile::C197(_) => "c197's own generator and evaluator (profile c197)",
        Profile::Paper(PaperKnowledge::K1967(_)) => {
            "1967 (the paper's evaluator and plausible-move generator)"
        }
        Profile::Paper(PaperKnowledge::Simple) => {
            "simple (teaching implementation, not the 1967 evaluator)"
        }
    }
}

/// What the debugging aids `plausible` and `trace` say when the program's generator has no
/// answer (see [`NoAnswer`]); `mv` is the move asked about, as typed.
pub fn no_answer(why: NoAnswer, mv: &str) -> CliError {
    match why {
        NoAnswer::Level => "--ply 0: c197's levels (LMGD2) start at 1, the top level".into(),
        NoAnswer::OnlyQueening => "c197 has no such move: it promotes only to a queen".into(),
        NoAnswer::Illegal => format!("'{mv}' is not legal here"),
    }
}

/// Finds the legal move written `text` (descriptive, SAN or coordinates) in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, CliError> {
    notation::parse_any(pos, text).map_err(|e| format!("{e} (in {})", pos.to_fen()))
}

/// What `--moves` takes, for its errors.
const MOVES_TAKE: &str = "--moves takes the moves as one text or as many words, in descriptive \
    notation (P-K4, N-KB3, PxP), SAN (e4, Nf3, exd5) or coordinates (e2e4, e7e8q), with or without \
    move numbers (1. 21...), check marks and a result, as PGN movetext is written";

/// The position after `fen` and `moves` (the words given, read together as one move list:
/// [`notation::read_moves`]), with the keys of the positions before it; an error names the
/// option that was wrong and, for a move, every notation accepted.
pub fn game_position(fen: &str, moves: &[String]) -> Result<(Position, Vec<u64>), CliError> {
    let start = Position::from_fen(fen).map_err(|e| format!("--fen: {e}"))?;
    let read = notation::read_moves(&start, &moves.join(" ")).map_err(|e| {
        let what = match &e.kind {
            notation::ReadErrorKind::Move {
                number,
                color,
                text,
                error,
                ..
            } => {
                let dots = if *color == crate::rules::Color::White {
                    "."
                } else {
                    "..."
                };
                format!("move {number}{dots} '{text}': {error}")
            }
            notation::ReadErrorKind::Syntax(s) | notation::ReadErrorKind::MoveNumber(s) => {
                s.clone()
            }
            notation::ReadErrorKind::Fen(s) => s.clone(),
        };
        format!("--moves: {what} ({MOVES_TAKE})")
    })?;
    let played: Vec<Move> = read.iter().map(|m| m.mv).collect();
    history_after(&start, &played).map_err(|m| format!("illegal move {m}"))
}

/// The settings of the program, as every command that searches or plays takes them (`think`,
/// `bench`, `epd`, `replay --compare`, `report`, `play`, `match`, `uci`, `xboard`): the preset,
/// then each setting of `interface::settings`, checked against the profile in force (an option
/// that does not apply to it is refused, exit 2).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SettingsOptions {
    /// Parameter preset: tournament (widths 15,15,9,9,7, depth 4; the default), normal (width
    /// 6, depth 4) or quick (width 4, depth 2).
    #[arg(long)]
    pub preset: Option<String>,
    /// The program and its fixes.
    #[command(flatten)]
    pub program: ProfileOptions,
    /// With --profile paper: chess knowledge, 1967 (the paper's evaluator and PMG, default) or
    /// simple (teaching).
    #[arg(long)]
    pub knowledge: Option<String>,
    /// The paper evaluator's variants.
    #[command(flatten)]
    pub evaluator: EvaluatorOptions,
    /// Widths per ply (1 to 255), the last repeating, e.g. 15,15,9,9,7.
    #[arg(long)]
    pub width: Option<String>,
    /// Basic depth in plies (1 to 20).
    #[arg(long)]
    pub depth: Option<String>,
    /// Most feedovers in one line (0 to 20).
    #[arg(long)]
    pub feedovers: Option<String>,
    /// The secondary search, on or off [default: on for --profile paper (§10), off for c197,
    /// which has none].
    #[arg(long)]
    pub secondary: Option<String>,
    /// Plies the secondary search adds (0 to 20).
    #[arg(long)]
    pub secondary_plies: Option<String>,
    /// Repetition policy: first (1967: a position met before, in the game or on the line, is
    /// a draw) or tree-or-threefold.
    #[arg(long)]
    pub repetition: Option<String>,
    /// With --profile paper: shadow score, on or off.
    #[arg(long)]
    pub shadow: Option<String>,
    /// With --profile c197: what its table is used for (NHSW): off (-1, c197 as assembled),
    /// draws (0, its initial value: the game's positions and the line's are draws; the
    /// default) or values (1: also the values of positions searched).
    #[arg(long)]
    pub table: Option<String>,
    /// Hash table entries (0: no table; at most 89478485, 1 GiB) [default: 32768 for
    /// --profile paper, 32767 for c197, its HTNE].
    #[arg(long, conflicts_with = "hash_kb")]
    pub hash_entries: Option<String>,
    /// Hash table size in kilobytes (1 to 1048576; entries = the most that fit at the paper
    /// table's 12 bytes an entry).
    #[arg(long)]
    pub hash_kb: Option<usize>,
}

impl SettingsOptions {
    /// The options given, as (setting, value), in the table's order (the preset and
    /// `--hash-kb` apart).
    fn given(&self) -> Vec<(&'static str, String)> {
        let mut given = self.program.given();
        given.extend(
            [("knowledge", &self.knowledge)]
                .into_iter()
                .filter_map(|(k, v)| v.clone().map(|v| (k, v))),
        );
        given.extend(self.evaluator.given());
        given.extend(
            [
                ("width", &self.width),
                ("depth", &self.depth),
                ("feedovers", &self.feedovers),
                ("secondary", &self.secondary),
                ("secondary-plies", &self.secondary_plies),
                ("repetition", &self.repetition),
                ("table", &self.table),
                ("shadow", &self.shadow),
                ("hash-entries", &self.hash_entries),
            ]
            .into_iter()
            .filter_map(|(k, v)| v.clone().map(|v| (k, v))),
        );
        given
    }

    /// The changes these options make to the settings they start from: the preset, then each
    /// setting given (`--hash-kb` as the entries it holds). A preset given with a width, depth
    /// or feedovers of another value is no longer that preset, and the settings line will not
    /// name it: a note on standard error says so.
    pub fn changes(&self) -> Result<Changes, CliError> {
        let changes = self.given_changes()?;
        let overridden = changes.preset_overridden();
        if let (Some(preset), false) = (changes.preset, overridden.is_empty()) {
            let verb = if overridden.len() == 1 {
                "overrides"
            } else {
                "override"
            };
            eprintln!(
                "machack: note: {} {verb} the {preset} preset: the settings are named by their \
                 values, not as the {preset} preset",
                overridden.join(", ")
            );
        }
        Ok(changes)
    }

    /// The changes the options given make, without a word.
    fn given_changes(&self) -> Result<Changes, CliError> {
        let preset = match &self.preset {
            Some(p) => Some(p.parse::<Preset>().map_err(|e| e.to_string())?),
            None => None,
        };
        let mut items: Vec<Change> = self
            .given()
            .into_iter()
            .map(|(key, value)| Change {
                key,
                given: format!("--{key}"),
                value,
            })
            .collect();
        if let Some(kb) = self.hash_kb {
            items.push(Change {
                key: "hash-entries",
                given: "--hash-kb".into(),
                value: hash_entries_for_kb(kb)
                    .map_err(|e| e.to_string())?
                    .to_string(),
            });
        }
        Ok(Changes { preset, items })
    }

    /// The settings these options describe, from the defaults ([`SearchParams::default`]).
    pub fn params(&self) -> Result<SearchParams, CliError> {
        self.params_over(&SearchParams::default())
    }

    /// The settings these options describe, starting from `base` (a record's settings): the
    /// preset, if named, replaces its widths and depth, then each option given replaces its
    /// setting; an option that does not apply to the profile is refused.
    pub fn params_over(&self, base: &SearchParams) -> Result<SearchParams, CliError> {
        self.changes()?.apply(base).map_err(|e| e.to_string())
    }
}

/// The limits of one search (`think`, `bench`, `epd`, `replay --compare`, `report`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct LimitOptions {
    /// Stop after this many nodes (at least 256: the limit is checked every 256 nodes, so the
    /// search stops at the first multiple of 256 at or past it).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds (1 to 604800000, a week).
    #[arg(long)]
    pub time_ms: Option<u64>,
}

impl LimitOptions {
    /// The limits these options describe.
    pub fn limits(&self) -> Result<Limits, CliError> {
        let text = |e: ParamError| e.to_string();
        Ok(Limits {
            stop: None,
            nodes: self.nodes.map(check_node_limit).transpose().map_err(text)?,
            time: self
                .time_ms
                .map(check_time_limit_ms)
                .transpose()
                .map_err(text)?,
            depth: None,
            deepen: Deepening::Off,
            searchmoves: Vec::new(),
        })
    }
}

/// The search options every searching command shares (`think`, `bench`, `epd`, `replay
/// --compare`, `report`): the settings and the limits.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SearchOptions {
    /// The settings of the program.
    #[command(flatten)]
    pub settings: SettingsOptions,
    /// When to stop a search early.
    #[command(flatten)]
    pub limit: LimitOptions,
}

impl SearchOptions {
    /// The settings these options describe, from the defaults.
    pub fn params(&self) -> Result<SearchParams, CliError> {
        self.settings.params()
    }

    /// The limits these options describe.
    pub fn limits(&self) -> Result<Limits, CliError> {
        self.limit.limits()
    }

    /// The limits of a search that deepens when `deepen` (`--deepen`: depth 1, 2, 3, … until
    /// `--time-ms` or `--nodes` runs out, or to `--depth`; one of them is needed), else the
    /// limits these options describe.
    pub fn deepening_limits(&self, deepen: bool) -> Result<Limits, CliError> {
        let mut limits = self.limits()?;
        if !deepen {
            return Ok(limits);
        }
        if self.settings.depth.is_none()
            && self.limit.time_ms.is_none()
            && self.limit.nodes.is_none()
        {
            return Err(
                "--deepen searches depth 1, 2, 3, ... until --time-ms or --nodes runs \
                        out, or to --depth: give one of them"
                    .into(),
            );
        }
        limits.deepen = Deepening::Analysis;
        if let Some(d) = &self.settings.depth {
            limits.depth = Some(parse_depth(d).map_err(|e| format!("{e}"))?);
        }
        Ok(limits)
    }
}
