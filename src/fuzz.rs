//! One fuzz target per parser: each takes arbitrary bytes, reads them as the parser's text, and
//! panics only if the parser (or what it promises about its result) is wrong. `cargo fuzz`
//! runs them coverage-guided (`fuzz/`, `scripts/fuzz.sh`); `tests/suite/fuzz.rs` runs a bounded,
//! fixed-seed mutation of the seeds in `fuzz/seeds/` through the same functions on every
//! `cargo test`.
//!
//! Beyond "never panics", each target checks what its parser's result promises: a move read is
//! legal and its own written forms read back to it; a FEN read writes back to the same
//! position, whose every legal move makes and unmakes exactly; a game read writes a text that
//! reads back to the same moves; the book's tokens are all accounted for.

use crate::book::{Book, read_book_text};
use crate::game::clock::TimeControl;
use crate::interface::params::{WIDTHS, parse_feedovers, parse_node_limit};
use crate::interface::{WidthSchedule, parse_depth};
use crate::notation::{self, Style, read_games};
use crate::rules::{Move, Position};

/// A fuzz target: arbitrary bytes in, a panic only on a bug.
pub type Target = fn(&[u8]);

/// Every target by name (the names of `fuzz/fuzz_targets/*.rs` and `fuzz/seeds/*/`).
pub const TARGETS: [(&str, Target); 12] = [
    ("fen", fen),
    ("epd", epd),
    ("descriptive", descriptive),
    ("san", san),
    ("coordinate", coordinate),
    ("pgn", pgn),
    ("score", score),
    ("book", book),
    ("clock", clock),
    ("uci", uci),
    ("cecp", cecp),
    ("game_command", game_command),
];

/// The bytes as text (invalid UTF-8 becomes U+FFFD, as the program's input readers do).
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Positions the move targets read moves in (chosen by the input's first byte): castling both
/// ways, en passant, promotions with and without capture, pins, knights and rooks that two of a
/// kind can reach, Black to move.
const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "1n2k3/2P5/8/8/8/2N1N3/8/R3K2R w KQ - 0 1",
    "r3k2r/8/8/1b6/8/8/3P4/R3K1NR b KQkq - 3 20",
    "8/8/8/8/4k3/8/1p4r1/R3K3 b Q - 0 50",
];

/// The position named by the first byte, and the rest of the input as text.
fn position_and_text(data: &[u8]) -> (Position, String) {
    let (first, rest) = data.split_first().map_or((0, data), |(f, r)| (*f, r));
    let fen = POSITIONS[first as usize % POSITIONS.len()];
    (
        Position::from_fen(fen).expect("the fuzz positions are legal"),
        text(rest),
    )
}

/// A move read from text is legal, and `write` writes a text `read` reads back to it.
fn check_move_read(
    pos: &Position,
    read: Result<Move, notation::MoveError>,
    written: &[String],
    reread: impl Fn(&str) -> Result<Move, notation::MoveError>,
) {
    if let Ok(m) = read {
        assert!(
            pos.is_legal(m),
            "an illegal move {m:?} read in {}",
            pos.to_fen()
        );
        for w in written {
            assert_eq!(
                reread(w),
                Ok(m),
                "'{w}' does not read back in {}",
                pos.to_fen()
            );
        }
    }
}

/// FEN: a position read writes back to itself, and every legal move makes and unmakes exactly.
pub fn fen(data: &[u8]) {
    let t = text(data);
    let Ok(pos) = Position::from_fen(&t) else {
        return;
    };
    let written = pos.to_fen();
    let again = Position::from_fen(&written).expect("a FEN written reads back");
    assert_eq!(again.to_fen(), written);
    assert_eq!(again.key(), pos.key());
    let mut p = pos.clone();
    for &m in pos.legal_moves().iter() {
        let undo = p.make(m);
        let _ = p.legal_moves();
        p.unmake(m, undo);
        assert_eq!(p.to_fen(), written, "after {m:?}");
    }
}

/// EPD: a record's position and its `bm`/`am` moves, read as `machack epd` reads them.
pub fn epd(data: &[u8]) {
    let t = text(data);
    for line in t.lines() {
        let Ok(Some(rec)) = notation::epd::parse_epd_line(line) else {
            continue;
        };
        let Ok(pos) = Position::from_fen(&rec.fen) else {
            continue;
        };
        for m in rec.best.iter().chain(&rec.avoid) {
            if let Ok(mv) = notation::san::parse(&pos, m) {
                assert!(
                    pos.is_legal(mv),
                    "an illegal move {mv:?} read in {}",
                    rec.fen
                );
            }
            for &legal in pos.legal_moves().iter() {
                let _ = notation::epd::san_matches(&pos, legal, m);
            }
        }
    }
}

/// Descriptive notation: a move read is legal, and its three written styles read back to it.
pub fn descriptive(data: &[u8]) {
    let (pos, t) = position_and_text(data);
    let read = notation::descriptive::parse(&pos, &t);
    let written: Vec<String> = match read {
        Ok(m) => [Style::Book, Style::Teletype, Style::Short]
            .iter()
            .map(|&s| notation::descriptive::format(&pos, m, s))
            .chain([notation::descriptive::format_full(&pos, m)])
            .collect(),
        Err(_) => Vec::new(),
    };
    check_move_read(&pos, read, &written, |w| {
        notation::descriptive::parse(&pos, w)
    });
    let _ = notation::parse_any(&pos, &t);
}

