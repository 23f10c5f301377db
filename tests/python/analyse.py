"""python-chess drives machack over CECP and UCI as an analysis GUI does (issue 15).

Usage: python3 tests/python/analyse.py MACHACK

Prints one line per check, which tests/suite/python_chess.rs compares with the exact text:
- CECP, the normal preset, the smothered mate: `analyse` ends once a mate in two is posted; its
  score and principal variation (python-chess reads the PV as moves, so it must be SAN or
  coordinates, and the score as Mate(+2) only from 100000 + 2);
- UCI, the quick preset, the start position with the book on: a score and a PV at depth 2, and
  with a time limit (`go movetime`) an analysis that deepens past the preset's depth;
- UCI, the tournament preset, a middlegame with multipv=3 under each profile: three lines, the
  program's choice first, each with its exact value;
- `warning: …` for every message python-chess's engine module logged at WARNING or above (its
  complaints about feature lines and unexpected output).

machack runs with `--profile paper`, and for MultiPV also with the default profile, c197: both
search the top level again with a window that makes the best lines exact (search/root.rs,
c197/lines.rs).
"""

import logging
import sys

import chess
import chess.engine

SMOTHERED = "r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1"
MIDDLEGAME = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 4 8"


class Warnings(logging.Handler):
    """Keeps every record at WARNING or above."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def line(board, info):
    """`score S pv M M M` from python-chess's reading of an analysis."""
    pv = info.get("pv", [])
    sans = board.copy().variation_san(pv) if pv else "(none)"
    return f"score {info['score'].relative} pv {sans}"


def main():
    machack = sys.argv[1]
    warnings = Warnings()
    logging.getLogger("chess.engine").addHandler(warnings)
    logging.getLogger("chess.engine").setLevel(logging.DEBUG)

    with chess.engine.SimpleEngine.popen_xboard([machack, "xboard", "--preset", "normal", "--profile", "paper"]) as e:
        board = chess.Board(SMOTHERED)
        info = e.analyse(board, chess.engine.Limit(time=20, mate=2))
        print(f"cecp mate in two: {line(board, info)}")

    with chess.engine.SimpleEngine.popen_uci([machack, "uci", "--preset", "quick", "--profile", "paper"]) as e:
        board = chess.Board()
        info = e.analyse(board, chess.engine.Limit(depth=2))
        print(f"uci start position, book on: {line(board, info)}")
        info = e.analyse(board, chess.engine.Limit(time=1))
        print(f"uci start position for 1 s: deeper than depth 3: {info['depth'] > 3}")

    for profile in ["paper", "c197"]:
        with chess.engine.SimpleEngine.popen_uci([machack, "uci", "--preset", "tournament", "--profile", profile]) as e:
            board = chess.Board(MIDDLEGAME)
            infos = e.analyse(board, chess.engine.Limit(depth=4), multipv=3)
            for i, info in enumerate(infos, 1):
                print(f"uci {profile} multipv {i}: {line(board, info)}")

    for m in warnings.messages:
        print(f"warning: {m}")


if __name__ == "__main__":
    main()
