//! The record carries the program (issue 20): a game played with machack keeps the settings it
//! was played with in its tags, and each searched move what its search gave; `--resume`
//! restores them and says so, an option given on the command line changes them with a notice,
//! a record whose settings tags cannot be used is refused with the tag named and nothing
//! written, a record without them resumes with the defaults, and a recorded move the program
//! would not play is reported with its ply.

use crate::common;

use std::fs;
use std::path::Path;

/// Runs `machack play ARGS` in `dir` with `input`; returns the exit code and all output.
fn play(dir: &Path, args: &[&str], input: &str) -> (i32, String) {
    let (code, out, err) = common::machack_in(dir, &[&["play"], args].concat(), input);
    (code, out + &err)
}

/// The files in `dir`, by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The line of a session's output that starts with `prefix`, the last one.
fn last_line<'a>(out: &'a str, prefix: &str) -> &'a str {
    out.lines()
        .rfind(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line '{prefix}': {out}"))
}

#[test]
fn a_record_played_with_each_setting_resumes_with_it() {
    let dir = common::scratch("record-settings");
    // (the options of the game, the tag they write, the words LIST shows after the resume)
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["--profile", "paper"],
            "[MachackProfile \"paper\"]",
            "PROFILE PAPER,",
        ),
        (
            &["--fixes", "promotions"],
            "[MachackFixes \"promotions\"]",
            "FIXES PROMOTIONS,",
        ),
        (
            &["--profile", "paper", "--knowledge", "simple"],
            "[MachackKnowledge \"simple\"]",
            "KNOWLEDGE SIMPLE,",
        ),
        (
            &["--profile", "paper", "--king-safety", "weak-squares"],
            "[MachackKingSafety \"weak-squares\"]",
            "KING-SAFETY WEAK-SQUARES,",
        ),
        (
            &["--profile", "paper", "--ratio-divisor", "8"],
            "[MachackRatioDivisor \"8\"]",
            "RATIO-DIVISOR 8,",
        ),
        (&["--width", "5,3"], "[MachackWidth \"5,3\"]", "WIDTH 5,3,"),
        (&["--depth", "3"], "[MachackDepth \"3\"]", "DEPTH 3,"),
        (
            &["--feedovers", "1"],
            "[MachackFeedovers \"1\"]",
            "FEEDOVERS 1",
        ),
        (
            &["--profile", "paper", "--secondary", "off"],
            "[MachackSecondary \"off\"]",
            "SECONDARY OFF,",
        ),
        (
            &["--profile", "paper", "--secondary-plies", "3"],
            "[MachackSecondaryPlies \"3\"]",
            "SECONDARY-PLIES 3,",
        ),
        (
            &["--profile", "paper", "--repetition", "tree-or-threefold"],
            "[MachackRepetition \"tree-or-threefold\"]",
            "REPETITION TREE-OR-THREEFOLD,",
        ),
        (
            &["--profile", "paper", "--shadow", "on"],
            "[MachackShadow \"on\"]",
            "SHADOW ON,",
        ),
        (
            &["--profile", "paper", "--hash-entries", "1000"],
            "[MachackHashEntries \"1000\"]",
            "HASH-ENTRIES 1000",
        ),
        // c197's table and secondary search (issue 21), under the default profile.
        (&["--table", "off"], "[MachackTable \"off\"]", "TABLE OFF,"),
        (
            &["--table", "values"],
            "[MachackTable \"values\"]",
            "TABLE VALUES,",
        ),
        (
            &["--secondary", "on"],
            "[MachackSecondary \"on\"]",
            "SECONDARY ON,",
        ),
        (
            &["--repetition", "tree-or-threefold"],
            "[MachackRepetition \"tree-or-threefold\"]",
            "REPETITION TREE-OR-THREEFOLD,",
        ),
        (
            &["--hash-entries", "128"],
            "[MachackHashEntries \"128\"]",
            "HASH-ENTRIES 128",
        ),
        (&["--no-book"], "[MachackBook \"off\"]", "BOOK OFF "),
        (&["--seed", "77"], "[MachackSeed \"77\"]", "SEED 77 "),
        (
            &["--black"],
            "[MachackPlays \"white\"]",
            "MACHINE PLAYS WHITE ",
        ),
    ];
    for (i, (options, tag, shown)) in cases.iter().enumerate() {
        let name = format!("game-{i}.pgn");
        // The quick preset keeps the searches short; without the book the machine searches its
        // answer (or its first move, when it plays White); the book stays off when resumed.
        let mut args = vec!["--preset", "quick", "--record", &name];
        if !options.contains(&"--no-book") {
            args.push("--no-book");
        }
        args.extend_from_slice(options);
        let (code, out) = play(&dir, &args, "P-K4\nquit\n");
        assert_eq!(code, 0, "{options:?}: {out}");
        let text = fs::read_to_string(dir.join(&name)).unwrap();
        assert!(text.contains(tag), "{options:?}: {text}");
        assert!(
            text.contains("value="),
            "{options:?}: a searched move: {text}"
        );
        let (code, out) = play(&dir, &["--resume", &name, "--in-place"], "LIST\nquit\n");
        assert_eq!(code, 0, "{options:?}: {out}");
        assert!(out.contains("THE SETTINGS ARE THE RECORD'S."), "{out}");
        assert!(
            out.contains("THE PROGRAM GOES ON AS IT STOOD: ITS "),
            "{options:?}: {out}"
        );
        assert!(!out.contains(" NOW PLAYS "), "{options:?}: {out}");
        let list = [last_line(&out, "SETTINGS: "), last_line(&out, "BOOK ")].join(" ");
        assert!(list.contains(shown), "{options:?}: {list}");
    }
}

