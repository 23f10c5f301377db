//! What the machine's thinking shows while it runs, from the search's progress reports: the
//! top-level moves as they are searched, each with its plausibility and, once searched, its
//! value, and the best move so far with its value (deepening, the deepest depth done's); with
//! `--pace`, when it will answer. A terminal's status line and the screen's panel are drawn from
//! it, their moves in descriptive notation, as the teletype writes them, or in SAN (the
//! session's `SAN` command).

use crate::game::deepening::Report;
use crate::interface::{Progress, TopBound};
use crate::notation::{Style, descriptive, san};
use crate::rules::{Move, Position};
use crate::value::{Value, mate_moves};
use std::time::{Duration, Instant};

/// A move as the thinking shows it: as the teletype writes it (`N-KB3`), and in SAN (`Nf3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// As the teletype writes it.
    pub descriptive: String,
    /// In SAN.
    pub san: String,
}

impl MoveText {
    /// Legal move `m` in `pos`, written both ways.
    pub fn new(pos: &Position, m: Move) -> MoveText {
        MoveText {
            descriptive: descriptive::format(pos, m, Style::Teletype),
            san: san::format(pos, m),
        }
    }

    /// In SAN if `san`, else as the teletype writes it.
    pub fn written(&self, san: bool) -> &str {
        if san { &self.san } else { &self.descriptive }
    }
}

/// One top-level move as the search reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopLine {
    /// The move.
    pub text: MoveText,
    /// Its plausibility.
    pub plausibility: Value,
    /// Its value for the mover once searched, as exactly as the bound says.
    pub value: Option<(Value, TopBound)>,
}

/// What a search has shown so far.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// When it began.
    pub started: Instant,
    /// The top-level moves in the order searched.
    pub lines: Vec<TopLine>,
    /// The one being searched now (an index into `lines`).
    pub examining: Option<usize>,
    /// The best move so far (an index into `lines`) and its value; none while deepening.
    pub best: Option<(usize, Value)>,
    /// Deepening (`--deepen`): the depth being searched, whose moves `lines` holds.
    pub deepening: Option<u32>,
    /// The deepest depth done's move, value and depth, while deepening.
    pub completed: Option<(MoveText, Value, u32)>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// With `--pace`: when the answer comes, and the search's 1967-equivalent time.
    pub answer: Option<(Instant, Duration)>,
    /// How it ended: the move played from the book, or the time the search and the pace took.
    pub ended: Option<Outcome>,
}

/// How a move's thinking ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The move came from the book.
    Book,
    /// The move was searched, in this many seconds (the pace's wait included).
    Searched(f64),
    /// The search found a hint for the user.
    Hint,
}

impl Default for Thinking {
    fn default() -> Thinking {
        Thinking::new()
    }
}

impl Thinking {
    /// A search beginning now.
    pub fn new() -> Thinking {
        Thinking {
            started: Instant::now(),
            lines: Vec::new(),
            examining: None,
            best: None,
            deepening: None,
            completed: None,
            nodes: 0,
            answer: None,
            ended: None,
        }
    }

    /// Takes in what the engine reports while it thinks about `pos`: a depth begun, its
    /// search's progress, or (deepening) a depth done, whose move becomes the best; a new best
    /// within a depth is only the best of the moves searched so far, not shown as the best.
    pub fn report(&mut self, pos: &Position, r: &Report) {
        match r {
            Report::Begin { depth, deepening } => {
                self.deepening = deepening.then_some(*depth);
            }
            Report::Search(Progress::NewBest { nodes, .. }) if self.deepening.is_some() => {
                self.nodes = *nodes;
            }
            Report::Search(p) => self.take(pos, p),
            Report::Completed(c) => {
                if let Some(mv) = c.lines.first().and_then(|l| l.pv.first()) {
                    self.completed = Some((MoveText::new(pos, *mv), c.value, c.depth));
                }
                self.nodes = c.nodes;
            }
        }
    }

