"""Same findings with and without the pre-filter? And how much it skips and saves.

    python bench/speed/prefilter_check.py PATH...     (run from the directory the paths are relative to)

Lints PATH twice in this process (`--no-cache`, `--scope auto`, 2 jobs): with GRAPHLINT_NO_PREFILTER=1 (every
file parsed and linted; only the findings of the files the pre-filter would skip are dropped) and without it,
and compares findings and errors. Exit 1 when they differ.
"""
from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import replace

from graphlint.files import discover
from graphlint.lint import lint_paths
from graphlint.prefilter import skippable
from graphlint.settings import load_settings


def main(paths: list[str]) -> int:
    options = replace(load_settings(None, cache=False).options, jobs=int(os.environ.get("JOBS", "2")), scope="auto")
    files, _ = discover(paths, (), False)
    started = time.perf_counter()
    skipped = skippable(files)
    print(f"{len(files)} files, {len(skipped)} skippable (the pre-filter took {time.perf_counter() - started:.2f} s)")
    runs = {}
    for label, value in (("without", "1"), ("with", "")):
        os.environ["GRAPHLINT_NO_PREFILTER"] = value
        started = time.perf_counter()
        result = lint_paths(paths, options)
        runs[label] = (result, time.perf_counter() - started)
    os.environ.pop("GRAPHLINT_NO_PREFILTER")
    (a, ta), (b, tb) = runs["without"], runs["with"]
    fa = [json.dumps(f.to_json(), sort_keys=True) for f in a.findings]
    fb = [json.dumps(f.to_json(), sort_keys=True) for f in b.findings]
    ea = sorted((e.path, e.kind, e.message) for e in a.errors)
    eb = sorted((e.path, e.kind, e.message) for e in b.errors)
    same = fa == fb and ea == eb
    print(f"without: {ta:.1f} s, {len(fa)} findings; with: {tb:.1f} s, {len(fb)} findings; "
          f"same findings and errors: {same}")
    for line in sorted(set(fa) ^ set(fb))[:10]:
        print("differs:", line[:300])
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["."]))
