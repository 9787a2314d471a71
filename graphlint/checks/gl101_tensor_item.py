import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorItem(Check):
    """`.item()` on a tensor: Dynamo cannot put a Python number in the graph (GB0124)."""

    code = "GL101"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.config.capture_scalar_outputs:  # captured as an unbacked symbol: no break
            return
        if scalar_extraction(node, ctx) == "item" and not used_as_size(ctx):
            ctx.report(node, self.code)
