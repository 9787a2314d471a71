import re

import libcst as cst

from graphlint.analysis.syntax import every_name, is_a, subtree, walk
from graphlint.analysis.tensor_methods import TENSOR_METHODS
from graphlint.checks.base import Check
from graphlint.torch_version import matches

SPARSE_CTORS = {"torch.sparse_coo_tensor", "torch.sparse_csr_tensor", "torch.sparse_csc_tensor",
                "torch.sparse_bsr_tensor", "torch.sparse_bsc_tensor", "torch.sparse_compressed_tensor"}
SPARSE_METHODS = {"to_sparse", "to_sparse_coo", "to_sparse_csr", "to_sparse_csc", "to_sparse_bsr",
                  "to_sparse_bsc"}
# Only sparse tensors have these, so their receiver already is one (a sparse `param.grad` in cooper's
# nuPI step): Dynamo cannot wrap it, breaks there (GB0015) and runs the rest of the function eagerly.
SPARSE_ONLY_METHODS = {"coalesce", "is_coalesced", "_values", "_indices", "_nnz", "sparse_mask",
                       "crow_indices", "col_indices", "ccol_indices", "row_indices"}

# torch.sparse functions -> the position of the argument that must be sparse (torch.sparse.addmm(mat,
# mat1, mat2) adds a sparse mat1 @ mat2 to a dense mat)
SPARSE_OPERAND = {"torch.sparse.mm": 0, "torch.sparse.sum": 0, "torch.sparse.softmax": 0,
                  "torch.sparse.log_softmax": 0, "torch.sparse.addmm": 1, "torch.sparse.sampled_addmm": 0}


class SparseTensor(Check):
    """Building a sparse tensor (or calling `torch.sparse.*`) in traced code: torch.compile does not
    support sparse tensors (GB0015, GB0277)."""

    code = "GL612"

    # forms whose measured range differs from the rule's (breaks-on >=2.3, probe sparse_coo_tensor_build);
    # checked against measurements/versions.json by tests/test_versions.py. A sparse tensor that came in
    # from outside is wrapped without a break on 2.1, 2.2 and 2.4 (probes sparse_grad_coalesce, _values,
    # _indices and sparse_arg_coalesce agree); `.to_sparse()` breaks from 2.8 on.
    MEASURED_FORMS = {"sparse_input": ("sparse_grad_coalesce", ">=2.3,<2.4 | >=2.5"),
                      "to_sparse": ("to_sparse_call", ">=2.8")}

    def __init__(self) -> None:
        # one instance per traced function: has a sparse op been reported in it already?
        self._after_first = False
        # parameters that a sparse op in this function shows to hold a sparse tensor: reported yet?
        self._sparse_params: dict[str, bool] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef, ctx) -> None:
        if len(ctx.parents) == 1 and matches(ctx.torch_version, self.MEASURED_FORMS["sparse_input"][1]) \
                and (ctx.source_text is None or _file_may_name_sparse(ctx.source_text)) \
                and _may_name_sparse(node, ctx):
            self._sparse_params = dict.fromkeys(_sparse_parameters(node, ctx), False)

    def visit_Name(self, node: cst.Name, ctx) -> None:
        # Dynamo wraps an argument when the function first loads it, and cannot wrap a sparse one: the
        # graph breaks at the parameter's first use (GB0015), not at the sparse op further down, and the
        # rest of the function runs eagerly (torch_ppr, torchsparsegradutils in bench/accuracy)
        if self._sparse_params.get(node.value) is not False or not _is_load(ctx):
            return
        self._sparse_params[node.value] = True
        self._after_first = True
        ctx.report(node, self.code, f"`{node.value}` is a sparse tensor (sparse-only ops take it in this "
                                    "function): Dynamo cannot wrap a sparse argument, so the graph breaks at "
                                    "its first use",
                   hides_rest=True)

    def visit_Call(self, node: cst.Call, ctx) -> None:
        operand = _sparse_operand(node, ctx)
        if isinstance(operand, cst.Name) and operand.value in self._sparse_params:
            return  # reported at the parameter's first use
        func = node.func
        name = ctx.qualname(func)
        if name in SPARSE_CTORS or (name or "").startswith("torch.sparse."):
            self._report(node, ctx, f"`{name}`: torch.compile does not support sparse tensors")
        elif (isinstance(func, cst.Attribute) and func.attr.value in SPARSE_METHODS and name is None
              and ctx.kind(func.value) in ("tensor", "bool_tensor", None)):
            if func.attr.value != "to_sparse" or matches(ctx.torch_version, self.MEASURED_FORMS["to_sparse"][1]):
                self._report(node, ctx, f"`.{func.attr.value}()`: torch.compile does not support sparse tensors")
        elif (isinstance(func, cst.Attribute) and func.attr.value in SPARSE_ONLY_METHODS and name is None
              and ctx.kind(func.value) in ("tensor", None) and not _result_of_a_foreign_method(func.value)
              and not _behind_sparse_test(ctx)
              and matches(ctx.torch_version, self.MEASURED_FORMS["sparse_input"][1])):
            self._report(node, ctx, f"`.{func.attr.value}()` on a sparse tensor: torch.compile does not support "
                                    "sparse tensors", receiver_sparse=True)

    def _report(self, node: cst.Call, ctx, message: str, receiver_sparse: bool = False) -> None:
        # The first sparse op breaks and Dynamo resumes; the code after it then holds a sparse tensor,
        # which Dynamo cannot wrap, so from the next sparse op on the rest of the function runs
        # eagerly (measured on 2.13: `sparse_coo_tensor` and `sparse.mm` break, later lines do not).
        # A sparse tensor that comes in from outside is already unwrappable at its first op.
        ctx.report(node, self.code, message, hides_rest=self._after_first or receiver_sparse)
        self._after_first = True


