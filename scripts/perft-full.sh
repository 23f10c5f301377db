#!/bin/sh
# The full perft counts (tests/suite/rules_perft.rs, ignored in `cargo test`): the start position to
# depth 6, Kiwipete to depth 5 and every count of data/perft_cpw6.epd and data/perftsuite126.epd
# up to 2x10^8 nodes (791 counts, 4.5x10^9 nodes in all), each against its published value.
# 171 s of counting on the shared 2-core machine (at load 12), 2026-11-28.
#   scripts/perft-full.sh
set -eu
cd "$(dirname "$0")/.."
cargo test --release --test suite -- --ignored --exact rules_perft::perft_full_published_counts
