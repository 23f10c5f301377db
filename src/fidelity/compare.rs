//! Replay against history: in every position of a game where Mac Hack was to move, what the
//! recreation plays, beside what Mac Hack played in 1967, what the 1967-68 program (c197) plays
//! there with its value (`reference/c197/`), and what the surviving 1973 program chose
//! (`reference/c1973/`). Positions Mac Hack played from its opening book are compared with c197
//! only: they count neither against history nor in the 1973 program's figures. The same
//! comparison runs on the positions of a c197 table alone (any side, any game).
//!
//! Each position is searched with a fresh table, so every row can be reproduced alone with
//! `machack think --fen FEN --moves …`-free input: the row's FEN and the game's earlier positions
//! (for repetitions) are all a search sees.

use super::reference::{self, Answer, Reference};
use crate::game::Engine;
use crate::game::rerun::rerun;
use crate::interface::{Limits, SearchParams, SearchResult, TopLevelMove};
use crate::notation::{Game, san};
use crate::rules::{Color, Key, Move, Position};
use crate::value::Value;
use std::collections::HashMap;
use std::time::Duration;

/// What the 1973 program chose in one position (SAN, or `None` where it gave no move).
#[derive(Clone, Debug, Default)]
pub struct Oracle {
    by_position: HashMap<String, Option<String>>,
}

/// The first four FEN fields: the position without its clocks.
fn position_part(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// The 1973 program's choices in the paper games (`reference/c1973/`), compiled in.
pub const C1973_PAPER_TSV: &str = include_str!("../../reference/c1973/paper-c1973-tournament.tsv");

impl Oracle {
    /// The 1973 program's choices in the four paper games, as compiled in.
    pub fn c1973_paper() -> Oracle {
        Oracle::read(C1973_PAPER_TSV).expect("the compiled-in 1973 reference is well formed")
    }

    /// Reads the oracle TSV (`game ply fen side historical c1973 agree`, with a header line).
    pub fn read(text: &str) -> Result<Oracle, String> {
        let mut by_position = HashMap::new();
        for (i, line) in text.lines().enumerate().skip(1) {
            if line.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            if fields.len() < 6 {
                return Err(format!(
                    "oracle line {}: {} tab-separated fields; expected 7 (game, ply, fen, side, historical, c1973, agree)",
                    i + 1,
                    fields.len()
                ));
            }
            let choice = (fields[5] != "-").then(|| fields[5].to_string());
            by_position.insert(position_part(fields[2]), choice);
        }
        Ok(Oracle { by_position })
    }

    /// The 1973 program's choice in `pos`: `None` if the oracle has no row for it,
    /// `Some(None)` if it has one but the program gave no move.
    pub fn choice(&self, pos: &Position) -> Option<Option<Move>> {
        let choice = self.by_position.get(&position_part(&pos.to_fen()))?;
        Some(choice.as_ref().and_then(|text| san::parse(pos, text).ok()))
    }

    /// The number of positions the oracle holds.
    pub fn len(&self) -> usize {
        self.by_position.len()
    }

    /// Whether the oracle holds no position.
    pub fn is_empty(&self) -> bool {
        self.by_position.is_empty()
    }
}

/// One position where Mac Hack was to move.
#[derive(Clone, Debug)]
pub struct CompareRow {
    /// `10.` for a White move, `9...` for a Black one.
    pub number: String,
    /// The position before the move.
    pub position: Position,
    /// The keys of the game's positions before it, oldest first, as the search had them (none
    /// for a position searched alone).
    pub history: Vec<Key>,
    /// The move Mac Hack played in 1967 (or, for a table's positions, the game's move).
    pub historical: Move,
    /// Whether Mac Hack played it from its opening book (then it is not counted against history).
    pub book: bool,
    /// The recreation's choice (`None` only if it found no legal move, which cannot happen here).
    pub chosen: Option<Move>,
    /// The recreation's value for the side to move.
    pub value: Value,
    /// The recreation's principal variation.
    pub pv: Vec<Move>,
    /// Every top-level move the recreation searched, in the order searched, with its value.
    pub top_level: Vec<TopLevelMove>,
    /// Every legal move with its plausibility, most plausible first.
    pub plausibility: Vec<(Move, Value)>,
    /// Where the historical move stood in the PMG's order (1 = most plausible).
    pub pmg_rank: usize,
    /// PMG calls of the search.
    pub pmg_calls: u64,
    /// The 1967-equivalent time: PMG calls × 80 ms.
    pub time_1967: Duration,
    /// The computer time printed in the paper (game 4), e.g. `18.3s`.
    pub printed_time: Option<String>,
    /// The 1973 program's choice: `None` = no oracle row, `Some(None)` = it gave no move.
    pub oracle: Option<Option<Move>>,
    /// c197's answer: `None` = no c197 row, `Some(None)` = it gave no move.
    pub c197: Option<Option<Answer>>,
}

impl CompareRow {
    /// Whether the recreation chose the 1967 move.
    pub fn matches(&self) -> bool {
        self.chosen == Some(self.historical)
    }

    /// c197's move, where it gave one.
    pub fn c197_move(&self) -> Option<Move> {
        self.c197.as_ref()?.as_ref().map(|a| a.mv)
    }

    /// Whether the recreation chose c197's move.
    pub fn same_as_c197(&self) -> bool {
        self.c197_move().is_some() && self.chosen == self.c197_move()
    }

    /// Whether the recreation chose c197's move with c197's root value.
    pub fn same_value_as_c197(&self) -> bool {
        self.same_as_c197()
            && self.c197.as_ref().and_then(|a| a.as_ref()?.value) == Some(self.value)
    }

    /// Which of the three moves agree: `all`, `M=H`, `C=H`, `M=C` or `-` (M = machack,
    /// C = c197, H = history).
    pub fn agreement(&self) -> &'static str {
        let c197 = self.c197_move();
        match (
            self.matches(),
            c197 == Some(self.historical),
            self.same_as_c197(),
        ) {
            (true, true, _) => "all",
            (true, false, _) => "M=H",
            (false, true, _) => "C=H",
            (false, false, true) => "M=C",
            (false, false, false) => "-",
        }
    }
}

