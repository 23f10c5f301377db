//! The tree: `HACK1` (c197 lines 2157-2212) at the root, `LMG` (3384-3401) at every node and
//! `EVM` (3539-3830), which searches the generator's list.
//!
//! Values are White's (pawn = 128); each side keeps its best so far along the line in
//! `BPREV`. What `EVM` does that a textbook alpha-beta does not:
//! - the list searched is the width, or longer: the prefix up to the move that brings in the
//!   `min(PCSWSM, width/2)`-th distinct piece (3555-3581); past it only must-search moves, until
//!   as many have been searched as were flagged (`NCKF`); a move leading to mate frees a place;
//!   a listed move found illegal uses one up;
//! - modifications (3601-3641, up to `MVD3`: −3 poor, −1 same piece twice before ply 16, −4
//!   back to its square, −2 a detour one move could do) decide the choice, but the *unmodified* value
//!   of the chosen move goes up, and alpha takes unmodified values (`EVM6`, 3688-3695);
//! - a move equal to the opponent's best refutes the line, unless that best was a modified
//!   value (`BPREVE`: `CAME` or `JFCL`, 3809);
//! - no hash table (`HSCOD=0`), so no repetition, and no secondary search: both are
//!   switches here, off when c197 is to run as it was (see `hash.rs` and `secondary.rs`).
//!
//! The tree's use of the table (`hash.rs`) is here too, beside the search whose state it reads
//! and sets: the probe in `LMG` (`Tree::hash_probe`), `HHVC`, what is stored on the way back
//! (`Tree::hash_leave`) and the game's positions entered.

use super::board::{BW, Board, CMove, Kind, Loc, NPC, Pc, Record, king, side_of, square};
use super::cat::{CatFixes, Leftovers, Levels, Tables};
use super::generate::{BISHOP_DIRS, KING_ORDER, KNIGHT_ORDER, ROOK_DIRS};
use super::hash::{
    Code, GAME_PLIES, Key, PENDING, Slot, Table, code_of, key, plies_of, value_of, word,
};
use super::lmg::{Entry, List, Phase, Pmg, Sorting, Workspace};
use crate::interface::{Fixes, TableUse};
use crate::interface::{Limits, Progress, Selection, Statistics, TopBound, WidthSchedule};
use crate::rules::{Guard, Move, Position};
use crate::time::Instant;
use crate::value::Value;
use std::sync::atomic::Ordering;

/// `STVT1` (5837-5838): the starting best of a node, a loss for the side to move.
const LOSING: i64 = 0o10000000;
/// `EVMST` (3763-3765): the flush signal, ±100000 octal.
pub const FLUSH: i64 = 0o100000;
/// `EVMT7`: beyond ±77000 a value is a flush (3785-3786).
pub const FLUSHED: i64 = 0o77000;

/// Whether `a`, a value returned to a node of side `i`, is a flush passed up (`EVMT7`): the
/// node's move was refuted below.
fn flushed(a: i64, i: usize) -> bool {
    if i == 0 { a < -FLUSHED } else { a > FLUSHED }
}
/// Whether a top-level value for White, at a root where `side` moves, is a refutation (a
/// flush passed up), not a value (for the top-level record and the lines, `lines.rs`).
pub fn refuted(raw: i64, side: usize) -> bool {
    if side == 0 {
        raw < -(FLUSH - 512)
    } else {
        raw > FLUSH - 512
    }
}

/// `EVMT5`, `EVMTT1`: beyond ±67000 a mate (3773-3774).
pub const MATED: i64 = 0o67000;
/// `EVMT3`: a mate, less the level (3767-3768).
pub const MATE: i64 = 0o70000;
/// `CATCUT: 2` (4160): captures are must-search at levels up to 2 (`LMGR6A` 4113-4116).
pub const CATCUT: u32 = 2;
/// `BDPV: 3`: a developmentally poor move (3818).
pub const BDPV: i64 = 3;
/// `MSP1MV: 2`: two moves of a piece one move could make (3819).
pub const MSP1MV: i64 = 2;
/// `MSP0MV: 4`: the piece goes back (3820).
pub const MSP0MV: i64 = 4;
/// `MSPMV: 1`: a piece moved twice before ply 16 (3821).
pub const MSPMV: i64 = 1;

/// A position in the tree: the program's board and tables, and ours (for legality).
#[derive(Clone)]
pub struct Node {
    /// The program's board.
    pub board: Board,
    /// Its `CAT` tables.
    tables: Box<Tables>,
    /// The same position in our rules: the parent's until the node makes a child (`pending`).
    pos: Position,
    /// The move from the parent not yet played in `pos` (see [`Tree::child`]).
    pending: Option<Move>,
    /// `pos`'s [`Guard`], once found (the node's moves' legality decided without playing them).
    guard: Option<Guard>,
    /// The later versions' fixes its `CAT` runs with (those of the search).
    fixes: CatFixes,
    /// A number no other node's board has had (see [`next_node_id`]): a new one each time
    /// the node is made.
    id: u64,
    /// The `id` of the node whose board this one's was made from, by the move `rec` (0 for a
    /// root): when the same node makes its next child here, the board is taken back to its
    /// own (see [`Board::take_back_to`]) rather than copied.
    made_from: u64,
    /// The move made from that node's board.
    rec: Record,
}

