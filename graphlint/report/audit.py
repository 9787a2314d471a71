"""`graphlint audit`: per target — graphs, distinct break sites, ops per graph, each break's cause in
plain words and its fix, the fullgraph verdict — then the static findings no target confirmed, and a
summary table."""

from __future__ import annotations

import os

from rich.console import Console
from rich.table import Table
from rich.text import Text

from graphlint.dynamic.fullgraph import MEASURED_ON, measured_version
from graphlint.report.full import confirmation_text

FULLGRAPH_CAVEAT = ("note: fullgraph=True also turns on scalar and dynamic-shape capture (measured on torch "
                    f"{MEASURED_ON}), so it can succeed where plain torch.compile still breaks; both verdicts "
                    "are shown. The targets ran on torch {versions}.")
OTHER_VERSION_NOTE = (" Whether torch {others} does the same was not measured, so its fullgraph verdicts were "
                      "compiled, not inferred.")


def render(result, runs, console: Console) -> None:
    for run in runs:
        _render_target(run, result.findings, console)
    _render_unconfirmed(result.findings, console)
    if runs:
        console.print(Text(fullgraph_caveat(runs), style="dim"))
        console.print(summary_table(runs))


def fullgraph_caveat(runs) -> str:
    """The caveat with the versions the targets really ran on; 2.13 behaviour is claimed only for 2.13."""
    versions = sorted({r.torch_version for r in runs if r.torch_version})
    text = FULLGRAPH_CAVEAT.format(versions=", ".join(versions) or "unknown (no target started)")
    others = [v for v in versions if not measured_version(v)]
    return text + (OTHER_VERSION_NOTE.format(others=", ".join(others)) if others else "")


def _render_target(run, findings, console: Console) -> None:
    console.print(Text(f"target {run.name}", style="bold") + Text(f"  {run.seconds:.1f} s", style="dim"))
    if run.error_kind and not run.breaks:
        console.print(Text("  error: ", style="bold red") + Text(f"{run.error_kind}: {run.error}"))
        console.print()
        return
    sites = run.break_sites()
    ops = ", ".join(str(n) for n in run.ops_per_graph) or "-"
    console.print(f"  plain torch.compile: {run.graph_count} graph{'s' if run.graph_count != 1 else ''} "
                  f"(ops per graph: {ops}), {len(sites)} distinct break site{'s' if len(sites) != 1 else ''}")
    for n, site in enumerate(sites, 1):
        _render_site(n, site, run, findings, console)
    outside = [b for b in run.breaks if b.site is None]
    if outside:
        console.print(f"  + {len(outside)} break(s) outside the linted files, e.g. {outside[0].reason}")
    console.print("  " + fullgraph_verdict(run))
    if run.error_kind:
        console.print(Text("  error: ", style="bold red") + Text(f"{run.error_kind}: {run.error}"))
    console.print()


def _render_site(n: int, site, run, findings, console: Console) -> None:
    from graphlint.catalog import load_catalog
    from graphlint.dynamic.match import finding_lines

    here = [f for f in findings if os.path.abspath(f.path) == site.path and site.line in finding_lines(f)]
    breaks = [b for b in run.breaks if b.site == site]
    gb = ", ".join(dict.fromkeys(g for b in breaks for g in b.gb))
    head = Text(f"  {n}. ", style="bold") + Text(f"{site.describe()}", style="blue")
    if gb:
        head.append(f"  {gb}", style="dim")
    console.print(head)
    catalog = load_catalog()
    for finding in here:
        rule = catalog.get(finding.code)
        cause = finding.message if finding.code.startswith("GL9") else (rule.summary if rule else finding.message)
        console.print(Text(f"     {finding.code} [{finding.name}] ", style="bold red") + Text(cause))
        if finding.help:
            console.print(Text("     fix: ", style="bold cyan") + Text(finding.help))
    hint = next((h for b in breaks for h in b.hints), None)  # Dynamo's own words, even where `fix:` is ours
    console.print(Text("     dynamo: ", style="bold") + Text(breaks[0].reason)
                  + (Text(f" (hint: {hint})", style="dim") if hint else Text()))


def fullgraph_verdict(run) -> str:
    """`fails (ran): ...` when it was compiled; `fails (from GB0170 at model.py:38): ...` when a recorded
    break that fullgraph=True cannot remove decided it without a second compile."""
    phase = run.fullgraph
    if phase is None:
        return "fullgraph=True: not checked"
    head = f"fullgraph=True (backend=\"eager\"): {'succeeds' if phase.ok else 'fails'} ({verdict_basis(phase)})"
    if phase.ok:
        return head + (", but plain torch.compile breaks: see above" if run.break_sites() else "")
    return f"{head}: {phase.error}"


def verdict_basis(phase) -> str:
    return f"inferred from {phase.inferred_from.describe()}, not compiled" if phase.inferred_from else "ran"


def _render_unconfirmed(findings, console: Console) -> None:
    rest = [f for f in findings if f.confirmation.status != "confirmed"]
    if not rest:
        return
    console.print(Text("static findings no target confirmed", style="bold"))
    for f in rest:
        console.print(Text(f"  {f.path}:{f.line}:{f.column} ", style="blue") + Text(f"{f.code} [{f.name}] ")
                      + confirmation_text(f.confirmation))
    console.print()


def summary_table(runs) -> Table:
    table = Table(title="audit summary", title_justify="left")
    for column in ("target", "status", "graphs", "break sites", "fullgraph=True", "seconds"):
        table.add_column(column)
    for run in runs:
        status = Text(run.error_kind, style="red") if run.error_kind else Text("ok", style="green")
        fullgraph = "-" if run.fullgraph is None else (
            f"{'succeeds' if run.fullgraph.ok else 'fails'} ({run.fullgraph.basis})")
        ran = run.eager is not None and run.eager.ok
        table.add_row(run.name, status, str(run.graph_count) if ran else "-",
                      str(len(run.break_sites())) if ran else "-", fullgraph, f"{run.seconds:.1f}")
    return table
