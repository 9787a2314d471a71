from collections.abc import Callable

import libcst as cst

from graphlint.analysis.tensors import BOOL_TENSOR, TENSOR, TENSOR_SEQ
from graphlint.checks._common import scalar_extraction, slice_bound, used_as_size
from graphlint.checks.base import Check
from graphlint.torch_version import matches


# Parameters that take only Python numbers in every overload of the op (dims, counts, shifts, `p`, `eps`,
# slopes): a tensor there is read like `.item()` (GB0033). Measured on 2.13.0, one call a line, in
# fixtures/cases/number_arguments.py (from ultralytics' `x.new_full(size, stride)` with `stride = strides[i]`).
# Ops with a Tensor overload at the same place take a 0-d tensor without a break (same file): `torch.lerp`'s
# weight, `x.pow(e)`, `clamp(min=)`, `masked_fill`'s value, and `torch.full`'s fill value; so do Python-level
# functions that only compute with it (`F.gumbel_softmax(x, tau=t)`).
_DIM = ("dim",)
NUMBER_ARGS = {  # torch function -> (positions, keywords)
    "torch.cat": ((1,), _DIM), "torch.stack": ((1,), _DIM), "torch.split": ((1, 2), ("split_size_or_sections", "dim")),
    "torch.chunk": ((1, 2), ("chunks", "dim")), "torch.tensor_split": ((1, 2), _DIM),
    "torch.roll": ((1, 2), ("shifts", "dims")), "torch.diag": ((1,), ("diagonal",)),
    "torch.tril": ((1,), ("diagonal",)), "torch.triu": ((1,), ("diagonal",)), "torch.kthvalue": ((1, 2), ("k", "dim")),
    "torch.randint": ((0, 1), ("low", "high")), "torch.multinomial": ((1,), ("num_samples",)),
    "torch.full_like": ((1,), ("fill_value",)), "torch.histc": ((1,), ("bins",)), "torch.bincount": ((2,), ("minlength",)),
    "torch.round": ((), ("decimals",)), "torch.diff": ((1, 2), ("n", "dim")), "torch.dist": ((2,), ("p",)),
    "torch.logit": ((1,), ("eps",)), "torch.renorm": ((1, 2, 3), ("p", "dim", "maxnorm")),
    "torch.softmax": ((1,), _DIM), "torch.log_softmax": ((1,), _DIM), "torch.cumsum": ((1,), _DIM),
    "torch.cumprod": ((1,), _DIM), "torch.index_select": ((1,), _DIM), "torch.gather": ((1,), _DIM),
    "torch.movedim": ((1, 2), ("source", "destination")), "torch.transpose": ((1, 2), ("dim0", "dim1")),
    "torch.squeeze": ((1,), _DIM), "torch.sum": ((), _DIM), "torch.mean": ((), _DIM),
    "torch.nn.functional.dropout": ((1,), ("p",)), "torch.nn.functional.leaky_relu": ((1,), ("negative_slope",)),
    "torch.nn.functional.elu": ((1,), ("alpha",)), "torch.nn.functional.hardtanh": ((1, 2), ("min_val", "max_val")),
    "torch.nn.functional.threshold": ((1, 2), ("threshold", "value")),
    "torch.nn.functional.softplus": ((1, 2), ("beta", "threshold")),
    "torch.nn.functional.normalize": ((1, 2, 3), ("p", "dim", "eps")),
    "torch.nn.functional.cosine_similarity": ((2, 3), ("dim", "eps")),
    "torch.nn.functional.layer_norm": ((4,), ("eps",)), "torch.nn.functional.softmax": ((1,), _DIM),
    "torch.nn.functional.log_softmax": ((1,), _DIM),
    "torch.nn.functional.avg_pool1d": ((1, 2, 3), ("kernel_size", "stride", "padding")),
    "torch.nn.functional.max_pool1d": ((1, 2, 3), ("kernel_size", "stride", "padding")),
}
# `F.pad(x, (n, n))`: a tensor among the pad widths is read as an int (the same file)
NUMBER_TUPLE_ARGS = {"torch.nn.functional.pad": 1}
NUMBER_METHOD_ARGS = {  # tensor method -> (positions after the receiver, None: all; keywords)
    **{m: (None, ()) for m in ("view", "reshape", "expand", "tile", "repeat", "permute", "flip")},
    **{m: ((0,), _DIM) for m in ("squeeze", "softmax", "log_softmax", "cumsum", "cumprod", "index_select", "gather",
                                 "sum", "mean", "argmax", "argmin", "logsumexp")},
    **{m: ((0, 1), ("dim0", "dim1")) for m in ("transpose", "swapaxes")},
    "movedim": ((0, 1), ("source", "destination")), "chunk": ((0, 1), ("chunks", "dim")),
    "split": ((0, 1), ("split_size", "dim")), "unfold": ((0, 1, 2), ("dimension", "size", "step")),
    "kthvalue": ((0, 1), ("k", "dim")), "topk": ((0, 1), ("k", "dim")), "narrow": ((0, 1, 2), ("dim", "start", "length")),
    "select": ((0, 1), ("dim", "index")), "roll": ((0, 1), ("shifts", "dims")), "diag": ((0,), ("diagonal",)),
    "tril": ((0,), ("diagonal",)), "triu": ((0,), ("diagonal",)), "diff": ((0, 1), ("n", "dim")),
    "renorm": ((0, 1, 2), ("p", "dim", "maxnorm")), "norm": ((0,), ("p",)), "fill_diagonal_": ((0,), ("fill_value",)),
    "uniform_": ((0, 1), ("from", "to")), "normal_": ((0, 1), ("mean", "std")),
}

