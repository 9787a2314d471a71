"""Does the ast summary equal the libcst one? Over every Python file under the paths given.

    .venv/bin/python bench/speed/summary_equality.py bench/speed/corpus/transformers
    .venv/bin/python bench/speed/summary_equality.py --torch-only bench/accuracy/.venv/lib/python3.11/site-packages

For each file: `summary_ast.build_summary_ast(path, text)` against `summary.build_summary` on libcst's tree, as
`engine.parse_source` builds it (compile-site lines from libcst's positions). Prints each mismatch with the fields
that differ, the files the ast builder leaves to libcst (None) and why, and the time each builder took (parse and
walk; libcst's positions only where a compile site needs them, as in the engine). --torch-only: only files whose
text mentions torch (the site-packages have many unrelated packages). Exit status 1 if any file mismatches.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import libcst as cst  # noqa: E402

from graphlint.analysis import summary_ast  # noqa: E402
from graphlint.analysis.positions import Positions  # noqa: E402
from graphlint.analysis.summary import build_summary  # noqa: E402
from graphlint.analysis.summary_oracle import field_diff, in_order  # noqa: E402
from graphlint.analysis.syntax import forget_children  # noqa: E402
from graphlint.files import read_source  # noqa: E402
from graphlint.findings import FileError  # noqa: E402

sys.setrecursionlimit(30_000)  # as the engine runs
SKIP_DIRS = {".git", "__pycache__", ".mypy_cache", ".pytest_cache", ".graphlint_cache", "node_modules"}


def python_files(paths: list[str]) -> list[str]:
    files = []
    for raw in paths:
        if os.path.isfile(raw):
            files.append(raw)
            continue
        for root, dirnames, filenames in os.walk(raw):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            files.extend(os.path.join(root, f) for f in sorted(filenames) if f.endswith((".py", ".pyi")))
    return files


def libcst_summary(path: str, text: str):
    """What `engine.parse_source` builds; None where libcst does not parse the file, the exception where building
    the summary raises (the engine reports an internal error for the file)."""
    try:
        module = cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError):
        return None
    positions = Positions(module, text)
    try:
        summary, _ = build_summary(path, module, line_of=lambda node: positions[node].start.line)
    except Exception as exc:  # noqa: BLE001
        return exc
    finally:
        forget_children()
    return summary


def fallback_reason(path: str, text: str) -> str:
    """Why the ast builder returned None (for the report)."""
    import ast
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except Exception as exc:  # noqa: BLE001
        return f"ast does not parse ({type(exc).__name__})"
    original = summary_ast._Fallback.__init__
    reasons = []

    def record(self, *args):
        reasons.append(args[0] if args else "")
        original(self, *args)
    summary_ast._Fallback.__init__ = record
    try:
        summary_ast.build_summary_ast(path, text)
    finally:
        summary_ast._Fallback.__init__ = original
    return reasons[-1] if reasons else "RecursionError"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--torch-only", action="store_true", help="only files whose text mentions torch")
    parser.add_argument("--limit", type=int, default=0, help="stop after this many files")
    args = parser.parse_args()
    files = python_files(args.paths)
    counts: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    times = {"ast": 0.0, "libcst": 0.0}
    for path in files:
        source = read_source(path)
        if isinstance(source, FileError):
            counts["unreadable"] += 1
            continue
        if args.torch_only and "torch" not in source.text:
            continue
        counts["files"] += 1
        start = time.perf_counter()
        mine = summary_ast.build_summary_ast(source.path, source.text)
        middle = time.perf_counter()
        theirs = libcst_summary(source.path, source.text)
        times["ast"] += middle - start
        times["libcst"] += time.perf_counter() - middle
        if theirs is None or isinstance(theirs, Exception):
            what = "libcst does not parse" if theirs is None else f"libcst's builder raises {type(theirs).__name__}"
            counts[what] += 1
            if mine is not None:
                counts["MISMATCH"] += 1
                print(f"MISMATCH {path}: {what}, ast gives a summary", flush=True)
            continue
        if mine is None:
            counts["None (left to libcst)"] += 1
            reason = fallback_reason(source.path, source.text)
            reasons[reason] += 1
            print(f"NONE {path}: {reason}", flush=True)
        elif mine == theirs and in_order(mine) == in_order(theirs):
            counts["equal"] += 1
        elif mine == theirs:
            counts["MISMATCH"] += 1
            print(f"MISMATCH {path}: equal, but not in the same order", flush=True)
        else:
            counts["MISMATCH"] += 1
            print(f"MISMATCH {path}", flush=True)
            for line in field_diff(mine, theirs)[:20]:
                print(f"    {line}", flush=True)
        if args.limit and counts["files"] >= args.limit:
            break
    print(f"\n{dict(counts)}")
    for reason, n in reasons.most_common():
        print(f"  None: {n} x {reason}")
    print(f"time: ast {times['ast']:.1f} s, libcst {times['libcst']:.1f} s")
    return 1 if counts["MISMATCH"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
