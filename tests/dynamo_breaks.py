"""Run Python files as __main__ under real Dynamo and report the lines where graphs break.

    python tests/dynamo_breaks.py FILE [FILE ...]   → JSON {file: {"breaks": [line, ...], "error": str|null}}

A break's line is the deepest frame of its user stack that lies in the file being run (or, for a
package run with -m, in the package). Every break is caught where Dynamo handles it
(InstructionTranslatorBase.log_graph_break), not from `explain().graph_break_count`, which misses some.
Used by tests/test_dynamo_truth.py; needs torch.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import traceback


def capture_breaks(current: dict) -> None:
    """Record every break Dynamo handles as (file relative to current["root"], line) in current["breaks"]."""
    import torch
    import torch._dynamo.symbolic_convert as sc

    original = sc.InstructionTranslatorBase.log_graph_break

    def log_graph_break(self, code_options, reason, exc):
        stack = getattr(exc, "real_stack", None) or torch._guards.TracingContext.extract_stack()
        frames = list(torch._dynamo.exc.get_stack_above_dynamo()) + list(stack)
        mine = [f for f in frames if os.path.abspath(f.filename).startswith(current["root"])]
        if mine:
            current["breaks"].add((os.path.relpath(os.path.abspath(mine[-1].filename), current["root"]), mine[-1].lineno))
        return original(self, code_options, reason, exc)

    sc.InstructionTranslatorBase.log_graph_break = log_graph_break


def main(paths: list[str]) -> dict:
    current: dict = {}
    capture_breaks(current)
    results = {}
    for path in paths:
        error = run_file(path, current)
        results[path] = {"breaks": sorted(current["breaks"]), "error": error}
    return results


def run_file(path: str, current: dict) -> str | None:
    """Run one file as __main__ from a fresh Dynamo state and seed; its breaks go to current["breaks"].
    Returns the traceback if it failed."""
    import torch

    torch._dynamo.reset()
    torch.manual_seed(0)
    current.update(root=os.path.dirname(os.path.abspath(path)), breaks=set())
    try:
        runpy.run_path(path, run_name="__main__")
    except BaseException:  # noqa: BLE001 — a failing example is reported, not fatal
        return traceback.format_exc(limit=3)
    return None


if __name__ == "__main__":
    os.environ.setdefault("PYTHONBREAKPOINT", "0")
    print(json.dumps(main(sys.argv[1:])))
