//! Legal move generation: pins and checks are resolved while generating, so every move listed
//! is legal and perft can count the moves of the last ply without making them.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind, MoveList};
use super::position::{CastleSide, Position, Status};
use super::types::{Color, PieceKind, Square};

/// What deciding a move's legality without playing it needs (see [`Position::guard`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    /// The side to move's king.
    king: Square,
    /// The enemy pieces checking it.
    checkers: Bitboard,
    /// The side's pieces pinned to it.
    pinned: Bitboard,
}

impl Position {
    /// How the position stands: mate, stalemate, fifty moves, dead material, or ongoing.
    pub fn status(&self) -> Status {
        let moves = self.legal_moves();
        if moves.is_empty() {
            if self.in_check() {
                Status::Checkmate
            } else {
                Status::Stalemate
            }
        } else if self.halfmove >= 100 {
            Status::FiftyMoves
        } else if self.insufficient_material() {
            Status::InsufficientMaterial
        } else {
            Status::Ongoing
        }
    }

    /// Every legal move in this position.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list, Bitboard::ALL);
        list
    }

    /// The legal captures (en passant among them) and promotions, in the order
    /// [`Position::legal_moves`] lists them: its list without the other moves, found without
    /// generating them (for a search's captures at every node of its quiescence).
    pub fn legal_captures_and_promotions(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<true>(&mut list, Bitboard::ALL);
        list
    }

    /// The legal moves of the piece on `from` (castling counts as the king's), in the order
    /// [`Position::legal_moves`] lists them: for a program that asks about one move at a time.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list, Bitboard::from_square(from));
        list
    }

    /// The legal move from `from` to `to` other than castling, a promotion becoming a queen,
    /// and the position after it; None if there is none. The same move
    /// [`Position::legal_moves_from`] lists, found without listing the others (see
    /// [`Position::move_to`]).
    pub fn play_to(&self, from: Square, to: Square) -> Option<(Move, Position)> {
        let m = self.move_to(&self.guard(), from, to)?;
        Some((m, self.play(m)))
    }

    /// What [`Position::move_to`] decides a move's legality with, found once for the position:
    /// the side to move's king, the pieces checking it and its pieces pinned to it.
    pub fn guard(&self) -> Guard {
        let king = self.king_square(self.side);
        Guard {
            king,
            checkers: self.attackers(king, !self.side),
            pinned: self.pinned(self.side),
        }
    }

    /// The legal move from `from` to `to` other than castling, a promotion becoming a queen;
    /// None if there is none: the same move [`Position::legal_moves_from`] lists, found without
    /// listing the others and without playing it (for a program that asks about one move at a
    /// time, at every node, and plays only some of them). The move is tested for its piece's
    /// reach, then for legality as `generate` decides it, with `guard`, this position's
    /// [`Position::guard`]: a king's square unattacked once it has left its own; with two
    /// checkers no other move; with one, the checker taken or the line to it blocked; a pinned
    /// piece along its pin; en passant by the king's attackers once both pawns have moved.
    pub fn move_to(&self, guard: &Guard, from: Square, to: Square) -> Option<Move> {
        let us = self.side;
        let them = !us;
        let piece = self.piece_at(from).filter(|p| p.color == us)?;
        let occ = self.occupied();
        if self.color_bb(us).has(to) {
            return None;
        }
        let capture = self.color_bb(them).has(to);
        let plain = if capture {
            MoveKind::Capture
        } else {
            MoveKind::Quiet
        };
        let kind = match piece.kind {
            PieceKind::Knight if knight_attacks(from).has(to) => plain,
            PieceKind::Bishop if bishop_attacks(from, occ).has(to) => plain,
            PieceKind::Rook if rook_attacks(from, occ).has(to) => plain,
            PieceKind::Queen if queen_attacks(from, occ).has(to) => plain,
            PieceKind::King => {
                // Step 1 of `generate`: the square unattacked once the king has left its own.
                let safe = king_attacks(from).has(to)
                    && self.attackers_with(to, them, occ.without(from)).is_empty();
                return safe.then(|| Move::new(from, to, plain));
            }
            PieceKind::Pawn => {
                let last = to.rank() == if us == Color::White { 7 } else { 0 };
                let one = from.forward(us, 1);
                if pawn_attacks(us, from).has(to) {
                    if capture {
                        if last {
                            MoveKind::PromotionCapture(PieceKind::Queen)
                        } else {
                            MoveKind::Capture
                        }
                    } else if self.ep == Some(to)
                        && self
                            .piece_at(to.forward(us, -1))
                            .is_some_and(|p| p.color == them)
                    {
                        // The capture removes two pawns from one line at once: the king's
                        // attackers found with both gone (as `generate` does).
                        let victim = to.forward(us, -1);
                        let occ_after = occ.without(from).without(victim).with(to);
                        let attackers = self.attackers_with(guard.king, them, occ_after);
                        return attackers
                            .without(victim)
                            .is_empty()
                            .then(|| Move::new(from, to, MoveKind::EnPassant));
                    } else {
                        return None;
                    }
                } else if to == one && !occ.has(one) {
                    if last {
                        MoveKind::Promotion(PieceKind::Queen)
                    } else {
                        MoveKind::Quiet
                    }
                } else if from.rank() == if us == Color::White { 1 } else { 6 }
                    && to == from.forward(us, 2)
                    && !occ.has(one)
                    && !occ.has(to)
                {
                    MoveKind::DoublePush
                } else {
                    return None;
                }
            }
            _ => return None,
        };
        // Steps 2-4 of `generate`: what a move other than the king's must hit when in check,
        // and a pinned piece's line.
        let legal = match guard.checkers.first() {
            None => true,
            Some(c) => !guard.checkers.more_than_one() && between(guard.king, c).with(c).has(to),
        } && (!guard.pinned.has(from) || line(guard.king, from).has(to));
        legal.then(|| Move::new(from, to, kind))
    }

    /// Whether `m` is a legal move here (for moves from outside: hash tables, books, users).
    pub fn is_legal(&self, m: Move) -> bool {
        m != Move::NULL
            && self
                .piece_at(m.from())
                .is_some_and(|p| p.color == self.side)
            && self.legal_moves().contains(m)
    }

    /// The legal moves of the pieces on `origins`; with `CAPTURES`, only the captures and the
    /// promotions, each step leaving out the others' squares (so the order is the same).
    fn generate<const CAPTURES: bool>(&self, list: &mut MoveList, origins: Bitboard) {
        let us = self.side;
        let them = !us;
        let king = self.king_square(us);
        let occ = self.occupied();
        let own = self.color_bb(us);
        let enemy = self.color_bb(them);
        let checkers = self.attackers(king, them);
        // The squares a move other than a pawn's may go to: with CAPTURES, the enemy's.
        let reach = if CAPTURES { enemy } else { Bitboard::ALL };

        // Step 1. King moves: to squares not attacked once the king has left its square.
        let occ_without_king = occ.without(king);
        let king_moves = if origins.has(king) {
            king_attacks(king) & !own & reach
        } else {
            Bitboard::EMPTY
        };
        for to in king_moves {
            if self.attackers_with(to, them, occ_without_king).is_empty() {
                list.push(Move::new(
                    king,
                    to,
                    if enemy.has(to) {
                        MoveKind::Capture
                    } else {
                        MoveKind::Quiet
                    },
                ));
            }
        }
        if checkers.more_than_one() {
            return;
        }

        // Step 2. What a non-king move must hit: the checker or a square between it and the king.
        let target = match checkers.first() {
            Some(c) => between(king, c).with(c),
            None => Bitboard::ALL,
        };
        let pinned = self.pinned(us);

        // Step 3. Knights, bishops, rooks, queens.
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            for from in self.pieces(us, kind) & origins {
                let mut to_set = match kind {
                    PieceKind::Knight => knight_attacks(from),
                    PieceKind::Bishop => bishop_attacks(from, occ),
                    PieceKind::Rook => rook_attacks(from, occ),
                    _ => bishop_attacks(from, occ) | rook_attacks(from, occ),
                } & !own
                    & target
                    & reach;
                if pinned.has(from) {
                    to_set &= line(king, from);
                }
                for to in to_set {
                    list.push(Move::new(
                        from,
                        to,
                        if enemy.has(to) {
                            MoveKind::Capture
                        } else {
                            MoveKind::Quiet
                        },
                    ));
                }
            }
        }

        // Step 4. Pawns: pushes, double pushes, captures, promotions, en passant.
        let last_rank = Bitboard::rank(if us == Color::White { 7 } else { 0 });
        let double_rank = if us == Color::White { 1 } else { 6 };
        for from in self.pieces(us, PieceKind::Pawn) & origins {
            let allowed = if pinned.has(from) {
                line(king, from) & target
            } else {
                target
            };
            let one = from.forward(us, 1);
            if !occ.has(one) {
                if allowed.has(one) && (!CAPTURES || last_rank.has(one)) {
                    push_pawn_move(list, from, one, false, last_rank.has(one));
                }
                if !CAPTURES && from.rank() == double_rank {
                    let two = from.forward(us, 2);
                    if !occ.has(two) && allowed.has(two) {
                        list.push(Move::new(from, two, MoveKind::DoublePush));
                    }
                }
            }
            for to in pawn_attacks(us, from) & enemy & allowed {
                push_pawn_move(list, from, to, true, last_rank.has(to));
            }
        }
        if let Some(ep) = self.ep {
            let victim = ep.forward(us, -1);
            for from in pawn_attacks(them, ep) & self.pieces(us, PieceKind::Pawn) & origins {
                // The capture removes two pawns from one line at once: test the king directly.
                let occ_after = occ.without(from).without(victim).with(ep);
                let attackers = self.attackers_with(king, them, occ_after).without(victim);
                if attackers.is_empty() && self.piece_at(victim).is_some_and(|p| p.color == them) {
                    list.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }

        // Step 5. Castling: not out of, through or into check; the squares between king and rook empty.
        if !CAPTURES && checkers.is_empty() && origins.has(king) {
            for side in [CastleSide::King, CastleSide::Queen] {
                if !self.castling.has(us, side) {
                    continue;
                }
                let (rook_from, _) = Position::castling_rook_squares(us, side);
                let king_to = match side {
                    CastleSide::King => Square::from_coords(6, king.rank()),
                    CastleSide::Queen => Square::from_coords(2, king.rank()),
                };
                let path_clear = (between(king, rook_from) & occ).is_empty();
                // The king's path (its own square is known safe: no checkers).
                let safe = between(king, king_to)
                    .with(king_to)
                    .into_iter()
                    .all(|s| !self.is_attacked(s, them));
                if path_clear && safe {
                    let kind = match side {
                        CastleSide::King => MoveKind::CastleKingSide,
                        CastleSide::Queen => MoveKind::CastleQueenSide,
                    };
                    list.push(Move::new(king, king_to, kind));
                }
            }
        }
    }
}

#[inline]
fn push_pawn_move(list: &mut MoveList, from: Square, to: Square, capture: bool, promotes: bool) {
    if promotes {
        for p in PieceKind::PROMOTIONS {
            list.push(Move::new(
                from,
                to,
                if capture {
                    MoveKind::PromotionCapture(p)
                } else {
                    MoveKind::Promotion(p)
                },
            ));
        }
    } else {
        list.push(Move::new(
            from,
            to,
            if capture {
                MoveKind::Capture
            } else {
                MoveKind::Quiet
            },
        ));
    }
}
