import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorTolist(Check):
    """`.tolist()` on a tensor (GB0109 on float tensors, GB0033 on integer tensors)."""

    code = "GL102"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if scalar_extraction(node, ctx) == "tolist" and not used_as_size(ctx):
            ctx.report(node, self.code)
