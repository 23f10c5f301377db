//! The `c197` profile: Greenblatt's CHESS D (c197, 1967-68), the surviving source closest to
//! the Mac Hack VI of the 1967 tournaments, brought back routine by routine (in the manner of
//! retro-sargon). Each function names the routine it follows and its lines in `c197.txt`
//! (`doc/` has the reading; MIDAS numbers are octal, the constants here decimal).
//!
//! The program's own board is kept (`board.rs`): a mailbox of piece *numbers*, because the
//! program generates moves piece by piece in number order and its sort is not stable, so the
//! numbers decide between equally plausible moves. Everything else is recomputed from it at
//! every node, as the program's `CAT` did after every move.
//!
//! | Routine | Lines | File |
//! |---|---|---|
//! | `PIECE` `BOARD` `PVALUE` `MMOVE` | 114-390, 2736-2890, 5142-5190 | `board.rs` |
//! | `CAT` `MMWPWN` `MMBPWN` `MMRK` `MMBS` `MMNT` `MMKG` | 390-902 | `cat.rs` |
//! | `FLATA` `F2LA` | 4419-4586 | `flata.rs` |
//! | `LMGT` `LMGSTD` `TRAPP` | 4942-5081, 5166-5193, 5418-5454 | `generate.rs` |
//! | `LMG` `LMGR` `LMGCD` `LMGR1A` `LMGR2` `LMUA` `LBL1` `CBDV` `LMG1` `SORT` | 3381-3534, 4024-4932, 5310-5469, 6062-6092 | `lmg.rs` |
//! | `STATEV` `STVL4` `KINGSF` | 5471-5852 | `statev.rs` |
//! | `HACK1` `EVM` `MVD3`; the tree's use of the table: the probe in `LMG`, `HHVC` (and what c197 leaves unfinished, after c.558) | 2157-2212, 3394-3400, 3539-3830, 5255-5305 | `evm.rs` |
//! | `HASHR` `HASHE`, the table (and the game's positions, after c.558) | 66-73, 5203-5253 | `hash.rs` |
//! | the secondary search (none in c197: after c.558's `EVM6`) | | `secondary.rs` |
//! | (not in c197) several principal lines, MultiPV | | `lines.rs` |
//!
//! Where c197 has a bug a later version fixed, c197's behaviour is the default and the fix a
//! switch in [`Fixes`].
//!
//! This is a whole program beside the paper's ([`crate::paper`]), over the same rules; what
//! both take and return is in [`crate::interface`]. Entry point: [`Searcher::search`].

pub mod board;
pub mod cat;
pub mod evm;
pub mod flata;
pub mod generate;
pub mod hash;
pub mod lines;
pub mod lmg;
pub mod secondary;
pub mod statev;

use crate::interface::{
    Approximation, Fixes, Limits, Line, Progress, SearchParams, SearchResult, TableUse, TopBound,
    TopLevelMove,
};
use crate::rules::{Color, Key, Move, Position};
use crate::time::Instant;
use crate::value::Value;
use board::Board;
use evm::{Node, Tree, side_value};

/// The program's board for `root`: the game replayed from the start position when `history`
/// (the keys of the earlier positions, oldest first) leads there from it, so that pieces carry
/// their numbers and move counts; else numbered from the position alone. With it, what `CAT`
/// left behind in the game's positions (see [`cat::Leftovers`]).
pub fn board_for(root: &Position, history: &[Key]) -> (Board, cat::Leftovers) {
    let mut lo = cat::Leftovers::default();
    let board = game_moves(root, history).and_then(|moves| {
        Board::from_game(&moves, |b, pos| {
            // `CAT` after each move (`MMS2`, 2819) leaves the pin of piece 32 behind.
            lo.qr_pinned |= cat::Tables::qr_pinned(b, |l| {
                board::square(l).is_some_and(|s| pos.is_attacked(s, Color::Black))
            });
        })
    });
    match board {
        Some(b) => (b, lo),
        None => (Board::from_position(root), cat::Leftovers::default()),
    }
}

