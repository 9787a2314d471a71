import libcst as cst

from graphlint.analysis.tensors import MODULE, SELF, TENSOR_SEQ
from graphlint.checks.base import Check
from graphlint.fixes import UNSAFE, replace


class DeepcopyTensor(Check):
    """`copy.deepcopy()` of a tensor or module (GB4198). Deep copies of plain Python data trace fine."""

    code = "GL602"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.qualname(node.func) != "copy.deepcopy" or not node.args:
            return
        value = node.args[0].value
        kind = ctx.kind(value)
        if ctx.is_tensor(value) or kind in (MODULE, SELF, TENSOR_SEQ):
            # `t.clone()` (verified rewrite `deepcopy_tensor`): a tensor only, and not with a `memo` argument
            fix = replace(node, (value, ".clone()"), UNSAFE, "Copy the tensor with `.clone()`") \
                if ctx.is_tensor(value) and len(node.args) == 1 else None
            ctx.report(node, self.code, fix=fix)
