#!/usr/bin/env python3
"""Checks an Outpost binary the way OpenBench's client reads engines.

    python3 tools/openbench_check.py ./outpost-built-by-make

It runs the engine as the client does and applies the client's documented
rules to the real output:

- bench: `./engine bench` (and, as for engines with a private network,
  `./engine "setoption name EvalFile value <net>" bench quit`); the output's
  lines are read from the last to the first, non-alphanumeric characters
  turned to spaces, and the first matches of the patterns
  `(\\d+\\s+nodes)|(nodes\\s+\\d+)|(nodes searched\\s+\\d+)` (node count) and
  `(\\d+\\s+nps)|(nps\\s+\\d+)|(nodes second\\s+\\d+)` (speed), case-insensitive,
  give the numbers. Both runs must give the same node count, and it must be
  the one `Nodes searched` states.
- genfens: `./engine "genfens N seed S book None" quit`; every line starting
  with `info string genfens ` carries an opening after that prefix. There
  must be N, distinct, legal positions (python-chess), the same for the
  same seed and not for another.

Exit code 1 with a message on the first failure.
"""

import os
import re
import subprocess
import sys

import chess

NODES = r"(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)"
SPEED = r"(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)"


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=300, check=True).stdout


def bench_numbers(output):
    nodes = speed = None
    for line in reversed(output.strip().split("\n")):
        line = re.sub(r"[^a-zA-Z0-9 ]+", " ", line)
        found_nodes = re.search(NODES, line, re.IGNORECASE)
        found_speed = re.search(SPEED, line, re.IGNORECASE)
        if found_nodes and nodes is None:
            nodes = int(re.search(r"\d+", found_nodes.group()).group())
        if found_speed and speed is None:
            speed = int(re.search(r"\d+", found_speed.group()).group())
    return nodes, speed


def fail(message):
    print(f"openbench_check: {message}", file=sys.stderr)
    sys.exit(1)


def genfens(binary, count, seed):
    out = run([binary, f"genfens {count} seed {seed} book None", "quit"])
    prefix = "info string genfens "
    return [line[len(prefix):].rstrip() for line in out.splitlines() if line.startswith(prefix)]


def main():
    if len(sys.argv) != 2:
        fail("usage: openbench_check.py BINARY")
    binary = os.path.abspath(sys.argv[1])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    plain = run([binary, "bench"])
    nodes, speed = bench_numbers(plain)
    stated = re.search(r"Nodes searched\s*:\s*(\d+)", plain)
    if nodes is None or speed is None or not stated:
        fail(f"bench output not read: {plain!r}")
    if nodes != int(stated.group(1)):
        fail(f"the rules read {nodes} nodes, the engine states {stated.group(1)}")
    net = os.path.join(root, "crates", "nnue", "nets", "gen11.nnue")
    private = run([binary, f"setoption name EvalFile value {net}", "bench", "quit"])
    private_nodes, private_speed = bench_numbers(private)
    if private_nodes != nodes or private_speed is None:
        fail(f"bench with EvalFile read as {private_nodes}, expected {nodes}")
    print(f"bench: {nodes} nodes, {speed} nps (the same with EvalFile set)")

    openings = genfens(binary, 16, 7)
    if len(openings) != 16:
        fail(f"genfens 16 gave {len(openings)} openings")
    if len(set(openings)) != 16:
        fail("genfens gave a repeated opening")
    for fen in openings:
        board = chess.Board(fen)
        if not board.is_valid() or board.is_game_over():
            fail(f"genfens gave a bad position: {fen}")
    if genfens(binary, 16, 7) != openings:
        fail("genfens is not the same for the same seed")
    if genfens(binary, 16, 8) == openings:
        fail("genfens is the same for another seed")
    print("genfens: 16 distinct legal openings, the same for the same seed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