    /// Takes in a progress report of the search of `pos`.
    pub fn take(&mut self, pos: &Position, p: &Progress) {
        let text = |mv| MoveText::new(pos, mv);
        match p {
            Progress::Examining {
                index,
                mv,
                plausibility,
                nodes,
                ..
            } => {
                let line = TopLine {
                    text: text(*mv),
                    plausibility: *plausibility,
                    value: None,
                };
                let at = (*index).min(self.lines.len());
                self.lines.truncate(at);
                self.lines.push(line);
                self.examining = Some(at);
                self.nodes = *nodes;
            }
            Progress::Searched {
                index,
                value,
                bound,
                nodes,
                ..
            } => {
                if let Some(line) = self.lines.get_mut(*index) {
                    line.value = Some((*value, *bound));
                }
                self.examining = None;
                self.nodes = *nodes;
            }
            Progress::NewBest {
                mv, value, nodes, ..
            } => {
                let t = text(*mv);
                let at = match self.lines.iter().rposition(|l| l.text == t) {
                    Some(at) => at,
                    None => {
                        self.lines.push(TopLine {
                            text: t,
                            plausibility: 0,
                            value: None,
                        });
                        self.lines.len() - 1
                    }
                };
                self.best = Some((at, *value));
                self.nodes = *nodes;
            }
        }
    }

    /// The best move so far and its value (`P-K4 (+0.12)`; deepening, the deepest depth
    /// done's, `P-K4 (+0.12) DEPTH 3`), or `?` before there is one; the move in SAN if `san`.
    pub fn best_text(&self, san: bool) -> String {
        if let Some((text, v, depth)) = &self.completed {
            return format!("{} ({}) DEPTH {depth}", text.written(san), value_text(*v));
        }
        match self.best {
            Some((at, v)) => format!("{} ({})", self.lines[at].text.written(san), value_text(v)),
            None => "?".to_string(),
        }
    }

    /// Whether line `i` is the best move so far.
    fn is_best(&self, i: usize) -> bool {
        match &self.completed {
            Some((text, ..)) => self.lines[i].text == *text,
            None => self.best.is_some_and(|(b, _)| b == i),
        }
    }

    /// The one line a terminal shows while the machine thinks, rewritten in place: the move
    /// examined and the best so far, or, paced, the best and when it answers; the moves in SAN
    /// if `san`.
    pub fn status_line(&self, san: bool) -> String {
        let best = self.best_text(san);
        match self.answer {
            Some((at, time_1967)) => format!(
                "BEST {best}  (1967: {:.1} SEC; ANSWERING IN {:.1} SEC)",
                time_1967.as_secs_f64(),
                at.saturating_duration_since(Instant::now()).as_secs_f64()
            ),
            None => {
                let examining = self
                    .examining
                    .map_or("", |i| self.lines[i].text.written(san));
                format!("EXAMINING {examining:<12} BEST {best}")
            }
        }
    }

    /// The screen's panel, `rows` lines of at most 29 characters: what the search is doing,
    /// the best so far, then the top-level moves in the order searched (the latest where
    /// they do not all fit), marked `*` the best so far and `>` the one being searched, each
    /// with its plausibility and value (`<=` a value it is at most); the moves in SAN if `san`.
    pub fn panel(&self, rows: usize, san: bool) -> Vec<String> {
        let now = Instant::now();
        let state = match (&self.ended, self.answer) {
            (Some(Outcome::Book), _) => "FROM THE BOOK".to_string(),
            (Some(Outcome::Searched(s)), _) => format!("PLAYED AFTER {s:.2} SEC"),
            (Some(Outcome::Hint), _) => "THE HINT'S SEARCH".to_string(),
            (None, Some((at, _))) => format!(
                "ANSWERING IN {:.1} SEC",
                at.saturating_duration_since(now).as_secs_f64()
            ),
            (None, None) => format!(
                "THINKING {:.1}S {} NODES",
                now.duration_since(self.started).as_secs_f64(),
                count_text(self.nodes)
            ),
        };
        let mut out = vec![state];
        if self.ended == Some(Outcome::Book) {
            return out.into_iter().take(rows).collect();
        }
        let mut best = format!("BEST {}", self.best_text(san));
        if let Some((_, t)) = self.answer {
            best.push_str(&format!(" 1967:{:.0}S", t.as_secs_f64()));
        }
        out.push(best);
        out.push(format!(" {:<11} {:>6} {:>8}", "MOVE", "PLAUS", "VALUE"));
        let room = rows.saturating_sub(out.len());
        let from = self.lines.len().saturating_sub(room);
        for (i, line) in self.lines.iter().enumerate().skip(from) {
            let mark = if self.is_best(i) {
                '*'
            } else if self.examining == Some(i) {
                '>'
            } else {
                ' '
            };
            let value = match line.value {
                Some((v, TopBound::AtMost)) => format!("<={}", value_text(v)),
                Some((v, _)) => value_text(v),
                None => String::new(),
            };
            let text: String = line.text.written(san).chars().take(11).collect();
            out.push(format!(
                "{mark}{text:<11} {:>6} {value:>8}",
                line.plausibility
            ));
        }
        out.truncate(rows);
        out
    }
}

