#!/usr/bin/env python3
"""Time to solution on an EPD test suite: for each position, search for up
to --time seconds and report when the first move of the engine's principal
variation became a `bm` move and stayed one until the end (the time and the
node count the engine reported then). Shows how far past a time limit the
failures of `tools/suite.py` are.

    python3 tools/solve_times.py ./target/release/outpost data/wac.epd --time 5

Needs python-chess (`pip install chess`) for EPD parsing; talks UCI itself
so that it sees every `info` line.
"""
import argparse
import subprocess

import chess

from suite import epd_positions


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("epd")
    ap.add_argument("--time", type=float, default=5.0, help="seconds per position")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="set a UCI option (repeatable), e.g. --option UseNNUE=false")
    args = ap.parse_args()

    engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(command):
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    def read_line():
        line = engine.stdout.readline()
        if not line:
            raise SystemExit("the engine exited")
        return line

    def read_until(prefix):
        while True:
            line = read_line()
            if line.startswith(prefix):
                return line.strip()

    send("uci")
    read_until("uciok")
    send(f"setoption name Threads value {args.threads}")
    send(f"setoption name Hash value {args.hash}")
    for setting in args.option:
        name, _, value = setting.partition("=")
        send(f"setoption name {name} value {value}")
    send("isready")
    read_until("readyok")

    solved = 0
    total = 0
    for board, ops in epd_positions(args.epd):
        wanted = ops.get("bm", [])
        total += 1
        send("ucinewgame")
        send("position fen " + board.fen())
        send(f"go movetime {int(args.time * 1000)}")
        since = None
        while True:
            words = read_line().split()
            if words and words[0] == "bestmove":
                played = chess.Move.from_uci(words[1])
                break
            if words and words[0] == "info" and "pv" in words and "time" in words:
                first = chess.Move.from_uci(words[words.index("pv") + 1])
                if first in wanted:
                    if since is None:
                        nodes = words[words.index("nodes") + 1] if "nodes" in words else "?"
                        since = (int(words[words.index("time") + 1]) / 1000, nodes)
                else:
                    since = None
        name = ops.get("id", board.fen())
        if played in wanted and since is not None:
            solved += 1
            print(f"{name}: solved after {since[0]:.2f} s, {since[1]} nodes", flush=True)
        else:
            print(f"{name}: not solved in {args.time:.1f} s (played {board.san(played)})", flush=True)
    print(f"solved {solved} of {total}")
    send("quit")


if __name__ == "__main__":
    main()
