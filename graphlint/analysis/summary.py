"""Per-file summary: definitions, calls, compile sites, nn.Module classes — picklable, no CST nodes.

One libcst traversal per file builds it. The project phase (`regions.py`) joins the summaries of all
linted files into a call graph; the summary never looks at other files itself.
"""

from __future__ import annotations

import re
from collections import ChainMap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import libcst as cst

from graphlint.analysis.compiling import value_under_compile
from graphlint.analysis.dynamo_config import ConfigCollector, DynamoConfig, is_fullgraph
from graphlint.analysis.extensions import DYNAMO_SKIPPED_LIBRARIES
from graphlint.analysis.names import LOGGER_ATTRS, ImportTable, dotted, is_logger_factory
from graphlint.analysis.syntax import STATEMENT_PARTS, children, is_a, parameters, returned_parameters, walk
from graphlint.analysis.torch_api import returns_no_tensor
from graphlint.analysis.type_comments import written_return
from graphlint.files import module_name_for

COMPILE_FUNCS = {"torch.compile", "torch._dynamo.optimize"}
HOOK_REGISTRARS = {"register_forward_hook", "register_forward_pre_hook", "register_module_forward_hook",
                   "register_module_forward_pre_hook"}
DISABLE_FUNCS = {"torch.compiler.disable", "torch._dynamo.disable", "torch._disable_dynamo"}
# a custom operator is one node of the graph: Dynamo calls it without tracing its body (measured on 2.13)
CUSTOM_OP_FUNCS = {"torch.library.custom_op", "torch.library.triton_op", "torch._library.custom_ops.custom_op"}
# Method calls that return the module itself: `Net().to(device).eval()` is still a Net.
_SELF_RETURNING = {"to", "manual_seed", "cuda", "cpu", "eval", "train", "float", "half", "double", "bfloat16",
                   "requires_grad_", "share_memory", "type"}


@dataclass(frozen=True)
class CallRef:
    """A call inside a function, described just enough to resolve it in the project phase.

    kind: name (`f(x)`), qualified (`helpers.f(x)`, resolved through imports), self_method /
    self_attr (`self.f(x)`: a method, else a submodule), iter_attr (`for l in self.layers: l(x)`),
    super (`super().forward(x)`), attr_method (`self.solver.step()`), instance_method (`b = Block(); b(x)`),
    annotated_method (`room.validate()` on a parameter `room: Room`: resolved like instance_method, but it does
    not make the callee driver code, see `eager_functions`), self_property, autograd_apply (`MyFunction.apply(x)`:
    its forward and backward).
    """

    kind: str
    target: str
    line_hint: int = 0


@dataclass
class CompileSite:
    label: str  # e.g. "torch.compile(model)" — the path:line prefix is added once positions exist
    target_kind: str  # function | class
    target: str  # a function key / class name in this file, or a qualified name
    line: int = 0
    fullgraph: bool = False  # torch.compile(..., fullgraph=True)


@dataclass
class FunctionInfo:
    key: str  # "forward" / "Net.forward" / "main.<locals>.step"
    class_name: str | None
    params: tuple[str, ...]  # positional parameters, in order (`self` included)
    compile_label: str | None = None  # set when decorated with @torch.compile & co
    disabled: bool = False
    custom_op: bool = False  # `@torch.library.custom_op(...)`: an opaque op, its body is never traced
    calls: list[CallRef] = field(default_factory=list)
    # why this function is eager driver code (a training loop, a compile site, a test), not code that
    # anyone compiles: `--scope auto` does not start a traced region here (calls into it still count)
    eager_reason: str | None = None
    returns: str | None = None  # the return annotation's source text (`int`, `Tensor`, `Tuple[Tensor, int]`)
    is_property: bool = False  # `@property`: reading `self.name` runs it
    kwonly: tuple[str, ...] = ()
    # the body only raises (`raise NotImplementedError`): an abstract method, whose overrides run instead
    only_raises: bool = False
    # every `return` gives a tuple of this many parts; True where the part is always a literal (`return True, t`
    # and `return False, t`: spandrel's `did_pad, image = pad_tensor(...)` unpacks a flag and a tensor)
    literal_parts: tuple[bool, ...] | None = None
    # the parameters every `return` gives back, when it only ever returns them (or None) and declares no return
    # type: a call's result is what was passed in (libauc's `check_tensor_shape(tensor, shape)`)
    returned_params: frozenset[str] | None = None
    # a parameter is annotated as a tensor (`prompt: torch.Tensor`): an API a user may compile
    takes_tensor: bool = False


