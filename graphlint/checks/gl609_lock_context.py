import libcst as cst

from graphlint.checks.base import Check

LOCKS = {"threading.Lock", "threading.RLock", "threading.Condition", "threading.Semaphore",
         "threading.BoundedSemaphore", "multiprocessing.Lock", "multiprocessing.RLock", "_thread.allocate_lock"}


class LockContext(Check):
    """`with lock:` on a `threading` lock: an unsupported context manager (GB0142)."""

    code = "GL609"

    def visit_WithItem(self, node: cst.WithItem, ctx) -> None:
        lock = self._lock_type(node.item, ctx)
        if lock:
            ctx.report(node.item, self.code, f"`with` on a `{lock}`: Dynamo does not support this context manager")

    @staticmethod
    def _lock_type(expr: cst.BaseExpression, ctx) -> str | None:
        if isinstance(expr, cst.Call):
            name = ctx.qualname(expr.func)
            return name if name in LOCKS else None
        if isinstance(expr, cst.Name) and expr.value not in ctx.env.names:
            name = ctx.env.ctx.module_ctors.get(expr.value)
            return name if name in LOCKS else None
        if (isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self"
                and ctx.env.cls is not None):
            for name in ctx.env.cls.attr_classes.get(expr.attr.value, ()):
                if name in LOCKS:
                    return name
        return None
