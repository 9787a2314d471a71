"""Pins the `--format json` contract (DESIGN.md "JSON"; documented in README.md)."""

from conftest import cli_json

MODEL = b"""import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        return x * x.max().item()
"""

FINDING_KEYS = {"code", "name", "message", "severity", "path", "line", "column", "end_line", "end_column",
                "region", "gb", "url", "help", "fix", "confirmation"}


def test_json_document_shape(tmp_path):
    (tmp_path / "model.py").write_bytes(MODEL)
    (tmp_path / "broken.py").write_bytes(b"def (:\n")
    proc, doc = cli_json(".", "--target-torch", "2.13.0", cwd=tmp_path)
    assert proc.returncode == 1
    assert set(doc) == {"version", "tool", "torch_target", "findings", "errors", "summary"}
    assert doc["version"] == 1
    assert doc["tool"]["name"] == "graphlint" and isinstance(doc["tool"]["version"], str)
    assert doc["torch_target"] == {"version": "2.13.0", "source": "cli"}
    assert doc["summary"] == {"files_checked": 1, "findings": 1, "errors": 1, "suppressed": 0,
                              "by_code": {"GL101": 1}}
    [finding] = doc["findings"]
    assert set(finding) == FINDING_KEYS
    assert finding == {
        "code": "GL101", "name": "tensor-item",
        "message": "`.item()` pulls a Python number out of a tensor",
        "severity": "error", "path": "model.py",
        "line": 7, "column": 20, "end_line": 7, "end_column": 34,  # 1-based, end exclusive
        "region": {"kind": "module", "chain": ["Net.forward"]},
        "gb": ["GB0124"],
        "url": "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0124.html",
        "help": finding["help"],
        # the edit replaces the range with new text (1-based, end exclusive, like findings)
        "fix": {"applicability": "unsafe", "message": "Keep the value a 0-d tensor: drop `.item()`",
                "edits": [{"line": 7, "column": 20, "end_line": 7, "end_column": 34, "content": "x.max()"}]},
        "confirmation": {"status": "not-run", "target": None, "detail": None},
    }
    assert isinstance(finding["help"], str) and finding["help"]
    [error] = doc["errors"]
    assert error["path"] == "broken.py" and error["kind"] == "syntax" and error["line"] == 1
    source_line = MODEL.decode().splitlines()[finding["line"] - 1]
    assert source_line[finding["column"] - 1:finding["end_column"] - 1] == "x.max().item()"


def test_findings_sorted_by_path_line_column(tmp_path):
    for name in ("b.py", "a.py"):
        (tmp_path / name).write_bytes(MODEL.replace(b"return", b"print(x)\n        return"))
    _, doc = cli_json(".", cwd=tmp_path)
    keys = [(f["path"], f["line"], f["column"]) for f in doc["findings"]]
    assert keys == sorted(keys) and len(keys) == 4
