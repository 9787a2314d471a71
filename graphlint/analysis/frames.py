"""Frames Dynamo skips outright: no tensor, no module and no torch or numpy module in sight.

When Dynamo starts on a frame of its own (a function it could not inline because it breaks, or one
called from code that runs eagerly), it first asks `has_tensor_in_frame` (torch/_dynamo/convert_frame.py;
read in 2.13's source, where the check has been since TorchDynamo's start). The frame is traced only if
its code names a global bound to a `torch*` or `numpy*` module (its `co_names`: globals and attribute
names alike), or one of its arguments is a tensor, an `nn.Module` (or a Module class), an ndarray, or a
list/tuple/dict/namedtuple holding one. Any other frame (`Reporter.report(self, name)`, a progress-bar
callback) runs eagerly as a whole. So inside it only the first break is ever seen (when a traced caller
tries to inline it); every later one is hidden behind it, just like after a break in a loop.

Measured on 2.13 (`fixtures/cases/bare_frames.py`): `report(self, name, step=0)` with two prints breaks
at the first only; a function naming `torch`, or one handed a tensor, breaks at both.
"""

from __future__ import annotations

import re
from typing import Callable

import libcst as cst

from graphlint.analysis.names import dotted
from graphlint.analysis.regions import FuncId, ProjectIndex
from graphlint.analysis.syntax import binding_targets, nodes_of, parameters, subtree
from graphlint.analysis.summary import ClassInfo
from graphlint.analysis.tensors import CONST, GENERATOR, LOGGER, META, MODULE, NON_TENSOR_PARAM, SCALAR, BodyEvidence

# submodules a `from torch import X` / `from numpy import X` may bind (a module, so it counts)
_SUBMODULES = frozenset({
    "nn", "functional", "optim", "distributions", "linalg", "fft", "special", "autograd", "cuda", "utils",
    "distributed", "jit", "sparse", "init", "onnx", "testing", "backends", "random", "hub", "amp", "func", "fx",
    "compiler", "profiler", "quantization", "ao", "masked", "nested", "library", "signal", "data", "checkpoint",
    "parametrize", "parametrizations", "rnn", "lr_scheduler", "multiprocessing", "mps", "cpu", "_dynamo",
    "overrides", "types", "ma", "typing", "polynomial", "lib", "emath", "export", "hooks", "modules", "parallel",
    "_C", "serialization", "storage", "version", "xpu", "accelerator", "quasirandom", "futures", "package",
    "monitor", "contrib", "core", "char", "rec", "ctypeslib", "dtypes", "exceptions", "strings", "matlib",
})
# plain Python values: never a tensor in `has_tensor_in_frame`'s sense
_NON_TENSOR_KINDS = frozenset({CONST, META, SCALAR, LOGGER, GENERATOR})
# annotations naming another library's data type: `has_tensor_in_frame` never looks inside one
# (robustloss's `prepare_dataset(df: pd.DataFrame, ...)`)
_PLAIN_LIBRARY_TYPES = ("pandas.DataFrame", "pandas.Series", "pandas.core.frame.DataFrame", "polars.DataFrame",
                        "pathlib.Path")
# bases that make no nn.Module (an unknown outside base might: `PreTrainedModel`, `LightningModule`)
_PLAIN_BASES = frozenset({"object", "ABC", "abc.ABC", "Exception", "typing.Generic", "Generic",
                          "typing.Protocol", "Protocol"})


def torch_module_names(imports: dict[str, str]) -> set[str]:
    """File-level names bound to a torch or numpy module: `torch`, `nn`, `F`, `np`, `dist`."""
    names = set()
    for local, qualified in imports.items():
        root, _, rest = qualified.partition(".")
        if root not in ("torch", "numpy"):
            continue
        if not rest or qualified.rsplit(".", 1)[-1] in _SUBMODULES:
            names.add(local)
    return names


def code_names(fn: cst.FunctionDef) -> set[str]:
    """The names the function's own code object refers to, attribute names included (a superset of
    its `co_names`): nested functions, lambdas and classes have code objects of their own."""
    return {name.value for name in nodes_of(fn.body, cst.Name)}


# a training framework's own objects, as callbacks receive them (skorch's NeuralNet is no nn.Module,
# but a user's `net` might be one, so that name is not here)
_FRAMEWORK_OBJECT = re.compile(r"^(.*_)?(trainer|engine|runner|learner|estimator|pbar|progress_bar|callbacks?|"
                               r"logger|writer|epoch|global_step|batch_idx|step_idx|stage|phase|message|msg|text|"
                               r"prefix|tag|title|path|filename)$")