/// A count in at most six characters, so that the panel's first line fits its 29 columns
/// however long the search: `91234`, `3091K`, `123.5M`.
fn count_text(n: u64) -> String {
    match n {
        0..100_000 => n.to_string(),
        100_000..10_000_000 => format!("{}K", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A value as a sentence says it: in pawns (`+0.12`), or a mate in words (`MATE IN 2`: the side
/// to move mates with its second move; `MATED IN 1`: its opponent mates with its first reply),
/// as `think` writes it.
pub fn value_words(v: Value) -> String {
    match mate_moves(v) {
        Some((true, n)) => format!("MATE IN {n}"),
        Some((false, 0)) => "MATED".to_string(),
        Some((false, n)) => format!("MATED IN {n}"),
        None => value_text(v),
    }
}

/// A value in pawns (`+0.12`), or a mate counted in the winner's moves (`MATE 2`, `MATED 1`):
/// [`crate::value::short_text`] in the teletype's upper case.
pub fn value_text(v: Value) -> String {
    crate::value::short_text(v).to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_any;
    use crate::value::MATE;

    #[test]
    fn the_panel_lists_the_moves_as_searched_with_plausibility_and_value() {
        let pos = Position::startpos();
        let mv = |t: &str| parse_any(&pos, t).unwrap();
        let mut t = Thinking::new();
        let examining = |index, m, plausibility| Progress::Examining {
            index,
            mv: m,
            total: 0,
            plausibility,
            nodes: 10,
        };
        t.take(&pos, &examining(0, mv("e4"), 120));
        assert_eq!(t.status_line(false), "EXAMINING P-K4         BEST ?");
        t.take(
            &pos,
            &Progress::Searched {
                index: 0,
                mv: mv("e4"),
                value: 16,
                bound: TopBound::Exact,
                nodes: 200,
            },
        );
        t.take(
            &pos,
            &Progress::NewBest {
                mv: mv("e4"),
                value: 16,
                pv: vec![mv("e4")],
                nodes: 200,
                elapsed: Duration::ZERO,
            },
        );
        t.take(&pos, &examining(1, mv("Nf3"), 95));
        t.take(
            &pos,
            &Progress::Searched {
                index: 1,
                mv: mv("Nf3"),
                value: 3,
                bound: TopBound::AtMost,
                nodes: 300,
            },
        );
        t.take(&pos, &examining(2, mv("d4"), 90));
        let panel = t.panel(6, false);
        assert!(panel[0].starts_with("THINKING "), "{panel:?}");
        assert_eq!(
            panel[1..],
            [
                "BEST P-K4 (+0.12)",
                " MOVE         PLAUS    VALUE",
                "*P-K4           120    +0.12",
                " N-KB3           95  <=+0.02",
                ">P-Q4            90         ",
            ]
        );
        // In SAN, for a player who reads that.
        assert_eq!(
            t.panel(6, true)[1..],
            [
                "BEST e4 (+0.12)",
                " MOVE         PLAUS    VALUE",
                "*e4             120    +0.12",
                " Nf3             95  <=+0.02",
                ">d4              90         ",
            ]
        );
        assert_eq!(
            t.status_line(true),
            "EXAMINING d4           BEST e4 (+0.12)"
        );
        // Fewer rows: the latest moves.
        assert_eq!(t.panel(4, false)[3], ">P-Q4            90         ");
        t.answer = Some((
            Instant::now() + Duration::from_secs(2),
            Duration::from_secs(25),
        ));
        assert!(
            t.status_line(false)
                .starts_with("BEST P-K4 (+0.12)  (1967: 25.0 SEC; ANSWERING IN "),
            "{}",
            t.status_line(false)
        );
        t.ended = Some(Outcome::Searched(2.5));
        assert_eq!(
            t.panel(2, false),
            ["PLAYED AFTER 2.50 SEC", "BEST P-K4 (+0.12) 1967:25S"]
        );
    }

    #[test]
    fn deepening_the_best_is_the_deepest_depth_done() {
        use crate::game::deepening::Completed;
        use crate::interface::Line;
        let pos = Position::startpos();
        let mv = |t: &str| parse_any(&pos, t).unwrap();
        let examining = |index, m| {
            Report::Search(Progress::Examining {
                index,
                mv: m,
                total: 0,
                plausibility: 100,
                nodes: 10,
            })
        };
        let mut t = Thinking::new();
        t.report(
            &pos,
            &Report::Begin {
                depth: 1,
                deepening: true,
            },
        );
        t.report(&pos, &examining(0, mv("e4")));
        t.report(
            &pos,
            &Report::Search(Progress::NewBest {
                mv: mv("e4"),
                value: 16,
                pv: vec![mv("e4")],
                nodes: 20,
                elapsed: Duration::ZERO,
            }),
        );
        // Within a depth, the best of the moves searched so far is not the best.
        assert_eq!(t.best_text(false), "?");
        let line = Line {
            value: 16,
            pv: vec![mv("e4")],
        };
        t.report(
            &pos,
            &Report::Completed(Completed {
                depth: 1,
                value: 16,
                lines: vec![line],
                nodes: 30,
                elapsed: Duration::ZERO,
            }),
        );
        assert_eq!(t.best_text(false), "P-K4 (+0.12) DEPTH 1");
        // The next depth's moves, the deepest done's still the best.
        t.report(
            &pos,
            &Report::Begin {
                depth: 2,
                deepening: true,
            },
        );
        t.report(&pos, &examining(0, mv("d4")));
        t.report(&pos, &examining(1, mv("e4")));
        assert_eq!(
            t.panel(5, false)[1..],
            [
                "BEST P-K4 (+0.12) DEPTH 1",
                " MOVE         PLAUS    VALUE",
                " P-Q4           100         ",
                "*P-K4           100         ",
            ]
        );
    }

    #[test]
    fn the_panels_first_line_fits_however_long_the_search() {
        assert_eq!(count_text(99_999), "99999");
        assert_eq!(count_text(3_091_504), "3091K");
        assert_eq!(count_text(123_456_789), "123.5M");
        let mut t = Thinking::new();
        t.started = Instant::now() - Duration::from_secs(9999);
        t.nodes = 123_456_789;
        let first = &t.panel(1, false)[0];
        assert!(first.starts_with("THINKING 9999."), "{first}");
        assert!(
            first.ends_with("S 123.5M NODES") && first.len() <= 29,
            "{first}"
        );
    }

    #[test]
    fn values_are_pawns_or_mates_in_moves() {
        assert_eq!(value_text(-45), "-0.35");
        assert_eq!(value_text(MATE - 3), "MATE 2");
        assert_eq!(value_text(-(MATE - 2)), "MATED 1");
        assert_eq!(value_words(MATE - 1), "MATE IN 1");
        assert_eq!(value_words(-(MATE - 2)), "MATED IN 1");
        assert_eq!(value_words(-45), "-0.35");
    }
}
