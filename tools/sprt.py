#!/usr/bin/env python3
"""Self-play SPRTs under fastchess, sized before they start and recorded after.

    python3 tools/sprt.py --estimate --bounds 0,5 [--variance V | --from DIR]
    python3 tools/sprt.py --out sprt/NAME --new BIN --base BIN --bounds 0,5
        (--nodes 5000 | --tc 2+0.02) [--new-opt NAME=VALUE ...] [--base-opt ...]
        [--book data/uho_4060_v4-6000.epd] [--seed S] [--concurrency 2] [--max-games N]
    python3 tools/sprt.py --result sprt/NAME
    python3 tools/sprt.py --self-test

A test is a generalised SPRT on the pentanomial model (each colour-swapped
pair of games is one sample, scored 0, 1/4, 1/2, 3/4 or 1), with logistic Elo
bounds and alpha = beta = 0.05, played by fastchess (`--fastchess PATH`,
$FASTCHESS, or `fastchess` on PATH). The openings default to a sample of
fishtest's UHO_4060_v4 book, whose unbalanced starts give fewer drawn pairs
and so shorter tests than a balanced book.

`--estimate` says how many games a test takes on average when the truth is
elo0, the middle of the bounds, or elo1, from the variance of a pair's score
(`--variance`, or measured by an earlier test's folder with `--from`). The
formulas are those of a Brownian motion with the LLR's drift and variance
between the two stopping bounds.

The folder keeps the settings (`settings.json`; a run with other settings is
refused), fastchess's configuration (a stopped test resumes from it:
run the same command again), its log, the games, and `result.json`: the
pentanomial counts, the Elo with its interval, and the LLR computed again
from the games (it must agree with fastchess's). `--result` prints the
journal line of a finished test.
"""

import argparse
import json
import math
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

import chess.pgn

import match
from selftest import SelfTest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BOOK = os.path.join(ROOT, "data", "uho_4060_v4-6000.epd")
ALPHA = BETA = 0.05
# A pair's score variance when nothing is known yet: about what fixed-node
# self-play from UHO starts gives (measured values replace it via --from).
DEFAULT_VARIANCE = 0.06


def llr_walk(bounds, variance, elo):
    """(mean, variance) of one pair's LLR increment when the truth is `elo`."""
    s0, s1 = (match.score_from_elo(e) for e in bounds)
    s = match.score_from_elo(elo)
    mean = (s1 - s0) * (2 * s - s0 - s1) / (2 * variance)
    return mean, (s1 - s0) ** 2 / variance


def expected_pairs(bounds, variance, elo):
    """(pairs on average, chance of accepting H1) at true `elo` (Brownian approximation)."""
    lower, upper = match.sprt_bounds(ALPHA, BETA)
    mu, v = llr_walk(bounds, variance, elo)
    if abs(mu) < 1e-12:
        return -lower * upper / v, -lower / (upper - lower)
    r = 2 * mu / v
    p_upper = (1 - math.exp(-r * lower)) / (math.exp(-r * upper) - math.exp(-r * lower))
    return (p_upper * upper + (1 - p_upper) * lower) / mu, p_upper


def estimate(bounds, variance):
    """Text lines: the average games at elo0, the middle and elo1."""
    lines = [f"SPRT [{bounds[0]:g}, {bounds[1]:g}] (logistic Elo, alpha = beta = {ALPHA:g}), "
             f"pair variance {variance:.4f}:"]
    for elo in (bounds[0], (bounds[0] + bounds[1]) / 2, bounds[1]):
        pairs, p = expected_pairs(bounds, variance, elo)
        lines.append(f"  true Elo {elo:+5.2f}: about {2 * pairs:,.0f} games on average, "
                     f"H1 accepted with chance {p:.2f}")
    return lines


