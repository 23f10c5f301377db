//! The secondary search (paper §10): when a top-level move becomes the new best, go down its
//! principal variation as far as the PMG computed it and search about two more plies there.
//! The worse value for the side to move wins.

use super::alpha_beta::Tree;
use super::knowledge::Knowledge;
use crate::rules::Move;
use crate::value::{INFINITY, Value};

impl<K: Knowledge + ?Sized> Tree<'_, K> {
    /// Searches `plies` more at the end of the PMG part of `pv` (the top-level move first) and
    /// returns the value for the side to move at the root and the extended line, or None if
    /// the search was stopped.
    pub(super) fn secondary_search(
        &mut self,
        pv: &[Move],
        pmg_len: usize,
        plies: u32,
    ) -> Option<(Value, Vec<Move>)> {
        self.stats.secondary_searches += 1;
        let line = &pv[..pmg_len.min(pv.len())];
        let mut undos = Vec::with_capacity(line.len());
        for &m in line {
            undos.push(self.pos.make(m));
            self.keys.push(self.pos.key());
        }
        let ply = line.len() as u32;
        let saved_depth = self.basic_depth;
        self.basic_depth = ply + plies;
        let r = self.node(ply, -INFINITY, INFINITY, 0);
        self.basic_depth = saved_depth;
        for (&m, undo) in line.iter().zip(undos).rev() {
            self.keys.pop();
            self.pos.unmake(m, undo);
        }
        if self.stopped {
            return None;
        }
        let value = if ply.is_multiple_of(2) {
            r.value
        } else {
            -r.value
        };
        let mut extended = line.to_vec();
        extended.extend_from_slice(&r.pv);
        Some((value, extended))
    }
}
