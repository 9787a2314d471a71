import libcst as cst

from graphlint.analysis.tensors import PY_SEQ
from graphlint.checks.base import Check


class TensorAsIndex(Check):
    """A tensor where Python needs an int: `lst[idx]` (GB0124), `range(n)` (GB0059)."""

    code = "GL104"

    def visit_Subscript(self, node: cst.Subscript, ctx) -> None:
        if ctx.kind(node.value) != PY_SEQ or len(node.slice) != 1:
            return
        element = node.slice[0].slice
        if ctx.config.capture_scalar_outputs:  # `__index__` becomes a captured .item()
            return
        if isinstance(element, cst.Index) and ctx.is_tensor(element.value):
            ctx.report(node, self.code, "a tensor used to index a Python list calls `__index__`, i.e. `.item()`")

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.is_builtin(node.func, "range") and any(ctx.is_tensor(a.value) for a in node.args):
            ctx.report(node, self.code, "`range()` of a tensor needs its value as a Python int")
