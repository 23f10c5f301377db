//! Several principal lines (UCI and CECP `MultiPV`, `think --lines`; not in c197, whose `MVD1`
//! prints the one line it chose). The root's search is the program's own (`HACK1`, `EVM`): it
//! chooses the move, gives it its value and line, and leaves the others it could not prefer
//! refuted ("flushed", a bound). Then, for k lines:
//!
//! 1. the refuted top-level moves are searched again, in the order searched, each as `EVM`
//!    searches a top-level move ([`Tree::top_line`]) but with the side's best so far (`BPREV`)
//!    at the k-th best *modified* value found so far, or no best while fewer than k are known:
//!    a move that can enter the k best (its unmodified value above that, the modified value
//!    being at most the unmodified) comes out with its value, a move that cannot is refuted
//!    again;
//! 2. while fewer than k moves have values, the most plausible of the moves the width left out
//!    are searched, with no best so far, in the generator's order.
//!
//! The lines are the chosen move's first, with the value and line the search gave it, then the
//! other moves with values in the program's order of preference: by modified value (`EVM`
//! chooses by it), each shown with its unmodified value (the one the program reports for its
//! choice, `EVM6`). So a second line can show a higher value than the first: c197 prefers the
//! first for its modifications (`MVD3`: a poor move, the same piece twice), and could not have
//! chosen the second, which its search refutes against the first's unmodified value.
//!
//! The pass leaves the program's run state as the search left it (see
//! [`super::cat::Leftovers`]): the lines change nothing in the game that follows.
//!
//! With c197's table (`hash.rs`), each move searched again finds the root pending again, as in
//! the root's search (a line that comes back to it is a draw), and the game's positions still
//! entered; with `--table values` it also finds the values the root's search stored. With the
//! secondary search on, a move that comes out with a value gets it, as a new best does.

use super::evm::{FLUSH, Node, TopRecord, Tree, refuted};
use super::lmg::List;
use crate::interface::{Line, Selection};
use crate::rules::MoveList;

/// A value for White as `side` sees it (higher is better for it).
fn mine(v: i64, side: usize) -> i64 {
    if side == 0 { v } else { -v }
}

/// Searches the root `node` (whose legal moves are `legal` and list `list`, where `side` is to
/// move) further for `wanted` lines (see the module documentation), updating `records` (the
/// root's record as searched): a move refuted before and found a value now is replaced in
/// place, a move past the width is added with [`Selection::Lines`]. An interrupted search
/// ends the pass and is left out. Returns, for each record, the best so far (White's) a move
/// was refuted against again, if it was: a bound on its unmodified value.
pub fn search_further(
    tree: &mut Tree,
    node: &Node,
    list: &List,
    legal: &MoveList,
    records: &mut Vec<TopRecord>,
    wanted: usize,
) -> Vec<Option<i64>> {
    let mut bounds = vec![None; records.len()];
    let side = node.board.side;
    let run = tree.leftovers();
    // The modified values of the moves with values so far, best first.
    let mut known: Vec<i64> = records
        .iter()
        .filter(|t| !refuted(t.raw, side))
        .map(|t| mine(t.modified, side))
        .collect();
    known.sort_by_key(|&v| std::cmp::Reverse(v));
    let entry_of = |mv| {
        list.entries
            .iter()
            .find(|e| node.board.rules_move_in(legal, e.mv) == Some(mv))
            .copied()
    };
    let again: Vec<_> = records
        .iter()
        .enumerate()
        .filter(|(_, t)| refuted(t.raw, side))
        .filter_map(|(i, t)| entry_of(t.mv).map(|e| (Some(i), e, t.selection)))
        .collect();
    let past_width: Vec<_> = list
        .entries
        .iter()
        .filter(|e| {
            node.board
                .rules_move_in(legal, e.mv)
                .is_some_and(|m| !records.iter().any(|t| t.mv == m))
        })
        .map(|&e| (None, e, Selection::Lines))
        .collect();
    for (at, e, selection) in again.into_iter().chain(past_width) {
        if at.is_none() && known.len() >= wanted {
            break;
        }
        let floor = known.get(wanted - 1).copied().unwrap_or(-FLUSH);
        let index = at.unwrap_or(records.len());
        let Some(record) = tree.top_line(node, &e, mine(floor, side), selection, index) else {
            if tree.stopped {
                break;
            }
            continue;
        };
        let valued = !refuted(record.raw, side);
        if valued {
            let v = mine(record.modified, side);
            let at = known.partition_point(|&k| k >= v);
            known.insert(at, v);
        }
        match at {
            None => {
                records.push(record);
                bounds.push(None);
            }
            Some(i) if valued => records[i] = record,
            Some(i) => bounds[i] = Some(mine(floor, side)),
        }
    }
    tree.set_leftovers(run);
    bounds
}

/// The principal lines: the chosen line `chosen` (its value for the side to move) first, then
/// the other moves of `records` with values, by modified value, best first (ties in the order
/// searched), each with its unmodified value; `wanted` in all.
pub fn principal_lines(
    records: &[TopRecord],
    chosen: Line,
    side: usize,
    wanted: usize,
) -> Vec<Line> {
    let first = chosen.pv.first().copied();
    let mut others: Vec<&TopRecord> = records
        .iter()
        .filter(|t| !refuted(t.raw, side) && Some(t.mv) != first)
        .collect();
    others.sort_by_key(|t| std::cmp::Reverse(mine(t.modified, side)));
    std::iter::once(chosen)
        .chain(others.into_iter().map(|t| Line {
            value: super::evm::side_value(t.raw, side),
            pv: t.pv.clone(),
        }))
        .take(wanted)
        .collect()
}
