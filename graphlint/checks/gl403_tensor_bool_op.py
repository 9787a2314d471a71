import libcst as cst

from graphlint.analysis.tensors import NDARRAY, elementwise_comparison
from graphlint.checks._common import inside_condition, traced_array
from graphlint.checks.base import Check
from graphlint.fixes import UNSAFE, replace, torch_call
from graphlint.torch_version import matches
from graphlint.walker import GENERATOR_SKIPS


def _logical(node: cst.BooleanOperation, op: str):
    """`a and b` → `torch.logical_and(a, b)` (verified rewrite `and_or_tensor`), for two operands."""
    if isinstance(node.left, cst.BooleanOperation) or isinstance(node.right, cst.BooleanOperation):
        return None
    return replace(node, torch_call(f"logical_{op}", node.left, node.right), UNSAFE,
                   f"Combine the tensors elementwise: `torch.logical_{op}(a, b)`")


class TensorBoolOp(Check):
    """`and` / `or` / `not` on tensor values call `bool()` on them (GB0170)."""

    code = "GL403"

    def visit_BooleanOperation(self, node: cst.BooleanOperation, ctx) -> None:
        if isinstance(ctx.parent(), (cst.BooleanOperation, cst.UnaryOperation)) or inside_condition(ctx):
            return
        # `x or []` / `x or {}`: x is a container (or None), not a tensor
        if isinstance(node.right, (cst.List, cst.Dict, cst.Tuple, cst.Set)):
            return
        # `a and b` needs bool(a); `b` is only returned. So the left operands decide.
        if self._left_operands_tensor(node, ctx):
            op = "and" if isinstance(node.operator, cst.And) else "or"
            # numpy operands stay numpy outside compile, where torch.logical_or would refuse them
            numpy = any(not ctx.is_tensor(side) and _tensor_truth(side, ctx) for side in (node.left, node.right))
            ctx.report(node, self.code, f"`{op}` on a tensor value calls `bool()` on it",
                       fix=None if numpy else _logical(node, op))

    def _left_operands_tensor(self, node: cst.BooleanOperation, ctx) -> bool:
        left = node.left
        if isinstance(left, cst.BooleanOperation):
            return self._left_operands_tensor(left, ctx) or _tensor_truth(left.right, ctx)
        return _tensor_truth(left, ctx)

    def visit_Call(self, node: cst.Call, ctx) -> None:
        # `all(x < y for x, y in zip(ts[:-1], ts[1:]))`: Python takes bool() of each tensor element
        # (measured on 2.13: GB8335, the generator cannot be reconstructed after the break)
        if not (ctx.is_builtin(node.func, "all") or ctx.is_builtin(node.func, "any")) or len(node.args) != 1:
            return
        arg = node.args[0].value
        name = node.func.value
        if ctx.is_tensor(arg) and not ctx.env.is_zero_d(arg):
            # `if all(to_drop):` iterates the tensor and takes bool() of each row (measured on 2.13:
            # GB0170, and tracing resumes after the line)
            ctx.report(node, self.code, f"`{name}()` of a tensor calls `bool()` on each of its elements "
                                        f"(use `torch.{name}` and keep the result a tensor)", gb=("GB0170",))
            return
        if not isinstance(arg, (cst.GeneratorExp, cst.ListComp)) or arg.for_in.inner_for_in is not None:
            return
        env = ctx.env
        saved = dict(env.names)
        try:
            env.bind_loop_target(arg.for_in.target, arg.for_in.iter)
            # a tensor, a numpy value (`a == b` over an ndarray's items: pyqtorch), or a data-dependent
            # Python bool (`torch.equal(a, b)`)
            element_is_tensor = ctx.needs_tensor_bool(arg.elt) or ctx.kind(arg.elt) == "scalar"
        finally:
            env.names = saved
        if element_is_tensor:
            # a generator cannot be rebuilt after the break, so Dynamo traces nothing more of the function
            # (GB8335); a list comprehension is already built: the break (GB0170) resumes after the line
            # (measured: LinSATNet's three `if any([torch.any(...) for ...]): raise` lines all break)
            generator = isinstance(arg, cst.GeneratorExp) and matches(ctx.torch_version, GENERATOR_SKIPS)
            ctx.report(node, self.code, f"`{name}()` over tensor values calls `bool()` on each of them",
                       gb=("GB8335",) if generator else ("GB0170",), hides_rest=generator)

    def visit_Comparison(self, node: cst.Comparison, ctx) -> None:
        # `t0 < t < t1` is `t0 < t and t < t1`: Python takes bool() of the first comparison
        if len(node.comparisons) < 2 or inside_condition(ctx):
            return
        first = [node.left, node.comparisons[0].comparator]
        identity = isinstance(node.comparisons[0].operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))
        if not identity and any(ctx.is_tensor(e) or traced_array(e, ctx) for e in first):
            # a traced numpy array too: `lo <= box[1] <= hi` on an array's items (easyocr's paragraph grouping)
            ctx.report(node, self.code, "a chained comparison on tensors (`a < t < b`) calls `bool()` on `a < t`")

    def visit_UnaryOperation(self, node: cst.UnaryOperation, ctx) -> None:
        if not isinstance(node.operator, cst.Not) or inside_condition(ctx):
            return
        # inside `a and not t` the `not` itself calls bool(t) (transformers' `has_encoder_input_ids`);
        # the `and` does not report it, since `not t` is a Python bool
        if isinstance(ctx.parent(), cst.UnaryOperation):
            return
        if ctx.is_tensor(node.expression) or ctx.kind(node.expression) == NDARRAY:
            # measured on 2.13: after this break (GB0033) Dynamo traces nothing more of the function; a numpy
            # value is a traced tensor too (fixtures/cases/numpy_values.py, deepecho's `int(not fixed_length)`)
            ctx.report(node, self.code, "`not` on a tensor value calls `bool()` on it", hides_rest=True)


def _tensor_truth(node: cst.BaseExpression, ctx) -> bool:
    """A value whose truth Dynamo cannot know: a tensor, or a comparison on a traced numpy array
    (`np.min(p) < 0 or np.max(p) > 1`: baal's `to_prob`, measured on 2.13, fixtures numpy_values.py)."""
    if ctx.is_tensor(node):
        return True
    if not elementwise_comparison(node):
        return False
    return any(traced_array(e, ctx) for e in (node.left, *(c.comparator for c in node.comparisons)))
