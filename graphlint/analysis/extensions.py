"""Which third-party packages are compiled extensions — read from installed files, never imported.

Dynamo traces Python; a call into C (`scipy.special.expit`, a ctypes function) is opaque to it. A
top-level package counts as compiled when its installed directory holds extension modules (`.so`,
`.pyd`) or it is one itself. Packages Dynamo understands natively (torch, numpy via torch._numpy,
einops) are never reported, and neither are PyTorch operator libraries: a package that loads its
compiled modules with `torch.ops.load_library` (torchvision's `_C.so`) calls them as `torch.ops.<ns>.<op>`,
which Dynamo records as custom ops; its Python functions are traced like any other Python. The lookup uses GRAPHLINT_LIBRARY_PATH and graphlint's own interpreter's
`sys.path` (`library_roots`): run graphlint in the environment of the code it lints, or point GRAPHLINT_LIBRARY_PATH at
that environment's site-packages, for this rule to see third-party packages.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache

TRACEABLE = {"torch", "numpy", "einops", "functorch", "triton", "typing_extensions", "graphlint", "math",
             "builtins", "operator", "functools", "itertools", "collections", "dataclasses", "typing", "enum",
             "abc", "contextlib", "warnings", "logging", "copy", "json", "time", "random", "sys", "os", "re",
             "zlib", "pickle", "datetime", "threading", "inspect", "io", "pathlib", "ctypes"}
EXTENSION_SUFFIXES = (".so", ".pyd")
# torch/_dynamo/trace_rules.py THIRDPARTY_SKIPLIST (2.13), less numpy (torch._numpy traces it): every
# function of these libraries is a skipped function, compiled or not (GL603 reports them, not GL303)
DYNAMO_SKIPPED_LIBRARIES = ("tqdm", "networkx", "pandas", "sklearn", "tabulate", "hypothesis", "tree",
                            "xarray", "onnx", "onnxruntime", "tensorflow", "tensorrt", "tvm")


# what Python put first on sys.path as it started (taken when graphlint is first imported, before anything prepends)
_LAUNCH_ENTRY = sys.path[0] if sys.path and not sys.flags.safe_path else None


def library_roots() -> tuple[str, ...]:
    """Where installed packages are looked up (never imported): the directories in GRAPHLINT_LIBRARY_PATH (os.pathsep
    separated: the linted project's site-packages when graphlint runs elsewhere, as in pre-commit's own environment),
    then graphlint's own interpreter's `sys.path`, less the entry Python puts first for the way it was started (the
    script's directory; the working directory for `python -m graphlint`): that says nothing of the linted code's
    environment, and `graphlint` and `python -m graphlint` must give the same findings."""
    extra = [p for p in os.environ.get("GRAPHLINT_LIBRARY_PATH", "").split(os.pathsep) if p]
    installed = [p for p in sys.path if p != _LAUNCH_ENTRY]
    return tuple(os.path.abspath(p or os.curdir) for p in [*extra, *installed])


def is_ctypes_name(callee: str) -> bool:
    return callee.startswith("ctypes.") and callee.rsplit(".", 1)[-1] in (
        "CDLL", "PyDLL", "WinDLL", "OleDLL", "LoadLibrary")


@lru_cache(maxsize=512)
def compiled_package(top: str) -> bool:
    if not top or top in TRACEABLE or top in DYNAMO_SKIPPED_LIBRARIES or top in sys.stdlib_module_names:
        return False
    for entry in library_roots():
        if not os.path.isdir(entry):
            continue
        package = os.path.join(entry, top)
        if os.path.isdir(package):
            return _has_extension(package) and not _loads_torch_op_library(package)
        try:
            names = os.listdir(entry)
        except OSError:
            continue
        if any(n.startswith(top + ".") and n.endswith(EXTENSION_SUFFIXES) for n in names):
            return True
    return False


def _loads_torch_op_library(package: str) -> bool:
    """Does one of the package's top-level modules load its extensions as torch operator libraries?"""
    try:
        names = os.listdir(package)
    except OSError:
        return False
    for name in names:
        if name.endswith(".py"):
            try:
                with open(os.path.join(package, name), encoding="utf-8", errors="replace") as f:
                    if "torch.ops.load_library" in f.read():
                        return True
            except OSError:
                continue
    return False


def _has_extension(directory: str) -> bool:
    for _root, _dirs, files in os.walk(directory):
        if any(f.endswith(EXTENSION_SUFFIXES) for f in files):
            return True
    return False
