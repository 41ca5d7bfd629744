#!/usr/bin/env python3
"""Outpost's engine-vs-engine match runner and referee (UCI and XBoard/CECP).

Both engines are driven through python-chess's engine client
(chess.engine.SimpleEngine with its UciProtocol / XBoardProtocol), so a match
is also an interoperability test. The referee keeps its own board and clocks:
it checks every move, ends games by the rules and turns misbehaviour into
forfeits. --self-test checks the statistics. Needs python-chess (pip install
chess). See tools/README.md for examples.
"""

import argparse
import asyncio
import collections
import concurrent.futures
import dataclasses
import datetime
import json
import logging
import math
import os
import random
import shlex
import sys
import time

import chess
import chess.engine
import chess.pgn

ALLOWANCE = 0.05  # seconds a move may exceed the clock, for process scheduling
FORFEITS = ("illegal_move", "unparsable_move", "no_move", "time", "crash",
            "protocol_error", "start_failure")
LOG = logging.getLogger("match")
LOG.addHandler(logging.NullHandler())

# ----------------------------------------------------------------- statistics


def elo_from_score(score):
    """Logistic Elo difference for an expected score in [0, 1] (±inf at the ends)."""
    if not 0.0 < score < 1.0:
        return math.copysign(math.inf, score - 0.5)
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no -0.0


def score_from_elo(elo):
    """Expected score for a logistic Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def sample_stats(counts, values):
    """(mean, per-sample variance, samples) when counts[i] samples took values[i].

    Trinomial: values (0, .5, 1) per game. Pentanomial: (0, .25, .5, .75, 1),
    the mean score of a colour-swapped game pair.
    """
    n = sum(counts)
    if n == 0:
        return 0.5, 0.0, 0
    mean = sum(c * v for c, v in zip(counts, values)) / n
    return mean, sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / n, n


def elo_error(mean, var, n, z=1.959964):
    """Half width of the 95 % Elo interval: mean ± z standard errors, mapped to Elo.

    Infinite (undefined) without variance or when the interval leaves (0, 1).
    """
    se = math.sqrt(var / n) if n else math.inf
    lo, hi = mean - z * se, mean + z * se
    if var == 0.0 or lo <= 0.0 or hi >= 1.0:
        return math.inf
    return (elo_from_score(hi) - elo_from_score(lo)) / 2.0


def los(mean, var, n):
    """Likelihood of superiority, Phi((score - 0.5) / standard error)."""
    se = math.sqrt(var / n) if n else 0.0
    if se == 0.0:
        return 0.5 if mean == 0.5 else float(mean > 0.5)
    return 0.5 * (1.0 + math.erf((mean - 0.5) / se / math.sqrt(2.0)))


def sprt_llr(mean, var, n, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0), logistic Elo.

    The normal approximation of the generalized SPRT (GSPRT): each sample (a
    game, or a pair's mean score) is normal with the observed variance, so
    LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 var).
    """
    if n == 0 or var == 0.0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)


