#!/usr/bin/env python3
"""Non-test code lines of Rust files: what the front ends' line budgets count.

Usage: python3 tools/code_lines.py PATH [PATH ...]

Each PATH is a `.rs` file or a folder (searched for `.rs` files). A line
counts unless it is blank, a comment (`//`, `///`, `//!`), or inside an
item marked `#[cfg(test)]` (the item is skipped from the attribute to its
closing brace). Prints one total per PATH.
"""
import os
import sys


def count(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    n = 0
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("#[cfg(test)]"):
            # Skip the item that follows, to its closing brace.
            j = i + 1
            depth = 0
            started = False
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                if "{" in lines[j]:
                    started = True
                if started and depth <= 0:
                    break
                j += 1
            i = j + 1
            continue
        if line and not line.startswith("//"):
            n += 1
        i += 1
    return n


def rust_files(target):
    if os.path.isfile(target):
        return [target]
    return [
        os.path.join(folder, name)
        for folder, _, names in os.walk(target)
        for name in names
        if name.endswith(".rs")
    ]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for target in sys.argv[1:]:
        print(target, sum(count(f) for f in rust_files(target)))


if __name__ == "__main__":
    main()
