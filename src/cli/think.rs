//! `machack think [--fen FEN] [--moves M ...] [--preset P] [--lines N] [--deepen] [options]`:
//! one search, printed with its top-level record (paper §13, aid 5) and statistics (aid 6);
//! the last line is `bestmove <coordinate move>`. With `--lines N`, the N principal lines
//! after the record; with `--deepen`, a line for each depth searched to the end before it.
//!
//! `machack think --game FILE --ply N`: the search behind move N of a recorded game, as the
//! program saw it when it played it: with the record's settings, and, in a game machack played,
//! with the run state its earlier searches left (repeated in order, `game::rerun`) and the node
//! limit the clock stopped it at; then the move and value played beside the search's.
//!
//! Knowledge: the 1967 evaluator and PMG ([`crate::paper::search::Knowledge1967`]) by default;
//! `--knowledge simple` selects the teaching implementation
//! ([`crate::paper::search::SimpleKnowledge`]).

use super::CliError;
use super::io::games_in;
use super::search_options::{SearchOptions, game_position, knowledge_name};
use super::show::{Written, no_move_text, value_text};
use crate::book::Book;
use crate::game::Engine;
use crate::game::deepening::{self, Report, Searched};
use crate::game::record;
use crate::game::rerun::{limits_of, rerun};
use crate::interface::params::check_multi_pv;
use crate::interface::{SearchParams, SearchResult, TopBound, settings};
use crate::paper::search::history_after;
use crate::rules::{Move, Position, START_FEN};

/// Arguments of `machack think`.
#[derive(clap::Args, Debug)]
pub struct ThinkArgs {
    /// The position (default: the start position).
    #[arg(long, default_value = START_FEN)]
    pub fen: String,
    /// Moves already played from that position, in any notation: descriptive (P-K4 P-K4),
    /// SAN (e4 e5) or coordinates (e2e4 e7e5), with or without move numbers (1. e4 e5 2. Nf3).
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// A recorded game (a record machack wrote, a score, any PGN): search the position of its
    /// move --ply as the program saw it when it played that move.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "moves"], requires = "ply")]
    pub game: Option<String>,
    /// With --game: the move, counted in plies from 1 (White's first move is 1; 21... is 42).
    #[arg(long, requires = "game")]
    pub ply: Option<usize>,
    /// With --game: which game of the file, counted from 1 (when it holds several).
    #[arg(long, requires = "game")]
    pub game_number: Option<usize>,
    /// Principal lines: the chosen move's, then the next best top-level moves' with their
    /// exact values, N in all (1 to 255; more than the moves there are gives one a move; not
    /// in 1967) [default: 1]
    #[arg(long, value_name = "N")]
    pub lines: Option<u32>,
    /// Search depth 1, 2, 3, ... until --time-ms or --nodes runs out, or to --depth, a line
    /// for each depth searched to the end; the deepest's record follows (not in 1967).
    #[arg(long)]
    pub deepen: bool,
    /// Write the moves and lines in SAN (Nf3, Bb5+) instead of descriptive notation (N-KB3,
    /// B-QN5ch), the 1967 program's and the default.
    #[arg(long)]
    pub san: bool,
    /// The search options every thinking command takes.
    #[command(flatten)]
    pub search: SearchOptions,
}

/// The top-level record's legend, under its rows.
const LEGEND: &str = "\
why searched: width = among the most plausible the width allows; must-search = flagged by the
  plausible-move generator (check, fork, capture); safe check, capture, other piece = added by
  width heuristics 1-3 (paper section 6: a safe check, a capture at level 1 or 2, a move of a man
  not yet examined); lines = past the width, for the lines --lines asks (not in 1967)
value: for the side to move, in pawns and (in brackets) units of 1/128 pawn; = exact; <= at most
  (no better than a move searched before it); mate in N: the side to move mates with its Nth move;
  secondary: the value after the secondary search (paper section 7)";