_LAYOUT_ATTRIBUTES = ("is_sparse", "layout")
# every sparse-only op's name holds one of these (`torch.sparse.*` through any alias holds "sparse"): a file
# without them has no sparse operand, and its functions need no pre-scan for one. The private accessors are
# whole words: `past_key_values` (every transformers model) names no `._values()`.
_SPARSE_WORDS = re.compile(r"sparse|coalesce|\b(?:_values|_indices|_nnz|c?row_indices|c?col_indices)\b")


_SPARSE_SUBSTRINGS = ("sparse", "coalesce", "_values", "_indices", "_nnz")
_last_file: list = [None, False]  # the last source text asked about (one per file, asked once per function)


def _file_may_name_sparse(text: str) -> bool:
    """`_SPARSE_WORDS` anywhere in the file. Plain substring tests first: the word-boundary search scans a
    whole file that has none, and it was asked once per function."""
    if _last_file[0] is not text:
        found = any(word in text for word in _SPARSE_SUBSTRINGS) and _SPARSE_WORDS.search(text) is not None
        _last_file[:] = [text, found]
    return _last_file[1]


def _may_name_sparse(function: cst.FunctionDef, ctx) -> bool:
    """Can the function name a sparse-only op (the pre-scan's only subject)? Each one's name holds a sparse
    word, or it is reached through an import (`import torch.sparse as ts`) or a module held on the object
    (`self.sp = torch.sparse`), which `ctx.qualname` resolves; a local alias is bound in the function from
    names that hold the word. The pre-scan walks the whole function: most functions of a file that names a
    sparse op somewhere name none themselves."""
    through = {local for local, qualified in ctx.imports.names.items() if _SPARSE_WORDS.search(qualified)}
    cls = ctx.env.cls
    if cls is not None and any(_SPARSE_WORDS.search(module) for module in cls.module_aliases.values()):
        through.add("self")
    return any(_SPARSE_WORDS.search(name.value) or name.value in through for name in every_name(function.body))


def _is_layout_test(node: cst.CSTNode) -> bool:
    """An `if`/`while`/conditional expression testing `x.is_sparse` or `x.layout`."""
    return is_a(node, (cst.If, cst.IfExp, cst.While)) and any(
        isinstance(n, cst.Attribute) and n.attr.value in _LAYOUT_ATTRIBUTES for n in subtree(node.test))


def _behind_sparse_test(ctx) -> bool:
    """`V._values() if V.is_sparse else V`: code written for both layouts (torchnmf); a dense
    tensor never takes that branch, so nothing says the tensor really is sparse."""
    return any(_is_layout_test(parent) for parent in ctx.parents)


