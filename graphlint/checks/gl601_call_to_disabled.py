import libcst as cst

from graphlint.checks.base import Check


class CallToDisabled(Check):
    """Calling a `@torch.compiler.disable` function from traced code ends the graph there (GB0098)."""

    code = "GL601"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.disabled_callee(node)
        if name:
            ctx.report(node, self.code, f"`{name}` is decorated with `torch.compiler.disable`: "
                                        "Dynamo skips it and breaks the graph around the call")
