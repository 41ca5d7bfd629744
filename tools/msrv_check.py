#!/usr/bin/env python3
"""The newest `rust-version` among a package's normal dependencies, against a floor.

    python3 tools/msrv_check.py --rust 1.80 [-- CARGO TREE ARGS...]
    python3 tools/msrv_check.py --self-test

Runs `cargo tree -e normal` with the arguments given (by default the
library-only facade: `-p outpost-chess --no-default-features`), reads every
listed dependency's `rust-version` from `cargo metadata` (the workspace's
own packages left out), prints the newest ones, and exits 1 if any needs a newer Rust than `--rust`. CI uses it where
the MSRV toolchain itself cannot be installed; where it can, CI builds with
that toolchain instead, which also catches the standard library's newer
functions in our own code.
"""

import argparse
import json
import subprocess
import sys

from selftest import SelfTest


def version(text):
    """A version as a (major, minor, patch) tuple: "1.80" is "1.80.0"."""
    parts = [int(x) for x in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def too_new(packages, floor):
    """(name, rust-version) of the packages that need more than `floor`, newest first."""
    rows = [(name, rv) for name, rv in packages if rv and version(rv) > version(floor)]
    return sorted(rows, key=lambda r: version(r[1]), reverse=True)


def tree_packages(tree_args):
    tree = subprocess.run(["cargo", "tree", "-e", "normal", "--prefix", "none"] + tree_args,
                          capture_output=True, text=True, check=True).stdout
    listed = {" ".join(line.split()[:2]) for line in tree.splitlines() if line.strip()}
    meta = json.loads(subprocess.run(["cargo", "metadata", "--format-version", "1"],
                                     capture_output=True, text=True, check=True).stdout)
    # The workspace's own packages are left out: what they declare is ours
    # to state, and only a build with the old toolchain proves it.
    members = set(meta["workspace_members"])
    return [(f"{p['name']} v{p['version']}", p.get("rust_version"))
            for p in meta["packages"]
            if f"{p['name']} v{p['version']}" in listed and p["id"] not in members]


def self_test():
    test = SelfTest("msrv_check")
    packages = [("a v1", "1.70"), ("b v1", "1.85"), ("c v1", None), ("d v1", "1.80.0"),
                ("e v1", "1.82")]
    test.check("newer than the floor, newest first", too_new(packages, "1.80"),
               [("b v1", "1.85"), ("e v1", "1.82")])
    test.check("none at a high floor", too_new(packages, "1.85"), [])
    test.check("patch versions compare", version("1.80.1") > version("1.80"), True)
    return test.report()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rust", default="1.80")
    p.add_argument("--self-test", action="store_true")
    p.add_argument("tree_args", nargs="*")
    args = p.parse_args()
    if args.self_test:
        return self_test()
    packages = tree_packages(args.tree_args or ["-p", "outpost-chess", "--no-default-features"])
    bad = too_new(packages, args.rust)
    newest = sorted((p for p in packages if p[1]), key=lambda r: version(r[1]))[-3:]
    print(f"{len(packages)} packages; newest rust-version: "
          + ", ".join(f"{n} ({rv})" for n, rv in reversed(newest)))
    for name, rv in bad:
        print(f"error: {name} needs Rust {rv}, more than {args.rust}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
