//! B, material (paper §3): White's material minus Black's, pawn = 128, kings left out.

use crate::rules::{Color, Position};
use crate::value::Value;

/// B: White's material minus Black's.
pub fn material(pos: &Position) -> Value {
    pos.material(Color::White) - pos.material(Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_knight_is_416() {
        let p = Position::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1").unwrap();
        assert_eq!(material(&p), 416);
        // Black queen v White rook and pawn: 640 + 128 - 1248 = -480.
        let p = Position::from_fen("4k3/q7/8/8/8/8/P7/R3K3 w - - 0 1").unwrap();
        assert_eq!(material(&p), -480);
    }
}
