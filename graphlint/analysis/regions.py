"""The project phase: which functions Dynamo would trace, and the chain of calls that reaches each.

Entries are compile sites (`@torch.compile`, `torch.compile(fn)`, `torch.compile(model)` /
`model.compile()` → the class's `forward`, `torch._dynamo.optimize(...)(fn)`), then — by scope —
every nn.Module `forward` ("modules") or every function ("all"). From each entry we follow calls through
`self.method()`, `self.submodule(...)` → its `forward`, module functions and imports between the linted
files. `@torch.compiler.disable` functions and `@torch.library.custom_op` operators (one opaque node
of the graph) are barriers: never entered.
"""

from __future__ import annotations

import functools
import os
from collections import deque
from dataclasses import dataclass

from graphlint.analysis.summary import CallRef, ClassInfo, FileSummary, FunctionInfo
from graphlint.findings import Finding, Region
from graphlint.options import SCOPES  # noqa: F401 (where the scopes are handled)

FuncId = tuple[str, str]  # (path, function key)
# files whose functions are never compiled by anyone: tests, packaging, entry scripts
_EAGER_FILE_NAMES = ("conftest.py", "setup.py", "__main__.py", "noxfile.py", "conf.py",
                     "graphlint_targets.py")  # sample inputs for the dynamic pass: driver code
_EAGER_DIRS = ("tests", "test", "testing", "benchmarks", "docs")

_MODULE_BASE_PREFIXES = ("torch.nn.", "torch.autograd.Function", "torch.autograd.function.")
# PyTorch Lightning's LightningModule (an nn.Module) under the names it is imported by
LIGHTNING_MODULES = frozenset({
    "pytorch_lightning.LightningModule", "pytorch_lightning.core.LightningModule",
    "pytorch_lightning.core.module.LightningModule", "lightning.LightningModule", "lightning.pytorch.LightningModule",
    "lightning.pytorch.core.LightningModule", "lightning.pytorch.core.module.LightningModule",
})


@dataclass(frozen=True)
class TracedFunction:
    region: Region
    # reached from a `torch.compile(..., fullgraph=True)` site: scalar/dynamic-shape capture is on
    fullgraph: bool = False


