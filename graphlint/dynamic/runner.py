"""The dynamic pass's worker: `python -m graphlint.dynamic.runner REQUEST.json OUT.json`.

Runs ONE target in this (throw-away) process: imports torch and the user's targets file, builds the
target, then
  1. eager, with line coverage of the linted files (so a finding on a line the inputs never reach is
     "not-reached", not "not-reproduced");
  2. torch._dynamo.reset() and torch.compile with a counting backend, capturing every graph break;
  3. the fullgraph verdict: inferred when step 2 recorded a break fullgraph=True cannot remove
     (fullgraph.py), else torch._dynamo.reset() and torch.compile(fullgraph=True, backend="eager").
OUT.json is rewritten after each step, so a crash or a kill still leaves what was learned so far.

Breaks are caught where Dynamo handles them (InstructionTranslatorBase.log_graph_break, with the user
stack from exc.real_stack) plus the graph_breaks artifact log for frames Dynamo skips whole; not from
explain().graph_break_count, which is graph_count - 1 and misses breaks. The site of a break is the
deepest frame of its user stack inside the linted files. Same approach as tests/dynamo_breaks.py and
bench/accuracy/collect.py.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
import sys
import time
import traceback

from graphlint.dynamic.fullgraph import proof_of_failure  # stdlib only, like this module's top level

GB_URL = re.compile(r"gb(\d{4})\.html", re.I)
FILE_LINE = re.compile(r'File "([^"]+)", line (\d+)(?:, in (\S+))?')
TORCH_MISSING = "torch is not installed; the dynamic pass needs it: pip install 'graphlint[dynamic]'"
GRAPH_BREAK_LOGGERS = ("torch._dynamo.convert_frame.__graph_breaks", "torch._dynamo.exc.__graph_breaks")
QUIET_LOGGERS = ("torch._dynamo.symbolic_convert.__graph_breaks", *GRAPH_BREAK_LOGGERS)


class TargetFailure(Exception):
    """The target cannot be audited; `kind` names why (recorded as the run's error)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def first_line(text) -> str:
    return next((line.strip() for line in str(text or "").splitlines() if line.strip()), "")


def describe_exception(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {first_line(exc)}"[:500]


def summary_line(reason: str, gb_type=None) -> str:
    """The break's own title (`Unsupported Tensor.item() call ...`), not Dynamo's generic prefix line."""
    if isinstance(gb_type, str) and gb_type:
        return gb_type
    lines = [line.strip() for line in str(reason or "").splitlines() if line.strip()]
    useful = [line for line in lines if not line.startswith("Encountered graph break when attempting")]
    return (useful or lines or [""])[0]


def labelled_lines(reason: str, label: str) -> list[str]:
    """Dynamo's `Explanation:` / `Hint:` lines of a break message."""
    prefix = f"{label}:"
    return [line.strip()[len(prefix):].strip() for line in str(reason or "").splitlines()
            if line.strip().startswith(prefix)]


def gb_ids(text: str) -> list[str]:
    found: list[str] = []
    for digits in GB_URL.findall(text or ""):
        if f"GB{digits}" not in found:
            found.append(f"GB{digits}")
    return found


class Record:
    """The run's JSON record, written atomically after each step."""

    def __init__(self, out_path: str, name: str) -> None:
        self.out_path = out_path
        self.data: dict = {"target": name}
        self.dump()

    def dump(self) -> None:
        tmp = self.out_path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(self.data, f, default=str)
        os.replace(tmp, self.out_path)

    def fail(self, kind: str, message: str) -> None:
        self.data.update(error_kind=kind, error=message)
        self.dump()


# ------------------------------------------------------------------ the target

def load_target(targets_file: str, function: str):
    """Import the targets file and return (target function, its TargetSpec)."""
    from graphlint.dynamic.targets import TARGET_ATTRIBUTE, TargetSpec

    directory = os.path.dirname(os.path.abspath(targets_file))
    sys.path.insert(0, directory)  # the targets file imports the user's modules beside it
    try:
        spec = importlib.util.spec_from_file_location("graphlint_targets", targets_file)
        module = importlib.util.module_from_spec(spec)
        sys.modules["graphlint_targets"] = module
        spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 — SystemExit in a targets file is a user error too
        raise TargetFailure("targets-import", f"{targets_file} failed to import: {describe_exception(exc)}"
                                              f"{user_frame_note(exc, directory)}") from None
    fn = getattr(module, function, None)
    if fn is None or not callable(fn):
        raise TargetFailure("not-found", f"{targets_file} has no function `{function}`")
    return fn, getattr(fn, TARGET_ATTRIBUTE, TargetSpec())


def user_frame_note(exc: BaseException, directory: str) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.startswith(directory)]
    return f" (at {os.path.relpath(frames[-1].filename)}:{frames[-1].lineno})" if frames else ""


def build(fn, name: str):
    """Call the target; check it returned (callable, args) or (callable, args, kwargs)."""
    try:
        out = fn()
    except Exception as exc:  # noqa: BLE001
        raise TargetFailure("raised", f"building the inputs raised {describe_exception(exc)}") from None
    shape = "(callable_or_module, args) or (callable_or_module, args, kwargs)"
    if not isinstance(out, (tuple, list)) or len(out) not in (2, 3):
        raise TargetFailure("bad-return", f"target `{name}` returned {type(out).__name__}; expected {shape}")
    func, args, kwargs = (*out, {}) if len(out) == 2 else out
    if not callable(func) or not isinstance(args, (tuple, list)) or not isinstance(kwargs, dict):
        raise TargetFailure("bad-return", f"target `{name}` returned ({type(func).__name__}, "
                                          f"{type(args).__name__}, ...); expected {shape}")
    return func, tuple(args), dict(kwargs)


# ------------------------------------------------------------------- coverage

def run_with_coverage(func, args, kwargs, linted: frozenset[str]) -> dict[str, set[int]]:
    """Run once eagerly, recording the executed lines of the linted files (sys.settrace; only frames
    of linted files get a local tracer, so library code runs at near full speed)."""
    covered: dict[str, set[int]] = {}

    def local(frame, event, arg):
        if event == "line":
            covered.setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
        return local

    def global_(frame, event, arg):
        if frame.f_code.co_filename in linted:
            covered.setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
            return local
        return None

    sys.settrace(global_)
    try:
        func(*args, **kwargs)
    finally:
        sys.settrace(None)
    return covered


# -------------------------------------------------------------------- breaks

class BreakRecorder:
    """Captures every break while installed: log_graph_break for breaks inside a traced frame, the
    graph_breaks log for frames Dynamo skips whole, and the graphs the backend receives."""

    def __init__(self, linted: frozenset[str]) -> None:
        self.linted = linted
        self.breaks: dict[tuple, dict] = {}
        self.ops_per_graph: list[int] = []
        self.log_messages: list[str] = []

    def backend(self, gm, example_inputs):
        self.ops_per_graph.append(sum(1 for n in gm.graph.nodes
                                      if n.op in ("call_function", "call_method", "call_module")))
        return gm.forward

    def add(self, kind: str, frames: list[tuple[str, int, str]], reason: str, gb_type=None) -> None:
        frames = [f for f in frames if f[0] and f[1] is not None]
        site = next((f for f in reversed(frames) if f[0] in self.linted), None)
        title = summary_line(reason, gb_type)[:500]
        key = (kind, site, tuple(gb_ids(reason)), title)
        if key in self.breaks:
            self.breaks[key]["count"] += 1
            return
        self.breaks[key] = {"kind": kind, "site": site, "gb": gb_ids(reason), "reason": title,
                            "explanation": " ".join(labelled_lines(reason, "Explanation"))[:500],
                            "hints": labelled_lines(reason, "Hint")[:3],
                            "stack": self.user_part(frames), "count": 1}

    def user_part(self, frames: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
        """From the first linted frame inward (the runner and torch.nn call plumbing above it are noise)."""
        first = next((i for i, f in enumerate(frames) if f[0] in self.linted), max(0, len(frames) - 6))
        return frames[first:][-12:]

    def __enter__(self):
        import torch
        import torch._dynamo.symbolic_convert as sc

        recorder, original = self, sc.InstructionTranslatorBase.log_graph_break
        self._original = original

        def log_graph_break(translator, code_options, reason, exc):
            try:
                recorder.on_break(reason, exc)
            except Exception as err:  # noqa: BLE001 — the recorder must never change what Dynamo does
                recorder.add("recorder-error", [], repr(err))
            return original(translator, code_options, reason, exc)

        sc.InstructionTranslatorBase.log_graph_break = log_graph_break
        self._handler = _ListHandler(self.log_messages)
        torch._logging.set_logs(graph_breaks=True)
        for name in GRAPH_BREAK_LOGGERS:
            logging.getLogger(name).addHandler(self._handler)
        for name in QUIET_LOGGERS:  # the user's terminal is ours to keep quiet
            logging.getLogger(name).propagate = False
        return self

    def on_break(self, reason: str, exc) -> None:
        import torch

        if getattr(exc, "logged", False):
            return
        stack = getattr(exc, "real_stack", None) or torch._guards.TracingContext.extract_stack()
        try:
            above = list(torch._dynamo.exc.get_stack_above_dynamo())
        except Exception:  # noqa: BLE001
            above = []
        frames = [(os.path.abspath(f.filename), f.lineno, f.name) for f in [*above, *stack]]
        self.add("break", frames, reason, getattr(exc, "gb_type", None))

    def __exit__(self, *exc_info):
        import torch
        import torch._dynamo.symbolic_convert as sc

        sc.InstructionTranslatorBase.log_graph_break = self._original
        for name in GRAPH_BREAK_LOGGERS:
            logging.getLogger(name).removeHandler(self._handler)
        torch._logging.set_logs()
        for message in self.log_messages:  # frames skipped whole never reach log_graph_break
            frames = [(os.path.abspath(f), int(line), fn or "?") for f, line, fn in FILE_LINE.findall(message)]
            self.add("skip" if "results in a skip" in message else "fallback", frames, message)
        return False

    def to_json(self) -> list[dict]:
        return list(self.breaks.values())


class _ListHandler(logging.Handler):
    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.DEBUG)
        self.sink = sink

    def emit(self, record) -> None:
        try:
            message = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                message += "\n" + str(record.exc_info[1])
            self.sink.append(message)
        except Exception as exc:  # noqa: BLE001
            self.sink.append(f"<unformattable log record: {exc}>")


# --------------------------------------------------------------------- phases

def timed(record: Record, key: str, action) -> bool:
    """Run one phase; record {ok, error, seconds} under key. Returns whether it succeeded."""
    start = time.perf_counter()
    try:
        action()
        record.data[key] = {"ok": True, "error": None}
    except Exception as exc:  # noqa: BLE001 — a failing phase is a result, not a crash of the runner
        record.data[key] = {"ok": False, "error": describe_exception(exc)}
    record.data[key]["seconds"] = round(time.perf_counter() - start, 4)
    record.dump()
    return record.data[key]["ok"]


def audit(request: dict, record: Record) -> None:
    try:
        import torch
    except ImportError:
        raise TargetFailure("torch-missing", TORCH_MISSING) from None
    import torch._dynamo

    record.data["torch_version"] = torch.__version__
    linted = frozenset(os.path.abspath(p) for p in request["linted_files"])
    fn, spec = load_target(request["targets_file"], request["function"])
    name = request["name"]
    func, args, kwargs = build(fn, name)
    options = {k: v for k, v in spec.compile_options.items() if k not in ("backend", "fullgraph")}

    def eager():
        torch.manual_seed(0)
        covered = run_with_coverage(func, args, kwargs, linted)
        record.data["coverage"] = {path: sorted(lines) for path, lines in covered.items()}

    if not timed(record, "eager", eager):
        raise TargetFailure("raised", f"the eager run raised {record.data['eager']['error']}")

    recorder = BreakRecorder(linted)

    def compiled():
        torch._dynamo.reset()
        torch.manual_seed(0)
        with recorder:
            torch.compile(func, backend=recorder.backend, **options)(*args, **kwargs)

    timed(record, "compiled", compiled)
    record.data.update(breaks=recorder.to_json(), graph_count=len(recorder.ops_per_graph),
                       ops_per_graph=recorder.ops_per_graph)
    record.dump()

    record_fullgraph_verdict(record, func, args, kwargs, options)


def record_fullgraph_verdict(record: Record, func, args, kwargs, options: dict) -> None:
    """Inferred when a recorded break proves that fullgraph=True fails (no second compile: the audit's
    largest cost for a big model), else compiled with fullgraph=True."""
    import torch

    proof = proof_of_failure(record.data.get("breaks", []), torch.__version__)
    if proof is not None:
        record.data["fullgraph"] = {"ok": False, "error": proof.reason, "seconds": 0.0,
                                    "inferred_from": {"gb": proof.gb, "site": proof.site}}
        record.dump()
        return

    def fullgraph():
        torch._dynamo.reset()
        torch.manual_seed(0)
        torch.compile(func, fullgraph=True, backend="eager", **options)(*args, **kwargs)

    timed(record, "fullgraph", fullgraph)


def main(argv: list[str]) -> int:
    request_path, out_path = argv
    with open(request_path, encoding="utf-8") as f:
        request = json.load(f)
    record = Record(out_path, request["name"])
    try:
        audit(request, record)
    except TargetFailure as failure:
        record.fail(failure.kind, str(failure))
    except MemoryError:
        record.fail("memory", "the target ran out of memory (MemoryError)")
    except BaseException as exc:  # noqa: BLE001 — SystemExit/KeyboardInterrupt from user code included
        record.fail("raised", describe_exception(exc))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONBREAKPOINT", "0")  # a breakpoint() in user code must not wait for stdin
    sys.exit(main(sys.argv[1:]))
