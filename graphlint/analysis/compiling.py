"""Branches decided by "are we compiling?": Dynamo traces only the live side."""

from __future__ import annotations

import libcst as cst

from graphlint.analysis.names import ImportTable

# Calls whose value Dynamo knows while tracing: True under compile, or False under compile.
TRUE_UNDER_COMPILE = {"torch.compiler.is_compiling", "torch._dynamo.is_compiling",
                      "torch.compiler.is_dynamo_compiling", "torch._utils.is_compiling"}
FALSE_UNDER_COMPILE = {"torch.jit.is_scripting", "torch.jit.is_tracing", "torch._C._get_tracing_state"}


def value_under_compile(test: cst.BaseExpression, imports: ImportTable) -> bool | None:
    """True/False when the test is decided by "are we compiling?", else None."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = value_under_compile(test.expression, imports)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation):
        left, right = value_under_compile(test.left, imports), value_under_compile(test.right, imports)
        if isinstance(test.operator, cst.And):
            return False if False in (left, right) else (True if left is right is True else None)
        return True if True in (left, right) else (False if left is right is False else None)
    if isinstance(test, cst.Call) and not test.args:
        name = imports.resolve(test.func) or ""
        short = name.rsplit(".", 1)[-1] if name else (test.func.value if isinstance(test.func, cst.Name) else "")
        if name in TRUE_UNDER_COMPILE or short == "is_torchdynamo_compiling":
            return True
        if name in FALSE_UNDER_COMPILE:
            return False
    return None
