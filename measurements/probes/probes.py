# Copied from /work/shared/reference/probes/probes.py (the probe set behind
# ../shared/reference/BREAKS-torch-2.13.md, written for graphlint's ground truth).
# Adapted for measurements/run_versions.py (all probes in ONE process, many torch versions):
#   * _scipy(): import scipy from the venv first, fall back to ./_deps as before;
#   * dist_all_reduce_gloo: the gloo rendezvous file goes to the system temp dir, not next to this file.
# Probe bodies, snippets, families and variants are otherwise unchanged.
"""Graph-break probes for graphlint ground truth.

Every probe is a tiny function (or nn.Module whose forward is the probe) that
exercises ONE pattern.  The runner (run_probes.py) executes each
(probe, config-variant) pair in its own subprocess.

Conventions
-----------
* ``snippet``   - the 1-2 line pattern shown in CATALOG.md.
* ``variants``  - name -> zero-arg callable returning a dict of
                  torch._dynamo.config overrides (callables so that values such
                  as ``{print}`` can be built inside the worker).
* ``control``   - True for patterns that are *expected* to be graph-break free
                  (negative controls / things the brief says "should be fine").
* ``rewrite_of``- this probe is a candidate compile-friendly rewrite of another
                  probe; the runner checks it has 0 breaks and that its compiled
                  output equals the original's eager output (torch.allclose).
* ``dyn``       - list of input factories (2 different shapes) used for the
                  dynamic=True / automatic-dynamic recompile-vs-break check.
* ``kind``      - "fn" (decorated function is the probe), "module" (decorated
                  nn.Module class; instance is called), "factory" (decorated
                  zero-arg function returns the probe callable; used for setup
                  such as custom_op registration).
* ``eager_error_expected`` - pattern raises in plain eager Python on this box.
* Side effects: prints/logs/warnings use the marker "GLPROBE" so the runner can
  count whether the side effect actually happened in each phase.
"""
from __future__ import annotations

import collections
import contextlib
import copy
import ctypes
import ctypes.util
import dataclasses
import datetime
import functools
import inspect
import json
import logging
import math
import os
import random
import re
import sys
import threading
import time
import warnings
import zlib

import numpy as np
import torch
import torch.nn as nn
import torch.distributed as dist
import torch.utils.checkpoint

import helper_mod

HERE = os.path.dirname(os.path.abspath(__file__))
DATA_FILE = os.path.join(HERE, "probe_data.txt")

REGISTRY: dict[str, "Probe"] = {}


@dataclasses.dataclass
class Probe:
    name: str
    family: str
    snippet: str
    obj: object
    kind: str = "fn"
    inputs: object = None
    variants: dict = dataclasses.field(default_factory=dict)
    control: bool = False
    rewrite_of: str | None = None
    dyn: list | None = None
    env: dict | None = None
    note: str = ""
    eager_error_expected: bool = False
    order: int = 0


def _x4():
    return (torch.randn(4),)


V_DEFAULT = {"default": lambda: {}}
V_SCALAR = {
    "default": lambda: {},
    "capture_scalar_outputs": lambda: {"capture_scalar_outputs": True},
}
V_DYNOUT = {
    "default": lambda: {},
    "capture_dynamic_output_shape_ops": lambda: {"capture_dynamic_output_shape_ops": True},
}
V_BOTH = {
    "default": lambda: {},
    "capture_scalar_outputs": lambda: {"capture_scalar_outputs": True},
    "capture_dynamic_output_shape_ops": lambda: {"capture_dynamic_output_shape_ops": True},
    "capture_scalar+dynamic_output_shape": lambda: {
        "capture_scalar_outputs": True,
        "capture_dynamic_output_shape_ops": True,
    },
}
V_PRINT = {
    "default": lambda: {},
    "reorderable_logging_functions={print}": lambda: {"reorderable_logging_functions": {print}},
}

_order = [0]


def probe(family, snippet, *, inputs=None, variants=None, kind="fn", control=False,
          rewrite_of=None, dyn=None, env=None, note="", eager_error_expected=False):
    def deco(obj):
        name = obj.__name__
        if name in REGISTRY:
            raise ValueError(f"duplicate probe {name}")
        _order[0] += 1
        REGISTRY[name] = Probe(
            name=name, family=family, snippet=snippet, obj=obj, kind=kind,
            inputs=inputs, variants=dict(variants or V_DEFAULT), control=control,
            rewrite_of=rewrite_of, dyn=dyn, env=env, note=note,
            eager_error_expected=eager_error_expected, order=_order[0])
        return obj
    return deco


# ---------------------------------------------------------------- helpers ---
_log = logging.getLogger("graphlint.probe")


def _gen(t):
    yield t
    yield t * 2


@functools.lru_cache(maxsize=None)
def _cached_double(n):
    return n * 2


_LOCK = threading.Lock()
_ONCE: dict = {}
_GLOBAL_LIST: list = []
_GLOBAL_T = torch.arange(4, dtype=torch.float32)
SCALE = 3.0

try:
    _LIBC = ctypes.CDLL(ctypes.util.find_library("c"))
except OSError:  # pragma: no cover
    _LIBC = None


@dataclasses.dataclass
class _Pair:
    a: torch.Tensor
    b: torch.Tensor


_NT = collections.namedtuple("_NT", ["a", "b"])


@contextlib.contextmanager
def _user_cm():
    yield


def _block(t):
    return torch.sin(t) * 2


# ========================================================= 0. the classic example
@probe("classic", "assert torch.all(x >= 0); x.sum().item(); for k in np.arange(1); print(x)",
       inputs=lambda: (torch.rand(4),))
def classic_example(x):
    assert torch.all(x >= 0)
    y = x.sum().item()
    for k in np.arange(1):
        x = x + k
    print(x)
    return x * 2


# ========================================================= 1. scalar extraction
@probe("scalar", "v = y.sum().item()", variants=V_SCALAR)
def item(x):
    y = x * 2
    v = y.sum().item()
    return y + v


@probe("scalar", "v = y.sum()            # keep it a 0-d tensor", rewrite_of="item")
def item__rw_keep_tensor(x):
    y = x * 2
    v = y.sum()
    return y + v


@probe("scalar", "l = y.tolist(); y + l[0]", variants=V_SCALAR)
def tolist(x):
    y = x * 2
    l = y.tolist()
    return y + l[0]


@probe("scalar", "y + y[0]", rewrite_of="tolist")
def tolist__rw_index(x):
    y = x * 2
    return y + y[0]


@probe("scalar", "n = int(y.sum())", variants=V_SCALAR)
def int_of_tensor(x):
    y = x * 2
    n = int(y.sum())
    return y + n


@probe("scalar", "y + torch.trunc(y.sum())", rewrite_of="int_of_tensor")
def int_of_tensor__rw_trunc(x):
    y = x * 2
    return y + torch.trunc(y.sum())


@probe("scalar", "f = float(y.sum())", variants=V_SCALAR)
def float_of_tensor(x):
    y = x * 2
    f = float(y.sum())
    return y * f


@probe("scalar", "y * y.sum()", rewrite_of="float_of_tensor")
def float_of_tensor__rw_tensor(x):
    y = x * 2
    return y * y.sum()


@probe("scalar", "b = bool((y > 0).any())", variants=V_SCALAR)
def bool_of_tensor(x):
    y = x * 2
    b = bool((y > 0).any())
    return y * b


@probe("scalar", "y * (y > 0).any()", rewrite_of="bool_of_tensor")
def bool_of_tensor__rw_tensor(x):
    y = x * 2
    return y * (y > 0).any()


@probe("scalar", "for i in range(n):   # n is a 0-d int tensor (__index__)",
       inputs=lambda: (torch.randn(4), torch.tensor(3)), variants=V_SCALAR)