/// The node the search starts from: `root` on the program's board (see [`board_for`]), with its
/// `CAT` tables.
fn root_node(root: &Position, history: &[Key], fixes: Fixes) -> Node {
    let (board, mut leftovers) = board_for(root, history);
    Node::new(board, root.clone(), fixes, &mut leftovers)
}

/// For `machack plausible`: the generator's list (`LMG`, sorted by `SORT`) for the side to
/// move in `root` as a node at level `lmgd2` of the tree (`LMGD2`; 1: the root's moves, the
/// list the search starts from), each entry with our form of its move.
pub fn plausible_list(
    root: &Position,
    history: &[Key],
    fixes: Fixes,
    lmgd2: u32,
) -> Vec<(Move, lmg::Entry)> {
    let node = root_node(root, history, fixes);
    let phase = lmg::Phase::at(node.board.plyn);
    let list = lmg::Pmg::run(
        &node.board,
        node.tables(),
        lmgd2,
        evm::CATCUT,
        phase,
        fixes.into(),
    );
    let legal = root.legal_moves();
    list.entries
        .into_iter()
        .filter_map(|e| node.board.rules_move_in(&legal, e.mv).map(|m| (m, e)))
        .collect()
}

/// For `machack trace`: the scoring of legal move `m` in `root` at level `lmgd2`, step by step
/// (see [`lmg::Pmg::trace`]): each rule's name with R after it, and the entry as listed (None
/// if the generator drops the move). None if the program has no such move (it promotes only to
/// a queen).
pub fn trace_move(
    root: &Position,
    history: &[Key],
    fixes: Fixes,
    lmgd2: u32,
    m: Move,
) -> Option<lmg::Trace> {
    let node = root_node(root, history, fixes);
    let cm = node.board.program_move(m)?;
    // An under-promotion reads as the queening, the only promotion the program knows.
    if node.board.rules_move_in(&root.legal_moves(), cm) != Some(m) {
        return None;
    }
    let phase = lmg::Phase::at(node.board.plyn);
    Some(lmg::Pmg::trace(
        &node.board,
        node.tables(),
        lmgd2,
        evm::CATCUT,
        phase,
        fixes.into(),
        cm,
    ))
}

/// For `machack eval`: `STVL4`'s terms for `pos` (see [`statev::Terms`]), on the program's
/// board along `history`, with the piece ratio and `OPNMID` of the search's `root` (set at
/// 2199-2207 in `HACK1`).
pub fn static_terms(
    pos: &Position,
    history: &[Key],
    fixes: Fixes,
    root: &Position,
) -> statev::Terms {
    let node = root_node(pos, history, fixes);
    let pcratio = Board::from_position(root).pcratio();
    let opnmid = lmg::Phase::at(root.game_ply()).opnmid;
    statev::stvl4_terms(&node.board, node.tables(), pcratio, opnmid)
}

/// The moves of the game that led from the start position through the positions keyed
/// `history` to `root`, found by trying each legal move; None if the chain breaks.
pub fn game_moves(root: &Position, history: &[Key]) -> Option<Vec<Move>> {
    let start = Position::startpos();
    let keys: Vec<Key> = history.iter().copied().chain([root.key()]).collect();
    if keys[0] != start.key() {
        return None;
    }
    let mut pos = start;
    let mut moves = Vec::with_capacity(keys.len());
    for &next in &keys[1..] {
        let m = pos.legal_moves().iter().copied().find(|&m| {
            let undo = pos.make(m);
            let found = pos.key() == next;
            pos.unmake(m, undo);
            found
        })?;
        pos.make(m);
        moves.push(m);
    }
    (pos == *root || pos.key() == root.key()).then_some(moves)
}

/// c197 as it ran: the settings of its next search, and what its earlier searches left behind.
pub struct Searcher {
    params: SearchParams,
    fixes: Fixes,
    /// The program's run state, kept as the running program kept it from one search to the
    /// next (see [`cat::Leftovers`]).
    run: cat::Leftovers,
    /// The hash table, emptied before each search as c.558 empties it before each move (see
    /// [`hash`]): the game's positions are entered anew from the search's history, so the
    /// table carries nothing from one search to the next and is no part of the run state (a
    /// depth of a deepening search finds it as a search at that depth alone does).
    table: hash::Table,
}

