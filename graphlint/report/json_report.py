"""The `--format json` document. Each finding's fields come from `Finding.to_json` (findings.py)."""

from __future__ import annotations

import json
from collections import Counter

from graphlint import __version__
from graphlint.findings import JSON_SCHEMA_VERSION


def document(result, torch_target) -> dict:
    by_code = Counter(f.code for f in result.findings)
    return {
        "version": JSON_SCHEMA_VERSION,
        "tool": {"name": "graphlint", "version": __version__},
        "torch_target": torch_target.to_json(),
        "findings": [f.to_json() for f in result.findings],
        "errors": [e.to_json() for e in result.errors],
        "summary": {
            "files_checked": result.files_checked,
            "findings": len(result.findings),
            "errors": len(result.errors),
            "suppressed": result.suppressed,
            "by_code": dict(sorted(by_code.items())),
            **_confirmation_counts(result.findings),
        },
    }


def _confirmation_counts(findings) -> dict:
    """`by_confirmation` once the dynamic pass has run (every finding not-run means it has not)."""
    counts = Counter(f.confirmation.status for f in findings)
    return {} if set(counts) <= {"not-run"} else {"by_confirmation": dict(sorted(counts.items()))}


def render(result, torch_target, out, runs=None) -> None:
    """runs: the dynamic pass's TargetRuns, added as `targets` when the pass ran."""
    doc = document(result, torch_target)
    if runs is not None:
        doc["targets"] = [run.to_json() for run in runs]
    json.dump(doc, out, indent=2, ensure_ascii=False)
    out.write("\n")
