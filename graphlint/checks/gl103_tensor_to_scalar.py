import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorToScalar(Check):
    """`int(t)`, `float(t)`, `bool(t)` on a tensor value: an implicit `.item()` (GB0124);
    `torch.equal(a, b)` / `torch.allclose(a, b)`: a Python bool from the data (GB0033)."""

    code = "GL103"

    def visit_Comparison(self, node: cst.Comparison, ctx) -> None:
        """`x in t` / `x not in t` calls Tensor.__contains__, which reads `(t == x).any()` as a Python
        bool (GB0124, measured on 2.13 only: torcheval's `1 not in self.target[i]`, pt-kmeans). The
        break is at a `CONTAINS_OP`, not a call, which Dynamo cannot resume after: it compiles what came
        before and runs the rest of the function eagerly (measured: `fixtures/cases/tensor_scalars.py`)."""
        if ctx.config.capture_scalar_outputs:
            return
        if isinstance(node.left, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return  # `"step" not in state`: a key test on a dict graphlint may take for a tensor (heavyball)
        for target in node.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)) and ctx.is_tensor(target.comparator):
                ctx.report(node, self.code, "`x in t` on a tensor pulls a Python bool out of the graph "
                           "(`Tensor.__contains__` reads `(t == x).any()`)", gb=("GB0124",), hides_rest=True)
                return

    def visit_Call(self, node: cst.Call, ctx) -> None:
        kind = scalar_extraction(node, ctx)
        if kind in (None, "item", "tolist") or used_as_size(ctx):
            return
        if kind in ("int", "float", "bool"):
            if ctx.config.capture_scalar_outputs:  # an implicit .item(), captured
                return
            ctx.report(node, self.code, f"`{kind}()` of a tensor pulls a Python {kind} out of the graph")
        elif kind.startswith("map("):
            if ctx.config.capture_scalar_outputs:
                return
            ctx.report(node, self.code, f"`{kind}` over a tensor pulls each element out of the graph as a Python "
                                        "number")
        else:
            ctx.report(node, self.code, f"`{kind}` returns a Python bool computed from the tensors' data")
