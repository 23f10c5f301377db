//! The plausibility of one move (paper §5): 512 + development change + the attribute terms.
//! Every rule is here, each under a comment naming its line of the §5 table; every factor goes
//! through [`Factors::add`], so the trace and the score are one computation.

use super::context::Context;
use super::development::{View, development, range};
use super::factors::{Factors, Kind};
use crate::notation::descriptive::{self, FILE_NAMES};
use crate::paper::eval::terms::{move_risk, risk_with};
use crate::rules::attacks::{
    attacks, bishop_attacks, line, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::rules::{Bitboard, Color, Move, Piece, PieceKind, Square};
use crate::value::Value;

/// Every move starts here (paper §5, "initial value").
pub const INITIAL: Value = 512;
/// \[S\] Castling gets this fixed plausibility.
pub const CASTLING: Value = 768;
/// \[S\] Too early: R/Q/K moves in the first 8 plies (any non-pawn move at plies 0-1) are counted
/// from −256 instead of their current development.
pub const TOO_EARLY: Value = 256;
/// \[S\] The plies during which "too early" applies to R/Q/K moves.
pub const TOO_EARLY_PLIES: u32 = 8;
/// \[S\] The plies during which every non-pawn move is too early.
pub const PAWNS_ONLY_PLIES: u32 = 2;
/// \[S\] First king move.
pub const FIRST_KING_MOVE: Value = -32;
/// \[S\] A further cost for the first king move while castling is still possible.
pub const KING_MOVE_CASTLING: Value = -128;
/// \[S\] First rook move while castling is possible.
pub const FIRST_ROOK_MOVE: Value = -48;
/// \[S\] A piece on K3/Q3 in front of the unmoved centre pawn.
pub const BLOCKING_CENTRE_PAWN: Value = -96;
/// \[S\] A line to the enemy king.
pub const LINE_TO_KING: Value = 32;
/// \[S\] Moving a backward pawn.
pub const BACKWARD_PAWN_MOVE: Value = 32;
/// \[S\] Passed pawn push by the rank it reaches, counted 1..8 from its own side (index 0
/// unused). Open point: the table has nine entries "by rank 0..8"; we index by the 1-based rank
/// of the destination, so a push to the 8th rank (promotion) earns 256, to the 7th 192.
pub const PASSED_PUSH: [Value; 9] = [0, 0, 32, 48, 64, 96, 128, 192, 256];
/// \[S\] A pawn move that attacks an enemy pawn.
pub const PAWN_BREAK: Value = 40;
/// \[S\] Attacking a pinned piece.
pub const ATTACK_PINNED: Value = 64;
/// \[S\] Attacking a pinned pawn that a pawn defends.
pub const ATTACK_PINNED_DEFENDED_PAWN: Value = 16;
/// \[S\] Attacking a piece whose defenders do not outnumber our attackers.
pub const ATTACK_INADEQUATELY_DEFENDED: Value = 16;
/// \[S\] Shifting the balance on a non-pawn piece no pawn defends.
pub const SHIFT_BALANCE: Value = 96;
/// \[S\] A threat on a bigger piece gains half the difference, at most this.
pub const BIG_THREAT_CAP: Value = 256;
/// \[S\] The trade policy applies when ahead or behind by more than this.
pub const TRADE_MARGIN: Value = 416;
/// \[S\] Trade policy: a threat on an undefended piece of the same type.
pub const TRADE_POLICY: Value = 16;
/// \[S\] A capture with more attackers than defenders on the square.
pub const OUTNUMBERING_CAPTURE: Value = 128;
/// \[S\] Uncovering an opponent's attack on one of our pieces (when it does not leave it en
/// prise; then the piece's expected loss is charged instead).
pub const UNCOVER_ATTACK: Value = -8;
/// \[S\] Unblocking a line for an enemy slider.
pub const UNBLOCK_FOR_OPPONENT: Value = -8;
/// \[S\] King retreat toward its back rank, per rank.
pub const KING_RETREAT: Value = 8;
/// \[S\] King retreat per rank in the first 8 moves.
pub const KING_RETREAT_EARLY: Value = 64;
/// The first 8 moves, in plies.
pub const EARLY_MOVES_PLIES: u32 = 16;

/// What the scoring found besides the plausibility.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveFacts {
    /// The move leaves the moved piece where it is expected to be lost.
    pub unsafe_move: bool,
    /// The move gives check.
    pub check: bool,
}

