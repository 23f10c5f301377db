//! The opening book texts: every token read or reported, the counts, and the 1967 line.

use machack::book::{BOOK_22, BOOK_1967, Book, BookMove, read_book_text};
use machack::notation;
use machack::rules::Position;

/// The tokens of `book.22` that cannot be read, each for a reason in the text itself: an `E`
/// stepping back from the initial position (the text has lost something there, and the line after
/// it is unreadable), and a Black queen move to a square no queen can reach, which kills its line.
const BOOK_22_ERRORS: [(usize, usize, &str); 4] = [
    (358, 24, "Q-B5"),
    (358, 41, "N-Q2"),
    (461, 7, "E"),
    (463, 9, "N-K5"),
];

#[test]
fn book_22_is_read_with_every_token_accounted_for() {
    let mut book = Book::new();
    let r = read_book_text(BOOK_22, 1, &mut book);
    let errors: Vec<(usize, usize, &str)> = r
        .errors
        .iter()
        .map(|e| (e.line, e.column, e.token.as_str()))
        .collect();
    // Checked: each error against the text (the reasons above).
    assert_eq!(errors, BOOK_22_ERRORS);
    // Pinned: the program's own output at f3c5188.
    assert_eq!((r.tokens, r.moves, r.skipped), (7128, 4874, 89));
    // Every token is accounted for exactly once.
    assert_eq!(
        r.tokens,
        r.comments + r.commands + r.moves + r.skipped + r.errors.len()
    );
}

#[test]
fn the_1967_line_is_read_without_errors() {
    let mut book = Book::new();
    let r = read_book_text(BOOK_1967, 0, &mut book);
    assert_eq!(r.errors, vec![]);
    assert_eq!(r.skipped, 0);
    assert_eq!(r.tokens, r.comments + r.commands + r.moves);
}

#[test]
fn the_game_4_line_is_the_only_white_choice_in_the_1967_text() {
    let book = Book::builtin();
    let mut pos = Position::startpos();
    for (i, san) in "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Bd6 d4 Bg4 dxe5 Bxf3 Qxf3 Bxe5 c3"
        .split(' ')
        .enumerate()
    {
        let m = notation::parse_any(&pos, san).unwrap();
        let moves = book.moves(&pos);
        assert!(moves.iter().any(|b| b.mv == m), "{san} not in book");
        if i % 2 == 0 {
            let best = moves.iter().map(|b| b.tier).min().unwrap();
            let firsts: Vec<_> = moves.iter().filter(|b| b.tier == best).collect();
            assert_eq!(firsts.len(), 1, "White has a choice before {san}");
            assert_eq!(firsts[0].mv, m);
        }
        pos = pos.play(m);
    }
}

#[test]
fn transpositions_are_found_by_key() {
    let reach = |moves: &[&str]| {
        moves.iter().fold(Position::startpos(), |p, s| {
            p.play(notation::parse_any(&p, s).unwrap())
        })
    };
    // 1.Nf3 d5 2.d4 and 1.d4 d5 2.Nf3 reach the same position (the halfmove clocks differ).
    let a = reach(&["Nf3", "d5", "d4"]);
    let b = reach(&["d4", "d5", "Nf3"]);
    assert_eq!(a.key(), b.key());
    // A move entered after one order is the book's move after the other.
    let mut book = Book::new();
    let c5 = notation::parse_any(&a, "c5").unwrap();
    book.add(&a, c5, 1);
    assert_eq!(
        book.moves(&b),
        vec![BookMove {
            mv: c5,
            tier: 1,
            count: 1
        }]
    );
    // The built-in book has moves there.
    assert!(!Book::builtin().moves(&b).is_empty());
}
