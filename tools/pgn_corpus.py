#!/usr/bin/env python3
"""Builds the real-world PGN corpus for the PGN-reading speed benchmark.

The corpus is made of PGN files written by other people and programs:
tournament collections, annotated books, engine-match output, Chess960
games and the test files of other PGN tools. None of them is kept in this
repository. `benches/pgn-corpus/manifest.tsv` names each file by where it
comes from and records its size and SHA-256; this script fetches the files,
checks every checksum and lays them out as

    <out>/<class>/<safe file name>.pgn

Usage (from the repository root):

    python3 tools/pgn_corpus.py                       # build target/pgn-corpus
    python3 tools/pgn_corpus.py --mirror /work/.mirror --out /tmp/corpus
    python3 tools/pgn_corpus.py --class engine --class tests
    python3 tools/pgn_corpus.py --verify-only         # check what is there

Manifest columns (tab-separated, one header line):

    class    tournament | annotated | engine | chess960 | tests
    source   github | pypi | debian
    locator  github: owner/name@<40-hex commit>
             pypi:   name==version  (the sdist of that release)
             debian: package=version
    path     github: path in the repository at that commit
             pypi:   path inside the sdist archive
             debian: path inside the .deb (as dpkg-deb lists it)
    bytes, sha256, license, note

Where each file comes from:

  github  With --mirror DIR, from a local bare git directory named like
          DIR/owner+name* (the directory itself, or its repo/, repo/.git
          or .git subdirectory), read with
          `git --git-dir=... show <commit>:<path>`. Without a mirror, or
          when the mirror lacks that commit or blob, the file is downloaded
          from https://raw.githubusercontent.com/<owner>/<name>/<commit>/<path>.
  pypi    The release's sdist is found through
          https://pypi.org/pypi/<name>/<version>/json (falling back to the
          project-wide JSON and to the simple index if that page is not
          served), downloaded, checked against its published sha256 and
          the member extracted.
  debian  `apt-get download <package>=<version>` in a temporary directory,
          then `dpkg-deb -x` and the file is read from the extracted tree.

Downloaded archives are cached in <out>/.cache so that later runs do not
fetch them again. A file already present with the right checksum is not
fetched again. A checksum mismatch is an error naming the file; the file is
not written. At the end a per-class summary is printed (files, bytes and
games, counted as the larger of the number of `[Event ` and `[White ` tag
lines in a file). The exit status is 0 only if every selected file is in
place with its manifest checksum.
"""

import argparse
import glob
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_MANIFEST = os.path.join(REPO_ROOT, "benches", "pgn-corpus", "manifest.tsv")
DEFAULT_OUT = os.path.join(REPO_ROOT, "target", "pgn-corpus")

COLUMNS = ["class", "source", "locator", "path", "bytes", "sha256", "license", "note"]
CLASSES = ["tournament", "annotated", "engine", "chess960", "tests"]
SOURCES = ["github", "pypi", "debian"]

USER_AGENT = "outpost-pgn-corpus/1 (+python urllib)"
TIMEOUT = 120

GITHUB_LOCATOR = re.compile(r"^([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)@([0-9a-f]{40})$")
PYPI_LOCATOR = re.compile(r"^([A-Za-z0-9_.-]+)==([A-Za-z0-9_.!+-]+)$")
DEBIAN_LOCATOR = re.compile(r"^([a-z0-9][a-z0-9.+-]*)=([A-Za-z0-9.+:~-]+)$")
EVENT_TAG = re.compile(rb"^[ \t]*\[Event[ \t]", re.M)
WHITE_TAG = re.compile(rb"^[ \t]*\[White[ \t]", re.M)


class CorpusError(Exception):
    """A problem with one manifest row; the message names the file."""


class Entry:
    """One manifest row, with the name it gets in the output tree."""

    def __init__(self, line_no, fields):
        self.line_no = line_no
        (self.cls, self.source, self.locator, self.path, size,
         self.sha256, self.license, self.note) = fields
        self.size = int(size)
        self.name = None

    def describe(self):
        return f"{self.cls}/{self.name} ({self.source} {self.locator} {self.path})"


def sha256_hex(data):
    return hashlib.sha256(data).hexdigest()


def count_games(data):
    return max(len(EVENT_TAG.findall(data)), len(WHITE_TAG.findall(data)))


