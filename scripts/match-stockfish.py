#!/usr/bin/env python3
"""Plays machack against a weakened Stockfish through python-chess, over UCI and over CECP (xboard).

Run by hand, not by the test suite:

    cargo build --release
    python3 scripts/match-stockfish.py [--games N] [--preset quick|normal|tournament] [--movetime S]

Each game is played to its end (mate, draw by the rules, resignation, or 200 plies: adjudicated a
draw). A protocol error (an engine that hangs, answers an illegal move, or breaks the protocol)
raises in python-chess and is counted. The PGN of every game goes to standard output.
"""
import argparse
import sys

import chess
import chess.engine
import chess.pgn

MACHACK = "target/release/machack"
STOCKFISH = "/usr/games/stockfish"


def play_game(machack, stockfish, machack_white, limit, max_plies=200):
    board = chess.Board()
    game = chess.pgn.Game()
    game.headers["White"] = "machack" if machack_white else "Stockfish (Elo 1350)"
    game.headers["Black"] = "Stockfish (Elo 1350)" if machack_white else "machack"
    node = game
    resigned = None
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        machack_to_move = (board.turn == chess.WHITE) == machack_white
        engine = machack if machack_to_move else stockfish
        result = engine.play(board, limit)
        if result.resigned:
            resigned = board.turn
            break
        if result.move is None:
            raise RuntimeError("no move and no resignation")
        board.push(result.move)
        node = node.add_variation(result.move)
    if resigned is not None:
        res = "0-1" if resigned == chess.WHITE else "1-0"
    elif board.is_game_over(claim_draw=True):
        res = board.result(claim_draw=True)
    else:
        res = "1/2-1/2"
    game.headers["Result"] = res
    return game, res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2, help="games per protocol")
    ap.add_argument("--preset", default="normal")
    ap.add_argument("--movetime", type=float, default=0.5)
    args = ap.parse_args()
    limit = chess.engine.Limit(time=args.movetime)
    totals = {}
    stockfish = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": 1350})
    for protocol in ("uci", "xboard"):
        cmd = [MACHACK, protocol, "--preset", args.preset]
        score = {"machack": 0.0, "stockfish": 0.0, "errors": 0, "games": 0}
        for g in range(args.games):
            machack_white = g % 2 == 0
            try:
                if protocol == "uci":
                    machack = chess.engine.SimpleEngine.popen_uci(cmd)
                else:
                    machack = chess.engine.SimpleEngine.popen_xboard(cmd)
                try:
                    game, res = play_game(machack, stockfish, machack_white, limit)
                finally:
                    machack.quit()
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError,
                    TimeoutError, RuntimeError) as e:
                score["errors"] += 1
                print(f"# {protocol} game {g + 1}: protocol error: {e!r}", file=sys.stderr)
                continue
            score["games"] += 1
            game.headers["Event"] = f"machack {protocol} vs Stockfish 1350"
            print(game, end="\n\n")
            mine = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
            if not machack_white:
                mine = 1.0 - mine if res != "1/2-1/2" else 0.5
            score["machack"] += mine
            score["stockfish"] += 1.0 - mine
            print(f"# {protocol} game {g + 1}: machack {'White' if machack_white else 'Black'}, "
                  f"{res}, {len(list(game.mainline_moves()))} plies", file=sys.stderr)
        totals[protocol] = score
    stockfish.quit()
    for protocol, s in totals.items():
        print(f"# {protocol}: {s['games']} games, machack {s['machack']} - "
              f"Stockfish {s['stockfish']}, protocol errors {s['errors']}", file=sys.stderr)
    return 1 if any(s["errors"] for s in totals.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
