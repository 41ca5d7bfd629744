#!/usr/bin/env python3
"""Labels the positions of played games for evaluation tuning.

Reads PGN files (for example the games of `match.py`), takes every position
of every game once (duplicates across games are dropped), has a reference
engine (Stockfish by default) search it to a fixed node count, and writes the
quiet ones as `FEN;score` in the format of `gen_tune_data.py`: side to move
not in check, the engine's best move neither a capture nor a promotion, score
within --max-score centipawns from the side to move's view, no mate.

    python3 tools/label_pgn.py --out games.txt --nodes 4000 --jobs 2 a.pgn b.pgn
"""

import argparse
import random
import sys

import chess
import chess.engine
import chess.pgn

from gen_tune_data import quiet_label, write_pooled


def label(args_tuple):
    fens, engine_path, nodes, max_score = args_tuple
    out = []
    with chess.engine.SimpleEngine.popen_uci(engine_path) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        for fen in fens:
            board = chess.Board(fen)
            if board.is_check() or board.is_game_over(claim_draw=False):
                continue
            info = engine.analyse(board, chess.engine.Limit(nodes=nodes))
            line = quiet_label(board, info, max_score)
            if line is not None:
                out.append(line)
    return out


def positions(paths, skip_plies, max_plies):
    seen = set()
    for path in paths:
        with open(path) as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                board = game.board()
                for ply, mv in enumerate(game.mainline_moves()):
                    if ply >= max_plies:
                        break
                    if ply >= skip_plies:
                        key = " ".join(board.fen().split()[:4])
                        if key not in seen:
                            seen.add(key)
                            yield board.fen()
                    board.push(mv)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nodes", type=int, default=4000)
    ap.add_argument("--max-score", type=int, default=1500)
    ap.add_argument("--skip-plies", type=int, default=0, help="plies of each game left out at its start")
    ap.add_argument("--max-plies", type=int, default=400, help="plies of each game looked at, at most")
    ap.add_argument("--limit", type=int, default=0, help="label at most this many positions, a seeded sample (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--exclude", action="append", default=[], help="a labelled file whose positions are left out (repeatable)")
    ap.add_argument("--engine", default="/usr/games/stockfish")
    args = ap.parse_args()
    fens = list(positions(args.pgn, args.skip_plies, args.max_plies))
    print(f"{len(fens)} distinct positions", file=sys.stderr, flush=True)
    done = set()
    for path in args.exclude:
        with open(path) as f:
            done.update(" ".join(line.split(";")[0].split()[:4]) for line in f)
    if done:
        fens = [fen for fen in fens if " ".join(fen.split()[:4]) not in done]
        print(f"{len(fens)} not labelled yet", file=sys.stderr, flush=True)
    if args.limit and len(fens) > args.limit:
        fens = random.Random(args.seed).sample(fens, args.limit)
    chunk = 500
    tasks = [(fens[i : i + chunk], args.engine, args.nodes, args.max_score) for i in range(0, len(fens), chunk)]
    count = write_pooled(
        args.out,
        args.jobs,
        label,
        tasks,
        lambda done, kept: f"{done * chunk}/{len(fens)} positions looked at, {kept} kept",
    )
    print(f"{count} positions kept of {len(fens)}", file=sys.stderr)


if __name__ == "__main__":
    main()
