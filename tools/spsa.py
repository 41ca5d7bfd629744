#!/usr/bin/env python3
"""SPSA tuning of the search's constants on one machine, over match.py.

OpenBench runs SPSA across many machines; this is the same method for one,
resumable, so that a tune can grow over several sittings. Each iteration
perturbs every tuned constant up or down at random by its current step,
plays game pairs between the two perturbed engines (tools/match.py, both the
`tune` build of Outpost, whose constants are UCI options), and moves each
constant towards the side that scored better.

    cargo build --release --features tune --target-dir target/tune
    python3 tools/spsa.py --state spsa/run1.json --iterations 2000 \\
        [--engine target/tune/release/outpost] [--only rfp_margin,lmp_max_depth] \\
        [--pairs 2] [--tc 5+0.05] [--seed 1] [--stop-after K]
    python3 tools/spsa.py --show spsa/run1.json
    python3 tools/spsa.py --self-test

The constants, their ranges and final steps come from the engine itself
(`outpost spsa`: `name, int, default, min, max, c_end, r_end`). With N the
planned iterations, A = N / 10, alpha 0.602 and gamma 0.101 (Spall's usual
exponents), iteration k (from 1) uses, for each constant,

    c_k = c_end * (N / k) ** gamma                 (perturbation)
    a_k = r_end * c_end**2 * ((A + N) / (A + k)) ** alpha   (step)

so that at k = N the perturbation is c_end and the step r_end * c_end**2.
The engines play theta + c_k * delta and theta - c_k * delta (delta = +-1
per constant, rounded to integers and kept in range); with r the first
engine's wins minus losses over the iteration's games,
theta += a_k * r * delta / c_k.

After every iteration the state file (settings, iteration, theta and each
iteration's result) is rewritten whole; a later run with the same settings
goes on from there (with the engine at any path, as long as its tunables
are the same), one with other settings is refused. The tuned values
are only candidates: they ship after an SPRT and the outside gauntlet
(docs/rulers.md). Needs python-chess (for match.py).
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

from selftest import SelfTest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OPENINGS = os.path.join(ROOT, "data", "openings.epd")
ALPHA, GAMMA = 0.602, 0.101


def parse_spsa_lines(text):
    """The tunables from `outpost spsa` output: name -> (default, min, max, c_end, r_end)."""
    params = {}
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] != "int":
            continue
        name = fields[0]
        default, low, high = (int(f) for f in fields[2:5])
        params[name] = (default, low, high, float(fields[5]), float(fields[6]))
    return params


def engine_params(engine):
    """The engine's tunables, from `ENGINE spsa`."""
    out = subprocess.run([engine, "spsa"], capture_output=True, text=True, check=True)
    params = parse_spsa_lines(out.stdout)
    if not params:
        raise SystemExit(f"{engine} spsa printed no tunables")
    return params


def schedule(k, n, c_end, r_end):
    """(c_k, a_k) for iteration k of n."""
    big_a = n / 10
    c_k = c_end * (n / k) ** GAMMA
    a_k = r_end * c_end ** 2 * ((big_a + n) / (big_a + k)) ** ALPHA
    return c_k, a_k


def clamp(value, low, high):
    return max(low, min(high, value))


def perturbed(theta, spec, c_k, sign):
    """An engine's value of one constant: theta + sign * c_k, rounded, in range."""
    _, low, high, _, _ = spec
    return int(clamp(round(theta + sign * c_k), low, high))


def update(theta, spec, c_k, a_k, delta, result):
    """One constant after an iteration whose first engine scored `result` (wins - losses)."""
    _, low, high, _, _ = spec
    return clamp(theta + a_k * result * delta / c_k, low, high)


def settings(args, params):
    return {"engine": args.engine, "tc": args.tc, "pairs": args.pairs,
            "iterations": args.iterations, "seed": args.seed,
            "openings": os.path.relpath(OPENINGS, ROOT),
            "params": {n: list(p) for n, p in sorted(params.items())}}


def save(path, state):
    """Replaces the state file whole (a crash leaves the old one or the new one)."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".spsa-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(state, f, indent=1)
    os.replace(tmp, path)


def load_state(path, wanted):
    """The state to go on from: the file's if its settings match, a fresh one if none."""
    if not os.path.exists(path):
        theta = {n: float(p[0]) for n, p in wanted["params"].items()}
        return {"settings": wanted, "iteration": 0, "theta": theta, "history": []}
    with open(path, encoding="utf-8") as f:
        state = json.load(f)
    recorded = state.get("settings", {})
    # The engine is known by its tunables (in `params`), not by its path, so
    # that a tune can go on with a build of the same search elsewhere.
    if {k: v for k, v in recorded.items() if k != "engine"} != \
            {k: v for k, v in wanted.items() if k != "engine"}:
        raise SystemExit(f"error: {path} records other settings; use another --state file")
    if recorded.get("engine") != wanted["engine"]:
        print(f"note: going on with {wanted['engine']} (the tune began with "
              f"{recorded.get('engine')}; the tunables are the same)", flush=True)
    return state


