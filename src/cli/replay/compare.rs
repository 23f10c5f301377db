//! `machack replay --compare FILE...` and `machack replay --compare --positions TABLE`: a row per
//! position with the move played, the recreation's move and value, c197's move and value, which
//! of the three differs, the 1973 program's move, under a legend, in 100 columns; then the
//! recreation's principal variations and the agreement figures per game and in all.

use super::{CliError, ReplayArgs, games_in, print_out, read_input};
use crate::cli::comparison::{Comparison, jobs, side_in};
use crate::cli::show::{pawns_text, wrap_list};
use crate::fidelity::compare::{CompareRow, Summary, compare_positions, ratio};
use crate::interface::settings;
use crate::notation::{Style, descriptive, read_games};
use crate::rules::Move;

/// Runs the comparison the arguments ask for.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let options = &args.compare_options;
    let c197 = args.positions.as_deref().or(options.c197.as_deref());
    // The options are checked first; then every game of every file (or game --game of each)
    // and its side is read and checked before the header, so that a bad file stops the command
    // before any output and the header can name the c197 runs that answer the games.
    let mut comparison = Comparison::new(options, c197)?;
    let (mut games, mut inputs) = (Vec::new(), Vec::new());
    for file in &args.files {
        if args.positions.is_some() {
            games.extend(read_games(&read_input(file)?).map_err(|e| format!("{file}: {e}"))?);
        } else {
            for (label, game) in games_in(file, args.game)? {
                let side = side_in(&game, options.side.as_deref(), &label)?;
                inputs.push((label, game, side));
            }
        }
    }
    let mac_hack: Vec<_> = inputs.iter().map(|(_, game, side)| (game, *side)).collect();
    comparison.answering(&mac_hack);
    for (label, game, _) in &inputs {
        for note in comparison.settings_of(game, label)?.1 {
            eprintln!("{note}");
        }
    }
    print_out(&format!("{}\n{LEGEND}", comparison.settings().join("\n")));
    let mut total = Summary::default();
    let mut groups = 0;
    if let (Some(path), Some(table)) = (&args.positions, &comparison.c197) {
        // Each of the table's games searched whole on one thread, with the programs its
        // positions are searched by (see `compare_positions`), printed in the table's order.
        let groups_of_rows = table.games();
        jobs::run(
            &groups_of_rows,
            comparison.jobs,
            |(_, rows)| rows.len(),
            |_, (_, rows), _| {
                compare_positions(
                    rows,
                    &games,
                    &comparison.params,
                    &comparison.limits,
                    &comparison.oracle,
                )
            },
            |_, ()| {},
            |i, rows| -> Result<(), CliError> {
                let title = format!("{path}: {}", groups_of_rows[i].0);
                total = total + print_group(&title, "game", &rows);
                groups += 1;
                Ok(())
            },
        )?;
    } else {
        // Each game searched whole on one thread (its searches in order, with the run state
        // they give one another), printed in the games' order.
        jobs::run(
            &inputs,
            comparison.jobs,
            |(_, game, _)| game.moves.len(),
            |_, (label, game, side), _| comparison.game(game, label, *side, &mut |_| {}),
            |_, ()| {},
            |i, compared| -> Result<(), CliError> {
                let compared = compared?;
                let (label, game, side) = &inputs[i];
                let mut title = format!(
                    "{label}: {} - {} (Mac Hack {})",
                    game.tag("White").unwrap_or("?"),
                    game.tag("Black").unwrap_or("?"),
                    side.name()
                );
                if compared.params != comparison.params {
                    title.push('\n');
                    title.push_str(
                        &wrap_list(
                            &format!("settings: {}", settings::line(&compared.params)),
                            100,
                        )
                        .join("\n"),
                    );
                }
                if compared.along {
                    title.push_str(
                        "\nmachack's own moves: its searches in this game, repeated in order \
                         with the run state they had",
                    );
                }
                // The move played is machack's own in a game it played, else history's.
                let history = if compared.along { "game" } else { "1967" };
                total = total + print_group(&title, history, &compared.rows);
                groups += 1;
                Ok(())
            },
        )?;
        if inputs.len() > 1 {
            let files = match args.files.len() {
                1 => "1 file".to_string(),
                n => format!("{n} files"),
            };
            print_out(&format!(
                "\n{} games compared, from {files}\n",
                inputs.len()
            ));
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

/// Where machack (M), c197 (C) and history (H) agree ([`CompareRow::agreement`]) in words:
/// `all`, the one that differs from the other two (`M differs`), or `all differ`; without a
/// c197 answer, `M = H` or `M differs`.
fn agreement(r: &CompareRow) -> &'static str {
    match (r.c197_move().is_some(), r.agreement()) {
        (false, "M=H") => "M = H",
        (false, _) => "M differs",
        (true, "all") => "all",
        (true, "M=H") => "C differs",
        (true, "C=H") => "M differs",
        (true, "M=C") => "H differs",
        (true, _) => "all differ",
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
