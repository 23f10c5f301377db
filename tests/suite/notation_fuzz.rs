//! Garbled input never panics: mutated real moves, random bytes and broken score files all give
//! errors that say what and where.

use machack::notation::{coordinate, descriptive, parse_any, read_games, san};
use machack::rules::Position;

/// A small fixed-seed generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    /// The next 64 random bits.
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Characters worth mixing in: notation letters, marks, digits, and some non-ASCII.
const ALPHABET: &[char] = &[
    'P', 'N', 'B', 'R', 'Q', 'K', 'T', 'x', 'X', '*', ':', '-', '/', '(', ')', '=', '+', '#', '!',
    '?', ' ', '.', '0', 'O', 'o', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd',
    'e', 'f', 'g', 'h', 'k', 'q', 'n', 'C', 'H', 'E', 'G', '{', '}', '[', ']', ';', '$', '"', '\\',
    '½', 'é', 'ß', '♞', '\u{0}', '\u{7f}', '\t', '\n', '…', '—',
];

/// Mutates `s` a few times: delete, insert, replace or swap characters.
fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut c: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let pick = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(4) {
            0 if !c.is_empty() => {
                let i = rng.below(c.len());
                c.remove(i);
            }
            1 => {
                let i = rng.below(c.len() + 1);
                c.insert(i, pick);
            }
            2 if !c.is_empty() => {
                let i = rng.below(c.len());
                c[i] = pick;
            }
            _ if c.len() >= 2 => {
                let i = rng.below(c.len() - 1);
                c.swap(i, i + 1);
            }
            _ => c.push(pick),
        }
    }
    c.into_iter().collect()
}

/// Random bytes, read as text (lossily, so invalid UTF-8 becomes U+FFFD).
fn random_text(rng: &mut Rng) -> String {
    let n = rng.below(12);
    let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The score files of `games/`.
fn scores() -> Vec<String> {
    [
        "games/1967-1-wagner.score",
        "games/1967-2-nn-1410.score",
        "games/1967-3-landey.score",
        "games/1967-4-spring-amateur.score",
    ]
    .iter()
    .map(|f| std::fs::read_to_string(format!("{}/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap())
    .collect()
}

#[test]
fn garbled_move_strings_give_errors_that_name_the_text() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let games: Vec<_> = scores()
        .iter()
        .map(|s| read_games(s).unwrap().remove(0))
        .collect();
    let mut tried = 0;
    let mut errors = 0;
    for g in &games {
        let positions = g.positions();
        for (i, gm) in g.moves.iter().enumerate() {
            let pos = &positions[i];
            let real = [
                gm.text.clone(),
                san::format(pos, gm.mv),
                coordinate::format(gm.mv),
                descriptive::format_full(pos, gm.mv),
            ];
            for r in &real {
                for k in 0..4 {
                    let text = if k == 3 {
                        random_text(&mut rng)
                    } else {
                        mutate(&mut rng, r)
                    };
                    let results = [
                        descriptive::parse(pos, &text),
                        san::parse(pos, &text),
                        coordinate::parse(pos, &text),
                        parse_any(pos, &text),
                    ];
                    for res in results {
                        tried += 1;
                        match res {
                            Ok(m) => assert!(pos.legal_moves().contains(m)),
                            Err(e) => {
                                errors += 1;
                                let msg = e.to_string();
                                assert!(!msg.is_empty());
                                assert!(
                                    text.trim().is_empty() || msg.contains(text.trim()),
                                    "{msg:?} does not name {text:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("{tried} garbled moves read, {errors} errors");
    assert!(tried > 15_000);
}

#[test]
fn garbled_score_files_give_errors_with_game_line_and_column() {
    let mut rng = Rng(42);
    let mut errors = 0;
    let files = scores();
    for k in 0..400 {
        let src = &files[k % files.len()];
        let mut text: Vec<char> = src.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(text.len());
            match rng.below(3) {
                0 => {
                    text.remove(i);
                }
                1 => text.insert(i, ALPHABET[rng.below(ALPHABET.len())]),
                _ => text.truncate(i.max(1)),
            }
        }
        let text: String = text.into_iter().collect();
        let lines = text.lines().count().max(1);
        match read_games(&text) {
            Ok(games) => {
                for g in games {
                    let _ = g.final_position();
                }
            }
            Err(e) => {
                errors += 1;
                assert!(e.game >= 1 && e.line >= 1 && e.line <= lines + 1, "{e}");
                let msg = e.to_string();
                assert!(msg.starts_with(&format!("game {}, line {}, column", e.game, e.line)));
            }
        }
    }
    eprintln!("400 garbled score files, {errors} errors");
    assert!(errors > 100);
}

#[test]
fn malformed_pgn_errors_say_what_and_where() {
    let cases = [
        ("[Event \"x\"\n1. e4", "']' expected"),
        ("[Event x]\n1. e4", "double quotes"),
        ("1. e4 {unclosed", "never closed"),
        ("1. e4 (1... e5", "never closed"),
        ("1. e4 e5 )", "closes no variation"),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Kf3",
            "move 5. Kf3",
        ),
        ("1. e4 3. e5", "move number 3."),
        ("1. e4 e5 $999", "NAG"),
        ("[FEN \"8/8/8/8 w - - 0 1\"]\n1. e4", "bad FEN"),
        ("1. P-Q4 P-Q4 2. N-Q2 N-Q2 3. N-B3", "ambiguous"),
        ("1... e5", "move number 1..."),
        ("", "no game found"),
    ];
    for (text, want) in cases {
        let e = read_games(text).unwrap_err().to_string();
        assert!(e.contains(want), "{text:?}: {e}");
        assert!(e.starts_with("game 1, line"), "{e}");
    }
    let two = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5\n2. Bh7 *\n";
    let e = read_games(two).unwrap_err().to_string();
    assert!(
        e.starts_with("game 2, line 8, column 4: move 2. Bh7"),
        "{e}"
    );
    let pos = Position::startpos();
    let e = descriptive::parse(&pos, "N-Q4").unwrap_err().to_string();
    assert!(
        e.contains("no White knight can go to d4") && e.contains("closest"),
        "{e}"
    );
}
