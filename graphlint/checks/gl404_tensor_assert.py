import libcst as cst

from graphlint.checks.base import Check
from graphlint.checks.gl405_tensor_assert_message import _constant_message


class TensorAssert(Check):
    """`assert` on a tensor value — a break only on old torch (see the rule's version range)."""

    code = "GL404"

    def visit_Assert(self, node: cst.Assert, ctx) -> None:
        # a computed message is GL405's (it breaks on every version measured)
        if _constant_message(node.msg) and ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code)
