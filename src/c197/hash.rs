//! c197's hash table (Thompson's scheme, SEARCH-TECHNIQUES §3): `HASHR` (c197 lines
//! 5203-5233), `HASHE`/`HASHE1` (5246-5253), `NHSW` (5239), the format (66-73) and the game's
//! positions. The tree's use of it, which reads and sets EVM's state, is in `evm.rs` with the
//! search: the probe in `LMG` (3384, 3394-3400), `HHVC` (5255-5305) and what is stored on the
//! way back. The table knows nothing of the tree.
//!
//! c197 assembles all of it out (`HSCOD=0 ;TEMP`, 3379) and leaves it unfinished: `LMGH1`,
//! where a position found goes, is referenced and never defined; nothing stores a searched
//! value, clears a pending mark or enters the game's positions. Those pieces are
//! reconstructions, each marked as one, after the nearest source with the table working,
//! CHESS C (`files/rg/c.558` in the public repository `PDP-10/its-vault`, "c.558" below),
//! where c197 leaves no trace of them.
//!
//! The table has `HTNE` entries of two words: the key (`HSTB`) and the information (`HSTBV`):
//!
//! | bits of `HSTBV` | field |
//! |---|---|
//! | 4.9-4.7 (bits 35 to 33) | code: 0 value, 1 at least (for the side to move), 2 at most, 3 position of the game, 4 pending in this search |
//! | rest of the left half, read as 7 bits (`220700`) | plies this information rests on: 69 for the game and pending ones |
//! | right half, signed (`HRRE`) | the value, White's |
//!
//! What the table is used for is `NHSW` ([`TableUse`]): off, draws only (the game's and the
//! line's positions; c197's initial value), or values as well.

use super::board::{Board, Loc, NPC, loc, square};
use super::generate::{BISHOP_DIRS, KING_ORDER, KNIGHT_ORDER, ROOK_DIRS};
use crate::interface::{RepetitionPolicy, TableStats, TableUse};
use crate::rules::PieceKind::{self, Pawn};
use crate::rules::{Key as RulesKey, Piece, Position, Square, zobrist};

/// A PDP-6 word: 36 bits.
const WORD: u64 = (1 << 36) - 1;
/// Its sign bit (bit 4.9).
const SIGN: u64 = 1 << 35;
/// The right half.
const HALF: u64 = (1 << 18) - 1;

/// `ROTC S,5` (5205, 5211): the two words `S` and `T1` (accumulators 13 and 14, c.558 lines
/// 52-53) rotated left five bits as one 72-bit word.
fn rotc5(s: u64, t: u64) -> (u64, u64) {
    (((s << 5) | (t >> 31)) & WORD, ((t << 5) | (s >> 31)) & WORD)
}

/// A position's key as `HASHR` computes it: `HSP`, the word stored and compared, and the word
/// the trial address comes from.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Key {
    /// `HSP` (5236), as `HASHR` sets it (`MOVEM S,HSP`, 5213): the key, its last bit the side
    /// to move.
    pub word: u64,
    /// `T1` after `TLZ T1,400000` (5214): the word divided by `HTNE` for the trial address.
    pub trial: u64,
}

/// `HASHR` (5203-5213): the key of the program's board: starting from `GHLOC` (the en passant
/// square), each of the 32 pieces' squares (`PIECEL`, 0 once taken) added, the pair rotated
/// and the square XORed in; then the side to move in the last bit (`DPB I,[100,,S]`).
///
/// Pieces are by number, not by kind, as everywhere in c197: two knights that have changed
/// squares make another key. Castling rights are not in it (c.558 adds them, its 23570-23586);
/// [`GamePositions`] keeps positions before a change of rights out of the table instead.
pub fn key(b: &Board) -> Key {
    let ghloc = b.ghloc as u64;
    let (mut s, mut t) = rotc5(ghloc, 0);
    s ^= ghloc;
    for p in 1..=NPC {
        let l = b.piecel[p] as u64;
        (s, t) = rotc5((s + l) & WORD, t);
        s ^= l;
    }
    Key {
        word: (s & !1) | b.side as u64,
        trial: t & !SIGN,
    }
}

