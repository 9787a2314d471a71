import libcst as cst

from graphlint.checks.base import CallByName

# torch.nn layers whose `__init__` creates parameters with its default arguments: building one in traced
# code runs the Parameter constructor (GB0264 inside torch, reported on the line that builds the layer).
# Measured with probe `nn_linear_ctor` (it breaks on every measured version); `nn.ReLU()`, which owns no
# parameter, does not break (`nn_relu_ctor`), nor `nn.LayerNorm(..., elementwise_affine=False)` from 2.6 on.
PARAMETER_LAYERS = frozenset(f"torch.nn.{name}" for name in (
    "Linear", "Bilinear", "LazyLinear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
    "ConvTranspose3d", "LazyConv1d", "LazyConv2d", "LazyConv3d", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d",
    "SyncBatchNorm", "LayerNorm", "GroupNorm", "RMSNorm", "Embedding", "EmbeddingBag", "RNN", "LSTM", "GRU",
    "RNNCell", "LSTMCell", "GRUCell", "MultiheadAttention", "Transformer", "TransformerEncoderLayer",
    "TransformerDecoderLayer", "PReLU"))
# options that leave such a layer without parameters
_NO_PARAMETERS = {"affine", "elementwise_affine"}
PARAMETER_CTORS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
# the Parameter constructor alone is traced from 2.4 to 2.8 (probe nn_parameter_ctor); building a layer breaks on
# every measured version (nn_linear_ctor), which is the rule's range
PARAMETER_RANGE = "<2.4 | >=2.9"


def builds_parameters(call: cst.Call, name: str | None) -> bool:
    """Does this call (whose callee resolves to `name`) create an nn.Parameter?"""
    if name in PARAMETER_CTORS:
        return True
    return name in PARAMETER_LAYERS and not any(
        arg.keyword is not None and arg.keyword.value in _NO_PARAMETERS
        and isinstance(arg.value, cst.Name) and arg.value.value == "False" for arg in call.args)


class ParameterInTracedCode(CallByName):
    """`nn.Parameter(...)` constructed inside traced code (GB0264): create it once in `__init__`. A torch.nn
    layer that owns parameters (`nn.Linear(...)`) builds them in its `__init__`, so building the layer there
    breaks the same way."""

    code = "GL701"
    calls = {"torch.nn.Parameter": "`nn.Parameter(...)` built in traced code",
             "torch.nn.parameter.Parameter": "`nn.Parameter(...)` built in traced code",
             **{name: f"`nn.{name.rsplit('.', 1)[1]}(...)` built in traced code: its `__init__` creates "
                      "parameters" for name in PARAMETER_LAYERS}}
    MEASURED_FORMS = {name: ("nn_parameter_ctor", PARAMETER_RANGE) for name in PARAMETER_CTORS}

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func)
        if name in PARAMETER_LAYERS and not builds_parameters(node, name):
            return
        super().visit_Call(node, ctx)
