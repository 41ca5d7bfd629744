#!/usr/bin/env python3
"""The outside ruler: Outpost against a fixed gauntlet of other engines.

Self-play SPRTs are fast but flatter changes that networks trained on each
other's games share; a change that ships is confirmed against engines Outpost
was not trained with. This script plays one match.py match per opponent of a
fixed list, with fixed settings, and prints the gauntlet table (score, W/D/L,
Elo with its 95 % interval, forfeits) that docs/journal/strength.md records
after each shipped change.

    python3 tools/gauntlet.py --out gauntlet/NAME [--engine CMD] [--games N]
        [--tc 10+0.1] [--seed S] [--only sf2600,sf2850] [--concurrency 2] [--chess960]
        [--opt NAME=VALUE ...] [--runner fastchess|match] [--openings FILE]
    python3 tools/gauntlet.py --table gauntlet/NAME [--markdown]
    python3 tools/gauntlet.py --self-test

Each opponent's match is played by fastchess (the referee OpenBench uses;
`--fastchess PATH` or $FASTCHESS, else `fastchess` on PATH) or, with
`--runner match`, by tools/match.py (python-chess), and writes
OUT/<opponent>.json (match.py's summary, or the same summary computed from
fastchess's PGN) and OUT/<opponent>.pgn. An opponent whose JSON is already there with the games
asked for is not played again, so a gauntlet stopped half-way resumes where it
stopped (a match cut short is played again whole, from its start: its PGN is
moved aside, never appended to). The settings of every match (engine command,
time control, openings, seed, adjudication) go to OUT/gauntlet.json, and a
run whose settings differ from those recorded there is refused.

The opponents (Debian packages: stockfish 15.1, ethereal-chess 12,
toga2 3.0):

    sf2600    Stockfish 15.1, UCI_LimitStrength, UCI_Elo 2600
    sf2850    Stockfish 15.1, UCI_LimitStrength, UCI_Elo 2850 (its highest)
    ethereal  Ethereal 12, full strength
    toga2     Toga II, full strength

Every match: colour-swapped pairs from data/8moves_v3-4000.epd (a sample of
fishtest's balanced 8moves_v3 book; --openings for another), or with
--chess960 random Chess960 start positions; resign adjudication at 1000 cp
for 3 moves; one thread and 16 MiB of hash each; the engines' own Move
Overhead. match.py runs with its --strict referee. Needs python-chess.
"""

import argparse
import collections
import json
import math
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile

import chess
import chess.pgn

import match
from selftest import SelfTest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name, command, UCI options
OPPONENTS = [
    ("sf2600", "/usr/games/stockfish", ["UCI_LimitStrength=true", "UCI_Elo=2600"]),
    ("sf2850", "/usr/games/stockfish", ["UCI_LimitStrength=true", "UCI_Elo=2850"]),
    ("ethereal", "/usr/games/ethereal-chess", []),
    ("toga2", "/usr/games/toga2", []),
]

OPENINGS = os.path.join(ROOT, "data", "8moves_v3-4000.epd")
ADJUDICATION = ["--resign-score", "1000", "--resign-moves", "3"]
# Options every engine gets (an engine without one ignores it).
EACH = ["Threads=1", "Hash=16"]


def settings(args):
    """What makes two runs comparable: recorded once per output folder."""
    openings = "chess960" if args.chess960 else os.path.relpath(args.openings, ROOT)
    return {"engine": args.engine, "options": args.opt, "games": args.games, "tc": args.tc,
            "seed": args.seed, "openings": openings, "runner": args.runner, "each": EACH,
            "adjudication": ADJUDICATION, "opponents": {n: [c] + o for n, c, o in OPPONENTS}}


