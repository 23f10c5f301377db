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
