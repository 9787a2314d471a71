"""Bad input never crashes the tool: one clear line per problem, the rest still linted (item 9)."""

import os

import pytest

from conftest import cli_json, run_cli

GOOD = b"""import torch

@torch.compile
def f(x):
    return x.item()
"""


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "good.py").write_bytes(GOOD)
    return tmp_path


def error_lines(proc):
    return [line for line in proc.stderr.decode().splitlines() if line.startswith("error:")]


def assert_rest_linted(doc):
    assert [(f["path"], f["code"]) for f in doc["findings"]] == [("good.py", "GL101")]


@pytest.mark.parametrize("name, data, kind", [
    ("syntax.py", b"def f(:\n    pass\n", "syntax"),
    ("py2.py", b"print 'hello'\nexec code\n", "syntax"),
    ("latin.py", b"x = '\xe9t\xe9'\n", "decode"),
    ("binary.py", b"\x7fELF\x02\x01\x01\x00\x00\x00" + bytes(range(256)), "binary"),
    ("cookie.py", b"# -*- coding: klingon -*-\nx = 1\n", "decode"),
])
def test_broken_files_are_reported_and_others_still_linted(tree, name, data, kind):
    (tree / name).write_bytes(data)
    proc, doc = cli_json(".", cwd=tree)
    assert proc.returncode == 1
    assert [(e["path"], e["kind"]) for e in doc["errors"]] == [(name, kind)]
    assert_rest_linted(doc)
    lines = error_lines(proc)
    assert len(lines) == 1 and name in lines[0] and kind in lines[0]


def test_syntax_error_has_line_and_column(tree):
    (tree / "syntax.py").write_bytes(b"x = 1\ny = (\n")
    (tree / "params.py").write_bytes(b"def f(:\n    pass\n")
    _, doc = cli_json(".", cwd=tree)
    # where CPython points (libcst's parser points past the error: 2:4 for `def f(:`), with its message
    assert [(e["path"], e["line"], e["column"], e["message"]) for e in doc["errors"]] == [
        ("params.py", 1, 7, "cannot parse: invalid syntax"),
        ("syntax.py", 2, 5, "cannot parse: '(' was never closed"),
    ]


def test_encoding_cookie_and_bom_are_honoured(tree):
    (tree / "latin1.py").write_bytes(b"# -*- coding: latin-1 -*-\nimport torch\n@torch.compile\ndef g(x):\n"
                                     b"    s = '\xe9'\n    return x.tolist()\n")
    (tree / "bom.py").write_bytes(b"\xef\xbb\xbf" + GOOD)
    proc, doc = cli_json(".", cwd=tree)
    assert doc["errors"] == []
    assert sorted((f["path"], f["line"]) for f in doc["findings"]) == [("bom.py", 5), ("good.py", 5), ("latin1.py", 6)]


def test_missing_path_exit_2_but_rest_linted(tree):
    proc, doc = cli_json("good.py", "nope.py", "nodir/", cwd=tree)
    assert proc.returncode == 2
    assert sorted(e["path"] for e in doc["errors"]) == ["nodir/", "nope.py"]
    assert_rest_linted(doc)


def test_unreadable_file(tree):
    # /proc/self/mem exists but cannot be read with read(): a real unreadable file, even for root
    os.symlink("/proc/self/mem", tree / "unreadable.py")
    proc, doc = cli_json(".", cwd=tree)
    assert [(e["path"], e["kind"]) for e in doc["errors"]] == [("unreadable.py", "unreadable")]
    assert_rest_linted(doc)


def test_symlink_loop(tree):
    os.symlink("loop_b.py", tree / "loop_a.py")
    os.symlink("loop_a.py", tree / "loop_b.py")
    os.symlink(".", tree / "selfdir")  # a directory loop: not followed
    proc, doc = cli_json(".", cwd=tree)
    assert sorted(e["path"] for e in doc["errors"]) == ["loop_a.py", "loop_b.py"]
    assert_rest_linted(doc)
    proc, doc = cli_json("loop_a.py", "good.py", cwd=tree)
    assert proc.returncode == 2 and doc["errors"][0]["kind"] == "missing-path"


