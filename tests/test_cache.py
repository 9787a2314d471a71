"""The content-hash cache (.graphlint_cache/): same findings as --no-cache through a series of edits,
one changed file re-checked with the rest served, and robust to corruption, a blocked directory and
concurrent runs."""

import json
import shutil
import subprocess
import sys

import pytest

from conftest import REPO, run_cli

CACHE = ".graphlint_cache"


@pytest.fixture
def project(tmp_path):
    shutil.copytree(REPO / "fixtures" / "project", tmp_path / "project")
    shutil.copy(REPO / "fixtures" / "cases" / "printing.py", tmp_path / "printing.py")
    return tmp_path


def findings(cwd, *extra):
    proc = run_cli("check", "--format", "json", "--exit-zero", "--verbose", *extra, ".", cwd=cwd)
    assert proc.returncode == 0, proc.stderr.decode()
    doc = json.loads(proc.stdout)
    note = next(line for line in proc.stderr.decode().splitlines() if line.startswith("graphlint: "))
    return doc["findings"], doc["errors"], note


def same_as_uncached(cwd):
    cached, cached_errors, note = findings(cwd)
    fresh, fresh_errors, _ = findings(cwd, "--no-cache")
    assert cached == fresh and cached_errors == fresh_errors
    return cached, note


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_cached_findings_equal_uncached_ones_through_edits(project):
    first, note = same_as_uncached(project)
    assert "0 of 5 file summaries" in note  # a cold cache
    _, note = same_as_uncached(project)
    assert "the whole result, nothing changed" in note

    helpers = project / "project" / "helpers.py"
    edit(helpers, "logger = logging.getLogger(__name__)\n", "logger = logging.getLogger(__name__)\n\n\n\n")
    moved, note = same_as_uncached(project)  # lines moved in one file: only that file is looked at again
    assert "4 of 5 file summaries" in note
    assert len(moved) == len(first)

    edit(helpers, "def debug_activations(name, x):\n", "def debug_activations(name, x):\n    print(x.sum().item())\n")
    more, _ = same_as_uncached(project)  # a new break in a function another file's forward calls
    assert len(more) > len(first)

    train = project / "project" / "train.py"
    edit(train, "summarize(", "debug_activations('s', ")  # the call graph changes in another file
    same_as_uncached(project)
    (project / "project" / "extra.py").write_text("import torch\n\n\n@torch.compile\ndef g(x):\n    return x.item()\n")
    with_new, _ = same_as_uncached(project)
    assert any(f["path"].endswith("extra.py") for f in with_new)
    (project / "project" / "extra.py").unlink()
    (project / "project" / "__init__.py").unlink()  # module names change: `from .helpers import` no longer resolves
    same_as_uncached(project)
    (project / "pyproject.toml").write_text('[tool.graphlint]\nignore = ["GL2"]\n')  # the options change
    ignored, _ = same_as_uncached(project)
    assert not any(f["code"].startswith("GL2") for f in ignored)


def test_one_changed_file_is_checked_again_and_the_rest_served(project):
    findings(project)
    edit(project / "printing.py", "import sys\n", "import sys  # a comment\n")
    _, _, note = findings(project)
    assert "4 of 5 file summaries" in note
    served, checked = note.split("summaries and ")[1].split(" file checks")[0].split(" of ")
    assert int(checked) - int(served) == 1  # printing.py only


def test_no_cache_writes_nothing(project):
    findings(project, "--no-cache")
    assert not (project / CACHE).exists()
    findings(project)
    assert (project / CACHE / ".gitignore").read_text().strip().endswith("*")  # never committed by accident


def test_a_corrupt_cache_is_rebuilt(project):
    expected, _ = same_as_uncached(project)
    for db in (project / CACHE).glob("cache-*.sqlite3*"):
        db.write_bytes(b"not a database" * 100)
    got, errors, _ = findings(project)
    assert got == expected and errors == []
    assert "the whole result" in findings(project)[2]  # written again


def test_a_cache_directory_that_cannot_be_made_is_skipped(project):
    (project / CACHE).write_text("a file where the directory should be")
    got, errors, note = findings(project)
    fresh, _, _ = findings(project, "--no-cache")
    assert got == fresh and errors == []


def test_concurrent_runs_agree(project):
    command = [sys.executable, "-m", "graphlint", "check", "--format", "json", "--exit-zero", "."]
    procs = [subprocess.Popen(command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err.decode() for _, err in outputs]
    docs = [json.loads(out)["findings"] for out, _ in outputs]
    assert docs[0] == docs[1] == docs[2] == findings(project, "--no-cache")[0]
