//! The integration tests, one module a file, built as one test binary: each binary links the
//! whole library, so some fifty of them took 226 s of CPU to build where this one takes 74 s
//! (2-core Xeon, shared), and the harness runs their tests side by side instead of one file
//! after another. `cargo test --release --test suite NAME` runs the tests whose paths contain
//! NAME (a file's are `FILE::…`). A new test file here is a module: add it below (the test at
//! the end checks that every file is, and that no test file stands alone in `tests/`).

mod common;

mod aids_cli;
mod analysis;
mod book;
mod citations;
mod cli_perft;
mod clock_cli;
mod closed_pipe;
mod compare_jobs;
mod doc_commands;
mod eval_paper;
mod every_position;
mod fidelity_cli;
mod fidelity_further;
mod fidelity_more;
mod fidelity_paper;
mod fidelity_table;
mod fuzz;
mod games_cli;
mod games_paper;
mod games_surviving;
mod layers;
mod match_cli;
mod notation_fuzz;
mod notation_pgn;
mod notation_readback;
mod notation_roundtrip;
mod one_program;
mod plausible_attributes;
mod plausible_paper;
mod plausible_trace;
mod player;
mod player_screen;
mod polyglot;
mod protocol;
mod python_chess;
mod record_faults;
mod record_settings;
mod records;
mod report_chromium;
mod report_cli;
mod resume_identity;
mod rules_fen;
mod rules_keys;
mod rules_perft;
mod search;
mod search_cli;
mod search_params;
mod search_repetition;
mod search_shadow;
mod settings_table;
mod web_chromium;
mod web_engine;
mod xboard_gui;

/// Every `.rs` file of this folder is a module of the suite (a file left out would never be
/// built, its tests never run), and `tests/` holds no test file of its own (which Cargo would
/// build as a binary of its own, linking the whole library again).
#[test]
fn every_test_file_is_a_module_of_the_suite() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let rust_files = |dir: &std::path::Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(
        rust_files(&root),
        Vec::<String>::new(),
        "test files outside tests/suite/"
    );
    let main = std::fs::read_to_string(root.join("suite/main.rs")).unwrap();
    let missing: Vec<String> = rust_files(&root.join("suite"))
        .into_iter()
        .filter(|name| name != "main" && !main.contains(&format!("\nmod {name};\n")))
        .collect();
    assert_eq!(
        missing,
        Vec::<String>::new(),
        "files tests/suite/main.rs does not name"
    );
}