def pair_scores(pgn_path, new_name="new"):
    """Pentanomial counts of the new build's pairs in a fastchess PGN (rounds pair games)."""
    pairs = {}
    with open(pgn_path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            h = game.headers
            result = h.get("Result", "*")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                continue
            white = 1.0 if result == "1-0" else 0.0 if result == "0-1" else 0.5
            points = white if h.get("White") == new_name else 1.0 - white
            pairs.setdefault(h.get("Round", "?"), []).append(points)
    penta = [0] * 5
    for pts in pairs.values():
        if len(pts) == 2:
            penta[round(2 * sum(pts))] += 1
    return penta


def result_of(penta, bounds):
    """The statistics of a test from its pentanomial counts."""
    mean, var, n = match.sample_stats(penta, (0.0, 0.25, 0.5, 0.75, 1.0))
    lower, upper = match.sprt_bounds(ALPHA, BETA)
    llr = match.sprt_llr(mean, var, n, *bounds)
    state = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "running"
    return {"pentanomial": penta, "pairs": n, "games": 2 * n, "score": mean,
            "elo": match.elo_from_score(mean) if n else 0.0,
            "elo_error95": match.elo_error(mean, var, n), "pair_variance": var,
            "bounds": list(bounds), "llr": llr, "llr_bounds": [lower, upper], "state": state}


def journal_line(name, settings, r):
    """One line for the journal: what was tested, how, and what came of it."""
    limit = f"{settings['nodes']} nodes" if settings.get("nodes") else settings["tc"]
    err = f"± {r['elo_error95']:.1f}" if math.isfinite(r["elo_error95"]) else "(no interval)"
    return (f"{name}: [{r['bounds'][0]:g}, {r['bounds'][1]:g}] at {limit}, "
            f"{r['games']} games, pentanomial {'/'.join(map(str, r['pentanomial']))}, "
            f"Elo {r['elo']:+.1f} {err}, LLR {r['llr']:.2f} "
            f"({r['llr_bounds'][0]:.2f}, {r['llr_bounds'][1]:.2f}): {r['state']}")


def fastchess_command(args, out):
    """The fastchess command line of a test."""
    def engine(cmd, name, opts):
        return ["-engine", f"cmd={cmd}", f"name={name}"] + [f"option.{o}" for o in opts]
    limit = ["tc=inf", f"nodes={args.nodes}"] if args.nodes else [f"tc={args.tc}"]
    return ([args.fastchess] + engine(args.new, "new", args.new_opt)
            + engine(args.base, "base", args.base_opt)
            + ["-each", "proto=uci", "option.Threads=1", "option.Hash=16"] + limit
            + ["-openings", f"file={args.book}", "format=epd", "order=random",
               "-srand", str(args.seed),
               "-rounds", str(args.max_games // 2), "-games", "2", "-repeat",
               "-sprt", f"elo0={args.bounds[0]:g}", f"elo1={args.bounds[1]:g}",
               f"alpha={ALPHA:g}", f"beta={BETA:g}", "model=logistic",
               "-concurrency", str(args.concurrency),
               "-pgnout", f"file={os.path.join(out, 'games.pgn')}",
               "-config", f"outname={os.path.join(out, 'config.json')}"])


def settings_of(args):
    return {"new": args.new, "base": args.base, "new_opt": args.new_opt,
            "base_opt": args.base_opt, "nodes": args.nodes, "tc": args.tc,
            "bounds": list(args.bounds), "book": os.path.relpath(args.book, ROOT),
            "seed": args.seed, "max_games": args.max_games}


def run(args):
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "settings.json")
    wanted = settings_of(args)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            if json.load(f) != wanted:
                print(f"error: {path} records other settings; use another --out",
                      file=sys.stderr)
                return 2
    else:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(wanted, f, indent=2)
    config = os.path.join(args.out, "config.json")
    if os.path.exists(config) and os.path.exists(os.path.join(args.out, "games.pgn")):
        cmd = [args.fastchess, "-config", f"file={config}"]
    else:
        cmd = fastchess_command(args, args.out)
    print("$ " + shlex.join(cmd), flush=True)
    with open(os.path.join(args.out, "fastchess.log"), "a", encoding="utf-8") as log:
        code = subprocess.call(cmd, stdout=log, stderr=subprocess.STDOUT)
    r = result_of(pair_scores(os.path.join(args.out, "games.pgn")), args.bounds)
    with open(os.path.join(args.out, "result.json"), "w", encoding="utf-8") as f:
        json.dump(r, f, indent=2)
    print(journal_line(os.path.basename(os.path.normpath(args.out)), wanted, r))
    return 0 if code == 0 else 2


def show(folder):
    with open(os.path.join(folder, "settings.json"), encoding="utf-8") as f:
        settings = json.load(f)
    r = result_of(pair_scores(os.path.join(folder, "games.pgn")), settings["bounds"])
    print(journal_line(os.path.basename(os.path.normpath(folder)), settings, r))
    return 0


def self_test():
    test = SelfTest("sprt")
    check = test.check
    # Wald's approximation: with equal alpha and beta the test accepts H1 at
    # elo1 with chance 1 - beta and H0 at elo0 with chance 1 - alpha.
    _, p1 = expected_pairs((0, 5), 0.06, 5)
    _, p0 = expected_pairs((0, 5), 0.06, 0)
    check("H1 accepted at elo1 with chance 1 - beta", round(p1, 3), 0.95)
    check("H1 accepted at elo0 with chance alpha", round(p0, 3), 0.05)
    mid, pmid = expected_pairs((0, 5), 0.06, 2.5)
    check("half and half in the middle", round(pmid, 3), 0.5)
    n1, _ = expected_pairs((0, 5), 0.06, 5)
    check("the middle is the longest", mid > n1, True)
    n10, _ = expected_pairs((0, 10), 0.06, 10)
    check("twice the width, about a quarter the games", round(n1 / n10), 4)
    a, b = expected_pairs((0, 5), 0.03, 5)[0], expected_pairs((0, 5), 0.06, 5)[0]
    check("games grow with the variance", round(b / a, 6), 2.0)
    r = result_of([10, 100, 300, 120, 12], (0, 5))
    check("pairs and games", (r["pairs"], r["games"]), (542, 1084))
    check("state", r["state"], "running")
    won = result_of([0, 50, 300, 500, 150], (0, 5))
    check("a clear gain accepts H1", won["state"], "H1 accepted")
    lost = result_of([150, 500, 300, 50, 0], (0, 5))
    check("a clear loss accepts H0", lost["state"], "H0 accepted")
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "games.pgn")
        with open(pgn, "w", encoding="utf-8") as f:
            for rnd, white, result in [("1", "new", "1-0"), ("1", "base", "1-0"),
                                       ("2", "base", "0-1"), ("2", "new", "1/2-1/2"),
                                       ("3", "new", "*")]:
                black = "base" if white == "new" else "new"
                f.write(f'[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n'
                        f'[Result "{result}"]\n\n{result}\n\n')
        check("pairs from rounds", pair_scores(pgn), [0, 0, 1, 1, 0])
        args = argparse.Namespace(fastchess="fastchess", new="a", base="b", new_opt=["X=1"],
                                  base_opt=[], nodes=5000, tc=None, bounds=(0.0, 5.0),
                                  book=BOOK, seed=3, max_games=100, concurrency=2)
        cmd = fastchess_command(args, tmp)
        check("fixed nodes", cmd[cmd.index("tc=inf") + 1], "nodes=5000")
        check("bounds", cmd[cmd.index("-sprt") + 1: cmd.index("-sprt") + 6],
              ["elo0=0", "elo1=5", "alpha=0.05", "beta=0.05", "model=logistic"])
        check("the new build's option", "option.X=1" in cmd, True)
        line = journal_line("x", settings_of(args), r)
        check("journal line", line.startswith("x: [0, 5] at 5000 nodes, 1084 games, "
                                              "pentanomial 10/100/300/120/12"), True)
    return test.report()