class ProjectIndex:
    """All summaries, with lookups by qualified name."""

    def __init__(self, summaries: list[FileSummary], library: frozenset[str] = frozenset()) -> None:
        self.files: dict[str, FileSummary] = {s.path: s for s in summaries}
        # installed library files the traced code reaches (analysis/libraries.py): traced only from the project
        self.library = library
        # library function that breaks on every call → the finding it breaks at (engine.library_breaks: known
        # after the library files are checked; the project's calls to it are then GL616 findings)
        self.library_breaks: dict[FuncId, Finding] = {}
        self.functions: dict[str, FuncId] = {}
        self.classes: dict[str, tuple[str, ClassInfo]] = {}
        self.modules: dict[str, FileSummary] = {s.module: s for s in summaries if s.module}
        for s in summaries:
            for key in s.functions:
                if "<locals>" not in key:
                    self.functions[f"{s.module}.{key}" if s.module else key] = (s.path, key)
            for name, cls in s.classes.items():
                self.classes[f"{s.module}.{name}" if s.module else name] = (s.path, cls)
        # direct project subclasses of each class, for virtual dispatch of `self.method()`
        self.subclasses: dict[tuple[str, str], list[tuple[str, ClassInfo]]] = {}
        self._subclass_tables: dict[tuple[str, str], dict[str, tuple[FuncId, ...]]] = {}
        self._methods: dict[tuple[str, str, str], FuncId | None] = {}
        for s in summaries:
            for cls in s.classes.values():
                for base in cls.bases:
                    found = self.lookup_class(s, base)
                    if found:
                        self.subclasses.setdefault((found[0], found[1].name), []).append((s.path, cls))

    # ---- lookups ----
    def function(self, fid: FuncId) -> FunctionInfo:
        return self.files[fid[0]].functions[fid[1]]

    def lookup_function(self, qualified: str) -> FuncId | None:
        hit = self.functions.get(qualified)
        if hit is None:
            real = self.reexported(qualified)
            hit = self.functions.get(real) if real else None
        return hit

    def reexported(self, qualified: str, depth: int = 0) -> str | None:
        """`pkg.Metric` → `pkg.metric.Metric` when pkg/__init__.py does `from .metric import Metric`."""
        module, _, name = qualified.rpartition(".")
        summary = self.modules.get(module)
        if summary is None or depth > 8 or name not in summary.imports:
            return None
        target = summary.imports[name]
        if target in self.functions or target in self.classes:
            return target
        return self.reexported(target, depth + 1)

    def lookup_class(self, summary: FileSummary, name: str) -> tuple[str, ClassInfo] | None:
        """A class by local name (same file), import-resolved name, or qualified name."""
        if name in summary.classes:
            return summary.path, summary.classes[name]
        head, _, rest = name.partition(".")
        if head in summary.imports:
            name = summary.imports[head] + (f".{rest}" if rest else "")
        if name in self.classes:
            return self.classes[name]
        real = self.reexported(name)
        return self.classes.get(real) if real else None

    def method(self, path: str, cls: ClassInfo, name: str, seen: frozenset = frozenset()) -> FuncId | None:
        """`cls.name`, looked up through project base classes; remembered per (class, name)."""
        if name in cls.methods:
            return path, f"{cls.name}.{name}"
        if not seen:
            key = (path, cls.name, name)
            if key not in self._methods:
                self._methods[key] = self._inherited(path, cls, name, seen)
            return self._methods[key]
        return self._inherited(path, cls, name, seen)

    def _inherited(self, path: str, cls: ClassInfo, name: str, seen: frozenset) -> FuncId | None:
        summary = self.files[path]
        for base in cls.bases:
            found = self.lookup_class(summary, base)
            if found and (found[0], found[1].name) not in seen:
                hit = self.method(found[0], found[1], name, seen | {(path, cls.name)})
                if hit:
                    return hit
        return None

    def overrides(self, path: str, cls: ClassInfo, name: str) -> list[FuncId]:
        """`name` as defined by project subclasses of cls: `self.update()` in a base class may run any."""
        return list(self._subclass_methods(path, cls).get(name, ()))

    def _subclass_methods(self, path: str, cls: ClassInfo) -> dict[str, tuple[FuncId, ...]]:
        """Each method name → its definitions in cls's project subclasses, in one walk of them per class:
        transformers' `PreTrainedModel` has about a thousand subclasses, and its methods call many `self.x()`."""
        key = (path, cls.name)
        found = self._subclass_tables.get(key)
        if found is not None:
            return found
        defined: dict[str, list[FuncId]] = {}
        seen: set[tuple[str, str]] = set()
        todo = [(path, cls)]
        while todo:
            cpath, c = todo.pop()
            for sub_path, sub in self.subclasses.get((cpath, c.name), ()):
                if (sub_path, sub.name) in seen:
                    continue
                seen.add((sub_path, sub.name))
                for name in sub.methods:
                    defined.setdefault(name, []).append((sub_path, f"{sub.name}.{name}"))
                todo.append((sub_path, sub))
        found = self._subclass_tables[key] = {name: tuple(fids) for name, fids in defined.items()}
        return found

    def is_module_class(self, path: str, cls: ClassInfo, seen: frozenset = frozenset()) -> bool:
        summary = self.files[path]
        for base in cls.bases:
            if base.startswith(_MODULE_BASE_PREFIXES) or base in ("Module", "nn.Module") or base in LIGHTNING_MODULES:
                return True
            found = self.lookup_class(summary, base)
            if found and (found[0], found[1].name) not in seen:
                if self.is_module_class(found[0], found[1], seen | {(path, cls.name)}):
                    return True
        # A class from outside the linted files (PreTrainedModel, LightningModule, ...) with a forward.
        return "forward" in cls.methods and any(b not in ("object", "?") for b in cls.bases) and \
            not all(self.lookup_class(summary, b) for b in cls.bases)

    def is_optimizer_class(self, path: str, cls: ClassInfo, seen: frozenset = frozenset()) -> bool:
        """A subclass of torch.optim's `Optimizer` (or of one of its optimizers), here or through project bases."""
        for base in cls.bases:
            if base.startswith("torch.optim."):
                return True
            found = self.lookup_class(self.files[path], base)
            if found and (found[0], found[1].name) not in seen \
                    and self.is_optimizer_class(found[0], found[1], seen | {(path, cls.name)}):
                return True
        return False

    def is_torch_file(self, path: str) -> bool:
        """Whether a file holds torch code: it imports torch, defines an nn.Module subclass, or
        imports a linted module that imports torch (pytorch_metric_learning's losses import only
        their package siblings, yet every parameter they get is a tensor)."""
        summary = self.files[path]
        if summary.imports_torch:
            return True
        if any(self.is_module_class(path, cls) for cls in summary.classes.values()):
            return True
        for qualified in (*summary.imports.values(), *summary.star_imports):
            module = self.modules.get(qualified) or self.modules.get(qualified.rpartition(".")[0])
            if module is not None and module.imports_torch:
                return True
        # a helper module with no imports at all, among torch modules (torchdiffeq's _impl/interp.py)
        own_imports = summary.imports.keys() - summary.assumed_names
        return not own_imports and os.path.dirname(path) in self._torch_dirs

    @property
    def callers(self) -> dict[FuncId, set[FuncId]]:
        """Each function some function of the linted files calls → those callers (tests left out). The auto
        scope's region order and the engine's skipped frames ask."""
        return self._caller_maps[0]

    @property
    def constructing_callers(self) -> dict[FuncId, set[FuncId]]:
        """`callers` without calls through a parameter's annotation: `Trainer.evaluate(metric: Metric)` calling
        `metric.step()` says the trainer uses metrics, not that metrics are only the trainer's (pytorchtrainer's
        `Accuracy.step`, which users compile). The auto scope's driver code asks."""
        return self._caller_maps[1]

    @functools.cached_property
    def _caller_maps(self) -> tuple[dict[FuncId, set[FuncId]], dict[FuncId, set[FuncId]]]:
        """(callers, constructing_callers), from one pass over the calls: resolving them is the costly part."""
        every: dict[FuncId, set[FuncId]] = {}
        constructing: dict[FuncId, set[FuncId]] = {}
        for summary in self.files.values():
            if is_eager_file(summary.path):
                continue
            for key, info in summary.functions.items():
                caller = (summary.path, key)
                for ref in info.calls:
                    for callee in self.resolve_call(caller, ref):
                        every.setdefault(callee, set()).add(caller)
                        if ref.kind != "annotated_method":
                            constructing.setdefault(callee, set()).add(caller)
        return every, constructing

    @functools.cached_property
    def _torch_dirs(self) -> set[str]:
        return {os.path.dirname(p) for p, s in self.files.items() if s.imports_torch}

    # ---- call resolution ----
    def resolve_call(self, fid: FuncId, ref: CallRef) -> list[FuncId]:
        path, key = fid
        summary = self.files[path]
        func = summary.functions[key]
        if ref.kind == "name":
            # innermost enclosing function scope first: f.<locals>.g.<locals>.name, f.<locals>.name, name
            scope = key
            while scope:
                nested = f"{scope}.<locals>.{ref.target}"
                if nested in summary.functions:
                    return [(path, nested)]
                scope = scope.rpartition(".<locals>.")[0]
            if ref.target in summary.functions:
                return [(path, ref.target)]
            found = self.lookup_class(summary, ref.target)  # a class of this file, constructed
            return self._constructor(found) if found else []
        if ref.kind == "qualified":
            hit = self.lookup_function(ref.target)
            if hit:
                return [hit]
            # constructing a project class in traced code runs its __init__
            found = self.lookup_class(summary, ref.target)
            if found:
                return self._constructor(found)
            return self._module_instance_method(ref.target)
        if ref.kind == "autograd_apply":
            # Dynamo traces both halves of an autograd.Function when `.apply` runs in traced code
            found = self.lookup_class(summary, ref.target)
            return [fid for name in ("forward", "backward")
                    for fid in [self.method(*found, name)] if fid] if found else []
        if ref.kind in ("instance_method", "annotated_method"):
            cls_name, _, method = ref.target.partition("|")
            found = self.lookup_class(summary, cls_name)
            return self._methods_of(found, method) if found else []
        cls_entry = self.lookup_class(summary, func.class_name) if func.class_name else None
        if cls_entry is None:
            return []
        cpath, cls = cls_entry
        if ref.kind == "self_method":
            hit = self.method(cpath, cls, ref.target)
            found = ([hit] if hit else []) + self.overrides(cpath, cls, ref.target)
            return found or self._submodule_forwards(cpath, cls, ref.target)
        if ref.kind == "self_property":
            hit = self.method(cpath, cls, ref.target)
            return [hit] if hit and self.function(hit).is_property else []
        if ref.kind == "iter_attr":
            return self._submodule_forwards(cpath, cls, ref.target)
        if ref.kind == "attr_method":
            attr, _, method = ref.target.partition("|")
            return [fid for callee in cls.attr_classes.get(attr, ())
                    for found in [self.lookup_class(self.files[cpath], callee)] if found
                    for fid in self._methods_of(found, method)]
        if ref.kind == "super":
            for base in cls.bases:
                found = self.lookup_class(summary, base)
                if found:
                    hit = self.method(found[0], found[1], ref.target)
                    if hit:
                        return [hit]
        return []

    def _module_instance_method(self, qualified: str) -> list[FuncId]:
        """`pkg.backend_obj.backend.allclose` where that module does `backend = Backend()`: Backend.allclose
        (astrophot's fitters call the shared backend object everywhere)."""
        owner, _, method = qualified.rpartition(".")
        module, _, name = owner.rpartition(".")
        summary = self.modules.get(module)
        class_name = summary.module_ctors.get(name) if summary is not None else None
        found = self.lookup_class(summary, class_name) if class_name else None
        return self._methods_of(found, method) if found else []

    def resolve_hook(self, summary: FileSummary, ref: CallRef) -> list[FuncId]:
        if ref.kind == "method":
            return [(summary.path, ref.target)] if ref.target in summary.functions else []
        if ref.kind == "name":
            return [(summary.path, ref.target)] if ref.target in summary.functions else []
        hit = self.lookup_function(ref.target)
        return [hit] if hit else []

    def _constructor(self, found: tuple[str, ClassInfo]) -> list[FuncId]:
        """What constructing the class runs: its `__init__`, or, where it defines none (a dataclass's generated
        `__init__`), its `__post_init__` (sbi's `MoG` validates its tensors there, in traced code)."""
        return self._methods_of(found, "__init__") or self._methods_of(found, "__post_init__")

    def _methods_of(self, found: tuple[str, ClassInfo], method: str) -> list[FuncId]:
        """`method` of a class (through bases, plus subclass overrides); `__call__` falls back to forward."""
        path, cls = found
        hit = self.method(path, cls, method)
        if hit is None and method == "__call__":
            hit = self.method(path, cls, "forward")
            method = "forward"
        return ([hit] if hit else []) + self.overrides(path, cls, method)

    def _submodule_forwards(self, path: str, cls: ClassInfo, attr: str) -> list[FuncId]:
        out: list[FuncId] = []
        for callee in cls.attr_classes.get(attr, ()):
            found = self.lookup_class(self.files[path], callee)
            if found:
                out.extend(self._methods_of(found, "__call__"))
        return out

    def compile_targets(self, summary: FileSummary, kind: str, target: str) -> list[FuncId]:
        if kind == "function":
            return [(summary.path, target)] if target in summary.functions else []
        if kind == "name" and target in summary.functions:
            return [(summary.path, target)]
        if kind in ("class", "qualified", "name"):
            found = self.lookup_class(summary, target)
            if found:
                hit = self.method(found[0], found[1], "forward")
                return [hit] if hit else []
            hit = self.lookup_function(target)
            return [hit] if hit else []
        return []


