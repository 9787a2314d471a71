import re

import libcst as cst

from graphlint.analysis.tensors import BOOL_TENSOR, NDARRAY, TENSOR, elementwise_comparison
from graphlint.checks.base import Check
from graphlint.fixes import UNSAFE, replace, torch_call


# `mask`, `attn_mask`, `is_valid`, `keep`, `keep_idx`... but not `logits_to_keep` (a count or an index)
_MASK_NAME = re.compile(r"mask|valid|^keep|^selected")
# what makes a tensor of its argument, values and dtype unchanged
_TENSOR_FROM = frozenset({"torch.as_tensor", "torch.tensor", "torch.asarray", "torch.from_numpy"})


def _masked_sum(node: cst.Subscript, ctx):
    """`x[x > 0].sum()` → `torch.where(x > 0, x, 0).sum()` (verified rewrite `bool_mask_index_sum`): the
    masked-out entries add nothing. Only for a mask computed from `x` itself with a number or a name, so
    that it has x's shape (a mask over fewer dimensions would broadcast differently in `torch.where`)."""
    attribute, call = ctx.parent(), ctx.parent(2)
    if not (isinstance(attribute, cst.Attribute) and attribute.value is node and attribute.attr.value == "sum"
            and isinstance(call, cst.Call) and call.func is attribute and not call.args):
        return None
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    mask = node.slice[0].slice.value
    if not (isinstance(mask, cst.Comparison) and len(mask.comparisons) == 1 and _same(mask.left, node.value)
            and isinstance(mask.comparisons[0].comparator, (cst.Integer, cst.Float, cst.Name))
            and not isinstance(mask.comparisons[0].operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))):
        return None
    return replace(node, torch_call("where", mask, node.value, "0"), UNSAFE,
                   "Sum with a fixed shape: `torch.where(mask, x, 0).sum()`")


def _same(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    return isinstance(a, (cst.Name, cst.Attribute)) and a.deep_equals(b)


def _as_bool(expr: cst.BaseExpression) -> bool:
    """`m.astype(bool)`, `m.astype(np.bool_)`, `m.astype("bool")`."""
    if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "astype"
            and len(expr.args) == 1):
        return False
    dtype = expr.args[0].value
    name = dtype.value if isinstance(dtype, cst.Name) else dtype.attr.value if isinstance(dtype, cst.Attribute) \
        else str(dtype.evaluated_value) if isinstance(dtype, cst.SimpleString) else ""
    return name in ("bool", "bool_", "bool8")


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
        indices = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
        # `x[:, mask_freq, mask_H, mask_W]`: several tensor indices together are integer indices (mrirecon's
        # `torch.where(psf == 1)` coordinates); masks are not combined that way, so names say nothing there
        by_name = sum(ctx.kind(i) in (TENSOR, BOOL_TENSOR) for i in indices) < 2
        for index in indices:
            if self._is_mask(index, ctx, known_base=base is not None, by_name=by_name):
                ctx.report(node, self.code, fix=_masked_sum(node, ctx))
                return

    def _is_mask(self, expr: cst.BaseExpression, ctx, known_base: bool, by_name: bool = True) -> bool:
        kind = ctx.kind(expr)
        if kind == BOOL_TENSOR:
            return True
        if elementwise_comparison(expr):
            return True  # `x[x > 0]`: a comparison as an index is a boolean mask
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            # `x[~mask]`; `x[~state.row_uncovered]` (fast_bss_eval), `self.rew[~package.on_goal]` (vmas): in torch
            # code `~` on a value of unknown type inverts a mask (`x[~i]` counting from the end is rare), and so
            # does `~` on a tensor (torchani's `coordinates[:, :, ~pbc]` with `pbc: Tensor`): an index tensor is
            # not bit-flipped
            inner = expr.expression
            return self._is_mask(inner, ctx, known_base, by_name) or (
                ctx.kind(inner) in (None, TENSOR) and ctx.torch_file and isinstance(inner, (cst.Name, cst.Attribute)))
        if isinstance(expr, cst.Subscript):
            return self._is_mask(expr.value, ctx, known_base, by_name)  # `x[mask[0]]`: a row of a mask
        if _as_bool(expr) and ctx.kind(expr.func.value) in (None, NDARRAY, TENSOR) and ctx.torch_file:
            # `y_classes[y_mask.astype(bool)]` (quantus' random-logit metric): a boolean array, however it was made
            return True
        if isinstance(expr, cst.Call) and ctx.qualname(expr.func) in _TENSOR_FROM and expr.args \
                and expr.args[0].keyword is None:
            # `v[torch.as_tensor(keep, device=v.device)]` (segment-anything's MaskData.filter): the same mask
            return self._is_mask(expr.args[0].value, ctx, known_base, by_name)
        if kind in (None, NDARRAY) and ctx.torch_file and isinstance(expr, cst.Name) and expr.value in ctx.env.compared:
            # `is_diag = row == col` then `row[is_diag]` (torch-sla): indexing by a Python bool is rare; a comparison
            # of traced arrays is a boolean array (ogb's `is_labeled = y_true[:, i] == y_true[:, i]`)
            return True
        # a tensor (or, on a known tensor, a value of unknown origin) called `mask`/`keep`/... is a mask,
        # also when it is an attribute (`x[..., self.coupling.source_mask]` in torchflows)
        name = expr.value if isinstance(expr, cst.Name) else expr.attr.value if isinstance(expr, cst.Attribute) else ""
        return by_name and (kind == TENSOR or (known_base and kind is None)) and _MASK_NAME.search(name.lower()) is not None \
            and "slice" not in name.lower()  # segment-anything's `mask_slice = slice(1, None)`

    @staticmethod
    def _is_store(node: cst.Subscript, ctx) -> bool:
        parent = ctx.parent()
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            return True
        # `x[m] += 1` reads x[m] first (measured: breaks with GB0036), so it is not a pure store
        if isinstance(parent, (cst.Del,)):
            return True
        return False
