"""Tensor inference: which expressions hold tensor *values* (data), and which only metadata.

`if x.shape[0] > 2`, `if mask is None`, `assert x.dim() == 4`, `if self.training` and
`range(x.size(0))` are decided from metadata Dynamo knows at trace time — never a graph break.
`if (logits > 0).any()` or `int(x.max())` need the data — a break. The kinds below keep them apart.

The inference is flow-ordered inside a function (the rule walker binds names as it passes
assignments), follows tuple unpacking, attribute chains of tensor methods, and the return values of
same-file helpers (inferred on demand, cached, cycle-safe).
"""

from __future__ import annotations

import ast
import builtins
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Callable

import libcst as cst

from graphlint.analysis.compiling import value_under_compile
from graphlint.analysis.docstrings import documented_types
from graphlint.analysis.names import ImportTable, dotted, is_logger_factory
from graphlint.analysis.summary import DATALOADER_CLASSES, ClassInfo, literal_prefix, looks_like_loader
from graphlint.analysis.syntax import binding_targets, is_none, nodes_of, parameters, returned_parameters, walk
from graphlint.analysis.torch_api import (TORCH_NON_TENSOR, TORCH_NON_TENSOR_PREFIXES, TORCH_UTILS_TENSOR,
                                          TORCH_UTILS_TENSOR_SEQ)
from graphlint.analysis.tensor_methods import TENSOR_METHODS
from graphlint.analysis.type_comments import with_comment_annotations, written_return

# ---- kinds ----
TENSOR = "tensor"  # a tensor value: data Dynamo does not know at trace time
BOOL_TENSOR = "bool_tensor"  # a tensor of booleans (a mask)
TENSOR_SEQ = "tensor_seq"  # a list/tuple of tensors (chunk, split, unbind)
META = "meta"  # shapes, sizes, dtypes, devices, Python bools/ints derived from them
SCALAR = "scalar"  # a Python number pulled out of a tensor (.item(), float(t))
NDARRAY = "ndarray"  # a numpy array/scalar (Dynamo traces it as a tensor)
PY_SEQ = "py_seq"  # a Python list/tuple/dict literal
CONST = "const"  # literals and other plain Python values
MODULE = "module"  # an nn.Module instance
SELF = "self"
LOGGER = "logger"
GENERATOR = "generator"  # a torch.Generator (sampling with one breaks: GB0055)
BACKEND = "backend"  # `nx = get_backend(a, b)`: a multi-backend library's array module (POT), torch under compile

TENSOR_KINDS = (TENSOR, BOOL_TENSOR)

META_ATTRS = {"shape", "dtype", "device", "ndim", "is_cuda", "is_cpu", "is_meta", "requires_grad", "layout",
              "is_leaf", "is_sparse", "is_quantized", "names", "grad_fn", "itemsize", "nbytes", "is_mps"}
TENSOR_ATTRS = {"T", "mT", "H", "mH", "data", "grad", "real", "imag", "values", "indices"}
META_METHODS = {"size", "dim", "ndimension", "numel", "nelement", "stride", "element_size", "get_device",
                "is_contiguous", "is_floating_point", "is_complex", "is_signed", "data_ptr", "storage_offset",
                "is_pinned", "is_shared", "has_names", "is_set_to", "is_nonzero_shape", "untyped_storage",
                "__len__", "dim_order", "is_inference", "is_coalesced", "is_same_size", "sparse_dim", "dense_dim",
                "_nnz", "_dimI", "_dimV"}
SCALAR_METHODS = {"item", "tolist"}
BOOL_METHODS = {"eq", "ne", "gt", "lt", "ge", "le", "isnan", "isinf", "isfinite", "isneginf", "isposinf",
                "logical_and", "logical_or", "logical_not", "logical_xor", "bool", "any", "all", "isclose",
                "isin", "signbit", "greater", "less", "greater_equal", "less_equal", "not_equal", "equal_"}
SEQ_METHODS = {"chunk", "split", "unbind", "tensor_split", "split_with_sizes", "hsplit", "vsplit", "dsplit"}
TORCH_BOOL_FUNCS = {f"torch.{m}" for m in BOOL_METHODS} | {"torch.eq", "torch.bernoulli_mask"}
TORCH_SEQ_FUNCS = {f"torch.{m}" for m in SEQ_METHODS} | {"torch.meshgrid", "torch.broadcast_tensors",
                                                       "torch.sort", "torch.topk", "torch.max", "torch.min",
                                                       "torch.kthvalue", "torch.mode", "torch.median",
                                                       "torch.std_mean", "torch.var_mean", "torch.unique",
                                                       "torch.linalg.eigh", "torch.linalg.qr", "torch.linalg.svd"}
TORCH_REDUCE_OR_SEQ = {"torch.max", "torch.min", "torch.median", "torch.nanmedian"}
# torch functions that return a Python bool computed from the data (GB0033)
TORCH_DATA_BOOL = {"torch.equal", "torch.allclose", "torch.is_nonzero"}
# numpy's own Python-bool answers about traced arrays: Dynamo runs them as torch ops and must read the
# result (GB0033, measured on 2.13: ART's `np.array_equal(np.floor(y), np.ceil(y))`); the `if` on the
# bool that follows does not break again
NUMPY_DATA_BOOL = {"numpy.array_equal", "numpy.array_equiv", "numpy.allclose"}
# Python's `random` draws Dynamo traces into the graph (since 2.0; GL603 has the forms that break at the call): the
# number is a graph value, so arithmetic on it is fine, and branching on it or indexing with it reads it (measured on
# 2.13: `if random.uniform(0, 1) < p:` "Data-dependent branching", `x[random.randrange(3)]`; stanza's augmentation)
PY_RANDOM_TRACED = {"random.uniform", "random.randint", "random.randrange"}
PY_NON_TENSOR_ANNOTATIONS = re.compile(
    r"^(Optional\[)?(int|float|bool|str|bytes|complex|None|dict|list|tuple|set|Callable|type|"
    r"Dict|List|Tuple|Set|Sequence|Mapping|Iterable|torch\.dtype|torch\.device|torch\.Size|dtype|device)\b")
# methods only tensors (and numpy arrays, which Dynamo traces as tensors) have: on a value of unknown
# kind in torch code they say it is one
TENSOR_ONLY_METHODS = frozenset({
    "dot", "mv", "mm", "matmul", "bmm", "sqrt", "rsqrt", "clamp", "clamp_min", "clamp_max", "clip", "norm",
    "abs", "exp", "log", "log1p", "expm1", "sigmoid", "tanh", "softmax", "log_softmax", "detach", "sum",
    "mean", "prod", "amax", "amin", "argmax", "argmin", "std", "var", "cumsum", "cumprod", "neg",
    "reciprocal", "pow", "lt", "le", "gt", "ge", "eq", "ne", "isfinite", "isnan", "isinf", "masked_fill",
    "logsumexp", "trace", "diag", "diagonal", "outer", "square", "unsqueeze", "flatten", "contiguous",
    "permute", "expand_as", "view_as", "type_as", "new_zeros", "new_ones", "new_full", "new_empty",
    "masked_select", "softplus", "relu",
    # dtype casts an nn.Module does not have (it has float/double/half): `.long()`, `.int()`, `.byte()`
    "long", "int", "byte", "short",
})
# predicate names that ask about the values (`is_nan(t)`): a bool tensor, unlike `exists(t)`
VALUE_PREDICATE = re.compile(r"nan|inf|finite", re.I)
# numpy functions that answer about types and shapes, not values
NUMPY_META_FUNCS = frozenset({"dtype", "issubdtype", "iinfo", "finfo", "result_type", "promote_types",
                              "can_cast", "ndim", "shape", "isscalar", "iscomplexobj", "isrealobj"})
NDARRAY_META_ATTRS = frozenset({"shape", "ndim", "size", "dtype", "itemsize", "nbytes", "strides"})
# numpy functions that reduce a sequence: `np.prod(self.input_dim)` of a value of unknown kind reduces a
# tuple or list (of one number it would be pointless), and numpy on a sequence is traced (measured on 2.13:
# `x.reshape(-1, np.prod(dims))` breaks with GB0033, `int(np.ceil(h / 2))` does not)
NUMPY_SEQUENCE_REDUCTIONS = frozenset({"prod", "sum", "mean", "max", "min", "amax", "amin", "cumsum", "cumprod",
                                       "median", "average"})
# Unannotated parameters with these names are almost never tensors.
NON_TENSOR_PARAM = re.compile(
    r"^(dim|dims|axis|eps|epsilon|training|inplace|mode|reduction|config|cfg|kwargs|args|name|device|dtype|"
    r"shape|size|sizes|fn|func|callback|layer_idx|layer_id|idx_layer|verbose|debug|strict|i|j|"
    r"(num|n|use|return|output|is|has|do|enable|apply|with|should|max|min)_.*|"
    r"n(samples|steps|iters?|heads|layers|points|classes|channels|bins|features|chunks|blocks)|"
    r".*_(size|dim|dims|name|fn|func|config|cfg|mode|type|flag|kwargs|len|length|num|count|dtype|device|"
    r"shape|rate|prob|eps|id))$")
# multi-backend libraries (POT, array-API code) fetch the backend of their inputs: not a tensor
# a helper named for a count of dimensions or a shape (pydens's `get_num_dims(x)`, `get_output_shape(x)`,
# torchbiggraph's `match_shape(t, -1)`):
# Python ints, whatever tensor it is asked about
SHAPE_QUERY_NAME = re.compile(r"^_?(get_|compute_|calc_)?(num|n)_(dims?|dimensions|channels|axes|spatial_dims)$"
                              r"|^_?(get|compute|calc|infer|match)_(\w*_)?(shape|dims?|ndims?|rank)$")
# the array API's names for torch's functions (`xp.unique_values(x)` is `torch.unique(x)` under array_api_compat)
ARRAY_API_TO_TORCH = {"unique_values": "unique", "unique_counts": "unique", "unique_inverse": "unique",
                      "unique_all": "unique", "concat": "cat", "permute_dims": "permute"}


def namespace_function(name: str) -> str:
    """torch's function that an array namespace's `name` runs under compile (`unique_values` → `torch.unique`)."""
    return f"torch.{ARRAY_API_TO_TORCH.get(name, name)}"


# a parameter holding the array namespace: `xp` by the array API's convention, `nx` (POT), or annotated so
NAMESPACE_PARAM = re.compile(r"^(xp|nx)$")
BACKEND_GETTER = re.compile(r"^_?(get_)?(backend|array_namespace|namespace|array_api|xp|nx)$")
# functions (of a tensor backend: tensorly, einops, array-api shims) named after a shape query
SHAPE_QUERY_FUNCS = frozenset({"ndim", "shape", "size", "numel", "dim", "get_shape", "ndimension", "nelement",
                               "dtype", "device", "get_device", "is_tensor", "is_floating_point", "is_complex"})
BUILTIN_META = {"len", "isinstance", "hasattr", "callable", "type", "id", "issubclass", "getattr"}
# Attributes and methods that only tensors (and numpy arrays) have: a parameter used with one is a tensor.
# Names Python's own types share (split, sort, index, count, copy, ...) are left out on purpose.
TENSOR_EVIDENCE = {
    "shape", "dtype", "device", "ndim", "T", "mT", "size", "dim", "view", "reshape", "sum", "mean", "max", "min",
    "any", "all", "unsqueeze", "squeeze", "transpose", "permute", "to", "float", "long", "bool", "half", "item",
    "tolist", "numel", "masked_fill", "masked_fill_", "contiguous", "clone", "detach", "cpu", "cuda", "numpy",
    "softmax", "log_softmax", "exp", "log", "abs", "argmax", "argmin", "flatten", "expand", "repeat", "chunk",
    "unbind", "gather", "scatter", "scatter_add", "index_select", "nonzero", "matmul", "norm", "pow", "sqrt",
    "clamp", "clamp_min", "clamp_max", "type_as", "new_zeros", "new_ones", "new_empty", "new_full", "new_tensor",
    "view_as", "expand_as", "reshape_as", "fill_", "zero_", "mul", "sub", "div", "eq", "ne", "gt", "lt", "ge", "le",
    "isnan", "isinf", "unique", "cumsum", "cumprod", "prod", "std", "var", "topk", "argsort", "flip", "roll",
    "narrow", "masked_select", "bmm", "mm", "relu", "sigmoid", "tanh", "floor", "ceil", "sign", "requires_grad",
    "grad", "is_cuda", "stride", "data_ptr", "unfold", "add_", "mul_", "copy_", "masked_scatter", "logsumexp",
    "nan_to_num", "bincount", "repeat_interleave", "tril", "triu", "diagonal", "diag", "t", "mT", "sub_", "div_",
    "clamp_", "float_power", "square", "rsqrt", "reciprocal", "neg", "logical_not", "logical_and", "logical_or",
    "isfinite", "amax", "amin", "round", "trunc", "frac", "lerp", "where", "movedim", "swapaxes", "index_add",
    "index_fill", "index_put", "scatter_", "scatter_reduce", "baddbmm", "addmm", "outer", "dot", "cross", "det",
}
# torch functions whose arguments are sizes or Python data, not tensors
TORCH_FACTORIES = {f"torch.{f}" for f in (
    "arange", "zeros", "ones", "empty", "full", "rand", "randn", "randint", "linspace", "logspace", "eye",
    "randperm", "tensor", "as_tensor", "scalar_tensor", "finfo", "iinfo", "device", "Size", "manual_seed",
    "fft.fftfreq", "fft.rfftfreq", "triu_indices", "tril_indices", "empty_strided", "hann_window",
    "hamming_window", "blackman_window", "bartlett_window", "kaiser_window")}