/// The code of an entry (bits 4.9-4.7, lines 68-72).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// 0: the position's value.
    Value,
    /// 1: the value is at least this, for the side to move ("BETTER FOR SIDE TO MOVE").
    AtLeast,
    /// 2: the value is at most this ("WORSE FOR SIDE TO MOVE").
    AtMost,
    /// 3: a position reached in the game.
    InGame,
    /// 4: a position pending in the current search.
    Pending,
}

/// The plies field of the game's and the pending positions: "69 ACT GAME" (73), deeper than
/// any search, so that `HHVC`'s depth test always passes them.
pub const GAME_PLIES: u32 = 69;

/// One `HSTBV` word: `code`, `plies`, `value` (White's, in the right half).
pub fn word(code: Code, plies: u32, value: i64) -> u64 {
    ((code as u64) << 33) | (((plies as u64) & 0o177) << 18) | (value as u64 & HALF)
}

/// The pending word of the probe, `MOVSI T1,400069` (3398): code 4 and, the digits 6 and 9
/// making MIDAS read the number as decimal, a left half of 400069 mod 2^18, whose low 7 bits
/// are 69.
pub const PENDING: u64 = (400069 & HALF) << 18;

/// The code of an `HSTBV` word (`LDB S,[410300,,HSTBV(T1)]`, 5263).
pub fn code_of(w: u64) -> Code {
    match w >> 33 {
        0 => Code::Value,
        1 => Code::AtLeast,
        2 => Code::AtMost,
        3 => Code::InGame,
        // HHVCT1 (5266-5272): 5 and 6 fall through to 7, "HT LOSSAGE!"; nothing writes them.
        _ => Code::Pending,
    }
}

/// The plies field (`LDB S,[220700,,HSTBV(T1)]`, 5260).
pub fn plies_of(w: u64) -> u32 {
    ((w >> 18) & 0o177) as u32
}

/// The value (`HRRE R,HSTBV(T1)`, 5276): the right half, sign extended.
pub fn value_of(w: u64) -> i64 {
    let h = (w & HALF) as i64;
    if h & (1 << 17) != 0 { h - (1 << 18) } else { h }
}

/// Where `HASHR` found a key or would enter it (`HSADR`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The key is there (`POPJ P,`, the non-skip return).
    Found(usize),
    /// Not there; this is the first free entry on its way (`JRST POPJ1`).
    Free(usize),
}

/// The table and its use.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// `NHSW`.
    pub use_: TableUse,
    /// `HSTB`: the keys, 0 for a free entry.
    hstb: Vec<u64>,
    /// `HSTBV`: the information.
    hstbv: Vec<u64>,
    /// `HASHS`: entries that may still be taken.
    hashs: usize,
    /// Entries in use.
    in_use: usize,
    /// Counters since the last [`Table::clear`].
    pub stats: TableStats,
}

impl Table {
    /// A table of `entries` entries (`HTNE`), used as `use_` says; none with [`TableUse::Off`].
    pub fn new(entries: usize, use_: TableUse) -> Table {
        let n = if use_ == TableUse::Off { 0 } else { entries };
        let mut t = Table {
            use_,
            hstb: vec![0; n],
            hstbv: vec![0; n],
            ..Table::default()
        };
        // Empty as allocated (no need to write it: the pages are touched only when used).
        t.hashs = t.allowed();
        t
    }

    /// The number of entries, `HTNE`.
    pub fn len(&self) -> usize {
        self.hstb.len()
    }

    /// Whether the table has no entry: nothing is looked up or entered.
    pub fn is_empty(&self) -> bool {
        self.hstb.is_empty()
    }

