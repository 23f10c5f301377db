//! `machack think [--fen FEN] [--moves M ...] [--preset P] [options]`: one search, printed with
//! its top-level record (paper §13, aid 5) and statistics (aid 6); the last line is
//! `bestmove <coordinate move>`.
//!
//! Knowledge: the 1967 evaluator and PMG ([`Knowledge1967`]) by default; `--knowledge simple`
//! selects the teaching implementation ([`SimpleKnowledge`]).

use super::CliError;
use crate::eval::{EvalParams, KingSafety};
use crate::notation::{
    self,
    descriptive::{self, Style},
    san,
};
use crate::rules::{Move, Position, START_FEN};
use crate::search::params::{
    check_feedovers, check_hash_entries, check_node_limit, check_secondary_plies,
    check_time_limit_ms, hash_entries_for_kb,
};
use crate::search::{
    Knowledge, Knowledge1967, Limits, ParamError, Preset, Profile, SearchParams, SearchResult,
    Searcher, SimpleKnowledge, TopBound, history_after, parse_depth, parse_switch,
};
use crate::value::{MATE, Value, is_mate};

/// The search options shared by `think`, `bench` and `epd`.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SearchOptions {
    /// Parameter preset: normal (width 6, depth 4), tournament (15,15,9,9,7, depth 4) or quick
    /// (width 4, depth 2).
    #[arg(long)]
    pub preset: Option<String>,
    /// The program: paper (the recreation of the 1967 paper) or c197 (the 1967-68 source).
    #[arg(long)]
    pub profile: Option<String>,
    /// With --profile c197: later versions' fixes to turn on (promotions, passed-pawns,
    /// trade-policy, all).
    #[arg(long)]
    pub fixes: Option<String>,
    /// Chess knowledge: 1967 (the paper's evaluator and PMG, default) or simple (teaching).
    #[arg(long)]
    pub knowledge: Option<String>,
    /// King-safety term of the 1967 evaluator: paper (default) or source (the c197 variant).
    #[arg(long)]
    pub king_safety: Option<String>,
    /// k of the piece-ratio term is 1/N (paper §3 prints 1/8; the source shifts by 4: default 16).
    #[arg(long)]
    pub ratio_divisor: Option<i64>,
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
        if let Some(p) = &self.profile {
            params.profile = p.parse().map_err(|e| format!("{e}"))?;
        }
        if let Some(f) = &self.fixes {
            let fixes = f.parse().map_err(|e| format!("--fixes: {e}"))?;
            match &mut params.profile {
                crate::search::Profile::C197(x) => *x = fixes,
                crate::search::Profile::Paper => {
                    return Err("--fixes applies to --profile c197 only".into());
                }
            }
        }
        if let Some(kb) = self.hash_kb {
            params.hash_entries = hash_entries_for_kb(kb).map_err(|e| e.to_string())?;
        }
        Ok(params)
    }

    /// The 1967 evaluator's parameters these options describe.
    pub fn eval_params(&self) -> Result<EvalParams, CliError> {
        let mut params = EvalParams::default();
        match self
            .king_safety
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("paper") => {}
            Some("source") => params.king_safety = KingSafety::Source,
            Some(other) => {
                return Err(format!(
                    "king safety '{other}' is unknown (use 'paper' or 'source')"
                ));
            }
        }
        if let Some(n) = self.ratio_divisor {
            if n < 1 {
                return Err(format!(
                    "--ratio-divisor {n}: k = 1/N needs N of at least 1 (default 16)"
                ));
            }
            params.ratio_divisor = n;
        }
        Ok(params)
    }

    /// The knowledge these options name, and its name for printing (the c197 profile brings
    /// its own and ignores it).
    pub fn knowledge(&self) -> Result<(Box<dyn Knowledge>, &'static str), CliError> {
        let (knowledge, name): (Box<dyn Knowledge>, &'static str) = match self
            .knowledge
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None | Some("1967") => (
                Box::new(Knowledge1967::new(self.eval_params()?)),
                "1967 (the paper's evaluator and plausible-move generator)",
            ),
            Some("simple") => (
                Box::new(SimpleKnowledge),
                "simple (teaching implementation, not the 1967 evaluator)",
            ),
            Some(other) => {
                return Err(format!(
                    "knowledge '{other}' is unknown (use '1967' or 'simple')"
                ));
            }
        };
        match self.params(Preset::Normal)?.profile {
            Profile::C197(_) => Ok((
                knowledge,
                "c197's own generator and evaluator (profile c197)",
            )),
            Profile::Paper => Ok((knowledge, name)),
        }
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
        })
    }
}

