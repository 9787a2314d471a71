"""Predicates several checks share (kept here so two rules never disagree about a pattern)."""

from __future__ import annotations

import libcst as cst

from graphlint.analysis.tensors import NDARRAY, NUMPY_DATA_BOOL, TORCH_DATA_BOOL, is_tensor

# Functions and methods whose arguments are sizes/bounds: a Python int pulled out of a tensor there
# makes the output shape data-dependent (GL503 instead of GL101/GL102/GL103).
SIZE_FUNCS = {"torch.arange", "torch.zeros", "torch.ones", "torch.empty", "torch.full", "torch.rand",
              "torch.randn", "torch.randint", "torch.topk", "torch.split", "torch.narrow", "torch.linspace",
              "torch.randperm", "torch.eye", "torch.tensor_split", "torch.kthvalue"}
SIZE_METHODS = {"view", "reshape", "expand", "repeat", "narrow", "topk", "split", "new_zeros", "new_ones",
                "new_empty", "new_full", "tensor_split", "kthvalue", "unflatten", "resize_"}


def scalar_extraction(node: cst.Call, ctx) -> str | None:
    """'item' / 'tolist' / 'int' / 'float' / 'bool' when this call pulls a Python value out of a tensor."""
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value in ("item", "tolist") and not node.args:
        root = _method_chain_root(func.value)
        if root is not None and ctx.tensor_only_if_guarded(root):
            # `bool(signed.item()) if isinstance(signed, Tensor) else signed`: written for both, and in the
            # benchmark the Python number came 9 times in 10 (brevitas, timm, monai, linear-operator)
            return None
        kind = ctx.kind(func.value)
        if is_tensor(kind) or kind == "tensor_seq":
            return func.attr.value
        # `.item()` / `.tolist()` on something we cannot type, in a file that uses torch: almost always
        # a tensor (numpy arrays derived from tensors are GL301's).
        if kind is None and ctx.torch_file:
            return func.attr.value
        return None
    for name in ("int", "float", "bool"):
        if ctx.is_builtin(func, name) and len(node.args) == 1 and ctx.is_tensor(node.args[0].value):
            return name
    converted = _mapped_conversion(node, ctx)
    if converted is not None and ctx.is_tensor(converted[1]):
        return f"map({converted[0]}, ...)"
    if ctx.qualname(func) in TORCH_DATA_BOOL:  # a Python bool computed from the data (GB0033)
        return ctx.qualname(func)
    if ctx.qualname(func) in NUMPY_DATA_BOOL and any(
            ctx.is_tensor(a.value) or traced_array(a.value, ctx) for a in node.args):
        return ctx.qualname(func)
    if (isinstance(func, cst.Attribute) and func.attr.value in ("equal", "allclose")
            and ctx.is_tensor(func.value)):
        return f".{func.attr.value}()"
    return None


def _method_chain_root(node: cst.BaseExpression) -> str | None:
    """`x` for `x`, `x.detach().cpu()`; None when the chain indexes or starts elsewhere."""
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and not node.args:
        node = node.func.value
    return node.value if isinstance(node, cst.Name) else None


def _mapped_conversion(node: cst.Call, ctx) -> tuple[str, cst.BaseExpression] | None:
    """`map(int, values)`: (the conversion, the values), each element read as a Python number."""
    if not (ctx.is_builtin(node.func, "map") and len(node.args) == 2 and all(a.keyword is None for a in node.args)):
        return None
    convert = node.args[0].value
    name = next((n for n in ("int", "float", "bool") if ctx.is_builtin(convert, n)), None)
    return (name, node.args[1].value) if name else None


def traced_array(node: cst.BaseExpression, ctx) -> bool:
    """A numpy value Dynamo turns into a graph tensor: numpy on Python numbers alone (`np.ceil(h / 7)`) is
    run at trace time instead, so reading it as a number is fine."""
    return ctx.kind(node) == NDARRAY and not ctx.env.is_numpy_on_scalars(node)


def slice_bound(node: cst.Subscript, wanted) -> cst.BaseExpression | None:
    """The first slice bound of `x[a:b, ..., ::c]` for which `wanted(bound)` holds."""
    for element in node.slice:
        part = element.slice
        if isinstance(part, cst.Slice):
            for bound in (part.lower, part.upper, part.step):
                if bound is not None and wanted(bound):
                    return bound
    return None


