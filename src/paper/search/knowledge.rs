//! The chess knowledge the search asks for: the plausible-move generator, the static evaluator
//! and the tests behind the feedover decision. The search knows no chess beyond the rules; the
//! 1967 generator and evaluator implement this trait, and so does a small teaching
//! implementation ([`super::simple_knowledge::SimpleKnowledge`]) used by the tests.

use crate::paper::plausible::PlausibleMoves;
use crate::rules::{Bitboard, Color, Move, PieceKind, Position, Square};
use crate::value::Value;

/// All chess knowledge the search uses.
pub trait Knowledge {
    /// The PMG (paper §5): every legal move scored, most plausible first. `level` is the level
    /// of the moves in the tree: 1 for the top-level moves (the paper's "first level"), 2 for
    /// the replies, and so on (captures at levels 1–2 are must-search).
    fn plausible_moves(&mut self, pos: &Position, level: u32) -> PlausibleMoves;

    /// The static value S (paper §3) from White's point of view; `root` is the position at the
    /// top of the tree (for the ratio term T).
    fn static_value(&mut self, pos: &Position, root: &Position) -> Value;

    /// The pieces of `color` en prise (paper §2).
    fn en_prise(&mut self, pos: &Position, color: Color) -> Bitboard;

    /// Whether the piece on `sq` is trapped: it has no safe move (paper §2).
    fn trapped(&mut self, pos: &Position, sq: Square) -> bool;

    /// Whether the piece on `sq` is pinned: moving it uncovers an attack (paper §2).
    fn pinned(&mut self, pos: &Position, sq: Square) -> bool;

    /// The plausible captures (paper §4): captures and promotions that appear to gain material,
    /// best first. The default uses a one-step exchange guess: the victim (plus the promotion
    /// gain) minus the mover if the target square is defended.
    fn plausible_captures(&mut self, pos: &Position) -> Vec<Move> {
        default_plausible_captures(pos)
    }
}

/// Captures and promotions whose one-step exchange guess is a gain, biggest gain first
/// (equal gains keep generation order).
pub fn default_plausible_captures(pos: &Position) -> Vec<Move> {
    let them = !pos.side_to_move();
    let mut scored: Vec<(Value, Move)> = pos
        .legal_captures_and_promotions()
        .iter()
        .filter_map(|&m| {
            let mover = pos.moved_piece(m).kind;
            let victim = pos.captured_piece(m).map_or(0, |p| p.kind.value());
            let promo = m
                .promotion()
                .map_or(0, |k| k.value() - PieceKind::Pawn.value());
            let after = pos.play(m);
            let lost = if after.is_attacked(m.to(), them) {
                m.promotion().map_or(mover.value(), |k| k.value())
            } else {
                0
            };
            let gain = victim + promo - lost;
            (gain > 0).then_some((gain, m))
        })
        .collect();
    scored.sort_by_key(|&(g, _)| -g);
    scored.into_iter().map(|(_, m)| m).collect()
}

/// Lets a `&mut K` stand where a `K` is wanted.
impl<K: Knowledge + ?Sized> Knowledge for &mut K {
    fn plausible_moves(&mut self, pos: &Position, level: u32) -> PlausibleMoves {
        (**self).plausible_moves(pos, level)
    }
    fn static_value(&mut self, pos: &Position, root: &Position) -> Value {
        (**self).static_value(pos, root)
    }
    fn en_prise(&mut self, pos: &Position, color: Color) -> Bitboard {
        (**self).en_prise(pos, color)
    }
    fn trapped(&mut self, pos: &Position, sq: Square) -> bool {
        (**self).trapped(pos, sq)
    }
    fn pinned(&mut self, pos: &Position, sq: Square) -> bool {
        (**self).pinned(pos, sq)
    }
    fn plausible_captures(&mut self, pos: &Position) -> Vec<Move> {
        (**self).plausible_captures(pos)
    }
}