# reductions that, called without a dim, leave a 0-d tensor
FULL_REDUCTIONS = {"sum", "mean", "max", "min", "argmax", "argmin", "prod", "norm", "std", "var", "median",
                   "amax", "amin", "any", "all", "nansum", "nanmean", "count_nonzero"}
# ops that keep a 0-d tensor 0-d (`idx.sub(1).clamp(0, n)`, `torch.clip(i - 1, 0, n)`, `i.long()`)
ELEMENTWISE_KEEPING_SHAPE = {"add", "sub", "mul", "div", "clamp", "clip", "abs", "neg", "round", "floor", "ceil",
                             "remainder", "fmod", "detach", "clone", "long", "int", "float", "double", "to",
                             "contiguous"}
# a sorted-grid lookup of one value is one index (`i = torch.searchsorted(ts, t)` for a 0-d `t`)
_LOOKUP_QUERY_ARG = {"searchsorted": 1, "bucketize": 0}
_NDARRAY_ANNOTATION = re.compile(r"(Optional\[)?(np|numpy)\.ndarray\]?(\s*\|\s*None)?")
# jaxtyping's scalar shape: `Float[torch.Tensor, ""]`
_SCALAR_TENSOR_ANNOTATION = re.compile(r"\[\s*(torch\.)?Tensor\s*,\s*(\"\"|'')\s*\]")
# Names of helpers that answer a yes/no question: their result is a Python bool, not a tensor.
PREDICATE_NAME = re.compile(r"^_*(exists|is_.*|has_.*|should_.*|can_.*|check_.*|divisible_by|.*_exists|"
                            r"is(sparse|scalar|complex|real|nan|inf|finite|close|empty|tensor|array|numeric|dtype))$")
# Tensor methods whose arguments are tensors too (`x.masked_fill(mask, 0)`, `x.gather(1, index)`).
TENSOR_ARG_METHODS = {
    "masked_fill", "masked_fill_", "gather", "scatter", "scatter_", "scatter_add", "scatter_add_", "index_select",
    "repeat_interleave", "masked_select", "masked_scatter", "expand_as", "view_as", "type_as", "reshape_as",
    "matmul", "mul", "add", "sub", "div", "eq", "ne", "gt", "lt", "ge", "le", "bmm", "mm", "dot", "lerp",
    "maximum", "minimum", "index_add", "index_add_", "index_put", "index_put_", "index_fill", "copy_", "where",
}
# Which positional arguments of those methods are surely tensors (absent: all of them).
TENSOR_ARG_POSITIONS = {
    "gather": (1,), "scatter": (1,), "scatter_": (1,), "scatter_add": (1, 2), "scatter_add_": (1, 2),
    "index_select": (1,), "index_add": (1, 2), "index_add_": (1, 2), "index_fill": (1,), "index_put": (),
    "index_put_": (), "masked_fill": (0,), "masked_fill_": (0,), "masked_scatter": (0, 1), "where": (0,),
    "lerp": (0,),
    # arithmetic and comparisons take Python numbers as often as tensors (`x.mul(0.5)`, `d.add_(wd, p)`)
    "mul": (), "add": (), "sub": (), "div": (), "eq": (), "ne": (), "gt": (), "lt": (), "ge": (), "le": (),
}
# torch functions whose arguments are shapes, dtypes, devices or seeds: passing a name to one says it is no tensor
_TAKES_NO_TENSOR = frozenset({"torch.broadcast_shapes", "torch.Size", "torch.device", "torch.dtype", "torch.finfo",
                              "torch.iinfo", "torch.promote_types", "torch.can_cast", "torch.manual_seed"})
# a part of an unpacked call result named as a size or shape (`x, size = embed(x)`)
_SIZE_NAME = re.compile(r"^(size|sizes|shape|shapes|hw|dims|.+_(size|sizes|shape|shapes|hw|dims))$")
# Parameter names that hold tensors in PyTorch code far more often than not.
TENSOR_PARAM_NAMES = {
    "x", "y", "z", "h", "input", "inputs", "hidden", "hidden_states", "logits", "preds", "target", "targets",
    "img", "image", "images", "feats", "features", "q", "k", "v", "query", "key", "value", "emb", "embeddings",
    "attn", "scores", "probs", "labels", "mask", "attention_mask", "weights", "tensor", "t", "out", "output",
    "outputs", "src", "tgt", "memory", "residual", "states", "latents", "pixel_values", "input_ids", "tokens",
    "points", "boxes", "grad", "loss", "pred", "xs", "ys", "batch_x",
}


# Keyword arguments that take Python ints: a parameter passed as one is a number (`torch.topk(X, k=k)`).
INT_KEYWORDS = frozenset({"k", "dim", "num_classes", "kernel_size", "stride", "padding", "groups", "chunks",
                          "diagonal", "offset", "num_samples"})


# Methods of `str` that tensors lack: `key.endswith("_id")` says `key` is a string (transformers' `__getattr__`).
STR_ONLY_METHODS = frozenset({"startswith", "endswith", "removesuffix", "removeprefix", "lower", "upper",
                              "strip", "lstrip", "rstrip", "format", "encode", "isdigit", "isidentifier"})

# builtins called inside a constructor's arguments (`ConstantSchedule(float(v))`): not what is built
_BUILTIN_CALLS = frozenset(dir(builtins))

# methods that keep a boolean tensor boolean; called on a comparison, they show it was element-wise
_BOOL_KEEPING_METHODS = frozenset({"view", "reshape", "flatten", "squeeze", "unsqueeze", "expand", "expand_as",
                                   "permute", "transpose", "contiguous", "cpu", "cuda", "detach", "clone"})


@dataclass(frozen=True)
class BodyEvidence:
    """How a function body uses plain names, read in one pass (what `seed_function` weighs)."""

    tensors: frozenset[str]  # `p.shape`, `p.sum()`, `torch.f(p)`, `self.layer(p)`, `a @ p`
    # handed to `self.helper(a, flag)` (maybe a method of a base class): weaker than `self.layer(p)`,
    # since an optional `flag=None` handed on is usually an option
    passed_on: frozenset[str]
    numbers: frozenset[str]  # Python ints or strings: `f(..., k=p)` for an int keyword, `range(p)`, `p.endswith()`
    # parameter → "tensor" / "number" from the docstring (`keys_length: 1D tensor, [B]`)
    documented: Mapping[str, str] = field(default_factory=dict)
    # searched like a dict or a list: `k in p`, `p.get(k)`, `p.items()` (pytorch-adapt's hooks take `inputs`
    # and `outputs` dicts); a name like `inputs` is then no guess of a tensor
    containers: frozenset[str] = frozenset()
    # consumed one end at a time while not empty: `while order.numel() > 0: i = order[0]; ...; order = order[1:]`
    # (greedy NMS); bound to sort indices, such a name is 1-d (`_sort_indices`)
    worklists: frozenset[str] = frozenset()


