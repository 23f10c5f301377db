//! The comparison table the fidelity snapshots pin: a row per position with the move played,
//! the recreation's move and value, c197's move and value and the agreement marks, then the totals.

use machack::fidelity::compare::{CompareRow, Summary};
use machack::notation::{Style, descriptive};

/// `=hist`, `=c197`, `=both` (machack's move is the one played, c197's, both) and `v` when its
/// value is also c197's; `book` for a move Mac Hack played from its book.
fn marks(r: &CompareRow) -> String {
    let mut m = match (r.matches() && !r.book, r.same_as_c197()) {
        (true, true) => "=both".to_string(),
        (true, false) => "=hist".to_string(),
        (false, true) => "=c197".to_string(),
        (false, false) => String::new(),
    };
    if r.same_value_as_c197() {
        m.push_str(" v");
    }
    if r.book {
        m = format!("book {m}");
    }
    m
}

/// One position's row: the move played, ours with its value, c197's with its value, the marks,
/// the generator's rank of the move played and our line.
fn row(r: &CompareRow, history: &str) -> String {
    let d = |m| descriptive::format(&r.position, m, Style::Book);
    let (c197, c197_value) = match &r.c197 {
        Some(Some(a)) => (d(a.mv), a.value.map_or("-".into(), |v| v.to_string())),
        _ => ("-".into(), "-".into()),
    };
    format!(
        "{:>6} {history} {:<9} ours {:<9} {:>5} c197 {:<9} {:>5} {:<12} rank {:>2}  pv {}\n",
        r.number,
        d(r.historical),
        r.chosen.map_or("-".into(), d),
        r.value,
        c197,
        c197_value,
        marks(r),
        r.pmg_rank,
        descriptive::format_line(&r.position, &r.pv, Style::Book)
    )
}

/// The totals line of `rows`.
fn totals(rows: &[CompareRow], history: &str) -> String {
    let s = Summary::of(rows);
    format!(
        "positions {} book {} same {} first-six {} c197 answered {} c197=ours {} same value {} \
         c197={history} {} oracle answered {} oracle=ours {} oracle={history} {}\n",
        s.positions,
        s.book,
        s.matches,
        s.in_first_six,
        s.c197_answered,
        s.c197_matches,
        s.c197_same_value,
        s.c197_historical,
        s.oracle_answered,
        s.oracle_matches,
        s.oracle_historical
    )
}

/// The rows and the totals; `history` names the move played (`1967`, `game`).
pub fn table(rows: &[CompareRow], history: &str) -> String {
    let mut out: String = rows.iter().map(|r| row(r, history)).collect();
    out.push_str(&totals(rows, history));
    out
}

/// Only the rows where c197 answered and our move is not its move (or, with `values`, not its
/// move and value), then the totals of all rows: for tables too long to review whole.
pub fn disagreements(rows: &[CompareRow], history: &str, values: bool) -> String {
    let agrees = |r: &CompareRow| {
        if values {
            r.same_value_as_c197()
        } else {
            r.same_as_c197()
        }
    };
    let mut out: String = rows
        .iter()
        .filter(|r| r.c197_move().is_some() && !agrees(r))
        .map(|r| row(r, history))
        .collect();
    out.push_str(&totals(rows, history));
    out
}
