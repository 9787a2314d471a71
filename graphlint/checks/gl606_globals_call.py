from graphlint.checks.base import CallByName


class GlobalsCall(CallByName):
    """`globals()` in traced code (GB0059). Reference the global directly instead."""

    code = "GL606"
    calls = {"builtins.globals": "`globals()` is not traceable: reference the global by name",
             "builtins.eval": "`eval()` breaks the graph on this torch version"}
    MEASURED_FORMS = {"builtins.eval": ("eval_call", "<2.13")}
