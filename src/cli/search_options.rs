//! The search options every searching command shares (`think`, `bench`, `epd`,
//! `replay --compare`): the preset, the profile (also taken by the debugging aids `plausible`,
//! `eval` and `trace`, with the game position they are given), the knowledge, the evaluator's
//! variants, the search parameters of the paper (widths, depth, feedovers, secondary search;
//! paper §§4-8) and the limits. Each value is checked against its range in one place
//! (`program::params`).

use super::CliError;
use crate::notation;
use crate::program::params::{
    check_feedovers, check_hash_entries, check_node_limit, check_secondary_plies,
    check_time_limit_ms, hash_entries_for_kb,
};
use crate::program::{
    Deepening, EvalParams, KingSafety, Limits, PaperKnowledge, ParamError, Preset, Profile,
    SearchParams, parse_depth, parse_switch,
};
use crate::rules::{Move, Position};
use crate::search::history_after;

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
    /// The profile these options name (default [`Profile::default`]), with its fixes.
    pub fn profile(&self) -> Result<Profile, CliError> {
        let mut profile = match &self.profile {
            Some(p) => p.parse().map_err(|e| format!("{e}"))?,
            None => Profile::default(),
        };
        if let Some(f) = &self.fixes {
            let fixes = f.parse().map_err(|e| format!("--fixes: {e}"))?;
            match &mut profile {
                Profile::C197(x) => *x = fixes,
                Profile::Paper(_) => return Err("--fixes applies to --profile c197 only".into()),
            }
        }
        Ok(profile)
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
    pub ratio_divisor: Option<i64>,
}

impl EvaluatorOptions {
    /// The evaluator's parameters these options name (the defaults where none is given).
    pub fn eval_params(&self) -> Result<EvalParams, CliError> {
        let mut eval = EvalParams::default();
        match self
            .king_safety
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("paper") => {}
            Some("weak-squares") => eval.king_safety = KingSafety::WeakSquares,
            Some(other) => {
                return Err(format!(
                    "king safety '{other}' is unknown (use 'paper' or 'weak-squares')"
                ));
            }
        }
        if let Some(n) = self.ratio_divisor {
            if n < 1 {
                return Err(format!(
                    "--ratio-divisor {n}: k = 1/N needs N of at least 1 (default 16)"
                ));
            }
            eval.ratio_divisor = n;
        }
        Ok(eval)
    }

    /// `profile` with the paper's knowledge these options and `knowledge` (`--knowledge`)
    /// name; refused under c197, which has its own generator and evaluator.
    pub fn apply(&self, knowledge: Option<&str>, profile: Profile) -> Result<Profile, CliError> {
        if knowledge.is_none() && self.king_safety.is_none() && self.ratio_divisor.is_none() {
            return Ok(profile);
        }
        if let Profile::C197(_) = profile {
            return Err(
                "--knowledge, --king-safety and --ratio-divisor apply to --profile \
                        paper only (c197 has its own generator and evaluator)"
                    .into(),
            );
        }
        let eval = self.eval_params()?;
        let knowledge = match knowledge.map(str::to_ascii_lowercase).as_deref() {
            None | Some("1967") => PaperKnowledge::K1967(eval),
            Some("simple") if self.king_safety.is_some() || self.ratio_divisor.is_some() => {
                return Err(
                    "--king-safety and --ratio-divisor are variants of the 1967 \
                            evaluator, not of --knowledge simple"
                        .into(),
                );
            }
            Some("simple") => PaperKnowledge::Simple,
            Some(other) => {
                return Err(format!(
                    "knowledge '{other}' is unknown (use '1967' or 'simple')"
                ));
            }
        };
        Ok(Profile::Paper(knowledge))
    }
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

/// c197's level (`LMGD2`) for `--ply N` of the debugging aids: the top level is 1.
pub fn c197_level(ply: u32) -> Result<u32, CliError> {
    if ply == 0 {
        return Err("--ply 0: c197's levels (LMGD2) start at 1, the top level".into());
    }
    Ok(ply)
}

/// Finds the legal move written `text` (descriptive, SAN or coordinates) in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, CliError> {
    notation::parse_any(pos, text).map_err(|e| format!("{e} (in {})", pos.to_fen()))
}

