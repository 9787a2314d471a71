import libcst as cst

from graphlint.checks.base import Check

RNN_CLASSES = {"torch.nn.RNN", "torch.nn.LSTM", "torch.nn.GRU", "torch.nn.modules.rnn.RNN",
               "torch.nn.modules.rnn.LSTM", "torch.nn.modules.rnn.GRU"}


class RnnModuleCall(Check):
    """Using an `nn.RNN` / `nn.LSTM` / `nn.GRU` module: Dynamo does not trace them (GB0014).

    Dynamo stops at the first touch of the module in a function — `self.lstm.num_layers` as much as
    `self.lstm(x)` (measured: torch_geometric's Set2Set breaks on the attribute read) — so that is
    where it is reported, once per function.
    """

    code = "GL611"

    def __init__(self) -> None:
        self._seen = False

    def visit_Attribute(self, node: cst.Attribute, ctx) -> None:
        if self._seen or ctx.config.allow_rnn:
            return
        if isinstance(ctx.parent(1), cst.AssignTarget):
            return  # `self.rnn = nn.GRU(...)` builds the module (GL701), it does not use one
        if isinstance(node.value, cst.Name) and node.value.value == "self" and ctx.env.cls is not None:
            rnn = next((n for n in ctx.env.cls.attr_classes.get(node.attr.value, ()) if n in RNN_CLASSES), None)
            if rnn:
                self._report(node, rnn, ctx)

    def visit_Call(self, node: cst.Call, ctx) -> None:
        # nn.LSTM(4, 8)(x) built on the spot
        if not self._seen and not ctx.config.allow_rnn and isinstance(node.func, cst.Call):
            name = ctx.qualname(node.func.func)
            if name in RNN_CLASSES:
                self._report(node, name, ctx)

    def _report(self, node: cst.CSTNode, rnn: str, ctx) -> None:
        self._seen = True
        short = rnn.rsplit(".", 1)[-1]
        # and it does not come back: nothing after the touch is traced (measured on 2.13: a `print` after
        # `self.gru(x)` does not break; torch-rechub's NARM, fixtures/cases/frame_skips.py)
        ctx.report(node, self.code, f"an `nn.{short}` in traced code: Dynamo does not trace RNN modules "
                                    f"(`torch._dynamo.config.allow_rnn` is off) and runs the rest of the function "
                                    f"eagerly", hides_rest=True)
