import libcst as cst

from graphlint.checks._common import traced_array
from graphlint.checks.base import Check

# attributes of a numpy array Dynamo's traced ndarray does not model (torch/_dynamo/variables/tensor.py,
# NumpyNdarrayVariable.var_getattr on 2.13); `shape`, `ndim`, `size`, `itemsize`, `T` are fine
UNSUPPORTED_NDARRAY_ATTRS = frozenset({"dtype", "base", "flags"})


class NdarrayAttribute(Check):
    """`a.dtype`, `a.base`, `a.flags` on a numpy array Dynamo traces (GB0157).

    The break is at an attribute load, not a call, so Dynamo cannot resume after it: it compiles what came
    before and runs the rest of the function eagerly (measured on 2.13: `fixtures/cases/numpy_values.py`,
    ART's `if grad.dtype != object and np.isnan(grad).any():`)."""

    code = "GL304"

    def visit_Attribute(self, node: cst.Attribute, ctx) -> None:
        if node.attr.value not in UNSUPPORTED_NDARRAY_ATTRS or not traced_array(node.value, ctx):
            return
        if isinstance(ctx.parent(), cst.AssignTarget):
            return  # `a.dtype = ...` stores the attribute without loading it
        ctx.report(node, self.code, f"`.{node.attr.value}` of a traced numpy array is not supported",
                   gb=("GB0157",), hides_rest=True)