/// A new node's [`Node::id`]: the ids count up from 1, shared by every search.
fn next_node_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Node {
    /// A node for `board`, standing as `pos` does, with what earlier runs left (`lo`, updated).
    pub fn new(board: Board, pos: Position, fixes: Fixes, lo: &mut Leftovers) -> Node {
        let fixes = fixes.into();
        let tables = Tables::boxed(&board, fixes, lo);
        lo.qr_pinned |= tables.pint[NPC];
        Node {
            board,
            tables,
            pos,
            pending: None,
            guard: None,
            fixes,
            id: next_node_id(),
            made_from: 0,
            rec: Record {
                piece: 0,
                from: 0,
                to: 0,
                capture: false,
                special: false,
                promotion: false,
            },
        }
    }

    /// The `CAT` tables.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Whether the side to move is in check (`CAT`'s attacks on its king).
    pub fn in_check(&self) -> bool {
        // (A side is 0 or 1: masked so, its indices need no bounds check.)
        let i = self.board.side & 1;
        self.tables.attacks[i ^ 1][self.board.piecel[king(i)]] != 0
    }

    /// The child of `parent` after `m` (`rec` its record; our position, the parent's with the
    /// move pending, in `self.pos`) made in `self`, a node done with: its board and tables
    /// overwritten in place, the tables brought up to date from the parent's (see
    /// [`Tables::update_child`]), `CAT` running at `levels`.
    fn remake(&mut self, parent: &Node, m: CMove, lo: &mut Leftovers, levels: Levels) -> Record {
        // A node's board changes only here, and gets a new id: made from `parent`'s board as
        // it stands, with its last child's move, it is taken back to it.
        if self.made_from == parent.id {
            self.board.take_back_to(&parent.board, &self.rec);
        } else {
            self.board.clone_from(&parent.board);
        }
        let rec = self.board.make(m);
        (self.id, self.made_from, self.rec) = (next_node_id(), parent.id, rec);
        *self.tables = *parent.tables;
        let sliders = super::cat::SliderSquares::of_position(&parent.pos);
        self.tables.update_child(
            &parent.board,
            &self.board,
            &rec,
            sliders,
            self.fixes,
            lo,
            levels,
        );
        lo.qr_pinned |= self.tables.pint[NPC];
        rec
    }

    /// Makes the node ready to make its children: the move from its parent played in `pos`
    /// (more than half the nodes make no child, 24,241 of `machack bench --table off`'s
    /// 43,791: a capture-search node refuted by its static value or with no capture to try),
    /// and its guard found, once for all its moves.
    fn settle(&mut self) {
        if let Some(m) = self.pending.take() {
            self.pos.make(m);
        }
        if self.guard.is_none() {
            self.guard = Some(self.pos.guard());
        }
    }

    /// [`Node::rules_move`] for a settled node (see [`Node::settle`]): the move found without
    /// listing the others, nor playing it (castling apart), as the search asks for it at every
    /// node.
    fn rules_move_to(&self, m: CMove) -> Option<Move> {
        debug_assert!(self.pending.is_none());
        if m.piece == 0 {
            return self.rules_move(m);
        }
        let from = square(self.board.piecel[m.piece])?;
        let to = square(m.to)?;
        match &self.guard {
            Some(g) => self.pos.move_to(g, from, to),
            None => self.pos.move_to(&self.pos.guard(), from, to),
        }
    }

    /// Our form of the program's move, if legal (`TMOVE` fails otherwise): found among the
    /// legal moves of the piece that moves, all a node needs to know of them.
    fn rules_move(&self, m: CMove) -> Option<Move> {
        let from = if m.piece == 0 {
            self.pos.king_square(self.pos.side_to_move())
        } else {
            square(self.board.piecel[m.piece])?
        };
        self.board
            .rules_move_in(&self.pos.legal_moves_from(from), m)
    }
}

/// One move of a principal variation: ours and the program's record of it.
#[derive(Copy, Clone, Debug)]
pub struct PvMove {
    /// The move.
    pub mv: Move,
    /// As the program recorded it.
    pub rec: Record,
    /// Whether the generator chose it (`EVM`), not the capture search: the secondary search
    /// plays out these (c.558's `PVMGI` 0, `PLLN`).
    pub pmg: bool,
}

/// The line `pm` then `rest`, made in `rest`'s memory: a line goes up the tree a move a level,
/// and a new vector at each level cost an allocation and a free.
pub(super) fn line(pm: PvMove, mut rest: Vec<PvMove>) -> Vec<PvMove> {
    rest.insert(0, pm);
    rest
}

/// What a node returns: `R` and `CVPR`.
#[derive(Clone, Debug)]
pub struct Ret {
    /// The value for White.
    pub value: i64,
    /// The principal variation.
    pub pv: Vec<PvMove>,
}

impl Ret {
    /// `EVMST-1(I)`: the node was cut off by the opponent's best (`EVM5C`, `STRET2`).
    pub fn flush(i: usize) -> Ret {
        Ret {
            value: if i == 0 { FLUSH } else { -FLUSH },
            pv: Vec::new(),
        }
    }
}

/// One top-level move as the root searched it (`MVD1` prints the same: move, line, modified
/// and unmodified value).
#[derive(Clone, Debug)]
pub struct TopRecord {
    /// The move.
    pub mv: Move,
    /// Its plausibility.
    pub plausibility: i64,
    /// Why it was searched.
    pub selection: Selection,
    /// The value returned (White's), unmodified; a flush when refuted.
    pub raw: i64,
    /// After the modifications.
    pub modified: i64,
    /// Its line.
    pub pv: Vec<Move>,
    /// Whether it became the best so far.
    pub best: bool,
    /// The secondary search's value (White's), if it ran.
    pub secondary: Option<i64>,
}

/// The state of one search.
pub struct Tree<'a, 'p> {
    pub(super) fixes: Fixes,
    widths: &'a WidthSchedule,
    pub(super) hk1v: u32,
    pub(super) fdcut: u32,
    catcut: u32,
    pub(super) phase: Phase,
    pub(super) pcratio: i64,
    /// `BPREV`: each side's best so far along the line (White's, Black's).
    pub(super) bprev: [i64; 2],
    /// `BPREVE`: whether a node of that side is refuted by a value *equal* to the opponent's
    /// best (`CAME`), or only by a better one (`JFCL`, the best was modified).
    pub(super) bpreve: [bool; 2],
    /// `LMGD`, `LMGD2`: the level (the root's moves are level 1).
    pub(super) lmgd: u32,
    pub(super) lmgd2: u32,
    /// `MCFB`: feedovers left in this line.
    pub(super) mcfb: u32,
    /// `SFB`: this node is a feedover.
    pub(super) sfb: bool,
    pub(super) stats: Statistics,
    limits: &'a Limits,
    start: Instant,
    pub(super) stopped: bool,
    top: Vec<TopRecord>,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    /// What the run leaves behind for `CAT` (see [`Leftovers`]).
    leftovers: Leftovers,
    /// The hash table (`hash.rs`; none unless set).
    pub(super) table: Table,
    /// Whether the root may be marked pending (see `hash::GamePositions::marks`).
    pub(super) hash_root: bool,
    /// The secondary search's plies, if it is on (`secondary.rs`).
    pub(super) secondary: Option<u32>,
    /// Nodes done with, for the next nodes (see [`Tree::done_with`]): boxed, as the search
    /// hands them about, so that a node changes hands as a pointer, not 1.5 KB copied.
    #[allow(clippy::vec_box)]
    spare: Vec<Box<Node>>,
    /// Generator lists done with, for the next lists (boxed: a list changes hands as a
    /// pointer).
    #[allow(clippy::vec_box)]
    lists: Vec<Box<Sorting>>,
    /// The memory of capture-search lists done with (see `Tree::state1`).
    pub(super) capture_lists: Vec<Vec<(CMove, i64)>>,
    /// The memory of lines done with, for the next lines (see [`Tree::line`]).
    lines: Vec<Vec<PvMove>>,
    /// The memory of the generator's runs.
    workspace: Box<Workspace>,
}