/// A piece named as the 1967 trace named it, by where it stands: "white QB", "black KN",
/// "white KBP" (rooks and knights by wing, bishops by the colour they run on, pawns by file).
pub fn piece_name(p: Piece, s: Square) -> String {
    let wing = if s.file() < 4 { "Q" } else { "K" };
    let name = match p.kind {
        PieceKind::King => "K".to_string(),
        PieceKind::Queen => "Q".to_string(),
        PieceKind::Rook => format!("{wing}R"),
        PieceKind::Knight => format!("{wing}N"),
        PieceKind::Bishop => {
            // The king's bishop runs on the colour of its KB1 (f1 light, f8 dark).
            let light = (s.file() + s.rank()) % 2 == 1;
            let kings = light == (p.color == Color::White);
            format!("{}B", if kings { "K" } else { "Q" })
        }
        PieceKind::Pawn => format!("{}P", FILE_NAMES[s.file() as usize]),
    };
    format!("{} {name}", p.color.name().to_lowercase())
}

/// A square in descriptive notation from the mover's side ("QN5"), as the trace prints it.
pub fn square_name(s: Square, mover: Color) -> String {
    descriptive::square_name(s, mover)
}

/// The squares of a set in descriptive notation from the mover's side.
fn names(b: Bitboard, mover: Color) -> String {
    b.into_iter()
        .map(|s| square_name(s, mover))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The square `s` seen from `color`'s side, as a relative (file, rank) test helper.
#[inline]
fn relative(s: Square, color: Color) -> Square {
    match color {
        Color::White => s,
        Color::Black => s.flip(),
    }
}

/// Whether two squares share a diagonal.
#[inline]
fn same_diagonal(a: Square, b: Square) -> bool {
    a != b && (a.file() as i32 - b.file() as i32).abs() == (a.rank() as i32 - b.rank() as i32).abs()
}

/// Whether two squares share a rank or file.
#[inline]
fn same_rank_or_file(a: Square, b: Square) -> bool {
    a != b && (a.file() == b.file() || a.rank() == b.rank())
}

/// Scores `m` into `f` and returns its flags (paper §5). `m` must be legal in `ctx.pos`.
pub fn score_move<const T: bool>(ctx: &Context, m: Move, f: &mut Factors<T>) -> MoveFacts {
    let pos = ctx.pos;
    let us = ctx.us;
    let them = ctx.them;
    let piece = pos.moved_piece(m);
    let kind = piece.kind;
    let new_kind = m.promotion().unwrap_or(kind);
    let (from, to) = (m.from(), m.to());
    let mut facts = MoveFacts::default();

    f.add(INITIAL, Kind::Tactical, || "initial value".to_string());

    let after_us = ctx.view_us.then(pos, us, m);
    facts.check = gives_check(ctx, m, new_kind, &after_us);

    // paper §5, castling: a fixed plausibility of 768.
    if m.is_castle() {
        f.add(CASTLING - INITIAL, Kind::Tactical, || {
            "castling: fixed plausibility 768".to_string()
        });
        return facts;
    }

    // paper §5, development: the value at the new square minus the value at the old.
    let dev_old = ctx.development_before(kind, us, from);
    let dev_new = development(&ctx.imp, new_kind, us, to, &after_us);
    f.add(dev_new, Kind::Positional, || {
        format!(
            "development of the {} at {}",
            piece_name(Piece::new(us, new_kind), to),
            square_name(to, us)
        )
    });
    // paper §5, too early: in the first 8 plies R/Q/K moves (any non-pawn move at plies 0-1)
    // start from −256 instead of their current development.
    let too_early = (ctx.game_ply < TOO_EARLY_PLIES
        && matches!(kind, PieceKind::Rook | PieceKind::Queen | PieceKind::King))
        || (ctx.game_ply < PAWNS_ONLY_PLIES && kind != PieceKind::Pawn);
    if too_early {
        f.add(-TOO_EARLY, Kind::Positional, || {
            format!(
                "too early: counted from -256 instead of its development at {} ({dev_old})",
                square_name(from, us)
            )
        });
    } else {
        f.add(-dev_old, Kind::Positional, || {
            format!("development given up at {}", square_name(from, us))
        });
    }

    king_and_rook_rules(ctx, m, kind, f);
    pawn_rules(ctx, m, kind, f);
    blocking_centre_pawn(ctx, m, kind, f);
    line_to_enemy_king(ctx, m, new_kind, f);
    blocking_enemy_passed_pawn(ctx, m, f);

    // paper §5, captures: the captured piece's value and development, then the exchange.
    let captured = pos.captured_piece(m);
    let loss = move_risk(pos, m);
    if let Some(victim) = captured {
        let victim_sq = if m.is_en_passant() {
            Square::from_coords(to.file(), from.rank())
        } else {
            to
        };
        f.add(victim.kind.value(), Kind::Tactical, || {
            format!(
                "captures the {} at {}",
                piece_name(victim, victim_sq),
                square_name(victim_sq, us)
            )
        });
        let victim_dev = ctx.development_before(victim.kind, them, victim_sq);
        f.add(victim_dev, Kind::Tactical, || {
            "development of the captured piece".to_string()
        });
        // paper §5, capture with more attackers than defenders.
        let attackers = pos.attackers(victim_sq, us).count();
        let defenders = pos.attackers(victim_sq, them).count();
        if attackers > defenders {
            f.add(OUTNUMBERING_CAPTURE, Kind::Tactical, || {
                format!("capture with {attackers} attackers against {defenders} defenders")
            });
        }
    }
    // paper §5, promotion: the new piece's value over the pawn's.
    if let Some(p) = m.promotion() {
        f.add(p.value() - PieceKind::Pawn.value(), Kind::Tactical, || {
            format!("promotes to {}", p.letter())
        });
    }
    // paper §5, unsafe moves: moving to an attacked square subtracts the expected loss.
    if loss > 0 {
        facts.unsafe_move = true;
        f.add(-loss, Kind::Tactical, || {
            format!("unsafe: expected loss at {}", square_name(to, us))
        });
    }
    // [I] Saving a piece that is en prise: it takes its risk away from its old square. The
    // table does not list it, but the square-importance map's own-piece-en-prise component
    // implies the program valued removing the danger; without it the generator would never
    // rank retreats of attacked pieces.
    if ctx.imp.own_en_prise.has(from) && kind != PieceKind::King {
        let saved = risk_with(pos, from, us, kind.value(), pos.occupied());
        f.add(saved, Kind::Tactical, || {
            format!(
                "takes the en prise {} off {}",
                piece_name(piece, from),
                square_name(from, us)
            )
        });
    }

    if loss == 0 {
        threats(ctx, m, kind, new_kind, &after_us, f);
    }
    own_lines(ctx, m, &after_us, f);
    enemy_lines(ctx, m, &after_us, f);

    // paper §5, exchange analysis: clearly bad captures are floored at 0.
    if let Some(victim) = captured
        && victim.kind.value() < loss
        && f.total < 0
    {
        let lift = -f.total;
        f.add(lift, Kind::Tactical, || {
            "bad capture: floored at 0".to_string()
        });
    }
    facts
}

/// paper §5: first king move, castling still possible, king retreat; first rook move.
fn king_and_rook_rules<const T: bool>(ctx: &Context, m: Move, kind: PieceKind, f: &mut Factors<T>) {
    let (from, to) = (m.from(), m.to());
    let us = ctx.us;
    match kind {
        PieceKind::King => {
            // paper §5, first king move: the king still stands on its original square.
            if relative(from, us) == crate::rules::sq::E1 {
                f.add(FIRST_KING_MOVE, Kind::Positional, || {
                    "first king move".to_string()
                });
                if ctx.can_castle {
                    f.add(KING_MOVE_CASTLING, Kind::Positional, || {
                        "king move while castling is still possible".to_string()
                    });
                }
            }
            // paper §5, king retreat toward its back rank (opening/middlegame: queens on).
            let (r_from, r_to) = (from.relative_rank(us), to.relative_rank(us));
            if ctx.queens_on && r_to < r_from {
                let per = if ctx.game_ply < EARLY_MOVES_PLIES {
                    KING_RETREAT_EARLY
                } else {
                    KING_RETREAT
                };
                let ranks = (r_from - r_to) as Value;
                f.add(per * ranks, Kind::Positional, || {
                    format!("king retreats {ranks} rank(s) toward its back rank")
                });
            }
        }
        PieceKind::Rook => {
            // paper §5, first rook move while castling is possible (rook on its corner with
            // the right of that side).
            use crate::rules::CastleSide;
            let rel = relative(from, us);
            let side = if rel == crate::rules::sq::H1 {
                Some(CastleSide::King)
            } else if rel == crate::rules::sq::A1 {
                Some(CastleSide::Queen)
            } else {
                None
            };
            if let Some(side) = side
                && ctx.pos.castling().has(us, side)
            {
                f.add(FIRST_ROOK_MOVE, Kind::Positional, || {
                    "first rook move while castling is possible".to_string()
                });
            }
        }
        _ => {}
    }
}

/// paper §5: moving a backward pawn, passed pawn pushes, pawn breaks.
fn pawn_rules<const T: bool>(ctx: &Context, m: Move, kind: PieceKind, f: &mut Factors<T>) {
    if kind != PieceKind::Pawn {
        return;
    }
    let pos = ctx.pos;
    let (from, to) = (m.from(), m.to());
    let us = ctx.us;
    let mut enemy_pawns = pos.pieces(ctx.them, PieceKind::Pawn);
    if m.is_en_passant() {
        enemy_pawns = enemy_pawns.without(Square::from_coords(to.file(), from.rank()));
    } else {
        enemy_pawns = enemy_pawns.without(to);
    }
    // paper §5, moving a backward pawn.
    if ctx.own_backward(from) {
        f.add(BACKWARD_PAWN_MOVE, Kind::Positional, || {
            format!("moves the backward pawn at {}", square_name(from, us))
        });
    }
    // paper §5, passed pawn push, by the rank reached.
    let mut span = Bitboard::file(to.file());
    if to.file() > 0 {
        span |= Bitboard::file(to.file() - 1);
    }
    if to.file() < 7 {
        span |= Bitboard::file(to.file() + 1);
    }
    // The ranks ahead of it, the first rank (index 0) left out, as masks.
    let r = to.rank();
    let ahead = match us {
        Color::White if r < 7 => Bitboard(!0u64 << (8 * (r + 1))),
        Color::Black if r > 1 => Bitboard((!0u64 >> (8 * (8 - r))) & !0xff),
        _ => Bitboard::EMPTY,
    };
    if (span & ahead & enemy_pawns).is_empty() {
        let rank = to.relative_rank(us) as usize + 1;
        f.add(PASSED_PUSH[rank], Kind::Positional, || {
            format!("passed pawn pushed to its {}{} rank", rank, ordinal(rank))
        });
    }
    // paper §5, pawn break: the pawn attacks an enemy pawn.
    if m.promotion().is_none() && (pawn_attacks(us, to) & enemy_pawns).any() {
        f.add(PAWN_BREAK, Kind::Positional, || {
            format!(
                "pawn break: attacks {}",
                names(pawn_attacks(us, to) & enemy_pawns, us)
            )
        });
    }
}

/// "st", "nd", "rd", "th".
fn ordinal(n: usize) -> &'static str {
    match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    }
}

