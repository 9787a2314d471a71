"""CI formats through the real CLI: `--format sarif` (validated against the official SARIF 2.1.0 schema,
tests/data/sarif-schema-2.1.0.json) and `--format github` (workflow-command annotations)."""

from __future__ import annotations

import copy
import difflib
import json
import re
import shutil
from collections import Counter
from urllib.parse import unquote

import pytest
from jsonschema import Draft7Validator, FormatChecker
from jsonschema.validators import validator_for

from conftest import REPO, run_cli
from graphlint.engine import LintResult
from graphlint.findings import Confirmation, Edit, FileError, Finding, Fix, Region
from graphlint.report import github, sarif
from graphlint.torch_version import TorchTarget

SCHEMA_PATH = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"

MODEL = """\
import torch
import torch.nn as nn

SCALE = 0.5


class Net(nn.Module):
    def forward(self, x):
        print("shape", x.shape)
        factor = globals()["SCALE"]
        total = x.sum().item()
        y = x * factor / total
        total = x.sum().item()
        return y * total
"""

# ---------------------------------------------------------------- RFC 3986 (jsonschema checks "uri" and
# "uri-reference" only with optional packages, not installed here: without these, any string would pass)
_UNRESERVED = r"A-Za-z0-9\-._~"
_SUB_DELIMS = r"!$&'()*+,;="
_PCT = r"%[0-9A-Fa-f]{2}"
_PCHAR = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}:@]|{_PCT})"
_SEGMENT, _SEGMENT_NZ = rf"{_PCHAR}*", rf"{_PCHAR}+"
_SEGMENT_NZ_NC = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}@]|{_PCT})+"  # no colon: would read as a scheme
_HOST = rf"(?:\[[0-9A-Fa-fvV:.{_UNRESERVED}{_SUB_DELIMS}]+\]|(?:[{_UNRESERVED}{_SUB_DELIMS}]|{_PCT})*)"
_AUTHORITY = rf"(?:(?:[{_UNRESERVED}{_SUB_DELIMS}:]|{_PCT})*@)?{_HOST}(?::[0-9]*)?"
_PATH_ABEMPTY = rf"(?:/{_SEGMENT})*"
_PATH_ABSOLUTE = rf"/(?:{_SEGMENT_NZ}(?:/{_SEGMENT})*)?"
_TAIL = rf"(?:\?(?:{_PCHAR}|[/?])*)?(?:#(?:{_PCHAR}|[/?])*)?"
URI = re.compile(rf"[A-Za-z][A-Za-z0-9+.\-]*:(?://{_AUTHORITY}{_PATH_ABEMPTY}|{_PATH_ABSOLUTE}|"
                 rf"{_SEGMENT_NZ}(?:/{_SEGMENT})*|){_TAIL}")
RELATIVE_REF = re.compile(rf"(?://{_AUTHORITY}{_PATH_ABEMPTY}|{_PATH_ABSOLUTE}|"
                          rf"{_SEGMENT_NZ_NC}(?:/{_SEGMENT})*|){_TAIL}")


def format_checker() -> FormatChecker:
    checker = FormatChecker()
    checker.checks("uri")(lambda value: not isinstance(value, str) or bool(URI.fullmatch(value)))
    checker.checks("uri-reference")(
        lambda value: not isinstance(value, str) or bool(URI.fullmatch(value) or RELATIVE_REF.fullmatch(value)))
    return checker


