//! The node function: selective alpha-beta in negamax form (paper §1, §6, §7), and at the
//! basic depth and beyond, where no feedover applies (`feedover`), the plausible-capture search
//! (paper §4).
//!
//! Alpha-beta with the paper's refutation rule: a move merely *equal* to the best at the
//! previous level is refuted (the cut-off test is `value >= beta`), and a move must be strictly
//! better than the best so far to replace it, so ties go to the move searched first, the more
//! plausible one. Values are fail-soft. Mate scores count plies from the root.
//!
//! Each node also returns a *shadow range* (SEARCH-TECHNIQUES §4, seed 001): the bounds its
//! value would have if draws by repetition inside the tree did not count, and the earliest ply
//! such a draw depends on. With the shadow score on, the table stores that range.

use super::feedover::feedover_reason;
use super::hash_table::HashTable;
use super::knowledge::Knowledge;
use super::modifications::{poor_move_penalty, same_piece_penalty};
use super::repetition::{KeyStack, Repetition};
use crate::interface::SearchParams;
use crate::interface::Statistics;
use crate::interface::params::PAPER_FEEDOVER_PLIES;
use crate::interface::{Limits, Selection};
use crate::paper::plausible::PlausibleMove;
use crate::rules::{Bitboard, Move, Position};
use crate::time::Instant;
use crate::value::{INFINITY, MATE_BOUND, Value, mated_in};
use std::sync::atomic::Ordering;

/// The largest static value the search accepts: anything beyond could read as a mate once the
/// modifications of paper §9 (at most 7 a ply) have been applied along a line.
pub const MAX_STATIC: Value = MATE_BOUND - 1000;

/// "No repetition draw below": the ply a draw depends on when there is none.
pub(super) const NO_DRAW: i32 = i32::MAX;

/// What a node returns.
#[derive(Clone, Debug)]
pub(super) struct NodeResult {
    /// The value for the side to move at the node (a bound if outside the window).
    pub value: Value,
    /// The shadow range: the value without tree-repetition draws is at least this…
    pub shadow_lower: Value,
    /// …and at most this.
    pub shadow_upper: Value,
    /// The earliest ply of a tree position a repetition draw in `value` depends on.
    pub draw_ply: i32,
    /// The principal variation from this node.
    pub pv: Vec<Move>,
    /// How many leading moves of `pv` were chosen at PMG nodes (for the secondary search).
    pub pmg_len: usize,
}

impl NodeResult {
    /// A value that depends on nothing in the path: shadow = real.
    pub fn exact(value: Value) -> NodeResult {
        NodeResult {
            value,
            shadow_lower: value,
            shadow_upper: value,
            draw_ply: NO_DRAW,
            pv: Vec::new(),
            pmg_len: 0,
        }
    }

    /// Takes a child's shadow range into this node's (negated, minus `penalty`), Muller's
    /// `best_pes = max(best_pes, -child_upper)`, `best_opt = max(best_opt, -child_lower)`.
    pub fn absorb_shadow(&mut self, child: &NodeResult, penalty: Value) {
        let neg = |v: Value| {
            if v >= INFINITY {
                -INFINITY
            } else if v <= -INFINITY {
                INFINITY
            } else {
                -v - penalty
            }
        };
        self.shadow_lower = self.shadow_lower.max(neg(child.shadow_upper));
        self.shadow_upper = self.shadow_upper.max(neg(child.shadow_lower));
        self.draw_ply = self.draw_ply.min(child.draw_ply);
    }
}

/// Chooses which plausible moves a node searches (paper §6): the basic width, grown by the
/// four heuristics.
#[derive(Clone)]
pub(super) struct Selector {
    width: u32,
    level: u32,
    pieces_needed: u32,
    counted: u32,
    pieces: Bitboard,
}

impl Selector {
    /// A selector for moves at `level` (1 = top level).
    pub fn new(params: &SearchParams, level: u32, pieces_with_safe_moves: u32) -> Selector {
        let width = params.widths.at(level);
        Selector {
            width,
            level,
            pieces_needed: (width / 2).min(pieces_with_safe_moves),
            counted: 0,
            pieces: Bitboard::EMPTY,
        }
    }

