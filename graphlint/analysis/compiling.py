"""Branches decided by "are we compiling?": Dynamo traces only the live side."""

from __future__ import annotations

import libcst as cst

from graphlint.analysis.names import ImportTable

# Calls whose value Dynamo knows while tracing: True under compile, or False under compile.
TRUE_UNDER_COMPILE = {"torch.compiler.is_compiling", "torch._dynamo.is_compiling",
                      "torch.compiler.is_dynamo_compiling", "torch._utils.is_compiling"}
FALSE_UNDER_COMPILE = {"torch.jit.is_scripting", "torch.jit.is_tracing", "torch._C._get_tracing_state",
                       "torch.compiler.is_exporting", "torch.fx._symbolic_trace.is_fx_tracing"}
# libraries wrap the check in helpers of their own (kornia/torch_geometric `is_compiling`,
# transformers `is_torchdynamo_compiling`): a no-argument call by one of these names is the same test
TRUE_UNDER_COMPILE_NAMES = {"is_compiling", "is_dynamo_compiling", "is_torchdynamo_compiling"}
FALSE_UNDER_COMPILE_NAMES = {"is_exporting", "is_scripting", "is_jit_tracing"}


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
        return call_under_compile(name, test.func.value if isinstance(test.func, cst.Name) else "")
    return None


def call_under_compile(name: str, written: str) -> bool | None:
    """What a no-argument call answers under compile: `name` qualified through the imports (else ""), `written` the
    bare name as written (for a helper of the project's own, `is_compiling()`); None when it is no such question.
    summary_ast.py's ast version of `value_under_compile` shares it."""
    short = name.rsplit(".", 1)[-1] if name else written
    if name in TRUE_UNDER_COMPILE or short in TRUE_UNDER_COMPILE_NAMES:
        return True
    if name in FALSE_UNDER_COMPILE or short in FALSE_UNDER_COMPILE_NAMES:
        return False
    return None


def always_exits(block: cst.CSTNode | None) -> bool:
    """Does this branch always leave the function (`return`/`raise` last, or an if/else of such)?

    `block` is an `if` body or its `orelse` as libcst gives it: an `Else`, an `If` (elif) or None.
    """
    if block is None:
        return False
    if isinstance(block, cst.Else):
        return always_exits(block.body)
    if isinstance(block, cst.If):
        return always_exits(block.body) and always_exits(block.orelse)
    body = block.body if isinstance(block, cst.IndentedBlock) else [block]
    if not body:
        return False
    last = body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        return any(isinstance(s, (cst.Return, cst.Raise)) for s in last.body)
    return isinstance(last, cst.If) and always_exits(last)
