import libcst as cst

from graphlint.analysis.tensors import BOOL_TENSOR
from graphlint.checks.base import Check


class BooleanMaskIndex(Check):
    """Reading `x[mask]` with a boolean tensor: the result's size depends on the data (GB0036).

    Writing through a mask (`x[mask] = 0`) is an in-place `index_put_` and does not break;
    `x[mask] += 1` reads `x[mask]` first and does.
    """

    code = "GL501"

    def visit_Subscript(self, node: cst.Subscript, ctx) -> None:
        if ctx.config.capture_dynamic_output_shape_ops:
            return
        if not ctx.is_tensor(node.value) or self._is_store(node, ctx):
            return
        for element in node.slice:
            index = element.slice
            if isinstance(index, cst.Index) and self._is_mask(index.value, ctx):
                ctx.report(node, self.code)
                return

    @staticmethod
    def _is_mask(expr: cst.BaseExpression, ctx) -> bool:
        kind = ctx.kind(expr)
        if kind == BOOL_TENSOR:
            return True
        # a tensor (or a value of unknown origin) called `mask`/`keep`/... is a mask by convention
        return kind in ("tensor", None) and isinstance(expr, cst.Name) and any(
            w in expr.value.lower() for w in ("mask", "keep", "valid", "selected"))

    @staticmethod
    def _is_store(node: cst.Subscript, ctx) -> bool:
        parent = ctx.parent()
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            return True
        # `x[m] += 1` reads x[m] first (measured: breaks with GB0036), so it is not a pure store
        if isinstance(parent, (cst.Del,)):
            return True
        return False
