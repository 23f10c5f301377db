//! Values of positions and moves in the paper's units (§3): a pawn is 128.

/// A value from some side's point of view, pawn = 128.
pub type Value = i32;

/// The value of a mate (paper source: 28672), adjusted by ply so shorter mates score more.
pub const MATE: Value = 28672;

/// The search bounds: no value lies outside ±INFINITY (source: ±32768).
pub const INFINITY: Value = 32768;

/// Values this close to [`MATE`] are mates; the distance to it counts plies.
pub const MATE_BOUND: Value = MATE - 1000;

/// The value of being mated `ply` plies from the root (from the mated side's point of view).
pub const fn mated_in(ply: u32) -> Value {
    -MATE + ply as Value
}

/// Whether `v` is a mate score for either side.
pub const fn is_mate(v: Value) -> bool {
    v >= MATE_BOUND || v <= -MATE_BOUND
}

/// A mate value counted in the winner's moves: `Some((true, 2))` when the side to move mates with
/// its second move, `Some((false, 1))` when its opponent mates with its first reply (0: mated
/// now); None for a value that is no mate.
pub fn mate_moves(v: Value) -> Option<(bool, Value)> {
    if !is_mate(v) {
        return None;
    }
    let plies = MATE - v.abs();
    Some(if v > 0 {
        (true, (plies + 1) / 2)
    } else {
        (false, plies / 2)
    })
}

/// A value for people, for the side to move: pawns with two decimals and the value in units
/// (a pawn is 128), or a mate counted in the winner's moves: `mate in 2` (the side to move
/// mates with its second move), `mated in 1` (its opponent mates with its first reply).
pub fn text(v: Value) -> String {
    match mate_moves(v) {
        Some((true, n)) => format!("mate in {n}"),
        Some((false, 0)) => "mated".to_string(),
        Some((false, n)) => format!("mated in {n}"),
        None => format!("{:+.2} ({v})", v as f64 / 128.0),
    }
}

/// A value in one short column, in pawns with two decimals (`+1.35`), or a mate counted in the
/// winner's moves (`mate 2`, `mated 1`): the terminal's panels (upper case there), the
/// commands' columns and the page's.
pub fn short_text(v: Value) -> String {
    match mate_moves(v) {
        Some((true, n)) => format!("mate {n}"),
        Some((false, n)) => format!("mated {n}"),
        None => format!("{:+.2}", v as f64 / 128.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mate_is_counted_in_the_winners_moves() {
        assert_eq!(mate_moves(MATE - 1), Some((true, 1)));
        assert_eq!(mate_moves(MATE - 3), Some((true, 2)));
        assert_eq!(mate_moves(-MATE), Some((false, 0)));
        assert_eq!(mate_moves(-(MATE - 2)), Some((false, 1)));
        assert_eq!(mate_moves(MATE_BOUND - 1), None);
        assert_eq!(mate_moves(0), None);
    }
}
