//! The game commands: `state` (where a game stands), `parse` (a move read as the terminal reads
//! one), `draw` (the answer to a draw offer), `pgn` (the record the terminal writes) and `load`
//! (a record or a FEN to continue).

use crate::json::Json;
use crate::request::Request;
use crate::think::move_members;
use machack::game::clock::{self, TimeControl};
use machack::game::deepening::{self, Searched as Search};
use machack::game::judgement::accepts_draw;
use machack::game::record::{self, Setup, Tags};
use machack::game::{Ending, Engine, Game, Searched};
use machack::interface::settings::{SETTINGS, preset_of};
use machack::interface::{Limits, SearchParams};
use machack::notation::{self, MoveError, Style};
use machack::rules::{Color, Position};
use machack::value::Value;

/// A move played in the game, as the record keeps it (descriptive as the teletype wrote it).
fn played(m: &machack::game::GameMove) -> Json {
    Json::object(vec![
        ("uci", m.mv.coordinate().into()),
        ("san", m.san.clone().into()),
        ("descriptive", m.descriptive.clone().into()),
    ])
}

/// A draw to claim as the page names it: `repetition`, `fifty`, or empty for none.
pub fn claim_name(e: Option<Ending>) -> &'static str {
    match e {
        Some(Ending::Repetition) => "repetition",
        Some(Ending::FiftyMoves) => "fifty",
        _ => "",
    }
}

/// `state`.
pub fn state(r: &Request) -> Result<Json, String> {
    let game = r.game()?;
    let pos = game.position();
    let legal = if game.ending.is_some() {
        Vec::new()
    } else {
        pos.legal_moves()
            .iter()
            .map(|&m| Json::object(move_members(pos, m, Style::Teletype)))
            .collect()
    };
    let status = match game.ending {
        None => "playing",
        Some(Ending::Checkmate(_)) => "checkmate",
        Some(Ending::Stalemate) => "stalemate",
        Some(_) => "draw",
    };
    let claim = claim_name(game.claimable());
    Ok(Json::object(vec![
        ("fen", pos.to_fen().into()),
        ("turn", turn(pos.side_to_move()).into()),
        ("number", pos.fullmove_number().into()),
        ("check", pos.in_check().into()),
        ("legal", Json::Array(legal)),
        (
            "history",
            Json::Array(game.moves().iter().map(played).collect()),
        ),
        ("status", status.into()),
        ("result", game.ending.map_or("*", Ending::result).into()),
        (
            "reason",
            game.ending.map_or(String::new(), |e| e.to_string()).into(),
        ),
        ("claim", claim.into()),
    ]))
}

/// `w` or `b`.
fn turn(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// `parse`: the text read as the terminal reads a move (descriptive, SAN or coordinates, in
/// any case), or the terminal's refusal: ambiguous (with the candidates), not a move (what a
/// move looks like), or illegal (with the closest legal moves).
pub fn parse(r: &Request) -> Result<Json, String> {
    let game = r.game()?;
    if let Some(e) = game.ending {
        return Err(format!("the game is over ({e}   {})", e.result()));
    }
    let text = r.text.as_deref().or(r.get("move")).unwrap_or("").trim();
    let pos = game.position();
    match notation::parse_any(pos, text) {
        Ok(m) => Ok(Json::object(move_members(pos, m, Style::Teletype))),
        Err(e) => {
            let kind = match e {
                MoveError::Ambiguous { .. } => "ambiguous",
                MoveError::Syntax { .. } | MoveError::Empty => "not a move",
                _ => "illegal",
            };
            Ok(Json::object(vec![
                ("error", format!("{kind}: {e}").into()),
                ("kind", kind.into()),
            ]))
        }
    }
}

/// `draw`: whether the machine accepts a draw offered it (paper §12, `game::judgement`), by
/// the value of its last search, `value` (for itself), or else by a search of the position now
/// with the settings, the machine being `machine` (`w` or `b`; default the side to move).
pub fn draw(r: &Request) -> Result<Json, String> {
    let value: Value = match r.get("value") {
        Some(v) => v
            .parse()
            .map_err(|_| format!("value: '{v}' is not a value in 1/128 pawn"))?,
        None => {
            let game = r.game()?;
            let settings = r.settings()?;
            let pos = game.position();
            let machine = r.side("machine")?.unwrap_or(pos.side_to_move());
            if game.ending.is_some() {
                return Ok(Json::object(vec![("accept", false.into())]));
            }
            let mut engine = Engine::new(settings.params);
            let Search { result, .. } = deepening::search(
                &mut engine,
                pos,
                game.history(),
                &Limits::default(),
                &mut |_| {},
            );
            if machine == pos.side_to_move() {
                result.value
            } else {
                -result.value
            }
        }
    };
    Ok(Json::object(vec![(
        "accept",
        accepts_draw(Some(value)).into(),
    )]))
}

/// One word of a space-separated list field, for move `i` (None past its end or for `-`).
fn word<'a>(r: &'a Request, key: &str, i: usize) -> Option<&'a str> {
    r.get(key)
        .and_then(|v| v.split_whitespace().nth(i))
        .filter(|w| *w != "-")
}

