//! What the 1967-68 program answered: CHESS D (`c197`), run on a simulated PDP-6 and asked for
//! its move, root value and principal variation position by position (`reference/c197/`, whose
//! README gives the provenance and the columns).
//!
//! Its values are kept from the side to move's point of view, pawn = 128, like machack's. c197
//! prints them from White's (its minimax keeps "BEST KNOWN WHITE" and "BEST KNOWN BLACK" in
//! `BPREV`, `EVMST` starts White at -100000 and Black at +100000, c197.txt lines 3764-3813; the
//! root value `HACKVV` is printed as it is, lines 2214 and 2286); the tables store Black's negated.

use crate::interface::{Preset, SearchParams};
use crate::notation::{excerpt, san};
use crate::rules::{Key, Move, Position};
use crate::value::Value;
use std::collections::HashMap;

/// c197 at its tournament settings (`SETW 15 15 9 9 7`, `SETD 4`) along the four paper games.
pub const C197_PAPER_TOURNAMENT_TSV: &str =
    include_str!("../../reference/c197/paper-tournament.tsv");

/// c197 at its own widths (6 at every level, `SETD 4`) along the four paper games.
pub const C197_PAPER_DEFAULT_TSV: &str = include_str!("../../reference/c197/paper-default.tsv");

/// c197 at its tournament settings along the surviving Mac Hack games beyond the paper's
/// (`games/more-games.pgn`: Dreyfus 1967, the 1968 games against programs, Fischer 1977, ...).
pub const C197_GAMES_TOURNAMENT_TSV: &str =
    include_str!("../../reference/c197/games-tournament.tsv");

/// c197 at its own widths along the same games.
pub const C197_GAMES_DEFAULT_TSV: &str = include_str!("../../reference/c197/games-default.tsv");

/// The columns of a reference table, in order.
const COLUMNS: [&str; 11] = [
    "game",
    "ply",
    "fen",
    "side",
    "historical",
    "c197",
    "printed",
    "value",
    "pv",
    "printed_pv",
    "error",
];

/// The program's answer in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move it chose.
    pub mv: Move,
    /// The move as it printed it (`P/K2-K4`, `B/QN5*N/QB6`).
    pub printed: String,
    /// Its root value from the side to move's point of view (`None` if it printed none).
    pub value: Option<Value>,
    /// Its principal variation, from its move on.
    pub pv: Vec<Move>,
}

/// One position of a reference table.
#[derive(Clone, Debug)]
pub struct Row {
    /// The game's name in the table (`paper1`, `further07`).
    pub game: String,
    /// The position's index in its game, from 0.
    pub ply: usize,
    /// The position before the move.
    pub position: Position,
    /// The move played in the game.
    pub historical: Move,
    /// The program's answer, `None` where it gave none (see `error`).
    pub answer: Option<Answer>,
    /// Why it gave no answer (a crash message, `no answer ...`).
    pub error: Option<String>,
}

/// A table of the program's answers, looked up by position.
#[derive(Clone, Debug)]
pub struct Reference {
    /// Where the table came from, for the output's header: a line per table it was made of.
    pub source: String,
    rows: Vec<Row>,
    /// Row index by the position's key and move number (a repeated position keeps its own row).
    by_position: HashMap<(Key, u32), usize>,
}

impl Reference {
    /// The compiled-in paper-game run at the tournament widths.
    pub fn paper_tournament() -> Reference {
        Reference::read(
            C197_PAPER_TOURNAMENT_TSV,
            "reference/c197/paper-tournament.tsv (compiled in: c197 at widths 15,15,9,9,7 depth 4)",
        )
        .expect("the compiled-in c197 reference is well formed")
    }

    /// The compiled-in paper-game run at c197's own widths.
    pub fn paper_default() -> Reference {
        Reference::read(
            C197_PAPER_DEFAULT_TSV,
            "reference/c197/paper-default.tsv (compiled in: c197 at width 6 depth 4)",
        )
        .expect("the compiled-in c197 reference is well formed")
    }

