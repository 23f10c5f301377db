//! The plausible-move generator `LMG` (c197 lines 3381-3534 and 5310-5416) and its scoring of
//! one move, `LMGR` (4024-4420, 4588-4932): square values, every piece's moves in piece-number
//! order, each scored, then the radix-exchange `SORT` (6062-6092).
//!
//! Plausibilities are the program's: the current development of the piece is subtracted
//! (`LMGCD`, once per piece, with what the piece has at risk where it stands), the
//! development at the new square added (`LMGR1A`: the importance of every square in range and
//! threats on enemy pieces, halved for king and queen) — but only for moves found safe;
//! unsafe moves and losing captures keep their loss instead (`LMGR3`, `LMGR4M`).

use super::board::{
    BD2, BW, Board, CASTLE_KING, CASTLE_QUEEN, CMove, KQV, Kind, Loc, NPCS, Pc, bfile, bmdag,
    bpdag, brank, centre_pawns, king, king_rook, nonzero_bytes, queen, queen_rook, side_of,
};
use super::cat::{
    AttackWord, DIR, ROW_SQUARES, Tables, attack_word, count, held_slots, in_rows, slot_word,
};
use super::flata::{AFLATA, DFLATA, FLATA, flata, flata_inline};
use super::generate::{BIT, LOC, Occupancy, SQ, Squares, lmgstd, lmgt, offered, scoring_line};
use crate::interface::Fixes;
use crate::rules::Square;
use crate::rules::attacks::{king_attacks, line};

/// The kinds as the constants the scoring of a move is made for (`K` in [`Pmg::lmgr`]): each
/// kind's rules are settled when the program is compiled, not tested at every move.
const PAWN: u8 = Kind::Pawn as u8;
const KNIGHT: u8 = Kind::Knight as u8;
const BISHOP: u8 = Kind::Bishop as u8;
const ROOK: u8 = Kind::Rook as u8;
const QUEEN: u8 = Kind::Queen as u8;
const KING: u8 = Kind::King as u8;

/// `K` for a piece whose kind is read from the board, and [`ANY_SIDE`] for `S`: the one
/// scoring [`Pmg::trace`] is made with (the debugging aid needs no copy for each kind and
/// side).
const ANY_KIND: u8 = 6;
/// `S` for the side to move read from the generator (see [`ANY_KIND`]).
const ANY_SIDE: usize = 2;

/// The kind numbered `k` (one of [`PAWN`] … [`KING`]; not [`ANY_KIND`]).
const fn kind(k: u8) -> Kind {
    match k {
        PAWN => Kind::Pawn,
        KNIGHT => Kind::Knight,
        BISHOP => Kind::Bishop,
        ROOK => Kind::Rook,
        QUEEN => Kind::Queen,
        _ => Kind::King,
    }
}

/// `IVLU: 1000`: every move starts at 512 (5085).
pub const IVLU: i64 = 512;
/// `OPSQV: 10`: each square an uncovered enemy line gains (5083).
pub const OPSQV: i64 = 8;
/// `OPATV: 10`: uncovering an enemy attack on one of our pieces (5084).
pub const OPATV: i64 = 8;
/// `MJVLU: 200`: a capture with more attackers than the opponent (5087).
pub const MJVLU: i64 = 128;
/// `TTVLU: 20`: attacking a piece not defended more often than we attack it (5088).
pub const TTVLU: i64 = 16;
/// `BSQVAL: 10`: every square's base value (5089).
pub const BSQVAL: i64 = 8;
/// `NKVLU: 20`: each square next to the enemy king (5090).
pub const NKVLU: i64 = 16;
/// `CSQV: 20`: the centre squares, 4 less on our side, 4 more on his (5091, 3406-3413).
pub const CSQV: i64 = 16;
/// `NCSQV: 10`: the twelve squares around the centre (5092).
pub const NCSQV: i64 = 8;
/// `WPVLU: -400`: "too early to move piece unless attacked" (5093).
pub const WPVLU: i64 = -256;
/// `MBACKP: 40`: moving a backward pawn (5094).
pub const MBACKP: i64 = 32;
/// `BRKVLU: 50`: a pawn attacking a pawn (5095).
pub const BRKVLU: i64 = 40;
/// `FMKING: 40`: the king's first move (5096).
pub const FMKING: i64 = 32;
/// `KKCAS: 200`: the king's first move while a rook is unmoved (5097).
pub const KKCAS: i64 = 128;
/// `FMROOK: 60`: a rook's (and, see `Pmg::score`, the queen's) first move while the king is
/// unmoved (5098).
pub const FMROOK: i64 = 48;
/// `PTFVLU: 40`: a line piece to the enemy king's rank, file or diagonal (5101).
pub const PTFVLU: i64 = 32;
/// `BCPVLU: 140`: a piece to K3 or Q3 in front of the unmoved centre pawn (5102).
pub const BCPVLU: i64 = 96;
/// `BDDMT: -60`: a move whose square values fall this much is developmentally poor (5103).
pub const BDDMT: i64 = -48;
/// `GMAVLU: 140`: shifting the balance on a piece not defended by a pawn (5104).
pub const GMAVLU: i64 = 96;
/// `ACSPV: 50`: a pawn attacking a centre square (5105).
pub const ACSPV: i64 = 40;
/// `APVLU: 100`: attacking a pinned piece (5106).
pub const APVLU: i64 = 64;
/// `APDPV: 20`: attacking a pinned pawn a pawn defends (5107).
pub const APDPV: i64 = 16;
/// `PPP`: pushing a passed pawn to, or blocking one on, a rank 0..8 (5111-5120).
pub const PPP: [i64; 9] = [0, 0, 32, 48, 64, 96, 128, 192, 256];
/// `BVMNV==40`: a loss smaller than this (a bishop for a knight) is not a loss.
pub const BVMNV: i64 = 32;
/// `CASTLE: 1400`, the plausibility of castling (3520, 3528).
pub const CASTLE: i64 = 768;
/// `TRADE: 20`: the trade policy's step (4698-4704).
pub const TRADE: i64 = 16;
/// The trade policy's margin (`[-640`, `640`: 416).
pub const TRADE_MARGIN: i32 = 416;

/// One move of the generator's list: the three words `LMGR` pushes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The move (word 1).
    pub mv: CMove,
    /// Its plausibility, never below 0 (word 2, right half; the sort reads its low 12 bits).
    pub plausibility: i64,
    /// Word 2 sign: searched whatever the width (`ICKF`: a safe check, two forcing threats, a
    /// capture at levels up to `CATCUT`).
    pub must: bool,
    /// Word 2 bit 18: developmentally poor (`TLO R,1`).
    pub poor: bool,
    /// The move was found safe (`GDMF`).
    pub safe: bool,
}

impl Entry {
    /// The flags that are set, named as `machack plausible` prints them: `must-search`,
    /// `unsafe` (not found safe), `poor`.
    pub fn flag_names(&self) -> impl Iterator<Item = &'static str> {
        [
            (self.must, "must-search"),
            (!self.safe, "unsafe"),
            (self.poor, "poor"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
    }
}

/// One move's scoring step by step: each rule's label (its routine or constant in the source:
/// `LMGCD`, `CDEVV`, `LMGRT1`, `MBACKP`, `PPP`, `LMGCMX`, `LBL`, `IVLU`, `LMCPB`, `LMUA`,
/// `FMROOK`, `LMFA LMDA`, `LMGR3 LMGR4`, `LMGR4M`, `LMGR4A`, `LMGR1A`, and for the man where it
/// stands first `LMGCD LMGR1A`, `LMGCDK`, `LMGCD risk`; `CASTLE` for castling) with R after it,
/// and the entry as listed (None if dropped).
pub type Trace = (Vec<(&'static str, i64)>, Option<Entry>);

/// The generator's answer: the sorted list, how many pieces have a safe move (`PCSWSM`) and how
/// many moves are must-search (`NCKF`).
#[derive(Clone, Debug, Default)]
pub struct List {
    /// The moves, most plausible first as `SORT` leaves them.
    pub entries: Vec<Entry>,
    /// `PCSWSM`.
    pub pieces_with_safe_moves: usize,
    /// `NCKF`.
    pub must_search: usize,
}

/// The generator's list as `EVM` reads it (see [`Pmg::run_for_search`]): in `SORT`'s order,
/// but sorted only as far as it is read. The search reads some 3 of 46 moves at a node on
/// average (a refutation ends the node), so most of the radix exchange's passes are left
/// undone. A pass on a range depends on that range alone: the entries read come in exactly
/// the order [`sort`] gives.
#[derive(Clone, Debug, Default)]
pub struct Sorting {
    /// The moves as generated.
    entries: Vec<Entry>,
    /// The words the exchanges are made on (see [`sort_with`]).
    words: Vec<u32>,
    /// Ranges of `words` still to sort (start, end, the key bit to sort from), the first last:
    /// the second parts of the passes made on the way down (one a key bit at most), and the
    /// rest of the list.
    pending: [(u16, u16, u8); 16],
    /// How many of `pending` there are.
    pendings: usize,
    /// `words[..ready]` are in their final order.
    ready: usize,
    /// The [`TOP`] greatest words, greatest first (see [`Sorting::new`]).
    top: [u32; TOP],
    /// `top[..known]` are the first moves in `SORT`'s order, found without its passes.
    known: usize,
    /// `PCSWSM`.
    pub pieces_with_safe_moves: usize,
    /// `NCKF`.
    pub must_search: usize,
}

impl Sorting {
    #[cfg(test)]
    fn new(
        entries: Vec<Entry>,
        words: Vec<u32>,
        pieces_with_safe_moves: usize,
        must_search: usize,
    ) -> Sorting {
        let mut list = Sorting {
            entries,
            words,
            ..Sorting::default()
        };
        list.made(pieces_with_safe_moves, must_search);
        list
    }

    /// Makes the list of the moves in `entries` ready to read, in place (a search keeps its
    /// lists for the next, see [`Pmg::run_for_search`]). Only the first pending range is
    /// written: the others are read only once pushed.
    fn made(&mut self, pieces_with_safe_moves: usize, must_search: usize) {
        self.words.clear();
        self.words
            .extend(sort_key_words(&self.entries, |e| e.plausibility));
        (self.top, self.known) = first_known(&self.words);
        self.pending[0] = (0, self.entries.len() as u16, 11);
        self.pendings = 1;
        self.ready = 0;
        self.pieces_with_safe_moves = pieces_with_safe_moves;
        self.must_search = must_search;
    }

    /// How many moves there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The `k`-th move in `SORT`'s order (`k` below [`Sorting::len`]): the passes of `SORT1`
    /// on the ranges before it and on its own are made first.
    ///
    /// `EVM` reads most moves more than once (the distinct-piece prefix, then each move's
    /// must-search flag and the move): the read of a move already in its place is inlined
    /// into it, the passes are not.
    ///
    /// The first moves, while no other move shares their keys, are read from the greatest
    /// words found as the list is made (`first_known`): most lists are read no further, and
    /// make no pass.
    #[inline]
    pub fn get(&mut self, k: usize) -> Entry {
        let w = if k < self.known {
            self.top[k]
        } else {
            if self.ready <= k {
                self.sort_to(k);
            }
            self.words[k]
        };
        self.entries[(w & 0xffff) as usize]
    }

    /// The passes of `SORT1` that put the `k`-th move in its place (see [`Sorting::get`]).
    #[inline(never)]
    fn sort_to(&mut self, k: usize) {
        while self.ready <= k {
            assert!(self.pendings > 0, "a move on the list");
            self.pendings -= 1;
            // (At most 13 ranges are pending, one a key bit and the rest: the index masked
            // to the array needs no bounds check.)
            let (start, mut end, mut bit) = self.pending[self.pendings & 15];
            // A pass's first part is the next range to sort: sorted at once, not kept.
            while let Some((s, next)) =
                pass(&mut self.words[start as usize..end as usize], bit as u32)
            {
                let mid = start + s as u16;
                self.pending[self.pendings & 15] = (mid, end, next as u8);
                self.pendings += 1;
                (end, bit) = (mid, next as u8);
            }
            self.ready = end as usize;
        }
    }
}

impl From<List> for Sorting {
    /// A list already in `SORT`'s order (the root's, restricted by UCI `go searchmoves`), read
    /// as it is.
    fn from(list: List) -> Sorting {
        let n = list.entries.len();
        Sorting {
            entries: list.entries,
            words: (0..n as u32).collect(),
            pending: [(0, 0, 0); 16],
            pendings: 0,
            ready: n,
            top: [0; TOP],
            known: 0,
            pieces_with_safe_moves: list.pieces_with_safe_moves,
            must_search: list.must_search,
        }
    }
}

/// The fixes of later versions the generator knows (see [`Fixes`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LmgFixes {
    /// The trade policy as intended: +16 offering an even trade when ahead by more than 416,
    /// −16 when behind; c197 gives −16 unless behind (`LMGR2T`, 4706-4710).
    pub trade_policy: bool,
}

impl From<Fixes> for LmgFixes {
    fn from(f: Fixes) -> LmgFixes {
        LmgFixes {
            trade_policy: f.trade_policy,
        }
    }
}

/// The game-phase flags `HACK1` sets at the root (2199-2204).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// `OPENF`: root game ply ≤ 16.
    pub openf: bool,
    /// `OPNMID`: root game ply ≤ 40.
    pub opnmid: bool,
}

impl Phase {
    /// The flags for a search whose root is at game ply `plyn`.
    pub fn at(plyn: u32) -> Phase {
        Phase {
            openf: plyn <= 16,
            opnmid: plyn <= 40,
        }
    }
}

/// The change `LMUA` makes to the tables for a move along a line it uncovers, for the rest
/// of the move's scoring: one attack `word` of `side` on the new square `a`, taken off again
/// afterwards, and `LMUOP1` (4746-4751): the slot `d` set there is cleared. (The walks of the
/// lines are undone as [`Walks`] tells.)
#[derive(Copy, Clone, Default)]
struct Along {
    side: u8,
    word: AttackWord,
    a: u8,
    d: u8,
}

/// The board squares of one line from a square: seven at most.
#[derive(Copy, Clone, Default)]
struct Walk {
    len: u8,
    at: [u8; 7],
}

impl Walk {
    fn squares(&self) -> impl Iterator<Item = Loc> + '_ {
        self.at[..self.len as usize].iter().map(|&l| l as Loc)
    }
}