@dataclass
class ClassInfo:
    name: str
    bases: tuple[str, ...]  # qualified names when imported, else local names
    methods: set[str] = field(default_factory=set)
    attr_classes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tensor_attrs: set[str] = field(default_factory=set)
    # `self.in_shape = np.array(in_shape)`: numpy arrays, which Dynamo lifts into the graph as tensors
    ndarray_attrs: set[str] = field(default_factory=set)
    module_attrs: set[str] = field(default_factory=set)
    # `self.register_buffer(f"indices_{s}", t)`: the literal start ("indices_") of buffer names computed
    # at run time, read back with `getattr(self, f"indices_{s}")`
    dynamic_buffer_prefixes: set[str] = field(default_factory=set)
    # `self.pbar = tqdm(...)`: attributes holding an object of a library Dynamo skips → that library
    skipped_library_attrs: dict[str, str] = field(default_factory=dict)
    # `self.<attr>` set in `__init__` from a parameter whose default is a name, → that name (`None`,
    # `False`: an option off by default; `print`: `self.trace_func(...)` prints), or set to `print` itself
    init_defaults: dict[str, str] = field(default_factory=dict)
    # `self.module = importlib.import_module("torch")`, `self.xp = torch`: attributes holding a module → its name
    # (astrophot's backend object: `self.module.allclose(a, b)` is `torch.allclose`)
    module_aliases: dict[str, str] = field(default_factory=dict)
    # `self.cfg: PPO_CFG` in a method: attribute → the class it is annotated with (qualified when imported)
    config_attrs: dict[str, str] = field(default_factory=dict)
    # class-level `time_limit_bootstrap: bool = False` (a dataclass field or a class attribute) → its literal
    # default as source text
    field_defaults: dict[str, str] = field(default_factory=dict)


def literal_prefix(node: cst.BaseExpression) -> str:
    """The constant start of a computed name: `f"indices_{s}"` and `"indices_{}".format(s)` → "indices_"."""
    if isinstance(node, cst.FormattedString) and node.parts and isinstance(node.parts[0], cst.FormattedStringText):
        return node.parts[0].value
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "format"
            and isinstance(node.func.value, cst.SimpleString)):
        return node.func.value.evaluated_value.split("{", 1)[0]
    return ""


# numpy functions that return an array (not a numpy scalar: tednet's `self.out_size = np.prod(out_shape)`, read
# as a size of `reshape`, did not break on 2.13)
_NUMPY_ARRAY_MAKERS = frozenset({"array", "asarray", "zeros", "ones", "empty", "full", "arange", "linspace",
                                 "concatenate", "stack", "append"})
_STATE_REGISTRARS = ("register_buffer", "register_parameter", "add_state", "_add_state")


def built_by(name: str) -> str | None:
    """What a call of `name` (qualified through the imports, else as written) makes, for `self.<attr> = ...`:
    "ndarray", "tensor", "module" (a class), or None (summary_ast.py shares it)."""
    last = name.rsplit(".", 1)[-1]
    if name.startswith("numpy.") and last in _NUMPY_ARRAY_MAKERS:
        return "ndarray"
    if last in ("Parameter", "Tensor", "FloatTensor", "LongTensor", "BoolTensor") or (
            name.startswith("torch.") and last[:1].islower()
            and not name.startswith("torch.nn.") and not returns_no_tensor(name)):
        return "tensor"
    if last[:1].isupper():
        return "module"
    return None


def _state_default(node: cst.Call) -> cst.BaseExpression | None:
    """The default of `add_state(name, default)` / `add_state(name, default=...)`."""
    for i, arg in enumerate(node.args):
        if (arg.keyword is None and i == 1) or (arg.keyword is not None and arg.keyword.value == "default"):
            return arg.value
    return None


@dataclass
class FileSummary:
    path: str
    module: str
    imports: dict[str, str]
    imports_torch: bool
    # `from ..layers import *`: the modules, and the conventional names (`nn`, `torch`) assumed from them
    star_imports: tuple[str, ...] = ()
    assumed_names: frozenset[str] = frozenset()
    functions: dict[str, FunctionInfo] = field(default_factory=dict)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    compile_sites: list[CompileSite] = field(default_factory=list)
    loggers: set[str] = field(default_factory=set)  # module-level names bound to a logger
    # module-level names bound to a constructor call: name → callee (`_LOCK = threading.Lock()`)
    module_ctors: dict[str, str] = field(default_factory=dict)
    # functions registered as module hooks (`m.register_forward_hook(fn)`): Dynamo traces them with forward
    hooks: list[CallRef] = field(default_factory=list)
    dynamo_config: DynamoConfig = field(default_factory=DynamoConfig)  # settings for every linted file
    # settings made inside this package file's functions: for the files of its package only (ProjectConfig)
    package_dynamo_config: DynamoConfig = field(default_factory=DynamoConfig)


def call_ref(call: cst.Call, imports: ImportTable, loop_vars: dict[str, str],
             local_ctors: Mapping[str, str] | None = None, bound_methods: dict[str, str] | None = None,
             annotated: set[str] | None = None) -> CallRef | None:
    """Describe a call for the project phase. local_ctors: local name → class it was built from, or annotated
    with (the names in `annotated`); bound_methods: local name → "Class|method" (`closure = sf.closure`)."""
    func = call.func
    local_ctors = local_ctors or {}
    instance = "annotated_method" if annotated and _base_name(func) in annotated else "instance_method"
    if isinstance(func, cst.Name):
        if func.value in loop_vars:
            return CallRef("iter_attr", loop_vars[func.value])
        if bound_methods and func.value in bound_methods:  # closure = sf.closure; closure(x)
            return CallRef("instance_method", bound_methods[func.value])
        if func.value in local_ctors:  # block = Block(cfg); block(x)
            return CallRef(instance, f"{local_ctors[func.value]}|__call__")
        q = imports.names.get(func.value)
        return CallRef("qualified", q) if q else CallRef("name", func.value)
    if isinstance(func, cst.Attribute):
        base = func.value
        if isinstance(base, cst.Name) and base.value == "self":
            return CallRef("self_method", func.attr.value)
        if (isinstance(base, cst.Call) and isinstance(base.func, cst.Name)
                and base.func.value == "super"):
            return CallRef("super", func.attr.value)
        if (isinstance(base, cst.Attribute) and isinstance(base.value, cst.Name)
                and base.value.value == "self"):  # self.solver.integrate(t)
            return CallRef("attr_method", f"{base.attr.value}|{func.attr.value}")
        if isinstance(base, cst.Name) and base.value in local_ctors:  # solver = Solver(f); solver.step()
            return CallRef(instance, f"{local_ctors[base.value]}|{func.attr.value}")
        if isinstance(base, cst.Name) and func.attr.value == "apply":  # MyFunction.apply(x): an autograd.Function
            return CallRef("autograd_apply", imports.names.get(base.value, base.value))
        q = imports.resolve(func)
        if q:
            return CallRef("qualified", q)
    return None


