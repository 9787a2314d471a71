import libcst as cst

from graphlint.analysis.tensors import MODULE, SELF, TENSOR_SEQ
from graphlint.checks.base import Check


class DeepcopyTensor(Check):
    """`copy.deepcopy()` of a tensor or module (GB4198). Deep copies of plain Python data trace fine."""

    code = "GL602"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.qualname(node.func) != "copy.deepcopy" or not node.args:
            return
        kind = ctx.kind(node.args[0].value)
        if ctx.is_tensor(node.args[0].value) or kind in (MODULE, SELF, TENSOR_SEQ):
            ctx.report(node, self.code)
