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
    full_env = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run([sys.executable, "-m", "graphlint", *args], cwd=cwd, input=stdin,
                          capture_output=True, env=full_env, timeout=300)


def cli_json(*args: str, cwd: Path | None = None, stdin: bytes | None = None):
    proc = run_cli("--format", "json", *args, cwd=cwd, stdin=stdin)
    return proc, json.loads(proc.stdout)


@pytest.fixture
def lint(tmp_path):
    def _lint(code: str, scope: str = "modules", torch: str = "2.13.0", codes=None, name: str = "mod.py",
              show_shadowed: bool = False):
        return lint_tree(tmp_path, {name: code}, scope=scope, torch=torch, codes=codes, show_shadowed=show_shadowed)
    return _lint