/// paper §5, blocking a centre pawn (and the special rule: do not move pieces in front of
/// unmoved centre pawns): a piece to K3 or Q3 while that centre pawn is unmoved. The special
/// rule of the paper and this attribute of the source are read as one rule, applied once.
fn blocking_centre_pawn<const T: bool>(
    ctx: &Context,
    m: Move,
    kind: PieceKind,
    f: &mut Factors<T>,
) {
    use crate::rules::sq::{D2, D3, E2, E3};
    if kind == PieceKind::Pawn {
        return;
    }
    let rel_to = relative(m.to(), ctx.us);
    let pawn_home = if rel_to == D3 {
        D2
    } else if rel_to == E3 {
        E2
    } else {
        return;
    };
    let home = relative(pawn_home, ctx.us);
    if ctx.pos.pieces(ctx.us, PieceKind::Pawn).has(home) {
        f.add(BLOCKING_CENTRE_PAWN, Kind::Positional, || {
            format!(
                "blocks the unmoved {}",
                piece_name(Piece::new(ctx.us, PieceKind::Pawn), home)
            )
        });
    }
}

/// paper §5, line to the enemy king: R/Q onto its rank or file, B/Q onto its diagonal.
fn line_to_enemy_king<const T: bool>(ctx: &Context, m: Move, kind: PieceKind, f: &mut Factors<T>) {
    let k = ctx.enemy_king;
    let (from, to) = (m.from(), m.to());
    let orth = matches!(kind, PieceKind::Rook | PieceKind::Queen);
    let diag = matches!(kind, PieceKind::Bishop | PieceKind::Queen);
    let on_line = |s: Square| line(s, k);
    if orth && same_rank_or_file(to, k) && !on_line(to).has(from) {
        f.add(LINE_TO_KING, Kind::Positional, || {
            "line to the enemy king (rank or file)".to_string()
        });
    }
    if diag && same_diagonal(to, k) && !on_line(to).has(from) {
        f.add(LINE_TO_KING, Kind::Positional, || {
            "line to the enemy king (diagonal)".to_string()
        });
    }
}