    /// The compiled-in run along the further games at the tournament widths.
    pub fn games_tournament() -> Reference {
        Reference::read(
            C197_GAMES_TOURNAMENT_TSV,
            "reference/c197/games-tournament.tsv (compiled in: c197 at widths 15,15,9,9,7 depth 4)",
        )
        .expect("the compiled-in c197 reference is well formed")
    }

    /// The compiled-in run along the further games at c197's own widths.
    pub fn games_default() -> Reference {
        Reference::read(
            C197_GAMES_DEFAULT_TSV,
            "reference/c197/games-default.tsv (compiled in: c197 at width 6 depth 4)",
        )
        .expect("the compiled-in c197 reference is well formed")
    }

    /// The compiled-in paper-game run whose widths and depth are those of `params`: the
    /// tournament run for widths 15,15,9,9,7, the default run for width 6, both at depth 4.
    pub fn paper_for(params: &SearchParams) -> Option<Reference> {
        match compiled_preset(params)? {
            Preset::Tournament => Some(Reference::paper_tournament()),
            _ => Some(Reference::paper_default()),
        }
    }

    /// Every compiled-in run whose widths and depth are those of `params`, the paper games'
    /// first, then the further games' (empty when none is at those widths).
    pub fn compiled_for(params: &SearchParams) -> Vec<Reference> {
        match compiled_preset(params) {
            Some(Preset::Tournament) => {
                vec![Reference::paper_tournament(), Reference::games_tournament()]
            }
            Some(_) => vec![Reference::paper_default(), Reference::games_default()],
            None => Vec::new(),
        }
    }

    /// The tables of `tables` that answer some of `positions`, as one table: a position's row
    /// comes from the first table that has one, and a table none of whose rows is used is left
    /// out (so comparing the paper games alone names the paper run alone). With no row for any
    /// of the positions, the first table; `None` when `tables` is empty.
    pub fn answering(tables: Vec<Reference>, positions: &[Position]) -> Option<Reference> {
        let mut used = vec![false; tables.len()];
        for pos in positions {
            if let Some(i) = tables.iter().position(|t| t.row(pos).is_some()) {
                used[i] = true;
            }
        }
        if !used.contains(&true) {
            return tables.into_iter().next();
        }
        tables
            .into_iter()
            .zip(used)
            .filter(|(_, used)| *used)
            .map(|(table, _)| table)
            .reduce(Reference::merged)
    }

    /// This table followed by `other`: a position both hold keeps this table's row.
    fn merged(mut self, other: Reference) -> Reference {
        for row in other.rows {
            let key = (row.position.key(), row.position.fullmove_number());
            self.by_position.entry(key).or_insert(self.rows.len());
            self.rows.push(row);
        }
        self.source = format!("{}\n{}", self.source, other.source);
        self
    }

