#!/usr/bin/env python3
"""Score a UCI engine on an EPD test suite (bm/am), e.g. Win at Chess.

    python3 tools/suite.py ./target/release/outpost data/wac.epd --time 1.0

A position counts as solved when the engine's move (after searching the given
time) is one of `bm` and none of `am`. Needs python-chess (`pip install chess`).
"""
import argparse
import sys
import time

import chess
import chess.engine


def epd_positions(path):
    """Yields (board, operations) for every non-empty line of an EPD file."""
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                yield chess.Board.from_epd(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("epd")
    ap.add_argument("--time", type=float, default=1.0, help="seconds per position")
    ap.add_argument("--nodes", type=int, default=0, help="search this many nodes instead of a time")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--limit", type=int, default=0, help="only the first N positions")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="set a UCI option (repeatable), e.g. --option UseNNUE=true")
    args = ap.parse_args()

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    options = {"Threads": args.threads, "Hash": args.hash}
    for setting in args.option:
        name, _, value = setting.partition("=")
        options[name] = {"true": True, "false": False}.get(value.lower(), value)
    engine.configure(options)
    solved = total = 0
    failed = []
    start = time.time()
    for board, ops in epd_positions(args.epd):
        best = ops.get("bm", [])
        avoid = ops.get("am", [])
        engine.protocol.send_line("ucinewgame")
        limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.time)
        result = engine.play(board, limit)
        ok = (not best or result.move in best) and result.move not in avoid
        total += 1
        solved += ok
        if not ok:
            failed.append((ops.get("id", str(total)), board.san(result.move), [board.san(m) for m in best]))
        if args.verbose:
            print(f"{ops.get('id', total)}: {'ok ' if ok else 'BAD'} {board.san(result.move)}", flush=True)
        if args.limit and total >= args.limit:
            break
    engine.quit()
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.time} s"
    print(f"solved {solved} of {total} at {budget} per position ({time.time() - start:.0f} s)")
    for pid, played, wanted in failed:
        print(f"  failed {pid}: played {played}, wanted {' '.join(wanted)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
