#!/usr/bin/env python3
"""A reproducible sample of an opening book, as EPD, for the match tools.

    python3 tools/opening_sample.py BOOK.pgn|BOOK.epd --count N --seed S --out OUT.epd
    python3 tools/opening_sample.py --self-test

Reads every opening of a PGN book (the position after each game's moves) or
an EPD book (one position a line), keeps `count` of them chosen by a seeded
shuffle, and writes them in the book's order, each with an `id` naming the
book and its index there, so that a line of the sample can be found in the
book again. The same book, count and seed give the same file.
"""

import argparse
import io
import os
import random
import sys
import tempfile

import chess
import chess.pgn

from selftest import SelfTest


def read_book(path):
    """Every opening position of the book, as EPD (four fields), in order."""
    positions = []
    with open(path, encoding="utf-8", errors="replace") as f:
        if path.endswith(".pgn"):
            while (game := chess.pgn.read_game(f)) is not None:
                if game.errors:
                    continue
                positions.append(game.end().board().epd())
        else:
            for line in f:
                fields = line.split()
                if len(fields) >= 4:
                    positions.append(chess.Board(" ".join(fields[:4]) + " 0 1").epd())
    return positions


def sample(positions, count, seed):
    """(index, epd) of `count` positions picked by a seeded shuffle, in book order."""
    order = list(range(len(positions)))
    random.Random(seed).shuffle(order)
    return [(i, positions[i]) for i in sorted(order[:count])]


def write(chosen, name, out):
    for index, epd in chosen:
        out.write(f'{epd} id "{name} #{index}";\n')


def self_test():
    test = SelfTest("opening_sample")
    check = test.check
    pgn = ('[Event "?"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
           '[Event "?"]\n[Result "*"]\n\n1. d4 d5 2. c4 *\n\n'
           '[Event "?"]\n[Result "*"]\n\n1. Nf3 *\n\n')
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "book.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(pgn)
        positions = read_book(path)
        check("three openings", len(positions), 3)
        check("after 1. e4 e5", positions[0],
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -")
        epd = os.path.join(tmp, "book.epd")
        with open(epd, "w", encoding="utf-8") as f:
            f.write("\n".join(positions) + "\n")
        check("EPD book reads the same", read_book(epd), positions)
    chosen = sample(positions, 2, 7)
    check("count", len(chosen), 2)
    check("book order", [i for i, _ in chosen], sorted(i for i, _ in chosen))
    check("same seed, same sample", sample(positions, 2, 7), chosen)
    check("all when asked for more", len(sample(positions, 10, 1)), 3)
    out = io.StringIO()
    write([(4, positions[0])], "book", out)
    check("line", out.getvalue(),
          'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id "book #4";\n')
    return test.report()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("book", nargs="?")
    p.add_argument("--count", type=int, default=4000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out")
    p.add_argument("--self-test", action="store_true")
    args = p.parse_args()
    if args.self_test:
        return self_test()
    if not args.book or not args.out:
        p.error("BOOK and --out are needed")
    chosen = sample(read_book(args.book), args.count, args.seed)
    name = os.path.basename(args.book)
    with open(args.out, "w", encoding="utf-8") as f:
        write(chosen, name, f)
    print(f"{len(chosen)} openings of {name} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
