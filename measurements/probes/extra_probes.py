"""Extra probes for the per-version measurements (not in the shared probes.py).

They register into probes.REGISTRY with the same @probe decorator, after the original
probes, and follow the same conventions (see probes.py's docstring).  They cover linter
questions the shared probe set leaves open: the *kind* of assert message, torch.equal in a
branch, factory functions fed a 0-d tensor, and augmented boolean-mask assignment.
(`for k in np.arange(3)` and `.numpy()` round trips are already probes.py's
`np_arange_loop` and `tensor_numpy`.)

The second batch (from the bottom of this file on) covers forms graphlint flags since held-out set 5:
a 0-d tensor where an op needs a Python number (GL503), sparse-only methods on a sparse tensor that
came in from outside (GL612), a break inside an autograd.Function's backward reached through
`.apply` (GL401), and a Python list indexed by a numpy integer (not flagged yet).  As in
fixtures/cases/tensor_scalars.py, the 0-d tensors are computed inside the probe: a 0-d tensor that
is itself an argument of the compiled function is a graph input, and on 2.13.0 Dynamo passes it to
`one_hot`/`unsqueeze` without reading it (the `*_arg` controls).

The third batch (at the bottom, from held-out set 13's lists) covers random draws: which functions of
Python's `random` Dynamo traces (GL603), and numpy random draws without a `size`, `choice` and
`permutation` (GL301), measured on 2.1 to 2.15 with `--only ... --merge`.

The fourth batch (at the very bottom, from held-out set 18's lists) covers nn.Modules and optimizers built in
traced code (GL701's layers, GL705, GL614), measured on 2.1, 2.2, 2.4, 2.6, 2.7, 2.8, 2.10, 2.12, 2.13 and 2.15.
"""
from __future__ import annotations

import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

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


# =========================================== second batch (held-out set 5 forms) ===
# ------------------------------------ a 0-d tensor where Python needs a number (GL503) ---
def _x_lengths():
    return (torch.randn(3, 10), torch.tensor([4, 5, 6]))


@probe("dyn-shape", "n = lengths.min(); z = y[..., :n]   # 0-d tensor slice bound",
       inputs=_x_lengths, variants=V_BOTH)
def slice_by_0d_tensor(x, lengths):
    y = x * 2
    n = lengths.min()
    z = y[..., :n]
    return z + 1


@probe("dyn-shape", "y[0, lengths[0] - 1:] = 0   # tensor element as slice bound (setitem)",
       inputs=_x_lengths, variants=V_BOTH)
def slice_setitem_by_tensor_element(x, lengths):
    y = x * 2
    y[0, lengths[0] - 1:] = 0
    return y + 1


@probe("scalar", "a = y.mean(); torch.add(y, y, alpha=a)   # 0-d tensor alpha=", variants=V_SCALAR)
def add_alpha_0d_tensor(x):
    y = x * 2
    a = y.mean()
    return torch.add(y, y, alpha=a)


@probe("scalar", "a = y.mean(); y.add(y, alpha=a)   # tensor method, 0-d tensor alpha=", variants=V_SCALAR)
def add_method_alpha_0d_tensor(x):
    y = x * 2
    a = y.mean()
    return y.add(y, alpha=a)


@probe("scalar", "a = y.mean(); torch.addcmul(y, y, y, value=a)   # 0-d tensor value=", variants=V_SCALAR)
def addcmul_value_0d_tensor(x):
    y = x * 2
    a = y.mean()
    return torch.addcmul(y, y, y, value=a)


@probe("scalar", "a = y.mean(); torch.addcdiv(y, y, y.abs() + 1, value=a)   # 0-d tensor value=",
       variants=V_SCALAR)
def addcdiv_value_0d_tensor(x):
    y = x * 2
    a = y.mean()
    return torch.addcdiv(y, y, y.abs() + 1, value=a)


@probe("scalar", "a = y.mean(); y.addcdiv(y, y.abs() + 1, value=a)   # tensor method, 0-d tensor value=",
       variants=V_SCALAR)
