"""`--fix`, `--unsafe-fixes`, `--diff`, `--show-fixes` through the real CLI on real files: what is written,
what is kept (encoding, BOM, line endings, permissions, comments), and what is never written."""

from __future__ import annotations

import os
import shutil
import stat
import textwrap
from pathlib import Path

import libcst as cst

from conftest import REPO, run_cli
from graphlint.findings import Edit, Finding, Fix, Region
from graphlint.fixer import fix_text

GLOBALS = textwrap.dedent('''\
    import torch

    SCALE = 3.0


    @torch.compile
    def scaled(x):
        # keep this comment
        return x * globals()["SCALE"]
    ''')

PRINTS = textwrap.dedent('''\
    import torch


    @torch.compile
    def step(x):
        y = x * 2
        print("y", y)  # a comment stays
        return y + x.sum().item()
    ''')


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_fix_applies_the_safe_fix_and_a_second_run_changes_nothing(tmp_path):
    path = _write(tmp_path, "m.py", GLOBALS)
    first = run_cli("check", "--fix", "m.py", cwd=tmp_path)
    assert first.returncode == 0, first.stderr.decode()
    assert path.read_text() == GLOBALS.replace('globals()["SCALE"]', "SCALE")
    assert "Fixed 1 finding" in first.stderr.decode()
    second = run_cli("check", "--fix", "m.py", cwd=tmp_path)
    assert second.returncode == 0 and path.read_text() == GLOBALS.replace('globals()["SCALE"]', "SCALE")


def test_unsafe_fixes_need_the_flag(tmp_path):
    path = _write(tmp_path, "m.py", PRINTS)
    proc = run_cli("check", "--fix", "m.py", cwd=tmp_path)
    assert proc.returncode == 1 and path.read_text() == PRINTS
    assert "2 fixable with `--fix --unsafe-fixes`" in proc.stderr.decode()
    proc = run_cli("check", "--fix", "--unsafe-fixes", "--show-fixes", "m.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout.decode()
    assert path.read_text() == PRINTS.replace(
        '    print("y", y)  # a comment stays\n',
        '    if not torch.compiler.is_compiling():\n        print("y", y)  # a comment stays\n',
    ).replace("x.sum().item()", "x.sum()")
    err = proc.stderr.decode()
    assert "fixed m.py:7:5: GL201" in err and "fixed m.py:8:16: GL101" in err


def test_diff_writes_nothing_and_shows_the_change(tmp_path):
    path = _write(tmp_path, "m.py", PRINTS)
    proc = run_cli("check", "--diff", "--unsafe-fixes", "m.py", cwd=tmp_path)
    out = proc.stdout.decode()
    assert proc.returncode == 1 and path.read_text() == PRINTS
    assert "--- a/m.py" in out and "+    if not torch.compiler.is_compiling():" in out and "-    print(" in out
    assert "Would fix 2 findings" in proc.stderr.decode()
    clean = run_cli("check", "--diff", "m.py", cwd=tmp_path)  # no safe fix here: nothing to show
    assert clean.returncode == 0 and clean.stdout == b""


def test_crlf_bom_and_encoding_are_kept(tmp_path):
    crlf = tmp_path / "crlf.py"
    crlf.write_bytes(b"\xef\xbb\xbf" + GLOBALS.replace("\n", "\r\n").encode())
    latin = tmp_path / "latin.py"
    latin.write_bytes(("# -*- coding: latin-1 -*-\n# caf\xe9\n" + GLOBALS).encode("latin-1"))
    assert run_cli("check", "--fix", ".", cwd=tmp_path).returncode == 0
    assert crlf.read_bytes() == b"\xef\xbb\xbf" + GLOBALS.replace('globals()["SCALE"]', "SCALE").replace(
        "\n", "\r\n").encode()
    assert latin.read_bytes() == ("# -*- coding: latin-1 -*-\n# caf\xe9\n"
                                  + GLOBALS.replace('globals()["SCALE"]', "SCALE")).encode("latin-1")


def test_crlf_file_with_a_multi_line_guard(tmp_path):
    text = PRINTS.replace('print("y", y)', 'print("y",\n          y)').replace("\n", "\r\n")
    path = tmp_path / "m.py"
    path.write_bytes(text.encode())
    assert run_cli("check", "--fix", "--unsafe-fixes", "m.py", cwd=tmp_path).returncode == 0
    data = path.read_bytes()
    assert b"\r\r" not in data and data.count(b"\r\n") == data.count(b"\n")
    assert b"    if not torch.compiler.is_compiling():\r\n        print(\"y\",\r\n          y)" in data
    cst.parse_module(data.decode())


def test_permissions_and_symlinks_survive_the_atomic_write(tmp_path):
    real = _write(tmp_path, "real.py", GLOBALS)
    os.chmod(real, 0o750)
    (tmp_path / "link.py").symlink_to("real.py")
    assert run_cli("check", "--fix", "link.py", cwd=tmp_path).returncode == 0
    assert (tmp_path / "link.py").is_symlink() and "globals()" not in real.read_text()
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o750
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != ".graphlint_cache")  # the cache is no leftover
    assert left == ["link.py", "real.py"]  # no temporary file left


def test_import_torch_is_added_once_when_missing(tmp_path):
    text = textwrap.dedent('''\
        """A module that only imports torch.nn."""
        import math
        import torch.nn as nn


        class Net(nn.Module):
            def forward(self, x):
                a = math.sqrt(x.abs().sum())
                return x * a if x.mean() > 0 else -x
        ''')
    path = _write(tmp_path, "net.py", text)
    assert run_cli("check", "--fix", "--unsafe-fixes", "net.py", cwd=tmp_path).returncode == 0
    fixed = path.read_text()
    assert fixed.count("import torch\n") == 1
    assert fixed.index("import torch\n") > fixed.index("import torch.nn as nn")
    assert "a = torch.sqrt(x.abs().sum())" in fixed and "torch.where(x.mean() > 0, x * a, -x)" in fixed