def sprt_bounds(alpha, beta):
    """Lower and upper LLR bounds (accept H0 below, H1 above)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def self_test():
    """Check the statistics against values computed independently (bc -l); 0 or 1."""
    m, v, n = sample_stats((20, 40, 40), (0.0, 0.5, 1.0))  # W 40, D 40, L 20
    mp, vp, np_ = sample_stats((5, 10, 40, 30, 15), (0.0, 0.25, 0.5, 0.75, 1.0))
    checks = [
        ("elo(0.75) = 400 log10 3", elo_from_score(0.75), 190.848502),
        ("elo(0.25)", elo_from_score(0.25), -190.848502),
        ("elo(0.5)", elo_from_score(0.5), 0.0),
        ("score(100 Elo)", score_from_elo(100.0), 0.640065),
        ("trinomial mean, W/D/L 40/40/20", m, 0.6),
        ("trinomial variance", v, 0.14),
        ("trinomial 95 % error", elo_error(m, v, n), 53.552652),
        ("trinomial LOS", los(m, v, n), 0.996237),
        ("pentanomial mean, 5/10/40/30/15", mp, 0.6),
        ("pentanomial variance", vp, 0.065),
        ("pentanomial 95 % error", elo_error(mp, vp, np_), 36.316659),
        ("trinomial LLR [0, 10]", sprt_llr(m, v, n, 0.0, 10.0), 0.953731),
        ("pentanomial LLR [0, 10]", sprt_llr(mp, vp, np_, 0.0, 10.0), 2.054189),
        ("LLR halfway between s0 and s1", sprt_llr((0.5 + score_from_elo(10)) / 2, 0.1, 50, 0,
                                                   10), 0.0),
        ("lower bound, alpha = beta = 0.05", sprt_bounds(0.05, 0.05)[0], -2.944439),
        ("upper bound, alpha = beta = 0.05", sprt_bounds(0.05, 0.05)[1], 2.944439),
    ]
    failed = 0
    for name, got, want in checks:
        ok = abs(got - want) <= 2e-6 * max(1.0, abs(want))
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {got:.6f} (expected {want})")
    castled = chess.Board("r1bqkb1r/pppp1ppp/2nn4/1B2p3/3P4/5N2/PPP2PPP/RNBQ1RK1 w kq - 0 1")
    odds_checks = [
        ("knight odds for Black", give_odds(chess.Board(), chess.BLACK, "n").fen(),
         "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("queen and rook odds for White", give_odds(chess.Board(), chess.WHITE, "qr").fen(),
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NB1KBNR w Kkq - 0 1"),
        ("the knight nearest the queen's side", give_odds(castled, chess.BLACK, "n").fen(),
         "r1bqkb1r/pppp1ppp/3n4/1B2p3/3P4/5N2/PPP2PPP/RNBQ1RK1 w kq - 0 1"),
        ("a rook's castling right goes with it", give_odds(castled, chess.BLACK, "r").fen(),
         "2bqkb1r/pppp1ppp/2nn4/1B2p3/3P4/5N2/PPP2PPP/RNBQ1RK1 w k - 0 1"),
    ]
    pinned = chess.Board("r1bqkb1r/1pp2ppp/p1np1n2/4p3/B3P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1")
    kept = odds_openings([("plain", chess.Board()), ("pinned", pinned)], "n")
    odds_checks.append(("an opening whose knight blocks a check is dropped",
                        [(name, number) for name, _, number in kept], [("plain", 1)]))
    for name, got, want in odds_checks:
        failed += got != want
        print(f"{'ok  ' if got == want else 'FAIL'} {name}: {got} (expected {want})")
    print(f"self-test: {len(checks) + len(odds_checks) - failed}/"
          f"{len(checks) + len(odds_checks)} passed")
    return 1 if failed else 0

# ------------------------------------------------------------ time, openings


TimeControl = collections.namedtuple("TimeControl", "base inc moves")  # seconds, seconds, 0 = all


def parse_tc(text):
    """Parse BASE+INC, MOVES/BASE or MOVES/BASE+INC (seconds; BASE may be m:ss)."""
    moves, _, rest = text.rpartition("/")
    base, _, inc = rest.partition("+")
    minutes, _, seconds = base.rpartition(":")
    try:
        tc = TimeControl(float(minutes or 0) * 60 + float(seconds), float(inc or 0), int(moves or 0))
    except ValueError:
        tc = None
    if tc is None or tc.base <= 0 or tc.inc < 0 or tc.moves < 0:
        raise argparse.ArgumentTypeError(f"bad time control {text!r}")
    return tc


def load_openings(path):
    """(name, board) pairs from EPD/FEN lines or a PGN file.

    A PGN opening keeps its moves on the board's move stack from the game's
    start, so engines are sent the moves, not a FEN.
    """
    openings = []
    with open(path, encoding="utf-8") as f:
        if path.lower().endswith(".pgn"):
            while (game := chess.pgn.read_game(f)) is not None:
                if game.errors:
                    raise ValueError(f"{path}: game {len(openings) + 1}: {game.errors[0]}")
                openings.append((game.headers.get("Opening", f"#{len(openings) + 1}"),
                                 game.end().board()))
            return openings
        for number, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            try:
                fields = line.split(";")[0].split()
                if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
                    board, name = chess.Board(" ".join(fields[:6])), f"line {number}"
                else:
                    board = chess.Board()
                    name = str(board.set_epd(line.strip()).get("id", f"line {number}"))
            except ValueError as err:
                raise ValueError(f"{path}:{number}: {err}") from None
            openings.append((name, board))
    return openings

# ------------------------------------------------------------------- engines


class _Stamps:
    """Mixin for python-chess's protocols: time stamps of "go" and of the move line.

    It only observes the traffic, so a move's time leaves out the new-game
    handshake and the runner's thread hand-offs. `tag` is (game, engine index).
    """
    tag = (None, None)
    go_at = move_at = None

    def send_line(self, line):
        if line == "go" or line.startswith("go "):
            self.go_at, self.move_at = time.monotonic(), None
        super().send_line(line)

    def _line_received(self, line):
        if self.go_at and self.move_at is None and line.split()[:1] in (["bestmove"], ["move"]):
            self.move_at = time.monotonic()
        super()._line_received(line)


class _NoSetboard:
    """Mixin for the XBoard client accepting `feature setboard=0` (e.g. Fairy-Max).

    The client requires setboard, but such an engine can play games from the
    start position sent as moves (PGN openings); FEN openings are refused.
    Not used with --strict.
    """
    no_setboard = False

    def _line_received(self, line):
        if not self.initialized and line.startswith("feature") and "setboard=0" in line.split():
            self.no_setboard = True
            line = line.replace("setboard=0", "setboard=1")
        super()._line_received(line)


@dataclasses.dataclass
class EngineSpec:
    """How to start one engine: command, protocol, name, options, working directory."""
    cmd: list
    proto: str
    name: str
    options: dict
    cwd: str = None


def parse_option(text):
    """NAME=VALUE to (name, value); true/false become booleans, integers ints."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    if value.lower() in ("true", "false"):
        return name, value.lower() == "true"
    return name, int(value) if value.lstrip("-").isdigit() else value


