#!/usr/bin/env python3
"""Counts what `outpost datagen from-pgn` should keep and skip in PGN files,
with python-chess as an independent reader, to check the Rust importer.

    python3 tools/pgn_import_counts.py data/pgn-import/*.pgn

Prints, per file and in total: games read whole, games without a result,
records kept, and moves skipped as book, without a score, mate score, in
check, capture or promotion (the filters of docs/scaling.md). Games that
python-chess reads with errors count as unreadable; a game whose movetext
does not end in a result token (`*`, or cut off) counts as unfinished.
"""

import io
import re
import sys

import chess
import chess.pgn

SLASHED = re.compile(r"^([+-]?)(M?)(\d+(?:\.\d+)?)/(\d+)$")
BARE = re.compile(r"^([+-]?)(M?)(\d+(?:\.\d+)?)$")


def comment_score(text):
    text = text.strip()
    if text.lower() == "book":
        return ("book", None)
    first = re.split(r"[, \n\t]", text)[0] if text else ""
    m = SLASHED.match(first) or BARE.match(first)
    # A score has a sign, a decimal point or a mate: a plain number is not one.
    if not m or not (m.group(1) or m.group(2) or "." in m.group(3)):
        return None
    sign, mate, number = m.group(1), m.group(2), m.group(3)
    if mate:
        if "." in number:
            return None
        return ("mate", None)
    cp = round(float(number) * 100)
    return ("cp", -cp if sign == "-" else cp)


def games_of(text):
    """The games of a PGN text, each with the result token that ends its
    movetext (None when it has none: a game cut off)."""
    chunks = re.split(r"\n(?=\[Event )", text)
    for chunk in chunks:
        if not chunk.strip():
            continue
        token = re.search(r"(1-0|0-1|1/2-1/2|\*)\s*$", chunk)
        yield chunk, token.group(1) if token else None


def count(path):
    totals = dict(games=0, unfinished=0, unreadable=0, kept=0, book=0, no_score=0, mate=0, in_check=0, noisy=0)
    with open(path) as f:
        text = f.read()
    for chunk, token in games_of(text):
            game = chess.pgn.read_game(io.StringIO(chunk))
            if game is None:
                continue
            if game.errors:
                totals["unreadable"] += 1
                continue
            if token not in ("1-0", "0-1", "1/2-1/2"):
                totals["unfinished"] += 1
                continue
            totals["games"] += 1
            board = game.board()
            for node in game.mainline():
                move = node.move
                score = comment_score(node.comment)
                if score is None:
                    totals["no_score"] += 1
                elif score[0] == "book":
                    totals["book"] += 1
                elif score[0] == "mate":
                    totals["mate"] += 1
                elif board.is_check():
                    totals["in_check"] += 1
                elif board.is_capture(move) or move.promotion:
                    totals["noisy"] += 1
                else:
                    totals["kept"] += 1
                board.push(move)
    return totals


def main():
    grand = None
    for path in sys.argv[1:]:
        totals = count(path)
        print(path, totals)
        grand = totals if grand is None else {k: grand[k] + v for k, v in totals.items()}
    print("total", grand)


if __name__ == "__main__":
    main()