impl<'a, 'p> Tree<'a, 'p> {
    /// A search with widths `widths`, depth `hk1v` (`SETD`), `mcfb` feedovers a line (`SETF`).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        fixes: Fixes,
        widths: &'a WidthSchedule,
        hk1v: u32,
        mcfb: u32,
        root: &Board,
        limits: &'a Limits,
        progress: Option<&'p mut dyn FnMut(&Progress)>,
    ) -> Tree<'a, 'p> {
        Tree {
            fixes,
            widths,
            hk1v,
            // ASETF (1646-1654): FDCUT = HK1V + MCFB + 1.
            fdcut: hk1v + mcfb + 1,
            catcut: CATCUT,
            phase: Phase::at(root.plyn),
            pcratio: root.pcratio(),
            bprev: [-FLUSH, FLUSH],
            bpreve: [true, true],
            lmgd: 0,
            lmgd2: 0,
            mcfb,
            sfb: false,
            stats: Statistics::default(),
            limits,
            start: Instant::now(),
            stopped: false,
            top: Vec::new(),
            progress,
            leftovers: Leftovers::default(),
            table: Table::default(),
            hash_root: true,
            secondary: None,
            spare: Vec::new(),
            lists: Vec::new(),
            capture_lists: Vec::new(),
            lines: Vec::new(),
            workspace: Box::default(),
        }
    }

    /// Searches with `table` (see `hash.rs`), the root marked pending if `root_pending`.
    pub fn set_table(&mut self, table: Table, root_pending: bool) {
        self.table = table;
        self.hash_root = root_pending;
    }

    /// The table, as the search leaves it.
    pub fn take_table(&mut self) -> Table {
        std::mem::take(&mut self.table)
    }

    /// Runs a secondary search of `plies` on each new best top-level move (`secondary.rs`).
    pub fn set_secondary(&mut self, plies: Option<u32>) {
        self.secondary = plies;
    }

    /// Sets what earlier runs left, as the root found it (see [`Leftovers`]).
    pub fn set_leftovers(&mut self, lo: Leftovers) {
        self.leftovers = lo;
    }

    /// What the search leaves behind.
    pub fn leftovers(&self) -> Leftovers {
        self.leftovers
    }

    /// [`line`] of `pm` and the line taken from `rest` (left empty), in the memory of a line
    /// done with when `rest` has none (a node whose line starts there): `bench --table off`
    /// made some 9,200 lines so, each an allocation and, when a better one replaced it or
    /// its node was refuted, a free.
    pub(super) fn line(&mut self, pm: PvMove, rest: &mut Vec<PvMove>) -> Vec<PvMove> {
        let mut v = std::mem::take(rest);
        if v.capacity() == 0
            && let Some(kept) = self.lines.pop()
        {
            v = kept;
        }
        line(pm, v)
    }

    /// Keeps the memory of a line done with, for [`Tree::line`].
    pub(super) fn done_with_line(&mut self, mut v: Vec<PvMove>) {
        if v.capacity() != 0 {
            v.clear();
            self.lines.push(v);
        }
    }

    /// `best` becomes the line of `pm` and `rest` ([`Tree::line`]), its old line kept. Inlined
    /// where `EVM` keeps a better line: a call cost some 50 instructions of its own, 4,679 a
    /// bench.
    #[inline]
    pub(super) fn set_line(&mut self, best: &mut Vec<PvMove>, pm: PvMove, rest: &mut Vec<PvMove>) {
        let new = self.line(pm, rest);
        let old = std::mem::replace(best, new);
        self.done_with_line(old);
    }

    /// After the search below a move: a black pawn's promotion taken back leaves it counted
    /// as a white pawn (see [`Leftovers`]).
    pub(super) fn taken_back(&mut self, pm: &PvMove) {
        if pm.rec.promotion && side_of(pm.rec.piece) == 1 {
            self.leftovers.black_as_white |= 1 << pm.rec.piece;
        }
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Statistics {
        &self.stats
    }

    /// The top-level moves as searched.
    pub fn top(&self) -> &[TopRecord] {
        &self.top
    }

    /// `HACK1` (2157-2212): the root's value and principal variation.
    pub fn root(&mut self, n: &mut Node) -> Ret {
        self.lmg(n)
    }

    /// For the lines after the program's choice (MultiPV, not in c197: `lines.rs`), once the
    /// root's search is done: the root `n`'s entry `e`, the `index`-th top-level move, searched
    /// as `EVM` searches a move at the root (level 1, then `MVD3`'s modifications), with the
    /// side to move's best so far (`BPREV`) at `floor` and a reply equal to it refuting
    /// (`CAME`). None if the move is illegal (`TMOVE`) or the search was stopped. As in the
    /// root's search, the root is pending in the table (a line that comes back to it is a
    /// draw), and with the secondary search on a move with a value gets it.
    pub fn top_line(
        &mut self,
        n: &Node,
        e: &Entry,
        floor: i64,
        selection: Selection,
        index: usize,
    ) -> Option<TopRecord> {
        let i = n.board.side;
        let saved = (self.bprev, self.bpreve, self.lmgd, self.lmgd2);
        (self.lmgd, self.lmgd2) = (1, 1);
        self.bprev[i] = floor;
        self.bpreve[1 - i] = true;
        // The root pending again while its move is searched, as in the root's own search.
        let mark = self.hash_mark_root(n);
        let record = self.child_of(n, e.mv).and_then(|(mut child, mut pm)| {
            pm.pmg = true;
            self.report_examining_at(index, pm.mv, e.plausibility);
            let mut ret = self.lmg(&mut child);
            self.taken_back(&pm);
            if self.stopped {
                return None;
            }
            let mut secondary = None;
            if let Some(plies) = self.secondary
                && !flushed(ret.value, i)
                && ret.value.abs() < MATED
            {
                // A move with a value gets the secondary search, as a new best does in `EVM`,
                // so that the lines' values are alike.
                secondary = Some(self.secondary_stands(&mut child, &mut ret, plies, i)?);
            }
            let a = ret.value;
            let r = self.modified(a, e, &child, pm.rec, &ret.pv, i);
            self.done_with(child);
            Some(TopRecord {
                mv: pm.mv,
                plausibility: e.plausibility,
                selection,
                raw: a,
                modified: r,
                pv: std::iter::once(pm.mv)
                    .chain(ret.pv.iter().map(|x| x.mv))
                    .collect(),
                best: false,
                secondary,
            })
        });
        if let Some(m) = mark {
            self.hash_unmark_root(m);
        }
        (self.bprev, self.bpreve, self.lmgd, self.lmgd2) = saved;
        record
    }

    fn count_node(&mut self) {
        self.stats.nodes += 1;
        if self.stats.nodes & 255 == 0 {
            let l = self.limits;
            if l.stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
                || l.nodes.is_some_and(|n| self.stats.nodes >= n)
                || l.time.is_some_and(|t| self.start.elapsed() >= t)
            {
                self.stopped = true;
                self.stats.stopped_at = Some(self.stats.nodes);
            }
        }
    }

    /// `LMG` (3384-3401): a node searched with the generator, or past the depth `STATE1`.
    /// The side's best and the opponent's refutation rule are restored on the way out.
    pub(super) fn lmg(&mut self, n: &mut Node) -> Ret {
        self.sfb = false;
        self.enter(n, |t, n| {
            // The probe (3394-3400): a position found may decide the node.
            let pending = match t.hash_probe(n) {
                Probe::Value(r) => return r,
                Probe::Pending(p) => Some(p),
                Probe::Off => None,
            };
            let r = if t.lmgd2 > t.hk1v {
                t.state1(n)
            } else {
                t.pmg_and_evm(n)
            };
            if let Some(p) = pending {
                t.hash_leave(p, &r, n.board.side);
            }
            r
        })
    }

    /// `STATEV` (5497-5503): a node of the capture search.
    pub(super) fn statev(&mut self, n: &mut Node) -> Ret {
        self.enter(n, |t, n| t.state1(n))
    }

    fn enter(&mut self, n: &mut Node, body: impl FnOnce(&mut Self, &mut Node) -> Ret) -> Ret {
        let i = n.board.side;
        self.count_node();
        if self.stopped {
            // Seen by the parent as refuted; the root drops the interrupted move.
            return Ret::flush(i);
        }
        let saved = (self.bprev[i], self.bpreve[1 - i]);
        self.lmgd += 1;
        self.lmgd2 += 1;
        let r = body(self, n);
        self.lmgd -= 1;
        self.lmgd2 -= 1;
        self.bprev[i] = saved.0;
        self.bpreve[1 - i] = saved.1;
        r
    }

    /// `STATE2` and `EVM`: the generator's list, searched.
    pub(super) fn pmg_and_evm(&mut self, n: &mut Node) -> Ret {
        self.stats.pmg_calls += 1;
        if self.lmgd2 == 1 && !self.limits.searchmoves.is_empty() {
            // The root restricted to `go searchmoves`: the whole list sorted, then kept in part.
            let list = self.root_list(n);
            return self.evm(n, &mut list.into());
        }
        let lmg_fixes = self.fixes.into();
        let mut list = self.lists.pop().unwrap_or_default();
        Pmg::run_for_search(
            &n.board,
            n.tables(),
            &mut self.workspace,
            self.lmgd2,
            self.catcut,
            self.phase,
            lmg_fixes,
            &mut list,
        );
        let r = self.evm(n, &mut list);
        self.lists.push(list);
        r
    }

    /// The plausibility list of the root, for the top-level record.
    pub fn root_list(&self, n: &Node) -> List {
        let list = Pmg::run(
            &n.board,
            n.tables(),
            1,
            self.catcut,
            self.phase,
            self.fixes.into(),
        );
        self.restricted(n, list)
    }

    /// The root's list keeping only the moves `Limits::searchmoves` names, if it names any (UCI
    /// `go searchmoves`; not in c197), in the generator's order; `NCKF` counts the must-search
    /// moves kept.
    fn restricted(&self, n: &Node, mut list: List) -> List {
        let only = &self.limits.searchmoves;
        if !only.is_empty() {
            list.entries
                .retain(|e| n.rules_move(e.mv).is_some_and(|m| only.contains(&m)));
            list.must_search = list.entries.iter().filter(|e| e.must).count();
        }
        list
    }

    /// The child after `m`, if legal, with the move's record; `n` settled first (see
    /// [`Node::settle`]).
    pub(super) fn child(&mut self, n: &mut Node, m: CMove) -> Option<(Box<Node>, PvMove)> {
        n.settle();
        self.child_of(n, m)
    }

    /// [`Tree::child`] of a node with no move pending (a root, or settled).
    fn child_of(&mut self, n: &Node, m: CMove) -> Option<(Box<Node>, PvMove)> {
        let mv = n.rules_move_to(m)?;
        let mut node = self.spare.pop().unwrap_or_else(|| Box::new(n.clone()));
        // The child's position is its parent's and the move, played when the child makes a
        // child of its own: already there in a node that was `n`'s last child and made none.
        if node.made_from != n.id || node.pending.is_none() {
            node.pos.clone_from(&n.pos);
        }
        node.pending = Some(mv);
        node.guard = None;
        let levels = Levels {
            lmgd: self.lmgd,
            lmgd2: self.lmgd2,
        };
        let rec = node.remake(n, m, &mut self.leftovers, levels);
        let pmg = false;
        Some((node, PvMove { mv, rec, pmg }))
    }

    /// Keeps a child searched, for the next child: a node (its 5 KB of tables above all) is
    /// then made in memory already in use rather than allocated, and made in place.
    pub(super) fn done_with(&mut self, n: Box<Node>) {
        self.spare.push(n);
    }

    /// `MVD2`/`STRET`: whether `r` refutes a node of side `i` (better for it than the
    /// opponent's best, or equal while `BPREVE` says `CAME`).
    pub(super) fn cutoff(&self, i: usize, r: i64) -> bool {
        let o = self.bprev[(i ^ 1) & 1];
        if i == 0 {
            r > o || (self.bpreve[0] && r == o)
        } else {
            r < o || (self.bpreve[1] && r == o)
        }
    }

    /// `EVM` (3539-3759). The list is read through [`Sorting::get`], which sorts it only as
    /// far as it is read.
    fn evm(&mut self, n: &mut Node, list: &mut Sorting) -> Ret {
        // (A side is 0 or 1: masked so, the indices by side need no bounds check.)
        let i = n.board.side & 1;
        let w = self.widths.at(self.lmgd) as i64;
        let esfbl = self.sfb;
        // EVM4D: the distinct-piece prefix.
        let pieces_needed = (2 * list.pieces_with_safe_moves as i64).min(w) >> 1;
        let extra = distinct_piece_extra(list.len(), |k| list.get(k).mv.piece, pieces_needed, w);
        let limit = w + extra;
        let mut counter = -limit;
        let mut esnfk = list.must_search as i64;
        let mut best_mod = if i == 0 { -LOSING } else { LOSING };
        let mut best_raw = best_mod;
        let mut best_found = false;
        let mut pv_best: Vec<PvMove> = Vec::new();
        let better = |a: i64, b: i64| if i == 0 { a > b } else { a < b };
        let mut k = 0;
        loop {
            counter += 1;
            if counter > 0 {
                // EVM5D: past the width only must-search moves, while some are left.
                if esnfk == 0 || k == list.len() {
                    break;
                }
                if !list.get(k).must {
                    k += 1;
                    continue;
                }
                esnfk -= 1;
            } else {
                if k == list.len() {
                    break;
                }
                if list.get(k).must {
                    esnfk -= 1;
                }
            }
            let e = list.get(k);
            let selection = if k < w as usize {
                Selection::Width
            } else if k < limit as usize {
                Selection::DistinctPiece
            } else {
                Selection::MustSearch
            };
            k += 1;
            let Some((mut child, mut pm)) = self.child(n, e.mv) else {
                continue;
            };
            pm.pmg = true;
            if self.lmgd == 1 {
                self.report_examining(pm.mv, e.plausibility);
            }
            let mut ret = self.lmg(&mut child);
            self.taken_back(&pm);
            if self.stopped {
                break;
            }
            let mut a = ret.value;
            let mut r = self.modified(a, &e, &child, pm.rec, &ret.pv, i);
            let mut secondary = None;
            if let Some(plies) = self.secondary
                && self.lmgd == 1
                && !flushed(a, i)
                && better(r, best_mod)
                && a.abs() < MATED
            {
                // A new best at the top level: the secondary search (secondary.rs).
                let Some(v) = self.secondary_stands(&mut child, &mut ret, plies, i) else {
                    break;
                };
                secondary = Some(v);
                a = ret.value;
                r = self.modified(a, &e, &child, pm.rec, &ret.pv, i);
            }
            self.done_with(child);
            let top_index = if self.lmgd == 1 {
                self.top.push(TopRecord {
                    mv: pm.mv,
                    plausibility: e.plausibility,
                    selection,
                    raw: a,
                    modified: r,
                    pv: std::iter::once(pm.mv)
                        .chain(ret.pv.iter().map(|x| x.mv))
                        .collect(),
                    best: false,
                    secondary,
                });
                self.report_searched(i);
                Some(self.top.len() - 1)
            } else {
                None
            };
            if self.cutoff(i, r) {
                // EVM5C: the whole node is refuted.
                self.stats.cutoffs += 1;
                best_mod = if i == 0 { FLUSH } else { -FLUSH };
                best_raw = best_mod;
                best_found = true;
                self.set_line(&mut pv_best, pm, &mut ret.pv);
                break;
            }
            if flushed(a, i) {
                // EVM6D: refuted below.
                if pv_best.is_empty() {
                    self.set_line(&mut pv_best, pm, &mut ret.pv);
                } else {
                    self.done_with_line(std::mem::take(&mut ret.pv));
                }
                let mated_here = if i == 0 {
                    self.bprev[i] <= -MATED
                } else {
                    self.bprev[i] >= MATED
                };
                if mated_here {
                    counter -= 1;
                } else if better(r, best_mod) {
                    best_raw = r;
                }
                continue;
            }
            if (i == 0 && r <= -MATED) || (i == 1 && r >= MATED) {
                self.stats.mated_moves_ignored += 1;
                counter -= 1;
            }
            if better(r, best_mod) {
                // EVM6.
                self.bpreve[1 - i] = a == r;
                if better(a, self.bprev[i]) {
                    self.bprev[i] = a;
                }
                best_mod = r;
                best_raw = a;
                best_found = true;
                self.set_line(&mut pv_best, pm, &mut ret.pv);
                if let Some(t) = top_index {
                    self.top[t].best = true;
                    self.report_best(a, &pv_best, i);
                }
            }
            self.done_with_line(ret.pv);
        }
        // EVM5.
        if esfbl {
            self.mcfb += 1;
        }
        let _ = best_mod;
        if best_found {
            return Ret {
                value: best_raw,
                pv: pv_best,
            };
        }
        let start = if i == 0 { -LOSING } else { LOSING };
        if best_raw != start {
            // EVM5F: every move was refuted below.
            return Ret {
                value: if i == 0 { -FLUSH } else { FLUSH },
                pv: pv_best,
            };
        }
        // EVM5A: no move: mate (less the level) or stalemate.
        let value = match (n.in_check(), i) {
            (false, _) => 0,
            (true, 0) => -MATE + self.lmgd as i64,
            (true, _) => MATE - self.lmgd as i64,
        };
        Ret {
            value,
            pv: Vec::new(),
        }
    }

    /// `a`, the value the move of entry `e` came back with, modified (see [`Tree::diddle`])
    /// unless it is a flush passed up.
    #[inline(always)]
    fn modified(
        &self,
        a: i64,
        e: &Entry,
        child: &Node,
        rec: Record,
        line: &[PvMove],
        i: usize,
    ) -> i64 {
        if flushed(a, i) {
            a
        } else {
            a + self.diddle(e, child, rec, line, i)
        }
    }

    /// The modification at 3601-3641 ("TIME TO DO CLEVER DIDDLING", up to `MVD3`) of the value
    /// of entry `e` for side `i`, whose move `rec` led to `child`, from which the line `line` was
    /// returned.
    fn diddle(&self, e: &Entry, child: &Node, rec: Record, line: &[PvMove], i: usize) -> i64 {
        let sign = if i == 0 { -1 } else { 1 };
        let mut d = 0;
        if e.poor {
            d += BDPV;
        }
        if let Some(later) = line.get(1).map(|x| x.rec)
            && !later.capture
            && !later.special
            && !rec.capture
            && later.piece == rec.piece
        {
            if child.board.plyn < 16 {
                d += MSPMV;
            }
            if later.to == rec.from {
                d += MSP0MV;
            } else if one_move(&child.board, rec.piece, rec.from, later.to) {
                d += MSP1MV;
            }
        }
        sign * d
    }

    fn report_examining(&mut self, mv: Move, plausibility: i64) {
        self.report_examining_at(self.top.len(), mv, plausibility);
    }

    fn report_examining_at(&mut self, index: usize, mv: Move, plausibility: i64) {
        let nodes = self.stats.nodes;
        if let Some(p) = self.progress.as_mut() {
            p(&Progress::Examining {
                index,
                mv,
                total: 0,
                plausibility: plausibility.clamp(-(Value::MAX as i64), Value::MAX as i64) as Value,
                nodes,
            });
        }
    }

    /// Reports the top-level move just recorded for side `i`, valued as the search's result
    /// gives it ([`super::Searcher::search`]): its unmodified value, or, refuted, at most the best
    /// so far.
    fn report_searched(&mut self, i: usize) {
        let Some(t) = self.top.last() else {
            return;
        };
        let (value, bound) = if refuted(t.raw, i) {
            let best = self.top.iter().rev().find(|t| t.best).map(|t| t.raw);
            (best.unwrap_or(t.raw), TopBound::AtMost)
        } else {
            (t.raw, TopBound::Exact)
        };
        let (index, mv, nodes) = (self.top.len() - 1, t.mv, self.stats.nodes);
        if let Some(p) = self.progress.as_mut() {
            p(&Progress::Searched {
                index,
                mv,
                value: side_value(value, i),
                bound,
                nodes,
            });
        }
    }

    fn report_best(&mut self, a: i64, pv: &[PvMove], i: usize) {
        let value = side_value(a, i);
        let nodes = self.stats.nodes;
        let elapsed = self.start.elapsed();
        if let (Some(p), Some(first)) = (self.progress.as_mut(), pv.first()) {
            p(&Progress::NewBest {
                mv: first.mv,
                value,
                pv: pv.iter().map(|x| x.mv).collect(),
                nodes,
                elapsed,
            });
        }
    }
}