class _EvidenceCollector(cst.CSTVisitor):
    def __init__(self, imports: ImportTable, submodules: frozenset | set | None) -> None:
        self.imports = imports
        self.submodules = submodules  # the class's module attributes, when known
        self.tensors: set[str] = set()
        self.passed_on: set[str] = set()
        self.numbers: set[str] = set()
        self.containers: set[str] = set()
        self.worklists: set[str] = set()

    def visit_While(self, node: cst.While) -> None:
        name = _emptiness_test(node.test)
        if name is not None and _takes_an_end(node.body, name) and any(
                isinstance(t, cst.Name) and t.value == name for t in binding_targets(node.body)):
            self.worklists.add(name)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        self.containers.update(c.comparator.value for c in node.comparisons
                               if isinstance(c.operator, (cst.In, cst.NotIn)) and isinstance(c.comparator, cst.Name))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if isinstance(node.value, cst.Name) and node.attr.value in TENSOR_EVIDENCE:
            self.tensors.add(node.value.value)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, cst.MatrixMultiply):
            self.tensors.update(side.value for side in (node.left, node.right) if isinstance(side, cst.Name))

    def visit_Call(self, node: cst.Call) -> None:
        self._number_uses(node)
        self._tensor_uses(node)
        if _tests_for_container(node):
            # `feats[i].shape if isinstance(feats, list) else int(feats[i][0])` (ultralytics' `make_anchors`): the
            # function takes a list as well, so a name like `feats` is no guess of a tensor
            self.containers.add(node.args[0].value.value)

    def _number_uses(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _DICT_METHODS and isinstance(func.value, cst.Name):
            self.containers.add(func.value.value)
        if isinstance(func, cst.Attribute) and func.attr.value in STR_ONLY_METHODS and isinstance(func.value, cst.Name):
            self.numbers.add(func.value.value)
        self.numbers.update(a.value.value for a in node.args if a.keyword is not None
                            and a.keyword.value in INT_KEYWORDS and isinstance(a.value, cst.Name))
        if isinstance(func, cst.Name) and func.value == "range":
            self.numbers.update(a.value.value for a in node.args if isinstance(a.value, cst.Name))
        if self.imports.resolve(func) in _SIZE_FACTORIES:
            # `torch.zeros(N, dtype=q.dtype)`: written as a size, like `range(N)` (torchnep's atom count); a tensor
            # there would break (GL503), and callers that pass one still say so (ArgumentKinds)
            self.numbers.update(a.value.value for a in node.args
                                if a.keyword is None and a.star == "" and isinstance(a.value, cst.Name))
        if isinstance(func, cst.Name) and func.value in ("min", "max") and len(node.args) >= 2 \
                and all(a.keyword is None and a.star == "" for a in node.args):
            # `cutoff = min(valid_max_cutoff, k)`: Python's own min/max of several values compares them with
            # `<`, which a tensor of more than one element cannot answer: counts (ptranking's `k=None`)
            self.numbers.update(a.value.value for a in node.args if isinstance(a.value, cst.Name))

    def _tensor_uses(self, node: cst.Call) -> None:
        func = node.func
        qual = self.imports.resolve(func) or ""
        by_self = isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"
        if by_self and self.submodules is not None and func.attr.value not in self.submodules:
            self.passed_on.update(a.value.value for a in node.args if isinstance(a.value, cst.Name))
            return
        # not `torch.broadcast_shapes(batch_shape, ...)` or `torch.Size(...)`: they take shapes (gpytorch)
        by_torch = qual.startswith("torch.") and not qual.startswith(TORCH_NON_TENSOR_PREFIXES) \
            and qual not in _TAKES_NO_TENSOR and not _layer_constructor(qual)
        by_method = (isinstance(func, cst.Attribute) and func.attr.value in TENSOR_ARG_METHODS
                     and isinstance(func.value, cst.Name))
        positional = [a.value for a in node.args if a.keyword is None and a.star == ""]
        if by_method and func.attr.value == "repeat_interleave":
            # the repeats are an int as often as a tensor: weak evidence, for a parameter only (a local
            # `n_tiling = n_query_heads // n_key_value_heads` is a count: curated-transformers)
            repeats = positional[1:2] if qual == "torch.repeat_interleave" else positional[:1]
            self.passed_on.update(n.value for n in repeats if isinstance(n, cst.Name))
            return
        if by_method:
            # `x.gather(dim, index)`, `x.masked_fill(mask, value)`, `x.mul(0.5)`: only some are tensors
            wanted = TENSOR_ARG_POSITIONS.get(func.attr.value)
            names = positional if wanted is None else [positional[i] for i in wanted if i < len(positional)]
        elif by_self:
            names = positional
        elif qual in _SEQUENCE_TAKING:
            # `torch.cat(tensors, dim)`: a list or tuple of tensors, whose `if not tensors:` is a Python test (pina's
            # `LabelTensor.cat`, held-out set 49)
            self.containers.update(n.value for n in positional[:1] if isinstance(n, cst.Name))
            return
        elif (by_torch and qual not in TORCH_FACTORIES) or qual.startswith("einops."):
            names = positional[:1]  # torch.clamp(x, lo): only x is surely a tensor
        else:
            names = []
        self.tensors.update(n.value for n in names if isinstance(n, cst.Name))


# torch functions whose first argument is a sequence of tensors
_SEQUENCE_TAKING = frozenset(f"torch.{f}" for f in (
    "cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack", "column_stack", "row_stack",
    "nn.utils.rnn.pad_sequence", "nn.utils.rnn.pack_sequence"))


_DICT_METHODS = frozenset({"get", "keys", "items", "values", "setdefault"})  # no tensor has them
_CONTAINER_TYPES = frozenset({"list", "tuple", "dict", "Sequence", "Mapping", "abc.Sequence", "abc.Mapping",
                              "collections.abc.Sequence", "collections.abc.Mapping", "typing.Sequence"})


def _tests_for_container(call: cst.Call) -> bool:
    """`isinstance(p, list)`, `isinstance(p, (list, tuple))`: a test of a plain name for a container type."""
    if not (isinstance(call.func, cst.Name) and call.func.value == "isinstance" and len(call.args) == 2
            and isinstance(call.args[0].value, cst.Name)):
        return False
    types = call.args[1].value
    options = [e.value for e in types.elements] if isinstance(types, cst.Tuple) else [types]
    return any(dotted(t) in _CONTAINER_TYPES for t in options)


# factories whose positional arguments are all sizes
_SIZE_FACTORIES = frozenset(f"torch.{f}" for f in ("zeros", "ones", "empty", "rand", "randn", "eye", "randperm"))


def _layer_constructor(qual: str) -> bool:
    """`nn.Conv2d(h, h, 1)`, `nn.Linear(d, n)`: a layer takes sizes, so its arguments are no evidence of a
    tensor (fightingcv's `EMSA(d_model, d_k, d_v, h)`); `nn.Parameter(t)` and `nn.Buffer(t)` do take one."""
    module, _, name = qual.rpartition(".")
    return module.startswith("torch.nn") and name[:1].isupper() and name not in ("Parameter", "Buffer")


def body_evidence(fn: cst.FunctionDef, imports: ImportTable,
                  submodules: frozenset | set | None = None) -> BodyEvidence:
    collector = _EvidenceCollector(imports, submodules)
    walk(fn.body, collector)
    return BodyEvidence(frozenset(collector.tensors), frozenset(collector.passed_on), frozenset(collector.numbers),
                        documented_types(fn), frozenset(collector.containers), frozenset(collector.worklists))


_SIZE_METHODS = frozenset({"numel", "nelement", "size"})


def _emptiness_test(test: cst.BaseExpression) -> str | None:
    """The name a loop test asks to be non-empty: `x.numel() > 0`, `x.size > 0` (NumPy), `len(x)`, `x.shape[0] != 0`."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if not (isinstance(target.operator, (cst.GreaterThan, cst.NotEqual)) and isinstance(target.comparator, cst.Integer)
                and target.comparator.value == "0"):
            return None
        test = test.left
    if isinstance(test, cst.Subscript) and isinstance(test.value, cst.Attribute) and test.value.attr.value == "shape":
        test = test.value  # `x.shape[0]`
    elif isinstance(test, cst.Call):
        if isinstance(test.func, cst.Name) and test.func.value == "len" and len(test.args) == 1:
            test = test.args[0].value
            return test.value if isinstance(test, cst.Name) else None
        if not (isinstance(test.func, cst.Attribute) and test.func.attr.value in _SIZE_METHODS):
            return None
        test = test.func  # `x.numel()`, `x.size(0)`
    elif not (isinstance(test, cst.Attribute) and test.attr.value == "size"):
        return None
    return test.value.value if isinstance(test, cst.Attribute) and isinstance(test.value, cst.Name) else None


def _takes_an_end(body: cst.CSTNode, name: str) -> bool:
    """`name[0]` or `name[-1]` somewhere in the body."""
    return any(isinstance(s.value, cst.Name) and s.value.value == name and len(s.slice) == 1
               and isinstance(s.slice[0].slice, cst.Index) and _is_end(s.slice[0].slice.value)
               for s in nodes_of(body, cst.Subscript))


def _is_end(index: cst.BaseExpression) -> bool:
    return isinstance(index, cst.Integer) and index.value == "0" or _is_minus_one(index)


def _sort_indices(value: cst.BaseExpression, resolve) -> bool:
    """Sort indices: `s.argsort(...)`, `torch.argsort(s)`, `np.argsort(s)`, `s.sort(...)[1]`, `torch.sort(s).indices`:
    the worklist a greedy NMS consumes, best score first."""
    picked = False  # the indices out of `sort`'s (values, indices)
    if isinstance(value, cst.Subscript):
        if not (len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index)
                and isinstance(value.slice[0].slice.value, cst.Integer) and value.slice[0].slice.value.value == "1"):
            return False
        value, picked = value.value, True
    elif isinstance(value, cst.Attribute) and value.attr.value == "indices":
        value, picked = value.value, True
    if not isinstance(value, cst.Call):
        return False
    qual = resolve(value.func)
    last = qual.rsplit(".", 1)[-1] if qual else value.func.attr.value if isinstance(value.func, cst.Attribute) else None
    return last == "sort" if picked else last == "argsort"


def join(a: str | None, b: str | None) -> str | None:
    if a == b:
        return a
    for k in (BOOL_TENSOR, TENSOR, TENSOR_SEQ, NDARRAY, SCALAR):
        if k in (a, b):
            return TENSOR if k == BOOL_TENSOR else k
    return a or b


def tensor_test_name(test: cst.BaseExpression) -> str | None:
    """The name `isinstance(name, torch.Tensor)` / `torch.is_tensor(name)` (alone or left of `and`) proves
    a tensor when true."""
    left = test.left if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) else test
    if not (isinstance(left, cst.Call) and left.args and isinstance(left.args[0].value, cst.Name)):
        return None
    func = cst.Module([]).code_for_node(left.func)
    if func == "isinstance" and len(left.args) == 2:
        kinds = left.args[1].value
        if isinstance(kinds, cst.Attribute | cst.Name) and cst.Module([]).code_for_node(kinds) in (
                "torch.Tensor", "Tensor"):
            return left.args[0].value.value
        return None
    if func in ("torch.is_tensor", "is_tensor") and len(left.args) == 1:
        return left.args[0].value.value
    return None


def is_tensor(kind: str | None) -> bool:
    return kind in TENSOR_KINDS


_TUPLE_OF_TENSORS = re.compile(r"^(typing\.)?(Tuple|tuple|List|list)\[\s*(torch\.)?Tensor\s*(,\s*(torch\.)?Tensor\s*)*"
                               r"(,\s*\.\.\.)?\]$")


def annotation_kind(text: str | None) -> str | None:
    """What a return annotation says a call yields: `-> int` is no tensor, whatever its arguments were."""
    if not text:
        return None
    text = text.strip().strip("'\"")
    if _TUPLE_OF_TENSORS.match(text):
        return TENSOR_SEQ
    if re.fullmatch(r"(Optional\[)?(torch\.)?(Bool)?Tensor\]?( \| None)?", text):
        return BOOL_TENSOR if "BoolTensor" in text else TENSOR
    if "Tensor" in text:
        return None  # a union or a container with tensors inside: do not guess
    if PY_NON_TENSOR_ANNOTATIONS.match(text) or text in ("None", "NoReturn"):
        return CONST
    return None


_CONTAINER_ANNOTATION = re.compile(r"^(typing\.)?(list|List|tuple|Tuple|Sequence|Iterable|dict|Dict|Mapping)\[")
_NON_TENSOR_ALTERNATIVE = re.compile(r"^(Union\[|Optional\[Union\[)?.*\b(int|float|bool|complex|Number|str)\b"
                                     r"(?!\])|\b(int|float|bool|complex|Number)\s*\|")


class FileContext:
    """What inference needs to know about the file: imports, classes, same-file functions, loggers."""

    def __init__(self, imports: ImportTable, classes: dict[str, ClassInfo],
                 functions: dict[str, cst.FunctionDef], loggers: set[str], torch_file: bool,
                 module_ctors: dict[str, str] | None = None,
                 external_return: Callable[[str], str | None] | None = None,
                 external_parts: Callable[[str], tuple[bool, ...] | None] | None = None,
                 inherited_method: Callable[[str, str], bool] | None = None,
                 inherited_attribute: Callable[[str, str], str | None] | None = None,
                 defined_in_project: Callable[[str], bool] | None = None,
                 external_passthrough: Callable[[str], tuple[tuple[str, ...], frozenset[str]] | None] | None = None,
                 library_bases: Callable[[str], frozenset[str]] | None = None,
                 imported_logger: Callable[[str], bool] | None = None) -> None:
        # imported_logger(qualified name): a module-level logger of another linted file (`from .utils import logger`)
        self.imported_logger = imported_logger or (lambda qual: False)
        # external_return: the return annotation of a function elsewhere in the project, by qualified name
        self.external_return = external_return or (lambda qual: None)
        # external_parts: for a function elsewhere that returns a tuple, which parts are always literals
        self.external_parts = external_parts or (lambda qual: None)
        # defined_in_project(qualified name): a function or class of the linted files (Python source)
        self.defined_in_project = defined_in_project or (lambda qual: False)
        # external_passthrough: for a module function elsewhere that only returns its own parameters, (its
        # positional parameters, the ones it returns)
        self.external_passthrough = external_passthrough or (lambda qual: None)
        # inherited_method(class, name): a base class in another linted file defines method `name`
        self.inherited_method = inherited_method or (lambda cls, name: False)
        # inherited_attribute(class, attr): the kind a base class's `__init__` gives `self.<attr>` (TENSOR, NDARRAY)
        self.inherited_attribute = inherited_attribute or (lambda cls, attr: None)
        # library_bases(class): the bases from outside the linted files of the class and of its project bases
        # (pytorch_tabular's `MDNModel(BaseModel)`, `BaseModel(pl.LightningModule)` → the LightningModule)
        self.library_bases = library_bases or (lambda cls: frozenset())
        self.imports = imports
        self.classes = classes
        self.functions = functions
        self.loggers = loggers
        self.torch_file = torch_file
        self.module_ctors = module_ctors or {}
        self._returns: dict[str, str | None] = {}
        self._return_parts: dict[str, tuple[str | None, ...] | None] = {}
        self._in_progress: set[str] = set()
        self._attr_kinds: dict[str, dict[str, str | None]] = {}
        self._number_too: dict[str, frozenset[str]] = {}  # class → attributes bound to a plain Python value
        self._evidence: dict[int, BodyEvidence] = {}
        self._passthrough: dict[str, frozenset[str] | None] = {}

    def evidence(self, fn: cst.FunctionDef, cls: ClassInfo | None) -> BodyEvidence:
        """How `fn`'s body uses names (none outside torch code), read once per function: it is seeded
        again for every return kind and attribute pass that needs it."""
        if id(fn) not in self._evidence:
            # outside torch code only what the docstring declares counts (rectorch's metrics module imports
            # numpy alone, and documents `pred_scores : numpy.array`)
            self._evidence[id(fn)] = (
                body_evidence(fn, self.imports, cls.module_attrs if cls is not None else None) if self.torch_file
                else BodyEvidence(frozenset(), frozenset(), frozenset(), documented_types(fn)))
        return self._evidence[id(fn)]

    def attribute_kinds(self, class_name: str) -> dict[str, str | None]:
        """Tensor-valued `self.<attr>` of a class, from what its methods assign to them.

        `self.step_t = step_t` in one method with `step_t` a tensor there makes `self.step_t` a tensor
        in the others. Only tensor kinds are kept (an attribute bound to a tensor on one path may
        hold one); computed once per class, cycle-safe.
        """
        if class_name in self._attr_kinds:
            return self._attr_kinds[class_name]
        self._attr_kinds[class_name] = {}  # while computing: unknown
        prefix = class_name + "."
        methods = [node for key, node in self.functions.items()
                   if key.startswith(prefix) and "." not in key[len(prefix):]]
        kinds: dict[str, str | None] = {}
        for _ in range(2):  # a second pass sees attributes built from other attributes (`self.m = self.w > 0`)
            found: dict[str, str | None] = {}
            mixed: set[str] = set()  # attributes also bound to something that is not a Python list
            numbers: set[str] = set()  # attributes also bound to a plain Python value
            for node in methods:
                env = TensorEnv(self, class_name)
                env.seed_function(node)
                guessed = {p.name.value for p in (*node.params.posonly_params, *node.params.params,
                                                  *node.params.kwonly_params) if p.annotation is None}
                walk(node.body, _SelfAssignmentCollector(env, found, guessed, mixed, numbers))
            # numpy values too: Dynamo lifts a module's numpy attribute into the graph as a tensor
            # (`self.hop = np.prod(rates)`, then `if self.hop > 1` or `int(self.hop)` breaks: measured on 2.13)
            # and Python lists every assignment binds (`self.keys: List[Tensor] = []`, appended to elsewhere): a
            # tensor used to index one reads its value (torchhd's `self.keys[index]`)
            kinds = {attr: kind for attr, kind in found.items()
                     if is_tensor(kind) or kind in (TENSOR_SEQ, NDARRAY) or kind == PY_SEQ and attr not in mixed}
            self._number_too[class_name] = frozenset(numbers)
            if kinds == self._attr_kinds[class_name]:
                break
            self._attr_kinds[class_name] = kinds
        return kinds

    def tensor_or_number(self, class_name: str, attr: str) -> bool:
        """Is `self.<attr>`, when a tensor, a Python number on another path? MagNetConv sets `self.q = Parameter(...)`
        when `trainable_q` and `self.q = q` (`q: float`) otherwise, and reads it back as
        `q.detach().item() if isinstance(q, torch.Tensor) else q`."""
        self.attribute_kinds(class_name)
        return attr in self._number_too.get(class_name, ())

    def passed_through(self, key: str, call: cst.Call) -> list[cst.BaseExpression] | None:
        """The arguments of `call` that a pass-through helper may return, or None for other functions.

        A pass-through helper returns only its own parameters (`def default(v, d): return v if
        exists(v) else d`): its result has the kind of what the caller passed, not of the parameters'
        guessed kinds (ring-attention's `self.auto_shard_seq = default(auto_shard_seq, ring_attn)` is
        a bool).
        """
        node = self.functions.get(key)
        if node is None or node.returns is not None:  # a declared return type says more
            return None
        if key not in self._passthrough:
            self._passthrough[key] = returned_parameters(node)
        returned = self._passthrough[key]
        if returned is None:
            return None
        return [arg for name, arg in _bind_arguments(node, call).items() if name in returned]

    def return_kind(self, key: str, class_name: str | None) -> str | None:
        """Kind of what a same-file function returns (tensor if any return is a tensor)."""
        if key in self._returns:
            return self._returns[key]
        if key in self._in_progress or key not in self.functions:
            return None
        node = self.functions[key]
        written = written_return(node)
        declared = annotation_kind(written) if written is not None else None
        if declared is not None and (is_tensor(declared) or not _all_annotated(node, class_name)):
            self._returns[key] = declared
            return declared
        self._in_progress.add(key)
        env = TensorEnv(self, class_name)
        env.seed_function(node)
        collector = _ReturnCollector(env)
        walk(node.body, collector)
        self._in_progress.discard(key)
        if declared is not None and not is_tensor(collector.kind):
            self._returns[key] = declared
            return declared
        # `def index(self, key: VSATensor) -> int:` returning `torch.max(sim, 0)`'s index (torchhd): with every
        # parameter annotated the body's tensor is no guess, and Dynamo sees a tensor whatever the annotation says
        self._returns[key] = collector.kind
        self._return_parts[key] = collector.parts
        return collector.kind

    def return_parts(self, key: str, class_name: str | None) -> tuple[str | None, ...] | None:
        """The kind of each part of what a same-file function returns, when every `return` gives a tuple of
        the same length (`return lam, use_cutmix`): unpacking the call binds each name to its own part."""
        self.return_kind(key, class_name)
        return self._return_parts.get(key)


def _all_annotated(fn: cst.FunctionDef, class_name: str | None) -> bool:
    """Every parameter annotated, `self` / `cls` of a method aside."""
    params = parameters(fn)
    if class_name is not None and params and params[0].name.value in ("self", "cls"):
        params = params[1:]
    return all(p.annotation is not None for p in params)


def _bind_arguments(fn: cst.FunctionDef, call: cst.Call) -> dict[str, cst.BaseExpression]:
    """Parameter name → argument expression, for plain positional and keyword arguments."""
    positional = [p.name.value for p in (*fn.params.posonly_params, *fn.params.params)]
    bound: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            continue
        if arg.keyword is not None:
            bound[arg.keyword.value] = arg.value
        elif i < len(positional):
            bound[positional[i]] = arg.value
    return bound


def join_all(kinds) -> str | None:
    """`join` over any number of kinds (None for none)."""
    found = list(kinds)
    result = found[0] if found else None
    for kind in found[1:]:
        result = join(result, kind)
    return result


_NOT_A_VALUE = re.compile(r"\b(type|Type|Callable|typing\.Type|typing\.Callable)\[")


def _without_types_and_callables(text: str) -> str:
    """`type[NdarrayTensor] | None` → `| None`: a class or a function is no tensor, whatever it makes."""
    while (match := _NOT_A_VALUE.search(text)) is not None:
        depth, end = 0, len(text)
        for i in range(match.end() - 1, len(text)):
            depth += {"[": 1, "]": -1}.get(text[i], 0)
            if depth == 0:
                end = i + 1
                break
        text = text[:match.start()] + "type" + text[end:]
    return text


def _plain_default(source: str | None) -> bool:
    """An `__init__` default (source text) that is a number, a string or a bool; not None: the attribute may get
    a tensor later."""
    try:
        value = ast.literal_eval(source) if source else None
    except (ValueError, SyntaxError):
        return False
    return isinstance(value, (bool, int, float, str))

# `args: argparse.Namespace` holds options, not an array module (and so does any `SimpleNamespace`)
_OPTION_NAMESPACES = frozenset({"argparse.Namespace"})


def _annotation_text(param: cst.Param) -> str | None:
    return None if param.annotation is None else _text_of_annotation(param.annotation.annotation)


@functools.lru_cache(maxsize=4096)  # by node identity: each parameter is asked about several times
def _text_of_annotation(annotation: cst.BaseExpression) -> str:
    if not annotation.lpar:
        name = dotted(annotation)  # `torch.Tensor`, `int`: most annotations, without generating code for them
        if name is not None:
            return name
    return _without_types_and_callables(cst.Module([]).code_for_node(annotation))


_WRAPPER_GENERICS = re.compile(r"^(typing\.)?(Optional|Union|Annotated|Final|ClassVar)\[")
# jaxtyping's `Float[Tensor, "b n"]` is a tensor with a documented dtype and shape
_JAXTYPING_DTYPE = re.compile(r"^(\w+\.)?(Float|Int|Bool|Shaped|Num|Real|Inexact|Integer|UInt|Complex|Key)\d*$")


def _generic_over_tensor(ann: str) -> bool:
    """`Backend[Tensor]`, `Optional[Operator[torch.Tensor]]`: a generic type whose parameter is a tensor
    type, not a tensor itself (hessian-eigenthings' `backend: LinAlgBackend[torch.Tensor] | None`)."""
    text = ann.strip()
    while _WRAPPER_GENERICS.match(text) and text.endswith("]"):
        text = text[text.index("[") + 1:-1].strip()
    alternatives = [a.strip() for a in re.split(r"\|(?![^\[]*\])|,(?![^\[]*\])", text) if a.strip() != "None"]
    heads = [a.split("[", 1)[0] for a in alternatives if "[" in a]
    return len(heads) == len(alternatives) > 0 and all(
        "Tensor" in a and "Tensor" not in head and not _JAXTYPING_DTYPE.match(head)
        for a, head in zip(alternatives, heads))


def _opaque(value: cst.BaseExpression) -> bool:
    """A value whose kind only its later use can tell: an attribute or item of another object, a call,
    or arithmetic on one (`res = sum(cache) / float(len(cache))`)."""
    if isinstance(value, cst.Attribute) and value.attr.value in META_ATTRS:
        return False  # `dtype = x.dtype`: a dtype, whatever the body does with the name elsewhere
    if isinstance(value, cst.BinaryOperation):
        return _opaque(value.left) or _opaque(value.right)
    return isinstance(value, (cst.Attribute, cst.Subscript, cst.Call, cst.Name))


def _backend_registry(node: cst.BaseExpression) -> bool:
    """`backends` / `scoringrules.backend.backends`: a registry of a multi-backend library's array modules."""
    return (dotted(node) or "").rsplit(".", 1)[-1] == "backends"


def _union_of_non_tensors(ann: str) -> bool:
    """`Union[float, type]` (a `Callable[[float], float]` reads as `type`), `float | None`."""
    match = re.fullmatch(r"(?:typing\.)?(?:Union|Optional)\[([^\[\]]*)\]", ann)
    members = match.group(1).split(",") if match else ann.split("|") if "|" in ann else []
    return bool(members) and all(PY_NON_TENSOR_ANNOTATIONS.match(m.strip()) for m in members)


def _mark(names: set[str], name: str, holds: bool) -> None:
    """Record whether a freshly bound name has a property (a rebinding clears it)."""
    if holds:
        names.add(name)
    else:
        names.discard(name)


_NUMBER_ANNOTATION = re.compile(r"(Optional\[)?(int|float|bool|numbers\.Number|Number)\]?( \| None)?")


_KEYED_METHODS = frozenset({"__getitem__", "__setitem__", "__delitem__", "__contains__"})


def _as_tuple(call: cst.Call) -> bool:
    """`nonzero(as_tuple=True)`: a tuple of index tensors, one per dimension."""
    return any(a.keyword is not None and a.keyword.value == "as_tuple" and isinstance(a.value, cst.Name)
               and a.value.value == "True" for a in call.args)


def _index_tuple_function(qual: str | None, call: cst.Call) -> bool:
    """`torch.where(mask)` with one argument or `torch.nonzero(x, as_tuple=True)`: one 1-d index tensor per dimension."""
    return qual == "torch.where" and len(call.args) == 1 or qual == "torch.nonzero" and _as_tuple(call)


def _is_call_of(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == name


class TensorEnv:
    """Name → kind inside one function, plus `kind_of(expr)`."""

    def __init__(self, ctx: FileContext, class_name: str | None) -> None:
        self.ctx = ctx
        self.cls = ctx.classes.get(class_name) if class_name else None
        self.names: dict[str, str | None] = {}
        self.zero_d: set[str] = set()  # names bound to 0-d tensors (`i = x.argmax()`, `s = t.sum() > 0`)
        # parameters taken for tensors from their use or name alone (no annotation, docstring or caller says so)
        self.guessed_params: set[str] = set()
        # names bound to an elementwise comparison of values of unknown kind (`is_diag = row == col`): a mask, if
        # they are tensors (GL501 reads one used as an index as a mask)
        self.compared: set[str] = set()
        # local names bound to an imported name: `lib = torch if is_tensor(x) else np`, `act = F.relu`
        self.aliases: dict[str, str] = {}
        self.numpy_scalars: set[str] = set()  # names bound to numpy math on Python numbers
        # names the body uses as tensors (`t.dtype`, `torch.minimum(t, u)`): a local bound to a value
        # of unknown kind (`t = problem.t_start`) is a tensor when the body says so
        self.used_as_tensor: set[str] = set()
        self.worklists: frozenset[str] = frozenset()  # names a `while` loop consumes one end at a time (BodyEvidence)
        self.loaders: set[str] = set()  # names bound to a `DataLoader(...)` here, or parameters annotated so
        self.one_d: set[str] = set()  # names bound to `torch.randperm(n)`: 1-d, so one element of it is 0-d

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """Qualified name through imports and local aliases (`lib.any` → `torch.any`)."""
        qual = self.ctx.imports.resolve(node)
        if qual is not None:
            return qual
        head, _, rest = (dotted(node) or "").partition(".")
        if head == "self" and self.cls is not None:  # `self.module.allclose` with `self.module = torch`
            attr, _, member = rest.partition(".")
            module = self.cls.module_aliases.get(attr)
            if module is not None:
                return f"{module}.{member}" if member else module
        full = self.aliases.get(head)
        return None if full is None else f"{full}.{rest}" if rest else full

    def _alias_of(self, value: cst.BaseExpression) -> str | None:
        if isinstance(value, cst.IfExp):
            both = [self._alias_of(value.body), self._alias_of(value.orelse)]
            # traced code gets tensors: the torch side is the one Dynamo sees
            return next((q for q in both if q and q.startswith("torch")), None)
        return self.resolve(value) if isinstance(value, (cst.Name, cst.Attribute)) else None

    # ---- seeding ----
    def seed_function(self, fn: cst.FunctionDef, from_callers: dict[str, str | None] | None = None) -> dict[str, str | None]:
        """Parameters: tensors when annotated so, used as tensors in the body, or named like one.
        from_callers: the kind every traced call site passes (this file's call sites first); it sets an
        unannotated parameter, and a tensor overrules a number annotation (`scale: float` handed a tensor).

        Returns the parameters that from_callers would set and does not name, with the kind each got without
        it: a caller's kind changes the function's start only where it differs (the engine's second round)."""
        from_callers = from_callers or {}
        unseeded: dict[str, str | None] = {}
        params = fn.params
        uses = self.ctx.evidence(fn, self.cls)
        self.used_as_tensor = set(uses.tensors)
        self.worklists = uses.worklists
        evidence = set(uses.tensors)
        ordered = with_comment_annotations(
            fn, [*params.posonly_params, *params.params, *params.kwonly_params], method=self.cls is not None)
        constructor = self.cls is not None and fn.name.value == "__init__"
        # `__getitem__(self, key)`: an index or a lookup key, whatever it is named (transformer-lens' ActivationCache)
        keyed = self.cls is not None and fn.name.value in _KEYED_METHODS
        for i, p in enumerate(ordered):
            name = p.name.value
            if i == 0 and self.cls is not None and name in ("self", "cls"):
                self.names[name] = SELF
                continue
            kind = self._param_kind(p) if self.ctx.torch_file else None
            if NAMESPACE_PARAM.match(name) or self._namespace_annotation(p):
                # `xp: ArrayNamespace` (array-api-extra): torch's functions when the arrays are tensors, also in a
                # file that never imports torch
                self.names[name] = BACKEND
                continue
            optional = isinstance(p.default, cst.Name) and p.default.value == "None"
            if not optional and name in uses.passed_on:
                evidence.add(name)
            if p.annotation is None and name in uses.documented:
                # the docstring's type (`keys_length: 1D tensor, [B]`) is as good as an annotation
                kind = {"tensor": TENSOR, "bool_tensor": BOOL_TENSOR, "ndarray": NDARRAY}.get(uses.documented[name], CONST)
            elif kind == TENSOR and p.annotation is None and (
                    name in uses.numbers or name not in evidence and (
                        name not in TENSOR_PARAM_NAMES or constructor or keyed or name in uses.containers)):
                # no sign that it holds a tensor, or used as an int (`topk(x, k=k)`): do not guess; a
                # constructor's `h` is a number of heads (fightingcv's `EMSA(d_model, d_k, d_v, h)`), not a state
                kind = None
            if kind == TENSOR and uses.documented.get(name) == "bool_tensor":
                kind = BOOL_TENSOR  # `event: torch.Tensor` documented `event (torch.Tensor, bool)`: a mask (torchsurv)
            number_annotation = p.annotation is not None and _NUMBER_ANNOTATION.fullmatch(_annotation_text(p) or "")
            if (p.annotation is None or number_annotation) and name not in from_callers:
                unseeded[name] = kind
            if p.annotation is None and from_callers.get(name) is not None:
                kind = from_callers[name]  # what the callers actually pass beats a guess from the name
            elif number_annotation and is_tensor(from_callers.get(name)):
                # `batch_start_idx: int` handed `index_batch[0]`, a 0-d tensor, by every traced caller, in this
                # file (cebra) or another (`wavelength: float` handed a tensor): Dynamo sees what is passed
                kind = from_callers[name]
            self.names[name] = kind
            if kind == TENSOR and p.annotation is None and name not in uses.documented \
                    and from_callers.get(name) is None:
                self.guessed_params.add(name)
            if p.annotation is not None and self._annotated_loader(p.annotation.annotation):
                self.loaders.add(name)
            if _SCALAR_TENSOR_ANNOTATION.search(_annotation_text(p) or ""):
                self.zero_d.add(name)  # jaxtyping's `Float[Tensor, ""]`: a 0-d tensor when it is one
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                self.names[star.name.value] = None
        return unseeded

    def _namespace_annotation(self, p: cst.Param) -> bool:
        """`xp: ArrayNamespace` (array-api-extra): an array module; argparse's and types' namespaces are not."""
        text = _annotation_text(p) or ""
        if not text.endswith("Namespace"):
            return False
        head, _, rest = text.partition(".")
        qualified = self.ctx.imports.names.get(head, head) + (f".{rest}" if rest else "")
        return qualified not in _OPTION_NAMESPACES and not text.endswith("SimpleNamespace")

    def _param_kind(self, p: cst.Param) -> str | None:
        ann = _annotation_text(p)
        if ann is not None:
            if _CONTAINER_ANNOTATION.match(ann):
                # `list[torch.Tensor]`, `Sequence[Tensor]`: a container, truthy by length, never a tensor
                return TENSOR_SEQ if "Tensor" in ann and not ann.startswith(("dict", "Dict", "Mapping")) else PY_SEQ
            if "Tensor" in ann and _NON_TENSOR_ALTERNATIVE.search(ann):
                return None  # `Union[int, Tensor]`, `float | Tensor`: could be either
            if _generic_over_tensor(ann):
                return None  # `LinAlgBackend[torch.Tensor] | None`: an object parameterised by tensors
            if "Tensor" in ann:
                return BOOL_TENSOR if "Bool" in ann else TENSOR
            if ann in ("torch.Generator", "Generator") and p.default is None:
                return GENERATOR
            if _NDARRAY_ANNOTATION.fullmatch(ann):
                return NDARRAY  # an array handed to compiled code is traced like a tensor (ART's `x: np.ndarray`)
            return CONST if PY_NON_TENSOR_ANNOTATIONS.match(ann) or _union_of_non_tensors(ann) else None
        if p.default is not None and not (isinstance(p.default, cst.Name) and p.default.value == "None"):
            return CONST
        if NON_TENSOR_PARAM.match(p.name.value):
            return None  # probably not a tensor; unknown rather than a known non-tensor
        return TENSOR

    def _tensor_or_number_attribute(self, value: cst.BaseExpression | None) -> bool:
        return (isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and value.value.value == "self"
                and self.cls is not None and self.ctx.tensor_or_number(self.cls.name, value.attr.value))

    # ---- binding ----
    def bind(self, target: cst.BaseExpression, kind: str | None, value: cst.BaseExpression | None = None) -> None:
        if isinstance(target, cst.Name):
            name = target.value
            self.guessed_params.discard(name)
            if kind is None and name in self.used_as_tensor and value is not None and _opaque(value):
                kind = TENSOR
            self.names[name] = kind
            if is_tensor(kind) and self._tensor_or_number_attribute(value):
                self.guessed_params.add(name)  # `q = self.q`, a Parameter or a float: a tensor only maybe
            _mark(self.loaders, name, isinstance(value, cst.Call) and self.resolve(value.func) in DATALOADER_CLASSES)
            _mark(self.one_d, name, value is not None and (
                is_tensor(kind) and self.is_one_d(value)
                or name in self.worklists and kind in (TENSOR, NDARRAY) and _sort_indices(value, self.resolve)))
            _mark(self.numpy_scalars, name, value is not None and self.is_numpy_on_scalars(value))
            _mark(self.zero_d, name, value is not None and (is_tensor(kind) or kind == NDARRAY) and self.is_zero_d(value))
            _mark(self.compared, name, value is not None and (
                kind in (None, NDARRAY) and self.is_unknown_comparison(value)
                # `rand_mask = np.random.rand(n) < eps` with `eps: float`: an array compared with a number is a
                # boolean array all the same (tianshou's DQN exploration, held-out set 49)
                or kind == NDARRAY and elementwise_comparison(value)))
            alias = self._alias_of(value) if value is not None else None
            if alias is not None:
                self.aliases[name] = alias
            else:
                self.aliases.pop(name, None)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elems = [e.value for e in target.elements]
            if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(elems):
                for t, v in zip(elems, value.elements):
                    self.bind(t, self.kind_of(v.value), v.value)
                return
            parts = self._returned_parts(value) if isinstance(value, cst.Call) else None
            if parts is not None and len(parts) == len(elems) \
                    and not any(isinstance(e, cst.StarredElement) for e in target.elements):
                for t, part in zip(elems, parts):
                    self.bind(t, part)
                return
            inner = self.element_kind(kind)
            for t in elems:
                target_node = t.value if isinstance(t, cst.StarredElement) else t
                guessed_size = (is_tensor(inner) and isinstance(value, cst.Call) and isinstance(target_node, cst.Name)
                                and _SIZE_NAME.match(target_node.value) and not self._project_call(value))
                # `x, size = embed(x)`: timm's Twins patch embedding returns `(x, (H, W))`; an opaque call's tensor
                # result is a guess, and a part named as a size is not taken for a tensor on that guess (a project
                # function's returns are read instead: plenoptic's `kernel_size, std, n = _validate_filter_args(...)`)
                self.bind(target_node, None if guessed_size else inner)

    def is_unknown_comparison(self, expr: cst.BaseExpression) -> bool:
        """An elementwise comparison of values none of which is known to be a Python value (`row == col`,
        `x > 0`), its `~`, or an `&` / `|` with one: a boolean mask if the values are tensors. Not `is` / `in`
        tests, nor a comparison with a string or `None`."""
        if isinstance(expr, cst.Name):
            return expr.value in self.compared
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.BitInvert):
            return self.is_unknown_comparison(expr.expression)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.BitAnd, cst.BitOr)):
            return self.is_unknown_comparison(expr.left) or self.is_unknown_comparison(expr.right)
        if not elementwise_comparison(expr):
            return False
        operands = [expr.left, *(c.comparator for c in expr.comparisons)]
        if any(isinstance(o, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
               or (isinstance(o, cst.Name) and o.value == "None") for o in operands):
            return False
        kinds = [self.kind_of(o) for o in operands]
        return all(k in (None, NDARRAY) or isinstance(o, (cst.Integer, cst.Float)) for o, k in zip(operands, kinds)) \
            and not all(isinstance(o, (cst.Integer, cst.Float)) for o in operands)

    def _returned_parts(self, call: cst.Call) -> tuple[str | None, ...] | None:
        """Each part's kind of a project function's tuple result: `lam, mask = self._params(n)` in this file,
        `did_pad, image = pad_tensor(image, req)` from another (its literal parts only)."""
        func = call.func
        if isinstance(func, cst.Name) and func.value in self.ctx.functions and func.value not in self.names \
                and self.ctx.passed_through(func.value, call) is None:
            return self.ctx.return_parts(func.value, None)
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self":
            owner = self._method_owner(func.attr.value)
            return self.ctx.return_parts(f"{owner.name}.{func.attr.value}", owner.name) if owner else None
        qual = self.resolve(func)
        literal = self.ctx.external_parts(qual) if qual else None
        if literal is None:
            return None
        # a function of another linted file: its literal parts are constants, the rest what the call gives
        rest = self.kind_of(call)
        return tuple(CONST if constant else rest for constant in literal)

    def _method_owner(self, method: str):
        """The class of this file, this one or a base, that defines `method` (None if none here does)."""
        for cls in self._class_chain():
            if method in cls.methods:
                return cls
            if method in cls.module_attrs or self.ctx.inherited_method(cls.name, method):
                return None
        return None

    def _class_chain(self):
        """`self`'s class, then its first base defined in this file, and so on (each class once)."""
        cls, seen = self.cls, set()
        while cls is not None and cls.name not in seen:
            seen.add(cls.name)
            yield cls
            local_bases = [self.ctx.classes[b] for b in cls.bases if b in self.ctx.classes]
            cls = local_bases[0] if local_bases else None

    def _project_call(self, call: cst.Call) -> bool:
        """Does the call run a function of the linted files, whose returns the analysis reads?"""
        func = call.func
        if isinstance(func, cst.Name) and func.value in self.ctx.functions:
            return True
        if (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self"
                and self.cls is not None and func.attr.value in self.cls.methods):
            return True
        qualified = self.resolve(func)
        return qualified is not None and self.ctx.defined_in_project(qualified)

    def bind_loop_target(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
        """`for a, b in zip(xs, ys)`, `for i, x in enumerate(xs)`, `for x in xs`."""
        if (isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name)
                and isinstance(target, (cst.Tuple, cst.List)) and iterable.func.value not in self.names):
            elems = [e.value for e in target.elements]
            args = [a.value for a in iterable.args if a.keyword is None]
            if iterable.func.value == "zip" and len(elems) == len(args):
                for t, a in zip(elems, args):
                    self.bind(t, self.element_kind(self.kind_of(a)))
                return
            if iterable.func.value == "enumerate" and len(elems) == 2 and args:
                self.bind(elems[0], META)
                self.bind(elems[1], self.element_kind(self.kind_of(args[0])))
                return
        if self._unpacks_records(target, iterable):
            self.bind(target, None)
            return
        if self.iterates_loader(iterable):
            # a DataLoader's batches are collated tensors (cebra's `index_batch`, `for x, y in loader`)
            if _is_call_of(iterable, "enumerate") and isinstance(target, (cst.Tuple, cst.List)) \
                    and len(target.elements) == 2:
                self.bind(target.elements[0].value, META)
                self.bind(target.elements[1].value, TENSOR)
            else:
                self.bind(target, TENSOR)
            return
        if _is_call_of(iterable, "range") and "range" not in self.names and isinstance(target, cst.Name):
            # Python ints, even over `range(x.shape[1])` (instanseg's `for mask_channel in range(...)`)
            self.bind(target, META)
            return
        self.bind(target, self.element_kind(self.kind_of(iterable)))
        if isinstance(target, cst.Name) and is_tensor(self.names.get(target.value)) and self.is_one_d(iterable):
            # the items of a 1-d tensor are 0-d: `for c in target.view(-1): counts[c] += 1` reads each one's value
            # (baal's Accuracy, `[table[i] for i in ids.flatten()]`; measured on 2.13, fixtures/cases/tensor_scalars.py)
            self.zero_d.add(target.value)

    def _annotated_loader(self, annotation: cst.BaseExpression) -> bool:
        """`loader: DataLoader`, `Optional[DataLoader]`, `DataLoader | None`; not a union with other types
        (torchmanager's `dataset: DataLoader | Dataset | ...` is often its own iterable)."""
        if isinstance(annotation, cst.Subscript) and dotted(annotation.value) in ("Optional", "typing.Optional"):
            inner = annotation.slice[0].slice if len(annotation.slice) == 1 else None
            return isinstance(inner, cst.Index) and self._annotated_loader(inner.value)
        if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
            sides = [annotation.left, annotation.right]
            rest = [side for side in sides if not (isinstance(side, cst.Name) and side.value == "None")]
            return len(rest) == 1 and self._annotated_loader(rest[0])
        return self.resolve(annotation) in DATALOADER_CLASSES

    def iterates_loader(self, iterable: cst.BaseExpression) -> bool:
        """Is `iterable` a torch DataLoader (or `enumerate` of one): a `DataLoader(...)` call, a name bound to one,
        or a value of unknown kind named like one (`train_loader`)?"""
        if _is_call_of(iterable, "enumerate") and iterable.args:
            iterable = iterable.args[0].value
        if dotted(iterable) in self.loaders:
            return True
        return (isinstance(iterable, cst.Call) or self.kind_of(iterable) is None) and looks_like_loader(iterable,
                                                                                                      self.resolve)

    def _unpacks_records(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> bool:
        """`for (rank, _), ((kv, mask), bufs) in ring_pass_fn(kv, mask)`: nested unpacking of what a
        callable of unknown origin yields reads records (a generator's tuples), not rows of a tensor;
        the call's tensor kind was only a guess from its tensor arguments."""
        return (isinstance(target, (cst.Tuple, cst.List))
                and any(isinstance(e.value, (cst.Tuple, cst.List)) for e in target.elements)
                and isinstance(iterable, cst.Call) and self.resolve(iterable.func) is None)

    def is_numpy_on_scalars(self, node: cst.BaseExpression) -> bool:
        """numpy math on Python numbers only (`np.ceil(h / 7)`): `int()` of it is fine under Dynamo,
        unlike numpy on a sequence (`int(np.prod(x.shape))`: GB0033); both break in a branch."""
        if isinstance(node, cst.Name):
            return node.value in self.numpy_scalars
        if isinstance(node, cst.UnaryOperation):
            return self.is_numpy_on_scalars(node.expression)  # `-np.log(n)` (torch-yin's FFT size)
        if isinstance(node, (cst.BinaryOperation, cst.IfExp)):
            # `np.sqrt(var) if var > 0 else 0` on Python floats (deepinv's AverageMeter)
            sides = (node.left, node.right) if isinstance(node, cst.BinaryOperation) else (node.body, node.orelse)
            return any(self.is_numpy_on_scalars(p) for p in sides) and \
                all(self.is_numpy_on_scalars(p) or self._is_python_number(p) for p in sides)
        qual = self.resolve(node.func) if isinstance(node, cst.Call) else None
        if not qual or not qual.startswith("numpy.") or qual.startswith("numpy.random."):
            return False  # a random draw is data, not numpy folding Python numbers (`np.random.rand(1).item()`)
        if qual.rsplit(".", 1)[-1] in NUMPY_SEQUENCE_REDUCTIONS:
            return all(self.is_numpy_on_scalars(a.value) or self.kind_of(a.value) == CONST
                       for a in node.args if a.keyword is None)
        return all(self.is_numpy_on_scalars(a.value) or self._is_python_number(a.value) for a in node.args)

    def _is_python_number(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, (cst.Tuple, cst.List, cst.ListComp, cst.GeneratorExp, cst.Set)):
            return False
        if isinstance(node, cst.Attribute) and node.attr.value == "shape":
            return False  # a torch.Size / shape tuple
        if isinstance(node, cst.Subscript) and any(isinstance(e.slice, cst.Slice) for e in node.slice):
            return False  # `x.shape[1:]`
        if isinstance(node, cst.BinaryOperation):
            return self._is_python_number(node.left) and self._is_python_number(node.right)
        # SCALAR: a number already pulled out of a tensor (`n = int(np.prod(x.shape[1:]))`, then
        # `np.ceil(n * gamma / 2)`: torchattacks' JSMA), a Python number after that break
        return self.kind_of(node) in (CONST, META, SCALAR, None)

    def is_one_d(self, node: cst.BaseExpression) -> bool:
        """A 1-d tensor: `torch.randperm(n)`, `torch.arange(n)`, `x.view(-1)`, `x.reshape(-1)`, `x.flatten()`.
        One element of it, taken with a Python int or by iterating it, is a 0-d tensor."""
        if isinstance(node, cst.Name):
            return node.value in self.one_d
        if isinstance(node, cst.Subscript):
            # `torch.where(mask)[0]`, `x.nonzero(as_tuple=True)[1]`: one 1-d index tensor per dimension
            return self._int_item(node) and self._index_tuple(node.value)
        if not isinstance(node, cst.Call):
            return False
        func, args = node.func, node.args
        if isinstance(func, cst.Attribute) and is_tensor(self.kind_of(func.value)):
            method = func.attr.value
            if method in ("flatten", "ravel"):
                return not args
            return method in ("view", "reshape") and len(args) == 1 and _is_minus_one(args[0].value)
        qual = self.resolve(func)
        if qual in ("torch.randperm", "torch.arange"):
            return True
        if qual in ("torch.tensor", "torch.as_tensor") and args and isinstance(args[0].value, (cst.List, cst.Tuple)):
            # `torch.tensor([tpr], dtype=...)`: a flat literal of numbers
            return all(isinstance(e, cst.Element) and not isinstance(e.value, (cst.List, cst.Tuple, cst.ListComp))
                       for e in args[0].value.elements) and bool(args[0].value.elements)
        last = (qual or "").rsplit(".", 1)[-1]
        if qual and qual.startswith("torch.") and last in _LOOKUP_QUERY_ARG:
            # searchsorted / bucketize answer in the shape of their queries (pytorch-ood's `_fpr_at_tpr`)
            query = _LOOKUP_QUERY_ARG[last]
            return len(args) > query and self.is_one_d(args[query].value)
        return qual == "torch.flatten" and len(args) == 1

    def _int_item(self, node: cst.Subscript) -> bool:
        """`v[i]` with one Python int index (`v[0]`, `v[k]`): one item, not a slice or a tensor index."""
        return (len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index)
                and self.kind_of(node.slice[0].slice.value) in (META, CONST))

    def _index_tuple(self, node: cst.BaseExpression) -> bool:
        """`torch.where(mask)` with one argument, `torch.nonzero(x, as_tuple=True)`, `x.nonzero(as_tuple=True)`."""
        if not isinstance(node, cst.Call):
            return False
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "nonzero" \
                and is_tensor(self.kind_of(node.func.value)):
            return _as_tuple(node)
        return _index_tuple_function(self.resolve(node.func), node)

    def is_zero_d(self, node: cst.BaseExpression) -> bool:
        """A 0-d tensor: a full reduction (`x.sum()`, `torch.argmax(x)`), or arithmetic on one.

        Indexing with one reads its value (`x[x.argmax()]`, `x[m] = 0` with a 0-d mask): GB0033.
        """
        if isinstance(node, cst.Name):
            return node.value in self.zero_d
        if isinstance(node, (cst.BinaryOperation, cst.Comparison)):
            parts = [node.left, node.right] if isinstance(node, cst.BinaryOperation) else \
                [node.left] + [c.comparator for c in node.comparisons]
            tensors = [p for p in parts if is_tensor(self.kind_of(p))]
            return bool(tensors) and all(self.is_zero_d(p) for p in tensors)
        if isinstance(node, cst.UnaryOperation):
            return self.is_zero_d(node.expression)
        if isinstance(node, cst.Subscript):
            # `index[i]` of a permutation (`index = torch.randperm(n)`) with a Python int: one element (mixup); or of
            # `torch.where(mask)[0]` (torch-uncertainty's `cutoff = torch.where(recall >= level)[0][0]`)
            return self._int_item(node) and (isinstance(node.value, cst.Name) and node.value.value in self.one_d
                                             or isinstance(node.value, cst.Subscript) and self.is_one_d(node.value))
        if not isinstance(node, cst.Call) or node.args and any(
                a.keyword is not None and a.keyword.value in ("dim", "axis") for a in node.args):
            return False
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in FULL_REDUCTIONS and is_tensor(self.kind_of(func.value)):
            return not node.args
        qual = self.resolve(func)
        if qual is None:
            return (isinstance(func, cst.Attribute) and func.attr.value in ELEMENTWISE_KEEPING_SHAPE
                    and self.is_zero_d(func.value))
        last = qual.rsplit(".", 1)[-1]
        if qual in PY_RANDOM_TRACED:
            return True
        if qual.startswith("numpy.") and len(node.args) == 1 and last in FULL_REDUCTIONS:
            # `np.argmax(out.cpu().data.numpy())`: Dynamo traces the array as a tensor, so this is a 0-d tensor
            # too (pytorch-grad-cam's `output[0, target_category]` reads it, GB0033; held-out set 35)
            array = node.args[0].value
            return self.kind_of(array) == NDARRAY and not self.is_numpy_on_scalars(array)
        if not qual.startswith("torch.") or not node.args:
            return False
        if last in _LOOKUP_QUERY_ARG:
            query = _LOOKUP_QUERY_ARG[last]
            return len(node.args) > query and self.is_zero_d(node.args[query].value)
        if last in ELEMENTWISE_KEEPING_SHAPE:
            return self.is_zero_d(node.args[0].value)
        return last in FULL_REDUCTIONS and len(node.args) == 1 and is_tensor(self.kind_of(node.args[0].value))

    @staticmethod
    def element_kind(kind: str | None) -> str | None:
        """Kind of what iterating / unpacking a value of this kind yields."""
        if kind in (TENSOR, TENSOR_SEQ):
            return TENSOR
        if kind == BOOL_TENSOR:
            return BOOL_TENSOR
        if kind in (META, NDARRAY, SCALAR):
            return kind
        return None

    # ---- the inference ----
    def kind_of(self, node: cst.BaseExpression) -> str | None:  # noqa: C901 — one dispatch table
        if isinstance(node, cst.Name):
            if node.value in self.names:
                return self.names[node.value]
            if node.value in ("True", "False", "None"):
                return CONST
            if node.value in self.ctx.loggers:
                return LOGGER
            imported = self.ctx.imports.names.get(node.value)
            if imported is not None and self.ctx.imported_logger(imported):
                return LOGGER
            if self.ctx.module_ctors.get(node.value) == "torch.Generator":
                return GENERATOR  # a module-level `G = torch.Generator().manual_seed(0)`
            return None
        if isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString,
                             cst.ConcatenatedString, cst.FormattedString)):
            return CONST
        if isinstance(node, cst.Attribute):
            return self._attribute_kind(node)
        if isinstance(node, cst.Subscript):
            if _backend_registry(node.value):
                return BACKEND  # `B = backends[backend]`: one array backend of a multi-backend library
            base = self.kind_of(node.value)
            if base in (TENSOR, BOOL_TENSOR, NDARRAY):
                return base
            if base == TENSOR_SEQ:
                return TENSOR if all(isinstance(e.slice, cst.Index) for e in node.slice) else TENSOR_SEQ
            if base == META:
                return META
            return None
        if isinstance(node, cst.Call):
            return self._call_kind(node)
        if isinstance(node, cst.BinaryOperation):
            left, right = self.kind_of(node.left), self.kind_of(node.right)
            if is_tensor(left) or is_tensor(right):
                both_bool = BOOL_TENSOR in (left, right) and {left, right} <= {BOOL_TENSOR, CONST}
                bitwise = isinstance(node.operator, (cst.BitAnd, cst.BitOr, cst.BitXor))
                # bool × bool stays bool in torch: `(lower <= q) * (q < upper)` is a one-hot mask (gluonts)
                product = isinstance(node.operator, cst.Multiply) and left == right == BOOL_TENSOR
                return BOOL_TENSOR if (bitwise and both_bool) or product else TENSOR
            if NDARRAY in (left, right):
                return NDARRAY
            if (isinstance(node.operator, (cst.BitAnd, cst.BitOr)) and self.ctx.torch_file
                    and isinstance(node.left, cst.Comparison) and isinstance(node.right, cst.Comparison)
                    and left is None and right is None):
                return BOOL_TENSOR  # `(t0 <= t) & (t <= t1)`: element-wise, so tensors (torchdiffeq)
            if SCALAR in (left, right):
                return SCALAR
            if {left, right} <= {META, CONST}:
                # `x.shape[0] * 2` is metadata; `sum(losses) / len(losses)` is whatever the sum is
                return CONST if left == right == CONST else META
            return None
        if isinstance(node, cst.Comparison):
            if any(isinstance(e, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
                   for e in [node.left] + [c.comparator for c in node.comparisons]):
                return META  # `key != "attribute_map"`: whatever `key` is, it is no tensor here
            if any(isinstance(e, cst.Name) and e.value == "None"
                   for e in [node.left] + [c.comparator for c in node.comparisons]):
                return META  # `t == None` is False, a Python bool: Tensor.__eq__(None) is NotImplemented
            kinds = [self.kind_of(node.left)] + [self.kind_of(c.comparator) for c in node.comparisons]
            identity = all(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in node.comparisons)
            if identity:
                # `labels[0] in [0, 1]`: a list compares item by item, so Dynamo gets a data-dependent bool
                # (measured on 2.13: an `if` on it breaks); a dict or set hashes, and a tensor hashes by identity
                if len(node.comparisons) == 1 and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn)) \
                        and is_tensor(kinds[0]) and _compared_sequence(node.comparisons[0].comparator):
                    return BOOL_TENSOR
                return META
            if any(is_tensor(k) for k in kinds):
                return BOOL_TENSOR
            if NDARRAY in kinds:
                return NDARRAY
            if SCALAR in kinds:
                return SCALAR
            # `x.shape[0] == n` is metadata; `t1 == c` with `c` a loop counter is whatever `t1` is (torchnep's
            # `_m = (t1 == c) & (t2 == d)` over atom types, then `if not _m.any()`)
            return META if META in kinds and None not in kinds else None
        if isinstance(node, cst.UnaryOperation):
            inner = self.kind_of(node.expression)
            if isinstance(node.operator, cst.Not):
                return SCALAR if is_tensor(inner) else (META if inner == META else None)
            return inner
        if isinstance(node, cst.BooleanOperation):
            return join(self.kind_of(node.left), self.kind_of(node.right))
        if isinstance(node, cst.IfExp):
            live = value_under_compile(node.test, self.ctx.imports)
            if live is not None:  # `x.to(torch.int64) if torch.jit.is_tracing() else int(x)`: Dynamo takes one side
                return self.kind_of(node.body if live else node.orelse)
            orelse = self.kind_of(node.orelse)
            if isinstance(node.orelse, cst.Name) and tensor_test_name(node.test) == node.orelse.value \
                    and not isinstance(node.test, cst.BooleanOperation):
                orelse = CONST  # `x.item() if isinstance(x, Tensor) else x`: x is no tensor there
            return join(self.kind_of(node.body), orelse)
        if isinstance(node, (cst.Tuple, cst.List)):
            kinds = {self.kind_of(e.value) for e in node.elements if isinstance(e, cst.Element)}
            if kinds and kinds <= set(TENSOR_KINDS):
                return TENSOR_SEQ
            return PY_SEQ
        if isinstance(node, (cst.Dict, cst.ListComp, cst.DictComp, cst.SetComp, cst.Set)):
            return PY_SEQ
        return None

    def _attribute_kind(self, node: cst.Attribute) -> str | None:
        attr = node.attr.value
        if attr in ("active", "current") and _backend_registry(node.value):
            return BACKEND  # `B = backends.active` (scoringrules): torch's functions under compile
        if attr == "saved_tensors":
            return TENSOR_SEQ  # `x, dim = ctx.saved_tensors` in an autograd.Function's backward
        base = self.kind_of(node.value)
        if is_tensor(base):
            if attr in META_ATTRS:
                return META
            if attr in TENSOR_ATTRS:
                return TENSOR
            return None
        if base == SELF:
            if attr == "training":
                return META
            if self.cls is not None:
                if attr in self.cls.tensor_attrs:
                    return TENSOR
                if attr in self.cls.module_attrs:
                    return MODULE
                if attr in self.cls.ndarray_attrs:
                    return NDARRAY
                kind = self.ctx.attribute_kinds(self.cls.name).get(attr) or self.ctx.inherited_attribute(
                    self.cls.name, attr)
                if kind is not None:
                    return kind
                if _plain_default(self.cls.init_defaults.get(attr)):
                    # `self.nb_sample = nb_sample` with `nb_sample=128` in `__init__`: a setting, so passing it
                    # on does not make a callee's unannotated parameter a guessed tensor (torchattacks' SPSA)
                    return CONST
            if attr in ("logger", "_logger", "log"):
                return LOGGER
            return None
        if base == MODULE:
            return TENSOR if attr in ("weight", "bias") else None
        if base == NDARRAY:
            return META if attr in NDARRAY_META_ATTRS else NDARRAY if attr in ("T", "real", "imag") else None
        if base == META:
            return META
        qual = self.resolve(node)
        if qual and qual.startswith("torch.") and qual.split(".")[-1] in (
                "float32", "float16", "bfloat16", "float64", "int64", "int32", "bool", "long", "float", "half"):
            return META
        if base is None and qual is None and attr in ("shape", "ndim"):
            return META  # `emb.shape[-1]` of a value of unknown kind: a size, whatever holds it
        return None

    def _call_kind(self, node: cst.Call) -> str | None:  # noqa: C901
        func = node.func
        arg_kinds = [self.kind_of(a.value) for a in node.args]
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            recv = self.kind_of(func.value)
            if is_tensor(recv) or recv == TENSOR_SEQ and method in ("index_select",):
                if method in META_METHODS:
                    return META
                if method == "item":
                    return SCALAR
                if method == "tolist":
                    return SCALAR
                if method == "numpy":
                    return NDARRAY
                if method in SEQ_METHODS:
                    # `regime_0, regime_1 = masks.unbind(-1)`: pieces of a boolean mask are masks (quatorch)
                    return BOOL_TENSOR if recv == BOOL_TENSOR else TENSOR_SEQ
                if method in ("equal", "allclose", "is_nonzero"):
                    return SCALAR
                if method == "nonzero" and _as_tuple(node):
                    return TENSOR_SEQ  # one index tensor per dimension, not a mask (ultralytics' `fg_mask`)
                if method in ("max", "min", "median", "mode", "sort", "topk", "kthvalue") and (
                        method in ("sort", "topk", "kthvalue") or self._has_dim_method(node)):
                    return TENSOR_SEQ
                if method in BOOL_METHODS or (recv == BOOL_TENSOR and method in (
                        "to", "cpu", "cuda", "clone", "detach", "contiguous", "view", "reshape",
                        "unsqueeze", "squeeze", "flatten", "expand", "expand_as", "permute", "transpose")):
                    return BOOL_TENSOR
                if method in ("type",) and not node.args:
                    return CONST
                # `x.from_inverse()` on a tensor subclass (flowtorch's BijectiveTensor): not torch's method,
                # so nothing is known about its result
                return TENSOR if method in TENSOR_METHODS else None
            if recv == NDARRAY:
                if method in ("numel", "dim", "size") and not node.args:
                    # `cost_matrix.numel() == 0` with `cost_matrix: np.ndarray` handed a tensor (fast-bss-eval):
                    # metadata, whichever it is (an array's `.size` is an attribute, never called)
                    return META
                return SCALAR if method in SCALAR_METHODS else NDARRAY
            if recv == GENERATOR:
                return GENERATOR if method == "manual_seed" else None
            if recv == BACKEND:
                # `nx.any(t == 0)`, `nx.dot(K, u)`: the backend's functions mirror torch's on tensors
                if PREDICATE_NAME.match(method) and not VALUE_PREDICATE.search(method):
                    return META  # `nx.issparse(M)`: a question about the type
                return self._qualified_call_kind(namespace_function(method), node, arg_kinds) \
                    if any(is_tensor(k) or k is None for k in arg_kinds) else None
            if recv == SELF:
                return self._self_call_kind(method, arg_kinds)
            if recv == MODULE:
                return None  # `self.layer.reset()`: a method of the module, not a call of it
            if recv == META:
                return META
            if recv is None and self.ctx.torch_file and self.resolve(func) is None:
                if method in ("any", "all") and (not node.args or isinstance(func.value, cst.Comparison)
                                                 or any(a.keyword is not None and a.keyword.value == "dim"
                                                        for a in node.args)):
                    # `(a[i] != b[i]).any()`, `(radii > 0.0).all(dim=-1)` (gsplat): only tensors (and arrays)
                    # have .any()/.all(), and only tensors take `dim=`
                    return BOOL_TENSOR
                if isinstance(func.value, cst.Comparison) and method in _BOOL_KEEPING_METHODS:
                    return BOOL_TENSOR  # `(store[inds] == 1).reshape(-1)`: no Python bool has .reshape (trak)
                if method in ("max", "min") and not node.args and isinstance(
                        func.value, (cst.Subscript, cst.Call, cst.Name)):
                    # `trace[-1].max()`, `param_tensor.min()`: no Python number, list or str has a no-argument
                    # .max() (an option like `self.ratio.min()` is left alone: kornia checks
                    # isinstance(self.ratio, Tensor))
                    return TENSOR
                if method == "bool" and not node.args:
                    return BOOL_TENSOR  # `region(x).bool()`: no number, array or module has .bool() (boltzmann)
                if method in TENSOR_ONLY_METHODS:
                    return TENSOR  # `d.dot(Bd)`, `r.sqrt()`: no Python number, list or str has these
        qual = self.resolve(func)
        if qual is not None:
            return self._qualified_call_kind(qual, node, arg_kinds)
        if isinstance(func, cst.Name):
            name = func.value
            kind = self.names.get(name, "<unbound>")
            if kind == MODULE:
                return TENSOR
            if name == "closure" and kind != "<unbound>" and not node.args:
                return TENSOR  # `loss = closure()` in an optimizer's step: the closure returns the loss
            if kind in (CONST, META):
                return None  # `div_free(t)` with `div_free: Union[float, Callable[[float], float]]`
            if kind != "<unbound>":
                return TENSOR if any(is_tensor(k) for k in arg_kinds) else None
            if is_logger_factory(name):
                return LOGGER  # the project's own `get_logger()` (betty), like `logging.getLogger`
            if name in self.ctx.functions:
                passed = self.ctx.passed_through(name, node)
                if passed is not None:  # `default(v, d)`: whatever the caller passed in
                    return join_all(self.kind_of(arg) for arg in passed)
                return self.ctx.return_kind(name, None)
            if name == "getattr" and (self._is_buffer_lookup(node) or len(arg_kinds) == 3 and is_tensor(arg_kinds[2])):
                return TENSOR  # a buffer, or `getattr(self, "grad_scale", Tensor([1.0]))` with a tensor default
            return self._builtin_kind(name, arg_kinds)
        if isinstance(func, cst.Subscript) and self.kind_of(func.value) == MODULE:
            return TENSOR  # self.layers[i](x)
        return None

    def _is_buffer_lookup(self, node: cst.Call) -> bool:
        """`getattr(self, "running_mean")` of a registered buffer, or `getattr(self, f"indices_{s}")` in a
        class that registers buffers under computed names (e2cnn)."""
        if self.cls is None or len(node.args) < 2:
            return False
        obj, attr = node.args[0].value, node.args[1].value
        if not (isinstance(obj, cst.Name) and self.names.get(obj.value) == SELF):
            return False
        for cls in self._class_and_bases():
            if isinstance(attr, cst.SimpleString) and attr.evaluated_value in cls.tensor_attrs:
                return True
            if not isinstance(attr, cst.SimpleString) and literal_prefix(attr) in cls.dynamic_buffer_prefixes:
                return True
        return False

    def _class_and_bases(self) -> list[ClassInfo]:
        """This class and its base classes defined in the same file, nearest first."""
        found, todo = [], [self.cls]
        while todo:
            cls = todo.pop(0)
            if cls is None or any(cls is seen for seen in found):
                continue
            found.append(cls)
            todo.extend(self.ctx.classes.get(base.rsplit(".", 1)[-1]) for base in cls.bases)
        return found

    def _plain_local_class(self, name: str, seen: frozenset = frozenset()) -> bool:
        """A class of this file whose bases are all plain classes of this file (or none, or `object`)."""
        cls = self.ctx.classes.get(name.rsplit(".", 1)[-1])
        if cls is None or name in seen:
            return False
        return all(base in ("object", "abc.ABC", "ABC") or self._plain_local_class(base, seen | {name})
                   for base in cls.bases)

    def _submodule_output(self, built: list[str]) -> str | None:
        """What calling `self.<submodule>(...)` gives: a tensor, unless each class it may hold declares that its
        `forward` returns something else (tabicl's `QuantileToDistribution.forward(...) -> QuantileDistribution`,
        whose `.icdf(alpha=t)` is no tensor method)."""
        declared = [self._forward_annotation(name) for name in built]
        if not declared or any(text is None or "Tensor" in text or text.strip("'\"") in ("Any", "typing.Any", "object")
                               for text in declared):
            return TENSOR
        kinds = {annotation_kind(text) for text in declared}
        return kinds.pop() if len(kinds) == 1 else None

    def _forward_annotation(self, class_name: str) -> str | None:
        """The return annotation of a project class's own `forward`, as written (None: none, or not found)."""
        local = self.ctx.functions.get(f"{class_name}.forward")
        if local is not None:
            returns = local.returns
            return cst.Module([]).code_for_node(returns.annotation) if returns is not None else None
        return self.ctx.external_return(f"{class_name}.forward")

    def _self_call_kind(self, method: str, arg_kinds: list) -> str | None:
        """`self.method(...)`: what the method returns, found in this class or a base class in this file."""
        for cls in self._class_chain():
            if method in cls.methods:
                return self.ctx.return_kind(f"{cls.name}.{method}", cls.name)
            if method in cls.module_attrs:
                # an instance of a plain class of this file is no module: calling it gives what its
                # `__call__` gives (stable-baselines3's `self.value_schedule = ConstantSchedule(...)`)
                built = [n for n in cls.attr_classes.get(method, ()) if n not in _BUILTIN_CALLS]
                plain = built and all(self._plain_local_class(name) for name in built)
                return None if plain else self._submodule_output(built)
            if self.ctx.inherited_method(cls.name, method):
                return None  # a method of a base class in another file (torch_struct's `_get_dimension`)
        return TENSOR if any(is_tensor(k) for k in arg_kinds) else None

    def _qualified_call_kind(self, qual: str, node: cst.Call, arg_kinds: list) -> str | None:
        if qual.startswith("torch."):
            if qual in TORCH_NON_TENSOR:
                return META
            if qual in TORCH_DATA_BOOL:
                return SCALAR
            if qual == "torch.Generator":
                return GENERATOR
            if qual.startswith("torch.nn.functional.") or qual in TORCH_UTILS_TENSOR:
                return TENSOR
            if qual in TORCH_UTILS_TENSOR_SEQ:
                return TENSOR_SEQ
            if qual.startswith(TORCH_NON_TENSOR_PREFIXES):
                return None
            last = qual.rsplit(".", 1)[-1]
            if qual.startswith("torch.nn.") and last in ("Parameter", "Buffer"):
                return TENSOR  # not a layer: pomegranate's `_cast_as_parameter(k)` returns `nn.Parameter(...)`
            if qual.startswith("torch.nn.") and last[:1].isupper():
                return MODULE
            if qual in TORCH_BOOL_FUNCS:
                return BOOL_TENSOR
            if qual in TORCH_REDUCE_OR_SEQ and not self._has_dim(node):
                return TENSOR  # torch.max(t), torch.min(a, b): a tensor; with a dim: (values, indices)
            if qual in TORCH_SEQ_FUNCS:
                return TENSOR_SEQ
            if _index_tuple_function(qual, node):
                return TENSOR_SEQ
            if last in ("Tensor", "FloatTensor", "LongTensor", "BoolTensor", "IntTensor", "tensor",
                        "as_tensor", "from_numpy") or last[:1].islower():
                bools = last in ("tensor", "as_tensor") and node.args and _python_bools(node.args[0].value)
                return BOOL_TENSOR if last == "BoolTensor" or self._bool_dtype(node) or bools else TENSOR
            return None
        if is_logger_factory(qual):
            return LOGGER
        if qual in PY_RANDOM_TRACED:
            return TENSOR
        if qual.startswith("numpy."):
            # Dynamo runs numpy calls as torch ops: even `np.prod(x.shape)` or `np.isfinite(3)` gives
            # a traced array, so branching on it or taking `int()` of it breaks (measured on 2.13)
            if qual.startswith("numpy.random."):
                # an array drawn with a size stays in the graph as a traced array (probe `np_random`: no break),
                # so reading its values breaks (pixle's `x, y = np.random.uniform(0, 1, 2)`, then `int(x * w)`);
                # one number drawn without a size breaks at the call (GL301), and is a Python number after it
                return NDARRAY if numpy_draws_array(node) else None
            if qual in NUMPY_DATA_BOOL:
                return SCALAR
            return META if qual.rsplit(".", 1)[-1] in NUMPY_META_FUNCS else NDARRAY
        if qual.startswith("math."):
            return SCALAR if any(is_tensor(k) for k in arg_kinds) else None
        if qual == "typing.cast" and len(node.args) == 2:
            # `cast(torch.LongTensor, permutation)`: the declared type, else whatever the value is
            declared = self.resolve(node.args[0].value) or ""
            if re.fullmatch(r"torch\.\w*Tensor", declared):
                return BOOL_TENSOR if declared == "torch.BoolTensor" else TENSOR
            return arg_kinds[1]
        through = self.ctx.external_passthrough(qual)
        if through is not None:
            # `y_true = check_tensor_shape(y_true, (-1, 1))` from another file, which only ever returns its
            # parameter: whatever was passed in (libauc), not the answer to a question its name seems to ask
            params, returned = through
            kinds = [kind for i, (arg, kind) in enumerate(zip(node.args, arg_kinds)) if not arg.star
                     and (arg.keyword.value if arg.keyword is not None else params[i] if i < len(params) else None)
                     in returned]
            if kinds:
                return join_all(kinds)
        declared = annotation_kind(self.ctx.external_return(qual))
        if declared is not None:
            return declared
        # a function from elsewhere: tensor in, tensor out (einops.rearrange, a project helper, ...),
        # unless its name asks a question (`exists(t)`, `is_empty(t)`)
        last = qual.rsplit(".", 1)[-1]
        if PREDICATE_NAME.match(last):
            # `is_nan(t)`, `has_inf(t)`: a question about the values, so a bool tensor (torchsde's misc)
            tensor_arg = arg_kinds and (is_tensor(arg_kinds[0]) or arg_kinds[0] is None and self.ctx.torch_file)
            return BOOL_TENSOR if VALUE_PREDICATE.search(last) and tensor_arg else META
        if last in SHAPE_QUERY_FUNCS or SHAPE_QUERY_NAME.match(last):
            return META  # `tl.ndim(x)`, `backend.shape(x)`: a backend's shape query answers with Python ints
        if BACKEND_GETTER.match(last):
            return BACKEND  # `nx = get_backend(a, b)`, `xp = array_namespace(x)`: a module-like object
        return TENSOR if arg_kinds and is_tensor(arg_kinds[0]) else None

    def _bool_dtype(self, node: cst.Call) -> bool:
        """`torch.zeros(n, n, dtype=torch.bool)`: a mask from the start (ptranking's `trunc_mask`)."""
        return any(a.keyword is not None and a.keyword.value == "dtype" and self.resolve(a.value) == "torch.bool"
                   for a in node.args)

    def _has_dim_method(self, node: cst.Call) -> bool:
        if any(a.keyword is not None and a.keyword.value == "dim" for a in node.args):
            return True
        positional = [a for a in node.args if a.keyword is None]
        return len(positional) >= 1 and not is_tensor(self.kind_of(positional[0].value))

    def _has_dim(self, node: cst.Call) -> bool:
        """A `dim` argument: keyword, or a second positional argument that is not a tensor."""
        if any(a.keyword is not None and a.keyword.value == "dim" for a in node.args):
            return True
        positional = [a for a in node.args if a.keyword is None]
        return len(positional) >= 2 and not is_tensor(self.kind_of(positional[1].value))

    def _builtin_kind(self, name: str, arg_kinds: list) -> str | None:
        if name in BUILTIN_META:
            return META
        if name in ("int", "float", "bool", "complex"):
            if any(is_tensor(k) for k in arg_kinds):
                return SCALAR
            if NDARRAY in arg_kinds:
                return SCALAR
            return META if META in arg_kinds else CONST
        if name in ("max", "min", "abs", "sum", "round"):
            if any(is_tensor(k) or k == TENSOR_SEQ for k in arg_kinds):
                return TENSOR
            if NDARRAY in arg_kinds:  # `max(box[0] - m, 0)` of a numpy array's item (facenet's `extract_face`)
                return NDARRAY
            return META if META in arg_kinds else None
        if name in ("list", "tuple", "reversed", "sorted"):
            if arg_kinds and arg_kinds[0] in (TENSOR, TENSOR_SEQ):
                return TENSOR_SEQ
            return PY_SEQ
        if name in ("range", "enumerate", "zip", "dict", "set", "str", "repr", "format", "print"):
            return None if name != "str" else CONST
        return None


