import re

import libcst as cst

from graphlint.analysis.tensors import BOOL_TENSOR, NDARRAY, TENSOR
from graphlint.checks.base import Check


# `mask`, `attn_mask`, `is_valid`, `keep`, `keep_idx`... but not `logits_to_keep` (a count or an index)
_MASK_NAME = re.compile(r"mask|valid|^keep|^selected")


class BooleanMaskIndex(Check):
    """Reading `x[mask]` with a boolean tensor: the result's size depends on the data (GB0036).

    Writing through a mask (`x[mask] = 0`) is an in-place `index_put_` and does not break;
    `x[mask] += 1` reads `x[mask]` first and does.
    """

    code = "GL501"

    def visit_Subscript(self, node: cst.Subscript, ctx) -> None:
        if ctx.config.capture_dynamic_output_shape_ops:
            return
        if self._is_store(node, ctx):
            return
        base = ctx.kind(node.value)
        if base not in (None, TENSOR, BOOL_TENSOR, NDARRAY):
            return  # a list, dict, shape, ...: not a tensor indexed by a mask
        for element in node.slice:
            index = element.slice
            if isinstance(index, cst.Index) and self._is_mask(index.value, ctx, known_base=base is not None):
                ctx.report(node, self.code)
                return

    def _is_mask(self, expr: cst.BaseExpression, ctx, known_base: bool) -> bool:
        kind = ctx.kind(expr)
        if kind == BOOL_TENSOR:
            return True
        if isinstance(expr, cst.Comparison) and not any(
                isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in expr.comparisons):
            return True  # `x[x > 0]`: a comparison as an index is a boolean mask
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            return self._is_mask(expr.expression, ctx, known_base)  # `x[~mask]`
        if isinstance(expr, cst.Subscript):
            return self._is_mask(expr.value, ctx, known_base)  # `x[mask[0]]`: a row of a mask
        # a tensor (or, on a known tensor, a value of unknown origin) called `mask`/`keep`/... is a mask,
        # also when it is an attribute (`x[..., self.coupling.source_mask]` in torchflows)
        name = expr.value if isinstance(expr, cst.Name) else expr.attr.value if isinstance(expr, cst.Attribute) else ""
        return (kind == TENSOR or (known_base and kind is None)) and _MASK_NAME.search(name.lower()) is not None

    @staticmethod
    def _is_store(node: cst.Subscript, ctx) -> bool:
        parent = ctx.parent()
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            return True
        # `x[m] += 1` reads x[m] first (measured: breaks with GB0036), so it is not a pure store
        if isinstance(parent, (cst.Del,)):
            return True
        return False