/// paper §5, passed pawn table, "also for blocking an enemy passed pawn there": a move to the
/// square in front of an enemy passed pawn earns what that pawn's push there would.
fn blocking_enemy_passed_pawn<const T: bool>(ctx: &Context, m: Move, f: &mut Factors<T>) {
    let to = m.to();
    let them = ctx.them;
    let behind = match them {
        Color::White if to.rank() > 0 => Square::from_coords(to.file(), to.rank() - 1),
        Color::Black if to.rank() < 7 => Square::from_coords(to.file(), to.rank() + 1),
        _ => return,
    };
    if ctx.enemy_passed.has(behind) && behind != m.from() {
        let rank = to.relative_rank(them) as usize + 1;
        f.add(PASSED_PUSH[rank], Kind::Positional, || {
            format!(
                "blocks the enemy passed pawn at {}",
                square_name(behind, ctx.us)
            )
        });
    }
}

/// paper §5, threats and attacks by the moved piece on enemy pieces it did not attack before:
/// pinned, inadequately defended, balance shifted, bigger, undefended (forcing possibilities),
/// and the trade policy. Counted only for safe moves: a threat from a square where the piece
/// is lost forces nothing.
fn threats<const T: bool>(
    ctx: &Context,
    m: Move,
    kind: PieceKind,
    new_kind: PieceKind,
    after_us: &View,
    f: &mut Factors<T>,
) {
    let pos = ctx.pos;
    let (us, them) = (ctx.us, ctx.them);
    let (from, to) = (m.from(), m.to());
    let old = attacks(kind, us, from, ctx.view_us.occ);
    let new = attacks(new_kind, us, to, after_us.occ);
    let targets = new & !old & after_us.enemy & !pos.kind_bb(PieceKind::King);
    let my_value = new_kind.value();
    let enemy_pawns = pos.pieces(them, PieceKind::Pawn) & after_us.enemy;
    for x in targets {
        let Some(target) = pos.piece_at(x) else {
            continue;
        };
        let xv = target.kind.value();
        let defenders = pos.attackers_with(x, them, after_us.occ) & after_us.enemy;
        let attackers_before = pos.attackers(x, us).count();
        let attackers_after = (pos.attackers_with(x, us, after_us.occ) & after_us.own).count() + 1;
        let pawn_defended = (pawn_attacks(us, x) & enemy_pawns).any();
        let name = || format!("{} at {}", piece_name(target, x), square_name(x, us));
        // paper §5, attacking a pinned piece.
        if ctx.enemy_pinned.has(x) {
            let v = if target.kind == PieceKind::Pawn && pawn_defended {
                ATTACK_PINNED_DEFENDED_PAWN
            } else {
                ATTACK_PINNED
            };
            f.add(v, Kind::Tactical, || {
                format!("attacks the pinned {}", name())
            });
        }
        // paper §5, shifting the balance on a non-pawn piece no pawn defends, else attacking
        // an inadequately defended piece.
        let d = defenders.count();
        if target.kind != PieceKind::Pawn
            && !pawn_defended
            && attackers_before <= d
            && attackers_after > d
        {
            f.add(SHIFT_BALANCE, Kind::Tactical, || {
                format!(
                    "shifts the balance on the {} ({attackers_after} v {d})",
                    name()
                )
            });
        } else if d <= attackers_after {
            f.add(ATTACK_INADEQUATELY_DEFENDED, Kind::Tactical, || {
                format!("attacks the inadequately defended {}", name())
            });
        }
        // paper §5, threats: forcing possibilities and the trade policy.
        if xv > my_value {
            let v = ((xv - my_value) / 2).min(BIG_THREAT_CAP);
            f.forcing += 1;
            f.add(v, Kind::Tactical, || {
                format!("threat on the bigger {} (forcing)", name())
            });
        } else if defenders.is_empty() {
            if target.kind != new_kind {
                f.forcing += 1;
                f.add(xv / 4, Kind::Tactical, || {
                    format!("threat on the undefended {} (forcing)", name())
                });
            } else if ctx.balance > TRADE_MARGIN {
                f.add(TRADE_POLICY, Kind::Tactical, || {
                    format!("offers a trade of the undefended {} when ahead", name())
                });
            } else if ctx.balance < -TRADE_MARGIN {
                f.add(-TRADE_POLICY, Kind::Tactical, || {
                    format!("offers a trade of the undefended {} when behind", name())
                });
            }
        }
    }
}