def addcdiv_method_value_0d_tensor(x):
    y = x * 2
    a = y.mean()
    return y.addcdiv(y, y.abs() + 1, value=a)


@probe("scalar", "a = y.amax(); y.masked_fill(y > 0, value=a)   # 0-d tensor value= is fine here",
       variants=V_SCALAR, control=True)
def masked_fill_value_0d_tensor(x):
    y = x * 2
    a = y.amax()
    return y.masked_fill(y > 0, value=a)


def _idx3():
    return (torch.tensor([0, 2, 1]),)


@probe("dyn-shape", "n = idx.max() + 1; F.one_hot(idx, n)   # 0-d tensor num_classes",
       inputs=_idx3, variants=V_BOTH)
def one_hot_0d_tensor(idx):
    n = idx.max() + 1
    return F.one_hot(idx, n) * 2


@probe("dyn-shape", "F.one_hot(idx, n)   # n: a 0-d tensor argument of the compiled function",
       inputs=lambda: (torch.tensor([0, 2, 1]), torch.tensor(4)), variants=V_BOTH, control=True)
def one_hot_0d_tensor_arg(idx, n):
    return F.one_hot(idx, n) * 2


def _x_w():
    return (torch.randn(3, 10), torch.tensor([0.0, 1.0]))


@probe("dyn-shape", "d = w.argmax(); y.unsqueeze(d)   # 0-d tensor dim", inputs=_x_w, variants=V_BOTH)
def unsqueeze_0d_tensor(x, w):
    y = x * 2
    d = w.argmax()
    return y.unsqueeze(d) + 1


@probe("dyn-shape", "y.unsqueeze(d)   # d: a 0-d tensor argument of the compiled function",
       inputs=lambda: (torch.randn(3, 10), torch.tensor(1)), variants=V_BOTH, control=True)
def unsqueeze_0d_tensor_arg(x, d):
    y = x * 2
    return y.unsqueeze(d) + 1


# ------------------------------------------- a sparse tensor from outside (GL612) ---
def _sparse_grad_param():
    emb = nn.Embedding(5, 2, sparse=True)
    emb(torch.tensor([1, 3])).sum().backward()
    return (emb.weight,)


@probe("tensor/device", "g = p.grad.coalesce()   # p.grad is sparse (nn.Embedding(sparse=True))",
       inputs=_sparse_grad_param)
def sparse_grad_coalesce(p):
    g = p.grad.coalesce()
    return p.detach() * 2 + g.to_dense()


@probe("tensor/device", "v = p.grad._values()   # p.grad is sparse", inputs=_sparse_grad_param)
def sparse_grad_values(p):
    v = p.grad._values()
    return v * 2


@probe("tensor/device", "i = p.grad._indices()   # p.grad is sparse", inputs=_sparse_grad_param)
def sparse_grad_indices(p):
    i = p.grad._indices()
    return i + 1


@probe("tensor/device", "c = s.coalesce()   # s: a sparse COO argument",
       inputs=lambda: (torch.randn(3, 3).relu().to_sparse(), torch.randn(3)))
def sparse_arg_coalesce(s, x):
    y = x * 2
    c = s.coalesce()
    return y + c.to_dense().sum(0)


@probe("tensor/device", "s = torch.sparse_coo_tensor(idx, y, (4,))   # built in the frame")
def sparse_coo_tensor_build(x):
    y = x * 2
    s = torch.sparse_coo_tensor(torch.tensor([[0, 1, 2, 3]]), y, (4,))
    return s.to_dense() + 1


@probe("tensor/device", "s = y.to_sparse()")
def to_sparse_call(x):
    y = x * 2
    s = y.to_sparse()
    return s.to_dense() + 1


# ----------------------------- a break in an autograd.Function's backward (GL401) ---
def _x4_grad():
    return (torch.randn(4, requires_grad=True),)


@probe("compile-api", "z = _BranchBwd.apply(y)   # backward: if t.sum() > 0: ...; x requires grad",
       kind="factory", inputs=_x4_grad)
