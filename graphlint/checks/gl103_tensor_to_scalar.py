import libcst as cst

from graphlint.analysis.tensors import BOOL_TENSOR, MODULE, NDARRAY, SELF, TENSOR, TENSOR_SEQ
from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorToScalar(Check):
    """`int(t)`, `float(t)`, `bool(t)` on a tensor value: an implicit `.item()` (GB0124);
    `torch.equal(a, b)` / `torch.allclose(a, b)`: a Python bool from the data (GB0033)."""

    code = "GL103"

    def visit_Comparison(self, node: cst.Comparison, ctx) -> None:
        """`x in t` / `x not in t` calls Tensor.__contains__, which reads `(t == x).any()` as a Python
        bool (GB0124, measured on 2.13 only: torcheval's `1 not in self.target[i]`, pt-kmeans). The
        break is at a `CONTAINS_OP`, not a call, which Dynamo cannot resume after: it compiles what came
        before and runs the rest of the function eagerly (measured: `fixtures/cases/tensor_scalars.py`)."""
        if ctx.config.capture_scalar_outputs:
            return
        if isinstance(node.left, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
            return  # `"step" not in state`: a key test on a dict graphlint may take for a tensor (heavyball)
        for target in node.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)) and ctx.is_tensor(target.comparator):
                ctx.report(node, self.code, "`x in t` on a tensor pulls a Python bool out of the graph "
                           "(`Tensor.__contains__` reads `(t == x).any()`)", gb=("GB0124",), hides_rest=True)
                return

    def visit_Call(self, node: cst.Call, ctx) -> None:
        self._searched_for(node, ctx)
        kind = scalar_extraction(node, ctx)
        if kind in (None, "item", "tolist") or used_as_size(ctx):
            return
        if kind in ("int", "float", "bool"):
            if ctx.config.capture_scalar_outputs:  # an implicit .item(), captured
                return
            ctx.report(node, self.code, f"`{kind}()` of a tensor pulls a Python {kind} out of the graph")
        elif kind.startswith("map("):
            if ctx.config.capture_scalar_outputs:
                return
            ctx.report(node, self.code, f"`{kind}` over a tensor pulls each element out of the graph as a Python "
                                        "number")
        else:
            ctx.report(node, self.code, f"`{kind}` returns a Python bool computed from the tensors' data")

    def _searched_for(self, node: cst.Call, ctx) -> None:
        """`labels.remove(t)` / `items.index(t)` with a tensor `t`: the list compares each item with `t` and
        reads the result as a Python bool (GB0170, measured on 2.13 only: torchattacks' least-likely-label
        target, `l.remove(labels[counter])`), with `capture_scalar_outputs` too: a branch, not a scalar. A set's
        `remove` hashes instead (a tensor hashes by identity)."""
        func = node.func
        if not isinstance(func, cst.Attribute) \
                or func.attr.value not in _SEARCHING_METHODS or len(node.args) != 1 or node.args[0].keyword:
            return
        if ctx.kind(func.value) in _NOT_A_LIST or _built_set(func.value) or not ctx.is_tensor(node.args[0].value):
            return  # a tensor, array or module receiver has no list `remove` / `index`
        ctx.report(node, self.code, f"`.{func.attr.value}(t)` with a tensor `t` compares it with each item as a "
                                    "Python bool", gb=("GB0170",))


# `self.index(key)` calls the class's own method (torchhd's ItemStore.index), not a list's
_NOT_A_LIST = frozenset({TENSOR, BOOL_TENSOR, NDARRAY, MODULE, TENSOR_SEQ, SELF})
# list methods that find an item by `==` (`count` is measured not to break: Dynamo folds it)
_SEARCHING_METHODS = frozenset({"remove", "index"})


def _built_set(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.Set, cst.SetComp)) or (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("set", "frozenset"))
