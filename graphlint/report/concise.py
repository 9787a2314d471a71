"""`path:line:col: GL101 message` — what grep and editors' problem matchers expect."""

from __future__ import annotations


def line_for(finding) -> str:
    # `[*]` after the code: a fix exists (Ruff marks its fixable diagnostics the same way)
    mark = " [*]" if finding.fix is not None and finding.fix.edits else ""
    line = f"{finding.path}:{finding.line}:{finding.column}: {finding.code}{mark} {finding.message}"
    # The status only once the dynamic pass ran, so the format stays the grep/editor one without it.
    status = finding.confirmation.status
    return line if status == "not-run" else f"{line} [{status}]"


def render(result, out) -> None:
    for finding in result.findings:
        out.write(line_for(finding) + "\n")
