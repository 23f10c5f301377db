#!/usr/bin/env python3
"""How deep machack's analysis gets in a given time, as python-chess asks for it over UCI.

Run by hand, not by the test suite (the figures depend on the machine and its load):

    cargo build --release
    python3 scripts/analysis-depth.py [--seconds S] [--preset P] [--profile c197|paper] [MACHACK]

For each position of `machack bench` (src/cli/bench.rs: the start and positions of the four paper
games) it runs `engine.analyse(board, Limit(time=S))` (UCI `go movetime`, which deepens: depth 1,
2, 3, ... until the time is up) and prints the depth python-chess reports (the deepest depth
searched to the end), the move and the score; then the lowest, the median and the highest depth.
"""
import argparse
import re
import statistics
from pathlib import Path

import chess
import chess.engine


def bench_fens():
    """The positions of `machack bench`, read from their one definition, `BENCH_FENS` in
    src/cli/bench.rs."""
    source = (Path(__file__).resolve().parent.parent / "src/cli/bench.rs").read_text()
    block = source[source.index("pub const BENCH_FENS"):]
    block = block[: block.index("];")]
    return re.findall(r'"([^"]+)"', block)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("machack", nargs="?", default="target/release/machack")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--preset", default="tournament")
    parser.add_argument("--profile", default="c197")
    args = parser.parse_args()
    command = [args.machack, "uci", "--preset", args.preset, "--profile", args.profile]
    depths = []
    with chess.engine.SimpleEngine.popen_uci(command) as engine:
        for i, fen in enumerate(bench_fens(), 1):
            board = chess.Board(fen)
            info = engine.analyse(board, chess.engine.Limit(time=args.seconds))
            depth = info["depth"]
            depths.append(depth)
            move = board.san(info["pv"][0]) if info.get("pv") else "-"
            print(f"{i:>2}. depth {depth:>2}  {move:<7} {info['score'].relative}", flush=True)
    print(
        f"{args.seconds:g} s, {args.profile} at the {args.preset} preset: depth "
        f"{min(depths)} to {max(depths)}, median {statistics.median(depths):g}"
    )


if __name__ == "__main__":
    main()
