"""python-chess's reading of machack's keys and Polyglot book (tests/polyglot.rs).

    polyglot.py keys         stdin: lines `FEN<TAB>KEY` (KEY machack's, in hex); prints
                             `agreed N of M` and the first positions where
                             chess.polyglot.zobrist_hash gives another key
"""

import sys

import chess
import chess.polyglot


def keys():
    lines = sys.stdin.read().splitlines()
    agreed = 0
    for i, line in enumerate(lines):
        fen, key = line.split("\t")
        theirs = chess.polyglot.zobrist_hash(chess.Board(fen))
        if theirs == int(key, 16):
            agreed += 1
        elif i - agreed < 5:
            print(f"{fen}: machack {key}, python-chess {theirs:016x}")
    print(f"agreed {agreed} of {len(lines)}")


if __name__ == "__main__":
    keys()
