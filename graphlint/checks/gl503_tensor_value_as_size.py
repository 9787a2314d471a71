import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check


class TensorValueAsSize(Check):
    """`.item()` / `.tolist()` / `int(t)` used directly as a size or slice bound (GB0124, GB0033)."""

    code = "GL503"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        kind = scalar_extraction(node, ctx)
        if not kind:
            return
        where = used_as_size(ctx)
        if where:
            ctx.report(node, self.code, f"a tensor's value (`{kind}`) used as {where}: the shape depends on data")
