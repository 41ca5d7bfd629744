#!/usr/bin/env python3
"""The python-chess side of the Polyglot reader comparison (tests/oracle.rs).

Walks a Polyglot book from the start position with a seeded generator,
following book moves, and prints every position reached with python-chess's
reading of its book entries:

    <FEN>\t<move> <weight>,<move> <weight>,...

Moves are in UCI notation (castling as e1g1), weight-0 entries included
(`minimum_weight=0`), sorted by weight, highest first, ties in file order.
Each walk ends at a position the book has no move for, or after MAX_PLIES
plies; a random legal move is then played and that position is printed too,
so off-book positions are checked as well.

    python3 polyglot_oracle.py BOOK SEED WALKS MAX_PLIES

Exit status 77 means python-chess is not installed.
"""

import random
import sys

try:
    import chess
    import chess.polyglot
except ImportError as error:
    print(f"python-chess is not installed: {error}", file=sys.stderr)
    sys.exit(77)


def listing(reader, board):
    entries = list(reader.find_all(board, minimum_weight=0))
    entries.sort(key=lambda e: -e.weight)  # stable: ties keep file order
    return entries


def main():
    book, seed, walks, max_plies = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    seen = set()
    out = []

    def emit(board, entries):
        fen = board.fen(en_passant="fen")
        if fen in seen:
            return
        seen.add(fen)
        moves = ",".join(f"{e.move.uci()} {e.weight}" for e in entries)
        out.append(f"{fen}\t{moves}")

    with chess.polyglot.open_reader(book) as reader:
        for _ in range(walks):
            board = chess.Board()
            for _ in range(max_plies):
                entries = listing(reader, board)
                emit(board, entries)
                if not entries:
                    break
                # Uniform over the book moves, so rare lines are walked too.
                board.push(rng.choice(entries).move)
            legal = list(board.legal_moves)
            if legal:
                board.push(rng.choice(legal))
                emit(board, listing(reader, board))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
