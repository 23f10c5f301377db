//! FEN input: malformed and mutated strings return errors (never a panic); valid FENs round-trip.

use chacha20::ChaCha8Rng;
use machack::rules::{FenError, IllegalPosition, Position};
use rand::{RngExt, SeedableRng};
use std::path::PathBuf;

fn suite_fens() -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/perftsuite126.epd");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| l.split(';').next())
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
        .collect()
}

#[test]
fn valid_fens_round_trip_exactly() {
    for fen in suite_fens() {
        let pos = Position::from_fen(&fen).unwrap();
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
    }
}

#[test]
fn thousands_of_mutated_fens_give_errors_or_round_trip_never_panics() {
    let fens = suite_fens();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789x\u{e9}\u{2654}\t"
        .chars()
        .collect();
    let (mut errors, mut accepted) = (0, 0);
    for i in 0..5000 {
        let mut chars: Vec<char> = fens[i % fens.len()].chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..chars.len().max(1));
            match rng.random_range(0..3) {
                0 if !chars.is_empty() => {
                    chars.remove(at);
                }
                1 => chars.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
                _ if !chars.is_empty() => chars[at] = alphabet[rng.random_range(0..alphabet.len())],
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        match Position::from_fen(&text) {
            Err(e) => {
                assert!(!e.to_string().is_empty());
                errors += 1;
            }
            // A mutation may still be a legal FEN: then it must round-trip.
            Ok(pos) => {
                assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos, "{text}");
                accepted += 1;
            }
        }
    }
    assert!(errors > 4000, "errors {errors}, accepted {accepted}");
}

#[test]
fn random_byte_strings_are_rejected() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..2000 {
        let len = rng.random_range(0..80);
        let bytes: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        let text = String::from_utf8_lossy(&bytes);
        assert!(Position::from_fen(&text).is_err());
    }
}

fn err(fen: &str) -> FenError {
    Position::from_fen(fen).unwrap_err()
}

#[test]
fn each_field_error_names_its_field() {
    assert_eq!(
        err("8/8/8 w - - 0 1"),
        FenError::Placement("3 rank(s) separated by '/'; expected 8".into())
    );
    assert!(
        matches!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"), FenError::SideToMove(s) if s == "x")
    );
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQz - 0 1"),
        FenError::Castling(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1"),
        FenError::EnPassant(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
        FenError::HalfmoveClock(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
        FenError::FullmoveNumber(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::Placement(_)
    ));
    assert_eq!(err("a b c"), FenError::FieldCount(3));
    let msg = err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").to_string();
    assert_eq!(
        msg,
        "FEN field 2 (side to move) is 'x'; expected 'w' or 'b'"
    );
}

#[test]
fn legality_errors_name_what_is_wrong() {
    use IllegalPosition::*;
    let illegal = |fen: &str| match err(fen) {
        FenError::Illegal(why) => why,
        other => panic!("{fen}: {other}"),
    };
    assert_eq!(
        illegal("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        KingCount(machack::rules::Color::Black, 0)
    );
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), OpponentInCheck);
    assert_eq!(
        illegal("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        PawnOnBackRank(machack::rules::sq::A8)
    );
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), CastlingRight('K'));
    assert!(matches!(
        illegal("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        EnPassant(..)
    ));
    assert_eq!(
        illegal("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1"),
        ImpossibleCheck
    );
}

#[test]
fn four_field_epd_style_fen_gets_default_clocks() {
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(pos, Position::startpos());
}
