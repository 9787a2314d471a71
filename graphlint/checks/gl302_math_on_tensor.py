import libcst as cst

from graphlint.checks.base import Check


class MathOnTensor(Check):
    """`math.sqrt(t)` and friends on a tensor value: Python math needs a Python float (GB0033)."""

    code = "GL302"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func)
        if name and name.startswith("math.") and any(ctx.is_tensor(a.value) for a in node.args):
            ctx.report(node, self.code, f"`{name}()` of a tensor converts it to a Python float first")