class _ReturnCollector(cst.CSTVisitor):
    """Walks a function body binding names in order; joins the kinds of its return values."""

    def __init__(self, env: TensorEnv) -> None:
        self.env = env
        self.kind: str | None = None
        self._seen_return = False
        # each part's kind while every return so far gave a tuple of one length; None once one did not
        self.parts: tuple[str | None, ...] | None = None
        # every kind each name was bound to on any path, joined: the walk is straight-line, and a part that is
        # `loss` after `if not return_tensor: loss = float(loss)` may still be the tensor (poutyne)
        self._ever: dict[str, str | None] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False  # nested functions return for themselves

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def leave_Assign(self, node: cst.Assign) -> None:
        kind = self.env.kind_of(node.value)
        for t in node.targets:
            self.env.bind(t.target, kind, node.value)
            self._remember(t.target)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.env.bind(node.target, self.env.kind_of(node.value), node.value)
            self._remember(node.target)

    def _remember(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            kind = self.env.names.get(target.value)
            self._ever[target.value] = join(self._ever[target.value], kind) if target.value in self._ever else kind

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        # as the walker does: `total = 0`, then `total += objectives[-1]` with a tensor there (harmony's
        # is_convergent_clustering); a value of unknown kind makes the sum unknown, not a constant
        if not isinstance(node.target, cst.Name):
            return
        current, value = self.env.kind_of(node.target), self.env.kind_of(node.value)
        if is_tensor(value) and not is_tensor(current):
            self.env.bind(node.target, value)
        elif value is None and current == CONST:
            self.env.bind(node.target, None, node.value)

    def visit_For(self, node: cst.For) -> None:
        self.env.bind_loop_target(node.target, node.iter)

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is None or (isinstance(node.value, cst.Name) and node.value.value == "None"):
            return  # `return None` keeps an Optional[Tensor] a tensor
        kind = self.env.kind_of(node.value)
        parts = self._parts_of(node.value)
        if not self._seen_return:
            self.kind, self.parts = kind, parts
        else:
            self.kind = _agree(self.kind, kind)
            same_shape = parts is not None and self.parts is not None and len(parts) == len(self.parts)
            self.parts = tuple(map(_agree, self.parts, parts)) if same_shape else None
        self._seen_return = True

    def _parts_of(self, value: cst.BaseExpression) -> tuple[str | None, ...] | None:
        if not isinstance(value, cst.Tuple) or any(not isinstance(e, cst.Element) for e in value.elements):
            return None
        return tuple(join(self.env.kind_of(e.value), self._ever[e.value.value])
                     if isinstance(e.value, cst.Name) and e.value.value in self._ever else self.env.kind_of(e.value)
                     for e in value.elements)


def _agree(one: str | None, other: str | None) -> str | None:
    """The kind two returns share; when they disagree (a tensor on one path, a bool on another): say nothing."""
    if one == other:
        return one
    return TENSOR if {one, other} == {TENSOR, BOOL_TENSOR} else None


class _SelfAssignmentCollector(_ReturnCollector):
    """Also joins the kinds assigned to `self.<attr>` into `found` (FileContext.attribute_kinds).

    `self.flag = value` with `value` an unannotated parameter is skipped: its kind would only be a
    guess from the parameter's name, too weak to type the attribute everywhere (pyro's `has_rsample_`).
    """

    def __init__(self, env: TensorEnv, found: dict[str, str | None], guessed_names: set[str],
                 mixed: set[str] | None = None, numbers: set[str] | None = None) -> None:
        super().__init__(env)
        self.found = found
        self.guessed_names = guessed_names
        self.mixed = mixed if mixed is not None else set()
        self.numbers = numbers if numbers is not None else set()

    def _guessed(self, value: cst.BaseExpression) -> bool:
        """An unannotated parameter, or a pass-through helper given only those (`default(flag, other)`)."""
        if isinstance(value, cst.Name):
            return value.value in self.guessed_names
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            passed = self.env.ctx.passed_through(value.func.value, value)
            return bool(passed) and all(self._guessed(arg) or not is_tensor(self.env.kind_of(arg)) for arg in passed)
        return False

    def leave_Assign(self, node: cst.Assign) -> None:
        kind = self.env.kind_of(node.value)  # before the targets are bound, as the base class does
        super().leave_Assign(node)
        self._record([t.target for t in node.targets], node.value, kind)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        kind = self.env.kind_of(node.value) if node.value is not None else None
        super().leave_AnnAssign(node)
        if node.value is not None:
            self._record([node.target], node.value, kind)

    def _record(self, targets: list[cst.BaseExpression], value: cst.BaseExpression, kind: str | None) -> None:
        guessed = self._guessed(value)
        for target in targets:
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
                name = target.attr.value
                if kind != PY_SEQ or not isinstance(value, (cst.List, cst.ListComp)):
                    self.mixed.add(name)
                if kind == CONST and not guessed and not is_none(value):
                    self.numbers.add(name)
                if not guessed:
                    self.found[name] = join(self.found[name], kind) if name in self.found else kind


def _is_minus_one(node: cst.BaseExpression) -> bool:
    """`-1`, or `(-1,)`: the whole tensor as one dimension."""
    if isinstance(node, cst.Tuple) and len(node.elements) == 1:
        node = node.elements[0].value
    return (isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus)
            and isinstance(node.expression, cst.Integer) and node.expression.value == "1")