/// What one of `LMUA`'s walks adds for the piece being scored (see [`Pmg::unblock`]): the
/// squares given the attack, and to R, `LMFORS` and `ICKF`.
#[derive(Copy, Clone, Default)]
struct WalkEffect {
    walk: Walk,
    r: i64,
    lmfors: i64,
    ickf: bool,
    exposed: bool,
}

/// One line the piece being scored blocks (`BDBLK`): what `LMUA` reads of it, the same for
/// every move of the piece.
#[derive(Copy, Clone, Default)]
struct Blocked {
    /// The direction slot (`DIR`).
    d: u8,
    /// The line's slider, and its square.
    tt: u8,
    at: u8,
    /// Whether the slider is the opponent's.
    enemy: bool,
    /// Whose attack the line's squares are given.
    side: u8,
    /// The slot the walk records the slider in (see [`Pmg::unblock`]).
    slot: u8,
    /// The slider's attack word.
    word: AttackWord,
    /// The whole line through the slider and the piece (our square indices): a move to one
    /// of these squares moves along it.
    line: u64,
}

/// The lines `LMUA` uncovers for one piece, in direction order, the walks known for them,
/// and those whose attacks the tables hold.
///
/// A walk's changes to the tables are the same at every move of the piece that makes it, and
/// are left in place from one move to the next while the piece's moves are scored: a walk is
/// undone only before a move to a square on its line (which reads the slots of that square
/// before `LMUA` runs, and makes no walk of that line) and after the piece's last move. The
/// tables a move reads are the same as if each move undid its walks (`LMV6D`): the walks'
/// squares are none of the other lines', a walk records its slider in the slots of its own
/// direction, where `LMV6E` clears it again (a slot that held it before is cleared by the
/// first undo and set again by the next walk, so it holds the slider whenever the walk is
/// made), and a dropped move reads nothing after `LMUA`. The exception is the walk of an
/// enemy diagonal, recorded in a rank or file slot while `LMV6E` clears the diagonal's: it
/// is undone after each move, as the program does.
///
/// A move to a square on none of the lines walks every line, and what the walks add is the
/// same at each such move: once every walk is known, it is added as one sum (`known_sum`),
/// not line by line.
///
/// The lines and walks themselves are in [`WalkMemory`]: only the first `count` lines, and
/// the walks `known` says, are read.
struct Walks {
    piece: Pc,
    count: u8,
    /// The squares of every line (the union of their `line`).
    through: u64,
    /// Bit `k`: the walk of `lines[k]` is known (in `at[k]`).
    known: u8,
    /// What the known walks add, together: R, `LMFORS`, `ICKF` and whether one exposes our
    /// king.
    known_sum: WalkEffect,
    /// Bit `k`: the tables hold the walk of `lines[k]`.
    made: u8,
    /// Bit `k`: the walk of `lines[k]` is undone after each move (an enemy diagonal).
    each_move: u8,
}

/// What the generator's runs reuse from one run to the next: the memory of the copy of the
/// tables that `LMUA` changes while it scores a move, of the square values, and of `LMUA`'s
/// lines, walks and log.
#[derive(Default)]
pub struct Workspace {
    tables: Tables,
    values: SquareValues,
    walks: WalkMemory,
}

/// `LMUA`'s lines and walks for the piece being scored ([`Walks`]), and its log for the move
/// being scored (`logged` entries): kept from run to run and not cleared, as what is read of
/// them is always written first in the run (a run cleared some 550 bytes of them before).
#[derive(Default)]
struct WalkMemory {
    lines: [Blocked; 8],
    at: [WalkEffect; 8],
    /// `LMUA`'s changes for moves along lines, for the move being scored: one a direction at
    /// most.
    log: [Along; 8],
}

/// How a move scored is listed (see [`Pmg::score`]). Only a move listed `Safe` is found safe
/// (`GDMF`): the routines that find a move unsafe (`LMGR3G`, `LMGR4M`'s callers) list it one
/// of the other two ways, so the flag is told by the way, not kept apart.
#[derive(Copy, Clone)]
enum Listed {
    /// Found safe: with the new square's development and the flags (`LMGR1`).
    Safe,
    /// Unsafe: with neither (`LMGR4A`).
    Unsafe,
    /// A losing capture, unsafe: without the development (`LMGR4M`).
    LosingCapture,
}

/// What `equal trades` leave in `T2` (see `LMGR4C`).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Leftover {
    /// `LMGD2`, loaded at `LMGR6A`.
    Level,
    /// A same-coloured piece ended the captured slider's walk: a positive word.
    Positive,
    /// An opposite-coloured piece did: a negative word.
    Negative,
}

/// One run of the generator at one node; `TRACE` when one move's scoring is traced (the
/// steps are recorded only then, at no cost otherwise).
pub struct Pmg<'a, const TRACE: bool> {
    b: &'a Board,
    /// The node's tables, copied (`LMUA` changes them while it scores a move).
    t: &'a mut Tables,
    i: usize,
    /// `SQVAL`: the square values.
    v: &'a mut SquareValues,
    /// The board's pieces as sets (for the ranges `LMGR1A` scores).
    occupancy: Occupancy,
    /// The squares on the enemy king's rank, file and diagonals (see [`KING_LINES`]).
    king_lines: [u64; 4],
    /// K3 and Q3 while the centre pawn in front is unmoved, else 0 (see [`lmcpb`]).
    lmcpb: [Loc; 2],
    lmgd2: u32,
    catcut: u32,
    phase: Phase,
    fixes: LmgFixes,
    /// `CDEVV`: minus the current development of the piece (or `WPVLU` when too early).
    cdevv: i64,
    /// `CPOSV`: the square values of the current range (kept from piece to piece when
    /// too-early pieces skip it, as in the source).
    cposv: i64,
    /// `CDVCF`: -1 the piece's current value is still to compute, 0 computing it, 1 done
    /// (computed before a piece's first move, see [`Pmg::current`]: only 0 is read).
    cdvcf: i32,
    // one move
    r: i64,
    lmfors: i64,
    ickf: bool,
    lmoa: i64,
    /// The lines, walks and log of `LMUA`, in the workspace.
    mem: &'a mut WalkMemory,
    /// How many changes the log holds.
    logged: usize,
    /// `LMUA`'s walks for the piece being scored, the same for each of its moves.
    walks: Walks,
    /// Every walk undone after each move, as the program does, and each line's walk added
    /// on its own (see [`Walks`]): for the test that this scores the same.
    undo_every_walk: bool,
    /// When tracing one move: R after each step of its scoring.
    trace: Vec<(&'static str, i64)>,
    // results
    entries: Vec<Entry>,
    nsmvs: usize,
    nckf: usize,
}

impl<'a> Pmg<'a, false> {
    /// `LMG` (3384-3534): the list for the side to move in `b`, whose tables are `t`; `lmgd2`
    /// is the node's level (the root is 1), captures are must-search up to `catcut`.
    pub fn run(
        b: &'a Board,
        t: &Tables,
        lmgd2: u32,
        catcut: u32,
        phase: Phase,
        fixes: LmgFixes,
    ) -> List {
        let mut ws = Box::<Workspace>::default();
        let mut g = Pmg::<false>::unvalued(b, t, &mut ws, lmgd2, catcut, phase, fixes);
        g.square_values();
        let pieces_with_safe_moves = g.generate();
        sort(&mut g.entries);
        List {
            entries: g.entries,
            pieces_with_safe_moves,
            must_search: g.nckf,
        }
    }

    /// [`Pmg::run`] for the search: the list sorted only as far as `EVM` reads it, made in
    /// `list`, a list done with (its memory reused, and the list made in place rather than
    /// returned: a [`Sorting`] is some 200 bytes), and in the memory of the runs before
    /// (`ws`).
    #[allow(clippy::too_many_arguments)]
    pub fn run_for_search(
        b: &'a Board,
        t: &Tables,
        ws: &'a mut Workspace,
        lmgd2: u32,
        catcut: u32,
        phase: Phase,
        fixes: LmgFixes,
        list: &mut Sorting,
    ) {
        let mut g = Pmg::<false>::unvalued(b, t, ws, lmgd2, catcut, phase, fixes);
        g.square_values();
        g.entries = std::mem::take(&mut list.entries);
        g.entries.clear();
        let pieces_with_safe_moves = g.generate();
        list.entries = std::mem::take(&mut g.entries);
        list.made(pieces_with_safe_moves, g.nckf);
    }
}

impl<'a> Pmg<'a, true> {
    /// The scoring of one move step by step (the debugging aid of `machack trace`): R after
    /// each rule, the entry as listed (None if dropped).
    pub fn trace(
        b: &'a Board,
        t: &Tables,
        lmgd2: u32,
        catcut: u32,
        phase: Phase,
        fixes: LmgFixes,
        mv: CMove,
    ) -> Trace {
        let mut ws = Box::<Workspace>::default();
        let mut g = Pmg::<true>::unvalued(b, t, &mut ws, lmgd2, catcut, phase, fixes);
        g.square_values();
        if mv.piece == 0 {
            let e = g.castling(mv.to == CASTLE_KING);
            return (vec![("CASTLE", CASTLE)], e);
        }
        // LMGR passes over a square off the board or ours.
        if offered(b, b.side, mv.to) {
            g.current::<ANY_KIND, ANY_SIDE>(mv.piece);
            let blocks = g.blocks(mv.piece);
            g.lmgr::<ANY_KIND, ANY_SIDE>(mv.piece, mv.to, blocks);
            g.unwalk_all();
        }
        let e = g.entries.first().copied();
        (g.trace, e)
    }
}

