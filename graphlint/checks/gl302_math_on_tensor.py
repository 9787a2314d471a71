import libcst as cst

from graphlint.checks._common import traced_array
from graphlint.checks.base import Check
from graphlint.fixes import UNSAFE, replace, torch_call


# math functions of one argument and their torch twins (elementwise, same values)
TORCH_TWINS = {name: name for name in ("sqrt", "exp", "log2", "log10", "log1p", "expm1", "sin", "cos", "tan", "asin",
                                        "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf",
                                        "erfc", "lgamma", "isnan", "isinf", "isfinite", "floor", "ceil", "trunc")}
TORCH_TWINS.update(fabs="abs", log="log")


def _torch_function(node: cst.Call, name: str):
    """`math.sqrt(t)` → `torch.sqrt(t)` (verified rewrite `math_on_tensor`), for one positional argument."""
    twin = TORCH_TWINS.get(name.removeprefix("math."))
    if twin is None or len(node.args) != 1 or node.args[0].keyword is not None or node.args[0].star:
        return None
    return replace(node, torch_call(twin, node.args[0].value), UNSAFE,
                   f"Stay in the graph: `torch.{twin}` instead of `{name}`")


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
            ctx.report(node, self.code, f"`{name}()` of a tensor converts it to a Python float first",
                       fix=_torch_function(node, name))
        elif any(traced_array(a.value, ctx) for a in node.args):
            ctx.report(node, self.code, f"`{name}()` of a numpy value converts it to a Python float first "
                                        "(Dynamo traces numpy arrays as tensors)", gb=("GB0033",))
