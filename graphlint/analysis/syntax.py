"""Tree walks the engine, the walker and the kind inference share (no libcst visitor needed)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

# libcst computes `node.children` with a visitor on every access; the engine and the walker ask for the
# same nodes' children many times per function (hiding scopes, arms, print aliases), which made this the
# hottest path on large packages. Nodes hash by identity; the engine clears this once per file.
_CHILDREN: dict[cst.CSTNode, Sequence[cst.CSTNode]] = {}


def children(node: cst.CSTNode) -> Sequence[cst.CSTNode]:
    kids = _CHILDREN.get(node)
    if kids is None:
        kids = _CHILDREN[node] = node.children
    return kids


def forget_children() -> None:
    _CHILDREN.clear()


def names_in(node: cst.CSTNode):
    """Every Name under `node` (attribute parts included), outside lambdas and comprehensions."""
    if isinstance(node, cst.Name):
        yield node
    for child in children(node):
        if not isinstance(child, (cst.Lambda, cst.BaseComp)):
            yield from names_in(child)


def parameters(fn: cst.FunctionDef, stars: bool = False) -> list[cst.Param]:
    """The function's named parameters in order (positional-only, plain, keyword-only), and with
    `stars` its `*args` / `**kwargs` too."""
    params = fn.params
    named = [*params.posonly_params, *params.params, *params.kwonly_params]
    return named + [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)] if stars else named


def nodes_of(node: cst.CSTNode, kinds: type | tuple[type, ...]):
    """The nodes of the given types under `node`, outside nested definitions."""
    for child in children(node):
        if isinstance(child, kinds):
            yield child
        if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            yield from nodes_of(child, kinds)