def play(args, plus, minus, k, folder):
    """Wins minus losses of the `plus` engine over the iteration's game pairs."""
    summary = os.path.join(folder, "iteration.json")
    cmd = [sys.executable, os.path.join(HERE, "match.py"), "--strict",
           "--engine1", args.engine, "--name1", "plus",
           "--engine2", args.engine, "--name2", "minus",
           "--tc", args.tc, "--games", str(2 * args.pairs), "--openings", OPENINGS,
           "--seed", str(args.seed * 1_000_003 + k), "--concurrency", str(args.concurrency),
           "--json", summary, "--fail-on-forfeit", "none",
           "--resign-score", "1000", "--resign-moves", "3"]
    for name, value in plus.items():
        cmd += ["--opt1", f"{name}={value}"]
    for name, value in minus.items():
        cmd += ["--opt2", f"{name}={value}"]
    code = subprocess.call(cmd, stdout=subprocess.DEVNULL)
    try:
        with open(summary, encoding="utf-8") as f:
            s = json.load(f)
    except (OSError, ValueError):
        s = None
    if code not in (0, 1) or not s or s.get("games") != 2 * args.pairs:
        raise SystemExit(f"error: the games of iteration {k} did not finish (exit {code})")
    return s["wins"] - s["losses"]


def run(args, play_games=play):
    params = engine_params(args.engine)
    if args.only:
        wanted_names = args.only.split(",")
        unknown = [n for n in wanted_names if n not in params]
        if unknown:
            raise SystemExit(f"unknown constant(s): {', '.join(unknown)}")
        params = {n: params[n] for n in wanted_names}
    state = load_state(args.state, settings(args, params))
    rng = random.Random(f"{args.seed}")
    for _ in range(state["iteration"]):  # the same deltas as an unbroken run
        [rng.choice((-1, 1)) for _ in params]
    names = sorted(params)
    played = 0
    with tempfile.TemporaryDirectory() as folder:
        while state["iteration"] < args.iterations:
            if args.stop_after and played >= args.stop_after:
                break
            if args.pause_file and os.path.exists(args.pause_file):
                print(f"paused before iteration {state['iteration'] + 1}: "
                      f"{args.pause_file} exists", flush=True)
                break
            k = state["iteration"] + 1
            deltas = {n: rng.choice((-1, 1)) for n in names}
            plus, minus, steps = {}, {}, {}
            for n in names:
                spec = params[n]
                c_k, a_k = schedule(k, args.iterations, spec[3], spec[4])
                steps[n] = (c_k, a_k)
                plus[n] = perturbed(state["theta"][n], spec, c_k, deltas[n])
                minus[n] = perturbed(state["theta"][n], spec, c_k, -deltas[n])
            result = play_games(args, plus, minus, k, folder)
            for n in names:
                c_k, a_k = steps[n]
                state["theta"][n] = update(state["theta"][n], params[n], c_k, a_k,
                                           deltas[n], result)
            state["iteration"] = k
            state["history"].append({"k": k, "result": result})
            save(args.state, state)
            played += 1
            print(f"iteration {k}/{args.iterations}: plus scored {result:+d}", flush=True)
    print(show_text(state))
    return 0


def noise_spread(state):
    """How far each constant would have moved by chance: name -> (sd now, sd at N).

    Each constant's signs delta are fair coins drawn apart from the games,
    so if a constant made no difference its movement would be a sum of
    independent +-(a_k / c_k) * r_k terms: mean zero, standard deviation
    sqrt(sum of (a_k / c_k * r_k)^2) over the iterations played. The
    movement over that deviation (a z-score) says whether the games pushed
    the constant or chance did; "at N" adds the iterations still to come
    with the mean r^2 seen so far. Bounds (clamping) are ignored."""
    settings = state["settings"]
    n = settings["iterations"]
    results = [h["result"] for h in state["history"]]
    mean_square = sum(r * r for r in results) / len(results) if results else 0.0
    # r^2 of every iteration: the recorded ones, then the mean for those to come.
    squares = [r * r for r in results] + [mean_square] * (n - len(results))
    spread = {}
    for name, spec in settings["params"].items():
        _, _, _, c_end, r_end = spec
        terms = [(a_k / c_k) ** 2 * square
                 for (c_k, a_k), square in ((schedule(k, n, c_end, r_end), square)
                                            for k, square in enumerate(squares, 1))]
        played = sum(terms[:len(results)])
        spread[name] = (played ** 0.5, sum(terms) ** 0.5)
    return spread