def _result_of_a_foreign_method(expr: cst.BaseExpression) -> bool:
    """What a method no tensor has returns (`.map(f)`): an object of its own library (concept-erasure's
    `groupby(x, z).map(f).coalesce()` coalesces its own GroupedTensor, not a sparse tensor)."""
    return (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value not in TENSOR_METHODS)


def _sparse_operand(node: cst.Call, ctx) -> cst.BaseExpression | None:
    """The tensor a sparse-only op works on: `torch.sparse.mm(adj, x)`'s first argument, `g.coalesce()`'s
    receiver."""
    func = node.func
    position = SPARSE_OPERAND.get(ctx.qualname(func) or "")
    if position is not None:
        positional = [a.value for a in node.args if a.keyword is None]
        return positional[position] if len(positional) > position else None
    if not isinstance(func, cst.Attribute) or (func.attr.value != "sparse_mask"
                                               and func.attr.value not in SPARSE_ONLY_METHODS):
        return None  # checked before the receiver's kind, which costs far more
    if ctx.kind(func.value) not in ("tensor", None):
        return None  # `self._values()`: a method of the module, not of a sparse tensor
    if func.attr.value == "sparse_mask":
        return node.args[0].value if node.args else None  # `dense.sparse_mask(mask)`: the mask is the sparse one
    return func.value if func.attr.value in SPARSE_ONLY_METHODS else None


def _sparse_parameters(function: cst.FunctionDef, ctx) -> set[str]:
    """Parameters passed, never rebound, to a sparse-only op that no layout test guards."""
    params = {p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                      *function.params.kwonly_params)}
    if not params:
        return set()
    finder = _UnguardedSparseOps(ctx)
    walk(function.body, finder)
    candidates = {op.value for op in finder.operands if isinstance(op, cst.Name)} & params
    if not candidates:
        return set()
    rebound = {name for name, value in _bindings(function.body) if not _keeps_layout(name, value, ctx)}
    return candidates - rebound


def _bindings(body: cst.CSTNode):
    """(name, value or None) for every name the body assigns; tuple targets pair up with tuple values."""
    for node in subtree(body):
        if not isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For, cst.WithItem)):
            continue
        if isinstance(node, cst.Assign):
            for target in node.targets:
                yield from _pairs(target.target, node.value)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            yield from _pairs(node.target, None)
        elif isinstance(node, cst.For):
            yield from _pairs(node.target, None)
        elif node.asname is not None:
            yield from _pairs(node.asname.name, None)


def _pairs(target: cst.BaseExpression, value: cst.BaseExpression | None):
    if isinstance(target, cst.Name):
        yield target.value, value
    elif isinstance(target, (cst.Tuple, cst.List)):
        values = value.elements if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(
            target.elements) else [None] * len(target.elements)
        for element, v in zip(target.elements, values):
            yield from _pairs(element.value, v.value if v is not None else None)


def _keeps_layout(name: str, value: cst.BaseExpression | None, ctx) -> bool:
    """`A = A.detach()`, `A = A.to(device)`: still the argument's sparse tensor (anything built from
    something else, or by a sparse constructor, might not be)."""
    if value is None or not any(isinstance(n, cst.Name) and n.value == name for n in subtree(value)):
        return False
    return not any(ctx.qualname(call.func) in SPARSE_CTORS
                   or isinstance(call.func, cst.Attribute) and call.func.attr.value in SPARSE_METHODS
                   for call in subtree(value) if isinstance(call, cst.Call))


class _UnguardedSparseOps(cst.CSTVisitor):
    """The operands of sparse-only ops that no layout test guards (the pre-scan's `_behind_sparse_test`)."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.operands: list[cst.BaseExpression] = []
        self._guards = 0

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.FunctionDef):
            return False  # nested definitions are traced on their own
        self._guards += _is_layout_test(node)
        if isinstance(node, cst.Call) and not self._guards:
            operand = _sparse_operand(node, self.ctx)
            if operand is not None:
                self.operands.append(operand)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self._guards -= _is_layout_test(original_node)


def _is_load(ctx) -> bool:
    """A read of the name itself: not a parameter's declaration, an attribute's name or a keyword."""
    parent = ctx.parent(1)
    if isinstance(parent, cst.Param):
        return False
    if isinstance(parent, cst.Attribute) and parent.attr is ctx.parents[-1]:
        return False
    return not (isinstance(parent, cst.Arg) and parent.keyword is ctx.parents[-1])
