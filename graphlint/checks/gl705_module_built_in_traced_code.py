import libcst as cst

from graphlint.analysis.syntax import nodes_of
from graphlint.checks.base import Check
from graphlint.checks.gl701_parameter_ctor import builds_parameters


class ModuleBuiltInTracedCode(Check):
    """An nn.Module whose `__init__` creates parameters, built in traced code (GB0119).

    Dynamo inlines the `__init__` up to its first break (the parameters, GL701); the constructor call
    then runs eagerly, and Dynamo, starting on `__init__` as a frame of its own, finds a module that is
    not initialised yet: it breaks at `super().__init__()` and runs the whole `__init__` eagerly (the
    engine folds the later findings of that `__init__` into the first one).
    """

    code = "GL705"

    def __init__(self) -> None:
        self._builds = False

    def visit_FunctionDef(self, node: cst.FunctionDef, ctx) -> None:
        if len(ctx.parents) == 1 and ctx.module_init:
            self._builds = any(builds_parameters(call, ctx.qualname(call.func))
                               for call in nodes_of(node.body, cst.Call))

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if self._builds and _is_base_init(node):
            self._builds = False  # the first one: where the eager frame starts
            cls = ctx.env.cls.name if ctx.env.cls is not None else "the module"
            ctx.report(node, self.code,
                       f"`{cls}` is an nn.Module built in traced code: Dynamo inlines its `__init__` only up to "
                       "the first break, then runs the whole `__init__` eagerly and breaks here, as it cannot "
                       "start on a module that is not initialised yet")


def _is_base_init(call: cst.Call) -> bool:
    """`super().__init__(...)`, `super(Net, self).__init__(...)`, `nn.Module.__init__(self)`."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "__init__"):
        return False
    receiver = func.value
    if isinstance(receiver, cst.Call):
        return isinstance(receiver.func, cst.Name) and receiver.func.value == "super"
    return bool(call.args) and isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == "self"
