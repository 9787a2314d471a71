import libcst as cst

from graphlint.analysis.names import LOGGER_ATTRS
from graphlint.analysis.tensors import LOGGER
from graphlint.checks.base import Check
from graphlint.fixes import guard_call

_DROPPED = ("no graph break, but `ignore_logging_functions` makes `{call}` a no-op under compile: "
            "the log record is silently dropped")
LOG_FUNCTIONS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"}
# every Logger method is unsupported (GB0291), configuration included (`setLevel`: traker)
LOGGER_METHODS = LOG_FUNCTIONS | {"isEnabledFor", "getEffectiveLevel", "warning_once", "info_once", "debug_once",
                                  "setLevel", "addHandler", "removeHandler", "hasHandlers", "getChild"}
# Conventional logger names, used when the file does not show where the logger came from.
LOGGER_NAMES = {"logger", "log", "_logger", "_log", "LOGGER", "LOG", "_LOGGER", "_LOG"}


class LoggingCall(Check):
    """`logging.info(...)` (GB4841) and logger methods such as `logger.debug(...)` (GB0291)."""

    code = "GL202"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        qual = ctx.qualname(func)
        if qual is not None and qual.startswith("logging.") and qual.split(".", 1)[1] in LOG_FUNCTIONS:
            if qual in ctx.config.reorderable_logging_functions:
                return  # measured: kept and moved after the graph, no break
            if qual in ctx.config.ignore_logging_functions:
                ctx.report(node, self.code, _DROPPED.format(call=f"{qual}()"), gb=())
                return
            ctx.report(node, self.code, f"`{qual}()` is not traceable: Dynamo breaks the graph at the call",
                       gb=("GB4841",), fix=guard_call(node, ctx.statement()))
            return
        if func.attr.value not in LOGGER_METHODS:
            return
        receiver = func.value
        kind = ctx.kind(receiver)
        unknown_logger_name = (kind is None and isinstance(receiver, cst.Name) and _logger_name(receiver.value)
                               and receiver.value not in ctx.imports.names)
        # `trainer.logger.info(...)`: a logger kept on some object (a framework's trainer, a callback)
        logger_attribute = kind is None and isinstance(receiver, cst.Attribute) and receiver.attr.value in LOGGER_ATTRS
        if kind == LOGGER or unknown_logger_name or logger_attribute:
            method = f"logging.Logger.{func.attr.value}"
            if method in ctx.config.ignore_logging_functions:
                ctx.report(node, self.code, _DROPPED.format(call=f".{func.attr.value}()"), gb=())
                return
            # reorderable_logging_functions does not help Logger methods (measured: still GB0291)
            # only calls that emit a record are guarded: skipping `setLevel` under compile would change state
            emits = func.attr.value in LOG_FUNCTIONS or func.attr.value.endswith("_once")
            ctx.report(node, self.code, f"logger method `.{func.attr.value}()` is not traceable", gb=("GB0291",),
                       fix=guard_call(node, ctx.statement()) if emits else None)


def _logger_name(name: str) -> bool:
    """`logger`, `log`, ..., or a name that ends in `logger` (stanza's `args_logger` parameter, `train_logger`)."""
    return name in LOGGER_NAMES or name.lower().endswith("logger")
