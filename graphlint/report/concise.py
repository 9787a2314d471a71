"""`path:line:col: GL101 message` — what grep and editors' problem matchers expect."""

from __future__ import annotations


def line_for(finding) -> str:
    return f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}"


def render(result, out) -> None:
    for finding in result.findings:
        out.write(line_for(finding) + "\n")