def ndarray_scalar(node: cst.Call, ctx) -> str | None:
    """A Python value pulled out of a numpy array (`float(a.mean())` on `a = t.numpy()`,
    `int(np.prod(x.shape))`): Dynamo traces the array as a tensor, so this needs its data."""
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value in ("item", "tolist") and not node.args:
        array = func.value
        name = func.attr.value
    elif len(node.args) == 1 and any(ctx.is_builtin(func, n) for n in ("int", "float", "bool")):
        array = node.args[0].value
        name = func.value
    elif (converted := _mapped_conversion(node, ctx)) is not None:
        # deepxde's `list(map(int, np.cumsum([0] + self.num_bcs)))` (measured on 2.13: breaks)
        name, array = f"map({converted[0]}, ...)", converted[1]
    else:
        return None
    return name if traced_array(array, ctx) else None


def used_as_size(ctx) -> str | None:
    """Is the node being visited a size or bound? Returns a description of where, else None."""
    child = ctx.parents[-1]
    for parent in reversed(ctx.parents[:-1]):
        if isinstance(parent, (cst.Arg, cst.Element, cst.Tuple, cst.List, cst.SubscriptElement, cst.Index)):
            child = parent
            continue
        if isinstance(parent, cst.Slice):
            return "a slice bound"
        if isinstance(parent, cst.Call) and child is not parent.func:
            name = ctx.qualname(parent.func)
            if name in SIZE_FUNCS:
                return f"a size argument of `{name}`"
            if isinstance(parent.func, cst.Attribute) and parent.func.attr.value in SIZE_METHODS \
                    and ctx.is_tensor(parent.func.value):
                return f"a size argument of `.{parent.func.attr.value}()`"
        return None
    return None


def inside_condition(ctx) -> bool:
    """Is the node being visited part of an if/while/ternary/assert test (reported by GL401/402/404)?"""
    child = ctx.parents[-1]
    for parent in reversed(ctx.parents[:-1]):
        if isinstance(parent, (cst.If, cst.While, cst.Assert)) and child is parent.test:
            return True
        if isinstance(parent, cst.IfExp) and child is parent.test:
            return True
        if isinstance(parent, (cst.BooleanOperation, cst.UnaryOperation, cst.Comparison, cst.ComparisonTarget)):
            child = parent
            continue
        return False
    return False


def _operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`a and b or c` → [a, b, c], in evaluation order."""
    if isinstance(test, cst.BooleanOperation):
        return _operands(test.left) + _operands(test.right)
    return [test]


def break_line_node(node: cst.If | cst.While | cst.Assert, ctx) -> cst.CSTNode:
    """The line of the jump Dynamo breaks on, as CPython 3.11 numbers it: a jump takes the line of the
    `if`/`while`/`assert` statement, except that a comparison operand moves it to the comparison's own line,
    for its jump and for the jumps after it (checked with `dis`: `if (\n x.any()\n or y.any()\n):` jumps
    on the `if` line, `if (\n x > 1\n and y\n):` twice on `x > 1`'s line). Measured: POT's and
    torchmetrics' multi-line `if (` over `.any()` calls break on the `if` line, snntorch's
    `spikegen.latency` (`round(...) > n and not bypass`) on the comparison's line."""
    located: cst.CSTNode = node
    for i, operand in enumerate(_operands(node.test)):
        inner = operand
        while isinstance(inner, cst.UnaryOperation) and isinstance(inner.operator, cst.Not):
            inner = inner.expression
        # a comparison on the `if` line itself keeps the `if` as the start (same line, its column)
        if isinstance(inner, cst.Comparison) and (i > 0 or _opens_a_line(node.test) or _opens_a_line(inner)):
            located = inner
        if ctx.needs_tensor_bool(operand):
            return located
    return located


def _opens_a_line(expr: cst.BaseExpression) -> bool:
    """`(` followed by a line break: `if (\n    x > 1\n):`."""
    return any(isinstance(p.whitespace_after, cst.ParenthesizedWhitespace) for p in getattr(expr, "lpar", ()))


def number_literal(node: cst.BaseExpression) -> bool:
    """`2`, `-0.5`, `+1e-3`: a number written out."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def call_argument(call: cst.Call, keyword: str, position: int | None = None) -> cst.BaseExpression | None:
    """The argument given as `keyword=` or, by position, at `position` (None when absent, or when a `*args`
    before it hides where it is)."""
    named = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == keyword), None)
    if named is not None or position is None:
        return named
    for i, arg in enumerate(a for a in call.args if a.keyword is None):
        if arg.star:
            return None
        if i == position:
            return arg.value
    return None
