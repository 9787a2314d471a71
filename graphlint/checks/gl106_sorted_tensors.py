import libcst as cst

from graphlint.analysis.tensors import TENSOR_SEQ
from graphlint.checks.base import Check
from graphlint.fixes import TORCH, UNSAFE, replace
from graphlint.torch_version import matches


def _sort_stacked(node: cst.Call, ctx):
    """`sorted([a, b, c])` → `list(torch.sort(torch.stack([a, b, c])).values)` (the verified rewrite
    `sorted_tensors`, kept a list): for a list or tuple written out of 0-d tensors, without `key`."""
    items, *rest = node.args
    descending = ""
    for arg in rest:
        if arg.keyword is None or arg.keyword.value != "reverse" or not isinstance(arg.value, cst.Name) \
                or arg.value.value not in ("True", "False"):
            return None
        descending = ", descending=True" if arg.value.value == "True" else ""
    if items.keyword is not None or items.star or not isinstance(items.value, (cst.List, cst.Tuple)):
        return None
    if not all(isinstance(e, cst.Element) and ctx.env.is_zero_d(e.value) for e in items.value.elements):
        return None  # stacking anything but 0-d tensors would sort along another dimension
    return replace(node, (f"list({TORCH}.sort({TORCH}.stack(", items.value, f"){descending}).values)"), UNSAFE,
                   "Sort in the graph: `list(torch.sort(torch.stack(ts)).values)`")


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
            ctx.report(node, self.code, fix=_sort_stacked(node, ctx))

    @staticmethod
    def _comprehension_of_tensors(items, ctx) -> bool:
        if isinstance(items, (cst.ListComp, cst.GeneratorExp)):
            return ctx.is_tensor(items.elt)
        return False
