from graphlint.checks.base import CallByName


class DebuggerCall(CallByName):
    """`breakpoint()` / `pdb.set_trace()` left in traced code (GB0059)."""

    code = "GL607"
    calls = {"builtins.breakpoint": "`breakpoint()` in traced code", "pdb.set_trace": "`pdb.set_trace()` in traced code",
             "ipdb.set_trace": "`ipdb.set_trace()` in traced code", "pdb.post_mortem": None}
    gb_by_call = {"pdb.set_trace": ("GB0007",), "ipdb.set_trace": ("GB0007",), "pdb.post_mortem": ("GB0007",)}
