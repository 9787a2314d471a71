"""One lint run in this process, for side-by-side comparisons of two checkouts (the numbers in README's
"What made it faster"):

    PYTHONPATH=/tmp/old python bench/speed/in_process.py 80 2    # an exported older commit: git archive REV graphlint rules
    python bench/speed/in_process.py 80 2                       # this checkout

Lints the first N files of the sample (`--no-cache`, default options) with J jobs and prints the time and the
number of findings. Alternate the two commands a few times: the machine is noisy.
"""
from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

from graphlint.engine import lint_files
from graphlint.settings import load_settings

SAMPLE = Path(__file__).resolve().parent / "corpus" / "sample" / "transformers" / "models"

if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 251
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    options = replace(load_settings(None, cache=False).options, jobs=jobs)
    paths = sorted(str(p) for p in SAMPLE.glob("*/*.py"))[:count]
    started = time.perf_counter()
    result = lint_files(paths, options)
    print(f"{len(paths)} files, {jobs} jobs: {time.perf_counter() - started:.1f} s, {len(result.findings)} findings")
