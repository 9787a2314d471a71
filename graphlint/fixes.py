"""What a check proposes as a fix, and how that becomes text edits.

A check hands `ctx.report(..., fix=...)` a `FixSpec`: node-level replacements built with the helpers
below (`replace`, `guard_call`, `torch_call`). Once positions are known, the engine turns it into a `Fix` with
`Edit`s (`to_fix`), adding `import torch` when the new code needs it and the file lacks it. The edits
are applied to files by `graphlint/fixer.py`.

Applicability (Ruff's tiers; each rule page says why its fix sits in its tier):
- safe: same behaviour, eager and compiled;
- unsafe: removes the break but changes behaviour in some case (the value becomes a 0-d tensor, a print
  no longer runs under compile); applied only with `--unsafe-fixes`;
- display-only: shown, never applied.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from graphlint.analysis.names import ImportTable
from graphlint.findings import SAFE, UNSAFE, Edit, Fix  # noqa: F401 (the rules import them from here)
# Stands for the name the file binds to the torch module (`torch`, or `th` after `import torch as th`).
TORCH = "\x00torch\x00"
# Stands for one indentation step of the file (`module.default_indent`).
INDENT = "\x00indent\x00"


# A piece of new code: text, or a node of the file, which stands for its source as written (with its own
# parentheses), so that comments, layout and string contents inside it survive the rewrite unchanged.


@dataclass(frozen=True)
class Replacement:
    node: cst.CSTNode
    # new source for the node's range (libcst's range: the node's own parentheses stay outside it)
    code: tuple[str | cst.CSTNode | Bare, ...]


@dataclass(frozen=True)
class FixSpec:
    applicability: str
    message: str
    replacements: tuple[Replacement, ...]
    # torch versions where the new code exists and was measured to trace without a break (None: all)
    torch_range: str | None = None


def replace(node: cst.CSTNode, code: tuple[str | cst.CSTNode | Bare, ...], applicability: str, message: str,
            torch_range: str | None = None) -> FixSpec:
    return FixSpec(applicability, message, (Replacement(node, code),), torch_range)


# Measured (measurements/VERSIONS.md, `*__rw_is_compiling`): `torch.compiler.is_compiling()` exists and
# guards without a break from 2.3 on; on 2.1 and 2.2 the rewrite raises.
IS_COMPILING_RANGE = ">=2.3"


GUARD_MESSAGE = "Run it only outside compile: `if not torch.compiler.is_compiling():`"


def guard_call(call: cst.Call, statement: cst.CSTNode | None) -> FixSpec | None:
    """`print(x)` → `if not torch.compiler.is_compiling():\n    print(x)`, for a call that is a whole statement
    line, so that guarding the statement guards only the call; None otherwise (`y = f(print(x))`, `a(); b()`,
    `if x: print(y)`)."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1
            and isinstance(statement.body[0], cst.Expr) and statement.body[0].value is call):
        return None
    small = statement.body[0]
    # Continuation lines are left as they are: they sit inside brackets (or after a backslash), where
    # indentation means nothing, and they may be inside a string, where it would change the value.
    code = (f"if not {TORCH}.compiler.is_compiling():\n{INDENT}", small)
    return FixSpec(UNSAFE, GUARD_MESSAGE, (Replacement(small, code),), IS_COMPILING_RANGE)


@dataclass(frozen=True)
class Bare:
    """A node of the file without its own parentheses: for a place where any expression goes (a call's
    argument), so that `f((x > 0))` reads `f(x > 0)`."""

    node: cst.CSTNode


def argument(node: cst.CSTNode) -> cst.CSTNode | Bare:
    # a generator expression needs its parentheses next to other arguments
    return node if isinstance(node, (cst.GeneratorExp, cst.Yield)) else Bare(node)


def torch_call(function: str, *args) -> tuple[str | cst.CSTNode | Bare, ...]:
    """`torch.<function>(a, b)` as pieces: each argument is text, a node of the file, or a tuple of pieces."""
    pieces: list[str | cst.CSTNode | Bare] = [f"{TORCH}.{function}("]
    for i, arg in enumerate(args):
        if i:
            pieces.append(", ")
        if isinstance(arg, tuple):
            pieces.extend(arg)
        else:
            pieces.append(arg if isinstance(arg, str) else argument(arg))
    pieces.append(")")
    return tuple(pieces)


# ---------------------------------------------------------------- spec → edits

def module_torch_name(module: cst.Module) -> str | None:
    """The name a top-level `import torch` / `import torch as th` / `import torch.nn` binds to torch, else None."""
    table = ImportTable()
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Import):
                    table.add_import(small)
    return next((local for local, full in table.names.items() if full == "torch"), None)


def _import_line(module: cst.Module, positions) -> int:
    """The line before which `import torch` goes: after the docstring, `__future__` imports and the
    leading block of imports."""
    line = 1
    for i, statement in enumerate(module.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            break
        small = statement.body[0]
        is_docstring = i == 0 and isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString)
        if not (is_docstring or isinstance(small, (cst.Import, cst.ImportFrom))):
            break
        line = positions[statement].end.line + 1
    return line


def to_fix(spec: FixSpec, positions, module: cst.Module, lines: list[str], newline: str) -> Fix:
    """Node replacements → text edits (1-based lines and columns, end exclusive)."""
    torch_name = module_torch_name(module)
    edits = []
    needs_torch = False
    for rep in spec.replacements:
        rng = positions[rep.node]
        indent = _indent_of(lines, rng.start.line) + module.default_indent

        def render(piece) -> str:
            if isinstance(piece, str):
                return piece.replace(TORCH, torch_name or "torch").replace(INDENT, indent).replace("\n", newline)
            if isinstance(piece, Bare):
                return _written(piece.node, positions, lines, parens=False)
            return _written(piece, positions, lines)

        needs_torch |= any(isinstance(p, str) and TORCH in p for p in rep.code)
        code = "".join(render(p) for p in rep.code)
        edits.append(Edit(rng.start.line, rng.start.column + 1, rng.end.line, rng.end.column + 1, code))
    if needs_torch and torch_name is None:
        at = _import_line(module, positions)
        edits.append(Edit(at, 1, at, 1, f"import torch{newline}"))
    return Fix(spec.applicability, spec.message, tuple(sorted(edits, key=lambda e: (e.line, e.column))))


def _written(node: cst.CSTNode, positions, lines: list[str], parens: bool = True) -> str:
    """The node's source as written, with its own parentheses unless parens=False."""
    rng = positions[node]
    if rng.start.line == rng.end.line:
        text = lines[rng.start.line - 1][rng.start.column:rng.end.column]
    else:
        text = "".join([lines[rng.start.line - 1][rng.start.column:], *lines[rng.start.line:rng.end.line - 1],
                        lines[rng.end.line - 1][:rng.end.column]])
    count = len(getattr(node, "lpar", ()) or ()) if parens else 0
    return "(" * count + text + ")" * count


def _indent_of(lines: list[str], line: int) -> str:
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return text[: len(text) - len(text.lstrip(" \t"))]
