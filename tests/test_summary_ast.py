"""The equality oracle: the summary built from CPython's ast equals the one built from libcst, field by field.

`summary_ast.build_summary_ast` replaces `summary.build_summary` in the summary phase (engine.py); every check, the
project phase and the cache read the summary, so any difference would change findings. Compared here on every
fixture and on inline cases chosen where the two trees differ (visiting order, keyword constants, source text,
statement lines, comments); `bench/speed/summary_equality.py` compares them on whole corpora.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from graphlint.analysis.positions import Positions
from graphlint.analysis.summary import build_summary
from graphlint.analysis.summary_ast import build_summary_ast
from graphlint.analysis.summary_oracle import field_diff, in_order
from graphlint.analysis.syntax import forget_children
from graphlint.files import read_source

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def libcst_summary(path: str, text: str):
    """As `engine.parse_source` builds it."""
    module = cst.parse_module(text)
    positions = Positions(module, text)
    try:
        return build_summary(path, module, line_of=lambda node: positions[node].start.line)[0]
    finally:
        forget_children()


def assert_equal(path: str, text: str) -> None:
    mine = build_summary_ast(path, text)
    assert mine is not None, "the ast builder left the file to libcst"
    theirs = libcst_summary(path, text)
    assert mine == theirs, "\n".join(field_diff(mine, theirs))
    assert in_order(mine) == in_order(theirs)


@pytest.mark.parametrize("path", sorted(str(p.relative_to(FIXTURES.parent)) for p in FIXTURES.rglob("*.py")))
def test_fixtures(path, monkeypatch):
    monkeypatch.chdir(FIXTURES.parent)
    source = read_source(path)
    assert_equal(source.path, source.text)


CASES = {
    "visiting_order": '''
import torch
from torch import nn
from .helpers import *

def helper(x, *rest): return x

class Net(nn.Module):
    def __init__(self, n, act=None, scale: float = 1.0, shape: int | list[int] = 1, name="net", k=0x1F, neg=-1):
        super().__init__()
        self.layers = nn.ModuleList([Block(i) for i in range(n)] if n else [Other()])
        self.act = act
        self.name = name
        self.k = k
        self.shape = shape
        self.table = {self.a: helper(self.b), **self.c}
        self.pick = self.d if self.e(1) else self.f
        self.register_buffer(name="w", tensor=torch.zeros(3))
        self.register_buffer(f"idx_{{x}}_{n}", torch.ones(1))
        self.register_buffer(rf"raw\\n{n}", torch.ones(1))
        self.register_buffer("pos_{}".format(n), torch.ones(1))
        self.add_state("total", default=torch.tensor(0.0))
        self.add_state("items", default=[])
        self.pbar = tqdm.tqdm(range(3))
        self.xp = importlib.import_module("torch")
        self.np_arr = np.array([1, 2])
        self.mod = torch

    def forward(self, x: torch.Tensor, y: Optional[Tensor,] = None, z: "Room | None" = None):
        for i, layer in enumerate(self.layers):
            x = layer(x)
        for j, *rest in enumerate(self.blocks):
            pass
        f = lambda a=helper(self.g), *, b=self.h(): a
        helper(k=self.i, *self.j)
        self.layers[0](x)
        return x

    @property
    def size(self):
        return self.k

    @size.setter
    def size(self, v):
        self.k = v

    def steps(self):
        yield from self.layers
''',
    "returns_and_comments": '''
class A:
    def f(self) -> Tuple[
        int,
  str,   # c
            # d
    float]:
        pass

    def g(self) -> (  # hi
            int
        ):
        pass

    def h(self, a,  # type: int
          b):  # type: (int, int) -> Tensor
        pass

    def i(self, x):
        # type: (Tensor) -> List[Tensor]
        return [x]

    def j(self):
# a comment at column 0
        # type: () -> int
        return 1

    def k(self): return 1  # type: () -> int

    def l(self) -> (int): return 1

    def m(self) -> "Tensor":
        pass

def top(x,
        y) -> Dict[str,
                   int]:
    return x

def one_line(): raise NotImplementedError

def doc_then_raise():
    """Abstract."""
    raise NotImplementedError

def doc_and_raise_one_line():
    "doc"; raise NotImplementedError

def two_raises():
    raise A; raise B

def raise_then_pass():
    raise A
    pass

def returns_param(a, b=None):
    if a:
        return None
    return a if b else b

def tuples(x):
    if x:
        return True, x
    return False, -1

def starred(x):
    return (*x, 1)
''',
    "compile_sites": '''
import torch
import torch as t
from torch import compile as tc

class Net(torch.nn.Module):
    pass

@torch.compile
def a(x): return x

@torch.compile(fullgraph=True, mode="max-autotune")
def b(x): return x

@(
    t.compile)
def c(x): return x

def main():
    model = Net().to("cuda").eval()
    fast = torch.compile(model, fullgraph=1)
    other = (
        torch.compile(model.forward))
    torch._dynamo.optimize("eager")(a)
    model.compile()
    tc(model=helper)
    def inner(x): return x
    torch.compile(inner)
    torch.compile(later)
    torch.compile(Net())
    torch.compile(torch.nn.Linear(2, 2))
    x = f"{torch.compile(model)}"

def later(x): return x
''',
    "dynamo_config": '''
import torch
import torch._dynamo
import logging
torch._dynamo.config.capture_scalar_outputs = True
torch._dynamo.config.capture_dynamic_output_shape_ops = 1
torch._dynamo.config.allow_rnn = False
torch._dynamo.config.reorderable_logging_functions.add(print)
torch._dynamo.config.ignore_logging_functions |= {logging.Logger.info, *others}
torch._dynamo.config.reorderable_logging_functions.update([print, None])

def setup():
    torch._dynamo.config.allow_rnn = True
''',
    "compiling_branches": '''
import torch
from transformers.utils import is_torchdynamo_compiling

class M:
    def forward(self, x):
        if not torch.compiler.is_compiling() and self.training:
            self.log_it(x)
        elif is_torchdynamo_compiling() or x:
            self.other(x)
        else:
            self.third(x)
        if torch.jit.is_scripting():
            self.dead(x)
        else:
            self.live(x)
        if torch.compiler.is_compiling() and torch.jit.is_tracing():
            self.never(x)
        if torch._dynamo.is_compiling():
            self.yes(x)
        return x
''',
    "drivers": '''
import torch
from torch.utils.data import DataLoader
import logging
logger = logging.getLogger(__name__)
log2 = trainer.logger
LOCK = threading.Lock()

def train(model, loader):
    for batch in loader:
        model(batch).backward()

async def evaluate(model, valid_dl):
    async for batch in valid_dl:
        pass

def step(self, closure):
    closure().backward()

def train_step(model, x):
    model(x).backward()

def fit(model, opt):
    opt.zero_grad()
    torch.save(model, "m.pt")

class Trainer:
    verbose = False
    lr: float = 1e-3
    name: str = "x" "y"
    z = 1j
    n = -1
    s = (r"\\d")
    b = b"bytes"
    none = None
    def zero_grad(self):
        super().zero_grad()
    def test_step(self, batch):
        return batch

class TestThing:
    def check(self):
        pass

def test_it():
    pass
''',
    "annotations": '''
from typing import Optional
import torch
from .rooms import Room

def f(room: Room, sched: Optional[Schedule] = None, other: "Room" = None, t: torch.Tensor | None = None,
      u: Optional[(Room)] = None, v: Optional[(A, B)] = None, w: None = None, q: Optional[torch.Tensor, int] = 1):
    room.validate()
    sched.run()
    u.go()
    v.go()
    w.go()
    sched = Schedule()
    sched.run()
    solver = Solver(f)
    closure = solver.closure
    closure(1)
    solver.step()
    MyFunction.apply(1)
    Room.make()
    super().f()
    self.solver.integrate(1)
    BACKEND(1)
    BACKEND.run()
    None()
    True.real()

BACKEND = ArrayBackend()
''',
    "hooks_and_misc": '''
import torch
from torch.library import custom_op

def my_hook(m, i, o): pass

class M(torch.nn.Module):
    def __init__(self):
        self.register_forward_hook(my_hook)
        self.register_forward_pre_hook(self.pre)
        self.cfg: PPO_CFG = cfg
        self.opt: "X" = None
        self.fn = print
        import self.weird as w

    def pre(self, m, i):
        match self.mode:
            case self.a:
                pass
            case {self.b: 1, "k": v}:
                pass
            case Point(x=self.c):
                pass
            case None | True:
                pass

@torch.compiler.disable
def off(x): return x

@custom_op("ns::op", mutates_args=())
def op(x: torch.Tensor) -> torch.Tensor: return x

class C(Base, *mixins, metaclass=Meta, **kw):
    pass
''',
    "fstrings": '''
import torch
x = f"""
{torch.compile(model)}
"""
def g():
    y = f"""a
  {torch.compile(g)} {f"{h()}"}"""
    return f"{x!r:>{y}}", "a" f"b{x}"
''',
    "unicode": '''
import torch
x = "é"; y = torch.compile(m)
class Ünï(torch.nn.Module):
    def forward(self, ä: "Ä") -> Tuple["é",
                                       int]:
        ß = torch.compile(self.ö)
        return ß
''',
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_cases(name, tmp_path):
    path = tmp_path / f"{name}.py"
    text = CASES[name].lstrip("\n")
    path.write_text(text)
    assert_equal(str(path), text)


def test_line_endings(tmp_path):
    """CRLF and lone CR files: line numbers, and the line breaks inside a multi-line annotation as libcst writes
    them (its module's first line break renders as \\n, any other as itself)."""
    base = CASES["returns_and_comments"] + CASES["compile_sites"]
    for name, text in {"crlf": base.replace("\n", "\r\n"), "cr": base.replace("\n", "\r"),
                       "mixed": base.replace("\n", "\r\n", 3), "tabs": base.replace("    ", "\t"),
                       "formfeed": "\f\n" + base.replace("\ndef main", "\n\f\ndef main")}.items():
        path = tmp_path / f"{name}.py"
        path.write_bytes(text.encode())
        assert_equal(str(path), text)


def test_packages(tmp_path):
    """Module names and relative imports come from the package layout on disk."""
    package = tmp_path / "pkg" / "sub"
    package.mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    text = ("from .. import a\nfrom ..b import c as d\nfrom . import *\nimport x.y.z\nimport torch.nn as nn\n"
            "def f():\n    import torch._dynamo\n    torch._dynamo.config.capture_scalar_outputs = True\n")
    for name in ("__init__.py", "mod.py"):
        (package / name).write_text(text)
        assert_equal(str(package / name), text)


@pytest.mark.parametrize("text", [
    "class C(metaclass=M, *bases):\n    pass\n",  # CPython accepts it, libcst does not: libcst's error stays
    "def f(:\n    pass\n",  # neither parses it
])
def test_left_to_libcst(text, tmp_path):
    assert build_summary_ast(str(tmp_path / "m.py"), text) is None


@pytest.mark.parametrize("text", [
    # an f-string concatenated with a string: no literal prefix (Python 3.12+ leaves it to libcst, see below)
    'import torch\nclass M:\n    def __init__(self, n):\n        self.register_buffer(f"a{n}" "b", torch.ones(1))\n',
    # quotes nested in an f-string (Python 3.12, PEP 701): not told apart from a concatenation, left to libcst
    'import torch\nclass M:\n    def __init__(self, n):\n        self.register_buffer(f"a_{n["k"]}_x", torch.ones(1))\n',
    # type parameters (Python 3.12)
    "import torch\ndef f[T: torch.Tensor](x: T) -> T:\n    return torch.compile(x)\n"
    "class C[T](torch.nn.Module):\n    def forward(self, x): return self.a\ntype X[T] = list[T]\n",
])
def test_equal_or_left_to_libcst(text, tmp_path):
    """Equal, or left to libcst (on Python 3.11 ast does not parse the last two)."""
    path = str(tmp_path / "m.py")
    mine = build_summary_ast(path, text)
    assert mine is None or mine == libcst_summary(path, text)


def test_byte_strings_where_libcst_raises(tmp_path):
    """libcst's path raises on these (a str method on bytes); the file keeps that outcome."""
    text = "import importlib\nclass M:\n    def __init__(self):\n        self.m = importlib.import_module(b'torch')\n"
    assert build_summary_ast(str(tmp_path / "m.py"), text) is None
    with pytest.raises(TypeError):
        libcst_summary(str(tmp_path / "m.py"), text)


def test_deep_nesting(tmp_path):
    """Very deep expressions are left to libcst; a few hundred levels are not."""
    shallow = "x = " + " + ".join(["a"] * 300) + "\n"
    assert_equal(str(tmp_path / "m.py"), shallow)
    deep = "x = " + " + ".join(["a"] * 3000) + "\n"
    assert build_summary_ast(str(tmp_path / "m.py"), deep) is None
