//! The debugging aids `plausible`, `trace` and `eval` (paper §13) with `--profile`: c197's own
//! generator and evaluator by default, the paper's recreation with `--profile paper`.

use crate::common;

/// Runs machack; returns (exit code, stdout, stderr).
fn machack(args: &[&str]) -> (i32, String, String) {
    common::machack(args, "")
}

use common::plausible_lists::printed;

/// F21: paper game 1 (Wagner-Mac Hack) before Black's 21st move, the position issue 22 names.
const F21: &str = "1rq1r1k1/p2b1ppp/3p1nn1/2b3B1/2PN4/1PN3PP/P1Q2PBK/3R1R2 b - - 6 21";

/// Paper game 1 (Wagner-Mac Hack) up to 11... O-O, in coordinates: White's 12th move next.
fn game_1_ply_22() -> String {
    printed("game 1 before 12. O-O").0
}

/// The listing's rows as `SAN plausibility` with `*` for a poor move, as
/// `reference/c197/plausible-lists.txt` writes the running program's lists.
fn san_and_plausibility(out: &str) -> Vec<String> {
    out.lines()
        .skip_while(|l| !l.starts_with("rank"))
        .skip(1)
        .map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            let poor = if cols[4..].contains(&"poor") { "*" } else { "" };
            format!("{}{poor} {}", cols[2], cols[3])
        })
        .collect()
}

#[test]
fn plausible_lists_the_start_position_as_the_running_c197_printed_it() {
    // The numbers and tie order the kit's c197 printed (which the unit test
    // `the_start_list_is_the_running_programs` checks too); c197 is the default profile.
    let (code, out, _) = machack(&["plausible"]);
    assert_eq!(code, 0);
    let (_, explicit, _) = machack(&["plausible", "--profile", "c197"]);
    assert_eq!(out, explicit);
    assert_eq!(san_and_plausibility(&out), printed("start").1);
    insta::assert_snapshot!(out);
}

#[test]
fn plausible_lists_game_1_before_12_o_o_as_the_running_c197_printed_it() {
    // As printed (and checked by `a_middlegame_list_is_the_running_programs`): the game's
    // moves number c197's pieces and count their moves, so the ties fall in its order.
    let (moves, list) = printed("game 1 before 12. O-O");
    let mut args = vec!["plausible", "--profile", "c197", "--moves"];
    args.extend(moves.split_whitespace());
    let (code, out, _) = machack(&args);
    assert_eq!(code, 0);
    assert_eq!(san_and_plausibility(&out), list);
    insta::assert_snapshot!(out);
}

#[test]
fn plausible_paper_profile_is_the_papers_generator() {
    let (code, out, _) = machack(&["plausible", "--profile", "paper"]);
    assert_eq!(code, 0);
    let start = machack::rules::Position::startpos();
    let pm = machack::paper::plausible::plausible_moves(&start, 1);
    assert_eq!(out, machack::cli::plausible::listing(&start, 1, &pm));
}