impl<'a, const TRACE: bool> Pmg<'a, TRACE> {
    /// The generator's state before its first move is scored, but for the square values:
    /// each caller computes them ([`Pmg::square_values`]) once it holds the state (computed
    /// here, they made the state, 824 bytes, be copied on its way out). Inlined into each;
    /// moving the state into the [`Workspace`] did not pay (its fields read through one more
    /// pointer).
    #[inline(always)]
    fn unvalued(
        b: &'a Board,
        t: &Tables,
        ws: &'a mut Workspace,
        lmgd2: u32,
        catcut: u32,
        phase: Phase,
        fixes: LmgFixes,
    ) -> Pmg<'a, TRACE> {
        ws.tables = *t;
        ws.values.start(b.side);
        Pmg {
            b,
            t: &mut ws.tables,
            i: b.side,
            v: &mut ws.values,
            occupancy: Occupancy::of(b),
            king_lines: KING_LINES[b.piecel[king(1 - b.side)]],
            lmcpb: lmcpb(b),
            lmgd2,
            catcut,
            phase,
            fixes,
            cdevv: 0,
            cposv: 0,
            cdvcf: -1,
            r: 0,
            lmfors: 0,
            ickf: false,
            lmoa: 0,
            mem: &mut ws.walks,
            logged: 0,
            walks: Walks {
                piece: 0,
                count: 0,
                through: 0,
                known: 0,
                known_sum: WalkEffect::default(),
                made: 0,
                each_move: 0,
            },
            undo_every_walk: false,
            trace: Vec::new(),
            entries: Vec::new(),
            nsmvs: 0,
            nckf: 0,
        }
    }

    fn mark(&mut self, label: &'static str) {
        if TRACE {
            self.trace.push((label, self.r));
        }
    }

    fn ours(&self, l: Loc) -> AttackWord {
        self.t.attacks[self.i & 1][l]
    }
    fn theirs(&self, l: Loc) -> AttackWord {
        self.t.attacks[(self.i ^ 1) & 1][l]
    }
    /// [`Pmg::ours`] for side `S` to move.
    fn ours_s<const S: usize>(&self, l: Loc) -> AttackWord {
        self.t.attacks[self.side::<S>()][l]
    }
    /// [`Pmg::theirs`] for side `S` to move.
    fn theirs_s<const S: usize>(&self, l: Loc) -> AttackWord {
        self.t.attacks[1 - self.side::<S>()][l]
    }
    /// The side to move, `S` (or read, for [`ANY_SIDE`]).
    #[inline(always)]
    fn side<const S: usize>(&self) -> usize {
        if S == ANY_SIDE { self.i } else { S }
    }
    /// The kind of `p`, `K` (or read, for [`ANY_KIND`]).
    #[inline(always)]
    fn kind_of<const K: u8>(&self, p: Pc) -> Kind {
        if K == ANY_KIND {
            self.b.kind[p]
        } else {
            kind(K)
        }
    }

    /// `STATE2`-`LMG4` (3403-3458): square values for the side to move: those of every
    /// position ([`START_VALUES`]), 16 more next to the enemy king; 8 more under our pieces
    /// other than king and queen, and for those en prise what they risk, halved unless
    /// trapped. Each added to a set of squares at once (the sums do not depend on the order),
    /// those on the board: the values of the squares off it are never read (`LMGR2`, `LBL`
    /// and `CBDV` pass over the border first).
    fn square_values(&mut self) {
        let i = self.i;
        let ek = self.b.piecel[king(1 - i)];
        self.v.add_all(king_attacks(Square::new(SQ[ek])).0, NKVLU);
        // `CAIL Q,KQV`: a piece worth KQV or more is a king or a queen (see `king_or_queen`).
        let pieces = self.occupancy.side[i] & !self.occupancy.kq[i];
        self.v.add_all(pieces, 8);
        let mut attacked = pieces;
        while attacked != 0 {
            let a = LOC[attacked.trailing_zeros() as usize] as Loc;
            attacked &= attacked - 1;
            // One of our pieces stands there: the board's byte is its number.
            let p = self.b.board[a] as Pc;
            if let Some(mut s) = self.at_risk(p, a) {
                if !super::generate::trapped(self.b, self.t, p) {
                    s >>= 1;
                }
                self.v.add_risk(a, s);
            }
        }
    }

    /// `LMG5A`-`LMG5C` (3437-3457): what piece `p` on `a` has at risk, if it is en prise.
    fn at_risk(&self, p: Pc, a: Loc) -> Option<i64> {
        let b = self.b;
        let tt = self.theirs(a);
        if tt == 0 {
            return None;
        }
        let whole = b.pvalue[p] as i64;
        if self.ours(a) == 0 {
            return Some(whole);
        }
        let (c, d) = flata(b, self.t, a, p, self.i, DFLATA);
        if c == 0 {
            return Some(whole);
        }
        let s = (b.pvalue[p] - b.pvalue[d]) as i64;
        if s > 0 {
            return Some(s);
        }
        if count(tt) == 1 || s + b.pvalue[c] as i64 <= 0 {
            return None;
        }
        Some(whole)
    }

    /// `LMG2B`-`LMCAS` (3468-3534, 5318-5403): every piece's moves in number order (in check:
    /// the king's first, then captures and blocks of the checking line), then castling.
    /// Returns `PCSWSM`.
    fn generate(&mut self) -> usize {
        if self.i == 0 {
            self.generate_for::<0>()
        } else {
            self.generate_for::<1>()
        }
    }

    /// [`Pmg::generate`] for side `S` to move (`self.i`): the side's tests settled when
    /// compiled, as the kind's are (see [`Pmg::lmgr`]).
    fn generate_for<const S: usize>(&mut self) -> usize {
        let b = self.b;
        let i = S;
        let k = king(i);
        let kl = b.piecel[k];
        let mut pcswsm = 0;
        let mut filter: Option<(Squares, Loc)> = None;
        let mut pieces = 1 + NPCS * i..=NPCS + NPCS * i;
        let check = self.theirs_s::<S>(kl);
        if check != 0 {
            if count(check) == 1 || self.checkers(kl) == 1 {
                // LMG1A: the king's moves first, then only moves to the checking line.
                let mut squares = Squares::new();
                lmgt(b, self.t, k, &mut squares);
                self.moves::<KING, S>(k, &mut squares, &None);
                self.unwalk_all();
                let (_, d) = flata(b, self.t, kl, k, i, FLATA);
                filter = Some(self.checking_line(kl, d));
            } else {
                // Double check: the king alone.
                pieces = k..=k;
            }
        }
        // One list for every piece's squares, emptied for each.
        let mut squares = Squares::new();
        for p in pieces {
            self.nsmvs = 0;
            if b.piecel[p] == 0 {
                continue;
            }
            squares.clear();
            lmgt(b, self.t, p, &mut squares);
            self.moves_of::<S>(p, &mut squares, &filter);
            self.unwalk_all();
            if self.nsmvs > 0 {
                pcswsm += 1;
            }
        }
        // LMCAS (3514-3534): castling, king's side first.
        if b.nmoves[k] == 0 {
            for king_side in [true, false] {
                if let Some(e) = self.castling(king_side) {
                    self.entries.push(e);
                }
            }
        }
        pcswsm
    }

    /// [`Pmg::moves`] of piece `p` by the instance of `LMGR` built for its kind.
    #[inline(always)]
    fn moves_of<const S: usize>(
        &mut self,
        p: Pc,
        squares: &mut Squares,
        filter: &Option<(Squares, Loc)>,
    ) {
        match self.b.kind[p] {
            Kind::Pawn => self.moves::<PAWN, S>(p, squares, filter),
            Kind::Knight => self.moves::<KNIGHT, S>(p, squares, filter),
            Kind::Bishop => self.moves::<BISHOP, S>(p, squares, filter),
            Kind::Rook => self.moves::<ROOK, S>(p, squares, filter),
            Kind::Queen => self.moves::<QUEEN, S>(p, squares, filter),
            Kind::King => self.moves::<KING, S>(p, squares, filter),
        }
    }

    /// The moves of piece `p`, of kind `K`, to `squares` scored in order (in check, those
    /// `filter` lets through, the others taken out of `squares`), after its current
    /// development if it has any.
    fn moves<const K: u8, const S: usize>(
        &mut self,
        p: Pc,
        squares: &mut Squares,
        filter: &Option<(Squares, Loc)>,
    ) {
        if let Some((line, eps)) = filter {
            // LMGR7 (4029-4034): no king moves; only to the line, or en passant.
            squares.retain(|a| {
                K != KING && (line.contains(a) || (K == PAWN && a == *eps && *eps != 0))
            });
        }
        if squares.is_empty() {
            return;
        }
        debug_assert_eq!(self.b.kind[p], kind(K));
        self.current::<K, S>(p);
        let blocks = self.blocks(p);
        for a in squares.iter() {
            self.lmgr::<K, S>(p, a, blocks);
        }
    }

    /// Whether `p` blocks a line (`BDBLK`): only then do its moves walk lines or move along
    /// one (`LMUA`), and have them undone (the same at every move of the piece: the generator
    /// does not change `BDBLK`).
    fn blocks(&self, p: Pc) -> bool {
        u64::from_ne_bytes(self.t.bdblk[p]) != 0
    }

    /// `LMGD1` (5310-5316): how many enemy pieces the slots of `kl` hold.
    fn checkers(&self, kl: Loc) -> usize {
        held_slots(self.t, kl)
            .filter(|&s| side_of(self.t.slots[kl][s] as Pc) != self.i)
            .count()
    }

    /// `LMG1A`-`LMG1P` (5334-5416): the squares between the king on `kl` and the checking piece
    /// `d`, the checker's included (`KSQTB`), and the square where a checking pawn may be taken
    /// en passant (`LMGEPS`).
    fn checking_line(&self, kl: Loc, d: Pc) -> (Squares, Loc) {
        let b = self.b;
        if d == 0 {
            return (Squares::new(), 0);
        }
        let tt = b.piecel[d];
        let mut eps = 0;
        let step: Option<isize> = match b.kind[d] {
            Kind::Pawn => {
                let behind = if self.i == 0 { tt + BW } else { tt - BW };
                if behind == b.ghloc {
                    eps = behind;
                }
                None
            }
            Kind::Knight | Kind::King => None,
            kind => {
                let orth = kind == Kind::Rook
                    || (kind == Kind::Queen && (bfile(kl) == bfile(tt) || brank(kl) == brank(tt)));
                let forward = kl < tt;
                if orth {
                    // LMRDT: BW 1 -BW -1.
                    let along_rank = brank(kl) == brank(tt);
                    Some(match (along_rank, forward) {
                        (false, true) => BW as isize,
                        (true, true) => 1,
                        (false, false) => -(BW as isize),
                        (true, false) => -1,
                    })
                } else {
                    // LMBDT: BW+1 BW-1 -BW-1 -BW+1.
                    let same_pdag = bpdag(kl) == bpdag(tt);
                    Some(match (same_pdag, forward) {
                        (false, true) => BW as isize + 1,
                        (true, true) => BW as isize - 1,
                        (false, false) => -(BW as isize) - 1,
                        (true, false) => -(BW as isize) + 1,
                    })
                }
            }
        };
        let mut line = Squares::new();
        match step {
            None => line.push(tt),
            Some(s) => {
                let mut l = kl;
                while l != tt {
                    l = l.wrapping_add_signed(s);
                    line.push(l);
                    if line.len() > 8 {
                        break;
                    }
                }
            }
        }
        (line, eps)
    }

    /// `LMCAS` (3514-3534): castling on the king's side or the queen's, if it may, listed at
    /// 768 and no flags.
    fn castling(&self, king_side: bool) -> Option<Entry> {
        self.can_castle(king_side).then_some(Entry {
            mv: CMove {
                piece: 0,
                to: if king_side { CASTLE_KING } else { CASTLE_QUEEN },
            },
            plausibility: CASTLE,
            must: false,
            poor: false,
            safe: true,
        })
    }

    /// `LKCAS` / `LQCAS` (3297-3335): king and rook unmoved and there, the squares between
    /// empty, the king's square and the ones it crosses unattacked.
    fn can_castle(&self, king_side: bool) -> bool {
        let b = self.b;
        let i = self.i;
        let k = king(i);
        let kl = b.piecel[k];
        let r = if king_side {
            king_rook(i)
        } else {
            queen_rook(i)
        };
        if b.nmoves[k] != 0 || b.nmoves[r] != 0 || b.piecel[r] == 0 {
            return false;
        }
        let theirs = &self.t.attacks[1 - i];
        if king_side {
            b.board[kl - 1] == 0
                && b.board[kl - 2] == 0
                && theirs[kl] == 0
                && theirs[kl - 1] == 0
                && theirs[kl - 2] == 0
        } else {
            b.board[kl + 1] == 0
                && b.board[kl + 2] == 0
                && b.board[kl + 3] == 0
                && theirs[kl] == 0
                && theirs[kl + 1] == 0
                && theirs[kl + 2] == 0
        }
    }

    /// `LMGR` (4036-4294): scores the move of `p` to `a` (a square the generator offers:
    /// on the board and not ours, see [`lmgt`]) and lists it, unless the move exposes our
    /// king (`LMV6A`). `K` is the kind of `p` (see [`kind`]), `S` its side, the side to move.
    /// The piece's current development is computed first ([`Pmg::current`]). `ICKF` is
    /// clear when it starts (cleared after each move), but for the first move of a piece,
    /// which keeps what `LMGCD` set: `LMGRA` clears it (4042) before `LMGCD1`. `blocks`: whether
    /// `p` blocks a line ([`Pmg::blocks`]), told once for all its moves; if not, there is
    /// nothing of `LMUA`'s to undo.
    fn lmgr<const K: u8, const S: usize>(&mut self, p: Pc, a: Loc, blocks: bool) {
        // A square offered is on the board, in rows 2-9: told once here, so that the board and
        // the tables' rows are read at `a` (and next to it) with no bounds check at each read.
        if !in_rows(a) {
            unreachable!("a square off the board offered: {a}");
        }
        // LMGRA.
        self.lmfors = 0;
        self.r = self.cdevv;
        self.mark("CDEVV");
        if self.walks.made != 0 && self.walks.through & 1 << SQ[a] != 0 {
            self.unwalk_lines_through(a);
        }
        self.score::<K, S>(p, a);
        if blocks {
            // Undo LMUA's changes: the walks of enemy diagonals (LMV6D), and for moves along a
            // line (LMUOP1).
            let mut each_move = self.walks.made & self.walks.each_move;
            while each_move != 0 {
                self.unwalk(each_move.trailing_zeros() as usize);
                each_move &= each_move - 1;
            }
            while self.logged > 0 {
                self.logged -= 1;
                let Along { side, word, a, d } = self.mem.log[self.logged];
                self.t.attacks[(side & 1) as usize][a as Loc] -= word;
                self.t.slots[a as Loc][d as usize] = 0;
            }
        }
        self.ickf = false;
    }

    /// `LMGCD1` (4043-4045): the current development of `p` (`LMGCD`), computed before its
    /// first move is scored (where the program's first `LMGR` computes it: `LMG2C` sets
    /// `CDVCF` to -1 for each piece, 3478), and only if it has one: `CPOSV` stays from the
    /// piece before otherwise.
    fn current<const K: u8, const S: usize>(&mut self, p: Pc) {
        self.ickf = false;
        self.cdvcf = 0;
        self.lmgcd::<K, S>(p);
        self.cdvcf = 1;
    }

    /// Lists the move scored (`PUSH P,...` of `LMGR1`, `LMGR4A`, `LMGR4M`): made in place in
    /// the list rather than handed back up through the scoring routines.
    fn list(&mut self, e: Entry) {
        if e.safe {
            self.nsmvs += 1;
        }
        if e.must {
            self.nckf += 1;
        }
        self.entries.push(e);
    }

    /// The body of `LMGR` from `LMGCD1` on: the move listed, or dropped.
    fn score<const K: u8, const S: usize>(&mut self, p: Pc, a: Loc) {
        let b = self.b;
        let i = self.side::<S>();
        let kind = self.kind_of::<K>(p);
        let mv = CMove { piece: p, to: a };
        let origin = b.piecel[p];
        // 4047-4051, with the tests LMGRT1/2 (4148-4152): blocking an enemy passed pawn, by its
        // own rank.
        let front = if i == 0 { a + BW } else { a - BW };
        let blocker = b.at(front);
        if blocker != 0 && side_of(blocker) != i {
            self.r += PPP[self.t.ppased[blocker] as usize];
        }
        self.mark("LMGRT1");
        // 4052-4063: a backward pawn moves; a passed pawn is pushed (by the rank reached). The
        // program tests `PPASED` for every piece, but its flags are a pawn's (`pawn_flags`
        // clears them for any other piece): tested for pawns alone.
        let mut king_rule = true;
        let pawn = kind == Kind::Pawn;
        debug_assert!(pawn || (!self.t.backward[p] && self.t.ppased[p] == 0));
        if pawn && self.t.backward[p] {
            self.r += MBACKP;
        }
        self.mark("MBACKP");
        if pawn && self.t.ppased[p] & 7 != 0 {
            let rank = if i == 0 { brank(a) } else { 9 - brank(a) };
            self.r += PPP[rank as usize];
            king_rule = false;
        }
        self.mark("PPP");
        // LMGCMX (4064-4080): the king's move toward or away from its back rank, while
        // OPNMID: 8 a rank (64 while OPENF), times its own rank while the enemy queen is on.
        if kind == Kind::King && king_rule && self.phase.opnmid {
            let (to, from) = (brank(a) as i64, brank(origin) as i64);
            let mut t1 = if i == 0 { from - to } else { to - from } * 8;
            if self.phase.openf {
                t1 *= 8;
            }
            if b.piecel[queen(1 - i)] != 0 {
                t1 *= if i == 0 { from } else { 9 - from };
            }
            self.r += t1;
        }
        self.mark("LMGCMX");
        // LMGCMY: LBL (4897-4932), lines through `a` that the move blocks.
        self.blocking::<K, S>(p, a);
        self.mark("LBL");
        self.r += IVLU;
        self.mark("IVLU");
        // 4086-4098, LMCPB (4162-4170): a piece to K3/Q3 before that centre pawn has moved
        // (see `lmcpb`).
        if kind != Kind::Pawn && (a == self.lmcpb[0] || a == self.lmcpb[1]) && b.at(a) == 0 {
            self.r -= BCPVLU;
        }
        self.mark("LMCPB");
        // LMCPB1: the piece unblocks lines (LMUA).
        if self.blocks(p) && !self.unblock::<K, S>(p, a) {
            return;
        }
        self.mark("LMUA");
        // LMFA (4172-4190): a rook or queen (the test meant to leave the queen out compares a
        // piece number with an address, `CAIE B,WKING+1`, and never matches): its first move
        // while the king is unmoved; then the enemy king's rank and file.
        let (rfpcs, ddpcs) = (kind.rfpcs(), kind.ddpcs());
        if rfpcs && b.nmoves[king(i)] == 0 && b.nmoves[p] == 0 {
            self.r -= FMROOK;
        }
        self.mark("FMROOK");
        // The enemy king's rank, file (`LMFA`) and diagonals (`LMDA`, 4191-4199) that `a`
        // is on.
        let on = |k: usize| (self.king_lines[k] >> SQ[a] & 1) as i64;
        if rfpcs {
            self.r += PTFVLU * (on(0) + on(1));
        }
        if ddpcs {
            self.r += PTFVLU * (on(2) + on(3));
        }
        self.mark("LMFA LMDA");
        // LMDA1: our other attacks on the square.
        let mut lmoa = count(self.ours_s::<S>(a));
        if kind != Kind::Pawn || b.at(a) != 0 {
            lmoa -= 1;
        }
        self.lmoa = lmoa;
        let victim = if b.at(a) != 0 {
            Some(b.at(a))
        } else if kind == Kind::Pawn && a == b.ghloc {
            // LMGG1: en passant, the pawn behind the ghost.
            Some(b.at(if i == 0 { a - BW } else { a + BW }))
        } else {
            None
        };
        let listed = match victim {
            Some(v) => self.capture::<S>(p, a, v),
            None => self.quiet::<S>(p, a),
        };
        // Listed at one place, as the routines that scored the move decided.
        match listed {
            Listed::Safe => self.lmgr1::<K, S>(p, a, mv),
            Listed::Unsafe => self.unscored(mv),
            Listed::LosingCapture => self.bad_capture(mv),
        }
    }

    /// `LMGR3` (4588-4618): a move to an empty square: safe unless attacked by less, or by
    /// more pieces than defend it. Its first test is inlined where the move is scored, the
    /// rest (some 2 moves in 5) is called.
    #[inline(always)]
    fn quiet<const S: usize>(&mut self, p: Pc, a: Loc) -> Listed {
        if self.lmfors != 0 || self.theirs_s::<S>(a) == 0 {
            return Listed::Safe;
        }
        self.quiet_attacked::<S>(p, a)
    }

    /// [`Pmg::quiet`] on a square the opponent attacks.
    #[inline(never)]
    fn quiet_attacked<const S: usize>(&mut self, p: Pc, a: Loc) -> Listed {
        let b = self.b;
        let (c, d) = flata_inline(b, self.t, a, p, self.side::<S>(), AFLATA);
        if d == 0 {
            return Listed::Safe;
        }
        let pv = b.pvalue[p] as i64;
        let mut tt;
        if c == 0 {
            tt = -pv;
        } else {
            tt = (b.pvalue[d] - b.pvalue[p]) as i64;
            if tt > -BVMNV {
                let n = count(self.theirs_s::<S>(a));
                if n == 1 {
                    return Listed::Safe;
                }
                tt -= b.pvalue[c] as i64;
                if tt > 0 || n <= self.lmoa {
                    return Listed::Safe;
                }
            }
            // LMGR3C: the loss is the exchange or the piece, whichever is less.
            tt = tt.max(-pv);
        }
        // LMGR3G, LMGR4A.
        self.r += tt;
        Listed::Unsafe
    }

    /// `LMGR6A` (4113-4294): a capture of `v`.
    fn capture<const S: usize>(&mut self, p: Pc, a: Loc, v: Pc) -> Listed {
        let b = self.b;
        let mut tt = b.pvalue[p] as i64;
        let vv = b.pvalue[v] as i64;
        if self.lmgd2 <= self.catcut {
            self.ickf = true;
        }
        self.cbdv::<S>(v);
        if self.theirs_s::<S>(a) == 0 {
            return self.favourable(vv);
        }
        let (c, d) = flata_inline(b, self.t, a, p, self.side::<S>(), AFLATA);
        if d == 0 {
            return self.favourable(vv);
        }
        if tt < vv {
            // LMGR4B: we take something bigger.
            if self.lmoa != 0 {
                // LMGR4J.
                let n = count(self.theirs_s::<S>(a)) - 1;
                if n != 0 {
                    if n < self.lmoa {
                        return self.favourable(vv);
                    }
                    self.r -= tt - vv;
                    return Listed::Safe;
                }
                let mut gain = vv - tt + b.pvalue[d] as i64;
                if gain >= vv {
                    gain = vv;
                }
                self.r += gain;
                return self.more_attacks(0);
            }
            self.r -= tt - vv;
            return Listed::Safe;
        }
        if tt == vv {
            // LMGR4C with whatever T2 held: the level, or the captured slider's last look.
            let t2 = match self.leftover(v) {
                Leftover::Level => self.lmgd2 as i64,
                Leftover::Positive => 1 << 30,
                Leftover::Negative => -1,
            };
            return self.more_attacks(t2);
        }
        if self.lmfors != 0 {
            return self.favourable(vv);
        }
        tt -= vv;
        if self.lmoa == 0 {
            self.r -= tt;
            return Listed::LosingCapture;
        }
        // LMGR4D: we have other attackers.
        let lmgt1 = -tt;
        let mut tt = (b.pvalue[d] + b.pvalue[v] - b.pvalue[p] - b.pvalue[c]) as i64;
        if tt >= 0 {
            return self.more_attacks(self.theirs_s::<S>(a) as i64);
        }
        // LMGR4E.
        if count(self.theirs_s::<S>(a)) == 1 {
            tt += b.pvalue[c] as i64;
            if tt >= 0 {
                return self.more_attacks(self.theirs_s::<S>(a) as i64);
            }
        }
        // LMGR4G.
        let tt = tt.max(lmgt1);
        self.r += tt;
        if tt >= -BVMNV {
            return Listed::Safe;
        }
        Listed::LosingCapture
    }

    /// `LMGR4I`: the victim's value is gained.
    fn favourable(&mut self, vv: i64) -> Listed {
        self.r += vv;
        Listed::Safe
    }

    /// `LMGR4C`: `MJVLU` unless `t2` is below our other attacks.
    fn more_attacks(&mut self, t2: i64) -> Listed {
        if t2 >= self.lmoa {
            self.r += MJVLU;
        }
        Listed::Safe
    }

    /// `LMGR4M` (4215-4223): a losing capture, listed without the new square's development.
    fn bad_capture(&mut self, mv: CMove) {
        self.mark("LMGR4M");
        self.list(Entry {
            mv,
            plausibility: self.r.max(0),
            must: self.ickf,
            poor: false,
            safe: false,
        });
    }

    /// `LMGR4A` (4614-4618): an unsafe move, listed without the new square's development or
    /// any flag.
    fn unscored(&mut self, mv: CMove) {
        self.mark("LMGR4A");
        self.list(Entry {
            mv,
            plausibility: self.r.max(0),
            must: false,
            poor: false,
            safe: false,
        });
    }

    /// `LMGR1` (4241-4256): a safe move: the development at the new square, the flags.
    fn lmgr1<const K: u8, const S: usize>(&mut self, p: Pc, a: Loc, mv: CMove) {
        self.mark("LMGR3 LMGR4");
        let c = self.lmgr1a::<K, S>(p, a) - self.cposv;
        self.mark("LMGR1A");
        if self.lmfors >= 2 {
            self.ickf = true;
        }
        self.list(Entry {
            mv,
            plausibility: self.r.max(0),
            must: self.ickf,
            poor: c <= BDDMT,
            safe: true,
        });
    }

    /// `LMGCD` (4334-4418): the current development of `p` and what it risks where it stands,
    /// into `CDEVV` (negated, as every move of the piece gives it up); `WPVLU` instead for a
    /// piece not attacked in the first plies (any piece but a pawn in plies 0-1, rook, queen
    /// and king until ply 8).
    fn lmgcd<const K: u8, const S: usize>(&mut self, p: Pc) {
        let b = self.b;
        let kind = self.kind_of::<K>(p);
        let i = self.side::<S>();
        let l = b.piecel[p];
        let plyn = b.plyn;
        if self.theirs_s::<S>(l) == 0
            && plyn < 8
            && ((plyn < 2 && kind != Kind::Pawn) || (plyn >= 2 && kind > Kind::Bishop))
        {
            self.cdevv = WPVLU;
            return;
        }
        self.r = 0;
        let c = self.lmgr1a::<K, S>(p, l);
        self.mark("LMGCD LMGR1A");
        self.cposv = c;
        let mut r = self.r;
        if kind == Kind::King {
            // LMGCDK: the king not yet moved (castling apart) pays for moving, more while a
            // rook is unmoved.
            if b.nmoves[p] == 0 || b.nmoves[p] == b.nmking[i] {
                r += FMKING;
                let unmoved = |q: Pc| b.piecel[q] != 0 && b.nmoves[q] == 0;
                if unmoved(queen_rook(i)) || unmoved(king_rook(i)) {
                    r += KKCAS;
                }
            }
            self.r = r;
            self.mark("LMGCDK");
            self.cdevv = -r;
            return;
        }
        let tt = self.theirs_s::<S>(l);
        if tt != 0 {
            let pv = b.pvalue[p] as i64;
            if self.ours_s::<S>(l) == 0 {
                r -= pv;
            } else {
                let (c, d) = flata(b, self.t, l, p, i, DFLATA);
                if c == 0 {
                    r -= pv;
                } else {
                    let s = (b.pvalue[d] - b.pvalue[p]) as i64;
                    if s < 0 {
                        // LMGCD9: will we recapture?
                        if count(tt) > count(self.ours_s::<S>(l)) {
                            r -= pv;
                        } else {
                            r += s;
                        }
                    } else if count(tt) != 1 {
                        let s = s - b.pvalue[c] as i64;
                        if s < 0 {
                            r += s.max(-pv);
                        }
                    }
                }
            }
        }
        self.r = r;
        self.mark("LMGCD risk");
        self.cdevv = -r;
    }

    /// `LMGR1A` (4297-4329): adds to R the development of `p` standing on `a` (the squares in
    /// its range, threats; king and queen half) and returns the sum of the square values in
    /// range (`C`). From any square but its own, the square it leaves is not counted in R.
    #[inline(always)]
    fn lmgr1a<const K: u8, const S: usize>(&mut self, p: Pc, a: Loc) -> i64 {
        let b = self.b;
        let kind = self.kind_of::<K>(p);
        // C: the square values in range, summed here rather than in a field of the state.
        let mut c = 0;
        let saved = self.r;
        // `CAIL Q,KQV` (4299): a piece worth KQV or more, told by its kind.
        let kq = king_or_queen(kind);
        debug_assert_eq!(kq, b.pvalue[p] >= KQV);
        if kq {
            self.r = 0;
        }
        if kind == Kind::Pawn {
            // LMGR1C: the two squares it attacks, 40 more for a centre square.
            let (right, left) = if self.side::<S>() == 0 {
                (a + BW + 1, a + BW - 1)
            } else {
                (a - BW + 1, a - BW - 1)
            };
            for l in [right, left] {
                if csqp(b, l) {
                    self.r += ACSPV;
                }
                c += self.lmgr2::<S>(p, kind, l);
            }
        } else {
            // LMGR2 on each square the generator hands over (`lmgstd`, here as a set: the
            // squares on the board): the square values summed from the planes of
            // `SquareValues`; then the squares where an enemy piece stands (what LMGR2 adds
            // there depends on that square alone, not on the order).
            let side = self.side::<S>();
            let range = self.occupancy.range(kind, side, a);
            let values = self.v.sum(range);
            c += values;
            self.r += values;
            let mut enemies = range & self.occupancy.side[1 - side];
            while enemies != 0 {
                let l = LOC[enemies.trailing_zeros() as usize] as Loc;
                enemies &= enemies - 1;
                // An enemy piece stands there: the board's byte is its number (`Board::at`
                // need not clamp it).
                debug_assert_eq!(b.board[l] as Pc, b.at(l));
                self.lmgr2_enemy::<S>(p, kind, l, b.board[l] as Pc);
            }
            // "DONT COUNT ATTACK ON VACATED SQUARE" (`CAME A,J / SUB R,SQVAL(J)`). The knight's
            // and king's generators leave A moved (`LMKNT` 8 below where it started, `LMKING`
            // 9 below), and the test reads that A: their own square's value comes off their
            // current development too, and a move whose new square lies 8 (9) above the old
            // one keeps it.
            let j = b.piecel[p];
            let left = match kind {
                Kind::Knight => a.wrapping_sub(8),
                Kind::King => a.wrapping_sub(9),
                _ => a,
            };
            if left != j {
                self.r -= self.v.sqval[j];
            }
        }
        if kq {
            self.r = lsh_right(self.r) + saved;
        }
        c
    }

    /// `LMGR2` (4630-4710): one square in the range of `q` of kind `kind` (the scored piece,
    /// or a line it uncovers): its value, and if an enemy piece stands there, checks, pawn
    /// breaks, pins, threats and the trade policy. Returns the value, which the scored piece's
    /// range adds to C too (`LMGR1A`), a line it uncovers not.
    #[inline(always)]
    fn lmgr2<const S: usize>(&mut self, q: Pc, kind: Kind, l: Loc) -> i64 {
        let (v, enemy) = square_value(self.b, &self.v.sqval, self.side::<S>(), l);
        self.r += v;
        if enemy != 0 {
            self.lmgr2_enemy::<S>(q, kind, l, enemy);
        }
        v
    }

    /// `LMGR2` on a square where an enemy piece `t1` stands (`q` of kind `kind`).
    #[inline(always)]
    fn lmgr2_enemy<const S: usize>(&mut self, q: Pc, kind: Kind, l: Loc, t1: Pc) {
        let b = self.b;
        if b.kind[t1] == Kind::King {
            self.ickf = true;
        }
        if kind == Kind::Pawn && b.pawn(t1) {
            self.r += BRKVLU;
        }
        if self.t.pint[t1] {
            self.r += if self.t.pptp[t1] { APDPV } else { APVLU };
        }
        let scoring = self.cdvcf != 0;
        let theirs = self.theirs_s::<S>(l);
        if theirs == 0 {
            // LMGR2D: undefended.
            if b.kind[t1] == kind && !self.t.pint[t1] {
                self.trade_policy();
                return;
            }
            if scoring {
                self.r += (b.pvalue[t1] >> 2) as i64;
            }
            self.lmfors += 1;
            return;
        }
        let t2 = (b.pvalue[t1] - b.pvalue[q]) as i64;
        if t2 > 0 {
            if scoring {
                self.r += (t2 >> 1).min(2 * super::board::PWNV as i64);
            }
            self.lmfors += 1;
        } else if scoring && !self.t.pptp[t1] {
            // LMGR2H: shifting the balance.
            let ours = self.ours_s::<S>(l);
            if ours != 0 && ours >= theirs {
                self.r += GMAVLU;
            }
        }
        // LMGR2B.
        if count(theirs) <= count(self.ours_s::<S>(l)) {
            self.r += TTVLU;
        }
    }

    /// `LMGR2E` (4692-4710): an undefended enemy piece of the mover's type.
    fn trade_policy(&mut self) {
        let s = self.b.pcbal[0] - self.b.pcbal[1];
        let ahead = if self.i == 0 { s } else { -s };
        if self.fixes.trade_policy {
            if ahead > TRADE_MARGIN {
                self.r += TRADE;
            } else if ahead < -TRADE_MARGIN {
                self.r -= TRADE;
            }
        } else if ahead >= -TRADE_MARGIN {
            // c197: `CAML S,[-640` / `CAIG S,640`: −16 unless behind by more than 416.
            self.r -= TRADE;
        }
    }

    /// `CBDV` (5456-5469): adds the development of the captured piece `v` (the values of the
    /// squares in its range). A knight's or slider's squares on the board are those of
    /// [`Occupancy::range`] (the test `a_range_as_a_set_is_the_squares_lmgstd_hands_over`),
    /// summed from the planes at once; what the walk leaves in T2 is found apart, only where
    /// it is read ([`Pmg::leftover`]).
    fn cbdv<const S: usize>(&mut self, v: Pc) {
        let b = self.b;
        let a = b.piecel[v];
        let kind = b.kind[v];
        if matches!(kind, Kind::Knight | Kind::Bishop | Kind::Rook | Kind::Queen) {
            let range = self.occupancy.range(kind, side_of(v), a);
            self.r += self.v.sum(range);
            return;
        }
        // CBDV1 runs under LMKC with Q positive: a king's squares only if unattacked.
        let king_victim = kind == Kind::King;
        let (theirs, sqval) = (&self.t.attacks[1 - self.side::<S>()], &self.v.sqval);
        let mut r = 0;
        lmgstd(b, v, a, &mut |l, q| {
            if q < 0 || (king_victim && theirs[l] != 0) {
                return;
            }
            r += sqval[l];
        });
        self.r += r;
    }

    /// What `CBDV`'s walk of the captured piece `v` leaves in T2 (see `LMGR4C`): for a slider,
    /// the side of the last piece on the board its walk meets; `LMGD2` otherwise.
    fn leftover(&self, v: Pc) -> Leftover {
        let b = self.b;
        let mut leftover = Leftover::Level;
        if !matches!(b.kind[v], Kind::Rook | Kind::Bishop | Kind::Queen) {
            return leftover;
        }
        lmgstd(b, v, b.piecel[v], &mut |_, q| {
            if q > 0 {
                leftover = if side_of(q as Pc) == side_of(v) {
                    Leftover::Positive
                } else {
                    Leftover::Negative
                };
            }
        });
        leftover
    }

    /// `LBL1`-`LBL5` (4897-4932): for each line piece attacking `a` along a line `p` does not
    /// itself move on, the squares behind `a` it loses: ours cost their value, his gain it.
    fn blocking<const K: u8, const S: usize>(&mut self, p: Pc, a: Loc) {
        let b = self.b;
        let kind = self.kind_of::<K>(p);
        // The line slots (0-7) as one word, a byte a slot: read once, the pieces taken from
        // it.
        let row = &self.t.slots[a];
        let word = slot_word(row, 0);
        // The slots that hold a piece (bit 7 of their byte), less those of the lines `p`
        // moves on itself.
        let mut lines = nonzero_bytes(word);
        if kind.rfpcs() {
            lines &= !0x8080_8080;
        }
        if kind.ddpcs() {
            lines &= !(0x8080_8080 << 32);
        }
        while lines != 0 {
            let s = lines.trailing_zeros() as usize / 8;
            lines &= lines - 1;
            let step = DIR[s];
            let j = (word >> (8 * s)) as u8 as Pc;
            // A piece (the slot is held): a slider if its kind is one.
            let k = b.kind[j];
            if !(k.rfpcs() || k.ddpcs()) || j == p {
                continue;
            }
            let same = side_of(j) == self.side::<S>();
            let mut l = a;
            loop {
                l = l.wrapping_add_signed(step);
                if b.border(l) {
                    break;
                }
                if same {
                    self.r -= self.v.sqval[l];
                } else {
                    self.r += self.v.sqval[l];
                }
                if b.board[l] != 0 {
                    break;
                }
            }
        }
    }

    /// `LMUA` (4712-4869): for each line the moving piece blocked (`BDBLK`), the line's owner
    /// sees on: along our line every square is scored as our own range would be (`LMUAGR`,
    /// discovered checks included); along his, each square costs 8 and an uncovered attack on
    /// one of our pieces its loss (`LMUOA`). Moving along the line only adds the attack on the
    /// new square. False if the move exposes our king (`LMV6A`: the move is dropped).
    fn unblock<const K: u8, const S: usize>(&mut self, p: Pc, a: Loc) -> bool {
        let b = self.b;
        let i = self.side::<S>();
        let origin = b.piecel[p];
        if self.walks.piece != p {
            self.blocked_lines(p);
        }
        let every = ((1u16 << self.walks.count) - 1) as u8;
        if self.walks.through & 1 << SQ[a] == 0
            && self.walks.known == every
            && !self.walks.known_sum.exposed
            && !self.undo_every_walk
        {
            // A square on none of the lines: every walk, as known.
            let mut unmade = every & !self.walks.made;
            while unmade != 0 {
                self.remake(unmade.trailing_zeros() as usize);
                unmade &= unmade - 1;
            }
            let sum = self.walks.known_sum;
            self.add_walk(&sum);
            return true;
        }
        for k in 0..self.walks.count as usize {
            let line = self.mem.lines[k];
            let (tt, d, side, word) = (
                line.tt as Pc,
                line.d as usize,
                (line.side & 1) as usize,
                line.word,
            );
            if line.at as Loc == a {
                continue;
            }
            if line.line & 1 << SQ[a] != 0 {
                // Moving along the line.
                if self.kind_of::<K>(p) != Kind::Pawn && !line.enemy {
                    continue;
                }
                let s = line.at as i64 - a as i64;
                let zr = a as i64 - origin as i64;
                if (s ^ zr) >= 0 {
                    continue;
                }
                self.t.attacks[side][a] += word;
                self.t.slots[a][d] = tt as u8;
                self.log(Along {
                    side: side as u8,
                    word,
                    a: a as u8,
                    d: d as u8,
                });
                continue;
            }
            let slot = line.slot as usize;
            if self.walks.known & 1 << k != 0 {
                // A walk made for an earlier move of the piece: the same squares, and the same
                // additions (the walk's squares are none of the other lines', and its scoring
                // reads no slot); the tables may still hold it (see `Walks`).
                let e = self.mem.at[k];
                if self.walks.made & 1 << k == 0 {
                    self.remake(k);
                }
                self.add_walk(&e);
                if e.exposed {
                    return false;
                }
                continue;
            }
            let mut walk = Walk { len: 0, at: [0; 7] };
            scoring_line(b, tt, origin, DIR[d], d >= 4, &mut |l| {
                if !b.border(l) {
                    walk.at[walk.len as usize] = l as u8;
                    walk.len += 1;
                }
            });
            // The squares are given the attack one by one (as far as the walk goes: it stops
            // where our king is found exposed), and the log takes them all at once.
            let (r, lmfors, ickf) = (self.r, self.lmfors, self.ickf);
            self.ickf = false;
            let mut given = 0;
            let mut exposed = false;
            self.walks.made |= 1 << k;
            for l in walk.squares() {
                self.t.attacks[side][l] += word;
                given += 1;
                self.walk_set(l, slot, tt);
                if !line.enemy {
                    // LMUAGR.
                    self.lmgr2::<S>(tt, b.kind[tt], l);
                } else {
                    // LMUOA.
                    self.r -= OPSQV;
                    // A walk's square is on the board: its byte is 0 or a piece's number.
                    let x = b.board[l] as Pc;
                    if x != 0 && side_of(x) == i {
                        if l == b.piecel[king(i)] {
                            exposed = true;
                            break;
                        }
                        if count(self.ours_s::<S>(l)) < count(self.theirs_s::<S>(l)) {
                            self.r -= b.pvalue[x] as i64;
                        } else {
                            let t2 = (b.pvalue[tt] - b.pvalue[x]) as i64;
                            if t2 >= 0 {
                                self.r -= OPATV;
                            } else {
                                self.r += t2;
                            }
                        }
                    }
                }
            }
            let walk = Walk { len: given, ..walk };
            self.walks.known |= 1 << k;
            let e = WalkEffect {
                walk,
                r: self.r - r,
                lmfors: self.lmfors - lmfors,
                ickf: self.ickf,
                exposed,
            };
            self.mem.at[k] = e;
            let sum = &mut self.walks.known_sum;
            sum.r += e.r;
            sum.lmfors += e.lmfors;
            sum.ickf |= e.ickf;
            sum.exposed |= e.exposed;
            self.ickf |= ickf;
            if exposed {
                return false;
            }
        }
        true
    }

    /// The lines piece `p` blocks (`BDBLK`, the sliders `BDAST` names), for [`Pmg::unblock`]
    /// to read at each of its moves, their walks not yet known.
    fn blocked_lines(&mut self, p: Pc) {
        let b = self.b;
        let origin = b.piecel[p];
        self.walks.piece = p;
        self.walks.count = 0;
        self.walks.through = 0;
        self.walks.known = 0;
        self.walks.known_sum = WalkEffect::default();
        self.walks.each_move = 0;
        // The directions marked, in order: the bytes of the piece's eight that are not 0.
        let mut marked = u64::from_le_bytes(self.t.bdblk[p]);
        while marked != 0 {
            let d = marked.trailing_zeros() as usize / 8;
            marked &= !(0xff << (8 * d));
            let idx = self.t.bdblk[p][d] as usize;
            let tt = b.bdast[idx] as Pc;
            if tt == 0 || b.piecel[tt] == 0 {
                continue;
            }
            let enemy = side_of(tt) != side_of(p);
            // LMUOA records the line in `RDAT(J)`, and `LMUA6S` has taken 4 off J for a
            // diagonal: a bishop's line lands in a rank or file slot, which the undo (by the
            // right direction) does not clear, so it stays for the rest of this run of the
            // generator.
            let slot = if enemy && d >= 4 { d - 4 } else { d };
            if slot != d || self.undo_every_walk {
                self.walks.each_move |= 1 << self.walks.count;
            }
            let (from, at) = (Square::new(SQ[origin]), Square::new(SQ[b.piecel[tt]]));
            let line = line(from, at).0;
            self.walks.through |= line;
            self.mem.lines[self.walks.count as usize] = Blocked {
                d: d as u8,
                tt: tt as u8,
                at: b.piecel[tt] as u8,
                enemy,
                side: if enemy { 1 - self.i } else { self.i } as u8,
                slot: slot as u8,
                word: attack_word(b.kind[tt]),
                line,
            };
            self.walks.count += 1;
        }
    }

    /// Logs a change of `LMUA` for its undo.
    fn log(&mut self, ch: Along) {
        self.mem.log[self.logged] = ch;
        self.logged += 1;
    }

    /// Records `tt` in slot `d` of `l` if that slot is empty (`SKIPN T1 / DPB B,RDAT`).
    fn walk_set(&mut self, l: Loc, slot: usize, tt: Pc) {
        if self.t.slots[l][slot] == 0 {
            self.t.slots[l][slot] = tt as u8;
        }
    }

    /// Adds what a known walk (or the sum of them) adds to the move's score: R, `LMFORS`, `ICKF`.
    fn add_walk(&mut self, e: &WalkEffect) {
        self.r += e.r;
        self.lmfors += e.lmfors;
        self.ickf |= e.ickf;
    }

    /// Makes the known walk of line `k` again: its attacks given, its slider recorded.
    fn remake(&mut self, k: usize) {
        let line = self.mem.lines[k];
        let (side, slot) = ((line.side & 1) as usize, line.slot as usize);
        self.walks.made |= 1 << k;
        let walk = self.mem.at[k].walk;
        for l in walk.squares() {
            self.t.attacks[side][l] += line.word;
            self.walk_set(l, slot, line.tt as Pc);
        }
    }

    /// Undoes the walk of line `k` (`LMV6D`, `LMV6E` 4801-4807): its attacks taken off, and
    /// each slot of its direction that holds the slider cleared (`CAIN R,(D) / DPB TT,...`).
    fn unwalk(&mut self, k: usize) {
        let line = self.mem.lines[k];
        let d = line.d as usize;
        self.walks.made &= !(1 << k);
        for l in self.mem.at[k].walk.squares() {
            self.t.attacks[(line.side & 1) as usize][l] -= line.word;
            if self.t.slots[l][d] == line.tt {
                self.t.slots[l][d] = 0;
            }
        }
    }

    /// Undoes the walks the tables hold on lines through `a` (see [`Walks`]): before a move
    /// to `a`.
    fn unwalk_lines_through(&mut self, a: Loc) {
        let mut made = self.walks.made;
        while made != 0 {
            let k = made.trailing_zeros() as usize;
            made &= made - 1;
            if self.mem.lines[k].line & 1 << SQ[a] != 0 {
                self.unwalk(k);
            }
        }
    }

    /// Undoes every walk the tables hold (see [`Walks`]): after a piece's last move.
    fn unwalk_all(&mut self) {
        while self.walks.made != 0 {
            self.unwalk(self.walks.made.trailing_zeros() as usize);
        }
    }
}