/// `EVM4D` (3555-3581): the moves past the width that the distinct-piece prefix adds (J,
/// counted down by `SOJA J`): the list (`len` moves, the piece of the k-th `piece(k)`) is
/// read until `pieces_needed` (`T1`, more than 0 to read any) distinct pieces have been seen
/// or it ends; the width (`S`, from `w`) is counted down at each move read past the first,
/// and each move read once it is 0 or below adds one. Counted once the reading ends, not move
/// by move: k moves past the first were read, and the count reached 0 at the w-th of them (a
/// test compares it with the program's loop).
#[inline(always)]
fn distinct_piece_extra(
    len: usize,
    mut piece: impl FnMut(usize) -> Pc,
    mut pieces_needed: i64,
    w: i64,
) -> i64 {
    let mut extra = 0;
    if pieces_needed > 0 {
        // The pieces seen, a bit a piece.
        let mut seen = 0u64;
        let mut k = 0;
        loop {
            let p = piece(k);
            if p != 0 && seen & 1 << p == 0 {
                seen |= 1 << p;
                pieces_needed -= 1;
                if pieces_needed == 0 {
                    break;
                }
            }
            if k + 1 >= len {
                break;
            }
            k += 1;
        }
        extra = (k as i64 - w.max(1) + 1).max(0);
    }
    extra
}