#[test]
fn plausible_profile_errors_are_named() {
    let (code, _, err) = machack(&["plausible", "--profile", "1968"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: profile '1968' unknown: choose paper (the recreation of the 1967 paper) or \
         c197 (the 1967-68 source)\n"
    );
    let (code, _, err) = machack(&["plausible", "--profile", "paper", "--fixes", "all"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: --fixes does not apply to profile paper: it applies to profile c197 only (the \
         fixes later versions made to c197's bugs)\n"
    );
    let (code, _, err) = machack(&["plausible", "--ply", "0"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: --ply 0: c197's levels (LMGD2) start at 1, the top level\n"
    );
}

#[test]
fn plausible_fixes_reach_c197s_generator() {
    // The trade-policy fix (LMGR2T, 4706-4710): with even material Rh7, offering the rook
    // trade, loses 16 in c197 and nothing with the fix.
    let fen = "4k3/r7/6K1/8/8/8/8/7R w - - 0 1";
    let rh7 = |fixes: &str| -> String {
        let (code, out, _) = machack(&["plausible", "--fen", fen, "--fixes", fixes]);
        assert_eq!(code, 0);
        san_and_plausibility(&out)
            .into_iter()
            .find(|r| r.starts_with("Rh7 "))
            .unwrap()
    };
    let c197 = rh7("none");
    let fixed = rh7("trade-policy");
    let value = |r: &str| r[4..].parse::<i64>().unwrap();
    assert_eq!(value(&fixed) - value(&c197), 16, "{c197} {fixed}");
}

/// The pointer every c197 trace ends with.
const TRACE_POINTER: &str = "The paper's own factors, as the recreation of its generator scores \
                             them, each with a\ncomment: machack trace --profile paper (same \
                             move and position).\n";

#[test]
fn trace_shows_c197s_rules_with_what_each_adds_r_after_it_a_gloss_and_the_papers_factor() {
    // The start position's P-K4, 644 in the list above: the pawn's development where it
    // stands (32) comes off, the rest is LMGR's.
    let (code, out, _) = machack(&["trace", "P-K4"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "c197's LMGR (lines 4036-4294) scoring P-K4 (e4) at level 1, rule by rule: what each\n\
             adds to R, R after it, the rule (its routine or constant in c197.txt), what it scores\n\
             and the paper's factor it corresponds to (paper section 5); in units of 1/128 pawn.\n\
             \x20 adds      R  rule          what it scores                              paper\n\
             the man where it stands (LMGCD, 4334-4418), given up by any move of it:\n\
             \x20  +32     32  LMGCD LMGR1A  its development there: squares, threats     development (old square)\n\
             \x20   +0     32  LMGCD risk    less what it risks there, if en prise       -\n\
             the move:\n\
             \x20  -32    -32  CDEVV         R starts at minus that (too early: -256)    development (old square)\n\
             \x20   +0    -32  LMGRT1        blocking an enemy passed pawn, by rank      passed pawn (blocking)\n\
             \x20   +0    -32  MBACKP        moving a backward pawn: +32                 moving a backward pawn\n\
             \x20   +0    -32  PPP           pushing a passed pawn, by rank reached      passed pawn push\n\
             \x20   +0    -32  LMGCMX        the king toward its back rank (OPNMID)      king retreat\n\
             \x20   +0    -32  LBL           lines it blocks there: ours cost, his gain  blocking sliders\n\
             \x20 +512    480  IVLU          the initial value                           initial value 512\n\
             \x20   +0    480  LMCPB         to K3/Q3 before that centre pawn: -96       blocking a centre pawn\n\
             \x20  +80    560  LMUA          the lines it unblocks, ours and his         uncovering, unblocking\n\
             \x20   +0    560  FMROOK        rook/queen first move, king unmoved: -48    first rook move\n\
             \x20   +0    560  LMFA LMDA     +32 a line to the enemy king (each line)    line to the enemy king\n\
             \x20   +0    560  LMGR3 LMGR4   capture or safety analysis (FLATA)          capture, exchange\n\
             \x20  +84    644  LMGR1A        its development at the new square, threats  development (new square)\n\
             total 644\n\
             {TRACE_POINTER}"
        )
    );
}

/// The reader's check on F21 (paper game 1, Black's 21st move): every rule of the c197 trace
/// of R-K4 with what it adds, R after it, a gloss and the paper's factor; the pointer last.
#[test]
fn trace_of_f21_explains_every_rule() {
    let (code, out, _) = machack(&["trace", "--fen", F21, "R-K4"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
    assert!(out.ends_with(TRACE_POINTER), "{out}");
    let (_, help, _) = machack(&["trace", "--help"]);
    assert!(
        help.starts_with(
            "Trace one move's plausibility rule by rule: c197's LMGR (default) or the paper's \
             factors\n\nc197's LMGR (the default) rule by rule, each with what it adds to R, R \
             after it, what it scores and the paper's factor it corresponds to, the total last, \
             ending with a pointer to --profile paper"
        ),
        "{help}"
    );
}

#[test]
fn trace_names_c197s_flags_and_its_floor_at_0() {
    // Game 1 before 12. O-O: Bf1 is developmentally poor (440), Qg4 unsafe (0, never below).
    let game = game_1_ply_22();
    let trace = |mv: &str| {
        let mut args = vec!["trace", mv, "--moves"];
        args.extend(game.split_whitespace());
        let (code, out, _) = machack(&args);
        assert_eq!(code, 0);
        out.strip_suffix(TRACE_POINTER).unwrap().to_string()
    };
    let bf1 = trace("Bf1");
    assert!(bf1.contains("\n    -8   -136  LBL "), "{bf1}");
    assert!(bf1.ends_with("\nflags poor\ntotal 440\n"), "{bf1}");
    let qg4 = trace("Qg4");
    assert!(
        qg4.ends_with(
            "\n -1248   -812  LMGR4A        unsafe: no development, no flags            \
             unsafe move\nflags unsafe\ntotal 0\n"
        ),
        "{qg4}"
    );
    assert!(trace("O-O").ends_with(
        "\n  +768    768  CASTLE        castling: a value of its own                castling \
         768\ntotal 768\n"
    ));
}

#[test]
fn trace_totals_are_the_listed_plausibilities() {
    use machack::c197::{plausible_list, trace_move};
    use machack::interface::Fixes;
    use machack::rules::Position;
    let moves: Vec<String> = game_1_ply_22()
        .split_whitespace()
        .map(String::from)
        .collect();
    let (pos, history) =
        machack::cli::search_options::game_position(machack::rules::START_FEN, &moves).unwrap();
    for (p, h) in [(pos, history), (Position::startpos(), Vec::new())] {
        for ply in [1, 3] {
            let list = plausible_list(&p, &h, Fixes::ALL, ply);
            assert_eq!(list.len(), p.legal_moves().len());
            for (m, e) in list {
                assert_eq!(trace_move(&p, &h, Fixes::ALL, ply, m).unwrap().1, Some(e));
            }
        }
    }
}

#[test]
fn trace_refuses_what_c197_cannot_play_and_the_paper_profile_is_kept() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let (code, _, err) = machack(&["trace", "--fen", fen, "a7a8n"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: c197 has no such move: it promotes only to a queen\n"
    );
    let (code, out, _) = machack(&["trace", "--profile", "paper", "P-K4"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "+512 initial value\n\
         +84 development of the white KP at K4\n\
         -32 development given up at K2\n\
         +4 unblocks the white Q, which now attacks KN4 KR5\n\
         +24 unblocks the white KB, which now attacks QB4 QN5 QR6\n\
         total 592\n"
    );
}

/// The `STVL4` rows of `machack eval ARGS` (the terms and total), as `LABEL value`.
fn eval_rows(args: &[&str]) -> Vec<String> {
    let mut all = vec!["eval"];
    all.extend(args);
    let (code, out, err) = machack(&all);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|cols| ["MATB", "PCRC", "KSFFW", "KSFFB", "PSTVL", "STVL4"].contains(&cols[0]))
        .map(|cols| format!("{} {}", cols[0], cols[1].trim_start_matches('+')))
        .collect()
}

#[test]
fn eval_shows_c197s_stvl4_terms_as_its_debugging_build_keeps_them() {
    let game = game_1_ply_22();
    let mut args = vec!["--moves"];
    args.extend(game.split_whitespace());
    let (code, out, _) = machack(&[&["eval"][..], &args].concat());
    assert_eq!(code, 0);
    // Game 1 before 12. O-O: White a pawn up (Bxb7), its pawn structure 4 worse.
    assert_eq!(
        eval_rows(&args),
        [
            "MATB 128",
            "PCRC 0",
            "KSFFW 0",
            "KSFFB 0",
            "PSTVL -4",
            "STVL4 124"
        ]
    );
    assert!(out.contains("\nWhite to move: +0.97 for White\n"), "{out}");
    assert!(out.ends_with(EVAL_POINTER), "{out}");
}

/// The pointer every c197 evaluation ends with.
const EVAL_POINTER: &str = "The paper's own terms, as the recreation computes them: machack eval \
                            --profile paper\n(same position).\n";

/// The reader's check on F21: each STVL4 term with what it adds, the total so far, the
/// paper's term it stands for and what it scores; the pointer last; the help says so.
#[test]
fn eval_of_f21_gives_each_term_its_share_the_total_so_far_and_the_papers_term() {
    let (code, out, _) = machack(&["eval", "--fen", F21]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
    assert_eq!(
        eval_rows(&["--fen", F21]),
        [
            "MATB 128",
            "PCRC 0",
            "KSFFW 0",
            "KSFFB 0",
            "PSTVL 56",
            "STVL4 184"
        ]
    );
    assert!(out.ends_with(EVAL_POINTER), "{out}");
    let (_, help, _) = machack(&["eval", "--help"]);
    assert!(
        help.starts_with(
            "Print the static evaluation term by term: c197's STVL4 (default) or the paper's\n\n\
             c197's STVL4 terms (the default) from White's side, each with what it adds, the \
             total so far, the paper's term it stands for and what it scores (MATB ~ B, PCRC ~ \
             R, KSFFW and KSFFB ~ K, PSTVL ~ P; c197 has no C), ending with a pointer to \
             --profile paper"
        ),
        "{help}"
    );
}

#[test]
fn eval_c197_king_terms_count_in_the_opening_and_middle_game_only() {
    // KSFFW: the white king on its third rank, -16 (KINGSF finds nothing); KSFFB: the black
    // king on its second, +8.
    assert_eq!(
        eval_rows(&[
            "--fen",
            "rnbq1bnr/ppppkppp/8/4p3/4P3/3K4/PPPP1PPP/RNBQ1BNR w - - 4 4"
        ]),
        [
            "MATB 0",
            "PCRC 0",
            "KSFFW -16",
            "KSFFB 8",
            "PSTVL 0",
            "STVL4 -8"
        ]
    );
    // KINGSF: the queen on KB6 attacks the king's squares: 72 off.
    assert_eq!(
        eval_rows(&["--fen", "4k3/8/8/8/8/5q2/8/4K3 w - - 0 5"]),
        [
            "MATB -1248",
            "PCRC 0",
            "KSFFW -72",
            "KSFFB 0",
            "PSTVL 0",
            "STVL4 -1320"
        ]
    );
    // Past game ply 40 (OPNMID off: here 42) the same position's king terms are 0.
    let (_, out, _) = machack(&["eval", "--fen", "4k3/8/8/8/8/5q2/8/4K3 w - - 0 22"]);
    assert!(out.contains("\nOPNMID off: the root is past game ply 40, the king terms are 0\n"));
    assert!(out.contains(
        "\nKSFFW      +0   -1248   -9.75  K      White's king: -8 a rank above its first, less \
         KINGSF\n"
    ));
}

#[test]
fn eval_c197_piece_ratio_change_is_against_the_root() {
    // A black rook gone since the root: the ratio term grows (PCRC, 5605-5617).
    let fen = "6k1/5ppp/8/3P4/8/8/1P3PPP/R5K1 b - - 0 30";
    let root = "r5k1/5ppp/8/3P4/8/8/1P3PPP/R5K1 w - - 0 30";
    assert_eq!(
        eval_rows(&["--fen", fen]),
        [
            "MATB 896",
            "PCRC 0",
            "KSFFW 0",
            "KSFFB 0",
            "PSTVL -20",
            "STVL4 876"
        ]
    );
    assert_eq!(
        eval_rows(&["--fen", fen, "--root-fen", root]),
        [
            "MATB 896",
            "PCRC 548",
            "KSFFW 0",
            "KSFFB 0",
            "PSTVL -20",
            "STVL4 1424"
        ]
    );
}

#[test]
fn eval_paper_options_are_refused_with_c197_and_the_paper_report_is_kept() {
    let (code, _, err) = machack(&["eval", "--king-safety", "weak-squares"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "machack: --king-safety does not apply to profile c197: it applies to profile paper \
         with knowledge 1967 only (a variant of the paper's 1967 evaluator)\n"
    );
    let (code, out, _) = machack(&["eval", "--profile", "paper"]);
    assert_eq!(code, 0);
    use machack::paper::eval::{RootRatio, evaluate_breakdown};
    let start = machack::rules::Position::startpos();
    let terms = evaluate_breakdown(&start, &RootRatio::at(&start), &Default::default());
    assert_eq!(out, machack::cli::eval::report(&start, &terms));
}

/// Every rule the c197 trace names has a gloss and a paper factor, in positions with castling,
/// captures good and bad, unsafe moves, king moves and a promotion; and every gloss is of a
/// rule these positions reach.
#[test]
fn every_c197_rule_traced_has_a_gloss() {
    use machack::c197::{plausible_list, trace_move};
    use machack::cli::trace::{c197_rule_gloss, c197_rules_glossed};
    use machack::interface::Fixes;
    use machack::rules::{Position, START_FEN};
    let fens = [
        START_FEN,
        F21,
        "r3k2r/ppp2ppp/2n1bn2/2bpp1q1/4P3/2NP1N2/PPPBBPPP/R2QK2R w KQkq - 4 8",
        "8/1P4k1/8/3p4/4P3/8/5K2/8 w - - 0 50",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        for ply in [1, 3] {
            for (m, _) in plausible_list(&pos, &[], Fixes::default(), ply) {
                let (steps, _) = trace_move(&pos, &[], Fixes::default(), ply, m).unwrap();
                for (rule, _) in steps {
                    assert!(c197_rule_gloss(rule).is_some(), "{rule} ({fen}, {m})");
                    seen.insert(rule);
                }
            }
        }
    }
    for label in c197_rules_glossed() {
        assert!(seen.contains(label), "{label} never traced");
    }
}

/// Every command that takes `--moves` says it takes any notation, as it does.
#[test]
fn moves_help_says_any_notation_and_any_notation_is_taken() {
    for command in ["think", "eval", "plausible", "trace"] {
        let (_, help, _) = machack(&[command, "--help"]);
        let moves = help
            .split("--moves <MOVES>...")
            .nth(1)
            .unwrap_or_else(|| panic!("{command}: {help}"));
        assert!(
            moves
                .trim_start()
                .starts_with("Moves already played from that position, in any notation"),
            "{command}: {moves}"
        );
        assert!(!moves.contains("in coordinates ("), "{command}: {moves}");
    }
    for moves in ["P-K4 P-K4 N-KB3", "1. e4 e5 2. Nf3", "e2e4 e7e5 g1f3"] {
        let (code, out, err) = machack(&["think", "--depth", "1", "--moves", moves]);
        assert_eq!(code, 0, "{moves}: {err}");
        assert!(
            out.starts_with(
                "position: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
            ),
            "{moves}: {out}"
        );
    }
}
