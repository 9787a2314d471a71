import re

import libcst as cst

from graphlint.checks.base import Check

# PyTorch Lightning's hooks that hand out a loader: `self.train_dataloader()`
_LOADER_METHOD = re.compile(r"^_?(train|val|valid|validation|test|predict)_dataloader$")
_DATA_MODULE = "torch.utils.data."
# functions of torch.utils.data Dynamo skips like its classes; the rest (`get_worker_info`, ...) are not
# worth a finding in traced code
_DATA_FUNCTIONS = frozenset({"random_split", "default_collate", "default_convert"})


class DataLoaderInTracedCode(Check):
    """torch.utils.data in traced code: Dynamo skips the module, so building a DataLoader or a Dataset,
    iterating a DataLoader, or asking its length breaks the graph (GB0008). Iterating one also makes
    Dynamo run the rest of the function eagerly: the loop's `__next__` breaks again inside the loop."""

    code = "GL615"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func) or ""
        if name.startswith(_DATA_MODULE):
            short = name.rsplit(".", 1)[-1]
            if short[:1].isupper() or short in _DATA_FUNCTIONS:
                ctx.report(node, self.code, f"`torch.utils.data.{short}(...)` in traced code: Dynamo does not "
                                            "trace `torch.utils.data`", gb=("GB0008",))
            return
        func = node.func
        if isinstance(func, cst.Name) and func.value in ("len", "iter") and len(node.args) == 1 \
                and self._is_loader(node.args[0].value, ctx):
            what = "`len()` of a DataLoader" if func.value == "len" else "`iter()` over a DataLoader"
            ctx.report(node, self.code, f"{what} in traced code: Dynamo does not trace `torch.utils.data`",
                       gb=("GB0008",))

    def visit_For(self, node: cst.For, ctx) -> None:
        if self._is_loader(node.iter, ctx):
            ctx.report(node.iter, self.code, "a loop over a DataLoader in traced code: Dynamo does not trace "
                                             "`torch.utils.data`, and it runs the rest of the function eagerly",
                       gb=("GB0008",), hides_rest=True)

    @staticmethod
    def _is_loader(expr: cst.BaseExpression, ctx) -> bool:
        """A DataLoader (or `enumerate` of one), as the tensor inference knows them, or Lightning's
        `self.train_dataloader()`."""
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) \
                and _LOADER_METHOD.match(expr.func.attr.value):
            return True
        return ctx.env.iterates_loader(expr)
