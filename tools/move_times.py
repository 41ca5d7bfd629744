#!/usr/bin/env python3
"""Average thinking time per move, by engine and by stage of the game, from
a PGN written by tools/match.py (its move comments end in
`<seconds>s [%clk ...]`).

    python3 tools/move_times.py sf2400.pgn
"""

import collections
import re
import sys

import chess.pgn

BANDS = [(10, "moves 1-10"), (20, "moves 11-20"), (40, "moves 21-40"), (10**9, "moves 41+")]


def band(move_number):
    return next(name for last, name in BANDS if move_number <= last)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: move_times.py GAMES.pgn")
    totals = collections.defaultdict(lambda: [0.0, 0])
    with open(sys.argv[1], encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            names = (game.headers.get("White", "?"), game.headers.get("Black", "?"))
            node, ply = game, 0
            while node.variations:
                node = node.variations[0]
                ply += 1
                m = re.search(r"([0-9.]+)s \[%clk", node.comment)
                if m:
                    t = totals[(names[(ply + 1) % 2], band((ply + 1) // 2))]
                    t[0] += float(m.group(1))
                    t[1] += 1
    order = {name: i for i, (_, name) in enumerate(BANDS)}
    for (engine, stage) in sorted(totals, key=lambda k: (k[0], order[k[1]])):
        seconds, moves = totals[(engine, stage)]
        print(f"{engine:24} {stage:12} {seconds / moves:6.3f} s/move over {moves} moves")


if __name__ == "__main__":
    main()
