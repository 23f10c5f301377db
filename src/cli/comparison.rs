//! What `replay --compare` and `report` share: their options, the search and the yardsticks set
//! up from them, and the side Mac Hack played. Both commands compare through [`Comparison`], so
//! the figures one prints and the other draws come from one code path.

use super::CliError;
use super::io::read_input;
use super::search_options::{SearchOptions, knowledge_name};
use super::show::wrap_list;
use crate::fidelity::compare::{
    CompareRow, Oracle, Yardsticks, compare_game_reporting, mac_hack_side,
};
use crate::fidelity::reference::Reference;
use crate::notation::Game;
use crate::program::{Limits, SearchParams, settings};
use crate::rules::Color;

/// The options of a comparison with history: the yardsticks and the search.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct CompareOptions {
    /// A TSV of the 1973 program's choices (default: the paper games' run in
    /// `reference/c1973/`, compiled in).
    #[arg(long)]
    pub oracle: Option<String>,
    /// A table of c197's answers (default: the compiled-in paper-game run at the search's
    /// widths, `reference/c197/paper-tournament.tsv` or `paper-default.tsv`).
    #[arg(long)]
    pub c197: Option<String>,
    /// The side Mac Hack played, if the White/Black tags do not name it.
    #[arg(long, value_parser = ["white", "black"])]
    pub side: Option<String>,
    /// The search options every thinking command takes.
    #[command(flatten)]
    pub search: SearchOptions,
}

/// The search and the yardsticks of a comparison, ready to compare games.
pub struct Comparison {
    /// The search parameters (the tournament preset unless the options name others).
    pub params: SearchParams,
    /// When to stop a search early.
    pub limits: Limits,
    /// The 1973 program's choices.
    pub oracle: Oracle,
    /// c197's answers: the table named, else the compiled-in run at the search's widths.
    pub c197: Option<Reference>,
}

impl Comparison {
    /// Sets up the comparison `options` describe; `c197` names the table of c197's answers to
    /// read (`--c197`, or `--positions` for replay), else the compiled-in run is chosen.
    pub fn new(options: &CompareOptions, c197: Option<&str>) -> Result<Comparison, CliError> {
        let params = options.search.params()?;
        let limits = options.search.limits()?;
        let oracle = match &options.oracle {
            None => Oracle::c1973_paper(),
            Some(path) => Oracle::read(&read_input(path)?).map_err(|e| format!("{path}: {e}"))?,
        };
        let c197 = match c197 {
            Some(path) => Some(Reference::read(&read_input(path)?, path)?),
            None => Reference::paper_for(&params),
        };
        Ok(Comparison {
            params,
            limits,
            oracle,
            c197,
        })
    }

    /// What is compared, in lines of at most 100 columns: the search's parameters and
    /// knowledge, c197's run, the 1973 program's.
    pub fn settings(&self) -> Vec<String> {
        let p = &self.params;
        let c197 = match &self.c197 {
            Some(c) => format!("{} positions\n  from {}", c.len(), c.source),
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

    /// Searches every position of `game` where `side` was to move and sets it beside the
    /// yardsticks, calling `on_row` as each search ends.
    pub fn game(
        &mut self,
        game: &Game,
        side: Color,
        on_row: &mut dyn FnMut(&CompareRow),
    ) -> Vec<CompareRow> {
        let yardsticks = Yardsticks {
            oracle: &self.oracle,
            c197: self.c197.as_ref(),
        };
        compare_game_reporting(game, side, &self.params, &self.limits, yardsticks, on_row)
    }
}

/// The side Mac Hack played in `game` (read from `file`): `side` (`white` or `black`) when the
/// options name it, else the side whose tag names Mac Hack.
pub fn side_in(game: &Game, side: Option<&str>, file: &str) -> Result<Color, CliError> {
    match side {
        Some("white") => Ok(Color::White),
        Some("black") => Ok(Color::Black),
        _ => mac_hack_side(game).ok_or_else(|| {
            format!(
                "{file}: neither the White nor the Black tag names Mac Hack; say which with \
                 --side white|black"
            )
        }),
    }
}
