import libcst as cst

from graphlint.checks.base import Check


class WarningsWarn(Check):
    """`warnings.warn(...)`: a skipped function for Dynamo (GB0007)."""

    code = "GL203"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.qualname(node.func) in ("warnings.warn", "warnings.warn_explicit"):
            ctx.report(node, self.code)
