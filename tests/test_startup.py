"""The static pass never imports torch (pre-commit runs it on every commit)."""

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
