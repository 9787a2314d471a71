"""The tree walks in graphlint/analysis/syntax.py replace libcst's own (`node.children`, `node.visit`,
`matchers.findall`) for speed; they must see exactly the same nodes in the same order, less whitespace, comments
and punctuation (`syntax.TOKENS`), which they leave out."""
from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from graphlint.analysis import syntax

ROOT = Path(__file__).resolve().parents[1]
# real code of many shapes: the fixtures (models, odd syntax) and graphlint itself
SOURCES = sorted([*ROOT.glob("fixtures/**/*.py"), *ROOT.glob("graphlint/**/*.py")])


def _all_nodes(module: cst.Module):
    stack = [module]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


def _kept(nodes):
    """libcst's nodes without the tokens graphlint's walks leave out."""
    return [n for n in nodes if type(n) not in syntax.TOKENS]


def test_tokens_hold_only_tokens(modules):
    """Leaving a token out leaves out nothing else: everything under one is a token too."""
    inside = 0
    for module in modules[:40]:
        for node in _all_nodes(module):
            if type(node) in syntax.TOKENS:
                assert all(type(child) in syntax.TOKENS for child in node.children), type(node).__name__
                inside += len(node.children)
    assert inside > 1_000


@pytest.fixture(scope="module")
def modules() -> list[cst.Module]:
    return [cst.parse_module(path.read_bytes()) for path in SOURCES]


def test_children_match_libcst_on_every_node(modules):
    checked = left_out = 0
    for module in modules:
        for node in _all_nodes(module):
            ours, theirs = syntax._read_children(node), _kept(node.children)
            assert [id(n) for n in ours] == [id(n) for n in theirs], type(node).__name__
            checked += 1
            left_out += len(node.children) - len(theirs)
    assert checked > 10_000 and left_out > checked // 2


