"""Latency of the pre-commit hook's command on one file, the way pre-commit runs it after each `git commit`.

    python bench/precommit/latency.py [--runs 15] [FILE ...]

Times, interleaved in one run (this machine is noisy): a bare `python -c pass` (the floor of any Python
hook), `graphlint --version`, and the hook's entry (`graphlint check --force-exclude --format concise FILE`)
on each file, with `--no-cache`: a staged file is a changed file, which the cache cannot answer. Each file is
also run through a warm daemon (`graphlint daemon start`, on a socket of its own; graphlint/daemon.py) unless
`--no-daemon`; the other rows run with GRAPHLINT_DAEMON=off. Prints the median and the fastest run of each,
in seconds. Default files: fixtures of several sizes. Uses the graphlint of the running interpreter.

`--variant NAME=DIR` (repeatable) adds the hook on the first file with DIR first on PYTHONPATH, e.g. another
typer installed with `pip install --no-deps --target DIR typer==0.29.2`, to compare dependencies side by side.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_FILES = ["fixtures/cases/sparse.py", "fixtures/project/model.py", "fixtures/cases/dynamic_shapes.py"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=DEFAULT_FILES)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=DIR")
    parser.add_argument("--no-daemon", action="store_true", help="leave out the rows run through a daemon")
    args = parser.parse_args()
    graphlint = [sys.executable, "-m", "graphlint"]
    local = {**os.environ, "GRAPHLINT_DAEMON": "off"}
    commands = {"python -c pass": [sys.executable, "-c", "pass"], "graphlint --version": [*graphlint, "--version"]}
    envs = {label: local for label in commands}
    socket_dir = tempfile.mkdtemp(prefix="graphlint-daemon-")  # private (0700), as the daemon requires
    warm = {**os.environ, "GRAPHLINT_DAEMON": "", "GRAPHLINT_DAEMON_SOCKET": os.path.join(socket_dir, "d.sock")}
    for name in args.files:
        lines = sum(1 for _ in open(REPO / name, encoding="utf-8"))
        hook = [*graphlint, "check", "--force-exclude", "--format", "concise", "--no-cache", name]
        commands[f"hook on {name} ({lines} lines)"] = hook
        envs[f"hook on {name} ({lines} lines)"] = local
        if not args.no_daemon:
            commands[f"hook on {name}, daemon"] = hook
            envs[f"hook on {name}, daemon"] = warm
    for variant in args.variant:
        name, _, directory = variant.partition("=")
        label = f"hook on {args.files[0]}, {name}"
        commands[label] = commands[next(k for k in commands if k.startswith(f"hook on {args.files[0]} "))]
        envs[label] = {**local, "PYTHONPATH": os.path.abspath(directory)}
    try:
        if not args.no_daemon:
            subprocess.run([*graphlint, "daemon", "start"], cwd=REPO, env=warm, check=True, stdout=subprocess.DEVNULL)
        times = timed(commands, envs, args.runs)
    finally:
        subprocess.run([*graphlint, "daemon", "stop"], cwd=REPO, env=warm, capture_output=True)
        shutil.rmtree(socket_dir, ignore_errors=True)
    width = max(map(len, commands))
    print(f"{'command':<{width}}  median   fastest  ({args.runs} runs, interleaved)")
    for label, values in times.items():
        print(f"{label:<{width}}  {statistics.median(values):.3f} s  {min(values):.3f} s")


def timed(commands: dict[str, list[str]], envs: dict[str, dict], runs: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(runs):
        for label, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, cwd=REPO, capture_output=True, env=envs[label])
            times[label].append(time.perf_counter() - start)
    return times


if __name__ == "__main__":
    main()
