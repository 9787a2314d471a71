"""Resolving names to qualified names through the file's imports (`t.compile` → `torch.compile`).

A full libcst ScopeProvider + QualifiedNameProvider costs ~8× a parse (DESIGN.md, "Cost"); the rules
only need names that come from imports, so we build the import table once per file and resolve
Name/Attribute chains against it. Names bound locally (not imported) resolve to None, and a local
assignment that shadows an import is taken into account by the callers that track local bindings.
"""

from __future__ import annotations

import libcst as cst


def dotted(node: cst.BaseExpression) -> str | None:
    """`a.b.c` → 'a.b.c' for Name/Attribute chains, else None."""
    # by class identity (libcst's node classes are final): a failed `isinstance` goes through the ABC machinery,
    # and the rules ask this of every call's callee several times
    parts: list[str] = []
    while type(node) is cst.Attribute:
        parts.append(node.attr.value)
        node = node.value
    if type(node) is cst.Name:
        parts.append(node.value)
        return ".".join(reversed(parts))
    return None


def module_name_of(node: cst.BaseExpression | None) -> str:
    return dotted(node) if node is not None else ""  # type: ignore[return-value]


def resolve_relative(current_module: str, is_package: bool, level: int, target: str) -> str:
    """`from ..a import b` inside pkg.sub.mod → 'pkg.a'."""
    parts = current_module.split(".") if current_module else []
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)] if level - 1 <= len(parts) else []
    base = ".".join(parts)
    if target:
        return f"{base}.{target}" if base else target
    return base


STAR_IMPORTED_ALIASES = {"torch": "torch", "nn": "torch.nn", "F": "torch.nn.functional", "np": "numpy"}


class ImportTable:
    """local name → qualified name, for every import anywhere in the file."""

    dotted = staticmethod(dotted)  # `a.b.c` of a node (summary_ast's table reads ast nodes with its own)

    def __init__(self, module_name: str = "", is_package: bool = False) -> None:
        self.module_name = module_name
        self.is_package = is_package
        self.names: dict[str, str] = {}
        self.assumed: set[str] = set()  # names taken from a star import by convention: no sign of torch
        self.star_modules: list[str] = []

    def add_import(self, node: cst.Import) -> None:
        for alias in node.names:
            asname = alias.asname.name.value if alias.asname is not None and isinstance(alias.asname.name, cst.Name) \
                else None
            self.bind_import(module_name_of(alias.name), asname)

    def add_import_from(self, node: cst.ImportFrom) -> None:
        module = module_name_of(node.module) if node.module is not None else ""
        if isinstance(node.names, cst.ImportStar):
            self.bind_import_from(module, len(node.relative), None)
            return
        self.bind_import_from(module, len(node.relative), [
            (module_name_of(alias.name), alias.asname.name.value
             if alias.asname is not None and isinstance(alias.asname.name, cst.Name) else None)
            for alias in node.names])

    # the bindings themselves, from plain names: libcst's statements above, CPython's ast ones in summary_ast.py
    def bind_import(self, full: str, asname: str | None) -> None:
        """`import a.b.c [as x]`."""
        if asname is not None:
            self.names[asname] = full
            self.assumed.discard(asname)
            return
        # `import a.b.c` binds `a`
        top = full.split(".")[0]
        if top in self.assumed or top not in self.names:
            self.assumed.discard(top)
            self.names[top] = top

    def bind_import_from(self, module: str, level: int, aliases: list[tuple[str, str | None]] | None) -> None:
        """`from [.]module import name [as x], ...`; aliases None for `import *`."""
        base = resolve_relative(self.module_name, self.is_package, level, module) if level else module
        if aliases is None:
            self.star_modules.append(base)
            # `from ..layers import *` in a torch project (deepctr-torch) hands over that module's `torch`, `nn`,
            # `F` and `np`: assume the names everyone gives them, unless the file imports them itself
            for local, full in STAR_IMPORTED_ALIASES.items():
                if local not in self.names:
                    self.names[local] = full
                    self.assumed.add(local)
            return
        for name, asname in aliases:
            local = asname if asname is not None else name
            self.names[local] = f"{base}.{name}" if base else name
            self.assumed.discard(local)

    def resolve(self, node: cst.BaseExpression) -> str | None:
        """Qualified name of a Name/Attribute chain rooted in an import, else None."""
        text = self.dotted(node)
        if text is None:
            return None
        head, _, rest = text.partition(".")
        full = self.names.get(head)
        if full is None:
            return None
        return f"{full}.{rest}" if rest else full

    def imports_torch(self) -> bool:
        return any((v == "torch" or v.startswith("torch.")) and k not in self.assumed for k, v in self.names.items())


# attributes that hold a logger on any object (`trainer.logger`, tsdb's `Logger(...).logger`; `log` left out: a
# LightningModule's `self.log` is a method)
LOGGER_ATTRS = frozenset({"logger", "_logger", "LOGGER"})


def is_logger_factory(name: str) -> bool:
    """`logging.getLogger`, a library's `get_logger`, or the project's own `get_logger()`: returns a Logger."""
    return name.rsplit(".", 1)[-1] in ("getLogger", "get_logger")
