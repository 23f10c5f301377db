#!/bin/sh
# The quick tier of the tests, for the edit loop: the library's unit tests, the documentation's
# examples and every test file but the slow ones named below (the fidelity tables, the kill
# tests, the engine matches, the GUI, browser and terminal-multiplexer tests, the manual's
# commands, one program behind every front end, replay's games at once), which the full suite,
# `cargo test --release` (what CI runs), keeps. Arguments go to the test harness, e.g.
# `scripts/quick-tests.sh plausible` runs only the tests whose names contain "plausible".
# A test file (a module of tests/suite/) not named here is quick: name it below if it takes more
# than a second or two.
# It builds with the `quick` profile (Cargo.toml: the release optimisation, incremental, no debug
# information) into target/quick, so that an edit rebuilds in seconds.
set -eu
cd "$(dirname "$0")/.."
SLOW="fidelity_further fidelity_more fidelity_paper fidelity_table fidelity_cli match_cli
records record_faults player_screen report_chromium report_cli web_chromium xboard_gui resume_identity
doc_commands one_program compare_jobs every_position"
# The suite's tests of a slow file are those named `FILE::…`: skipped by that prefix.
skips=""
for name in $SLOW; do
    skips="$skips --skip $name::"
done
cargo test --profile quick --no-run --lib --test suite
cargo test --profile quick --lib -- "$@"
# shellcheck disable=SC2086 # the skips are words
cargo test --profile quick --test suite -- $skips "$@"
cargo test --profile quick --doc -- "$@"