# a file or directory name: a string or a path object, whatever the function passes it on to (stanza's
# `score(system_conllu_file, gold_conllu_file)`, which hands both to its CoNLL reader); not `path`, which
# tensor code uses for a decoded sequence (`best_path`)
_FILE_NAME = re.compile(r"^(.*_)?(file|files|filename|filenames|fname|filepath|dir|dirname|directory|folder)$")


def _is_hook(fn: cst.FunctionDef) -> bool:
    """A callback protocol's hook (`on_train_step_end`), which frameworks call without keywords."""
    return fn.name.value.startswith("on_")


class FrameTensors:
    """Answers `has_tensor_in_frame` for the functions of one file, as far as the code shows."""

    def __init__(self, index: ProjectIndex, path: str, imports: dict[str, str]) -> None:
        self.index = index
        self.path = path
        self.torch_names = torch_module_names(imports)
        self.imports = imports

    def surely_without(self, fn: cst.FunctionDef, cls: ClassInfo | None, kinds: dict[str, str | None],
                       uses: BodyEvidence) -> bool:
        """Is it certain that Dynamo finds nothing torch-related in `fn`'s frame? Any doubt: no."""
        names = code_names(fn)
        if names & self.torch_names:
            return False
        params = fn.params
        for star in (params.star_arg, params.star_kwarg):
            # whatever the callers pass; only a callback hook's unused `**kwargs` is taken as empty
            if isinstance(star, cst.Param) and not (_is_hook(fn) and star.name.value not in names):
                return False
        for i, p in enumerate(parameters(fn)):
            name = p.name.value
            if i == 0 and cls is not None and name in ("self", "cls"):
                if not plain_class(self.index, self.path, cls):
                    return False
            elif not (self._plain_value(p, kinds.get(name), uses) or self._plain_annotation(p)):
                return False
        return True

    def names_torch(self, fn: cst.FunctionDef) -> bool:
        """Does the function's code name a torch or numpy module (which keeps every frame of it traced)?"""
        return bool(code_names(fn) & self.torch_names)

    def resumes_without(self, fn: cst.FunctionDef, cls: ClassInfo | None, kinds: dict[str, str | None],
                        uses: BodyEvidence, lines) -> Callable[[cst.CSTNode, cst.CSTNode], bool]:
        """A test for the breaks of `fn`: after a break at `breaking` in `statement`, is it certain that Dynamo
        finds nothing torch-related in the resume function's frame? That frame gets the locals the rest of the
        code reads (and what the statement still holds), and the function's names; measured on 2.13
        (fixtures/cases/bare_frames.py, `log_total`): after `v = loss.item()`, a `print(v)` is no break when `v`
        is all that is left. The caller checks `names_torch` first. The names are read once per function."""
        params = {p.name.value: p for p in parameters(fn, stars=True)}
        names = [(name, lines[name].start.line) for name in _variable_names(fn.body)]
        local = set(params) | {n.value for target in binding_targets(fn.body) for n in _variable_names(target)}

        def plain(name: str) -> bool:
            param = params.get(name)
            if param is not None and name in ("self", "cls") and cls is not None and fn.params.params \
                    and fn.params.params[0] is param:
                return plain_class(self.index, self.path, cls)
            if kinds.get(name) in _NON_TENSOR_KINDS:
                return True
            return param is not None and param not in (fn.params.star_arg, fn.params.star_kwarg) and (
                self._plain_value(param, kinds.get(name), uses) or self._plain_annotation(param))

        def rest_without(statement: cst.CSTNode, breaking: cst.CSTNode) -> bool:
            start, end = lines[statement].start.line, lines[statement].end.line
            inside = {id(n) for n in _variable_names(breaking)}
            seen_before, later = set(params), set()
            for name, line in names:
                if line > end or (line >= start and id(name) not in inside):
                    later.add(name.value)
                if line <= end:
                    seen_before.add(name.value)
            return all(plain(name) for name in later & seen_before & local)

        return rest_without

    def _plain_annotation(self, p: cst.Param) -> bool:
        """Annotated with a plain class of the linted files (`state: State`): `has_tensor_in_frame` does not
        look inside objects, so such an argument never counts, whatever it holds."""
        if p.annotation is None:
            return False
        name = dotted(p.annotation.annotation)
        head, _, rest = (name or "").partition(".")
        if head in self.imports and (self.imports[head] + "." + rest).startswith(_PLAIN_LIBRARY_TYPES):
            return True
        summary = self.index.files.get(self.path)
        found = self.index.lookup_class(summary, name) if name and summary is not None else None
        return found is not None and plain_class(self.index, *found)

    @staticmethod
    def _plain_value(p: cst.Param, kind: str | None, uses: BodyEvidence) -> bool:
        name = p.name.value
        if kind in _NON_TENSOR_KINDS:
            return True
        if kind == MODULE and _FRAMEWORK_OBJECT.match(name):
            return True  # `on_step_end(self.trainer)`: any object an nn.Module holds reads as a submodule
        if kind is None and _FILE_NAME.match(name) and name not in uses.tensors:
            return True
        if kind is not None or name in uses.tensors or name in uses.passed_on:
            return False
        # an option (`units=None`, `print_results=True`), a count, or a training framework's object
        # handed to a callback (`on_epoch_end(self, trainer)`), used only as a plain value here
        return p.default is not None or bool(NON_TENSOR_PARAM.match(name) or _FRAMEWORK_OBJECT.match(name))


