"""Tree walks the engine, the walker and the kind inference share (no libcst visitor needed)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
from libcst import MaybeSentinel

# The engine and the walker ask for the same nodes' children many times per function (hiding scopes, arms,
# print aliases), the hottest path on large packages. Keyed by `id(node)` (libcst's `__hash__` is a Python
# method: millions of calls), with the node kept in the entry so that its id cannot be reused while cached.
# The engine clears this once per file.
_CHILDREN: dict[int, tuple[cst.CSTNode, Sequence[cst.CSTNode]]] = {}


def children(node: cst.CSTNode) -> Sequence[cst.CSTNode]:
    entry = _CHILDREN.get(id(node))
    if entry is None:
        entry = _CHILDREN[id(node)] = (node, _read_children(node))
    return entry[1]


# libcst's own `node.children` also rebuilds the node through its constructor and validation; reading the
# fields in the order its `_visit_and_replace_children` visits them gives the same list at a fraction of
# the cost (tests/test_syntax.py compares the two on every node of real code). That method names each
# field it visits as a string constant, in visiting order: `visit_sequence(self, "lpar", self.lpar, ...)`.
#
# Whitespace, comments and punctuation are left out: they are about 70% of a module's nodes (a third of them
# `SimpleWhitespace`), no check or analysis looks for them, and every walk and search over the rest then visits
# a third as many nodes. Their descendants are all of these types too, so what is left is exactly libcst's tree
# without them. Comments are read from the fields that hold them (type_comments, GL401's fix).
TOKENS = frozenset({
    cst.SimpleWhitespace, cst.ParenthesizedWhitespace, cst.TrailingWhitespace, cst.Newline, cst.EmptyLine,
    cst.Comment, cst.Comma, cst.Dot, cst.LeftParen, cst.RightParen, cst.LeftSquareBracket, cst.RightSquareBracket,
    cst.LeftCurlyBrace, cst.RightCurlyBrace, cst.AssignEqual, cst.Colon, cst.Semicolon,
})
# fields that only ever hold such nodes, skipped without reading them (the type check below would drop their
# values anyway: this only saves the reads)
_TOKEN_FIELDS = frozenset({
    "lpar", "rpar", "leading_lines", "lines_after_decorators", "header", "footer", "trailing_whitespace",
    "newline", "semicolon", "comma", "lbracket", "rbracket", "lbrace", "rbrace", "equal",
})
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(cls: type) -> tuple[str, ...]:
    fields = _CHILD_FIELDS.get(cls)
    if fields is None:
        declared = cls.__dataclass_fields__
        constants = cls._visit_and_replace_children.__code__.co_consts
        fields = _CHILD_FIELDS[cls] = tuple(dict.fromkeys(
            c for c in constants if isinstance(c, str) and c in declared
            and c not in _TOKEN_FIELDS and not c.startswith("whitespace")))
    return fields


def _read_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    kids: list[cst.CSTNode] = []
    for field in child_fields(type(node)):
        value = getattr(node, field)
        kind = type(value)
        if kind in _SEQUENCES:
            kids.extend(child for child in value if type(child) not in TOKENS)  # a visited sequence holds nodes only
        elif kind not in _NOT_CHILDREN:
            kids.append(value)  # a visited field holds a node, a sequence of them, None or the sentinel
    return kids


_SEQUENCES = (tuple, list)
_NOT_CHILDREN = TOKENS | {type(None), MaybeSentinel}


def forget_children() -> None:
    _CHILDREN.clear()
    _FOUND.clear()
    _SPANS.clear()


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """`node.visit(visitor)` for a visitor that only reads, without libcst's rebuilding: its `visit` passes
    every node through its constructor and validation again even when nothing changes, which cost about
    half of a large package's check time. Same nodes (less whitespace, comments and punctuation: `TOKENS`),
    same order, same `on_visit` / `on_leave` calls;
    libcst's per-attribute hooks (`visit_Call_func`) are not called, and no visitor here defines one."""
    cls = type(visitor)
    if cls.on_visit is _DEFAULT_ON_VISIT and cls.on_leave is _DEFAULT_ON_LEAVE:
        _walk_methods(node, visitor, _methods_of(cls))
        return
    if visitor.on_visit(node):
        for child in children(node):
            walk(child, visitor)
    visitor.on_leave(node)


_DEFAULT_ON_VISIT, _DEFAULT_ON_LEAVE = cst.CSTVisitor.on_visit, cst.CSTVisitor.on_leave
_METHODS: dict[type, dict[type, tuple]] = {}


def _methods_of(cls: type) -> dict[type, tuple]:
    """node type → (visit_X, leave_X) of a visitor class (unbound; None where it has none), filled as types come.
    The table keeps the class alive: visitor classes are module-level, never made per call (`tests/test_syntax.py`
    checks that linting files adds no class here)."""
    return _METHODS.setdefault(cls, {})


def _walk_methods(node: cst.CSTNode, visitor: cst.CSTVisitor, table: dict[type, tuple]) -> None:
    """What libcst's default `on_visit` / `on_leave` do (`visit_<Type>(node)`; False skips the children; then
    `leave_<Type>(node)`), without building the method name and looking it up on every node."""
    kind = type(node)
    methods = table.get(kind)
    if methods is None:
        cls = type(visitor)
        methods = table[kind] = (getattr(cls, f"visit_{kind.__name__}", None),
                                 getattr(cls, f"leave_{kind.__name__}", None))
    visit, leave = methods
    if visit is None or visit(visitor, node) is not False:
        for child in children(node):
            _walk_methods(child, visitor, table)
    if leave is not None:
        leave(visitor, node)


