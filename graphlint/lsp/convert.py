"""graphlint's findings, fixes and file errors in LSP terms: positions, diagnostics, edits, hover text.

Positions: graphlint counts lines from 1 and columns from 1 in code points (end column exclusive); LSP
counts both from 0, columns in the position encoding agreed at `initialize` (UTF-16 unless the client
offers UTF-8 or UTF-32). Lines are split the way Python's tokenizer does (\\r\\n, \\r, \\n), which is also
what LSP says.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lsprotocol import types

from graphlint.findings import FileError, Finding

SOURCE = "graphlint"
FIX_ALL_KIND = "source.fixAll.graphlint"
CODE_ACTION_KINDS = [types.CodeActionKind.QuickFix.value, FIX_ALL_KIND]
SEVERITIES = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
    "hint": types.DiagnosticSeverity.Hint,
}
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# a region chain starts at its compile site: "train.py:41 torch.compile(model)"
_SITE = re.compile(r"^(?P<path>.+?):(?P<line>\d+) (?P<what>.+)$")
FILE_ERROR_LABELS = {"syntax": "syntax error", "decode": "cannot decode", "binary": "not a Python source file",
                     "internal": "graphlint internal error", "unreadable": "cannot read"}


class Text:
    """A snapshot of a document's text, for mapping graphlint positions and offsets to LSP positions."""

    def __init__(self, text: str, encoding: str = "utf-16"):
        self.text = text
        self.encoding = encoding
        self.lines = _LINE_BREAK.split(text)  # without their line breaks
        self.starts = [0] + [m.end() for m in _LINE_BREAK.finditer(text)]

    def units(self, line0: int, chars: int) -> int:
        """Code points from the start of a line → columns in the client's encoding."""
        if line0 >= len(self.lines) or chars <= 0:
            return max(chars, 0)
        text = self.lines[line0]
        if self.encoding == "utf-32" or text.isascii():
            return chars
        prefix = text[:chars]
        extra = chars - len(prefix)  # past the end of the line: keep the overshoot
        if self.encoding == "utf-8":
            return len(prefix.encode("utf-8")) + extra
        return len(prefix.encode("utf-16-le")) // 2 + extra

    def position(self, line: int, column: int) -> types.Position:
        """A 1-based line and column in code points (graphlint's) → an LSP position."""
        line0 = max(line - 1, 0)
        return types.Position(line=line0, character=self.units(line0, column - 1))

    def range(self, line: int, column: int, end_line: int, end_column: int) -> types.Range:
        return types.Range(start=self.position(line, column), end=self.position(end_line, end_column))

    def offset_position(self, offset: int) -> types.Position:
        line0 = bisect.bisect_right(self.starts, offset) - 1
        return types.Position(line=line0, character=self.units(line0, offset - self.starts[line0]))

    def line_range(self, line: int, column: int | None = None) -> types.Range:
        """A 1-based line (and column, when known) → one character there, or the whole line."""
        line0 = min(max(line - 1, 0), len(self.lines) - 1)
        length = len(self.lines[line0])
        if column is None:
            return types.Range(start=types.Position(line0, 0), end=types.Position(line0, self.units(line0, length)))
        start = min(max(column - 1, 0), length)
        end = min(start + 1, length)
        if start == end and start > 0:
            start -= 1
        return types.Range(start=types.Position(line0, self.units(line0, start)),
                           end=types.Position(line0, self.units(line0, end)))


def minimal_edit(doc: Text, new_text: str) -> types.TextEdit | None:
    """One edit that turns doc's text into new_text, covering only what changed (never half of a \\r\\n)."""
    old = doc.text
    if old == new_text:
        return None
    most = min(len(old), len(new_text))
    p = 0
    while p < most and old[p] == new_text[p]:
        p += 1
    s = 0
    while s < most - p and old[len(old) - 1 - s] == new_text[len(new_text) - 1 - s]:
        s += 1
    if p > 0 and old[p - 1:p + 1] == "\r\n":
        p -= 1
    end = len(old) - s
    if s > 0 and old[end - 1:end + 1] == "\r\n":
        s -= 1
        end += 1
    return types.TextEdit(range=types.Range(start=doc.offset_position(p), end=doc.offset_position(end)),
                          new_text=new_text[p:len(new_text) - s])


@lru_cache(maxsize=None)
def rule_href(code: str) -> str | None:
    """The rule's page (`rules/GLxxx.md`, shipped in the wheel) as a file:// URI."""
    from graphlint.catalog import CatalogError, rules_dir

    try:
        page = Path(rules_dir()) / f"{code}.md"
    except CatalogError:
        return None
    return page.as_uri() if page.is_file() else None


def finding_message(finding: Finding) -> str:
    chain = finding.region.describe()
    return f"{finding.message} (traced via {chain})" if chain else finding.message