/// `pgn`: the game as the terminal's record writer writes it, with the settings tags (which
/// `machack play --resume` continues and `machack replay` reads): `seconds` holds each move's
/// thinking time (`book` for a book move, `-` unknown), `values` the program's search value
/// for each move it searched (`-` for the others), `clock` the time control (as `--clock`
/// takes it), `plays` the sides the program plays, `result` how the game ended when the rules
/// did not end it (`1-0`, `0-1`, `1/2-1/2`; `reason=time` for a flag, else a resignation or an
/// agreed or claimed draw).
pub fn pgn(r: &Request) -> Result<Json, String> {
    let moves = r.game()?;
    let settings = r.settings()?;
    let mut game = Game::new(moves.start().clone());
    game.set_claims(true);
    for (i, m) in moves.moves().iter().enumerate() {
        let seconds = word(r, "seconds", i);
        let book = seconds == Some("book");
        let secs = match seconds {
            Some(s) if !book => Some(
                clock::time(s, "seconds", clock::Unit::Seconds)
                    .map_err(|e| format!("seconds, move {}: {e}", i + 1))?
                    .as_secs_f64(),
            ),
            _ => None,
        };
        match word(r, "values", i) {
            Some(v) if !book => {
                let value: Value = v
                    .parse()
                    .map_err(|_| format!("values, move {}: '{v}' is not a value", i + 1))?;
                game.play_searched(
                    m.mv,
                    secs,
                    Searched {
                        value,
                        stopped_at: None,
                        params: settings.params.clone(),
                    },
                );
            }
            _ => {
                game.play(m.mv, secs, book);
            }
        }
    }
    if game.ending.is_none() {
        let loser = |c: Color| match r.get("reason") {
            Some("time") => Ending::Time(c),
            _ => Ending::Resignation(c),
        };
        game.ending = match r.get("result").unwrap_or("*") {
            "*" => None,
            "1-0" => Some(loser(Color::Black)),
            "0-1" => Some(loser(Color::White)),
            "1/2-1/2" => Some(game.claimable().unwrap_or(Ending::DrawAgreed)),
            o => return Err(format!("result: '{o}' is not 1-0, 0-1, 1/2-1/2 or *")),
        };
    }
    let control = match r.get("clock") {
        Some(c) => clock::parse(c).map_err(|e| format!("clock: {e}"))?,
        None => TimeControl::default(),
    };
    let plays = match r.get("plays").unwrap_or("neither") {
        "white" => [true, false],
        "black" => [false, true],
        "both" => [true, true],
        "neither" => [false, false],
        o => return Err(format!("plays: '{o}' is not white, black, both or neither")),
    };
    let mut tags = Tags::new_game(
        r.get("white").unwrap_or("?"),
        r.get("black").unwrap_or("?"),
        control,
    );
    if let Some(e) = r.get("event") {
        tags.set("Event", e);
    }
    if let Some(d) = r.get("date") {
        tags.set("Date", d);
    }
    tags.set_setup(&Setup {
        params: settings.params,
        book: settings.book,
        seed: r.number("seed")?,
        plays,
    });
    Ok(Json::object(vec![(
        "pgn",
        record::to_pgn(&game, &tags).into(),
    )]))
}

/// The widths of `params`, as an array.
pub fn widths(params: &SearchParams) -> Json {
    Json::Array(params.widths.as_slice().iter().map(|&w| w.into()).collect())
}

/// The settings as the page sets them: the profile, the preset (if they are one), the widths
/// and depth, the book, c197's table (null under the paper's profile), no deepening.
pub fn settings_json(params: &SearchParams, book: bool) -> Json {
    let table = SETTINGS
        .iter()
        .find(|s| s.key == "table")
        .filter(|s| s.applies.to(params.profile))
        .map_or(Json::Null, |s| s.get(params).into());
    Json::object(vec![
        ("profile", params.profile.name().into()),
        (
            "preset",
            preset_of(params).map_or(Json::Null, |p| p.to_string().into()),
        ),
        ("widths", widths(params)),
        ("depth", params.depth.into()),
        ("book", book.into()),
        ("table", table),
        ("deepen", false.into()),
    ])
}