/// Our other sliders whose lines pass through the from- or to-square.
fn aligned(sliders: Bitboard, from: Square, to: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for s in sliders {
        if !line(s, from).is_empty() || !line(s, to).is_empty() {
            out |= Bitboard::from_square(s);
        }
    }
    out
}

/// The sliders of `sliders` whose factor in [`own_lines`] or [`enemy_lines`] may not be 0:
/// those reaching the from- or to-square (see [`Context::slider_reach`]). A move other than
/// castling or en passant changes only those two squares, so a slider reaching neither keeps
/// its range, and the vacated and enemy squares in it: the same development, the same
/// attacks. For castling and en passant, every slider on a line with either square.
fn changed_sliders(ctx: &Context, m: Move, sliders: Bitboard) -> Bitboard {
    let (from, to) = (m.from(), m.to());
    if m.is_castle() || m.is_en_passant() {
        return aligned(sliders, from, to);
    }
    let mut out = Bitboard::EMPTY;
    for s in sliders {
        let r = ctx.slider_reach[s.index()];
        if r.has(from) || r.has(to) {
            out |= Bitboard::from_square(s);
        }
    }
    out
}

/// paper §5, blocking and unblocking our own sliders: each one's development after the move
/// minus before ("+10 unblocks the white QB, which now attacks QN5").
fn own_lines<const T: bool>(ctx: &Context, m: Move, after_us: &View, f: &mut Factors<T>) {
    let pos = ctx.pos;
    let us = ctx.us;
    let sliders = (pos.pieces(us, PieceKind::Bishop)
        | pos.pieces(us, PieceKind::Rook)
        | pos.pieces(us, PieceKind::Queen))
    .without(m.from());
    for s in changed_sliders(ctx, m, sliders) {
        let Some(p) = pos.piece_at(s) else { continue };
        let before = ctx.development_before(p.kind, us, s);
        let after = development(&ctx.imp, p.kind, us, s, after_us);
        let delta = after - before;
        f.add(delta, Kind::Positional, || {
            let r0 = range(p.kind, us, s, &ctx.view_us);
            let r1 = range(p.kind, us, s, after_us);
            let (gained, lost) = (r1 & !r0, r0 & !r1);
            let name = piece_name(p, s);
            match (gained.any(), lost.any()) {
                (true, false) => {
                    format!(
                        "unblocks the {name}, which now attacks {}",
                        names(gained, us)
                    )
                }
                (false, true) => {
                    format!(
                        "blocks the {name}, which no longer attacks {}",
                        names(lost, us)
                    )
                }
                (true, true) => format!(
                    "redirects the {name}: now attacks {}, no longer {}",
                    names(gained, us),
                    names(lost, us)
                ),
                // Same squares, different worth: an own piece left one or stands on one now,
                // or an enemy piece in its range was taken.
                (false, false) => format!("changes what the {name}'s squares are worth"),
            }
        });
    }
}

