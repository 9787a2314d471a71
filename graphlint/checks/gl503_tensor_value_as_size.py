import libcst as cst

from graphlint.checks._common import scalar_extraction, used_as_size
from graphlint.checks.base import Check
from graphlint.torch_version import matches


# Which positional arguments are sizes: None = all of them.
SIZE_ARGS = {"torch.arange": None, "torch.zeros": None, "torch.ones": None, "torch.empty": None,
             "torch.rand": None, "torch.randn": None, "torch.eye": None, "torch.randperm": (0,),
             "torch.full": (0,), "torch.linspace": (2,), "torch.topk": (1,), "torch.narrow": (2, 3),
             "torch.logspace": (2,), "torch.fft.fftfreq": (0,), "torch.fft.rfftfreq": (0,),
             "torch.tril_indices": (0, 1), "torch.triu_indices": (0, 1), "torch.hann_window": (0,),
             "torch.hamming_window": (0,), "torch.blackman_window": (0,), "torch.bartlett_window": (0,),
             "torch.kaiser_window": (0,)}


class TensorValueAsSize(Check):
    """A tensor's value used as a size or bound: `.item()` / `.tolist()` / `int(t)` in a slice or
    size argument (GB0124, GB0033), or a 0-d tensor passed straight as a size (`torch.arange(n)`)."""

    MEASURED_FORMS = {"split_tolist": ("split_tolist", "<2.2 | >=2.10")}

    code = "GL503"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        if ctx.config.capture_scalar_outputs:  # measured: the scalar flag alone removes these breaks
            return
        self._tensor_as_size_argument(node, ctx)
        kind = scalar_extraction(node, ctx)
        if not kind:
            return
        where = used_as_size(ctx)
        if where and kind == "tolist" and "split" in where and not matches(ctx.torch_version,
                                                                         self.MEASURED_FORMS["split_tolist"][1]):
            return
        if where:
            ctx.report(node, self.code, f"a tensor's value (`{kind}`) used as {where}: the shape depends on data")

    def _tensor_as_size_argument(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func)
        if name not in SIZE_ARGS:
            return
        positional = [a for a in node.args if a.keyword is None]
        wanted = SIZE_ARGS[name]
        for i, arg in enumerate(positional):
            if (wanted is None or i in wanted) and ctx.is_tensor(arg.value):
                # Dynamo reports the call's first line, where a multi-line call starts
                ctx.report(arg.value, self.code, f"a tensor used as a size of `{name}`: the shape depends on data",
                           start_node=node)
