import libcst as cst

from graphlint.analysis.tensors import NDARRAY, PY_SEQ, TENSOR_KINDS, TENSOR_SEQ
from graphlint.checks._common import call_argument
from graphlint.checks.base import Check
from graphlint.fixes import UNSAFE, replace, torch_call
from graphlint.torch_version import matches

# Ops whose output size depends on the data (GB0036 with default config).
DYNAMIC_FUNCS = {"nonzero", "argwhere", "unique", "unique_consecutive", "masked_select", "bincount",
                 # its rank / singular_values outputs: breaks on 2.13 (CPU), default driver and "gels"
                 # alike (torchimize's Gauss-Newton steps in held-out set 9)
                 "linalg.lstsq",
                 # pairs picked with a triangular mask and masked_select (mlipops' neighbour list, held-out
                 # set 20; probe torch_combinations)
                 "combinations"}
# not Tensor methods: `itertools.combinations(...)` is no tensor op
FUNCTION_ONLY = {"combinations", "linalg.lstsq"}
# numpy's, which Dynamo runs as the same torch ops whatever their argument, a constant list included
# (measured on 2.13: `np.unique([3, 1, 3])` and `np.where(a == True)[0]` break with GB0036)
NUMPY_DYNAMIC_FUNCS = {"nonzero", "argwhere", "flatnonzero", "unique"}
# torchvision's box ops that keep a data-dependent number of boxes: `nms` is a custom op whose fake kernel
# makes an unbacked size, `remove_small_boxes` ends in `torch.where(keep)[0]` (measured on 2.13.0 with
# torchvision 0.28: GB0036; held-out set 34, bench/accuracy). Called from code that does not lint torchvision
# the break is at the call; when torchvision itself is linted its own lines carry the finding.
TORCHVISION_DYNAMIC_FUNCS = {"torch.ops.torchvision.nms", "torch.ops.torchvision.nms.default",
                             "torchvision.ops.nms", "torchvision.ops.boxes.nms",
                             "torchvision.ops.batched_nms", "torchvision.ops.boxes.batched_nms",
                             "torchvision.ops.remove_small_boxes", "torchvision.ops.boxes.remove_small_boxes"}


def _counts_per_item(repeats: cst.BaseExpression | None, ctx) -> bool:
    """numpy's `repeat` with a count per item (a list or an array, not one int): Dynamo runs it as
    `repeat_interleave` with a tensor of counts, whose output size is data-dependent even for a constant list
    (measured on 2.13: `np.repeat(np.arange(n), series_lengths)` with `series_lengths: list[int]`, chronos)."""
    if repeats is None:
        return False
    if isinstance(repeats, (cst.List, cst.Tuple)):
        return True
    return ctx.kind(repeats) in (NDARRAY, PY_SEQ, TENSOR_SEQ, *TENSOR_KINDS)


def _counted(node: cst.Call, op: str) -> cst.BaseExpression | None:
    """What `nonzero` looks at: `x` in `x.nonzero()` / `torch.nonzero(x)` (no other arguments)."""
    if op in (".nonzero()", ".argwhere()") and not node.args:
        return node.func.value
    if op in ("torch.nonzero", "torch.argwhere") and len(node.args) == 1 and node.args[0].keyword is None \
            and not node.args[0].star:
        return node.args[0].value
    return None


def _count_instead(node: cst.Call, op: str, ctx):
    """`x.nonzero().shape[0]`, `.size(0)`, `len(torch.nonzero(x))` → `torch.count_nonzero(x)` (the verified
    rewrite `nonzero_count` counts with a sum): only the count was wanted, and counting has a fixed shape."""
    counted = _counted(node, op)
    if counted is None:
        return None
    parent, grand = ctx.parent(), ctx.parent(2)
    whole = None
    if isinstance(parent, cst.Attribute) and parent.value is node:
        if parent.attr.value == "shape" and isinstance(grand, cst.Subscript) and _only_zero(grand.slice):
            whole = grand
        elif parent.attr.value == "size" and isinstance(grand, cst.Call) and len(grand.args) == 1 \
                and _is_zero(grand.args[0].value) and grand.args[0].keyword is None:
            whole = grand
    elif isinstance(parent, cst.Arg) and isinstance(grand, cst.Call) and len(grand.args) == 1 \
            and ctx.is_builtin(grand.func, "len"):
        whole = grand
    if whole is None:
        return None
    return replace(whole, torch_call("count_nonzero", counted), UNSAFE,
                   "Count without building the index tensor: `torch.count_nonzero(x)` (a 0-d tensor, not an int)")


