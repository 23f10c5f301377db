//! `machack match --engine CMD [options]`: machack against an external engine; a progress line
//! per game on stderr, each game appended to the PGN file as it ends, and at the end the score
//! and the Elo difference with its 95% interval on stdout.

use super::CliError;
use super::search_options::SettingsOptions;
use crate::game::clock::TimeControl;
use crate::game::record::Setup;
use crate::interface::settings;
use crate::matches::runner::{EngineSpec, MACHACK, MatchConfig, Protocol, play_match, today};
use crate::notation::pgn;
use crate::rules::Color;
use std::io::Write;

/// Arguments of `machack match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The engine's command (program and arguments, separated by spaces).
    #[arg(long)]
    pub engine: String,
    /// Its protocol: uci or xboard.
    #[arg(long, default_value = "uci")]
    pub engine_protocol: String,
    /// An engine option NAME=VALUE (repeatable), e.g. UCI_Elo=1350.
    #[arg(long = "engine-option")]
    pub engine_options: Vec<String>,
    /// Number of games (played in pairs: each opening once with each colour).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Time control for both sides, as play's --clock: MOVES/SECONDS (40/60),
    /// SECONDS[+INCREMENT] (60+0.5), both (40/60+1), or move/SECONDS.
    #[arg(long, default_value = "60+0.5")]
    pub tc: String,
    /// Machack's settings.
    #[command(flatten)]
    pub settings: SettingsOptions,
    /// Write every game to this PGN file (replaced at the start).
    #[arg(long)]
    pub pgn: Option<String>,
    /// Machack searches depth 1, 2, 3, ... within the time its clock allots a move (not in
    /// 1967: by default it searches once at the preset's depth); each move's depth goes in
    /// the PGN comment.
    #[arg(long)]
    pub deepen: bool,
    /// Draw a game that reaches this many plies (opening included).
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
}

/// Reads `NAME=VALUE`.
fn option_pair(text: &str) -> Result<(String, String), CliError> {
    match text.split_once('=') {
        Some((n, v)) if !n.trim().is_empty() => Ok((n.trim().to_string(), v.trim().to_string())),
        _ => Err(format!(
            "engine option '{text}' is not NAME=VALUE (e.g. UCI_Elo=1350)"
        )),
    }
}

/// The match the arguments describe.
pub fn config(args: &MatchArgs) -> Result<MatchConfig, CliError> {
    let protocol: Protocol = args.engine_protocol.parse()?;
    let options = args
        .engine_options
        .iter()
        .map(|o| option_pair(o))
        .collect::<Result<Vec<_>, _>>()?;
    let tc: TimeControl = args.tc.parse().map_err(|e| format!("--tc: {e}"))?;
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.max_plies == 0 {
        return Err("--max-plies must be at least 1".into());
    }
    Ok(MatchConfig {
        engine: EngineSpec {
            command: args.engine.clone(),
            protocol,
            options,
        },
        games: args.games,
        tc,
        params: args.settings.params()?,
        deepen: args.deepen,
        max_plies: args.max_plies,
    })
}

/// Plays the match and prints it.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let config = config(args)?;
    let mut pgn_file = match &args.pgn {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("cannot write '{path}': {e}"))?)
        }
        None => None,
    };
    let date = today();
    let started = std::time::Instant::now();
    let mut opponent = String::new();
    let end = play_match(&config, &mut |game, tally| {
        opponent = game.engine_name.clone();
        let (white, black) = match game.machack_color {
            crate::rules::Color::White => (MACHACK, game.engine_name.as_str()),
            crate::rules::Color::Black => (game.engine_name.as_str(), MACHACK),
        };
        // Progress only: a closed standard error does not end the match.
        let _ = writeln!(
            std::io::stderr(),
            "game {}/{}: {white} - {black} {} ({}; {}, {} plies) | machack +{} ={} -{} ({}/{})",
            game.number,
            config.games,
            game.ending.outcome.result_text(),
            game.ending.reason,
            game.opening.name,
            game.moves.len(),
            tally.wins,
            tally.draws,
            tally.losses,
            tally.points(),
            tally.games(),
        );
        if let (Some(f), Some(path)) = (pgn_file.as_mut(), &args.pgn) {
            // The record carries the program's settings, as the terminal game's does (machack
            // plays no book in a match: the openings are the match's).
            let mut record = game.to_game(&date);
            let setup = Setup {
                params: config.params.clone(),
                book: false,
                seed: None,
                plays: [
                    game.machack_color == Color::White,
                    game.machack_color == Color::Black,
                ],
            };
            record.tags.extend(setup.tags());
            f.write_all(pgn::write(&record).as_bytes())
                .and_then(|_| f.flush())
                .map_err(|e| format!("cannot write '{path}': {e}"))?;
        }
        Ok(())
    })?;
    let tally = end.tally;
    let summary = format!(
        "Score of {MACHACK} vs {opponent}: {}-{}-{} (W-D-L), {}/{} ({:.1}%), tc {}, {:.0} s\nsettings: {}\n{}\n",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.points(),
        tally.games(),
        100.0 * tally.points() / tally.games() as f64,
        config.tc,
        started.elapsed().as_secs_f64(),
        settings::line(&config.params),
        tally.elo()
    );
    // `match` keeps SIGPIPE ignored (see main.rs): output to a closed pipe ends it quietly here.
    match std::io::stdout().lock().write_all(summary.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("writing the result: {e}"))
        }
        _ => end.stopped.map_or(Ok(()), Err),
    }
}