def autograd_function_backward_branch():
    class _BranchBwd(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            ctx.save_for_backward(t)
            return t * 3

        @staticmethod
        def backward(ctx, g):
            (t,) = ctx.saved_tensors
            if t.sum() > 0:
                return g * 3
            return g * 2

    def autograd_function_backward_branch(x):
        y = x * 2
        z = _BranchBwd.apply(y)
        return z + 1
    return autograd_function_backward_branch


@probe("compile-api", "the same Function, x does not require grad (backward is not traced)",
       kind="factory", control=True)
def autograd_function_backward_branch_nograd():
    class _BranchBwd(torch.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            ctx.save_for_backward(t)
            return t * 3

        @staticmethod
        def backward(ctx, g):
            (t,) = ctx.saved_tensors
            if t.sum() > 0:
                return g * 3
            return g * 2

    def autograd_function_backward_branch_nograd(x):
        y = x * 2
        z = _BranchBwd.apply(y)
        return z + 1
    return autograd_function_backward_branch_nograd


@probe("compile-api", "_SavedDim.apply(x, -1)   # backward: x, dim = ctx.saved_tensors; if dim == -1: ...",
       kind="factory", inputs=lambda: (torch.randn(3, 5, requires_grad=True),))
def autograd_function_backward_saved_dim():
    class _SavedDim(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x, dim):
            ctx.save_for_backward(x, torch.tensor(dim))
            return x.logsumexp(dim)

        @staticmethod
        def backward(ctx, grad):
            x, dim = ctx.saved_tensors
            if dim == -1:
                return grad.unsqueeze(-1) * x.softmax(-1), None
            return grad * x, None

    def autograd_function_backward_saved_dim(x):
        return _SavedDim.apply(x, -1).sum()
    return autograd_function_backward_saved_dim


# ------------------------------------------ a Python list indexed by a numpy integer ---
_LST = [10.0, 20.0, 30.0, 40.0]


@probe("numpy", "i = np.argmax(y.numpy()); y + lst[i]", variants=V_SCALAR)
def list_index_np_argmax(x):
    y = x * 2
    i = np.argmax(y.numpy())
    return y + _LST[i]


@probe("numpy", "y + torch.tensor(lst)[y.argmax().view(1)]   # a 1-element index tensor",
       rewrite_of="list_index_np_argmax")
def list_index_np_argmax__rw_tensor_index(x):
    y = x * 2
    return y + torch.tensor(_LST)[y.argmax().view(1)]


@probe("scalar", "y + torch.tensor(lst)[y.argmax()]   # a tensor indexed by a computed 0-d int tensor",
       variants=V_SCALAR)
def tensor_index_by_0d_tensor(x):
    y = x * 2
    return y + torch.tensor(_LST)[y.argmax()]


@probe("numpy", "for i in np.argsort([-n for n in lens]): lst[i]   # lens: a Python list (sentence-transformers)",
       variants=V_SCALAR)
def list_index_np_argsort_of_list(x):
    lens = [3, 1, 4, 2]
    order = np.argsort([-n for n in lens])
    picked = [_LST[i] for i in order]
    return x * picked[0]


@probe("numpy", "y + lst[np.int64(2)]   # a constant numpy integer", variants=V_SCALAR)
def list_index_np_int64_const(x):
    y = x * 2
    return y + _LST[np.int64(2)]


# ---------------------------------------- random draws: which ones Dynamo traces (held-out set 13) ---
@probe("python", "i = random.randrange(4); y * i")
def random_randrange(x):
    y = x * 2
    return y * random.randrange(4)


@probe("python", "i = random.randint(0, 3); y * i")
def random_randint(x):
    y = x * 2
    return y * random.randint(0, 3)


@probe("python", "u = random.uniform(0, 1); y * u")
def random_uniform(x):
    y = x * 2
    return y * random.uniform(0, 1)


@probe("python", "i = random.choice([1, 2, 3]); y * i")
def random_choice(x):
    y = x * 2
    return y * random.choice([1, 2, 3])


@probe("python", "s = random.sample([1, 2, 3, 4], 2); y * s[0]")
def random_sample(x):
    y = x * 2
    return y * random.sample([1, 2, 3, 4], 2)[0]


@probe("numpy", "u = np.random.rand(); y * u   # one number, no size")
def np_random_scalar(x):
    y = x * 2
    return y * np.random.rand()


@probe("numpy", "i = np.random.randint(0, 10); y * i   # one number, no size")
def np_random_randint_scalar(x):
    y = x * 2
    return y * np.random.randint(0, 10)


@probe("numpy", "sel = np.random.choice(10, size=3, replace=False); y + torch.from_numpy(sel)[0]")
def np_random_choice(x):
    y = x * 2
    sel = np.random.choice(10, size=3, replace=False)
    return y + torch.from_numpy(sel)[0]


@probe("numpy", "p = np.random.permutation(4); y[torch.from_numpy(p)]")
def np_random_permutation(x):
    y = x * 2
    return y[torch.from_numpy(np.random.permutation(4))]


@probe("numpy", "r = np.random.uniform(0, 1, size=4); y + torch.from_numpy(r)   # an array: control")
def np_random_uniform_array(x):
    y = x * 2
    return y + torch.from_numpy(np.random.uniform(0, 1, size=4))


# ---- fourth batch (held-out set 18's lists): nn.Modules built inside traced code. A layer that owns
# parameters builds them in its `__init__` (GB0264 where the Parameter constructor breaks); a user
# module whose `__init__` breaks is then run eagerly as a frame Dynamo cannot start on (GB0119 at
# `super().__init__()`), so its later breaks never show. The counts and reasons tell these apart.

@probe("module", "lin = nn.Linear(4, 4); lin(y)   # a layer with parameters built in the compiled fn")
def nn_linear_ctor(x):
    y = x * 2
    lin = nn.Linear(4, 4)
    return lin(y)


@probe("module", "norm = nn.LayerNorm(4, elementwise_affine=False); norm(y)   # no parameters: control")
def nn_layernorm_no_affine_ctor(x):
    y = x * 2
    norm = nn.LayerNorm(4, elementwise_affine=False)
    return norm(y)


@probe("module", "act = nn.ReLU(); act(y)   # a layer without parameters: control")
def nn_relu_ctor(x):
    y = x * 2
    act = nn.ReLU()
    return act(y)


class _TwoPrintsModule(nn.Module):
    def __init__(self):
        super().__init__()
        print("first")
        print("second")

    def forward(self, y):
        return y + 1


class _TwoPrintsObject:
    def __init__(self, y):
        print("first")
        print("second")
        self.y = y


@probe("module", "m = Mod()   # its __init__ prints twice: GB0119 hides the second print")
def user_module_init_breaks(x):
    y = x * 2
    m = _TwoPrintsModule()
    return m(y)


@probe("module", "o = Obj(y)   # a plain class whose __init__ prints twice: control, both print")
def user_object_init_breaks(x):
    y = x * 2
    o = _TwoPrintsObject(y)
    return o.y + 1


# An optimizer built in traced code (a `fit()` that makes its own): `torch.optim` is skipped (GB0008), and
# with a generator of parameters (`model.parameters()`) Dynamo cannot rebuild the generator after the break
# (GB8335), so the rest of the function runs eagerly; a list of parameters breaks only at the call.
_OPT_MODEL = nn.Linear(4, 1)
_OPT_PARAM = nn.Parameter(torch.ones(4))


@probe("module", "opt = torch.optim.Adam(model.parameters()); print(...)   # generator: the print is not traced")
def optimizer_ctor_generator(x):
    y = x * 2
    opt = torch.optim.Adam(_OPT_MODEL.parameters(), lr=1e-3)
    print("after", type(opt).__name__)
    return y + 1


@probe("module", "opt = torch.optim.SGD([w], lr=0.1); print(...)   # a list: the print breaks too")
def optimizer_ctor_list(x):
    y = x * 2
    opt = torch.optim.SGD([_OPT_PARAM], lr=0.1)
    print("after", type(opt).__name__)
    return y + 1


# A break inside a generator expression (Python 3.11): Dynamo cannot rebuild the generator after it
# (GB8335), so the rest of the function runs eagerly; the same break in a list comprehension resumes
# after the line. And a comprehension's `if` filter runs before its element: the filter breaks first.
@probe("scalar", "s = sum(t.item() for t in (x, x)); print(...)   # generator: is the print traced?")
def genexpr_item_then_print(x):
    y = x * 2
    s = sum(t.sum().item() for t in (y, y))
    print("after", s)
    return y + 1


@probe("scalar", "s = sum([t.item() for t in (x, x)]); print(...)   # list: control, the print breaks")
def listcomp_item_then_print(x):
    y = x * 2
    s = sum([t.sum().item() for t in (y, y)])
    print("after", s)
    return y + 1


@probe("control-flow", "[t.item() for t in ts if t > 0]   # which breaks first: the filter or the element?")
def listcomp_filter_before_element(x):
    y = x * 2
    kept = [
        t.item()
        for t in y
        if t > 0
    ]
    return y + len(kept)


# An optimizer step in traced code (a compiled training step): torch.optim's built-in optimizers wrap
# `step` in `_use_grad_for_differentiable`, which calls `torch._dynamo.graph_break()` before and after the
# update (pytorch#104053). An Optimizer subclass with its own `step` has no such wrapper: control.
_STEP_PARAM = nn.Parameter(torch.ones(4))
_STEP_PARAM.grad = torch.full((4,), 0.01)
_STEP_SGD = torch.optim.SGD([_STEP_PARAM], lr=0.1)


class _PlainSGD(torch.optim.Optimizer):
    def __init__(self, params, lr):
        super().__init__(params, {"lr": lr})

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"])


_STEP_CUSTOM = _PlainSGD([_STEP_PARAM], lr=0.1)


@probe("module", "opt.step()   # a torch.optim.SGD built outside: does its step break?")
def optimizer_step_builtin(x):
    y = x * 2
    _STEP_SGD.step()
    return y + 1


@probe("module", "opt.step()   # an Optimizer subclass with its own step: control", control=True)
def optimizer_step_custom(x):
    y = x * 2
    _STEP_CUSTOM.step()
    return y + 1


@probe("module", "opt.zero_grad()   # a torch.optim.SGD built outside: Dynamo does not trace zero_grad")
def optimizer_zero_grad_builtin(x):
    y = x * 2
    _STEP_SGD.zero_grad(set_to_none=False)
    return y + 1


# torch.combinations builds its pairs with a triangular mask and masked_select, so its output shape is
# data-dependent to Dynamo even though n-choose-r is known (mlipops' neighbour list in held-out set 20).
@probe("dyn-shape", "pairs = torch.combinations(x)", variants=V_DYNOUT)
def torch_combinations(x):
    pairs = torch.combinations(x.flatten())
    return pairs * 2


# np.pad of an array Dynamo traces: torch._numpy's pad reads values back as Python numbers (GB0033), even
# with constant widths (deepchem's D-MPNN featurizer in held-out set 20).
@probe("numpy", "b = np.pad(x.numpy(), (0, 1))")
def numpy_pad(x):
    b = np.pad(x.numpy(), (0, 1))
    return torch.from_numpy(b) * 2


# torch.utils.data in traced code (tirex's and pytorch-accelerated's training loops in the benchmark): Dynamo
# skips the module, so iterating a DataLoader, asking its length or building one breaks (GB0008).
_LOADER = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(4, 2)), batch_size=2)