def safe_name(entry):
    """A file name made of the source and the path, safe on any file system."""
    if entry.source == "github":
        owner, name, _ = GITHUB_LOCATOR.match(entry.locator).groups()
        raw = f"{owner}_{name}_{entry.path}"
    elif entry.source == "pypi":
        name, version = PYPI_LOCATOR.match(entry.locator).groups()
        inner = entry.path.split("/", 1)[-1]
        raw = f"pypi_{name}-{version}_{inner}"
    else:
        package, version = DEBIAN_LOCATOR.match(entry.locator).groups()
        raw = f"debian_{package}_{version}_{entry.path.lstrip('./')}"
    raw = re.sub(r"\.pgn$", "", raw, flags=re.I)
    raw = re.sub(r"[^A-Za-z0-9._-]+", "_", raw).strip("._-")
    return raw + ".pgn"


def read_manifest(path):
    entries = []
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    if not lines or lines[0].split("\t") != COLUMNS:
        raise SystemExit(f"{path}: the first line must be the header: " + "\\t".join(COLUMNS))
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            raise SystemExit(f"{path}:{number}: expected {len(COLUMNS)} tab-separated fields, got {len(fields)}")
        entry = Entry(number, fields)
        problems = []
        if entry.cls not in CLASSES:
            problems.append(f"unknown class {entry.cls!r}")
        if entry.source not in SOURCES:
            problems.append(f"unknown source {entry.source!r}")
        pattern = {"github": GITHUB_LOCATOR, "pypi": PYPI_LOCATOR, "debian": DEBIAN_LOCATOR}.get(entry.source)
        if pattern and not pattern.match(entry.locator):
            problems.append(f"bad {entry.source} locator {entry.locator!r}")
        if not re.fullmatch(r"[0-9a-f]{64}", entry.sha256):
            problems.append("sha256 is not 64 lowercase hex digits")
        if problems:
            raise SystemExit(f"{path}:{number}: " + "; ".join(problems))
        entry.name = safe_name(entry)
        entries.append(entry)
    seen = {}
    for entry in entries:
        key = (entry.cls, entry.name.lower())
        if key in seen:
            raise SystemExit(f"{path}:{entry.line_no}: output name {entry.cls}/{entry.name} "
                             f"is also produced by line {seen[key]}")
        seen[key] = entry.line_no
    return entries


def http_get(url, accept=None):
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    if accept:
        request.add_header("Accept", accept)
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        return response.read()


# ---------------------------------------------------------------- github

class GithubSource:
    def __init__(self, mirror_dir):
        self.mirror_dir = mirror_dir
        self.git_dirs = {}

    def _git_dirs(self, owner, name):
        """Git directories in the mirror that may hold owner/name, exact name first."""
        key = f"{owner}/{name}"
        if key not in self.git_dirs:
            found = []
            if self.mirror_dir:
                prefix = os.path.join(self.mirror_dir, glob.escape(f"{owner}+{name}"))
                bases = glob.glob(prefix) + sorted(set(glob.glob(prefix + "*")) - {prefix})
                for base in bases:
                    for candidate in (base, os.path.join(base, "repo", ".git"),
                                      os.path.join(base, "repo"), os.path.join(base, ".git")):
                        if (os.path.isdir(os.path.join(candidate, "objects"))
                                and os.path.exists(os.path.join(candidate, "HEAD"))):
                            found.append(candidate)
                            break
            self.git_dirs[key] = found
        return self.git_dirs[key]

    def fetch(self, entry):
        owner, name, commit = GITHUB_LOCATOR.match(entry.locator).groups()
        from_mirror = None
        for git_dir in self._git_dirs(owner, name):
            result = subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{entry.path}"],
                                    capture_output=True)
            if result.returncode != 0:
                continue
            if sha256_hex(result.stdout) == entry.sha256:
                return result.stdout, f"mirror {git_dir}"
            from_mirror = from_mirror or (result.stdout, f"mirror {git_dir}")
        # Not in the mirror (or a Git LFS pointer, or different bytes): download it.
        url = "https://raw.githubusercontent.com/{}/{}/{}/{}".format(
            owner, name, commit, urllib.parse.quote(entry.path))
        try:
            return http_get(url), url
        except (urllib.error.URLError, OSError) as error:
            if from_mirror:
                return from_mirror  # reported as a checksum mismatch by the caller
            where = "not in the mirror; " if self.mirror_dir else ""
            raise CorpusError(f"{entry.describe()}: {where}download of {url} failed: {error}")


# ---------------------------------------------------------------- pypi

