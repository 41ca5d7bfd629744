#!/usr/bin/env python3
"""Generates evaluation-tuning data: quiet positions labelled with a
reference engine's score.

Games start from the balanced openings of data/openings.epd plus a
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


def quiet_label(board, info, max_score):
    """`FEN;score` for `board` analysed as `info`, or None unless it is quiet:
    side to move not in check, the best move neither a capture nor a
    promotion, a score within `max_score` centipawns and no mate."""
    if not info.get("pv"):
        return None
    mv = info["pv"][0]
    score = info["score"].relative
    if (
        board.is_check()
        or board.is_capture(mv)
        or mv.promotion is not None
        or score.is_mate()
        or abs(score.score()) > max_score
    ):
        return None
    return f"{board.fen()};{score.score()}"


def write_pooled(out_path, jobs, worker, tasks, progress):
    """Runs `worker` over `tasks` in `jobs` processes and writes the lines it
    returns to `out_path` in task order; `progress(done, kept)` is printed
    every 20 tasks. Returns the number of lines written."""
    count = 0
    with open(out_path, "w") as f, ProcessPoolExecutor(jobs) as pool:
        for i, lines in enumerate(pool.map(worker, tasks)):
            for line in lines:
                f.write(line + "\n")
            count += len(lines)
            if (i + 1) % 20 == 0:
                print(progress(i + 1, count), file=sys.stderr, flush=True)
    return count


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
            line = quiet_label(board, best, max_score)
            if line is not None:
                out.append(line)
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
    ap.add_argument("--openings", default="data/openings.epd")
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
    count = write_pooled(
        args.out, args.jobs, play, tasks, lambda done, kept: f"{done}/{args.games} games, {kept} positions"
    )
    print(f"{count} positions from {args.games} games", file=sys.stderr)


if __name__ == "__main__":
    main()