    /// Whether `pm`, the next move in plausibility order, is searched, and why.
    pub fn select(&mut self, pm: &PlausibleMove) -> Option<Selection> {
        let from = pm.mv.from();
        let why = if self.counted < self.width {
            Selection::Width
        } else if pm.must_search {
            Selection::MustSearch
        } else if pm.check && !pm.unsafe_move {
            // heuristic 1: all safe checks
            Selection::SafeCheck
        } else if self.level <= 2 && pm.mv.is_capture() {
            // heuristic 2: all captures at the first two levels
            Selection::Capture
        } else if self.pieces.count() < self.pieces_needed
            && !self.pieces.has(from)
            && !pm.unsafe_move
        {
            // heuristic 3: enough distinct pieces
            Selection::DistinctPiece
        } else {
            return None;
        };
        self.counted += 1;
        self.pieces = self.pieces.with(from);
        Some(why)
    }

    /// Heuristic 4: a move that leads to mate against the mover does not count against the
    /// width.
    pub fn uncount(&mut self) {
        self.counted = self.counted.saturating_sub(1);
    }
}

/// The state of one search: the board, the knowledge, the table and the counters.
pub(super) struct Tree<'a, K: Knowledge + ?Sized> {
    /// The position at the current node (made and unmade along the line).
    pub pos: Position,
    /// The position at the top of the tree.
    pub root: Position,
    pub knowledge: &'a mut K,
    pub params: &'a SearchParams,
    pub table: &'a mut HashTable,
    pub keys: KeyStack,
    pub stats: Statistics,
    pub limits: &'a Limits,
    pub start: Instant,
    /// Set when a limit or the stop flag ends the search; every node then returns at once.
    pub stopped: bool,
    /// The basic depth now in force (the secondary search deepens it).
    pub basic_depth: u32,
}

/// Clamps a window edge to the search bounds.
fn clamp(v: Value) -> Value {
    v.clamp(-INFINITY, INFINITY)
}