def display_name(index: ProjectIndex, fid: FuncId, from_path: str | None) -> str:
    """Function name for chains: the key, prefixed with its file when it lives in another file."""
    path, key = fid
    key = key.replace(".<locals>.", ".")
    if from_path is not None and path != from_path:
        return f"{os.path.basename(path)}:{key}"
    return key


def traced_regions(index: ProjectIndex, scope: str) -> dict[FuncId, TracedFunction]:
    """BFS from the entries; the first (shortest) chain to reach a function wins. A library file's functions
    (`index.library`) are never entries: they are traced only where the project's traced code calls them."""
    traced: dict[FuncId, TracedFunction] = {}
    queue: deque[FuncId] = deque()

    def enter(fid: FuncId, region: Region, fullgraph: bool = False) -> None:
        info = index.function(fid) if fid[1] in index.files[fid[0]].functions else None
        if fid in traced or info is None or info.disabled or info.custom_op:
            return
        traced[fid] = TracedFunction(region, fullgraph)
        queue.append(fid)

    def drain() -> None:
        while queue:
            fid = queue.popleft()
            here = traced[fid]
            for ref in index.function(fid).calls:
                for callee in index.resolve_call(fid, ref):
                    name = display_name(index, callee, fid[0])
                    enter(callee, Region(here.region.kind, here.region.chain + (name,)), here.fullgraph)

    project = [summary for summary in index.files.values() if summary.path not in index.library]
    for summary in project:
        for site in summary.compile_sites:
            label = f"{summary.path}:{site.line} {site.label}" if site.line else f"{summary.path} {site.label}"
            for fid in index.compile_targets(summary, site.target_kind, site.target):
                enter(fid, Region("compiled", (label, display_name(index, fid, summary.path))), site.fullgraph)
    drain()
    if scope in ("modules", "auto", "all"):
        for summary in project:
            for cls in summary.classes.values():
                # forward, and __call__ where a module overrides it (gpytorch, some wrappers)
                for method in ("forward", "__call__"):
                    if method in cls.methods and index.is_module_class(summary.path, cls):
                        fid = (summary.path, f"{cls.name}.{method}")
                        enter(fid, Region("module", (f"{cls.name}.{method}",)))
            for ref in summary.hooks:
                for fid in index.resolve_hook(summary, ref):
                    enter(fid, Region("module", (f"forward hook {display_name(index, fid, summary.path)}",)))
        drain()
    if scope == "auto":
        eager = eager_functions(index, traced)
        called = index.callers
        # functions nobody in the project calls first: a helper is then reached through its callers, which are
        # walked before it (the argument kinds they pass, `ArgumentKinds`), whatever the order in the file
        for first in (True, False):
            for summary in project:
                for key in summary.functions:
                    fid = (summary.path, key)
                    if fid not in eager and (fid not in called) == first:
                        enter(fid, Region("library", (key.replace(".<locals>.", "."),)))
            drain()
    if scope == "all":
        for summary in project:
            for key in summary.functions:
                enter((summary.path, key), Region("all", (key.replace(".<locals>.", "."),)))
        drain()
    return traced


