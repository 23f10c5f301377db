//! The keys: Polyglot's for the book format's published test positions; random legal games (fixed
//! seed): after every move the incremental key equals the key computed from scratch, and unmake
//! restores the position exactly.

use chacha20::ChaCha8Rng;
use machack::rules::{Position, Status};
use rand::{RngExt, SeedableRng};

#[test]
fn incremental_key_and_unmake_hold_over_thousands_of_random_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut moves_checked = 0;
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    for game in 0..60 {
        let mut pos = Position::from_fen(starts[game % starts.len()]).unwrap();
        for _ in 0..200 {
            if pos.status() != Status::Ongoing {
                break;
            }
            let moves = pos.legal_moves();
            // Every legal move is made and unmade; one random one is kept.
            for &m in moves.iter() {
                let before = pos.clone();
                let undo = pos.make(m);
                assert_eq!(
                    pos.key(),
                    pos.compute_key(),
                    "key after {m} from {}",
                    before.to_fen()
                );
                pos.unmake(m, undo);
                assert_eq!(pos, before, "unmake of {m}");
            }
            let m = moves[rng.random_range(0..moves.len())];
            pos.make(m);
            moves_checked += 1;
        }
    }
    assert!(moves_checked > 5000, "{moves_checked}");
}

#[test]
fn transposed_move_orders_give_the_same_key() {
    let a = ["g1f3", "g8f6", "b1c3", "b8c6"];
    let b = ["b1c3", "b8c6", "g1f3", "g8f6"];
    let key = |moves: &[&str]| {
        let mut pos = Position::startpos();
        for text in moves {
            let m = *pos
                .legal_moves()
                .iter()
                .find(|m| m.coordinate() == *text)
                .unwrap();
            pos.make(m);
        }
        pos.key()
    };
    assert_eq!(key(&a), key(&b));
}

#[test]
fn castling_rights_and_capturable_en_passant_change_the_key_but_an_idle_ep_square_does_not() {
    let with_rights = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let without = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    assert_ne!(with_rights.key(), without.key());
    let ep_capturable = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let no_ep = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").unwrap();
    assert_ne!(ep_capturable.key(), no_ep.key());
    let ep_idle = Position::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").unwrap();
    let plain = Position::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(ep_idle.key(), plain.key());
}

/// The test positions of the Polyglot book format's description (Michel Van den Bergh, "Polyglot
/// book format", <http://hgm.nubati.net/book_format.html>): the moves from the start, the FEN
/// and the published key of each. Between them they key every part: the pieces, White and Black
/// to move, a double step with no capture possible (1. e4: no key for e3), one with a capture
/// possible (3... f5 next to the e5 pawn, 5. c4 next to b4), castling rights lost one side at a
/// time, and all lost.
const POLYGLOT_TEST_POSITIONS: [(&str, &str, u64); 9] = [
    (
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        0x463b96181691fc9c,
    ),
    (
        "e2e4",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        0x823c9b50fd114196,
    ),
    (
        "e2e4 d7d5",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        0x0756b94461c50fb0,
    ),
    (
        "e2e4 d7d5 e4e5",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        0x662fafb965db29d4,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        0x22a48b5a8e47ff78,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5 e1e2",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
        0x652a607ca3f242c1,
    ),
    (
        "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
        "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
        0x00fdd303c946bdd9,
    ),
    (
        "a2a4 b7b5 h2h4 b5b4 c2c4",
        "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
        0x3c8123ea7b067637,
    ),
    (
        "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
        "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
        0x5c3f9b829b279560,
    ),
];

#[test]
fn keys_are_polyglots_for_the_formats_published_test_positions() {
    for (moves, fen, published) in POLYGLOT_TEST_POSITIONS {
        let from_fen = Position::from_fen(fen).unwrap();
        assert_eq!(from_fen.key(), published, "{fen}");
        // The same position reached by its moves: the key updated move by move.
        let mut played = Position::startpos();
        for text in moves.split_whitespace() {
            let m = *played
                .legal_moves()
                .iter()
                .find(|m| m.coordinate() == text)
                .unwrap();
            played.make(m);
        }
        // (The same pieces, side and rights; machack writes an en passant square only where a
        // capture is possible, so the FEN's fourth field may differ.)
        let fields = |f: &str| f.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert_eq!(fields(&played.to_fen()), fields(fen));
        assert_eq!(played.key(), published, "after {moves}");
    }
    assert_eq!(
        format!("{:016x}", Position::startpos().key()),
        "463b96181691fc9c"
    );
}
