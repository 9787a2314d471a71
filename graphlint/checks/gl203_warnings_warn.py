import libcst as cst

from graphlint.checks.base import Check
from graphlint.fixes import guard_call


# changing the warning filters calls `_warnings._filters_mutated`, which Dynamo skips (measured on 2.13.0:
# torch-cryoeraser's and deepquantum's `warnings.filterwarnings("ignore")`, fixtures/cases/printing.py);
# `with warnings.catch_warnings():` alone does not break
_FILTER_CHANGES = ("warnings.filterwarnings", "warnings.simplefilter", "warnings.resetwarnings")


class WarningsWarn(Check):
    """`warnings.warn(...)`, and changes to the warning filters: skipped functions for Dynamo (GB0007)."""

    code = "GL203"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func)
        if name in ("warnings.warn", "warnings.warn_explicit"):
            if name in ctx.config.reorderable_logging_functions:
                return  # measured: reorderable_logging_functions={warnings.warn} removes the break
            ctx.report(node, self.code, fix=guard_call(node, ctx.statement()))
        elif name in _FILTER_CHANGES:
            ctx.report(node, self.code, f"`{name}()` changes the warning filters, which Dynamo cannot trace "
                                        "(set them once outside the compiled code)",
                       fix=guard_call(node, ctx.statement()))
