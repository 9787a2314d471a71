import libcst as cst

from graphlint.checks.base import Check


class TensorTernary(Check):
    """`a if <tensor> else b`: data-dependent branching (GB0170)."""

    code = "GL402"

    def visit_IfExp(self, node: cst.IfExp, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node, self.code)