    /// `HASHSS`: the entries that may be taken, `HTNE/5*4` as c.558 has it (23642-23643).
    /// Reconstruction: c197's `HTNE/4*5` (5243-5244) allows more entries than the table
    /// holds, after which `HASHR` would run through the whole table to "HT FULL!".
    pub fn allowed(&self) -> usize {
        self.len() / 5 * 4
    }

    /// Empties the table and its counters, as c.558 does before each move (its `HSHCL3`, at
    /// 9586 to 9590).
    pub fn clear(&mut self) {
        self.hstb.fill(0);
        self.hashs = self.allowed();
        self.in_use = 0;
        self.stats = TableStats::default();
    }

    /// `HASHR` (5203, 5214-5233): the entry holding `k`, or the first free one on its way from the
    /// trial address `k.trial mod HTNE` upwards, round to the start. None when the table is
    /// full ("HT FULL!"), which [`Table::allowed`] keeps from happening, or has no entry.
    ///
    /// c197 wraps with `HLRZ T2,HASHT1` (5225), which makes the address 777777 (the left half
    /// of minus the trial address); c.558 has `HRLZ T2,HASHT1` (23611): from entry 0 up to the
    /// trial address, as here.
    pub fn find(&self, k: Key) -> Option<Slot> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        let trial = (k.trial % n as u64) as usize;
        (trial..n).chain(0..trial).find_map(|a| {
            if self.hstb[a] == k.word {
                Some(Slot::Found(a))
            } else if self.hstb[a] == 0 {
                Some(Slot::Free(a))
            } else {
                None
            }
        })
    }

    /// `HASHE1` (5247-5253): enters `k` with information `w` at `slot` (as [`Table::find`]
    /// gave it); false if no entry may be taken (`SOSG HASHS`). Reconstruction: rewriting an
    /// entry in use takes none, as c.558 has it (`SKIPE HSTB(T2) / JRST HASHE3`, 23653-23654);
    /// c197 counts it as new.
    pub fn enter(&mut self, slot: Slot, k: Key, w: u64) -> bool {
        let a = match slot {
            Slot::Found(a) => a,
            Slot::Free(a) => {
                if self.hashs == 0 {
                    return false;
                }
                self.hashs -= 1;
                self.in_use += 1;
                self.stats.most_in_use = self.stats.most_in_use.max(self.in_use as u64);
                a
            }
        };
        self.hstbv[a] = w;
        self.hstb[a] = k.word;
        self.stats.stores += 1;
        true
    }

    /// The information of entry `a`.
    pub fn info(&self, a: usize) -> u64 {
        self.hstbv[a]
    }

    /// Sets the information of entry `a`, in use.
    pub fn set_info(&mut self, a: usize, w: u64) {
        self.hstbv[a] = w;
        self.stats.stores += 1;
    }

    /// Frees entry `a`. Reconstruction after c.558 (`EVM5F1: CLEARM HSTB(D) ... AOS HASHS`,
    /// 17328-17330), which clears a pending mark so on the way back when `NHSW = 0`. Entries
    /// are freed in the order opposite to their entering (the line is a stack, the game's
    /// positions stay), so no key entered later lies beyond a freed entry on its way.
    pub fn free(&mut self, a: usize) {
        if self.hstb[a] != 0 {
            self.hstb[a] = 0;
            self.hashs += 1;
            self.in_use -= 1;
        }
    }
}

/// The game's positions the table is to hold as code 3, with what decides which.
/// Reconstruction after c.558's `HK1H2` (at 9596 to 9612), which enters "POSITIONS IN HASH TBL SINCE
/// LAST P MOVE OR CAPT", the current one excepted ("DONT ENTER CURRENT POS", 9595): each with
/// code 3 and the most plies.
///
/// The positions are found by walking back from the root through the game's keys (ours), one
/// move at a time, on the program's board: each earlier position since the last capture or
/// pawn move is the later one with one piece of the side that moved put back on a square it
/// could have come from. The pieces keep their numbers (no capture, no promotion), whether the
/// root's board comes from the game's moves or from its FEN. The walk stops where no such
/// move gives the key: at a change of castling rights too, which c197's key does not hold
/// (c.558's adds them, its 23570-23586).
#[derive(Clone, Debug, Default)]
pub struct GamePositions {
    /// The earlier positions, the latest first: c197's key and ours.
    pub earlier: Vec<(Key, RulesKey)>,
}