@probe("module", "for (b,) in loader: ...   # a DataLoader built outside")
def dataloader_iterate(x):
    y = x * 2
    for (b,) in _LOADER:
        y = y + b.sum()
    return y + 1


@probe("module", "n = len(loader)   # a DataLoader built outside")
def dataloader_len(x):
    y = x * 2
    n = len(_LOADER)
    return y + n


@probe("module", "loader = DataLoader(TensorDataset(x), batch_size=2)")
def dataloader_build(x):
    y = x * 2
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x), batch_size=2)
    return y + loader.batch_size


@probe("module", "loader.batch_size   # an attribute only: control", control=True)
def dataloader_attribute(x):
    return x * _LOADER.batch_size


# RNG state save / restore in traced code (vmas' `local_seed` context manager, held-out set 27): Dynamo marks
# torch.random's get_rng_state / set_rng_state as skipped (GL603)
_RNG_STATE = torch.random.get_rng_state()


@probe("tensor/device", "saved = torch.random.get_rng_state()")
def rng_state_get(x):
    y = x * 2
    saved = torch.random.get_rng_state()
    return y + saved[0]


@probe("tensor/device", "torch.set_rng_state(state)   # a state saved outside")
def rng_state_set(x):
    y = x * 2
    torch.set_rng_state(_RNG_STATE)
    return y + 1