def load_schema() -> dict:
    """The schema file, rooted. This copy (draft-07) keeps the log-file object's constraints in
    `definitions/Root` and nothing at its top level, so validating against the file as it stands accepts
    any JSON document at all: the root is applied here explicitly."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert "Root" in schema["definitions"] and "properties" not in schema
    return {**schema, "allOf": [{"$ref": "#/definitions/Root"}]}


@pytest.fixture(scope="module")
def validator():
    schema = load_schema()
    cls = validator_for(schema)
    assert cls is Draft7Validator  # the schema declares draft-07
    cls.check_schema(schema)
    return cls(schema, format_checker=format_checker())


def test_the_schema_root_is_enforced(validator):
    raw = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert Draft7Validator(raw).is_valid({"not": "sarif"})  # why load_schema() adds the root
    assert schema_errors(validator, {"not": "sarif"})
    assert schema_errors(validator, {"version": "2.1.0", "runs": [], "extra": 1})
    assert schema_errors(validator, {"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]})  # driver.name
    assert schema_errors(validator, {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                                                    "results": [{"message": {}, "level": "bad"}]}]})
    assert schema_errors(validator, {"version": "2.1.0", "runs": [], "$schema": "not a uri"})
    assert schema_errors(validator, {"version": "2.1.0", "runs": []}) == []


def schema_errors(validator, doc) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(doc)]


def sarif_run(*args, cwd):
    proc = run_cli("check", "--format", "sarif", *args, cwd=cwd)
    return proc, json.loads(proc.stdout)


@pytest.fixture(scope="module")
def fixtures_outputs():
    """The fixtures directory linted once per format (the slow part of this module)."""
    sarif_proc = run_cli("check", "--format", "sarif", "fixtures/", cwd=REPO)
    json_proc = run_cli("check", "--format", "json", "fixtures/", cwd=REPO)
    github_proc = run_cli("check", "--format", "github", "fixtures/", cwd=REPO)
    return sarif_proc, json.loads(sarif_proc.stdout), json.loads(json_proc.stdout), github_proc


# ---------------------------------------------------------------- SARIF on the fixtures

def test_fixtures_sarif_validates_against_the_schema(fixtures_outputs, validator):
    proc, doc, _, _ = fixtures_outputs
    assert proc.returncode == 1  # findings
    assert doc["version"] == "2.1.0" and doc["$schema"].startswith("https://")
    assert len(doc["runs"]) == 1
    assert schema_errors(validator, doc) == []


def test_the_format_checks_are_live(fixtures_outputs, validator):
    """A path with a space or a non-ASCII character unencoded, or a bad helpUri, must fail validation."""
    _, doc, _, _ = fixtures_outputs
    for bad in ("my dir/a.py", "módulo.py", "a%zz.py", "dir\\a.py", "a#b#c.py"):
        broken = copy.deepcopy(doc)
        broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] = bad
        assert schema_errors(validator, broken), bad
    broken = copy.deepcopy(doc)
    broken["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] = "gb0124.html"  # relative: not a URI
    assert schema_errors(validator, broken)


def test_results_match_the_json_findings(fixtures_outputs):
    _, doc, json_doc, _ = fixtures_outputs
    run = doc["runs"][0]
    findings = json_doc["findings"]
    assert len(findings) > 100
    assert len(run["results"]) == len(findings) == json_doc["summary"]["findings"]
    assert Counter(r["ruleId"] for r in run["results"]) == Counter(json_doc["summary"]["by_code"])
    for result, finding in zip(run["results"], findings):
        location = result["locations"][0]["physicalLocation"]
        assert result["ruleId"] == finding["code"]
        assert location["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        assert unquote(location["artifactLocation"]["uri"]) == finding["path"]
        assert location["region"] == {"startLine": finding["line"], "startColumn": finding["column"],
                                      "endLine": finding["end_line"], "endColumn": finding["end_column"]}
        assert result["level"] == {"error": "error", "warning": "warning"}.get(finding["severity"], "note")
        assert result["message"]["text"].startswith(finding["message"])
        assert result["properties"]["gb"] == finding["gb"]
        assert ("fixes" in result) == bool(finding["fix"] and finding["fix"]["edits"])
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == REPO.resolve().as_uri() + "/"
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["invocations"] == [{"executionSuccessful": True}]
    assert run["properties"]["filesChecked"] == json_doc["summary"]["files_checked"]


def test_rules_carry_docs_and_rule_index_resolves(fixtures_outputs):
    _, doc, _, _ = fixtures_outputs
    rules = doc["runs"][0]["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    assert ids == sorted(set(ids))
    for result in doc["runs"][0]["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    item = rules[ids.index("GL101")]
    assert item["name"] == "tensor-item"
    assert item["helpUri"] == "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0124.html"
    assert item["help"]["markdown"].startswith("# GL101 tensor-item")
    assert "## Why it breaks the graph" in item["help"]["markdown"] and "```python" in item["help"]["markdown"]
    assert "```" not in item["help"]["text"] and "## " not in item["help"]["text"]
    assert item["fullDescription"]["text"].startswith("Flags a call to .item()")
    assert "\n" not in item["fullDescription"]["text"]
    assert item["shortDescription"]["text"] == ".item() pulls a Python number out of a tensor"
    assert item["defaultConfiguration"]["level"] == "error"
    assert "scalar extraction" in item["properties"]["tags"]
    assert item["properties"]["measuredOn"] and item["properties"]["breaksOn"]
    init = rules[ids.index("GL705")]["fullDescription"]["text"]
    assert init.startswith("Flags super().__init__() (also")  # code spans kept verbatim, `__` included
    index = rules[ids.index("GL104")]["fullDescription"]
    assert "range(n) where n is a tensor" in index["text"]  # "…on it:" takes its list along
    assert "\n\n- " in index["markdown"]
    if "GL001" in ids:  # unused-suppression: about graphlint's own comments, not a graph break
        assert rules[ids.index("GL001")]["properties"]["tags"][0] == "maintainability"
    for rule in rules:
        assert rule["fullDescription"]["text"] and rule["help"]["markdown"]
        assert ("helpUri" in rule) == bool(rule["properties"]["gb"])
        assert len(rule["properties"]["tags"]) <= 10  # GitHub shows 10 tags per rule


def test_github_format_on_the_fixtures(fixtures_outputs):
    *_, json_doc, proc = fixtures_outputs
    lines = proc.stdout.decode("utf-8").splitlines()
    assert proc.returncode == 1
    assert len(lines) == len(json_doc["findings"])
    assert all(re.match(r"::(error|warning|notice) file=[^:]+,line=\d+,", line) for line in lines)
    assert "Found " in proc.stderr.decode()  # the summary goes to stderr


# ---------------------------------------------------------------- SARIF fixes

def _offset(text: str, line: int, column: int) -> int:
    starts = [0]
    for chunk in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(chunk))
    return len(text) if line > len(starts) - 1 else starts[line - 1] + column - 1


def apply_sarif_fixes(text: str, results: list[dict]) -> str:
    """What a SARIF viewer does with the results' fixes: every replacement, bottom-up."""
    spans = []
    for result in results:
        for fix in result.get("fixes", []):
            for change in fix["artifactChanges"]:
                for rep in change["replacements"]:
                    r = rep["deletedRegion"]
                    spans.append((_offset(text, r["startLine"], r["startColumn"]),
                                  _offset(text, r["endLine"], r["endColumn"]), rep["insertedContent"]["text"]))
    for start, end, content in sorted(spans, reverse=True):
        text = text[:start] + content + text[end:]
    return text