#[test]
fn an_option_given_with_resume_changes_the_records_settings_with_a_notice() {
    let dir = common::scratch("record-override");
    let (code, _) = play(
        &dir,
        &["--preset", "quick", "--no-book", "--record", "g.pgn"],
        "P-K4\nquit\n",
    );
    assert_eq!(code, 0);
    let (code, out) = play(
        &dir,
        &[
            "--resume",
            "g.pgn",
            "--in-place",
            "--depth",
            "3",
            "--seed",
            "4",
        ],
        "P-Q4\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("THE COMMAND LINE CHANGES THE RECORD'S SETTINGS: DEPTH 2 -> 3, SEED "),
        "{out}"
    );
    assert!(
        last_line(&out, "SETTINGS: ")
            .starts_with("SETTINGS: PROFILE C197, FIXES NONE, WIDTH 4, DEPTH 3,"),
        "{out}"
    );
    // The record now says depth 3, and the first reply, searched at depth 2, says so.
    let text = fs::read_to_string(dir.join("g.pgn")).unwrap();
    assert!(text.contains("[MachackDepth \"3\"]"), "{text}");
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(" depth=2}"), "{words}");
    // Resumed again, both searches repeat with the settings they were made with.
    let (code, out) = play(&dir, &["--resume", "g.pgn", "--in-place"], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ITS 2 SEARCHES IN THIS GAME REPEATED."),
        "{out}"
    );
    assert!(!out.contains(" NOW PLAYS "), "{out}");
}

