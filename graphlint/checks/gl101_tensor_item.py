import libcst as cst

from graphlint.checks._common import inside_condition, scalar_extraction, used_as_size
from graphlint.checks.base import Check
from graphlint.fixes import UNSAFE, FixSpec, replace


class TensorItem(Check):
    """`.item()` on a tensor: Dynamo cannot put a Python number in the graph (GB0124)."""

    code = "GL101"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.config.capture_scalar_outputs:  # captured as an unbacked symbol: no break
            return
        if scalar_extraction(node, ctx) == "item" and not used_as_size(ctx):
            ctx.report(node, self.code, fix=_keep_tensor(node, ctx))


# Where a 0-d tensor can stand in for the number: arithmetic, and values stored or returned. In an
# `if` test the break would only move to the test (GB0170); as an argument the callee may need a number,
# except for the elementwise tensor methods below, which take a tensor operand as well.
_VALUE_USES = (cst.BinaryOperation, cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return, cst.Element,
               cst.DictElement)
_TENSOR_OPERAND_METHODS = {"gt", "ge", "lt", "le", "eq", "ne", "add", "sub", "mul", "div", "pow", "maximum",
                           "minimum", "clamp", "clip", "fmod", "remainder"}


def _keep_tensor(node: cst.Call, ctx) -> FixSpec | None:
    """`y.sum().item()` → `y.sum()` (verified rewrite `item` in BREAKS-torch-2.13.md)."""
    parent = ctx.parent()
    if inside_condition(ctx):
        return None
    negated = isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, (cst.Minus, cst.Plus))
    if not (isinstance(parent, _VALUE_USES) or negated or _tensor_operand(parent, ctx.parent(2), ctx)):
        return None
    return replace(node, (node.func.value,), UNSAFE, "Keep the value a 0-d tensor: drop `.item()`")


def _tensor_operand(arg, call, ctx) -> bool:
    """`x.gt(t.item())`, `x.clamp(max=t.item())`: an operand of an elementwise method of a tensor."""
    if not (isinstance(arg, cst.Arg) and isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)):
        return False
    if arg.keyword is not None and arg.keyword.value not in ("min", "max", "other"):
        return False  # `alpha=`, `value=`: a Python number is required there
    return call.func.attr.value in _TENSOR_OPERAND_METHODS and ctx.is_tensor(call.func.value)
