#!/bin/sh
# Prints the rows of the fidelity tables in doc/fidelity.md and doc/fidelity-tables.md from the
# commands that measure them, so that they are remade, never copied (Markdown rows, to paste):
#   scripts/fidelity-table.sh [BIN]          the measured table (doc/fidelity.md): every profile
#                                            and switch, the commands its text describes
#   scripts/fidelity-table.sh BIN table      c197's table settings with and without the secondary
#                                            search (doc/fidelity-tables.md)
#   scripts/fidelity-table.sh BIN games      the seven further Mac Hack games, game by game, c197
#                                            with its table off (doc/fidelity.md), and the figures
#                                            the prose under that table quotes
# BIN defaults to target/release/machack (build it first: cargo build --release). Every row is
# 5 `machack replay --compare` runs (one to two minutes on a loaded 2-core machine; the main
# table 9 minutes); run from anywhere.
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-target/release/machack}
WHAT=${2:-main}
PAPER="games/1967-1-wagner.score games/1967-2-nn-1410.score games/1967-3-landey.score
games/1967-4-spring-amateur.score"
SEVEN="games/1967-dreyfus.score games/1968-lancaster.score games/1968-charly-1.score
games/1968-charly-2.score games/1968-charly-3.score games/1977-fischer.score
games/1978-computerwoche.score"

# The `all:` figures of one replay --compare run (its options the arguments): "= 1967 | = c197 |
# values", the first empty where the run has no such figure (--positions has no 1967 move).
figures() {
    # shellcheck disable=SC2068 # the options and files are words
    "$BIN" replay --compare $@ 2>/dev/null | awk '
        /^all:/ { all = 1 }
        all && /machack = 1967/ { split($0, w, " "); h = w[4] }
        all && /machack = c197/ { for (i = 1; i <= NF; i++) if ($i == "c197" && $(i-1) == "=" && $(i-2) == "machack") c = $(i+1) }
        all && /same value/ { v = $(NF-1) }
        END { printf "%s | %s | %s", h, c, v }'
}

# The same without the first column (--positions has no 1967 move).
figures2() {
    figures "$@" | sed 's/^ *| //'
}

# One row of the measured table: its label, then the options that make it.
row() {
    label=$1
    shift
    # shellcheck disable=SC2068,SC2086 # the options and files are words
    t=$(figures $@ $PAPER)
    w=$(figures --preset normal $@ $PAPER)
    b=$(figures2 $@ --positions reference/c197/paper-tournament.tsv games/paper-games.pgn)
    f=$(figures2 $@ --positions reference/c197/further-tournament.tsv reference/c197/further-games.pgn)
    a=$(figures2 $@ --positions reference/c197/further-tournament.tsv)
    echo "| $label | $t | $w | $b | $f | $a |"
}

# The figures of one game, or of several summed: "positions|= game (out of book)|= c197|values|c197 = game".
per_game() {
    # shellcheck disable=SC2068 # the options and files are words
    "$BIN" replay --compare $@ 2>/dev/null | awk '
        function frac(s, i) { split(s, p, "/"); n[i] += p[1]; d[i] += p[2] }
        /^all:/ { exit }
        /^summary:/ { pos += $2 }
        /machack = 1967/ { frac($4, 1) }
        /machack = c197/ { for (i = 1; i <= NF; i++) if ($i == "c197" && $(i-1) == "=" && $(i-2) == "machack") frac($(i+1), 2); frac($(NF-1), 4) }
        /same value/ { frac($(NF-1), 3) }
        END { printf "%d | %d/%d | %d/%d | %d/%d | %d/%d", pos, n[1], d[1], n[2], d[2], n[3], d[3], n[4], d[4] }'
}

case $WHAT in
main)
    echo "| Profile, switch | = 1967 | = c197 | values = c197 | width 6: = 1967 | = c197 | values | both sides: = c197 | values | further: = c197 | values | further alone: = c197 | values |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    row '`paper`' --profile paper
    row '**`c197`** (default: its table for draws)'
    row '`c197 --table off` (as it ran)' --table off
    for fix in promotions passed-pawns trade-policy all; do
        row "\`c197 --table off --fixes $fix\`" --table off --fixes $fix
    done
    ;;
table)
    for table in off draws values; do
        row "\`--table $table\`" --table $table
        row "\`--table $table --secondary on\`" --table $table --secondary on
    done
    ;;
games)
    for g in $SEVEN; do
        echo "| $g | $(per_game --table off "$g") |"
    done
    # shellcheck disable=SC2086 # the files are words
    echo "| the seven | $(per_game --table off $SEVEN) |"
    # shellcheck disable=SC2086
    echo "| the seven at width 6 | $(per_game --table off --preset normal $SEVEN) |"
    # shellcheck disable=SC2086
    echo "| the seven, default | $(per_game $SEVEN) |"
    # shellcheck disable=SC2086
    echo "| the seven at width 6, default | $(per_game --preset normal $SEVEN) |"
    for opts in "--table off" "--table off --preset normal" "" "--preset normal"; do
        # c197's run at the search's widths: the tournament's, or its own 6 (`--preset normal`).
        case $opts in
        *normal*) run=games-default ;;
        *) run=games-tournament ;;
        esac
        # shellcheck disable=SC2086
        echo "all eleven $opts: $(figures $opts games/*.score)"
        # shellcheck disable=SC2086
        echo "both sides along the seven $opts: $(figures2 $opts --positions reference/c197/$run.tsv games/more-games.pgn)"
    done
    ;;
*)
    echo "usage: scripts/fidelity-table.sh [BIN [main|table|games]]" >&2
    exit 2
    ;;
esac
