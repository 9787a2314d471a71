import ast

import libcst as cst

from graphlint.analysis.syntax import binding_targets, parameters
from graphlint.checks.base import CallByName
from graphlint.fixes import SAFE, replace


class GlobalsCall(CallByName):
    """`globals()` in traced code (GB0059). Reference the global directly instead."""

    code = "GL606"
    calls = {"builtins.globals": "`globals()` is not traceable: reference the global by name",
             "builtins.eval": "`eval()` breaks the graph on this torch version"}
    MEASURED_FORMS = {"builtins.eval": ("eval_call", "<2.13")}

    def fix_for(self, name: str, node: cst.Call, ctx):
        """`globals()["SCALE"]` read → `SCALE` (verified rewrite `globals_call`), when the function binds no
        local of that name. Safe: Python looks the name up in the same globals (a missing one raises
        NameError instead of KeyError)."""
        subscript = ctx.parent()
        if name != "builtins.globals" or not isinstance(subscript, cst.Subscript) or subscript.value is not node:
            return None
        key = _constant_key(subscript)
        if key is None or not key.isidentifier() or _is_written(subscript, ctx) or key in _locals(ctx.parents[0]):
            return None
        return replace(subscript, (key,), SAFE, f"Reference the global directly: `{key}`")


def _constant_key(subscript: cst.Subscript) -> str | None:
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
        return None
    key = subscript.slice[0].slice.value
    if not isinstance(key, cst.SimpleString):
        return None
    try:
        value = ast.literal_eval(key.value)
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def _is_written(subscript: cst.Subscript, ctx) -> bool:
    """`globals()["X"] = v`, `globals()["X"] += 1`, `del globals()["X"]`: a write, not a read."""
    parent = ctx.parent(2)
    if isinstance(parent, cst.AssignTarget) or isinstance(parent, cst.Del):
        return True
    return isinstance(parent, cst.AugAssign) and parent.target is subscript


def _locals(function: cst.CSTNode) -> set[str]:
    if not isinstance(function, cst.FunctionDef):
        return set()
    names = {p.name.value for p in parameters(function, stars=True)}
    names.update(t.value for t in binding_targets(function) if isinstance(t, cst.Name))
    for target in binding_targets(function):
        if isinstance(target, (cst.Tuple, cst.List)):
            names.update(e.value.value for e in target.elements if isinstance(e.value, cst.Name))
    return names