/// The position after `fen` and `moves`, with the keys of the positions before it; an error
/// names the option that was wrong.
pub fn game_position(fen: &str, moves: &[String]) -> Result<(Position, Vec<u64>), CliError> {
    let start = Position::from_fen(fen).map_err(|e| format!("--fen: {e}"))?;
    let mut pos = start.clone();
    let mut played = Vec::new();
    for text in moves {
        let m = parse_move(&pos, text).map_err(|e| format!("--moves: {e}"))?;
        pos.make(m);
        played.push(m);
    }
    history_after(&start, &played).map_err(|m| format!("illegal move {m}"))
}

/// The search options every searching command shares (`think`, `bench`, `epd`, `replay --compare`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SearchOptions {
    /// Parameter preset: normal (width 6, depth 4), tournament (15,15,9,9,7, depth 4) or quick
    /// (width 4, depth 2).
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
    pub feedovers: Option<u32>,
    /// Secondary search: on or off.
    #[arg(long)]
    pub secondary: Option<String>,
    /// Plies the secondary search adds (0 to 20).
    #[arg(long)]
    pub secondary_plies: Option<u32>,
    /// Repetition policy: first (1967) or tree-or-threefold.
    #[arg(long)]
    pub repetition: Option<String>,
    /// Shadow score: on or off.
    #[arg(long)]
    pub shadow: Option<String>,
    /// Hash table entries (0: no table; at most 89478485, 1 GiB).
    #[arg(long, conflicts_with = "hash_kb")]
    pub hash_entries: Option<usize>,
    /// Hash table size in kilobytes (1 to 1048576; entries = the most that fit).
    #[arg(long)]
    pub hash_kb: Option<usize>,
    /// Stop after this many nodes (at least 256: the limit is checked every 256 nodes, so the
    /// search stops at the first multiple of 256 at or past it).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds (1 to 604800000, a week).
    #[arg(long)]
    pub time_ms: Option<u64>,
}

impl SearchOptions {
    /// The parameters these options describe, starting from `default` unless a preset is named.
    pub fn params(&self, default: Preset) -> Result<SearchParams, CliError> {
        let preset = match &self.preset {
            Some(p) => p.parse().map_err(|e| format!("{e}"))?,
            None => default,
        };
        let mut params = SearchParams::preset(preset);
        params.profile = self.program.profile()?;
        params.profile = self
            .evaluator
            .apply(self.knowledge.as_deref(), params.profile)?;
        if let Some(w) = &self.width {
            params.widths = w.parse().map_err(|e| format!("{e}"))?;
        }
        if let Some(d) = &self.depth {
            params.depth = parse_depth(d).map_err(|e| format!("{e}"))?;
        }
        if let Some(f) = self.feedovers {
            params.feedovers = check_feedovers(f).map_err(|e| e.to_string())?;
        }
        if let Some(s) = &self.secondary {
            params.secondary_search = parse_switch(s).map_err(|e| format!("--secondary: {e}"))?;
        }
        if let Some(p) = self.secondary_plies {
            params.secondary_plies = check_secondary_plies(p).map_err(|e| e.to_string())?;
        }
        if let Some(r) = &self.repetition {
            params.repetition = r.parse().map_err(|e| format!("{e}"))?;
        }
        if let Some(s) = &self.shadow {
            params.shadow_score = parse_switch(s).map_err(|e| format!("--shadow: {e}"))?;
        }
        if let Some(n) = self.hash_entries {
            params.hash_entries = check_hash_entries(n).map_err(|e| e.to_string())?;
        }
        if let Some(kb) = self.hash_kb {
            params.hash_entries = hash_entries_for_kb(kb).map_err(|e| e.to_string())?;
        }
        Ok(params)
    }

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
        })
    }

    /// The limits of a search that deepens when `deepen` (`--deepen`: depth 1, 2, 3, … until
    /// `--time-ms` or `--nodes` runs out, or to `--depth`; one of them is needed), else the
    /// limits these options describe.
    pub fn deepening_limits(&self, deepen: bool) -> Result<Limits, CliError> {
        let mut limits = self.limits()?;
        if !deepen {
            return Ok(limits);
        }
        if self.depth.is_none() && self.time_ms.is_none() && self.nodes.is_none() {
            return Err(
                "--deepen searches depth 1, 2, 3, ... until --time-ms or --nodes runs \
                        out, or to --depth: give one of them"
                    .into(),
            );
        }
        limits.deepen = Deepening::Analysis;
        if let Some(d) = &self.depth {
            limits.depth = Some(parse_depth(d).map_err(|e| format!("{e}"))?);
        }
        Ok(limits)
    }
}
