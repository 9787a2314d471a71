"""Ruff-like diagnostics: code and message, `--> path:line:col`, a code frame with the range
underlined, the region chain, `help:`, and the Dynamo GB id with its page."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

CONTEXT_LINES = 1
FIX_TIERS = {"safe": "safe fix: `--fix`", "unsafe": "unsafe fix: `--fix --unsafe-fixes`",
             "display-only": "suggestion"}
UNSAFE_NOTE = "this fix changes behaviour in some case; the rule page says which (`graphlint explain CODE`)"


def _frame(finding, lines: list[str]) -> list[Text]:
    first = max(1, finding.line - CONTEXT_LINES)
    last = min(len(lines), finding.end_line + CONTEXT_LINES)
    width = len(str(last))
    gutter = " " * width + " |"
    out = [Text(gutter, style="blue")]
    for n in range(first, last + 1):
        src = lines[n - 1].rstrip("\r\n").expandtabs(4) if n - 1 < len(lines) else ""
        row = Text(f"{n:>{width}} | ", style="blue")
        row.append(src)
        out.append(row)
        if finding.line <= n <= finding.end_line:
            start = finding.column - 1 if n == finding.line else len(src) - len(src.lstrip())
            end = finding.end_column - 1 if n == finding.end_line else len(src)
            marker = Text(f"{' ' * width} | ", style="blue")
            marker.append(" " * start)
            marker.append("^" * max(1, end - start), style="bold red")
            if n == finding.end_line:
                marker.append(f" {finding.code}", style="bold red")
            out.append(marker)
    out.append(Text(gutter, style="blue"))
    return out


def render(result, console: Console, read_lines) -> None:
    for finding in result.findings:
        head = Text()
        head.append(finding.code, style="bold red")
        head.append(f" [{finding.name}] ", style="dim")
        head.append(finding.message, style="bold")
        console.print(head)
        console.print(Text(f"  --> {finding.path}:{finding.line}:{finding.column}", style="blue"))
        lines = read_lines(finding.path)
        if lines:
            for row in _frame(finding, lines):
                console.print(row)
        bullet = Text("   = ", style="blue")
        if finding.region.chain:
            console.print(bullet + Text("region: ", style="bold") + Text(finding.region.describe()))
        fix = finding.fix
        if fix is not None and fix.edits:
            console.print(bullet + Text("help: ", style="bold cyan") + Text(f"{fix.message} ({FIX_TIERS[fix.applicability]})"))
            if fix.applicability == "unsafe":
                console.print(bullet + Text("note: ", style="bold yellow") + Text(UNSAFE_NOTE))
        elif finding.help:
            console.print(bullet + Text("help: ", style="bold cyan") + Text(finding.help))
        if finding.gb:
            ids = ", ".join(finding.gb)
            console.print(bullet + Text("dynamo: ", style="bold") + Text(f"{ids} {finding.url}"))
        if finding.confirmation.status != "not-run":
            console.print(bullet + Text("dynamic: ", style="bold") + confirmation_text(finding.confirmation))
        console.print()


CONFIRMATION_STYLES = {"confirmed": "bold red", "not-reproduced": "green", "not-reached": "yellow",
                       "not-run": "dim"}


def confirmation_text(confirmation) -> Text:
    """`confirmed by classifier (GB0124: ...)`: the status, the target that decided it, why."""
    text = Text(confirmation.status, style=CONFIRMATION_STYLES.get(confirmation.status, ""))
    if confirmation.target:
        text.append(f" by target {confirmation.target}")
    if confirmation.detail:
        text.append(f" ({confirmation.detail})", style="dim")
    return text
