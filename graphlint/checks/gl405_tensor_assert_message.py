import libcst as cst

from graphlint.checks.base import Check


def _constant_message(msg: cst.BaseExpression | None) -> bool:
    if msg is None or isinstance(msg, cst.SimpleString):
        return True
    if isinstance(msg, cst.ConcatenatedString):
        return _constant_message(msg.left) and _constant_message(msg.right)
    return False


class TensorAssertMessage(Check):
    """`assert <tensor>, <computed message>`: the assert is not rewritten and breaks (GB0170)."""

    code = "GL405"

    def visit_Assert(self, node: cst.Assert, ctx) -> None:
        if not _constant_message(node.msg) and ctx.needs_tensor_bool(node.test):
            ctx.report(node, self.code)
