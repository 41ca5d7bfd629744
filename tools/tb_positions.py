#!/usr/bin/env python3
"""Random won endgame positions, as EPD, for conversion matches.

For a material such as KBNK, KQKR or KRKP (the stronger side first, White),
places the pieces at random (seeded), keeps legal positions with White to
move and no immediate capture of a White piece for free, and asks Outpost's
own tables (`outpost tb probe --dir DIR`) for the value: only positions the
tables call won for White are written, with their mate distance in the id.

    python3 tools/tb_positions.py --engine ./target/release/outpost \
        --dir ~/.cache/outpost/tb --material KQKR --count 24 --seed 1 > kqkr.epd

Needs python-chess (pip install chess).
"""

import argparse
import random
import subprocess
import sys

import chess

PIECES = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def random_position(material, rng):
    """A legal position with `material` (e.g. "KQKR"), White to move."""
    white, black = material[1:].split("K", 1)
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 2 + len(white) + len(black))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        rest = squares[2:]
        ok = True
        for letter, color in [(c, chess.WHITE) for c in white] + [(c, chess.BLACK) for c in black]:
            sq = rest.pop()
            kind = PIECES[letter]
            if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
                ok = False
            board.set_piece_at(sq, chess.Piece(kind, color))
        board.turn = chess.WHITE
        if ok and board.is_valid() and not board.is_game_over():
            return board


def probe(engine, tb_dir, fen):
    out = subprocess.run([engine, "tb", "probe", "--dir", tb_dir, fen],
                         capture_output=True, text=True, check=True).stdout.split()
    # wdl <win|draw|loss> dtm <N> ...
    return out[1], int(out[3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="./target/release/outpost")
    ap.add_argument("--dir", required=True, help="the table directory")
    ap.add_argument("--material", required=True, help="e.g. KBNK, KQKR, KRKP")
    ap.add_argument("--count", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-dtm", type=int, default=5, help="skip mates shorter than this (moves)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    written = 0
    while written < args.count:
        board = random_position(args.material.upper(), rng)
        wdl, dtm = probe(args.engine, args.dir, board.fen())
        if wdl == "win" and dtm >= args.min_dtm:
            epd = board.epd()
            print(f'{epd} id "{args.material} mate in {dtm}";')
            written += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
