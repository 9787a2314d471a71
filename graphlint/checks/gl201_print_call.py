import libcst as cst

from graphlint.analysis.names import dotted
from graphlint.checks.base import Check
from graphlint.fixes import guard_call


class PrintCall(Check):
    """`print(...)` inside traced code (GB0059), also through a name or attribute that holds `print`."""

    code = "GL201"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        alias = ctx.is_print_alias(node.func)
        if alias or ctx.is_builtin(node.func, "print"):
            if "print" in ctx.config.reorderable_logging_functions:
                return  # moved after the graph: no break, and the print still happens
            if "print" in ctx.config.ignore_logging_functions:
                ctx.report(node, self.code, "no graph break, but `ignore_logging_functions` silently drops this "
                                            "print under compile")
                return
            ctx.report(node, self.code, f"`{dotted(node.func)}` is `print` here: not traceable" if alias else None,
                       fix=guard_call(node, ctx.statement()))
