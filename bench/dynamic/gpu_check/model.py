"""A CUDA target for checking `graphlint audit` on a GPU (see ../README.md, "GPU check").

Same break kinds as fixtures/audit_project, with the tensors on `cuda`: `.item()` (a device-to-host
copy as well as a break), a data-dependent branch, and a host sync through `.tolist()`.
"""

import torch
import torch.nn as nn


class Gate(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.proj(x).relu()
        peak = h.max().item()  # expect: GL101
        if h.mean() > 0.5:  # expect: GL401
            h = h * 0.5
        keep = (h.sum(dim=0) > 0).tolist()  # expect: GL102
        return h / (peak + 1.0), keep