impl GamePositions {
    /// The positions before `root` (on the program's `board`) back to the last irreversible
    /// move; `history` holds the keys of the game's earlier positions, oldest first.
    pub fn walk_back(root: &Position, board: &Board, history: &[RulesKey]) -> GamePositions {
        let mut b = board.clone();
        let mut pieces: [Option<Piece>; 64] = [None; 64];
        for sq in Square::all() {
            pieces[sq.index()] = root.piece_at(sq);
        }
        let mut key = root.key();
        let mut side = root.side_to_move();
        let reach = (root.halfmove_clock() as usize).min(history.len());
        let mut earlier = Vec::with_capacity(reach);
        for &target in history.iter().rev().take(reach) {
            let mover = !side;
            let flipped = key ^ zobrist::TURN_KEY;
            let Some((t, from)) = Square::all().find_map(|t| {
                let p = pieces[t.index()].filter(|p| p.color == mover && p.kind != Pawn)?;
                let from = origins(&b, p.kind, loc(t)).find(|&l| {
                    square(l).is_some_and(|f| {
                        flipped ^ zobrist::piece_key(p, t) ^ zobrist::piece_key(p, f) == target
                    })
                })?;
                Some((t, from))
            }) else {
                break;
            };
            let f = square(from).expect("on the board");
            pieces[f.index()] = pieces[t.index()].take();
            let x = b.at(loc(t));
            b.board[loc(t)] = 0;
            b.board[from] = x as i8;
            b.piecel[x] = from;
            b.side = mover.index();
            b.ghloc = 0;
            side = mover;
            key = target;
            earlier.push((self::key(&b), target));
        }
        GamePositions { earlier }
    }

    /// The keys to enter as positions of the game for a search of `root` under `policy`, and
    /// whether the root itself may be marked pending: every earlier position; under
    /// [`RepetitionPolicy::TreeOrThreefold`] only those that occurred twice counting the
    /// root, and the root only if it occurred before.
    pub fn marks(&self, root: &Position, policy: RepetitionPolicy) -> (Vec<Key>, bool) {
        let count = |k: RulesKey| {
            self.earlier.iter().filter(|e| e.1 == k).count() + usize::from(k == root.key())
        };
        match policy {
            RepetitionPolicy::FirstRepetition => (self.earlier.iter().map(|e| e.0).collect(), true),
            RepetitionPolicy::TreeOrThreefold => (
                self.earlier
                    .iter()
                    .filter(|e| count(e.1) >= 2)
                    .map(|e| e.0)
                    .collect(),
                count(root.key()) >= 2,
            ),
        }
    }
}

