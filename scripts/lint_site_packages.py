"""Lint every .py file of an environment's site-packages and fail on any internal error.

    python scripts/lint_site_packages.py [--packages torch numpy ...] [--site DIR]

Syntax errors and undecodable files in third-party code are expected and only counted; an
`internal` error (a crash inside graphlint) fails the run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import sysconfig
import time
from collections import Counter
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", default=sysconfig.get_paths()["purelib"], help="site-packages directory")
    parser.add_argument("--packages", nargs="*", help="only these top-level packages (default: all)")
    parser.add_argument("--scope", default="all")
    args = parser.parse_args()
    site = Path(args.site)
    targets = [str(site / p) for p in args.packages] if args.packages else [str(site)]
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "graphlint", "check", "--format", "json", "--exit-zero",
                           "--scope", args.scope, *targets], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    try:
        doc = json.loads(proc.stdout)
    except json.JSONDecodeError:
        print(f"graphlint did not print JSON (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        return 1
    kinds = Counter(e["kind"] for e in doc["errors"])
    internal = [e for e in doc["errors"] if e["kind"] == "internal"]
    print(f"{doc['summary']['files_checked']} files checked in {elapsed:.1f} s, "
          f"{doc['summary']['findings']} findings, errors by kind: {dict(kinds)}")
    for e in internal[:20]:
        print(f"INTERNAL {e['path']}: {e['message']}")
    if proc.returncode == 2 and not internal:
        print(f"graphlint exited 2: {proc.stderr[-2000:]}")
        return 1
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())
