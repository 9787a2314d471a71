"""The batched rule traversal: one walk over each traced function, every check's visitor per node.

The walker keeps the tensor environment in program order (names are bound when an assignment,
`for` target or `with ... as` is passed), so a check asks `ctx.kind(expr)` and gets the kind *at that
point*: `v = x.sum().item(); if v > 0:` sees `v` as a Python scalar, not a tensor.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from typing import Callable, NamedTuple

import libcst as cst

from graphlint.analysis.compiling import always_exits, value_under_compile
from graphlint.analysis.dynamo_config import DynamoConfig
from graphlint.analysis.names import ImportTable, dotted
from graphlint.analysis.syntax import children, names_in, nodes_of, parameters, walk
from graphlint.analysis.tensors import (BACKEND, CONST, META, NDARRAY, TENSOR, TensorEnv, is_tensor, join_all,
                                        namespace_function, tensor_test_name)
from graphlint.checks.base import Check, RawFinding
from graphlint.fixes import FixSpec
from graphlint.torch_version import matches


_UNBOUND = object()
COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
_COMPREHENSION_TYPES = frozenset(COMPREHENSIONS)
_DEFINITIONS = frozenset({cst.FunctionDef, cst.ClassDef})
_ASSIGNMENTS = frozenset({cst.Assign, cst.AnnAssign, cst.AugAssign, cst.NamedExpr})
# what `_bind_before` binds on: loop targets, `with ... as`, comprehensions, narrowing inside an `if` body
_BOUND_BEFORE = frozenset({cst.IndentedBlock, cst.For, cst.CompFor, cst.WithItem, *COMPREHENSIONS})
# Measured on 2.13 (GB7000 "graph break in loop"): Dynamo gives up on the whole frame, so the function
# runs eagerly and the breaks after this one never show up in a profile.
LOOP_NOTE = " (inside a loop: Dynamo then skips the whole function, which runs eagerly)"
# Measured on 2.13 ("Failed to handle graph break gracefully. Skipping the function"): a break in a
# `try` body, or in a `with` block whose context manager Dynamo cannot rebuild after the break, ends
# the tracing of the function the same way (fixtures/cases/frame_skips.py)
TRY_NOTE = " (inside a `try` block: Dynamo then skips the whole function, which runs eagerly)"
WITH_NOTE = " (inside a `with {}` block: Dynamo then skips the whole function, which runs eagerly)"
# Probe genexpr_item_then_print: from 2.7 on, a break inside a generator expression leaves Dynamo a
# generator it cannot rebuild ("Generator reconstruction with mutations"), and the whole function runs
# eagerly (no graph at all); on 2.1 and 2.6 the print after it still breaks. The same break in a list
# comprehension resumes after the line on every measured version (listcomp_item_then_print). GL614's
# `torch.optim.Adam(model.parameters())` loses its generator the same way from 2.7 on (probe
# optimizer_ctor_generator; on 2.1 to 2.6 the graph after the break compiles, as the list form's does).
# The yes/no verdict cannot show this: tests/test_versions.py reads the graph counts.
GENERATOR_NOTE = (" (inside a generator expression: Dynamo cannot rebuild the generator after the break, so"
                  " the whole function runs eagerly)")
GENERATOR_SKIPS = ">=2.7"
# Measured on 2.13 (fixtures/cases/loops.py): Python tests a `while` condition again at the end of the body. When a
# jump of the test follows the break (`while err.max() > tol and i < n`), that second break lies inside the loop and
# Dynamo skips the frame there; the body was traced, the code after the loop runs eagerly. A break in the test's
# last part (`while x.sum() < 10`) is resumed after the loop.
RETEST_NOTE = (" (the loop tests this again at the end of its body, inside the loop, where Dynamo then skips the"
               " whole function: the code after the loop runs eagerly)")


class FrameSkip(NamedTuple):
    """Why a break makes Dynamo skip the rest of the function (`note`, added to the finding's message), and the
    node after which the skipping starts when not right after the break (`after`: a retested `while` loop)."""

    note: str
    after: cst.CSTNode | None = None


# context managers Dynamo re-enters after a break inside them (measured on 2.13); any other one
# (a user's class or @contextmanager, torch.device, warnings.catch_warnings, contextlib.suppress, ...)
# makes the break skip the frame
RESUMABLE_CONTEXTS = frozenset({
    "torch.no_grad", "torch.enable_grad", "torch.set_grad_enabled", "torch.inference_mode",
    "torch.autograd.no_grad", "torch.autograd.enable_grad", "torch.autograd.set_grad_enabled",
    "torch.autograd.grad_mode.no_grad", "torch.autograd.grad_mode.enable_grad",
    "torch.autograd.grad_mode.set_grad_enabled", "torch.autograd.grad_mode.inference_mode",
    "torch.autocast", "torch.amp.autocast", "torch.cpu.amp.autocast", "torch.cuda.amp.autocast",
    "torch.amp.autocast_mode.autocast", "contextlib.nullcontext", "torch.profiler.record_function",
    "torch.autograd.profiler.record_function", "torch.nn.attention.sdpa_kernel",
})


def _isinstance_narrowing(test: cst.BaseExpression, when_false: bool = False,
                          classes_of: Callable[[cst.BaseExpression], cst.BaseExpression] | None = None
                          ) -> tuple[str, str] | None:
    """The name that `isinstance(name, <not a Tensor>)` or `not torch.is_tensor(name)` (alone or left
    of `and`) narrows when true, and its kind there: a non-tensor (CONST), or NDARRAY for `np.ndarray`, which
    Dynamo traces as a tensor (alibi-detect's `if isinstance(x, np.ndarray) and x.ndim == 0: x = x.item()` after
    `x = x.cpu().numpy()` breaks, measured on 2.13); with when_false, the name that a false test narrows
    (`isinstance(x, torch.Tensor)` left of `or`). classes_of: what a name of classes stands for (pomegranate's
    `vector = (numpy.ndarray, torch.Tensor)`, then `isinstance(parameter, vector)`)."""
    left = test.left if isinstance(test, cst.BooleanOperation) else test
    negated = isinstance(left, cst.UnaryOperation) and isinstance(left.operator, cst.Not)
    if negated:
        left = left.expression
    negated ^= when_false
    typed = _type_test(left)
    if typed is None:
        return None
    name, classes = typed
    if classes is None:  # `torch.is_tensor(x)`
        return (name, CONST) if negated else None
    classes = classes_of(classes) if classes_of is not None else classes
    if _names_a_tensor_class(classes) != negated:
        return None
    arrays = _names_an_array_class(classes)
    if arrays is None:
        return name, NDARRAY
    return (name, CONST) if not arrays else None  # `(np.ndarray, list)`: an array or not, unknown


def _type_test(test: cst.BaseExpression) -> tuple[str, cst.BaseExpression | None] | None:
    """`isinstance(name, classes)` → (name, classes); `torch.is_tensor(name)` → (name, None); anything else None."""
    if not (isinstance(test, cst.Call) and test.args and isinstance(test.args[0].value, cst.Name)):
        return None
    func = dotted(test.func)
    if func == "isinstance" and len(test.args) == 2:
        return test.args[0].value.value, test.args[1].value
    if func in ("torch.is_tensor", "is_tensor") and len(test.args) == 1:
        return test.args[0].value.value, None
    return None


def _class_tuples(function: cst.FunctionDef) -> dict[str, cst.Tuple]:
    """Names the function binds once to a tuple of names (`vector = (numpy.ndarray, torch.Tensor)`)."""
    bound: dict[str, cst.Tuple | None] = {}
    for node in nodes_of(function.body, cst.Assign):
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                name, value = target.target.value, node.value
                plain = isinstance(value, cst.Tuple) and all(isinstance(e.value, (cst.Name, cst.Attribute))
                                                             for e in value.elements)
                bound[name] = value if plain and name not in bound else None
    return {name: value for name, value in bound.items() if value is not None}


def false_test_names(test: cst.BaseExpression, classes_of: Callable[[cst.BaseExpression], cst.BaseExpression]
                     ) -> dict[str, bool]:
    """The names a false test proves no tensor: `isinstance(x, <classes naming a tensor class>)`, `torch.is_tensor(x)`,
    and each side of an `or` of such (torchdr's `if isinstance(k, Tensor) or isinstance(n, Tensor): return ...`, then
    `if n <= 1:` compares Python numbers). Each name maps to whether the classes name `np.ndarray` too (then it is no
    array either). classes_of: what a name of classes stands for (pomegranate's `vector`)."""
    if isinstance(test, cst.BooleanOperation):
        if not isinstance(test.operator, cst.Or):
            return {}
        return {**false_test_names(test.left, classes_of), **false_test_names(test.right, classes_of)}
    typed = _type_test(test)
    if typed is None:
        return {}
    name, classes = typed
    if classes is None:  # `torch.is_tensor(x)`
        return {name: False}
    classes = classes_of(classes)
    # `torch.Tensor` itself: a false `isinstance(x, nn.Parameter)` leaves x a plain tensor maybe
    if "Tensor" not in _class_names(classes):
        return {}
    return {name: _names_an_array_class(classes) is not False}


def _class_names(classes: cst.BaseExpression) -> list[str]:
    """The last part of each class an `isinstance` test names (`(np.ndarray, torch.Tensor)` → ndarray, Tensor)."""
    members = classes.elements if isinstance(classes, cst.Tuple) else [classes]
    return [(dotted(m.value if isinstance(m, cst.Element) else m) or "").rpartition(".")[2] for m in members]


def _names_an_array_class(classes: cst.BaseExpression) -> bool | None:
    """None when `classes` is `np.ndarray` alone (or a tuple of nothing else); True when it names it among others;
    False when it does not name it."""
    names = _class_names(classes)
    arrays = names.count("ndarray")
    if not arrays:
        return False
    return None if arrays == len(names) else True


def _names_a_tensor_class(classes: cst.BaseExpression) -> bool:
    """`torch.Tensor`, `(Tensor, np.ndarray)`, `nn.Parameter`, a `...Tensor` subclass; not torch-kirigami's
    `TensorRef`, a record that only has "Tensor" in its name."""
    for node in nodes_of(classes, (cst.Name, cst.Attribute)):
        last = (dotted(node) or "").rpartition(".")[2]
        if last.endswith("Tensor") or last == "Parameter":
            return True
    return False


def _later_in_loop(chain: list[cst.CSTNode]):
    """Subtrees that follow chain[-1] in source (and bytecode) order, up to the end of the loop body
    chain[0]; a loop's `else` runs after the loop, so it is left out."""
    for depth in range(len(chain) - 2, -1, -1):
        parent, child = chain[depth], chain[depth + 1]
        siblings = list(children(parent))
        if child not in siblings:
            continue
        for later in siblings[siblings.index(child) + 1:]:
            if depth == 0 and later is getattr(parent, "orelse", None):
                continue
            yield later


def _is_half_dtype_test(expr: cst.BaseExpression) -> bool:
    if not (isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1
            and isinstance(expr.comparisons[0].operator, (cst.Equal, cst.Is))):
        return False
    left, right = expr.left, expr.comparisons[0].comparator
    return (isinstance(left, cst.Attribute) and left.attr.value == "dtype" and isinstance(right, cst.Attribute)
            and right.attr.value in ("float16", "half", "bfloat16"))


def _bound_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _bound_names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _bound_names(target.value)
    return []


def _zero_d_after(outcomes: list[tuple[dict, set]]) -> set[str]:
    """0-d names after an `if`: 0-d on every path where the name holds a tensor or an array. As the kinds' join
    takes the tensor side, so does this: `if c is None: c = np.argmax(out.numpy())` leaves `c` a 0-d array
    (pytorch-grad-cam's `output[0, target_category]`, held-out set 35); a path binding a tensor of unknown rank
    keeps it out."""
    candidates = set().union(*(zero for _, zero in outcomes))
    return {name for name in candidates
            if all(name in zero for names, zero in outcomes if is_tensor(names.get(name)) or names.get(name) == NDARRAY)}


def _restore(names: dict, saved: dict) -> None:
    for name, kind in saved.items():
        if kind is _UNBOUND:
            names.pop(name, None)
        else:
            names[name] = kind


def _short_code(node: cst.CSTNode, limit: int = 40) -> str:
    text = " ".join(cst.Module([]).code_for_node(node).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _first_exit(node: cst.CSTNode) -> cst.CSTNode | None:
    """The first `return` or `continue` in a subtree, in source order (nested definitions excluded)."""
    if isinstance(node, (cst.Return, cst.Continue)):
        return node
    if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
        return None
    for child in children(node):
        found = _first_exit(child)
        if found is not None:
            return found
    return None


NOT_LITERAL = object()
def _identical(a: object, b: object) -> bool:
    """`a is b` as CPython runs it: equal string and small-int constants are one object there (interned),
    though the values graphlint reads from the source are not (pytorch-tools' `classes is "present"`)."""
    if type(a) is type(b) and (isinstance(a, str) or isinstance(a, int) and -5 <= a <= 256):
        return a == b
    return a is b


_COMPARE = {cst.Is: _identical, cst.IsNot: lambda a, b: not _identical(a, b), cst.Equal: lambda a, b: a == b,
            cst.NotEqual: lambda a, b: a != b, cst.LessThan: lambda a, b: a < b,
            cst.LessThanEqual: lambda a, b: a <= b, cst.GreaterThan: lambda a, b: a > b,
            cst.GreaterThanEqual: lambda a, b: a >= b}


def _literal(node: cst.BaseExpression | None) -> object:
    """A literal's value (numbers, strings, None/True/False), else NOT_LITERAL."""
    if isinstance(node, cst.Name) and node.value in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[node.value]
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        try:
            return ast.literal_eval(node.value)
        except (ValueError, SyntaxError):
            return NOT_LITERAL
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _literal(node.expression)
        return -inner if isinstance(inner, (int, float)) else NOT_LITERAL
    return NOT_LITERAL


def object_literals(object_defaults: dict[str, str]) -> dict[str, object]:
    """`self.<attr>` → the value of its `__init__` default where that is a literal (`"Newton"`, `None`, `0.5`);
    the defaults come as source text (`ClassInfo.init_defaults`), so a name like `print` is left out."""
    found = {}
    for attr, source in object_defaults.items():
        try:
            found[attr] = ast.literal_eval(source)
        except (ValueError, SyntaxError):
            continue
    return found


class CheckContext:
    def __init__(self, env: TensorEnv, imports: ImportTable, torch_version: tuple[int, int, int],
                 callee_disabled: Callable[[cst.Call], str | None], config: DynamoConfig = DynamoConfig()) -> None:
        self.env = env
        self.config = config  # Dynamo settings in force for this function (config flags, fullgraph)
        # called with every call in traced code (engine: records argument kinds for same-file callees)
        self.call_observer: Callable[[cst.Call, CheckContext], None] | None = None
        self.imports = imports
        self.torch_version = torch_version
        self.parents: list[cst.CSTNode] = []
        self.findings: list[RawFinding] = []
        self._callee_disabled = callee_disabled
        # parameter → its literal default, while it is not rebound (`generator=None`, `eps=1e-6`)
        self.param_defaults: dict[str, object] = {}
        # literal values every observed caller passes for parameters without a default (private helpers)
        self.caller_literals: dict[str, object] = {}
        self._reported: set[tuple[str, int]] = set()
        # while a `while` node is checked: the kinds its test's loop-carried names had before the loop
        self.before_loop: dict[str, object] = {}
        self.print_aliases: frozenset[str] = frozenset()  # set by FunctionWalker
        self.class_tuples: dict[str, cst.Tuple] = {}  # set by FunctionWalker (`classes_of`)
        # `self.<attr>` the object's `__init__` sets to `print` (from `trace_func=print`): set by the engine
        self.object_print_attrs: frozenset[str] = frozenset()
        # `self.<attr>` → the literal it holds when the object keeps its `__init__` defaults (`object_literals`)
        self.object_literals: dict[str, object] = {}
        # the function is the `__init__` of an nn.Module subclass (set by the engine, which sees the class's
        # bases across files): Dynamo runs it eagerly after its first break (GL705)
        self.module_init = False
        # the file's source (set by the engine): a check may skip a pre-scan when a word it needs is absent
        self.source_text: str | None = None
        # while the checks visit a call: its callee and the callee's qualified name, which ~20 of them ask for
        self.callee_name: tuple[cst.BaseExpression, str | None] | None = None

    # ---- questions checks ask ----
    def kind(self, node: cst.BaseExpression) -> str | None:
        return self.env.kind_of(node)

    def is_tensor(self, node: cst.BaseExpression) -> bool:
        return is_tensor(self.env.kind_of(node))

    def tensor_only_if_guarded(self, name: str) -> bool:
        """Is `name`, of unknown kind (or only guessed a tensor), used in the body of a conditional expression
        that tests it (`x.item() if isinstance(x, Tensor) else x`)? The expression takes tensors and Python numbers
        alike, and in the dev benchmark the number came 9 times in 10. (Inside an `if isinstance(x, Tensor):`
        statement the tensor came 5 times in 5: betty, captum, SaLSa, torch-numopt, so that form keeps its finding.)"""
        chain = self.parents
        for parent, child in zip(reversed(chain[:-1]), reversed(chain[1:])):
            if isinstance(parent, cst.IfExp) and child is parent.body and tensor_test_name(parent.test) == name:
                return self.env.names.get(name) is None or name in self.env.guessed_params
        return False

    def needs_tensor_bool(self, test: cst.BaseExpression) -> bool:
        """Would Python call `bool()` on a tensor to decide this test? (`not t`, `a and t` included)"""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            return self.needs_tensor_bool(test.expression)
        if isinstance(test, cst.BooleanOperation):
            if self.needs_tensor_bool(test.left):
                return True
            decided = self.default_value(test.left)
            if decided is not NOT_LITERAL and bool(decided) == isinstance(test.operator, cst.Or):
                return False  # with the parameters' defaults the right side never runs
            # `isinstance(x, torch.Tensor) or x != 1.0`: on the right, x is no tensor (pytorch-optimizer)
            narrowing = _isinstance_narrowing(test.left, when_false=isinstance(test.operator, cst.Or),
                                              classes_of=self.classes_of)
            if narrowing is None:
                return self.needs_tensor_bool(test.right)
            # `isinstance(t, int) and t < 2`: on the right, t is not a tensor
            narrowed, narrowed_kind = narrowing
            saved = self.env.names.get(narrowed, _UNBOUND)
            self.env.names[narrowed] = narrowed_kind
            try:
                return self.needs_tensor_bool(test.right)
            finally:
                if saved is _UNBOUND:
                    del self.env.names[narrowed]
                else:
                    self.env.names[narrowed] = saved
        # a numpy value is a traced tensor under Dynamo: bool() of it is a data-dependent jump too
        kind = self.kind(test)
        return is_tensor(kind) or kind == NDARRAY

    def needs_tensor_bool_on_entry(self, test: cst.BaseExpression) -> bool:
        """needs_tensor_bool for a `while` test's first evaluation, before its body rebinds anything."""
        during = {name: self.env.names.get(name, _UNBOUND) for name in self.before_loop}
        _restore(self.env.names, self.before_loop)
        try:
            return self.needs_tensor_bool(test)
        finally:
            _restore(self.env.names, during)

    def qualname(self, node: cst.BaseExpression) -> str | None:
        """Qualified name through imports, unless a local binding shadows it."""
        known = self.callee_name
        if known is not None and known[0] is node:
            return known[1]
        if isinstance(node, cst.Name) and node.value in self.env.names:
            return self.env.aliases.get(node.value)
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) \
                and self.env.names.get(node.value.value) == BACKEND:
            # `xp.unique_values`, `nx.nonzero`: an array namespace's function is torch's under compile
            return namespace_function(node.attr.value)
        return self.env.resolve(node)

    def is_print_alias(self, node: cst.BaseExpression) -> bool:
        """A name or `self` attribute that may hold the builtin `print` (`_print_aliases`)."""
        return dotted(node) in self.print_aliases

    def is_builtin(self, node: cst.BaseExpression, name: str) -> bool:
        """`node` is the builtin `name`, not shadowed by an import or a local."""
        return (isinstance(node, cst.Name) and node.value == name and name not in self.imports.names
                and name not in self.env.names and name not in self.env.ctx.functions)

    def classes_of(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """The tuple of classes a name stands for in this function (`vector = (numpy.ndarray, torch.Tensor)`)."""
        return self.class_tuples.get(node.value, node) if isinstance(node, cst.Name) else node

    def parent(self, depth: int = 1) -> cst.CSTNode | None:
        # parents[-1] is the node being visited itself
        return self.parents[-1 - depth] if len(self.parents) > depth else None

    def _chain_to(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """The nodes from the function down to `node` (a check may report a child of the visited node)."""
        return self.parents if self.parents and self.parents[-1] is node else self.parents + [node]

    def statement(self) -> cst.CSTNode | None:
        """The innermost statement around the node being visited."""
        return next((p for p in reversed(self.parents)
                     if isinstance(p, (cst.SimpleStatementLine, cst.BaseCompoundStatement))), None)

    def frame_skip(self, node: cst.CSTNode) -> FrameSkip | None:
        """Why a break here makes Dynamo skip the rest of the function, or None if it resumes after it."""
        if self._skips_frame(node):
            return FrameSkip(LOOP_NOTE)
        chain = self._chain_to(node)
        if _in_generator_items(chain) and matches(self.torch_version, GENERATOR_SKIPS):
            return FrameSkip(GENERATOR_NOTE)
        for parent, child in zip(chain, chain[1:]):
            if isinstance(parent, (cst.Try, cst.TryStar)) and child is parent.body:
                return FrameSkip(TRY_NOTE)
            if isinstance(parent, cst.With) and (child is parent.body or child in parent.items):
                manager = next((item.item for item in parent.items if not self._resumable_context(item.item)), None)
                if manager is not None:
                    return FrameSkip(WITH_NOTE.format(_short_code(manager)))
        loop = self._retested_loop(node)
        return FrameSkip(RETEST_NOTE, loop) if loop is not None else None

    def _retested_loop(self, node: cst.CSTNode) -> cst.While | None:
        """The `while` loop whose test holds `node` before the test's last jump (see RETEST_NOTE)."""
        chain = self._chain_to(node)
        at = next((i for i in range(len(chain) - 1, -1, -1) if isinstance(chain[i], (cst.For, cst.While))), None)
        loop = chain[at] if at is not None else None
        if not isinstance(loop, cst.While) or at + 1 >= len(chain) or chain[at + 1] is not loop.test:
            return None
        operands = _operands(loop.test)
        if node is loop.test:  # GL401 reports the whole test: the first operand that needs a tensor's value breaks
            node = next((o for o in operands if self.needs_tensor_bool(o)), operands[-1])
            chain = [*chain, node]
        return None if any(n is operands[-1] for n in chain[at + 1:]) else loop

    def _resumable_context(self, manager: cst.BaseExpression) -> bool:
        func = manager.func if isinstance(manager, cst.Call) else manager
        return self.qualname(func) in RESUMABLE_CONTEXTS

    def _skips_frame(self, node: cst.CSTNode) -> bool:
        """Does a break here make Dynamo skip the whole frame ("graph break in loop")?

        Dynamo (2.13, `maybe_has_backedge`) scans the bytecode after the break: a jump back before
        it means a loop, unless a `return` comes first. So a break in a loop body skips the frame,
        except when a `return` follows it inside the loop before any `continue`: with
        `if not torch.any(info): return L` at the end of a retry loop it does not (measured: the
        break in linear_operator's cholesky retry loop is resumed, not skipped). A `for` header or a
        `while` test breaks before the body, where the jump back lands: resumed too.
        """
        chain = self._chain_to(node)
        for loop_at in range(len(chain) - 1, -1, -1):
            loop = chain[loop_at]
            if not isinstance(loop, (cst.For, cst.While)):
                continue
            inner = chain[loop_at + 1] if loop_at + 1 < len(chain) else node
            if inner is not loop.body:
                # a `for` iterator, or a `while` test: its first evaluation comes before the loop body, and the
                # body's start (where the jump back lands) lies after it (measured: resumed), unless the loop
                # itself sits in an outer loop's body (captum's `for idx in torch.unique(mask)` in a loop over
                # the masks: the outer jump back follows, and the rest of the function runs eagerly)
                continue
            for later in _later_in_loop(chain[loop_at:]):
                found = _first_exit(later)
                if found is not None:
                    return isinstance(found, cst.Continue)
            return True
        return False

    def _short_circuited(self, node: cst.CSTNode) -> bool:
        """Is `node` behind an `and`/`or` that the parameters' defaults decide first?

        `if max_fpr is None or fpr.sum() == 0` with `max_fpr=None`, `if zero_division == "warn" and
        torch.any(d == 0)` with `zero_division=0.0`: called with the defaults, Python never evaluates
        the tensor part, so Dynamo never sees it.
        """
        chain = self._chain_to(node)
        for parent, child in zip(chain, chain[1:]):
            if isinstance(parent, cst.BooleanOperation) and child is parent.right:
                value = self.default_value(parent.left)
                if value is not NOT_LITERAL and bool(value) == isinstance(parent.operator, cst.Or):
                    return True
            # `z.requires_grad_(True) if requires_grad else z` with `requires_grad=False` (cplxmodule)
            if isinstance(parent, cst.IfExp) and child in (parent.body, parent.orelse):
                value = self.default_value(parent.test)
                if value is not NOT_LITERAL and bool(value) == (child is parent.orelse):
                    return True
        return False

    def literal_value(self, expr: cst.BaseExpression) -> object:
        """A literal, or a parameter that still holds its literal default; else NOT_LITERAL."""
        value = _literal(expr)
        return self.default_value(expr) if value is NOT_LITERAL and isinstance(expr, cst.Name) else value

    def default_value(self, expr: cst.BaseExpression) -> object:
        """The value of a test over parameters when they keep their literal defaults, if decidable."""
        if isinstance(expr, cst.Name):
            if is_tensor(self.env.names.get(expr.value)):
                return NOT_LITERAL  # `labels=None` on a tensor input: callers do pass it
            return self.param_defaults.get(expr.value, NOT_LITERAL)
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == "self":
            return self.object_literals.get(f"self.{expr.attr.value}", NOT_LITERAL)
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Attribute) \
                and isinstance(expr.value.value, cst.Name) and expr.value.value.value == "self":
            # `self.cfg.time_limit_bootstrap`: a field of a settings object, at its class's default
            return self.object_literals.get(f"self.{expr.value.attr.value}.{expr.attr.value}", NOT_LITERAL)
        if _is_half_dtype_test(expr):
            return False  # `x.dtype == torch.float16 and ...`: the fp16-only branch; graphlint assumes fp32
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            inner = self.default_value(expr.expression)
            return NOT_LITERAL if inner is NOT_LITERAL else not inner
        if isinstance(expr, cst.BooleanOperation):
            left = self.default_value(expr.left)
            if left is NOT_LITERAL:
                return NOT_LITERAL
            if bool(left) == isinstance(expr.operator, cst.Or):
                return left
            return self.default_value(expr.right)
        if isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1:
            left, right = self.default_value(expr.left), _literal(expr.comparisons[0].comparator)
            if left is NOT_LITERAL or right is NOT_LITERAL:
                return NOT_LITERAL
            compare = _COMPARE.get(type(expr.comparisons[0].operator))
            try:
                return compare(left, right) if compare else NOT_LITERAL
            except TypeError:
                return NOT_LITERAL
        return NOT_LITERAL

    @staticmethod
    def _summary(code: str) -> str:
        from graphlint.catalog import load_catalog

        return load_catalog()[code].summary

    def disabled_callee(self, node: cst.Call) -> str | None:
        return self._callee_disabled(node)

    @property
    def torch_file(self) -> bool:
        return self.env.ctx.torch_file

    # ---- reporting ----
    def report(self, node: cst.CSTNode, code: str, message: str | None = None,
               start_node: cst.CSTNode | None = None, gb: tuple[str, ...] | None = None,
               hides_rest: bool = False, after_first_iteration: bool = False, deferred: bool = False,
               needs_later_break: bool = False, fix: FixSpec | None = None, in_callee_frame: bool = False) -> None:
        """fix: the rewrite the check proposes (graphlint/fixes.py).
        in_callee_frame: the break is in a third-party callee's own code (RawFinding).
        hides_rest: Dynamo traces nothing after this break in the function (measured per form).
        after_first_iteration: a `while` test that becomes a tensor only once the body has run.
        deferred: Dynamo reports it when it compiles the graph, not where it traces it (RawFinding).
        needs_later_break: deferred, and shown only if a later break comes (RawFinding)."""
        key = (code, id(node))
        if key in self._reported or self._short_circuited(node):
            return
        self._reported.add(key)
        statement = self.statement()
        skip = None if deferred else self.frame_skip(node)  # a deferred break does not stop the trace
        if skip is not None:
            message = (message or self._summary(code)) + skip.note
        self.findings.append(RawFinding(code, node, statement, message, start_node, gb, skip is not None or hides_rest,
                                        skip.after if skip else None, after_first_iteration, deferred,
                                        needs_later_break, fix, in_callee_frame))


def _operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The parts of a condition in the order they are tested, each closed by a jump (`x.max() > tol` and
    `i < n` in `x.max() > tol and i < n`): the last one's jump is the one that closes the loop."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) \
            and isinstance(test.expression, cst.BooleanOperation):
        return _operands(test.expression)
    if isinstance(test, cst.BooleanOperation):
        return [*_operands(test.left), *_operands(test.right)]
    return [test]


def _in_generator_items(chain: list[cst.CSTNode]) -> bool:
    """Is the last node of `chain` in a part of a generator expression that runs per item? (The first
    loop's iterable runs in the caller, before the generator exists.)"""
    for i, node in enumerate(chain):
        if isinstance(node, cst.GeneratorExp):
            rest = chain[i + 1:i + 3]
            if not (len(rest) == 2 and rest[0] is node.for_in and rest[1] is node.for_in.iter):
                return True
    return False


class FunctionWalker(cst.CSTVisitor):
    def __init__(self, root: cst.FunctionDef, checks: list[Check], ctx: CheckContext) -> None:
        self.root = root
        self.ctx = ctx
        params = root.params
        defaults = {p.name.value: _literal(p.default)
                    for p in (*params.posonly_params, *params.params, *params.kwonly_params) if p.default is not None}
        ctx.param_defaults = {name: value for name, value in {**ctx.caller_literals, **defaults}.items()
                              if value is not NOT_LITERAL}
        ctx.print_aliases = _print_aliases(root, ctx)
        ctx.class_tuples = _class_tuples(root)
        self.env = ctx.env
        self._narrowed: dict[int, tuple[str, object, str]] = {}
        self._comprehension_scopes: dict[int, dict[str, object]] = {}  # id → the outer kinds it shadows
        # node class → the checks' `visit_<class name>` methods (looked up by the class itself, not its name)
        self.dispatch: dict[type, list] = defaultdict(list)
        for check in checks:
            for attr in _visit_methods(type(check)):
                self.dispatch[getattr(cst, attr[len("visit_"):])].append(getattr(check, attr))

    # The walker runs on every node of every traced function: node types are compared by identity (libcst's
    # node classes are final), which costs a fraction of `isinstance` on its abstract base classes.
    def on_visit(self, node: cst.CSTNode) -> bool:
        kind = type(node)
        if kind in _DEFINITIONS and node is not self.root:
            return False  # nested definitions are traced (or not) on their own
        if kind is cst.If:
            known = value_under_compile(node.test, self.ctx.imports)
            if known is not None:
                # `if not torch.compiler.is_compiling(): print(...)`: Dynamo never traces the dead branch
                live = node.body if known else node.orelse
                if live is not None:
                    walk(live, self)
                return False
        self.ctx.parents.append(node)
        if kind in _BOUND_BEFORE:
            self._bind_before(node, kind)
        if kind is cst.While:
            carried = self._loop_carried(node)
            self.ctx.before_loop = {name: self.env.names.get(name, _UNBOUND) for name in carried}
            self.env.names.update(carried)
            for visit in self.dispatch.get(kind, ()):
                visit(node, self.ctx)
            _restore(self.env.names, self.ctx.before_loop)
            self.ctx.before_loop = {}
        elif kind is cst.Call:
            # the names in scope do not change while the checks visit the call (FunctionWalker binds before
            # and after a node), so its callee's name is resolved once for all of them
            self.ctx.callee_name = (node.func, self.ctx.qualname(node.func))
            for visit in self.dispatch.get(kind, ()):
                visit(node, self.ctx)
            self.ctx.callee_name = None
        else:
            for visit in self.dispatch.get(kind, ()):
                visit(node, self.ctx)
        if kind is cst.Call and self.ctx.call_observer is not None:
            self.ctx.call_observer(node, self.ctx)
        if kind is cst.If:
            self._visit_branches(node)
            return False
        if kind is cst.IndentedBlock:
            # `if torch.compiler.is_compiling(): return fast(x)`: under compile nothing after it runs
            for statement in node.body:
                walk(statement, self)
                if type(statement) is cst.If and self._compiled_branch_exits(statement):
                    break
            return False
        return True

    def _loop_carried(self, node: cst.While) -> dict[str, str | None]:
        """Names of the `while` test that its body rebinds to tensors: from the second test on they hold
        those (`error = 1` before the loop, `error = torch.abs(s - prev)` inside: asdl's PowerIter)."""
        tested = {n.value for n in names_in(node.test)}
        carried: dict[str, str | None] = {}
        for statement in nodes_of(node.body, (cst.Assign, cst.AnnAssign)):
            if statement.value is None:
                continue
            targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) else [statement.target]
            kind = self.env.kind_of(statement.value)
            if not is_tensor(kind):
                continue
            for target in targets:
                if isinstance(target, cst.Name) and target.value in tested and not is_tensor(self.env.names.get(target.value)):
                    carried[target.value] = kind
        return carried

    def _visit_branches(self, node: cst.If) -> None:
        """Visit the test, then each branch from the same environment, and join what they bound. Past a false
        `isinstance(x, torch.Tensor)` / `torch.is_tensor(x)`, `x` is no tensor.

        `if isinstance(e, Tensor): e = e[:, perm] / elif isinstance(e, tuple): e = (e[0], e[1]) /
        else: raise` leaves `e` a tensor on one path: it may be one afterwards. A branch that always
        leaves the function (`return`/`raise`) binds nothing for the code after the `if`.
        """
        env = self.env
        walk(node.test, self)
        before_names, before_zero = dict(env.names), set(env.zero_d)
        walk(node.body, self)
        outcomes = [] if always_exits(node.body) else [(dict(env.names), set(env.zero_d))]
        env.names, env.zero_d = dict(before_names), set(before_zero)
        # the test was false: `if torch.is_tensor(w): return float(w.detach())`, then `return float(w)` (torchgdm)
        for name, no_array in false_test_names(node.test, self.ctx.classes_of).items():
            if no_array or env.names.get(name) != NDARRAY:
                env.names[name] = CONST
        if node.orelse is not None:
            walk(node.orelse, self)
        if not always_exits(node.orelse):
            outcomes.append((dict(env.names), set(env.zero_d)))
        if not outcomes:  # both sides leave: whatever follows is unreachable, keep the state
            return
        names: dict[str, str | None] = {}
        for key in {k for outcome, _ in outcomes for k in outcome}:
            # a path that leaves `key` unbound adds nothing: reading it there would raise NameError, so after
            # `if ignore is not None: keep = y != ignore` the mask is what that branch bound (smp's focal loss)
            names[key] = join_all(outcome[key] for outcome, _ in outcomes if key in outcome)
        env.names = names
        env.zero_d = _zero_d_after(outcomes)

    def _compiled_branch_exits(self, node: cst.If) -> bool:
        known = value_under_compile(node.test, self.ctx.imports)
        if known is None:
            return False
        return always_exits(node.body if known else node.orelse)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if self.ctx.parents and self.ctx.parents[-1] is original_node:
            self.ctx.parents.pop()
            self._bind_after(original_node)

    # ---- keeping the environment in program order ----
    def _bind_before(self, node: cst.CSTNode, kind: type) -> None:
        parent = self.ctx.parent() if kind is cst.IndentedBlock else None
        if parent is not None and type(parent) is cst.If and parent.body is node:
            # inside `if isinstance(n, int):` n is not a tensor
            test = parent.test
            or_test = isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or)
            name, kind = (None if or_test else _isinstance_narrowing(test, classes_of=self.ctx.classes_of)) \
                or (None, CONST)
            if name is None and not or_test:
                # inside `if isinstance(label, torch.Tensor):` label is one, whatever its docstring said
                name, kind = tensor_test_name(test), TENSOR
                if self.env.names.get(name) == META:
                    # `embed_dim, = query.shape` then `if isinstance(embed_dim, torch.Tensor):` (a branch for
                    # JIT tracing): Dynamo knows the test is false and never traces the branch (torchcvnn); a
                    # docstring's `int` (CONST) is no such proof
                    name = None
            if name is not None:
                self._narrowed[id(node)] = (name, self.env.names.get(name, _UNBOUND), kind)
                self.env.names[name] = kind
        if kind is cst.For or kind is cst.CompFor:
            self.env.bind_loop_target(node.target, node.iter)
        elif kind is cst.WithItem and node.asname is not None:
            self.env.bind(node.asname.name, None)
        elif kind in _COMPREHENSION_TYPES:
            self._enter_comprehension(node)

    def _enter_comprehension(self, node: cst.CSTNode) -> None:
        """Bind a comprehension's targets before its element, which comes first in the tree
        (`[a.item() for a in norms]` after `for a, g in enumerate(grads)` reads the new `a`). They are
        its own: the names outside get their kinds back when it ends (`_bind_after`)."""
        saved: dict[str, object] = {}
        comp = node.for_in
        while comp is not None:
            for name in _bound_names(comp.target):
                saved.setdefault(name, self.env.names.get(name, _UNBOUND))
            self.env.bind_loop_target(comp.target, comp.iter)
            comp = comp.inner_for_in
        self._comprehension_scopes[id(node)] = saved

    def _bind_after(self, node: cst.CSTNode) -> None:
        env = self.env
        kind = type(node)
        if kind in _ASSIGNMENTS:
            # a rebound parameter no longer holds its default
            targets = [t.target for t in node.targets] if kind is cst.Assign else [node.target]
            for target in targets:
                for name in _bound_names(target):
                    self.ctx.param_defaults.pop(name, None)
        for name, saved_kind in (self._comprehension_scopes.pop(id(node), {}) if kind in _COMPREHENSION_TYPES
                                 else {}).items():
            if saved_kind is _UNBOUND:
                env.names.pop(name, None)
            else:
                env.names[name] = saved_kind
        if kind is cst.IndentedBlock and id(node) in self._narrowed:
            name, saved, narrowed = self._narrowed.pop(id(node))
            if env.names.get(name) == narrowed:  # not rebound inside the block
                if saved is _UNBOUND:
                    env.names.pop(name, None)
                else:
                    env.names[name] = saved
        if kind not in _ASSIGNMENTS:
            return
        if kind is cst.Assign:
            kind = env.kind_of(node.value)
            for target in node.targets:
                env.bind(target.target, kind, node.value)
        elif kind is cst.AnnAssign and node.value is not None:
            env.bind(node.target, env.kind_of(node.value), node.value)
        elif kind is cst.AugAssign and isinstance(node.target, cst.Name):
            current = env.kind_of(node.target)
            value = env.kind_of(node.value)
            if is_tensor(value) and not is_tensor(current):
                env.bind(node.target, value)
        elif kind is cst.NamedExpr:
            env.bind(node.target, env.kind_of(node.value), node.value)


@functools.lru_cache(maxsize=None)
def _visit_methods(check_class: type) -> tuple[str, ...]:
    """The `visit_<Type>` methods of a check class (looked up once per class, not once per walked function)."""
    return tuple(attr for attr in dir(check_class) if attr.startswith("visit_"))


def _print_aliases(root: cst.FunctionDef, ctx: CheckContext) -> frozenset[str]:
    """Names that may hold the builtin `print` here: a local bound to it on some path (hippynn's
    `qprint = print`, a no-op lambda when quiet), a parameter defaulting to it (`trace_func=print`), and
    `self.<attr>` set from such a parameter in the class's `__init__` (the early-stopping class that
    calls `self.trace_func(...)`; `ctx.object_print_attrs`)."""
    if "print" in ctx.imports.names or "print" in ctx.env.ctx.functions:
        return frozenset()
    found = {p.name.value for p in parameters(root)
             if isinstance(p.default, cst.Name) and p.default.value == "print"}
    for node in nodes_of(root.body, cst.Assign):
        if isinstance(node.value, cst.Name) and node.value.value == "print":
            found.update(t.target.value for t in node.targets if isinstance(t.target, cst.Name))
    return frozenset(found) | ctx.object_print_attrs


def walk_function(node: cst.FunctionDef, checks: list[Check], ctx: CheckContext) -> list[RawFinding]:
    walk(node, FunctionWalker(node, checks, ctx))
    return ctx.findings
