#!/usr/bin/env python3
"""Spot-checks Outpost's endgame tables against Stockfish's mate search.

Draws random legal positions of the given materials, probes each with the
table command (`... probe <fen>`, which prints `wdl <win|draw|loss> dtm <N>`),
and for every position the tables call a win or loss within --max-moves
moves, asks Stockfish for a mate score at a fixed depth. Stockfish's search
is independent of the tables: for a win it runs its mate search (`go mate N`
with the table's N), for a loss a search to a fixed depth. A mate it proves
shorter than the table's DTM, or for the other side, means a table error; the
same mate counts as agreement; a longer one (or none) only means the search
did not find the shortest mate in its limits.

    python3 tools/tb_stockfish.py --dir /work/data/tb --samples 100 KQKR KRKP KPKP

The probe command defaults to `target/release/outpost tb probe` (build it
with `cargo build --release`); pass --probe to use another.
"""

import argparse
import random
import shlex
import subprocess
import sys

import chess
import chess.engine

PIECES = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def random_position(material, rng):
    """A random legal position of `material` (like `KQKR`), either side to move."""
    white, black = material[1:].split("K")
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 2 + len(white) + len(black))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        rest = squares[2:]
        for letter, sq in zip(white + black, rest):
            color = chess.WHITE if rest.index(sq) < len(white) else chess.BLACK
            board.set_piece_at(sq, chess.Piece(PIECES[letter], color))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid():
            return board


def probe(command, fen, extra):
    """(wdl, dtm moves) from the table command: `command fen extra...`."""
    out = subprocess.run(command + [fen] + extra, capture_output=True, text=True, check=True).stdout
    words = out.split()
    return words[1], int(words[3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("materials", nargs="+")
    parser.add_argument("--dir", help="table directory (passed as --dir to the default probe)")
    parser.add_argument("--probe", help="probe command, the FEN is appended")
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--depth", type=int, default=22)
    parser.add_argument("--samples", type=int, default=50, help="checked positions per material")
    parser.add_argument("--max-moves", type=int, default=8)
    parser.add_argument("--time", type=float, default=5.0, help="seconds per mate search")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.probe:
        command, extra = shlex.split(args.probe), []
    else:
        command = ["target/release/outpost", "tb", "probe"]
        extra = ["--dir", args.dir] if args.dir else []
    rng = random.Random(args.seed)
    errors = 0
    with chess.engine.SimpleEngine.popen_uci(args.engine) as engine:
        engine.configure({"Threads": 1, "Hash": 64})
        for material in args.materials:
            same = longer = checked = tries = 0
            while checked < args.samples and tries < 200 * args.samples:
                tries += 1
                board = random_position(material, rng)
                fen = board.fen()
                wdl, dtm = probe(command, fen, extra)
                if wdl == "draw" or dtm == 0 or dtm > args.max_moves:
                    continue
                checked += 1
                # A win: Stockfish's mate search for a mate in at most the
                # table's moves. A loss: a plain search to --depth.
                if wdl == "win":
                    limit = chess.engine.Limit(mate=dtm, time=args.time)
                else:
                    limit = chess.engine.Limit(depth=args.depth)
                info = engine.analyse(board, limit)
                mate = info["score"].relative.mate()
                table = dtm if wdl == "win" else -dtm
                if mate is None or (mate > 0) != (table > 0) or abs(mate) > abs(table):
                    if mate is not None and (mate > 0) != (table > 0):
                        errors += 1
                        print(f"DISAGREE {material} {fen}: table {wdl} {dtm}, stockfish mate {mate}")
                    else:
                        longer += 1
                elif abs(mate) == abs(table):
                    same += 1
                else:
                    errors += 1
                    print(f"SHORTER {material} {fen}: table {wdl} {dtm}, stockfish mate {mate}")
            print(f"{material}: {checked} positions with a mate within {args.max_moves} moves: "
                  f"{same} same mate, {longer} not found as short")
    print(f"{errors} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
