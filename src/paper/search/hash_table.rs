//! The transposition table (paper §8; SEARCH-TECHNIQUES §2, after Rival's table in seed 000).
//!
//! One slot per index, keys mapped evenly onto any entry count with `(key * n) >> 64`. Each entry
//! holds a lower and an upper bound (an exact value has both equal), because the shadow score
//! (seed 001) stores a range. Staleness is a generation number bumped once per search: an entry
//! written in an earlier search is stale and may always be replaced; a hit refreshes it.
//! Replacement (seed 000): empty slot, or new depth >= stored depth, or stale.

use crate::interface::TableStats;
use crate::rules::{Key, Move};
use crate::value::{INFINITY, MATE_BOUND, Value};

pub use crate::interface::params::DEFAULT_HASH_ENTRIES as DEFAULT_ENTRIES;

/// One table entry, 12 bytes.
///
/// | bytes | field |
/// |-------|-------|
/// | 0–3   | lock: the key's low 32 bits (the index comes from the high bits) |
/// | 4–5   | best move ([`Move::bits`]; 0 = none) |
/// | 6–7   | lower bound, node-relative mate scores (`i16::MIN` = none) |
/// | 8–9   | upper bound, node-relative mate scores (`i16::MAX` = none) |
/// | 10    | depth: plies of full-width search below the position |
/// | 11    | generation of the search that wrote or last read it |
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    lock: u32,
    mv: u16,
    lower: i16,
    upper: i16,
    depth: u8,
    generation: u8,
}

const EMPTY: Entry = Entry {
    lock: 0,
    mv: 0,
    lower: i16::MIN,
    upper: i16::MAX,
    depth: 0,
    generation: 0,
};

/// What a probe found, with mate scores already made relative to the probing node's ply.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The stored best move: NOT yet checked for legality (the caller must).
    pub mv: Move,
    /// The value is at least this (-INFINITY: unknown).
    pub lower: Value,
    /// The value is at most this (+INFINITY: unknown).
    pub upper: Value,
    /// The depth the bounds were searched to.
    pub depth: u32,
}

/// The table.
pub struct HashTable {
    entries: Vec<Entry>,
    generation: u8,
    /// Counters since creation or the last [`HashTable::reset_stats`].
    pub stats: TableStats,
}

/// Turns a node-relative mate score into a root-relative one (`ply` = the node's ply).
fn from_stored(v: i16, ply: u32) -> Value {
    let v = v as Value;
    if v >= MATE_BOUND {
        v - ply as Value
    } else if v <= -MATE_BOUND {
        v + ply as Value
    } else {
        v
    }
}

/// Turns a root-relative mate score into a node-relative one for storing.
fn to_stored(v: Value, ply: u32) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

impl HashTable {
    /// A table of `entries` slots; 0 makes a table that stores nothing (for measuring the
    /// table's effect, and as a reference free of hash effects).
    pub fn new(entries: usize) -> HashTable {
        HashTable {
            entries: vec![EMPTY; entries],
            generation: 1,
            stats: TableStats::default(),
        }
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no slot (and so stores nothing).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Marks every entry stale (called once per search).
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// Zeroes the counters.
    pub fn reset_stats(&mut self) {
        self.stats = TableStats::default();
    }

    #[inline]
    fn index(&self, key: Key) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    #[inline]
    fn lock(key: Key) -> u32 {
        key as u32
    }

    /// Looks `key` up for a node at `ply`; a hit refreshes the entry's generation.
    pub fn probe(&mut self, key: Key, ply: u32) -> Option<Probe> {
        if self.entries.is_empty() {
            return None;
        }
        self.stats.probes += 1;
        let i = self.index(key);
        let generation = self.generation;
        let e = &mut self.entries[i];
        if e.generation == 0 || e.lock != HashTable::lock(key) {
            return None;
        }
        self.stats.hits += 1;
        e.generation = generation;
        Some(Probe {
            mv: Move::from_bits(e.mv),
            lower: if e.lower == i16::MIN {
                -INFINITY
            } else {
                from_stored(e.lower, ply)
            },
            upper: if e.upper == i16::MAX {
                INFINITY
            } else {
                from_stored(e.upper, ply)
            },
            depth: e.depth as u32,
        })
    }

    /// Stores bounds `[lower, upper]` (root-relative values of a node at `ply`) searched to
    /// `depth`, with the best move, if the replacement rule allows.
    pub fn store(&mut self, key: Key, ply: u32, depth: u32, lower: Value, upper: Value, mv: Move) {
        if self.entries.is_empty() {
            return;
        }
        let i = self.index(key);
        let generation = self.generation;
        let lock = HashTable::lock(key);
        let e = &mut self.entries[i];
        let empty = e.generation == 0;
        let stale = e.generation != generation;
        let depth = depth.min(255) as u8;
        if !(empty || stale || depth >= e.depth) {
            self.stats.refused += 1;
            return;
        }
        if !empty && e.lock != lock {
            self.stats.replacements += 1;
        }
        self.stats.stores += 1;
        let pack = |v: Value, none: i16| -> i16 {
            if v <= -INFINITY || v >= INFINITY {
                none
            } else {
                to_stored(v, ply).clamp(i16::MIN as Value + 1, i16::MAX as Value - 1) as i16
            }
        };
        *e = Entry {
            lock,
            mv: mv.bits(),
            lower: pack(lower, i16::MIN),
            upper: pack(upper, i16::MAX),
            depth,
            generation,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{MATE, mated_in};

    #[test]
    fn entry_is_twelve_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 12);
        assert_eq!(
            std::mem::size_of::<Entry>(),
            crate::interface::params::HASH_ENTRY_BYTES
        );
        assert_eq!(
            crate::interface::params::hash_entries_for_kb(384),
            Ok(DEFAULT_ENTRIES)
        );
    }

    #[test]
    fn keys_spread_evenly_over_any_size() {
        let t = HashTable::new(3);
        let counts = (0..3000u64).fold([0; 3], |mut c, i| {
            c[t.index(i.wrapping_mul(0x9E37_79B9_7F4A_7C15))] += 1;
            c
        });
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut t = HashTable::new(64);
        // Mated 5 plies from the root, found at a node 3 plies deep: 2 plies from the node.
        t.store(42, 3, 2, mated_in(5), mated_in(5), Move::NULL);
        let p = t.probe(42, 1).unwrap();
        assert_eq!(p.lower, mated_in(3));
        assert_eq!(p.upper, -MATE + 3);
    }

    #[test]
    fn replacement_rule_keeps_deeper_entries_of_this_search() {
        let mut t = HashTable::new(1);
        t.store(1, 0, 3, 10, 10, Move::NULL);
        t.store(2, 0, 2, 20, 20, Move::NULL);
        assert!(t.probe(2, 0).is_none(), "shallower entry refused");
        t.new_search();
        t.store(2, 0, 1, 20, INFINITY, Move::NULL);
        let p = t.probe(2, 0).unwrap();
        assert_eq!((p.lower, p.upper, p.depth), (20, INFINITY, 1));
        assert_eq!((t.stats.replacements, t.stats.refused), (1, 1));
    }
}