class PypiSource:
    def __init__(self, cache_dir):
        self.cache_dir = cache_dir
        self.archives = {}

    def _sdist_info(self, name, version):
        """(url, sha256, filename) of the sdist of name==version."""
        files = None
        try:
            info = json.loads(http_get(f"https://pypi.org/pypi/{name}/{version}/json"))
            files = info.get("urls", [])
        except (urllib.error.URLError, OSError, ValueError):
            pass
        if not files:
            try:
                info = json.loads(http_get(f"https://pypi.org/pypi/{name}/json"))
                files = info.get("releases", {}).get(version, [])
            except (urllib.error.URLError, OSError, ValueError):
                pass
        for item in files or []:
            if item.get("packagetype") == "sdist":
                return item["url"], item["digests"]["sha256"], item["filename"]
        # Last resort: the JSON form of the simple index (PEP 691).
        try:
            index = json.loads(http_get(f"https://pypi.org/simple/{name}/",
                                        accept="application/vnd.pypi.simple.v1+json"))
        except (urllib.error.URLError, OSError, ValueError) as error:
            raise CorpusError(f"PyPI has no usable metadata for {name}=={version}: {error}")
        for item in index.get("files", []):
            filename = item.get("filename", "")
            stem = re.sub(r"\.(tar\.gz|zip|tar\.bz2)$", "", filename)
            if stem != filename and stem.lower().replace("_", "-") == f"{name}-{version}".lower().replace("_", "-"):
                return item["url"], item["hashes"]["sha256"], filename
        raise CorpusError(f"no sdist found on PyPI for {name}=={version}")

    def _archive(self, entry):
        name, version = PYPI_LOCATOR.match(entry.locator).groups()
        key = (name, version)
        if key in self.archives:
            return self.archives[key]
        url, digest, filename = self._sdist_info(name, version)
        cached = os.path.join(self.cache_dir, "pypi", filename)
        data = None
        if os.path.exists(cached):
            with open(cached, "rb") as handle:
                data = handle.read()
            if sha256_hex(data) != digest:
                data = None
        if data is None:
            try:
                data = http_get(url)
            except (urllib.error.URLError, OSError) as error:
                raise CorpusError(f"{entry.describe()}: download of {url} failed: {error}")
            if sha256_hex(data) != digest:
                raise CorpusError(f"{entry.describe()}: sdist {filename} does not match the sha256 "
                                  f"published on PyPI ({digest})")
            write_atomic(cached, data)
        self.archives[key] = (filename, data)
        return self.archives[key]

    def fetch(self, entry):
        filename, data = self._archive(entry)
        try:
            if filename.endswith(".zip"):
                with zipfile.ZipFile(io.BytesIO(data)) as archive:
                    return archive.read(entry.path), f"sdist {filename}"
            with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as archive:
                member = archive.extractfile(entry.path)
                if member is None:
                    raise KeyError(entry.path)
                return member.read(), f"sdist {filename}"
        except KeyError:
            raise CorpusError(f"{entry.describe()}: no such member in {filename}")


# ---------------------------------------------------------------- debian

class DebianSource:
    def __init__(self, cache_dir):
        self.cache_dir = cache_dir
        self.trees = {}
        self.temp_dirs = []

    def _deb(self, package, version):
        pattern = os.path.join(self.cache_dir, "debian", f"{package}_{version.replace(':', '%3a')}_*.deb")
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
        work = tempfile.mkdtemp(prefix="pgn-corpus-apt-")
        self.temp_dirs.append(work)
        try:
            result = subprocess.run(["apt-get", "download", f"{package}={version}"],
                                    cwd=work, capture_output=True, text=True)
        except OSError as error:
            raise CorpusError(f"cannot run apt-get for {package}={version}: {error}")
        debs = glob.glob(os.path.join(work, "*.deb"))
        if result.returncode != 0 or not debs:
            raise CorpusError(f"apt-get download {package}={version} failed: "
                              f"{(result.stderr or result.stdout).strip()}")
        target = os.path.join(self.cache_dir, "debian", os.path.basename(debs[0]))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(debs[0], target)
        return target

    def _tree(self, entry):
        package, version = DEBIAN_LOCATOR.match(entry.locator).groups()
        key = (package, version)
        if key not in self.trees:
            deb = self._deb(package, version)
            tree = tempfile.mkdtemp(prefix="pgn-corpus-deb-")
            self.temp_dirs.append(tree)
            result = subprocess.run(["dpkg-deb", "-x", deb, tree], capture_output=True, text=True)
            if result.returncode != 0:
                raise CorpusError(f"dpkg-deb -x {deb} failed: {result.stderr.strip()}")
            self.trees[key] = (tree, os.path.basename(deb))
        return self.trees[key]

    def fetch(self, entry):
        tree, deb = self._tree(entry)
        relative = os.path.normpath(entry.path.lstrip("/"))
        if relative.startswith(".."):
            raise CorpusError(f"{entry.describe()}: path leaves the package tree")
        try:
            with open(os.path.join(tree, relative), "rb") as handle:
                return handle.read(), f"package {deb}"
        except OSError:
            raise CorpusError(f"{entry.describe()}: no such file in {deb}")

    def cleanup(self):
        for directory in self.temp_dirs:
            shutil.rmtree(directory, ignore_errors=True)


