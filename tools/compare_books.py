#!/usr/bin/env python3
"""Compares two Polyglot books entry by entry (e.g. Outpost's and polyglot's).

    python3 tools/compare_books.py ours.bin theirs.bin

Reports entries found in one book only, entries whose weight or learn field
differ, and positions whose entries are in a different order (separating
order changes among equal weights, which the format leaves open, from real
ones). Exit status 0 when the books hold the same entries.
"""

import struct
import sys
from collections import defaultdict


def read(path):
    data = open(path, "rb").read()
    if len(data) % 16:
        sys.exit(f"{path}: {len(data)} bytes, not a multiple of 16")
    return [struct.unpack(">QHHI", data[i:i + 16]) for i in range(0, len(data), 16)]


def by_position(entries):
    positions = defaultdict(list)
    for key, move, weight, learn in entries:
        positions[key].append((move, weight, learn))
    return positions


def main():
    ours_path, theirs_path = sys.argv[1], sys.argv[2]
    ours, theirs = read(ours_path), read(theirs_path)
    print(f"{ours_path}: {len(ours)} entries; {theirs_path}: {len(theirs)} entries")
    for name, entries in ((ours_path, ours), (theirs_path, theirs)):
        keys = [e[0] for e in entries]
        if keys != sorted(keys):
            print(f"{name}: keys not sorted")
    a, b = by_position(ours), by_position(theirs)
    only_a = only_b = weight_diff = tie_order = real_order = 0
    examples = []
    for key in sorted(set(a) | set(b)):
        ea = {m: (w, l) for m, w, l in a.get(key, [])}
        eb = {m: (w, l) for m, w, l in b.get(key, [])}
        for m in ea.keys() - eb.keys():
            only_a += 1
            examples.append(f"only in {ours_path}: key {key:016x} move {m:#06x} weight {ea[m][0]}")
        for m in eb.keys() - ea.keys():
            only_b += 1
            examples.append(f"only in {theirs_path}: key {key:016x} move {m:#06x} weight {eb[m][0]}")
        for m in ea.keys() & eb.keys():
            if ea[m] != eb[m]:
                weight_diff += 1
                examples.append(f"key {key:016x} move {m:#06x}: {ea[m]} vs {eb[m]}")
        order_a = [m for m, _, _ in a.get(key, []) if m in eb]
        order_b = [m for m, _, _ in b.get(key, []) if m in ea]
        if order_a != order_b:
            weights_a = [ea[m][0] for m in order_a]
            weights_b = [eb[m][0] for m in order_b]
            if weights_a == weights_b:
                tie_order += 1
            else:
                real_order += 1
                examples.append(f"key {key:016x}: order {order_a} vs {order_b}")
    print(f"entries only in {ours_path}: {only_a}")
    print(f"entries only in {theirs_path}: {only_b}")
    print(f"entries with different weight/learn: {weight_diff}")
    print(f"positions ordered differently among equal weights: {tie_order}")
    print(f"positions ordered differently otherwise: {real_order}")
    for line in examples[:20]:
        print("  " + line)
    sys.exit(1 if only_a or only_b or weight_diff or real_order else 0)


if __name__ == "__main__":
    main()