def test_sarif_fixes_equal_fix_and_diff(tmp_path, validator):
    (tmp_path / "model.py").write_text(MODEL)
    proc, doc = sarif_run("--select", "GL201,GL606", "model.py", cwd=tmp_path)
    assert proc.returncode == 1 and schema_errors(validator, doc) == []
    results = doc["runs"][0]["results"]
    by_rule = {r["ruleId"]: r for r in results}
    assert sorted(by_rule) == ["GL201", "GL606"]
    safe, unsafe = by_rule["GL606"]["fixes"][0], by_rule["GL201"]["fixes"][0]
    assert safe["properties"]["applicability"] == "safe"
    assert unsafe["properties"]["applicability"] == "unsafe"
    assert safe["description"]["text"] and unsafe["description"]["text"]
    assert safe["artifactChanges"][0]["artifactLocation"] == {"uri": "model.py", "uriBaseId": "%SRCROOT%"}

    for name, flags, chosen in (("safe", [], [by_rule["GL606"]]), ("unsafe", ["--unsafe-fixes"], results)):
        work = tmp_path / name
        work.mkdir()
        shutil.copy(tmp_path / "model.py", work / "model.py")
        expected = apply_sarif_fixes(MODEL, chosen)
        assert expected != MODEL
        diff = run_cli("check", "--select", "GL201,GL606", "--diff", *flags, "model.py", cwd=work)
        assert diff.stdout.decode() == "".join(difflib.unified_diff(
            MODEL.splitlines(keepends=True), expected.splitlines(keepends=True),
            fromfile="a/model.py", tofile="b/model.py"))
        run_cli("check", "--select", "GL201,GL606", "--fix", *flags, "model.py", cwd=work)
        assert (work / "model.py").read_text() == expected