/// The square values (`SQVAL`) of the side to move.
///
/// A range's values are summed as a set (see [`Pmg::lmgr1a`]). [`BSQVAL`] a square, what every
/// position adds (the centre), what the enemy king's squares add and what our pieces' squares
/// add are multiples of 4 below 64 together, and are kept in bit planes (`planes[k]`: the
/// squares whose sum has bit `k + 2` set), so that a range's sum is four counts of its squares
/// in the planes; what a piece en prise risks is kept apart (`risky`, `risk`), on the few
/// squares that have it.
#[derive(Copy, Clone)]
struct SquareValues {
    /// By the program's square.
    sqval: [i64; BD2],
    /// Bit `k` of the planes' sum (the value but what a piece risks), in fours, by our square
    /// index.
    planes: [u64; PLANES],
    /// The squares (our indices) where a piece en prise risks something.
    risky: u64,
    /// What the piece risks, on the squares of `risky` (the others are never read).
    risk: [i64; 64],
}

/// The bit planes of [`SquareValues`]: the sums they hold are at most 8 ([`BSQVAL`]) + 20 (the
/// centre) + 16 (next to the enemy king) + 8 (under our piece) = 52, below 4 * 2^4.
const PLANES: usize = 4;

impl Default for SquareValues {
    fn default() -> SquareValues {
        START_VALUES[0]
    }
}