# Breaks Dynamo cannot resume after (lycoris' `U[:, :lora_rank]`, held-out set 27): a 0-d tensor read as a Python
# int while a subscript is evaluated (a slice bound, a list index) or as `k` of topk/kthvalue. Dynamo compiles the
# graph before it and runs the rest of the function eagerly ("Encountered graph break that we cannot resume
# from"), so the print after it is no break; after a 0-d size of `view` it resumes.
@probe("dyn-shape", "z = y[:n]; print(...)   # n a 0-d tensor: is the print traced?", inputs=_rand4)
def slice_bound_then_print(x):
    y = x * 2
    n = (y > 0).sum()
    z = y[:n]
    print("after")
    return z + 1


@probe("dyn-shape", "z = sizes[n]; print(...)   # a list indexed by a 0-d tensor: is the print traced?", inputs=_rand4)
def list_index_then_print(x):
    y = x * 2
    n = (y > 0).sum()
    z = [1, 2, 3, 4, 5, 6, 7, 8, 9][n]
    print("after")
    return y + z


@probe("dyn-shape", "z = y.topk(n); print(...)   # n a 0-d tensor: is the print traced?", inputs=_rand4)
def topk_0d_then_print(x):
    y = x * 2
    n = (y > 0).sum()
    z = y.flatten().topk(n).values
    print("after")
    return z + 1


