//! `machack replay --compare FILE...` and `machack replay --compare --positions TABLE`: a row per
//! position with the move played, the recreation's move and value, c197's move and value, the
//! 1973 program's move, and the agreement figures per game and in all.

use super::{CliError, ReplayArgs, load_game, print_out};
use crate::cli::comparison::{Comparison, side_in};
use crate::fidelity::compare::{CompareRow, Summary, compare_positions, ratio};
use crate::notation::{Style, descriptive};
use crate::rules::Move;

/// Runs the comparison the arguments ask for.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let options = &args.compare_options;
    let c197 = args.positions.as_deref().or(options.c197.as_deref());
    let mut comparison = Comparison::new(options, c197)?;
    print_out(&format!(
        "{}\nagree: M = machack, C = c197, H = history; v = machack's value is c197's (pawn = 128, \
         mate = 28672 - plies)\n",
        comparison.settings().join("\n")
    ));
    let mut total = Summary::default();
    let mut groups = 0;
    if let (Some(path), Some(table)) = (&args.positions, &comparison.c197) {
        for (game, rows) in table.games() {
            let rows = compare_positions(
                &rows,
                &comparison.params,
                comparison.knowledge.as_mut(),
                &comparison.limits,
                &comparison.oracle,
            );
            let title = format!("{path}: {game}");
            total = total + print_group(&title, "game", &rows);
            groups += 1;
        }
    } else {
        for file in &args.files {
            let game = load_game(file, args.game)?;
            let side = side_in(&game, options.side.as_deref(), file)?;
            let rows = comparison.game(&game, side, &mut |_| {});
            let title = format!(
                "{file}: {} - {} (Mac Hack {})",
                game.tag("White").unwrap_or("?"),
                game.tag("Black").unwrap_or("?"),
                side.name()
            );
            total = total + print_group(&title, "1967", &rows);
            groups += 1;
        }
    }
    if groups > 1 {
        let label = if args.positions.is_some() {
            "game"
        } else {
            "1967"
        };
        print_out(&format!("\n{}", summary_lines("all", label, &total)));
    }
    Ok(())
}

/// Prints one game's rows and figures; `history` names the move played (`1967`, `game`).
fn print_group(title: &str, history: &str, rows: &[CompareRow]) -> Summary {
    let summary = Summary::of(rows);
    let mut out = format!(
        "\n{title}\n{:>7}  {:<11} {:<11} {:>6}  {:<11} {:>6} {:<7} {:<16} {:>4} {:>6} {:>8} {:>7}  {}\n",
        "move",
        history,
        "machack",
        "value",
        "c197",
        "value",
        "agree",
        "1973",
        "rank",
        "PMG",
        "1967 t",
        "printed",
        "principal variation"
    );
    for r in rows {
        out.push_str(&row_line(r));
    }
    out.push_str(&summary_lines("summary", history, &summary));
    print_out(&out);
    summary
}

/// [`CompareRow::agreement`], then ` v` when machack has c197's move and value.
fn agreement(r: &CompareRow) -> String {
    if r.same_value_as_c197() {
        format!("{} v", r.agreement())
    } else {
        r.agreement().to_string()
    }
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
    let (c197, c197_value) = match &r.c197 {
        None => ("-".to_string(), "-".to_string()),
        Some(None) => ("(no move)".to_string(), "-".to_string()),
        Some(Some(a)) => (d(a.mv), a.value.map_or("-".to_string(), |v| v.to_string())),
    };
    let printed = if r.book {
        "book"
    } else {
        r.printed_time.as_deref().unwrap_or("-")
    };
    format!(
        "{:>7}  {:<11} {:<11} {:>6}  {:<11} {:>6} {:<7} {:<16} {:>4} {:>6} {:>7.1}s {:>7}  {}\n",
        r.number,
        d(r.historical),
        r.chosen.map_or("-".to_string(), d),
        r.value,
        c197,
        c197_value,
        agreement(r),
        oracle,
        r.pmg_rank,
        r.pmg_calls,
        r.time_1967.as_secs_f64(),
        printed,
        descriptive::format_line(pos, &r.pv, Style::Book)
    )
}

/// The agreement figures: positions and history, c197, the 1973 program (one line each).
fn summary_lines(label: &str, history: &str, s: &Summary) -> String {
    let book = if s.book > 0 {
        format!(" ({} from the book: compared with c197 only)", s.book)
    } else {
        String::new()
    };
    let c197 = if s.c197_answered > 0 || s.positions == 0 {
        format!(
            "c197 answered {}: machack = c197 {}, same value where the moves agree {}, \
             c197 = {history} {}",
            s.c197_answered,
            ratio(s.c197_matches, s.c197_answered),
            ratio(s.c197_same_value, s.c197_matches),
            ratio(s.c197_historical, s.c197_answered)
        )
    } else {
        "c197: no answers for these positions".to_string()
    };
    format!(
        "{label}: {} positions{book}; machack = {history} {}, {history} move in the PMG's first 6 {}\n\
         {:>w$}  {c197}\n\
         {:>w$}  1973 program answered {}{}: = machack {}, = {history} {}\n",
        s.positions,
        ratio(s.matches, s.out_of_book()),
        ratio(s.in_first_six, s.out_of_book()),
        "",
        "",
        s.oracle_answered,
        if s.book > 0 { " out of book" } else { "" },
        ratio(s.oracle_matches, s.oracle_answered),
        ratio(s.oracle_historical, s.oracle_answered),
        w = label.len()
    )
}
