//! `machack replay --compare FILE...` and `machack replay --compare --positions TABLE`: a row per
//! position with the move played, the recreation's move and value, c197's move and value, which
//! of the three differs, the 1973 program's move, under a legend, in 100 columns; then the
//! recreation's principal variations and the agreement figures per game and in all.

use super::{CliError, ReplayArgs, load_game, print_out};
use crate::cli::show::pawns_text;
use crate::fidelity::compare::{
    CompareRow, Oracle, Summary, Yardsticks, compare_game, compare_positions, mac_hack_side, ratio,
};
use crate::fidelity::reference::Reference;
use crate::notation::{Style, descriptive};
use crate::rules::{Color, Move};
use crate::search::Preset;

/// Runs the comparison the arguments ask for.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let params = args.search.params(Preset::Tournament)?;
    let limits = args.search.limits()?;
    let (mut knowledge, knowledge_name) = args.search.knowledge()?;
    let oracle = match &args.oracle {
        None => Oracle::c1973_paper(),
        Some(path) => Oracle::read(&read_file(path)?).map_err(|e| format!("{path}: {e}"))?,
    };
    let c197 = match (&args.positions, &args.c197) {
        (Some(path), _) | (None, Some(path)) => Some(Reference::read(&read_file(path)?, path)?),
        (None, None) => Reference::paper_for(&params),
    };
    let c197_text = match &c197 {
        Some(c) => format!("{} positions\n  from {}", c.len(), c.source),
        None => format!(
            "no compiled-in run at widths {} depth {}\n  (there are runs at 15,15,9,9,7 and at \
             6, depth 4; --c197 FILE names a table)",
            params.widths, params.depth
        ),
    };
    print_out(&format!(
        "parameters: widths {} depth {} feedovers {} secondary {}\nknowledge: {knowledge_name}\n\
         c197: {c197_text}\n1973 program: {} positions\n{LEGEND}",
        params.widths,
        params.depth,
        params.feedovers,
        if params.secondary_search { "on" } else { "off" },
        oracle.len()
    ));
    let mut total = Summary::default();
    let mut groups = 0;
    if let (Some(path), Some(table)) = (&args.positions, &c197) {
        for (game, rows) in table.games() {
            let rows = compare_positions(&rows, &params, knowledge.as_mut(), &limits, &oracle);
            let title = format!("{path}: {game}");
            total = total + print_group(&title, "game", &rows);
            groups += 1;
        }
    } else {
        let yardsticks = Yardsticks {
            oracle: &oracle,
            c197: c197.as_ref(),
        };
        for file in &args.files {
            let game = load_game(file, args.game)?;
            let side = match args.side.as_deref() {
                Some("white") => Color::White,
                Some("black") => Color::Black,
                _ => mac_hack_side(&game).ok_or_else(|| {
                    format!("{file}: neither the White nor the Black tag names Mac Hack; say which with --side white|black")
                })?,
            };
            let rows = compare_game(
                &game,
                side,
                &params,
                knowledge.as_mut(),
                &limits,
                yardsticks,
            );
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

/// Reads a table named on the command line.
fn read_file(path: &str) -> Result<String, CliError> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// What the columns of the table say, printed above it.
const LEGEND: &str = "\
columns: 1967 (or game) = the move played, H; machack = the recreation's move, M, and value;
  c197 = the 1967-68 program's move, C, and value (`same`: machack's value, to the unit);
  agreement = all three the same, or which one differs from the other two (`all differ`);
  1973 = the 1973 program's move, =H, =M or =MH when it is the move played, machack's or both;
  rank = the move played in the plausible-move order; t1967 = machack's search in 1967 time
  (PMG calls x 80 ms); printed = the computer time printed in 1967 (book: from the book)
values: in pawns (128 units) for Mac Hack's side; mate N: it mates with its Nth move; times in
  seconds; machack's principal variations follow each table
";

/// Prints one game's rows, principal variations and figures; `history` names the move played
/// (`1967`, `game`).
fn print_group(title: &str, history: &str, rows: &[CompareRow]) -> Summary {
    let summary = Summary::of(rows);
    let mut out = format!(
        "\n{title}\n{:>5}  {:<10} {:<10} {:>7}  {:<10} {:>7}  {:<10} {:<13}{:>4}{:>6}{:>8}\n",
        "move",
        history,
        "machack",
        "value",
        "c197",
        "value",
        "agreement",
        "1973",
        "rank",
        "t1967",
        "printed",
    );
    for r in rows {
        out.push_str(&row_line(r));
    }
    out.push_str("machack's principal variations:\n");
    for r in rows {
        out.push_str(&format!(
            "{:>5}  {}\n",
            r.number,
            descriptive::format_line(&r.position, &r.pv, Style::Book)
        ));
    }
    out.push_str(&summary_lines("summary", history, &summary));
    print_out(&out);
    summary
}

/// Where machack (M), c197 (C) and history (H) agree: `all`, the one that differs from the
/// other two (`M differs`), or `all differ`; without a c197 answer, `M = H` or `M differs`.
fn agreement(r: &CompareRow) -> &'static str {
    let Some(c197) = r.c197_move() else {
        return if r.matches() { "M = H" } else { "M differs" };
    };
    match (r.matches(), c197 == r.historical, r.same_as_c197()) {
        (true, true, _) => "all",
        (true, false, _) => "C differs",
        (false, true, _) => "M differs",
        (false, false, true) => "H differs",
        (false, false, false) => "all differ",
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
                (true, true) => " =MH",
                (true, false) => " =H",
                (false, true) => " =M",
                (false, false) => "",
            };
            format!("{}{mark}", d(m))
        }
    };
    let (c197, c197_value) = match &r.c197 {
        None => ("-".to_string(), "-".to_string()),
        Some(None) => ("(no move)".to_string(), "-".to_string()),
        Some(Some(a)) => (
            d(a.mv),
            match a.value {
                None => "-".to_string(),
                Some(_) if r.same_value_as_c197() => "same".to_string(),
                Some(v) => pawns_text(v),
            },
        ),
    };
    let printed = if r.book {
        "book".to_string()
    } else {
        r.printed_time
            .as_deref()
            .map_or("-".to_string(), |t| t.trim_end_matches('s').to_string())
    };
    let line = format!(
        "{:>5}  {:<10} {:<10} {:>7}  {:<10} {:>7}  {:<10} {:<13}{:>4}{:>6.0}{:>8}",
        r.number,
        d(r.historical),
        r.chosen.map_or("-".to_string(), d),
        pawns_text(r.value),
        c197,
        c197_value,
        agreement(r),
        oracle,
        r.pmg_rank,
        r.time_1967.as_secs_f64(),
        printed,
    );
    format!("{}\n", line.trim_end())
}