def _imports_torch_dynamically(call: cst.Call, imports: ImportTable) -> bool:
    """`importlib.import_module("torch")` / `__import__("torch")`: a backend switch (astrophot's `backend.module`)."""
    if (imports.resolve(call.func) or dotted(call.func)) not in ("importlib.import_module", "__import__") \
            or not call.args:
        return False
    name = call.args[0].value
    return isinstance(name, cst.SimpleString) and name.evaluated_value.split(".")[0] == "torch"


ARRAY_MODULES = ("torch", "numpy", "torch.nn.functional", "torch.linalg", "torch.fft")


def _module_value(value: cst.BaseExpression, imports: ImportTable) -> str | None:
    """The array module a value is: `torch`, `np` (imported), `importlib.import_module("torch")`; else None."""
    if isinstance(value, cst.Call):
        if not _imports_torch_dynamically(value, imports):
            return None
        return value.args[0].value.evaluated_value
    name = imports.resolve(value) if isinstance(value, (cst.Name, cst.Attribute)) else None
    return name if name in ARRAY_MODULES else None


def _base_name(func: cst.BaseExpression) -> str | None:
    """`room` in `room(x)` and `room.method(x)`."""
    if isinstance(func, cst.Attribute):
        func = func.value
    return func.value if isinstance(func, cst.Name) else None


def _annotated_class(annotation: cst.BaseExpression) -> cst.BaseExpression | None:
    """The class in `X`, `mod.X`, `X | None` and `Optional[X]`; None for anything else (unions, generics)."""
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        sides = [a for a in (annotation.left, annotation.right) if not (isinstance(a, cst.Name) and a.value == "None")]
        return _annotated_class(sides[0]) if len(sides) == 1 else None
    if isinstance(annotation, cst.Subscript) and dotted(annotation.value) in ("Optional", "typing.Optional") \
            and len(annotation.slice) == 1 and isinstance(annotation.slice[0].slice, cst.Index):
        return _annotated_class(annotation.slice[0].slice.value)
    return annotation if dotted(annotation) is not None else None


def unwrap_constructor(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`Net(cfg).to(dev).eval()` → `Net(cfg)`."""
    while (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)
           and expr.func.attr.value in _SELF_RETURNING and isinstance(expr.func.value, cst.Call)):
        expr = expr.func.value
    return expr


def called_names(expr: cst.BaseExpression, resolve) -> tuple[str, ...]:
    """Every callee named in an expression (`nn.ModuleList([Block(c) for ...])` → ModuleList, Block), as `resolve`
    names it (unresolved ones left out)."""
    calls = _Calls(resolve)
    walk(expr, calls)
    return tuple(calls.found)


class _Calls(cst.CSTVisitor):
    """One class for every `called_names`: `syntax.walk` keeps a method table per visitor class, so a class made
    per call kept every one alive, and with it the resolver's file and syntax tree (a worker grew by ~0.3 MB a
    file on transformers)."""

    def __init__(self, resolve) -> None:
        self.resolve, self.found = resolve, []

    def visit_Call(self, node: cst.Call) -> None:
        name = self.resolve(node.func)
        if name:
            self.found.append(name)


# What marks a function as eager driver code rather than code that gets compiled (`--scope auto`).
# A compiled train step may call `.backward()` too, but it is reached from its compile site, and
# compile sites start regions whatever these markers say.
DRIVER_CALLS = frozenset({
    "torch.save", "torch.load", "torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader",
    "argparse.ArgumentParser", "torch.distributed.init_process_group",
    "torch.cuda.synchronize", "torch.profiler.profile", "torch.utils.tensorboard.SummaryWriter",
})
DRIVER_METHODS = frozenset({"backward", "zero_grad", "parse_args", "add_scalar"})
# what holds a torch DataLoader, by the names people give one: `loader`, `train_loader`, `data_loader`,
# `dataloader`, `valid_dl` (a bare `dl` is too often a length or a step); the DataLoader classes themselves
LOADER_NAME = re.compile(r"((^|_)(data_?loader|loader)|_dl)$", re.IGNORECASE)
DATALOADER_CLASSES = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})


def looks_like_loader(expr: cst.BaseExpression, resolve) -> bool:
    """A `DataLoader(...)` call, or a name people give a DataLoader (`train_loader`, `self.valid_dl`)."""
    if isinstance(expr, cst.Call):
        return resolve(expr.func) in DATALOADER_CLASSES
    name = dotted(expr)
    return name is not None and LOADER_NAME.search(name.rsplit(".", 1)[-1]) is not None


# dunders and hooks that run outside forward (construction, printing, pickling, checkpoints)
EAGER_METHOD_NAMES = frozenset({
    "__repr__", "__str__", "extra_repr", "__getstate__", "__setstate__", "__reduce__", "__reduce_ex__",
    "__del__", "__init_subclass__", "__post_init__", "state_dict", "load_state_dict", "_load_from_state_dict",
    "_save_to_state_dict", "reset_parameters", "_reset_parameters", "init_weights", "_init_weights",
    "configure_optimizers", "main",
})


# an annotation that lets a parameter hold a sequence or an array whatever its default (probflow's
# `shape: int | list[int] = 1`, whose `self.shape` is then a list)
_HOLDS_MORE = re.compile(r"\b(list|List|tuple|Tuple|Sequence|Iterable|Tensor|ndarray|Any)\b")


def _may_hold_more(param: cst.Param) -> bool:
    if param.annotation is None:
        return False
    return _HOLDS_MORE.search(cst.Module([]).code_for_node(param.annotation.annotation)) is not None


def function_key(node: cst.FunctionDef, enclosing: list[str], in_function: bool) -> str:
    """A function's key in its file: `forward`, `Net.forward`, `main.<locals>.step`. enclosing: the keys of the
    classes and functions around it, innermost last."""
    if in_function:
        key = f"{enclosing[-1]}.<locals>.{node.name.value}"
    else:
        key = ".".join(enclosing + [node.name.value])
    accessor = _property_accessor(node)
    # `@x.setter def x(self, v)` must not replace the getter `x`, which is what `self.x` runs
    return f"{key}.<{accessor}>" if accessor else key


def function_nodes(module: cst.Module) -> dict[str, cst.FunctionDef]:
    """Every function of a parsed file by its key, as `build_summary` gives them, without the summary: the rules
    phase already has the summary (from the summary phase or the cache) and needs only the nodes. Visits statements,
    not expressions, so it costs a small part of the summary's walk."""
    nodes: dict[str, cst.FunctionDef] = {}

    def visit(parent: cst.CSTNode, enclosing: list[str], in_function: bool) -> None:
        for child in children(parent):
            if is_a(child, cst.FunctionDef):
                key = function_key(child, enclosing, in_function)
                nodes[key] = child
                visit(child, enclosing + [key], True)
            elif is_a(child, cst.ClassDef):
                visit(child, enclosing + [child.name.value], in_function)
            elif is_a(child, STATEMENT_PARTS):
                visit(child, enclosing, in_function)

    visit(module, [], False)
    return nodes


