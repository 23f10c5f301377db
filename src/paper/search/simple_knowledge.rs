//! A small, honest chess knowledge for tests and teaching: **not** the 1967 evaluator or PMG.
//!
//! - Static value: material (pawn 128 … queen 1248) plus a few points for advanced pawns and
//!   centralised knights, bishops and (without queens) kings.
//! - Plausibility: 512, plus for a capture the victim's value minus a sixteenth of the mover's
//!   (MVV-LVA), plus 64 for a check, plus the promotion gain, plus the centralisation gained,
//!   minus the mover's value if it lands en prise (then the move is *unsafe*).
//! - En prise: attacked, and undefended or attacked by a cheaper piece.
//! - Trapped: no legal move leaves the piece not en prise. Pinned: pinned to its own king.
//!
//! Must-search: checks, and captures at levels 1–2. Nothing is flagged developmentally poor.

use super::knowledge::Knowledge;
use crate::paper::plausible::{PlausibleMove, PlausibleMoves};
use crate::rules::{Bitboard, Color, PieceKind, Position, Square};
use crate::value::Value;

/// The teaching implementation of [`Knowledge`].
#[derive(Clone, Debug, Default)]
pub struct SimpleKnowledge;

/// Distance from the four centre squares, 0..=3.
fn centre_distance(s: Square) -> i32 {
    let f = s.file() as i32;
    let r = s.rank() as i32;
    (3 - f).max(f - 4).max(3 - r).max(r - 4).max(0)
}

/// The positional bonus of `kind` of `color` on `s`, in the side's favour.
fn placement(pos: &Position, kind: PieceKind, color: Color, s: Square) -> Value {
    match kind {
        PieceKind::Pawn => 4 * (s.relative_rank(color) as Value - 1),
        PieceKind::Knight | PieceKind::Bishop => 4 * (3 - centre_distance(s)),
        PieceKind::King if pos.kind_bb(PieceKind::Queen).is_empty() => 4 * (3 - centre_distance(s)),
        _ => 0,
    }
}

/// Whether the piece on `s` is en prise: attacked, and undefended or attacked by a cheaper piece.
pub fn is_en_prise(pos: &Position, s: Square) -> bool {
    let Some(p) = pos.piece_at(s) else {
        return false;
    };
    if p.kind == PieceKind::King {
        return false;
    }
    match pos.least_valuable_attacker(s, !p.color) {
        None => false,
        Some((_, a)) => a.value() < p.kind.value() || !pos.is_attacked(s, p.color),
    }
}

impl Knowledge for SimpleKnowledge {
    fn plausible_moves(&mut self, pos: &Position, level: u32) -> PlausibleMoves {
        let us = pos.side_to_move();
        let mut moves = Vec::new();
        let mut safe_pieces = Bitboard::EMPTY;
        for &m in pos.legal_moves().iter() {
            let piece = pos.moved_piece(m);
            let after = pos.play(m);
            let check = after.in_check();
            let unsafe_move = is_en_prise(&after, m.to());
            if !unsafe_move {
                safe_pieces = safe_pieces.with(m.from());
            }
            let victim = pos.captured_piece(m).map_or(0, |p| p.kind.value());
            let mut plausibility = 512;
            if victim > 0 {
                plausibility += victim - piece.kind.value() / 16;
            }
            if check {
                plausibility += 64;
            }
            if let Some(k) = m.promotion() {
                plausibility += k.value() - PieceKind::Pawn.value();
            }
            let new_kind = m.promotion().unwrap_or(piece.kind);
            plausibility +=
                placement(&after, new_kind, us, m.to()) - placement(pos, piece.kind, us, m.from());
            if unsafe_move {
                plausibility -= new_kind.value();
            }
            moves.push(PlausibleMove {
                mv: m,
                plausibility,
                must_search: check || (m.is_capture() && level <= 2),
                unsafe_move,
                poor: false,
                check,
                positional: 0,
                forcing: 0,
            });
        }
        // Stable: equal plausibility keeps generation order.
        moves.sort_by_key(|pm| -pm.plausibility);
        PlausibleMoves {
            moves,
            pieces_with_safe_moves: safe_pieces.count(),
        }
    }

    fn static_value(&mut self, pos: &Position, _root: &Position) -> Value {
        let mut v = 0;
        for color in Color::BOTH {
            let sign = color.sign();
            for kind in PieceKind::ALL {
                for s in pos.pieces(color, kind) {
                    let material = if kind == PieceKind::King {
                        0
                    } else {
                        kind.value()
                    };
                    v += sign * (material + placement(pos, kind, color, s));
                }
            }
        }
        v
    }

    fn en_prise(&mut self, pos: &Position, color: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for s in pos.color_bb(color) {
            if is_en_prise(pos, s) {
                out = out.with(s);
            }
        }
        out
    }

    fn trapped(&mut self, pos: &Position, sq: Square) -> bool {
        let Some(p) = pos.piece_at(sq) else {
            return false;
        };
        if p.color != pos.side_to_move() {
            // Ask as if it were that side's turn: only the piece's own moves matter.
            return match flipped(pos) {
                Some(f) => self.trapped(&f, sq),
                None => false,
            };
        }
        !pos.legal_moves()
            .iter()
            .filter(|m| m.from() == sq)
            .any(|&m| !is_en_prise(&pos.play(m), m.to()))
    }

    fn pinned(&mut self, pos: &Position, sq: Square) -> bool {
        pos.piece_at(sq)
            .is_some_and(|p| p.kind != PieceKind::King && pos.pinned(p.color).has(sq))
    }
}

/// The same position with the other side to move (None if that is not a legal position, e.g.
/// the side that would not be to move is in check).
fn flipped(pos: &Position) -> Option<Position> {
    let fen = pos.to_fen();
    let mut parts: Vec<&str> = fen.split(' ').collect();
    parts[1] = if parts[1] == "w" { "b" } else { "w" };
    parts[3] = "-";
    Position::from_fen(&parts.join(" ")).ok()
}
