#!/usr/bin/env python3
"""Makes `reference/c197/`: asks the 1967-68 program (CHESS D, c197, on the SIMH PDP-6) for its
move, value and principal variation along the paper games and the further games, and writes the
compact tables the repository keeps.

Run by hand from the repository root, not by the test suite (needs `pip install chess pexpect`):

    python3 scripts/c197-reference.py KIT [--runs paper-tournament,...] [--work DIR] [--convert-only]

KIT is the folder of the c197 kit (`c197_driver.py`, `descriptive.py`, `pdp6`, ...; it is not
copied into the repository). For each run the kit's driver walks the games and writes
`WORK/RUN.tsv`, `WORK/RUN.jsonl` and `WORK/RUN.console.log` (WORK defaults to `c197-runs/`, removed
first for the runs asked for); then `reference/c197/RUN.tsv` is made from the `.jsonl`.
`--convert-only` skips the driver and converts the existing `.jsonl` files. One simulator runs at a
time, under `nice`; the six runs take about 3.2 hours. The driver is run through LAUNCHER (below),
which corrects three things in how it types moves and reads the board.

The table's columns (tab-separated, with a header line):
  game        the game's name (paper1..paper4, further01..further30, dreyfus, lancaster, ...)
  ply         the position's index in the game, from 0 (the initial position)
  fen         the position before the move
  side        white or black: the side to move
  historical  the move played in the game (SAN)
  c197        the program's move (SAN), `-` if it gave none
  printed     its move as it printed it (e.g. `P/K2-K4`, `B/QN5*N/QB6`), `-` if none
  value       its root value from the side to move's point of view (pawn = 128; c197 prints it
              from White's, so Black's values are negated), `-` if none
  pv          its principal variation in SAN, from its move on, space-separated, `-` if none
  printed_pv  the principal variation as it printed it, one move after another, space-separated
  error       why it gave no move (crash message or `no answer ...`), `-` if it gave one
"""
import argparse
import json
import os
import re
import subprocess
import sys

import chess

RUNS = {
    "paper-tournament": ("games/paper-games.pgn", "SETW 15 15 9 9 7;SETD 4"),
    "paper-default": ("games/paper-games.pgn", "SETD 4"),
    "further-tournament": ("reference/c197/further-games.pgn", "SETW 15 15 9 9 7;SETD 4"),
    "further-default": ("reference/c197/further-games.pgn", "SETD 4"),
    "games-tournament": ("games/more-games.pgn", "SETW 15 15 9 9 7;SETD 4"),
    "games-default": ("games/more-games.pgn", "SETD 4"),
}
PAPER_NAMES = "paper1,paper2,paper3,paper4"
FURTHER_NAMES = ",".join(f"further{i:02d}" for i in range(1, 31))
# The surviving Mac Hack games beyond the paper's (games/more-games.pgn, in its order).
GAMES_NAMES = "dreyfus,lancaster,charly1,charly2,charly3,fischer,computerwoche"
# Every 7th ply from ply 8 (after the opening lines), so both sides and every phase are asked.
FURTHER_PLIES = ",".join(str(p) for p in range(8, 200, 7))
COLUMNS = ["game", "ply", "fen", "side", "historical", "c197", "printed", "value", "pv",
           "printed_pv", "error"]
OUT_DIR = "reference/c197"


# The kit's driver, run with three corrections that the paper games never needed:
# - c197 names a promoted piece by its old letter, so a capture of it is typed `R/KN1*P/QR1`
#   (`*Q/QR1` is answered IMP and stops the driver);
# - after a double pawn step c197's board (BD) shows the square passed over as `WG`/`BG` (the
#   en passant "ghost"), which the driver's board check does not read: it is shown as empty;
# - an en passant capture takes that ghost: `P/Q5*G/QB6` (the kit's `P/Q5*P/QB5` is answered IMP).
LAUNCHER = """
import re, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import chess, descriptive
kit_to_descriptive = descriptive.to_descriptive
def to_descriptive(board, move):
    text = kit_to_descriptive(board, move)
    if board.promoted & chess.BB_SQUARES[move.to_square] and board.is_capture(move):
        text = re.sub(r"[*][NBRQ]/", "*P/", text)
    if board.is_en_passant(move):
        dsq = descriptive.dsq
        text = f"P/{dsq(move.from_square, board.turn)}*G/{dsq(move.to_square, board.turn)}"
    return text
descriptive.to_descriptive = to_descriptive
import c197_driver
kit_command = c197_driver.P6.command
def command(self, s, timeout=60):
    out = kit_command(self, s, timeout)
    return re.sub(r"\\b[WB]G\\b", "--", out) if s == "BD" else out
c197_driver.P6.command = command
sys.argv = sys.argv[1:]
c197_driver.main()
"""


def driver_command(kit, run, work):
    pgn, settings = RUNS[run]
    cmd = ["nice", sys.executable, "-c", LAUNCHER, kit, "--pgn", pgn,
           "--side", "all", "--out", os.path.join(work, run), "--settings", settings]
    if run.startswith("paper"):
        cmd += ["--names", PAPER_NAMES]
    elif run.startswith("games"):
        cmd += ["--names", GAMES_NAMES]
    else:
        cmd += ["--names", FURTHER_NAMES, "--plies", FURTHER_PLIES]
    return cmd


SQUARES = re.compile(r"^[PNBRQK]/([QK][RNB]?[1-8])[-*](?:[PNBRQKG]/)?([QK][RNB]?[1-8])")


