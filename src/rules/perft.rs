//! Perft: the number of leaf nodes of the legal move tree, for checking the move generator.
//!
//! Like Stockfish's `go perft`, the last ply is counted without making its moves (the generator
//! yields only legal moves, so their number is the number of leaves).

use super::moves::Move;
use super::position::Position;

/// The number of leaves of the legal move tree `depth` plies deep.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = pos.make(m);
        nodes += perft(pos, depth - 1);
        pos.unmake(m, undo);
    }
    nodes
}

/// Perft split by root move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&m| {
            let undo = pos.make(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake(m, undo);
            (m, n)
        })
        .collect()
}