/// paper §5, enemy sliders: blocking them gains the squares they lose; unblocking one costs 8;
/// uncovering its attack on one of our pieces costs 8, or that piece's expected loss if it is
/// left en prise.
fn enemy_lines<const T: bool>(ctx: &Context, m: Move, after_us: &View, f: &mut Factors<T>) {
    let pos = ctx.pos;
    let (us, them) = (ctx.us, ctx.them);
    let to = m.to();
    let sliders = (pos.pieces(them, PieceKind::Bishop)
        | pos.pieces(them, PieceKind::Rook)
        | pos.pieces(them, PieceKind::Queen))
        & after_us.enemy;
    for s in changed_sliders(ctx, m, sliders) {
        let Some(p) = pos.piece_at(s) else { continue };
        #[inline(always)]
        fn slide(kind: PieceKind, s: Square, occ: Bitboard) -> Bitboard {
            match kind {
                PieceKind::Bishop => bishop_attacks(s, occ),
                PieceKind::Rook => rook_attacks(s, occ),
                _ => queen_attacks(s, occ),
            }
        }
        let r0 = ctx.slider_reach[s.index()];
        let r1 = slide(p.kind, s, after_us.occ);
        let lost = r0 & !r1;
        let gained = r1 & !r0;
        if lost.any() {
            f.add(ctx.imp.sum(lost), Kind::Positional, || {
                format!(
                    "blocks the {}, which no longer attacks {}",
                    piece_name(p, s),
                    names(lost, us)
                )
            });
        }
        if gained.any() {
            f.add(UNBLOCK_FOR_OPPONENT, Kind::Positional, || {
                format!(
                    "unblocks the {}, which now attacks {}",
                    piece_name(p, s),
                    names(gained, us)
                )
            });
            let exposed = gained & after_us.own & !pos.kind_bb(PieceKind::King);
            for x in exposed.without(to) {
                let Some(victim) = pos.piece_at(x) else {
                    continue;
                };
                let lost = risk_with(pos, x, us, victim.kind.value(), after_us.occ);
                if lost > 0 {
                    f.add(-lost, Kind::Tactical, || {
                        format!(
                            "uncovers an attack of the {} on the {}, now en prise",
                            piece_name(p, s),
                            piece_name(victim, x)
                        )
                    });
                } else {
                    f.add(UNCOVER_ATTACK, Kind::Positional, || {
                        format!(
                            "uncovers an attack of the {} on the {}",
                            piece_name(p, s),
                            piece_name(victim, x)
                        )
                    });
                }
            }
        }
    }
}