    /// Reads a reference table (the columns of `COLUMNS`, a header line first); `source` names
    /// it in messages and headers.
    pub fn read(text: &str, source: &str) -> Result<Reference, String> {
        let mut lines = text.lines().enumerate();
        let header: Vec<&str> = lines
            .next()
            .map(|(_, l)| l.split('\t').collect())
            .unwrap_or_default();
        if header != COLUMNS {
            return Err(format!(
                "{source}: the first line should name the columns {}; it is '{}'",
                COLUMNS.join(" "),
                excerpt(&header.join(" "))
            ));
        }
        let mut reference = Reference {
            source: source.to_string(),
            rows: Vec::new(),
            by_position: HashMap::new(),
        };
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let row = read_row(line).map_err(|e| format!("{source} line {}: {e}", i + 1))?;
            let key = (row.position.key(), row.position.fullmove_number());
            reference
                .by_position
                .entry(key)
                .or_insert(reference.rows.len());
            reference.rows.push(row);
        }
        Ok(reference)
    }

    /// The row of `pos` (same position and move number), if the table has one.
    pub fn row(&self, pos: &Position) -> Option<&Row> {
        let i = self.by_position.get(&(pos.key(), pos.fullmove_number()))?;
        Some(&self.rows[*i])
    }

    /// Every row, in the table's order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The rows game by game, each game's rows in the table's order.
    pub fn games(&self) -> Vec<(&str, Vec<&Row>)> {
        let mut games: Vec<(&str, Vec<&Row>)> = Vec::new();
        for row in &self.rows {
            match games.iter_mut().find(|(name, _)| *name == row.game) {
                Some((_, rows)) => rows.push(row),
                None => games.push((&row.game, vec![row])),
            }
        }
        games
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table holds no position.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

/// The preset whose widths and depth are those of `params` and which has compiled-in runs:
/// the tournament preset (widths 15,15,9,9,7) or the normal one (width 6), both at depth 4.
fn compiled_preset(params: &SearchParams) -> Option<Preset> {
    [Preset::Tournament, Preset::Normal]
        .into_iter()
        .find(|&preset| {
            let p = SearchParams::preset(preset);
            p.widths.as_slice() == params.widths.as_slice() && p.depth == params.depth
        })
}

/// A field that is `-` when empty.
fn optional(field: &str) -> Option<&str> {
    (field != "-").then_some(field)
}

/// One line of the table.
fn read_row(line: &str) -> Result<Row, String> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != COLUMNS.len() {
        return Err(format!(
            "{} tab-separated fields; expected {} ({})",
            f.len(),
            COLUMNS.len(),
            COLUMNS.join(", ")
        ));
    }
    let ply = f[1]
        .parse()
        .map_err(|_| format!("ply '{}' is not a number", excerpt(f[1])))?;
    let position = Position::from_fen(f[2]).map_err(|e| format!("{e}"))?;
    let side = position.side_to_move().name().to_ascii_lowercase();
    if f[3] != side {
        return Err(format!(
            "side '{}', but the FEN has {side} to move",
            excerpt(f[3])
        ));
    }
    let mv = |text: &str, pos: &Position, what: &str| {
        san::parse(pos, text).map_err(|e| format!("{what} '{}': {e}", excerpt(text)))
    };
    let historical = mv(f[4], &position, "historical move")?;
    let answer = match optional(f[5]) {
        None => None,
        Some(text) => {
            let chosen = mv(text, &position, "c197's move")?;
            let value = optional(f[7])
                .map(|v| {
                    v.parse()
                        .map_err(|_| format!("value '{}' is not a number", excerpt(v)))
                })
                .transpose()?;
            let mut pv = Vec::new();
            let mut pos = position.clone();
            for text in optional(f[8]).map_or(Vec::new(), |t| t.split(' ').collect()) {
                let m = mv(text, &pos, "principal variation move")?;
                pos.make(m);
                pv.push(m);
            }
            if pv.first().is_some_and(|m| *m != chosen) {
                return Err(format!(
                    "the principal variation '{}' does not start with c197's move '{}'",
                    excerpt(f[8]),
                    excerpt(text)
                ));
            }
            Some(Answer {
                mv: chosen,
                printed: f[6].to_string(),
                value,
                pv,
            })
        }
    };
    Ok(Row {
        game: f[0].to_string(),
        ply,
        position,
        historical,
        answer,
        error: optional(f[10]).map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str =
        "game\tply\tfen\tside\thistorical\tc197\tprinted\tvalue\tpv\tprinted_pv\terror\n";
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_row_gives_the_move_value_and_principal_variation() {
        let text = format!(
            "{HEADER}g\t0\t{START}\twhite\tg3\te4\tP/K2-K4\t-12\te4 e5 Nf3\tWP/K2-K4 BP/K2-K4 WN/KN1-KB3\t-\n"
        );
        let r = Reference::read(&text, "test").unwrap();
        let row = r.row(&Position::from_fen(START).unwrap()).unwrap();
        let answer = row.answer.as_ref().unwrap();
        assert_eq!(san::format(&row.position, answer.mv), "e4");
        assert_eq!(answer.value, Some(-12));
        assert_eq!(answer.pv.len(), 3);
        assert_eq!(answer.printed, "P/K2-K4");
    }

    #[test]
    fn a_position_without_an_answer_keeps_its_error() {
        let text =
            format!("{HEADER}g\t0\t{START}\twhite\te4\t-\t-\t-\t-\t-\tCRASH: HALT instruction\n");
        let r = Reference::read(&text, "test").unwrap();
        assert_eq!(r.rows()[0].answer, None);
        assert_eq!(
            r.rows()[0].error.as_deref(),
            Some("CRASH: HALT instruction")
        );
    }

    #[test]
    fn a_bad_line_is_reported_with_its_number_and_what_was_wrong() {
        let text = format!("{HEADER}g\t0\t{START}\twhite\te5\t-\t-\t-\t-\t-\t-\n");
        let e = Reference::read(&text, "t.tsv").unwrap_err();
        assert!(e.starts_with("t.tsv line 2: historical move 'e5': "), "{e}");
        let text = format!("{HEADER}g\t0\t{START}\tblack\te4\t-\t-\t-\t-\t-\t-\n");
        assert_eq!(
            Reference::read(&text, "t.tsv").unwrap_err(),
            "t.tsv line 2: side 'black', but the FEN has white to move"
        );
        assert_eq!(
            Reference::read("game\tply\n", "t.tsv").unwrap_err(),
            "t.tsv: the first line should name the columns game ply fen side historical c197 \
             printed value pv printed_pv error; it is 'game ply'"
        );
    }

    /// The positions of one game of a table where `side` is to move.
    fn positions(table: &Reference, game: &str, side: &str) -> Vec<Position> {
        let rows = table.rows().iter();
        rows.filter(|r| {
            r.game == game && r.position.side_to_move().name().eq_ignore_ascii_case(side)
        })
        .map(|r| r.position.clone())
        .collect()
    }

    #[test]
    fn the_compiled_in_runs_that_answer_the_games_are_taken_the_paper_run_first() {
        let tournament = SearchParams::preset(Preset::Tournament);
        let paper = Reference::paper_tournament();
        let more = Reference::games_tournament();
        assert_eq!(Reference::compiled_for(&tournament).len(), 2);
        // The paper games alone: the paper run alone, as before the further games.
        let landey = positions(&paper, "paper3", "white");
        let table = Reference::answering(Reference::compiled_for(&tournament), &landey).unwrap();
        assert_eq!(table.source, paper.source);
        assert_eq!(table.len(), 316);
        // Dreyfus's game shares its first moves with paper game 2: both runs, the paper run's
        // row kept where both have one.
        let dreyfus = positions(&more, "dreyfus", "black");
        assert_eq!(dreyfus.len(), 37);
        let table = Reference::answering(Reference::compiled_for(&tournament), &dreyfus).unwrap();
        assert_eq!(table.source, format!("{}\n{}", paper.source, more.source));
        assert_eq!(table.len(), paper.len() + more.len());
        assert_eq!(table.row(&dreyfus[0]).unwrap().game, "paper2");
        assert_eq!(table.row(&dreyfus[36]).unwrap().game, "dreyfus");
        // The further games alone, past the shared opening: the further run alone.
        let table = Reference::answering(Reference::compiled_for(&tournament), &dreyfus[3..]);
        assert_eq!(table.unwrap().source, more.source);
        // A position no run holds: the first run, as the header always named.
        let lone = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let table = Reference::answering(Reference::compiled_for(&tournament), &[lone]);
        assert_eq!(table.unwrap().source, paper.source);
        // No run at these widths: none.
        let quick = SearchParams::preset(Preset::Quick);
        assert!(Reference::compiled_for(&quick).is_empty());
        assert!(Reference::answering(Reference::compiled_for(&quick), &dreyfus).is_none());
        let normal = SearchParams::preset(Preset::Normal);
        let table = Reference::answering(Reference::compiled_for(&normal), &dreyfus).unwrap();
        assert!(
            table
                .source
                .ends_with("games-default.tsv (compiled in: c197 at width 6 depth 4)")
        );
    }

    #[test]
    fn the_compiled_in_runs_are_chosen_by_widths_and_depth() {
        let tournament = SearchParams::preset(Preset::Tournament);
        assert!(
            Reference::paper_for(&tournament)
                .unwrap()
                .source
                .contains("15,15,9,9,7")
        );
        let normal = SearchParams::preset(Preset::Normal);
        assert!(
            Reference::paper_for(&normal)
                .unwrap()
                .source
                .contains("width 6")
        );
        assert!(Reference::paper_for(&SearchParams::preset(Preset::Quick)).is_none());
    }
}
