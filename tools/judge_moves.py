#!/usr/bin/env python3
"""Judge one engine's moves in a match PGN with a stronger engine.

For every move the named engine played (in the games it lost, by default)
between two move numbers, the judge searches the position before the move
and the position after it, each at a fixed node count, and reports how much
worse the move was than the judge's best (in centipawns, from the mover's
view). Positions the judge already scores beyond `--within` are left out of
the rates, since there a lost move changes little. Prints the share of moves
at least 50, 100 and 200 cp worse, by bands of ten moves, and writes every
judged move to `--json` if given.

    python3 tools/judge_moves.py sf2400.pgn --engine Outpost \\
        --judge /usr/games/stockfish --nodes 150000 --json judged.json
"""

import argparse
import collections
import json

import chess
import chess.engine
import chess.pgn


def lost_by(game, name):
    white = game.headers.get("White") == name
    result = game.headers.get("Result")
    return (result == "0-1" and white) or (result == "1-0" and not white)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("--engine", default="Outpost", help="whose moves to judge (PGN player name)")
    ap.add_argument("--judge", default="/usr/games/stockfish")
    ap.add_argument("--nodes", type=int, default=150000)
    ap.add_argument("--first", type=int, default=8, help="first move number judged")
    ap.add_argument("--last", type=int, default=50, help="last move number judged")
    ap.add_argument("--all-games", action="store_true", help="not only the games the engine lost")
    ap.add_argument("--within", type=int, default=400, help="rates only where |best| <= this (cp)")
    ap.add_argument("--json")
    args = ap.parse_args()

    judge = chess.engine.SimpleEngine.popen_uci(args.judge)
    limit = chess.engine.Limit(nodes=args.nodes)
    judged = []
    try:
        with open(args.pgn, encoding="utf-8") as f:
            number = 0
            while (game := chess.pgn.read_game(f)) is not None:
                number += 1
                if not args.all_games and not lost_by(game, args.engine):
                    continue
                ours = chess.WHITE if game.headers.get("White") == args.engine else chess.BLACK
                node = game
                while node.variations:
                    child = node.variations[0]
                    board = node.board()
                    if (
                        board.turn == ours
                        and args.first <= board.fullmove_number <= args.last
                        and board.legal_moves.count() > 1
                    ):
                        info = judge.analyse(board, limit)
                        best = info["score"].pov(ours).score(mate_score=10000)
                        best_move = info.get("pv", [None])[0]
                        played = best
                        if child.move != best_move:
                            after = board.copy()
                            after.push(child.move)
                            reply = judge.analyse(after, limit)
                            played = reply["score"].pov(ours).score(mate_score=10000)
                        judged.append(
                            {
                                "game": number,
                                "move": board.fullmove_number,
                                "fen": board.fen(),
                                "played": child.move.uci(),
                                "best": best_move.uci() if best_move else None,
                                "best_score": best,
                                "played_score": played,
                            }
                        )
                    node = child
    finally:
        judge.quit()

    bands = collections.defaultdict(lambda: [0, 0, 0, 0])
    for j in judged:
        if abs(j["best_score"]) > args.within:
            continue
        loss = j["best_score"] - j["played_score"]
        band = bands[(j["move"] - 1) // 10]
        band[0] += 1
        for i, threshold in enumerate((50, 100, 200), start=1):
            band[i] += loss >= threshold
    print(f"{len(judged)} moves judged; rates over positions within ±{args.within} cp")
    for band in sorted(bands):
        n, a, b, c = bands[band]
        lo, hi = max(band * 10 + 1, args.first), min(band * 10 + 10, args.last)
        print(
            f"moves {lo:3}-{hi:<3} {n:5} moves  >=50 cp {a / n:6.1%}  "
            f">=100 cp {b / n:6.1%}  >=200 cp {c / n:6.1%}"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(judged, f)


if __name__ == "__main__":
    main()
