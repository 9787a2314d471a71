"""Overhead of `graphlint audit` on one target vs a bare `torch._dynamo.explain` run of it.

    .venv/bin/python bench/dynamic/overhead.py [--reps 5]

Both sides are a fresh process, as a user would pay them: the audit (`python -m graphlint audit` on a
project holding one target: static pass, runner subprocess with eager coverage, break capture and the
fullgraph verdict) against `python -c` that imports the same targets file, builds the target and runs
`torch._dynamo.explain(fn)(*args)`. Each case is its own project; the runs of all cases and both sides
are interleaved, and the medians and their ratio are printed per case (the issue's bar: at most 1.5x).

Cases:
- classifier: fixtures/audit_project's small model (import-dominated); its GB0170 decides the
  fullgraph verdict without a second compile.
- encoder: bench/dynamic/encoder_model.py, six TransformerEncoderLayer blocks (compile-dominated), with
  a `.item()` and a tensor `if` (GB0170: the verdict is inferred).
- encoder-item-only: the same model whose only break is the `.item()`, which fullgraph=True captures,
  so the audit compiles a second time with fullgraph=True (the worst case).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


@dataclass(frozen=True)
class Case:
    name: str
    model_file: Path
    target: str  # the body of the one target: returns (model, args)


CASES = (
    Case("classifier", REPO / "fixtures" / "audit_project" / "model.py",
         "from model import Classifier\n    return Classifier(16, 4).eval(), (torch.randn(8, 16),)"),
    Case("encoder", HERE / "encoder_model.py",
         "from encoder_model import Tagger\n    return Tagger().eval(), (torch.randn(4, 32, 64),)"),
    Case("encoder-item-only", HERE / "encoder_model.py",
         "from encoder_model import Tagger\n    return Tagger(clamp=False).eval(), (torch.randn(4, 32, 64),)"),
)
TARGETS_FILE = '''import torch

import graphlint


@graphlint.target
def bench():
    torch.manual_seed(0)
    {body}
'''
BARE_EXPLAIN = '''import sys, torch
sys.path.insert(0, ".")
import graphlint_targets
fn, args = graphlint_targets.bench()
print(torch._dynamo.explain(fn)(*args).graph_break_count)
'''


def make_project(case: Case, root: Path) -> Path:
    project = root / case.name
    project.mkdir()
    shutil.copy(case.model_file, project / case.model_file.name)
    (project / "graphlint_targets.py").write_text(TARGETS_FILE.format(body=case.target))
    return project


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    code = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    seconds = time.perf_counter() - start
    if code not in (0, 1):  # 1: the audit found breaks, as it should; anything else is a failed run
        raise SystemExit(f"{' '.join(command[:4])} failed in {cwd} (exit code {code})")
    return seconds


def fullgraph_basis(project: Path) -> str:
    """How the audit decided the fullgraph verdict (ran / inferred from ...) and what the runner's two
    Dynamo phases took: the direct measure of what an inferred verdict saves, less noisy than the ratio."""
    out = subprocess.run([sys.executable, "-m", "graphlint", "audit", ".", "--format", "json"], cwd=project,
                         capture_output=True, text=True, check=False).stdout
    target = json.loads(out)["targets"][0]
    fullgraph = target["fullgraph"]
    verdict = "succeeds" if fullgraph["ok"] else "fails"
    basis = f"inferred from {fullgraph['inferred_from']}" if fullgraph["inferred_from"] else "ran"
    return (f"{verdict}, {basis} (plain compile {target['compiled']['seconds']:.2f} s, "
            f"fullgraph compile {fullgraph['seconds']:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=5)
    reps = parser.parse_args().reps
    audit = [sys.executable, "-m", "graphlint", "audit", ".", "--format", "json"]
    bare = [sys.executable, "-c", BARE_EXPLAIN]
    with tempfile.TemporaryDirectory() as tmp:
        projects = {case.name: make_project(case, Path(tmp)) for case in CASES}
        basis = {name: fullgraph_basis(project) for name, project in projects.items()}  # also warms caches
        times: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in projects}
        for _ in range(reps):
            for name, project in projects.items():
                times[name][1].append(timed(bare, project))
                times[name][0].append(timed(audit, project))
    print(f"{'target':<18} {'audit median':>12} {'bare median':>12} {'ratio':>6}  fullgraph verdict")
    for name, (audits, bares) in times.items():
        a, b = statistics.median(audits), statistics.median(bares)
        print(f"{name:<18} {a:>10.2f} s {b:>10.2f} s {a / b:>5.2f}x  {basis[name]}")
        print(f"{'':<18} audit runs: {', '.join(f'{t:.2f}' for t in audits)}; "
              f"bare: {', '.join(f'{t:.2f}' for t in bares)}")


if __name__ == "__main__":
    main()