/// What the probe in `LMG` found for a node.
enum Probe {
    /// The table's value: the node is not searched.
    Value(Ret),
    /// The node is marked pending in entry `slot` and searched; on the way back
    /// `Tree::hash_leave` clears the mark or stores the value.
    Pending(Pending),
    /// Not in the table and not entered (no table, or no entry left).
    Off,
}

/// A node marked pending, with what storing its value needs (see `Tree::hash_leave`).
struct Pending {
    slot: usize,
    key: Key,
    /// `BPREV` at the node, White's and Black's.
    bprev: [i64; 2],
    /// The plies the node is searched to (see `Tree::hash_plies`).
    plies: u32,
}

/// The root marked pending again (see `Tree::hash_mark_root`): its entry and what the entry
/// held before, if it was in use.
struct RootMark {
    slot: usize,
    before: Option<u64>,
}

impl Tree<'_, '_> {
    /// The plies the node just entered will be searched to, the depth of an entry.
    /// Reconstruction after c.558's `W` (14957-14964: "SUM OF BASE PLYS LEFT+PCG PLYS+FEEDOVERS
    /// LEFT", 883): the basic plies left, `HK1V + 1 - LMGD2` (none past the depth), plus the
    /// feedovers the line has left (`MCFB`). c197 compares (`CAMGE S,C`, 5261) with LMGD2 −
    /// HK1V (`AOS C,LMGD2 / SUB C,HK1V`, 3392-3393), the plies left negated less one, which
    /// any stored plies would pass.
    fn hash_plies(&self) -> u32 {
        (self.hk1v + 1).saturating_sub(self.lmgd2) + self.mcfb
    }