def _property_accessor(node: cst.FunctionDef) -> str | None:
    for dec in node.decorators:
        d = dec.decorator
        if isinstance(d, cst.Attribute) and d.attr.value in ("setter", "deleter") and isinstance(d.value, cst.Name) \
                and d.value.value == node.name.value:
            return d.attr.value
    return None


def _is_literal(node: cst.BaseExpression) -> bool:
    """`True`, `None`, `0`, `-1.5`, `"name"`: a constant, never a tensor."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)) or (
        isinstance(node, cst.Name) and node.value in ("True", "False", "None"))


def only_raises(node: cst.FunctionDef) -> bool:
    """Is the body one `raise` statement, after a docstring if any?"""
    body = list(node.body.body) if isinstance(node.body, cst.IndentedBlock) else []
    if node.get_docstring() is not None:
        body = body[1:]
    return (len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine)
            and all(isinstance(small, cst.Raise) for small in body[0].body))


def _names_tensor(annotation: cst.BaseExpression) -> bool:
    """`torch.Tensor`, `Tensor`, `Optional[torch.Tensor]`, `torch.Tensor | None` (not a list of tensors)."""
    if isinstance(annotation, cst.Subscript) and dotted(annotation.value) in ("Optional", "typing.Optional"):
        inner = annotation.slice[0].slice if len(annotation.slice) == 1 else None
        return isinstance(inner, cst.Index) and _names_tensor(inner.value)
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return _names_tensor(annotation.left) or _names_tensor(annotation.right)
    return (dotted(annotation) or "").rsplit(".", 1)[-1] == "Tensor"


def eager_name_reason(key: str, class_name: str | None) -> str | None:
    name = key.rsplit(".", 1)[-1]
    if name in EAGER_METHOD_NAMES:
        return f"`{name}` runs outside the traced code"
    # pytest collects `test_*` functions and the methods of `Test*` classes; a `test_step` of a LightningModule is
    # the model's own evaluation step, which Dynamo traces when the loop runs compiled (pina's solvers, set 49)
    if (name.startswith("test_") and class_name is None) or (class_name or "").startswith("Test"):
        return "a test"
    if (name == "train" and class_name is None) or name == "training_loop":
        return "a training loop"
    return None


class SummaryBuilder(cst.CSTVisitor):
    def __init__(self, path: str, module: str, is_package: bool, imports: ImportTable) -> None:
        self.imports = imports
        self.summary = FileSummary(path, module, {}, False)
        self.config = ConfigCollector(imports, path, in_function=lambda: bool(self._func_stack))
        self.nodes: dict[str, cst.FunctionDef] = {}
        self.compile_nodes: list[tuple[CompileSite, cst.CSTNode]] = []
        self._func_stack: list[FunctionInfo] = []
        self._scopes: list[ClassInfo | FunctionInfo] = []  # innermost last
        self._key_stack: list[str] = []
        # per function scope: local variable → constructor callee (for `torch.compile(model)`)
        self._ctor_stack: list[dict[str, str]] = [{}]
        # which of those names only an annotation typed (`room: Room`), per function
        self._annotated_stack: list[set[str]] = [set()]
        # function key → per part, whether each `return` so far gave a literal there (None: not always a tuple)
        self._return_parts: dict[str, list[bool] | None] = {}
        self.imports_torch_dynamically = False  # `importlib.import_module("torch")` somewhere in the file
        # local name → "Class|method" for a bound method of a local object (`closure = sf.closure`)
        self._bound_stack: list[dict[str, str]] = [{}]
        self._loop_vars: list[dict[str, str]] = [{}]
        self._read_attrs: dict[str, set[str]] = {}  # function key → `self.<attr>` names already recorded

    # ---- imports (also collected ahead of time by the engine; duplicates are harmless) ----
    def visit_Import(self, node: cst.Import) -> None:
        self.imports.add_import(node)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.imports.add_import_from(node)

    # ---- classes ----
    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        bases = tuple(self.imports.resolve(a.value) or dotted(a.value) or "?" for a in node.bases)
        # nested classes are named by their path (`Outer.Inner`) so that method keys stay consistent
        info = ClassInfo(".".join(self._key_stack + [node.name.value]), bases)
        if not self._func_stack:
            self.summary.classes.setdefault(info.name, info)
        self._scopes.append(info)
        self._key_stack.append(node.name.value)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self._scopes.pop()
        self._key_stack.pop()

    # ---- functions ----
    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        cls = self._scopes[-1] if self._scopes and isinstance(self._scopes[-1], ClassInfo) else None
        key = function_key(node, self._key_stack, bool(self._func_stack))
        params = tuple(p.name.value for p in node.params.posonly_params + node.params.params)
        info = FunctionInfo(key, cls.name if cls else None, params,
                            kwonly=tuple(p.name.value for p in node.params.kwonly_params))
        info.eager_reason = eager_name_reason(key, info.class_name)
        info.only_raises = only_raises(node)
        info.takes_tensor = any(p.annotation is not None and _names_tensor(p.annotation.annotation)
                                for p in parameters(node))
        info.returns = written_return(node)
        info.is_property = any(dotted(d.decorator) in ("property", "functools.cached_property", "cached_property")
                               for d in node.decorators)
        for dec in node.decorators:
            self._apply_decorator(info, dec.decorator)
        if cls is not None:
            cls.methods.add(node.name.value)
        self.summary.functions[key] = info
        self.nodes[key] = node
        self._func_stack.append(info)
        self._scopes.append(info)
        self._key_stack.append(key)
        annotated = self._annotated_classes(node)
        self._ctor_stack.append(annotated)
        self._annotated_stack.append(set(annotated))
        self._bound_stack.append({})
        self._loop_vars.append({})

    def _annotated_classes(self, node: cst.FunctionDef) -> dict[str, str]:
        """Parameters annotated with a class: name → the class (`room: Room`, `sched: Schedule | None`), so that
        `room._validate_internal()` reaches `Room._validate_internal` (torchrir). A class the project does not
        define resolves to nothing later."""
        found: dict[str, str] = {}
        for param in parameters(node):
            name = _annotated_class(param.annotation.annotation) if param.annotation is not None else None
            if name is not None:
                found[param.name.value] = self.imports.resolve(name) or dotted(name)
        return found

    # ---- tuple returns: which parts are always literals (FunctionInfo.literal_parts) ----
    def visit_Return(self, node: cst.Return) -> None:
        if not self._func_stack:
            return
        key = self._func_stack[-1].key
        parts = self._return_parts.get(key, ())
        if parts is None:
            return
        value = node.value
        if not isinstance(value, cst.Tuple) or any(isinstance(e, cst.StarredElement) for e in value.elements):
            self._return_parts[key] = None
            return
        flags = [_is_literal(e.value) for e in value.elements]
        if parts and len(parts) != len(flags):
            self._return_parts[key] = None
        else:
            self._return_parts[key] = [a and b for a, b in zip(parts, flags)] if parts else flags

    def visit_Yield(self, node: cst.Yield) -> None:
        if self._func_stack:
            self._return_parts[self._func_stack[-1].key] = None  # a generator: its call gives no tuple

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        info = self._func_stack[-1]
        parts = self._return_parts.pop(info.key, None)
        if parts and any(parts):
            info.literal_parts = tuple(parts)
        if original_node.returns is None and info.class_name is None:
            info.returned_params = returned_parameters(original_node)
        self._func_stack.pop()
        self._scopes.pop()
        self._key_stack.pop()
        self._ctor_stack.pop()
        self._annotated_stack.pop()
        self._bound_stack.pop()
        self._loop_vars.pop()

    def _apply_decorator(self, info: FunctionInfo, dec: cst.BaseExpression) -> None:
        callee = dec.func if isinstance(dec, cst.Call) else dec
        name = self.imports.resolve(callee)
        if name in COMPILE_FUNCS:
            info.compile_label = "@" + (dotted(callee) or name) + ("(...)" if isinstance(dec, cst.Call) else "")
            fullgraph = isinstance(dec, cst.Call) and is_fullgraph(dec)
            self.compile_nodes.append((CompileSite(info.compile_label, "function", info.key, fullgraph=fullgraph), dec))
        elif name in DISABLE_FUNCS:
            info.disabled = True
        elif name in CUSTOM_OP_FUNCS:
            info.custom_op = True

    # ---- assignments: constructors (for compile sites), submodules, tensor attributes, loggers ----
    def visit_Assign(self, node: cst.Assign) -> None:
        self.config.visit_Assign(node)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.config.visit_AugAssign(node)

    def leave_Assign(self, original_node: cst.Assign) -> None:
        # on leave: in `model = torch.compile(model)` the compile call must still see `model = Net()`
        node = original_node
        value = unwrap_constructor(node.value)
        callee = None
        if isinstance(value, cst.Call):
            callee = self.imports.resolve(value.func) or dotted(value.func)
        owner = value.value.value if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) else None
        if owner in self._ctor_stack[-1] and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self._bound_stack[-1][node.targets[0].target.value] = f"{self._ctor_stack[-1][owner]}|{value.attr.value}"
        for target in node.targets:
            t = target.target
            if isinstance(t, cst.Name) and callee:
                self._ctor_stack[-1][t.value] = callee
                self._annotated_stack[-1].discard(t.value)
                if not self._func_stack:
                    self.summary.module_ctors[t.value] = callee
                    if is_logger_factory(callee):
                        self.summary.loggers.add(t.value)
            elif isinstance(t, cst.Name) and not self._func_stack and isinstance(value, cst.Attribute) \
                    and value.attr.value in LOGGER_ATTRS:
                self.summary.loggers.add(t.value)  # `logger = logger_creator.logger` (PyPOTS, from tsdb's Logger)
            elif (isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name)
                  and t.value.value == "self"):
                self._record_self_attr(t.attr.value, node.value)
            elif isinstance(t, cst.Name) and len(node.targets) == 1:
                self._record_field_default(t.value, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        t = node.target
        if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == "self":
            if node.value is not None:
                self._record_self_attr(t.attr.value, node.value)
            cls = self._enclosing_class()
            annotated = node.annotation.annotation
            if cls is not None and isinstance(annotated, (cst.Name, cst.Attribute)):
                # `self.cfg: PPO_CFG` (skrl): the settings object, whose field defaults decide its tests
                cls.config_attrs[t.attr.value] = self.imports.resolve(annotated) or dotted(annotated)
        elif isinstance(t, cst.Name) and node.value is not None:
            self._record_field_default(t.value, node.value)

    def _record_field_default(self, name: str, value: cst.BaseExpression) -> None:
        """`time_limit_bootstrap: bool = False` / `verbose = False` in a class body."""
        cls = self._scopes[-1] if self._scopes and isinstance(self._scopes[-1], ClassInfo) else None
        if cls is not None and _is_literal(value) and not isinstance(value, cst.UnaryOperation):
            cls.field_defaults[name] = value.value

    def _record_self_attr(self, attr: str, value: cst.BaseExpression) -> None:
        cls = self._enclosing_class()
        if cls is None:
            return
        if isinstance(value, cst.Name):
            default = "print" if value.value == "print" else self._init_defaults().get(value.value)
            if default is not None:
                cls.init_defaults[attr] = default
        if isinstance(value, cst.Call):
            library = (self.imports.resolve(value.func) or "").split(".")[0]
            if library in DYNAMO_SKIPPED_LIBRARIES:
                cls.skipped_library_attrs[attr] = library
        module = _module_value(value, self.imports)
        if module is not None:
            cls.module_aliases[attr] = module
        kind = self._value_class(value)
        if kind == "tensor":
            cls.tensor_attrs.add(attr)
        elif kind == "ndarray":
            cls.ndarray_attrs.add(attr)
        elif kind == "module":  # an instance of a class: a submodule (or a container of them)
            cls.attr_classes[attr] = called_names(value, lambda f: self.imports.resolve(f) or dotted(f))
            cls.module_attrs.add(attr)

    def _init_defaults(self) -> dict[str, str]:
        """The parameters of the `__init__` being walked whose default is a name (`None`, `False`, `print`) or a
        string or number literal (`preconditioner_type="Newton"`), as source text."""
        if not self._func_stack or not self._func_stack[-1].key.endswith("__init__"):
            return {}
        node = self.nodes.get(self._func_stack[-1].key)
        return {p.name.value: p.default.value for p in parameters(node)
                if isinstance(p.default, (cst.Name, cst.SimpleString, cst.Integer, cst.Float))
                and not _may_hold_more(p)} if node else {}

    def _value_class(self, expr: cst.BaseExpression | None) -> str | None:
        """'tensor' for `torch.zeros(...)`, `nn.Parameter(...)`, `torch.ones(3).float()`; 'ndarray' for
        `np.array(...)`; 'module' for
        `Block(...)` / `nn.ModuleList([...])`; None for anything else (`x.sum().item()`, `fn(x)`)."""
        if isinstance(expr, cst.BinaryOperation):
            sides = (self._value_class(expr.left), self._value_class(expr.right))
            return "tensor" if "tensor" in sides else None
        if not isinstance(expr, cst.Call):
            return None
        func = expr.func
        name = self.imports.resolve(func)
        if name is None and isinstance(func, cst.Attribute):
            # a method call: a tensor stays a tensor unless the method leaves tensor-land
            if func.attr.value in ("item", "tolist", "size", "dim", "numel", "numpy", "__len__", "data_ptr"):
                return None
            return "tensor" if self._value_class(func.value) == "tensor" else None
        return built_by(name or dotted(func) or "")

    def _record_hook(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in HOOK_REGISTRARS and node.args):
            return
        hook = node.args[0].value
        if isinstance(hook, cst.Name):
            q = self.imports.names.get(hook.value)
            self.summary.hooks.append(CallRef("qualified", q) if q else CallRef("name", hook.value))
        elif (isinstance(hook, cst.Attribute) and isinstance(hook.value, cst.Name) and hook.value.value == "self"
              and self._func_stack and self._func_stack[-1].class_name):
            self.summary.hooks.append(CallRef("method", f"{self._func_stack[-1].class_name}.{hook.attr.value}"))

    def _record_buffer(self, node: cst.Call) -> None:
        """`self.register_buffer("name", tensor)` / `self.register_parameter(...)` make tensor attributes,
        and so do metric states with a tensor default (`self.add_state("total", torch.tensor(0.0))`:
        torchmetrics, torcheval's `_add_state`)."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in _STATE_REGISTRARS
                and isinstance(func.value, cst.Name) and func.value.value == "self" and node.args):
            return
        cls = self._enclosing_class()
        if cls is None:
            return
        if func.attr.value in ("add_state", "_add_state") and self._value_class(_state_default(node)) != "tensor":
            return  # a list state (`default=[]`) is not a tensor
        name = node.args[0].value
        if isinstance(name, cst.SimpleString):
            cls.tensor_attrs.add(name.evaluated_value)
        elif func.attr.value == "register_buffer" and literal_prefix(name):
            cls.dynamic_buffer_prefixes.add(literal_prefix(name))

    def _enclosing_class(self) -> ClassInfo | None:
        if self._func_stack and self._func_stack[-1].class_name:
            return self.summary.classes.get(self._func_stack[-1].class_name)
        return None

    # ---- loops over submodule lists: `for layer in self.layers: layer(x)` ----
    def visit_For(self, node: cst.For) -> None:
        it = node.iter
        if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "enumerate" and it.args:
            it = it.args[0].value
            target = node.target
            if isinstance(target, cst.Tuple) and len(target.elements) == 2:
                target = target.elements[1].value
        else:
            target = node.target
        if (isinstance(it, cst.Attribute) and isinstance(it.value, cst.Name) and it.value.value == "self"
                and isinstance(target, cst.Name)):
            self._loop_vars[-1][target.value] = it.attr.value
        self._note_loader_loop(it)

    def _note_loader_loop(self, iterable: cst.BaseExpression) -> None:
        """A loop over a DataLoader's batches is a training or evaluation loop: driver code, like building
        the DataLoader (`--scope auto`)."""
        info = self._func_stack[-1] if self._func_stack else None
        if info is None or info.eager_reason:
            return
        if looks_like_loader(iterable, self.imports.resolve):
            info.eager_reason = "loops over a DataLoader"

    # ---- `if not torch.compiler.is_compiling(): ...`: no call edges out of the dead branch ----
    def visit_If(self, node: cst.If) -> bool:
        known = value_under_compile(node.test, self.imports) if self._func_stack else None
        if known is None:
            return True
        live = node.body if known else node.orelse
        if live is not None:
            walk(live, self)
        return False

    # ---- `self.prop` reads: a property's getter runs (resolved to properties only) ----
    def visit_Attribute(self, node: cst.Attribute) -> None:
        if (self._func_stack and isinstance(node.value, cst.Name) and node.value.value == "self"
                and self._func_stack[-1].class_name):
            info = self._func_stack[-1]
            seen = self._read_attrs.setdefault(info.key, set())
            if node.attr.value not in seen:
                seen.add(node.attr.value)
                info.calls.append(CallRef("self_property", node.attr.value))

    # ---- calls: call graph edges and compile sites ----
    def visit_Call(self, node: cst.Call) -> None:
        self.config.visit_Call(node)
        if _imports_torch_dynamically(node, self.imports):
            self.imports_torch_dynamically = True
        self._maybe_compile_site(node)
        self._record_buffer(node)
        self._record_hook(node)
        if self._func_stack:
            self._note_driver_call(node)
            # objects built here, or at module level (`BACKEND = ArrayBackend()` used in functions below it)
            ctors = ChainMap(self._ctor_stack[-1], self.summary.module_ctors)
            ref = call_ref(node, self.imports, self._loop_vars[-1], ctors, self._bound_stack[-1],
                           self._annotated_stack[-1])
            if ref is not None:
                self._func_stack[-1].calls.append(ref)
            elif isinstance(node.func, cst.Subscript):
                # self.layers[i](x)
                base = node.func.value
                if isinstance(base, cst.Attribute) and isinstance(base.value, cst.Name) and base.value.value == "self":
                    self._func_stack[-1].calls.append(CallRef("iter_attr", base.attr.value))

    def _note_driver_call(self, node: cst.Call) -> None:
        """Calls only a training/driver loop makes: `loss.backward()`, `opt.zero_grad()`, `torch.save`."""
        info = self._func_stack[-1]
        if info.eager_reason:
            return
        func = node.func
        name = self.imports.resolve(func)
        if name in DRIVER_CALLS:
            info.eager_reason = f"calls {name}"
        elif (isinstance(func, cst.Attribute) and func.attr.value in DRIVER_METHODS and name is None
              and info.key.rsplit(".", 1)[-1] != func.attr.value and not self._closure_step(info)
              and not self._one_step(info)):
            # an optimizer's own `zero_grad` calling `super().zero_grad()` implements it: no driver
            info.eager_reason = f"calls .{func.attr.value}()"

    @staticmethod
    def _one_step(info: FunctionInfo) -> bool:
        """A train step (`train_step`, `training_step`, `_train_one_step`, `process_one_batch`): one batch's
        forward, backward and update, the function users hand to `torch.compile`, not the loop around it (argus's
        `Model.train_step`, compiled through `model.fit`, breaks at its `loss.item()`)."""
        name = info.key.rsplit(".", 1)[-1].lower()
        # `process_one_batch`, `train_batch`: one batch's step too (torchbiggraph's trainer), not `*_batches`
        return name.endswith(("step", "batch")) and "epoch" not in name and "loop" not in name

    @staticmethod
    def _closure_step(info: FunctionInfo) -> bool:
        """An optimizer's `step(closure)` runs the closure's forward and backward itself (line-search and
        SAM optimizers): it is the step a user compiles, not a training loop."""
        return info.key.rsplit(".", 1)[-1] == "step" and "closure" in info.params

    def _maybe_compile_site(self, node: cst.Call) -> None:
        func = node.func
        name = self.imports.resolve(func)
        target_expr: cst.BaseExpression | None = None
        label = None
        if name == "torch.compile":
            target_expr = self._first_arg(node, "model")
            label = f"{dotted(func)}({self._short(target_expr)})"
        elif isinstance(func, cst.Call) and self.imports.resolve(func.func) in COMPILE_FUNCS:
            # torch._dynamo.optimize("eager")(fn)
            target_expr = self._first_arg(node, None)
            label = f"{dotted(func.func)}(...)({self._short(target_expr)})"
        elif (isinstance(func, cst.Attribute) and func.attr.value == "compile" and not node.args
              and isinstance(func.value, cst.Name)):
            # model.compile() — nn.Module.compile, only when we know model's class
            target_expr = func.value
            label = f"{func.value.value}.compile()"
            if self._class_of(func.value) is None:
                return
        if target_expr is None or label is None:
            return
        if self._func_stack:
            self._func_stack[-1].eager_reason = "compiles code itself"
        site = self._site_for(target_expr, label)
        if site is not None:
            site.fullgraph = is_fullgraph(node)
            self.compile_nodes.append((site, node))

    @staticmethod
    def _first_arg(node: cst.Call, keyword: str | None) -> cst.BaseExpression | None:
        for arg in node.args:
            if arg.keyword is None and arg.star == "":
                return arg.value
            if keyword and arg.keyword is not None and arg.keyword.value == keyword:
                return arg.value
        return None

    @staticmethod
    def _short(expr: cst.BaseExpression | None) -> str:
        if expr is None:
            return ""
        text = dotted(expr)
        if text:
            return text
        if isinstance(expr, cst.Call):
            return f"{dotted(expr.func) or '...'}(...)"
        return "..."

    def _class_of(self, expr: cst.BaseExpression) -> str | None:
        expr = unwrap_constructor(expr)
        if isinstance(expr, cst.Call):
            return self.imports.resolve(expr.func) or dotted(expr.func)
        if isinstance(expr, cst.Name):
            for scope in reversed(self._ctor_stack):
                if expr.value in scope:
                    return scope[expr.value]
        return None

    def _site_for(self, target: cst.BaseExpression, label: str) -> CompileSite | None:
        if isinstance(target, cst.Attribute) and target.attr.value == "forward":
            cls = self._class_of(target.value)
            return CompileSite(label, "class", cls) if cls else None
        if isinstance(target, cst.Name):
            # a function defined in this file (nested first), or imported
            for prefix in reversed(self._key_stack):
                key = f"{prefix}.<locals>.{target.value}"
                if key in self.summary.functions:
                    return CompileSite(label, "function", key)
            if target.value in self.summary.functions:
                return CompileSite(label, "function", target.value)
            cls = self._class_of(target)
            if cls:
                return CompileSite(label, "class", cls)
            q = self.imports.names.get(target.value)
            if q:
                return CompileSite(label, "qualified", q)
            # defined later in the file: resolved in the project phase
            return CompileSite(label, "name", target.value)
        cls = self._class_of(target)
        if cls:
            return CompileSite(label, "class", cls)
        q = self.imports.resolve(target)
        return CompileSite(label, "qualified", q) if q else None


def build_summary(path: str, module: cst.Module,
                  line_of: Callable[[cst.CSTNode], int] | None = None) -> tuple[FileSummary, dict[str, cst.FunctionDef]]:
    """Summarise one parsed file. `line_of` (node → line) is needed only for compile sites."""
    mod_name, is_package = module_name_for(path)
    imports = ImportTable(mod_name, is_package)
    builder = SummaryBuilder(path, mod_name, is_package, imports)
    walk(module, builder)
    summary = builder.summary
    summary.imports = dict(imports.names)
    summary.star_imports = tuple(imports.star_modules)
    summary.assumed_names = frozenset(imports.assumed)
    summary.imports_torch = imports.imports_torch() or builder.imports_torch_dynamically
    if line_of is not None:
        for site, node in builder.compile_nodes:
            site.line = line_of(node)
    summary.compile_sites = [site for site, _ in builder.compile_nodes]
    summary.dynamo_config = builder.config.config
    if is_package or "." in mod_name:
        summary.package_dynamo_config = builder.config.in_functions
    else:  # a script: what its functions set holds for the run it drives
        summary.dynamo_config = summary.dynamo_config.merged(builder.config.in_functions)
    return summary, builder.nodes
