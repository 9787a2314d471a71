import libcst as cst

from graphlint.checks._common import number_literal
from graphlint.checks.base import Check
from graphlint.fixes import UNSAFE, replace, torch_call


class TensorTernary(Check):
    """`a if <tensor> else b`: data-dependent branching (GB0170)."""

    code = "GL402"

    def visit_IfExp(self, node: cst.IfExp, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            # at the test: Dynamo reports the line where the condition is evaluated
            ctx.report(node.test, self.code, fix=_where(node, ctx))


def _where(node: cst.IfExp, ctx):
    """`a if c else b` → `torch.where(c, a, b)` (verified rewrite `ternary_tensor`), when both arms are
    tensors or numbers and the test is itself a tensor (not `t and flag`)."""
    if not ctx.is_tensor(node.test) or not all(ctx.is_tensor(arm) or number_literal(arm) for arm in (node.body, node.orelse)):
        return None
    if not (ctx.is_tensor(node.body) or ctx.is_tensor(node.orelse)):
        return None
    return replace(node, torch_call("where", node.test, node.body, node.orelse), UNSAFE,
                   "Select in the graph: `torch.where(cond, a, b)`")
