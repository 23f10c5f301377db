//! python-chess, the library most chess scripts and many interfaces use, drives machack over
//! CECP and UCI as an analysis interface does (issue 15): `tests/python/analyse.py` prints what
//! python-chess read, and this test compares it with the exact text. Needs python3 with the
//! `chess` package (`pip install chess`; .ci/run installs it).

use crate::common;

use std::process::Command;

#[test]
fn python_chess_reads_machacks_analysis_over_both_protocols() {
    let test = "python_chess_reads_machacks_analysis_over_both_protocols";
    if !common::python_module_installed("chess", test) {
        return;
    }
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/python/analyse.py"
        ))
        .arg(env!("CARGO_BIN_EXE_machack"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    let (warnings, lines): (Vec<&str>, Vec<&str>) =
        stdout.lines().partition(|l| l.starts_with("warning: "));
    assert_eq!(
        lines,
        [
            // CECP: 100000 + 2 read as a mate in two, the SAN PV read as moves.
            "cecp mate in two: score #+2 pv 1. Qg8+ Rxg8 2. Nf7#",
            // UCI: a book position, analysed, is searched and scored.
            "uci start position, book on: score 0 pv 1. d4 d5",
            // UCI `go movetime`: analysis deepens (depth 4 takes about a millisecond here).
            "uci start position for 1 s: deeper than depth 3: True",
            // UCI MultiPV 3: three lines, the program's choice first, each with its exact value.
            "uci paper multipv 1: score +9 pv 8. Nd5 Be6 9. Nxf6+ gxf6",
            "uci paper multipv 2: score 0 pv 8. h3 Be6 9. Bxe6 fxe6",
            "uci paper multipv 3: score 0 pv 8. Qe1 h6 9. Be3 Bxe3 10. Qxe3",
            "uci c197 multipv 1: score +31 pv 8. Nd5 Bd4 9. Nxf6+ gxf6 10. Bc1",
            "uci c197 multipv 2: score 0 pv 8. h3 Be6 9. Bxe6 fxe6",
            "uci c197 multipv 3: score -4 pv 8. Qe1 Bxf3 9. gxf3 h6",
        ]
    );
    // No complaint about the feature lines or the thinking output. The one message allowed is
    // python-chess's about the `stat01:` line that answers the `.` it sends when it stops an
    // analysis: CECP §12 asks for that answer, and python-chess logs it for every engine that
    // gives it.
    for w in &warnings {
        assert!(
            w.contains("Unexpected engine output: 'stat01: "),
            "{warnings:#?}"
        );
    }
}
