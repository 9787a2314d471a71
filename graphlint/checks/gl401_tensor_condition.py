import libcst as cst

from graphlint.analysis.names import dotted
from graphlint.analysis.tensors import BOOL_TENSOR, TENSOR, elementwise_comparison
from graphlint.checks._common import break_line_node, number_literal
from graphlint.checks.base import Check
from graphlint.fixes import TORCH, UNSAFE, Bare, FixSpec, replace, torch_call


class TensorCondition(Check):
    """`if` / `elif` / `while` on a tensor value, or a comprehension's `if` filter on one:
    data-dependent branching (GB0170)."""

    code = "GL401"

    def visit_If(self, node: cst.If, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, start_node=break_line_node(node, ctx), fix=_branch_fix(node, ctx))

    def visit_While(self, node: cst.While, ctx) -> None:
        if ctx.needs_tensor_bool(node.test):
            on_entry = ctx.needs_tensor_bool_on_entry(node.test)
            # the first test's jump is numbered as an `if`'s (torchattacks' JSMA breaks on the line of
            # `and (current_pred != target_label)` inside a multi-line `while (`)
            ctx.report(node.test, self.code, "`while` on a tensor value: data-dependent loop condition",
                       start_node=break_line_node(node, ctx) if on_entry else node,
                       after_first_iteration=not on_entry)

    def visit_CompIf(self, node: cst.CompIf, ctx) -> None:
        # `[c.item() for c in counts if c > 0]`: the filter runs before the element, so it breaks first
        if ctx.needs_tensor_bool(node.test):
            ctx.report(node.test, self.code, "comprehension `if` on a tensor value: data-dependent filter")


# ---------------------------------------------------------------- fixes (unsafe; the rule page says why)

# calls whose result is a bool tensor, so that it can be a `torch.where` condition as it is
_BOOL_CALLS = {"any", "all", "isnan", "isinf", "isfinite", "isneginf", "isposinf", "logical_and", "logical_or",
               "logical_not", "logical_xor", "eq", "ne", "lt", "le", "gt", "ge", "isclose", "signbit"}
_UPDATES = {cst.AddAssign: "+", cst.SubtractAssign: "-", cst.MultiplyAssign: "*", cst.DivideAssign: "/"}


def _branch_fix(node: cst.If, ctx) -> FixSpec | None:
    """Three simple shapes of a branch on a tensor, rewritten without the branch:
    `if c: raise E(...)` → `torch._assert_async(torch.logical_not(c))` (verified rewrite `assert_tensor`);
    `if c: y = a` / `else: y = b` → `y = torch.where(c, a, b)` (verified rewrite `if_tensor_sum`);
    `if c: y = a` (or `y += a`) with y a tensor already → `y = torch.where(c, a, y)`."""
    if isinstance(ctx.parent(), cst.If) or _has_bool_op(node.test):
        return None  # an `elif` (its `if` stays), or `a and b` (bool() of `a` would stay)
    body = _only_statement(node.body)
    if body is None:
        return None
    if isinstance(body, cst.Raise) and node.orelse is None and body.exc is not None and _from_torch(node.test, ctx):
        test = node.test
        checked = test.expression if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) \
            else None
        condition = (Bare(checked),) if checked is not None else torch_call("logical_not", test)
        return replace(node, (f"{TORCH}._assert_async(", *condition, ")", _comments(node)), UNSAFE,
                       "Check in the graph: `torch._assert_async(...)` raises a RuntimeError (without the message)")
    condition = _bool_condition(node.test, ctx) if _from_torch(node.test, ctx) else None
    target, value = _assigned(body)
    if condition is None or target is None or not _selectable(value, ctx):
        return None
    if node.orelse is None:
        # `y = y / s` keeps y's shape; `y = y[~m]` would not, and torch.where needs both sides alike
        if not ctx.is_tensor(target) or not _elementwise(value, target):
            return None
        other: cst.BaseExpression | str = target
    else:
        if not isinstance(node.orelse, cst.Else):
            return None
        other_statement = _only_statement(node.orelse.body)
        other_target, other = _assigned(other_statement) if other_statement is not None else (None, None)
        if other_target is None or not other_target.deep_equals(target) or not _selectable(other, ctx):
            return None
        if not (_tensorish(value, ctx) or _tensorish(other, ctx)) or not (_elementwise(value) and _elementwise(other)):
            return None
    return replace(node, (target, " = ", *torch_call("where", condition, value, other), _comments(node)), UNSAFE,
                   "Select in the graph: `y = torch.where(cond, a, b)` (both sides are computed)")


def _comments(node: cst.If) -> str:
    """The comments inside the replaced `if` statement, kept at the end of the line that replaces it."""
    found = [comment.value for comment in _comments_under(node)]
    return "  " + "  ".join(found) if found else ""


def _comments_under(node: cst.CSTNode):
    """In source order, through libcst's own children: graphlint's walks leave comments out."""
    for child in node.children:
        if isinstance(child, cst.Comment):
            yield child
        yield from _comments_under(child)


