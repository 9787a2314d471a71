"""Runs each target in its own subprocess (`python -m graphlint.dynamic.runner`) with a timeout and a
memory cap, and turns whatever happens — a result, an exception, a hang, an abort, a memory blowup —
into a TargetRun. Never imports torch: it only checks that the interpreter could.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from graphlint.dynamic.results import TargetRun
from graphlint.dynamic.runner import TORCH_MISSING  # the runner's module level is stdlib only: no torch
from graphlint.dynamic.targets import TargetRef

DEFAULT_TIMEOUT_S = 120.0
POLL_S = 0.05
STDERR_TAIL = 800


@dataclass(frozen=True)
class RunSettings:
    targets_file: Path
    linted_files: tuple[str, ...]  # absolute paths: a break site is the deepest frame in one of these
    timeout_s: float = DEFAULT_TIMEOUT_S
    max_memory_mb: int | None = None  # resident memory cap per target; None: half the machine's memory


def torch_available() -> bool:
    return importlib.util.find_spec("torch") is not None


def run_targets(refs: list[TargetRef], settings: RunSettings,
                on_start: Callable[[TargetRef], None] = lambda ref: None,
                on_done: Callable[[TargetRun], None] = lambda run: None) -> list[TargetRun]:
    """One target after another: each imports torch and may use every core while Dynamo traces."""
    runs = []
    for ref in refs:
        on_start(ref)
        run = run_one(ref, settings) if torch_available() else _missing_torch(ref)
        on_done(run)
        runs.append(run)
    return runs


def _missing_torch(ref: TargetRef) -> TargetRun:
    return TargetRun(name=ref.name, error_kind="torch-missing", error=TORCH_MISSING)


def run_one(ref: TargetRef, settings: RunSettings) -> TargetRun:
    with tempfile.TemporaryDirectory(prefix="graphlint-dynamic-") as work:
        request, out = Path(work) / "request.json", Path(work) / "result.json"
        request.write_text(json.dumps({
            "targets_file": str(settings.targets_file.resolve()), "function": ref.function, "name": ref.name,
            "linted_files": list(settings.linted_files)}), encoding="utf-8")
        start = time.perf_counter()
        outcome = _supervise([sys.executable, "-m", "graphlint.dynamic.runner", str(request), str(out)],
                             Path(work) / "stderr.txt", settings)
        run = _read_run(out, ref.name)
        run.seconds = time.perf_counter() - start
    if outcome is not None and run.error_kind is None:
        run.error_kind, run.error = outcome
    return run


def _supervise(command: list[str], stderr_path: Path, settings: RunSettings) -> tuple[str, str] | None:
    """Run the worker in a new process group; kill the group on timeout or memory overrun.
    Returns (error kind, message) when the process did not finish normally, else None."""
    cap = settings.max_memory_mb or _half_of_memory_mb()
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONBREAKPOINT="0")
    with open(stderr_path, "wb") as stderr:
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr,
                                env=env, start_new_session=True)
        deadline = time.monotonic() + settings.timeout_s
        while proc.poll() is None:
            if time.monotonic() > deadline:
                _kill_group(proc)
                return "timeout", f"did not finish within {settings.timeout_s:g} s (killed)"
            if cap and _resident_mb(proc.pid) > cap:
                _kill_group(proc)
                return "memory", f"used more than {cap} MB of memory (killed; --max-memory raises the cap)"
            time.sleep(POLL_S)
    if proc.returncode != 0:
        tail = stderr_path.read_text(encoding="utf-8", errors="replace")[-STDERR_TAIL:].strip()
        return "crashed", f"the target process died ({_exit_reason(proc.returncode)})" + (
            f"; last output: {tail.splitlines()[-1]}" if tail else "")
    return None


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _exit_reason(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"signal {signal.Signals(-returncode).name}"
        except ValueError:
            return f"signal {-returncode}"
    return f"exit code {returncode}"


def _resident_mb(pid: int) -> float:
    """Resident memory of a process (Linux /proc; elsewhere 0: no cap)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


def _half_of_memory_mb() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (2 * 1024 * 1024)
    except (ValueError, OSError, AttributeError):
        return None


def _read_run(out: Path, name: str) -> TargetRun:
    """What the worker wrote; after a crash, what it wrote before the crash."""
    try:
        data = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return TargetRun(name=name, error_kind="crashed", error="the target process wrote no result")
    try:
        return TargetRun.from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        return TargetRun(name=name, error_kind="internal", error=f"unreadable runner result: {exc}")