#[test]
fn a_recorded_move_the_program_would_not_play_is_reported_at_its_ply() {
    let dir = common::scratch("record-mismatch");
    let (code, _) = play(
        &dir,
        &["--preset", "quick", "--no-book", "--record", "g.pgn"],
        "P-K4\nN-KB3\nquit\n",
    );
    assert_eq!(code, 0);
    let text = fs::read_to_string(dir.join("g.pgn")).unwrap();
    let read = machack::game::record::read_pgn(&text).unwrap();
    // Black's second move, as the program chose it, replaced by another legal move.
    let second = &read.game.moves()[3];
    assert!(second.search.is_some());
    let mut pos = read.game.start().clone();
    for m in &read.game.moves()[..3] {
        pos.make(m.mv);
    }
    let other = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != second.mv)
        .unwrap();
    let san = machack::notation::san::format(&pos, other);
    // The move and its comment may be on one line or two.
    let edited = [" ", "\n"]
        .iter()
        .map(|gap| {
            text.replacen(
                &format!(" {}{gap}{{", second.san),
                &format!(" {san}{gap}{{"),
                1,
            )
        })
        .find(|e| *e != text)
        .unwrap_or_else(|| panic!("no {} in {text}", second.san));
    fs::write(dir.join("edited.pgn"), &edited).unwrap();
    let (code, out) = play(
        &dir,
        &["--resume", "edited.pgn", "--record", "c.pgn"],
        "quit\n",
    );
    assert_eq!(code, 0, "{out}");
    let said = machack::notation::descriptive::format(&pos, second.mv, Default::default());
    let line = last_line(&out, "PLY 4 (2... ");
    assert!(
        line.ends_with(&format!(
            "): THE PROGRAM NOW PLAYS {said} WITH THE RECORDED SETTINGS."
        )),
        "{line}"
    );
}

#[test]
fn a_record_whose_settings_tags_cannot_be_used_is_refused_and_nothing_is_written() {
    let dir = common::scratch("record-refused");
    for (tags, message) in [
        (
            "[MachackDepth \"25\"]",
            "tag [MachackDepth \"25\"]: depth '25' is not a whole number from 1 to 20",
        ),
        (
            "[MachackShadow \"on\"]",
            "[MachackShadow \"on\"] does not apply to profile c197: it applies to profile paper \
             only",
        ),
        (
            "[MachackColour \"blue\"]",
            "tag [MachackColour \"blue\"]: not a tag machack knows",
        ),
    ] {
        let text = format!("[Event \"e\"]\n{tags}\n\n1. e4 {{P-K4 1.00s}} *\n");
        fs::write(dir.join("bad.pgn"), &text).unwrap();
        for in_place in [false, true] {
            let mut args = vec!["--resume", "bad.pgn"];
            if in_place {
                args.push("--in-place");
            }
            let (code, out) = play(&dir, &args, "quit\n");
            assert_eq!(code, 2, "{out}");
            assert!(
                out.contains(&format!("machack: cannot resume bad.pgn: {message}")),
                "{out}"
            );
            assert_eq!(fs::read_to_string(dir.join("bad.pgn")).unwrap(), text);
            assert_eq!(files(&dir), ["bad.pgn"]);
        }
    }
    // An option of the other profile given with a resume is refused before anything is written.
    fs::write(
        dir.join("bad.pgn"),
        "[MachackProfile \"paper\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let (code, out) = play(&dir, &["--resume", "bad.pgn", "--fixes", "all"], "quit\n");
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("--fixes does not apply to profile paper"),
        "{out}"
    );
    assert_eq!(files(&dir), ["bad.pgn"]);
}

#[test]
fn a_record_from_elsewhere_resumes_with_the_defaults_and_says_so() {
    let dir = common::scratch("record-elsewhere");
    fs::write(
        dir.join("lichess.pgn"),
        "[Event \"Casual\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .unwrap();
    let (code, out) = play(&dir, &["--resume", "lichess.pgn"], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("THE RECORD HAS NO SETTINGS TAGS: PLAYING WITH THE DEFAULTS."),
        "{out}"
    );
    assert!(
        out.contains(
            "SETTINGS: PROFILE C197, FIXES NONE, WIDTH 15,15,9,9,7, DEPTH 4, FEEDOVERS 2, \
             SECONDARY OFF, SECONDARY-PLIES 2, REPETITION FIRST, TABLE DRAWS, HASH-ENTRIES 32767 \
             (TOURNAMENT PRESET)"
        ),
        "{out}"
    );
}
