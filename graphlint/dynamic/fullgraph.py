"""The fullgraph verdict without a second compile, where the plain compile already proves it. No torch.

`torch.compile(fullgraph=True)` raises at the first graph break it cannot remove. On torch 2.13 it
differs from a plain compile only in turning on scalar and dynamic-output-shape capture (and allowing
`.item()` in one graph): those remove GB0124, GB0036 and, in some forms, GB0033. Every other break the
plain compile recorded is still there under fullgraph=True, so the verdict is a certain "fails" and the
runner skips the second compile, the largest cost of an audit for a big model.

Two things are never inferred, so those runs still compile with fullgraph=True for real:
- "succeeds": zero recorded breaks and one graph is not proof on every version (a plain compile can
  fall back to eager without a recorded break, e.g. on a suppressed compile error or a recompile limit);
- runs whose breaks are all removable by the capture flags: whether capture then traces is the question.
"""

from __future__ import annotations

from dataclasses import dataclass

# The torch minor version the ids below were measured on (../shared/reference/BREAKS-torch-2.13.md:
# for each id, every probe pattern that broke with it also made fullgraph=True raise). On another version
# the runner compiles with fullgraph=True instead of trusting this table.
MEASURED_ON = "2.13"

# Removed (or removable) by what fullgraph=True turns on: never proof of failure.
REMOVED_BY_FULLGRAPH = frozenset({
    "GB0124",  # Tensor.item() with capture_scalar_outputs=False
    "GB0036",  # dynamic-output-shape operator (nonzero, boolean mask, unique, ...)
    "GB0033",  # data-dependent operator: fullgraph=True traced 2 of the 3 measured probes
})

# Breaks fullgraph=True cannot remove: it raised on every measured probe that broke with one of these.
KEPT_UNDER_FULLGRAPH = frozenset({
    "GB0007",  # call to a function Dynamo skips (time.time, random, C functions such as _heapq)
    "GB0025",  # explicit torch._dynamo.graph_break()
    "GB0059",  # builtin Dynamo cannot trace (print, str(t), range over a tensor)
    "GB0098",  # call to a torch.compiler.disable'd function
    "GB0108",  # Tensor.retain_grad()
    "GB0109",  # Tensor.tolist() on a non-integer tensor
    "GB0123",  # .backward() inside the compiled region
    "GB0142",  # unsupported context manager
    "GB0156",  # unsupported method call (sys.stdout.write, C extensions)
    "GB0170",  # data-dependent branching (if/while/and/or on a tensor)
    "GB0207",  # sorted() of tensors
    "GB0264",  # nn.Parameter() constructed in the traced code
    "GB0291",  # logging.Logger method
    "GB0569",  # repr() of a tensor
    "GB4198",  # copy.deepcopy of a tensor
    "GB4841",  # logging module function
})


@dataclass(frozen=True)
class FailureProof:
    """The recorded break that makes fullgraph=True fail for certain."""

    gb: str
    reason: str
    site: tuple[str, int, str] | None  # (path, line, function): the linted frame, else the innermost one


def proof_of_failure(breaks: list[dict], torch_version: str | None) -> FailureProof | None:
    """The first break (in the order Dynamo met them) that fullgraph=True keeps, or None when the
    verdict has to be measured. `breaks` are the runner's break records (kind, gb, reason, site, stack)."""
    if not measured_version(torch_version):
        return None
    for brk in breaks:
        gb = _kept_gb(brk)
        if gb is not None:
            site = brk.get("site") or (brk.get("stack") or [None])[-1]
            return FailureProof(gb, str(brk.get("reason", "")), tuple(site) if site else None)
    return None


def _kept_gb(brk: dict) -> str | None:
    """The id that proves the failure; only for breaks Dynamo reported while tracing (not frames skipped
    whole, whose log message may quote ids of other breaks), and never when one of the ids is removable."""
    ids = set(brk.get("gb") or ())
    if brk.get("kind") != "break" or ids & REMOVED_BY_FULLGRAPH:
        return None
    return next((gb for gb in brk.get("gb") or () if gb in KEPT_UNDER_FULLGRAPH), None)


def measured_version(torch_version: str | None) -> bool:
    """'2.13.0+cpu' → True; any other minor version (or none) → False."""
    parts = (torch_version or "").split("+")[0].split(".")
    return ".".join(parts[:2]) == MEASURED_ON
