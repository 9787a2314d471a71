import libcst as cst

from graphlint.checks._common import ndarray_scalar
from graphlint.checks.base import Check


class NumpyScalar(Check):
    """A Python number pulled out of a numpy array (Dynamo traces it as a tensor): data-dependent (GB0033)."""

    code = "GL301"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        kind = ndarray_scalar(node, ctx)
        if kind:
            ctx.report(node, self.code, f"`{kind}` of a numpy array needs its data (Dynamo traces numpy arrays as tensors)")
