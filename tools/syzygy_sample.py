#!/usr/bin/env python3
"""Random legal positions for every material of a Syzygy set, with
python-chess's WDL and DTZ for each, and a comparison against Outpost.

    python3 tools/syzygy_sample.py --per-side 20 --seed 1 --out data/syzygy-sample.txt
    python3 tools/syzygy_sample.py --per-side 75 --seed 2 --compare target/release/outpost

Each material of the directory (default data/syzygy) gets `--per-side`
positions with White to move and as many with Black to move: pieces placed
at random (no pawn on the first or last rank, the side not to move not in
check), a halfmove clock drawn from 0..99, and, in about a third of the
positions of materials where both sides have pawns, an enemy pawn that has
just moved two squares beside a pawn of the side to move, with an
en-passant square that is really capturable. Lines are `FEN;WDL;DTZ` with python-chess's values (its
`chess.syzygy`, a port of the original probing code).

With `--compare OUTPOST`, the positions are also probed by
`OUTPOST tb probe-batch --syzygy DIR` and every difference is printed; the
exit code is 1 if there is one.
"""

import argparse
import random
import subprocess
import sys

import chess
import chess.syzygy


def materials(directory):
    import os

    names = sorted(
        name[:-5] for name in os.listdir(directory) if name.endswith(".rtbw")
    )
    return names


def random_position(rng, white, black, turn, want_ep=False):
    """A legal position with these pieces (strings like 'KQ', 'KR'); with
    `want_ep`, a pawn of each side placed so that the side to move may
    capture en passant."""
    for _ in range(10000):
        board = chess.Board(None)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        ok = True
        todo = {chess.WHITE: list(white), chess.BLACK: list(black)}
        if want_ep:
            # The pawn that just moved two squares, and one of ours beside it.
            them = not turn
            rank = 4 if them == chess.BLACK else 3
            f = rng.randrange(8)
            f2 = f + rng.choice([d for d in (-1, 1) if 0 <= f + d < 8])
            board.set_piece_at(chess.square(f, rank), chess.Piece(chess.PAWN, them))
            board.set_piece_at(chess.square(f2, rank), chess.Piece(chess.PAWN, turn))
            todo[them].remove("P")
            todo[turn].remove("P")
            squares.remove(chess.square(f, rank))
            squares.remove(chess.square(f2, rank))
            step = 8 if them == chess.BLACK else -8
            for sq in (chess.square(f, rank) + step, chess.square(f, rank) + 2 * step):
                squares.remove(sq)
        for color, pieces in ((chess.WHITE, todo[chess.WHITE]), (chess.BLACK, todo[chess.BLACK])):
            for letter in pieces:
                piece = chess.Piece.from_symbol(letter if color else letter.lower())
                while True:
                    if not squares:
                        ok = False
                        break
                    sq = squares.pop()
                    if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                        continue
                    board.set_piece_at(sq, piece)
                    break
        if not ok:
            continue
        board.turn = turn
        board.halfmove_clock = rng.randrange(100)
        board.fullmove_number = 1 + rng.randrange(60)
        if not board.is_valid():
            continue
        if want_ep:
            them = not turn
            rank = 4 if them == chess.BLACK else 3
            for sq in board.pieces(chess.PAWN, them):
                if chess.square_rank(sq) == rank:
                    board.ep_square = sq + (8 if them == chess.BLACK else -8)
                    if board.has_legal_en_passant() and board.is_valid():
                        return board
                    board.ep_square = None
            continue
        if board.is_valid():
            return board
    raise RuntimeError(f"no position for {white}v{black}")


def sample(directory, per_side, seed):
    rng = random.Random(seed)
    out = []
    with chess.syzygy.open_tablebase(directory) as tb:
        for name in materials(directory):
            white, black = name.split("v")
            for turn in (chess.WHITE, chess.BLACK):
                for _ in range(per_side):
                    # Both colourings: the stronger side as White or Black.
                    w, b = (white, black) if rng.random() < 0.5 else (black, white)
                    want_ep = "P" in w and "P" in b and rng.random() < 0.35
                    board = random_position(rng, w, b, turn, want_ep)
                    wdl = tb.probe_wdl(board)
                    dtz = tb.probe_dtz(board)
                    out.append((board.fen(), wdl, dtz))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", default="data/syzygy")
    ap.add_argument("--per-side", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="write FEN;WDL;DTZ lines here")
    ap.add_argument("--compare", metavar="OUTPOST", help="probe with this binary and compare")
    args = ap.parse_args()

    rows = sample(args.dir, args.per_side, args.seed)
    ep = sum(1 for fen, _, _ in rows if fen.split()[3] != "-")
    print(f"{len(rows)} positions over {len(materials(args.dir))} materials, {ep} with en passant",
          file=sys.stderr)
    if args.out:
        with open(args.out, "w") as f:
            for fen, wdl, dtz in rows:
                f.write(f"{fen};{wdl};{dtz}\n")
    if args.compare:
        text = "".join(f"{fen}\n" for fen, _, _ in rows)
        proc = subprocess.run(
            [args.compare, "tb", "probe-batch", "--syzygy", args.dir],
            input=text, capture_output=True, text=True, check=True,
        )
        lines = proc.stdout.splitlines()
        if len(lines) != len(rows):
            print(f"expected {len(rows)} lines, got {len(lines)}", file=sys.stderr)
            return 1
        names = {-2: "loss", -1: "blessed-loss", 0: "draw", 1: "cursed-win", 2: "win"}
        bad = 0
        for (fen, wdl, dtz), line in zip(rows, lines):
            want = f"wdl {names[wdl]} dtz {dtz}"
            if line.strip() != want:
                bad += 1
                if bad <= 20:
                    print(f"{fen}: python-chess `{want}`, outpost `{line.strip()}`")
        print(f"{len(rows) - bad}/{len(rows)} identical", file=sys.stderr)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
