//! `machack replay FILE [--game N]`: plays a score through, printing every move in descriptive
//! notation and SAN, and the final position's FEN as the last line.

use super::CliError;
use super::convert::StyleArg;
use super::think::{SearchOptions, value_text};
use crate::fidelity::compare::{CompareRow, Oracle, Summary, compare_game, mac_hack_side, ratio};
use crate::notation::{Game, Style, descriptive, read_games, san};
use crate::rules::Move;
use crate::rules::{Color, Status};
use crate::search::Preset;
use std::io::Read;

/// Arguments of `machack replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The score: a descriptive score, PGN or a plain numbered move list (`-` for standard input);
    /// with --compare, several files may be given.
    #[arg(required = true, num_args = 1..)]
    pub files: Vec<String>,
    /// Search every position where Mac Hack was to move (out of book) and compare with history.
    #[arg(long)]
    pub compare: bool,
    /// With --compare: a TSV of the 1973 program's choices (default: the paper games' run in
    /// `reference/c1973/`, compiled in).
    #[arg(long)]
    pub oracle: Option<String>,
    /// With --compare: the side Mac Hack played, if the White/Black tags do not name it.
    #[arg(long, value_parser = ["white", "black"])]
    pub side: Option<String>,
    #[command(flatten)]
    pub search: SearchOptions,
    /// Which game of the file, counted from 1 (default: the first).
    #[arg(long)]
    pub game: Option<usize>,
    /// How to print the descriptive moves (default: book).
    #[arg(long, value_enum)]
    pub style: Option<StyleArg>,
}

/// Prints to standard output, quietly stopping if the reader has gone (`| head`).
pub fn print_out(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Reads a whole file, or standard input for `-`.
pub fn read_input(file: &str) -> Result<String, CliError> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
    }
}

/// Reads game number `number` (from 1; default 1) of `file`.
pub fn load_game(file: &str, number: Option<usize>) -> Result<Game, CliError> {
    let text = read_input(file)?;
    let mut games = read_games(&text).map_err(|e| format!("{file}: {e}"))?;
    let n = number.unwrap_or(1);
    if n == 0 || n > games.len() {
        return Err(format!(
            "{file} has {} game(s); --game must be from 1 to {}",
            games.len(),
            games.len()
        ));
    }
    Ok(games.swap_remove(n - 1))
}

/// The numbered lines of a game: `  1. P-K4        e4       P-K4        e5`.
pub fn move_lines(game: &Game, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    let mut pos = game.start.clone();
    let mut line = String::new();
    for gm in &game.moves {
        let d = descriptive::format(&pos, gm.mv, style);
        let s = san::format(&pos, gm.mv);
        if pos.side_to_move() == Color::White {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = format!("{:>3}. {d:<14} {s:<8}", pos.fullmove_number());
        } else {
            if line.is_empty() {
                line = format!("{:>3}. {:<14} {:<8}", pos.fullmove_number(), "...", "");
            }
            line.push_str(&format!(" {d:<14} {s}"));
        }
        pos.make(gm.mv);
    }
    if !line.is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines.iter().map(|l| l.trim_end().to_string()).collect()
}

/// Replays the game and prints it, the result and, last, `FEN: <final position>`; or, with
/// `--compare`, the comparison with history.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    if args.compare {
        return compare(args);
    }
    let [file] = args.files.as_slice() else {
        return Err(format!(
            "replay takes one score file ({} given); several are allowed only with --compare",
            args.files.len()
        ));
    };
    let game = load_game(file, args.game)?;
    let mut out = String::new();
    for name in ["White", "Black", "Event", "Date"] {
        if let Some(v) = game.tag(name) {
            out.push_str(&format!("{name}: {v}\n"));
        }
    }
    let style = args.style.map_or(Style::Book, Style::from);
    for l in move_lines(&game, style) {
        out.push_str(&l);
        out.push('\n');
    }
    let last = game.final_position();
    let status = match last.status() {
        Status::Checkmate => " (checkmate)",
        Status::Stalemate => " (stalemate)",
        _ => "",
    };
    out.push_str(&format!("Result: {}{status}\n", game.result_text()));
    out.push_str(&format!("FEN: {}\n", last.to_fen()));
    print_out(&out);
    Ok(())
}