impl SquareValues {
    /// The values of every position ([`START_VALUES`]) for side `i`. What a piece risks is
    /// not copied: it is read only where `risky` says it was written since.
    #[inline(always)]
    fn start(&mut self, i: usize) {
        let start = &START_VALUES[i];
        // Rows 2-9, the board's (the border columns between them too): the values of the
        // squares beyond them are never read.
        self.sqval[ROW_SQUARES].copy_from_slice(&start.sqval[ROW_SQUARES]);
        self.planes = start.planes;
        self.risky = 0;
    }

    /// Adds `v` (a multiple of 4, see [`PLANES`]) to the value of each square of `squares`
    /// (our square indices, on the board).
    const fn add_all(&mut self, squares: u64, v: i64) {
        let mut m = squares;
        while m != 0 {
            let s = m.trailing_zeros() as usize;
            m &= m - 1;
            self.sqval[LOC[s] as Loc] += v;
        }
        // Each set bit of v / 4 added to the planes as a bit-sliced sum: the carry moves up.
        debug_assert!(v >= 0 && v % 4 == 0 && v < 4 << PLANES);
        let mut k = 0;
        while k < PLANES {
            if (v >> 2) & (1 << k) != 0 {
                let mut carry = squares;
                let mut j = k;
                while j < PLANES {
                    let next = self.planes[j] & carry;
                    self.planes[j] ^= carry;
                    carry = next;
                    j += 1;
                }
                debug_assert!(carry == 0);
            }
            k += 1;
        }
    }

