//! The `machack` command: parses arguments and calls the library.

use clap::{Parser, Subcommand};
use machack::cli;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "machack",
    version,
    about = "Mac Hack VI (1967) recreated: a chess program in descriptive notation",
    long_about = "Mac Hack VI (1967) recreated: a chess program in descriptive notation.\n\
                  Without a command, plays a game at the terminal (as `machack play`).",
    args_conflicts_with_subcommands = true
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: cli::play::PlayArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (checks the move generator).
    Perft(cli::perft::PerftArgs),
    /// Play a game at the terminal, in descriptive notation (the default command).
    Play(cli::play::PlayArgs),
    /// Speak UCI on standard input and output.
    Uci(cli::uci::UciArgs),
    /// Speak CECP (xboard/WinBoard protocol 2) on standard input and output.
    Xboard(cli::xboard::XboardArgs),
    /// Show what the opening book holds, or write it as a Polyglot book.
    Book(cli::book::BookArgs),
    /// Replay a score (descriptive, PGN or a plain move list), printing each move and the final FEN.
    Replay(cli::replay::ReplayArgs),
    /// Write the games replayed against history and c197 as one self-contained HTML page.
    Report(cli::report::ReportArgs),
    /// Convert a score to PGN or to the descriptive score format.
    Convert(cli::convert::ConvertArgs),
    /// Search one position and print the choice, the top-level record and statistics.
    Think(cli::think::ThinkArgs),
    /// Search a fixed set of positions and report nodes, PMG calls, time and speed.
    Bench(cli::bench::BenchArgs),
    /// Search each position of an EPD file and check its bm/am operations.
    Epd(cli::epd::EpdArgs),
    /// Print the static evaluation term by term: c197's STVL4 (default) or the paper's
    ///
    /// c197's STVL4 terms (the default) from White's side, each with what it adds, the total so
    /// far, the paper's term it stands for and what it scores (MATB ~ B, PCRC ~ R, KSFFW and
    /// KSFFB ~ K, PSTVL ~ P; c197 has no C), ending with a pointer to --profile paper: the
    /// paper's S = B + R + P + K + C as the recreation computes it.
    Eval(cli::eval::EvalArgs),
    /// List every legal move with its plausibility, most plausible first.
    Plausible(cli::plausible::PlausibleArgs),
    /// Trace one move's plausibility rule by rule: c197's LMGR (default) or the paper's factors
    ///
    /// c197's LMGR (the default) rule by rule, each with what it adds to R, R after it, what it
    /// scores and the paper's factor it corresponds to, the total last, ending with a pointer
    /// to --profile paper: the paper's factors as the recreation of its generator scores them,
    /// each with a comment.
    Trace(cli::trace::TraceArgs),
    /// Time the plausible-move generator over the positions of a TSV file.
    BenchPmg(cli::bench_pmg::BenchArgs),
    /// Play a match against an external UCI or xboard engine and estimate the Elo difference.
    Match(cli::match_cmd::MatchArgs),
}