def start_engine(spec, args, tag):
    """Start and configure an engine; raises on failure (an unknown option included)."""
    if spec.proto == "uci":
        bases = (_Stamps, chess.engine.UciProtocol)
    else:
        bases = (_Stamps, chess.engine.XBoardProtocol) if args.strict else \
            (_NoSetboard, _Stamps, chess.engine.XBoardProtocol)
    cls = type(bases[-1].__name__, bases, {"tag": tag})
    engine = chess.engine.SimpleEngine.popen(cls, spec.cmd, timeout=args.start_timeout,
                                             cwd=spec.cwd)
    try:
        engine.configure(spec.options)
    except Exception:
        engine.close()
        raise
    return engine


def stop_engine(engine, quit_first=True):
    """Ask an engine to quit, then close its transport (which kills it if still running)."""
    if engine is not None:
        try:
            if quit_first:
                engine.quit()
        except Exception:
            pass
        engine.close()


def record_tag(record):
    """(game, engine index) of a python-chess log record, from its protocol object."""
    proto = record.args[0] if isinstance(record.args, tuple) and record.args else None
    return getattr(proto, "tag", (None, None))


def record_game(record):
    """The game a log record belongs to: a referee note's, or its engine's."""
    return getattr(record, "game", record_tag(record)[0])


class WarningTally(logging.Handler):
    """Counts python-chess's warnings (unexpected output, stderr lines...) per engine."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.counts, self.examples = [0, 0], [[], []]

    def emit(self, record):
        idx = record_tag(record)[1]
        if idx in (0, 1):
            self.counts[idx] += 1
            if len(self.examples[idx]) < 3:
                self.examples[idx].append(record.getMessage()[:200])

# ---------------------------------------------------------------------- games


@dataclasses.dataclass
class Game:
    """One game: what to play and, once played, what happened."""
    number: int
    opening: int
    opening_name: str
    start: chess.Board
    white: int  # 0: engine 1 plays White
    result: str = "*"
    reason: str = ""
    forfeit: tuple = None  # (engine index, kind, detail)
    board: chess.Board = None
    notes: list = dataclasses.field(default_factory=list)
    plies: list = dataclasses.field(default_factory=list)  # (seconds, clock, score, depth)

    def points1(self):
        """Engine 1's points, None while unfinished."""
        if self.result in ("1-0", "0-1"):
            return float((self.result == "1-0") == (self.white == 0))
        return 0.5 if self.result == "1/2-1/2" else None


class Forfeit(Exception):
    """Forfeit(engine index, kind in FORFEITS, detail): that engine loses the game."""


def rules_outcome(board):
    """(result, reason) when the rules end the game (draws claimed at once), else None."""
    if board.is_checkmate():
        return ("0-1" if board.turn else "1-0"), "checkmate"
    for test, reason in ((board.is_stalemate, "stalemate"),
                         (board.is_insufficient_material, "insufficient material"),
                         (lambda: board.halfmove_clock >= 100, "fifty-move rule"),
                         (lambda: board.is_repetition(3), "threefold repetition")):
        if test():
            return "1/2-1/2", reason
    return None


def classify(err):
    """The forfeit kind for an exception the client raised during a move."""
    if isinstance(err, chess.engine.EngineTerminatedError):
        return "crash"
    if isinstance(err.__context__, chess.IllegalMoveError) or str(err).startswith("illegal"):
        return "illegal_move"
    if isinstance(err.__context__, (chess.InvalidMoveError, chess.AmbiguousMoveError)):
        return "unparsable_move"
    return "protocol_error"


def move_limit(args, clock, made, turn):
    """The chess.engine.Limit for the side to move, and its time budget (or None)."""
    if args.tc:
        tc = args.tc
        togo = {"remaining_moves": tc.moves - made[turn] % tc.moves} if tc.moves else {}
        return chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                  white_inc=tc.inc, black_inc=tc.inc, depth=args.depth,
                                  nodes=args.nodes, clock_id="match", **togo), clock[turn]
    if args.movetime:
        return (chess.engine.Limit(time=args.movetime / 1000, depth=args.depth, nodes=args.nodes),
                args.movetime / 1000)
    return chess.engine.Limit(depth=args.depth, nodes=args.nodes), None


