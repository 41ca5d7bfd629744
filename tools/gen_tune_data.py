#!/usr/bin/env python3
"""Generates evaluation-tuning data: quiet positions labelled with a
reference engine's score.

Games start from the balanced openings of ../shared/tools/openings.epd plus a
few random plies, and are played by the reference engine (Stockfish by
default) at a fixed node count, choosing at random among its best MultiPV
lines now and then for variety. Every position where the side to move is not
in check and the engine's best move is neither a capture nor a promotion is
written as `FEN;score`, the score in centipawns from the side to move's view
(mates and scores beyond --max-score are skipped).

    python3 tools/gen_tune_data.py --out tune.txt --games 400 --jobs 2
"""

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor

import chess
import chess.engine


def play(args_tuple):
    seed, fen, engine_path, nodes, max_score = args_tuple
    rng = random.Random(seed)
    out = []
    board = chess.Board(fen)
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for _ in range(rng.randint(0, 4)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        ply = 0
        while not board.is_game_over(claim_draw=True) and ply < 300:
            multipv = 3 if rng.random() < 0.25 else 1
            infos = engine.analyse(board, chess.engine.Limit(nodes=nodes), multipv=multipv)
            if not infos or "pv" not in infos[0]:
                break
            best = infos[0]
            score = best["score"].relative
            mv = best["pv"][0]
            if (
                not board.is_check()
                and not board.is_capture(mv)
                and mv.promotion is None
                and not score.is_mate()
                and abs(score.score()) <= max_score
            ):
                out.append(f"{board.fen()};{score.score()}")
            choice = rng.choice(infos) if multipv > 1 else best
            if "pv" not in choice:
                choice = best
            # Only deviate to a move that does not throw the game away.
            cs = choice["score"].relative
            if not cs.is_mate() and not score.is_mate() and score.score() - cs.score() > 50:
                choice = best
            board.push(choice["pv"][0])
            ply += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--max-score", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--openings", default="../shared/tools/openings.epd")
    args = ap.parse_args()
    openings = []
    with open(args.openings) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 4:
                openings.append(" ".join(fields[:4]) + " 0 1")
    tasks = [
        (args.seed * 1_000_003 + i, openings[i % len(openings)], args.engine, args.nodes, args.max_score)
        for i in range(args.games)
    ]
    count = 0
    with open(args.out, "w") as f, ProcessPoolExecutor(args.jobs) as pool:
        for i, lines in enumerate(pool.map(play, tasks)):
            for line in lines:
                f.write(line + "\n")
            count += len(lines)
            if (i + 1) % 20 == 0:
                print(f"{i + 1}/{args.games} games, {count} positions", file=sys.stderr, flush=True)
    print(f"{count} positions from {args.games} games", file=sys.stderr)


if __name__ == "__main__":
    main()