    /// The probe in `LMG` (3384, 3394-3400), after `LMGD` and `LMGD2` count the node: nothing if
    /// `NHSW < 0`; else `HASHR`; a position found goes to `LMGH1`; otherwise it is entered as
    /// pending (`MOVSI T1,400069 / PUSHJ P,HASHE1`).
    ///
    /// c197 tests `SKIPE NHSW` (3394), which leaves the table out unless `NHSW = 0`; c.558
    /// has `SKIPGE NHSW` (14966), the comment's "SUPRESS ALL HASH" for a negative `NHSW` only.
    ///
    /// `LMGH1`, reconstruction after c.558 (15205-15207 and `LMGH2`, 14972-14980): `HHVC`; if
    /// its answer stands, the node returns it; else the entry is marked pending again.
    fn hash_probe(&mut self, n: &Node) -> Probe {
        if self.table.is_empty() || (self.lmgd == 1 && !self.hash_root) {
            return Probe::Off;
        }
        let k = key(&n.board);
        self.table.stats.probes += 1;
        let Some(slot) = self.table.find(k) else {
            return Probe::Off;
        };
        if let Slot::Found(a) = slot {
            self.table.stats.hits += 1;
            if let Some(r) = self.hhvc(a, n.board.side) {
                return Probe::Value(r);
            }
        }
        let a = match slot {
            Slot::Found(a) | Slot::Free(a) => a,
        };
        if !self.table.enter(slot, k, PENDING) {
            return Probe::Off;
        }
        Probe::Pending(Pending {
            slot: a,
            key: k,
            bprev: self.bprev,
            plies: self.hash_plies(),
        })
    }

    /// For a top-level move searched again after the root's search (the lines after the
    /// choice, `lines.rs`; not in c197): the root `n` marked pending again, as the probe marked
    /// it for the root's own search (on the way back its mark was cleared, or its value
    /// stored); None if the root is not marked (no table, no entry left, or the repetition
    /// policy leaves it out). [`Tree::hash_unmark_root`] puts the entry back as it was.
    fn hash_mark_root(&mut self, n: &Node) -> Option<RootMark> {
        if self.table.is_empty() || !self.hash_root {
            return None;
        }
        let k = key(&n.board);
        let slot = self.table.find(k)?;
        let (a, before) = match slot {
            Slot::Found(a) => (a, Some(self.table.info(a))),
            Slot::Free(a) => (a, None),
        };
        self.table
            .enter(slot, k, PENDING)
            .then_some(RootMark { slot: a, before })
    }

    /// Puts back the root's entry as [`Tree::hash_mark_root`] found it.
    fn hash_unmark_root(&mut self, m: RootMark) {
        match m.before {
            Some(w) => self.table.set_info(m.slot, w),
            None => self.table.free(m.slot),
        }
    }