@probe("dyn-shape", "z = y.view(n, -1); print(...)   # resumed: the print breaks too", inputs=_rand4)
def view_0d_then_print(x):
    y = x * 2
    n = (y > 0).sum()
    z = y.flatten().view(n, -1)
    print("after")
    return z + 1


# `t.requires_grad_()` on a tensor made in traced code (GL704, from torchqc and torchcam in the benchmark): on 2.13
# Dynamo traces it and breaks only when a tensor derived from it, still requiring grad, leaves the graph (returned,
# or live at a later break: GB8985). Nothing derived leaving the graph, a detached or no_grad result: no break.
@probe("tensor/device", "t = y.clone(); t.requires_grad_(); return (t * 2).sum()   # derived value returned",
       inputs=_rand4)
def requires_grad_intermediate_returned(x):
    t = x.clone()
    t.requires_grad_()
    return (t * 2).sum()


@probe("tensor/device", "t = y.clone(); t.requires_grad_(); u = t * 2; return x + u.detach()   # nothing derived returned",
       inputs=_rand4)
def requires_grad_intermediate_unused(x):
    t = x.clone()
    t.requires_grad_()
    u = t * 2
    return x + u.detach()


@probe("tensor/device", "t = y.clone(); t.requires_grad_(); with no_grad: u = t * 2; return u   # no_grad result",
       inputs=_rand4)
def requires_grad_intermediate_no_grad(x):
    t = x.clone()
    t.requires_grad_()
    with torch.no_grad():
        u = t * 2
    return u


@probe("tensor/device", "x.requires_grad_()   # on an input that does not require grad", inputs=_rand4)
def requires_grad_input(x):
    x.requires_grad_()
    return x * 2


@probe("tensor/device", "y = x * 2; y.requires_grad = True   # setattr on an intermediate", inputs=_rand4)
def requires_grad_setattr(x):
    y = x * 2
    y.requires_grad = True
    return y + 1
