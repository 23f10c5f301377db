//! Plausible captures (paper §4): the captures and promotions that appear to gain material,
//! explored without depth or width limit below the basic depth.

use super::highest_first;
use crate::paper::eval::terms::move_risk;
use crate::rules::{Move, PieceKind, Position};
use crate::value::Value;

/// What `m` appears to gain: the captured piece, plus the promotion's gain, minus what the
/// moved piece is expected to lose on its new square (the generator's exchange analysis, §5).
pub fn apparent_gain(pos: &Position, m: Move) -> Value {
    let victim = pos.captured_piece(m).map_or(0, |p| p.kind.value());
    let promo = m
        .promotion()
        .map_or(0, |k| k.value() - PieceKind::Pawn.value());
    victim + promo - move_risk(pos, m)
}

/// The captures and promotions of `pos` that appear to gain material, biggest gain first
/// (equal gains keep generation order).
pub fn plausible_captures(pos: &Position) -> Vec<Move> {
    let moves = pos.legal_captures_and_promotions();
    let mut keys = [0u64; 256];
    let mut n = 0;
    for (i, &m) in moves.iter().enumerate() {
        let g = apparent_gain(pos, m);
        if g > 0 {
            keys[n] = highest_first(g, i);
            n += 1;
        }
    }
    let keys = &mut keys[..n];
    keys.sort_unstable();
    keys.iter().map(|&k| moves[k as u32 as usize]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_that_gain_are_plausible_and_losing_ones_are_not() {
        // exd5 (the pawn is recaptured by c6, the queen retakes: nothing lost) and exf5 (free)
        // each gain 128; Qxd5 gains 128 but loses the queen to c6: −1120, not plausible.
        let p = Position::from_fen("4k3/8/2p5/3p1p2/4P3/8/8/3QK3 w - - 0 20").unwrap();
        let mut caps: Vec<String> = plausible_captures(&p)
            .iter()
            .map(|m| m.coordinate())
            .collect();
        caps.sort();
        assert_eq!(caps, vec!["e4d5", "e4f5"]);
    }
}