    /// `HHVC` (5255-5305): whether the information of entry `a` decides the node of side `i`,
    /// and how.
    ///
    /// - Not on the first level, which needs a move: c197 tests the game's ply (`MOVE S,PLYN
    ///   / SOJE S,POPJ1`, 5258-5259); c.558 `LMGD` (23689-23690), the level, as here.
    /// - Not if it rests on fewer plies than the node is to be searched to (`CAMGE S,C`, 5261;
    ///   see [`Tree::hash_plies`]).
    /// - Code 0 (`HHVC1`): its value, with `NHSW > 0`.
    /// - Code 1 (`HHVC2`): with `NHSW > 0`, the node refutes the opponent's move if the value
    ///   does (`XCT BPREVE(I) / XCT EVMT2(I)`, as [`Tree::cutoff`]): `EVMST-1(I)`.
    /// - Code 2 (`HHVC3`): with `NHSW > 0`, the node is refuted if the value is already worse
    ///   for its side than the side's best (`EVMST(I)`, "RETURN BADNESS"). Reconstruction:
    ///   c197 reads `HSTV` for `HSTBV` (`HRRE R,HSTV(T1)`, 5295), tests NHSW ≥ 0 (`SKIPGE
    ///   NHSW`, 5293) where codes 0 and 1 test NHSW > 0 (`SKIPG NHSW`, 5274 and 5280), and
    ///   compares with the other side's best (`HHVC3A`, 5301-5302: `CAML R,BPREV+1` for
    ///   White), which says nothing about the node.
    /// - Codes 3 and 4 (`HHVC4`): a repetition, the value 0.
    fn hhvc(&mut self, a: usize, i: usize) -> Option<Ret> {
        if self.lmgd == 1 {
            return None;
        }
        let w = self.table.info(a);
        if plies_of(w) < self.hash_plies() {
            return None;
        }
        let values = self.table.use_ == TableUse::Values;
        let r = value_of(w);
        let value = match code_of(w) {
            Code::Value if values => mate_from_table(r, self.lmgd),
            Code::AtLeast if values && self.cutoff(i, r) => {
                self.stats.table_cutoffs += 1;
                Ret::flush(i).value
            }
            Code::AtMost
                if values
                    && (if i == 0 {
                        r < self.bprev[0]
                    } else {
                        r > self.bprev[1]
                    }) =>
            {
                self.stats.table_cutoffs += 1;
                -Ret::flush(i).value
            }
            Code::InGame | Code::Pending => {
                self.stats.repetitions += 1;
                0
            }
            _ => return None,
        };
        Some(Ret {
            value,
            pv: Vec::new(),
        })
    }

    /// On the way back from a node marked pending, `r` its result: with `NHSW = 0` the mark is
    /// cleared (reconstruction after c.558's `EVM5F1`, 17328-17331); with `NHSW > 0` the value
    /// is stored in its place with the plies it rests on (reconstruction after c.558's `EVMX`,
    /// 17239-17248, which stores the value range with code 0; here, in c197's two words, code
    /// 0 for a value, 1 for a node that refuted the opponent's move — at least the opponent's
    /// best at the node —, 2 for one whose every move was refuted — at most its side's best —,
    /// codes c197's format has and `HHVC` reads). A search stopped stores nothing.
    fn hash_leave(&mut self, p: Pending, r: &Ret, i: usize) {
        if self.table.use_ != TableUse::Values || self.stopped {
            self.table.free(p.slot);
            return;
        }
        let good = Ret::flush(i).value;
        let w = if r.value == good {
            word(Code::AtLeast, p.plies, p.bprev[1 - i])
        } else if r.value == -good {
            word(Code::AtMost, p.plies, p.bprev[i])
        } else if r.value.abs() < FLUSHED {
            word(Code::Value, p.plies, mate_to_table(r.value, self.lmgd))
        } else {
            self.table.free(p.slot);
            return;
        };
        // The entry may have moved on only if the key is still the node's.
        if self.table.find(p.key) == Some(Slot::Found(p.slot)) {
            self.table.set_info(p.slot, w);
        }
    }

    /// Enters the game's positions `keys` as code 3 (see
    /// [`GamePositions`](super::hash::GamePositions)).
    pub(super) fn hash_game(&mut self, keys: &[Key]) {
        for &k in keys {
            if let Some(slot) = self.table.find(k) {
                self.table.enter(slot, k, word(Code::InGame, GAME_PLIES, 0));
            }
        }
    }
}

/// A mate's value counts the level it was found at (`EVMT3`/`EVMT4`, 3767-3768, 3760-3761);
/// stored, it counts from the node (reconstruction after SEARCH-TECHNIQUES §2: c197 stores no
/// value, c.558 refuses mates at `EVM5B1`).
fn mate_to_table(v: i64, level: u32) -> i64 {
    if v >= MATED {
        v + level as i64
    } else if v <= -MATED {
        v - level as i64
    } else {
        v
    }
}

/// The stored value of a mate at a node of `level`.
fn mate_from_table(v: i64, level: u32) -> i64 {
    if v >= MATED {
        v - level as i64
    } else if v <= -MATED {
        v + level as i64
    } else {
        v
    }
}

/// A value for White as seen by side `i`, within our value range.
pub fn side_value(v: i64, i: usize) -> crate::value::Value {
    let v = if i == 0 { v } else { -v };
    v.clamp(-FLUSH, FLUSH) as crate::value::Value
}

