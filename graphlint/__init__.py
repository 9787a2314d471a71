"""graphlint: find the code that makes torch.compile break its graph.

Importing this package must stay cheap and must never import torch.
"""

__version__ = "0.1.0"
