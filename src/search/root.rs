//! The top of the tree (paper §1, §7, §10, §13 aid 5): every top-level move in the width is
//! searched with the window (best so far, +infinity), so there is no cut-off at the top level:
//! the best move gets its exact value, every other move its exact value or a proof that it is
//! no better than the best so far ("refuted", a bound). A new best move gets a secondary search.
//!
//! Several principal lines (UCI MultiPV, `SearchParams::multi_pv` = k > 1; not in 1967): the
//! window's lower end is the k-th best exact value so far instead of the best, so each of the k
//! best moves is searched with a window its value falls inside and comes out exact, while a move
//! that cannot enter the k best is still refuted with a bound. A move entering the k best gets
//! the secondary search, as a new best does, so that the k values are alike. With k = 1 this is
//! the search above, node for node; each further line costs the searches of the moves that are
//! no longer cut off at the top.

use super::alpha_beta::{Selector, Tree};
use super::knowledge::Knowledge;
use super::modifications::{poor_move_penalty, same_piece_penalty};
use crate::program::{Progress, SearchResult, TopBound, TopLevelMove};
use crate::rules::Move;
use crate::value::{INFINITY, MATE_BOUND, Value, mated_in};

impl<K: Knowledge + ?Sized> Tree<'_, K> {
    /// Searches the root and assembles the result (statistics filled in by the caller).
    pub(super) fn root(&mut self, mut progress: Option<&mut dyn FnMut(&Progress)>) -> SearchResult {
        self.stats.nodes += 1;
        self.stats.pmg_calls += 1;
        let plausible = self.knowledge.plausible_moves(&self.pos, 1);
        let mut result = SearchResult {
            best_move: None,
            value: 0,
            pv: Vec::new(),
            top_level: Vec::new(),
            plausibility: plausible
                .moves
                .iter()
                .map(|pm| (pm.mv, pm.plausibility))
                .collect(),
            stats: Default::default(),
            stopped: false,
        };
        if plausible.moves.is_empty() {
            result.value = if self.pos.in_check() { mated_in(0) } else { 0 };
            return result;
        }
        let mut selector = Selector::new(self.params, 1, plausible.pieces_with_safe_moves);
        let mut alpha: Value = -INFINITY;
        // The exact values so far, best first; the window's floor is the k-th of them.
        let lines = self.params.multi_pv.max(1) as usize;
        let mut exact: Vec<Value> = Vec::new();
        let mut best: Option<usize> = None;
        let mut first_selected = None;
        // The same selection run ahead on a copy: how many top-level moves there will be (only
        // reported, so only counted when someone listens).
        let total = match progress {
            Some(_) => {
                let mut ahead = selector.clone();
                plausible
                    .moves
                    .iter()
                    .filter(|pm| ahead.select(pm).is_some())
                    .count()
            }
            None => 0,
        };
        for pm in &plausible.moves {
            let Some(selection) = selector.select(pm) else {
                continue;
            };
            first_selected.get_or_insert(pm.mv);
            if let Some(p) = progress.as_mut() {
                p(&Progress::Examining {
                    index: result.top_level.len(),
                    mv: pm.mv,
                    total,
                    plausibility: pm.plausibility,
                    nodes: self.stats.nodes,
                });
            }
            let floor = exact.get(lines - 1).copied().unwrap_or(-INFINITY);
            let poor = poor_move_penalty(pm);
            let undo = self.pos.make(pm.mv);
            self.keys.push(self.pos.key());
            let child = self.node(1, -INFINITY, (-(floor + poor)).min(INFINITY), 0);
            self.keys.pop();
            self.pos.unmake(pm.mv, undo);
            let mut entry = TopLevelMove {
                mv: pm.mv,
                plausibility: pm.plausibility,
                selection,
                value: 0,
                bound: TopBound::Interrupted,
                pv: Vec::new(),
                secondary: None,
            };
            if self.stopped {
                result.top_level.push(entry);
                break;
            }
            let mut v = -child.value;
            if v.abs() < MATE_BOUND {
                v -= poor + same_piece_penalty(&self.pos, pm.mv, &child.pv);
            }
            if v <= -MATE_BOUND {
                self.stats.mated_moves_ignored += 1;
                selector.uncount();
            }
            entry.value = v;
            entry.pv.push(pm.mv);
            entry.pv.extend_from_slice(&child.pv);
            if v > floor {
                entry.bound = TopBound::Exact;
                // The secondary search: the worse value for the mover wins (paper §10).
                if self.params.secondary_search {
                    match self.secondary_search(
                        &entry.pv,
                        1 + child.pmg_len,
                        self.params.secondary_plies,
                    ) {
                        None => {
                            entry.bound = TopBound::Interrupted;
                            result.top_level.push(entry);
                            break;
                        }
                        Some((sv, line)) => {
                            entry.secondary = Some(sv);
                            if sv < entry.value {
                                self.stats.secondary_changes += 1;
                                entry.value = sv;
                                entry.pv = line;
                            }
                        }
                    }
                }
                let at = exact.partition_point(|&e| e >= entry.value);
                exact.insert(at, entry.value);
                if entry.value > alpha {
                    alpha = entry.value;
                    best = Some(result.top_level.len());
                    if let Some(p) = progress.as_mut() {
                        p(&Progress::NewBest {
                            mv: entry.mv,
                            value: entry.value,
                            pv: entry.pv.clone(),
                            nodes: self.stats.nodes,
                            elapsed: self.start.elapsed(),
                        });
                    }
                }
            } else {
                entry.bound = TopBound::AtMost;
            }
            if let Some(p) = progress.as_mut() {
                p(&Progress::Searched {
                    index: result.top_level.len(),
                    mv: entry.mv,
                    value: entry.value,
                    bound: entry.bound,
                    nodes: self.stats.nodes,
                });
            }
            result.top_level.push(entry);
        }
        result.stopped = self.stopped;
        match best {
            Some(i) => {
                let e = &result.top_level[i];
                result.best_move = Some(e.mv);
                result.value = e.value;
                result.pv = e.pv.clone();
            }
            None => {
                // Stopped before any move was searched to the end: the most plausible move.
                result.best_move = first_selected
                    .or(Some(Move::NULL))
                    .filter(|m| *m != Move::NULL);
                result.pv = result.best_move.into_iter().collect();
            }
        }
        result
    }
}