# Which positional arguments are sizes: None = all of them.
SIZE_ARGS = {"torch.arange": None, "torch.zeros": None, "torch.ones": None, "torch.empty": None,
             "torch.rand": None, "torch.randn": None, "torch.eye": None, "torch.randperm": (0,),
             "torch.full": (0,), "torch.linspace": (2,), "torch.topk": (1,), "torch.narrow": (2, 3),
             "torch.logspace": (2,), "torch.fft.fftfreq": (0,), "torch.fft.rfftfreq": (0,),
             "torch.tril_indices": (0, 1), "torch.triu_indices": (0, 1), "torch.hann_window": (0,),
             "torch.hamming_window": (0,), "torch.blackman_window": (0,), "torch.bartlett_window": (0,),
             "torch.kaiser_window": (0,), "torch.nn.functional.one_hot": (1,),
             "torch.nn.functional.interpolate": (1,)}
# Factories that take their size as one tuple or list too (`torch.zeros((n, 3))`), and the tensor methods
# that do (`x.new_zeros((n, 3))`): a tensor among its items is read as a Python int.
FACTORY_SIZE_TUPLES = {"torch.zeros", "torch.ones", "torch.empty", "torch.rand", "torch.randn", "torch.full",
                       # `F.interpolate(x, size=[rnd, rnd])` with `rnd = torch.randint(...)` (torchattacks' DI-FGSM)
                       "torch.nn.functional.interpolate"}
_NEW_FACTORIES = ("new_zeros", "new_ones", "new_empty", "new_full")
NEW_METHODS = {f".{m}()" for m in _NEW_FACTORIES}  # as _scalar_parameters names them
NEVER_CAPTURED_METHODS = {".unsqueeze()", *NEW_METHODS}
# The forms above from number_arguments.py count only a 0-d tensor computed in sight (a reduction, an argmax, one
# item of a 1-d tensor): with any value inferred to be a tensor the dev benchmark gave 32 wrong findings against 5
# right ones (spandrel's `view(B, H // H_sp, ...)` with a guessed `H`, torch-struct's `semiring.sum(x)`, optimizers'
# `torch.full_like(denom, step_size)` with a float step).
STRICT_FORMS = {*NUMBER_ARGS, *NUMBER_TUPLE_ARGS, *(f".{m}()" for m in NUMBER_METHOD_ARGS), ".new_full()"}
# Keyword arguments that must be Python numbers: a tensor there is read like `.item()` (GB0033,
# measured on 2.13: torchode's `torch.add(atol, y, alpha=rtol)` with `rtol` a buffer).
SCALAR_KWARGS = {"torch.nn.functional.one_hot": ("num_classes",), "torch.topk": ("k",),
                 "torch.nn.functional.interpolate": ("size",)}