/// Output to a closed pipe (`machack think | head -1`) ends the program quietly, as a Unix filter
/// does: SIGPIPE's default action (the program ends by the signal, status 141 in a shell) instead
/// of Rust's (the signal ignored, then a panic in `println!`). Not for `match`, which writes to
/// engines that may exit at any time: there a closed pipe must be an error it can report and
/// score, and its own output handles a closed pipe itself.
#[cfg(unix)]
fn end_quietly_on_a_closed_pipe() {
    // SAFETY: signal(2) with SIG_DFL installs no handler; no other thread is running yet.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_quietly_on_a_closed_pipe() {}

/// SIGINT, SIGTERM and SIGHUP end a game without leaving a temporary file beside its record: a
/// signal that comes while the record is being written is held back until the write has ended
/// and its temporary file is gone
/// ([`disk::defer_signal`](machack::game::record::disk::defer_signal)), then the program ends by
/// it, as it would have at once: the record is whole and holds every move that was shown.
/// signal-hook installs the handler and ends the program by the signal.
#[cfg(unix)]
mod tidy_signals {
    use machack::game::record::disk;
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::low_level;

    /// Ends the program by `sig`, as if it had not been handled, the terminal given back first
    /// if the game's screen holds it. Async-signal-safe.
    fn end_by(sig: i32) {
        machack::player::tty::give_back_after_signal();
        // The default action of the three signals ends the program; should the signal not be
        // known to signal-hook, end it anyway.
        let _ = low_level::emulate_default_handler(sig);
        low_level::exit(128 + sig);
    }

    /// Whether `sig` is ignored (a game started with `nohup` has SIGHUP ignored).
    fn ignored(sig: i32) -> bool {
        // SAFETY: sigaction(2) with no new action only reads the current one into `old`, a
        // plain C struct for which all zeroes is a valid value.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, std::ptr::null(), &mut old) == 0
                && old.sa_sigaction == libc::SIG_IGN
        }
    }

    /// Installs the handler for the three signals, where they are not ignored: the handler ends
    /// the program now, unless a record is being written (then the write's end does, by
    /// [`end_by`]).
    pub fn install() {
        disk::on_deferred_signal(end_by);
        for sig in [SIGHUP, SIGINT, SIGTERM] {
            if ignored(sig) {
                continue; // ignored by whoever started us: it stays ignored
            }
            // SAFETY: the handler uses only atomic operations and async-signal-safe calls
            // (disk::defer_signal, end_by), as register requires.
            let _ = unsafe {
                low_level::register(sig, move || {
                    if !disk::defer_signal(sig) {
                        end_by(sig);
                    }
                })
            };
        }
    }
}

fn main() -> ExitCode {
    // Built with POPCNT (.cargo/config.toml): say so, rather than die of an illegal
    // instruction, on a processor without it.
    #[cfg(all(target_arch = "x86_64", target_feature = "popcnt"))]
    if !std::arch::is_x86_feature_detected!("popcnt") {
        eprintln!(
            "machack: this build uses the POPCNT instruction, which this processor lacks; \
             build it for this one with RUSTFLAGS=\"-C target-feature=-popcnt\" cargo build --release"
        );
        return ExitCode::from(1);
    }
    let args = Args::parse();
    if !matches!(args.command, Some(Command::Match(_))) {
        end_quietly_on_a_closed_pipe();
    }
    // The game writes its record as it goes; the other commands write no file a signal could
    // leave half made (`match` appends whole games to its PGN).
    #[cfg(unix)]
    if matches!(args.command, None | Some(Command::Play(_))) {
        tidy_signals::install();
    }
    let result = match args.command {
        Some(Command::Perft(a)) => cli::perft::run(&a),
        Some(Command::Think(a)) => cli::think::run(&a),
        Some(Command::Bench(a)) => cli::bench::run(&a),
        Some(Command::Epd(a)) => cli::epd::run(&a),
        Some(Command::Replay(a)) => cli::replay::run(&a),
        Some(Command::Report(a)) => cli::report::run(&a),
        Some(Command::Convert(a)) => cli::convert::run(&a),
        Some(Command::Play(a)) => cli::play::run(&a),
        Some(Command::Uci(a)) => cli::uci::run(&a),
        Some(Command::Xboard(a)) => cli::xboard::run(&a),
        Some(Command::Book(a)) => cli::book::run(&a),
        Some(Command::Eval(a)) => cli::eval::run(&a),
        Some(Command::Plausible(a)) => cli::plausible::run(&a),
        Some(Command::Trace(a)) => cli::trace::run(&a),
        Some(Command::BenchPmg(a)) => cli::bench_pmg::run(&a),
        Some(Command::Match(a)) => cli::match_cmd::run(&a),
        None => cli::play::run(&args.play),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("machack: {}", machack::notation::clip(&e));
            ExitCode::from(2)
        }
    }
}