    /// Adds `v` to the value of square `l` (on the board), what a piece en prise there risks.
    const fn add_risk(&mut self, l: Loc, v: i64) {
        self.sqval[l] += v;
        let s = SQ[l] as usize;
        if self.risky & 1 << s == 0 {
            self.risky |= 1 << s;
            self.risk[s] = 0;
        }
        self.risk[s] += v;
    }

    /// What the squares of `range` (our square indices) are worth together: [`BSQVAL`] each
    /// counted in the planes with the rest (it was counted apart, a count and a product more).
    #[inline(always)]
    fn sum(&self, range: u64) -> i64 {
        let count = |k: usize| (range & self.planes[k]).count_ones() as i64;
        let mut sum = 4 * (count(0) + 2 * count(1) + 4 * count(2) + 8 * count(3));
        let mut risky = range & self.risky;
        while risky != 0 {
            sum += self.risk[risky.trailing_zeros() as usize];
            risky &= risky - 1;
        }
        sum
    }

    /// [`SquareValues::sum`] of square `s` (our index) alone.
    #[cfg(test)]
    fn square_sum(&self, s: usize) -> i64 {
        self.sum(1 << s)
    }
}

/// `STATE2` (3403-3416), the square values of every position, by the side to move: 8
/// each; the centre 12 on our side, 20 on his; 8 more around it (see [`Pmg::square_values`]
/// for the rest).
const START_VALUES: [SquareValues; 2] = [start_values(0), start_values(1)];

/// [`START_VALUES`] of side `i`.
const fn start_values(i: usize) -> SquareValues {
    // BSQVAL on every square (8 = 4 * 2: plane 1 full).
    let mut v = SquareValues {
        sqval: [BSQVAL; BD2],
        planes: [0, u64::MAX, 0, 0],
        risky: 0,
        risk: [0; 64],
    };
    let (near, far) = if i == 0 {
        (CSQV - 4, CSQV + 4)
    } else {
        (CSQV + 4, CSQV - 4)
    };
    // WKB3 = KB3: row 4, column 3 (3368).
    let wkb3 = 4 * BW + 3;
    v.add_all(BIT[wkb3 + BW + 1] | BIT[wkb3 + BW + 2], near);
    v.add_all(BIT[wkb3 + 2 * BW + 1] | BIT[wkb3 + 2 * BW + 2], far);
    let around = [
        0,
        1,
        2,
        3,
        BW,
        BW + 3,
        2 * BW,
        2 * BW + 3,
        3 * BW,
        3 * BW + 1,
        3 * BW + 2,
        3 * BW + 3,
    ];
    let mut k = 0;
    while k < around.len() {
        v.add_all(BIT[wkb3 + around[k]], NCSQV);
        k += 1;
    }
    v
}

/// For each of the program's squares `l` (on the board or not), the board squares (our
/// indices) that share with it, as `LMFA` and `LMDA` (4172-4199) compare them, its rank
/// (`BRANK`), its file (`BFILE`), its `BPDAG` diagonal and its `BMDAG` diagonal.
const KING_LINES: [[u64; 4]; BD2] = {
    let mut lines = [[0; 4]; BD2];
    let mut l = 0;
    while l < BD2 {
        let mut s = 0;
        while s < 64 {
            let m = LOC[s] as usize;
            let keys = [
                (brank(m), brank(l)),
                (bfile(m), bfile(l)),
                (bpdag(m), bpdag(l)),
                (bmdag(m), bmdag(l)),
            ];
            let mut k = 0;
            while k < 4 {
                if keys[k].0 == keys[k].1 {
                    lines[l][k] |= 1 << s;
                }
                k += 1;
            }
            s += 1;
        }
        l += 1;
    }
    lines
};

/// The first tests of `LMGR2` (4630-4710) on square `l` in the range of a piece of `side`: the
/// square's value (0 off the board), and the enemy piece standing there (0 if none).
#[inline(always)]
fn square_value(b: &Board, sqval: &[i64; BD2], side: usize, l: Loc) -> (i64, Pc) {
    if b.border(l) {
        return (0, 0);
    }
    // On the board the byte is 0 or a piece's number (`Board::at` need not clamp it).
    let t1 = b.board[l] as Pc;
    debug_assert_eq!(t1, b.at(l));
    let enemy = if t1 != 0 && side_of(t1) != side {
        t1
    } else {
        0
    };
    (sqval[l], enemy)
}

/// `LMCPB` (4162-4170): for the side to move in `b`, K3 and Q3 while the pawn in front of
/// them has not moved (0 once it has): a piece moving there pays [`BCPVLU`].
fn lmcpb(b: &Board) -> [Loc; 2] {
    let i = b.side;
    let (k3, q3) = if i == 0 {
        (4 * BW + 4, 4 * BW + 5)
    } else {
        (7 * BW + 4, 7 * BW + 5)
    };
    let [kp, qp] = centre_pawns(i);
    [
        if b.nmoves[kp] == 0 { k3 } else { 0 },
        if b.nmoves[qp] == 0 { q3 } else { 0 },
    ]
}

/// `SKIPGE CSQP(A)`: whether a pawn attacking `l` attacks a centre square (the table, `CSQP`
/// 5157-5164, is -1 on K4 Q4 K5 Q5). It ends at square 99: from the eighth rank a pawn looks up
/// squares 100-108, which read the `LMGT` table behind it, negative for a piece that is a
/// pawn (`SETZ LMWPW`) — so a promotion counts two centre squares.
fn csqp(b: &Board, l: Loc) -> bool {
    match l {
        54 | 55 | 64 | 65 => true,
        100..=108 => b.pawn(l - 99),
        _ => false,
    }
}

/// Whether a piece of kind `k` is worth [`KQV`] or more, a king or queen to the generator
/// (`CAIL Q,KQV`, 4299): a pawn's value grows by 8 a rank, to 176; one promoted to a queen is
/// worth 1296, to another kind less than `KQV`.
const fn king_or_queen(k: Kind) -> bool {
    matches!(k, Kind::Queen | Kind::King)
}

/// `LSH R,-1` on a 36-bit word: a negative value becomes a large positive one.
fn lsh_right(r: i64) -> i64 {
    ((r as u64 & 0o777_777_777_777) >> 1) as i64
}

/// `SORT` (6062-6092): radix exchange on bits 11..0 of the plausibility, highest first. It is
/// not stable: the order of equal plausibilities comes from the exchanges.
pub fn sort(v: &mut [Entry]) {
    sort_with(v, |e| e.plausibility);
}

/// `SORT` on any key.
///
/// The exchanges are made on 32-bit words that hold each entry's 12 key bits above its index
/// (bits 16-27 and 0-15), and the entries put in their order once at the end: the same
/// exchanges as on the program's three-word entries, with less to move and compare.
pub fn sort_with<T: Copy>(v: &mut [T], key: impl Fn(&T) -> i64) {
    /// Lists up to this long (the capture search's, `STATE5`: 13 of the 4,138 of `machack
    /// bench --table off` that are sorted are longer, none of them shorter than 31) are sorted
    /// in memory on the stack, not allocated; no longer, as that memory is filled first.
    const SHORT: usize = 8;
    let n = v.len();
    if n < 2 {
        return;
    }
    // An entry's index is kept in 16 bits of its word (a list of the generator or the capture
    // search holds a few dozen moves; a chess position has at most 218).
    debug_assert!(n <= 1 << 16, "{n} entries to sort");
    if n == 2 {
        // Two entries (most capture lists that are sorted at all): the pass on the highest
        // key bit they differ in puts the second first if it has the bit, that is if its key
        // is the greater; equal keys stay (see `pass`).
        if key(&v[0]) as u32 & 0o7777 < key(&v[1]) as u32 & 0o7777 {
            v.swap(0, 1);
        }
    } else if n <= SHORT {
        let (mut words, mut entries) = ([0; SHORT], [v[0]; SHORT]);
        sort_through(v, key, &mut words[..n], &mut entries[..n]);
    } else {
        sort_through(v, key, &mut vec![0; n], &mut v.to_vec());
    }
}

/// [`sort_with`] in the memory given for the words and for a copy of the entries, each as
/// long as `v`.
fn sort_through<T: Copy>(
    v: &mut [T],
    key: impl Fn(&T) -> i64,
    words: &mut [u32],
    entries: &mut [T],
) {
    for (w, k) in words.iter_mut().zip(sort_key_words(v, key)) {
        *w = k;
    }
    entries.copy_from_slice(v);
    sort1(words, 11);
    for (e, &w) in v.iter_mut().zip(words.iter()) {
        *e = entries[(w & 0xffff) as usize];
    }
}

/// The words [`sort_with`] exchanges: each entry's 12 key bits above its index.
fn sort_key_words<'a, T>(
    v: &'a [T],
    key: impl Fn(&T) -> i64 + 'a,
) -> impl Iterator<Item = u32> + 'a {
    v.iter()
        .enumerate()
        .map(move |(i, e)| ((key(e) as u32 & 0o7777) << 16) | i as u32)
}

/// How many of the greatest words [`first_known`] keeps.
const TOP: usize = 8;

/// The [`TOP`] greatest of the words of [`sort_with`], greatest first, and how many of them
/// come first in `SORT`'s order as they stand: those before the first whose key another word
/// has (or may have: a word left out with the same key).
///
/// `SORT` is a sort (6062-6092): a move whose key is its own stands after exactly the moves
/// with greater keys, whatever the exchanges. Only the order of equal keys comes from the
/// exchanges, and there [`Sorting::get`] makes `SORT1`'s passes. One pass over the words, the
/// few that may be among the greatest put in their place, instead of a pass a key bit on the
/// ranges read: `machack bench --table off` reads 6 of a list's 29 moves on average, 65,386
/// of its 69,437 reads are known so, and 6,898 of its 11,222 lists make no pass.
fn first_known(words: &[u32]) -> ([u32; TOP], usize) {
    let n = words.len();
    let len = n.min(TOP);
    let mut top = [0; TOP];
    top[..len].copy_from_slice(&words[..len]);
    sort_top(&mut top);
    // The greatest key of a word left out that `top` may hold too (-1: none).
    let mut dropped = -1i32;
    if n > TOP {
        // A word below `floor` (the key of `top`'s last, index bits clear) has a key below
        // all `top` will hold.
        let mut floor = top[TOP - 1] & 0xffff_0000;
        for &w in &words[TOP..] {
            if w < floor {
                continue;
            }
            // A word read later has a greater index than every word in `top`: with a key at
            // least the last's, it is greater, and takes the last's place. The words left out
            // so grow (the last of `top` only grows): the greatest key left out is the last's.
            dropped = (top[TOP - 1] >> 16) as i32;
            let mut j = TOP - 1;
            while j > 0 && top[j - 1] < w {
                top[j] = top[j - 1];
                j -= 1;
            }
            top[j] = w;
            floor = top[TOP - 1] & 0xffff_0000;
        }
    }
    let mut known = 0;
    while known < len {
        let key = top[known] >> 16;
        if (known + 1 < len && top[known + 1] >> 16 == key) || key as i32 <= dropped {
            break;
        }
        known += 1;
    }
    (top, known)
}

