"""The data every part of graphlint passes around: findings, fixes, edits, file errors.

This is also where a finding becomes JSON (`Finding.to_json`); the whole document is assembled in
`graphlint/report/json_report.py`. The schema is documented in README.md and pinned by
tests/test_json_schema.py — bump `JSON_SCHEMA_VERSION` on any incompatible change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

JSON_SCHEMA_VERSION = 1
SAFE, UNSAFE = "safe", "unsafe"  # fix applicability; a rule page can also say "display-only": shown, never applied
GB_PAGE_URL = "https://meta-pytorch.github.io/compile-graph-break-site/gb/{slug}.html"


def gb_url(gb_id: str) -> str:
    """The Dynamo documentation page of a graph-break id such as ``GB0124``."""
    return GB_PAGE_URL.format(slug=gb_id.lower())


@dataclass(frozen=True)
class Edit:
    line: int
    column: int
    end_line: int
    end_column: int
    content: str

    def to_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "content": self.content,
        }


@dataclass(frozen=True)
class Fix:
    applicability: str  # "safe" | "unsafe" | "display-only"
    message: str
    edits: tuple[Edit, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "applicability": self.applicability,
            "message": self.message,
            "edits": [e.to_json() for e in self.edits],
        }


@dataclass(frozen=True)
class Region:
    """Why Dynamo traces the code a finding sits in.

    kind: "compiled" (reachable from a compile site), "module" (an nn.Module.forward or what it calls),
    "library" (--scope auto: a function a user may compile, e.g. public library code), "all" (--scope
    all: every function). chain: from the entry to the function, e.g.
    ["train.py:41 torch.compile(model)", "Net.forward", "_route"].
    """

    kind: str
    chain: tuple[str, ...]

    def describe(self) -> str:
        return " → ".join(self.chain)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "chain": list(self.chain)}


@dataclass(frozen=True)
class Confirmation:
    status: str = "not-run"  # confirmed | not-reproduced | not-reached | not-run
    target: str | None = None
    detail: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "target": self.target, "detail": self.detail}


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    message: str
    severity: str
    path: str
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int  # 1-based, exclusive
    region: Region
    gb: tuple[str, ...]
    help: str | None = None
    fix: Fix | None = None
    confirmation: Confirmation = field(default_factory=Confirmation)
    # First and last line of the statement holding the finding: suppression comments may sit there.
    statement_lines: tuple[int, int] | None = None

    @property
    def url(self) -> str | None:
        return gb_url(self.gb[0]) if self.gb else None

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.code)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "severity": self.severity,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "region": self.region.to_json(),
            "gb": list(self.gb),
            "url": self.url,
            "help": self.help,
            "fix": self.fix.to_json() if self.fix else None,
            "confirmation": self.confirmation.to_json(),
        }


# File errors that mean the run itself went wrong (exit 2), as opposed to a bad file (exit 1).
# "dynamic": the dynamic pass was asked for and no target could run.
FATAL_ERROR_KINDS = frozenset({"missing-path", "internal", "config", "dynamic"})


@dataclass(frozen=True)
class FileError:
    """A file (or path, or config key) graphlint could not check, and why. One line each."""

    path: str
    kind: str  # missing-path | unreadable | binary | decode | syntax | internal | config
    message: str
    line: int | None = None
    column: int | None = None

    def one_line(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.kind}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "kind": self.kind,
            "message": self.message,
            "line": self.line,
            "column": self.column,
        }