class _Recorder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.events: list[tuple[str, int]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if type(node) in syntax.TOKENS:
            return False  # libcst's own walk, as graphlint's would see it
        self.events.append(("visit", id(node)))
        return not isinstance(node, cst.Lambda)  # a pruned subtree must stay pruned

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if type(original_node) not in syntax.TOKENS:
            self.events.append(("leave", id(original_node)))


def test_walk_calls_the_visitor_like_libcst(modules):
    for module in modules:
        ours, theirs = _Recorder(), _Recorder()
        syntax.walk(module, ours)
        module.visit(theirs)
        assert ours.events == theirs.events


class _TypedRecorder(cst.CSTVisitor):
    """A visitor on libcst's own dispatch (`visit_<Type>` / `leave_<Type>`), which `walk` runs its own way."""

    def __init__(self) -> None:
        self.events: list[tuple[str, int]] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.events.append(("call", id(node)))

    def leave_Call(self, original_node: cst.Call) -> None:
        self.events.append(("/call", id(original_node)))

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        self.events.append(("lambda", id(node)))
        return False  # its body is not visited, its leave_ still is

    def leave_Lambda(self, original_node: cst.Lambda) -> None:
        self.events.append(("/lambda", id(original_node)))

    def visit_Name(self, node: cst.Name) -> bool:
        self.events.append(("name", id(node)))
        return True


def test_walk_dispatches_visit_and_leave_methods_like_libcst(modules):
    lambdas = 0
    for module in modules:
        ours, theirs = _TypedRecorder(), _TypedRecorder()
        syntax.walk(module, ours)
        module.visit(theirs)
        assert ours.events == theirs.events
        lambdas += sum(kind == "lambda" for kind, _ in ours.events)
    assert lambdas, "no lambda in the sources: the pruning went untested"


def _reference_nodes_of(node, kinds):
    for child in _kept(node.children):
        if isinstance(child, kinds):
            yield child
        if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            yield from _reference_nodes_of(child, kinds)


@pytest.mark.parametrize("kinds", [cst.Call, (cst.For, cst.While), cst.BaseExpression, cst.FunctionDef])
def test_nodes_of_matches_a_plain_recursive_search(modules, kinds):
    for module in modules:
        assert [id(n) for n in syntax.nodes_of(module, kinds)] == [id(n) for n in _reference_nodes_of(module, kinds)]


def test_subtree_is_what_matchers_findall_searches(modules):
    import libcst.matchers as m
    for module in modules[:40]:
        found = m.findall(module, m.Name())
        assert [id(n) for n in found] == [id(n) for n in syntax.subtree(module) if isinstance(n, cst.Name)]


def _reference_preorder(node, fenced):
    for child in _kept(node.children):
        yield child
        if not isinstance(child, fenced):
            yield from _reference_preorder(child, fenced)


def test_remembered_searches_of_inner_nodes_match_a_plain_search(modules):
    """A search remembers its list, and each node it passed is answered as a slice of that list: searching
    a function, then its statements and expressions with other kinds and fences, must still give exactly
    what a plain search gives, in order."""
    definitions = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
    checked = 0
    for module in modules[:60]:
        syntax.forget_children()
        functions = list(syntax.nodes_of(module, cst.FunctionDef))  # fills the remembered spans
        list(syntax.subtree(module))
        for function in functions:
            inner = [function.body, *_reference_preorder(function.body, ())][:200]
            for node in inner:
                expected = [id(n) for n in _reference_preorder(node, definitions) if isinstance(n, cst.Return)]
                assert [id(n) for n in syntax.nodes_of(node, cst.Return)] == expected
                assert [id(n) for n in syntax.subtree(node)] == [id(node), *map(id, _reference_preorder(node, ()))]
                expected = [id(n) for n in _reference_preorder(node, (cst.Lambda, cst.BaseComp))
                            if isinstance(n, cst.Name)]
                if isinstance(node, cst.Name):
                    expected.insert(0, id(node))
                assert [id(n) for n in syntax.names_in(node)] == expected
                checked += 1
    syntax.forget_children()
    assert checked > 5_000
    assert not syntax._FOUND and not syntax._SPANS, "forget_children leaves remembered searches behind"


def test_linting_again_adds_no_visitor_class():
    """`walk` keeps a method table per visitor class, and the table keeps its class alive: a class made per call
    (with a closure over a file's resolver) kept every file's syntax tree, a worker growing by ~0.3 MB a file."""
    from dataclasses import replace

    from conftest import options

    from graphlint.engine import lint_paths

    in_this_process = replace(options("auto"), jobs=1)
    fixtures = [str(p) for p in sorted(ROOT.glob("fixtures/cases/*.py"))]
    assert lint_paths(fixtures, in_this_process).findings
    classes = set(syntax._METHODS)
    lint_paths(fixtures, in_this_process)
    assert syntax._METHODS and set(syntax._METHODS) == classes


FUNCTION_SHAPES = '''
def top(x):
    def inner(y):
        class Local:
            def method(self):
                def deepest():
                    pass
        return y
    return inner(x)

class Net:
    @property
    def size(self):
        return 1

    @size.setter
    def size(self, value):
        pass

    class Inner:
        def forward(self, x):
            return x

if True:
    def guarded():
        pass
else:
    def guarded():
        return 1

try:
    def in_try():
        pass
except ImportError:
    def in_handler():
        pass
finally:
    def in_finally():
        pass

for _ in range(2):
    def in_loop():
        pass

with open(__file__) as f:
    def in_with():
        pass

match 1:
    case 1:
        def in_case():
            pass
'''


def test_function_nodes_are_the_summary_builders(modules):
    """The rules phase collects a file's function nodes without building its summary again: same keys, same order,
    the same node objects, as `build_summary` gives them (a redefinition keeps the last)."""
    from graphlint.analysis.summary import build_summary, function_nodes

    shapes = cst.parse_module(FUNCTION_SHAPES)
    assert list(function_nodes(shapes)) == [
        "top", "top.<locals>.inner", "Local.<locals>.method", "Local.<locals>.method.<locals>.deepest", "Net.size",
        "Net.size.<setter>", "Net.Inner.forward", "guarded", "in_try", "in_handler", "in_finally", "in_loop",
        "in_with", "in_case"]
    assert function_nodes(shapes)["guarded"].body.body[0].body[0].value is not None  # the `else` arm's, returning 1
    compared = 0
    for path, module in zip([*SOURCES, "shapes.py"], [*modules, shapes]):
        _, built = build_summary(str(path), module)
        ours = function_nodes(module)
        assert list(ours) == list(built), path
        assert all(ours[key] is node for key, node in built.items()), path
        compared += len(built)
    assert compared > 1_000