/// The yardsticks a comparison holds the recreation against, besides the move played.
#[derive(Clone, Copy, Debug)]
pub struct Yardsticks<'a> {
    /// The 1973 program's choices.
    pub oracle: &'a Oracle,
    /// c197's answers, if a table matches the search's widths.
    pub c197: Option<&'a Reference>,
}

/// Every position of `game` where `side` (Mac Hack) was to move, in order.
pub fn mac_hack_positions(game: &Game, side: Color) -> Vec<Position> {
    let mut positions = Vec::new();
    let mut pos = game.start.clone();
    for gm in &game.moves {
        if pos.side_to_move() == side {
            positions.push(pos.clone());
        }
        pos.make(gm.mv);
    }
    positions
}

/// Which side Mac Hack played: the side whose tag names it.
pub fn mac_hack_side(game: &Game) -> Option<Color> {
    let is_mac_hack = |tag: &str| {
        game.tag(tag).is_some_and(|name| {
            let n = name.to_ascii_lowercase();
            n.contains("mac hack") || n.contains("machack") || n.contains("mac hac")
        })
    };
    match (is_mac_hack("White"), is_mac_hack("Black")) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// The parts of a move's comments: each comment, and each `;`-separated part of it (the PGN
/// form of the paper games writes `{ P-K4; time BOOK }`, the score form `{BOOK}`).
fn comment_parts(comments: &[String]) -> impl Iterator<Item = &str> {
    comments.iter().flat_map(|c| c.split(';')).map(str::trim)
}

/// Whether a move's comments mark it as played from the opening book: `{BOOK}` (the score
/// form), `time BOOK` (the PGN form of the paper games), `book` (machack's records).
fn from_book(comments: &[String]) -> bool {
    comment_parts(comments).any(|c| {
        let c = c.strip_prefix("time ").unwrap_or(c);
        let words: Vec<&str> = c.split_whitespace().collect();
        c.eq_ignore_ascii_case("book") || matches!(words[..], [_, "book"])
    })
}

/// A computer time comment: `18.3s` (the score form) or `time 18.3 s` (the PGN form of the
/// paper games), as `18.3s`.
fn printed_time(comments: &[String]) -> Option<String> {
    comment_parts(comments).find_map(|c| {
        let c = c.strip_prefix("time ").unwrap_or(c);
        let secs = c.strip_suffix('s')?.trim_end();
        secs.parse::<f64>().ok().map(|_| format!("{secs}s"))
    })
}

/// One position to compare.
struct Target<'a> {
    position: &'a Position,
    history: &'a [Key],
    historical: Move,
    book: bool,
    printed_time: Option<String>,
}

/// Searches one position with `engine` and sets the result beside the yardsticks.
fn compare_position(
    target: Target,
    engine: &mut Engine,
    limits: &Limits,
    oracle: &Oracle,
    c197: Option<Option<Answer>>,
) -> CompareRow {
    let r = engine.search(target.position, target.history, limits, None);
    row_of(target, &r, oracle, c197)
}

