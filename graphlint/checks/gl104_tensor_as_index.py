import libcst as cst

from graphlint.analysis.tensors import NDARRAY, PY_SEQ, TENSOR_SEQ
from graphlint.checks.base import Check


ZERO_D_INDEX = ("indexing with a 0-d tensor reads its value as a Python number "
                "(use `torch.index_select`/`torch.gather`, or keep a 1-element index)")


class TensorAsIndex(Check):
    """A tensor where Python needs an int: `lst[idx]` (GB0124), `range(n)` (GB0059), `x[x.argmax()]` (GB0033)."""

    code = "GL104"

    def visit_Subscript(self, node: cst.Subscript, ctx) -> None:
        if ctx.config.capture_scalar_outputs:  # `__index__` becomes a captured .item()
            return
        if len(node.slice) != 1:
            self._zero_d_among_indices(node, ctx)
            return
        element = node.slice[0].slice
        if not isinstance(element, cst.Index):
            return
        if ctx.kind(element.value) == NDARRAY:
            # `out[np.argmax(out.numpy())]`: Dynamo traces the array as a tensor, a 0-d one here (measured on 2.13)
            self._zero_d_among_indices(node, ctx)
            return
        if not ctx.is_tensor(element.value):
            return
        # a list of tensors too: `transform_chain[parents[i]]` (smplx's kinematic chain)
        if ctx.kind(node.value) in (PY_SEQ, TENSOR_SEQ):
            ctx.report(node, self.code, "a tensor used to index a Python list calls `__index__`, i.e. `.item()`")
        elif ctx.env.is_zero_d(element.value):
            # measured on 2.13: `x[x.argmax()]`, `x[i] = 0` and `x[m] = 0` with a 0-d mask all read the value
            ctx.report(node, self.code, ZERO_D_INDEX, gb=("GB0033",))

    def _zero_d_among_indices(self, node: cst.Subscript, ctx) -> None:
        """`d[:, imax]`, `d[i, 0]` with a 0-d tensor among the indices of a tensor: its value is read the same
        way (kilosort's `dexp[:, imax]`, measured on 2.13). A NumPy array too: Dynamo traces it as a tensor
        (facenet's NumPy NMS, `x1[i]` with `i = order[-1]`, measured on 2.13)."""
        if not ctx.is_tensor(node.value) and ctx.kind(node.value) != NDARRAY:
            return
        if any(isinstance(e.slice, cst.Index) and ctx.env.is_zero_d(e.slice.value) for e in node.slice):
            ctx.report(node, self.code, ZERO_D_INDEX, gb=("GB0033",))

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.is_builtin(node.func, "range") and any(ctx.is_tensor(a.value) for a in node.args):
            ctx.report(node, self.code, "`range()` of a tensor needs its value as a Python int")
