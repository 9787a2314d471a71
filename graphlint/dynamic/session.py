"""The dynamic pass as the CLI runs it: find the targets file, run every target (progress on stderr),
confirm the static findings, add the breaks they miss. No torch in this process.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from graphlint.dynamic.orchestrate import RunSettings, run_targets
from graphlint.dynamic.results import TargetRun
from graphlint.dynamic.targets import TargetRef, TargetsFileError, find_targets_file, list_targets
from graphlint.findings import FileError

NOTICE = ("graphlint: the dynamic pass imports and runs your code ({targets} and what it imports), "
          "each target in its own process.\n")


@dataclass
class DynamicOutcome:
    targets_file: Path | None
    runs: list[TargetRun] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)

    @property
    def anything_ran(self) -> bool:
        return any(r.eager is not None and r.eager.ok for r in self.runs)


def locate_targets(explicit: str | None, config, paths: list[str]) -> tuple[Path | None, list[TargetRef], list[FileError]]:
    config_dir = config.path.parent if config.path else None
    try:
        path = find_targets_file(explicit, config.targets, config_dir, paths)
        return path, list_targets(path), []
    except TargetsFileError as exc:
        return None, [], [FileError(path=explicit or config.targets or ".", kind="dynamic", message=str(exc))]


def run_dynamic_pass(targets_file: Path, refs: list[TargetRef], linted_files: list[str], timeout_s: float,
                     max_memory_mb: int | None, stderr_console) -> DynamicOutcome:
    from graphlint.files import display_path

    stderr_console.file.write(NOTICE.format(targets=display_path(str(targets_file))))
    settings = RunSettings(targets_file=targets_file, timeout_s=timeout_s, max_memory_mb=max_memory_mb,
                           linted_files=tuple(os.path.abspath(f) for f in linted_files))
    runs = _with_progress(refs, settings, stderr_console)
    errors = [FileError(path=display_path(str(targets_file)), kind="target",
                        message=f"target `{r.name}`: {r.error_kind}: {r.error}") for r in runs if r.error_kind]
    outcome = DynamicOutcome(targets_file, runs, errors)
    if not outcome.anything_ran:
        outcome.errors.append(FileError(path=display_path(str(targets_file)), kind="dynamic",
                                        message="no target could run; nothing was confirmed"))
    return outcome


def _with_progress(refs: list[TargetRef], settings: RunSettings, console) -> list[TargetRun]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("[bold]auditing[/] {task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(refs[0].name if refs else "", total=len(refs))

        def started(ref: TargetRef) -> None:
            progress.update(task, description=ref.name)

        def finished(run: TargetRun) -> None:
            progress.advance(task)

        return run_targets(refs, settings, on_start=started, on_done=finished)


def _unsuppressed(findings: list, read_lines) -> list:
    """Drop the findings a `# noqa: GL901` (or `# graphlint: ignore[GL901]`) on their line silences,
    like any rule's; each file's suppressions are parsed once."""
    from graphlint.suppressions import parse_suppressions

    by_path: dict = {}
    kept = []
    for finding in findings:
        if finding.path not in by_path:
            by_path[finding.path] = parse_suppressions("\n".join(read_lines(finding.path)))
        if not by_path[finding.path].covers(finding):
            kept.append(finding)
    return kept


def apply_to_findings(result, outcome: DynamicOutcome, codes: frozenset[str], read_lines) -> None:
    """Confirm each finding; add GL901 findings for the breaks no finding covers (if GL901 is enabled)."""
    from graphlint.catalog import load_catalog
    from graphlint.dynamic.match import DYNAMIC_ONLY_CODE, dynamic_only_findings, with_confirmations
    from graphlint.findings import Finding

    findings = with_confirmations(result.findings, outcome.runs)
    if DYNAMIC_ONLY_CODE in codes:
        added = dynamic_only_findings(findings, outcome.runs, load_catalog()[DYNAMIC_ONLY_CODE], read_lines)
        kept = _unsuppressed(added, read_lines)
        result.suppressed += len(added) - len(kept)
        findings += kept
    result.findings = sorted(findings, key=Finding.sort_key)
    result.errors = result.errors + outcome.errors
