"""How two file summaries are compared: the oracle that holds summary_ast.py (CPython's ast) to summary.py (libcst).

`tests/test_summary_ast.py` runs it on the fixtures and inline cases, `bench/speed/summary_equality.py` on whole
corpora. A change to either builder must keep them equal, in content and in order.
"""

from __future__ import annotations

import dataclasses


def field_diff(a, b, where: str = "") -> list[str]:
    """The fields where two summaries differ, down to the function or class that differs (`a` from ast)."""
    if dataclasses.is_dataclass(a) and type(a) is type(b):
        out = []
        for f in dataclasses.fields(a):
            x, y = getattr(a, f.name), getattr(b, f.name)
            if f.compare and x != y:
                out += field_diff(x, y, f"{where}.{f.name}")
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{where}[{k!r}]: only in {'ast' if k in a else 'libcst'}" for k in a.keys() ^ b.keys()]
        for k in a.keys() & b.keys():
            if a[k] != b[k]:
                out += field_diff(a[k], b[k], f"{where}[{k!r}]")
        return out
    return [f"{where}: ast {a!r} != libcst {b!r}"]


def in_order(value):
    """The value with every dict, set and dataclass field as a list in iteration order, every field included
    (`DynamoConfig.sources`, left out of `==`, names where a setting was seen): code that iterates the summary
    must see the same order from both builders, which `==` on dicts and sets does not check."""
    if dataclasses.is_dataclass(value):
        return [type(value).__name__] + [(f.name, in_order(getattr(value, f.name))) for f in dataclasses.fields(value)]
    if isinstance(value, dict):
        return [(k, in_order(v)) for k, v in value.items()]
    if isinstance(value, (set, frozenset, list, tuple)):
        return [type(value).__name__] + [in_order(v) for v in value]
    return value
