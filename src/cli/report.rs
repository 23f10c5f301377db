//! `machack report FILE... -o PAGE.html [options]`: the games replayed against history, c197 and
//! the 1973 program — compared as `replay --compare` compares them, through the same
//! [`Comparison`] — written as one self-contained HTML page, with progress on standard error
//! while the searches run. With `--engine DIR` (the folder `scripts/web.sh` writes), the page's
//! engine goes into the page, and each of Mac Hack's positions can be searched there ("think
//! here", [`crate::fidelity::report::engine`]).

use super::CliError;
use super::comparison::{CompareOptions, Comparison, jobs, side_in};
use super::io::read_input;
use crate::fidelity::compare::{CompareRow, Summary, ratio};
use crate::fidelity::report::engine::request_fields;
use crate::fidelity::report::{GameReport, PageEngine, Report, ThinkCommand};
use crate::game::record;
use crate::interface::{SearchParams, settings};
use crate::notation::{Game, read_games};
use crate::rules::Color;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

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
    /// The page's engine, as `scripts/web.sh` writes it: a folder holding machack.wasm,
    /// engine.js and worker.js, or the .wasm with those beside it. Each of Mac Hack's positions
    /// then gets "think here", which searches it in the reader's browser (doc/web.md).
    #[arg(long, value_name = "DIR")]
    pub engine: Option<String>,
    /// The yardsticks, the side Mac Hack played and the search, as for `replay --compare`.
    #[command(flatten)]
    pub compare_options: CompareOptions,
}

/// The page's engine of `--engine`: `DIR/machack.wasm`, `DIR/engine.js` and `DIR/worker.js`,
/// or the .wasm given and the scripts beside it.
fn page_engine(path: &str) -> Result<PageEngine, CliError> {
    let given = Path::new(path);
    let (wasm, dir) = if given.is_dir() {
        (given.join("machack.wasm"), given)
    } else {
        (
            given.to_path_buf(),
            given.parent().unwrap_or(Path::new(".")),
        )
    };
    let read = |p: &Path| {
        std::fs::read(p).map_err(|e| {
            format!(
                "--engine {path}: cannot read {}: {e} (scripts/web.sh DIR writes DIR/machack.wasm, \
                 DIR/engine.js and DIR/worker.js)",
                p.display()
            )
        })
    };
    let script = |name: &str| {
        String::from_utf8(read(&dir.join(name))?)
            .map_err(|_| format!("--engine {path}: {name} is not UTF-8 text"))
    };
    PageEngine::new(read(&wasm)?, script("engine.js")?, script("worker.js")?)
        .map_err(|e| format!("--engine {path}: {e}"))
}

/// One game to report, read and checked before any search.
struct Input {
    /// `FILE`, or `FILE, game K` when the file holds several.
    source: String,
    /// The file as given.
    file: String,
    /// Which game of the file, when it holds several (from 1).
    number: Option<usize>,
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
            let number = several.then_some(i + 1);
            let source = match number {
                Some(k) => format!("{file}, game {k}"),
                None => file.clone(),
            };
            let side = side_in(&game, side, &source)?;
            inputs.push(Input {
                source,
                file: file.clone(),
                number,
                game,
                side,
            });
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

/// Progress on standard error while the games are searched, several at once: a line per game
/// as it ends, and on a terminal a count of the positions searched, updated as each search ends.
struct Progress {
    games: usize,
    positions: usize,
    searched: usize,
    ended: usize,
    live: bool,
}

/// What a game's search reports as it goes.
enum Searched {
    /// One position searched.
    Position,
    /// The whole game: its line of progress.
    Game(String),
}

impl Progress {
    /// The count, on a terminal, in place of the last, until every game has ended.
    fn count(&self) {
        if self.live && self.ended < self.games {
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r\x1b[K{}/{} positions searched, {}/{} games",
                self.searched, self.positions, self.ended, self.games
            );
            let _ = err.flush();
        }
    }

