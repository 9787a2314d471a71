"""Overhead of `graphlint audit` on one target vs a bare `torch._dynamo.explain` run of it.

    .venv/bin/python bench/dynamic/overhead.py [--reps 5]

Both sides are a fresh process, as a user would pay them: the audit (`python -m graphlint audit` on a copy
of fixtures/audit_project holding only the `classifier` target: static pass, runner subprocess with
eager coverage, break capture and the fullgraph check) against `python -c` that imports the targets
file, builds the target and runs `torch._dynamo.explain(fn)(*args)`. Runs are interleaved; the medians
and their ratio are printed (the issue's bar: at most 1.5x).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ONE_TARGET = '''import torch

import graphlint
from model import Classifier


@graphlint.target
def classifier():
    torch.manual_seed(0)
    return Classifier(16, 4).eval(), (torch.randn(8, 16),)
'''
BARE_EXPLAIN = '''import sys, torch
sys.path.insert(0, ".")
import graphlint_targets
fn, args = graphlint_targets.classifier()
print(torch._dynamo.explain(fn)(*args).graph_break_count)
'''


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5)
    reps = parser.parse_args().reps
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copy(REPO / "fixtures" / "audit_project" / "model.py", project / "model.py")
        (project / "graphlint_targets.py").write_text(ONE_TARGET)
        audit = [sys.executable, "-m", "graphlint", "audit", ".", "--format", "json"]
        bare = [sys.executable, "-c", BARE_EXPLAIN]
        timed(bare, project)  # warm the file cache once
        audits, bares = [], []
        for _ in range(reps):
            bares.append(timed(bare, project))
            audits.append(timed(audit, project))
    a, b = statistics.median(audits), statistics.median(bares)
    print(f"audit of one target: median {a:.2f} s  ({', '.join(f'{t:.2f}' for t in audits)})")
    print(f"bare explain + process start: median {b:.2f} s  ({', '.join(f'{t:.2f}' for t in bares)})")
    print(f"ratio: {a / b:.2f}x")


if __name__ == "__main__":
    main()
