"""The static pass never imports torch (pre-commit runs it on every commit)."""

import os
import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "project" / "model.py"


def test_linting_a_file_does_not_import_torch():
    code = ("import sys, runpy; sys.argv = ['graphlint', '--format', 'json', sys.argv[1]]\n"
            "try:\n    runpy.run_module('graphlint', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print('TORCH_LOADED' if 'torch' in sys.modules else 'TORCH_ABSENT', file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", code, str(FIXTURE)],
                          capture_output=True, text=True, timeout=120)
    assert '"findings"' in proc.stdout
    assert "TORCH_ABSENT" in proc.stderr
    imported = [line.split("|")[-1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")]
    assert imported and not any(m == "torch" or m.startswith("torch.") for m in imported)


def test_a_concise_or_json_run_does_not_import_rich_or_importlib_metadata():
    """What pre-commit and editors run writes plain text: rich and importlib.metadata cost start-up for nothing."""
    for fmt in ("concise", "json"):
        code = ("import sys, runpy; sys.argv = ['graphlint', '--format', sys.argv[2], '--no-cache', sys.argv[1]]\n"
                "try:\n    runpy.run_module('graphlint', run_name='__main__')\nexcept SystemExit:\n    pass\n"
                "print('LOADED:' + ','.join(sorted(sys.modules)), file=sys.stderr)")
        env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")}
        proc = subprocess.run([sys.executable, "-c", code, str(FIXTURE), fmt], capture_output=True, text=True,
                              timeout=120, env=env)
        assert "GL" in proc.stdout, proc.stderr[-2000:]
        loaded = proc.stderr.rsplit("LOADED:", 1)[1].strip().split(",")
        assert "rich" not in loaded and "importlib.metadata" not in loaded, fmt
        if fmt == "concise":
            assert "Found " in proc.stderr  # the summary line still comes, as plain text
