//! The seeded generator of the book's random choices (which of several book moves to play):
//! ChaCha8, the `chacha20` crate's `ChaCha8Rng`, keyed by the seed.
//!
//! A seed must give the same choices on every machine and with every version of the
//! dependencies: a record keeps its seed (`MachackSeed`) so that a resumed game makes the same
//! book choices again (`game::rerun`). `rand`'s `StdRng` documents its stream as not portable
//! (any version may change its algorithm); ChaCha8 is a published cipher whose keystream is fixed
//! by its definition, and the choice made of each number is written here, not taken from a
//! library's distribution code that may change between versions.

use chacha20::ChaCha8Rng;
use chacha20::rand_core::{Rng, SeedableRng};

/// The generator: ChaCha8's keystream with the seed, little-endian, as the first 8 bytes of the
/// 32-byte key (the rest zero), block counter and stream 0, read as 64-bit little-endian words.
#[derive(Debug)]
pub struct Seeded(ChaCha8Rng);

impl Seeded {
    /// The generator of `seed`.
    pub fn new(seed: u64) -> Seeded {
        let mut key = [0; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        Seeded(ChaCha8Rng::from_seed(key))
    }

    /// The next 64 bits of the keystream.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n` > 0) from the next 64 bits: the high part of their product with
    /// `n` (Lemire's multiply-shift, without the rejection step: the bias, below n / 2^64, does
    /// not matter for choosing among a few book moves).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The zero key's keystream is ChaCha8's published test vector (draft-strombergson-chacha-
    /// test-vectors, TC1, 8 rounds: `3e00ef2f895f40d6 7f5bb8e81f09a5a1 2c840ec3ce9a7f3b
    /// 181be188ef711a1e`), read as little-endian words.
    #[test]
    fn seed_0_is_chacha8s_published_zero_key_keystream() {
        let mut g = Seeded::new(0);
        let words: Vec<u64> = (0..4).map(|_| g.next_u64()).collect();
        assert_eq!(
            words,
            [
                0xd640_5f89_2fef_003e,
                0xa1a5_091f_e8b8_5b7f,
                0x3b7f_9ace_c30e_842c,
                0x1e1a_71ef_88e1_1b18
            ]
        );
    }

    /// The seed the protocols use, pinned: computed with an independent ChaCha8 (a Python
    /// transcription of RFC 7539's block function at 8 rounds, checked against the RFC's test
    /// vector), the first numbers past the first block too.
    #[test]
    fn seed_1967_gives_its_pinned_stream() {
        let mut g = Seeded::new(1967);
        let words: Vec<u64> = (0..10).map(|_| g.next_u64()).collect();
        assert_eq!(
            words[..4],
            [
                0x6ea2_bc31_48f5_96cf,
                0x49dc_ed90_fc7e_3960,
                0x359d_d3a6_fef3_6470,
                0x4ef6_f25d_3c27_6bd1
            ]
        );
        assert_eq!(words[8..], [0x93cd_3ce3_520e_0c6a, 0x3e28_4ff3_ec42_7301]);
    }

    /// `below` takes the high part of the product: 0x6ea2… × 3 >> 64 = 1, and so on.
    #[test]
    fn below_scales_the_next_number() {
        let mut g = Seeded::new(1967);
        let picks: Vec<usize> = (0..4).map(|_| g.below(3)).collect();
        assert_eq!(picks, [1, 0, 0, 0]);
        let mut g = Seeded::new(0);
        assert_eq!((0..4).map(|_| g.below(2)).collect::<Vec<_>>(), [1, 1, 0, 0]);
    }
}
