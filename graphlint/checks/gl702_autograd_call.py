import libcst as cst

from graphlint.analysis.grad_taint import derived_value_leaves
from graphlint.analysis.syntax import names_in, parameters
from graphlint.checks.base import Check
from graphlint.torch_version import matches
from graphlint.walker import NOT_LITERAL

AUTOGRAD_FUNCS = {"torch.autograd.grad": ("GB9186",), "torch.autograd.backward": ("GB0007",)}


class AutogradCall(Check):
    """`.backward()` / `torch.autograd.grad()` inside traced code (GB0123, GB9186)."""

    code = "GL702"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func)
        if name in AUTOGRAD_FUNCS:
            ctx.report(node, self.code, f"`{name}()` inside traced code", gb=AUTOGRAD_FUNCS[name])
            return
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "backward":
            kind = ctx.kind(func.value)
            # `accelerator.backward(loss)`, `super().backward(tensor, model)`: a training framework's
            # wrapper that takes the loss, on an object of unknown kind; the break is inside it
            wrapper = kind is None and any(a.keyword is None for a in node.args)
            if ctx.is_tensor(func.value) or (kind is None and ctx.torch_file and not wrapper):
                ctx.report(node, self.code, "`.backward()` inside traced code", gb=("GB0123",))


class RetainGrad(Check):
    """`.retain_grad()` inside traced code (GB0108)."""

    code = "GL703"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "retain_grad" and not node.args:
            kind = ctx.kind(func.value)
            if ctx.is_tensor(func.value) or (kind is None and ctx.torch_file):
                ctx.report(node, self.code)


class RequiresGradMutation(Check):
    """`t.requires_grad = ...` (GB0206) or `t.requires_grad_()` (GB8985, GB0125) inside traced code."""

    code = "GL704"
    MEASURED_FORMS = {
        # `requires_grad_()` at all: traced without a break on old torch (probe on an input)
        "requires_grad_": ("requires_grad_input", ">=2.2"),
        # on a tensor made here, nothing derived from it returned or stored: breaks at once (GB0125) until 2.12;
        # since then Dynamo traces it and breaks only where a derived value leaves the graph (GB8985)
        "kept_inside": ("requires_grad_intermediate_unused", ">=2.2,<2.12"),
    }

    def visit_Call(self, node: cst.Call, ctx) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "requires_grad_"
                and self._tensorish(func.value, ctx)
                and matches(ctx.torch_version, self.MEASURED_FORMS["requires_grad_"][1])):
            return
        if self._clears_fresh_tensor(node, ctx):
            return
        if ctx.is_tensor(func.value) and _made_here(func.value, ctx) and \
                not matches(ctx.torch_version, self.MEASURED_FORMS["kept_inside"][1]):
            # GB8985 comes when Dynamo compiles the graph that holds the tensor, not while tracing, and only when a
            # value derived from it leaves that graph: returned, stored, or live at a later break
            ctx.report(node, self.code, "`.requires_grad_()` on a tensor made in traced code", gb=("GB8985",),
                       deferred=True, needs_later_break=not _leaves_the_frame(func.value, ctx))
        else:
            ctx.report(node, self.code, "`.requires_grad_()` inside traced code", gb=("GB8985", "GB0125"))

    def visit_AssignTarget(self, node: cst.AssignTarget, ctx) -> None:
        target = node.target
        if (isinstance(target, cst.Attribute) and target.attr.value == "requires_grad"
                and self._tensorish(target.value, ctx)):
            ctx.report(target, self.code, "assigning `.requires_grad` inside traced code", gb=("GB0206",))

    @staticmethod
    def _tensorish(expr: cst.BaseExpression, ctx) -> bool:
        return ctx.is_tensor(expr) or (ctx.kind(expr) is None and ctx.torch_file)

    @staticmethod
    def _clears_fresh_tensor(node: cst.Call, ctx) -> bool:
        """`torch.zeros(n).bernoulli_(p).requires_grad_(False)`, `m.requires_grad_(force and ...)` with
        `force=False`: turning the flag off on a tensor made in this function is a no-op, and Dynamo
        traces it (measured on 2.13). On a parameter or an input it may require grad, and then it breaks
        (GB0125), so those stay flagged."""
        flag = next((a.value for a in node.args if a.keyword is None or a.keyword.value == "requires_grad"), None)
        if flag is None:
            return False  # `requires_grad_()` turns it on
        value = ctx.literal_value(flag)
        if value is NOT_LITERAL:
            value = ctx.default_value(flag)
        if value is NOT_LITERAL or value:
            return False
        receiver = node.func.value
        if not ctx.is_tensor(receiver):
            return False  # `Wrapper(model).requires_grad_(False)`: a module's parameters do require grad
        return _made_here(receiver, ctx)


def _leaves_the_frame(receiver: cst.BaseExpression, ctx) -> bool:
    function = next((p for p in reversed(ctx.parents) if isinstance(p, cst.FunctionDef)), None)
    statement = next((p for p in reversed(ctx.parents) if isinstance(p, cst.BaseSmallStatement)), None)
    return function is None or derived_value_leaves(function, statement, receiver, ctx.qualname)


def _made_here(receiver: cst.BaseExpression, ctx) -> bool:
    """An intermediate tensor: a call's result (`x.detach()`, `x.clone()`) or a local that is neither a
    parameter nor a `for` target."""
    if isinstance(receiver, cst.Call):
        return True
    return isinstance(receiver, cst.Name) and not _is_parameter_or_loop_target(receiver.value, ctx.parents)


def _is_parameter_or_loop_target(name: str, parents: list[cst.CSTNode]) -> bool:
    """Could `name` hold an input or a module's parameter: a parameter of the enclosing function, or
    the target of an enclosing `for` (`for p in self.parameters(): p.requires_grad_(False)`)?"""
    for node in reversed(parents):
        if isinstance(node, cst.For) and name in {n.value for n in names_in(node.target)}:
            return True
        if isinstance(node, cst.FunctionDef):
            return name in {p.name.value for p in parameters(node, stars=True)}
    return False