def test_empty_file(tree):
    (tree / "empty.py").write_bytes(b"")
    proc, doc = cli_json(".", cwd=tree)
    assert doc["errors"] == [] and doc["summary"]["files_checked"] == 2
    assert_rest_linted(doc)


def test_fifty_thousand_line_file(tree):
    body = ["import torch", "from torch import nn", "", "class Big(nn.Module):", "    def forward(self, x):"]
    body += ["        x = x + 1" for _ in range(49_990)]
    body += ["        print(x)", "        return x", ""]
    (tree / "big.py").write_text("\n".join(body))
    proc, doc = cli_json("big.py", cwd=tree)
    assert [(f["line"], f["code"]) for f in doc["findings"]] == [(49_996, "GL201")]


@pytest.mark.parametrize("config, needle", [
    ("[tool.graphlint]\nslect = ['GL1']\n", "slect"),
    ("[tool.graphlint]\nscope = 'everything'\n", "scope"),
    ("[tool.graphlint]\nselect = 'GL1'\n", "select"),
    ("[tool.graphlint]\nselect = ['GL1', 'XX9']\n", "XX9"),
    ("[tool.graphlint]\ntarget-torch = 'latest'\n", "target-torch"),
    ("[tool.graphlint\nselect = ['GL1']\n", "invalid TOML"),
])
def test_bad_config_exits_2_naming_the_key(tree, config, needle):
    (tree / "pyproject.toml").write_text(config)
    proc = run_cli("good.py", cwd=tree)
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert needle in err and err.count("\n") == 1


def test_config_is_applied(tree):
    (tree / "pyproject.toml").write_text("[tool.graphlint]\nignore = ['GL101']\n")
    _, doc = cli_json("good.py", cwd=tree)
    assert doc["findings"] == []
    (tree / "pyproject.toml").write_text("[tool.graphlint]\nper-file-ignores = { 'good.py' = ['GL1'] }\n")
    _, doc = cli_json("good.py", cwd=tree)
    assert doc["findings"] == []
    (tree / "pyproject.toml").write_text("[tool.graphlint]\nexclude = ['good.py']\n")
    _, doc = cli_json(".", cwd=tree)
    assert doc["summary"]["files_checked"] == 0


def test_many_files_in_parallel_match_serial(tree):
    for i in range(20):
        (tree / f"m{i}.py").write_bytes(GOOD.replace(b"def f", b"def f%d" % i))
    (tree / "broken.py").write_bytes(b"def (:\n")
    _, parallel = cli_json(".", "--jobs", "2", cwd=tree)
    _, serial = cli_json(".", "--jobs", "1", cwd=tree)
    assert parallel == serial
    assert len(parallel["findings"]) == 21 and len(parallel["errors"]) == 1


def test_deeply_nested_expression(tree):
    # sympy ships 300-term sums; libcst visits them recursively
    terms = " + ".join(f"s{i % 4}*s{(i + 1) % 4}" for i in range(1500))
    (tree / "deep.py").write_text(f"import torch\n\n@torch.compile\ndef f(s0, s1, s2, s3):\n    print(s0)\n"
                                  f"    return {terms}\n")
    proc, doc = cli_json(".", cwd=tree)
    assert doc["errors"] == []
    assert ("deep.py", "GL201") in {(f["path"], f["code"]) for f in doc["findings"]}


def test_gitignore_is_respected(tree):
    import subprocess
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    (tree / ".gitignore").write_text("generated/\n")
    (tree / "generated").mkdir()
    (tree / "generated" / "gen.py").write_bytes(GOOD)
    _, doc = cli_json(".", cwd=tree)
    assert {f["path"] for f in doc["findings"]} == {"good.py"}
    # named explicitly, an ignored directory is linted
    _, doc = cli_json("generated", cwd=tree)
    assert {f["path"] for f in doc["findings"]} == {"generated/gen.py"}
    (tree / "pyproject.toml").write_text("[tool.graphlint]\nrespect-gitignore = false\n")
    _, doc = cli_json(".", cwd=tree)
    assert {f["path"] for f in doc["findings"]} == {"good.py", "generated/gen.py"}
