import libcst as cst

from graphlint.analysis.tensors import TENSOR_SEQ
from graphlint.checks.base import Check
from graphlint.torch_version import matches


class SortedTensors(Check):
    """`sorted()` of tensors compares their values in Python (GB0207)."""

    code = "GL106"
    MEASURED_FORMS = {"sorted_key": ("sorted_by_shape", "<2.6")}

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if not ctx.is_builtin(node.func, "sorted") or not node.args:
            return
        if any(a.keyword is not None and a.keyword.value == "key" for a in node.args) and not matches(
                ctx.torch_version, self.MEASURED_FORMS["sorted_key"][1]):
            return  # sorted by a key (a shape, say): fine since 2.6
        items = node.args[0].value
        if ctx.kind(items) == TENSOR_SEQ or ctx.is_tensor(items) or self._comprehension_of_tensors(items, ctx):
            ctx.report(node, self.code)

    @staticmethod
    def _comprehension_of_tensors(items, ctx) -> bool:
        if isinstance(items, (cst.ListComp, cst.GeneratorExp)):
            return ctx.is_tensor(items.elt)
        return False
