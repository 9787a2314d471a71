"""graphlint: find the code that makes torch.compile break its graph.

Importing this package must stay cheap and must never import torch.
"""

__version__ = "0.1.0"


def __getattr__(name: str):
    # `graphlint.target` for targets files, loaded on first use so `import graphlint` stays cheap.
    if name == "target":
        from graphlint.dynamic.targets import target

        return target
    raise AttributeError(f"module 'graphlint' has no attribute {name!r}")
