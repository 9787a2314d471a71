"""Rule detectors: one module per rule (`glNNN_name.py`), auto-discovered.

A check subclasses `Check`, sets `code`, and defines `visit_<NodeType>(self, node, ctx)` methods; the
walker (`graphlint/walker.py`) calls every check's method for each node of traced code in one batched
traversal. Metadata and documentation live in the rule catalog (`rules/GLxxx.md`).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from graphlint.checks.base import Check


@lru_cache(maxsize=1)
def all_checks() -> dict[str, type[Check]]:
    found: dict[str, type[Check]] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("gl"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, Check) and obj is not Check and obj.code:
                found[obj.code] = obj
    return dict(sorted(found.items()))