/// The [`TOP`] words, greatest first: a sorting network of 19 exchanges, written out (words
/// past a short list's are 0, and go last).
#[inline(always)]
fn sort_top(t: &mut [u32; TOP]) {
    macro_rules! exchange {
        ($([$a:literal, $b:literal]),*) => {$(
            let (x, y) = (t[$a], t[$b]);
            (t[$a], t[$b]) = (x.max(y), x.min(y));
        )*};
    }
    exchange!(
        [0, 2],
        [1, 3],
        [4, 6],
        [5, 7],
        [0, 4],
        [1, 5],
        [2, 6],
        [3, 7],
        [0, 1],
        [2, 3],
        [4, 5],
        [6, 7],
        [2, 4],
        [3, 5],
        [1, 4],
        [3, 6],
        [1, 2],
        [3, 4],
        [5, 6]
    );
}

/// `SORT1` (6063-6092) on the words of [`sort_with`] from key bit `bit` down: one pass, then
/// each part on the next bit.
fn sort1(v: &mut [u32], bit: u32) {
    if let Some((s, next)) = pass(v, bit) {
        let (first, second) = v.split_at_mut(s);
        sort1(first, next);
        sort1(second, next);
    }
}

/// One pass of `SORT1` (6063-6092) on the words `v` from key bit `bit` down. None if that
/// leaves the range in its final order; else how many entries the pass put first (those
/// with the bit) and the key bit each part is to be sorted on next.
#[inline(always)]
fn pass(v: &mut [u32], bit: u32) -> Option<(usize, u32)> {
    let n = v.len();
    // SORT1: one entry or none.
    if n < 2 {
        return None;
    }
    // A pass on a bit all the keys of the range share leaves the range as it is (no exchange,
    // and the whole range goes on to the next bit): start at the highest bit they differ in,
    // and stop when they differ in none. Same order as `SORT`, fewer passes.
    let mask = ((2 << bit) - 1) << 16;
    if n == 2 {
        // Two keys: the pass on the highest bit they differ in exchanges them if the second
        // has it, that is if its key is the greater; equal keys stay.
        if v[0] & mask < v[1] & mask {
            v.swap(0, 1);
        }
        return None;
    }
    let (mut or, mut and) = (0, !0);
    for &w in v.iter() {
        or |= w;
        and &= w;
    }
    let differ = (or ^ and) & mask;
    if differ == 0 {
        return None;
    }
    let bit = 31 - differ.leading_zeros();
    let s = if n <= 64 {
        // SORT3-SORT2 run A up from the first entry past those with the bit and, at one
        // without it, B down from the last past those without; the two exchange. So the k-th
        // entry without the bit among the first `s` (as many as have it) changes places with
        // the k-th with it from the end: the same exchanges, found from a mask of the
        // entries that have the bit rather than by a branch on every entry.
        let has = having(v, bit);
        let s = has.count_ones() as usize;
        // (Some word lacks the bit, the highest the keys differ in: `s` is below 64.)
        let first = (1u64 << (s & 63)).wrapping_sub(1);
        let mut holes = !has & first;
        let mut movers = has & !first;
        while holes != 0 {
            let a = holes.trailing_zeros() as usize;
            // (There are as many movers as holes: `movers` is not 0, and its highest bit is
            // its log, found with no test for 0.)
            let b = (movers | 1).ilog2() as usize;
            v.swap(a, b);
            holes &= holes - 1;
            movers ^= 1 << b;
        }
        s
    } else {
        // SORT3-SORT2 as written.
        let set = |w: u32| w & (1 << bit) != 0;
        let (mut a, mut b) = (0, n);
        while a != b {
            if set(v[a]) {
                a += 1;
                continue;
            }
            b -= 1;
            if set(v[b]) {
                v.swap(a, b);
                a += 1;
            }
        }
        a
    };
    if bit == 16 {
        // The last bit: both parts are in their order.
        return None;
    }
    Some((s, bit - 17))
}

