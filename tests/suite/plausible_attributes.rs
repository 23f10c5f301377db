//! One test per attribute of the plausible-move generator (paper §5), on small positions, each
//! asserting the exact value of its factor as the trace records it (the trace and the score are
//! one computation, see `plausible_trace.rs`).

use machack::notation::parse_any;
use machack::paper::plausible::{PlausibleMove, plausible_moves, trace_move};
use machack::rules::Position;

/// The scored move and its factors as (value, comment).
fn trace(fen: &str, mv: &str, ply: u32) -> (PlausibleMove, Vec<(i32, String)>) {
    let pos = Position::from_fen(fen).unwrap();
    let m = parse_any(&pos, mv).unwrap();
    let (pm, f) = trace_move(&pos, m, ply).unwrap();
    (pm, f.into_iter().map(|f| (f.value, f.comment)).collect())
}

/// The values of the factors whose comment starts with `prefix`.
fn factor(fen: &str, mv: &str, prefix: &str) -> Vec<i32> {
    trace(fen, mv, 0)
        .1
        .into_iter()
        .filter(|(_, c)| c.starts_with(prefix))
        .map(|(v, _)| v)
        .collect()
}

#[test]
fn castling_has_fixed_plausibility_768() {
    let (pm, f) = trace("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 20", "O-O", 0);
    assert_eq!(pm.plausibility, 768);
    // 512 initial + 256 to make 768.
    assert_eq!(f.iter().map(|x| x.0).collect::<Vec<_>>(), vec![512, 256]);
}

#[test]
fn too_early_non_pawn_move_at_ply_0_counts_from_minus_256() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(factor(start, "Nf3", "too early"), vec![-256]);
    assert!(factor(start, "Nf3", "development given up").is_empty());
    // At ply 2 a knight move is no longer too early: Ng1's development, 40 (e2 16, f3 16, h3 8),
    // is given up instead.
    let ply2 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2";
    assert!(factor(ply2, "Nf3", "too early").is_empty());
    assert_eq!(factor(ply2, "Nf3", "development given up"), vec![-40]);
    // Queen moves stay too early through ply 7.
    let ply4 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    assert_eq!(factor(ply4, "Qh5", "too early"), vec![-256]);
}

#[test]
fn first_king_move_costs_32_and_128_more_while_castling_is_possible() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 20";
    assert_eq!(factor(fen, "Kd2", "first king move"), vec![-32]);
    assert_eq!(factor(fen, "Kd2", "king move while castling"), vec![-128]);
    let no_rights = "4k3/8/8/8/8/8/8/R3K3 w - - 0 20";
    assert_eq!(factor(no_rights, "Kd2", "first king move"), vec![-32]);
    assert!(factor(no_rights, "Kd2", "king move while castling").is_empty());
}

#[test]
fn first_rook_move_while_castling_is_possible_costs_48() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 20";
    assert_eq!(factor(fen, "Rb1", "first rook move"), vec![-48]);
    assert!(factor("4k3/8/8/8/8/8/8/R3K3 w - - 0 20", "Rb1", "first rook move").is_empty());
}

#[test]
fn blocking_the_unmoved_centre_pawn_costs_96() {
    // d-pawn gone to d4, e-pawn unmoved on e2: Bc1-e3 stands in front of it.
    let fen = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 5";
    assert_eq!(factor(fen, "Be3", "blocks the unmoved white KP"), vec![-96]);
    // Bf4 blocks nothing.
    assert!(factor(fen, "Bf4", "blocks the unmoved").is_empty());
}

#[test]
fn line_to_the_enemy_king_is_32() {
    // Ra1-e1 onto the king's file.
    let fen = "4k3/8/8/8/8/8/8/R5K1 w - - 0 20";
    assert_eq!(factor(fen, "Re1", "line to the enemy king"), vec![32]);
    // Bc1-g5 onto the diagonal g5-d8.
    let fen = "3k4/8/8/8/8/8/8/2B3K1 w - - 0 20";
    assert_eq!(factor(fen, "Bg5", "line to the enemy king"), vec![32]);
}

