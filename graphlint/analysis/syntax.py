"""Tree walks the engine, the walker and the kind inference share (no libcst visitor needed)."""

from __future__ import annotations

import libcst as cst


def names_in(node: cst.CSTNode):
    """Every Name under `node` (attribute parts included), outside lambdas and comprehensions."""
    if isinstance(node, cst.Name):
        yield node
    for child in node.children:
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
    for child in node.children:
        if isinstance(child, kinds):
            yield child
        if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            yield from nodes_of(child, kinds)
