"""graphlint over real third-party code never crashes (the full run: scripts/lint_site_packages.py)."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_no_internal_errors_on_installed_packages():
    # a slice of the environment that keeps the suite fast: libcst, typer, rich and torch's Dynamo itself
    proc = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "lint_site_packages.py"),
         "--packages", "libcst", "typer", "rich", "torch/nn"],
        capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "files checked" in proc.stdout