#[test]
fn backward_and_passed_pawn_moves() {
    // e6 is backward (d2 cannot defend it in one move); e6-e7 also pushes a passed pawn to its
    // 7th rank: PASSED_PUSH[7] = 192.
    let fen = "4k3/8/4P3/8/8/8/3P4/4K3 w - - 0 20";
    let fen = fen.replace("4k3", "k7");
    assert_eq!(factor(&fen, "e7", "moves the backward pawn"), vec![32]);
    assert_eq!(factor(&fen, "e7", "passed pawn"), vec![192]);
    // a2-a4: the 4th rank, 64; a2-a3: 48.
    let fen = "4k3/8/8/8/8/8/P7/4K3 w - - 0 20";
    assert_eq!(factor(fen, "a4", "passed pawn"), vec![64]);
    assert_eq!(factor(fen, "a3", "passed pawn"), vec![48]);
}

#[test]
fn blocking_an_enemy_passed_pawn_earns_its_push_value() {
    // Black's passed d4 pawn would reach d3, its 6th rank (1-based): PASSED_PUSH[6] = 128.
    let fen = "4k3/8/8/8/3p4/8/8/2N1K3 w - - 0 20";
    assert_eq!(
        factor(fen, "Nd3", "blocks the enemy passed pawn"),
        vec![128]
    );
}

#[test]
fn pawn_break_is_40() {
    let fen = "4k3/8/8/3p4/8/8/2P5/4K3 w - - 0 20";
    assert_eq!(factor(fen, "c4", "pawn break"), vec![40]);
    assert!(factor(fen, "c3", "pawn break").is_empty());
}

#[test]
fn attack_on_a_pinned_piece_and_the_balance_and_a_bigger_piece() {
    // d5-d6 attacks the knight e7, pinned to its king by the rook e1: +64. The knight had one
    // attacker (Re1) against one defender (Ke8); now two: the balance shifts, +96. A knight is
    // bigger than a pawn: (416 - 128) / 2 = 144, a forcing possibility.
    let fen = "4k3/4n3/8/3P4/8/8/8/4RK2 w - - 0 20";
    assert_eq!(factor(fen, "d6", "attacks the pinned"), vec![64]);
    assert_eq!(factor(fen, "d6", "shifts the balance"), vec![96]);
    assert_eq!(factor(fen, "d6", "threat on the bigger"), vec![144]);
    assert_eq!(trace(fen, "d6", 0).0.forcing, 1);
}

#[test]
fn threat_on_an_undefended_piece_of_another_type_is_a_quarter_of_it() {
    // Bh6-e3 attacks the undefended knight c5: 416 / 4 = 104, forcing; and shifts the balance
    // (0 attackers v 0 defenders before, 1 v 0 after): +96.
    let fen = "7k/8/7B/2n5/8/8/8/6K1 w - - 0 20";
    assert_eq!(factor(fen, "Be3", "threat on the undefended"), vec![104]);
    assert_eq!(factor(fen, "Be3", "shifts the balance"), vec![96]);
}

#[test]
fn trade_policy_on_an_undefended_piece_of_the_same_type() {
    // Bh6-e3 (defended by Re1) attacks the undefended bishop c5. White is ahead by 640 > 416: +16.
    let ahead = "7k/8/7B/2b5/8/8/8/4R2K w - - 0 20";
    assert_eq!(factor(ahead, "Be3", "offers a trade"), vec![16]);
    // Black has a queen more: White behind by 608: -16.
    let behind = "1q5k/8/7B/2b5/8/8/8/4R2K w - - 0 20";
    assert_eq!(factor(behind, "Be3", "offers a trade"), vec![-16]);
}

#[test]
fn capture_gains_value_development_and_outnumbering_bonus() {
    // exd5: the pawn (128); its development with White's map: c4 (ring 16) + e4 (8 base + 12
    // centre on White's half + 8 own pawn + 64, half the en prise pawn's 128) = 92, + 40 for
    // the centre square e4, + 8 for attacking an (enemy to it) piece = 156; two attackers
    // (e4, Rd1) against no defender: +128.
    let fen = "4k3/8/8/3p4/4P3/8/8/3RK3 w - - 0 20";
    assert_eq!(factor(fen, "exd5", "captures the black QP"), vec![128]);
    assert_eq!(
        factor(fen, "exd5", "development of the captured"),
        vec![156]
    );
    assert_eq!(factor(fen, "exd5", "capture with 2 attackers"), vec![128]);
}

#[test]
fn unsafe_move_subtracts_the_expected_loss() {
    let fen = "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 20";
    let (pm, _) = trace(fen, "Nd5", 0);
    assert!(pm.unsafe_move);
    assert_eq!(factor(fen, "Nd5", "unsafe"), vec![-416]);
}