def is_eager_file(path: str) -> bool:
    parts = path.replace(os.sep, "/").split("/")
    name = parts[-1]
    return (name in _EAGER_FILE_NAMES or name.startswith("test_") or name.endswith("_test.py")
            or any(p in _EAGER_DIRS for p in parts[:-1]))


def eager_functions(index: ProjectIndex, traced: dict[FuncId, TracedFunction]) -> set[FuncId]:
    """Functions `--scope auto` does not start a region in: driver code and what only it calls.

    Driver code: tests, module construction (`nn.Module.__init__`), functions with a compile site,
    `loss.backward()`, `torch.save`, a DataLoader (summary.eager_reason). A function all of whose
    known callers are driver code is driver code too (a `log_metrics` called from `train`); one
    nobody calls is public API that a user may compile, and stays in. So does a public class's `__call__`
    (a metric or a loss object: sequence-models' `MaskedAccuracy`, which its own trainer calls eagerly, is what a
    user calls in compiled code). Calls from tests do not count.
    """
    eager: set[FuncId] = set()
    for summary in index.files.values():
        if summary.path in index.library:
            continue
        eager_file = is_eager_file(summary.path)
        for key, info in summary.functions.items():
            fid = (summary.path, key)
            if fid not in traced and (eager_file or info.eager_reason or _is_module_init(index, summary, info)):
                eager.add(fid)
    # who calls each function from outside the traced code (a test's calls say nothing about who compiles it)
    # (a comprehension, not `who - traced.keys()`: a set minus a dict view walks the whole view every time)
    callers = {fid: {c for c in who if c not in traced} for fid, who in index.constructing_callers.items()}
    changed = True
    while changed:
        changed = False
        for fid, who in callers.items():
            if who and fid not in eager and fid not in traced and who <= eager \
                    and not _public_call(index, fid) and not _optimizer_step(index, fid) \
                    and not _module_api(index, fid, who) and not _tensor_api(index, fid, who):
                eager.add(fid)
                changed = True
    return eager


