import libcst as cst

from graphlint.checks.base import Check


def _operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`a and b or c` → [a, b, c], in evaluation order."""
    if isinstance(test, cst.BooleanOperation):
        return _operands(test.left) + _operands(test.right)
    return [test]


def _break_line_node(node: cst.If, ctx) -> cst.CSTNode:
    """Where Python puts the jump Dynamo breaks on: an operand's own jump (every operand of an
    `and`/`or` chain but the last) is on that operand's line; the last jump is the `if`'s own, on
    the line of the `if` keyword even when the test spans lines (measured: snntorch's
    `spikegen.latency` breaks on its first operand's line, transformers' `_prefill` check on the `if`)."""
    for operand in _operands(node.test)[:-1]:
        if ctx.needs_tensor_bool(operand):
            return operand
    return node


class TensorCondition(Check):
    """`if` / `elif` / `while` on a tensor value: data-dependent branching (GB0170)."""

    code = "GL401"

    def visit_If(self, node: cst.If, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, start_node=_break_line_node(node, ctx))

    def visit_While(self, node: cst.While, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, "`while` on a tensor value: data-dependent loop condition",
                       start_node=node)
