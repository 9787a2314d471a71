import libcst as cst

from graphlint.checks.base import Check
from graphlint.fixes import guard_call


class WarningsWarn(Check):
    """`warnings.warn(...)`: a skipped function for Dynamo (GB0007)."""

    code = "GL203"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func)
        if name in ("warnings.warn", "warnings.warn_explicit"):
            if name in ctx.config.reorderable_logging_functions:
                return  # measured: reorderable_logging_functions={warnings.warn} removes the break
            ctx.report(node, self.code, fix=guard_call(node, ctx.statement()))