def range_of_tensor(x, n):
    y = x * 2
    for i in range(n):
        y = y + i
    return y


@probe("scalar", "v = lst[idx]          # idx is a 0-d int tensor (__index__)",
       inputs=lambda: (torch.randn(4), torch.tensor(1)), variants=V_SCALAR)
def list_index_by_tensor(x, idx):
    lst = [1.0, 2.0, 3.0]
    v = lst[idx]
    return x * v


@probe("scalar", "v = torch.tensor(lst)[idx]", rewrite_of="list_index_by_tensor")
def list_index_by_tensor__rw_tensor_index(x, idx):
    lst = [1.0, 2.0, 3.0]
    v = torch.tensor(lst)[idx]
    return x * v


@probe("scalar", 's = f"{y.sum()}"', variants=V_SCALAR)
def fstring_of_tensor(x):
    y = x * 2
    s = f"{y.sum()}"
    return y + 1


@probe("scalar", 'return f"{x.sum()}"   # is the formatted value right?', variants=V_SCALAR)
def fstring_of_tensor_returned(x):
    y = x * 2
    return f"{y.sum()}"


@probe("scalar", 'if not torch.compiler.is_compiling(): s = f"{y.sum()}"',
       rewrite_of="fstring_of_tensor")
def fstring_of_tensor__rw_guard(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        s = f"{y.sum()}"
    return y + 1


@probe("scalar", "s = str(y)", variants=V_SCALAR)
def str_of_tensor(x):
    y = x * 2
    s = str(y)
    return y + 1


@probe("scalar", "if not torch.compiler.is_compiling(): s = str(y)", rewrite_of="str_of_tensor")
def str_of_tensor__rw_guard(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        s = str(y)
    return y + 1


@probe("scalar", "s = repr(y)", variants=V_SCALAR)
def repr_of_tensor(x):
    y = x * 2
    s = repr(y)
    return y + 1


@probe("scalar", 's = f"{y.shape}"  (shape, not values)', control=True)
def fstring_of_shape(x):
    y = x * 2
    s = f"{y.shape}"
    return y + len(s)


@probe("scalar", "n = len(y)   # 1-d", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def len_1d(x):
    y = x * 2
    n = len(y)
    return y * n


@probe("scalar", "n = len(y.sum())   # 0-d -> TypeError in eager", eager_error_expected=True)
def len_0d(x):
    y = x * 2
    n = len(y.sum())
    return y * n


@probe("scalar", "n = y.shape[0]; y * n", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def shape_as_int(x):
    y = x * 2
    n = y.shape[0]
    return y * n


@probe("scalar", "n = y.numel() + y.size(0)", control=True)
def numel_size_as_int(x):
    y = x * 2
    n = y.numel() + y.size(0)
    return y * n


# ======================================================= 2. printing / logging
@probe("print/log", 'print("GLPROBE", y)', variants=V_PRINT)
def print_tensor(x):
    y = x * 2
    print("GLPROBE", y)
    return y + 1


@probe("print/log", 'if not torch.compiler.is_compiling(): print("GLPROBE", y)',
       rewrite_of="print_tensor")
def print_tensor__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        print("GLPROBE", y)
    return y + 1


@probe("print/log", 'print("GLPROBE")', variants=V_PRINT)
def print_str(x):
    y = x * 2
    print("GLPROBE")
    return y + 1


@probe("print/log", 'print(f"GLPROBE {y.shape}")', variants=V_PRINT)
def print_fstring_shape(x):
    y = x * 2
    print(f"GLPROBE {y.shape}")
    return y + 1


@probe("print/log", 'helper_mod.prints_inside(y)   # print in another module')
def print_in_helper(x):
    y = x * 2
    z = helper_mod.prints_inside(y)
    return z + 1


@probe("print/log", 'logging.info("GLPROBE")   # module-level function', variants={
    "default": lambda: {},
    "ignore_logging_functions={logging.info}": lambda: {"ignore_logging_functions": {logging.info}},
    "reorderable_logging_functions={logging.info}": lambda: {"reorderable_logging_functions": {logging.info}},
})
def logging_info_module(x):
    y = x * 2
    logging.info("GLPROBE")
    return y + 1


@probe("print/log", 'if not torch.compiler.is_compiling(): logging.info("GLPROBE")',
       rewrite_of="logging_info_module")
def logging_info_module__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        logging.info("GLPROBE")
    return y + 1


@probe("print/log", '_log.info("GLPROBE")', variants={
    "default": lambda: {},
    "ignore_logging_functions={logging.Logger.info}": lambda: {"ignore_logging_functions": {logging.Logger.info}},
})
def logger_info(x):
    y = x * 2
    _log.info("GLPROBE")
    return y + 1


@probe("print/log", '_log.debug("GLPROBE")   # no args', variants={
    "default": lambda: {},
    "ignore_logging_functions={logging.Logger.debug}": lambda: {"ignore_logging_functions": {logging.Logger.debug}},
})
def logger_debug_noargs(x):
    y = x * 2
    _log.debug("GLPROBE")
    return y + 1


@probe("print/log", '_log.debug("GLPROBE %s", y)   # tensor arg', variants={
    "default": lambda: {},
    "ignore_logging_functions={logging.Logger.debug}": lambda: {"ignore_logging_functions": {logging.Logger.debug}},
})
def logger_debug_args(x):
    y = x * 2
    _log.debug("GLPROBE %s", y)
    return y + 1


@probe("print/log", 'if not torch.compiler.is_compiling(): _log.debug("GLPROBE %s", y)',
       rewrite_of="logger_debug_args")
def logger_debug_args__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        _log.debug("GLPROBE %s", y)
    return y + 1


@probe("print/log", '_log.warning("GLPROBE")')
def logger_warning(x):
    y = x * 2
    _log.warning("GLPROBE")
    return y + 1


@probe("print/log", 'if _log.isEnabledFor(logging.DEBUG): _log.debug(...)')
def logger_isenabledfor_guard(x):
    y = x * 2
    if _log.isEnabledFor(logging.DEBUG):
        _log.debug("GLPROBE")
    return y + 1


@probe("print/log", 'warnings.warn("GLPROBE")', variants={
    "default": lambda: {},
    "reorderable_logging_functions={warnings.warn}": lambda: {"reorderable_logging_functions": {warnings.warn}},
})
def warnings_warn(x):
    y = x * 2
    warnings.warn("GLPROBE")
    return y + 1


@probe("print/log", 'if not torch.compiler.is_compiling(): warnings.warn("GLPROBE")',
       rewrite_of="warnings_warn")
def warnings_warn__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        warnings.warn("GLPROBE")
    return y + 1


@probe("print/log", 'sys.stdout.write("GLPROBE\\n")')
def sys_stdout_write(x):
    y = x * 2
    sys.stdout.write("GLPROBE\n")
    return y + 1


@probe("print/log", 'if not torch.compiler.is_compiling(): sys.stdout.write(...)',
       rewrite_of="sys_stdout_write")
def sys_stdout_write__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        sys.stdout.write("GLPROBE\n")
    return y + 1


# ================================================================= 3. asserts
def _rand4():
    return (torch.rand(4),)


@probe("assert", "assert torch.all(y >= 0)", inputs=_rand4, variants=V_SCALAR)
def assert_tensor(x):
    y = x * 2
    assert torch.all(y >= 0)
    return y + 1


@probe("assert", "torch._assert_async(torch.all(y >= 0))", inputs=_rand4, rewrite_of="assert_tensor")
def assert_tensor__rw_assert_async(x):
    y = x * 2
    torch._assert_async(torch.all(y >= 0))
    return y + 1


@probe("assert", 'assert (y >= 0).all(), "negative"', inputs=_rand4)
def assert_tensor_msg(x):
    y = x * 2
    assert (y >= 0).all(), "negative"
    return y + 1


@probe("assert", "assert y.shape[0] == 3", inputs=lambda: (torch.randn(3),), control=True)
def assert_shape(x):
    y = x * 2
    assert y.shape[0] == 3
    return y + 1


@probe("assert", "assert isinstance(x, torch.Tensor)", control=True)
def assert_isinstance(x):
    y = x * 2
    assert isinstance(x, torch.Tensor)
    return y + 1


@probe("assert", "assert y.sum().item() > -1e9", variants=V_SCALAR)
def assert_item(x):
    y = x * 2
    assert y.sum().item() > -1e9
    return y + 1


@probe("assert", "torch._check(y.shape[0] == 3)", inputs=lambda: (torch.randn(3),), control=True)
def torch_check_shape(x):
    y = x * 2
    torch._check(y.shape[0] == 3)
    return y + 1


@probe("assert", "n = int_t.item(); torch._check(n >= 0)",
       inputs=lambda: (torch.randn(4), torch.tensor(2)), variants=V_SCALAR)
def torch_check_item(x, k):
    y = x * 2
    n = k.item()
    torch._check(n >= 0)
    return y * n


# ============================================= 4. data-dependent control flow
@probe("control-flow", "if y.sum() > 0: ...", variants=V_SCALAR)
def if_tensor_sum(x):
    y = x * 2
    if y.sum() > 0:
        y = y + 1
    else:
        y = y - 1
    return y


@probe("control-flow", "y = torch.where(y.sum() > 0, y + 1, y - 1)", rewrite_of="if_tensor_sum")
def if_tensor_sum__rw_where(x):
    y = x * 2
    return torch.where(y.sum() > 0, y + 1, y - 1)


@probe("control-flow", "torch.cond(y.sum() > 0, lambda t: t + 1, lambda t: t - 1, (y,))",
       rewrite_of="if_tensor_sum")
def if_tensor_sum__rw_cond(x):
    y = x * 2
    return torch.cond(y.sum() > 0, lambda t: t + 1, lambda t: t - 1, (y,))


@probe("control-flow", "if y.any(): ...   # implicit bool", variants=V_SCALAR)
def if_tensor_implicit_bool(x):
    y = x * 2
    if (y > 0).any():
        y = y + 1
    return y


@probe("control-flow", "while (y > 1).any(): y = y / 2",
       inputs=lambda: (torch.rand(4) * 10,), variants=V_SCALAR)
def while_tensor_any(x):
    y = x * 2
    while (y > 1).any():
        y = y / 2
    return y


@probe("control-flow", "while_loop(lambda t: (t > 1).any(), lambda t: (t / 2,), (y,))",
       inputs=lambda: (torch.rand(4) * 10,), rewrite_of="while_tensor_any")
def while_tensor_any__rw_while_loop(x):
    from torch._higher_order_ops.while_loop import while_loop
    y = x * 2
    (y,) = while_loop(lambda t: (t > 1).any(), lambda t: (t / 2,), (y,))
    return y


@probe("control-flow", "z = y if y.sum() > 0 else -y", variants=V_SCALAR)
def ternary_tensor(x):
    y = x * 2
    z = y if y.sum() > 0 else -y
    return z + 1


@probe("control-flow", "z = torch.where(y.sum() > 0, y, -y)", rewrite_of="ternary_tensor")
def ternary_tensor__rw_where(x):
    y = x * 2
    z = torch.where(y.sum() > 0, y, -y)
    return z + 1


@probe("control-flow", "c = (y.sum() > 0) and (y.mean() < 10)", variants=V_SCALAR)
def and_or_tensor(x):
    y = x * 2
    c = (y.sum() > 0) and (y.mean() < 10)
    return y * c


@probe("control-flow", "c = torch.logical_and(y.sum() > 0, y.mean() < 10)", rewrite_of="and_or_tensor")
def and_or_tensor__rw_logical_and(x):
    y = x * 2
    c = torch.logical_and(y.sum() > 0, y.mean() < 10)
    return y * c


@probe("control-flow", "if y.sum().item() > 0: ...", variants=V_SCALAR)
def if_item(x):
    y = x * 2
    if y.sum().item() > 0:
        y = y + 1
    else:
        y = y - 1
    return y


@probe("control-flow", "y = torch.where(y.sum() > 0, y + 1, y - 1)", rewrite_of="if_item")
def if_item__rw_where(x):
    y = x * 2
    return torch.where(y.sum() > 0, y + 1, y - 1)


@probe("control-flow", "m = max(y.sum(), y.mean())   # builtin max on tensors", variants=V_SCALAR)
def builtin_max_tensors(x):
    y = x * 2
    m = max(y.sum(), y.mean())
    return y + m


@probe("control-flow", "m = torch.maximum(y.sum(), y.mean())", rewrite_of="builtin_max_tensors")
def builtin_max_tensors__rw_maximum(x):
    y = x * 2
    m = torch.maximum(y.sum(), y.mean())
    return y + m


@probe("control-flow", "if y.shape[0] > 2: ...", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def if_shape(x):
    y = x * 2
    if y.shape[0] > 2:
        y = y + 1
    return y


@probe("control-flow", "if y.numel(): ...", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def if_numel(x):
    y = x * 2
    if y.numel():
        y = y + 1
    return y


@probe("control-flow", "if y.numel() > 5: ...  (4 -> 7 crosses the branch)", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def if_numel_threshold(x):
    y = x * 2
    if y.numel() > 5:
        y = y + 1
    return y


@probe("control-flow", "if y.dim() == 1 and y.dtype == torch.float32 and y.device.type == 'cpu'",
       control=True)
def if_meta(x):
    y = x * 2
    if y.dim() == 1 and y.dtype == torch.float32 and y.device.type == "cpu":
        y = y + 1
    return y


@probe("control-flow", "if x.requires_grad: ...", control=True)
def if_requires_grad(x):
    y = x * 2
    if x.requires_grad:
        y = y + 1
    return y


@probe("control-flow", "if bias is not None: ...", inputs=lambda: (torch.randn(4), None), control=True)
def if_is_none(x, bias):
    y = x * 2
    if bias is not None:
        y = y + bias
    return y


@probe("control-flow", "for i in range(y.shape[0]): acc = acc + y[i]", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def range_over_shape(x):
    y = x * 2
    acc = torch.zeros(())
    for i in range(y.shape[0]):
        acc = acc + y[i]
    return acc


@probe("control-flow", "def f(x, n: int): x * n   (python int arg, 2 -> 3)", control=True,
       inputs=lambda: (torch.randn(4), 2),
       dyn=[lambda: (torch.randn(4), 2), lambda: (torch.randn(4), 3)])
def python_int_arg(x, n):
    return x * n + n


# ================================================================== 5. numpy
@probe("numpy", "for k in np.arange(3): y = y + k", control=True)
def np_arange_loop(x):
    y = x * 2
    for k in np.arange(3):
        y = y + k
    return y


@probe("numpy", "for k in np.arange(y.shape[0]): ...", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def np_arange_shape_loop(x):
    y = x * 2
    for k in np.arange(y.shape[0]):
        y = y + k
    return y


@probe("numpy", "a = np.array(y); torch.from_numpy(a * 2)")
def np_array_of_tensor(x):
    y = x * 2
    a = np.array(y)
    return torch.from_numpy(a * 2)


@probe("numpy", "a = y.numpy(); torch.from_numpy(np.sin(a))")
def tensor_numpy(x):
    y = x * 2
    a = y.numpy()
    return torch.from_numpy(np.sin(a))


@probe("numpy", "torch.sin(y)", rewrite_of="tensor_numpy")
def tensor_numpy__rw_torch(x):
    y = x * 2
    return torch.sin(y)


@probe("numpy", "a = y.cpu().numpy(); torch.from_numpy(np.sin(a))")
def tensor_cpu_numpy(x):
    y = x * 2
    a = y.cpu().numpy()
    return torch.from_numpy(np.sin(a))


@probe("numpy", "a = y.detach().cpu().numpy(); b = float(a.mean())")
def tensor_detach_numpy_scalar(x):
    y = x * 2
    a = y.detach().cpu().numpy()
    b = float(a.mean())
    return y + b


@probe("numpy", "b = y.detach().mean(); y + b", rewrite_of="tensor_detach_numpy_scalar")
def tensor_detach_numpy_scalar__rw_torch(x):
    y = x * 2
    b = y.detach().mean()
    return y + b


@probe("numpy", "s = np.sum(y)   # numpy reduction on a torch tensor -> TypeError in eager",
       eager_error_expected=True)
def np_sum_on_tensor(x):
    y = x * 2
    s = np.sum(y)
    return y + s


@probe("numpy", "z = np.sin(y)   # numpy ufunc directly on a torch tensor")
def np_ufunc_on_tensor(x):
    y = x * 2
    z = np.sin(y)
    return z + 1


@probe("numpy", "s = np.sum(y.numpy())")
def np_sum_on_tensor_numpy(x):
    y = x * 2
    s = np.sum(y.numpy())
    return y + s


@probe("numpy", "s = y.sum()", rewrite_of="np_sum_on_tensor_numpy")
def np_sum_on_tensor_numpy__rw_torch(x):
    y = x * 2
    s = y.sum()
    return y + s


@probe("numpy", "b = np.sin(np.ones(4)) * 2; y + torch.from_numpy(b)")
def np_ops_inside(x):
    y = x * 2
    b = np.sin(np.ones(4)) * 2
    return y + torch.from_numpy(b)


@probe("numpy", "torch.from_numpy(a) + y   # a is an np.ndarray argument",
       inputs=lambda: (torch.randn(4), np.arange(4, dtype=np.float32)))
def from_numpy_arg(x, a):
    y = x * 2
    return torch.from_numpy(a) + y


@probe("numpy", "def f(a): return np.sin(a) * 2   # pure numpy fn compiled",
       inputs=lambda: (np.linspace(0, 1, 4),), control=True)
def numpy_only_fn(a):
    b = np.sin(a) * 2
    return b + 1


@probe("numpy", "r = np.random.rand(4); y + torch.from_numpy(r)", variants={
    "default": lambda: {},
    "use_numpy_random_stream": lambda: {"use_numpy_random_stream": True},
})
def np_random(x):
    y = x * 2
    r = np.random.rand(4)
    return y + torch.from_numpy(r)


@probe("numpy", "y * np.float32(2.0)")
def np_scalar(x):
    y = x * 2
    return y * np.float32(2.0)


# ============================================ 6. data-dependent output shapes
def _ints():
    return (torch.tensor([0, 1, 1, 3, 2, 3, 3]),)


@probe("dyn-shape", "z = y[y > 0]; z * 2   # boolean-mask indexing", variants=V_DYNOUT,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def bool_mask_index(x):
    y = x * 2
    z = y[y > 0]
    return z * 2


@probe("dyn-shape", "s = y[y > 0].sum()", variants=V_DYNOUT)
def bool_mask_index_sum(x):
    y = x * 2
    s = y[y > 0].sum()
    return s + 1


@probe("dyn-shape", "s = torch.where(y > 0, y, 0).sum()", rewrite_of="bool_mask_index_sum")
def bool_mask_index_sum__rw_where(x):
    y = x * 2
    s = torch.where(y > 0, y, 0).sum()
    return s + 1


@probe("dyn-shape", "y[y < 0] = 0   # boolean-mask setitem", variants=V_DYNOUT)
def bool_mask_setitem(x):
    y = x * 2
    y[y < 0] = 0
    return y + 1


@probe("dyn-shape", "y = y.masked_fill(y < 0, 0)", rewrite_of="bool_mask_setitem")
def bool_mask_setitem__rw_masked_fill(x):
    y = x * 2
    y = y.masked_fill(y < 0, 0)
    return y + 1


@probe("dyn-shape", "idx = torch.nonzero(y > 0)", variants=V_DYNOUT,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def torch_nonzero(x):
    y = x * 2
    idx = torch.nonzero(y > 0)
    return idx + 1


@probe("dyn-shape", "idx = (y > 0).nonzero()", variants=V_DYNOUT)
def tensor_nonzero_method(x):
    y = x * 2
    idx = (y > 0).nonzero()
    return idx + 1


@probe("dyn-shape", "n = torch.nonzero(y > 0).shape[0]; y * n", variants=V_DYNOUT)
def nonzero_count(x):
    y = x * 2
    n = torch.nonzero(y > 0).shape[0]
    return y * n


@probe("dyn-shape", "n = (y > 0).sum(); y * n", rewrite_of="nonzero_count")
def nonzero_count__rw_sum(x):
    y = x * 2
    n = (y > 0).sum()
    return y * n


@probe("dyn-shape", "u = torch.unique(t)", inputs=_ints, variants=V_DYNOUT)
def torch_unique(t):
    u = torch.unique(t)
    return u * 2


@probe("dyn-shape", "u, c = torch.unique(t, return_counts=True)", inputs=_ints, variants=V_DYNOUT)
def torch_unique_counts(t):
    u, c = torch.unique(t, return_counts=True)
    return u * 2, c


@probe("dyn-shape", "z = torch.masked_select(y, y > 0)", variants=V_DYNOUT)
def masked_select(x):
    y = x * 2
    z = torch.masked_select(y, y > 0)
    return z * 2


@probe("dyn-shape", "i, = torch.where(y > 0)   # single-arg where", variants=V_DYNOUT)
def where_single_arg(x):
    y = x * 2
    (i,) = torch.where(y > 0)
    return i + 1


@probe("dyn-shape", "z = torch.where(y > 0, y, 0)   # 3-arg where", control=True)
def where_three_arg(x):
    y = x * 2
    z = torch.where(y > 0, y, 0)
    return z + 1


@probe("dyn-shape", "z = torch.repeat_interleave(y, reps)   # reps is a tensor",
       inputs=lambda: (torch.randn(4), torch.tensor([1, 2, 0, 3])), variants=V_DYNOUT)
def repeat_interleave_tensor(x, reps):
    y = x * 2
    z = torch.repeat_interleave(y, reps)
    return z + 1


@probe("dyn-shape", "z = y.repeat_interleave(2)   # python-int repeats", control=True)
def repeat_interleave_int(x):
    y = x * 2
    z = y.repeat_interleave(2)
    return z + 1


@probe("dyn-shape", "z = y[:n.item()]", inputs=lambda: (torch.randn(4), torch.tensor(2)),
       variants=V_BOTH)
def slice_by_item(x, n):
    y = x * 2
    z = y[: n.item()]
    return z + 1


@probe("dyn-shape", "r = torch.arange(n.item())", inputs=lambda: (torch.randn(4), torch.tensor(3)),
       variants=V_BOTH)
def arange_item(x, n):
    r = torch.arange(n.item())
    return r * 2


@probe("dyn-shape", "r = torch.arange(y.shape[0])", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def arange_shape(x):
    y = x * 2
    r = torch.arange(y.shape[0])
    return y + r


@probe("dyn-shape", "b = torch.bincount(t)", inputs=_ints, variants=V_DYNOUT)
def bincount(t):
    b = torch.bincount(t)
    return b * 2


@probe("dyn-shape", "torch.zeros(4, dtype=t.dtype).scatter_add_(0, t, torch.ones_like(t))  # K=4 known",
       inputs=_ints, rewrite_of="bincount")
def bincount__rw_scatter_add(t):
    b = torch.zeros(4, dtype=t.dtype).scatter_add_(0, t, torch.ones_like(t))
    return b * 2


@probe("dyn-shape", "p = torch.randperm(y.shape[0]); y[p]", control=True,
       dyn=[lambda: (torch.randn(4),), lambda: (torch.randn(7),)])
def randperm_shape(x):
    y = x * 2
    p = torch.randperm(y.shape[0])
    return y[p]


@probe("dyn-shape", "s = torch.multinomial(probs, 2)", inputs=lambda: (torch.rand(5),))
def multinomial(p):
    s = torch.multinomial(p, 2)
    return s + 1


@probe("dyn-shape", "a = torch.argwhere(y > 0)", variants=V_DYNOUT)
def argwhere(x):
    y = x * 2
    a = torch.argwhere(y > 0)
    return a + 1


@probe("dyn-shape", "z = y[idx]   # integer-tensor indexing", control=True,
       inputs=lambda: (torch.randn(4), torch.tensor([0, 2, 2])))
def int_tensor_index(x, idx):
    y = x * 2
    z = y[idx]
    return z + 1


@probe("dyn-shape", "v, i = torch.topk(y, k.item())", inputs=lambda: (torch.randn(6), torch.tensor(3)),
       variants=V_BOTH)
def topk_item(x, k):
    y = x * 2
    v, i = torch.topk(y, k.item())
    return v + 1


@probe("dyn-shape", "parts = torch.split(y, sizes.tolist())",
       inputs=lambda: (torch.randn(6), torch.tensor([2, 4])), variants=V_BOTH)
def split_tolist(x, sizes):
    y = x * 2
    parts = torch.split(y, sizes.tolist())
    return parts[0].sum() + parts[1].sum()


# ===================================== 7. unsupported python / builtins / stdlib
@probe("python", "z = copy.deepcopy(y)")
def deepcopy_tensor(x):
    y = x * 2
    z = copy.deepcopy(y)
    return z + 1


@probe("python", "z = y.clone()", rewrite_of="deepcopy_tensor")
def deepcopy_tensor__rw_clone(x):
    y = x * 2
    z = y.clone()
    return z + 1


@probe("python", "_ = id(y)")
def id_of_tensor(x):
    y = x * 2
    _ = id(y)
    return y + 1


def _with_id():
    x = torch.randn(4)
    return (x, id(x))


@probe("python", "x * (id(x) == xid)   # is id() of an input right under compile?", inputs=_with_id)
def id_value_check(x, xid):
    return x * (id(x) == xid)


@probe("python", "breakpoint()   # run with PYTHONBREAKPOINT=0", env={"PYTHONBREAKPOINT": "0"})
def breakpoint_call(x):
    y = x * 2
    breakpoint()
    return y + 1


@probe("python", "torch._dynamo.graph_break()")
def explicit_graph_break(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1


@probe("python", "t0 = time.time()")
def time_time(x):
    y = x * 2
    t0 = time.time()
    return y + 1


@probe("python", "if not torch.compiler.is_compiling(): t0 = time.time()", rewrite_of="time_time")
def time_time__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        t0 = time.time()
    return y + 1


@probe("python", "t0 = time.perf_counter()")
def time_perf_counter(x):
    y = x * 2
    t0 = time.perf_counter()
    return y + 1


@probe("python", "d = datetime.datetime.now()")
def datetime_now(x):
    y = x * 2
    d = datetime.datetime.now()
    return y + 1


@probe("python", "if not torch.compiler.is_compiling(): d = datetime.datetime.now()",
       rewrite_of="datetime_now")
def datetime_now__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        d = datetime.datetime.now()
    return y + 1


@probe("python", "r = random.random(); y * r")
def random_random(x):
    y = x * 2
    r = random.random()
    return y * r


@probe("python", 'v = os.environ.get("GRAPHLINT_FLAG", "0")')
def os_environ_get(x):
    y = x * 2
    v = os.environ.get("GRAPHLINT_FLAG", "0")
    if v == "1":
        y = y + 1
    return y


def _env(v):
    os.environ["GRAPHLINT_FLAG"] = v
    return (torch.ones(4),)


@probe("python", 'os.environ.get(...) read, env var flipped "0" -> "1" between calls',
       inputs=lambda: _env("0"), dyn=[lambda: _env("0"), lambda: _env("1")])
def os_environ_flip(x):
    y = x * 2
    if os.environ.get("GRAPHLINT_FLAG", "0") == "1":
        y = y + 1
    return y


@probe("python", "with open(DATA_FILE) as f: s = f.read()")
def open_read(x):
    y = x * 2
    with open(DATA_FILE) as f:
        s = f.read()
    return y * len(s)


@probe("python", "n = len(inspect.signature(_block).parameters)")
def inspect_signature(x):
    y = x * 2
    n = len(inspect.signature(_block).parameters)
    return y * n


@probe("python", "n = sys.getsizeof(y)")
def sys_getsizeof(x):
    y = x * 2
    n = sys.getsizeof(y)
    return y + 1


@probe("python", "if not torch.compiler.is_compiling(): n = sys.getsizeof(y)",
       rewrite_of="sys_getsizeof")
def sys_getsizeof__rw_is_compiling(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        n = sys.getsizeof(y)
    return y + 1


@probe("python", "with _LOCK: y = y * 2   # threading.Lock")
def threading_lock(x):
    y = x * 2
    with _LOCK:
        y = y * 2
    return y + 1


@probe("python", "y * _cached_double(3)   # functools.lru_cache fn")
def lru_cache_call(x):
    y = x * 2
    return y * _cached_double(3)


@probe("python", "for z in _gen(y): acc = acc + z   # generator function")
def generator_function(x):
    y = x * 2
    acc = torch.zeros(4)
    for z in _gen(y):
        acc = acc + z
    return acc


@probe("python", "s = sum(y * i for i in range(3))   # generator expression", control=True)
def generator_expression(x):
    y = x * 2
    s = sum(y * i for i in range(3))
    return s + 1


@probe("python", "try: z = y * 2\nexcept RuntimeError: z = y")
def try_except(x):
    y = x * 2
    try:
        z = y * 2
    except RuntimeError:
        z = y
    return z + 1


@probe("python", 'try: raise ValueError("x")\nexcept ValueError: y = y + 1')
def raise_and_catch(x):
    y = x * 2
    try:
        raise ValueError("x")
    except ValueError:
        y = y + 1
    return y


@probe("python", "if y.shape[0] != 4: raise ValueError(...)   # not taken", control=True)
def raise_not_taken(x):
    y = x * 2
    if y.shape[0] != 4:
        raise ValueError("bad shape")
    return y + 1


@probe("python", "p = _Pair(y, y * 2); p.a + p.b   # dataclass")
def dataclass_construct(x):
    y = x * 2
    p = _Pair(y, y * 2)
    return p.a + p.b


@probe("python", "p = _NT(y, y * 2); p.a + p.b   # namedtuple", control=True)
def namedtuple_construct(x):
    y = x * 2
    p = _NT(y, y * 2)
    return p.a + p.b


@probe("python", 'if isinstance(y, torch.Tensor) and hasattr(y, "ndim"): n = getattr(y, "ndim")',
       control=True)
def isinstance_hasattr_getattr(x):
    y = x * 2
    n = 0
    if isinstance(y, torch.Tensor) and hasattr(y, "ndim"):
        n = getattr(y, "ndim")
    return y * n


@probe("python", "d = {y: 1, z: 2}; y * d[y]   # tensor dict keys")
def dict_tensor_keys(x):
    y = x * 2
    z = x * 3
    d = {y: 1, z: 2}
    return y * d[y]


@probe("python", "s = {y, z}; y * len(s)   # set of tensors")
def set_of_tensors(x):
    y = x * 2
    z = x * 3
    s = {y, z}
    return y * len(s)


@probe("python", "l = sorted([y.sum(), y.mean(), y.max()])   # compares 0-d tensors",
       variants=V_SCALAR)
def sorted_tensors(x):
    y = x * 2
    l = sorted([y.sum(), y.mean(), y.max()])
    return torch.stack(l)


@probe("python", "torch.sort(torch.stack([y.sum(), y.mean(), y.max()])).values",
       rewrite_of="sorted_tensors")
def sorted_tensors__rw_torch_sort(x):
    y = x * 2
    return torch.sort(torch.stack([y.sum(), y.mean(), y.max()])).values


@probe("python", "l = sorted([a, b], key=lambda t: t.shape[0])   # static key", control=True)
def sorted_by_shape(x):
    a = x[:2] * 2
    b = x * 3
    l = sorted([b, a], key=lambda t: t.shape[0])
    return l[0].sum() + l[1].sum()


@probe("python", "s = sum([y, y * 2, y * 3])   # builtin sum of tensors", control=True)
def sum_list_tensors(x):
    y = x * 2
    s = sum([y, y * 2, y * 3])
    return s + 1


def _x34():
    return (torch.randn(3, 4),)


@probe("python", "for row in x2d: acc = acc + row", inputs=_x34, control=True,
       dyn=[lambda: (torch.randn(3, 4),), lambda: (torch.randn(5, 4),)])
def for_row_in_tensor(x):
    acc = torch.zeros(4)
    for row in x:
        acc = acc + row
    return acc


@probe("python", "for i, row in enumerate(x2d): acc = acc + i * row", inputs=_x34, control=True)
def enumerate_tensor(x):
    acc = torch.zeros(4)
    for i, row in enumerate(x):
        acc = acc + i * row
    return acc


@probe("python", "for a, b in zip(x, w): acc = acc + a * b", control=True,
       inputs=lambda: (torch.randn(4), torch.randn(4)))
def zip_tensors(x, w):
    acc = torch.zeros(())
    for a, b in zip(x, w):
        acc = acc + a * b
    return acc


@probe("python", "vals = [v * 2 for v in y.tolist()]; torch.tensor(vals)", variants=V_SCALAR)
def listcomp_over_tolist(x):
    y = x * 2
    vals = [v * 2 for v in y.tolist()]
    return torch.tensor(vals)


@probe("python", "y * 2", rewrite_of="listcomp_over_tolist")
def listcomp_over_tolist__rw_vectorize(x):
    y = x * 2
    return y * 2


@probe("python", 'v = eval("2 + 3")')
def eval_call(x):
    y = x * 2
    v = eval("2 + 3")
    return y * v


@probe("python", 'g = globals()["SCALE"]')
def globals_call(x):
    y = x * 2
    g = globals()["SCALE"]
    return y * g


@probe("python", "y * SCALE   # reference the global directly", rewrite_of="globals_call")
def globals_call__rw_direct(x):
    y = x * 2
    return y * SCALE


@probe("python", "h = hash(y)")
def hash_tensor(x):
    y = x * 2
    h = hash(y)
    return y + 1


def _with_hash():
    x = torch.randn(4)
    return (x, hash(x))


@probe("python", "x * (hash(x) == h)   # is hash() of an input right under compile?", inputs=_with_hash)
def hash_value_check(x, h):
    return x * (hash(x) == h)


@probe("python", 's = json.dumps({"a": 1})')
def json_dumps(x):
    y = x * 2
    s = json.dumps({"a": 1})
    return y * len(s)


@probe("python", 'm = re.match(r"a+", "aaa")')
def re_match(x):
    y = x * 2
    m = re.match(r"a+", "aaa")
    return y * len(m.group(0))


@probe("python", "nonlocal counter mutation in a closure", control=True)
def closure_nonlocal(x):
    count = 0

    def inc():
        nonlocal count
        count += 1

    inc()
    inc()
    return x * count


@probe("python", "with _user_cm(): y = y * 2   # @contextlib.contextmanager")
def user_contextmanager(x):
    y = x * 2
    with _user_cm():
        y = y * 2
    return y + 1


@probe("python", 'd = collections.defaultdict(list); d["a"].append(y)')
def defaultdict_usage(x):
    y = x * 2
    d = collections.defaultdict(list)
    d["a"].append(y)
    return d["a"][0] + 1


@probe("python", "functools.partial(torch.add, alpha=2)(y, y)", control=True)
def functools_partial(x):
    y = x * 2
    f = functools.partial(torch.add, alpha=2)
    return f(y, y)


# ============================================================ 8. tensor / device
@probe("tensor/device", "z = y.cpu()", control=True)
def tensor_cpu(x):
    y = x * 2
    z = y.cpu()
    return z + 1


@probe("tensor/device", 'z = y.to("cpu")', control=True)
def tensor_to_cpu(x):
    y = x * 2
    z = y.to("cpu")
    return z + 1


@probe("tensor/device", "p = y.data_ptr()")
def data_ptr(x):
    y = x * 2
    p = y.data_ptr()
    return y + 1


def _with_ptr():
    x = torch.randn(4)
    return (x, x.data_ptr())


@probe("tensor/device", "x * (x.data_ptr() == ptr)   # is data_ptr() of an input right?", inputs=_with_ptr)
def data_ptr_value_check(x, ptr):
    return x * (x.data_ptr() == ptr)


@probe("tensor/device", "z = y.data * 2")
def tensor_dot_data(x):
    y = x * 2
    z = y.data * 2
    return z + 1


@probe("tensor/device", "s = y.untyped_storage()")
def untyped_storage(x):
    y = x * 2
    s = y.untyped_storage()
    return y + 1


def _leaf():
    return (torch.randn(4, requires_grad=True),)


@probe("tensor/device", "loss.backward(); w.grad", inputs=_leaf)
def backward_inside(w):
    loss = (w * w).sum()
    loss.backward()
    return w.grad * 1


@probe("tensor/device", "g, = torch.autograd.grad(loss, w)", inputs=_leaf)
def autograd_grad_inside(w):
    loss = (w * w).sum()
    (g,) = torch.autograd.grad(loss, w)
    return g * 1


@probe("tensor/device", "y.register_hook(lambda g: g * 2)   # intermediate", inputs=_leaf)
def register_hook_intermediate(w):
    y = w * 2
    y.register_hook(lambda g: g * 2)
    return y.sum()


@probe("tensor/device", "w.register_hook(lambda g: g * 2)   # on input leaf", inputs=_leaf)
def register_hook_input(w):
    h = w.register_hook(lambda g: g * 2)
    return (w * 2).sum()


@probe("tensor/device", "y.retain_grad()", inputs=_leaf)
def retain_grad(w):
    y = w * 2
    y.retain_grad()
    return y.sum()


@probe("tensor/device", "if torch.cuda.is_available(): ...", control=True)
def cuda_is_available(x):
    y = x * 2
    if torch.cuda.is_available():
        y = y.cuda()
    return y + 1


@probe("tensor/device", "torch.cuda.synchronize()   # CPU-only build", eager_error_expected=True)
def cuda_synchronize(x):
    y = x * 2
    torch.cuda.synchronize()
    return y + 1


@probe("tensor/device", "torch.cpu.synchronize()")
def cpu_synchronize(x):
    y = x * 2
    torch.cpu.synchronize()
    return y + 1


@probe("tensor/device", "torch.manual_seed(0); r = torch.randn(4)")
def manual_seed_inside(x):
    y = x * 2
    torch.manual_seed(0)
    r = torch.randn(4)
    return y + r


@probe("tensor/device", "g = torch.Generator().manual_seed(0); torch.randn(4, generator=g)")
def generator_object(x):
    y = x * 2
    g = torch.Generator().manual_seed(0)
    r = torch.randn(4, generator=g)
    return y + r


@probe("tensor/device", "r = torch.randn(4)   # global RNG, no generator", control=True)
def randn_global_rng(x):
    y = x * 2
    r = torch.randn(4)
    return y + r


@probe("tensor/device", "checkpoint(_block, y, use_reentrant=False)", control=True)
def checkpoint_nonreentrant(x):
    y = x * 2
    z = torch.utils.checkpoint.checkpoint(_block, y, use_reentrant=False)
    return z + 1


@probe("tensor/device", "checkpoint(_block, y, use_reentrant=True)")
def checkpoint_reentrant(x):
    y = x * 2
    z = torch.utils.checkpoint.checkpoint(_block, y, use_reentrant=True)
    return z + 1


@probe("tensor/device", "with torch.no_grad(): z = y * 2", control=True)
def no_grad_ctx(x):
    y = x * 2
    with torch.no_grad():
        z = y * 2
    return z + 1


@probe("tensor/device", 'with torch.autocast("cpu", dtype=torch.bfloat16): z = y @ y', control=True)
def autocast_ctx(x):
    y = x * 2
    with torch.autocast("cpu", dtype=torch.bfloat16):
        z = y @ y
    return z + 1


@probe("tensor/device", "t = torch.tensor([y.sum(), y.mean()])   # tensor() of tensors",
       variants=V_SCALAR)
def torch_tensor_of_tensors(x):
    y = x * 2
    t = torch.tensor([y.sum(), y.mean()])
    return t + 1


@probe("tensor/device", "t = torch.stack([y.sum(), y.mean()])", rewrite_of="torch_tensor_of_tensors")
def torch_tensor_of_tensors__rw_stack(x):
    y = x * 2
    t = torch.stack([y.sum(), y.mean()])
    return t + 1


@probe("tensor/device", "p = nn.Parameter(torch.ones(4))   # inside compiled fn")
def nn_parameter_ctor(x):
    y = x * 2
    p = nn.Parameter(torch.ones(4))
    return y * p


_PARAM = nn.Parameter(torch.ones(4))


@probe("tensor/device", "y * _PARAM   # Parameter created once outside the compiled fn",
       rewrite_of="nn_parameter_ctor")
def nn_parameter_ctor__rw_outside(x):
    y = x * 2
    return y * _PARAM


@probe("tensor/device", "torch.distributions.Normal(y, 1.0).log_prob(x)")
def distributions_normal(x):
    y = x * 2
    d = torch.distributions.Normal(y, 1.0)
    return d.log_prob(x)


@probe("tensor/device", "Normal(y, 1.0, validate_args=False).log_prob(x)",
       rewrite_of="distributions_normal")
def distributions_normal__rw_novalidate(x):
    y = x * 2
    d = torch.distributions.Normal(y, 1.0, validate_args=False)
    return d.log_prob(x)


@probe("tensor/device", "x.add_(1)   # in-place on input", control=True)
def inplace_on_input(x):
    x.add_(1)
    return x * 2


# ================================================== 9. third-party / C-extension
@probe("third-party", "v = _LIBC.abs(-3)   # ctypes libc call")
def ctypes_libc(x):
    y = x * 2
    v = _LIBC.abs(-3)
    return y * v


@probe("third-party", "v = math.sqrt(2.0)   # math on python float", control=True)
def math_python_float(x):
    y = x * 2
    v = math.sqrt(2.0)
    return y * v


@probe("third-party", "v = math.log(y.shape[0])   # math on a shape", control=True)
def math_on_shape(x):
    y = x * 2
    v = math.log(y.shape[0])
    return y * v


@probe("third-party", "v = math.sqrt(y.abs().sum().item())", variants=V_SCALAR)
def math_on_item(x):
    y = x * 2
    v = math.sqrt(y.abs().sum().item())
    return y * v


@probe("third-party", "v = torch.sqrt(y.abs().sum())", rewrite_of="math_on_item")
def math_on_item__rw_torch(x):
    y = x * 2
    v = torch.sqrt(y.abs().sum())
    return y * v


@probe("third-party", "v = math.sqrt(y.abs().sum())   # math.* directly on 0-d tensor", variants=V_SCALAR)
def math_on_tensor(x):
    y = x * 2
    v = math.sqrt(y.abs().sum())
    return y * v


@probe("third-party", "v = torch.sqrt(y.abs().sum())", rewrite_of="math_on_tensor")
def math_on_tensor__rw_torch(x):
    y = x * 2
    v = torch.sqrt(y.abs().sum())
    return y * v


@probe("third-party", "c = zlib.crc32(b'abc')   # C builtin on python data")
def zlib_crc32_const(x):
    y = x * 2
    c = zlib.crc32(b"abc")
    return y + (c % 7)


def _scipy():
    try:
        import scipy.special
    except ImportError:
        if os.path.join(HERE, "_deps") not in sys.path:
            sys.path.insert(0, os.path.join(HERE, "_deps"))
        import scipy.special
    return scipy


@probe("third-party", "v = scipy.special.expit(0.3)   # scipy on python float", kind="factory")
def scipy_on_float():
    scipy = _scipy()

    def scipy_on_float(x):
        y = x * 2
        v = scipy.special.expit(0.3)
        return y * v
    return scipy_on_float


@probe("third-party", "v = 1.0 / (1.0 + math.exp(-0.3))   # math instead of scipy",
       rewrite_of="scipy_on_float")
def scipy_on_float__rw_math(x):
    y = x * 2
    v = 1.0 / (1.0 + math.exp(-0.3))
    return y * v


@probe("third-party", "a = scipy.special.expit(y.numpy()); torch.from_numpy(a)", kind="factory")
def scipy_on_tensor_numpy():
    scipy = _scipy()

    def scipy_on_tensor_numpy(x):
        y = x * 2
        a = scipy.special.expit(y.numpy())
        return torch.from_numpy(a) + 1
    return scipy_on_tensor_numpy


@probe("third-party", "torch.sigmoid(y) + 1", rewrite_of="scipy_on_tensor_numpy")
def scipy_on_tensor_numpy__rw_torch(x):
    y = x * 2
    return torch.sigmoid(y) + 1


@probe("third-party", "z = helper_mod.scale_add(y, 2.0)   # plain fn, other module", control=True)
def other_module_function(x):
    y = x * 2
    z = helper_mod.scale_add(y, 2.0)
    return z + 1


def _opaque_expit(t):
    # "opaque extension": scipy C ufunc over the tensor's numpy view
    scipy = _scipy()
    return torch.from_numpy(scipy.special.expit(t.detach().numpy()))


@probe("third-party", "z = _opaque_expit(y)   # plain Python wrapper -> scipy C ufunc on .numpy()")
def opaque_plain_wrapper(x):
    y = x * 2
    z = _opaque_expit(y)
    return z + 1


@probe("third-party", "z = graphlint::expit custom_op(y)   # torch.library.custom_op + register_fake",
       kind="factory", rewrite_of="opaque_plain_wrapper")
def opaque_custom_op():
    scipy = _scipy()
    if "gl_expit" not in _ONCE:
        @torch.library.custom_op("graphlint::expit", mutates_args=())
        def gl_expit(t: torch.Tensor) -> torch.Tensor:
            return torch.from_numpy(scipy.special.expit(t.detach().numpy()))

        @gl_expit.register_fake
        def _(t):
            return torch.empty_like(t)
        _ONCE["gl_expit"] = gl_expit
    gl_expit = _ONCE["gl_expit"]

    def opaque_custom_op(x):
        y = x * 2
        z = gl_expit(y)
        return z + 1
    return opaque_custom_op


@probe("third-party", "c = zlib.crc32(y.numpy().tobytes())   # opaque C fn on tensor bytes")
def opaque_crc_on_tensor(x):
    y = x * 2
    c = zlib.crc32(y.numpy().tobytes())
    return y + (c % 7)


# ============================================================= 10. distributed
@probe("distributed", "if dist.is_available() and dist.is_initialized(): ...", control=True)
def dist_is_initialized(x):
    y = x * 2
    if dist.is_available() and dist.is_initialized():
        dist.all_reduce(y)
    return y + 1


@probe("distributed", "ws = dist.get_world_size() if dist.is_initialized() else 1", control=True)
def dist_world_size_guarded(x):
    y = x * 2
    ws = dist.get_world_size() if dist.is_initialized() else 1
    return y / ws


@probe("distributed", "dist.all_reduce(y)   # no process group", eager_error_expected=True)
def dist_all_reduce_noinit(x):
    y = x * 2
    dist.all_reduce(y)
    return y + 1


@probe("distributed", "r = dist.get_rank()   # no process group", eager_error_expected=True)
def dist_get_rank_noinit(x):
    y = x * 2
    r = dist.get_rank()
    return y + r


@probe("distributed", "dist.all_reduce(y)   # gloo, world_size=1, initialised", kind="factory")
def dist_all_reduce_gloo():
    import tempfile
    if not dist.is_initialized():
        fd, path = tempfile.mkstemp(prefix="_distfile_")
        os.close(fd)
        os.unlink(path)
        dist.init_process_group("gloo", init_method=f"file://{path}", rank=0, world_size=1)

    def dist_all_reduce_gloo(x):
        y = x * 2
        dist.all_reduce(y)
        return y + 1
    return dist_all_reduce_gloo


# ================================================================= 11. modules
class _Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x)


@probe("module", "register_forward_pre_hook + register_forward_hook (tensor ops)",
       kind="module", control=True)
class module_with_hooks(_Base):
    def __init__(self):
        super().__init__()
        self.register_forward_pre_hook(lambda m, args: (args[0] * 2,))
        self.register_forward_hook(lambda m, args, out: out + 1)

    def forward(self, x):
        return self.lin(x)


def _print_hook(m, args, out):
    print("GLPROBE hook")
    return out


@probe("module", "forward hook that calls print()", kind="module")
class module_hook_with_print(_Base):
    def __init__(self):
        super().__init__()
        self.register_forward_hook(_print_hook)

    def forward(self, x):
        return self.lin(x)


@probe("module", "return super().forward(x) * 2", kind="module", control=True)
class module_super_forward(_Base):
    def forward(self, x):
        return super().forward(x) * 2


@probe("module", "if self.training: ...", kind="module", control=True)
class module_training_branch(_Base):
    def forward(self, x):
        y = self.lin(x)
        if self.training:
            y = y * 2
        return y


@probe("module", "self.cache.append(y.detach())   # python list attr", kind="module")
class module_list_append(_Base):
    def __init__(self):
        super().__init__()
        self.cache = []

    def forward(self, x):
        y = self.lin(x)
        self.cache.append(y.detach())
        return y + 1


@probe("module", "self.calls += 1   # python int attr mutation", kind="module")
class module_counter(_Base):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, x):
        y = self.lin(x)
        self.calls += 1
        return y + 1


@probe("module", "self.running.mul_(0.9).add_(y.mean() * 0.1)   # buffer update",
       kind="module", control=True)
class module_buffer_update(_Base):
    def __init__(self):
        super().__init__()
        self.register_buffer("running", torch.zeros(()))

    def forward(self, x):
        y = self.lin(x)
        with torch.no_grad():
            self.running.mul_(0.9).add_(y.mean() * 0.1)
        return y + self.running


@probe("module", "self.last = y   # assign tensor attr in forward", kind="module")
class module_setattr_tensor(_Base):
    def forward(self, x):
        y = self.lin(x)
        self.last = y
        return y + 1


@probe("module", "for m in self.layers: x = m(x)   # nn.ModuleList", kind="module", control=True)
class module_modulelist(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        for m in self.layers:
            x = m(x)
        return x


@probe("module", '_GLOBAL_LIST.append(y.sum())   # mutate global list')
def global_list_append(x):
    y = x * 2
    _GLOBAL_LIST.append(y.sum())
    return y + 1


@probe("module", "y + _GLOBAL_T   # read global tensor", control=True)
def global_tensor_read(x):
    y = x * 2
    return y + _GLOBAL_T


# ========================================================= 12. compile APIs etc
@probe("compile-api", "scripted(y)   # torch.jit.script fn", kind="factory")
def jit_script_call():
    @torch.jit.script
    def scripted(t):
        return t * 2 + 1

    def jit_script_call(x):
        y = x * 2
        return scripted(y)
    return jit_script_call


@probe("compile-api", "if not torch.compiler.is_compiling(): print(...)", control=True)
def is_compiling_guard(x):
    y = x * 2
    if not torch.compiler.is_compiling():
        print("GLPROBE not compiling")
    return y + 1


@probe("compile-api", "_disabled(y)   # @torch.compiler.disable helper", kind="factory")
def compiler_disable_call():
    @torch.compiler.disable
    def _disabled(t):
        return t * 2

    def compiler_disable_call(x):
        y = x * 2
        z = _disabled(y)
        return z + 1
    return compiler_disable_call


@probe("compile-api", "z = _MyFn.apply(y)   # custom autograd.Function", kind="factory", control=True)
def autograd_function():
    class _MyFn(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            ctx.save_for_backward(t)
            return t * 3

        @staticmethod
        def backward(ctx, g):
            (t,) = ctx.saved_tensors
            return g * 3

    def autograd_function(x):
        y = x * 2
        z = _MyFn.apply(y)
        return z + 1
    return autograd_function


@probe("compile-api", "autograd.Function whose forward calls .item()", kind="factory",
       variants=V_SCALAR)
def autograd_function_item():
    class _ItemFn(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            s = t.sum().item()
            return t * s

        @staticmethod
        def backward(ctx, g):
            return g

    def autograd_function_item(x):
        y = x * 2
        z = _ItemFn.apply(y)
        return z + 1
    return autograd_function_item


@probe("compile-api", "forward: return t * t.sum()   # no .item()", kind="factory",
       rewrite_of="autograd_function_item")
def autograd_function_item__rw_tensor():
    class _TensFn(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            return t * t.sum()

        @staticmethod
        def backward(ctx, g):
            return g

    def autograd_function_item__rw_tensor(x):
        y = x * 2
        z = _TensFn.apply(y)
        return z + 1
    return autograd_function_item__rw_tensor


@probe("compile-api", "torch.vmap(lambda t: t * 2)(x2d)", inputs=_x34, control=True)
def vmap_inside(x):
    return torch.vmap(lambda t: t * 2 + 1)(x)


@probe("compile-api", "torch.func.grad(lambda t: (t ** 2).sum())(y)", control=True)
def func_grad_inside(x):
    y = x * 2
    return torch.func.grad(lambda t: (t ** 2).sum())(y)


@probe("compile-api", "@torch.compiler.assume_constant_result flag()", kind="factory")
def assume_constant_result():
    @torch.compiler.assume_constant_result
    def flag():
        return os.environ.get("GRAPHLINT_FLAG", "0") == "1"

    def assume_constant_result(x):
        y = x * 2
        if flag():
            y = y + 1
        return y
    return assume_constant_result