    /// What a game reports.
    fn note(&mut self, note: Searched) {
        match note {
            Searched::Position => self.searched += 1,
            Searched::Game(line) => {
                self.ended += 1;
                let clear = if self.live { "\r\x1b[K" } else { "" };
                eprintln!("{clear}{line}");
            }
        }
        self.count();
    }
}

/// The line of progress of game `index` of `games` (named `source`), searched: its positions,
/// time and first figure.
fn game_line(
    index: usize,
    games: usize,
    source: &str,
    rows: &[CompareRow],
    took: Duration,
) -> String {
    let s = Summary::of(rows);
    format!(
        "game {}/{games} {source}: {} positions in {:.1} s, machack = 1967 {}",
        index + 1,
        s.positions,
        took.as_secs_f64(),
        ratio(s.matches, s.out_of_book())
    )
}

/// The label of a game searched with settings of its own (its record's): with them, so that the
/// page says so under its title.
fn labelled(source: &str, params: &SearchParams, comparison: &Comparison) -> String {
    if *params == comparison.params {
        source.to_string()
    } else {
        format!("{source} (settings: {})", settings::line(params))
    }
}

/// The `machack think` command that repeats the searches of `input` as the report made them,
/// with `params` (the record's settings as the options change them): the settings that
/// differ from the record's as options (`think --game` starts from the record's too), then the
/// limits given.
fn think_command(
    input: &Input,
    params: &SearchParams,
    options: &CompareOptions,
) -> Result<ThinkCommand, CliError> {
    let tags = record::Tags(input.game.tags.clone());
    let base = record::read_setup(&tags)
        .map_err(|e| format!("{}: {e}", input.source))?
        .params
        .unwrap_or_default();
    let mut words = Vec::new();
    for (key, value) in settings::differences(&base, params) {
        let option = settings::find(key).map_or_else(|| format!("--{key}"), |s| s.option());
        words.extend([option, value]);
    }
    let limit = &options.search.limit;
    if let Some(nodes) = limit.nodes {
        words.extend(["--nodes".to_string(), nodes.to_string()]);
    }
    if let Some(ms) = limit.time_ms {
        words.extend(["--time-ms".to_string(), ms.to_string()]);
    }
    Ok(ThinkCommand {
        file: input.file.clone(),
        game_number: input.number,
        options: words,
    })
}

/// Compares every game and writes the page.
pub fn run(args: &ReportArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let options = &args.compare_options;
    // Everything that can be wrong is found before the first search: the options, the games,
    // the sides and the page's file, created now.
    let mut comparison = Comparison::new(options, options.c197.as_deref())?;
    let engine = args.engine.as_deref().map(page_engine).transpose()?;
    let inputs = read_inputs(&args.files, options.side.as_deref())?;
    let mac_hack: Vec<_> = inputs.iter().map(|i| (&i.game, i.side)).collect();
    comparison.answering(&mac_hack);
    settings_notes(&comparison, &inputs)?;
    let mut page = std::fs::File::create(&args.output)
        .map_err(|e| format!("cannot write {}: {e}", args.output))?;
    let mut progress = Progress {
        games: inputs.len(),
        positions: inputs
            .iter()
            .map(|i| positions_to_search(&i.game, i.side))
            .sum(),
        searched: 0,
        ended: 0,
        live: std::io::stderr().is_terminal(),
    };
    progress.count();
    let mut games = Vec::new();
    // Each game searched whole on one thread, its searches in order; the page's games in the
    // order given.
    jobs::run(
        &inputs,
        comparison.jobs,
        |input| positions_to_search(&input.game, input.side),
        |index, input, report| {
            let game_started = Instant::now();
            let compared = comparison.game(&input.game, &input.source, input.side, &mut |_| {
                report(Searched::Position)
            })?;
            let source = labelled(&input.source, &compared.params, &comparison);
            report(Searched::Game(game_line(
                index,
                inputs.len(),
                &source,
                &compared.rows,
                game_started.elapsed(),
            )));
            Ok::<_, CliError>(compared)
        },
        |_, note| progress.note(note),
        |index, compared| {
            let compared = compared?;
            let input = &inputs[index];
            games.push(GameReport {
                source: labelled(&input.source, &compared.params, &comparison),
                think: think_command(input, &compared.params, options)?,
                engine_fields: request_fields(&compared.params, comparison.limits.nodes),
                game: input.game.clone(),
                side: input.side,
                rows: compared.rows,
                along: compared.along,
            });
            Ok::<_, CliError>(())
        },
    )?;
    let report = Report {
        settings: comparison.settings(),
        games,
        engine,
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
