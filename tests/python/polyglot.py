"""python-chess's reading of machack's keys and Polyglot book (tests/suite/polyglot.rs).

    polyglot.py keys         stdin: lines `FEN<TAB>KEY` (KEY machack's, in hex); prints
                             `agreed N of M` and the first positions where
                             chess.polyglot.zobrist_hash gives another key
    polyglot.py book FILE    stdin: lines `FEN<TAB>PLAYED<TAB>ALL` (UCI moves, space-separated:
                             those machack plays there, and all its book's moves there); reads
                             the Polyglot book FILE and prints `agreed N of M`: positions where
                             its moves of weight >= 1 are PLAYED and all its moves are ALL, then
                             the first positions where they are not
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


def book(path):
    lines = sys.stdin.read().splitlines()
    agreed = 0
    with chess.polyglot.open_reader(path) as reader:
        for i, line in enumerate(lines):
            fen, played, every = line.split("\t")
            board = chess.Board(fen)
            weighed = {e.move.uci() for e in reader.find_all(board)}
            listed = {e.move.uci() for e in reader.find_all(board, minimum_weight=0)}
            if weighed == set(played.split()) and listed == set(every.split()):
                agreed += 1
            elif i - agreed < 5:
                print(f"{fen}: book {sorted(weighed)} of {sorted(listed)}, machack {played} of {every}")
    print(f"agreed {agreed} of {len(lines)}")


if __name__ == "__main__":
    if sys.argv[1] == "keys":
        keys()
    else:
        book(sys.argv[2])