impl<K: Knowledge + ?Sized> Tree<'_, K> {
    /// Checks the stop flag and the node and time limits.
    fn check_limits(&mut self) {
        let l = self.limits;
        if l.stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            || l.nodes.is_some_and(|n| self.stats.nodes >= n)
            || l.time.is_some_and(|t| self.start.elapsed() >= t)
        {
            self.stopped = true;
            self.stats.stopped_at.get_or_insert(self.stats.nodes);
        }
    }

    /// Searches the position at `ply` (the root is 0, searched by `root`) with the window
    /// (`alpha`, `beta`); `feedovers_used` counts the feedovers in the line so far.
    pub fn node(&mut self, ply: u32, alpha: Value, beta: Value, feedovers_used: u32) -> NodeResult {
        // Step 1. Count the node; honour the limits.
        self.stats.nodes += 1;
        if self.stats.nodes & 255 == 0 {
            self.check_limits();
        }
        if self.stopped {
            return NodeResult::exact(0);
        }

        // Step 2. Draws at once (paper §1), repetition before the table (SEARCH-TECHNIQUES §2).
        match self
            .keys
            .check(self.pos.halfmove_clock(), self.params.repetition)
        {
            Repetition::None => {}
            Repetition::InTree { ply: earlier } => {
                self.stats.repetitions += 1;
                // A draw only along this line: the shadow knows nothing.
                return NodeResult {
                    shadow_lower: -INFINITY,
                    shadow_upper: INFINITY,
                    draw_ply: earlier as i32,
                    ..NodeResult::exact(0)
                };
            }
            // The game history only grows during a search (and a game): a draw for any path.
            Repetition::InGame | Repetition::Threefold => {
                self.stats.repetitions += 1;
                return NodeResult::exact(0);
            }
        }
        if self.pos.halfmove_clock() >= 100 {
            let mated = self.pos.in_check() && self.pos.legal_moves().is_empty();
            self.stats.fifty_move_draws += !mated as u64;
            return NodeResult::exact(if mated { mated_in(ply) } else { 0 });
        }

        // Step 3. The table: a deep enough entry whose bounds decide the node ends it; its move,
        // once verified legal here, is searched first.
        let depth_left = self.basic_depth.saturating_sub(ply);
        let mut table_move = Move::NULL;
        if let Some(p) = self.table.probe(self.pos.key(), ply) {
            if p.depth >= depth_left {
                let decided = if p.lower >= beta {
                    Some(p.lower)
                } else if p.upper <= alpha {
                    Some(p.upper)
                } else if p.lower == p.upper {
                    Some(p.lower)
                } else {
                    None
                };
                if let Some(v) = decided {
                    self.stats.table_cutoffs += 1;
                    return NodeResult {
                        shadow_lower: p.lower,
                        shadow_upper: p.upper,
                        ..NodeResult::exact(v)
                    };
                }
            }
            if p.mv != Move::NULL {
                if self.pos.is_legal(p.mv) {
                    table_move = p.mv;
                } else {
                    self.stats.table_moves_rejected += 1;
                }
            }
        }

        // Step 4. At or past the basic depth: feed over, or search the plausible captures
        // (paper §4; source: at most `feedovers` per line, none at ply >= depth + 3).
        let mut feedovers_used = feedovers_used;
        if ply >= self.basic_depth {
            let reason = if feedovers_used < self.params.feedovers
                && ply < self.basic_depth + PAPER_FEEDOVER_PLIES
            {
                feedover_reason(self.knowledge, &self.pos)
            } else {
                None
            };
            match reason {
                None => return self.plausible_captures(ply, alpha, beta, feedovers_used),
                Some(r) => {
                    self.stats.feedovers[r as usize] += 1;
                    feedovers_used += 1;
                }
            }
        }

        // Step 5. The plausible-move generator; no move: mate or stalemate.
        self.stats.pmg_calls += 1;
        let plausible = self.knowledge.plausible_moves(&self.pos, ply + 1);
        if plausible.moves.is_empty() {
            return NodeResult::exact(if self.pos.in_check() {
                mated_in(ply)
            } else {
                0
            });
        }

        // Step 6. Order: the table's move first, if it would be selected anyway.
        let mut order: Vec<usize> = (0..plausible.moves.len()).collect();
        if self.params.hash_move_first
            && table_move != Move::NULL
            && let Some(i) = plausible.moves.iter().position(|pm| pm.mv == table_move)
        {
            let width = self.params.widths.at(ply + 1) as usize;
            let pm = &plausible.moves[i];
            if i < width || pm.must_search || pm.check || pm.mv.is_capture() {
                order.remove(i);
                order.insert(0, i);
            }
        }

        // Step 7. The move loop.
        let mut selector = Selector::new(self.params, ply + 1, plausible.pieces_with_safe_moves);
        let mut alpha = alpha;
        let original_alpha = alpha;
        let mut best = NodeResult {
            value: -INFINITY,
            shadow_lower: -INFINITY,
            shadow_upper: -INFINITY,
            ..NodeResult::exact(0)
        };
        let mut best_move = Move::NULL;
        let mut searched = 0;
        for (n, &i) in order.iter().enumerate() {
            let pm = plausible.moves[i];
            if selector.select(&pm).is_none() {
                continue;
            }
            searched += 1;
            // Step 7a. Search the move, its window shifted by the known penalty (paper §9.1).
            let poor = poor_move_penalty(&pm);
            let undo = self.pos.make(pm.mv);
            self.keys.push(self.pos.key());
            let child = self.node(
                ply + 1,
                clamp(-(beta + poor)),
                clamp(-(alpha + poor)),
                feedovers_used,
            );
            self.keys.pop();
            self.pos.unmake(pm.mv, undo);
            if self.stopped {
                break;
            }
            // Step 7b. The value for the mover, modified (paper §9) unless it is a mate.
            let mut v = -child.value;
            let mut penalty = 0;
            if v.abs() < MATE_BOUND {
                penalty = poor + same_piece_penalty(&self.pos, pm.mv, &child.pv);
                v -= penalty;
            }
            best.absorb_shadow(&child, penalty);
            // Step 7c. Heuristic 4: a move that loses to mate does not use up the width.
            if v <= -MATE_BOUND {
                self.stats.mated_moves_ignored += 1;
                selector.uncount();
            }
            // Step 7d. Strictly better only: ties stay with the more plausible move.
            if v > best.value {
                best.value = v;
                best_move = pm.mv;
                best.pv.clear();
                best.pv.push(pm.mv);
                best.pv.extend_from_slice(&child.pv);
                best.pmg_len = 1 + child.pmg_len;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        // Refuted at the previous level, equality included (paper §7).
                        self.stats.cutoffs += 1;
                        if n + 1 < order.len() {
                            best.shadow_upper = INFINITY;
                        }
                        break;
                    }
                }
            }
        }
        if searched == 0 {
            // Cannot happen (the first move is always within the width), but stay sound.
            best = NodeResult::exact(-INFINITY);
        }

        // Step 8. Bounds: the real ones from the window; the shadow falls back to them once no
        // tree draw above this node is involved.
        let lower = if best.value > original_alpha {
            best.value
        } else {
            -INFINITY
        };
        let upper = if best.value < beta {
            best.value
        } else {
            INFINITY
        };
        if best.draw_ply == NO_DRAW || best.draw_ply >= ply as i32 {
            best.shadow_lower = lower;
            best.shadow_upper = upper;
            best.draw_ply = NO_DRAW;
        }

        // Step 9. Store once (full-width nodes only: deeper ones depend on the feedovers left).
        if !self.stopped && depth_left > 0 {
            let (lo, hi) = if self.params.shadow_score {
                (best.shadow_lower, best.shadow_upper)
            } else {
                (lower, upper)
            };
            self.table
                .store(self.pos.key(), ply, depth_left, lo, hi, best_move);
        }
        best
    }
}

