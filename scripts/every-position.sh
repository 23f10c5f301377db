#!/bin/sh
# The long run of tests/suite/every_position.rs (issue 31): GAMES seeded random games (default
# 20,000) whose moves lean towards pawn pushes and promotions of every kind, every position of
# each searched by c197 with each table setting and by the paper's program, each answer checked
# legal. It prints the games, positions, promotions and under-promotions seen and 0 failures,
# or the moves of the first position that failed. About 4 minutes on a 2-core machine.
#   scripts/every-position.sh [GAMES]
set -eu
cd "$(dirname "$0")/.."
MACHACK_GAMES="${1:-20000}" cargo test --release --test suite -- --ignored --nocapture \
    every_position::c197_and_the_paper_answer_a_legal_move_along_many_promoting_games
