//! What the generator computes once per call, before scoring the moves one by one.

use std::cell::Cell;

use super::development::{View, development, range};
use super::square_importance::SquareImportance;
use crate::paper::eval::king_safety::queens_on_board;
use crate::paper::eval::pawns::{is_backward, is_passed};
use crate::paper::eval::terms::pinned_piece;
use crate::rules::attacks::{
    attacks, bishop_attacks, bishop_attacks_empty, queen_attacks, rook_attacks, rook_attacks_empty,
};
use crate::rules::{Bitboard, Color, PieceKind, Position, Square};
use crate::value::Value;

/// The position as the generator sees it for one call (paper §5).
pub struct Context<'a> {
    /// The position.
    pub pos: &'a Position,
    /// The side to move.
    pub us: Color,
    /// The other side.
    pub them: Color,
    /// Square importance for the side to move, rebuilt at every call.
    pub imp: SquareImportance,
    /// The board as the mover sees it before any move.
    pub view_us: View,
    /// The board as the opponent sees it before any move.
    pub view_them: View,
    /// The enemy king's square.
    pub enemy_king: Square,
    /// Half-moves played in the game (the game-phase rules).
    pub game_ply: u32,
    /// The level of the moves in the search tree, 1 = top level (captures must-search at ≤ 2).
    pub search_ply: u32,
    /// Whether the mover may still castle on either side.
    pub can_castle: bool,
    /// Whether any queen is on the board (opening/middlegame rules).
    pub queens_on: bool,
    /// Our material minus theirs (the trade policy).
    pub balance: Value,
    /// Enemy pieces that are pinned (paper §2).
    pub enemy_pinned: Bitboard,
    /// Enemy passed pawns.
    pub enemy_passed: Bitboard,
    /// Our pawns asked about by [`Context::own_backward`], and those of them found backward.
    own_backward: Cell<(Bitboard, Bitboard)>,
    /// The development of each piece before any move, ours then theirs, by square: found when
    /// first read (see [`Context::development_before`]).
    development_before: [[Cell<Option<Value>>; 64]; 2],
    /// What each slider reaches before any move, by its square: ours their range (with the
    /// see-through rules, [`range`]), theirs their attacks; the same for every move, which
    /// compares with them (own and enemy lines, paper §5).
    pub slider_reach: [Bitboard; 64],
    /// The squares our sliders could uncover a check from: on a line from the enemy king, the
    /// first piece of each (its rook and bishop attacks); every square if one of our sliders
    /// gives check already (see [`crate::paper::plausible::attributes::gives_check`]).
    pub uncovers_check: Bitboard,
}

impl<'a> Context<'a> {
    /// Computes the per-call data for `pos`.
    pub fn new(pos: &'a Position, search_ply: u32) -> Context<'a> {
        let us = pos.side_to_move();
        let them = !us;
        let mut enemy_pinned = Bitboard::EMPTY;
        let mut enemy_passed = Bitboard::EMPTY;
        let enemy_sliders = pos.pieces(us, PieceKind::Bishop)
            | pos.pieces(us, PieceKind::Rook)
            | pos.pieces(us, PieceKind::Queen);
        // Only pieces on a line with one of our sliders can be pinned: skip the rest.
        let mut on_lines = Bitboard::EMPTY;
        for s in enemy_sliders {
            on_lines |= rook_attacks_empty(s) | bishop_attacks_empty(s);
        }
        for s in pos.color_bb(them) & !pos.kind_bb(PieceKind::King) & on_lines {
            if pinned_piece(pos, s) {
                enemy_pinned |= Bitboard::from_square(s);
            }
        }
        for s in pos.pieces(them, PieceKind::Pawn) {
            if is_passed(pos, s, them) {
                enemy_passed |= Bitboard::from_square(s);
            }
        }
        let view_us = View::before(pos, us);
        let mut slider_reach = [Bitboard::EMPTY; 64];
        let sliders = pos.kind_bb(PieceKind::Bishop)
            | pos.kind_bb(PieceKind::Rook)
            | pos.kind_bb(PieceKind::Queen);
        for s in sliders {
            let Some(p) = pos.piece_at(s) else { continue };
            slider_reach[s.index()] = if p.color == us {
                range(p.kind, us, s, &view_us)
            } else {
                attacks(p.kind, them, s, view_us.occ)
            };
        }
        let enemy_king = pos.king_square(them);
        let king_lines = queen_attacks(enemy_king, view_us.occ);
        let own = view_us.own;
        let checked = (rook_attacks(enemy_king, view_us.occ) & own & view_us.own_orth)
            | (bishop_attacks(enemy_king, view_us.occ) & own & view_us.own_diag);
        let uncovers_check = if checked.any() {
            Bitboard::ALL
        } else {
            king_lines
        };
        Context {
            pos,
            us,
            them,
            imp: SquareImportance::build(pos, us),
            view_us,
            view_them: View::before(pos, them),
            enemy_king,
            game_ply: pos.game_ply(),
            search_ply,
            can_castle: pos.castling().any(us),
            queens_on: queens_on_board(pos),
            balance: pos.material(us) - pos.material(them),
            enemy_pinned,
            enemy_passed,
            own_backward: Cell::new((Bitboard::EMPTY, Bitboard::EMPTY)),
            development_before: [const { [const { Cell::new(None) }; 64] }; 2],
            slider_reach,
            uncovers_check,
        }
    }

    /// Whether our pawn on `s` is backward (paper §3): found when a move of it first asks (a
    /// pawn without a move is never asked).
    pub fn own_backward(&self, s: Square) -> bool {
        let (asked, backward) = self.own_backward.get();
        if asked.has(s) {
            return backward.has(s);
        }
        let found = is_backward(self.pos, s, self.us);
        let backward = if found { backward.with(s) } else { backward };
        self.own_backward.set((asked.with(s), backward));
        found
    }

    /// The development (paper §5) of the piece of `kind` and `color` on `s` before any move,
    /// ours under [`Context::view_us`], theirs under [`Context::view_them`]: the same for every
    /// move, so found once a call (a piece's every move gives it up; every capture of it
    /// gains it; every move across one of our sliders' lines compares with it).
    pub fn development_before(&self, kind: PieceKind, color: Color, s: Square) -> Value {
        let ours = color == self.us;
        let cell = &self.development_before[usize::from(!ours)][s.index()];
        if let Some(v) = cell.get() {
            return v;
        }
        let view = if ours { &self.view_us } else { &self.view_them };
        let v = development(&self.imp, kind, color, s, view);
        cell.set(Some(v));
        v
    }
}
