import libcst as cst

from graphlint.checks.base import Check


def _first_operand(test: cst.BaseExpression) -> cst.BaseExpression:
    """The first operand inside the parentheses of `if (\n a > b\n and c\n):`: Python puts the jump on
    that line, not on the line of the `if` (measured: snntorch's `spikegen.latency`)."""
    while test.lpar and isinstance(test, (cst.BooleanOperation, cst.Comparison, cst.BinaryOperation)):
        test = test.left
    return test


class TensorCondition(Check):
    """`if` / `elif` / `while` on a tensor value: data-dependent branching (GB0170)."""

    code = "GL401"

    def visit_If(self, node: cst.If, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            # from the `if` keyword: Dynamo reports the line of the `if`, even when the test spans lines,
            # unless the test opens with a parenthesis and a line break
            start = _first_operand(node.test) if node.test.lpar else node
            ctx.report(node.test, self.code, start_node=start)

    def visit_While(self, node: cst.While, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, "`while` on a tensor value: data-dependent loop condition",
                       start_node=node)
