#!/usr/bin/env python
"""Can the pre-filter cost recall here? Lists the ground-truth break sites that lie in files the pre-filter
(graphlint/prefilter.py) would skip when every benchmarked package is linted together.

    .venv/bin/python bench/accuracy/prefilter_sites.py     # needs graphlint importable and bench/accuracy/.venv built

Reads files only (the pre-filter's regex pass); lints nothing. Exit 1 when a site is in a skipped file.
"""
from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))

import score  # noqa: E402  (lint_target: how score.py names a package's lint target)
from graphlint.files import discover  # noqa: E402
from graphlint.prefilter import skippable  # noqa: E402


def main() -> int:
    gt = json.load(open(os.path.join(HERE, "ground_truth.json")))
    site = os.path.join(HERE, ".venv", "lib", "python3.11", "site-packages")
    packages = gt["meta"]["packages"]
    os.chdir(site)  # score.py lints from site-packages, so paths are package-relative
    dirs = [score.lint_target(site, d) for dist in sorted(packages) for d in packages[dist]["import_dirs"]]
    started = time.perf_counter()
    files, _ = discover(dirs, (), False)
    skipped = {os.path.normpath(f) for f in skippable(files)}
    print(f"{len(files)} files, {len(skipped)} the pre-filter skips ({time.perf_counter() - started:.1f} s)")
    print("skipped by package:", Counter(p.split(os.sep)[0] for p in skipped).most_common())
    inside = [x for x in gt["break_sites"] if os.path.normpath(x["path"]) in skipped]
    print(f"break sites in skipped files: {len(inside)} of {len(gt['break_sites'])}")
    for x in inside:
        print(f"  {x['path']}:{x['line']} ({x['family']})")
    return 1 if inside else 0


if __name__ == "__main__":
    sys.exit(main())
