//! The search parameters' one check (`program::params`), seen from every front end: the command
//! line (exit code 2 and a message), the game's SETW/SETD/SETF, UCI (`info string error`) and
//! CECP (`Error (bad argument: …)`). A value out of range is refused, never clamped or ignored;
//! and UCI options take effect whatever order they come in.

mod common;

use common::machack;

#[test]
fn out_of_range_search_options_are_refused_with_exit_code_2_and_the_range() {
    let cases: [(&[&str], &str); 13] = [
        (
            &["think", "--hash-entries", "100000000000000"],
            "hash entries '100000000000000' is not a whole number from 0 to 89478485 (1 GiB)",
        ),
        (
            &["think", "--hash-kb", "99999999999"],
            "hash size in KB '99999999999' is not a whole number from 1 to 1048576 (1 GiB)",
        ),
        (
            &["think", "--hash-kb", "0"],
            "hash size in KB '0' is not a whole number from 1 to 1048576",
        ),
        (
            &["think", "--secondary-plies", "1000"],
            "secondary plies '1000' is not a whole number from 0 to 20",
        ),
        (
            &["think", "--feedovers", "1000"],
            "feedovers '1000' is not a whole number from 0 to 20",
        ),
        (
            &["think", "--nodes", "0"],
            "node limit '0' is not a whole number of at least 256",
        ),
        (
            &["think", "--nodes", "1"],
            "node limit '1' is not a whole number of at least 256",
        ),
        (
            &["think", "--time-ms", "0"],
            "time limit in ms '0' is not a whole number from 1 to 604800000 (a week)",
        ),
        (
            &["think", "--depth", "50"],
            "depth '50' is not a whole number from 1 to 20",
        ),
        (
            &["think", "--width", "15,256"],
            "'256' is not a width from 1 to 255",
        ),
        (
            &["bench", "--feedovers", "21"],
            "feedovers '21' is not a whole number from 0 to 20",
        ),
        (
            &["epd", "data/wac300_revised.epd", "--nodes", "255"],
            "node limit '255' is not a whole number of at least 256",
        ),
        (
            &[
                "replay",
                "--compare",
                "games/1967-3-landey.score",
                "--time-ms",
                "0",
            ],
            "time limit in ms '0' is not",
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = machack(args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.starts_with("machack: ") && err.contains(message),
            "{args:?}: {err}"
        );
        // Refused before anything is searched or printed.
        assert_eq!(out, "", "{args:?}");
    }
}

/// The `nodes` line of `think`'s statistics.
fn nodes_searched(out: &str) -> u64 {
    out.lines()
        .find_map(|l| l.trim().strip_prefix("nodes"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no node count in {out}"))
}

#[test]
fn a_node_limit_stops_at_the_first_multiple_of_256_at_or_past_it() {
    // The start position at the tournament preset takes 950 nodes in all (c197).
    let tournament = ["think", "--preset", "tournament"];
    let (_, whole, _) = machack(&tournament, "");
    assert_eq!(nodes_searched(&whole), 950);
    for (limit, searched) in [("256", 256), ("257", 512), ("512", 512), ("1000", 950)] {
        let (code, out, err) = machack(&[&tournament[..], &["--nodes", limit]].concat(), "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(nodes_searched(&out), searched, "--nodes {limit}");
    }
}

#[test]
fn the_game_refuses_setf_setd_setw_out_of_range_and_keeps_its_parameters() {
    let dir = std::env::temp_dir().join(format!("machack-params-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.pgn");
    let (code, out, _) = machack(
        &[
            "play",
            "--preset",
            "quick",
            "--record",
            record.to_str().unwrap(),
        ],
        "SETF 99\nSETF -1\nSETD 50\nSETD 0\nSETW 6 0\nSETW 300\nLIST\nSETF 3\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    for message in [
        "FEEDOVERS '99' IS NOT A WHOLE NUMBER FROM 0 TO 20",
        "FEEDOVERS '-1' IS NOT A WHOLE NUMBER FROM 0 TO 20",
        "DEPTH '50' IS NOT A WHOLE NUMBER FROM 1 TO 20",
        "DEPTH '0' IS NOT A WHOLE NUMBER FROM 1 TO 20",
        "BAD WIDTH LIST: '0' IS NOT A WIDTH FROM 1 TO 255",
        "BAD WIDTH LIST: '300' IS NOT A WIDTH FROM 1 TO 255",
        // Nothing was changed by the refused commands; SETF 3 is taken.
        "WIDTHS 4  DEPTH 2  FEEDOVERS 2  HASH 32768",
        "WIDTHS 4  DEPTH 2  FEEDOVERS 3  HASH 32768",
    ] {
        assert!(out.contains(message), "{message}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_refuses_a_go_out_of_range_with_an_error_line_and_does_not_search() {
    let (code, out, _) = machack(
        &["uci", "--preset", "quick"],
        "setoption name OwnBook value false\n\
         go depth -3\ngo depth 50\ngo nodes 1\ngo nodes 0\n\
         setoption name Hash value 100000\nsetoption name Feedovers value 99\n\
         setoption name Depth value 21\nsetoption name Width value 6,0\n\
         isready\ngo depth 1\n",
    );
    assert_eq!(code, 0, "{out}");
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    assert_eq!(
        errors,
        [
            "info string error: go: depth '-3' is not a whole number from 1 to 20",
            "info string error: go: depth '50' is not a whole number from 1 to 20",
            "info string error: go: node limit '1' is not a whole number of at least 256 (the \
             search checks its limits every 256 nodes and stops at the first multiple of 256 at \
             or past the limit)",
            "info string error: go: node limit '0' is not a whole number of at least 256 (the \
             search checks its limits every 256 nodes and stops at the first multiple of 256 at \
             or past the limit)",
            "info string error: Hash '100000' is not a size from 1 to 2730 MB",
            "info string error: feedovers '99' is not a whole number from 0 to 20",
            "info string error: depth '21' is not a whole number from 1 to 20 (or 0: the preset's)",
            "info string error: bad width list: '0' is not a width from 1 to 255 (write e.g. \
             15,15,9,9,7)",
        ]
    );
    // Only the last, valid `go` searched: one bestmove, after readyok, at depth 1.
    let after_ready = out.split("readyok\n").nth(1).expect("readyok");
    assert_eq!(out.matches("bestmove ").count(), 1, "{out}");
    assert!(after_ready.contains("info depth 1 score "), "{out}");
}

#[test]
fn cecp_refuses_sd_out_of_range_in_its_error_form() {
    let (code, out, _) = machack(
        &["xboard", "--preset", "quick"],
        "xboard\nprotover 2\nsd 1000\nsd 0\nsd -3\nsd 20\nping 1\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("Error")).collect();
    assert_eq!(
        errors,
        [
            "Error (bad argument: depth '1000' is not a whole number from 1 to 20): sd 1000",
            "Error (bad argument: depth '0' is not a whole number from 1 to 20): sd 0",
            "Error (bad argument: depth '-3' is not a whole number from 1 to 20): sd -3",
        ]
    );
    assert!(out.contains("pong 1"), "{out}");
}

/// The `option name NAME` lines a `uci` command announces, in order.
fn announced_options(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix("option name "))
        .map(|l| l.split(" type ").next().unwrap().to_string())
        .collect()
}

/// A value for each option other than its default.
fn value_of(option: &str) -> &'static str {
    match option {
        "Hash" => "64",
        "Preset" => "tournament",
        "Profile" => "paper",
        "Width" => "8,5",
        "Depth" => "3",
        "Feedovers" => "1",
        "OwnBook" => "false",
        "MultiPV" => "3",
        "UCI_AnalyseMode" => "true",
        "Deepen" => "true",
        other => panic!("a new option, {other}: give this test a value for it"),
    }
}

/// Sends every option in `order` (debug on) and returns the settings line after the last.
fn settings_after(order: &[String]) -> String {
    let mut input = String::from("debug on\n");
    for o in order {
        input += &format!("setoption name {o} value {}\n", value_of(o));
    }
    let (code, out, _) = machack(&["uci"], input);
    assert_eq!(code, 0);
    assert!(!out.contains("error"), "{out}");
    out.lines()
        .rfind(|l| l.starts_with("info string settings: "))
        .expect("a settings line")
        .to_string()
}

#[test]
fn uci_options_sent_in_announced_order_all_take_effect_and_order_does_not_matter() {
    let (_, out, _) = machack(&["uci"], "uci\nquit\n");
    let announced = announced_options(&out);
    assert_eq!(
        announced,
        [
            "Hash",
            "Preset",
            "Profile",
            "Width",
            "Depth",
            "Feedovers",
            "OwnBook",
            "MultiPV",
            "UCI_AnalyseMode",
            "Deepen"
        ]
    );
    let expected = "info string settings: Hash 2097152 entries, Preset tournament, Profile paper, \
                    Width 8,5, Depth 3, Feedovers 1, OwnBook false, MultiPV 3, UCI_AnalyseMode true, \
                    Deepen true";
    assert_eq!(settings_after(&announced), expected);
    let mut reversed = announced.clone();
    reversed.reverse();
    assert_eq!(settings_after(&reversed), expected);
}

#[test]
fn a_uci_preset_sets_only_its_widths_and_depth() {
    let (code, out, _) = machack(
        &["uci"],
        "debug on\nsetoption name Hash value 16\nsetoption name Feedovers value 0\n\
         setoption name Preset value quick\nsetoption name Preset value tournament\n\
         setoption name Depth value 5\nsetoption name Depth value 0\n",
    );
    assert_eq!(code, 0);
    let settings: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("info string settings: "))
        .collect();
    assert_eq!(
        settings,
        [
            "Hash 524288 entries, Preset normal, Profile c197, Width 6, Depth 4, Feedovers 2, \
             OwnBook true, MultiPV 1, UCI_AnalyseMode false, Deepen false",
            "Hash 524288 entries, Preset normal, Profile c197, Width 6, Depth 4, Feedovers 0, \
             OwnBook true, MultiPV 1, UCI_AnalyseMode false, Deepen false",
            "Hash 524288 entries, Preset quick, Profile c197, Width 4, Depth 2, Feedovers 0, \
             OwnBook true, MultiPV 1, UCI_AnalyseMode false, Deepen false",
            "Hash 524288 entries, Preset tournament, Profile c197, Width 15,15,9,9,7, Depth 4, \
             Feedovers 0, OwnBook true, MultiPV 1, UCI_AnalyseMode false, Deepen false",
            "Hash 524288 entries, Preset tournament, Profile c197, Width 15,15,9,9,7, Depth 5, \
             Feedovers 0, OwnBook true, MultiPV 1, UCI_AnalyseMode false, Deepen false",
            // Depth 0: the preset's again.
            "Hash 524288 entries, Preset tournament, Profile c197, Width 15,15,9,9,7, Depth 4, \
             Feedovers 0, OwnBook true, MultiPV 1, UCI_AnalyseMode false, Deepen false",
        ]
    );
}