def printed_move(board, text, descriptive):
    """The legal move `text` (as c197 prints it, colour prefix allowed) names, or None.

    In a principal variation c197 names a promoted piece by its old letter (`WP/KB8-QR8` is the
    new queen's move, `WP/QR8*P/Q5` takes a queen), so where the letters do not fit, the move
    is found by its two squares alone (a promotion is always to a queen)."""
    token = re.sub(r"^[WB](?=[PNBRQK]/)", "", text.strip())
    mv = descriptive.parse_printed(board, token)
    if mv is None and re.search(r"=[QRBN]$", token):
        # c197 prints a promotion with the new piece's letter: Q/KB7-KB8=Q
        mv = descriptive.parse_printed(board, "P" + token[1:])
    squares = SQUARES.match(token)
    if mv is None and squares:
        dsq = descriptive.dsq
        found = [m for m in board.legal_moves
                 if (dsq(m.from_square, board.turn), dsq(m.to_square, board.turn)) == squares.groups()
                 and m.promotion in (None, chess.QUEEN)]
        mv = found[0] if len(found) == 1 else None
    return mv


def principal_variation(raw):
    """(value as printed, [moves as printed]) from the text c197 printed after its move."""
    lines = [line.strip() for line in raw.split("\n")]
    value = None
    moves = []
    if "PRINCIPAL VARIATION" in lines:
        at = lines.index("PRINCIPAL VARIATION")
        numbers = [line for line in lines[:at] if re.fullmatch(r"-?\d+", line)]
        value = int(numbers[-1]) if numbers else None
        moves = [line for line in lines[at + 1:] if line]
    return value, moves


def convert(record, descriptive):
    """One table row (a dict of COLUMNS) from one line of the driver's .jsonl."""
    board = chess.Board(record["fen"])
    row = {c: "-" for c in COLUMNS}
    for c in ("game", "ply", "fen", "side", "historical"):
        row[c] = str(record[c])
    san = record.get("san")
    if not san and record.get("move_printed"):
        # The kit reads a move of a promoted piece, printed with its old letter, as an error.
        mv = printed_move(board, record["move_printed"], descriptive)
        san = board.san(mv) if mv else None
    if san is None and record.get("error"):
        row["error"] = " ".join(record["error"].split())
    if not san:
        return row
    row["c197"] = san
    row["printed"] = record["move_printed"]
    value, printed = principal_variation(record.get("pv_printed") or "")
    if value is not None:
        row["value"] = str(value if board.turn == chess.WHITE else -value)
    if printed:
        row["printed_pv"] = " ".join(printed)
        sans = []
        for text in printed:
            mv = printed_move(board, text, descriptive)
            if mv is None:
                raise ValueError(f"{record['game']} ply {record['ply']}: principal variation "
                                 f"move {text!r} not understood in {board.fen()}")
            sans.append(board.san(mv))
            board.push(mv)
        if sans[0] != san:
            raise ValueError(f"{record['game']} ply {record['ply']}: the principal variation "
                             f"starts with {sans[0]}, the move played was {san}")
        row["pv"] = " ".join(sans)
    return row


def write_table(run, work, descriptive):
    rows = []
    with open(os.path.join(work, run + ".jsonl"), encoding="utf-8") as f:
        for line in f:
            rows.append(convert(json.loads(line), descriptive))
    path = os.path.join(OUT_DIR, run + ".tsv")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for row in rows:
            f.write("\t".join(row[c] for c in COLUMNS) + "\n")
    answered = sum(row["c197"] != "-" for row in rows)
    agree = sum(row["c197"] == row["historical"] for row in rows)
    print(f"{path}: {len(rows)} positions, {answered} answered, {agree} = the game's move")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kit", help="the c197 kit's folder (c197_driver.py, descriptive.py, pdp6)")
    ap.add_argument("--runs", default=",".join(RUNS), help="comma-separated, from: " + ", ".join(RUNS))
    ap.add_argument("--work", default="c197-runs", help="where the driver's own output goes")
    ap.add_argument("--convert-only", action="store_true",
                    help="convert the existing WORK/RUN.jsonl without running the program")
    a = ap.parse_args()
    runs = a.runs.split(",")
    unknown = [r for r in runs if r not in RUNS]
    if unknown:
        sys.exit(f"unknown run(s) {', '.join(unknown)}; expected some of {', '.join(RUNS)}")
    kit = os.path.abspath(a.kit)
    if not os.path.exists(os.path.join(kit, "c197_driver.py")):
        sys.exit(f"{kit} holds no c197_driver.py: give the c197 kit's folder")
    sys.dont_write_bytecode = True
    sys.path.insert(0, kit)
    import descriptive  # the kit's reading of c197's printed moves

    os.makedirs(a.work, exist_ok=True)
    for run in runs:
        if not a.convert_only:
            for ext in (".tsv", ".jsonl", ".console.log"):
                path = os.path.join(a.work, run + ext)
                if os.path.exists(path):
                    os.remove(path)
            cmd = driver_command(kit, run, a.work)
            shown = ["LAUNCHER" if c == LAUNCHER else c for c in cmd]
            print("$", " ".join(f"'{c}'" if " " in c or ";" in c else c for c in shown), flush=True)
            subprocess.run(cmd, check=True)
        write_table(run, a.work, descriptive)


if __name__ == "__main__":
    main()
