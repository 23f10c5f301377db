//! What `replay --compare` and `report` share: their options, the search and the yardsticks set
//! up from them, and the side Mac Hack played. Both commands compare through [`Comparison`], so
//! the figures one prints and the other draws come from one code path, and both compare several
//! games at once ([`jobs`]).

use super::CliError;
use super::io::read_input;
use super::search_options::{SearchOptions, knowledge_name};
use super::show::wrap_list;
use crate::fidelity::compare::{
    CompareRow, Oracle, Yardsticks, compare_game_played, mac_hack_positions, mac_hack_side,
    searches_of,
};
use crate::fidelity::reference::Reference;
use crate::game::record;
use crate::interface::settings::{self, Changes};
use crate::interface::{Limits, SearchParams};
use crate::notation::Game;
use crate::rules::{Color, Position};
use std::collections::HashMap;
use std::num::NonZeroUsize;

pub mod jobs;

/// The options of a comparison with history: the yardsticks and the search.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct CompareOptions {
    /// A TSV of the 1973 program's choices (default: the paper games' run in
    /// `reference/c1973/`, compiled in).
    #[arg(long)]
    pub oracle: Option<String>,
    /// A table of c197's answers (default: the compiled-in runs at the search's widths that
    /// answer the games' positions, `reference/c197/paper-tournament.tsv` and
    /// `games-tournament.tsv`, or `paper-default.tsv` and `games-default.tsv`).
    #[arg(long)]
    pub c197: Option<String>,
    /// The side Mac Hack played, if the White/Black tags do not name it.
    #[arg(long, value_parser = ["white", "black"])]
    pub side: Option<String>,
    /// Games searched at once, each whole on one thread, its searches in order (default: as
    /// many as the machine has processors); the output is the same whatever the number.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<NonZeroUsize>,
    /// The search options every thinking command takes.
    #[command(flatten)]
    pub search: SearchOptions,
}

/// `--jobs N`: a number of threads, 1 or more.
fn parse_jobs(text: &str) -> Result<NonZeroUsize, String> {
    text.parse::<NonZeroUsize>()
        .map_err(|_| format!("'{text}' is not a number of threads: expected 1, 2, 3, ..."))
}

/// The search and the yardsticks of a comparison, ready to compare games.
pub struct Comparison {
    /// The search parameters: the defaults (the tournament preset) changed by the options. A
    /// game whose record names its settings is searched with those, changed by the options.
    pub params: SearchParams,
    /// What the options change.
    changes: Changes,
    /// When to stop a search early.
    pub limits: Limits,
    /// The 1973 program's choices.
    pub oracle: Oracle,
    /// c197's answers: the table named, else the compiled-in runs at the search's widths that
    /// answer the games' positions.
    pub c197: Option<Reference>,
    /// Whether the table was named (`--c197`, `--positions`), rather than chosen by widths.
    c197_named: bool,
    /// How many games to search at once (`--jobs`, else the machine's processors).
    pub jobs: usize,
}

/// One game compared.
pub struct Compared {
    /// A row per position of Mac Hack's side.
    pub rows: Vec<CompareRow>,
    /// The settings it was searched with.
    pub params: SearchParams,
    /// Whether the positions machack itself searched in the game (a record it wrote) were
    /// compared with those searches, repeated along the game with the run state they had.
    pub along: bool,
}

impl Comparison {
    /// Sets up the comparison `options` describe (every option checked before any file is
    /// read); `c197` names the table of c197's answers to read (`--c197`, or `--positions` for
    /// replay), else [`Comparison::answering`] chooses the compiled-in runs.
    pub fn new(options: &CompareOptions, c197: Option<&str>) -> Result<Comparison, CliError> {
        let changes = options.search.settings.changes()?;
        let params = changes
            .apply(&SearchParams::default())
            .map_err(|e| e.to_string())?;
        let limits = options.search.limits()?;
        let oracle = match &options.oracle {
            None => Oracle::c1973_paper(),
            Some(path) => Oracle::read(&read_input(path)?).map_err(|e| format!("{path}: {e}"))?,
        };
        let c197_named = c197.is_some();
        let c197 = match c197 {
            Some(path) => Some(Reference::read(&read_input(path)?, path)?),
            None => None,
        };
        Ok(Comparison {
            params,
            changes,
            limits,
            oracle,
            c197,
            c197_named,
            jobs: jobs::count(options.jobs),
        })
    }

    /// Unless a table was named, takes the compiled-in runs at the search's widths that answer
    /// Mac Hack's positions in `games` (each with the side Mac Hack played): the paper games'
    /// run, the further games' run, or both.
    pub fn answering(&mut self, games: &[(&Game, Color)]) {
        if !self.c197_named {
            self.c197 =
                Reference::answering(Reference::compiled_for(&self.params), &positions_of(games));
        }
    }