/// Whether `m` gives check, from the attack sets after the move (castling and en passant by
/// playing the move).
pub fn gives_check(ctx: &Context, m: Move, new_kind: PieceKind, after_us: &View) -> bool {
    if m.is_castle() || m.is_en_passant() {
        return ctx.pos.gives_check(m);
    }
    let k = ctx.enemy_king;
    let occ = after_us.occ;
    let own = after_us.own;
    if attacks(new_kind, ctx.us, m.to(), occ).has(k) {
        return true;
    }
    // Only the from- and to-squares change: a line from the king opens only where its first
    // piece leaves (a piece arriving closes lines, or gives check itself, above).
    if !ctx.uncovers_check.has(m.from()) {
        return false;
    }
    let orth = own & after_us.own_orth;
    let diag = own & after_us.own_diag;
    (rook_attacks(k, occ) & orth).any() || (bishop_attacks(k, occ) & diag).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gives_check_is_the_check_the_move_gives() {
        // Every legal move of positions of random games (a fixed xorshift): the check found
        // from the attack sets (direct, or uncovered where a line from the king opens) against
        // playing the move.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let (mut moves, mut checks) = (0, 0);
        for _ in 0..30 {
            let mut pos = crate::rules::Position::startpos();
            for _ in 0..100 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let ctx = Context::new(&pos, 1);
                for &m in legal.iter() {
                    let new_kind = m.promotion().unwrap_or(pos.moved_piece(m).kind);
                    let after = ctx.view_us.then(&pos, ctx.us, m);
                    let check = gives_check(&ctx, m, new_kind, &after);
                    assert_eq!(check, pos.gives_check(m), "{} {m}", pos.to_fen());
                    moves += 1;
                    checks += usize::from(check);
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make(legal[seed as usize % legal.len()]);
            }
        }
        // The counts of this sample (a regression pin).
        assert_eq!((moves, checks), (92_934, 4057));
    }
}
