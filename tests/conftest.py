"""Shared helpers: lint real files on disk through the real engine, or the real CLI in a subprocess."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graphlint.catalog import load_catalog
from graphlint.engine import LintOptions, lint_paths
from graphlint.torch_version import parse_version

REPO = Path(__file__).resolve().parent.parent
EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def options(scope: str = "modules", torch: str = "2.13.0", codes=None, show_shadowed: bool = False) -> LintOptions:
    default = (code for code, rule in load_catalog().items() if not rule.explicit_only)  # as `select = ["ALL"]`
    return LintOptions(codes=frozenset(codes or default), scope=scope, torch_version=parse_version(torch),
                       show_shadowed=show_shadowed)


def lint_tree(root: Path, files: dict[str, str], scope: str = "modules", torch: str = "2.13.0", codes=None,
              show_shadowed: bool = False):
    """Write files under root, lint root, return the LintResult."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    cwd = os.getcwd()
    os.chdir(root)
    try:
        return lint_paths(["."], options(scope, torch, codes, show_shadowed))
    finally:
        os.chdir(cwd)


def found(result) -> set[tuple[int, str]]:
    return {(f.line, f.code) for f in result.findings}


def expectations(path: Path) -> set[tuple[int, str]]:
    """`# expect: GL101, GL201` comments → {(line, code)}."""
    return expectations_in(path.read_text())


def expectations_in(text: str) -> set[tuple[int, str]]:
    out = set()
    for n, line in enumerate(text.splitlines(), start=1):
        m = EXPECT.search(line)
        if m:
            out.update((n, c.strip()) for c in m.group(1).split(",") if c.strip())
    return out


def run_cli(*args: str, cwd: Path | None = None, stdin: bytes | None = None, env: dict | None = None):
    # a run of its own, whatever daemon (graphlint/daemon.py) this user has running; test_daemon.py passes its own
    full_env = {**os.environ, "NO_COLOR": "1", "GRAPHLINT_DAEMON": "off", **(env or {})}
    return subprocess.run([sys.executable, "-m", "graphlint", *args], cwd=cwd, input=stdin,
                          capture_output=True, env=full_env, timeout=300)


def run_harnesses(script: str, arg_lists: list[list[str]], cwd: Path) -> list[dict]:
    """Run tests/<script> once per argument list, all at the same time, and return each run's JSON result (its
    last line of output). Each run is a torch process of its own that runs Dynamo on many files one after the
    other: most of the suite's time, and on a 2-core machine half of it idle if they run one by one."""
    runs = []
    for i, args in enumerate(arg_lists):
        out, err = cwd / f".{script}.{i}.out", cwd / f".{script}.{i}.err"  # files: a full pipe would stall a run
        with out.open("w") as stdout, err.open("w") as stderr:
            proc = subprocess.Popen([sys.executable, str(REPO / "tests" / script), *args], cwd=cwd, stdout=stdout,
                                    stderr=stderr)
        runs.append((proc, out, err))
    results = []
    for proc, out, err in runs:
        proc.wait(timeout=900)
        assert proc.returncode == 0, err.read_text()[-3000:]
        results.append(json.loads(out.read_text().strip().splitlines()[-1]))
    return results


def in_chunks(items: list, chunks: int | None = None) -> list[list]:
    """items dealt round-robin into one chunk per core (at most one per item), so the chunks take about as long."""
    n = max(1, min(len(items), chunks or os.cpu_count() or 1))
    return [items[i::n] for i in range(n)]


def cli_json(*args: str, cwd: Path | None = None, stdin: bytes | None = None):
    proc = run_cli("--format", "json", *args, cwd=cwd, stdin=stdin)
    return proc, json.loads(proc.stdout)


@pytest.fixture
def lint(tmp_path):
    def _lint(code: str, scope: str = "modules", torch: str = "2.13.0", codes=None, name: str = "mod.py",
              show_shadowed: bool = False):
        return lint_tree(tmp_path, {name: code}, scope=scope, torch=torch, codes=codes, show_shadowed=show_shadowed)
    return _lint
