"""Extra probes for the per-version measurements (not in the shared probes.py).

They register into probes.REGISTRY with the same @probe decorator, after the original
probes, and follow the same conventions (see probes.py's docstring).  They cover linter
questions the shared probe set leaves open: the *kind* of assert message, torch.equal in a
branch, factory functions fed a 0-d tensor, and augmented boolean-mask assignment.
(`for k in np.arange(3)` and `.numpy()` round trips are already probes.py's
`np_arange_loop` and `tensor_numpy`.)
"""
from __future__ import annotations

import torch

from probes import V_BOTH, V_DYNOUT, V_SCALAR, _rand4, probe

_MSG = "negative"


# ----------------------------------------------------------------- asserts ---
@probe("assert", 'assert (y >= 0).all(), f"neg {y.shape}"   # computed (f-string) message',
       inputs=_rand4, variants=V_SCALAR)
def assert_tensor_fstring_msg(x):
    y = x * 2
    assert (y >= 0).all(), f"neg {y.shape}"
    return y + 1


@probe("assert", 'msg = "negative"; assert (y >= 0).all(), msg   # local-variable message',
       inputs=_rand4, variants=V_SCALAR)
def assert_tensor_var_msg(x):
    msg = "negative"
    y = x * 2
    assert (y >= 0).all(), msg
    return y + 1


@probe("assert", "assert (y >= 0).all(), _MSG   # module-global message",
       inputs=_rand4, variants=V_SCALAR)
def assert_tensor_global_msg(x):
    y = x * 2
    assert (y >= 0).all(), _MSG
    return y + 1


@probe("assert", 'assert (y >= 0).all(), "neg %d" % 3   # %-formatted constant message',
       inputs=_rand4, variants=V_SCALAR)
def assert_tensor_percent_msg(x):
    y = x * 2
    assert (y >= 0).all(), "neg %d" % 3
    return y + 1


# ------------------------------------------------------------ torch.equal ---
@probe("control-flow", "if torch.equal(y, y): y = y + 1", variants=V_SCALAR)
def torch_equal_if(x):
    y = x * 2
    if torch.equal(y, y):
        y = y + 1
    return y


@probe("control-flow", "e = torch.equal(y, x * 2); y * e   # bool value, no branch",
       variants=V_SCALAR)
def torch_equal_value(x):
    y = x * 2
    e = torch.equal(y, x * 2)
    return y * e


# ------------------------------------------- factories fed a 0-d tensor -----
def _x_n3():
    return (torch.randn(4), torch.tensor(3))


@probe("dyn-shape", "r = torch.arange(n)   # n is a 0-d int tensor", inputs=_x_n3, variants=V_BOTH)
def arange_0d_tensor(x, n):
    r = torch.arange(n)
    return r * 2


@probe("dyn-shape", "z = torch.zeros(n)   # n is a 0-d int tensor", inputs=_x_n3, variants=V_BOTH)
def zeros_0d_tensor(x, n):
    z = torch.zeros(n)
    return z + 1


# ------------------------------------------- augmented boolean-mask store ---
@probe("dyn-shape", "y[y > 0] += 1   # augmented boolean-mask assignment", variants=V_DYNOUT)
def bool_mask_augassign(x):
    y = x * 2
    y[y > 0] += 1
    return y + 1
