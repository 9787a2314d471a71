import libcst as cst

from graphlint.checks.base import Check
from graphlint.fixes import guard_call


class StdoutWrite(Check):
    """`sys.stdout.write(...)` / `sys.stderr.write(...)` (GB0156)."""

    code = "GL204"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.qualname(node.func) in ("sys.stdout.write", "sys.stderr.write", "sys.stdout.flush",
                                       "sys.stderr.flush"):
            ctx.report(node, self.code, fix=guard_call(node, ctx.statement()))
