import libcst as cst

from graphlint.checks.base import Check
from graphlint.torch_version import matches
from graphlint.walker import GENERATOR_SKIPS

# what gives an optimizer its parameters as a generator: Dynamo cannot rebuild one after the break (GB8335)
_GENERATOR_METHODS = {"parameters", "named_parameters", "buffers", "modules", "children"}


class OptimizerInTracedCode(Check):
    """A `torch.optim` optimizer built in traced code (a `fit()` that makes its own): Dynamo does not trace
    into `torch.optim` (GB0008). Given a generator of parameters (`model.parameters()`), Dynamo cannot rebuild
    the generator after the break (GB8335) and runs the rest of the function eagerly."""

    code = "GL614"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func) or ""
        if not _is_optimizer_class(name):
            return
        short = name.rsplit(".", 1)[1]
        if _generator_argument(node) and matches(ctx.torch_version, GENERATOR_SKIPS):
            ctx.report(node, self.code, f"`torch.optim.{short}(...)` built in traced code: Dynamo does not trace "
                                        "`torch.optim`, and it cannot rebuild the parameter generator after the "
                                        "break, so the rest of the function runs eagerly",
                       gb=("GB0008", "GB8335"), hides_rest=True)
        else:
            ctx.report(node, self.code, f"`torch.optim.{short}(...)` built in traced code: Dynamo does not trace "
                                        "`torch.optim`", gb=("GB0008",))


def _is_optimizer_class(name: str) -> bool:
    """`torch.optim.Adam`, not `torch.optim.lr_scheduler.StepLR` nor a function of `torch.optim`."""
    module, _, short = name.rpartition(".")
    return module == "torch.optim" and short[:1].isupper() and short != "Optimizer"


def _generator_argument(call: cst.Call) -> bool:
    params = next((a.value for a in call.args if a.keyword is None or a.keyword.value == "params"), None)
    if isinstance(params, cst.GeneratorExp):
        return True
    return (isinstance(params, cst.Call) and isinstance(params.func, cst.Attribute)
            and params.func.attr.value in _GENERATOR_METHODS)
