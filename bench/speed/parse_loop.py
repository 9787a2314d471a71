"""The floor for any libcst-based linter without a cache: read every Python file and parse it.

    python bench/speed/parse_loop.py transformers            # one process
    python bench/speed/parse_loop.py --jobs 2 transformers   # a process pool (the floor for a parallel linter)

It walks the paths like graphlint does by default (skips .git, __pycache__, venvs, build, ...), reads
each .py/.pyi file, decodes it as UTF-8 (with a BOM if present) and calls `libcst.parse_module` on it,
keeping nothing. Prints `parsed N files, M errors` on stderr, the sanity line bench/speed/run.py reads.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib.metadata import version
from multiprocessing import Pool

import libcst

SKIP_DIRS = {".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__", ".mypy_cache",
             ".pytest_cache", ".ruff_cache", ".graphlint_cache", "node_modules", "build", "dist", ".eggs",
             "site-packages"}


def discover(paths: list[str]) -> list[str]:
    files = []
    for raw in paths:
        if os.path.isfile(raw):
            files.append(raw)
            continue
        for root, dirnames, filenames in os.walk(raw):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.endswith(".egg-info"))
            files.extend(os.path.join(root, f) for f in sorted(filenames) if f.endswith((".py", ".pyi")))
    return files


def parse(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8-sig")
        libcst.parse_module(text)
        return True
    except Exception:  # noqa: BLE001 - a file that does not parse counts as an error, like a linter's
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--jobs", "-j", type=int, default=1,
                        help="processes (1: parse in this process; 0: one per core)")
    args = parser.parse_args()
    files = discover(args.paths)
    jobs = args.jobs or os.cpu_count() or 1
    if jobs == 1:
        results = [parse(f) for f in files]
    else:
        with Pool(jobs) as pool:
            results = list(pool.imap_unordered(parse, files, chunksize=1))
    errors = results.count(False)
    print(f"parsed {len(files)} files, {errors} errors (jobs={jobs}, libcst {version('libcst')})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