/// The top-level record as text, moves and lines written `w`: one row per move searched, under
/// a heading and over a legend.
pub fn record_text(pos: &Position, r: &SearchResult, w: Written) -> String {
    let mut out = format!(
        "top-level moves, in the order searched ({} to move):\n{:>4}  {:<11} {:>12}  {:<13} {:<19} {}\n",
        pos.side_to_move().name(),
        "#",
        "move",
        "plausibility",
        "why searched",
        "value",
        "main line"
    );
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
        out.push_str(&format!(
            "{:>4}. {:<11} {:>12}  {:<13} {:<19} {}{}\n",
            i + 1,
            w.mv(pos, t.mv),
            t.plausibility,
            t.selection.words(),
            value,
            w.line(pos, &t.pv),
            secondary
        ));
    }
    out.push_str(LEGEND);
    out.push('\n');
    out
}

/// Prints the top-level record, the choice and the statistics, moves and lines written `w`.
pub fn print_result(pos: &Position, r: &SearchResult, w: Written) {
    if let Some(ending) = no_move_text(pos) {
        println!("no legal move: {ending}");
        return;
    }
    for a in &r.approximations {
        println!("note: {a}");
    }
    print!("{}", record_text(pos, r, w));
    let unsearched: Vec<String> = r
        .plausibility
        .iter()
        .filter(|(m, _)| !r.top_level.iter().any(|t| t.mv == *m))
        .map(|(m, p)| format!("{} {p}", w.mv(pos, *m)))
        .collect();
    if !unsearched.is_empty() {
        println!(
            "not searched (move and plausibility): {}",
            unsearched.join(", ")
        );
    }
    if let Some(m) = r.best_move {
        println!(
            "chosen: {} ({})  value {}",
            w.mv(pos, m),
            w.other().mv(pos, m),
            value_text(r.value)
        );
    }
    println!("pv: {}", w.line(pos, &r.pv));
    if r.lines.len() > 1 {
        print!("{}", lines_text(pos, r, w));
    }
    if r.stopped {
        println!("(stopped early by a limit)");
    }
    println!("statistics:");
    for line in r.stats.to_string().lines() {
        println!("  {line}");
    }
}

/// The principal lines, numbered, each with its value and line.
fn lines_text(pos: &Position, r: &SearchResult, w: Written) -> String {
    let mut out = String::from("lines (the chosen move's first, then the next best):\n");
    for (i, l) in r.lines.iter().enumerate() {
        out.push_str(&format!(
            "{:>4}. {:<19} {}\n",
            i + 1,
            value_text(l.value),
            w.line(pos, &l.pv)
        ));
    }
    out
}

/// Runs one search and prints it.
pub fn run(args: &ThinkArgs) -> Result<(), CliError> {
    if let Some(file) = &args.game {
        return run_game(args, file);
    }
    let mut params = args.search.params()?;
    if let Some(k) = args.lines {
        params.multi_pv = check_multi_pv(k).map_err(|e| format!("--lines: {e}"))?;
    }
    let limits = args.search.deepening_limits(args.deepen)?;
    let (pos, history) = game_position(&args.fen, &args.moves)?;
    let w = Written::san_if(args.san);
    println!("position: {}", pos.to_fen());
    println!("settings: {}", settings::line(&params));
    println!("knowledge: {}", knowledge_name(params.profile));
    let mut engine = Engine::new(params);
    let mut report = |r: &Report| {
        if let Report::Completed(c) = r {
            println!(
                "depth {:>2}: {:<19} {:>10} nodes {:>9.3} s  {}",
                c.depth,
                value_text(c.value),
                c.nodes,
                c.elapsed.as_secs_f64(),
                c.lines
                    .first()
                    .map_or(String::new(), |l| w.line(&pos, &l.pv))
            );
        }
    };
    let Searched { result: r, depth } =
        deepening::search(&mut engine, &pos, &history, &limits, &mut report);
    if args.deepen {
        println!("deepest depth searched to the end: {depth}");
    }
    print_result(&pos, &r, w);
    print_bestmove(&r);
    Ok(())
}

/// The last line: `bestmove` and the chosen move in coordinates.
fn print_bestmove(r: &SearchResult) {
    match r.best_move {
        Some(m) => println!("bestmove {}", m.coordinate()),
        None => println!("bestmove (none)"),
    }
}

