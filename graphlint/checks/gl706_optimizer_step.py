import re

import libcst as cst

from graphlint.analysis.names import dotted
from graphlint.analysis.tensors import is_tensor
from graphlint.checks.base import Check

# the last name of what holds an optimizer: `optimizer`, `self._optimizer`, `opt`, `optim`,
# `generator_opt`, `base_optimizer`, `state[torchbearer.OPTIMIZER]`
_OPTIMIZER_NAME = re.compile(r"optimi[sz]er|(^|_)(opt|optim)(_|\d|$)", re.IGNORECASE)
# `scaler.step(optimizer)`: torch.amp's GradScaler calls the optimizer's step for you
_SCALER_NAME = re.compile(r"scaler", re.IGNORECASE)
# what a wrapper optimizer's own `step` takes instead of a closure (`step(self.parameters)`,
# `step(param=p)`): not torch.optim's signature, so not one of its optimizers
_NOT_A_CLOSURE = {"parameters", "params", "param", "p"}
_LOSS_NAME = re.compile(r"(^|_)loss(\d|_|$)", re.IGNORECASE)


class OptimizerStep(Check):
    """`optimizer.step()` / `optimizer.zero_grad()` in traced code: torch.optim's optimizers call
    `torch._dynamo.graph_break()` around their update (GB0025), and Dynamo does not trace `zero_grad`
    (GB0008)."""

    code = "GL706"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in _OPTIMIZER_METHODS):
            return
        method, receiver = func.attr.value, func.value
        built = _built_optimizer(receiver, ctx)
        if ctx.kind(receiver) is not None and not _is_self(receiver) and not built:
            return  # a tensor, a module, a value graphlint knows: not an optimizer
        if _is_self(receiver):
            optimizer = _inherits_from_torch_optimizer(ctx.env.cls, method)
        else:
            optimizer = built or _holds_optimizer(receiver)
        if optimizer and (method == "zero_grad" or _takes_a_closure_or_nothing(node, ctx)):
            ctx.report(node, self.code, _MESSAGES[method], gb=_GB[method])
        elif (method == "step" and _holds_scaler(receiver) and node.args
              and _holds_optimizer(node.args[0].value)):
            ctx.report(node, self.code, "`scaler.step(optimizer)` in traced code: it runs the optimizer's "
                                        "step, which breaks the graph before and after the update",
                       gb=_GB["step"])


_OPTIMIZER_METHODS = ("step", "zero_grad")
_GB = {"step": ("GB0025",), "zero_grad": ("GB0008",)}
_MESSAGES = {
    "step": "`optimizer.step()` in traced code: torch.optim breaks the graph before and after the update",
    "zero_grad": "`optimizer.zero_grad()` in traced code: Dynamo does not trace torch.optim's `zero_grad`",
}
_TORCH_OPTIMIZER = {"torch.optim.Optimizer", "torch.optim.optimizer.Optimizer"}


def _is_self(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "self"


def _inherits_from_torch_optimizer(cls, method: str) -> bool:
    """`self.zero_grad()` in SAM(torch.optim.Optimizer) that does not define it: torch.optim's own runs."""
    return cls is not None and method not in cls.methods and bool(_TORCH_OPTIMIZER & set(cls.bases))


def _names(expr: cst.BaseExpression) -> list[str]:
    """The names that say what `expr` holds: `self.optimizer` → ['optimizer']; `optimizers[i]` →
    ['i', 'optimizers']; `state[keys.OPTIMIZER]` → ['OPTIMIZER', 'state']; `state["opt"]` → ['opt', 'state']."""
    if isinstance(expr, cst.Subscript):
        key = expr.slice[0].slice if len(expr.slice) == 1 else None
        keys = []
        if isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString):
            keys = [str(key.value.evaluated_value)]
        elif isinstance(key, cst.Index):
            keys = _names(key.value)
        return keys + _names(expr.value)
    name = dotted(expr)
    return [name.rsplit(".", 1)[-1]] if name else []


def _built_optimizer(expr: cst.BaseExpression, ctx) -> bool:
    """`self.optimizer` where the class assigns it a `torch.optim` optimizer (skrl's agents build theirs in
    `__init__`): the class's attribute record takes it for a submodule, which it is not."""
    if not (isinstance(expr, cst.Attribute) and _is_self(expr.value) and ctx.env.cls is not None):
        return False
    return any(name.startswith("torch.optim.") and name.rsplit(".", 1)[1][:1].isupper()
               and ".lr_scheduler." not in name for name in ctx.env.cls.attr_classes.get(expr.attr.value, ()))


def _holds_optimizer(expr: cst.BaseExpression) -> bool:
    return any(_OPTIMIZER_NAME.search(name) for name in _names(expr))


def _holds_scaler(expr: cst.BaseExpression) -> bool:
    return any(_SCALER_NAME.search(name) for name in _names(expr))


def _takes_a_closure_or_nothing(call: cst.Call, ctx) -> bool:
    """`step()`, `step(closure)`, `step(closure=...)`: torch.optim's signature. Not `step(loss)`: a wrapper that
    backpropagates the loss itself (tianshou's `Algorithm.Optimizer`), whose own code graphlint walks."""
    if len(call.args) > 1:
        return False
    if not call.args:
        return True
    arg = call.args[0]
    if arg.keyword is not None:
        return arg.keyword.value == "closure"
    names = _names(arg.value)
    return not set(names) & _NOT_A_CLOSURE and not any(_LOSS_NAME.search(n) for n in names) \
        and not is_tensor(ctx.kind(arg.value))
