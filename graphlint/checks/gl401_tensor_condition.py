import libcst as cst

from graphlint.checks._common import break_line_node
from graphlint.checks.base import Check


class TensorCondition(Check):
    """`if` / `elif` / `while` on a tensor value, or a comprehension's `if` filter on one:
    data-dependent branching (GB0170)."""

    code = "GL401"

    def visit_If(self, node: cst.If, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, start_node=break_line_node(node, ctx))

    def visit_While(self, node: cst.While, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, "`while` on a tensor value: data-dependent loop condition",
                       start_node=node, after_first_iteration=not ctx.needs_tensor_bool_on_entry(node.test))

    def visit_CompIf(self, node: cst.CompIf, ctx) -> None:
        # `[c.item() for c in counts if c > 0]`: the filter runs before the element, so it breaks first
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, "comprehension `if` on a tensor value: data-dependent filter")