# The scaling keywords of torch ops (`torch.add(..., alpha=)`, `torch.addr(..., alpha=, beta=)`,
# `torch.addcmul(..., value=)`, and the same-named methods) take Python numbers, whatever the op
# (torchmin's `torch.addr(I, s, y, alpha=-rho)` with `rho` a tensor: GB0033).
SCALING_KEYWORDS = ("alpha", "beta")
SIZE_KEYWORDS = ("size",)  # keywords that take a size tuple or list
VALUE_SCALED = {"addcmul", "addcmul_", "addcdiv", "addcdiv_"}  # `value=` scales here (masked_fill takes a 0-d tensor)
# In-place forms that take a 0-d tensor scale without reading it (measured on 2.13: `w.add_(v, alpha=t)`,
# `w.addcmul_(a, b, value=t)`, `w.addcdiv_(a, b, value=t)` do not break; `w.sub_(v, alpha=t)` and the
# out-of-place `w.add(v, alpha=t)` do)
SCALE_TAKEN_IN_PLACE = {"add_", "addcmul_", "addcdiv_"}
# `.add(x, alpha=)` / `.sub(x, alpha=)`: no set or list method takes `alpha=`, so the receiver is a tensor
ALPHA_METHODS = {"add", "sub", "add_", "sub_"}
# Tensor methods that take their dims or sizes as separate ints (`x.permute(*dims)`).
UNPACKED_SIZE_METHODS = frozenset({"permute", "view", "reshape", "expand", "repeat", "tile", "flip", "new_zeros",
                                   "new_ones", "new_empty", "unflatten"})
# Tensor methods whose arguments (by position, or keyword) must be Python ints or numbers.
SCALAR_METHOD_ARGS = {"unsqueeze": ((0,), ("dim",)), **{m: (None, ()) for m in _NEW_FACTORIES},
                      "new_full": ((0, 1), ("fill_value",)), **NUMBER_METHOD_ARGS}
# From which torch `capture_scalar_outputs=True` removes a form's break (probe → specifier; measured on
# 2.1-2.15). Before that the flag leaves the break, or makes the compile fail (alpha=: a Dynamo error on
# 2.1-2.12). `F.one_hot(x, n)` and `x.unsqueeze(d)` with a 0-d tensor break with the flag on every version.
# Probe slice_bound_then_print: the break at a tensor slice bound comes while the subscript is evaluated, where
# Dynamo cannot resume ("Encountered graph break that we cannot resume from"): it compiles the graph before it and
# runs the rest of the function eagerly, so the breaks after it show only once it is fixed (lycoris'
# `U[:, :lora_rank]`, then `S[:lora_rank]`). A 0-d size of `view` or `torch.zeros` is resumed (view_0d_then_print).
UNRESUMABLE_SLICE = ">=2.0"
CAPTURED_FROM = {"slice_by_0d_tensor": ">=2.10", "add_alpha_0d_tensor": ">=2.13"}