# ---------------------------------------------------------------- build

def write_atomic(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".part-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def existing_ok(path, entry):
    try:
        if os.path.getsize(path) != entry.size:
            return None
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    return data if sha256_hex(data) == entry.sha256 else None


def human(size):
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.1f} {unit}" if unit != "B" else f"{size} B"
        size /= 1024.0


def print_summary(stats):
    print()
    print(f"{'class':<12}{'files':>7}{'bytes':>13}{'size':>11}{'games':>9}")
    total = [0, 0, 0]
    for cls in CLASSES:
        if cls not in stats:
            continue
        files, size, games = stats[cls]
        total = [total[0] + files, total[1] + size, total[2] + games]
        print(f"{cls:<12}{files:>7}{size:>13}{human(size):>11}{games:>9}")
    print(f"{'total':<12}{total[0]:>7}{total[1]:>13}{human(total[1]):>11}{total[2]:>9}")


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Build the real-world PGN benchmark corpus from benches/pgn-corpus/manifest.tsv, "
                    "verifying every file's SHA-256.",
        epilog="Files land in OUT/<class>/<safe file name>.pgn. See the module docstring for the "
               "manifest format and where each source is fetched from.")
    parser.add_argument("--manifest", default=DEFAULT_MANIFEST,
                        help="manifest to read (default: benches/pgn-corpus/manifest.tsv)")
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="output directory (default: target/pgn-corpus in the repository)")
    parser.add_argument("--mirror", metavar="DIR",
                        help="directory of bare git mirrors named owner+name* to read github rows from "
                             "before downloading")
    parser.add_argument("--cache", metavar="DIR",
                        help="where downloaded sdists and .debs are kept (default: OUT/.cache)")
    parser.add_argument("--class", dest="classes", action="append", choices=CLASSES,
                        help="only this class (repeatable)")
    parser.add_argument("--verify-only", action="store_true",
                        help="fetch nothing: check the files already in OUT and report what is missing")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems and the summary")
    args = parser.parse_args(argv)

    entries = read_manifest(args.manifest)
    if args.classes:
        entries = [e for e in entries if e.cls in args.classes]
    out_dir = os.path.abspath(args.out)
    cache_dir = os.path.abspath(args.cache or os.path.join(out_dir, ".cache"))
    mirror = os.path.abspath(args.mirror) if args.mirror else None
    if mirror and not os.path.isdir(mirror):
        parser.error(f"--mirror {args.mirror}: not a directory")

    fetchers = {"github": GithubSource(mirror), "pypi": PypiSource(cache_dir),
                "debian": DebianSource(cache_dir)}
    stats, errors = {}, []
    counts = {"present": 0, "fetched": 0}
    try:
        for entry in entries:
            target = os.path.join(out_dir, entry.cls, entry.name)
            data = existing_ok(target, entry)
            if data is not None:
                counts["present"] += 1
            elif args.verify_only:
                state = "missing" if not os.path.exists(target) else "checksum mismatch"
                errors.append(f"{entry.describe()}: {state} in {out_dir}")
                continue
            else:
                try:
                    data, origin = fetchers[entry.source].fetch(entry)
                except CorpusError as error:
                    errors.append(str(error))
                    continue
                digest = sha256_hex(data)
                if digest != entry.sha256 or len(data) != entry.size:
                    errors.append(f"{entry.describe()}: checksum mismatch: got {len(data)} bytes "
                                  f"sha256 {digest}, manifest says {entry.size} bytes sha256 {entry.sha256}")
                    continue
                write_atomic(target, data)
                counts["fetched"] += 1
                if not args.quiet:
                    print(f"ok  {entry.cls}/{entry.name}  <- {origin}")
            files, size, games = stats.get(entry.cls, (0, 0, 0))
            stats[entry.cls] = (files + 1, size + len(data), games + count_games(data))
    finally:
        fetchers["debian"].cleanup()

    print(f"\n{out_dir}: {counts['fetched']} fetched, {counts['present']} already present, "
          f"{len(errors)} failed, {len(entries)} selected")
    print_summary(stats)
    if errors:
        print(f"\n{len(errors)} error(s):", file=sys.stderr)
        for message in errors:
            print("  " + message, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
