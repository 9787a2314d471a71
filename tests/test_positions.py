"""graphlint/analysis/positions.py computes libcst positions one piece of a file at a time; every position it gives
must be the one libcst's PositionProvider gives for the whole module."""
from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from graphlint.analysis.positions import Positions
from graphlint.analysis.syntax import forget_children, subtree

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*ROOT.glob("fixtures/**/*.py"), *ROOT.glob("graphlint/**/*.py"), *ROOT.glob("tests/*.py")])

ODD_SHAPES = {
    "decorators with comments and blank lines": (
        "import torch\n\n\n# leading comment\n\n@torch.no_grad()\n\n# between\n@staticmethod  # trailing\n"
        "def f(x):\n    return x\n"),
    "members of nested classes, tab indentation": (
        "class A:\n\t'''doc'''\n\tx = 1; y = 2\n\n\t@property\n\tdef p(self):\n\t\treturn 1\n\n"
        "\tclass B:\n\t\tdef g(self, x):\n\t\t\tif x:\n\t\t\t\treturn x.item()\n\t\t\treturn 0\n"
        "\t# footer comment\n"),
    "defs inside if / try / with / match": (
        "import torch\nif torch.cuda.is_available():\n    def f(x):\n        return x\nelse:\n    def f(x):\n"
        "        return x + 1\ntry:\n    import numpy\nexcept ImportError:\n    def g():\n        pass\n"
        "finally:\n    pass\nwith open('x') as fh:\n    def h():\n        pass\n"
        "match 1:\n    case 1:\n        def k():\n            pass\n"),
    "non-ASCII before a statement on its line": (
        "s = 'é€😀'; t = s.upper()\nclass Ü:\n    def naïve(self, x): return x  # ünïcode\n"
        "    größe = 'ß'; y = 2\n"),
    "async, continuation lines, parenthesised decorators": (
        "import functools\n@functools.lru_cache(\n    maxsize=None,\n)\nasync def f(a,\n            b):\n"
        "    x = (a +\n         b)\n    return \\\n        x\n\nasync def g():\n    async for i in f(1, 2):\n"
        "        pass\n"),
    "header comments, no trailing newline": "#!/usr/bin/env python\n# comment\n\n\ndef f():\n    return 1",
    "empty": "",
    "only comments": "# one\n# two\n",
}
# shapes the pieces do not handle: the whole module is done at once, with the same result
WHOLE_MODULE = {
    "carriage returns": "def f(x):\r\n    return x\r\ndef g():\r    pass\r",
    "form feed": "def f(x):\n    return x\n\x0c\ndef g():\n    pass\n",
    "syntax CPython 3.11 rejects": "def f[T](x: T) -> T:\n    return x\n",
}


def _reference(module: cst.Module):
    return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


def _defs(module: cst.Module) -> list[cst.FunctionDef]:
    return [node for node in subtree(module) if isinstance(node, cst.FunctionDef)]


def _check_piecewise(text: str) -> Positions:
    module = cst.parse_module(text)
    reference = _reference(module)
    positions = Positions(module, text)
    for fn in _defs(module):
        positions.include(fn)
        assert positions[fn] == reference[fn]
        # every node of the function, computed without regenerating the rest of the module
        for node in subtree(fn):
            assert positions._computed.get(node) == reference[node], type(node).__name__
    # nothing it computed differs from libcst's, and a lookup outside the pieces done falls back correctly
    assert all(reference[node] == rng for node, rng in positions._computed.items())
    for node in subtree(module):
        if node is not module:
            assert positions[node] == reference[node]
    forget_children()
    return positions


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_function_of_real_code_is_placed_without_the_whole_module(path):
    text = path.read_text(encoding="utf-8")
    module = cst.parse_module(text)
    positions = Positions(module, text)
    for fn in _defs(module):
        positions.include(fn)
    assert not positions._whole, "a piece did not land where CPython puts it"
    forget_children()
    _check_piecewise(text)


@pytest.mark.parametrize("name", ODD_SHAPES)
def test_odd_shapes_are_placed_piece_by_piece(name):
    text = ODD_SHAPES[name]
    module = cst.parse_module(text)
    positions = Positions(module, text)
    for fn in _defs(module):
        positions.include(fn)
    assert not positions._whole
    forget_children()
    _check_piecewise(text)


@pytest.mark.parametrize("name", WHOLE_MODULE)
def test_shapes_it_cannot_split_fall_back_to_the_whole_module(name):
    text = WHOLE_MODULE[name]
    positions = _check_piecewise(text)
    assert positions._whole


def test_a_misplaced_piece_falls_back_to_the_whole_module():
    text = "def f(x):\n    return x\n\n\ndef g(y):\n    return y\n"
    module = cst.parse_module(text)
    positions = Positions(module, text)
    positions._piece_holding(module.body[0])  # split the module, then move a piece off its line
    positions._pieces[1].start_line += 1
    g = module.body[1]
    assert positions.include(g)[g] == _reference(module)[g]
    assert positions._whole


def test_a_lookup_computes_only_the_piece_that_holds_the_node():
    text = "def f(x):\n    return x.item()\n\n\ndef g(y):\n    return y\n"
    module = cst.parse_module(text)
    call = module.body[0].body.body[0].body[0].value
    positions = Positions(module, text)
    assert positions[call] == _reference(module)[call]
    assert not positions._whole
    assert module.body[1] not in positions._computed