/// What a search of a position gave, set beside the yardsticks.
fn row_of(
    target: Target,
    r: &SearchResult,
    oracle: &Oracle,
    c197: Option<Option<Answer>>,
) -> CompareRow {
    let pos = target.position;
    let pmg_rank = r
        .plausibility
        .iter()
        .position(|(m, _)| *m == target.historical)
        .map_or(0, |i| i + 1);
    CompareRow {
        number: match pos.side_to_move() {
            Color::White => format!("{}.", pos.fullmove_number()),
            Color::Black => format!("{}...", pos.fullmove_number()),
        },
        position: pos.clone(),
        history: target.history.to_vec(),
        historical: target.historical,
        book: target.book,
        chosen: r.best_move,
        value: r.value,
        pv: r.pv.clone(),
        top_level: r.top_level.clone(),
        plausibility: r.plausibility.clone(),
        pmg_rank,
        pmg_calls: r.stats.pmg_calls,
        time_1967: r.stats.time_1967(),
        printed_time: target.printed_time,
        oracle: oracle.choice(pos),
        c197,
    }
}

/// Searches every position of `game` where `side` was to move.
pub fn compare_game(
    game: &Game,
    side: Color,
    params: &SearchParams,
    limits: &Limits,
    yardsticks: Yardsticks,
) -> Vec<CompareRow> {
    compare_game_reporting(game, side, params, limits, yardsticks, &mut |_| {})
}

/// [`compare_game`], calling `on_row` with each row as soon as its search ends (for progress).
pub fn compare_game_reporting(
    game: &Game,
    side: Color,
    params: &SearchParams,
    limits: &Limits,
    yardsticks: Yardsticks,
    on_row: &mut dyn FnMut(&CompareRow),
) -> Vec<CompareRow> {
    let none = HashMap::new();
    compare_game_played(game, side, params, limits, yardsticks, &none, on_row)
}

/// The searches machack made in a game it played (a record it wrote, whose moves note what
/// their searches gave), repeated in order by one program as `crate::game::rerun` rebuilds it,
/// each with the settings and node limit it was made with: what each gave, by the move's
/// index. Empty for any other game (the 1967 games: Mac Hack's run is not machack's to repeat).
pub fn searches_of(
    played: &crate::game::Game,
    params: &SearchParams,
) -> HashMap<usize, SearchResult> {
    let mut out = HashMap::new();
    if played.moves().iter().any(|m| m.search.is_some()) {
        let n = played.moves().len();
        let book = crate::book::Book::builtin();
        rerun(played, n, params, None, &book, &mut |i, _, r| {
            out.insert(i, r.clone());
        });
    }
    out
}

/// [`compare_game_reporting`] for a game machack played: the positions where it searched are
/// compared with what those searches gave (`played`, from [`searches_of`]: its own moves, with
/// the run state they had); the others are searched alone, as in any game.
pub fn compare_game_played(
    game: &Game,
    side: Color,
    params: &SearchParams,
    limits: &Limits,
    yardsticks: Yardsticks,
    played: &HashMap<usize, SearchResult>,
    on_row: &mut dyn FnMut(&CompareRow),
) -> Vec<CompareRow> {
    let mut rows = Vec::new();
    let mut pos = game.start.clone();
    let mut history: Vec<Key> = Vec::new();
    for (index, gm) in game.moves.iter().enumerate() {
        if pos.side_to_move() == side {
            let target = Target {
                position: &pos,
                history: &history,
                historical: gm.mv,
                book: from_book(&gm.comments),
                printed_time: printed_time(&gm.comments),
            };
            let c197 = yardsticks
                .c197
                .and_then(|c| c.row(&pos))
                .map(|row| row.answer.clone());
            let row = match played.get(&index) {
                Some(r) => row_of(target, r, yardsticks.oracle, c197),
                None => compare_position(
                    target,
                    &mut Engine::new(params.clone()),
                    limits,
                    yardsticks.oracle,
                    c197,
                ),
            };
            on_row(&row);
            rows.push(row);
        }
        history.push(pos.key());
        pos.make(gm.mv);
    }
    rows
}

