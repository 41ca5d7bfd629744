#!/usr/bin/env python3
"""What each engine's clock was charged for, per move, from a match's PGN.

    python3 tools/latency.py GAMES.pgn [MORE.pgn ...]
    python3 tools/latency.py --self-test

Reads the move comments of tools/match.py (`{score/depth 0.245s [%clk ...]
[%eng 0.231]}`) and of fastchess with `-pgnout latency=true timeleft=true`
(`{score/depth 0.245s, tl=9.755s, latency=0.014s}`), and prints for each
engine: the moves, the mean time the referee charged a move, the mean time
the engine reported for it, the mean latency (charged minus reported: the
referee's and the pipes' share), the largest latency, and the mean clock
left after the move. A referee whose latency is large against the
increment takes strength from the engine that uses its clock to the end.
"""

import argparse
import collections
import re
import sys

import chess.pgn

from selftest import SelfTest

CHARGED = re.compile(r"(?:^|[\s/])(\d+\.\d+)s\b")
ENG = re.compile(r"\[%eng (\d+\.\d+)\]")
LATENCY = re.compile(r"latency=(-?\d+\.\d+)s")
LEFT = re.compile(r"tl=(\d+\.\d+)s")
CLK = re.compile(r"\[%clk (\d+):(\d+):(\d+(?:\.\d+)?)\]")


def parse_comment(comment):
    """(charged, latency, left) seconds of one move comment; None where absent."""
    charged = CHARGED.search(comment)
    if charged is None:
        return None
    charged = float(charged.group(1))
    latency = None
    if m := LATENCY.search(comment):
        latency = float(m.group(1))
    elif m := ENG.search(comment):
        latency = charged - float(m.group(1))
    left = None
    if m := LEFT.search(comment):
        left = float(m.group(1))
    elif m := CLK.search(comment):
        left = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
    return charged, latency, left


class Tally:
    """Sums of one engine's moves."""

    def __init__(self):
        self.moves = 0
        self.charged = 0.0
        self.latency = []
        self.left = []

    def add(self, charged, latency, left):
        self.moves += 1
        self.charged += charged
        if latency is not None:
            self.latency.append(latency)
        if left is not None:
            self.left.append(left)

    def row(self, name):
        mean = (lambda xs: sum(xs) / len(xs)) if self.moves else None
        lat = (f"{1000 * mean(self.latency):7.1f} ms {1000 * max(self.latency):7.1f} ms"
               if self.latency else f"{'-':>10} {'-':>10}")
        rep = (f"{1000 * (self.charged / self.moves - mean(self.latency)):8.1f} ms"
               if self.latency else f"{'-':>11}")
        left = f"{mean(self.left):7.2f} s" if self.left else f"{'-':>9}"
        return (f"{name:24} {self.moves:7d} {1000 * self.charged / self.moves:8.1f} ms "
                f"{rep} {lat} {left}")


def tally(paths):
    """Tallies by engine name over every game of the files."""
    by_engine = collections.defaultdict(Tally)
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                names = (game.headers.get("White", "?"), game.headers.get("Black", "?"))
                board = game.board()
                for node in game.mainline():
                    mover = names[0] if board.turn == chess.WHITE else names[1]
                    board.push(node.move)
                    parsed = parse_comment(node.comment)
                    if parsed is not None:
                        by_engine[mover].add(*parsed)
    return by_engine


HEADER = (f"{'engine':24} {'moves':>7} {'charged':>11} {'reported':>11} "
          f"{'latency':>10} {'max':>10} {'clock left':>9}")


def self_test():
    test = SelfTest("latency")
    check = test.check
    check("match.py comment", parse_comment("+0.31/10 0.245s [%clk 0:00:09.755] [%eng 0.231]"),
          (0.245, 0.245 - 0.231, 9.755))
    check("fastchess comment", parse_comment("+0.31/10 0.245s, tl=9.755s, latency=0.014s"),
          (0.245, 0.014, 9.755))
    check("no latency recorded", parse_comment("-M3/12 1.500s"), (1.5, None, None))
    check("a book move", parse_comment("book"), None)
    pgn = ('[White "a"]\n[Black "b"]\n[Result "*"]\n\n'
           '1. e4 {+0.10/5 0.100s, tl=9.9s, latency=0.010s} '
           'e5 {-0.10/5 0.300s, tl=9.7s, latency=0.030s} '
           '2. Nf3 {+0.10/5 0.200s, tl=9.8s, latency=0.020s} *\n\n')
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "g.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(pgn)
        t = tally([path])
    check("moves by engine", (t["a"].moves, t["b"].moves), (2, 1))
    check("charged", round(t["a"].charged, 6), 0.3)
    check("latencies", [round(x, 6) for x in t["a"].latency], [0.01, 0.02])
    check("clock left", t["b"].left, [9.7])
    return test.report()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pgn", nargs="*")
    p.add_argument("--self-test", action="store_true")
    args = p.parse_args()
    if args.self_test:
        return self_test()
    if not args.pgn:
        p.error("give one or more PGN files")
    print(HEADER)
    for name, t in sorted(tally(args.pgn).items()):
        print(t.row(name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