def match_command(args, index, name, command, options, out):
    """The match.py command line for one opponent (seed: the run's seed + its index)."""
    cmd = [sys.executable, os.path.join(HERE, "match.py"), "--strict",
           "--engine1", args.engine, "--proto1", "uci",
           "--engine2", command, "--proto2", "uci", "--name2", name,
           "--tc", args.tc, "--games", str(args.games),
           *(["--chess960"] if args.chess960 else ["--openings", args.openings]),
           "--seed", str(args.seed + index), "--concurrency", str(args.concurrency),
           "--json", os.path.join(out, name + ".json"), "--pgn", os.path.join(out, name + ".pgn"),
           "--fail-on-forfeit", "none"] + ADJUDICATION
    for opt in EACH + args.opt:
        cmd += ["--opt1", opt]
    for opt in EACH + options:
        cmd += ["--opt2", opt]
    return cmd


def chess960_book(seed, pairs, path):
    """An EPD file of `pairs` random Chess960 start positions (the seed picks them)."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(pairs):
            board = chess.Board.from_chess960_pos(rng.randrange(960))
            f.write(board.epd() + "\n")


def fastchess_command(args, index, name, command, options, out, book):
    """The fastchess command line for one opponent (seed: the run's seed + its index)."""
    def engine(cmd, label, opts):
        return ["-engine", f"cmd={cmd}", f"name={label}"] + [
            "option." + o.split("=", 1)[0] + "=" + o.split("=", 1)[1] for o in opts]
    resign_score = ADJUDICATION[ADJUDICATION.index("--resign-score") + 1]
    resign_moves = ADJUDICATION[ADJUDICATION.index("--resign-moves") + 1]
    cmd = [args.fastchess]
    cmd += engine(args.engine, "outpost", args.opt)
    cmd += engine(command, name, options)
    cmd += ["-each", "proto=uci", f"tc={args.tc}"] + [
        "option." + o.split("=", 1)[0] + "=" + o.split("=", 1)[1] for o in EACH]
    cmd += ["-rounds", str((args.games + 1) // 2), "-games", "2", "-repeat",
            "-openings", f"file={book}", "format=epd", "order=random",
            "-srand", str(args.seed + index),
            "-resign", f"movecount={resign_moves}", f"score={resign_score}",
            "-concurrency", str(args.concurrency),
            "-pgnout", f"file={os.path.join(out, name + '.pgn')}", "timeleft=true",
            "latency=true",
            "-config", f"outname={os.path.join(out, name + '-config.json')}"]
    if args.chess960:
        cmd += ["-variant", "fischerandom"]
    return cmd


# fastchess's Termination tag for a game lost by breaking the rules of the match.
FORFEITS = {"time forfeit": "time", "illegal move": "illegal_move", "abandoned": "crash",
            "stall": "time"}


def fastchess_summary(pgn_path, games_wanted):
    """match.py's summary (Outpost as engine 1) of the games in a fastchess PGN."""
    games = []
    with open(pgn_path, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            h = game.headers
            white_is_outpost = h.get("White") == "outpost"
            result = h.get("Result", "*")
            if result == "1-0":
                points = 1.0 if white_is_outpost else 0.0
            elif result == "0-1":
                points = 0.0 if white_is_outpost else 1.0
            elif result == "1/2-1/2":
                points = 0.5
            else:
                continue
            term = h.get("Termination", "normal")
            forfeit = None
            if term in FORFEITS:
                loser_is_outpost = points == 0.0
                forfeit = ("engine1" if loser_is_outpost else "engine2", FORFEITS[term])
            games.append((h.get("Round", "?"), points, term, forfeit))
    return summarise(games, games_wanted)


def summarise(games, games_wanted):
    """The summary dict of (round, Outpost's points, termination, forfeit) tuples."""
    points = [g[1] for g in games]
    w, d, l_ = points.count(1.0), points.count(0.5), points.count(0.0)
    pairs, penta = collections.defaultdict(list), [0] * 5
    for rnd, pts, _, _ in games:
        pairs[rnd].append(pts)
    for pts in pairs.values():
        if len(pts) == 2:
            penta[round(2 * sum(pts))] += 1
    stats = match.sample_stats(penta, (0.0, 0.25, 0.5, 0.75, 1.0))
    score = (w + d / 2) / len(games) if games else 0.5
    forfeits = [{"game": i + 1, "engine": g[3][0], "reason": g[3][1], "detail": g[2]}
                for i, g in enumerate(games) if g[3]]
    return {"engine1": "outpost", "games": len(games), "games_wanted": games_wanted,
            "wins": w, "draws": d, "losses": l_, "points": w + d / 2, "score": score,
            "elo": match.elo_from_score(score), "elo_error95": match.elo_error(*stats),
            "los": match.los(*stats), "model": "pentanomial", "pentanomial": penta,
            "forfeits": forfeits,
            "forfeits_by_engine": {e: dict(collections.Counter(
                f["reason"] for f in forfeits if f["engine"] == e)) for e in ("engine1", "engine2")},
            "terminations": dict(collections.Counter(g[2] for g in games))}


def play_fastchess(args, index, name, command, options, out):
    """One opponent's match under fastchess; writes OUT/<name>.json. The exit status."""
    book = args.openings
    if args.chess960:
        book = os.path.join(out, name + "-chess960.epd")
        chess960_book(args.seed + index, (args.games + 1) // 2, book)
    cmd = fastchess_command(args, index, name, command, options, out, book)
    print("$ " + shlex.join(cmd), flush=True)
    with open(os.path.join(out, name + ".log"), "w", encoding="utf-8") as log:
        code = subprocess.call(cmd, stdout=log, stderr=subprocess.STDOUT)
    pgn = os.path.join(out, name + ".pgn")
    if code == 0 and os.path.exists(pgn):
        summary = fastchess_summary(pgn, args.games)
        if summary["games"] == args.games:
            with open(os.path.join(out, name + ".json"), "w", encoding="utf-8") as f:
                json.dump(summary, f, indent=2)
    return code


def finished(path, games):
    """The summary in `path` if it holds a finished match of `games` games."""
    summary = load(path)
    return summary if isinstance(summary, dict) and summary.get("games") == games else None


def row(name, s):
    """One opponent's line of the table, from match.py's summary (Outpost's view)."""
    if s is None:
        return [name, "-", "-", "-", "-", "not played"]
    elo, err = s.get("elo"), s.get("elo_error95")
    if elo is None or not math.isfinite(elo):
        elo_text = "+inf" if s["score"] > 0.5 else "-inf"
    elif err is None or not math.isfinite(err):
        elo_text = f"{elo:+.1f}"
    else:
        elo_text = f"{elo:+.1f} ± {err:.1f}"
    by = s.get("forfeits_by_engine", {})
    ours, theirs = sum(by.get("engine1", {}).values()), sum(by.get("engine2", {}).values())
    return [name, str(s["games"]), f"{s['wins']}/{s['draws']}/{s['losses']}",
            f"{100 * s['score']:.1f} %", elo_text, f"{ours} / {theirs}"]


HEADER = ["opponent", "games", "W/D/L", "score", "Elo (95 %)", "forfeits (Outpost / them)"]


def table(rows, markdown=False):
    """The gauntlet table as text: aligned columns, or Markdown."""
    if markdown:
        lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in [HEADER] + rows) for i in range(len(HEADER))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()
                     for r in [HEADER] + rows)


def selected(only):
    names = [n for n, _, _ in OPPONENTS]
    if not only:
        return OPPONENTS
    wanted = only.split(",")
    unknown = [w for w in wanted if w not in names]
    if unknown:
        raise SystemExit(f"unknown opponent(s) {', '.join(unknown)}; the gauntlet is "
                         f"{', '.join(names)}")
    return [o for o in OPPONENTS if o[0] in wanted]


def run(args):
    os.makedirs(args.out, exist_ok=True)
    record = os.path.join(args.out, "gauntlet.json")
    wanted = settings(args)
    if os.path.exists(record):
        with open(record, encoding="utf-8") as f:
            recorded = json.load(f)
        if recorded != wanted:
            print(f"error: {record} records other settings; use another --out folder",
                  file=sys.stderr)
            return 2
    else:
        with open(record, "w", encoding="utf-8") as f:
            json.dump(wanted, f, indent=2)
    rows, status, chosen = [], 0, selected(args.only)
    for index, (name, command, options) in enumerate(OPPONENTS):
        if (name, command, options) not in chosen:
            continue
        json_path = os.path.join(args.out, name + ".json")
        summary = finished(json_path, args.games)
        if summary is None:
            pgn = os.path.join(args.out, name + ".pgn")
            if os.path.exists(pgn):
                os.replace(pgn, pgn + ".unfinished")
            if args.runner == "fastchess":
                code = play_fastchess(args, index, name, command, options, args.out)
            else:
                cmd = match_command(args, index, name, command, options, args.out)
                print("$ " + shlex.join(cmd), flush=True)
                code = subprocess.call(cmd)
            summary = finished(json_path, args.games)
            if code not in (0, 1) or summary is None:
                print(f"error: the match against {name} did not finish (exit {code})",
                      file=sys.stderr)
                status = 2
        else:
            print(f"{name}: finished earlier ({json_path})", flush=True)
        rows.append(row(name, summary))
    print()
    print(table(rows, args.markdown))
    return status


def load(path):
    """match.py's summary in `path`, or None."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def show(args):
    rows = [row(name, load(os.path.join(args.table, name + ".json")))
            for name, _, _ in OPPONENTS]
    print(table(rows, args.markdown))
    return 0


def self_test():
    """The table, resuming and the recorded settings, without playing a game."""
    test = SelfTest("gauntlet")
    check = test.check

    s = {"games": 10, "wins": 3, "draws": 4, "losses": 3, "score": 0.5, "elo": 0.0,
         "elo_error95": 150.25, "forfeits_by_engine": {"engine1": {}, "engine2": {"time": 1}}}
    check("row", row("sf2600", s), ["sf2600", "10", "3/4/3", "50.0 %", "+0.0 ± 150.2",
                                    "0 / 1"])
    won = dict(s, wins=10, draws=0, losses=0, score=1.0, elo=None, elo_error95=None)
    check("row of a clean sweep", row("toga2", won)[4], "+inf")
    check("row not played", row("ethereal", None)[-1], "not played")
    md = table([row("sf2600", s)], markdown=True).splitlines()
    check("markdown header", md[0], "| " + " | ".join(HEADER) + " |")
    check("markdown row", md[2], "| sf2600 | 10 | 3/4/3 | 50.0 % | +0.0 ± 150.2 | 0 / 1 |")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sf2600.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(s, f)
        check("finished with the games asked for", finished(path, 10) is not None, True)
        check("cut short: played again", finished(path, 20), None)
        check("missing", finished(os.path.join(tmp, "none.json"), 10), None)
        with open(path, "w", encoding="utf-8") as f:
            f.write("{not json")
        check("unreadable: played again", finished(path, 10), None)
        args = argparse.Namespace(engine="outpost", opt=[], games=2, tc="1+0.01", seed=1,
                                  concurrency=1, only="", out=tmp, markdown=False,
                                  chess960=False, runner="match", openings=OPENINGS,
                                  fastchess="fastchess")
        cmd = match_command(args, 3, "toga2", "/usr/games/toga2", [], tmp)
        check("seed per opponent", cmd[cmd.index("--seed") + 1], "4")
        check("strict referee", "--strict" in cmd, True)
        chess960 = argparse.Namespace(**dict(vars(args), chess960=True))
        cmd960 = match_command(chess960, 0, "sf2600", "/usr/games/stockfish", [], tmp)
        check("Chess960 starts instead of the openings file",
              ("--chess960" in cmd960, "--openings" in cmd960), (True, False))
        check("Chess960 recorded in the settings", settings(chess960)["openings"], "chess960")
        check("threads and hash for both engines", cmd.count("Threads=1"), 2)
        fc = fastchess_command(args, 1, "sf2850", "/usr/games/stockfish",
                               ["UCI_Elo=2850"], tmp, OPENINGS)
        check("fastchess: pairs, colours repeated", fc[fc.index("-rounds") + 1:
                                                       fc.index("-rounds") + 5],
              ["1", "-games", "2", "-repeat"])
        check("fastchess: the opponent's option", "option.UCI_Elo=2850" in fc, True)
        check("fastchess: resign adjudication", fc[fc.index("-resign") + 1:
                                                   fc.index("-resign") + 3],
              ["movecount=3", "score=1000"])
        check("fastchess: seed per opponent", fc[fc.index("-srand") + 1], "2")
        book = os.path.join(tmp, "960.epd")
        chess960_book(5, 3, book)
        with open(book, encoding="utf-8") as f:
            lines = f.read().splitlines()
        check("Chess960 book: one start a pair", len(lines), 3)
        check("Chess960 book: legal start positions",
              all(chess.Board(x + " 0 1", chess960=True).is_valid() for x in lines), True)
        pgn = os.path.join(tmp, "fc.pgn")
        with open(pgn, "w", encoding="utf-8") as f:
            for rnd, white, black, result, term in [
                    ("1", "outpost", "sf", "1-0", "adjudication"),
                    ("1", "sf", "outpost", "1/2-1/2", "normal"),
                    ("2", "outpost", "sf", "0-1", "time forfeit"),
                    ("2", "sf", "outpost", "0-1", "normal")]:
                f.write(f'[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n'
                        f'[Result "{result}"]\n[Termination "{term}"]\n\n{result}\n\n')
        s2 = fastchess_summary(pgn, 4)
        check("fastchess summary: W/D/L", (s2["wins"], s2["draws"], s2["losses"]), (2, 1, 1))
        check("fastchess summary: pentanomial", s2["pentanomial"], [0, 0, 1, 1, 0])
        check("fastchess summary: Outpost's time forfeit", s2["forfeits_by_engine"],
              {"engine1": {"time": 1}, "engine2": {}})
        with open(os.path.join(tmp, "gauntlet.json"), "w", encoding="utf-8") as f:
            json.dump(dict(settings(args), tc="10+0.1"), f)
        with open(os.devnull, "w") as null:
            saved, sys.stderr = sys.stderr, null
            try:
                check("other settings refused", run(args), 2)
            finally:
                sys.stderr = saved
    try:
        selected("sf2600,nobody")
        accepted = True
    except SystemExit:
        accepted = False
    check("an unknown opponent refused", accepted, False)
    check("selection", [o[0] for o in selected("toga2,sf2600")], ["sf2600", "toga2"])
    return test.report()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "outpost"),
                   help="Outpost's command line (default: the release build)")
    p.add_argument("--opt", action="append", default=[], metavar="NAME=VALUE",
                   help="an option for Outpost, repeatable")
    p.add_argument("--games", type=int, default=100, help="games per opponent (default 100)")
    p.add_argument("--tc", default="10+0.1", help="time control, BASE+INC seconds")
    p.add_argument("--seed", type=int, default=1,
                   help="opening order; opponent i plays with seed + i")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--chess960", action="store_true",
                   help="random Chess960 start positions (match.py --chess960, chosen by "
                        "the seed) instead of data/openings.epd")
    p.add_argument("--only", default="", help="comma-separated opponents to play")
    p.add_argument("--runner", choices=["fastchess", "match"], default="fastchess",
                   help="the referee: fastchess (default) or tools/match.py")
    p.add_argument("--fastchess", default=os.environ.get("FASTCHESS") or
                   shutil.which("fastchess") or "fastchess", help="fastchess's path")
    p.add_argument("--openings", default=OPENINGS,
                   help="EPD openings, played in colour-swapped pairs "
                        "(default data/8moves_v3-4000.epd)")
    p.add_argument("--out", help="folder for the results (resumable)")
    p.add_argument("--table", metavar="DIR", help="print the table of a run and exit")
    p.add_argument("--markdown", action="store_true", help="the table in Markdown")
    p.add_argument("--self-test", action="store_true", help="check the script and exit")
    args = p.parse_args()
    if args.self_test:
        return self_test()
    if args.table:
        return show(args)
    if not args.out:
        p.error("--out is needed to play (or --table DIR, --self-test)")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