impl Searcher {
    /// A fresh load of the program, searching with `params` and the later versions' `fixes`
    /// that are on.
    pub fn new(params: SearchParams, fixes: Fixes) -> Searcher {
        Searcher {
            params,
            fixes,
            run: Default::default(),
            table: Default::default(),
        }
    }

    /// The settings of the next search.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// Replaces the settings of the next search, keeping the run state.
    pub fn set_params(&mut self, params: SearchParams, fixes: Fixes) {
        self.params = params;
        self.fixes = fixes;
    }

    /// Forgets what earlier searches left behind, as a fresh load of the program.
    pub fn clear(&mut self) {
        self.run = Default::default();
    }

    /// What earlier searches left behind (see [`cat::Leftovers`]).
    pub fn run_state(&self) -> cat::Leftovers {
        self.run
    }

    /// Sets what earlier searches left behind: the state `run_state` gave before, so that
    /// the next search starts as that one did.
    pub fn set_run_state(&mut self, run: cat::Leftovers) {
        self.run = run;
    }

    /// Searches `root` as c197 would (`HACK1`): widths, depth and feedovers from the settings,
    /// the depth replaced by `limits.depth` if it is given. `history` holds the keys of the
    /// game's earlier positions, oldest first, `root` excluded. What the program's earlier
    /// searches left behind is added to what the game's positions leave, and updated with
    /// what this search leaves.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[Key],
        limits: &Limits,
        progress: Option<&mut dyn FnMut(&Progress)>,
    ) -> SearchResult {
        let start = Instant::now();
        let (params, fixes) = (&self.params, self.fixes);
        let depth = limits.depth.unwrap_or(params.depth);
        let (board, mut leftovers) = board_for(root, history);
        let game = hash::GamePositions::walk_back(root, &board, history);
        leftovers.qr_pinned |= self.run.qr_pinned;
        leftovers.black_as_white |= self.run.black_as_white;
        let mut node = Node::new(board, root.clone(), fixes, &mut leftovers);
        let side = node.board.side;
        let mut tree = Tree::new(
            fixes,
            &params.widths,
            depth,
            params.feedovers,
            &node.board,
            limits,
            progress,
        );
        tree.set_leftovers(leftovers);
        let (entries, use_) = (params.table_entries(), params.table);
        if self.table.use_ != use_ || (use_ != TableUse::Off && self.table.len() != entries) {
            self.table = hash::Table::new(entries, use_);
        } else {
            self.table.clear();
        }
        let (marks, root_pending) = game.marks(root, params.repetition);
        tree.set_table(std::mem::take(&mut self.table), root_pending);
        tree.hash_game(&marks);
        tree.set_secondary(params.secondary().then_some(params.secondary_plies));
        let list = tree.root_list(&node);
        let legal = root.legal_moves();
        let plausibility: Vec<(Move, Value)> = list
            .entries
            .iter()
            .filter_map(|e| {
                node.board
                    .rules_move_in(&legal, e.mv)
                    .map(|m| (m, e.plausibility.min(Value::MAX as i64) as Value))
            })
            .collect();
        let ret = tree.root(&mut node);
        self.run = tree.leftovers();
        let mut records = tree.top().to_vec();
        let wanted = params.multi_pv.max(1) as usize;
        let bounds = if wanted > 1 && !tree.stopped && !ret.pv.is_empty() {
            lines::search_further(&mut tree, &node, &list, &legal, &mut records, wanted)
        } else {
            vec![None; records.len()]
        };
        self.table = tree.take_table();
        let stopped = tree.stopped;
        let mut top_level = Vec::new();
        let mut best: Option<i64> = None;
        for (t, again) in records.iter().zip(bounds) {
            let (value, bound) = if evm::refuted(t.raw, side) {
                // The best it was refuted against; the lower if refuted twice (`lines.rs`).
                let first = best.map_or(t.raw, |b| b);
                let bound = match again {
                    Some(b) if side_value(b, side) < side_value(first, side) => b,
                    _ => first,
                };
                (bound, TopBound::AtMost)
            } else {
                (t.raw, TopBound::Exact)
            };
            if t.best {
                best = Some(t.raw);
            }
            top_level.push(TopLevelMove {
                mv: t.mv,
                plausibility: t.plausibility.min(Value::MAX as i64) as Value,
                selection: t.selection,
                value: side_value(value, side),
                bound,
                pv: t.pv.clone(),
                secondary: t.secondary.map(|v| side_value(v, side)),
            });
        }
        let mut stats = tree.stats().clone();
        stats.table = self.table.stats;
        stats.time = start.elapsed();
        let pv: Vec<Move> = ret.pv.iter().map(|p| p.mv).collect();
        let best_move = pv.first().copied().or_else(|| {
            // Stopped before any move was searched to the end: the most plausible legal one.
            plausibility.first().map(|&(m, _)| m)
        });
        let lines = if pv.is_empty() {
            Vec::new()
        } else {
            let chosen = Line {
                value: side_value(ret.value, side),
                pv: pv.clone(),
            };
            lines::principal_lines(&records, chosen, side, wanted)
        };
        let approximations = node
            .board
            .unheld()
            .map(|(square, kind)| Approximation::UnderPromoted { square, kind })
            .collect();
        SearchResult {
            best_move: if legal.is_empty() { None } else { best_move },
            value: side_value(ret.value, side),
            pv,
            lines,
            top_level,
            plausibility,
            stats,
            stopped,
            approximations,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interface::SearchParams;
    use crate::rules::Square;

    /// The position after `moves` (coordinates) from `fen`, and the keys of the ones before it.
    fn played(fen: &str, moves: &[&str]) -> (Position, Vec<Key>) {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut history = Vec::new();
        for m in moves {
            let m = crate::notation::parse_any(&pos, m).unwrap();
            history.push(pos.key());
            pos.make(m);
        }
        (pos, history)
    }

    #[test]
    fn a_game_from_a_fen_is_numbered_at_its_last_position() {
        // Only a game from the start position is replayed: White's KP took on Q5 after the
        // FEN, and is numbered as the QP (5) where it stands, not as the KP (4) it was.
        const FEN: &str = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        let (pos, history) = played(FEN, &["e4d5"]);
        let (board, leftovers) = board_for(&pos, &history);
        let d5 = board::loc(Square::parse("d5").unwrap());
        assert_eq!(board.at(d5), 5);
        assert_eq!(board.board, Board::from_position(&pos).board);
        assert_eq!(leftovers, cat::Leftovers::default());
        // Replayed from the FEN's own numbering, the pawn would be the KP.
        let mut replayed = Board::from_position(&Position::from_fen(FEN).unwrap());
        let e4 = board::loc(Square::parse("e4").unwrap());
        replayed.make(board::CMove {
            piece: replayed.at(e4),
            to: d5,
        });
        assert_eq!(replayed.at(d5), 4);
    }

    #[test]
    fn a_game_longer_than_the_programs_record_is_held() {
        // c197 records the game's moves and the search's in `GAME: BLOCK 300.` (1856): a game
        // of more plies would write past it. Here 320 plies of knight moves are replayed.
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(80);
        let (pos, history) = played(crate::rules::START_FEN, &shuffle);
        assert_eq!(board_for(&pos, &history).0.plyn, 320);
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let r = Searcher::new(SearchParams::default(), Fixes::default())
            .search(&pos, &history, &limits, None);
        assert_eq!(
            (r.best_move.map(|m| m.coordinate()), r.value),
            (Some("e2e4".into()), 0)
        );
    }

    #[test]
    fn a_search_stopped_before_any_move_is_done_answers_the_most_plausible() {
        // c197 has no time control; stopped (here at its 256th node, `Limits::nodes`) before
        // any top-level move is searched to the end, the search answers the generator's first.
        let (pos, history) = played(
            "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21",
            &[],
        );
        let limits = Limits {
            nodes: Some(1),
            ..Limits::default()
        };
        let r = Searcher::new(SearchParams::default(), Fixes::default())
            .search(&pos, &history, &limits, None);
        assert!(r.stopped && r.top_level.is_empty() && r.pv.is_empty());
        assert_eq!(r.best_move, Some(r.plausibility[0].0));
        assert_eq!(r.best_move.map(|m| m.coordinate()), Some("e8e5".into()));
    }
}