def show_text(state):
    params = state["settings"]["params"]
    results = [h["result"] for h in state["history"]]
    lines = [f"{state['iteration']} of {state['settings']['iterations']} iterations, "
             f"{sum(1 for r in results if r > 0)} won / {sum(1 for r in results if r < 0)} lost "
             f"by the plus side",
             "(chance sd: how far the constant would have moved if it made no difference; "
             "z = move / chance sd)"]
    spread = noise_spread(state)
    z_squares = 0.0
    for name in sorted(params):
        default = params[name][0]
        theta = state["theta"][name]
        sd, sd_end = spread[name]
        z = (theta - default) / sd if sd > 0 else 0.0
        z_squares += z * z
        lines.append(f"{name:28} default {default:6}  now {theta:9.2f}  ({theta - default:+8.2f})"
                     f"  chance sd {sd:7.2f}  z {z:+5.2f}  sd at N {sd_end:7.2f}")
    # By chance alone the sum of the squared z-scores of m constants is about
    # m, give or take sqrt(2m) (a chi-square with m degrees of freedom).
    m = len(params)
    lines.append(f"sum of z^2 {z_squares:.1f} over {m} constants "
                 f"(chance alone: about {m} +- {(2 * m) ** 0.5:.1f})")
    return "\n".join(lines)


def values_text(state):
    """The tune's values as the engine takes them: `NAME=VALUE` a line, each
    θ rounded and kept in its range, for `match.py --opt1` or `setoption`."""
    params = state["settings"]["params"]
    return "\n".join(f"{name}={perturbed(state['theta'][name], params[name], 0.0, 1)}"
                     for name in sorted(params))


