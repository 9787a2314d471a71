import libcst as cst

from graphlint.checks._common import traced_array
from graphlint.checks.base import Check


class MathOnTensor(Check):
    """`math.sqrt(t)` and friends on a tensor value: Python math needs a Python float (GB0033).

    A numpy value counts too (Dynamo traces numpy as tensors): snac's `math.ceil(length / pad_to)` with
    `pad_to = self.hop_length * lcm` and `self.hop_length = np.prod(rates)` breaks on 2.13 (GB0033);
    numpy on Python numbers alone (`math.ceil(np.sqrt(2.0))`) is left alone, as GL301 does."""

    code = "GL302"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func)
        if not name or not name.startswith("math."):
            return
        if any(ctx.is_tensor(a.value) for a in node.args):
            ctx.report(node, self.code, f"`{name}()` of a tensor converts it to a Python float first")
        elif any(traced_array(a.value, ctx) for a in node.args):
            ctx.report(node, self.code, f"`{name}()` of a numpy value converts it to a Python float first "
                                        "(Dynamo traces numpy arrays as tensors)", gb=("GB0033",))
