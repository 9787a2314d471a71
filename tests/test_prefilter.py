"""The pre-filter (graphlint/prefilter.py) skips import groups without array code before parsing them. Skipping
them must change nothing for the other files: every test here lints with it and with GRAPHLINT_NO_PREFILTER=1
(every file parsed and linted, only the findings of the files it would skip dropped) and compares."""
from __future__ import annotations

import json
import os
import textwrap
from pathlib import Path

import pytest
from conftest import lint_tree, run_cli

from graphlint.files import discover
from graphlint.prefilter import skippable

MODEL = """\
    import torch
    from torch import nn
    from .helpers import describe


    class Net(nn.Module):
        def forward(self, x):
            describe(x)
            return x * 2
    """
HELPERS = """\
    import os


    def describe(value):
        print(os.getpid(), value)
    """
ALONE = MODEL.replace("from .helpers import describe\n", "").replace("describe(x)", "print(x)")
TOOLS = """\
    import argparse


    def main(args: argparse.Namespace):
        print("converting", args.path)
        for line in open(args.path):
            print(line)
    """


def _skipped(root: Path) -> set[str]:
    cwd = os.getcwd()
    os.chdir(root)
    try:
        files, _ = discover(["."], (), False)
        return {Path(f).as_posix().removeprefix("./") for f in skippable(files)}
    finally:
        os.chdir(cwd)


def _both(root: Path, files: dict[str, str], scope: str = "auto", monkeypatch=None):
    """(result with the pre-filter, result without it)."""
    with_it = lint_tree(root, files, scope=scope)
    monkeypatch.setenv("GRAPHLINT_NO_PREFILTER", "1")
    without = lint_tree(root, files, scope=scope)
    monkeypatch.delenv("GRAPHLINT_NO_PREFILTER")
    return with_it, without


def _same(a, b) -> None:
    assert [f.to_json() for f in a.findings] == [f.to_json() for f in b.findings]
    assert [(e.path, e.kind, e.message) for e in a.errors] == [(e.path, e.kind, e.message) for e in b.errors]
    assert a.files_checked == b.files_checked


def test_a_group_without_array_code_is_skipped_and_nothing_else_changes(tmp_path, monkeypatch):
    files = {"pkg/__init__.py": "", "pkg/model.py": MODEL, "pkg/helpers.py": HELPERS, "tools/convert.py": TOOLS,
             "tools/cli.py": "from convert import main\nmain(None)\n"}
    with_it, without = _both(tmp_path, files, monkeypatch=monkeypatch)
    _same(with_it, without)
    assert _skipped(tmp_path) == {"tools/convert.py", "tools/cli.py"}
    # the helper never names torch, but the forward calls it: kept, and its print is a break
    assert (5, "GL201") in {(f.line, f.code) for f in with_it.findings if f.path.endswith("helpers.py")}
    assert not [f for f in with_it.findings if f.path.startswith("tools")]
    assert with_it.files_checked == 5


def test_the_findings_of_a_skipped_group_are_dropped_without_the_prefilter_too(tmp_path, monkeypatch):
    """What GRAPHLINT_NO_PREFILTER=1 lints is what the pre-filter skips: without the drop it would flag the prints."""
    monkeypatch.setenv("GRAPHLINT_NO_PREFILTER", "1")
    result = lint_tree(tmp_path, {"convert.py": TOOLS, "model.py": ALONE}, scope="auto")
    assert not [f for f in result.findings if f.path == "convert.py"]
    assert [f for f in result.findings if f.path == "model.py"]


@pytest.mark.parametrize("link", [
    "from pkg.helpers import describe",  # absolute
    "from .helpers import describe",  # relative
    "from . import helpers",  # a submodule named in `from package import`
    "import pkg.helpers as helpers",  # dotted, aliased
    "from .helpers import (\n    describe,\n)",  # parenthesised over lines
    "x = 1; from .helpers import describe",  # after a semicolon
])
def test_every_import_form_joins_the_files(tmp_path, link):
    files = {"pkg/__init__.py": "", "pkg/model.py": "import torch\n" + link + "\n", "pkg/helpers.py": HELPERS}
    lint_tree(tmp_path, files)
    assert "pkg/helpers.py" not in _skipped(tmp_path)


def test_a_file_that_imports_torch_code_is_kept(tmp_path, monkeypatch):
    """A caller tells the callee what it passes (argument kinds), so the caller's group is the callee's."""
    files = {"model.py": "import torch\n\ndef scale(x, k):\n    return x * k.item()\n",
             "driver.py": "from model import scale\n\ndef run(a, b):\n    print(a)\n    return scale(a, b)\n"}
    with_it, without = _both(tmp_path, files, monkeypatch=monkeypatch)
    _same(with_it, without)
    assert _skipped(tmp_path) == set()


def test_a_helper_with_no_imports_beside_torch_code_is_kept(tmp_path):
    """torchdiffeq's `_impl/interp.py`: no imports at all, among torch modules, counted as torch code."""
    files = {"pkg/__init__.py": "", "pkg/model.py": "import torch\n", "pkg/interp.py": "def f(x):\n    return x\n",
             "other/lone.py": "def g(y):\n    print(y)\n"}
    lint_tree(tmp_path, files)
    assert _skipped(tmp_path) == {"other/lone.py"}


@pytest.mark.parametrize("text, array_code", [
    ("def f(args: argparse.Namespace):\n    print(args)\n", False),
    ("import types\nns = types.SimpleNamespace(a=1)\n", False),
    ("def f(x, xp: ArrayNamespace):\n    return xp.sum(x)\n", True),
    ("def f(x, xp):\n    return xp.sum(x)\n", True),
    ("# works with numpy arrays\ndef f(x):\n    return x\n", True),
])
def test_what_counts_as_array_code(tmp_path, text, array_code):
    lint_tree(tmp_path, {"lib.py": text})
    assert _skipped(tmp_path) == (set() if array_code else {"lib.py"})


def test_a_syntax_error_in_a_file_it_would_skip_is_still_reported(tmp_path, monkeypatch):
    files = {"model.py": ALONE,
             "scripts/broken.py": "import os\ndef f(:\n    pass\n", "scripts/fine.py": "import os\ndef g():\n    return 1\n"}
    with_it, without = _both(tmp_path, files, monkeypatch=monkeypatch)
    _same(with_it, without)
    assert [(e.path, e.kind) for e in with_it.errors] == [("scripts/broken.py", "syntax")]
    assert _skipped(tmp_path) == {"scripts/fine.py"}  # CPython rejects broken.py: it is parsed and reported


def test_the_cli_counts_skipped_files_as_checked(tmp_path):
    for name, text in {"model.py": "import torch\n\ndef f(x):\n    return x.item()\n", "a.py": "print(1)\n",
                       "b.py": "import a\n"}.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    proc = run_cli("check", "--format", "json", "--no-cache", "--scope", "auto", ".", cwd=tmp_path)
    report = json.loads(proc.stdout)
    assert report["summary"]["files_checked"] == 3
    assert {f["path"] for f in report["findings"]} == {"model.py"}
