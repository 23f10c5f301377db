//! The top of the tree (paper §1, §7, §10, §13 aid 5): every top-level move in the width is
//! searched with the window (best so far, +infinity), so there is no cut-off at the top level:
//! the best move gets its exact value, every other move its exact value or a proof that it is
//! no better than the best so far ("refuted", a bound). A new best move gets a secondary search.
//!
//! Several principal lines (UCI MultiPV, `SearchParams::multi_pv` = k > 1; not in 1967): the
//! search above chooses the move, as with one line; then the moves it refuted are searched
//! again, in the same order, with the window's lower end at the k-th best exact value so far
//! (none while fewer than k are known), so each of the k best moves comes out exact while a
//! move that cannot enter them is still refuted with a bound; a move entering them gets the
//! secondary search, as a new best does, so that the k values are alike. If the width gave
//! fewer than k moves, the most plausible of the others are searched, with no lower end, until
//! there are k lines or no moves left. The chosen move, its value and its line are those of
//! one line, whatever k; each further line costs the searches of the refuted moves again.

use super::alpha_beta::{Selector, Tree};
use super::knowledge::Knowledge;
use super::modifications::{poor_move_penalty, same_piece_penalty};
use crate::interface::{Line, Progress, SearchResult, Selection, TopBound, TopLevelMove};
use crate::paper::plausible::PlausibleMove;
use crate::rules::Move;
use crate::value::{INFINITY, MATE_BOUND, Value, mated_in};

