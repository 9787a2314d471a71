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
# `if` test the break would only move to the test (GB0170); as an argument the callee may need a number.
_VALUE_USES = (cst.BinaryOperation, cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return, cst.Element,
               cst.DictElement)


def _keep_tensor(node: cst.Call, ctx) -> FixSpec | None:
    """`y.sum().item()` → `y.sum()` (verified rewrite `item` in BREAKS-torch-2.13.md)."""
    parent = ctx.parent()
    if inside_condition(ctx) or not isinstance(parent, _VALUE_USES):
        return None
    if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
        return None
    return replace(node, (node.func.value,), UNSAFE, "Keep the value a 0-d tensor: drop `.item()`")