/// `ending`: a game the page ends, announced and scored in the library's words
/// (`game::Ending`): `kind` `resignation` or `time` (with `loser`, `w` or `b`), `agreed`, or a
/// draw claimed, `repetition` or `fifty`. `{result, text}`.
pub fn ending(r: &Request) -> Result<Json, String> {
    let loser = || {
        r.side("loser")?
            .ok_or("loser: w or b is wanted".to_string())
    };
    let ending = match r.get("kind").unwrap_or("") {
        "resignation" => Ending::Resignation(loser()?),
        "time" => Ending::Time(loser()?),
        "agreed" => Ending::DrawAgreed,
        "repetition" => Ending::Repetition,
        "fifty" => Ending::FiftyMoves,
        other => {
            return Err(format!(
                "kind: '{}' is not resignation, time, agreed, repetition or fifty",
                notation::excerpt(other)
            ));
        }
    };
    Ok(Json::object(vec![
        ("result", ending.result().into()),
        ("text", ending.to_string().into()),
    ]))
}

/// `clock`: the time control `clock` as the terminal's `--clock` reads it (`game::clock::parse`:
/// `40/600`, `600+5`, `10:00+2`, `move/10` ...): `moves` a period (null: the game), `base_ms`
/// and `increment_ms`, or `per_move_ms` for a time a move; `text` as the record writes it. A
/// text it cannot read gets the terminal's refusal, which says what works.
pub fn clock(r: &Request) -> Result<Json, String> {
    let text = r.get("clock").unwrap_or("");
    let control = clock::parse(text).map_err(|e| e.to_string())?;
    let ms = |d: std::time::Duration| Json::from(d.as_millis().min(u128::from(u64::MAX)) as u64);
    let mut members = match control {
        TimeControl::Periods {
            moves,
            base,
            increment,
        } => vec![
            ("moves", moves.map_or(Json::Null, Json::from)),
            ("base_ms", ms(base)),
            ("increment_ms", ms(increment)),
        ],
        TimeControl::PerMove(d) => vec![("per_move_ms", ms(d))],
    };
    members.push(("text", control.to_string().into()));
    Ok(Json::object(members))
}

/// `load`: a FEN, or a record (PGN or any score `machack replay` reads, one game): where it
/// starts, its moves, the program's settings from its tags (the defaults without them), the
/// players and the result.
pub fn load(r: &Request) -> Result<Json, String> {
    let text = r.text.as_deref().unwrap_or("").trim();
    if text.is_empty() {
        return Err("nothing to load: give a PGN or a FEN after text:".into());
    }
    if let Ok(pos) = Position::from_fen(text) {
        return Ok(Json::object(vec![
            ("start", pos.to_fen().into()),
            ("moves", Json::Array(Vec::new())),
            ("settings", settings_json(&SearchParams::default(), true)),
            ("white", "?".into()),
            ("black", "?".into()),
            ("result", "*".into()),
        ]));
    }
    let resumed = record::read_pgn(text)?;
    let setup = record::read_setup(&resumed.tags)?;
    let params = setup.params.unwrap_or_default();
    let game = &resumed.game;
    let tag = |name: &str| resumed.tags.get(name).unwrap_or("?").to_string();
    let seconds: Vec<String> = game
        .moves()
        .iter()
        .map(|m| match (m.book, m.seconds) {
            (true, _) => "book".to_string(),
            (false, Some(s)) => format!("{s:.2}"),
            (false, None) => "-".to_string(),
        })
        .collect();
    let values: Vec<String> = game
        .moves()
        .iter()
        .map(|m| {
            m.search
                .as_ref()
                .map_or("-".into(), |s| s.value.to_string())
        })
        .collect();
    Ok(Json::object(vec![
        ("start", game.start().to_fen().into()),
        (
            "moves",
            Json::strings(game.moves().iter().map(|m| m.mv.coordinate())),
        ),
        (
            "settings",
            settings_json(&params, setup.book.unwrap_or(true)),
        ),
        ("white", tag("White").into()),
        ("black", tag("Black").into()),
        (
            "result",
            game.ending
                .map_or(tag("Result"), |e| e.result().into())
                .into(),
        ),
        ("seconds", Json::strings(seconds)),
        ("values", Json::strings(values)),
        (
            "history",
            Json::Array(game.moves().iter().map(played).collect()),
        ),
    ]))
}