def _is_zero(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Integer) and node.value == "0"


def _only_zero(elements) -> bool:
    return len(elements) == 1 and isinstance(elements[0].slice, cst.Index) and _is_zero(elements[0].slice.value)


class DynamicShapeOp(Check):
    """Operators with data-dependent output shapes: nonzero, unique, masked_select, ... (GB0036)."""

    code = "GL502"
    # forms whose measured range differs from the rule's (checked against measurements/versions.json)
    MEASURED_FORMS = {"torch.combinations": ("torch_combinations", "<2.14")}

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.config.capture_dynamic_output_shape_ops:
            return
        op = self._dynamic_op(node, ctx)
        if op:
            # torchvision's Python functions are frames Dynamo compiles even when the caller runs eagerly (facenet's
            # `detect_face`, skipped for a break in its loop, still breaks in each `batched_nms`); its op is not
            in_callee = op in TORCHVISION_DYNAMIC_FUNCS and not op.startswith("torch.ops.")
            ctx.report(node, self.code, f"`{op}` returns a tensor whose size depends on the data",
                       fix=_count_instead(node, op, ctx), in_callee_frame=in_callee)

    def _dynamic_op(self, node: cst.Call, ctx) -> str | None:
        func = node.func
        qual = ctx.qualname(func)
        positional = [a for a in node.args if a.keyword is None]
        if qual in TORCHVISION_DYNAMIC_FUNCS and not ctx.env.ctx.defined_in_project(qual):
            return qual
        if qual is not None and qual.startswith("torch."):
            name = qual[len("torch."):]
            if name == "combinations" and not matches(ctx.torch_version, self.MEASURED_FORMS[qual][1]):
                return None  # 2.14 and 2.15 trace it without a break
            if name in DYNAMIC_FUNCS:
                return qual
            if name == "where" and len(node.args) == 1:
                return "torch.where(condition)"
            if name == "repeat_interleave" and _tensor_repeats(node, positional, 1, ctx):
                return "torch.repeat_interleave(x, repeats_tensor)"
            return None
        if qual is not None and qual.startswith("numpy."):
            name = qual[len("numpy."):]
            if name in NUMPY_DYNAMIC_FUNCS:
                return qual
            if name == "repeat" and _counts_per_item(call_argument(node, "repeats", 1), ctx):
                return "numpy.repeat(a, counts)"
            return "numpy.where(condition)" if name == "where" and len(node.args) == 1 else None
        if not isinstance(func, cst.Attribute):
            return None
        method = func.attr.value
        kind = ctx.kind(func.value)
        if kind == NDARRAY and method == "nonzero":
            return ".nonzero()"  # an array's method runs as numpy.nonzero: the same op (rectorch's `hits.nonzero()`)
        if kind == NDARRAY and method == "repeat" and _counts_per_item(call_argument(node, "repeats", 0), ctx):
            return ".repeat(counts)"
        if kind in (NDARRAY, PY_SEQ) or not (ctx.is_tensor(func.value) or (kind is None and ctx.torch_file)):
            return None
        if method == "unique" and qual is not None:
            return None  # `np.unique(node.r)`: a module's function, not a tensor's method
        if method in DYNAMIC_FUNCS and method not in FUNCTION_ONLY:  # `input.unique()` of a helper's value
            return f".{method}()"
        if method == "repeat_interleave" and _tensor_repeats(node, positional, 0, ctx):
            return ".repeat_interleave(repeats_tensor)"
        return None


def _tensor_repeats(node: cst.Call, positional: list[cst.Arg], index: int, ctx) -> bool:
    """Are `repeat_interleave`'s repeats a tensor? `torch.repeat_interleave(counts)` alone (no `repeats=`) takes the
    counts as its input; `repeats=` by keyword counts like the positional one (transformer-lens'
    `torch.repeat_interleave(k, dim=2, repeats=self.repeat_kv_heads)`, an int: no break)."""
    keyword = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "repeats"), None)
    if keyword is not None:
        return ctx.is_tensor(keyword)
    if index == 1 and len(positional) == 1:
        return True
    return len(positional) > index and ctx.is_tensor(positional[index].value)
