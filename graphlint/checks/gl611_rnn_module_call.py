import libcst as cst

from graphlint.checks.base import Check

RNN_CLASSES = {"torch.nn.RNN", "torch.nn.LSTM", "torch.nn.GRU", "torch.nn.modules.rnn.RNN",
               "torch.nn.modules.rnn.LSTM", "torch.nn.modules.rnn.GRU"}


class RnnModuleCall(Check):
    """Calling an `nn.RNN` / `nn.LSTM` / `nn.GRU` module: Dynamo does not trace them (GB0014)."""

    code = "GL611"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.config.allow_rnn:
            return
        rnn = self._rnn_class(node.func, ctx)
        if rnn:
            short = rnn.rsplit(".", 1)[-1]
            ctx.report(node, self.code, f"calling an `nn.{short}`: Dynamo does not trace RNN modules "
                                        f"(`torch._dynamo.config.allow_rnn` is off)")

    @staticmethod
    def _rnn_class(func: cst.BaseExpression, ctx) -> str | None:
        # self.lstm(x), with `self.lstm = nn.LSTM(...)` in the class
        if (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"
                and ctx.env.cls is not None):
            for name in ctx.env.cls.attr_classes.get(func.attr.value, ()):
                if name in RNN_CLASSES:
                    return name
        # nn.LSTM(4, 8)(x) built on the spot
        if isinstance(func, cst.Call):
            name = ctx.qualname(func.func)
            if name in RNN_CLASSES:
                return name
        return None
