//! machack's keys are Polyglot's: python-chess (`chess.polyglot.zobrist_hash`), an independent
//! implementation of the book format, computes the same key for every position of the first
//! plies from four starting positions rich in castling rights and en passant captures (a pinned
//! one too, keyed as Polyglot keys it: legality does not matter). And `machack book --polyglot`
//! writes a book in which python-chess's reader finds, in every position of machack's book, the
//! moves machack plays there (weight 1) and its other book moves (weight 0). Needs python3 with
//! the `chess` package (`pip install chess`; .ci/run installs it).

use crate::common;

use machack::book::Book;
use machack::rules::{Move, Position, Status};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tests/python/polyglot.py` with `args`, `input` on its standard input; its output.
fn polyglot_py(args: &[&str], input: &str) -> String {
    let mut child = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/python/polyglot.py"
        ))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Every position within `depth` plies of `pos`, as FEN.
fn positions_within(pos: &mut Position, depth: u32, out: &mut BTreeSet<String>) {
    out.insert(pos.to_fen());
    if depth == 0 || pos.status() != Status::Ongoing {
        return;
    }
    for &m in pos.legal_moves().iter() {
        let undo = pos.make(m);
        positions_within(pos, depth - 1, out);
        pos.unmake(m, undo);
    }
}

#[test]
fn python_chess_computes_machacks_keys() {
    let test = "python_chess_computes_machacks_keys";
    if !common::python_module_installed("chess", test) {
        return;
    }
    let mut fens = BTreeSet::new();
    for (fen, depth) in [
        // The start: 1. e4 keys no en passant.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
        ),
        // Kiwipete: every castling right, each lost by king, rook or capture.
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        // Perft position 3: double steps beside pawns, en passant captures that expose the king.
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        // Perft position 4: promotions, castling through attacks.
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            2,
        ),
    ] {
        positions_within(&mut Position::from_fen(fen).unwrap(), depth, &mut fens);
    }
    // En passant possible only for a pawn that may not take (pinned on the rank): keyed all the
    // same, as Polyglot's rule asks.
    fens.insert("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1".to_string());
    let input: String = fens
        .iter()
        .map(|fen| {
            let key = Position::from_fen(fen).unwrap().key();
            format!("{fen}\t{key:016x}\n")
        })
        .collect();
    // The en passant part is in play: positions with a capture there possible (machack's FEN
    // names the square only then), and castling rights of every kind.
    let field = |fen: &String, i: usize| fen.split(' ').nth(i).unwrap().to_string();
    let en_passant = fens.iter().filter(|f| field(f, 3) != "-").count();
    let rights: BTreeSet<String> = fens.iter().map(|f| field(f, 2)).collect();
    assert_eq!((en_passant, rights.len()), (332, 16));
    let out = polyglot_py(&["keys"], &input);
    assert_eq!(out, "agreed 11629 of 11629\n");
}

/// Every position of `book` reached from `pos` by its moves: its FEN, the moves machack plays
/// there (those of the lowest tier present) and all its book moves, in coordinates.
fn book_positions(book: &Book, pos: &mut Position, out: &mut BTreeMap<u64, String>) {
    let moves = book.moves(pos);
    if moves.is_empty() || out.contains_key(&pos.key()) {
        return;
    }
    let tier = moves.iter().map(|b| b.tier).min().unwrap();
    let names = |ms: &mut dyn Iterator<Item = Move>| {
        ms.map(|m| m.coordinate()).collect::<Vec<_>>().join(" ")
    };
    let played = names(&mut moves.iter().filter(|b| b.tier == tier).map(|b| b.mv));
    let all = names(&mut moves.iter().map(|b| b.mv));
    out.insert(pos.key(), format!("{}\t{played}\t{all}\n", pos.to_fen()));
    for b in moves {
        let undo = pos.make(b.mv);
        book_positions(book, pos, out);
        pos.unmake(b.mv, undo);
    }
}

#[test]
fn python_chess_reads_the_book_written_as_polyglot() {
    let test = "python_chess_reads_the_book_written_as_polyglot";
    if !common::python_module_installed("chess", test) {
        return;
    }
    let dir = common::scratch("polyglot-book");
    let file = dir.join("machack.bin");
    let path = file.to_str().unwrap();
    let (code, out, err) = common::machack(&["book", "--polyglot", path], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!("{path}: 4252 entries, 3742 positions (Polyglot book)\n")
    );
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 4252 * 16);
    // The book's positions reached from the start by its moves: all of them.
    let book = Book::builtin();
    let mut positions = BTreeMap::new();
    book_positions(&book, &mut Position::startpos(), &mut positions);
    assert_eq!(positions.len(), book.stats().positions);
    let input: String = positions.into_values().collect();
    let read = polyglot_py(&["book", path], &input);
    assert_eq!(read, "agreed 3742 of 3742\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_polyglot_book_never_replaces_a_file() {
    let dir = common::scratch("polyglot-exists");
    let file = dir.join("taken.bin");
    std::fs::write(&file, "mine").unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = common::machack(&["book", "--polyglot", path], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "machack: {path} exists: the book never replaces a file (name another, or remove \
             it first)\n"
        )
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    let _ = std::fs::remove_dir_all(&dir);
}
