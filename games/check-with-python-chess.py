#!/usr/bin/env python3
"""Checks that `machack convert --to pgn` gives PGN that python-chess reads move for move.

Usage (from the repository root, after `cargo build --release` and `pip install chess`):

    python3 games/check-with-python-chess.py games/1967-?-*.score --reference games/paper-games.pgn
    python3 games/check-with-python-chess.py SCORES... [--reference PGN]

MACHACK=PATH names another machack binary than target/release/machack.

For each score it runs the converter, reads the PGN with python-chess (which replays every SAN
move and fails on an illegal one), compares the final FEN with `machack replay`, and with
--reference compares every move (as UCI) with the reference PGN's game of the same rank.
Exit status 0 when all agree.
"""
import io
import os
import subprocess
import sys

try:
    import chess.pgn
except ImportError:
    sys.exit("this check needs python-chess: pip install chess")

# The binary to check with: $MACHACK, else the release build.
BIN = os.environ.get("MACHACK", "target/release/machack")


def run(*args):
    return subprocess.run([BIN, *args], check=True, capture_output=True, text=True).stdout


def main(args):
    if not os.access(BIN, os.X_OK):
        return f"{BIN} is missing: build it first with cargo build --release (from the repository root)"
    if not args:
        return __doc__
    refs = []
    if "--reference" in args:
        i = args.index("--reference")
        with open(args[i + 1]) as fh:
            while (g := chess.pgn.read_game(fh)) is not None:
                refs.append([m.uci() for m in g.mainline_moves()])
        args = args[:i] + args[i + 2:]
    bad = 0
    for k, f in enumerate(args):
        pgn_text = run("convert", f, "--to", "pgn")
        game = chess.pgn.read_game(io.StringIO(pgn_text))
        if game is None or game.errors:
            print(f"{f}: python-chess could not read the PGN: {game and game.errors}")
            bad += 1
            continue
        board = game.board()
        moves = list(game.mainline_moves())
        for m in moves:
            board.push(m)
        ours = run("replay", f).strip().splitlines()[-1].removeprefix("FEN: ")
        ok = board.fen() == ours
        if refs:
            same = [m.uci() for m in moves] == refs[k]
            print(f"{f}: every move {'equals' if same else 'DIFFERS from'} the reference game {k + 1}")
            bad += not same
        print(f"{f}: {len(moves)} half-moves read by python-chess; final FEN "
              f"{'agrees' if ok else 'DIFFERS: ' + board.fen() + ' vs ' + ours}; "
              f"result {game.headers.get('Result')}")
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
