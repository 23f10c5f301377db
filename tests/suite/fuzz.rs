//! The fuzz targets of `machack::fuzz`, one per parser, run on a bounded, fixed-seed mutation of
//! their seeds (`fuzz/seeds/TARGET/`): every seed as it is, then inputs made by flipping,
//! replacing, inserting, deleting, repeating and splicing bytes and words, stacked on earlier
//! inputs. A few seconds in all; the long, coverage-guided run is `scripts/fuzz.sh` (cargo fuzz).
//! Inputs a fuzzer once found panicking stay below as regression tests.
//!
//! A failure prints the input as a Rust byte string (`literal`), ready to paste below as a
//! regression test. The mutator is this file's own, not proptest or arbitrary: every target
//! takes raw bytes (what a user, a file or a GUI can send), so a strategy or an `Arbitrary`
//! type would generate the same bytes with a dependency more, and the shrinking proptest would
//! add is what `cargo fuzz tmin` already does for the long run's finds.

use chacha20::ChaCha8Rng;
use machack::fuzz::{TARGETS, Target};
use machack::notation::read_games;
use rand::{RngExt, SeedableRng};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Inputs per target on every `cargo test` (`MACHACK_FUZZ_INPUTS` sets another number).
const INPUTS: usize = 4000;

/// Bytes and words worth mixing in: separators, signs, numbers at the edges of the integer
/// types, notation marks, non-ASCII and control characters.
const WORDS: &[&str] = &[
    " ",
    "\n",
    "\t",
    "\r\n",
    "-",
    "+",
    "/",
    ":",
    ".",
    ",",
    ";",
    "=",
    "x",
    "*",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    "$",
    "!",
    "?",
    "#",
    "0",
    "1",
    "-1",
    "255",
    "256",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999:00",
    "1e308",
    "NaN",
    "inf",
    "-0",
    "0.0000001",
    "½",
    "♞",
    "é",
    "\u{0}",
    "\u{7f}",
    "\u{fffd}",
    "…",
    "O-O-O",
    "e.p.",
    "ch",
    "mate",
    "value",
    "name",
    "moves",
    "startpos",
    "fen",
    "go",
    "level",
    "depth",
    "nodes",
];

/// The seeds of `target`, sorted by file name.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = format!("{}/fuzz/seeds/{target}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let seeds: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(!seeds.is_empty(), "{dir} holds no seed");
    seeds
}

/// A random stretch of `v`: (start, end).
fn stretch(rng: &mut ChaCha8Rng, len: usize) -> (usize, usize) {
    let a = rng.random_range(0..=len);
    let b = rng.random_range(a..=len.min(a + 16));
    (a, b)
}

/// One to four mutations of `input`, words taken from `pool` as well as from [`WORDS`].
fn mutate(rng: &mut ChaCha8Rng, input: &[u8], pool: &[Vec<u8>]) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let other = &pool[rng.random_range(0..pool.len())];
        let word: Vec<u8> = if rng.random_bool(0.5) {
            WORDS[rng.random_range(0..WORDS.len())].as_bytes().to_vec()
        } else {
            let (a, b) = stretch(rng, other.len());
            other[a..b].to_vec()
        };
        let at = rng.random_range(0..=v.len());
        match rng.random_range(0..7) {
            0 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                v[i] ^= 1 << rng.random_range(0..8);
            }
            1 if !v.is_empty() => {
                let i = rng.random_range(0..v.len());
                v[i] = rng.random();
            }
            2 => {
                v.splice(at..at, word);
            }
            3 => {
                let (a, b) = stretch(rng, v.len());
                v.drain(a..b);
            }
            4 => {
                let (a, b) = stretch(rng, v.len());
                let copy = v[a..b].to_vec();
                v.splice(at..at, copy);
            }
            5 => {
                // Splice: this input's start, another's end.
                let cut = rng.random_range(0..=other.len());
                v.truncate(at);
                v.extend_from_slice(&other[cut..]);
            }
            _ => {
                let (a, b) = stretch(rng, v.len());
                v.splice(a..b, word);
            }
        }
    }
    v
}

/// The input as a Rust byte string, to paste into a regression test.
fn literal(data: &[u8]) -> String {
    format!("b\"{}\"", data.escape_ascii())
}

/// Runs `target` on `data`; a panic fails the test with the input that caused it.
fn run_one(name: &str, target: Target, data: &[u8]) {
    if catch_unwind(AssertUnwindSafe(|| target(data))).is_err() {
        panic!("fuzz target {name} panicked on {}", literal(data));
    }
}

#[test]
fn every_parser_survives_mutated_input() {
    let inputs = std::env::var("MACHACK_FUZZ_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(INPUTS);
    for (name, target) in TARGETS {
        let mut rng = ChaCha8Rng::seed_from_u64(1967);
        let seeds = seeds(name);
        let mut pool = seeds.clone();
        for s in &seeds {
            run_one(name, target, s);
        }
        for i in 0..inputs {
            let base = &pool[rng.random_range(0..pool.len())];
            let data = mutate(&mut rng, base, &pool);
            run_one(name, target, &data);
            // Later inputs build on earlier ones (the seeds stay).
            if pool.len() < seeds.len() + 64 {
                pool.push(data);
            } else {
                pool[seeds.len() + i % 64] = data;
            }
        }
    }
}

#[test]
fn every_target_has_seeds_and_a_cargo_fuzz_target() {
    for (name, _) in TARGETS {
        assert!(!seeds(name).is_empty());
        let file = format!("{}/fuzz/fuzz_targets/{name}.rs", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            text.contains(&format!("machack::fuzz::{name}(")),
            "{file} does not call the target"
        );
    }
}

/// Inputs the fuzzers found failing, each fixed, by target (shortened by hand).
const FOUND: &[(&str, &[u8])] = &[
    // cargo fuzz, 2026-11-23: a FEN tag after a stray move number was ignored while the game was
    // read from the start position, then written first, so the written game could not be read.
    ("pgn", b"1 [FEN \"8/8 w - - 0 1\"]\n1. e4 *\n"),
    (
        "score",
        b"1 [FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n1. K-R2 *\n",
    ),
];

#[test]
fn inputs_the_fuzzers_found_stay_fixed() {
    for (name, data) in FOUND {
        let (_, target) = TARGETS.iter().find(|(n, _)| n == name).unwrap();
        run_one(name, *target, data);
    }
}

#[test]
fn a_fen_tag_after_a_stray_move_number_still_sets_the_start() {
    let games = read_games("1 [FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n1. Ka2 *\n").unwrap();
    assert_eq!(
        games[0].final_position().to_fen(),
        "8/8/8/8/8/8/K7/7k b - - 1 1"
    );
    let e = read_games("1 [FEN \"8/8 w - - 0 1\"]\n1. e4 *\n").unwrap_err();
    assert!(e.to_string().contains("bad FEN tag"), "{e}");
}