def ask_move(engines, idx, board, limit, budget, game, args):
    """Ask engine `idx` for a move: (PlayResult, seconds), or raise Forfeit.

    The time runs from "go" to the move line; without both stamps (e.g. a
    resignation) or after a retry, the wall time of the whole request counts.
    An engine with no answer a second past its budget is hung and killed.
    Without --strict a protocol error (not a bad move or a crash) is retried once.
    """
    proto, retries, started = engines[idx].protocol, 0 if args.strict else 1, time.monotonic()
    allowed = None if budget is None else budget + ALLOWANCE + args.time_margin / 1000
    guard = args.move_timeout if allowed is None else allowed + 1.0
    while True:
        proto.go_at = proto.move_at = None
        coro = asyncio.wait_for(proto.play(board.copy(), limit, game=game.number,
                                           info=chess.engine.INFO_SCORE), guard)
        try:
            result = asyncio.run_coroutine_threadsafe(coro, proto.loop).result()
            break
        except (asyncio.TimeoutError, concurrent.futures.TimeoutError):
            stop_engine(engines[idx], quit_first=False)
            engines[idx] = None
            raise Forfeit(idx, "time", f"no move within {guard:.2f} s") from None
        except chess.engine.EngineError as err:
            kind = classify(err)
            if kind != "protocol_error" or retries == 0:
                raise Forfeit(idx, kind, f"{type(err).__name__}: {err}") from err
            retries -= 1
            game.notes.append(f"engine {idx + 1}: move retried after: {err}")
            LOG.warning("retrying the move after: %s", err, extra={"game": game.number})
    retried = retries == 0 and not args.strict
    if proto.go_at and proto.move_at and not retried:
        seconds = proto.move_at - proto.go_at
    else:
        seconds = time.monotonic() - started
    if allowed is not None and seconds > allowed:
        raise Forfeit(idx, "time", f"{seconds:.3f} s with {budget:.3f} s left")
    return result, seconds


def resign_adjudication(scores, args):
    """"1-0"/"0-1" when both engines' last --resign-moves scores agree on a winner."""
    last = [s[-args.resign_moves:] for s in scores]
    if all(len(s) == args.resign_moves for s in last):
        if all(v >= args.resign_score for s in last for v in s):
            return "1-0"
        if all(v <= -args.resign_score for s in last for v in s):
            return "0-1"
    return None


def referee(game, board, engines, args):
    """Play moves until the game ends: returns (result, reason) or raises Forfeit."""
    tc = args.tc
    clock = {colour: tc.base if tc else 0.0 for colour in chess.COLORS}
    made = {colour: 0 for colour in chess.COLORS}
    scores = ([], [])  # White-view centipawns by engine
    while True:
        if outcome := rules_outcome(board):
            return outcome
        if args.draw_after and len(game.plies) >= 2 * args.draw_after:
            return "1/2-1/2", "adjudication: draw"
        if args.resign_score and (winner := resign_adjudication(scores, args)):
            return winner, "adjudication: score"
        turn = board.turn
        idx = game.white if turn == chess.WHITE else 1 - game.white
        limit, budget = move_limit(args, clock, made, turn)
        result, seconds = ask_move(engines, idx, board, limit, budget, game, args)
        if result.resigned:
            return ("0-1" if turn == chess.WHITE else "1-0"), "resignation"
        if not result.move:
            raise Forfeit(idx, "no_move", "returned no move")
        if result.move not in board.legal_moves:
            raise Forfeit(idx, "illegal_move", f"{result.move.uci()} in {board.fen()}")
        if tc:
            clock[turn] = max(clock[turn] - seconds, 0.0) + tc.inc
            made[turn] += 1
            if tc.moves and made[turn] % tc.moves == 0:
                clock[turn] += tc.base
        score = result.info.get("score")
        if score is not None:
            scores[idx].append(score.white().score(mate_score=100000))
        game.plies.append((seconds, clock[turn] if tc else None, score, result.info.get("depth"),
                           result.info.get("time")))
        board.push(result.move)


def play_game(game, specs, args):
    """Play one game with fresh engine processes; fills in and returns `game`."""
    loggers, handler = (logging.getLogger("chess.engine"), LOG), None
    if args.log:
        handler = logging.FileHandler(os.path.join(args.log, f"game-{game.number:05d}.log"), "w")
        handler.setFormatter(logging.Formatter("%(relativeCreated)10.0f %(message)s"))
        handler.addFilter(lambda record: record_game(record) == game.number)
        for logger in loggers:
            logger.addHandler(handler)
    board, engines, note = game.start.copy(), [None, None], {"game": game.number}
    try:
        for idx in (0, 1):
            try:
                engines[idx] = start_engine(specs[idx], args, (game.number, idx))
            except Exception as err:
                raise Forfeit(idx, "start_failure", f"{type(err).__name__}: {err}") from err
        LOG.info("game %d: %s (White) - %s (Black), opening %r", game.number,
                 specs[game.white].name, specs[1 - game.white].name, game.opening_name, extra=note)
        game.result, game.reason = referee(game, board, engines, args)
    except Forfeit as f:
        game.forfeit = f.args
        idx, kind = f.args[:2]
        colour = chess.WHITE if idx == game.white else chess.BLACK
        if kind == "time" and board.has_insufficient_material(not colour):
            game.result = "1/2-1/2"  # FIDE 6.9: the opponent cannot mate
        else:
            game.result = "0-1" if colour == chess.WHITE else "1-0"
        game.reason = f"forfeit: {kind}"
    finally:
        game.board = board
        for engine in engines:
            stop_engine(engine)
        LOG.info("result %s (%s)", game.result, game.reason, extra=note)
        if handler:
            for logger in loggers:
                logger.removeHandler(handler)
            handler.close()
    return game