/// Searches the positions of a c197 table. A position that one of `games` reaches at the row's
/// ply is searched as the kit asked c197 along the game: with the game's earlier positions as
/// its history, and by one program for all the game's rows, in the table's order (so that
/// the program's run state, and the paper profile's table, carry from one to the next); any
/// other position alone, from its FEN with a fresh program. (It matters to the c197 profile:
/// the program's pieces keep the numbers the game gave them, which decide its ties, where a
/// position alone numbers them afresh; and a few bits of state outlive a search, see
/// [`crate::c197::cat::Leftovers`].)
pub fn compare_positions(
    rows: &[&reference::Row],
    games: &[Game],
    params: &SearchParams,
    limits: &Limits,
    oracle: &Oracle,
) -> Vec<CompareRow> {
    let game_keys: Vec<Vec<Key>> = games.iter().map(position_keys).collect();
    let mut engines: Vec<Option<Engine>> = games.iter().map(|_| None).collect();
    let mut alone = Engine::new(params.clone());
    rows.iter()
        .map(|row| {
            let key = row.position.key();
            let found = game_keys
                .iter()
                .position(|keys| keys.get(row.ply) == Some(&key));
            let (history, engine) = match found {
                Some(g) => (
                    &game_keys[g][..row.ply],
                    engines[g].get_or_insert_with(|| Engine::new(params.clone())),
                ),
                None => {
                    alone = Engine::new(params.clone());
                    (&[][..], &mut alone)
                }
            };
            let target = Target {
                position: &row.position,
                history,
                historical: row.historical,
                book: false,
                printed_time: None,
            };
            let c197 = Some(row.answer.clone());
            compare_position(target, engine, limits, oracle, c197)
        })
        .collect()
}

/// The keys of a game's positions, from its start to its final position.
fn position_keys(game: &Game) -> Vec<Key> {
    let mut pos = game.start.clone();
    let mut keys = vec![pos.key()];
    for gm in &game.moves {
        pos.make(gm.mv);
        keys.push(pos.key());
    }
    keys
}

/// The agreement figures of a set of rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Positions compared.
    pub positions: usize,
    /// ... of which Mac Hack played from its book: counted against c197 only.
    pub book: usize,
    /// Out of book: the recreation chose the 1967 move.
    pub matches: usize,
    /// Out of book: the 1967 move was among the PMG's first 6.
    pub in_first_six: usize,
    /// Positions where c197 gave a move.
    pub c197_answered: usize,
    /// ... and the recreation chose the same move.
    pub c197_matches: usize,
    /// ... with the same root value.
    pub c197_same_value: usize,
    /// ... and c197 chose the 1967 move.
    pub c197_historical: usize,
    /// Out of book: positions where the 1973 program gave a move.
    pub oracle_answered: usize,
    /// ... and the recreation chose the same move.
    pub oracle_matches: usize,
    /// ... and the 1973 program chose the 1967 move.
    pub oracle_historical: usize,
}

impl Summary {
    /// Adds up the rows.
    pub fn of(rows: &[CompareRow]) -> Summary {
        let mut s = Summary {
            positions: rows.len(),
            ..Summary::default()
        };
        for r in rows {
            if let Some(m) = r.c197_move() {
                s.c197_answered += 1;
                s.c197_matches += r.same_as_c197() as usize;
                s.c197_same_value += r.same_value_as_c197() as usize;
                s.c197_historical += (m == r.historical) as usize;
            }
            if r.book {
                s.book += 1;
                continue;
            }
            s.matches += r.matches() as usize;
            s.in_first_six += (1..=6).contains(&r.pmg_rank) as usize;
            if let Some(Some(m)) = r.oracle {
                s.oracle_answered += 1;
                s.oracle_matches += (r.chosen == Some(m)) as usize;
                s.oracle_historical += (m == r.historical) as usize;
            }
        }
        s
    }

    /// Positions out of book: those counted against history.
    pub fn out_of_book(&self) -> usize {
        self.positions - self.book
    }
}

impl std::ops::Add for Summary {
    type Output = Summary;
    /// Sums two summaries (for the total over several games).
    fn add(self, o: Summary) -> Summary {
        Summary {
            positions: self.positions + o.positions,
            book: self.book + o.book,
            matches: self.matches + o.matches,
            in_first_six: self.in_first_six + o.in_first_six,
            c197_answered: self.c197_answered + o.c197_answered,
            c197_matches: self.c197_matches + o.c197_matches,
            c197_same_value: self.c197_same_value + o.c197_same_value,
            c197_historical: self.c197_historical + o.c197_historical,
            oracle_answered: self.oracle_answered + o.oracle_answered,
            oracle_matches: self.oracle_matches + o.oracle_matches,
            oracle_historical: self.oracle_historical + o.oracle_historical,
        }
    }
}

/// `n/d (p%)`.
pub fn ratio(n: usize, d: usize) -> String {
    if d == 0 {
        format!("{n}/{d}")
    } else {
        format!("{n}/{d} ({:.0}%)", 100.0 * n as f64 / d as f64)
    }
}
