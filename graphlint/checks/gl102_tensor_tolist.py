import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorTolist(Check):
    """`.tolist()` on a tensor (GB0109 on float tensors, GB0033 on integer tensors)."""

    code = "GL102"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if scalar_extraction(node, ctx) == "tolist" and not used_as_size(ctx):
            if ctx.config.capture_scalar_outputs:
                ctx.report(node, self.code, "`.tolist()` still breaks on float tensors with capture_scalar_outputs "
                                            f"(set in {ctx.config.source_of('capture_scalar_outputs')}): GB0109")
            else:
                ctx.report(node, self.code)
