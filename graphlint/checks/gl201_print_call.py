import libcst as cst

from graphlint.checks.base import Check


class PrintCall(Check):
    """`print(...)` inside traced code (GB0059)."""

    code = "GL201"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.is_builtin(node.func, "print"):
            ctx.report(node, self.code)
