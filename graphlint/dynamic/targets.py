"""Sample-input targets: `@graphlint.target` and finding the targets in a targets file.

A targets file is a Python file of functions decorated `@graphlint.target` (or
`@graphlint.target(name=..., compile_options={...})`), each returning `(callable_or_module, args)` or
`(callable_or_module, args, kwargs)`. The parent process lists targets by reading the file's syntax
(`ast`), never by importing it: importing it would import torch and the user's model, which only the
runner subprocess may do. No torch here.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

DEFAULT_TARGETS_FILE = "graphlint_targets.py"
TARGET_ATTRIBUTE = "__graphlint_target__"


@dataclass(frozen=True)
class TargetSpec:
    """What the decorator records on the function (read back by the runner)."""

    name: str | None = None
    compile_options: dict[str, Any] = field(default_factory=dict)


def target(fn: Callable | None = None, *, name: str | None = None,
           compile_options: dict[str, Any] | None = None):
    """Mark a function as a dynamic-pass target. Usable bare (`@target`) or called (`@target(name=...)`)."""

    def mark(function: Callable) -> Callable:
        setattr(function, TARGET_ATTRIBUTE, TargetSpec(name, dict(compile_options or {})))
        return function

    return mark(fn) if fn is not None else mark


@dataclass(frozen=True)
class TargetRef:
    """A target as found in the targets file: its name, the function defining it, where."""

    name: str
    function: str
    line: int
    compile_options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


class TargetsFileError(Exception):
    """The targets file is missing, unreadable, not valid Python, or defines no target."""


def find_targets_file(explicit: str | None, configured: str | None, config_dir: Path | None,
                      paths: list[str]) -> Path:
    """`--targets`, else `targets` from config (relative to the config file), else
    `graphlint_targets.py` in the first linted directory (or a linted file's directory), else in cwd."""
    if explicit:
        candidates = [Path(explicit)]
    elif configured:
        candidates = [(config_dir or Path(".")) / configured]
    else:
        dirs = [Path(p) if Path(p).is_dir() else Path(p).parent for p in paths if p != "-"]
        candidates = [d / DEFAULT_TARGETS_FILE for d in [*dirs, Path(".")]]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise TargetsFileError(f"no targets file found (looked for {', '.join(str(c) for c in candidates)}); "
                           f"write `{DEFAULT_TARGETS_FILE}` with `@graphlint.target` functions or pass --targets")


def list_targets(path: Path) -> list[TargetRef]:
    """The module-level functions decorated as targets, in file order."""
    try:
        tree = ast.parse(path.read_bytes(), filename=str(path))
    except (OSError, SyntaxError, ValueError) as exc:
        raise TargetsFileError(f"{path}: cannot read targets: {exc}") from None
    aliases = _target_aliases(tree)
    refs = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                if _is_target_decorator(decorator, aliases):
                    refs.append(_ref(node, decorator))
                    break
    if not refs:
        raise TargetsFileError(f"{path}: no `@graphlint.target` functions at module level")
    return refs


def _target_aliases(tree: ast.Module) -> tuple[set[str], set[str]]:
    """(names bound to the graphlint module, names bound to graphlint.target) by the file's imports."""
    modules, functions = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name == "graphlint")
        elif isinstance(node, ast.ImportFrom) and node.module == "graphlint":
            functions.update(a.asname or a.name for a in node.names if a.name == "target")
    return modules, functions


def _is_target_decorator(decorator: ast.expr, aliases: tuple[set[str], set[str]]) -> bool:
    modules, functions = aliases
    expr = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(expr, ast.Name):
        return expr.id in functions
    return (isinstance(expr, ast.Attribute) and expr.attr == "target"
            and isinstance(expr.value, ast.Name) and expr.value.id in modules)


def _ref(node: ast.FunctionDef | ast.AsyncFunctionDef, decorator: ast.expr) -> TargetRef:
    keywords = {k.arg: k.value for k in decorator.keywords} if isinstance(decorator, ast.Call) else {}
    name = _literal(keywords.get("name")) or node.name
    options = _literal(keywords.get("compile_options")) or {}
    return TargetRef(name=str(name), function=node.name, line=node.lineno,
                     compile_options=options if isinstance(options, dict) else {})


def _literal(node: ast.expr | None) -> Any:
    # A computed name or option (not a literal) falls back to the default; the runner still applies
    # the decorator's real values when it imports the file.
    if node is None:
        return None
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None