def parse_bounds(text):
    lo, hi = (float(x) for x in text.split(","))
    if not lo < hi:
        raise argparse.ArgumentTypeError("bounds are ELO0,ELO1 with ELO0 < ELO1")
    return lo, hi


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="the test's folder (resumable)")
    p.add_argument("--new", help="the build under test")
    p.add_argument("--base", help="the build it is tested against")
    p.add_argument("--new-opt", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--base-opt", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--nodes", type=int, help="a fixed node count a move")
    p.add_argument("--tc", help="a time control, BASE+INC seconds")
    p.add_argument("--bounds", type=parse_bounds, default=(0.0, 5.0), help="ELO0,ELO1")
    p.add_argument("--book", default=BOOK)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--max-games", type=int, default=60000)
    p.add_argument("--fastchess", default=os.environ.get("FASTCHESS") or
                   shutil.which("fastchess") or "fastchess")
    p.add_argument("--estimate", action="store_true", help="print the games a test needs")
    p.add_argument("--variance", type=float, help="a pair score's variance, for --estimate")
    p.add_argument("--from", dest="from_dir", help="take the variance from this test's folder")
    p.add_argument("--result", metavar="DIR", help="print a test's journal line")
    p.add_argument("--self-test", action="store_true")
    args = p.parse_args()
    if args.self_test:
        return self_test()
    if args.result:
        return show(args.result)
    if args.estimate:
        variance = args.variance or DEFAULT_VARIANCE
        if args.from_dir:
            variance = result_of(pair_scores(os.path.join(args.from_dir, "games.pgn")),
                                 args.bounds)["pair_variance"]
        print("\n".join(estimate(args.bounds, variance)))
        return 0
    if not (args.out and args.new and args.base) or bool(args.nodes) == bool(args.tc):
        p.error("a test needs --out, --new, --base and one of --nodes or --tc")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