def fix_data(doc: Text, finding: Finding) -> dict | None:
    """The finding's fix with its edits in LSP terms, for `Diagnostic.data` (so codeAction needs no re-lint)."""
    fix = finding.fix
    if fix is None or not fix.edits:
        return None
    return {
        "applicability": fix.applicability,
        "message": fix.message,
        "edits": [{"range": _range_json(doc.range(e.line, e.column, e.end_line, e.end_column)), "newText": e.content}
                  for e in fix.edits],
    }


def _range_json(r: types.Range) -> dict:
    return {"start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character}}


def json_range(r: dict) -> types.Range:
    return types.Range(start=types.Position(r["start"]["line"], r["start"]["character"]),
                       end=types.Position(r["end"]["line"], r["end"]["character"]))


def related_information(finding: Finding, locate) -> list[types.DiagnosticRelatedInformation] | None:
    """The compile site that makes the finding's function traced, when the chain starts at one.
    locate(path) → the URI of a path graphlint printed, or None."""
    if not finding.region.chain:
        return None
    m = _SITE.match(finding.region.chain[0])
    if not m:
        return None
    uri = locate(m.group("path"))
    if uri is None:
        return None
    line0 = int(m.group("line")) - 1
    where = types.Location(uri=uri, range=types.Range(types.Position(line0, 0), types.Position(line0, 0)))
    return [types.DiagnosticRelatedInformation(
        location=where, message=f"compiled here: {m.group('what')} (traced via {finding.region.describe()})")]


def finding_diagnostic(doc: Text, finding: Finding, index: int, version: int | None, locate) -> types.Diagnostic:
    href = rule_href(finding.code)
    return types.Diagnostic(
        range=doc.range(finding.line, finding.column, finding.end_line, finding.end_column),
        message=finding_message(finding),
        severity=SEVERITIES.get(finding.severity, types.DiagnosticSeverity.Warning),
        code=finding.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        related_information=related_information(finding, locate),
        data={"version": version, "index": index, "fix": fix_data(doc, finding)},
    )


def error_diagnostic(doc: Text, error: FileError) -> types.Diagnostic:
    label = FILE_ERROR_LABELS.get(error.kind, f"{error.kind} error")
    return types.Diagnostic(
        range=doc.line_range(error.line or 1, error.column if error.line else None),
        message=f"{label}: {error.message} (graphlint checks the file again once this is fixed)",
        severity=types.DiagnosticSeverity.Error,
        code=error.kind,
        source=SOURCE,
    )


def contains(r: types.Range, p: types.Position) -> bool:
    start = (r.start.line, r.start.character)
    end = (r.end.line, r.end.character)
    return start <= (p.line, p.character) <= end


def hover_text(finding: Finding, markdown: bool) -> str:
    """The rule's explanation for a finding: what it is, why it breaks the graph, how to fix it."""
    from graphlint.catalog import CatalogError, load_catalog

    try:
        rule = load_catalog().get(finding.code)
    except CatalogError:
        rule = None
    chain = finding.region.describe()
    href = rule_href(finding.code)
    why = (rule.sections.get("Why it breaks the graph", "").strip() if rule else "")
    fix = finding.fix
    # (label, text, as code in Markdown): one list, rendered as Markdown or as plain text
    parts = [("Traced via", chain, True) if chain else None,
             ("Help", finding.help, False) if finding.help else None,
             (f"Fix ({fix.applicability})", fix.message, False) if fix is not None else None]
    if markdown:
        lines = [f"**{finding.code} {finding.name}**: {finding.message}"]
        lines += [f"{label}: `{text}`" if code else f"**{label}:** {text}" for label, text, code in filter(None, parts)]
        if why:
            lines.append(f"**Why it breaks the graph**\n\n{why}")
        links = [f"[{finding.code} rule page]({href})"] if href else []
        links += [f"[Dynamo {gb}]({url})" for gb, url in _gb_links(finding)]
        if links:
            lines.append(" · ".join(links))
        return "\n\n".join(lines)
    lines = [f"{finding.code} {finding.name}: {finding.message}"]
    lines += [f"{label}: {text}" for label, text, _ in filter(None, parts)]
    if why:
        lines.append(f"Why it breaks the graph:\n{why}")
    if href:
        lines.append(f"Rule page: {href}")
    return "\n\n".join(lines)


def _gb_links(finding: Finding) -> list[tuple[str, str]]:
    from graphlint.findings import gb_url

    return [(gb, gb_url(gb)) for gb in finding.gb]


@dataclass
class Snapshot:
    """What one lint of one version of a document gave: kept for code actions and hover."""

    uri: str
    version: int | None
    name: str  # the path graphlint linted the buffer under
    doc: Text
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    diagnostics: list[types.Diagnostic] = field(default_factory=list)
    fix_all: list | None = None  # [the "fix all safe findings" action, or None], once computed