# the nodes that can hold a `def` or a `class`: statements and their parts (an expression never does)
STATEMENT_PARTS = (cst.BaseSuite, cst.BaseStatement, cst.Else, cst.ExceptHandler, cst.ExceptStarHandler, cst.Finally,
                   cst.MatchCase)


def is_a(node: cst.CSTNode, kinds: type | tuple[type, ...]) -> bool:
    """`isinstance(node, kinds)`, remembered per node type: libcst's classes are ABCs, so a plain
    `isinstance` that fails goes through `ABCMeta.__instancecheck__`, millions of times a package."""
    key = (type(node), kinds)
    found = _IS_A.get(key)
    if found is None:
        found = _IS_A[key] = isinstance(node, kinds)
    return found


_IS_A: dict[tuple[type, object], bool] = {}
_DEFINITIONS = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_OWN_SCOPES = (cst.Lambda, cst.BaseComp)


def subtree(node: cst.CSTNode):
    """`node` and every node under it, nested definitions included (what `libcst.matchers.findall` searches)."""
    yield node
    yield from _preorder(node, (), ())


def names_in(node: cst.CSTNode):
    """Every Name under `node` (attribute parts included), outside lambdas and comprehensions."""
    if is_a(node, cst.Name):
        yield node
    yield from _preorder(node, cst.Name, _OWN_SCOPES)


def every_name(node: cst.CSTNode):
    """Every Name under `node` (attribute parts included), nested definitions included."""
    return _preorder(node, cst.Name, ())


def parameters(fn: cst.FunctionDef, stars: bool = False) -> list[cst.Param]:
    """The function's named parameters in order (positional-only, plain, keyword-only), and with
    `stars` its `*args` / `**kwargs` too."""
    params = fn.params
    named = [*params.posonly_params, *params.params, *params.kwonly_params]
    return named + [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)] if stars else named


def binding_targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The targets of the assignments, loops, walruses and `as` names under `node` (outside nested definitions)."""
    targets: list[cst.BaseExpression] = []
    for found in nodes_of(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.AsName)):
        if isinstance(found, cst.Assign):
            targets.extend(t.target for t in found.targets)
        else:
            targets.append(found.name if isinstance(found, cst.AsName) else found.target)
    return targets


def nodes_of(node: cst.CSTNode, kinds: type | tuple[type, ...]):
    """The nodes of the given types under `node`, outside nested definitions."""
    return _preorder(node, kinds, _DEFINITIONS)


def _preorder(node: cst.CSTNode, kinds, fenced: tuple[type, ...]):
    """The nodes under `node` of `kinds` (all of them for `()`) in source order, not entering `fenced`
    nodes (a fenced node itself is still yielded when it is of `kinds`).

    Remembered per (node, kinds, fence) until `forget_children`: the engine, the walker, the frame and kind
    analyses each search the same function bodies for their own node types (a fifth of a run's time when
    each search walked the tree again). A search with new kinds filters the remembered list of every node
    under `node` instead of walking it."""
    key = (id(node), kinds, fenced)
    entry = _FOUND.get(key)
    if entry is None:
        every = _every_node(node, fenced)
        if kinds != ():
            one_of_each = {type(n): n for n in every}
            wanted = {kind for kind, sample in one_of_each.items() if is_a(sample, kinds)}
            every = [n for n in every if type(n) in wanted]
        entry = _FOUND[key] = (node, every)
    return iter(entry[1])


_FOUND: dict[tuple[int, object, tuple], tuple[cst.CSTNode, list[cst.CSTNode]]] = {}


def _every_node(node: cst.CSTNode, fenced: tuple[type, ...]) -> list[cst.CSTNode]:
    """Every node under `node` in source order, not entering `fenced` nodes (remembered like `_preorder`'s
    searches). A node under one searched before is a slice of that search's list: in preorder a subtree is
    contiguous (`_always_run` asks of each statement of a body already searched). An explicit stack
    instead of nested generators: a deep tree passed each node up through every level."""
    key = (id(node), (), fenced)
    entry = _FOUND.get(key)
    if entry is not None:
        return entry[1]
    span = _SPANS.get((id(node), fenced))
    if span is not None:
        _, within, first, end = span
        found = within[first:end]
    else:
        found = []
        stack = [iter(children(node))]
        entered: list[tuple[cst.CSTNode, int]] = []  # the nodes whose children are on the stack, where they start
        while stack:
            for child in stack[-1]:
                found.append(child)
                if not (fenced and is_a(child, fenced)):
                    stack.append(iter(children(child)))
                    entered.append((child, len(found)))
                    break
            else:
                stack.pop()
                if entered:
                    child, first = entered.pop()
                    _SPANS[(id(child), fenced)] = (child, found, first, len(found))
    _FOUND[key] = (node, found)
    return found


# (id(node), fence) → (node, the list of a search from above it, where the node's own subtree starts and ends in it)
_SPANS: dict[tuple[int, tuple], tuple[cst.CSTNode, list[cst.CSTNode], int, int]] = {}


def is_none(node: cst.BaseExpression | None) -> bool:
    """The literal `None`."""
    return isinstance(node, cst.Name) and node.value == "None"


def returned_parameters(fn: cst.FunctionDef) -> frozenset[str] | None:
    """The parameters a function returns, if every `return` gives back one of them (or `None`)."""
    params = {p.name.value for p in parameters(fn)}
    returned: set[str] = set()

    def collect(value: cst.BaseExpression | None) -> bool:
        if value is None or is_none(value):
            return True
        if isinstance(value, cst.IfExp):
            return collect(value.body) and collect(value.orelse)
        if isinstance(value, cst.Name) and value.value in params:
            returned.add(value.value)
            return True
        return False

    ok = all(collect(r.value) for r in nodes_of(fn.body, cst.Return))
    return frozenset(returned) if ok and returned else None
