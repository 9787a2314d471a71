# Copied unchanged from /work/shared/reference/probes/helper_mod.py (see probes.py header).
"""Plain Python helpers living in a *different* module than the probes.

Used to check that Dynamo inlines ordinary user functions from other modules.
"""
import torch


def scale_add(t: torch.Tensor, s: float) -> torch.Tensor:
    return t * s + 1.0


def prints_inside(t: torch.Tensor) -> torch.Tensor:
    print("GLPROBE helper")
    return t * 2