# ------------------------------------------------------------------- results


def summary(games, args, names):
    """The match statistics, from engine 1's view, as a JSON-ready dict."""
    points = [g.points1() for g in games]
    w, d, l_ = points.count(1.0), points.count(0.5), points.count(0.0)
    pairs, penta = collections.defaultdict(list), [0] * 5
    for g in games:
        pairs[(g.number - 1) // 2].append(g.points1())
    for pts in pairs.values():
        if len(pts) == 2:
            penta[round(2 * sum(pts))] += 1
    if not args.no_pairs and sum(penta):
        model, stats = "pentanomial", sample_stats(penta, (0.0, 0.25, 0.5, 0.75, 1.0))
    else:
        model, stats = "trinomial", sample_stats((l_, d, w), (0.0, 0.5, 1.0))
    score = (w + d / 2) / len(games) if games else 0.5
    forfeits = [{"game": g.number, "engine": f"engine{g.forfeit[0] + 1}", "reason": g.forfeit[1],
                 "detail": g.forfeit[2]} for g in games if g.forfeit]
    out = {"engine1": names[0], "engine2": names[1], "games": len(games), "wins": w, "draws": d,
           "losses": l_, "points": w + d / 2, "score": score, "elo": elo_from_score(score),
           "elo_error95": elo_error(*stats), "los": los(*stats), "model": model,
           "pentanomial": penta, "forfeits": forfeits,
           "forfeits_by_engine": {e: dict(collections.Counter(
               f["reason"] for f in forfeits if f["engine"] == e)) for e in ("engine1", "engine2")},
           "terminations": dict(collections.Counter(g.reason for g in games))}
    if args.sprt:
        lo, hi = sprt_bounds(args.alpha, args.beta)
        llr = sprt_llr(*stats, *args.sprt)
        out["sprt"] = {"elo0": args.sprt[0], "elo1": args.sprt[1], "alpha": args.alpha,
                       "beta": args.beta, "llr": llr, "lower": lo, "upper": hi, "model": model,
                       "state": "H1 accepted" if llr >= hi else "H0 accepted" if llr <= lo
                       else "running"}
    return out


def print_summary(s):
    """Print the final report."""
    def elo(x):
        return f"{x:+.1f}" if math.isfinite(x) else f"{'+' if x > 0 else '-'}inf"
    print(f"\n{s['engine1']} vs {s['engine2']}: {s['games']} games, W/D/L {s['wins']}/"
          f"{s['draws']}/{s['losses']}, score {s['points']:g}/{s['games']} = "
          f"{100 * s['score']:.1f} %")
    err = (f"+/- {s['elo_error95']:.1f} (95 %, {s['model']})" if math.isfinite(s["elo_error95"])
           else "(error bars undefined)")
    print(f"Elo {elo(s['elo'])} {err}, LOS {100 * s['los']:.1f} %")
    if "sprt" in s:
        p = s["sprt"]
        print(f"SPRT [{p['elo0']:g}, {p['elo1']:g}], alpha {p['alpha']:g}, beta {p['beta']:g} "
              f"({p['model']} GSPRT): LLR {p['llr']:.2f} in ({p['lower']:.2f}, {p['upper']:.2f}),"
              f" {p['state']}")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(s["terminations"].items())))
    for i, (key, kinds) in enumerate(s["forfeits_by_engine"].items()):
        text = ", ".join(f"{k} {v}" for k, v in kinds.items()) or "none"
        print(f"forfeits by {s['engine' + str(i + 1)]}: {text}")
    for f in s["forfeits"]:
        print(f"  game {f['game']}: {s[f['engine']]}: {f['reason']}: {f['detail']}")


def pgn_text(game, specs, args):
    """The game as PGN; each engine move is commented {score/depth seconds [%clk] [%eng]}.

    `%eng` is the time the engine itself reported in its last `info` line,
    when it did: the referee's `seconds` minus it is the latency the engine's
    clock was charged for (tools/latency.py sums it).
    """
    pgn = chess.pgn.Game.from_board(game.board)
    pgn.headers.update({
        "Event": args.event, "Site": args.site, "Date": datetime.date.today().strftime("%Y.%m.%d"),
        "Round": str(game.number), "White": specs[game.white].name,
        "Black": specs[1 - game.white].name, "Result": game.result, "Opening": game.opening_name,
        "Termination": game.reason, "PlyCount": str(len(game.board.move_stack))})
    if args.tc:
        pgn.headers["TimeControl"] = (f"{args.tc.moves}/" if args.tc.moves else "") + \
            f"{args.tc.base:g}" + (f"+{args.tc.inc:g}" if args.tc.inc else "")
    nodes = list(pgn.mainline())[len(game.start.move_stack):]
    for node, (seconds, clock, score, depth, reported) in zip(nodes, game.plies):
        text = ""
        if score is not None:
            pov = score.white()
            text = f"{pov.score() / 100:+.2f}" if pov.score() is not None else f"#{pov.mate()}"
            text += f"/{depth or 0} "
        node.comment = f"{text}{seconds:.3f}s"
        if clock is not None:
            node.set_clock(clock)
        if reported is not None:
            node.comment += f" [%eng {reported:.3f}]"
    return str(pgn) + "\n\n"