def plain_class(index: ProjectIndex, path: str, cls: ClassInfo, seen: frozenset = frozenset()) -> bool:
    """A class whose instances are surely no nn.Module and no tensor-like (`__torch_function__`):
    every base is plain or such a class of the linted files."""
    if "__torch_function__" in cls.methods:
        return False
    summary = index.files.get(path)
    for base in cls.bases:
        if base in _PLAIN_BASES:
            continue
        found = index.lookup_class(summary, base) if summary is not None else None
        if found is None or (found[0], found[1].name) in seen:
            return False
        if not plain_class(index, found[0], found[1], seen | {(path, cls.name)}):
            return False
    return True


class LocalObjects:
    """Objects of the project's plain classes that a function builds itself, and their bound methods.

    When a call breaks inside a method of such an object (`sf = ScalarFunction(fun)`, then
    `closure = sf.closure; closure(x)` or `sf.closure(x)`), Dynamo has to rebuild the call's target to
    run it eagerly, and it cannot rebuild an object the traced code made: "Reconstruction failure"
    (GB0092), and it skips the whole frame. Measured on 2.13 (`fixtures/cases/frame_skips.py`); a
    method of an object passed in, or a nested function, is rebuilt and tracing resumes after it.
    """

    def __init__(self, fn: cst.FunctionDef, index: ProjectIndex, summary, resolve) -> None:
        self.index = index
        self.methods: dict[str, FuncId] = {}  # `closure = sf.closure` → the method
        self.objects: dict[str, tuple[str, ClassInfo]] = {}
        # every local built from a project class, plain or not → the class as written (`pid = Controller(h)`): its
        # method calls reach that class's methods (`pid.propose_step(error)`), as the summary resolved them
        self.built: dict[str, str] = {}
        # `if not isinstance(monitor, Monitor): monitor = DefaultMonitor()`: a parameter may still hold
        # the caller's object, which Dynamo can rebuild (congrad)
        passed = {p.name.value for p in parameters(fn)}
        for node in nodes_of(fn.body, cst.Assign):
            if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
                continue
            if node.targets[0].target.value in passed:
                continue
            name, value = node.targets[0].target.value, node.value
            if isinstance(value, cst.Call):
                qualified = resolve(value.func) or dotted(value.func)
                found = index.lookup_class(summary, qualified) if qualified else None
                if found is not None:
                    self.built[name] = qualified
                if found is not None and plain_class(index, *found):
                    self.objects[name] = found
            elif isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name):
                method = self.method_of(value.value.value, value.attr.value)
                if method is not None:
                    self.methods[name] = method

    def method_of(self, owner: str, attr: str) -> FuncId | None:
        found = self.objects.get(owner)
        return self.index.method(found[0], found[1], attr) if found is not None else None

    def unrebuildable_callee(self, call: cst.Call) -> FuncId | None:
        """The method `call` runs on an object made here, if it is one."""
        func = call.func
        if isinstance(func, cst.Name):
            return self.methods.get(func.value)
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            return self.method_of(func.value.value, func.attr.value)
        return None


def _variable_names(node: cst.CSTNode) -> list[cst.Name]:
    """The Name nodes under `node`, nested definitions included, that stand for variables (not attribute or
    keyword names)."""
    parts: set[int] = set()
    found = []
    for inner in subtree(node):  # in preorder: an attribute or argument comes before its name parts
        if isinstance(inner, cst.Attribute):
            parts.add(id(inner.attr))
        elif isinstance(inner, cst.Arg) and inner.keyword is not None:
            parts.add(id(inner.keyword))
        elif isinstance(inner, cst.Name) and id(inner) not in parts:
            found.append(inner)
    return found
