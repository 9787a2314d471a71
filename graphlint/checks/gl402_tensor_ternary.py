import libcst as cst

from graphlint.checks.base import Check


class TensorTernary(Check):
    """`a if <tensor> else b`: data-dependent branching (GB0170)."""

    code = "GL402"

    def visit_IfExp(self, node: cst.IfExp, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            # at the test: Dynamo reports the line where the condition is evaluated
            ctx.report(node.test, self.code)
