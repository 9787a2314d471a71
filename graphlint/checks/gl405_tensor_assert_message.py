import libcst as cst

from graphlint.checks._common import break_line_node
from graphlint.checks.base import Check


def _constant_message(msg: cst.BaseExpression | None) -> bool:
    if msg is None or isinstance(msg, cst.SimpleString):
        return True
    if isinstance(msg, cst.ConcatenatedString):
        return _constant_message(msg.left) and _constant_message(msg.right)
    return False


def _jumps_before_assert(test: cst.BaseExpression, ctx) -> bool:
    """`assert not t`, `assert t and u`, `assert t or u`: Python jumps on the tensor before it reaches
    the assert's own test, so Dynamo's assert rewrite (which matches only that last jump) misses it."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return ctx.needs_tensor_bool(test.expression)
    if isinstance(test, cst.BooleanOperation):
        return ctx.needs_tensor_bool(test.left) or _jumps_before_assert(test.right, ctx)
    return False


def rewritten_by_dynamo(node: cst.Assert, ctx) -> bool:
    """Dynamo turns the assert into a graph-side check (no break on torch >= 2.1)."""
    return _constant_message(node.msg) and not _jumps_before_assert(node.test, ctx)


class TensorAssertMessage(Check):
    """An assert on a tensor that Dynamo cannot rewrite: it evaluates the tensor in Python (GB0170)."""

    code = "GL405"

    def visit_Assert(self, node: cst.Assert, ctx) -> None:
        if rewritten_by_dynamo(node, ctx) or not ctx.needs_tensor_bool(node.test):
            return
        start = break_line_node(node, ctx)
        if _constant_message(node.msg):
            ctx.report(node, self.code, "`assert not t` / `assert t and u` on a tensor branches on its value "
                                        "before the assert (Dynamo rewrites only `assert t`)", start_node=start)
        else:
            ctx.report(node, self.code, start_node=start)
