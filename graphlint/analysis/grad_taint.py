"""Does a tensor that got `requires_grad_()` in traced code leave the graph?

Since torch 2.12 Dynamo traces `t.requires_grad_()` on a tensor made in the compiled code (before, it broke at
once: GB0125, measured on 2.6 and 2.10). When it compiles the graph it checks the graph's outputs: an output
derived from `t` that still requires grad is an error it turns into a graph break at the `requires_grad_()` line
(GB8985, "requires_grad_() intermediate leaked as output", `torch/_dynamo/output_graph.py`). Nothing derived from
`t` among the outputs: no break (probes `requires_grad_intermediate_unused` and
`requires_grad_intermediate_no_grad`, torchqc's `time_tensor`).

A graph's outputs are what the function returns, what it stores outside its frame (an attribute, an item of
an argument) and the locals still live at a later break. This module follows the values derived from `t`
through the function's statements and answers the first two; the engine answers the third (a later break).
"""
from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from graphlint.analysis.syntax import children, parameters

# results that hold no autograd history: reading through them ends the derivation
_DETACHING_METHODS = frozenset({"detach", "item", "tolist", "numpy", "size", "dim", "numel", "stride",
                                "data_ptr", "element_size", "nelement", "is_contiguous"})
_PLAIN_ATTRIBUTES = frozenset({"shape", "dtype", "device", "requires_grad", "ndim", "is_leaf", "grad_fn",
                               "layout", "names", "is_cuda"})
_PLAIN_BUILTINS = frozenset({"len", "isinstance", "type", "id", "str", "repr", "print", "bool", "int", "float"})
_NO_GRAD = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.grad_mode.no_grad",
                      "torch.autograd.grad_mode.inference_mode"})
_CONTAINER_MUTATORS = frozenset({"append", "extend", "insert", "add", "update", "setdefault", "__setitem__"})


def derived_value_leaves(function: cst.FunctionDef, statement: cst.BaseSmallStatement | None,
                         receiver: cst.BaseExpression, qualname: Callable[[cst.BaseExpression], str | None]) -> bool:
    """Is a value derived from `receiver`, which gets `requires_grad_()` in `statement`, returned, yielded or
    stored outside the frame? Anything unclear counts as leaving."""
    params = {p.name.value for p in parameters(function, stars=True)}
    tainted: set[str] = {receiver.value} if isinstance(receiver, cst.Name) else set()
    if not _seed(statement, tainted, params):
        return True
    statements = [s for s in _small_statements(function, qualname) if s is not statement]
    grew = True
    while grew:  # to a fixed point: a loop carries a derived value back to the statements above it
        before = len(tainted)
        if any(_leaks_from(small, tainted, params) for small in statements):
            return True
        grew = len(tainted) > before
    return False


def _seed(statement: cst.BaseSmallStatement | None, tainted: set[str], params: set[str]) -> bool:
    """Taint what the `requires_grad_()` statement binds: False when the statement itself sends it out
    (`return x.requires_grad_()`, `self.t = ...`) or is not a plain statement (an `if` test)."""
    if isinstance(statement, cst.Expr):
        return not isinstance(statement.value, (cst.Yield, cst.Await))
    if isinstance(statement, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
        targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
        return not any(_bind(target, params, tainted) for target in targets)
    return False


def _small_statements(function: cst.FunctionDef, qualname) -> list[cst.CSTNode]:
    """The function's simple statements and compound-statement headers, outside `torch.no_grad()` blocks
    (their results require no grad) and nested definitions."""
    out: list[cst.CSTNode] = []

    def visit(node: cst.CSTNode) -> None:
        for child in children(node):
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            if isinstance(child, cst.With) and any(_no_grad(item.item, qualname) for item in child.items):
                continue
            if isinstance(child, (cst.BaseSmallStatement, cst.For, cst.With)):
                out.append(child)
            if not isinstance(child, cst.BaseSmallStatement):
                visit(child)

    visit(function.body)
    return out


def _no_grad(expr: cst.BaseExpression, qualname) -> bool:
    func = expr.func if isinstance(expr, cst.Call) else expr
    return qualname(func) in _NO_GRAD


def _leaks_from(node: cst.CSTNode, tainted: set[str], params: set[str]) -> bool:
    """Does `node` send a tainted value out of the frame? Adds the names it binds to a tainted value to `tainted`."""
    if isinstance(node, (cst.Return, cst.Expr)) and node.value is not None:
        value = node.value
        if isinstance(node, cst.Return) or isinstance(value, (cst.Yield, cst.Await)):
            return _mentions(value, tainted)
        return _mutates_with(value, tainted, params)
    if isinstance(node, cst.For):
        if _mentions(node.iter, tainted):
            return _bind(node.target, params, tainted)
        return False
    if isinstance(node, cst.With):
        return any(item.asname is not None and _mentions(item.item, tainted)
                   and _bind(item.asname.name, params, tainted) for item in node.items)
    if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
        value = node.value
        if value is None or not _mentions(value, tainted):
            return False
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
            return _mutate(node.target, params, tainted)  # `x += y` on a tensor writes into it
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        return any(_bind(target, params, tainted) for target in targets)
    if isinstance(node, (cst.Global, cst.Nonlocal)):
        return any(n.name.value in tainted for n in node.names)
    return False


def _mutates_with(value: cst.BaseExpression, tainted: set[str], params: set[str]) -> bool:
    """An expression statement: `out.append(y)`, `out.add_(y)` write into `out` (out of the frame when `out` is
    an argument or an attribute); any other call only reads its arguments."""
    func = value.func if isinstance(value, cst.Call) else None
    method = func.attr.value if isinstance(func, cst.Attribute) else ""
    writes = method in _CONTAINER_MUTATORS or method.endswith("_")  # `out.append(y)`, `acc.add_(y)`
    if not (writes and any(_mentions(a.value, tainted) for a in value.args)):
        return False
    receiver = func.value
    return _mutate(receiver, params, tainted) if isinstance(receiver, cst.Name) else True


def _bind(target: cst.BaseExpression, params: set[str], tainted: set[str]) -> bool:
    """Taint what `target` binds; True when the store reaches outside the frame (an attribute, an item of an
    argument). Rebinding a name, a parameter's too, stays in the frame."""
    if isinstance(target, cst.Name):
        tainted.add(target.value)
        return False
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(_bind(e.value, params, tainted) for e in target.elements)
    if isinstance(target, cst.StarredElement):
        return _bind(target.value, params, tainted)
    if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
        return _mutate(target.value, params, tainted)
    return True  # `self.x = y`, `obj.attr[i] = y`: stored where the caller sees it


def _mutate(name: cst.Name, params: set[str], tainted: set[str]) -> bool:
    """A tainted value written into the object `name` holds (`out[i] = y`, `out.append(y)`, `x += y`)."""
    tainted.add(name.value)
    return name.value in params


def _mentions(expr: cst.CSTNode, tainted: set[str]) -> bool:
    """Does `expr` compute from a tainted name, not counting reads that give plain values (`t.shape`,
    `len(t)`, `t.detach()`)?"""
    if isinstance(expr, cst.Name):
        return expr.value in tainted
    if isinstance(expr, cst.Attribute):
        if expr.attr.value in _PLAIN_ATTRIBUTES:
            return False
        return _mentions(expr.value, tainted)
    if isinstance(expr, cst.Call):
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value in _DETACHING_METHODS:
            return False
        if isinstance(func, cst.Name) and func.value in _PLAIN_BUILTINS:
            return False
    if isinstance(expr, (cst.FunctionDef, cst.ClassDef)):
        return False
    return any(_mentions(child, tainted) for child in children(expr))
