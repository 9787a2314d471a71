import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorToScalar(Check):
    """`int(t)`, `float(t)`, `bool(t)` on a tensor value: an implicit `.item()` (GB0124)."""

    code = "GL103"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        kind = scalar_extraction(node, ctx)
        if kind in ("int", "float", "bool") and not used_as_size(ctx):
            ctx.report(node, self.code, f"`{kind}()` of a tensor pulls a Python {kind} out of the graph")
