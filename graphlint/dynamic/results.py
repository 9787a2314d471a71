"""What one target's run reports, as the runner writes it (JSON) and the parent reads it. No torch.

Paths are absolute in the runner's output; the reporters show them relative to the working directory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

# Dynamo names the code after a break `torch_dynamo_resume_in_forward_at_35`; the user wrote `forward`.
RESUME_NAME = re.compile(r"^torch_dynamo_resume_in_(\w+?)_at_\d+$")


@dataclass(frozen=True)
class Frame:
    path: str
    line: int
    function: str

    def describe(self) -> str:
        from graphlint.files import display_path

        match = RESUME_NAME.match(self.function)
        return f"{display_path(self.path)}:{self.line} in {match.group(1) if match else self.function}"

    @classmethod
    def from_json(cls, data: list) -> "Frame":
        return cls(str(data[0]), int(data[1]), str(data[2]))


@dataclass(frozen=True)
class Break:
    """One distinct graph break: where (the deepest frame in the linted files), why, and how often."""

    site: Frame | None  # None: no frame of the user stack lies in the linted files
    gb: tuple[str, ...]
    reason: str  # first line of Dynamo's message
    stack: tuple[Frame, ...]  # the user stack, outermost first
    kind: str = "break"  # break | skip (a frame Dynamo skipped whole) | fallback
    count: int = 1
    explanation: str = ""  # Dynamo's "Explanation:" text
    hints: tuple[str, ...] = ()  # Dynamo's "Hint:" lines: the fix it suggests

    @classmethod
    def from_json(cls, data: dict) -> "Break":
        return cls(site=Frame.from_json(data["site"]) if data.get("site") else None,
                   gb=tuple(data.get("gb", ())), reason=data.get("reason", ""),
                   stack=tuple(Frame.from_json(f) for f in data.get("stack", ())),
                   kind=data.get("kind", "break"), count=int(data.get("count", 1)),
                   explanation=data.get("explanation", ""), hints=tuple(data.get("hints", ())))


@dataclass(frozen=True)
class Inference:
    """A verdict taken from a recorded break instead of a compile (see fullgraph.py)."""

    gb: str
    site: Frame | None

    def describe(self) -> str:
        from graphlint.files import display_path

        return f"{self.gb} at {display_path(self.site.path)}:{self.site.line}" if self.site else self.gb

    @classmethod
    def from_json(cls, data: dict | None) -> "Inference | None":
        if not data:
            return None
        return cls(gb=str(data.get("gb", "")), site=Frame.from_json(data["site"]) if data.get("site") else None)


@dataclass(frozen=True)
class Phase:
    ok: bool
    error: str | None = None  # first line of the exception, `Type: message`
    seconds: float = 0.0
    inferred_from: Inference | None = None  # None: the phase ran

    @property
    def basis(self) -> str:
        return "ran" if self.inferred_from is None else "inferred"

    @classmethod
    def from_json(cls, data: dict | None) -> "Phase | None":
        if data is None:
            return None
        return cls(ok=bool(data.get("ok")), error=data.get("error"), seconds=float(data.get("seconds", 0.0)),
                   inferred_from=Inference.from_json(data.get("inferred_from")))

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "error": self.error, "seconds": round(self.seconds, 3), "basis": self.basis,
                "inferred_from": self.inferred_from.describe() if self.inferred_from else None}


@dataclass
class TargetRun:
    """A target's outcome. `error_kind` is set when the target could not be fully audited."""

    name: str
    eager: Phase | None = None
    compiled: Phase | None = None
    fullgraph: Phase | None = None
    graph_count: int = 0
    ops_per_graph: list[int] = field(default_factory=list)
    breaks: list[Break] = field(default_factory=list)
    coverage: dict[str, set[int]] = field(default_factory=dict)  # path → lines the eager run executed
    error_kind: str | None = None  # torch-missing | targets-import | not-found | bad-return | raised | ...
    error: str | None = None
    seconds: float = 0.0
    torch_version: str | None = None

    @property
    def ran(self) -> bool:
        """Dynamo traced the target to the end, so a missing break at an executed line means something."""
        return self.compiled is not None and self.compiled.ok

    def break_sites(self) -> list[Frame]:
        return sorted({b.site for b in self.breaks if b.site is not None},
                      key=lambda f: (f.path, f.line))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TargetRun":
        return cls(
            name=data["target"],
            eager=Phase.from_json(data.get("eager")),
            compiled=Phase.from_json(data.get("compiled")),
            fullgraph=Phase.from_json(data.get("fullgraph")),
            graph_count=int(data.get("graph_count", 0)),
            ops_per_graph=[int(n) for n in data.get("ops_per_graph", ())],
            breaks=[Break.from_json(b) for b in data.get("breaks", ())],
            coverage={path: set(lines) for path, lines in data.get("coverage", {}).items()},
            error_kind=data.get("error_kind"),
            error=data.get("error"),
            torch_version=data.get("torch_version"),
        )

    def to_json(self) -> dict[str, Any]:
        from graphlint.files import display_path

        def phase(p: Phase | None):
            return None if p is None else p.to_json()

        return {
            "name": self.name,
            "status": "error" if self.error_kind else "ok",
            "error": None if not self.error_kind else {"kind": self.error_kind, "message": self.error},
            "eager": phase(self.eager),
            "compiled": phase(self.compiled),
            "fullgraph": phase(self.fullgraph),
            "graph_count": self.graph_count,
            "ops_per_graph": self.ops_per_graph,
            "breaks": [{
                "path": display_path(b.site.path) if b.site else None,
                "line": b.site.line if b.site else None,
                "kind": b.kind, "gb": list(b.gb), "reason": b.reason, "count": b.count,
                "explanation": b.explanation, "hints": list(b.hints),
                "stack": [f.describe() for f in b.stack],
            } for b in self.breaks],
            "seconds": round(self.seconds, 3),
            "torch_version": self.torch_version,
        }