/// `LGLMP2` (1270-1410) as `MVD3` asks it: could piece `p` (lifted from where it stands now)
/// have gone from `s` to `a` in one move on this board?
fn one_move(b: &Board, p: Pc, s: Loc, a: Loc) -> bool {
    let mut board = b.board;
    board[b.piecel[p]] = 0;
    if board[a] < 0 {
        return false;
    }
    if board[a] > 0 && side_of(board[a] as Pc) == side_of(p) {
        return false;
    }
    let empty = |l: Loc| board[l] == 0;
    let white = side_of(p) == 0;
    match b.kind[p] {
        Kind::Pawn => {
            let (f, start_ok, ghost_mine) = if white {
                (BW as isize, s < 4 * BW, b.ghsd < 0)
            } else {
                (-(BW as isize), s > 8 * BW, b.ghsd > 0)
            };
            let one = s.wrapping_add_signed(f);
            if a == one {
                return empty(one);
            }
            if a == one.wrapping_add_signed(f) {
                return start_ok && empty(a) && empty(one);
            }
            if a == one + 1 || a == one - 1 {
                return board[a] != 0 || (ghost_mine && a == b.ghloc);
            }
            false
        }
        Kind::Knight => KNIGHT_ORDER.iter().any(|&o| s.wrapping_add_signed(o) == a),
        Kind::King => KING_ORDER.iter().any(|&o| s.wrapping_add_signed(o) == a),
        kind => {
            let mut dirs: Vec<isize> = Vec::new();
            if kind.rfpcs() {
                dirs.extend(ROOK_DIRS);
            }
            if kind.ddpcs() {
                dirs.extend(BISHOP_DIRS);
            }
            dirs.into_iter().any(|d| {
                let mut l = s;
                loop {
                    l = l.wrapping_add_signed(d);
                    if board[l] < 0 {
                        return false;
                    }
                    if l == a {
                        return true;
                    }
                    if board[l] != 0 {
                        return false;
                    }
                }
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`line`] against the line collected anew, as it was made before it, for lines of 0 to 9
    /// moves (past a vector's first capacity).
    #[test]
    fn a_line_is_the_move_then_the_line_below() {
        let pm = |k: usize| PvMove {
            mv: Move::default(),
            rec: Record {
                piece: k,
                from: 21 + k,
                to: 31 + k,
                capture: k.is_multiple_of(2),
                special: false,
                promotion: k.is_multiple_of(3),
            },
            pmg: k % 2 == 1,
        };
        let recs = |v: &[PvMove]| v.iter().map(|m| (m.rec, m.pmg)).collect::<Vec<_>>();
        let mut below: Vec<PvMove> = Vec::new();
        for k in 0..10 {
            let collected: Vec<PvMove> = std::iter::once(pm(k)).chain(below.clone()).collect();
            below = line(pm(k), below);
            assert_eq!(recs(&below), recs(&collected));
            assert_eq!(below.len(), k + 1);
        }
    }

    /// `EVM4D` (3555-3581) as the program counts: the width counted down at each move read
    /// past the first, and the moves read once it is 0 or below counted one by one.
    fn distinct_piece_extra_as_written(pieces: &[Pc], mut needed: i64, w: i64) -> i64 {
        let (mut seen, mut extra, mut s) = (0u64, 0, w);
        if needed > 0 {
            let mut k = 0;
            loop {
                let p = pieces[k];
                if p != 0 && seen & 1 << p == 0 {
                    seen |= 1 << p;
                    needed -= 1;
                    if needed == 0 {
                        break;
                    }
                }
                k += 1;
                if k >= pieces.len() {
                    break;
                }
                s -= 1;
                if s <= 0 {
                    extra += 1;
                }
            }
        }
        extra
    }

    #[test]
    fn the_distinct_piece_prefix_adds_what_the_programs_loop_adds() {
        // Lists of 1 to 60 moves of random pieces (0, castling, among them), widths -1 to 14
        // and 0 to 19 pieces needed: the same moves added, some 0 and some not.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let mut added = [0; 2];
        for _ in 0..100_000 {
            let len = 1 + next(60) as usize;
            let kinds = 1 + next(32);
            let pieces: Vec<Pc> = (0..len).map(|_| next(kinds + 1) as Pc).collect();
            let (needed, w) = (next(20) as i64, next(16) as i64 - 1);
            let extra = distinct_piece_extra(len, |k| pieces[k], needed, w);
            assert_eq!(
                extra,
                distinct_piece_extra_as_written(&pieces, needed, w),
                "{pieces:?} needed {needed} width {w}"
            );
            added[(extra > 0) as usize] += 1;
        }
        // The lists that add none and those that add some (a regression pin).
        assert_eq!(added, [34841, 65159]);
    }

    #[test]
    fn a_flush_fits_in_the_right_half() {
        assert_eq!(value_of(word(Code::AtLeast, 0, FLUSH)), FLUSH);
        assert_eq!(value_of(word(Code::AtLeast, 0, -FLUSH)), -FLUSH);
    }

    #[test]
    fn a_mate_is_stored_counted_from_the_node_and_read_back_at_the_level_found() {
        // A node at level 2 whose value is a mate at level 5 (`EVMT3`, less the level) stores
        // a mate 3 plies from the node; a node at level 4 reads it as a mate at level 7.
        // Reconstruction: c197 stores no value, c.558 stores no mate (`EVM5B1`).
        assert_eq!(mate_to_table(MATE - 5, 2), MATE - 3);
        assert_eq!(mate_from_table(MATE - 3, 4), MATE - 7);
        assert_eq!(mate_to_table(-MATE + 5, 2), -MATE + 3);
        assert_eq!(mate_from_table(-MATE + 3, 4), -MATE + 7);
        assert_eq!(
            (mate_to_table(300, 2), mate_from_table(-300, 4)),
            (300, -300)
        );
    }

    #[test]
    fn the_tables_values_decide_nodes_as_reconstructed() {
        // `--table values` on a bench position (tournament widths): what the reconstructed
        // parts decide (`LMGH1`, `HHVC` on the level with its code-2 test, the depth an entry
        // rests on after c.558's `W`, the values stored on the way back), counted.
        use crate::interface::{Limits, Preset, SearchParams, TableUse};
        // Bench position 4 (`cli::bench`, which c197 may not use).
        let pos =
            Position::from_fen("8/p1q4p/1b1p1pk1/3Bnp2/1PP5/6PP/P1Q2P1K/3R4 b - - 2 35").unwrap();
        let search = |table| {
            let params = SearchParams {
                table,
                ..SearchParams::preset(Preset::Tournament)
            };
            let r = crate::c197::Searcher::new(params, Fixes::default()).search(
                &pos,
                &[],
                &Limits::default(),
                None,
            );
            let t = &r.stats;
            (
                r.best_move.map(|m| m.coordinate()),
                r.value,
                t.nodes,
                t.table.hits,
                t.repetitions,
                t.table_cutoffs,
            )
        };
        assert_eq!(
            search(TableUse::Draws),
            (Some("e5c6".into()), -444, 7739, 2, 2, 0)
        );
        // Values spare 361 nodes: 293 positions found in the table, 13 of them repetitions,
        // 132 cut off by a bound (codes 1 and 2).
        assert_eq!(
            search(TableUse::Values),
            (Some("e5c6".into()), -444, 7378, 293, 13, 132)
        );
    }

    #[test]
    fn a_black_promotion_taken_back_in_the_search_leaves_its_pawn_counted_as_whites() {
        // Black's KN pawn (18) queens in the tree and is taken back (`UMOVE5`): the run state
        // the search leaves counts it as a white pawn (see `Leftovers::black_as_white`).
        use crate::interface::{Limits, SearchParams};
        let pos = Position::from_fen("8/8/8/8/8/k7/6p1/K7 b - - 0 60").unwrap();
        let mut s = crate::c197::Searcher::new(SearchParams::default(), Fixes::default());
        assert_eq!(s.run_state().black_as_white, 0);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let r = s.search(&pos, &[], &limits, None);
        assert_eq!(r.best_move.map(|m| m.coordinate()), Some("g2g1q".into()));
        assert_eq!(s.run_state().black_as_white, 1 << 18);
    }
}
