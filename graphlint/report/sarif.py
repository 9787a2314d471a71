"""`--format sarif`: SARIF 2.1.0 (one run) for GitHub code scanning and other SARIF viewers.

- `tool.driver.rules[]`: every rule of the catalog (so a result's `ruleIndex` is stable from run to run),
  with the summary, the first paragraph of the rule page, the whole page as help (plain text and
  Markdown), the Dynamo page of its first GB id as `helpUri`, and tags/versions in `properties`.
- `results[]`: one per finding, in finding order (path, line, column, code). Locations are relative to
  the working directory (`uriBaseId` `%SRCROOT%`, resolved by `originalUriBaseIds`); lines and columns
  are graphlint's own (1-based, end column exclusive), counted in Unicode code points (`columnKind`).
  Fixes with edits become SARIF `fixes`; `partialFingerprints` survive edits elsewhere in the file.
- Files that could not be checked become `invocations[0].toolExecutionNotifications`.

GitHub code scanning accepts up to 25,000 results per run and shows the 5,000 most severe: nothing is
cut here; a run over 5,000 results gets a warning notification saying so.

tests/test_ci_formats.py validates the output against the SARIF 2.1.0 schema
(tests/data/sarif-schema-2.1.0.json, rooted at its `definitions/Root`) with URI format checks on.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path, PurePath
from urllib.parse import quote

from graphlint import __version__
from graphlint.catalog import load_catalog
from graphlint.files import line_reader
from graphlint.findings import FATAL_ERROR_KINDS, gb_url

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
# The Dynamo graph-break site: the index of the GB pages that every rule's helpUri points into.
INFORMATION_URI = "https://meta-pytorch.github.io/compile-graph-break-site/"
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "graphlint/v1"
GITHUB_SHOWN_RESULTS = 5000  # GitHub code scanning shows this many results of a run (25,000 accepted)
LEVELS = {"error": "error", "warning": "warning"}  # anything else is a "note"
# GitHub shows up to 10 tags per rule; the precision is the pooled held-out precision of the accuracy
# benchmark (bench/accuracy, about 0.8), not a per-rule measurement.
PRECISION = "high"


def level(severity: str) -> str:
    return LEVELS.get(severity, "note")


# ---------------------------------------------------------------- paths

def artifact_location(path: str) -> dict:
    """A path as graphlint shows it → SARIF artifactLocation. Paths under the working directory are
    relative URI references (forward slashes, percent-encoded) against %SRCROOT%; others are file URIs."""
    if os.path.isabs(path) or PurePath(path).parts[:1] == ("..",):
        return {"uri": Path(os.path.abspath(path)).as_uri()}
    return {"uri": relative_uri(path), "uriBaseId": SRCROOT}


def relative_uri(path: str) -> str:
    posix = PurePath(path).as_posix()
    # Everything but unreserved characters and `/` is %-encoded, as UTF-8 (fsencode: an undecodable
    # file name keeps its original bytes).
    return quote(os.fsencode(posix), safe="/")


def srcroot_uri(cwd: str | None = None) -> str:
    uri = Path(cwd or os.getcwd()).resolve().as_uri()
    return uri if uri.endswith("/") else uri + "/"


# ---------------------------------------------------------------- Markdown → plain text

_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*\n]+?)(?<=\S)\*(?![\w*])")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_FENCE = re.compile(r"^\s*```")
_HEADING = re.compile(r"^#{1,6}\s+")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def plain_inline(markdown: str) -> str:
    """Inline Markdown → text: code spans keep their content verbatim (`__init__`, `*args`); links become
    `text (url)`; emphasis markers go."""
    out, pos = [], 0
    for m in _CODE_SPAN.finditer(markdown):
        out.append(_plain_prose(markdown[pos:m.start()]))
        out.append(m.group(2).strip() if m.group(2).strip() else m.group(2))
        pos = m.end()
    out.append(_plain_prose(markdown[pos:]))
    return "".join(out)


def _plain_prose(text: str) -> str:
    text = _LINK.sub(r"\1 (\2)", text)
    text = _STRONG.sub(r"\1", text)
    return _EMPHASIS.sub(r"\1", text)


def plain_text(markdown: str) -> str:
    """The rule page as plain text: headings without `#`, code blocks indented, inline markup removed."""
    out, in_code = [], False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            in_code = not in_code
            continue
        if in_code:
            out.append("    " + line if line else "")
        else:
            out.append(plain_inline(_HEADING.sub("", line)))
    return "\n".join(out).strip() + "\n"


def first_paragraph(rule) -> tuple[str, str]:
    """The first paragraph of "What it does" (else of the page, after its title): (one line of Markdown,
    the Markdown as written). A paragraph that ends with `:` takes the list after it along."""
    body = rule.sections.get("What it does") or _HEADING.sub("", rule.doc, count=1).partition("\n")[2]
    blocks = [b.strip("\n") for b in re.split(r"\n\s*\n", body.strip())
              if b.strip() and not b.lstrip().startswith("#")]
    if not blocks:
        return rule.summary, rule.summary
    text = " ".join(ln.strip() for ln in blocks[0].splitlines() if ln.strip())
    if not (text.endswith(":") and len(blocks) > 1 and _LIST_ITEM.match(blocks[1])):
        return text, blocks[0]
    items, current = [], []
    for line in blocks[1].splitlines():
        if _LIST_ITEM.match(line):
            if current:
                items.append(" ".join(current))
            current = [_LIST_ITEM.sub("", line).strip()]
        elif line.strip():
            current.append(line.strip())
    items.append(" ".join(current))
    text += " " + " ".join(items)
    return text, blocks[0] + "\n\n" + blocks[1]


# ---------------------------------------------------------------- rules

def _base_tags(rule) -> tuple[str, ...]:
    # GL0xx are about graphlint's own comments (an unused suppression), not graph breaks
    return ("maintainability",) if rule.code.startswith("GL0") else ("graph-break", "performance")


def rule_descriptor(rule) -> dict:
    paragraph, paragraph_markdown = first_paragraph(rule)
    descriptor = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": plain_inline(rule.summary), "markdown": rule.summary},
        "fullDescription": {"text": plain_inline(paragraph), "markdown": paragraph_markdown},
        "help": {"text": plain_text(rule.doc), "markdown": rule.doc},
        "defaultConfiguration": {"level": level(rule.severity)},
        "properties": {
            "tags": [t for t in (*_base_tags(rule), rule.family) if t],
            "precision": PRECISION,
            "family": rule.family,
            "severity": rule.severity,
            "gb": list(rule.gb),
            "breaksOn": rule.breaks_on,
            "measuredOn": list(rule.measured_on),
            "fix": rule.fix,
        },
    }
    if rule.gb:
        descriptor["helpUri"] = gb_url(rule.gb[0])
    return descriptor


def fallback_descriptor(finding) -> dict:
    """A code the catalog lacks (should not happen): a minimal rule so that ruleIndex still resolves."""
    descriptor = {
        "id": finding.code,
        "name": finding.name,
        "shortDescription": {"text": plain_inline(finding.message)},
        "defaultConfiguration": {"level": level(finding.severity)},
    }
    if finding.url:
        descriptor["helpUri"] = finding.url
    return descriptor


# ---------------------------------------------------------------- results

def normalized_line(text: str) -> str:
    return " ".join(text.split())


def fingerprints(findings, read_lines) -> list[str]:
    """One fingerprint per finding: hash of (code, path, the finding's first source line with whitespace
    normalised) and how many findings of the same code on the same text precede it in the file. Lines
    added or removed elsewhere, and re-indentation, leave it unchanged; editing the line changes it."""
    seen: dict[tuple[str, str, str], int] = {}
    out = []
    for finding in findings:
        lines = read_lines(finding.path)
        text = normalized_line(lines[finding.line - 1]) if 0 < finding.line <= len(lines) else ""
        key = (finding.code, PurePath(finding.path).as_posix(), text)
        occurrence = seen.get(key, 0)
        seen[key] = occurrence + 1
        digest = hashlib.sha256("\0".join(key).encode("utf-8", "surrogatepass")).hexdigest()[:32]
        out.append(f"{digest}:{occurrence + 1}")
    return out


def _region(line: int, column: int, end_line: int, end_column: int) -> dict:
    return {"startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column}


def message_text(finding) -> str:
    text = finding.message
    if finding.region.chain:
        text += f" (traced via {finding.region.describe()})"
    confirmation = finding.confirmation
    if confirmation.status != "not-run":
        by = f" by target {confirmation.target}" if confirmation.target else ""
        text += f" [dynamic: {confirmation.status}{by}]"
    return text


def result_object(finding, rule_index: int, fingerprint: str) -> dict:
    location = artifact_location(finding.path)
    properties: dict = {"gb": list(finding.gb), "region": finding.region.to_json()}
    if finding.confirmation.status != "not-run":
        properties["confirmation"] = finding.confirmation.to_json()
    result = {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": level(finding.severity),
        "message": {"text": message_text(finding)},
        "locations": [{"physicalLocation": {
            "artifactLocation": location,
            "region": _region(finding.line, finding.column, finding.end_line, finding.end_column),
        }}],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint},
    }
    fix = finding.fix
    if fix is not None and fix.edits:
        result["fixes"] = [{
            "description": {"text": fix.message},
            "artifactChanges": [{
                "artifactLocation": dict(location),
                "replacements": [{
                    "deletedRegion": _region(e.line, e.column, e.end_line, e.end_column),
                    "insertedContent": {"text": e.content},
                } for e in fix.edits],
            }],
            "properties": {"applicability": fix.applicability},
        }]
        properties["fixApplicability"] = fix.applicability
    elif fix is not None:  # display-only: a suggestion without edits
        properties["suggestion"] = {"applicability": fix.applicability, "message": fix.message}
    if finding.help:
        properties["help"] = finding.help
    result["properties"] = properties
    return result


# ---------------------------------------------------------------- notifications

def error_notification(error) -> dict:
    location: dict = {"artifactLocation": artifact_location(error.path)}
    if error.line is not None and error.line >= 1:
        region = {"startLine": error.line}
        if error.column is not None and error.column >= 1:
            region["startColumn"] = error.column
        location["region"] = region
    return {
        "level": "error",
        "message": {"text": f"{error.kind}: {error.message}"},
        "locations": [{"physicalLocation": location}],
        "properties": {"kind": error.kind, "path": error.path},
    }


def too_many_results_notification(count: int) -> dict:
    return {
        "level": "warning",
        "message": {"text": f"{count} results: GitHub code scanning shows only the {GITHUB_SHOWN_RESULTS} most "
                            "severe results of a run (and rejects runs over 25,000). Nothing was left out of "
                            "this file; narrow it with --select, or upload one SARIF file per directory "
                            "(upload-sarif `category`)."},
        "properties": {"kind": "result-limit"},
    }


# ---------------------------------------------------------------- document

def document(result, torch_target, cwd: str | None = None) -> dict:
    catalog = load_catalog()
    findings = sorted(result.findings, key=lambda f: f.sort_key())
    rules = [rule_descriptor(catalog[code]) for code in sorted(catalog)]
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    for finding in findings:
        if finding.code not in index:
            index[finding.code] = len(rules)
            rules.append(fallback_descriptor(finding))

    prints = fingerprints(findings, line_reader())
    results = [result_object(f, index[f.code], fp) for f, fp in zip(findings, prints)]

    errors = sorted(result.errors, key=lambda e: (e.path, e.line or 0, e.column or 0, e.kind, e.message))
    notifications = [error_notification(e) for e in errors]
    if len(results) > GITHUB_SHOWN_RESULTS:
        notifications.append(too_many_results_notification(len(results)))
    invocation: dict = {"executionSuccessful": not any(e.kind in FATAL_ERROR_KINDS for e in errors)}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications

    run = {
        "tool": {"driver": {
            "name": "graphlint",
            "version": __version__,
            "semanticVersion": __version__,
            "informationUri": INFORMATION_URI,
            "rules": rules,
        }},
        "invocations": [invocation],
        "originalUriBaseIds": {SRCROOT: {"uri": srcroot_uri(cwd)}},
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": {
            "torchTarget": torch_target.to_json(),
            "filesChecked": result.files_checked,
            "suppressed": result.suppressed,
        },
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


def render(result, torch_target, out) -> None:
    json.dump(document(result, torch_target), out, indent=2, ensure_ascii=False)
    out.write("\n")
