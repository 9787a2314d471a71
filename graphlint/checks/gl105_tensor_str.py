import libcst as cst

from graphlint.checks.base import Check


class TensorStr(Check):
    """`str(t)` / `repr(t)` of a tensor value (GB0059, GB0569). f-strings of tensors do not break."""

    code = "GL105"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        for name, gb in (("str", ("GB0059",)), ("repr", ("GB0569",))):
            if ctx.is_builtin(node.func, name) and len(node.args) == 1 and ctx.is_tensor(node.args[0].value):
                ctx.report(node, self.code, f"`{name}()` of a tensor formats its values: not traceable", gb=gb)
