"""Which files cannot hold a finding, found before anything is parsed.

TorchFix skips every file without the substring `torch`. graphlint cannot: a helper module that never names
torch is traced when a model's forward calls it, a class there may be the base of a module, and a caller
elsewhere tells a function what kinds its arguments have. What decides a file's findings is the files it is
connected to by imports, in either direction. So the pre-filter reads each file's imports with a regular
expression (no parse), joins files that import one another into groups, and skips a whole group only when
none of its files shows any sign of array code (`torch`, `Tensor`, `numpy`, an array namespace `xp`/`nx`).
A file with no imports at all beside array code (torchdiffeq's `_impl/interp.py`) is kept too.

Such a group is not torch code: nothing in it takes a tensor unless a caller outside the linted files passes
one, and Dynamo skips a frame with no tensor in it. Its files are not parsed, and their functions are not
linted (before the pre-filter, `--scope auto` reported pycodestyle's `print` calls as breaks). A skipped file
still counts as checked, and CPython's own parser still reads it, so a syntax error is reported as before (a
file CPython rejects is never skipped). With `GRAPHLINT_NO_PREFILTER=1` every file is parsed and linted as
before the pre-filter, and only the findings of the files it would skip are dropped: the same findings with
and without it means skipping them changed nothing for the other files (tests/test_prefilter.py).
"""

from __future__ import annotations

import ast
import os
import re
import warnings
from dataclasses import dataclass

from graphlint.files import SourceFile, module_name_for, read_source

# any sign of array code; an identifier containing these (`torchvision`, `TensorType`) counts as well. An array
# namespace (`xp`, `nx`, `xp: ArrayNamespace`), not `argparse.Namespace` / `SimpleNamespace` (tensors.py agrees)
ARRAY_CODE = re.compile(r"torch|Tensor|numpy|\b(?:xp|nx)\b|(?<![\w.])\w*Namespace\b(?<!SimpleNamespace)")
_IMPORT = re.compile(r"(?:^|;)[ \t]*(?:from[ \t]+(?P<base>\.*[\w.]*)[ \t]+import[ \t]*(?P<names>\([^)]*\)|[^\n;#]*)"
                     r"|import[ \t]+(?P<modules>[^\n;#]*))", re.MULTILINE)


@dataclass
class _File:
    path: str
    text: str | None  # None: unreadable or undecodable (the normal path reports why)
    module: str
    is_package: bool


def skippable(files: list[str], extra: SourceFile | None = None) -> set[str]:
    """The files of `files` that no finding can come from (see the module's docstring). `extra`: an unsaved
    buffer linted with them, never skipped."""
    parsed = [_read(path) for path in files]
    if extra is not None:
        parsed.append(_File(extra.path, extra.text, *module_name_for(extra.path)))
    groups = _Groups(len(parsed))
    by_module: dict[str, list[int]] = {}
    for i, f in enumerate(parsed):
        by_module.setdefault(f.module, []).append(i)  # two `utils.py` outside packages are both `utils`
    has_imports: list[bool] = []
    for i, f in enumerate(parsed):
        imported = list(_imports(f)) if f.text is not None else []
        has_imports.append(bool(imported))
        for module in imported:
            for j in by_module.get(module, ()):
                groups.join(i, j)
    live = {groups.find(i) for i, f in enumerate(parsed) if f.text is None or ARRAY_CODE.search(f.text)}
    if extra is not None:
        live.add(groups.find(len(parsed) - 1))
    live_dirs = {os.path.dirname(f.path) for i, f in enumerate(parsed) if groups.find(i) in live}
    skipped = set()
    for i, f in enumerate(parsed[:len(files)]):
        if groups.find(i) in live or (not has_imports[i] and os.path.dirname(f.path) in live_dirs):
            continue
        if _cpython_parses(f.text):
            skipped.add(files[i])
    return skipped


def prefilter_skips() -> bool:
    """False under GRAPHLINT_NO_PREFILTER=1: the engine then reads every file, and drops only the findings of the
    files it would have skipped (the speed benchmark's and the tests' comparison)."""
    return os.environ.get("GRAPHLINT_NO_PREFILTER", "").strip() in ("", "0")


def _read(path: str) -> _File:
    source = read_source(path)
    return _File(path, source.text if isinstance(source, SourceFile) else None, *module_name_for(path))


def _imports(f: _File):
    """Every module the file may load by an import statement: each one named, its parent packages, and, for
    `from M import a`, `M.a` (a submodule or a name of M)."""
    text = f.text.replace("\\\n", " ")
    for match in _IMPORT.finditer(text):
        if match["modules"] is not None:
            for part in match["modules"].split(","):
                yield from _with_parents(part.split()[0] if part.split() else "")
            continue
        base = _absolute(match["base"], f)
        if base is None:
            continue
        yield from _with_parents(base)
        for part in match["names"].strip("() \t\n").replace("\n", " ").split(","):
            name = part.split()[0] if part.split() else ""
            if name and name != "*":
                yield f"{base}.{name}" if base else name


def _absolute(base: str, f: _File) -> str | None:
    """`from ..a import b` in pkg.sub.mod → pkg.a."""
    level = len(base) - len(base.lstrip("."))
    if level == 0:
        return base
    package = f.module.split(".") if f.is_package else f.module.split(".")[:-1]
    if level - 1 > len(package):
        return None
    kept = package[:len(package) - (level - 1)]
    rest = base[level:]
    return ".".join([*kept, rest] if rest else kept)


def _with_parents(module: str):
    parts = module.split(".")
    for n in range(1, len(parts) + 1):
        if parts[n - 1]:
            yield ".".join(parts[:n])


def _cpython_parses(text: str | None) -> bool:
    if text is None:
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences and the like: not ours to report
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


class _Groups:
    """Union-find over file indices."""

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, a: int, b: int) -> None:
        self.parent[self.find(a)] = self.find(b)
