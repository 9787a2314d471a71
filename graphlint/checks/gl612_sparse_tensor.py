import libcst as cst
import libcst.matchers as m

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

    def visit_Call(self, node: cst.Call, ctx) -> None:
        func = node.func
        name = ctx.qualname(func)
        if name in SPARSE_CTORS or (name or "").startswith("torch.sparse."):
            self._report(node, ctx, f"`{name}`: torch.compile does not support sparse tensors")
        elif (isinstance(func, cst.Attribute) and func.attr.value in SPARSE_METHODS and name is None
              and ctx.kind(func.value) in ("tensor", "bool_tensor", None)):
            if func.attr.value != "to_sparse" or matches(ctx.torch_version, self.MEASURED_FORMS["to_sparse"][1]):
                self._report(node, ctx, f"`.{func.attr.value}()`: torch.compile does not support sparse tensors")
        elif (isinstance(func, cst.Attribute) and func.attr.value in SPARSE_ONLY_METHODS and name is None
              and ctx.kind(func.value) in ("tensor", None) and not _behind_sparse_test(ctx)
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


_LAYOUT_TEST = m.Attribute(attr=m.Name("is_sparse") | m.Name("layout"))


def _behind_sparse_test(ctx) -> bool:
    """`V._values() if V.is_sparse else V`: code written for both layouts (torchnmf); a dense
    tensor never takes that branch, so nothing says the tensor really is sparse."""
    return any(isinstance(parent, (cst.If, cst.IfExp, cst.While)) and m.findall(parent.test, _LAYOUT_TEST)
               for parent in ctx.parents)
