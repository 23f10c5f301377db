//! `machack report FILE... -o PAGE.html [options]`: the games replayed against history, c197 and
//! the 1973 program — compared as `replay --compare` compares them, through the same
//! [`Comparison`] — written as one self-contained HTML page, with progress on standard error
//! while the searches run.

use super::CliError;
use super::comparison::{CompareOptions, Comparison, side_in};
use super::io::read_input;
use crate::fidelity::compare::{CompareRow, Summary, ratio};
use crate::fidelity::report::{GameReport, Report};
use crate::notation::{Game, read_games};
use crate::program::settings;
use crate::rules::Color;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Arguments of `machack report`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// Score files (descriptive, PGN or a plain numbered move list; `-` for standard input);
    /// every game of each file is on the page.
    #[arg(required = true, num_args = 1..)]
    pub files: Vec<String>,
    /// The page to write (HTML).
    #[arg(short, long, value_name = "PAGE")]
    pub output: String,
    /// The yardsticks, the side Mac Hack played and the search, as for `replay --compare`.
    #[command(flatten)]
    pub compare_options: CompareOptions,
}

/// One game to report, read and checked before any search.
struct Input {
    source: String,
    game: Game,
    side: Color,
}

/// Reads every game of every file and finds the side Mac Hack played in each.
fn read_inputs(files: &[String], side: Option<&str>) -> Result<Vec<Input>, CliError> {
    let mut inputs = Vec::new();
    for file in files {
        let text = read_input(file)?;
        let games = read_games(&text).map_err(|e| format!("{file}: {e}"))?;
        if games.iter().all(|g| g.moves.is_empty()) {
            return Err(format!(
                "{file}: no moves in it; expected a score (descriptive, PGN or a numbered move list)"
            ));
        }
        let several = games.len() > 1;
        for (i, game) in games.into_iter().enumerate() {
            let source = if several {
                format!("{file}, game {}", i + 1)
            } else {
                file.clone()
            };
            let side = side_in(&game, side, &source)?;
            inputs.push(Input { source, game, side });
        }
    }
    Ok(inputs)
}

/// Says on standard error what the comparison makes of each game's settings (a record's
/// changed by the options, or none).
fn settings_notes(comparison: &Comparison, inputs: &[Input]) -> Result<(), CliError> {
    for input in inputs {
        for note in comparison.settings_of(&input.game, &input.source)?.1 {
            eprintln!("{note}");
        }
    }
    Ok(())
}

/// The number of positions of `game` where `side` is to move.
fn positions_to_search(game: &Game, side: Color) -> usize {
    let first = usize::from(game.start.side_to_move() != side);
    game.moves.len().saturating_sub(first).div_ceil(2)
}

/// Progress on standard error: a line per game, and on a terminal a count of positions while
/// each game is searched.
struct Progress {
    games: usize,
    live: bool,
}

impl Progress {
    /// One position of game `index` searched: `done` of `total`.
    fn position(&self, index: usize, source: &str, done: usize, total: usize) {
        if self.live {
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r\x1b[Kgame {}/{} {source}: {done}/{total} positions",
                index + 1,
                self.games
            );
            let _ = err.flush();
        }
    }

    /// Game `index` searched: its positions, time and first figure.
    fn game(&self, index: usize, source: &str, rows: &[CompareRow], started: Instant) {
        let s = Summary::of(rows);
        let clear = if self.live { "\r\x1b[K" } else { "" };
        eprintln!(
            "{clear}game {}/{} {source}: {} positions in {:.1} s, machack = 1967 {}",
            index + 1,
            self.games,
            s.positions,
            started.elapsed().as_secs_f64(),
            ratio(s.matches, s.out_of_book())
        );
    }
}

/// Compares every game and writes the page.
pub fn run(args: &ReportArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let options = &args.compare_options;
    // Everything that can be wrong is found before the first search: the options, the games,
    // the sides and the page's file, created now.
    let mut comparison = Comparison::new(options, options.c197.as_deref())?;
    let inputs = read_inputs(&args.files, options.side.as_deref())?;
    let mac_hack: Vec<_> = inputs.iter().map(|i| (&i.game, i.side)).collect();
    comparison.answering(&mac_hack);
    settings_notes(&comparison, &inputs)?;
    let mut page = std::fs::File::create(&args.output)
        .map_err(|e| format!("cannot write {}: {e}", args.output))?;
    let progress = Progress {
        games: inputs.len(),
        live: std::io::stderr().is_terminal(),
    };
    let mut games = Vec::new();
    for (index, Input { source, game, side }) in inputs.into_iter().enumerate() {
        let game_started = Instant::now();
        let total = positions_to_search(&game, side);
        let mut done = 0;
        let compared = comparison.game(&game, &source, side, &mut |_| {
            done += 1;
            progress.position(index, &source, done, total);
        })?;
        let rows = compared.rows;
        // A game searched with settings of its own (its record's) says so under its title.
        let source = if compared.params == comparison.params {
            source
        } else {
            format!("{source} (settings: {})", settings::line(&compared.params))
        };
        progress.game(index, &source, &rows, game_started);
        games.push(GameReport {
            source,
            game,
            side,
            rows,
        });
    }
    let report = Report {
        settings: comparison.settings(),
        games,
    };
    let html = report.html();
    page.write_all(html.as_bytes())
        .and_then(|()| page.flush())
        .map_err(|e| format!("cannot write {}: {e}", args.output))?;
    let positions: usize = report.games.iter().map(|g| g.rows.len()).sum();
    eprintln!(
        "wrote {}: {} game(s), {positions} positions compared, {} KB, in {:.1} s",
        args.output,
        report.games.len(),
        html.len().div_ceil(1024),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
