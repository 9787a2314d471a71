#!/usr/bin/env python
"""Apply every fix graphlint offers across the benchmark's real packages, and check that each fixed file
parses and that fixing again changes nothing.

    python bench/fixes/fuzz.py                         # every package of bench/accuracy (a copy; the venv is not touched)
    python bench/fixes/fuzz.py --packages kornia,torchmetrics --keep /tmp/fuzzed

The packages are copied to a temporary directory, then `graphlint check --fix --unsafe-fixes --scope all`
runs twice over the copy (`--scope all`: every function, so every fixable finding gets fixed, not only
those in code Dynamo traces). Reported: files and fixes applied by the first run, files that do not parse
with Python's own parser afterwards (must be 0), files the second run changed (must be 0), and files
graphlint refused to write (`fix` errors: the fixed code would not have parsed). Stdlib only.
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "accuracy"))
import score  # noqa: E402


def digest(root: str) -> dict[str, str]:
    out = {}
    for base, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(base, name)
                with open(path, "rb") as handle:
                    out[os.path.relpath(path, root)] = hashlib.sha256(handle.read()).hexdigest()
    return out


def fix_run(python: str, root: str, targets: list[str]) -> tuple[subprocess.CompletedProcess, float]:
    cmd = [python, "-m", "graphlint", "check", "--fix", "--unsafe-fixes", "--show-fixes", "--exit-zero", "--quiet",
           "--scope", "all", *targets]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    return proc, time.perf_counter() - start


def unparsable(root: str, files: list[str]) -> list[str]:
    bad = []
    for rel in files:
        with open(os.path.join(root, rel), "rb") as handle:
            data = handle.read()
        try:
            ast.parse(data)
        except (SyntaxError, ValueError):
            bad.append(rel)
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=os.path.join(REPO, ".venv", "bin", "python"))
    parser.add_argument("--packages", default="", help="comma-separated distributions (default: all)")
    parser.add_argument("--keep", default=None, help="copy the packages here and keep them (default: a temp dir)")
    parser.add_argument("--out", default=os.path.join(HERE, "fuzz.json"))
    args = parser.parse_args()

    with open(os.path.join(REPO, "bench", "accuracy", "ground_truth.json")) as handle:
        packages = json.load(handle)["meta"]["packages"]
    if args.packages:
        want = {p.strip() for p in args.packages.split(",") if p.strip()}
        packages = {d: v for d, v in packages.items() if d in want}
    site = score.find_site_packages(os.path.join(REPO, "bench", "accuracy", ".venv"))
    targets = sorted({score.lint_target(site, d) for dist in packages.values() for d in dist["import_dirs"]})
    targets = [t for t in targets if os.path.exists(os.path.join(site, t))]
    root = args.keep or tempfile.mkdtemp(prefix="graphlint-fuzz-")
    os.makedirs(root, exist_ok=True)
    for target in targets:
        source, dest = os.path.join(site, target), os.path.join(root, target)
        if os.path.isdir(source):
            shutil.copytree(source, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, dest)
    before = digest(root)
    first, first_s = fix_run(args.python, root, targets)
    after_first = digest(root)
    second, second_s = fix_run(args.python, root, targets)
    after_second = digest(root)
    changed = sorted(f for f in after_first if after_first[f] != before.get(f))
    fixed_lines = [line for line in first.stderr.splitlines() if line.startswith("fixed ")]
    by_code: dict[str, int] = {}
    for line in fixed_lines:
        code = re.search(r": (GL\d+) ", line)
        if code:
            by_code[code.group(1)] = by_code.get(code.group(1), 0) + 1
    result = {
        "packages": len(packages), "files": len(before), "files_fixed": len(changed), "fixes": len(fixed_lines),
        "fixes_by_code": dict(sorted(by_code.items())),
        "unparsable_after_fix": unparsable(root, changed),
        "changed_by_second_run": sorted(f for f in after_second if after_second[f] != after_first[f]),
        "fix_errors": [line for line in first.stderr.splitlines() if "file left unchanged" in line],
        "seconds": {"first": round(first_s, 1), "second": round(second_s, 1)},
        "first_run_rc": first.returncode, "second_run_rc": second.returncode,
    }
    with open(args.out, "w") as handle:
        json.dump(result, handle, indent=1)
    print(json.dumps({k: v if not isinstance(v, list) or len(v) < 20 else f"{len(v)} items" for k, v in result.items()},
                     indent=1))
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    ok = not result["unparsable_after_fix"] and not result["changed_by_second_run"] and first.returncode == 0
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
