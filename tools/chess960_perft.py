#!/usr/bin/env python3
"""Builds data/chess960.epd: Chess960 and Double Fischer Random positions
with perft counts that two independent move generators agree on.

Positions: Chess960 start positions (a seeded sample plus #0, #518, #959),
Double Fischer Random starts, positions a few random plies into Chess960
games that still hold castling rights, and hand-made castling cases (king or
rook already on its castling square, a rook shielding the king's destination,
an inner rook). Every count is computed by Stockfish 15.1 (`UCI_Chess960`,
`go perft`); counts up to 200,000 nodes are also computed by python-chess,
and a line is kept only if the two agree at every depth both computed.

Usage: python3 tools/chess960_perft.py [--stockfish /usr/games/stockfish]
           [--seed 960] [--max-nodes 20000000] [--out data/chess960.epd]
"""

import argparse
import random
import subprocess
import sys

import chess

HAND_MADE = [
    # King on b1 between rooks on a1 and h1.
    "4k3/8/8/8/8/8/8/RK5R w AH - 0 1",
    # The same with c1 attacked: neither castling is legal.
    "2r1k3/8/8/8/8/8/8/RK5R w AH - 0 1",
    # King already on g1: castling short moves only the rook.
    "4k3/8/8/8/8/8/8/R5KR w AH - 0 1",
    # King on f1, rook on g1: castling short swaps them.
    "r3k2r/8/8/8/8/8/8/5KR1 w G - 0 1",
    # Rook already on d1 (queen side): castling long moves only the king.
    "4k3/8/8/8/8/8/8/3RK3 w D - 0 1",
    # King on b1 castling short with the d1 rook: the king crosses to g1.
    "4k3/8/8/8/8/8/8/1K1R4 w D - 0 1",
    # The castling rook on b1 shields c1 from a queen on a1.
    "4k3/8/8/8/8/8/8/qRK4R w BH - 0 1",
    # An inner rook: rights with the b1 rook while a1 holds another.
    "r3k2r/8/8/8/8/8/8/RR2K2R w BH - 0 1",
    # Black to move with the king on c8 and rooks on b8 and h8.
    "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R b BHbh - 0 1",
    # A bishop on a6 watches f1, which castling long from g1 crosses.
    "4k3/8/b7/8/8/8/8/R5K1 w A - 0 1",
]


def stockfish_perft(engine, fen, depth):
    engine.stdin.write(f"position fen {fen}\ngo perft {depth}\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    raise RuntimeError("stockfish ended")


def python_perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for mv in list(board.legal_moves):
        board.push(mv)
        total += python_perft(board, depth - 1)
        board.pop()
    return total


def random_game_positions(rng, count):
    out = []
    while len(out) < count:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(4, 24)):
            moves = list(board.legal_moves)
            if not moves:
                break
            # Prefer castling when it is there, to keep such positions coming.
            castles = [m for m in moves if board.is_castling(m)]
            board.push(rng.choice(castles) if castles and rng.random() < 0.3 else rng.choice(moves))
        if board.is_game_over() or not board.castling_rights:
            continue
        out.append(board.shredder_fen())
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--seed", type=int, default=960)
    ap.add_argument("--max-nodes", type=int, default=20_000_000)
    ap.add_argument("--python-max", type=int, default=200_000)
    ap.add_argument("--out", default="data/chess960.epd")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    fens = []
    for n in [0, 518, 959] + rng.sample(range(960), 20):
        fens.append(chess.Board.from_chess960_pos(n).shredder_fen())
    for _ in range(6):
        white, black = rng.randrange(960), rng.randrange(960)
        board = chess.Board.from_chess960_pos(white)
        other = chess.Board.from_chess960_pos(black)
        for sq in chess.SquareSet(chess.BB_RANK_7 | chess.BB_RANK_8):
            board.remove_piece_at(sq)
        for sq in chess.SquareSet(chess.BB_RANK_7 | chess.BB_RANK_8):
            board.set_piece_at(sq, other.piece_at(sq))
        board.castling_rights = board.clean_castling_rights() | chess.BB_RANK_8 & other.castling_rights
        fens.append(board.shredder_fen())
    fens += [chess.Board(f, chess960=True).shredder_fen() for f in HAND_MADE]
    fens += random_game_positions(rng, 30)

    engine = subprocess.Popen([args.stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    engine.stdin.write("uci\nsetoption name UCI_Chess960 value true\nisready\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.strip() == "readyok":
            break

    lines = []
    for fen in dict.fromkeys(fens):
        board = chess.Board(fen, chess960=True)
        if not board.is_valid():
            print(f"skipped (invalid): {fen}", file=sys.stderr)
            continue
        counts = []
        ok = True
        for depth in range(1, 8):
            sf = stockfish_perft(engine, fen, depth)
            if sf <= args.python_max and python_perft(board, depth) != sf:
                print(f"disagreement at depth {depth}: {fen}", file=sys.stderr)
                ok = False
                break
            counts.append((depth, sf))
            if sf * 30 > args.max_nodes:
                break
        if ok:
            # Written as X-FEN (python-chess's FEN), which the reader must resolve.
            text = board.fen() + "".join(f" ;D{d} {n}" for d, n in counts)
            lines.append(text)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} positions written to {args.out}")


if __name__ == "__main__":
    main()
