"""The overhead bench's heavier target: six nn.TransformerEncoderLayer blocks, whose tracing dominates
the audit, with two real breaks: `.item()` (GB0124, which fullgraph=True captures) and a tensor `if`
(GB0170, which it cannot). `clamp=False` leaves only the `.item()`, so the fullgraph verdict has to be
compiled: the audit's worst case.
"""

import torch
import torch.nn as nn


def encoder_layers(dim: int, count: int) -> nn.ModuleList:
    return nn.ModuleList(nn.TransformerEncoderLayer(dim, 4, 2 * dim, dropout=0.0, batch_first=True)
                         for _ in range(count))


class Tagger(nn.Module):
    def __init__(self, dim: int = 64, layers: int = 6, clamp: bool = True) -> None:
        super().__init__()
        self.embed = nn.Linear(dim, dim)
        self.lower = encoder_layers(dim, layers // 2)
        self.upper = encoder_layers(dim, layers - layers // 2)
        self.head = nn.Linear(dim, 8)
        self.clamp = clamp

    def forward(self, x):
        h = self.embed(x)
        for layer in self.lower:
            h = layer(h)
        h = h / h.norm().item()
        for layer in self.upper:
            h = layer(h)
        logits = self.head(h)
        if self.clamp and logits.abs().max() > 50:
            logits = logits.clamp(-50, 50)
        return logits
