from graphlint.checks.base import CallByName


class ParameterInTracedCode(CallByName):
    """`nn.Parameter(...)` constructed inside traced code (GB0264): create it once in `__init__`."""

    code = "GL701"
    calls = {"torch.nn.Parameter": "`nn.Parameter(...)` built in traced code",
             "torch.nn.parameter.Parameter": "`nn.Parameter(...)` built in traced code"}