# methods and torch functions that keep their input's shape
_ELEMENTWISE = {"abs", "exp", "log", "log1p", "sqrt", "rsqrt", "sigmoid", "tanh", "relu", "clamp", "clip", "neg",
                "float", "double", "half", "to", "detach", "clone", "sign", "square", "pow", "reciprocal", "exp2",
                "expm1", "sin", "cos", "floor", "ceil", "round", "trunc", "nan_to_num", "where", "maximum", "minimum"}


def _elementwise(value, must_contain: cst.Name | None = None) -> bool:
    """Is the value built elementwise from names, attributes and numbers (`y / s`, `out + x.abs() * 2`), so
    that it has the shape of its operands? With must_contain, that name must be one of them."""
    leaves: list = []

    def ok(node) -> bool:
        if isinstance(node, cst.BinaryOperation):
            return ok(node.left) and ok(node.right)
        if isinstance(node, cst.UnaryOperation) and not isinstance(node.operator, cst.Not):
            return ok(node.expression)
        if isinstance(node, cst.Call):
            func = node.func
            name = func.attr.value if isinstance(func, cst.Attribute) else ""
            receiver_ok = isinstance(func, cst.Attribute) and (ok(func.value) or dotted(func.value) == "torch")
            return name in _ELEMENTWISE and receiver_ok and all(ok(a.value) for a in node.args)
        if isinstance(node, (cst.Name, cst.Attribute, cst.Integer, cst.Float)):
            leaves.append(node)
            return True
        return False

    return all(ok(v) for v in _operands(value)) and (
        must_contain is None or any(leaf.deep_equals(must_contain) for leaf in leaves))


def _from_torch(test: cst.BaseExpression, ctx) -> bool:
    """A test computed by torch (`torch.isnan(x).any()`, `x.sum() > 0`), not by numpy or an array namespace,
    whose values `torch._assert_async` could not take."""
    if isinstance(test, cst.UnaryOperation):
        return _from_torch(test.expression, ctx)
    if isinstance(test, cst.Comparison):
        return any(_from_torch(e, ctx) for e in [test.left, *(c.comparator for c in test.comparisons)])
    if isinstance(test, cst.Call):
        qual = ctx.qualname(test.func)
        if qual is not None:
            return qual.startswith("torch.")
        return isinstance(test.func, cst.Attribute) and _from_torch(test.func.value, ctx)
    return ctx.kind(test) in (TENSOR, BOOL_TENSOR)


def _has_bool_op(test: cst.BaseExpression) -> bool:
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _has_bool_op(test.expression)
    return isinstance(test, cst.BooleanOperation)


def _only_statement(block: cst.BaseSuite) -> cst.BaseSmallStatement | None:
    """The one small statement of a block (`if c: raise E()` written on one line counts too)."""
    if isinstance(block, cst.SimpleStatementSuite):
        return block.body[0] if len(block.body) == 1 else None
    if len(block.body) != 1 or not isinstance(block.body[0], cst.SimpleStatementLine):
        return None
    line = block.body[0]
    return line.body[0] if len(line.body) == 1 else None


def _assigned(statement: cst.BaseSmallStatement):
    """(target Name, new value) of `y = a`, or of `y += a` as `y + a`; (None, None) otherwise."""
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1 \
            and isinstance(statement.targets[0].target, cst.Name):
        return statement.targets[0].target, statement.value
    if isinstance(statement, cst.AugAssign) and isinstance(statement.target, cst.Name):
        op = _UPDATES.get(type(statement.operator))
        if op is not None:
            value = statement.value
            if isinstance(value, _ATOMS):
                return statement.target, (statement.target, f" {op} ", value)
            return statement.target, (statement.target, f" {op} (", Bare(value), ")")
    return None, None


# operands that need no parentheses after `y + `
_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)


def _bool_condition(test: cst.BaseExpression, ctx) -> tuple | None:
    """The test as pieces of a `torch.where` condition, when it is surely a bool tensor."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _bool_condition(test.expression, ctx)
        return None if inner is None else torch_call("logical_not", test.expression)
    if elementwise_comparison(test):
        return (Bare(test),) if len(test.comparisons) == 1 else None
    if isinstance(test, cst.Call):
        func = test.func
        name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        if name in _BOOL_CALLS and ctx.is_tensor(test):
            return (Bare(test),)
    return None


def _operands(value) -> list[cst.BaseExpression]:
    """The nodes a side of `torch.where` is made of: the value itself, or those of `y += a` as (y, " + ", a)."""
    pieces = value if isinstance(value, tuple) else (value,)
    return [p.node if isinstance(p, Bare) else p for p in pieces if not isinstance(p, str)]


def _selectable(value, ctx) -> bool:
    """A side of `torch.where`: a tensor, a number, or `y + a` built from them."""
    return all(number_literal(v) or ctx.is_tensor(v) for v in _operands(value))


def _tensorish(value, ctx) -> bool:
    return any(ctx.is_tensor(v) for v in _operands(value))
