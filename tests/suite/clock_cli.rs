//! The clock syntax on the command line: `play --clock` and `match --tc` read it with the one
//! parser; a value out of range is refused with exit code 2 and a message naming the field and
//! its range, never a panic or a wrapped clock (issue 13).

use crate::common;

/// Runs `machack ARGS` with `input`; returns the exit code and standard error.
fn refused(args: &[&str], input: &str) -> (i32, String) {
    let (code, _, err) = common::machack(args, input);
    (code, err)
}

const RANGE: &str = "is out of range: from 0 to 360000 seconds (100 hours)";

#[test]
fn play_refuses_a_clock_out_of_range() {
    let record = std::env::temp_dir().join(format!("machack-clock-cli-{}.pgn", std::process::id()));
    for (clock, field) in [
        (
            "600+100000000000000000:00",
            "the increment '100000000000000000:00'",
        ),
        ("307445734561825861:0", "the time '307445734561825861:0'"),
        ("1000000:00", "the time '1000000:00'"),
        (
            "1001/600",
            "moves per period '1001' is not a whole number from 1 to 1000",
        ),
    ] {
        let (code, err) = refused(
            &[
                "play",
                "--clock",
                clock,
                "--record",
                record.to_str().unwrap(),
            ],
            "P-K4\nquit\n",
        );
        assert_eq!(code, 2, "{clock}: {err}");
        assert!(
            err.starts_with(&format!(
                "machack: --clock: clock '{clock}' not understood: {field}"
            )),
            "{err}"
        );
        assert!(
            err.contains(RANGE) || err.contains("from 1 to 1000"),
            "{err}"
        );
        assert!(!record.exists(), "a refused game leaves no record");
    }
}

#[test]
fn play_accepts_the_largest_clock_and_shows_it_in_a_form_it_reads() {
    let record = std::env::temp_dir().join(format!("machack-clock-max-{}.pgn", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let (code, out, err) = common::machack(
        &[
            "play",
            "--clock",
            "6000:00+360000",
            "--record",
            record.to_str().unwrap(),
        ],
        "list\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("CLOCK 360000+360000 "), "{out}");
    let pgn = std::fs::read_to_string(&record).unwrap();
    assert!(pgn.contains("[TimeControl \"360000+360000\"]"), "{pgn}");
    let (code, _, err) = common::machack(
        &[
            "play",
            "--clock",
            "360000+360000",
            "--record",
            record.with_extension("2.pgn").to_str().unwrap(),
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_file(&record);
    let _ = std::fs::remove_file(record.with_extension("2.pgn"));
}

#[test]
fn match_refuses_a_time_control_out_of_range() {
    let (code, err) = refused(
        &[
            "match",
            "--engine",
            "/bin/true",
            "--tc",
            "60+100000000000000000:00",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(&format!(
            "machack: --tc: clock '60+100000000000000000:00' not understood: the increment \
             '100000000000000000:00' {RANGE}"
        )),
        "{err}"
    );
}
