"""Dynamo settings visible in the linted code or the environment, which change what breaks.

- `torch._dynamo.config.capture_scalar_outputs = True` (or TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS=1):
  `.item()`, `int(t)`, ... are captured instead of breaking.
- `torch._dynamo.config.capture_dynamic_output_shape_ops = True`
  (TORCHDYNAMO_CAPTURE_DYNAMIC_OUTPUT_SHAPE_OPS=1): nonzero, boolean masks, unique, ... are captured.
- `torch._dynamo.config.reorderable_logging_functions.add(print)`: the call is kept and moved after
  the graph — no break, the side effect stays.
- `torch._dynamo.config.ignore_logging_functions.add(logging.Logger.info)`: no break, but the call is
  silently dropped under compile (measured on 2.13) — graphlint says so instead of staying quiet.
- `fullgraph=True` at a compile site: on torch 2.13 it turns on scalar and dynamic-shape capture by
  itself for everything traced from that site.

Assignments are collected from every linted file (a training script usually sets them for the model
it compiles) and merged; none is ever imported or executed. Scoped `config.patch(...)` is not. One made
inside a function of a package applies to that package's files only (`ProjectConfig`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

import libcst as cst

from graphlint.analysis.names import ImportTable

CONFIG_PREFIX = "torch._dynamo.config."
BOOL_FLAGS = ("capture_scalar_outputs", "capture_dynamic_output_shape_ops", "allow_rnn")
SET_FLAGS = ("reorderable_logging_functions", "ignore_logging_functions")
ENV_FLAGS = {"TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS": "capture_scalar_outputs",
             "TORCHDYNAMO_CAPTURE_DYNAMIC_OUTPUT_SHAPE_OPS": "capture_dynamic_output_shape_ops"}


@dataclass(frozen=True)
class DynamoConfig:
    capture_scalar_outputs: bool = False
    capture_dynamic_output_shape_ops: bool = False
    reorderable_logging_functions: frozenset[str] = frozenset()
    ignore_logging_functions: frozenset[str] = frozenset()
    allow_rnn: bool = False  # trace nn.RNN/LSTM/GRU (off by default)
    # where each setting was seen, for messages: flag → "train.py:3"
    sources: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def merged(self, other: "DynamoConfig") -> "DynamoConfig":
        return DynamoConfig(
            self.capture_scalar_outputs or other.capture_scalar_outputs,
            self.capture_dynamic_output_shape_ops or other.capture_dynamic_output_shape_ops,
            self.reorderable_logging_functions | other.reorderable_logging_functions,
            self.ignore_logging_functions | other.ignore_logging_functions,
            self.allow_rnn or other.allow_rnn,
            self.sources + other.sources,
        )

    def under_fullgraph(self) -> "DynamoConfig":
        """fullgraph=True turns on scalar and dynamic-output-shape capture (torch/_dynamo/output_graph.py)."""
        return replace(self, capture_scalar_outputs=True, capture_dynamic_output_shape_ops=True,
                       sources=self.sources + (("fullgraph", "fullgraph=True at the compile site"),))

    def source_of(self, flag: str) -> str:
        return next((where for f, where in self.sources if f == flag), "the configuration")

    def to_json(self) -> dict:
        return {"capture_scalar_outputs": self.capture_scalar_outputs,
                "capture_dynamic_output_shape_ops": self.capture_dynamic_output_shape_ops,
                "reorderable_logging_functions": sorted(self.reorderable_logging_functions),
                "ignore_logging_functions": sorted(self.ignore_logging_functions),
                "allow_rnn": self.allow_rnn}


def from_environment(environ=os.environ) -> DynamoConfig:
    config = DynamoConfig()
    for var, flag in ENV_FLAGS.items():
        if environ.get(var, "").strip().lower() in ("1", "true", "yes", "on"):
            config = config.merged(DynamoConfig(**{flag: True}, sources=((flag, f"${var}"),)))
    return config


def _truthy(node: cst.BaseExpression) -> bool | None:
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return node.value == "True"
    if isinstance(node, cst.Integer):
        return node.evaluated_value != 0
    return None


def _names_in(node: cst.BaseExpression, imports: ImportTable) -> set[str]:
    """`{print, logging.Logger.info}` / `[print]` / `print` → qualified names ('print' for builtins)."""
    elements = [e.value for e in node.elements] if isinstance(node, (cst.Set, cst.List, cst.Tuple)) else [node]
    out = set()
    for e in elements:
        name = imports.resolve(e) or (e.value if isinstance(e, cst.Name) else None)
        if name:
            out.add(name)
    return out


class ConfigCollector(cst.CSTVisitor):
    """Finds `torch._dynamo.config.X = ...`, `.X.add(...)`, `.X.update(...)` and `.X |= {...}`.

    `torch._dynamo.config.patch(X=...)` is deliberately not collected: it applies only to the code
    run under it (kornia uses it inside one detector), and treating it as global would silence the
    rules for every other file of the project."""

    def __init__(self, imports: ImportTable, path: str, in_function=lambda: False) -> None:
        self.imports = imports
        self.path = path
        self.config = DynamoConfig()  # set at the module's top level
        self.in_functions = DynamoConfig()  # set inside a function body
        self.in_function = in_function  # is the visitor inside a function now?

    def _flag(self, target: cst.BaseExpression) -> str | None:
        name = self.imports.resolve(target) or ""
        return name[len(CONFIG_PREFIX):] if name.startswith(CONFIG_PREFIX) else None

    def _set(self, flag: str, value, node: cst.CSTNode) -> None:
        if flag in BOOL_FLAGS and value is True:
            setting = DynamoConfig(**{flag: True}, sources=((flag, self.path),))
        elif flag in SET_FLAGS and isinstance(value, set) and value:
            setting = DynamoConfig(**{flag: frozenset(value)}, sources=((flag, self.path),))
        else:
            return
        if self.in_function():
            self.in_functions = self.in_functions.merged(setting)
        else:
            self.config = self.config.merged(setting)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            flag = self._flag(target.target)
            if flag in BOOL_FLAGS:
                self._set(flag, _truthy(node.value), node)
            elif flag in SET_FLAGS:
                self._set(flag, _names_in(node.value, self.imports), node)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        flag = self._flag(node.target)
        if flag in SET_FLAGS:
            self._set(flag, _names_in(node.value, self.imports), node)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("add", "update") and node.args:
            flag = self._flag(func.value)
            if flag in SET_FLAGS:
                self._set(flag, _names_in(node.args[0].value, self.imports), node)


@dataclass(frozen=True)
class ProjectConfig:
    """The settings each linted file is checked under.

    Dynamo's config is global to the process, but a setting made inside a function only holds once that
    function has run. In a script, or at a module's top level, that is the run that compiles; inside a
    package's function it is that package's own code path: accelerate turns `capture_scalar_outputs` on in
    its FSDP2 compile branch, which says nothing about another library's `.item()`. So top-level and script
    settings apply to every file, and a package's in-function settings to the files of that package.
    """
    everywhere: DynamoConfig = DynamoConfig()
    # top-level package name → settings made inside its functions
    by_package: tuple[tuple[str, DynamoConfig], ...] = ()

    def for_module(self, module: str) -> DynamoConfig:
        package = module.partition(".")[0]
        found = next((config for name, config in self.by_package if name == package), None)
        return self.everywhere.merged(found) if found else self.everywhere


def is_fullgraph(call: cst.Call) -> bool:
    return any(a.keyword is not None and a.keyword.value == "fullgraph" and _truthy(a.value) is True
               for a in call.args)