def self_test():
    """The schedule, the update and resuming, without playing a game."""
    test = SelfTest("spsa")
    check = test.check

    params = parse_spsa_lines("rfp_margin, int, 75, 30, 150, 6, 0.002\n"
                              "null_min_depth, int, 3, 2, 6, 1, 0.002\nnot a line\n")
    check("parsed", params["rfp_margin"], (75, 30, 150, 6.0, 0.002))
    check("parsed count", len(params), 2)
    c_n, a_n = schedule(1000, 1000, 6.0, 0.002)
    check("final perturbation is c_end", round(c_n, 9), 6.0)
    check("final step is r_end * c_end^2", round(a_n, 9), round(0.002 * 36, 9))
    c_1, a_1 = schedule(1, 1000, 6.0, 0.002)
    check("steps shrink", (c_1 > c_n, a_1 > a_n), (True, True))
    spec = params["null_min_depth"]
    check("perturbation rounded", perturbed(3.4, spec, 1.2, 1), 5)
    check("perturbation kept in range", perturbed(2.0, spec, 1.5, -1), 2)
    check("a win moves towards delta", update(75.0, params["rfp_margin"], 6.0, 0.1, 1, 2) > 75,
          True)
    check("a loss moves away", update(75.0, params["rfp_margin"], 6.0, 0.1, 1, -2) < 75, True)
    check("update kept in range", update(149.0, params["rfp_margin"], 1.0, 100.0, 1, 4), 150)

    with tempfile.TemporaryDirectory() as tmp:
        fake = os.path.join(tmp, "engine")
        with open(fake, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\necho 'rfp_margin, int, 75, 30, 150, 6, 0.002'\n"
                    "echo 'null_min_depth, int, 3, 2, 6, 1, 0.002'\n")
        os.chmod(fake, 0o755)
        state_path = os.path.join(tmp, "run.json")
        args = argparse.Namespace(engine=fake, tc="1+0.01", pairs=1, iterations=6, seed=7,
                                  concurrency=1, only="", state=state_path, stop_after=3,
                                  pause_file="")
        seen = []

        def fake_play(_args, plus, minus, k, _folder):
            seen.append((k, dict(plus), dict(minus)))
            # The engine with the larger rfp_margin always wins.
            return 2 if plus["rfp_margin"] > minus["rfp_margin"] else -2

        with open(os.devnull, "w") as null:
            saved, sys.stdout = sys.stdout, null
            try:
                run(args, fake_play)
                first = json.load(open(state_path, encoding="utf-8"))
                run(argparse.Namespace(**dict(vars(args), stop_after=0)), fake_play)
            finally:
                sys.stdout = saved
        final = json.load(open(state_path, encoding="utf-8"))
        check("stopped after three", first["iteration"], 3)
        check("resumed to the end", final["iteration"], 6)
        check("iterations numbered once each", [s[0] for s in seen], [1, 2, 3, 4, 5, 6])
        check("the winning direction is followed", final["theta"]["rfp_margin"] > 75, True)
        # One unbroken run gives the same theta as the two sittings.
        whole = os.path.join(tmp, "whole.json")
        with open(os.devnull, "w") as null:
            saved, sys.stdout = sys.stdout, null
            try:
                run(argparse.Namespace(**dict(vars(args), state=whole, stop_after=0)),
                    fake_play)
            finally:
                sys.stdout = saved
        check("resuming draws the same deltas", json.load(open(whole, encoding="utf-8"))["theta"],
              final["theta"])
        moved = os.path.join(tmp, "engine-elsewhere")
        with open(fake, encoding="utf-8") as src, open(moved, "w", encoding="utf-8") as dst:
            dst.write(src.read())
        os.chmod(moved, 0o755)
        with open(os.devnull, "w") as null:
            saved, sys.stdout = sys.stdout, null
            try:
                run(argparse.Namespace(**dict(vars(args), engine=moved, iterations=6,
                                              stop_after=0)), fake_play)
                moved_ok = True
            except SystemExit:
                moved_ok = False
            finally:
                sys.stdout = saved
        check("the same tunables at another path go on", moved_ok, True)
        check("values rounded and in range",
              values_text({"settings": {"params": params},
                           "theta": {"rfp_margin": 150.6, "null_min_depth": 3.4}}),
              "null_min_depth=3\nrfp_margin=150")
        # A pause file stops the tune between iterations, the state saved.
        pause = os.path.join(tmp, "pause")
        paused_state = os.path.join(tmp, "paused.json")

        def pausing_play(_args, plus, minus, k, _folder):
            if k == 2:
                open(pause, "w").close()
            return fake_play(_args, plus, minus, k, _folder)

        with open(os.devnull, "w") as null:
            saved, sys.stdout = sys.stdout, null
            try:
                run(argparse.Namespace(**dict(vars(args), state=paused_state, stop_after=0,
                                              pause_file=pause)), pausing_play)
            finally:
                sys.stdout = saved
        check("a pause file stops after the iteration under way",
              json.load(open(paused_state, encoding="utf-8"))["iteration"], 2)
        other = argparse.Namespace(**dict(vars(args), tc="2+0.02"))
        try:
            run(other, fake_play)
            refused = False
        except SystemExit:
            refused = True
        check("other settings refused", refused, True)
        # The chance spread: a constant moved every iteration the same way
        # stands far out of it; the spread follows the recorded results.
        spread = noise_spread(final)
        c_1, a_1 = schedule(1, 6, 6.0, 0.002)
        one = noise_spread({"settings": final["settings"], "iteration": 1,
                            "theta": final["theta"], "history": [{"k": 1, "result": 2}]})
        check("chance sd of one iteration", round(one["rfp_margin"][0], 9),
              round(a_1 / c_1 * 2, 9))
        check("at the last iteration nothing is to come", spread["rfp_margin"][1],
              spread["rfp_margin"][0])
        # One result of 2 recorded: the five to come count r^2 = 4 each.
        check("chance sd at N adds the iterations to come", round(one["rfp_margin"][1], 9),
              round(sum((a / c) ** 2 * 4 for c, a in
                        (schedule(k, 6, 6.0, 0.002) for k in range(1, 7))) ** 0.5, 9))
        check("a constant that always won stands out",
              (final["theta"]["rfp_margin"] - 75) / spread["rfp_margin"][0] > 2, True)
        check("no results, no spread",
              noise_spread({"settings": final["settings"], "iteration": 0, "theta": {},
                            "history": []})["rfp_margin"][0], 0.0)
    return test.report()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "tune", "release", "outpost"),
                   help="a `tune` build of Outpost (default: target/tune/release/outpost)")
    p.add_argument("--state", help="the tune's state file (created, or resumed)")
    p.add_argument("--iterations", type=int, default=2000, help="planned iterations N")
    p.add_argument("--only", default="", help="comma-separated constants to tune (default all)")
    p.add_argument("--pairs", type=int, default=2, help="game pairs per iteration")
    p.add_argument("--tc", default="5+0.05", help="time control, BASE+INC seconds")
    p.add_argument("--seed", type=int, default=1, help="deltas and openings")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--stop-after", type=int, default=0,
                   help="stop after this many iterations in this sitting (0: go to N)")
    p.add_argument("--pause-file", default="",
                   help="stop before the next iteration once this file exists (the state is "
                        "saved after every iteration, so the tune resumes where it stopped)")
    p.add_argument("--show", metavar="STATE", help="print a tune's values and exit")
    p.add_argument("--values", metavar="STATE",
                   help="print a tune's values as NAME=VALUE lines (rounded, in range) and exit")
    p.add_argument("--self-test", action="store_true", help="check the script and exit")
    args = p.parse_args()
    if args.self_test:
        return self_test()
    if args.values:
        with open(args.values, encoding="utf-8") as f:
            print(values_text(json.load(f)))
        return 0
    if args.show:
        with open(args.show, encoding="utf-8") as f:
            print(show_text(json.load(f)))
        return 0
    if not args.state:
        p.error("--state is needed to tune (or --show STATE, --self-test)")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