/// `think --game FILE --ply N`: the search behind move N of the recorded game.
fn run_game(args: &ThinkArgs, file: &str) -> Result<(), CliError> {
    let mut games = games_in(file, args.game_number)?;
    if games.len() > 1 {
        return Err(format!(
            "{file} holds {} games: say which with --game-number (1 to {})",
            games.len(),
            games.len()
        ));
    }
    let (label, read) = games.remove(0);
    let played = record::recorded(&read).map_err(|e| format!("{label}: {e}"))?;
    let setup = record::read_setup(&played.tags).map_err(|e| format!("{label}: {e}"))?;
    let base = setup.params.clone().unwrap_or_else(|| {
        eprintln!("{label}: no settings tags: the defaults");
        SearchParams::default()
    });
    let params = args.search.settings.params_over(&base)?;
    let changed = settings::changes_text(&base, &params);
    if !changed.is_empty() {
        eprintln!(
            "{label}: the options change the record's settings: {}",
            changed.join(", ")
        );
    }
    let moves = played.game.moves();
    let index = match args.ply {
        Some(n) if (1..=moves.len()).contains(&n) => n - 1,
        _ => {
            return Err(format!(
                "{label} has {} plies: --ply must be from 1 to {}",
                moves.len(),
                moves.len()
            ));
        }
    };
    let gm = &moves[index];
    let before: Vec<Move> = moves[..index].iter().map(|m| m.mv).collect();
    let (pos, history) = history_after(played.game.start(), &before)
        .map_err(|m| format!("{label}: illegal move {m}"))?;
    // In a game machack played with these settings, where it searched, its searches before
    // this one are repeated to give the program the run state it had; any other position (a
    // book move, the opponent's) is searched alone, as `replay --compare` and `report` search
    // it.
    let own = moves.iter().any(|m| m.search.is_some()) && changed.is_empty();
    let (mut engine, search_params, limits) = match (&gm.search, own) {
        (Some(s), true) => {
            let book = Book::builtin();
            let r = rerun(
                &played.game,
                index,
                &params,
                setup.seed,
                &book,
                &mut |_, _, _| {},
            );
            (r.engine, s.params.clone(), limits_of(s.stopped_at))
        }
        _ => (
            Engine::new(params.clone()),
            params.clone(),
            args.search.limits()?,
        ),
    };
    engine.set_params(search_params.clone());
    let w = Written::san_if(args.san);
    let label_move = format!("{} {}", played.game.move_label(index), w.mv(&pos, gm.mv));
    let how = match (&gm.search, gm.book, own) {
        (Some(s), _, true) => format!(
            "machack's search, value {}{}; its {} earlier searches repeated",
            value_text(s.value),
            s.stopped_at.map_or(String::new(), |n| format!(
                ", stopped by the clock at node {n}"
            )),
            moves[..index].iter().filter(|m| m.search.is_some()).count()
        ),
        (_, true, _) => "from the book: the position searched alone, from the game's moves".into(),
        _ => "not machack's search: the position searched alone, from the game's moves".into(),
    };
    println!("game: {label}, ply {}: {label_move} ({how})", index + 1);
    println!("position: {}", pos.to_fen());
    println!("settings: {}", settings::line(&search_params));
    println!("knowledge: {}", knowledge_name(search_params.profile));
    let r = engine.search(&pos, &history, &limits, None);
    print_result(&pos, &r, w);
    let same_move = r.best_move == Some(gm.mv);
    let verdict = match (&gm.search, own) {
        (Some(s), true) if same_move && s.value == r.value => {
            "the same move and value as were played".to_string()
        }
        (Some(s), true) => format!(
            "NOT as played: played {} with value {}",
            w.mv(&pos, gm.mv),
            value_text(s.value)
        ),
        _ if same_move => "the move played".to_string(),
        _ => format!("the game's move was {}", w.mv(&pos, gm.mv)),
    };
    println!("as played: {verdict}");
    print_bestmove(&r);
    Ok(())
}
