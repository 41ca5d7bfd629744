#!/usr/bin/env python3
"""Conversion of won Syzygy positions: Outpost (with the tables) plays the
winning side against an opponent without tables, with real clocks.

    python3 tools/syzygy_convert.py --outpost target/release/outpost \\
        --opponent /usr/games/stockfish --per-material 24 --tc 10+0.1 \\
        --seed 63 --concurrency 2 --out target/syzygy-convert.jsonl

For each material (default KRvKP, KQvKR, KBNvK), `--per-material` random
positions that python-chess's prober calls won for the side to move with a
DTZ of at least `--min-dtz` plies, in colour-swapped pairs: a random
position with the stronger side White, then the same with the colours
swapped (the stronger side Black).
Outpost gets `SyzygyPath`; the opponent gets nothing. A game ends at
checkmate, stalemate, a threefold repetition, a fifty-move draw (the
halfmove clock at 100) or a loss on time. Each game is one JSON line
(position, DTZ at the start, result, plies played, plies to mate), and a
summary per material is printed. The output is appended, and positions
already in it are skipped, so a stopped run resumes.
"""

import argparse
import concurrent.futures
import json
import os
import random
import sys
import time

import chess
import chess.engine
import chess.syzygy


def won_positions(tb, material, count, min_dtz, rng):
    """`count` positions in colour-swapped pairs: a random position won for
    White (to move) with the stronger side White, then the same position
    with the colours swapped (the stronger side Black, to move)."""
    white, black = material.split("v")
    found = []
    while len(found) < count:
        board = chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        ok = True
        for sq, letter in zip(squares, list(white) + [c.lower() for c in black]):
            piece = chess.Piece.from_symbol(letter)
            if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                ok = False
            board.set_piece_at(sq, piece)
        board.turn = chess.WHITE
        if not ok or not board.is_valid():
            continue
        if tb.probe_wdl(board) != 2 or tb.probe_dtz(board) < min_dtz:
            continue
        if board.fen() in found:
            continue
        found.append(board.fen())
        found.append(board.mirror().fen())
    return found[:count]


def play(fen, args, tb):
    board = chess.Board(fen)
    winner = board.turn
    base, inc = (float(x) for x in args.tc.split("+"))
    clocks = {chess.WHITE: base, chess.BLACK: base}
    outpost = chess.engine.SimpleEngine.popen_uci(args.outpost)
    opponent = chess.engine.SimpleEngine.popen_uci(args.opponent)
    try:
        outpost.configure({"SyzygyPath": os.path.abspath(args.syzygy), "Hash": 16})
        opponent.configure({"Hash": 16, "Threads": 1})
        start_dtz = tb.probe_dtz(board)
        result = None
        while result is None:
            if board.is_checkmate():
                result = "win" if board.turn != winner else "loss"
                break
            if board.is_stalemate():
                result = "stalemate"
                break
            if board.halfmove_clock >= 100:
                result = "fifty-move draw"
                break
            if board.is_repetition(3):
                result = "repetition"
                break
            if board.is_insufficient_material():
                result = "insufficient material"
                break
            engine = outpost if board.turn == winner else opponent
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                white_inc=inc, black_inc=inc,
            )
            started = time.monotonic()
            played = engine.play(board, limit)
            spent = time.monotonic() - started
            clocks[board.turn] -= spent
            if clocks[board.turn] < 0:
                result = "time loss" if board.turn == winner else "opponent time loss"
                break
            clocks[board.turn] += inc
            board.push(played.move)
        plies = len(board.move_stack)
        return {
            "fen": fen,
            "material": material_of(fen),
            "stronger": "white" if winner == chess.WHITE else "black",
            "dtz": start_dtz,
            "result": result,
            "plies": plies,
            "moves": " ".join(m.uci() for m in board.move_stack),
        }
    finally:
        outpost.quit()
        opponent.quit()


def material_of(fen):
    board = chess.Board(fen)
    order = "KQRBNP"
    sides = []
    for color in (chess.WHITE, chess.BLACK):
        letters = "".join(
            chess.piece_symbol(p.piece_type).upper()
            for p in board.piece_map().values() if p.color == color
        )
        sides.append("".join(sorted(letters, key=order.index)))
    strong, weak = sorted(sides, key=lambda s: (len(s), [-order.index(c) for c in s]), reverse=True)
    return f"{strong}v{weak}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--outpost", required=True)
    ap.add_argument("--opponent", default="/usr/games/stockfish")
    ap.add_argument("--syzygy", default="data/syzygy")
    ap.add_argument("--materials", default="KRvKP,KQvKR,KBNvK")
    ap.add_argument("--per-material", type=int, default=24)
    ap.add_argument("--min-dtz", type=int, default=5)
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--seed", type=int, default=63)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    done = {}
    if os.path.exists(args.out):
        with open(args.out) as f:
            for line in f:
                row = json.loads(line)
                done[row["fen"]] = row
    with chess.syzygy.open_tablebase(args.syzygy) as tb:
        todo = []
        for material in args.materials.split(","):
            for fen in won_positions(tb, material, args.per_material, args.min_dtz, rng):
                if fen not in done:
                    todo.append(fen)
        print(f"{len(todo)} games to play, {len(done)} already played", file=sys.stderr)
        with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool, open(args.out, "a") as out:
            for row in pool.map(lambda fen: play(fen, args, tb), todo):
                done[row["fen"]] = row
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(f"{row['material']} {row['stronger']} dtz {row['dtz']}: {row['result']} in {row['plies']} plies",
                      file=sys.stderr)
    rows = list(done.values())
    for material in args.materials.split(","):
        mine = [r for r in rows if r["material"] == material]
        wins = [r for r in mine if r["result"] == "win"]
        ratio = [r["plies"] / r["dtz"] for r in wins if r["dtz"] > 0]
        print(f"{material}: {len(wins)}/{len(mine)} converted"
              + (f", plies to mate / DTZ: mean {sum(ratio) / len(ratio):.2f}, max {max(ratio):.2f}" if ratio else "")
              + f"; other results: {sorted(set(r['result'] for r in mine) - {'win'})}")
    return 0 if all(r["result"] == "win" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