/// SAN: a move read is legal, and its SAN reads back to it.
pub fn san(data: &[u8]) {
    let (pos, t) = position_and_text(data);
    let _ = notation::san::parse_syntax(&t);
    let read = notation::san::parse(&pos, &t);
    let written: Vec<String> = read
        .iter()
        .map(|&m| notation::san::format(&pos, m))
        .collect();
    check_move_read(&pos, read, &written, |w| notation::san::parse(&pos, w));
}

/// Coordinates: a move read is legal, and its coordinates read back to it.
pub fn coordinate(data: &[u8]) {
    let (pos, t) = position_and_text(data);
    let read = notation::coordinate::parse(&pos, &t);
    let written: Vec<String> = read
        .iter()
        .map(|&m| notation::coordinate::format(m))
        .collect();
    check_move_read(&pos, read, &written, |w| {
        notation::coordinate::parse(&pos, w)
    });
}

/// The moves of some games.
fn moves_of(games: &[notation::Game]) -> Vec<Vec<Move>> {
    games
        .iter()
        .map(|g| g.moves.iter().map(|m| m.mv).collect())
        .collect()
}

/// Games read, written by `write`, read back: the same moves.
fn check_games_round_trip(t: &str, write: impl Fn(&[notation::Game]) -> String) {
    let Ok(games) = read_games(t) else {
        return;
    };
    for g in &games {
        let _ = g.final_position();
    }
    let written = write(&games);
    let again = read_games(&written)
        .unwrap_or_else(|e| panic!("machack cannot read what it wrote: {e}\n{written}"));
    assert_eq!(moves_of(&again), moves_of(&games), "{written}");
}

/// PGN: games read write as PGN that reads back to the same moves.
pub fn pgn(data: &[u8]) {
    let t = text(data);
    let _ = notation::pgn::read(&t);
    check_games_round_trip(&t, notation::pgn::write_all);
}

/// The score format: games read write as descriptive scores that read back to the same moves.
pub fn score(data: &[u8]) {
    let t = text(data);
    let _ = notation::score::read(&t);
    check_games_round_trip(&t, |g| notation::score::write_all(g, None));
    check_games_round_trip(&t, |g| notation::score::write_all(g, Some(Style::Short)));
}

/// The book text: every token is accounted for once.
pub fn book(data: &[u8]) {
    let t = text(data);
    let mut book = Book::new();
    let r = read_book_text(&t, 1, &mut book);
    assert_eq!(
        r.tokens,
        r.comments + r.commands + r.moves + r.skipped + r.errors.len(),
        "{r:?}"
    );
    let _ = book.moves(&Position::startpos());
}

/// The clock and time-control syntax: `--clock`/`--tc` (a control accepted prints as a text that
/// reads back to it, and allots time without overflow), CECP's `level`, and the protocols' time
/// fields (`time`/`otim`, `wtime`/`winc`, `st`, `movestogo`).
pub fn clock(data: &[u8]) {
    use crate::game::clock::{self, Unit};
    let t = text(data);
    if let Ok(tc) = clock::parse(&t) {
        let printed = tc.to_string();
        assert_eq!(
            clock::parse(&printed),
            Ok(tc),
            "'{t}' printed as '{printed}'"
        );
        let _ = tc.xboard_command();
        for made in [0, 39, 40, u32::MAX] {
            let _ = tc.allot(tc.initial(), made);
        }
        let mut c = clock::Clock::new(tc);
        let _ = c.charge(crate::rules::Color::White, tc.initial());
        let _ = c.allot(crate::rules::Color::Black);
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    if let [m, b, i] = words.as_slice()
        && let Ok(tc) = TimeControl::from_level(m, b, i)
    {
        let _ = tc.to_string();
        let _ = tc.allot(tc.initial(), 0);
    }
    for unit in [Unit::Millis, Unit::Centis, Unit::Seconds, Unit::Minutes] {
        if let Ok(left) = clock::time_left(&t, "time", unit) {
            let _ = clock::allot(left, Some(1), left);
            let _ = clock::allot(left, None, left);
        }
        let _ = clock::time(&t, "winc", unit);
        let _ = clock::positive_time(&t, "st", unit);
    }
    let _ = clock::moves(&t, "movestogo", 1);
}

/// UCI command lines.
pub fn uci(data: &[u8]) {
    for line in text(data).lines() {
        if let Err(e) = crate::protocol::uci::parse(line) {
            assert!(!e.to_string().is_empty());
        }
    }
}

/// CECP command lines; an error is in CECP's form.
pub fn cecp(data: &[u8]) {
    for line in text(data).lines() {
        if let Err(e) = crate::protocol::xboard::parse(line) {
            assert!(e.to_string().starts_with("Error ("), "{e}");
        }
    }
}

/// The game's commands at the terminal (`SETW`, `SETD`, `SETF`, ...), their values read by the
/// search parameters' one check.
pub fn game_command(data: &[u8]) {
    use crate::player::command::{Command, parse};
    for line in text(data).lines() {
        match parse(line) {
            Ok(Some(Command::SetWidths(w))) => {
                if let Ok(w) = w.parse::<WidthSchedule>() {
                    assert!(w.as_slice().iter().all(|w| WIDTHS.contains(w)));
                }
            }
            Ok(Some(Command::SetDepth(d))) => {
                let _ = parse_depth(&d);
            }
            Ok(Some(Command::SetFeedovers(f))) => {
                let _ = parse_feedovers(&f);
            }
            _ => {
                let _ = parse_node_limit(line);
            }
        }
    }
}
