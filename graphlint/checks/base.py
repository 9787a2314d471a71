"""What a check sees: the node, and a context with tensor kinds, names, ancestors and `report`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import libcst as cst

from graphlint.torch_version import matches

if TYPE_CHECKING:
    from graphlint.fixes import FixSpec
    from graphlint.walker import CheckContext


class Check:
    code: ClassVar[str] = ""

    # Subclasses define visit_<NodeType>(self, node, ctx: CheckContext) -> None.


@dataclass(frozen=True)
class RawFinding:
    """A finding before positions are known: the node plus what the check said."""

    code: str
    node: cst.CSTNode
    statement: cst.CSTNode | None
    message: str | None = None
    # where the reported range starts, when not at `node` (an `if` keyword before its test)
    start_node: cst.CSTNode | None = None
    # the Dynamo GB ids of this very form, when the rule covers several (GL202: GB4841 vs GB0291)
    gb: tuple[str, ...] | None = None
    # inside a loop body or a `while` test: Dynamo gives up on the whole frame here ("graph break in
    # loop"), so the breaks after it in the same function are not traced until this one is fixed
    skips_frame: bool = False
    # with skips_frame: the frame is skipped only after this node (a `while` loop whose test breaks before its
    # last jump: the body is traced, the test's second evaluation breaks inside the loop), not after the break
    skips_after: cst.CSTNode | None = None
    # a `while` test that only holds a tensor from the second test on (the body rebinds its names): a
    # frame-skipping break in the body comes first, so it hides this one
    after_first_iteration: bool = False
    # Dynamo meets this break only when it compiles the graph that holds it, at the next break or the
    # return (`y.detach().requires_grad_()`: GB8985): when the next break skips the frame, no graph is
    # compiled and this one never shows
    deferred: bool = False
    # deferred, and nothing derived from it is returned or stored: it shows only if a later break compiles the
    # graph while a derived value is live (GL704's `requires_grad_()` on a tensor made here)
    needs_later_break: bool = False
    # the rewrite the check proposes (graphlint/fixes.py), None when there is none for this form
    fix: FixSpec | None = None
    # the break is in a third-party function's own code (torch_geometric, torchvision, Lightning): where the caller
    # runs eagerly, after a break that made Dynamo skip it, Dynamo still compiles the callee as a frame of its own
    # and meets the break there, so no earlier skip hides this one
    in_callee_frame: bool = False
    # in place of the rule's help (GL616 at a call into an installed library: how to avoid the library's break)
    help: str | None = None


class CallByName(Check):
    """A check that flags calls to fixed qualified names (`time.time`, `json.dumps`, ...).

    Subclasses set `calls`: qualified name → message (None for the rule's summary) and optionally
    `gb_by_call`: qualified name → the GB ids measured for that very call.
    """

    calls: ClassVar[dict[str, str | None]] = {}
    gb_by_call: ClassVar[dict[str, tuple[str, ...]]] = {}
    prefixes: ClassVar[tuple[str, ...]] = ()  # whole modules, e.g. "random." or "zlib."
    allowed: ClassVar[set[str]] = set()  # exceptions to the prefixes
    # forms whose measured torch range differs from the rule's: name or prefix → (probe, specifier);
    # checked against measurements/versions.json by tests/test_versions.py
    MEASURED_FORMS: ClassVar[dict[str, tuple[str, str]]] = {}

    def message_for(self, name: str) -> str | None:
        """A message for a name matched by a prefix (None: the generic one)."""
        return None

    def gb_for(self, name: str) -> tuple[str, ...] | None:
        """GB ids for a name matched by a prefix (None: the rule's)."""
        return None

    def fix_for(self, name: str, node: cst.Call, ctx: CheckContext) -> FixSpec | None:
        """The rewrite for this call (None: none)."""
        return None

    def visit_Call(self, node: cst.Call, ctx: CheckContext) -> None:
        name = ctx.qualname(node.func)
        if name is None and isinstance(node.func, cst.Name) and ctx.is_builtin(node.func, node.func.value):
            name = f"builtins.{node.func.value}"
        if name is None:
            return
        form = next((f for f in self.MEASURED_FORMS if name == f or (f.endswith(".") and name.startswith(f))), None)
        if form is not None and not matches(ctx.torch_version, self.MEASURED_FORMS[form][1]):
            return  # this form does not break on the target torch version
        if name in self.calls or (self.prefixes and name.startswith(self.prefixes) and name not in self.allowed):
            message = self.calls.get(name) or self.message_for(name) or \
                f"`{name.removeprefix('builtins.')}()` is not traceable: Dynamo breaks the graph at the call"
            ctx.report(node, self.code, message, gb=self.gb_by_call.get(name) or self.gb_for(name),
                       fix=self.fix_for(name, node, ctx))
