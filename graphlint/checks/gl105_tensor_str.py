import libcst as cst

from graphlint.checks.base import Check
from graphlint.torch_version import matches


class TensorStr(Check):
    """`str(t)` / `repr(t)` of a tensor value (GB0059, GB0569). f-strings of tensors do not break."""

    code = "GL105"
    # f-strings of tensors broke on 2.1 and 2.2 only (measured)
    MEASURED_FORMS = {"fstring": ("fstring_of_tensor", "<2.3")}

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression, ctx) -> None:
        if matches(ctx.torch_version, self.MEASURED_FORMS["fstring"][1]) and ctx.is_tensor(node.expression):
            ctx.report(node, self.code, "an f-string of a tensor formats its values: a break on torch < 2.3")

    def visit_Call(self, node: cst.Call, ctx) -> None:
        for name, gb in (("str", ("GB0059",)), ("repr", ("GB0569",))):
            if ctx.is_builtin(node.func, name) and len(node.args) == 1 and ctx.is_tensor(node.args[0].value):
                ctx.report(node, self.code, f"`{name}()` of a tensor formats its values: not traceable", gb=gb)