/// The empty squares from which a piece of `kind` could have come to `to` on board `b`, by a
/// move that is no capture.
fn origins(b: &Board, kind: PieceKind, to: Loc) -> impl Iterator<Item = Loc> + '_ {
    let (dirs, slides): (&[isize], bool) = match kind {
        PieceKind::Knight => (&KNIGHT_ORDER, false),
        PieceKind::King => (&KING_ORDER, false),
        PieceKind::Bishop => (&BISHOP_DIRS, true),
        PieceKind::Rook => (&ROOK_DIRS, true),
        _ => (&KING_ORDER, true),
    };
    dirs.iter().flat_map(move |&d| {
        let mut l = to;
        let mut open = true;
        std::iter::from_fn(move || {
            if !open {
                return None;
            }
            l = l.wrapping_add_signed(d);
            open = slides && b.board.get(l) == Some(&0);
            (b.board.get(l) == Some(&0)).then_some(l)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotc_moves_bits_between_the_two_words() {
        assert_eq!(rotc5(1 << 35, 0), (0, 1 << 4));
        assert_eq!(rotc5(0, 1 << 31), (1, 0));
        assert_eq!(rotc5(3, 5), (3 << 5, 5 << 5));
    }

    #[test]
    fn the_pending_word_is_code_4_and_69_plies() {
        assert_eq!(code_of(PENDING), Code::Pending);
        assert_eq!(plies_of(PENDING), 69);
        assert_eq!(value_of(PENDING), 0);
        let w = word(Code::AtMost, 5, -300);
        assert_eq!(
            (code_of(w), plies_of(w), value_of(w)),
            (Code::AtMost, 5, -300)
        );
    }

    #[test]
    fn the_key_tells_the_side_to_move_and_the_squares_of_the_pieces() {
        let b = Board::initial();
        let k = key(&b);
        assert_eq!(k.word & 1, 0);
        assert!(k.word <= WORD && k.trial < SIGN);
        let mut black = b.clone();
        black.side = 1;
        assert_eq!(key(&black).word, k.word | 1);
        // 1. N-KB3 N-KB3 2. N-KN1 N-KN1: the start position again, the same key; the
        // positions between differ.
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let m = crate::notation::parse_any(&pos, m).unwrap();
            pos.make(m);
            moves.push(m);
        }
        let mut keys = vec![k];
        Board::from_game(&moves, |b, _| keys.push(key(b))).unwrap();
        assert_eq!(keys[4], k);
        assert_eq!(
            keys[0..4]
                .iter()
                .collect::<std::collections::HashSet<_>>()
                .len(),
            4
        );
    }

    /// The position after `moves` from `fen`, the keys before it and the program's board.
    fn after(fen: &str, moves: &[&str]) -> (Position, Vec<RulesKey>, Board) {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut history = Vec::new();
        for m in moves {
            let m = crate::notation::parse_any(&pos, m).unwrap();
            history.push(pos.key());
            pos.make(m);
        }
        let board = crate::c197::board_for(&pos, &history).0;
        (pos, history, board)
    }

    #[test]
    fn the_walk_back_finds_the_positions_the_game_replayed_gives() {
        // From the start: 1. P-K4 P-K4 2. N-KB3 N-QB3 3. N-KN1 N-KN1 4. N-KB3: back to the
        // position after 1...P-K4, five positions.
        let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3"];
        let (pos, history, board) = after(crate::rules::START_FEN, &moves);
        let walked = GamePositions::walk_back(&pos, &board, &history);
        let mut replayed = vec![key(&Board::initial())];
        let played: Vec<_> = crate::c197::game_moves(&pos, &history).unwrap();
        Board::from_game(&played, |b, _| replayed.push(key(b))).unwrap();
        let expected: Vec<(Key, RulesKey)> = replayed[2..7]
            .iter()
            .rev()
            .copied()
            .zip(history[2..].iter().rev().copied())
            .collect();
        assert_eq!(walked.earlier, expected);
        // The position after 1...P-K4 stands again after 3...N-KN1, under both keys.
        assert_eq!(walked.earlier[0], walked.earlier[4]);
    }

    #[test]
    fn from_a_fen_the_walk_stops_at_the_last_irreversible_move_or_a_change_of_rights() {
        let (pos, history, board) = after(
            "7k/6p1/7p/n4Q2/8/8/rr3PPP/6K1 w - - 0 1",
            &["f5c8", "h8h7", "c8f5", "h7h8"],
        );
        let walked = GamePositions::walk_back(&pos, &board, &history);
        assert_eq!(walked.earlier.len(), 4);
        assert_eq!(
            walked.earlier[3].0,
            key(&board),
            "the root is the start again"
        );
        // The king's move loses the castling rights: the walk stops before the start.
        let (pos, history, board) = after(
            "r3k3/8/8/8/8/8/8/4K2R w K - 0 1",
            &["e1f1", "a8a7", "f1e1", "a7a8"],
        );
        let walked = GamePositions::walk_back(&pos, &board, &history);
        assert_eq!(walked.earlier.len(), 3);
        let (marks, root) = walked.marks(&pos, RepetitionPolicy::FirstRepetition);
        assert_eq!((marks.len(), root), (3, true));
    }

    #[test]
    fn tree_or_threefold_marks_what_stood_twice() {
        let (pos, history, board) = after(
            "7k/6p1/7p/n4Q2/8/8/rr3PPP/6K1 w - - 0 1",
            &["f5c8", "h8h7", "c8f5", "h7h8", "f5c8"],
        );
        let walked = GamePositions::walk_back(&pos, &board, &history);
        let (marks, root) = walked.marks(&pos, RepetitionPolicy::TreeOrThreefold);
        // The start (twice) is entered, and the root's earlier occurrence (after the first
        // Q-QB8ch): the root may be pending; not the positions that stood once.
        let e = &walked.earlier;
        assert_eq!(marks, [e[0].0, e[3].0, e[4].0]);
        assert_eq!((e[0].0, e[3].0), (e[4].0, key(&board)));
        assert!(root);
        let (marks, root) = walked.marks(&pos, RepetitionPolicy::FirstRepetition);
        assert_eq!((marks.len(), root), (5, true));
    }

    #[test]
    fn entries_are_found_where_entered_and_freed_in_turn() {
        let mut t = Table::new(7, TableUse::Draws);
        assert_eq!(t.allowed(), 4);
        let k = |w: u64, trial: u64| Key { word: w, trial };
        // Three keys on the same trial address 6: the second wraps round to 0.
        assert_eq!(t.find(k(10, 13)), Some(Slot::Free(6)));
        assert!(t.enter(Slot::Free(6), k(10, 13), PENDING));
        assert_eq!(t.find(k(12, 6)), Some(Slot::Free(0)));
        assert!(t.enter(Slot::Free(0), k(12, 6), PENDING));
        assert_eq!(t.find(k(10, 6)), Some(Slot::Found(6)));
        assert_eq!(t.find(k(12, 6)), Some(Slot::Found(0)));
        assert!(t.enter(Slot::Free(1), k(14, 1), PENDING));
        assert!(t.enter(Slot::Free(2), k(16, 2), PENDING));
        // HASHS: four of seven entries, then no more.
        assert!(!t.enter(Slot::Free(3), k(18, 3), PENDING));
        assert_eq!(t.stats.most_in_use, 4);
        t.free(2);
        assert!(t.enter(Slot::Free(3), k(18, 3), PENDING));
        t.free(0);
        assert_eq!(t.find(k(12, 6)), Some(Slot::Free(0)));
    }

    #[test]
    fn entering_a_key_already_there_takes_no_entry() {
        // Reconstruction after c.558 (`SKIPE HSTB(T2) / JRST HASHE3`, 23653-23654); c197's
        // `HASHE1` (5247-5253) counts every entry as new (`SOSG HASHS`).
        let mut t = Table::new(7, TableUse::Values);
        let k = |w: u64, trial: u64| Key { word: w, trial };
        for (w, a) in [(10, 0), (12, 1), (14, 2), (16, 3)] {
            assert!(t.enter(Slot::Free(a), k(w, a as u64), PENDING));
        }
        // The four entries HASHS allows are taken: a key already there is entered again, a
        // new one is not.
        assert_eq!(t.find(k(12, 1)), Some(Slot::Found(1)));
        assert!(t.enter(Slot::Found(1), k(12, 1), word(Code::Value, 3, 40)));
        assert_eq!((code_of(t.info(1)), value_of(t.info(1))), (Code::Value, 40));
        assert!(!t.enter(Slot::Free(4), k(18, 4), PENDING));
        assert_eq!(t.stats.most_in_use, 4);
    }
}
