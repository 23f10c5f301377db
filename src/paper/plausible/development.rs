//! Development values (paper §5): a piece's range over the board, by the number and importance
//! of the squares it attacks, plus something for each enemy piece it attacks.

use super::square_importance::SquareImportance;
use crate::rules::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::rules::{Bitboard, Color, Move, PieceKind, Position, Square};
use crate::value::Value;

/// Open point: the paper gives "values for attacks on enemy pieces" without a number. We add
/// one base square's worth (8) per enemy piece attacked; the threat attributes of §5 already
/// reward the attacks that matter, so this only breaks ties between equal ranges.
pub const ENEMY_PIECE_ATTACKED: Value = 8;
/// [S/I] A pawn's attack on a centre square (d4 e4 d5 e5) counts 40 more.
pub const PAWN_CENTRE_ATTACK: Value = 40;

/// The board as a piece of one colour sees it: before a move, or after one.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// Occupied squares.
    pub occ: Bitboard,
    /// The colour's own pieces.
    pub own: Bitboard,
    /// The other colour's pieces.
    pub enemy: Bitboard,
    /// Own rooks and queens (rooks and queens see through them).
    pub own_orth: Bitboard,
    /// Own bishops and queens (bishops and queens see through them).
    pub own_diag: Bitboard,
    /// Own pawns (bishops and queens see one square past them).
    pub own_pawns: Bitboard,
    /// Squares the mover's pieces have left: their own-piece importance no longer counts.
    pub vacated: Bitboard,
}

impl View {
    /// The board as `color` sees it now.
    pub fn before(pos: &Position, color: Color) -> View {
        let own = pos.color_bb(color);
        let rq = pos.kind_bb(PieceKind::Rook) | pos.kind_bb(PieceKind::Queen);
        let bq = pos.kind_bb(PieceKind::Bishop) | pos.kind_bb(PieceKind::Queen);
        View {
            occ: pos.occupied(),
            own,
            enemy: pos.color_bb(!color),
            own_orth: own & rq,
            own_diag: own & bq,
            own_pawns: own & pos.kind_bb(PieceKind::Pawn),
            vacated: Bitboard::EMPTY,
        }
    }

    /// The board as `color` sees it after `m` (legal in `pos`; castling moves the rook too).
    pub fn after(pos: &Position, color: Color, m: Move) -> View {
        View::before(pos, color).then(pos, color, m)
    }

    /// [`View::after`] from `self`, the board as `color` sees it in `pos` ([`View::before`]).
    #[inline(always)]
    pub fn then(self, pos: &Position, color: Color, m: Move) -> View {
        let mut v = self;
        let mover = pos.side_to_move();
        let kind = m.promotion().unwrap_or(pos.moved_piece(m).kind);
        let from = Bitboard::from_square(m.from());
        let to = Bitboard::from_square(m.to());
        let mut captured = if m.is_capture() { to } else { Bitboard::EMPTY };
        if m.is_en_passant() {
            captured = Bitboard::from_square(Square::from_coords(m.to().file(), m.from().rank()));
        }
        let mut moved_from = from;
        let mut moved_to = to;
        let mut orth_to = if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
            to
        } else {
            Bitboard::EMPTY
        };
        if m.is_castle() {
            let side = if m.to().file() == 6 {
                crate::rules::CastleSide::King
            } else {
                crate::rules::CastleSide::Queen
            };
            let (rf, rt) = Position::castling_rook_squares(mover, side);
            moved_from |= Bitboard::from_square(rf);
            moved_to |= Bitboard::from_square(rt);
            orth_to |= Bitboard::from_square(rt);
        }
        v.occ = ((v.occ & !moved_from & !captured) | moved_to) & !Bitboard::EMPTY;
        let diag_to = if matches!(kind, PieceKind::Bishop | PieceKind::Queen) {
            to
        } else {
            Bitboard::EMPTY
        };
        let pawn_to = if kind == PieceKind::Pawn {
            to
        } else {
            Bitboard::EMPTY
        };
        if color == mover {
            v.own = (v.own & !moved_from) | moved_to;
            v.enemy &= !captured;
            v.own_orth = (v.own_orth & !moved_from) | orth_to;
            v.own_diag = (v.own_diag & !moved_from) | diag_to;
            v.own_pawns = (v.own_pawns & !moved_from) | pawn_to;
            v.vacated = moved_from;
        } else {
            v.own &= !captured;
            v.enemy = (v.enemy & !moved_from) | moved_to;
            v.own_orth &= !captured;
            v.own_diag &= !captured;
            v.own_pawns &= !captured;
        }
        v
    }
}

