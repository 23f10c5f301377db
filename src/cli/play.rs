//! `machack play` (also `machack` alone): a game at the terminal in the manner of 1967.

use super::CliError;
use super::search_options::SettingsOptions;
use crate::game::clock;
use crate::player::account;
use crate::player::board::Display;
use crate::player::pace::Pace;
use crate::player::terminal::{Ended, PlayConfig, Session};
use std::io::IsTerminal;
use std::path::PathBuf;

/// Arguments of `machack play`.
#[derive(clap::Args, Debug, Default)]
pub struct PlayArgs {
    /// You play White (the default; with --resume, the record's sides): the machine plays
    /// Black.
    #[arg(long, conflicts_with = "black")]
    pub white: bool,
    /// You play Black: the machine plays White.
    #[arg(long)]
    pub black: bool,
    /// The program's settings (with --resume: the record's, which options given here change).
    #[command(flatten)]
    pub settings: SettingsOptions,
    /// The plain scrolling printout in upper-case ASCII, no colours, no thinking display (as
    /// through a pipe, or with TERM=dumb), instead of the screen a terminal gets (the board in
    /// place, both clocks ticking, the machine's search, the transcript; NO_COLOR draws its
    /// board in ASCII).
    #[arg(long)]
    pub teletype: bool,
    /// Time control: MOVES/SECONDS (50/7200 is the 1967 control), SECONDS+INCREMENT, both
    /// (40/600+1), or move/SECONDS [default: 40/600, or a resumed record's TimeControl].
    #[arg(long)]
    pub clock: Option<String>,
    /// Seed of the book's random choice (default: from the time; with --resume, the record's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Do not use the opening book (default: use it; with --resume, as the record says).
    #[arg(long)]
    pub no_book: bool,
    /// Continue the game recorded in FILE, in a record of its own that keeps FILE's tags (FILE
    /// is left as it is).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// With --resume: continue in FILE itself, replacing it atomically after every move (only
    /// a record as machack writes it; every tag is kept).
    #[arg(long, requires = "resume", conflicts_with = "record")]
    pub in_place: bool,
    /// Record the game in FILE, which must not exist yet (default: machack-YYYYMMDD-HHMMSS.pgn
    /// here, with a suffix if that is taken).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Answer no sooner than the PDP-6 would have: each search's 1967-equivalent time (PMG
    /// calls x 80 ms), times an optional factor (1967x0.1 is ten times faster); never past the
    /// time the clock allots a move (with the 1967 pace, `--clock 50/7200` is the 1967 control).
    #[arg(long, value_name = "1967[xFACTOR]")]
    pub pace: Option<String>,
    /// Search depth 1, 2, 3, ... within the time the clock allots a move, each depth to the
    /// end, and play the deepest's move (not in 1967: the program searched to its set depth).
    #[arg(long)]
    pub deepen: bool,
    /// Your name in the record [default: the account's, from USER or the user database].
    #[arg(long)]
    pub name: Option<String>,
}

/// Plays a game on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let clock = match &args.clock {
        Some(text) => Some(clock::parse(text).map_err(|e| format!("--clock: {e}"))?),
        None => None,
    };
    let pace = match &args.pace {
        Some(text) => Some(text.parse::<Pace>().map_err(|e| format!("--pace: {e}"))?),
        None => None,
    };
    let name = match &args.name {
        Some(n) if account::usable(n) => n.trim().to_string(),
        Some(n) => {
            return Err(format!(
                "--name: '{}' cannot name a player: a name is one line of text, not empty",
                crate::notation::excerpt(n)
            ));
        }
        None => account::default_name(|v| std::env::var(v).ok()),
    };
    let plays = match (args.white, args.black) {
        (_, true) => Some([true, false]),
        (true, false) => Some([false, true]),
        (false, false) => None,
    };
    let config = PlayConfig {
        plays,
        changes: args.settings.changes()?,
        clock,
        seed: args.seed,
        book: args.no_book.then_some(false),
        resume: args.resume.clone(),
        in_place: args.in_place,
        record: args.record.clone(),
        pace,
        deepen: args.deepen,
        name,
    };
    let stdout = std::io::stdout();
    let display = Display::choose(stdout.is_terminal(), args.teletype, |name| {
        std::env::var(name).ok()
    });
    let prompts = std::io::stdin().is_terminal();
    // The screen where both ends are a terminal that takes control sequences; the teletype
    // reads such a terminal's keys one by one (`--teletype`), other input (a pipe, a file,
    // `TERM=dumb`, whose programs send whole lines) line by line.
    let on_screen = prompts && display.live;
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    let keyed = prompts && stdout.is_terminal() && !dumb;
    let mut session = Session::new(&config, stdout.lock(), display, prompts)?;
    let ended = if on_screen {
        session.run_on_screen()
    } else if keyed {
        session.run_on_teletype()
    } else {
        session.run(std::io::BufReader::new(std::io::stdin()))
    };
    match ended.map_err(|e| format!("reading the input: {e}"))? {
        Ended::Recorded => Ok(()),
        Ended::Incomplete(why) => Err(why),
    }
}