def _public_call(index: ProjectIndex, fid: FuncId) -> bool:
    """A public class's `__call__` in a torch file (a metric or a loss; a file that never imports torch holds a
    callback or a writer: pytorchtrainer's `CsvWriter`)."""
    class_name, _, method = fid[1].rpartition(".")
    return method == "__call__" and class_name != "" and "<locals>" not in class_name \
        and not class_name.rpartition(".")[2].startswith("_") and index.files[fid[0]].imports_torch


def _module_api(index: ProjectIndex, fid: FuncId, callers: set[FuncId]) -> bool:
    """A public method of an nn.Module that only the project's training loops call (torchhd's `Centroid.add_adapt`,
    called from each classifier's `fit`): part of the model's API, which a user's compiled step calls as well, and
    which Dynamo traces as a frame of its own when the loop itself is compiled. Not one the module's own `__init__`
    calls (`reset_parameters`): construction stays eager."""
    class_name, _, method = fid[1].rpartition(".")
    if not class_name or "<locals>" in class_name or method.startswith("_"):
        return False
    cls = index.files[fid[0]].classes.get(class_name)
    if cls is None or not index.is_module_class(fid[0], cls):
        return False
    return all(_training_loop(index.function(c)) for c in callers)


def _tensor_api(index: ProjectIndex, fid: FuncId, callers: set[FuncId]) -> bool:
    """A function taking an annotated tensor that only the project's training loops call, or a public module-level
    one that only a script's `main` calls.

    The first is tensor code the loop hands its batches to (torch-uncertainty's `ConformalClsAPS.fit` calls
    `self._calculate_single_label(probs: Tensor, label: Tensor)` for each batch of its DataLoader): when the loop is
    compiled, Dynamo gives up on the loop's own frame at its first break but traces each such callee as a frame of
    its own. The second is the library's API, which the script drives and a user compiles (litgpt's
    `generate(draft_model, target_model, prompt: torch.Tensor, ...)`). A helper that takes no annotated tensor (a
    logger, a checkpoint writer) stays driver code."""
    if not index.function(fid).takes_tensor:
        return False
    if all(_training_loop(index.function(c)) for c in callers):
        return True
    return "." not in fid[1] and not fid[1].startswith("_") and all(c[1] == "main" for c in callers)


def _training_loop(info: FunctionInfo) -> bool:
    """Driver code that trains (a DataLoader loop, `loss.backward()`, an optimizer step), not a script's `main`
    that builds and compiles a model (regions.py's `encoder.summary()`) nor a module's `__init__`."""
    reason = info.eager_reason or ""
    return reason in ("loops over a DataLoader", "a training loop") or reason.startswith("calls .")


def _optimizer_step(index: ProjectIndex, fid: FuncId) -> bool:
    """An optimizer's `step`: what a user's compiled train step calls, whoever calls it in the project (pykan's
    own `fit` drives its LBFGS, and Dynamo traces that `step` when `fit` is compiled)."""
    class_name, _, method = fid[1].rpartition(".")
    cls = index.files[fid[0]].classes.get(class_name) if method == "step" else None
    return cls is not None and index.is_optimizer_class(fid[0], cls)


def _is_module_init(index: ProjectIndex, summary: FileSummary, info: FunctionInfo) -> bool:
    if info.class_name is None or not info.key.endswith(".__init__"):
        return False
    cls = summary.classes.get(info.class_name)
    return cls is not None and index.is_module_class(summary.path, cls)
