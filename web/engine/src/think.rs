//! `think`: the program's move in a position, searched as the terminal's machine searches (the
//! book first if it is on, the clock's allotment as its time, deepening if asked), told as
//! `machack think` tells it (the top-level record, the chosen line, the statistics' 1967
//! time), with progress reports while it runs; and `bench`, `machack bench`'s positions.

use crate::game::claim_name;
use crate::json::Json;
use crate::progress;
use crate::request::Request;
use machack::book::{Book, Seeded};
use machack::game::Engine;
use machack::game::bench;
use machack::game::clock;
use machack::game::deepening::{self, Report, Searched};
use machack::game::judgement::{ResignWatch, claims_draw, claims_draw_with_move};
use machack::interface::{Deepening, Limits, Progress, Statistics, TopBound};
use machack::notation::{self, Style, descriptive, san};
use machack::rules::{Color, Move, Position};
use machack::value::{self, Value};
use std::time::Duration;

/// A move in the three notations the page shows: `{uci, san, descriptive}`, descriptive in
/// `style` (the paper's book style as `machack think` writes a search; the teletype's for the
/// game's moves, as the record keeps them).
pub fn move_members(pos: &Position, m: Move, style: Style) -> Vec<(&'static str, Json)> {
    vec![
        ("uci", m.coordinate().into()),
        ("san", san::format(pos, m).into()),
        ("descriptive", descriptive::format(pos, m, style).into()),
    ]
}

/// A line of moves from `pos`, each written by `write` (`notation::write_line`).
fn line(pos: &Position, moves: &[Move], write: impl Fn(&Position, Move) -> String) -> Json {
    Json::strings(notation::write_line(pos, moves, write))
}

/// The time a search may take: `movetime` (milliseconds, a clock of a time a move), or what
/// the clock allots the side to move (`wtime`, `btime` in milliseconds left, `movestogo`,
/// `inc`), as `game::clock` allots the machine's time at the terminal and over UCI; none
/// without a clock.
fn time_limit(r: &Request, side: Color) -> Result<Option<Duration>, String> {
    if let Some(ms) = r.number("movetime")? {
        return Ok(Some(Duration::from_millis(ms)));
    }
    let left = match side {
        Color::White => r.number("wtime")?,
        Color::Black => r.number("btime")?,
    };
    let Some(left) = left else {
        return Ok(None);
    };
    let moves_to_go = r
        .number("movestogo")?
        .map(|n| n.min(u64::from(u32::MAX)) as u32);
    let inc = Duration::from_millis(r.number("inc")?.unwrap_or(0));
    Ok(Some(clock::allot(
        Duration::from_millis(left),
        moves_to_go,
        inc,
    )))
}

/// Whether the machine resigns after this search (`game::judgement`): `values` holds the
/// values of its earlier searches in the game, for itself, oldest first.
fn resigns(r: &Request, value: Value) -> Result<bool, String> {
    let mut watch = ResignWatch::default();
    for v in r.get("values").unwrap_or("").split_whitespace() {
        let v: Value = v
            .parse()
            .map_err(|_| format!("values: '{v}' is not a value in 1/128 pawn"))?;
        watch.resigns_after(v);
    }
    Ok(watch.resigns_after(value))
}

/// What the page hears while the program thinks: the best move so far (what Stop plays) and
/// the depth.
struct Follower {
    pos: Position,
    depth: u32,
    deepening: bool,
    best: Option<(Move, Option<Value>)>,
}

impl Follower {
    fn hear(&mut self, report: &Report) {
        let (event, nodes, searched) = match report {
            Report::Begin { depth, deepening } => {
                self.depth = *depth;
                self.deepening = *deepening;
                return;
            }
            Report::Search(Progress::Examining {
                index: 0,
                mv,
                nodes,
                ..
            }) if self.best.is_none() => {
                // The most plausible move: what a search stopped at once plays.
                self.best = Some((*mv, None));
                ("begin", *nodes, None)
            }
            Report::Search(Progress::Examining { .. }) => return,
            Report::Search(Progress::NewBest {
                mv, value, nodes, ..
            }) => {
                // Deepening, a new best within a depth after the first is only the best of
                // the moves searched so far: the last depth done's move stands.
                if !self.deepening || self.depth == 1 {
                    self.best = Some((*mv, Some(*value)));
                }
                ("best", *nodes, None)
            }
            Report::Search(Progress::Searched {
                mv,
                value,
                bound,
                nodes,
                ..
            }) => ("searched", *nodes, Some((*mv, *value, *bound))),
            Report::Completed(c) => {
                if let Some(&m) = c.lines.first().and_then(|l| l.pv.first()) {
                    self.best = Some((m, Some(c.value)));
                }
                ("depth", c.nodes, None)
            }
        };
        let Some((m, value)) = self.best else {
            return;
        };
        let mut members = move_members(&self.pos, m, Style::Book);
        members.insert(0, ("event", event.into()));
        members[1].0 = "bestmove";
        members.push(("value", value.map_or(Json::Null, Json::from)));
        members.push(("short", short(value)));
        members.push(("nodes", nodes.into()));
        members.push(("depth", self.depth.into()));
        if let Some((mv, v, bound)) = searched {
            let mut s = move_members(&self.pos, mv, Style::Book);
            s.push(("value", v.into()));
            s.push(("short", short(Some(v))));
            s.push(("bound", bound_text(bound).into()));
            members.push(("searched", Json::object(s)));
        }
        progress(&Json::object(members).text());
    }
}

/// A value in one short column (`value::short_text`: `+0.12`, `mate 2`), null for none.
fn short(v: Option<Value>) -> Json {
    v.map_or(Json::Null, |v| value::short_text(v).into())
}