#[test]
fn clearly_bad_capture_is_floored_at_zero() {
    // Qxd5 takes a pawn defended by e6; nothing of White's defends d5: the queen is lost, 1248.
    let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 20";
    let (pm, _) = trace(fen, "Qxd5", 0);
    assert_eq!(factor(fen, "Qxd5", "unsafe"), vec![-1248]);
    assert_eq!(pm.plausibility, 0);
    assert!(pm.unsafe_move && pm.must_search);
}

#[test]
fn uncovering_and_unblocking_enemy_attacks_cost_8_each() {
    // The knight e3 shields the bishop e2 (defended by the king) from the rook e7; moving it
    // uncovers the attack (the bishop is not left en prise: -8) and unblocks the rook (-8).
    let fen = "4k3/4r3/8/8/8/4N3/4B3/4K3 w - - 0 20";
    assert_eq!(factor(fen, "Nc4", "uncovers an attack"), vec![-8]);
    assert_eq!(factor(fen, "Nc4", "unblocks the black KR"), vec![-8]);
}

#[test]
fn blocking_an_enemy_slider_gains_the_squares_it_loses() {
    // Nc1-e2 cuts the rook e7 off e1 (8).
    let fen = "4k3/4r3/8/8/8/8/8/2N2K2 w - - 0 20";
    assert_eq!(factor(fen, "Ne2", "blocks the black KR"), vec![8]);
}

#[test]
fn blocking_and_unblocking_own_sliders() {
    // e2-e4 unblocks the bishop f1: it now attacks c4 (16), b5 (8), a6 (8) = 32, but e2 no
    // longer holds our pawn (its own-piece 8 goes): 24. The queen d1 gains g4 and h5 (16) and
    // loses the same 8 on e2: 8, halved = 4 (paper: "+10 unblocks the white QB ...").
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(factor(start, "e4", "unblocks the white KB"), vec![24]);
    assert_eq!(factor(start, "e4", "unblocks the white Q,"), vec![4]);
}

#[test]
fn king_retreat_toward_the_back_rank() {
    // Queens on; after move 8: 8 per rank. In the first 8 moves: 64 per rank.
    assert_eq!(
        factor("4k3/8/8/8/8/4K3/8/q6Q w - - 0 30", "Ke2", "king retreats"),
        vec![8]
    );
    assert_eq!(
        factor("4k3/8/8/8/8/4K3/8/q6Q w - - 0 5", "Ke2", "king retreats"),
        vec![64]
    );
}

#[test]
fn must_search_for_checks_forks_and_early_captures() {
    // Check.
    let (pm, _) = trace("4k3/8/8/8/8/8/8/R5K1 w - - 0 20", "Ra8", 5);
    assert!(pm.check && pm.must_search);
    // Fork: Nc5 threatens both rooks (bigger pieces): two forcing possibilities.
    let (pm, _) = trace("4k3/8/r3r3/8/8/3N4/8/5K2 w - - 0 20", "Nc5", 5);
    assert_eq!(pm.forcing, 2);
    assert!(pm.must_search);
    // A capture is must-search at ply 2, not at ply 3.
    let fen = "4k3/8/8/3p4/4P3/8/8/3RK3 w - - 0 20";
    assert!(trace(fen, "exd5", 2).0.must_search);
    assert!(!trace(fen, "exd5", 3).0.must_search);
}

#[test]
fn developmentally_poor_moves_are_flagged() {
    // Rb1: first rook move (-48) plus development change: from a1 (b1 8, a2..a8 7×8 ... ) the
    // rook loses range; the positional change is ≤ -48, so the move is poor.
    let (pm, _) = trace("4k3/8/8/8/8/8/8/R3K3 w Q - 0 20", "Rb1", 0);
    assert!(pm.positional <= -48);
    assert!(pm.poor);
    // e4 at the start is not.
    let (pm, _) = trace(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e4",
        0,
    );
    assert!(!pm.poor);
}

#[test]
fn pieces_with_safe_moves_at_the_start_is_ten() {
    assert_eq!(
        plausible_moves(&Position::startpos(), 0).pieces_with_safe_moves,
        10
    );
}

#[test]
fn moves_are_sorted_most_plausible_first() {
    let pm = plausible_moves(&Position::startpos(), 0);
    assert_eq!(pm.moves.len(), 20);
    assert!(
        pm.moves
            .windows(2)
            .all(|w| w[0].plausibility >= w[1].plausibility)
    );
}