/// `replay --compare`: a row per position where Mac Hack was to move and out of book, then the
/// agreement figures per file and, for several files, in all.
fn compare(args: &ReplayArgs) -> Result<(), CliError> {
    let params = args.search.params(Preset::Tournament)?;
    let limits = args.search.limits()?;
    let (mut knowledge, knowledge_name) = args.search.knowledge()?;
    let oracle = match &args.oracle {
        None => Oracle::c1973_paper(),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            Oracle::read(&text).map_err(|e| format!("{path}: {e}"))?
        }
    };
    print_out(&format!(
        "parameters: widths {} depth {} feedovers {} secondary {}; knowledge {knowledge_name}; oracle: {} positions\n",
        params.widths,
        params.depth,
        params.feedovers,
        if params.secondary_search { "on" } else { "off" },
        oracle.len()
    ));
    let mut total = Summary::default();
    for file in &args.files {
        let game = load_game(file, args.game)?;
        let side = match args.side.as_deref() {
            Some("white") => Color::White,
            Some("black") => Color::Black,
            _ => mac_hack_side(&game).ok_or_else(|| {
                format!("{file}: neither the White nor the Black tag names Mac Hack; say which with --side white|black")
            })?,
        };
        let rows = compare_game(&game, side, &params, knowledge.as_mut(), &limits, &oracle);
        let summary = Summary::of(&rows);
        total = total + summary;
        let mut out = format!(
            "\n{file}: {} - {} (Mac Hack {})\n",
            game.tag("White").unwrap_or("?"),
            game.tag("Black").unwrap_or("?"),
            side.name()
        );
        out.push_str(&format!(
            "{:>7}  {:<11} {:<11} {:<5} {:>17} {:>4} {:>6} {:>8} {:>7}  {:<16} {}\n",
            "move",
            "1967",
            "recreation",
            "same",
            "value",
            "rank",
            "PMG",
            "1967 t",
            "printed",
            "1973",
            "principal variation"
        ));
        for r in &rows {
            out.push_str(&row_line(r));
        }
        out.push_str(&summary_line("summary", &summary));
        print_out(&out);
    }
    if args.files.len() > 1 {
        print_out(&format!("\n{}", summary_line("all games", &total)));
    }
    Ok(())
}

/// One comparison row.
fn row_line(r: &CompareRow) -> String {
    let pos = &r.position;
    let d = |m: Move| descriptive::format(pos, m, Style::Book);
    let oracle = match r.oracle {
        None => "-".to_string(),
        Some(None) => "(no move)".to_string(),
        Some(Some(m)) => {
            let mark = match (m == r.historical, Some(m) == r.chosen) {
                (true, true) => " =both",
                (true, false) => " =1967",
                (false, true) => " =ours",
                (false, false) => "",
            };
            format!("{}{mark}", d(m))
        }
    };
    format!(
        "{:>7}  {:<11} {:<11} {:<5} {:>17} {:>4} {:>6} {:>7.1}s {:>7}  {:<16} {}\n",
        r.number,
        d(r.historical),
        r.chosen.map_or("-".to_string(), d),
        if r.matches() { "yes" } else { "no" },
        value_text(r.value),
        r.pmg_rank,
        r.pmg_calls,
        r.time_1967.as_secs_f64(),
        r.printed_time.as_deref().unwrap_or("-"),
        oracle,
        descriptive::format_line(pos, &r.pv, Style::Book)
    )
}

/// The agreement figures in one line.
fn summary_line(label: &str, s: &Summary) -> String {
    format!(
        "{label}: positions {}, recreation = 1967 move {}, 1967 move in the PMG's first 6 {}; \
         1973 program answered {}: = recreation {}, = 1967 move {}\n",
        s.positions,
        ratio(s.matches, s.positions),
        ratio(s.in_first_six, s.positions),
        s.oracle_answered,
        ratio(s.oracle_matches, s.oracle_answered),
        ratio(s.oracle_historical, s.oracle_answered)
    )
}
