"""Two graphlints side by side: the same `graphlint check` command run by two interpreters, interleaved.

    python bench/speed/ab.py --a /tmp/oldpy/python --b .venv/bin/python --runs 5 -- PATH...
    python bench/speed/ab.py --runs 10 --cwd bench/speed/corpus -- transformers/models/bert/modeling_bert.py

Each round runs A then B (the order alternates from round to round, so the noise of a shared machine hits both
alike), cold (`--no-cache`), with `--exit-zero --format concise --scope auto` and the given paths, from --cwd
(default: bench/speed/corpus). Prints each run's wall seconds and, at the end, the medians, B ÷ A, and whether
both printed the same findings (exit 1 if not). To run an older commit: export it (`git archive REV graphlint
rules | tar -x -C /tmp/old`) and give --a a script that runs Python with `PYTHONPATH=/tmp/old`.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def run_once(python: str, paths: list[str], cwd: str, jobs: int | None) -> tuple[float, str]:
    cmd = [python, "-m", "graphlint", "check", "--no-cache", "--exit-zero", "--format", "concise", "--scope", "auto"]
    if jobs:
        cmd += ["-j", str(jobs)]
    started = time.perf_counter()
    done = subprocess.run(cmd + paths, cwd=cwd, capture_output=True, text=True)
    took = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{python}: exit {done.returncode}: {done.stderr[-1500:]}")
    return took, done.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default=os.path.join(REPO, ".venv", "bin", "python"), help="interpreter A (the baseline)")
    ap.add_argument("--b", default=os.path.join(REPO, ".venv", "bin", "python"), help="interpreter B")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=None, help="graphlint -j (default: graphlint's own)")
    ap.add_argument("--cwd", default=os.path.join(HERE, "corpus"))
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    times: dict[str, list[float]] = {"A": [], "B": []}
    outputs: dict[str, set[str]] = {"A": set(), "B": set()}
    for round_ in range(args.runs):
        order = [("A", args.a), ("B", args.b)] if round_ % 2 == 0 else [("B", args.b), ("A", args.a)]
        for label, python in order:
            took, out = run_once(python, args.paths, args.cwd, args.jobs)
            times[label].append(took)
            outputs[label].add(out)
            print(f"round {round_ + 1} {label}: {took:.3f} s, {len(out.splitlines())} findings", flush=True)
    a, b = statistics.median(times["A"]), statistics.median(times["B"])
    same = outputs["A"] == outputs["B"] and len(outputs["A"]) == 1
    print(f"median A {a:.3f} s (min {min(times['A']):.3f}), B {b:.3f} s (min {min(times['B']):.3f}); "
          f"B/A {b / a:.3f}; same findings: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
