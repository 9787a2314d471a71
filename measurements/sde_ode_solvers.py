"""Do torchsde's Brownian motion objects and torchdiffeq's `odeint` break the graph when the code that builds or calls
them is compiled? Run with a venv that has both (bench/accuracy/.venv: torchsde 0.2.6, torchdiffeq 0.2.5):

    bench/accuracy/.venv/bin/python measurements/sde_ode_solvers.py > measurements/sde-ode-solvers-2.13.txt

Each case compiles a small function and reports the breaks on this file's lines (torch._dynamo.explain), or the error
Dynamo or inductor raises instead."""
import warnings

import torch
import torchdiffeq
import torchsde
from explained import explain_breaks


def report(name, fn, *args):
    print(f"{name:44s} {explain_breaks(fn, *args, here=__file__)}")


def build_tree(x):
    tree = torchsde.BrownianTree(0.0, torch.zeros_like(x), 1.0, entropy=0)
    return x + 1, tree


def call_tree(x, tree):
    return x + tree(0.2, 0.5)


def build_interval(x):
    bm = torchsde.BrownianInterval(t0=0.0, t1=1.0, size=x.shape)
    return x + 1, bm


def decay(t, y):
    return -y


def solve(method):
    def run(y0):
        t = torch.linspace(0, 1, 3)
        return torchdiffeq.odeint(decay, y0, t) if method is None else torchdiffeq.odeint(
            decay, y0, t, method=method, options={"step_size": 0.25} if method in ("euler", "rk4", "midpoint") else None)
    return run


class Decay(torch.nn.Module):
    def forward(self, t, y):
        return -y


def solve_adjoint(y0):
    return torchdiffeq.odeint_adjoint(Decay(), y0, torch.linspace(0, 1, 3))


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    print(f"# torch {torch.__version__}, torchsde {torchsde.__version__}, torchdiffeq {torchdiffeq.__version__}")
    x = torch.randn(3)
    report("torchsde.BrownianTree(...)", build_tree, x)
    report("tree(t0, t1), a BrownianTree passed in", call_tree, x, torchsde.BrownianTree(0.0, torch.zeros(3), 1.0))
    report("torchsde.BrownianInterval(...)", build_interval, x)
    for method in (None, "dopri5", "bosh3", "adaptive_heun", "euler", "midpoint", "rk4"):
        report(f"torchdiffeq.odeint(method={method!r})", solve(method), x)
    report("torchdiffeq.odeint_adjoint(module, ...)", solve_adjoint, x)
