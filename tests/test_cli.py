"""The real CLI in a subprocess: default command, formats, selection, exit codes, stdin, explain/rules."""

import json

from conftest import cli_json, run_cli

MODEL = b"""import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print("shape", x.shape)
        if x.sum() > 0:
            x = x * 2
        return x * x.max().item()
"""
CLEAN = b"""import torch


def train(model, batches, opt):
    for x in batches:   # a training loop: driver code, not traced under the default scope
        loss = model(x).sum()
        loss.backward()
        opt.step()
        print(loss.item())
"""


def write(tmp_path, name, data):
    p = tmp_path / name
    p.write_bytes(data)
    return p


def test_default_command_equals_check(tmp_path):
    write(tmp_path, "model.py", MODEL)
    a = run_cli("--format", "concise", "model.py", cwd=tmp_path)
    b = run_cli("check", "--format", "concise", "model.py", cwd=tmp_path)
    assert a.returncode == b.returncode == 1
    assert a.stdout == b.stdout
    assert a.stdout.decode().splitlines() == [
        "model.py:7:9: GL201 [*] `print()` in traced code",  # [*]: a fix exists
        "model.py:8:9: GL401 [*] `if`/`while` branches on a tensor value",
        "model.py:10:20: GL101 [*] `.item()` pulls a Python number out of a tensor",
    ]


def test_default_path_is_cwd(tmp_path):
    write(tmp_path, "model.py", MODEL)
    proc = run_cli("--format", "concise", cwd=tmp_path)
    assert proc.returncode == 1 and b"model.py:7:9" in proc.stdout


def test_clean_file_exits_zero_and_exit_zero_flag(tmp_path):
    write(tmp_path, "clean.py", CLEAN)
    write(tmp_path, "model.py", MODEL)
    assert run_cli("clean.py", cwd=tmp_path).returncode == 0
    assert run_cli("--exit-zero", "model.py", cwd=tmp_path).returncode == 0


def test_full_output_has_frame_chain_help_and_gb(tmp_path):
    write(tmp_path, "model.py", MODEL)
    proc = run_cli("model.py", cwd=tmp_path)
    out = proc.stdout.decode()
    assert "GL101" in out and "--> model.py:10:20" in out
    assert "10 |         return x * x.max().item()" in out
    assert "   |                    ^^^^^^^^^^^^^^ GL101" in out
    assert "region: Net.forward" in out
    assert "help:" in out
    assert "GB0124 https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0124.html" in out
    assert "Found 3 graph-break findings in 1 file" in proc.stderr.decode()


def test_select_ignore_prefixes(tmp_path):
    write(tmp_path, "model.py", MODEL)
    _, doc = cli_json("--select", "GL2", "model.py", cwd=tmp_path)
    assert [f["code"] for f in doc["findings"]] == ["GL201"]
    _, doc = cli_json("--ignore", "GL201,GL4", "model.py", cwd=tmp_path)
    assert [f["code"] for f in doc["findings"]] == ["GL101"]
    _, doc = cli_json("--select", "GL101", "--extend-select", "GL401", "model.py", cwd=tmp_path)
    assert [f["code"] for f in doc["findings"]] == ["GL401", "GL101"]


def test_unknown_rule_code_is_a_usage_error(tmp_path):
    write(tmp_path, "model.py", MODEL)
    proc = run_cli("--select", "GL999", "model.py", cwd=tmp_path)
    assert proc.returncode == 2
    assert "GL999" in proc.stderr.decode() and proc.stderr.decode().count("\n") == 1


def test_scope_option(tmp_path):
    write(tmp_path, "clean.py", CLEAN)
    _, doc = cli_json("clean.py", cwd=tmp_path)
    assert doc["findings"] == []  # the default scope (auto) leaves training loops alone
    _, doc = cli_json("--scope", "all", "clean.py", cwd=tmp_path)
    # `.backward()` in the loop makes Dynamo skip the frame: the step and the print after it are folded into it
    assert [(f["line"], f["code"]) for f in doc["findings"]] == [(7, "GL702")]
    assert doc["findings"][0]["region"] == {"kind": "all", "chain": ["train"]}
    assert "(lines 8, 9)" in doc["findings"][0]["message"]


def test_target_torch_gates_version_dependent_rules(tmp_path):
    code = b"""import torch

@torch.compile
def f(x):
    assert (x >= 0).all()
    return x
"""
    write(tmp_path, "a.py", code)
    _, new = cli_json("--target-torch", "2.13", "a.py", cwd=tmp_path)
    _, old = cli_json("--target-torch", "2.0", "a.py", cwd=tmp_path)
    assert new["findings"] == [] and new["torch_target"] == {"version": "2.13", "source": "cli"}
    assert [f["code"] for f in old["findings"]] == ["GL404"]
    assert run_cli("--target-torch", "banana", "a.py", cwd=tmp_path).returncode == 2


def test_stdin_with_filename(tmp_path):
    proc, doc = cli_json("-", "--stdin-filename", "src/model.py", cwd=tmp_path, stdin=MODEL)
    assert proc.returncode == 1
    assert {f["path"] for f in doc["findings"]} == {"src/model.py"}
    assert len(doc["findings"]) == 3


def test_statistics_and_quiet(tmp_path):
    write(tmp_path, "model.py", MODEL)
    proc = run_cli("--statistics", "model.py", cwd=tmp_path)
    rows = [line.split() for line in proc.stdout.decode().splitlines() if line.strip()]
    assert sorted(r[:2] for r in rows) == [["1", "GL101"], ["1", "GL201"], ["1", "GL401"]]
    quiet = run_cli("--quiet", "--format", "concise", "model.py", cwd=tmp_path)
    assert quiet.stderr == b"" and quiet.stdout.count(b"\n") == 3


def test_color_always_and_never(tmp_path):
    write(tmp_path, "model.py", MODEL)
    colored = run_cli("--color", "always", "model.py", cwd=tmp_path, env={"NO_COLOR": ""})
    plain = run_cli("--color", "never", "model.py", cwd=tmp_path)
    assert b"\x1b[" in colored.stdout
    assert b"\x1b[" not in plain.stdout


def test_rules_and_explain(tmp_path):
    proc = run_cli("rules", "--format", "json")
    doc = json.loads(proc.stdout)
    codes = [r["code"] for r in doc["rules"]]
    assert "GL101" in codes and codes == sorted(codes)
    page = run_cli("explain", "GL101").stdout.decode()
    for section in ("## What it does", "## Why it breaks the graph", "## Example", "## Use instead",
                    "## Fix safety", "## References"):
        assert section in page
    by_name = run_cli("explain", "tensor-item").stdout.decode()
    assert by_name == page
    bad = run_cli("explain", "GL000")
    assert bad.returncode == 2 and b"GL000" in bad.stderr


def test_version_and_help():
    assert run_cli("--version").stdout.decode().startswith("graphlint ")
    assert b"--target-torch" in run_cli("check", "--help").stdout