/// How exactly a top-level value is known, in a word.
fn bound_text(b: TopBound) -> &'static str {
    match b {
        TopBound::Exact => "exact",
        TopBound::AtMost => "at most",
        TopBound::Interrupted => "interrupted",
    }
}

/// `think`.
pub fn think(r: &Request) -> Result<Json, String> {
    let game = r.game()?;
    let settings = r.settings()?;
    let pos = game.position().clone();
    if let Some(e) = game.ending {
        return Err(format!("the game is over: {e}"));
    }
    if pos.legal_moves().is_empty() {
        return Err("no legal move".into());
    }
    if settings.book {
        let seed = r.number("seed")?.unwrap_or(0);
        let mut rng = Seeded::new(seed.wrapping_add(game.moves().len() as u64));
        if let Some(m) = Book::builtin().choose(&pos, &mut rng) {
            let mut members = move_members(&pos, m, Style::Book);
            members[0].0 = "bestmove";
            members.extend([
                ("value", Json::Null),
                ("short", Json::Null),
                ("score", "book".into()),
                (
                    "line",
                    line(&pos, &[m], |p, m| descriptive::format(p, m, Style::Book)),
                ),
                ("line_san", line(&pos, &[m], san::format)),
                ("nodes", 0u64.into()),
                ("ms", 0u64.into()),
                ("time_1967", Json::Null),
                ("top", Json::Array(Vec::new())),
                ("book", true.into()),
                ("resign", false.into()),
                ("claim", "".into()),
                ("claim_with_move", "".into()),
                ("note", "".into()),
            ]);
            return Ok(Json::object(members));
        }
    }
    let limits = Limits {
        time: time_limit(r, pos.side_to_move())?,
        nodes: r.number("nodes")?,
        deepen: if settings.deepen {
            Deepening::Play
        } else {
            Deepening::Off
        },
        ..Limits::default()
    };
    let mut engine = Engine::new(settings.params);
    let mut follower = Follower {
        pos: pos.clone(),
        depth: 0,
        deepening: false,
        best: None,
    };
    let Searched { result, depth } =
        deepening::search(&mut engine, &pos, game.history(), &limits, &mut |rep| {
            follower.hear(rep)
        });
    let Some(best) = result.best_move else {
        return Err("the search found no move".into());
    };
    let top: Vec<Json> = result
        .top_level
        .iter()
        .map(|t| {
            let mut members = move_members(&pos, t.mv, Style::Book);
            members.extend([
                ("plausibility", t.plausibility.into()),
                ("value", t.value.into()),
                ("short", short(Some(t.value))),
                ("score", value::text(t.value).into()),
                ("bound", bound_text(t.bound).into()),
                ("why", t.selection.words().into()),
                (
                    "line",
                    line(&pos, &t.pv, |p, m| descriptive::format(p, m, Style::Book)),
                ),
                ("secondary", t.secondary.map_or(Json::Null, Json::from)),
                (
                    "secondary_score",
                    t.secondary.map_or(Json::Null, |v| value::text(v).into()),
                ),
            ]);
            Json::object(members)
        })
        .collect();
    let note: Vec<String> = result
        .approximations
        .iter()
        .map(|a| a.to_string())
        .collect();
    let mut members = move_members(&pos, best, Style::Book);
    members[0].0 = "bestmove";
    members.extend([
        ("value", result.value.into()),
        ("short", short(Some(result.value))),
        ("score", value::text(result.value).into()),
        (
            "line",
            line(&pos, &result.pv, |p, m| {
                descriptive::format(p, m, Style::Book)
            }),
        ),
        ("line_san", line(&pos, &result.pv, san::format)),
        ("nodes", result.stats.nodes.into()),
        ("ms", Json::Float(ms(result.stats.time))),
        (
            "time_1967",
            Json::Float(result.stats.time_1967().as_secs_f64()),
        ),
        ("depth", depth.into()),
        ("stopped", result.stopped.into()),
        ("top", Json::Array(top)),
        ("book", false.into()),
        ("resign", resigns(r, result.value)?.into()),
        // The draws the machine claims, as at the terminal (game::judgement): one the rules
        // allow now, when worse than what it expects; or the one its move makes, with the move.
        (
            "claim",
            claim_name(game.claimable().filter(|_| claims_draw(result.value))).into(),
        ),
        (
            "claim_with_move",
            claim_name(
                game.claimable_with(best)
                    .filter(|_| claims_draw_with_move(result.value)),
            )
            .into(),
        ),
        ("note", note.join("; ").into()),
    ]);
    Ok(Json::object(members))
}

/// Milliseconds, to the microsecond.
fn ms(d: Duration) -> f64 {
    (d.as_micros() as f64) / 1000.0
}

/// `bench`: `machack bench`'s positions at its default settings (the tournament preset, no
/// book), each with a fresh engine, `repeat` times: the positions searched, the nodes and the
/// time.
pub fn bench(r: &Request) -> Result<Json, String> {
    let repeat = r.number("repeat")?.unwrap_or(1).clamp(1, 1000);
    let settings = r.settings()?;
    let mut total = Statistics::default();
    let mut positions = 0u64;
    for _ in 0..repeat {
        bench::search_each(&settings.params, &Limits::default(), |_, _, searched, _| {
            total.nodes += searched.result.stats.nodes;
            total.time += searched.result.stats.time;
            positions += 1;
        })?;
    }
    Ok(Json::object(vec![
        ("positions", positions.into()),
        ("nodes", total.nodes.into()),
        ("ms", Json::Float(ms(total.time))),
    ]))
}
