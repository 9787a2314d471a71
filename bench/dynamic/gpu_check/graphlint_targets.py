"""Sample inputs on the GPU for `graphlint audit bench/dynamic/gpu_check`."""

import torch

import graphlint
from model import Gate


@graphlint.target
def gate_cuda():
    torch.manual_seed(0)
    return Gate(32).cuda(), (torch.randn(16, 32, device="cuda"),)


@graphlint.target(name="gate-cuda-dynamic", compile_options={"dynamic": True})
def gate_cuda_dynamic():
    torch.manual_seed(0)
    return Gate(32).cuda(), (torch.randn(7, 32, device="cuda"),)