# ---------------------------------------------------------------- fingerprints

def test_fingerprints_survive_lines_inserted_above(tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    _, before = sarif_run("model.py", cwd=tmp_path)
    shifted = MODEL.replace("SCALE = 0.5\n", "\n\n# a comment and blank lines\n\nSCALE = 0.5\n")
    (tmp_path / "model.py").write_text(shifted)
    _, after = sarif_run("model.py", cwd=tmp_path)
    a, b = before["runs"][0]["results"], after["runs"][0]["results"]
    assert [r["ruleId"] for r in a] == [r["ruleId"] for r in b] == ["GL201", "GL606", "GL101", "GL101"]
    for x, y in zip(a, b):
        assert y["locations"][0]["physicalLocation"]["region"]["startLine"] == \
            x["locations"][0]["physicalLocation"]["region"]["startLine"] + 4
        assert x["partialFingerprints"] == y["partialFingerprints"]
    prints = [r["partialFingerprints"]["graphlint/v1"] for r in a]
    assert len(set(prints)) == 4  # the two identical `total = x.sum().item()` lines differ by occurrence
    assert prints[2].split(":")[0] == prints[3].split(":")[0] and prints[2] != prints[3]


# ---------------------------------------------------------------- file errors and paths

def test_syntax_error_is_a_notification_and_the_run_goes_on(tmp_path, validator):
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "bad.py").write_text("def f(:\n    pass\n")
    proc, doc = sarif_run("model.py", "bad.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert schema_errors(validator, doc) == []
    run = doc["runs"][0]
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]} == {"model.py"}
    assert len(run["results"]) == 4
    invocation = run["invocations"][0]
    assert invocation["executionSuccessful"] is True
    [note] = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and note["message"]["text"].startswith("syntax: ")
    location = note["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "bad.py", "uriBaseId": "%SRCROOT%"}
    assert location["region"]["startLine"] >= 1

    proc, doc = sarif_run("model.py", "missing.py", cwd=tmp_path)
    assert proc.returncode == 2  # a missing path is fatal
    assert schema_errors(validator, doc) == []
    invocation = doc["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["properties"]["kind"] == "missing-path"
    assert len(doc["runs"][0]["results"]) == 4


def test_paths_with_spaces_and_unicode_are_valid_uris(tmp_path, validator):
    name = "sub dir/módulo ü %#1.py"
    (tmp_path / "sub dir").mkdir()
    (tmp_path / name).write_text(MODEL, encoding="utf-8")
    proc, doc = sarif_run(".", cwd=tmp_path)
    assert proc.returncode == 1
    assert schema_errors(validator, doc) == []
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in doc["runs"][0]["results"]}
    assert uris == {"sub%20dir/m%C3%B3dulo%20%C3%BC%20%25%231.py"}
    assert unquote(uris.pop()) == name


# ---------------------------------------------------------------- in-process: limits, outside paths

def _finding(n: int = 1, **overrides) -> Finding:
    fields = dict(code="GL101", name="tensor-item", message="`.item()` pulls a Python number out of a tensor",
                  severity="error", path="gone.py", line=n, column=5, end_line=n, end_column=9,
                  region=Region("module", ("Net.forward",)), gb=("GB0124",))
    fields.update(overrides)
    return Finding(**fields)


def test_over_5000_results_are_all_kept_with_a_warning():
    result = LintResult(findings=[_finding(n) for n in range(1, 5003)], files_checked=1)
    doc = sarif.document(result, TorchTarget("2.13.0", "cli"))
    run = doc["runs"][0]
    assert len(run["results"]) == 5002
    [note] = run["invocations"][0]["toolExecutionNotifications"]
    assert note["level"] == "warning" and "5,000" in note["message"]["text"]
    assert run["invocations"][0]["executionSuccessful"] is True
    assert len({r["partialFingerprints"]["graphlint/v1"] for r in run["results"]}) == 5002


def test_paths_outside_the_working_directory_are_file_uris(tmp_path, validator):
    outside = tmp_path / "elsewhere" / "a b.py"
    finding = _finding(path=str(outside), confirmation=Confirmation("confirmed", "t1", "GB0124"),
                       fix=Fix("display-only", "Do it by hand"))
    result = LintResult(findings=[finding], errors=[FileError("x.py", "decode", "bad byte", line=3)])
    doc = sarif.document(result, TorchTarget("2.13.0", "cli"), cwd=str(tmp_path / "work"))
    assert schema_errors(validator, doc) == []
    res = doc["runs"][0]["results"][0]
    assert res["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": outside.as_uri()}
    assert "%20" in outside.as_uri()
    assert res["properties"]["confirmation"]["status"] == "confirmed"
    assert res["message"]["text"].endswith("(traced via Net.forward) [dynamic: confirmed by target t1]")
    assert "fixes" not in res and res["properties"]["suggestion"]["message"] == "Do it by hand"
    assert doc["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == (tmp_path / "work").as_uri() + "/"


# ---------------------------------------------------------------- GitHub annotations

def test_github_simple_line_exact_and_exit_code(tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    proc = run_cli("check", "--format", "github", "--select", "GL606", "model.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stdout.decode().splitlines() == [
        "::error file=model.py,line=10,col=18,endLine=10,endColumn=27,title=GL606 globals-call::"
        "`globals()` is not traceable: reference the global by name"
        "%0Atraced via Net.forward"
        "%0Ahelp: Reference the global directly: `SCALE` (safe fix: graphlint --fix)"
        "%0Adynamo: GB0059 https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0059.html",
    ]
    assert "Found 1 graph-break finding" in proc.stderr.decode()


def test_github_escapes_file_names_and_prints_errors(tmp_path):
    (tmp_path / "a,b:c%d.py").write_text(MODEL)
    (tmp_path / "bad.py").write_text("x = (\n")
    proc = run_cli("check", "--format", "github", "--select", "GL606", "a,b:c%d.py", "bad.py", cwd=tmp_path)
    assert proc.returncode == 1
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 2
    assert re.fullmatch(r"::error file=bad\.py,line=\d+(,col=\d+)?::syntax: .+", lines[0])
    assert lines[1].startswith("::error file=a%2Cb%3Ac%25d.py,line=10,col=18,endLine=10,endColumn=27,"
                               "title=GL606 globals-call::")


def test_github_escaping_rules_in_messages_and_titles():
    finding = _finding(path="dir/x.py", name="odd:name,x", message="100% sure\r\nnext: a,b",
                       region=Region("module", ()), gb=())
    assert github.line_for(finding) == (
        "::error file=dir/x.py,line=1,col=5,endLine=1,endColumn=9,title=GL101 odd%3Aname%2Cx::"
        "100%25 sure%0D%0Anext: a,b")
    warning = _finding(severity="warning", line=2, end_line=4, region=Region("module", ()), gb=())
    note = _finding(severity="info", region=Region("module", ()), gb=())
    assert github.line_for(warning).startswith("::warning file=gone.py,line=2,endLine=4,title=")  # no columns
    assert github.line_for(note).startswith("::notice ")
    assert github.error_line(FileError("a:b.py", "decode", "bad\nbyte", line=3)) == \
        "::error file=a%3Ab.py,line=3::decode: bad%0Abyte"
    assert github.error_line(FileError("gone/", "missing-path", "no such file or directory")) == \
        "::error file=gone/::missing-path: no such file or directory"


def test_fix_edits_become_replacements_in_process():
    fix = Fix("unsafe", "drop it", (Edit(1, 5, 1, 9, "y"), Edit(2, 1, 2, 1, "import torch\n")))
    doc = sarif.document(LintResult(findings=[_finding(fix=fix)]), TorchTarget("2.13.0", "cli"))
    res = doc["runs"][0]["results"][0]
    [change] = res["fixes"][0]["artifactChanges"]
    assert change["replacements"] == [
        {"deletedRegion": {"startLine": 1, "startColumn": 5, "endLine": 1, "endColumn": 9},
         "insertedContent": {"text": "y"}},
        {"deletedRegion": {"startLine": 2, "startColumn": 1, "endLine": 2, "endColumn": 1},
         "insertedContent": {"text": "import torch\n"}},
    ]
    assert res["properties"]["fixApplicability"] == "unsafe"