/// Bit i for each of the words `v` (at most 64) that has bit `bit`: four words read as two
/// 64-bit ones, the bit of each moved to bit 0 of its 32, the second pair's to bit 2, and the
/// four gathered by a shift (bit 32 + k to bit k + 1), the fours from the last one up.
#[inline(always)]
fn having(v: &[u32], bit: u32) -> u64 {
    const LANES: u64 = 0x0000_0001_0000_0001;
    let pair = |c: &[u32]| {
        let x = c
            .iter()
            .enumerate()
            .fold(0, |x, (j, &w)| x | (w as u64) << (32 * j));
        (x >> bit) & LANES
    };
    let four = |c: &[u32]| {
        let (a, b) = c.split_at(c.len().min(2));
        let x = pair(a) | pair(b) << 2;
        (x | x >> 31) & 0xf
    };
    let chunks = v.chunks_exact(4);
    let last = four(chunks.remainder());
    chunks.rev().fold(last, |has, c| has << 4 | four(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::c197::board::{NPC, bmdag};
    use crate::c197::cat::{CatFixes, Leftovers};
    use crate::c197::generate::KING_ORDER;
    use crate::notation::san;
    use crate::rules::{Move, Position};

    /// The position after the moves (coordinates) from the start, with the program's board.
    fn game(moves: &str) -> (Position, Board) {
        let mut pos = Position::startpos();
        let mut ms: Vec<Move> = Vec::new();
        for u in moves.split_whitespace() {
            let m = pos
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.coordinate() == u)
                .unwrap();
            pos.make(m);
            ms.push(m);
        }
        (pos, Board::from_game(&ms, |_, _| {}).unwrap())
    }

    /// The root list as `SAN plausibility` (a `*` for a developmentally poor move).
    fn root_list(pos: &Position, b: &Board, fixes: LmgFixes) -> Vec<String> {
        let t = Tables::compute(b, CatFixes::default(), &Leftovers::default());
        let legal = pos.legal_moves();
        Pmg::run(b, &t, 1, 2, Phase::at(b.plyn), fixes)
            .entries
            .iter()
            .map(|e| {
                let m = b.rules_move_in(&legal, e.mv).unwrap();
                let poor = if e.poor { "*" } else { "" };
                format!("{}{poor} {}", san::format(pos, m), e.plausibility)
            })
            .collect()
    }

    // `printed(name)`: a root list the running program printed, read from
    // `reference/c197/plausible-lists.txt` as the `machack plausible` tests read it.
    include!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/common/plausible_lists.rs"
    ));

    #[test]
    fn the_start_list_is_the_running_programs() {
        // Printed by c197 in the kit (SETD 1, SETW 99, every top-level move with its
        // plausibility): equal plausibilities in the order its generation (KR pawn first,
        // the pawn's single step before its double) and SORT leave them.
        let (moves, list) = printed("start");
        let (pos, b) = game(&moves);
        assert_eq!(root_list(&pos, &b, LmgFixes::default()), list);
    }

    #[test]
    fn a_middlegame_list_is_the_running_programs() {
        // Paper game 1 before 12. O-O, as the kit printed it: ties among pawns, pieces and
        // king moves in c197's order, two developmentally poor moves (bit 18).
        let (moves, list) = printed("game 1 before 12. O-O");
        let (pos, b) = game(&moves);
        assert_eq!(root_list(&pos, &b, LmgFixes::default()), list);
    }

    #[test]
    fn a_pawn_on_the_eighth_rank_reads_csqp_past_its_end() {
        // `CSQP` (5157-5164) ends at square 99; the squares a pawn on the eighth rank attacks
        // (100 on) read `LMGT`, which follows it: square 99 + n is piece n's word, negative
        // (`SETZ LMWPW`) for a pawn. So P-QR8 (98) counts 107, piece 8's word, the pawn
        // itself, and not 109, the KN's; 108 is the KR's.
        let mut b = Board::initial();
        assert!([54, 55, 64, 65].iter().all(|&l| csqp(&b, l)));
        assert!(!csqp(&b, 44) && !csqp(&b, 99));
        assert_eq!(
            (csqp(&b, 107), csqp(&b, 108), csqp(&b, 109)),
            (true, false, false)
        );
        b.kind[8] = Kind::Queen;
        assert!(!csqp(&b, 107));
    }

    #[test]
    fn an_even_capture_of_a_slider_reads_the_t2_its_walk_left() {
        // `LMGR6A` (4113-4121) calls `CBDV`, whose walk of the captured rook's lines (`LSROOK`,
        // 5042-5057) leaves in T2 the first piece of the last line that meets one, XORed with
        // the rook's `PIECE` word: negative for a piece of the other colour. `LMGR4C` (4237)
        // compares that T2 with our other attacks for `MJVLU`. R-K5xR/QR5, the black rook's
        // last line (down the file) meeting White's pawn on QR3: no bonus; Black's: 128.
        let bonus = |fen: &str| {
            let b = Board::from_position(&Position::from_fen(fen).unwrap());
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            let (phase, fixes) = (Phase::at(b.plyn), LmgFixes::default());
            let at = |s: &str| crate::c197::board::loc(crate::rules::Square::parse(s).unwrap());
            let (rook, a5) = (b.at(at("e5")), at("a5"));
            assert_eq!((b.kind[rook], b.kind[b.at(a5)]), (Kind::Rook, Kind::Rook));
            // What CBDV adds (White moves): the values of the squares in the captured rook's range.
            let mut ws = Workspace::default();
            let mut g = Pmg::<false>::unvalued(&b, &t, &mut ws, 1, 2, phase, fixes);
            g.square_values();
            g.cbdv::<0>(b.at(a5));
            let (steps, _) = Pmg::trace(
                &b,
                &t,
                1,
                2,
                phase,
                fixes,
                CMove {
                    piece: rook,
                    to: a5,
                },
            );
            let r_at = |label| steps.iter().find(|s| s.0 == label).unwrap().1;
            r_at("LMGR3 LMGR4") - r_at("LMFA LMDA") - g.r
        };
        assert_eq!(bonus("8/8/1k6/r3R3/8/P7/8/7K w - - 0 40"), 0);
        assert_eq!(bonus("8/8/1k6/r3R3/8/p7/8/7K w - - 0 40"), MJVLU);
    }

    #[test]
    fn walks_left_in_the_tables_score_as_walks_undone_after_each_move() {
        // LMUA's walks stay in the tables from one move of a piece to the next (see `Walks`):
        // the lists of positions of random games, at each level's width and capture rule,
        // are the same as when every walk is undone after each move, as the program does.
        let mut walked = 0;
        for (n, (b, pos)) in crate::c197::board::random_positions()
            .into_iter()
            .enumerate()
            .step_by(3)
        {
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            let lmgd2 = 1 + n as u32 % 4;
            let list = |undo_every_walk: bool| {
                let mut ws = Workspace::default();
                let (phase, fixes) = (Phase::at(b.plyn), LmgFixes::default());
                let mut g = Pmg::<false>::unvalued(&b, &t, &mut ws, lmgd2, 2, phase, fixes);
                g.square_values();
                g.undo_every_walk = undo_every_walk;
                let pieces = g.generate();
                (g.entries, pieces, g.nckf)
            };
            let kept = list(false);
            assert_eq!(kept, list(true), "{}", pos.to_fen());
            if (1..=32).any(|p| u64::from_ne_bytes(t.bdblk[p]) != 0 && b.piecel[p] != 0) {
                walked += 1;
            }
        }
        // Positions with a piece that blocks a line (a regression pin of the sample).
        assert_eq!(walked, 3165);
    }

    /// Piece `p`'s move to `a` scored alone, by the generator's instance of `LMGR` for its
    /// kind and side `S` (the list's, not the trace's).
    fn scored_alone<const S: usize>(g: &mut Pmg<false>, p: Pc, a: Loc) -> Option<Entry> {
        let mut square = Squares::new();
        square.push(a);
        g.moves_of::<S>(p, &mut square, &None);
        g.entries.first().copied()
    }

    /// [`Pmg::square_values`] as first written: the squares around the enemy king in
    /// `KING_ORDER` (off the board too), then our pieces one by one in number order.
    fn square_values_piece_by_piece(g: &mut Pmg<false>) {
        let i = g.i;
        let ek = g.b.piecel[king(1 - i)];
        for o in KING_ORDER {
            // Off the board a square's value is never read.
            g.v.add_all(BIT[ek.wrapping_add_signed(o)], NKVLU);
        }
        for p in 1 + NPCS * i..=NPCS + NPCS * i {
            let a = g.b.piecel[p];
            if a == 0 || g.b.pvalue[p] >= KQV {
                continue;
            }
            g.v.add_all(BIT[a], 8);
            if let Some(mut s) = g.at_risk(p, a) {
                if !crate::c197::generate::trapped(g.b, g.t, p) {
                    s >>= 1;
                }
                g.v.add_risk(a, s);
            }
        }
    }

    #[test]
    fn the_square_values_by_sets_are_those_piece_by_piece() {
        // Positions of random games, either side to move: the same value on every square of
        // the board.
        let mut risked = 0;
        for (b, _) in crate::c197::board::random_positions() {
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            let (phase, fixes) = (Phase::at(b.plyn), LmgFixes::default());
            let values = |by_sets: bool| {
                let mut ws = Workspace::default();
                let mut g = Pmg::<false>::unvalued(&b, &t, &mut ws, 1, 2, phase, fixes);
                if by_sets {
                    g.square_values();
                } else {
                    square_values_piece_by_piece(&mut g);
                }
                let on_board = LOC.map(|l| g.v.sqval[l as Loc]);
                let over: [i64; 64] = std::array::from_fn(|s| g.v.square_sum(s) - BSQVAL);
                (on_board, over)
            };
            let (by_sets, plain) = (values(true), values(false));
            assert_eq!(by_sets, plain);
            // Squares worth more than 16 over the base (a regression pin of what the sample
            // covers).
            risked += by_sets.1.iter().filter(|&&v| v > NKVLU).count();
        }
        assert_eq!(risked, 45_564);
    }

    /// A generator run on every third of the positions of random games
    /// ([`random_positions`](crate::c197::board::random_positions)), its square values made,
    /// handed to `f` with its board.
    fn with_valued_generators(mut f: impl FnMut(&Board, &mut Pmg<'_, false>)) {
        for (b, _) in crate::c197::board::random_positions()
            .into_iter()
            .step_by(3)
        {
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            let (phase, fixes) = (Phase::at(b.plyn), LmgFixes::default());
            let mut ws = Workspace::default();
            let mut g = Pmg::<false>::unvalued(&b, &t, &mut ws, 1, 2, phase, fixes);
            g.square_values();
            f(&b, &mut g);
        }
    }

    #[test]
    fn a_captured_pieces_development_by_sets_is_its_walk_summed() {
        // Every knight, bishop, rook and queen of either side on the board, in positions of
        // random games: what `CBDV` adds, from the sets, against the values of the squares
        // `lmgstd` hands over on the board, summed one by one.
        let mut victims = 0;
        with_valued_generators(|b, g| {
            for v in 1..=NPC {
                if b.piecel[v] == 0 || matches!(b.kind[v], Kind::Pawn | Kind::King) {
                    continue;
                }
                let mut plain = 0;
                lmgstd(b, v, b.piecel[v], &mut |l, q| {
                    if q >= 0 {
                        plain += g.v.sqval[l];
                    }
                });
                g.r = 0;
                g.cbdv::<ANY_SIDE>(v);
                assert_eq!(g.r, plain, "piece {v}");
                victims += 1;
            }
        });
        // The count of this sample (a regression pin).
        assert_eq!(victims, 38_900);
    }

    #[test]
    fn a_sets_values_by_the_planes_are_its_squares_values_summed() {
        // Positions of random games, either side to move: the ranges of every piece of
        // either side from every square, and sets of random squares, summed as
        // `Pmg::lmgr1a` sums them and square by square.
        let mut next = xorshift(0x05ee_d0f5_a1e5);
        let mut sets = 0;
        with_valued_generators(|_, g| {
            let plain = |set: u64| {
                (0..64)
                    .filter(|&s| set & 1 << s != 0)
                    .map(|s| g.v.sqval[LOC[s] as Loc])
                    .sum::<i64>()
            };
            let mut ranges: Vec<u64> = (0..8).map(|_| next() & next()).collect();
            for kind in [
                Kind::Knight,
                Kind::Bishop,
                Kind::Rook,
                Kind::Queen,
                Kind::King,
            ] {
                for side in 0..2 {
                    ranges.extend(LOC.map(|l| g.occupancy.range(kind, side, l as Loc)));
                }
            }
            for range in ranges {
                assert_eq!(g.v.sum(range), plain(range));
                sets += 1;
            }
        });
        assert_eq!(sets, 2_050_920);
    }

    #[test]
    fn the_trace_scores_every_move_as_the_generator_does() {
        // The trace's scoring is built once, for any kind and side (`ANY_KIND`, `ANY_SIDE`),
        // the generator's for each kind and side: every move listed in positions of random
        // games (either side to move, in check or not), at each level, scored alone by each,
        // gets the same entry; castling, the entry the list has.
        let mut traced = [0; 2];
        for (n, (b, pos)) in crate::c197::board::random_positions()
            .into_iter()
            .enumerate()
            .step_by(7)
        {
            let t = Tables::compute(&b, CatFixes::default(), &Leftovers::default());
            let (lmgd2, phase, fixes) = (1 + n as u32 % 4, Phase::at(b.plyn), LmgFixes::default());
            for e in Pmg::run(&b, &t, lmgd2, 2, phase, fixes).entries {
                let (_, traced_entry) = Pmg::trace(&b, &t, lmgd2, 2, phase, fixes, e.mv);
                let scored = if e.mv.piece == 0 {
                    Some(e)
                } else {
                    let mut ws = Workspace::default();
                    let mut g = Pmg::<false>::unvalued(&b, &t, &mut ws, lmgd2, 2, phase, fixes);
                    g.square_values();
                    let (p, a) = (e.mv.piece, e.mv.to);
                    if b.side == 0 {
                        scored_alone::<0>(&mut g, p, a)
                    } else {
                        scored_alone::<1>(&mut g, p, a)
                    }
                };
                assert_eq!(traced_entry, scored, "{} {:?}", pos.to_fen(), e.mv);
                traced[b.side] += 1;
            }
        }
        assert_eq!(traced, [21291, 21089]);
    }

    /// `LBL` (4897-4932) as first written: the line slots of `a` read one by one.
    fn lbl_slot_by_slot(g: &Pmg<false>, p: Pc, a: Loc) -> i64 {
        let (b, kind) = (g.b, g.b.kind[p]);
        let mut r = 0;
        for (s, step) in DIR.into_iter().enumerate() {
            let j = g.t.slots[a][s] as Pc;
            if j == 0 || (s < 4 && kind.rfpcs()) || (s >= 4 && kind.ddpcs()) {
                continue;
            }
            if !(b.rfpcs(j) || b.ddpcs(j)) || j == p {
                continue;
            }
            let mut l = a;
            loop {
                l = l.wrapping_add_signed(step);
                if b.border(l) {
                    break;
                }
                if side_of(j) == g.i {
                    r -= g.v.sqval[l];
                } else {
                    r += g.v.sqval[l];
                }
                if b.board[l] != 0 {
                    break;
                }
            }
        }
        r
    }

    #[test]
    fn lbl_from_the_slots_word_is_lbl_slot_by_slot() {
        // Every piece of the side to move, to every square on the board, in positions of
        // random games (either side to move): what `Pmg::blocking` adds to R is what the
        // slots read one by one add.
        let mut lines = 0;
        with_valued_generators(|b, g| {
            for p in (1 + NPCS * b.side..=NPCS + NPCS * b.side).filter(|&p| b.piecel[p] != 0) {
                for a in LOC.map(|l| l as Loc) {
                    g.r = 0;
                    g.blocking::<ANY_KIND, ANY_SIDE>(p, a);
                    let plain = lbl_slot_by_slot(g, p, a);
                    assert_eq!(g.r, plain);
                    lines += (plain != 0) as usize;
                }
            }
        });
        assert_eq!(lines, 1_169_124);
    }

    #[test]
    fn a_piece_worth_kqv_or_more_is_a_king_or_queen() {
        // `LMGR1A` halves a piece's development by its value (`CAIL Q,KQV`), read here from
        // its kind: the same for every piece of positions of random games (promotions too).
        let mut queens = 0;
        for (b, _) in crate::c197::board::random_positions() {
            for p in 1..=2 * NPCS {
                let kq = king_or_queen(b.kind[p]);
                if b.piecel[p] != 0 {
                    assert_eq!(kq, b.pvalue[p] >= KQV, "{p} {:?}", b.kind[p]);
                    queens += (b.kind[p] == Kind::Queen && p != queen(side_of(p))) as usize;
                }
            }
        }
        assert_eq!(queens, 114);
    }

    #[test]
    fn king_lines_are_the_squares_brank_bfile_bpdag_bmdag_match() {
        // Every square of the program's (the enemy king's, or 0 where it is gone) against
        // every board square.
        for (l, lines) in KING_LINES.iter().enumerate() {
            for (s, &a) in LOC.iter().enumerate() {
                let a = a as Loc;
                let on = lines.map(|m| m >> s & 1 == 1);
                let matches = [
                    brank(a) == brank(l),
                    bfile(a) == bfile(l),
                    bpdag(a) == bpdag(l),
                    bmdag(a) == bmdag(l),
                ];
                assert_eq!(on, matches, "square {l}, board square {a}");
            }
        }
    }

    #[test]
    fn sort_reads_the_low_12_bits_and_is_not_stable() {
        // SORT (6062-6092): a radix exchange from bit 11 down; the exchanges reverse two
        // equal keys here, and 4096 reads as 0.
        let mut v = [(1, 'a'), (1, 'b'), (2, 'c')];
        sort_with(&mut v, |e| e.0);
        assert_eq!(v.map(|e| e.1), ['c', 'b', 'a']);
        let mut v = [(4096, 'x'), (1, 'y')];
        sort_with(&mut v, |e| e.0);
        assert_eq!(v.map(|e| e.1), ['y', 'x']);
    }

    /// `SORT` (6062-6092) as written, one bit a pass from bit 11 down, for comparison.
    fn sort_as_written(v: &mut [(i64, usize)], bit: u32) {
        if v.len() < 2 {
            return;
        }
        let set = |e: &(i64, usize)| e.0 & (1 << bit) != 0;
        let (mut a, mut b) = (0, v.len());
        while a != b {
            if set(&v[a]) {
                a += 1;
                continue;
            }
            b -= 1;
            if set(&v[b]) {
                v.swap(a, b);
                a += 1;
            }
        }
        if bit > 0 {
            let (first, second) = v.split_at_mut(a);
            sort_as_written(first, bit - 1);
            sort_as_written(second, bit - 1);
        }
    }

    /// A xorshift generator of test lists from `seed`.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn sort_makes_the_programs_exchanges() {
        // Lists of 0 to 150 entries (the exchanges are found from a mask up to 64) with many
        // equal keys, whose order only the exchanges decide.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for n in (0..=70).chain([100, 128, 150]) {
            for _ in 0..20 {
                let keys = 1 + next() % 40;
                let v: Vec<(i64, usize)> = (0..n)
                    .map(|i| ((next() % keys * 8 + next() % 2 * 4096) as i64, i))
                    .collect();
                let mut written = v.clone();
                sort_as_written(&mut written, 11);
                let mut ours = v;
                sort_with(&mut ours, |e| e.0);
                assert_eq!(ours, written, "{n} entries");
            }
        }
    }

    /// A list's entry for the sort's tests: piece `i` (its place in the list), with the key.
    fn entry_to_sort(i: usize, plausibility: i64) -> Entry {
        Entry {
            mv: CMove { piece: i, to: 0 },
            plausibility,
            must: false,
            poor: false,
            safe: true,
        }
    }

    #[test]
    fn a_list_sorted_as_it_is_read_comes_in_sorts_order() {
        // Sorting::get makes SORT1's passes only on the ranges up to the entry read: lists of
        // 0 to 100 entries with many equal keys (and keys past 12 bits), read to every depth.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for n in (0..=70).chain([100]) {
            for _ in 0..10 {
                let keys = 1 + next() % 30;
                let entries: Vec<Entry> = (0..n)
                    .map(|i| entry_to_sort(i, (next() % keys * 16 + next() % 2 * 4096) as i64))
                    .collect();
                let mut sorted = entries.clone();
                sort(&mut sorted);
                let read = (next() % (n as u64 + 1)) as usize;
                let mut lazy = Sorting::new(entries, Vec::new(), 0, 0);
                let got: Vec<Entry> = (0..read).map(|k| lazy.get(k)).collect();
                assert_eq!(got, sorted[..read], "{n} entries, {read} read");
            }
        }
    }

    #[test]
    fn the_first_moves_of_keys_of_their_own_come_as_sorts_passes_leave_them() {
        // first_known's moves (Sorting::get reads them without a pass) against SORT as
        // written: lists of 0 to 70 entries with keys from 4,096 values down to 3 (so that
        // equal keys fall among the first, at the eighth, or past it), read to every depth.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut known = 0;
        for n in 0..=70 {
            for keys in [4096, 256, 64, 16, 3] {
                for _ in 0..4 {
                    let entries: Vec<Entry> = (0..n)
                        .map(|i| entry_to_sort(i, (next() % keys * (4096 / keys)) as i64))
                        .collect();
                    let mut written: Vec<(i64, usize)> = (entries.iter())
                        .map(|e| (e.plausibility, e.mv.piece))
                        .collect();
                    sort_as_written(&mut written, 11);
                    let sorted: Vec<Entry> = written.iter().map(|&(_, i)| entries[i]).collect();
                    let lazy = Sorting::new(entries, Vec::new(), 0, 0);
                    known += lazy.known;
                    for read in 0..=n {
                        let mut lazy = lazy.clone();
                        let got: Vec<Entry> = (0..read).map(|k| lazy.get(k)).collect();
                        assert_eq!(
                            got,
                            sorted[..read],
                            "{n} entries of {keys} keys, {read} read"
                        );
                    }
                }
            }
        }
        // The moves read without a pass, over the 1,420 lists (at most 8 a list).
        assert_eq!(known, 4825);
    }

    #[test]
    fn the_sorting_network_puts_any_eight_words_greatest_first() {
        // Every list of 0s and 1s (a network that sorts those sorts any list).
        for bits in 0..256u32 {
            let mut t: [u32; TOP] = std::array::from_fn(|k| bits >> k & 1);
            sort_top(&mut t);
            let ones = bits.count_ones() as usize;
            let want: [u32; TOP] = std::array::from_fn(|k| (k < ones) as u32);
            assert_eq!(t, want, "{bits:08b}");
        }
    }

    /// The moves whose plausibility the trade-policy fix changes, with the change.
    fn trade_fix_changes(fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let b = Board::from_position(&pos);
        let c197 = root_list(&pos, &b, LmgFixes::default());
        let fixed = root_list(&pos, &b, LmgFixes { trade_policy: true });
        let value = |list: &[String], m: &str| -> i64 {
            list.iter()
                .find_map(|e| e.strip_prefix(&format!("{m} ")))
                .unwrap()
                .parse()
                .unwrap()
        };
        let mut out: Vec<String> = c197
            .iter()
            .map(|e| e.split(' ').next().unwrap())
            .filter_map(|m| {
                let d = value(&fixed, m) - value(&c197, m);
                (d != 0).then(|| format!("{m} {d:+}"))
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn the_trade_policy_offers_even_trades_unless_behind_and_the_fix_as_its_comments_read() {
        // LMGR2E (4692-4710): a move that attacks an undefended enemy piece of its own type.
        // c197 gives -16 unless more than 416 behind; the fix +16 when more than 416 ahead,
        // -16 when more than 416 behind, 0 between. Even material: only Rh7, -16 -> 0.
        assert_eq!(
            trade_fix_changes("4k3/r7/6K1/8/8/8/8/7R w - - 0 1"),
            ["Rh7 +16"]
        );
        // A rook ahead: -16 -> +16. The rook on QR1 already attacks QR7: its moves off the
        // file lose that score from its current development (CDEVV, scored by the same rules).
        assert_eq!(
            trade_fix_changes("4k3/r7/6K1/8/8/8/8/R6R w - - 0 1"),
            [
                "Rab1 -32",
                "Rac1 -32",
                "Rad1 -32",
                "Rae1+ -32",
                "Raf1 -32",
                "Rag1 -32",
                "Rh7 +32",
                "Rxa7 -32"
            ]
        );
        // A bishop (448) behind: 0 -> -16.
        assert_eq!(
            trade_fix_changes("2b1k3/r7/6K1/8/8/8/8/7R w - - 0 1"),
            ["Rh7 -16"]
        );
    }
}