impl<K: Knowledge + ?Sized> Tree<'_, K> {
    /// Searches the root and assembles the result (statistics filled in by the caller).
    pub(super) fn root(&mut self, mut progress: Option<&mut dyn FnMut(&Progress)>) -> SearchResult {
        self.stats.nodes += 1;
        self.stats.pmg_calls += 1;
        let mut plausible = self.knowledge.plausible_moves(&self.pos, 1);
        // UCI `go searchmoves` (not in 1967): the root keeps only the moves named.
        let only = &self.limits.searchmoves;
        if !only.is_empty() {
            plausible.moves.retain(|pm| only.contains(&pm.mv));
        }
        let mut result = SearchResult {
            best_move: None,
            value: 0,
            pv: Vec::new(),
            top_level: Vec::new(),
            lines: Vec::new(),
            plausibility: plausible
                .moves
                .iter()
                .map(|pm| (pm.mv, pm.plausibility))
                .collect(),
            stats: Default::default(),
            stopped: false,
            approximations: Vec::new(),
        };
        if plausible.moves.is_empty() {
            result.value = if self.pos.in_check() { mated_in(0) } else { 0 };
            return result;
        }
        let mut selector = Selector::new(self.params, 1, plausible.pieces_with_safe_moves);
        let mut alpha: Value = -INFINITY;
        // The exact values so far, best first (for the further lines' floor).
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
            let (entry, searched) = self.top_level_move(pm, selection, alpha);
            if let Some(v) = searched
                && v <= -MATE_BOUND
            {
                self.stats.mated_moves_ignored += 1;
                selector.uncount();
            }
            let bound = entry.bound;
            if bound == TopBound::Exact {
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
            if bound == TopBound::Interrupted {
                break;
            }
        }
        match best {
            Some(i) => {
                let e = &result.top_level[i];
                result.best_move = Some(e.mv);
                result.value = e.value;
                result.pv = e.pv.clone();
                let wanted = self.params.multi_pv.max(1) as usize;
                if wanted > 1 && !self.stopped {
                    self.further_lines(
                        &plausible.moves,
                        &mut result,
                        &mut exact,
                        wanted,
                        total,
                        &mut progress,
                    );
                }
                result.lines = lines(&result.top_level, i, wanted);
            }
            None => {
                // Stopped before any move was searched to the end: the most plausible move.
                result.best_move = first_selected
                    .or(Some(Move::NULL))
                    .filter(|m| *m != Move::NULL);
                result.pv = result.best_move.into_iter().collect();
            }
        }
        result.stopped = self.stopped;
        result
    }

    /// Searches top-level move `pm` with the window (`floor`, +infinity): exact if its value
    /// comes out above `floor` (then with the secondary search, paper §10), else refuted with
    /// that value as its bound; interrupted if the search was stopped. With it, the value before
    /// the secondary search, if the move was searched to the end.
    fn top_level_move(
        &mut self,
        pm: &PlausibleMove,
        selection: Selection,
        floor: Value,
    ) -> (TopLevelMove, Option<Value>) {
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
            return (entry, None);
        }
        let mut v = -child.value;
        if v.abs() < MATE_BOUND {
            v -= poor + same_piece_penalty(&self.pos, pm.mv, &child.pv);
        }
        entry.value = v;
        entry.pv.push(pm.mv);
        entry.pv.extend_from_slice(&child.pv);
        if v <= floor {
            entry.bound = TopBound::AtMost;
            return (entry, Some(v));
        }
        entry.bound = TopBound::Exact;
        // The secondary search: the worse value for the mover wins (paper §10).
        if self.params.secondary() {
            match self.secondary_search(&entry.pv, 1 + child.pmg_len, self.params.secondary_plies) {
                None => entry.bound = TopBound::Interrupted,
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
        (entry, Some(v))
    }

    /// The lines after the chosen move's (see the module documentation): the refuted moves
    /// searched again with the k-th best exact value so far as the window's floor, then moves
    /// past the width while there are fewer than `wanted` exact values. `exact` holds the exact
    /// values so far, best first; an interrupted search ends it, leaving the record as it was.
    fn further_lines(
        &mut self,
        moves: &[PlausibleMove],
        result: &mut SearchResult,
        exact: &mut Vec<Value>,
        wanted: usize,
        total: usize,
        progress: &mut Option<&mut dyn FnMut(&Progress)>,
    ) {
        let mut examining = |tree: &Self, index: usize, pm: &PlausibleMove| {
            if let Some(p) = progress.as_mut() {
                p(&Progress::Examining {
                    index,
                    mv: pm.mv,
                    total,
                    plausibility: pm.plausibility,
                    nodes: tree.stats.nodes,
                });
            }
        };
        let mut again = Vec::new();
        for (i, t) in result.top_level.iter().enumerate() {
            if t.bound == TopBound::AtMost
                && let Some(pm) = moves.iter().find(|pm| pm.mv == t.mv)
            {
                again.push((i, pm, t.selection));
            }
        }
        let past_width: Vec<_> = moves
            .iter()
            .filter(|pm| !result.top_level.iter().any(|t| t.mv == pm.mv))
            .map(|pm| (usize::MAX, pm, Selection::Lines))
            .collect();
        for (i, pm, selection) in again.into_iter().chain(past_width) {
            if i == usize::MAX && exact.len() >= wanted {
                break;
            }
            let floor = exact.get(wanted - 1).copied().unwrap_or(-INFINITY);
            let index = if i == usize::MAX {
                result.top_level.len()
            } else {
                i
            };
            examining(self, index, pm);
            let (entry, _) = self.top_level_move(pm, selection, floor);
            match entry.bound {
                TopBound::Interrupted => break,
                TopBound::Exact => {
                    let at = exact.partition_point(|&e| e >= entry.value);
                    exact.insert(at, entry.value);
                }
                TopBound::AtMost => {}
            }
            if index == result.top_level.len() {
                result.top_level.push(entry);
            } else if entry.bound == TopBound::Exact {
                result.top_level[index] = entry;
            }
        }
    }
}

/// The principal lines of a top-level record whose chosen move is `chosen`: its line first,
/// then the other exact ones, best first (ties in the order searched), `wanted` in all.
fn lines(top_level: &[TopLevelMove], chosen: usize, wanted: usize) -> Vec<Line> {
    let mut others: Vec<&TopLevelMove> = top_level
        .iter()
        .enumerate()
        .filter(|&(i, t)| i != chosen && t.bound == TopBound::Exact)
        .map(|(_, t)| t)
        .collect();
    others.sort_by_key(|t| std::cmp::Reverse(t.value));
    std::iter::once(&top_level[chosen])
        .chain(others)
        .take(wanted)
        .map(|t| Line {
            value: t.value,
            pv: t.pv.clone(),
        })
        .collect()
}