class TensorValueAsSize(Check):
    """A tensor's value used as a size or bound: `.item()` / `.tolist()` / `int(t)` in a slice or
    size argument (GB0124, GB0033), or a 0-d tensor passed straight as a size (`torch.arange(n)`)."""

    # `torch.addcdiv(a, b, c, value=t)` (exactly that call shape) never breaks on 2.1-2.15: Dynamo
    # rewrites it into div/mul/add; `t.addcdiv(b, c, value=t)` and `torch.addcmul` do break
    MEASURED_FORMS = {"split_tolist": ("split_tolist", "<2.2 | >=2.10"),
                      "torch.addcdiv": ("addcdiv_value_0d_tensor", "<2.0")}

    code = "GL503"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        self._slice_object(node, ctx)
        self._tensor_as_size_argument(node, ctx)
        self._tensor_unpacked_as_sizes(node, ctx)
        if ctx.config.capture_scalar_outputs:  # measured: the scalar flag alone removes these breaks
            return
        kind = scalar_extraction(node, ctx)
        if not kind:
            return
        where = used_as_size(ctx)
        if where and kind == "tolist" and "split" in where and not matches(ctx.torch_version,
                                                                         self.MEASURED_FORMS["split_tolist"][1]):
            return
        if where:
            ctx.report(node, self.code, f"a tensor's value (`{kind}`) used as {where}: the shape depends on data")

    def visit_Subscript(self, node: cst.Subscript, ctx) -> None:
        """`y[..., :n]` with `n` a tensor: the bound is read with `__index__`, i.e. `.item()` (GB0124)."""
        if self._captured(ctx, "slice_by_0d_tensor"):
            return
        bound = slice_bound(node, ctx.is_tensor) or self._tensor_in_slice_call(node, ctx)
        if bound is not None:
            # at the bound: in a subscript over several lines, Dynamo names the line that reads it
            # Dynamo cannot resume inside the subscript: it runs the rest of the function eagerly
            ctx.report(bound, self.code, "a tensor used as a slice bound is read as a Python int (`.item()`): "
                                         "the shape depends on data", gb=("GB0124",),
                       hides_rest=matches(ctx.torch_version, UNRESUMABLE_SLICE))

    @staticmethod
    def _tensor_in_slice_call(node: cst.Subscript, ctx) -> cst.BaseExpression | None:
        """`x[slice(*indices)]` with tensor bounds (cebra's `inputs[slice(*indices)]`): the same `__index__` reads."""
        for element in node.slice:
            call = element.slice.value if isinstance(element.slice, cst.Index) else None
            if isinstance(call, cst.Call) and ctx.is_builtin(call.func, "slice"):
                for arg in call.args:
                    if ctx.is_tensor(arg.value) or arg.star == "*" and ctx.kind(arg.value) == TENSOR_SEQ:
                        return arg.value
        return None

    def _slice_object(self, node: cst.Call, ctx) -> None:
        """`from_idx = slice(indptr[i], indptr[i + 1])`, then `src[from_idx]` (neuraloperator's segment_csr): the
        slice is built with `__index__` of its bounds, at the `slice(...)` call (GB0124; measured on 2.13, and not
        with `capture_scalar_outputs`, as a slice bound). Inside a subscript the subscript's own check reports it."""
        if not ctx.is_builtin(node.func, "slice") or isinstance(ctx.parent(), cst.Index) \
                or self._captured(ctx, "slice_by_0d_tensor"):
            return
        bound = next((a.value for a in node.args if ctx.is_tensor(a.value)
                      or a.star == "*" and ctx.kind(a.value) == TENSOR_SEQ), None)
        if bound is not None:
            ctx.report(bound, self.code, "a tensor as a bound of `slice(...)` is read as a Python int (`.item()`): the "
                                         "shape depends on data", gb=("GB0124",), start_node=node)

    @classmethod
    def _captured(cls, ctx, probe: str) -> bool:
        """Does `capture_scalar_outputs=True` (visible in the code) remove this form's break on the target
        torch? Measured per form (measurements/versions.json, variant capture_scalar_outputs)."""
        return ctx.config.capture_scalar_outputs and matches(ctx.torch_version, CAPTURED_FROM[probe])

    def _tensor_as_size_argument(self, node: cst.Call, ctx) -> None:
        name, positions, keywords = self._scalar_parameters(node, ctx)
        if name is None:
            return
        positional = [a for a in node.args if a.keyword is None]

        def computed_zero_d(e: cst.BaseExpression) -> bool:  # `n = mask.sum()`, `x.argmax() // 2 + 1`
            return ctx.is_tensor(e) and ctx.env.is_zero_d(e)

        is_tensor = computed_zero_d if name in STRICT_FORMS else ctx.is_tensor
        # measured with the flag on (versions.json): these still break; the newer forms are left quiet under it
        never_captured = name == "torch.nn.functional.one_hot" or name in NEVER_CAPTURED_METHODS
        if ctx.config.capture_scalar_outputs and not never_captured:
            positions = ()  # a 0-d tensor as a factory size is captured as an unbacked int
        for i, arg in enumerate(positional):
            if not (positions is None or i in positions) or arg.star:  # `*dims`: _tensor_unpacked_as_sizes
                continue
            # `torch.zeros((batch.max() + 1,))`: a size given as a tuple or list (mlipops, held-out set 20)
            value = arg.value if is_tensor(arg.value) else self._tensor_in_size_tuple(arg.value, name, is_tensor)
            if value:
                # Dynamo reports the call's first line, where a multi-line call starts
                what = "a size" if name in SIZE_ARGS or name in NEW_METHODS else "a number argument"
                ctx.report(value, self.code, f"a tensor used as {what} of `{name}`: its value is read, "
                                             "the shape depends on data", start_node=node)
                return
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in keywords and arg.keyword.value in SIZE_KEYWORDS \
                    and not ctx.config.capture_scalar_outputs:
                item = self._tensor_in_size_tuple(arg.value, name, is_tensor)  # `size=[rnd, rnd]`
                if item is not None:
                    ctx.report(item, self.code, f"a tensor used as a size of `{name}`: its value is read, the shape "
                                                "depends on data", start_node=node)
                    return
            if arg.keyword is not None and arg.keyword.value in keywords and is_tensor(arg.value):
                scaling = arg.keyword.value in SCALING_KEYWORDS + ("value",)
                if self._captured(ctx, "add_alpha_0d_tensor") if scaling else (
                        ctx.config.capture_scalar_outputs and not never_captured):
                    continue
                if (name == "torch.addcdiv" and arg.keyword.value == "value" and len(positional) == 3
                        and len(node.args) == 4
                        and not matches(ctx.torch_version, self.MEASURED_FORMS["torch.addcdiv"][1])):
                    continue
                ctx.report(arg.value, self.code, f"a tensor passed as `{arg.keyword.value}=` of `{name}`, which "
                                                 "takes a Python number: its value is read", gb=("GB0033",),
                           start_node=node)
                return

    @staticmethod
    def _tensor_in_size_tuple(arg: cst.BaseExpression, name: str,
                              is_tensor: Callable[[cst.BaseExpression], bool]) -> cst.BaseExpression | None:
        """A tensor (as `is_tensor` judges it) among the items of a size tuple or list given to a factory
        (`torch.zeros((n, 3))`, `x.new_zeros([n, 3])`, `F.pad(x, (n, 1))`); None when there is none."""
        if not isinstance(arg, (cst.Tuple, cst.List)) or not (
                name in FACTORY_SIZE_TUPLES or name in NEW_METHODS or name in NUMBER_TUPLE_ARGS):
            return None
        return next((e.value for e in arg.elements if not isinstance(e, cst.StarredElement)
                     and is_tensor(e.value)), None)

    def _tensor_unpacked_as_sizes(self, node: cst.Call, ctx) -> None:
        """`x.permute(*idx)` with `idx` a tensor: unpacking it gives 0-d tensors, each read as a Python int
        (GB0033, measured on 2.13 with svgd's `idx = torch.arange(x.dim()).add(1)`)."""
        if ctx.config.capture_scalar_outputs:
            return
        func = node.func
        # the receiver need not be known: `dist.log_prob(x).permute(*idx)`; it is the unpacked tensor that counts
        takes_ints = (isinstance(func, cst.Attribute) and func.attr.value in UNPACKED_SIZE_METHODS
                      and ctx.kind(func.value) in (None, TENSOR, BOOL_TENSOR)) or ctx.qualname(func) in SIZE_ARGS
        if not takes_ints:
            return
        for arg in node.args:
            if arg.star == "*" and ctx.is_tensor(arg.value):
                ctx.report(node, self.code, "a tensor unpacked into int arguments (`*t`): each element's value is "
                                            "read as a Python int", gb=("GB0033",))
                return

    @staticmethod
    def _scalar_parameters(node: cst.Call, ctx) -> tuple[str | None, tuple | None, tuple]:
        """(display name, positions that must be numbers (None: all), keywords that must be numbers)."""
        name = ctx.qualname(node.func)
        if name in SIZE_ARGS or name in SCALAR_KWARGS:
            return name, SIZE_ARGS.get(name, ()), SCALAR_KWARGS.get(name, ()) + SCALING_KEYWORDS
        if name in NUMBER_ARGS:
            positions, keywords = NUMBER_ARGS[name]
            return name, positions, keywords + (() if name.startswith("torch.nn.") else SCALING_KEYWORDS)
        if name in NUMBER_TUPLE_ARGS:
            return name, (NUMBER_TUPLE_ARGS[name],), ()
        if name and name.startswith("torch.") and not name.startswith(("torch.distributions.", "torch.nn.")):
            value = ("value",) if name.rsplit(".", 1)[-1] in VALUE_SCALED else ()
            return name, (), SCALING_KEYWORDS + value
        func = node.func
        if isinstance(func, cst.Attribute) and name is None and (
                ctx.is_tensor(func.value) or TensorValueAsSize._scaled_by_alpha(node)):
            method = func.attr.value
            positions, keywords = SCALAR_METHOD_ARGS.get(method, ((), ()))
            if method in SCALE_TAKEN_IN_PLACE and matches(ctx.torch_version, ">=2.13"):
                return f".{method}()", positions, keywords
            value = ("value",) if method in VALUE_SCALED else ()
            return f".{method}()", positions, keywords + SCALING_KEYWORDS + value
        return None, (), ()

    @staticmethod
    def _scaled_by_alpha(node: cst.Call) -> bool:
        return node.func.attr.value in ALPHA_METHODS and any(
            a.keyword is not None and a.keyword.value == "alpha" for a in node.args)