def _python_bools(node: cst.BaseExpression) -> bool:
    """A list of Python bools: `[len(h) > 0 for h in groups]`, `[True, False]`; torch.tensor of it is a mask
    (torchsurv's `include`)."""
    if isinstance(node, cst.ListComp):
        return _is_bool_expr(node.elt)
    if isinstance(node, (cst.List, cst.Tuple)):
        return bool(node.elements) and all(_is_bool_expr(e.value) for e in node.elements)
    return False


def _is_bool_expr(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Name):
        return node.value in ("True", "False")
    if isinstance(node, cst.UnaryOperation):
        return isinstance(node.operator, cst.Not)
    return isinstance(node, cst.Comparison)


# numpy random draws, by the number of distribution parameters before `size` (None: `rand(*dims)`):
# called without a size they give one number, which Dynamo reads back out of a tensor
NUMPY_RANDOM_DRAWS = {"rand": None, "randn": None, "random": 0, "random_sample": 0, "ranf": 0, "sample": 0,
                      "standard_normal": 0, "uniform": 2, "normal": 2, "randint": 2, "exponential": 1,
                      "poisson": 1, "beta": 2, "gamma": 2, "binomial": 2, "laplace": 2, "lognormal": 2}


def numpy_draws_array(call: cst.Call) -> bool:
    """`np.random.uniform(0, 1, 2)`, `np.random.rand(4)`, `np.random.normal(size=3)`: a draw with a size."""
    function = (dotted(call.func) or "").rpartition(".")[2]
    if function not in NUMPY_RANDOM_DRAWS:
        return False
    if any(a.keyword is not None and a.keyword.value == "size" for a in call.args):
        return True
    return len([a for a in call.args if a.keyword is None]) > (NUMPY_RANDOM_DRAWS[function] or 0)


def elementwise_comparison(node: cst.BaseExpression) -> bool:
    """`a < b`, `a == b`: a comparison that compares values (elementwise on tensors and arrays), not an `is` / `in`
    test."""
    return isinstance(node, cst.Comparison) and not any(
        isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in node.comparisons)


def _compared_sequence(node: cst.BaseExpression) -> bool:
    """A list or tuple written out without strings in it (`key in ('a', 'b')` tests a name, not a tensor: deepecho's
    column types), or `range(...)`."""
    if isinstance(node, (cst.List, cst.Tuple)):
        return bool(node.elements) and not any(
            isinstance(e.value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)) for e in node.elements)
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "range"
