import libcst as cst

from graphlint.checks.base import Check
from graphlint.checks.gl405_tensor_assert_message import rewritten_by_dynamo


class TensorAssert(Check):
    """`assert` on a tensor value — a break only on old torch (see the rule's version range)."""

    code = "GL404"

    def visit_Assert(self, node: cst.Assert, ctx) -> None:
        # the forms Dynamo cannot rewrite (computed message, `not t`, `t and u`) are GL405's
        if rewritten_by_dynamo(node, ctx) and ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code)
