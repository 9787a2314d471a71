import libcst as cst

from graphlint.checks.base import Check


class TensorAssert(Check):
    """`assert` on a tensor value — a break only on old torch (see the rule's version range)."""

    code = "GL404"

    def visit_Assert(self, node: cst.Assert, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code)
