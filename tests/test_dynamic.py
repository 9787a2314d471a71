"""The dynamic pass on real Dynamo (torch 2.13 CPU, no mocks): fixtures/audit_project audited end to
end, faulty targets isolated, and `import graphlint` staying torch-free."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graphlint.dynamic.fullgraph import proof_of_failure
from graphlint.dynamic.results import TargetRun
from graphlint.report import audit as audit_report
from graphlint.dynamic.targets import TargetsFileError, list_targets

pytest.importorskip("torch")
REPO = Path(__file__).resolve().parent.parent
PROJECT = REPO / "fixtures" / "audit_project"


def graphlint(*args: str, cwd: Path = REPO, timeout: int = 300) -> tuple[subprocess.CompletedProcess, dict]:
    proc = subprocess.run([sys.executable, "-m", "graphlint", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)
    return proc, (json.loads(proc.stdout) if proc.stdout.strip().startswith("{") else {})


def statuses(doc: dict) -> dict[tuple[int, str], str]:
    return {(f["line"], f["code"]): f["confirmation"]["status"] for f in doc["findings"]}


@pytest.fixture(scope="module")
def audit_run():
    return graphlint("audit", "fixtures/audit_project", "--format", "json")


def test_audit_confirms_refutes_and_adds(audit_run):
    proc, doc = audit_run
    assert proc.returncode == 1, proc.stderr
    assert statuses(doc) == {
        (22, "GL404"): "not-reproduced",  # linted for torch 2.0 (pyproject); no break on 2.13
        (23, "GL101"): "confirmed",
        (37, "GL201"): "not-reached",  # self.debug is False for these inputs
        (38, "GL401"): "confirmed",
        (42, "GL901"): "confirmed",  # inside heapq.nlargest: the static pass cannot see it
    }
    gl901 = next(f for f in doc["findings"] if f["code"] == "GL901")
    assert "GB0007" in gl901["gb"] and "heapq.py" in gl901["message"]
    assert gl901["region"]["kind"] == "dynamic" and gl901["region"]["chain"][0] == "target classifier"
    assert doc["summary"]["by_confirmation"] == {"confirmed": 3, "not-reached": 1, "not-reproduced": 1}
    assert gl901["help"].startswith("Dynamo cannot trace into heapq.nlargest") and "torch.topk" in gl901["help"]
    assert "imports and runs your code" in proc.stderr


def test_audit_reports_graphs_and_fullgraph_verdict(audit_run):
    _, doc = audit_run
    targets = {t["name"]: t for t in doc["targets"]}
    assert set(targets) == {"classifier", "classifier-dynamic-batch"}
    for target in targets.values():
        assert target["status"] == "ok"
        assert target["graph_count"] == len(target["ops_per_graph"]) >= 4
        assert target["fullgraph"]["ok"] is False and "Data-dependent branching" in target["fullgraph"]["error"]
        assert {(b["line"], tuple(b["gb"])) for b in target["breaks"]} >= {(23, ("GB0124",)), (38, ("GB0170",))}


def test_check_dynamic_gives_the_same_result_as_audit(audit_run):
    _, first = audit_run
    proc, second = graphlint("check", "--dynamic", "fixtures/audit_project", "--format", "json")
    assert proc.returncode == 1
    assert statuses(second) == statuses(first)
    assert [f["message"] for f in second["findings"]] == [f["message"] for f in first["findings"]]


def test_static_concise_format_is_unchanged():
    proc, _ = graphlint("check", "fixtures/audit_project", "--format", "concise")
    assert proc.stdout and "[not-run]" not in proc.stdout  # no dynamic pass: the grep format stays as it was


FAULTY_MODEL = '''
import torch


def double(x):
    return x * 2
'''

FAULTY_TARGETS = '''
import os
import time

import torch

import graphlint
from model import double


@graphlint.target
def good():
    return double, (torch.ones(3),)


@graphlint.target(name="raises")
def raising():
    raise ValueError("no sample data")


@graphlint.target
def hangs():
    time.sleep(600)


@graphlint.target
def aborts():
    os.abort()


@graphlint.target
def bad_shape():
    return double


@graphlint.target
def raises_in_forward():
    return double, ("not a tensor", "extra arg")
'''


def _project(root: Path, targets: str, model: str = FAULTY_MODEL) -> Path:
    (root / "model.py").write_text(textwrap.dedent(model))
    (root / "graphlint_targets.py").write_text(textwrap.dedent(targets))
    return root


def test_faulty_targets_become_error_records(tmp_path):
    _project(tmp_path, FAULTY_TARGETS)
    proc, doc = graphlint("audit", ".", "--format", "json", "--timeout", "12", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr  # something ran: not a usage error
    errors = {t["name"]: (t["error"] or {}).get("kind") for t in doc["targets"]}
    assert errors == {"good": None, "raises": "raised", "hangs": "timeout", "aborts": "crashed",
                      "bad_shape": "bad-return", "raises_in_forward": "raised"}
    good = next(t for t in doc["targets"] if t["name"] == "good")
    assert good["breaks"] == [] and good["graph_count"] == 1 and good["fullgraph"]["ok"]
    assert "SIGABRT" in next(t for t in doc["targets"] if t["name"] == "aborts")["error"]["message"]
    assert sum(e["kind"] == "target" for e in doc["errors"]) == 5


def test_targets_file_that_fails_to_import(tmp_path):
    _project(tmp_path, "import graphlint\nimport no_such_module\n\n\n@graphlint.target\ndef t():\n    pass\n")
    proc, doc = graphlint("audit", ".", "--format", "json", cwd=tmp_path)
    assert proc.returncode == 2  # nothing could run
    [target] = doc["targets"]
    assert target["error"]["kind"] == "targets-import" and "no_such_module" in target["error"]["message"]


def test_missing_targets_file_is_a_usage_error(tmp_path):
    (tmp_path / "model.py").write_text(FAULTY_MODEL)
    proc, _ = graphlint("audit", ".", cwd=tmp_path)
    assert proc.returncode == 2 and "no targets file found" in proc.stderr


def test_listing_targets_reads_the_file_without_running_it(tmp_path):
    path = tmp_path / "graphlint_targets.py"
    path.write_text("from graphlint import target as t\nimport graphlint as gl\nraise SystemExit\n\n"
                    "@t\ndef a():\n    pass\n\n@gl.target(name='bee', compile_options={'dynamic': True})\n"
                    "def b():\n    pass\n\ndef helper():\n    pass\n")
    assert [(r.name, r.function, r.compile_options) for r in list_targets(path)] == [
        ("a", "a", {}), ("bee", "b", {"dynamic": True})]
    path.write_text("def helper():\n    pass\n")
    with pytest.raises(TargetsFileError):
        list_targets(path)


def test_torch_missing_names_the_extra(tmp_path):
    """The runner under `python -S` (no site-packages, so no torch) records the install hint."""
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"targets_file": str(PROJECT / "graphlint_targets.py"), "function": "classifier",
                                   "name": "classifier", "linted_files": []}))
    out = tmp_path / "out.json"
    subprocess.run([sys.executable, "-S", "-m", "graphlint.dynamic.runner", str(request), str(out)], cwd=REPO,
                   env={"PYTHONPATH": str(REPO)}, check=True, timeout=60)
    record = json.loads(out.read_text())
    assert record["error_kind"] == "torch-missing" and "graphlint[dynamic]" in record["error"]


def test_import_graphlint_does_not_import_torch():
    code = "import sys, graphlint; graphlint.target; print('torch' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


VERDICT_MODEL = '''
import torch


def branches(x):
    if x.sum() > 0:
        return x + 1
    return x - 1


def scalar(x):
    return x * x.sum().item()
'''

VERDICT_TARGETS = '''
import torch

import graphlint
from model import branches, scalar


@graphlint.target
def branchy():
    return branches, (torch.ones(3),)


@graphlint.target
def item_only():
    return scalar, (torch.ones(3),)


@graphlint.target
def hog():
    big = torch.ones(2 ** 29)  # 2 GiB, every page written: far above --max-memory 1000
    return (lambda x: x * big[0]), (torch.ones(3),)
'''

BRANCHY_ONLY_TARGETS = '''
import torch

import graphlint
from model import branches


@graphlint.target
def branchy():
    return branches, (torch.ones(3),)
'''


def test_fullgraph_verdict_inferred_or_ran_and_memory_cap(tmp_path):
    """GB0170 decides the verdict without a second compile; a lone `.item()` (which fullgraph=True
    captures) needs the compile; a target over --max-memory is killed and the others still run."""
    _project(tmp_path, VERDICT_TARGETS, VERDICT_MODEL)
    proc, doc = graphlint("audit", ".", "--format", "json", "--max-memory", "1000", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    targets = {t["name"]: t for t in doc["targets"]}
    branchy = targets["branchy"]["fullgraph"]
    assert branchy["basis"] == "inferred" and branchy["inferred_from"] == "GB0170 at model.py:6"
    assert branchy["ok"] is False and branchy["seconds"] == 0 and "Data-dependent branching" in branchy["error"]
    item_only = targets["item_only"]
    assert [tuple(b["gb"]) for b in item_only["breaks"]] == [("GB0124",)]
    assert item_only["fullgraph"]["basis"] == "ran" and item_only["fullgraph"]["inferred_from"] is None
    assert item_only["fullgraph"]["ok"] is True  # on 2.13 fullgraph=True captures the .item()
    assert targets["hog"]["status"] == "error" and targets["hog"]["error"]["kind"] == "memory"
    assert "1000 MB" in targets["hog"]["error"]["message"]


@pytest.fixture(scope="module")
def branchy_project(tmp_path_factory):
    return _project(tmp_path_factory.mktemp("branchy"), BRANCHY_ONLY_TARGETS, VERDICT_MODEL)


def test_audit_text_labels_the_verdict_and_the_torch_version():
    """Rendering only (the verdicts themselves come from real Dynamo above): runner records as written."""
    inferred = TargetRun.from_json({"target": "a", "torch_version": "2.13.0+cpu", "fullgraph": {
        "ok": False, "error": "Data-dependent branching", "inferred_from": {"gb": "GB0170", "site": ["m.py", 6, "f"]}}})
    ran = TargetRun.from_json({"target": "b", "torch_version": "2.11.0+cu130",
                               "fullgraph": {"ok": False, "error": "Unsupported: Data-dependent branching"}})
    assert audit_report.fullgraph_verdict(inferred) == (
        'fullgraph=True (backend="eager"): fails (inferred from GB0170 at m.py:6, not compiled): '
        "Data-dependent branching")
    assert audit_report.fullgraph_verdict(ran).endswith("fails (ran): Unsupported: Data-dependent branching")
    caveat = audit_report.fullgraph_caveat([inferred, ran])
    assert "(measured on torch 2.13)" in caveat and "ran on torch 2.11.0+cu130, 2.13.0+cpu" in caveat
    assert "Whether torch 2.11.0+cu130 does the same was not measured" in caveat
    assert "not measured" not in audit_report.fullgraph_caveat([inferred])


def test_full_format_shows_the_confirmation(branchy_project):
    proc, _ = graphlint("check", "--dynamic", ".", "--format", "full", cwd=branchy_project)
    assert proc.returncode == 1, proc.stderr
    out = " ".join(proc.stdout.split())
    assert "GL401" in out and "dynamic: confirmed by target branchy (GB0170: Data-dependent branching)" in out


def test_concise_format_shows_the_confirmation(branchy_project):
    proc, _ = graphlint("check", "--dynamic", ".", "--format", "concise", cwd=branchy_project)
    assert proc.returncode == 1, proc.stderr
    [line] = [line for line in proc.stdout.splitlines() if " GL401 " in line]
    assert line.startswith("model.py:6:") and line.endswith(" [confirmed]")


def test_fullgraph_failure_is_inferred_only_from_breaks_it_keeps():
    item = {"kind": "break", "gb": ["GB0124"], "reason": "item", "site": ["/p/m.py", 3, "f"], "stack": []}
    branch = {"kind": "break", "gb": ["GB0170"], "reason": "Data-dependent branching", "site": ["/p/m.py", 5, "f"],
              "stack": [["/p/m.py", 5, "f"]]}
    skipped_frame = {**branch, "kind": "skip"}
    assert proof_of_failure([item], "2.13.0+cpu") is None  # fullgraph=True captures .item()
    assert proof_of_failure([skipped_frame], "2.13.0") is None
    assert proof_of_failure([item, branch], "2.13.0+cpu").site == ("/p/m.py", 5, "f")
    assert proof_of_failure([branch], "2.11.0+cu130") is None  # not measured there: compile it
    assert proof_of_failure([{**branch, "gb": ["GB0170", "GB0036"]}], "2.13.0") is None
    assert proof_of_failure([{"kind": "break"}], "2.13.0") is None  # a malformed record is no proof


NOQA_MODEL = '''
import heapq

import torch


def top_two(x):
    best = heapq.nlargest(2, [x[0].sum(), x[1].sum(), x[2].sum()])  # noqa: GL901
    return torch.stack(best) + x.sum()
'''

NOQA_TARGETS = '''
import torch

import graphlint
from model import top_two


@graphlint.target
def top():
    return top_two, (torch.ones(3, 2),)
'''


def test_noqa_silences_a_dynamic_only_break(tmp_path):
    _project(tmp_path, NOQA_TARGETS, NOQA_MODEL)
    proc, doc = graphlint("check", "--dynamic", ".", "--format", "json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr  # the only break is suppressed, so nothing to report
    assert doc["findings"] == [] and doc["summary"]["suppressed"] == 1
