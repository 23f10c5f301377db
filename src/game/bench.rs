//! The bench positions: the yardstick of the program's speed, searched by `machack bench` and by
//! the page's bench (`web/engine`), so that the two can be set side by side.

/// Positions from the four paper games (`reference/c1973/`), one every dozen plies, plus the start.
pub const BENCH_FENS: [&str; 14] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "1r1qk2r/p1pn1ppp/1b1pbn2/8/2P5/1NNP2P1/PP3PBP/R1BQK2R b KQk - 2 11",
    "1rq3k1/p2b1p1p/3p1pn1/2b1r3/2PNN3/1P4PP/P1Q2PBK/3R1R2 b - - 1 23",
    "8/p1q4p/1b1p1pk1/3Bnp2/1PP5/6PP/P1Q2P1K/3R4 b - - 2 35",
    "8/p1q3k1/3p1p2/3Q1B2/1PP5/6PP/P4PK1/8 b - - 8 47",
    "r1bqkb1r/ppp2ppp/2n2n2/3Pp1N1/2B5/8/PPPP1PPP/RNBQK2R b KQkq - 0 5",
    "1r3rk1/pn4pp/2p2p2/3npb2/1P6/P2P1N2/2PNBPPP/R4RK1 b - - 2 17",
    "8/p1r4p/2pR1pk1/4pNp1/1Pb1P1P1/P7/2P2P1P/6K1 b - - 2 29",
    "r1bqkb1r/pp3p1p/2np1np1/4p3/4PB2/2NQ1N2/PPP2PPP/R3KB1R w KQkq - 0 8",
    "2r1kb1r/5p1p/p1n1b1p1/2nQN3/Pp5B/8/1PP2PPP/1K1R1B1R w k - 1 20",
    "r3k1nr/1pp1qppp/p1p5/4b3/4P3/2P2QP1/PP3P1P/RNB2RK1 w kq - 1 11",
    "2k4r/1pp5/p1p5/5Pp1/2P1n3/1P4Pp/P2r1P2/R3R1K1 w - - 0 23",
    "8/6r1/p2k4/1p1pR1p1/6K1/1P4P1/P4P2/8 w - - 2 35",
    "8/8/Q7/1p1q1K2/8/1P4P1/P4k2/8 w - - 5 47",
];

use super::Engine;
use super::deepening::{self, Searched};
use crate::interface::{Limits, SearchParams};
use crate::rules::Position;

/// Searches each bench position in order with a fresh engine of `params` (so that each
/// position's figures are independent of the ones before), within `limits`, and hands `each`
/// the position's index, the position, what the search found and the engine that searched it.
/// What `machack bench` prints and the page's bench counts.
pub fn search_each(
    params: &SearchParams,
    limits: &Limits,
    mut each: impl FnMut(usize, &Position, Searched, &Engine),
) -> Result<(), String> {
    for (i, fen) in BENCH_FENS.iter().enumerate() {
        let pos = Position::from_fen(fen).map_err(|e| format!("bench position {}: {e}", i + 1))?;
        let mut engine = Engine::new(params.clone());
        let searched = deepening::search(&mut engine, &pos, &[], limits, &mut |_| {});
        each(i, &pos, searched, &engine);
    }
    Ok(())
}