/// The squares a piece of `kind` and `color` on `s` counts for development under `view`:
/// rooks and queens see through own rooks and queens, bishops and queens through own bishops
/// and queens and one square past an own pawn on a diagonal [S/I].
#[inline]
pub fn range(kind: PieceKind, color: Color, s: Square, view: &View) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, s),
        PieceKind::Knight => knight_attacks(s),
        PieceKind::King => king_attacks(s),
        PieceKind::Bishop => diagonal_range(s, view),
        PieceKind::Rook => rook_attacks(s, view.occ & !view.own_orth),
        PieceKind::Queen => diagonal_range(s, view) | rook_attacks(s, view.occ & !view.own_orth),
    }
}

/// Diagonal range with the see-through rules: one square past an own pawn is the pawn's
/// neighbour on the line from `s` that is not between them.
#[inline]
fn diagonal_range(s: Square, view: &View) -> Bitboard {
    let mut r = bishop_attacks(s, view.occ & !view.own_diag);
    for p in r & view.own_pawns {
        r |= line(s, p) & king_attacks(p) & !between(s, p) & !Bitboard::from_square(s);
    }
    r
}

/// The development value of a piece of `kind` and `color` standing on `s` under `view`: the
/// importance of the squares in its range plus [`ENEMY_PIECE_ATTACKED`] per enemy piece in it;
/// a pawn adds [`PAWN_CENTRE_ATTACK`] per centre square; king and queen count half [S/I].
pub fn development(
    imp: &SquareImportance,
    kind: PieceKind,
    color: Color,
    s: Square,
    view: &View,
) -> Value {
    let r = range(kind, color, s, view);
    let mut v = imp.sum(r) - imp.own_sum(r & view.vacated)
        + ENEMY_PIECE_ATTACKED * (r & view.enemy).count() as Value;
    match kind {
        PieceKind::Pawn => {
            v += PAWN_CENTRE_ATTACK * (r & crate::paper::eval::centre::CENTRE).count() as Value;
        }
        PieceKind::King | PieceKind::Queen => v /= 2,
        _ => {}
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sq::*;

    #[test]
    fn knight_on_g1_and_f3_at_the_start() {
        let p = Position::startpos();
        let imp = SquareImportance::build(&p, Color::White);
        let v = View::before(&p, Color::White);
        // Ng1 attacks e2 (8 + own pawn 8 = 16), f3 (16), h3 (8): 40.
        assert_eq!(
            development(&imp, PieceKind::Knight, Color::White, G1, &v),
            40
        );
        // From f3 (same occupancy): d4 20, e5 28, g5 8, h4 8, h2 16, g1 16 (its own knight
        // still counted), d2 16, e1 8 = 120.
        assert_eq!(
            development(&imp, PieceKind::Knight, Color::White, F3, &v),
            120
        );
    }

    #[test]
    fn pawn_scores_centre_attacks() {
        let p = Position::startpos();
        let imp = SquareImportance::build(&p, Color::White);
        let v = View::before(&p, Color::White);
        // e2 pawn attacks d3 (16) and f3 (16): 32. From e4: d5 (28 + 40) and f5 (16): 84.
        assert_eq!(development(&imp, PieceKind::Pawn, Color::White, E2, &v), 32);
        assert_eq!(development(&imp, PieceKind::Pawn, Color::White, E4, &v), 84);
    }

    #[test]
    fn bishop_sees_one_square_past_own_pawn() {
        let p = Position::startpos();
        let imp = SquareImportance::build(&p, Color::White);
        let v = View::before(&p, Color::White);
        // Bc1 attacks b2 (16) and d2 (16) and one square past each: a3 (8) and e3 (16): 56.
        assert_eq!(
            development(&imp, PieceKind::Bishop, Color::White, C1, &v),
            56
        );
    }

    #[test]
    fn rook_sees_through_own_rook() {
        // Rooks a1 and b1: the a1 rook's range runs along the first rank through b1 to the
        // king e1? Its ray: b1 (see-through) c1 d1 e1 (king, blocks), and a2..a8.
        let p = Position::from_fen("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1").unwrap();
        let v = View::before(&p, Color::White);
        let r = range(PieceKind::Rook, Color::White, A1, &v);
        assert!(r.has(B1) && r.has(C1) && r.has(D1) && r.has(E1) && !r.has(F1));
        assert_eq!(r.count(), 4 + 7);
    }
}
