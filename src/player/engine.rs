//! The engine the front ends drive: the search with its parameters, behind one small interface,
//! so the terminal game, UCI and CECP think the same way. Moves and values only: no text.

use crate::rules::{Key, Move, Position};
use crate::search::{self, Knowledge1967, Limits, Progress, SearchParams, Searcher};
use crate::value::Value;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The named parameter sets a user can pick with `--preset`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preset {
    /// The paper's "all 6 for normal play": width 6 at every ply, depth 4, 2 feedovers.
    Normal,
    /// The paper's tournament widths 15, 15, 9, 9, 7, depth 4.
    Tournament,
    /// Not from 1967: width 4, depth 2, for quick casual games and the tests.
    Quick,
}

impl FromStr for Preset {
    type Err = String;
    fn from_str(s: &str) -> Result<Preset, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "normal" => Ok(Preset::Normal),
            "tournament" => Ok(Preset::Tournament),
            "quick" => Ok(Preset::Quick),
            _ => Err(format!(
                "preset '{s}' unknown: choose normal (widths 6, depth 4), tournament \
                 (widths 15,15,9,9,7, depth 4) or quick (widths 4, depth 2)"
            )),
        }
    }
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

/// The search parameters a user can set (`SETW`, `SETD`, `SETF`, UCI options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Basic widths per ply, the last repeating (`SETW`).
    pub widths: Vec<u32>,
    /// Basic depth in plies (`SETD`).
    pub depth: u32,
    /// Most feedovers in one line (`SETF`).
    pub feedovers: u32,
    /// Hash table entries.
    pub hash_entries: usize,
}

impl Settings {
    /// The settings of a preset.
    pub fn preset(p: Preset) -> Settings {
        let (widths, depth) = match p {
            Preset::Normal => (vec![6], 4),
            Preset::Tournament => (vec![15, 15, 9, 9, 7], 4),
            Preset::Quick => (vec![4], 2),
        };
        Settings {
            widths,
            depth,
            feedovers: 2,
            hash_entries: 32 * 1024,
        }
    }

    /// The widths written `15,15,9,9,7`.
    pub fn widths_text(&self) -> String {
        let parts: Vec<String> = self.widths.iter().map(u32::to_string).collect();
        parts.join(",")
    }
}

/// Reads a width list: `15,15,9,9,7` or `15 15 9 9 7`, each from 1 to 255.
pub fn parse_widths(text: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
        match part.parse::<u32>() {
            Ok(w) if (1..=255).contains(&w) => out.push(w),
            _ => {
                return Err(format!(
                    "'{part}' is not a width from 1 to 255 (write e.g. 15,15,9,9,7)"
                ));
            }
        }
    }
    if out.is_empty() {
        return Err("no width given (write e.g. 6, or 15,15,9,9,7)".into());
    }
    Ok(out)
}

/// When to stop thinking.
#[derive(Clone, Debug, Default)]
pub struct ThinkLimits {
    /// Stop after this long, playing the best move found so far.
    pub time: Option<Duration>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Search this deep instead of the settings' depth.
    pub depth: Option<u32>,
    /// Set from another thread to stop.
    pub stop: Option<Arc<AtomicBool>>,
}

/// The outcome of thinking about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play (None when there is no legal move).
    pub best: Option<Move>,
    /// Its value for the side to move.
    pub value: Value,
    /// The principal variation, the move first.
    pub pv: Vec<Move>,
    /// The depth searched.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether a limit or the stop flag cut it short.
    pub stopped: bool,
}

/// The search with its parameters and table, kept from move to move, and the 1967 knowledge
/// (evaluator and plausible-move generator) it searches with.
pub struct Engine {
    /// The parameters of the next search.
    pub settings: Settings,
    searcher: Searcher,
    knowledge: Knowledge1967,
}

impl Engine {
    /// An engine with `settings`.
    pub fn new(settings: Settings) -> Engine {
        let searcher = Searcher::new(search_params(&settings, None));
        Engine {
            settings,
            searcher,
            knowledge: Knowledge1967::default(),
        }
    }

    /// Forgets what earlier searches stored (a new game, or moves taken back).
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Chooses a move for the side to move in `pos`; `history` holds the keys of the game's
    /// earlier positions, oldest first, `pos` excluded.
    pub fn think(
        &mut self,
        pos: &Position,
        history: &[Key],
        limits: &ThinkLimits,
        progress: &mut dyn FnMut(&Progress),
    ) -> Thought {
        let params = search_params(&self.settings, limits.depth);
        let depth = params.depth;
        self.searcher.params = params;
        let search_limits = Limits {
            stop: limits.stop.clone(),
            nodes: limits.nodes,
            time: limits.time,
        };
        let r = self.searcher.search(
            &mut self.knowledge,
            pos,
            history,
            &search_limits,
            Some(progress),
        );
        Thought {
            best: r.best_move,
            value: r.value,
            pv: r.pv,
            depth,
            nodes: r.stats.nodes,
            elapsed: r.stats.time,
            stopped: r.stopped,
        }
    }
}

/// The search's parameters for `settings`, the depth replaced by `depth` if given.
fn search_params(settings: &Settings, depth: Option<u32>) -> SearchParams {
    let mut p = SearchParams::preset(search::Preset::Normal);
    if let Ok(w) = search::WidthSchedule::new(settings.widths.clone()) {
        p.widths = w;
    }
    p.depth = depth.unwrap_or(settings.depth).clamp(1, 20);
    p.feedovers = settings.feedovers;
    p.hash_entries = settings.hash_entries.max(1);
    p
}

/// A value as UCI wants it: centipawns from the side to move (pawn = 128 → 100).
pub fn centipawns(v: Value) -> i32 {
    v * 100 / 128
}
