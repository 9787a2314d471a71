"""`--format github`: GitHub Actions workflow commands, one annotation per finding.

    ::error file=model.py,line=10,col=20,endLine=10,endColumn=34,title=GL101 tensor-item::message

`error`/`warning`/`notice` follow the rule's severity. Values are escaped as the Actions toolkit does
(`@actions/core` command.ts): the message `%` → `%25`, CR → `%0D`, LF → `%0A`; property values also
`:` → `%3A` and `,` → `%2C`. `col`/`endColumn` are sent only for a one-line range (GitHub takes columns
only when `line` and `endLine` are equal). Paths are relative to the working directory: run graphlint
from the repository root so that GitHub can place the annotations.

GitHub shows at most 10 annotations of each level per step (50 per job) and drops the rest from the
summary; nothing is cut here: every line is in the log. Upload SARIF (`--format sarif`) for bulk.
Files that could not be checked are `::error` lines too: `::error file=…,line=…::syntax: message`.
"""

from __future__ import annotations

import os

COMMANDS = {"error": "error", "warning": "warning"}  # anything else is a "notice"
FIX_TIERS = {"safe": "safe fix: graphlint --fix", "unsafe": "unsafe fix: graphlint --fix --unsafe-fixes",
             "display-only": "suggestion"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, properties: list[tuple[str, object]], message: str) -> str:
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties if value is not None)
    return f"::{name} {props}::{escape_data(message)}" if props else f"::{name}::{escape_data(message)}"


def _file(path: str) -> str:
    return path.replace(os.sep, "/") if os.sep != "/" else path


def message_for(finding) -> str:
    """The message, then the region chain, the fix or help, the Dynamo page and the dynamic status, one
    per line (GitHub shows the annotation's lines)."""
    lines = [finding.message]
    if finding.region.chain:
        lines.append(f"traced via {finding.region.describe()}")
    fix = finding.fix
    if fix is not None and fix.edits:
        lines.append(f"help: {fix.message} ({FIX_TIERS.get(fix.applicability, fix.applicability)})")
    elif finding.help:
        lines.append(f"help: {finding.help}")
    if finding.gb:
        lines.append(f"dynamo: {', '.join(finding.gb)} {finding.url}")
    confirmation = finding.confirmation
    if confirmation.status != "not-run":
        by = f" by target {confirmation.target}" if confirmation.target else ""
        why = f" ({confirmation.detail})" if confirmation.detail else ""
        lines.append(f"dynamic: {confirmation.status}{by}{why}")
    return "\n".join(lines)


def line_for(finding) -> str:
    one_line = finding.line == finding.end_line
    properties = [
        ("file", _file(finding.path)),
        ("line", finding.line),
        ("col", finding.column if one_line else None),
        ("endLine", finding.end_line),
        ("endColumn", finding.end_column if one_line else None),
        ("title", f"{finding.code} {finding.name}"),
    ]
    return command(COMMANDS.get(finding.severity, "notice"), properties, message_for(finding))


def error_line(error) -> str:
    properties = [("file", _file(error.path)), ("line", error.line),
                  ("col", error.column if error.line is not None else None)]
    return command("error", properties, f"{error.kind}: {error.message}")


def render(result, out) -> None:
    for error in sorted(result.errors, key=lambda e: (e.path, e.line or 0, e.column or 0, e.kind, e.message)):
        out.write(error_line(error) + "\n")
    for finding in sorted(result.findings, key=lambda f: f.sort_key()):
        out.write(line_for(finding) + "\n")