    /// The settings `game` is searched with: its record's (its settings tags, the defaults
    /// where it has none), changed by the options; and what to tell the user about them
    /// (`label` names the game), for standard error.
    pub fn settings_of(
        &self,
        game: &Game,
        label: &str,
    ) -> Result<(SearchParams, Vec<String>), CliError> {
        let tags = record::Tags(game.tags.clone());
        let setup = record::read_setup(&tags).map_err(|e| format!("{label}: {e}"))?;
        let mut notes = Vec::new();
        let base = match setup.params.clone() {
            Some(p) => p,
            None => {
                let options = if self.changes.is_empty() {
                    ""
                } else {
                    ", as the options change them"
                };
                notes.push(format!(
                    "{label}: no settings tags: searched with the defaults{options}"
                ));
                SearchParams::default()
            }
        };
        let params = self
            .changes
            .apply(&base)
            .map_err(|e| format!("{label}: {e}"))?;
        let changed: Vec<String> = settings::changes_text(&base, &params);
        if !changed.is_empty() && setup.params.is_some() {
            notes.push(format!(
                "{label}: the options change the record's settings: {}",
                changed.join(", ")
            ));
        }
        Ok((params, notes))
    }

    /// What is compared, in lines of at most 100 columns: the search's parameters and
    /// knowledge, c197's run, the 1973 program's.
    pub fn settings(&self) -> Vec<String> {
        let p = &self.params;
        let c197 = match &self.c197 {
            Some(c) => format!(
                "{} positions{}",
                c.len(),
                c.source
                    .lines()
                    .map(|s| format!("\n  from {s}"))
                    .collect::<String>()
            ),
            None => format!(
                "no compiled-in run at widths {} depth {}\n  (there are runs at 15,15,9,9,7 and \
                 at 6, depth 4; --c197 FILE names a table)",
                p.widths, p.depth
            ),
        };
        let mut lines = wrap_list(&format!("settings: {}", settings::line(p)), 100);
        lines.extend(
            format!(
                "knowledge: {}\nc197: {c197}\n1973 program: {} positions",
                knowledge_name(p.profile),
                self.oracle.len()
            )
            .lines()
            .map(str::to_string),
        );
        lines
    }

    /// Searches every position of `game` (named `label`) where `side` was to move, with the
    /// game's settings ([`Comparison::settings_of`]), and sets it beside the yardsticks,
    /// calling `on_row` as each search ends. In a game machack played (a record it wrote), the
    /// positions where it searched are compared with its searches repeated along the game, as
    /// it made them (`game::rerun`), unless the options change its settings; every other
    /// position is searched alone, from the game's earlier moves.
    pub fn game(
        &self,
        game: &Game,
        label: &str,
        side: Color,
        on_row: &mut dyn FnMut(&CompareRow),
    ) -> Result<Compared, CliError> {
        let (params, _) = self.settings_of(game, label)?;
        let played = record::recorded(game).map_err(|e| format!("{label}: {e}"))?;
        let unchanged = record::read_setup(&played.tags)
            .ok()
            .and_then(|s| s.params)
            .is_none_or(|p| p == params);
        let searches = if unchanged {
            searches_of(&played.game, &params)
        } else {
            HashMap::new()
        };
        let own_table;
        // The named table; else the compiled-in runs at the game's own settings that answer
        // its positions (those of the header when the game has the comparison's settings).
        let c197 = if self.c197_named || params == self.params {
            self.c197.as_ref()
        } else {
            own_table = Reference::answering(
                Reference::compiled_for(&params),
                &positions_of(&[(game, side)]),
            );
            own_table.as_ref()
        };
        let yardsticks = Yardsticks {
            oracle: &self.oracle,
            c197,
        };
        let rows = compare_game_played(
            game,
            side,
            &params,
            &self.limits,
            yardsticks,
            &searches,
            on_row,
        );
        Ok(Compared {
            rows,
            params,
            along: !searches.is_empty(),
        })
    }
}

/// Every position of `games` where Mac Hack was to move.
fn positions_of(games: &[(&Game, Color)]) -> Vec<Position> {
    games
        .iter()
        .flat_map(|&(game, side)| mac_hack_positions(game, side))
        .collect()
}

/// The side Mac Hack played in `game` (read from `file`): `side` (`white` or `black`) when the
/// options name it, else the one side its `MachackPlays` tag names, else the side whose tag
/// names Mac Hack.
pub fn side_in(game: &Game, side: Option<&str>, file: &str) -> Result<Color, CliError> {
    let tags = record::Tags(game.tags.clone());
    let plays = record::read_setup(&tags).ok().and_then(|s| s.plays);
    match (side, plays) {
        (Some("white"), _) | (None, Some([true, false])) => Ok(Color::White),
        (Some("black"), _) | (None, Some([false, true])) => Ok(Color::Black),
        _ => mac_hack_side(game).ok_or_else(|| {
            format!(
                "{file}: neither the White nor the Black tag names Mac Hack; say which with \
                 --side white|black"
            )
        }),
    }
}
