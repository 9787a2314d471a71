"""Run Python files as __main__, eagerly or under real Dynamo, and record what every compiled callable returned.

    python tests/dynamo_outputs.py eager|compiled FILE [FILE ...]
        → JSON {file: {"breaks": [[file, line], ...], "outputs": [...], "error": str|null}}

`torch.compile` is wrapped so that each call of what it returns is recorded (tensors as shape, dtype and
values). In `eager` mode it compiles nothing: the code runs as plain PyTorch, the reference for a fix.
In `compiled` mode it is the real `torch.compile`, and graph breaks are caught where Dynamo handles them,
with tests/dynamo_breaks.py's hook. Used by tests/test_fixes_dynamo.py; needs torch.
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys

from dynamo_breaks import capture_breaks, run_file


def _plain(value, depth: int = 0):
    """A JSON form of an output: tensors as {"shape", "dtype", "values"}, containers recursively."""
    import torch

    if depth > 6:
        return "<deep>"
    if isinstance(value, torch.Tensor):
        data = value.detach().cpu()
        if data.is_complex():
            data = torch.view_as_real(data)
        if data.is_sparse:
            data = data.to_dense()
        values = data.double().flatten().tolist() if data.numel() <= 100_000 else [float(data.double().sum())]
        return {"shape": list(value.shape), "dtype": str(value.dtype),
                "values": [v if math.isfinite(v) else repr(v) for v in values]}
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v, depth + 1) for k, v in value.items()}
    return f"<{type(value).__name__}>"


def _recording_compile(real_compile, compiled: bool, outputs: list):
    import torch

    def record(result):
        outputs.append(_plain(result))
        return result

    def compile_(model=None, **kwargs):
        if model is None:  # `@torch.compile(fullgraph=True)`
            return lambda fn: compile_(fn, **kwargs)
        target = real_compile(model, **kwargs) if compiled else model
        if isinstance(model, torch.nn.Module):
            target.register_forward_hook(lambda module, args, result: record(result))
            return target

        @functools.wraps(model)
        def call(*args, **kw):
            return record(target(*args, **kw))

        return call

    return compile_


def main(mode: str, paths: list[str]) -> dict:
    import torch

    current: dict = {}
    capture_breaks(current)
    real_compile = torch.compile
    results = {}
    for path in paths:
        outputs: list = []
        torch.compile = _recording_compile(real_compile, mode == "compiled", outputs)
        try:
            error = run_file(path, current)
        finally:
            torch.compile = real_compile
        results[path] = {"breaks": sorted(current["breaks"]), "outputs": outputs, "error": error}
    return results


if __name__ == "__main__":
    os.environ.setdefault("PYTHONBREAKPOINT", "0")
    print(json.dumps(main(sys.argv[1], sys.argv[2:])))