impl<K: Knowledge + ?Sized> Tree<'_, K> {
    /// The plausible-capture search (paper §4): the static value, or better, any capture or
    /// promotion that appears to gain material, searched without depth or width limit.
    /// `stand pat` is the static value from the side to move's point of view.
    pub(super) fn plausible_captures(
        &mut self,
        ply: u32,
        mut alpha: Value,
        beta: Value,
        feedovers_used: u32,
    ) -> NodeResult {
        self.stats.plausible_capture_searches += 1;
        self.stats.static_evaluations += 1;
        // Clamped so that no static value looks like a mate or leaves the search bounds (the
        // ratio term grows without limit when one side has only its king).
        let stand_pat = (self.knowledge.static_value(&self.pos, &self.root)
            * self.pos.side_to_move().sign())
        .clamp(-MAX_STATIC, MAX_STATIC);
        let mut result = NodeResult::exact(stand_pat);
        if stand_pat >= beta {
            result.shadow_upper = INFINITY;
            return result;
        }
        alpha = alpha.max(stand_pat);
        let captures = self.knowledge.plausible_captures(&self.pos);
        let count = captures.len();
        for (i, m) in captures.into_iter().enumerate() {
            let undo = self.pos.make(m);
            self.keys.push(self.pos.key());
            let child = self.node(ply + 1, -beta, -alpha, feedovers_used);
            self.keys.pop();
            self.pos.unmake(m, undo);
            if self.stopped {
                break;
            }
            let v = -child.value;
            result.absorb_shadow(&child, 0);
            if v > result.value {
                result.value = v;
                result.pv.clear();
                result.pv.push(m);
                result.pv.extend_from_slice(&child.pv);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.stats.cutoffs += 1;
                        if i + 1 < count {
                            result.shadow_upper = INFINITY;
                        }
                        break;
                    }
                }
            }
        }
        result.pmg_len = 0;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MoveKind, Square};

    fn pm(from: u8, to: u8, check: bool, unsafe_move: bool) -> PlausibleMove {
        PlausibleMove {
            mv: Move::new(Square::new(from), Square::new(to), MoveKind::Quiet),
            plausibility: 0,
            must_search: false,
            unsafe_move,
            poor: false,
            check,
            positional: 0,
            forcing: 0,
        }
    }

    fn selected(
        params: &SearchParams,
        level: u32,
        pieces: u32,
        moves: &[PlausibleMove],
    ) -> Vec<Option<Selection>> {
        let mut s = Selector::new(params, level, pieces);
        moves.iter().map(|m| s.select(m)).collect()
    }

    #[test]
    fn width_grows_only_by_the_heuristics() {
        let params = SearchParams {
            widths: "4".parse().unwrap(),
            ..SearchParams::default()
        };
        // Four moves of the piece on square 1, then: an unsafe check, a safe check, moves of
        // pieces 2, 3 and 4 (the first unsafe).
        let moves = [
            pm(1, 10, false, false),
            pm(1, 11, false, false),
            pm(1, 12, false, false),
            pm(1, 13, false, false),
            pm(1, 14, true, true),
            pm(1, 15, true, false),
            pm(2, 20, false, true),
            pm(3, 21, false, false),
            pm(4, 22, false, false),
        ];
        use Selection::*;
        // Half the width = 2 distinct pieces: the safe check's piece is the same one, so one
        // more piece (3; piece 2's move is unsafe) comes in.
        assert_eq!(
            selected(&params, 3, 5, &moves),
            [
                Some(Width),
                Some(Width),
                Some(Width),
                Some(Width),
                None,
                Some(SafeCheck),
                None,
                Some(DistinctPiece),
                None
            ]
        );
        // Fewer pieces with safe moves than half the width: no extra piece needed.
        assert_eq!(selected(&params, 3, 1, &moves)[7], None);
    }

    #[test]
    fn a_move_losing_to_mate_frees_its_place() {
        let params = SearchParams {
            widths: "1".parse().unwrap(),
            ..SearchParams::default()
        };
        let mut s = Selector::new(&params, 3, 3);
        assert_eq!(s.select(&pm(1, 10, false, false)), Some(Selection::Width));
        assert_eq!(s.select(&pm(2, 11, false, false)), None);
        s.uncount();
        assert_eq!(s.select(&pm(3, 12, false, false)), Some(Selection::Width));
    }
}