def test_overlapping_fixes_are_applied_over_several_rounds(tmp_path):
    text = textwrap.dedent('''\
        import math

        import torch


        @torch.compile
        def check(t):
            ok = (math.sqrt(t.abs().sum()) > 1) and (t.mean() < 10)
            return t * ok
        ''')
    path = _write(tmp_path, "m.py", text)
    assert run_cli("check", "--fix", "--unsafe-fixes", "m.py", cwd=tmp_path).returncode == 0
    assert "ok = torch.logical_and(torch.sqrt(t.abs().sum()) > 1, t.mean() < 10)" in path.read_text()


def test_a_fix_that_would_not_parse_leaves_the_text_alone():
    text = "x = 1\n"
    broken = Finding("GL606", "globals-call", "m", "error", "m.py", 1, 1, 1, 6, Region("all", ()), (),
                     fix=Fix("safe", "bad", (Edit(1, 1, 1, 2, "def"),)))
    outcome = fix_text("m.py", text, [broken], unsafe=False)
    assert outcome.kind == "fix" and "does not parse" in outcome.message


def test_files_with_errors_are_never_written(tmp_path):
    broken = _write(tmp_path, "broken.py", GLOBALS + "def oops(:\n")
    binary = tmp_path / "blob.py"
    binary.write_bytes(b"\x00\x01import torch")
    good = _write(tmp_path, "good.py", GLOBALS)
    proc = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert broken.read_text() == GLOBALS + "def oops(:\n" and binary.read_bytes() == b"\x00\x01import torch"
    assert "globals()" not in good.read_text()
    err = proc.stderr.decode()
    assert "broken.py" in err and "blob.py" in err and proc.returncode == 1


def test_fix_on_stdin_prints_the_fixed_buffer(tmp_path):
    proc = run_cli("check", "--fix", "-", "--stdin-filename", "m.py", cwd=tmp_path, stdin=GLOBALS.encode())
    assert proc.returncode == 0 and proc.stdout.decode() == GLOBALS.replace('globals()["SCALE"]', "SCALE")
    assert not (tmp_path / "m.py").exists()


def test_json_carries_the_edits_for_editors(tmp_path):
    import json

    _write(tmp_path, "m.py", GLOBALS)
    proc = run_cli("check", "--format", "json", "m.py", cwd=tmp_path)
    fix = json.loads(proc.stdout)["findings"][0]["fix"]
    assert fix == {"applicability": "safe", "message": "Reference the global directly: `SCALE`",
                   "edits": [{"line": 9, "column": 16, "end_line": 9, "end_column": 34, "content": "SCALE"}]}


def test_fixing_the_fixtures_twice_changes_nothing_the_second_time(tmp_path):
    shutil.copytree(REPO / "fixtures" / "cases", tmp_path / "cases")
    first = run_cli("check", "--fix", "--unsafe-fixes", "--exit-zero", "cases", cwd=tmp_path)
    assert "Fixed " in first.stderr.decode()
    after_first = {p.name: p.read_text() for p in (tmp_path / "cases").glob("*.py")}
    for text in after_first.values():
        cst.parse_module(text)
    second = run_cli("check", "--fix", "--unsafe-fixes", "--exit-zero", "cases", cwd=tmp_path)
    assert "Fixed " not in second.stderr.decode()
    assert {p.name: p.read_text() for p in (tmp_path / "cases").glob("*.py")} == after_first


def test_each_rules_fix_tier_is_the_one_its_page_states(tmp_path):
    """The page's `fix` field is what the check emits: every fix found over the fixtures and the rule
    examples has the page's tier, and every rule whose page promises a fix produces one there."""
    import json

    from graphlint.catalog import load_catalog

    catalog = load_catalog()
    shutil.copytree(REPO / "fixtures" / "cases", tmp_path / "cases")
    for code, rule in catalog.items():
        for i, src in enumerate(rule.examples("Example")):
            (tmp_path / "cases" / f"example_{code}_{i}.py").write_text(src)
    explicit = [code for code, rule in catalog.items() if rule.explicit_only]  # GL001: on when named
    proc = run_cli("check", "--format", "json", "--exit-zero", "--extend-select", ",".join(explicit), "cases",
                   cwd=tmp_path)
    emitted: dict[str, set[str]] = {}
    for finding in json.loads(proc.stdout)["findings"]:
        if finding["fix"] and finding["fix"]["edits"]:
            emitted.setdefault(finding["code"], set()).add(finding["fix"]["applicability"])
    assert {code: tiers for code, tiers in emitted.items() if tiers != {catalog[code].fix}} == {}
    promised = {code for code, rule in catalog.items() if rule.fix in ("safe", "unsafe")}
    assert promised == set(emitted)


def test_line_separators_other_than_newlines_do_not_shift_the_edits(tmp_path):
    """A form feed between definitions and a U+2028 inside a string are not line breaks for Python
    (str.splitlines thinks they are): the fix lands on the finding, and the string is left alone."""
    source = 'import torch\n\x0c\nK = 2\n\n\n@torch.compile\ndef f(x):\n    s = "a\u2028b\x1cc"\n    return x * globals()["K"]\n'
    path = tmp_path / "ff.py"
    path.write_text(source, encoding="utf-8")
    proc = run_cli("check", "--fix", "ff.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert path.read_text(encoding="utf-8") == source.replace('globals()["K"]', "K")
