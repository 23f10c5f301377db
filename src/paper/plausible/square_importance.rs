//! The square-importance map (paper §5), rebuilt at every call of the generator for the side to
//! move: what attacking each square is worth to it.

use crate::paper::eval::terms::{risk, trapped};
use crate::rules::attacks::king_attacks;
use crate::rules::{Bitboard, Color, PieceKind, Position, Square, sq};
use crate::value::Value;

/// Every square is worth this much (paper §5, base).
pub const BASE: Value = 8;
/// d4 e4 d5 e5 on the opponent's half: 16 + 4.
pub const CENTRE_FAR: Value = 20;
/// d4 e4 d5 e5 on the mover's own half: 16 − 4.
pub const CENTRE_NEAR: Value = 12;
/// The 12-square ring around the centre (c3-f3, c6-f6, c4 f4 c5 f5).
pub const NEAR_CENTRE: Value = 8;
/// Each of the 8 squares around the enemy king.
pub const NEXT_TO_ENEMY_KING: Value = 16;
/// A square holding one of the mover's pieces other than king or queen.
pub const OWN_PIECE: Value = 8;

/// The ring around the centre.
const RING: [Square; 12] = [
    sq::C3,
    sq::D3,
    sq::E3,
    sq::F3,
    sq::C6,
    sq::D6,
    sq::E6,
    sq::F6,
    sq::C4,
    sq::F4,
    sq::C5,
    sq::F5,
];

/// d4 e4 d5 e5 and the [`RING`] around them.
const CENTRE_AND_RING: Bitboard = {
    let mut set = (1 << sq::D4.index()) | (1 << sq::E4.index());
    set |= (1 << sq::D5.index()) | (1 << sq::E5.index());
    let mut i = 0;
    while i < RING.len() {
        set |= 1 << RING[i].index();
        i += 1;
    }
    Bitboard(set)
};

/// The value of each square to the side `us` (paper §5, square importance).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareImportance {
    /// Indexed by square.
    pub value: [Value; 64],
    /// The part of each square's value that comes from an own piece standing there (+8 and
    /// the en-prise component): it no longer applies once that piece has moved away.
    pub own_part: [Value; 64],
    /// The mover's pieces that were found en prise while building the map.
    pub own_en_prise: Bitboard,
    /// The squares worth more than [`BASE`] (the rest are worth it exactly), so that a sum
    /// over a set counts [`BASE`] a square and reads only these.
    above_base: Bitboard,
    /// The squares with an own-piece part.
    with_own_part: Bitboard,
}

impl SquareImportance {
    /// Builds the map for `us` in `pos`.
    pub fn build(pos: &Position, us: Color) -> SquareImportance {
        let mut value = [BASE; 64];
        // Centre: the two squares on the opponent's half are worth more.
        for s in [sq::D4, sq::E4, sq::D5, sq::E5] {
            value[s.index()] += if s.relative_rank(us) >= 4 {
                CENTRE_FAR
            } else {
                CENTRE_NEAR
            };
        }
        for s in RING {
            value[s.index()] += NEAR_CENTRE;
        }
        let enemy_king_ring = king_attacks(pos.king_square(!us));
        for s in enemy_king_ring {
            value[s.index()] += NEXT_TO_ENEMY_KING;
        }
        let mut own_en_prise = Bitboard::EMPTY;
        let minor_and_rooks_and_pawns =
            pos.color_bb(us) & !pos.kind_bb(PieceKind::King) & !pos.kind_bb(PieceKind::Queen);
        let mut own_part = [0; 64];
        for s in minor_and_rooks_and_pawns {
            own_part[s.index()] += OWN_PIECE;
        }
        // An own piece en prise: + what is at risk, halved unless the piece is trapped.
        let attacked = pos.attacked_by(!us);
        for s in pos.color_bb(us) & !pos.kind_bb(PieceKind::King) & attacked {
            let at_risk = risk(pos, s);
            if at_risk > 0 {
                own_en_prise |= Bitboard::from_square(s);
                own_part[s.index()] += if trapped(pos, s) {
                    at_risk
                } else {
                    at_risk / 2
                };
            }
        }
        // An own part stands only where one of those pieces does (the en prise part can be 0).
        let mut with_own_part = Bitboard::EMPTY;
        for s in minor_and_rooks_and_pawns | own_en_prise {
            value[s.index()] += own_part[s.index()];
            if own_part[s.index()] != 0 {
                with_own_part |= Bitboard::from_square(s);
            }
        }
        // Every part above is positive: a square is above BASE where one was added.
        let above_base = CENTRE_AND_RING | enemy_king_ring | with_own_part;
        SquareImportance {
            value,
            own_part,
            own_en_prise,
            above_base,
            with_own_part,
        }
    }

    /// The importance of `s`.
    #[inline]
    pub fn at(&self, s: Square) -> Value {
        self.value[s.index()]
    }

    /// The summed importance of a set of squares.
    #[inline]
    pub fn sum(&self, set: Bitboard) -> Value {
        BASE * set.count() as Value
            + (set & self.above_base)
                .into_iter()
                .map(|s| self.value[s.index()] - BASE)
                .sum::<Value>()
    }

    /// The own-piece part of the importance of a set of squares.
    #[inline]
    pub fn own_sum(&self, set: Bitboard) -> Value {
        (set & self.with_own_part)
            .into_iter()
            .map(|s| self.own_part[s.index()])
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_map_for_white() {
        let p = Position::startpos();
        let m = SquareImportance::build(&p, Color::White);
        // d5: 8 + 20; d4: 8 + 12; c3: 8 + 8; a1: 8 + own rook 8; e1: own king, 8 only;
        // d1: queen, 8 only; e7: next to the black king (+16): 24; h5: 8.
        assert_eq!(m.at(sq::D5), 28);
        assert_eq!(m.at(sq::D4), 20);
        assert_eq!(m.at(sq::C3), 16);
        assert_eq!(m.at(sq::A1), 16);
        assert_eq!(m.at(sq::E1), 8);
        assert_eq!(m.at(sq::D1), 8);
        assert_eq!(m.at(sq::E7), 24);
        assert_eq!(m.at(sq::H5), 8);
    }

    #[test]
    fn en_prise_piece_raises_its_square() {
        // White knight e5 attacked by the d6 pawn, undefended, not trapped (it has free
        // squares): 8 (base) + 20 (far centre) + 8 (own piece) + 416/2 = 244.
        let p = Position::from_fen("4k3/8/3p4/4N3/8/8/8/4K3 w - - 0 1").unwrap();
        let m = SquareImportance::build(&p, Color::White);
        assert_eq!(m.at(sq::E5), 8 + 20 + 8 + 208);
        assert!(m.own_en_prise.has(sq::E5));
    }
}
