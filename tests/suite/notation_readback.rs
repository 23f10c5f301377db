//! Whatever machack writes it reads back: `convert`'s PGN and descriptive scores in every style,
//! and the game record, for the paper games and for random games with awkward tags, comments
//! and results (issue 13: `[Result "+"]` was copied into the movetext, which then read as a
//! check mark).

use crate::common;

use chacha20::ChaCha8Rng;
use machack::game::record::{self, Tags};
use machack::game::{Ending, Game as Played};
use machack::notation::{Game, Style, pgn, read_games, score};
use machack::rules::{Color, Position, Status};
use rand::{RngExt, SeedableRng};
use std::path::Path;

/// Characters that PGN treats specially, and some that it does not know.
const AWKWARD: &[&str] = &[
    "\"", "\\", "]", "[", "{", "}", ";", "(", ")", "%", "$1", "+", "#", "1-0", "*", "é", "½", " ",
];

fn awkward_text(rng: &mut ChaCha8Rng) -> String {
    (0..rng.random_range(0..6))
        .map(|_| {
            if rng.random_bool(0.5) {
                AWKWARD[rng.random_range(0..AWKWARD.len())].to_string()
            } else {
                "word".to_string()
            }
        })
        .collect()
}

/// A random legal game from the start, up to `plies` long or to its end, with awkward tags,
/// comments and NAGs, and a result that may not be one (`+`).
fn random_game(rng: &mut ChaCha8Rng, plies: usize) -> Game {
    let text = {
        let mut pos = Position::startpos();
        let mut words = Vec::new();
        for _ in 0..plies {
            if pos.status() != Status::Ongoing {
                break;
            }
            let moves = pos.legal_moves();
            let m = moves[rng.random_range(0..moves.len())];
            if pos.side_to_move() == Color::White {
                words.push(format!("{}.", pos.fullmove_number()));
            }
            words.push(m.coordinate());
            if rng.random_bool(0.2) {
                words.push(format!("{{{}}}", awkward_text(rng).replace('}', "")));
            }
            if rng.random_bool(0.1) {
                words.push(format!("${}", rng.random_range(0..=255u32)));
            }
            pos.make(m);
        }
        words.join(" ")
    };
    let mut game = read_games(&text).unwrap().remove(0);
    game.tags = vec![
        ("Event".into(), awkward_text(rng)),
        ("White".into(), awkward_text(rng)),
        ("Annotator".into(), awkward_text(rng)),
    ];
    let results = ["1-0", "0-1", "1/2-1/2", "*", "+", "", "2-0", "1/2"];
    game.tags.push((
        "Result".into(),
        results[rng.random_range(0..results.len())].into(),
    ));
    if rng.random_bool(0.3) {
        game.result = None;
    }
    game
}

/// The games machack ships, read.
fn shipped_games() -> Vec<Game> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut games = Vec::new();
    for f in std::fs::read_dir(dir).unwrap() {
        let p = f.unwrap().path();
        if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("score" | "pgn")
        ) {
            games.extend(read_games(&std::fs::read_to_string(&p).unwrap()).unwrap());
        }
    }
    assert_eq!(
        games.len(),
        22,
        "eleven scores, the paper games' PGN and the further games' PGN"
    );
    games
}

/// Checks `written` reads back as `game`: the same moves, tags and result.
fn reads_back_as(game: &Game, written: &str, how: &str) {
    let back = read_games(written).unwrap_or_else(|e| panic!("{how}: {e}\n{written}"));
    assert_eq!(back.len(), 1, "{how}:\n{written}");
    let back = &back[0];
    let moves = |g: &Game| g.moves.iter().map(|m| m.mv).collect::<Vec<_>>();
    assert_eq!(moves(back), moves(game), "{how}:\n{written}");
    assert_eq!(back.result_text(), game.result_text(), "{how}:\n{written}");
    for (name, value) in &game.tags {
        let expected = if name == "Result" {
            game.result_text()
        } else {
            value.as_str()
        };
        assert_eq!(
            back.tag(name),
            Some(expected),
            "{how}: tag {name}\n{written}"
        );
    }
    assert_eq!(back.odd_result_tag(), None, "{how}:\n{written}");
}

#[test]
fn convert_reads_back_everything_it_writes() {
    let mut rng = ChaCha8Rng::seed_from_u64(1967);
    let mut games = shipped_games();
    games.extend((0..300).map(|_| random_game(&mut rng, 200)));
    let styles = [
        None,
        Some(Style::Book),
        Some(Style::Teletype),
        Some(Style::Short),
    ];
    for (i, g) in games.iter().enumerate() {
        reads_back_as(g, &pgn::write(g), &format!("game {i} as PGN"));
        for style in styles {
            reads_back_as(
                g,
                &score::write(g, style),
                &format!("game {i} as a score, {style:?}"),
            );
        }
    }
}

#[test]
fn convert_writes_a_result_for_a_result_tag_that_is_none_and_says_so() {
    let dir = std::env::temp_dir().join(format!("machack-readback-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let odd = dir.join("odd.pgn");
    std::fs::write(&odd, "[Event \"x\"]\n[Result \"+\"]\n\n1. e4 e5\n").unwrap();
    for to in ["pgn", "descriptive"] {
        let (code, out, err) = common::machack(&["convert", odd.to_str().unwrap(), "--to", to], "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            err,
            format!(
                "machack: {}: game 1: [Result \"+\"] is not a result (1-0, 0-1, 1/2-1/2 or *); \
                 written as *\n",
                odd.display()
            )
        );
        assert!(out.contains("[Result \"*\"]"), "{out}");
        assert!(out.trim_end().ends_with('*'), "{out}");
        let again = dir.join(format!("again.{to}"));
        std::fs::write(&again, &out).unwrap();
        let (code, out2, err) =
            common::machack(&["convert", again.to_str().unwrap(), "--to", to], "");
        assert_eq!((code, err.as_str()), (0, ""), "{out}");
        assert_eq!(out2, out, "a second conversion changes nothing");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game record: written after every move, read back to resume, and rewritten unchanged
/// (what `play --resume F --in-place` relies on).
#[test]
fn the_game_record_reads_back_and_rewrites_unchanged() {
    let mut rng = ChaCha8Rng::seed_from_u64(1968);
    for i in 0..300 {
        let mut g = Played::new(Position::startpos());
        for _ in 0..rng.random_range(0..160) {
            if g.ending.is_some() {
                break;
            }
            let moves = g.position().legal_moves();
            let m = moves[rng.random_range(0..moves.len())];
            let seconds = rng
                .random_bool(0.8)
                .then(|| f64::from(rng.random_range(0..100_000u32)) / 100.0);
            g.play(m, seconds, seconds.is_none() && rng.random_bool(0.5));
        }
        if g.ending.is_none() {
            g.ending = [
                None,
                Some(Ending::Resignation(Color::White)),
                Some(Ending::Resignation(Color::Black)),
                Some(Ending::DrawAgreed),
            ][rng.random_range(0..4)];
        }
        let mut tags = Tags::new_game("Human", "Mac Hack VI (machack)", "40/600".parse().unwrap());
        tags.set("Annotator", &awkward_text(&mut rng));
        let text = record::to_pgn(&g, &tags);
        let back = record::read_pgn(&text).unwrap_or_else(|e| panic!("record {i}: {e}\n{text}"));
        assert_eq!(back.game.moves(), g.moves(), "record {i}:\n{text}");
        assert_eq!(back.game.ending, g.ending, "record {i}:\n{text}");
        assert_eq!(record::in_place_obstacle(&text, &back), None, "record {i}");
    }
}