/// Arguments of `machack think`.
#[derive(clap::Args, Debug)]
pub struct ThinkArgs {
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves already played from that position, in coordinates (e2e4 e7e5 …).
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub search: SearchOptions,
}

/// How the front ends write a move: descriptive notation in the paper's book style.
pub fn move_text(pos: &Position, m: Move) -> String {
    descriptive::format(pos, m, Style::Book)
}

/// A line of moves from `pos` in descriptive notation (book style).
pub fn line_text(pos: &Position, line: &[Move]) -> String {
    descriptive::format_line(pos, line, Style::Book)
}

/// A value for people: pawns with two decimals (a pawn is 128), or a mate distance.
pub fn value_text(v: Value) -> String {
    if is_mate(v) {
        let plies = MATE - v.abs();
        format!("{}mate in {} plies", if v > 0 { "+" } else { "-" }, plies)
    } else {
        format!("{:+.2} ({v})", v as f64 / 128.0)
    }
}

/// Finds the legal move written `text` (descriptive, SAN or coordinates) in `pos`.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, CliError> {
    notation::parse_any(pos, text).map_err(|e| format!("{e} (in {})", pos.to_fen()))
}

/// The position after `fen` and `moves`, with the keys of the positions before it.
pub fn game_position(fen: &str, moves: &[String]) -> Result<(Position, Vec<u64>), CliError> {
    let start = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let mut pos = start.clone();
    let mut played = Vec::new();
    for text in moves {
        let m = parse_move(&pos, text)?;
        pos.make(m);
        played.push(m);
    }
    history_after(&start, &played).map_err(|m| format!("illegal move {m}"))
}

/// Prints the top-level record, the choice and the statistics.
pub fn print_result(pos: &Position, r: &SearchResult) {
    println!("top-level moves (in the order searched):");
    for (i, t) in r.top_level.iter().enumerate() {
        let value = match t.bound {
            TopBound::Exact => format!("= {}", value_text(t.value)),
            TopBound::AtMost => format!("<= {}", value_text(t.value)),
            TopBound::Interrupted => "interrupted".to_string(),
        };
        let secondary = t
            .secondary
            .map(|s| format!("  [secondary {}]", value_text(s)))
            .unwrap_or_default();
        println!(
            "{:>3}. {:<10} plausibility {:>5}  {:<13} {:<24} {}{}",
            i + 1,
            move_text(pos, t.mv),
            t.plausibility,
            format!("{:?}", t.selection),
            value,
            line_text(pos, &t.pv),
            secondary
        );
    }
    let unsearched: Vec<String> = r
        .plausibility
        .iter()
        .filter(|(m, _)| !r.top_level.iter().any(|t| t.mv == *m))
        .map(|(m, p)| format!("{} {p}", move_text(pos, *m)))
        .collect();
    if !unsearched.is_empty() {
        println!("not searched: {}", unsearched.join(", "));
    }
    match r.best_move {
        Some(m) => println!(
            "chosen: {} ({})  value {}",
            move_text(pos, m),
            san::format(pos, m),
            value_text(r.value)
        ),
        None => println!("no legal move: value {}", value_text(r.value)),
    }
    println!("pv: {}", line_text(pos, &r.pv));
    if r.stopped {
        println!("(stopped early by a limit)");
    }
    println!("statistics:");
    for line in r.stats.to_string().lines() {
        println!("  {line}");
    }
}

/// Runs one search and prints it.
pub fn run(args: &ThinkArgs) -> Result<(), CliError> {
    let params = args.search.params(Preset::Normal)?;
    let limits = args.search.limits()?;
    let (pos, history) = game_position(&args.fen, &args.moves)?;
    let (mut knowledge, name) = args.search.knowledge()?;
    println!("position: {}", pos.to_fen());
    if let Profile::C197(_) = params.profile {
        println!(
            "parameters: profile {} widths {} depth {} feedovers {} (c197 has no table, no \
             secondary search, no repetition draws)",
            params.profile, params.widths, params.depth, params.feedovers
        );
    } else {
        println!(
            "parameters: profile {} widths {} depth {} feedovers {} secondary {} ({} plies) repetition {} shadow {} hash {} entries",
            params.profile,
            params.widths,
            params.depth,
            params.feedovers,
            if params.secondary_search { "on" } else { "off" },
            params.secondary_plies,
            params.repetition,
            if params.shadow_score { "on" } else { "off" },
            params.hash_entries
        );
    }
    println!("knowledge: {name}");
    let mut searcher = Searcher::new(params);
    let r = searcher.search(knowledge.as_mut(), &pos, &history, &limits, None);
    print_result(&pos, &r);
    match r.best_move {
        Some(m) => println!("bestmove {}", m.coordinate()),
        None => println!("bestmove (none)"),
    }
    Ok(())
}
