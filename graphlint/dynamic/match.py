"""Static findings ↔ Dynamo's break sites. No torch.

Each finding gets a `confirmation`: confirmed (a target broke the graph within the finding's statement),
not-reproduced (a target ran that statement, Dynamo traced the target to the end, and did not break
there), not-reached (no target's inputs ran it), not-run (no target could run). Break sites that no
finding covers become GL901 findings of their own.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
from collections import defaultdict

from graphlint.dynamic.results import Break, TargetRun
from graphlint.findings import Confirmation, Finding, Region

DYNAMIC_ONLY_CODE = "GL901"
# The best status any target gives a finding wins: one target confirming a break is enough.
STATUS_RANK = {"confirmed": 3, "not-reproduced": 2, "not-reached": 1, "not-run": 0}


def finding_lines(finding: Finding) -> range:
    first, last = finding.statement_lines or (finding.line, finding.end_line)
    return range(min(first, finding.line), max(last, finding.end_line) + 1)


def confirm(finding: Finding, runs: list[TargetRun]) -> Confirmation:
    path, lines = os.path.abspath(finding.path), finding_lines(finding)
    best = Confirmation("not-run", None, _not_run_detail(runs))
    for run in runs:
        verdict = _verdict(run, path, lines)
        if verdict and STATUS_RANK[verdict.status] > STATUS_RANK[best.status]:
            best = verdict
    return best


def _verdict(run: TargetRun, path: str, lines: range) -> Confirmation | None:
    for brk in run.breaks:
        if brk.site and brk.site.path == path and brk.site.line in lines:
            return Confirmation("confirmed", run.name, describe_break(brk))
    if run.eager is None or not run.eager.ok:
        return None
    if not run.coverage.get(path, set()).intersection(lines):
        return Confirmation("not-reached", run.name, "the target's inputs never ran this line")
    if run.ran:
        return Confirmation("not-reproduced", run.name,
                            f"ran under torch.compile (torch {run.torch_version}) without a graph break here")
    return None


def _not_run_detail(runs: list[TargetRun]) -> str:
    if not runs:
        return "the dynamic pass did not run (graphlint audit / check --dynamic)"
    return "no target could be audited: " + "; ".join(f"{r.name}: {r.error_kind}" for r in runs if r.error_kind)


def describe_break(brk: Break) -> str:
    ids = ", ".join(brk.gb)
    return f"{ids}: {brk.reason}" if ids else brk.reason


def with_confirmations(findings: list[Finding], runs: list[TargetRun]) -> list[Finding]:
    return [dataclasses.replace(f, confirmation=confirm(f, runs)) for f in findings]


def uncovered_breaks(findings: list[Finding], runs: list[TargetRun]) -> dict[tuple[str, int], list[tuple[str, Break]]]:
    """Break sites no finding's statement covers: (path, line) → [(target name, break), ...]."""
    covered = {(os.path.abspath(f.path), line) for f in findings for line in finding_lines(f)}
    sites: dict[tuple[str, int], list[tuple[str, Break]]] = defaultdict(list)
    for run in runs:
        for brk in run.breaks:
            if brk.site and (brk.site.path, brk.site.line) not in covered:
                sites[(brk.site.path, brk.site.line)].append((run.name, brk))
    return sites


def dynamic_only_findings(findings: list[Finding], runs: list[TargetRun], rule, read_lines) -> list[Finding]:
    """One GL901 finding per uncovered break site, carrying Dynamo's GB ids, message and user stack."""
    from graphlint.files import display_path

    out = []
    for (path, line), breaks in sorted(uncovered_breaks(findings, runs).items()):
        target, first = breaks[0]
        text = _line_text(read_lines(display_path(path)), line)
        start = len(text) - len(text.lstrip()) + 1
        gb = tuple(dict.fromkeys(g for _, b in breaks for g in b.gb))
        out.append(Finding(
            code=DYNAMIC_ONLY_CODE, name=rule.name, severity=rule.severity,
            message=f"Dynamo breaks the graph here: {first.reason}{_inside(first)}",
            path=display_path(path), line=line, column=start, end_line=line, end_column=max(start + 1, len(text) + 1),
            region=Region("dynamic", (f"target {target}", *(f.describe() for f in first.stack))),
            gb=gb, help=break_help([b for _, b in breaks], rule.help),
            confirmation=Confirmation("confirmed", target, "; ".join(describe_break(b) for _, b in breaks)),
        ))
    return out


def break_help(breaks: list[Break], rule_help: str) -> str:
    """The fix for a break no rule knows: the library call it happens in when it is one (the user cannot
    change the library, only stop calling it under compile), else Dynamo's first specific hint, else the
    rule's help. Dynamo's hints stay in the audit's `dynamo:` line and the JSON `targets`."""
    call = next((c for c in map(library_call, breaks) if c), None)
    if call:
        verb = "cannot trace into" if any("GB0007" in b.gb for b in breaks) else "breaks the graph inside"
        alternative = TORCH_ALTERNATIVES.get(call)
        torch_ops = f"torch ops ({alternative})" if alternative else "torch ops"
        return f"Dynamo {verb} {call}: compute it with {torch_ops} or move the call out of the compiled region."
    return next((h for b in breaks for h in b.hints if not is_generic_hint(h)), rule_help)


# Library functions that break the graph, with the torch op that does the same on tensors.
TORCH_ALTERNATIVES = {
    "heapq.nlargest": "torch.topk", "heapq.nsmallest": "torch.topk(..., largest=False)",
    "bisect.bisect_left": "torch.searchsorted", "bisect.bisect_right": "torch.searchsorted(..., right=True)",
    "statistics.mean": "torch.mean", "statistics.median": "torch.median",
}
# Dynamo hints that say nothing about the user's code ("please file an issue on GitHub ...").
GENERIC_HINT = re.compile(r"file an issue|github|see the next case|report (?:it|this)|pytorch team", re.I)


def is_generic_hint(hint: str) -> bool:
    return bool(GENERIC_HINT.search(hint))


def library_call(brk: Break) -> str | None:
    """`heapq.nlargest` when the break happens inside a function the user's line calls from a file
    outside the linted ones; None when it happens in the user's own code."""
    if brk.site is None or brk.site not in brk.stack:
        return None
    callee = brk.stack[brk.stack.index(brk.site) + 1:][:1]
    return f"{module_name(callee[0].path)}.{callee[0].function}" if callee else None


def module_name(path: str) -> str:
    """Dotted module of a library file: relative to the longest sys.path entry holding it."""
    path = os.path.abspath(path)
    roots = [os.path.abspath(p) for p in sys.path if p and path.startswith(os.path.abspath(p) + os.sep)]
    relative = os.path.relpath(path, max(roots, key=len)) if roots else os.path.basename(path)
    dotted = os.path.splitext(relative)[0].replace(os.sep, ".")
    return dotted.removesuffix(".__init__")


def _inside(brk: Break) -> str:
    """Where the break really happens when that is outside the linted files (a library call)."""
    inner = brk.stack[-1] if brk.stack else None
    if inner is None or brk.site is None or inner == brk.site:
        return ""
    return f" (inside {inner.describe()})"


def _line_text(lines: list[str], line: int) -> str:
    return lines[line - 1].rstrip() if 0 < line <= len(lines) else ""