# ---------------------------------------------------------------------- match


def give_odds(board, colour, pieces):
    """`board` without `colour`'s `pieces` (letters such as "n" or "rq"), as a FEN position.

    Each letter takes away one piece of that kind: the one nearest the
    queen's side, then nearest its own back rank (a knight on b1 before one
    on g1 or c3). Castling rights that lose their rook go with it.
    """
    board = chess.Board(board.fen())
    for letter in pieces.lower():
        kind = chess.PIECE_SYMBOLS.index(letter) if letter in "pnbrq" else None
        if not kind:
            raise ValueError(f"odds: {letter!r} is not one of p, n, b, r, q")
        squares = sorted(board.pieces(kind, colour), key=lambda sq: (
            chess.square_file(sq), chess.square_rank(sq) if colour else -chess.square_rank(sq)))
        if not squares:
            raise ValueError(f"odds: no {chess.piece_name(kind)} left to take away in {board.fen()}")
        board.remove_piece_at(squares[0])
    board.castling_rights = board.clean_castling_rights()
    if not board.is_valid():
        raise ValueError(f"odds: {board.fen()} is not a legal position")
    return board


def schedule(args, openings):
    """The games in order: each opening twice with colours swapped (once with --no-pairs).

    With --odds2, engine 2's side of each start lacks the pieces named.
    """
    if args.odds2:
        openings = odds_openings(openings, args.odds2)
    else:
        openings = [(name, board, number) for number, (name, board) in enumerate(openings, 1)]
    games = []
    for i in range(args.games):
        k = (i if args.no_pairs else i // 2) % len(openings)
        name, start, number = openings[k]
        if args.odds2:
            engine2_colour = chess.WHITE if i % 2 else chess.BLACK
            start = give_odds(start, engine2_colour, args.odds2)
        games.append(Game(i + 1, number, name, start, i % 2))
    return games


def odds_openings(openings, pieces):
    """The openings (name, board) that still give a legal position when either side lacks
    `pieces`, as (name, board, number), numbered by their place in `openings`.

    Taking a piece away can leave the other side's king in check with the
    odds-giver to move (a bishop's check the knight blocked), an illegal
    start; such an opening is dropped for both colours, so that the pairs
    stay whole.
    """
    kept = []
    for number, (name, board) in enumerate(openings, 1):
        try:
            for colour in (chess.WHITE, chess.BLACK):
                give_odds(board, colour, pieces)
        except ValueError:
            continue
        kept.append((name, board, number))
    if not kept:
        raise ValueError(f"odds: no opening gives a legal start without {pieces!r}")
    if len(kept) < len(openings):
        print(f"odds: {len(openings) - len(kept)} of {len(openings)} openings dropped "
              f"(illegal without {pieces!r})", file=sys.stderr)
    return kept


def probe(spec, args, needs_setboard):
    """Start an engine once before the match to check options and features; its name."""
    engine = start_engine(spec, args, (0, None))
    try:
        if args.chess960 and spec.proto == "uci" and "UCI_Chess960" not in engine.options:
            raise ValueError("the engine has no UCI_Chess960 option")
        if args.chess960 and spec.proto == "xboard" and "fischerandom" not in str(
                engine.protocol.features.get("variants", "")).split(","):
            raise ValueError("the engine does not list variant fischerandom")
        if needs_setboard and getattr(engine.protocol, "no_setboard", False):
            raise ValueError("the engine cannot take a FEN (feature setboard=0): use .pgn openings")
        return engine.id.get("name", os.path.basename(spec.cmd[0]))
    finally:
        stop_engine(engine)


def run_match(args, specs, games):
    """Play the games, K at a time, with a line per game; returns (summary, games played)."""
    names, finished, stop = [s.name for s in specs], [], False
    pgn_file = open(args.pgn, "a", encoding="utf-8") if args.pgn else None
    pending, running = iter(games), set()
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        while True:
            while not stop and len(running) < args.concurrency:
                if (game := next(pending, None)) is None:
                    break
                running.add(pool.submit(play_game, game, specs, args))
            if not running:
                break
            done, running = concurrent.futures.wait(running, return_when="FIRST_COMPLETED")
            for game in (future.result() for future in done):
                finished.append(game)
                s = summary(finished, args, names)
                line = (f"[{len(finished)}/{len(games)}] game {game.number} (opening "
                        f"{game.opening}) {specs[game.white].name} - {specs[1 - game.white].name}"
                        f" {game.result} {game.reason}, {len(game.board.move_stack)} plies; "
                        f"{names[0]} {s['points']:g}/{s['games']} ({100 * s['score']:.1f} %)")
                if "sprt" in s:
                    line += f", LLR {s['sprt']['llr']:.2f}"
                    stop = stop or s["sprt"]["state"] != "running"
                print(line, flush=True)
                if game.forfeit:
                    print(f"    forfeit by {names[game.forfeit[0]]}: {game.forfeit[1]}: "
                          f"{game.forfeit[2]}", flush=True)
                if pgn_file:
                    pgn_file.write(pgn_text(game, specs, args))
                    pgn_file.flush()
    if pgn_file:
        pgn_file.close()
    return summary(finished, args, names), finished


RULES = """\
referee: a side loses by forfeit for an illegal or unparsable move, no move, a
crash, a protocol error (an exception from python-chess's client), failing to
start, or time: its wall time from "go" to the move line beyond its clock (or
movetime) + 50 ms + --time-margin; an engine still silent a second later is
killed. A time loss is a draw when the opponent cannot mate. Without --strict a
protocol error is retried once and XBoard engines may declare setboard=0 (then
only .pgn openings). Draws by the fifty-move rule and threefold repetition are
claimed at once. Statistics (pentanomial on complete colour-swapped pairs,
trinomial with --no-pairs): logistic Elo, 95 % error = score +/- 1.96 standard
errors through the logistic curve, LOS = Phi((score - 0.5) / se), SPRT = the
normal-approximation GSPRT. Exit codes: 0 done; 1 forfeits by the engines of
--fail-on-forfeit (or a failed self-test); 2 bad usage or the match could not
start; 130 interrupted. Examples: tools/README.md.
"""

def build_parser():
    """The command line; option names follow the team's habits."""
    p = argparse.ArgumentParser(description=__doc__, epilog=RULES,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    for i in (1, 2):
        g = p.add_argument_group(f"engine {i}")
        g.add_argument(f"--engine{i}", metavar="CMD", help="command line, split like a shell")
        g.add_argument(f"--proto{i}", choices=("uci", "xboard"), default="uci")
        g.add_argument(f"--name{i}", help="display name (default: the engine's own)")
        g.add_argument(f"--opt{i}", metavar="NAME=VALUE", type=parse_option, action="append",
                       default=[], help="engine option, repeatable; unknown names stop the match")
        g.add_argument(f"--dir{i}", metavar="DIR", help="the engine's working directory")
    g = p.add_argument_group("limits")
    g.add_argument("--tc", type=parse_tc, help="BASE+INC, MOVES/BASE or MOVES/BASE+INC, seconds")
    g.add_argument("--movetime", type=int, metavar="MS", help="fixed time per move")
    g.add_argument("--depth", type=int, metavar="N")
    g.add_argument("--nodes", type=int, metavar="N")
    g.add_argument("--time-margin", type=int, default=0, metavar="MS",
                   help="tolerance on top of the fixed 50 ms (default 0)")
    g.add_argument("--move-timeout", type=float, default=60.0, metavar="S",
                   help="hang guard with only --depth/--nodes (default 60)")
    g.add_argument("--start-timeout", type=float, default=20.0, metavar="S")
    g = p.add_argument_group("games")
    g.add_argument("--games", type=int, default=10)
    g.add_argument("--openings", metavar="FILE", help=".epd/.fen lines or .pgn")
    g.add_argument("--seed", type=int, help="shuffle the openings (and pick Chess960 positions)")
    g.add_argument("--no-pairs", action="store_true", help="each opening once, not as a pair")
    g.add_argument("--concurrency", type=int, default=1, metavar="K")
    g.add_argument("--chess960", action="store_true", help="random Chess960 start positions")
    g.add_argument("--odds2", metavar="PIECES",
                   help="material odds: engine 2 starts every game without these pieces "
                        "(letters p n b r q, e.g. n for a knight, r for a rook)")
    g = p.add_argument_group("adjudication (off by default)")
    g.add_argument("--draw-after", type=int, metavar="N", help="draw after N full moves")
    g.add_argument("--resign-score", type=int, metavar="CP",
                   help="a win when both engines' scores agree by CP ...")
    g.add_argument("--resign-moves", type=int, default=3, metavar="K", help="... for K moves")
    g = p.add_argument_group("statistics")
    g.add_argument("--sprt", metavar="ELO0,ELO1",
                   type=lambda t: tuple(float(x) for x in t.split(",", 1)))
    g.add_argument("--alpha", type=float, default=0.05)
    g.add_argument("--beta", type=float, default=0.05)
    g = p.add_argument_group("output")
    g.add_argument("--pgn", metavar="FILE", help="append every game as PGN")
    g.add_argument("--json", metavar="FILE", help="the summary and per-game results")
    g.add_argument("--log", metavar="DIR", help="per-game protocol logs DIR/game-NNNNN.log")
    g.add_argument("--event", default="Engine match")
    g.add_argument("--site", default="?")
    g.add_argument("--fail-on-forfeit", choices=("engine1", "both", "none"), default="engine1")
    p.add_argument("--strict", action="store_true",
                   help="stock clients, no retry: any misbehaviour is a forfeit")
    p.add_argument("--self-test", action="store_true", help="check the statistics and exit")
    return p


def make_openings(args):
    """The start positions: Chess960, from --openings (shuffled with --seed), or the start."""
    rng = random.Random(args.seed or 0)
    if args.chess960:
        numbers = [rng.randrange(960) for _ in range(args.games)]
        return [(f"Chess960 #{n}", chess.Board.from_chess960_pos(n)) for n in numbers]
    if not args.openings:
        return [("start position", chess.Board())]
    openings = load_openings(args.openings)
    if args.seed is not None:
        rng.shuffle(openings)
    if not openings:
        raise ValueError(f"{args.openings}: no openings")
    return openings


def main(argv=None):
    """Parse the command line, check both engines, play, report; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.engine1 or not args.engine2:
        parser.error("--engine1 and --engine2 are required")
    if not (args.tc or args.movetime or args.depth or args.nodes) or (args.tc and args.movetime):
        parser.error("give one of --tc and --movetime, or --depth/--nodes alone")
    if args.games < 1 or args.concurrency < 1:
        parser.error("--games and --concurrency must be at least 1")
    if args.sprt and not (len(args.sprt) == 2 and 0 < args.alpha < 1 and 0 < args.beta < 1):
        parser.error("--sprt takes ELO0,ELO1; --alpha and --beta lie in (0, 1)")
    if args.odds2 and args.chess960:
        parser.error("--odds2 takes standard openings, not --chess960")
    if args.nodes and (args.tc or args.movetime) and "xboard" in (args.proto1, args.proto2):
        parser.error("XBoard engines cannot combine --nodes with a clock")
    try:
        openings = make_openings(args)
    except (OSError, ValueError) as err:
        print(f"error: openings: {err}", file=sys.stderr)
        return 2
    engine_log, tally = logging.getLogger("chess.engine"), WarningTally()
    engine_log.addHandler(tally)
    engine_log.propagate = LOG.propagate = False
    if args.log:
        os.makedirs(args.log, exist_ok=True)
        engine_log.setLevel(logging.DEBUG)
        LOG.setLevel(logging.DEBUG)
    needs_setboard = not args.chess960 and (
        bool(args.odds2) or any(b.root() != chess.Board() for _, b in openings))
    specs = []
    for i in (1, 2):
        spec = EngineSpec(shlex.split(getattr(args, f"engine{i}")), getattr(args, f"proto{i}"),
                          getattr(args, f"name{i}"), dict(getattr(args, f"opt{i}")),
                          getattr(args, f"dir{i}"))
        try:
            spec.name = spec.name or probe(spec, args, needs_setboard)
        except Exception as err:
            print(f"error: engine {i} ({shlex.join(spec.cmd)}): {type(err).__name__}: {err}",
                  file=sys.stderr)
            return 2
        specs.append(spec)
    if specs[0].name == specs[1].name:
        specs[1].name += " #2"
    try:
        games = schedule(args, openings)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"{specs[0].name} vs {specs[1].name}: {len(games)} games, {len(openings)} openings, "
          f"concurrency {args.concurrency}", flush=True)
    started = time.monotonic()
    try:
        result, finished = run_match(args, specs, games)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        os._exit(130)  # engine threads may still hold the interpreter
    print_summary(result)
    for i in (0, 1):
        if tally.counts[i]:
            print(f"python-chess warnings about {specs[i].name}: {tally.counts[i]}, e.g. "
                  f"{tally.examples[i][0]}")
    print(f"time: {time.monotonic() - started:.0f} s")
    if args.json:
        result.update({k: (v if math.isfinite(v) else None) for k, v in result.items()
                       if k in ("elo", "elo_error95")})
        result["odds2"] = args.odds2
        result["client_warnings"] = {"engine1": tally.counts[0], "engine2": tally.counts[1]}
        result["game_list"] = [
            {"game": g.number, "opening": g.opening, "opening_name": g.opening_name,
             "white": specs[g.white].name, "black": specs[1 - g.white].name, "result": g.result,
             "reason": g.reason, "plies": len(g.board.move_stack), "notes": g.notes}
            for g in sorted(finished, key=lambda g: g.number)]
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
    blamed = {"engine1": (0,), "both": (0, 1), "none": ()}[args.fail_on_forfeit]
    return 1 if any(g.forfeit and g.forfeit[0] in blamed for g in finished) else 0


if __name__ == "__main__":
    sys.exit(main())
