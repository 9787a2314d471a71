import libcst as cst

from graphlint.analysis.tensors import NDARRAY, NUMPY_RANDOM_DRAWS, PY_SEQ, numpy_draws_array
from graphlint.checks._common import SIZE_FUNCS, SIZE_METHODS, ndarray_scalar, slice_bound, traced_array
from graphlint.checks.base import Check
from graphlint.torch_version import matches

# numpy reductions that give one number (no axis): usable as an index only through `__index__`
NUMPY_SCALAR_REDUCTIONS = frozenset({"argmax", "argmin", "sum", "prod", "max", "min", "amax", "amin",
                                     "count_nonzero", "searchsorted"})


class NumpyScalar(Check):
    """A Python number pulled out of a numpy array (Dynamo traces it as a tensor): data-dependent (GB0033).

    Explicitly (`float(a.mean())`, `a.item()`) or through `__index__`: a numpy value as a slice bound,
    an index, `range()` bound or size (measured on 2.13: `X[:, idx[0]:idx[1]]` with `idx = np.array(...)`
    breaks; `x * np.float32(2.0)` and `x[:, np.array([0, 2])]` do not)."""

    code = "GL301"
    # a constant numpy integer (`lst[np.int64(2)]`, numpy on Python numbers) is folded before 2.12
    MEASURED_FORMS = {"numpy_on_constants_as_index": ("list_index_np_int64_const", ">=2.12"),
                      # measured on 2.1 to 2.15 (probes in measurements/probes/extra_probes.py)
                      "numpy.random.scalar": ("np_random_scalar", ">=2.2"),
                      "numpy.random.choice": ("np_random_choice", ">=2.0"),
                      "numpy.random.permutation": ("np_random_permutation", ">=2.0"),
                      # torch._numpy's pad reads values back as Python numbers, even with constant widths
                      "numpy.pad": ("numpy_pad", ">=2.1")}

    def visit_Call(self, node: cst.Call, ctx) -> None:
        draw = self._numpy_random_form(node, ctx)
        if draw is not None:
            if matches(ctx.torch_version, self.MEASURED_FORMS[draw][1]):
                what = "draws one number" if draw.endswith("scalar") else "needs data-dependent sampling"
                ctx.report(node, self.code, f"`{ctx.qualname(node.func)}()` {what}: Dynamo traces numpy's random "
                                            "functions as torch ops and cannot keep this one in the graph "
                                            "(use torch's RNG: `torch.rand`, `torch.randint`, `torch.randperm`)",
                           gb=("GB0294",) if draw.endswith("permutation") else ("GB0033",))
            return
        if ctx.qualname(node.func) == "numpy.pad" and matches(ctx.torch_version, self.MEASURED_FORMS["numpy.pad"][1]):
            ctx.report(node, self.code, "`numpy.pad()` of an array Dynamo traces reads values back as Python numbers "
                                        "(use `torch.nn.functional.pad` on a tensor)", gb=("GB0033",))
            return
        kind = ndarray_scalar(node, ctx)
        if kind:
            ctx.report(node, self.code, f"`{kind}` of a numpy array needs its data (Dynamo traces numpy arrays as tensors)")
            return
        if ctx.is_builtin(node.func, "range") and any(self._is_array(a.value, ctx) for a in node.args):
            ctx.report(node, self.code, "`range()` of a numpy value needs it as a Python int (Dynamo traces numpy "
                                        "arrays as tensors)")
        elif self._takes_sizes(node, ctx) and any(
                a.keyword is None and traced_array(a.value, ctx) for a in node.args):
            ctx.report(node, self.code, "a numpy value used as a size is read as a Python int (Dynamo traces "
                                        "numpy arrays as tensors)")

    def visit_Subscript(self, node: cst.Subscript, ctx) -> None:
        # with capture_scalar_outputs=True a numpy slice bound is captured (measured on 2.13 only); a list
        # index still breaks, or fails to compile on 2.12-2.13 (probe list_index_np_argmax)
        slice_captured = ctx.config.capture_scalar_outputs and matches(ctx.torch_version, ">=2.13")
        bound = None if slice_captured else slice_bound(node, lambda b: self._is_array(b, ctx))
        if bound is not None:
            ctx.report(bound, self.code, "a numpy value used as a slice bound is read as a Python int "
                                         "(Dynamo traces numpy arrays as tensors)")
            return
        for element in node.slice:
            part = element.slice
            # one number indexes whatever is not an array through `__index__` (a list, a tensor: both
            # measured); an index array is only certain to be read when the container is a Python sequence
            container = ctx.kind(node.value)
            if isinstance(part, cst.Index) and self._is_array(part.value, ctx) and (
                    container == PY_SEQ or container != NDARRAY and self._is_one_number(part.value, ctx)):
                ctx.report(node, self.code, "a numpy value used as an index is read as a Python int "
                                            "(Dynamo traces numpy arrays as tensors)")
                return

    @staticmethod
    def _numpy_random_form(node: cst.Call, ctx) -> str | None:
        """The measured form of a `np.random` call that breaks: one number drawn without a size
        (`np.random.rand()`, `np.random.randint(0, n)`), `choice`, `permutation`; else None."""
        name = ctx.qualname(node.func) or ""
        module, _, function = name.rpartition(".")
        if module != "numpy.random":  # a RandomState's methods (`np.random.random.__self__.rand()`) are not measured
            return None
        if function in ("choice", "permutation"):
            return name
        if function not in NUMPY_RANDOM_DRAWS or numpy_draws_array(node):
            return None
        return "numpy.random.scalar"

    def _is_array(self, node: cst.BaseExpression, ctx) -> bool:
        """A numpy value read through `__index__` breaks; numpy on Python numbers only from 2.12 on."""
        return traced_array(node, ctx) or ctx.kind(node) == NDARRAY and matches(
            ctx.torch_version, self.MEASURED_FORMS["numpy_on_constants_as_index"][1])

    @staticmethod
    def _is_one_number(node: cst.BaseExpression, ctx) -> bool:
        """`np.argmax(a)`: one number, not an index array (`x[:, np.array([0, 2])]` is fine). `idx[0]` is
        not taken for one: of a 2-d array or of `np.tril_indices(n)` it is an index array again."""
        if isinstance(node, cst.Call) and not any(a.keyword is not None and a.keyword.value == "axis" for a in node.args):
            name = ctx.qualname(node.func) or ""
            return name.startswith("numpy.") and name.rsplit(".", 1)[-1] in NUMPY_SCALAR_REDUCTIONS
        return False

    @staticmethod
    def _takes_sizes(node: cst.Call, ctx) -> bool:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in SIZE_METHODS and ctx.is_tensor(func.value):
            return True
        return ctx.qualname(func) in SIZE_FUNCS
