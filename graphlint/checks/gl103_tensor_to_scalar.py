import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorToScalar(Check):
    """`int(t)`, `float(t)`, `bool(t)` on a tensor value: an implicit `.item()` (GB0124);
    `torch.equal(a, b)` / `torch.allclose(a, b)`: a Python bool from the data (GB0033)."""

    code = "GL103"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        kind = scalar_extraction(node, ctx)
        if kind in (None, "item", "tolist") or used_as_size(ctx):
            return
        if kind in ("int", "float", "bool"):
            if ctx.config.capture_scalar_outputs:  # an implicit .item(), captured
                return
            ctx.report(node, self.code, f"`{kind}()` of a tensor pulls a Python {kind} out of the graph")
        else:
            ctx.report(node, self.code, f"`{kind}` returns a Python bool computed from the tensors' data")
