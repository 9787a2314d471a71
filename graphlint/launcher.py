"""The `graphlint` command: hand the run to a warm daemon serving this install (graphlint/daemon.py) when one
is running, else run the CLI in this process. It runs first on every call, so it imports only what deciding
needs; the CLI (typer, rich, libcst) is imported only for a local run."""

from __future__ import annotations

import os
import sys


def main() -> None:
    from graphlint import daemon

    argv = sys.argv[1:]
    code = daemon.forward(argv)
    if code is not None:
        sys.exit(code)
    from graphlint.cli import main as run_here

    try:
        run_here()
    finally:
        if daemon.SUPPORTED and os.environ.get(daemon.MODE_ENV, "").lower() == "auto" \
                and (not argv or argv[0] not in ("daemon", "server")):
            daemon.start_detached(wait=0)  # for the next run: this one is done