/// The agreement figures: positions, then history, c197 and the 1973 program, each line within
/// 100 columns.
fn summary_lines(label: &str, history: &str, s: &Summary) -> String {
    let book = if s.book > 0 {
        format!(" ({} from the book: compared with c197 only)", s.book)
    } else {
        String::new()
    };
    let c197 = if s.c197_answered > 0 || s.positions == 0 {
        format!(
            "  c197 answered {}: machack = c197 {}, c197 = {history} {}\n  \
             same value where machack and c197 chose the same move {}\n",
            s.c197_answered,
            ratio(s.c197_matches, s.c197_answered),
            ratio(s.c197_historical, s.c197_answered),
            ratio(s.c197_same_value, s.c197_matches),
        )
    } else {
        "  c197: no answers for these positions\n".to_string()
    };
    format!(
        "{label}: {} positions{book}\n  machack = {history} {}, {history} move in the PMG's \
         first 6 {}\n{c197}  1973 program answered {}{}: = machack {}, = {history} {}\n",
        s.positions,
        ratio(s.matches, s.out_of_book()),
        ratio(s.in_first_six, s.out_of_book()),
        s.oracle_answered,
        if s.book > 0 { " out of book" } else { "" },
        ratio(s.oracle_matches, s.oracle_answered),
        ratio(s.oracle_historical, s.oracle_answered),
    )
}
