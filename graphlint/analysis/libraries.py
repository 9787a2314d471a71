"""Installed libraries that traced code calls, followed into their source: read from the files, never imported.

Dynamo inlines a pure-Python library like any other Python, so a break inside `torchmetrics`' `confusion_matrix`
breaks the user's compiled function at the line that calls it (the deepest frame in the user's code). When traced
code calls a function or builds a class of such a library, and the library's source is installed where graphlint's
own interpreter finds it (`sys.path`: run graphlint in the environment of the code it lints; GRAPHLINT_LIBRARY_PATH
adds directories, `extensions.library_roots`), its module files join the project phase as *library files*: their
functions are traced only as far as the user's code reaches them (no compile site, module `forward` or public
function of theirs starts a region), their findings are never reported in them, and a call from the user's code to
a library function that breaks on every call becomes a GL616 finding at the call (engine.py: `library_breaks`
finds the functions and their findings, `_library_calls` reports the calls).

Not followed: torch and the packages Dynamo understands natively (extensions.TRACEABLE), the standard library, the
libraries Dynamo skips (GL603), compiled extensions (GL303), the project's own packages (linted along already) and
the libraries GL616 has measured tables for (torch_geometric, torchvision, Lightning, torchsde, torchdiffeq), and
modules that do not import torch (sympy's, packaging's: no tensor code), unless they are a package's `__init__`,
which re-exports. At most MAX_FILES library files, MAX_ROUNDS calls deep.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from typing import Callable

from graphlint.analysis.extensions import DYNAMO_SKIPPED_LIBRARIES, TRACEABLE, compiled_package, library_roots
from graphlint.analysis.regions import ProjectIndex
from graphlint.analysis.summary import FileSummary

# not read: the libraries GL616 knows call by call, measured (checks/gl616_breaking_library_call.py: its tables say it
# better), torchaudio (PyTorch's own, built on its operator library) and graphlint itself
MEASURED_LIBRARIES = frozenset({"torch_geometric", "torchvision", "pytorch_lightning", "lightning", "lightning_fabric",
                                "lightning_utilities", "torchsde", "torchdiffeq", "torchaudio", "graphlint"})
# how far the project phase follows libraries: rounds of (trace, load the modules the traced code names)
MAX_ROUNDS = 3
MAX_FILES = 100


def followable(top: str, project_packages: frozenset[str]) -> bool:
    """May the project phase read this top-level package's source?"""
    return bool(top) and top.isidentifier() and top not in project_packages and top not in TRACEABLE \
        and top not in MEASURED_LIBRARIES and top not in DYNAMO_SKIPPED_LIBRARIES \
        and top not in sys.stdlib_module_names and not compiled_package(top)


@lru_cache(maxsize=4096)
def module_file(qualified: str) -> str | None:
    """The installed source file of the longest module prefix of `qualified` (`a.b.c.f` → `.../a/b/c.py`)."""
    parts = qualified.split(".")
    for end in range(len(parts), 0, -1):
        for entry in _search_path():
            base = os.path.join(entry, *parts[:end])
            for candidate in (base + ".py", os.path.join(base, "__init__.py")):
                if os.path.isfile(candidate):
                    return candidate
    return None


@lru_cache(maxsize=1)
def _search_path() -> tuple[str, ...]:
    return tuple(p for p in library_roots() if os.path.isdir(p))


def named_by(summary: FileSummary, keys: list[str]) -> set[str]:
    """Qualified names the given functions of a file call, build or inherit from, resolved through its imports."""
    names: set[str] = set()
    classes = set()
    for key in keys:
        info = summary.functions.get(key)
        if info is None:
            continue
        if info.class_name:
            classes.add(info.class_name)
        for ref in info.calls:
            if ref.kind == "qualified":
                names.add(ref.target)
            elif ref.kind in ("instance_method", "annotated_method"):
                names.add(ref.target.partition("|")[0])
    for name in classes:
        cls = summary.classes.get(name)
        if cls is not None:
            names.update(cls.bases)
            names.update(c for callees in cls.attr_classes.values() for c in callees)
    return {q for name in names for q in [_imported(summary, name)] if q}


def _imported(summary: FileSummary, name: str) -> str | None:
    """The qualified name of an imported name (`F.relu` → `torch.nn.functional.relu`); None for a local one."""
    head, dot, rest = name.partition(".")
    if head in summary.imports:
        return summary.imports[head] + dot + rest
    return name if dot and head not in summary.classes and head not in summary.functions else None


def wanted_file(name: str, read_files: dict[str, FileSummary], known,
                project_packages: frozenset[str]) -> str | None:
    """The library file still to read for `name` to resolve: its module's, or, when that module is read already
    and re-exports the name (`pkg/__init__.py`: `from .metric import Metric`), the module it comes from."""
    for _ in range(8):
        if not followable(name.partition(".")[0], project_packages) or name in known:
            return None
        path = module_file(name)
        if path is None:
            return None
        summary = read_files.get(path)
        if summary is None:
            return path
        rest = name[len(summary.module) + 1:] if summary.module and name.startswith(summary.module + ".") else ""
        head, dot, tail = rest.partition(".")
        if not head or head not in summary.imports:
            return None
        name = summary.imports[head] + dot + tail
    return None


def _torch_code(summary: FileSummary | None, path: str) -> FileSummary | None:
    """Keep a library module that imports torch, or a package's `__init__` (it re-exports names); sympy's or
    packaging's modules hold no tensor code worth reading a hundred files for."""
    if summary is not None and (summary.imports_torch or os.path.basename(path) == "__init__.py"):
        return summary
    return None


def follow_libraries(summaries: list[FileSummary], load: Callable[[str], FileSummary | None],
                     trace: Callable[[ProjectIndex], dict]) -> tuple[ProjectIndex, dict, list[FileSummary]]:
    """The project index and traced regions with the library files the traced code reaches, read round by round
    (a round's newly traced library functions name more modules): (index, traced, the library summaries)."""
    project = frozenset(s.module.partition(".")[0] for s in summaries if s.module)
    index = ProjectIndex(summaries)
    traced = trace(index)
    read: dict[str, FileSummary | None] = {}  # absolute path → summary (None: unreadable)
    walked: set[tuple[str, str]] = set()
    pending: set[str] = set()
    for _ in range(MAX_ROUNDS):
        fresh = [fid for fid in traced if fid not in walked]
        walked.update(fresh)
        by_file: dict[str, list[str]] = {}
        for path, key in fresh:
            by_file.setdefault(path, []).append(key)
        for path, keys in by_file.items():
            pending |= named_by(index.files[path], keys)
        known = index.functions.keys() | index.classes.keys()
        pending = {name for name in pending if name not in known}
        read_files = {path: s for path, s in read.items() if s is not None}
        wanted = sorted({w for name in pending for w in [wanted_file(name, read_files, known, project)]
                         if w is not None and w not in read})[:MAX_FILES - len(read)]
        if not wanted:
            break
        for path in wanted:
            read[path] = _torch_code(load(path), path)
        library = [s for s in read.values() if s is not None]
        index = ProjectIndex(summaries + library, frozenset(s.path for s in library))
        traced = trace(index)
    return index, traced, [s for s in read.values() if s is not None]
