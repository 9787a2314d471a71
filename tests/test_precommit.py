"""The pre-commit hooks of .pre-commit-hooks.yaml, run by the real `pre-commit` (try-repo) from a git hook:
a commit is blocked by a finding, the fixing hook fixes it, and the commit then goes through. The hook's
environment is built by pre-commit itself (`pip install` of this checkout), once per test run.
"""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import REPO

MODEL = """import torch
from torch import nn

SCALE = 0.5


class Net(nn.Module):
    def forward(self, x):
        return x * globals()["SCALE"]
"""
# excluded in the project's config: pre-commit names it, --force-exclude keeps it out
LEGACY = """import torch


@torch.compile
def old(x):
    print(x)
    return x
"""
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_NOSYSTEM": "1"}


def git(cwd, *args, env=None):
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory):
    """This checkout as pre-commit sees it: its files (tracked, and new ones git does not ignore) committed
    in a repo of their own, so that every try-repo call uses one revision and one hook environment."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path_factory.mktemp("hook-repo")
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, root / name)
    env = {**os.environ, **GIT_ENV}
    git(root, "init", "-q", env=env)
    git(root, "add", "-A", env=env)
    git(root, "commit", "-q", "-m", "snapshot", env=env)
    return root


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """pre-commit's cache (the hook's virtualenv) in a temporary home, shared by the module's tests."""
    home = tmp_path_factory.mktemp("pre-commit-home")
    return {**os.environ, **GIT_ENV, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}


def project(tmp_path, env, hook_repo, hook: str = "graphlint"):
    """A git repo whose pre-commit git hook runs `pre-commit try-repo <this checkout> <hook>` on the staged files."""
    git(tmp_path, "init", "-q", env=env)
    hook_script = tmp_path / ".git" / "hooks" / "pre-commit"
    hook_script.write_text(f"#!/bin/sh\nexec {sys.executable} -m pre_commit try-repo {hook_repo} {hook}\n")
    hook_script.chmod(0o755)
    (tmp_path / "pyproject.toml").write_text('[tool.graphlint]\nexclude = ["legacy"]\n')
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "old.py").write_text(LEGACY)
    (tmp_path / "model.py").write_text(MODEL)
    git(tmp_path, "add", "-A", env=env)


def commit(tmp_path, env):
    return subprocess.run(["git", "commit", "-q", "-m", "change"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)


def try_repo(tmp_path, env, hook_repo, hook, *files):
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), hook, "--files", *files],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)


def test_commit_blocked_by_a_finding_then_allowed_after_the_fix(tmp_path, env, hook_repo):
    project(tmp_path, env, hook_repo)
    blocked = commit(tmp_path, env)
    output = blocked.stdout + blocked.stderr
    assert blocked.returncode != 0, output
    assert "model.py:9:20: GL606 [*]" in output  # concise format, the safe fix marked
    assert "legacy/old.py" not in output  # excluded in pyproject.toml, though pre-commit passed it
    assert subprocess.run(["git", "rev-parse", "HEAD"], cwd=tmp_path, capture_output=True).returncode != 0  # no commit

    fixing = try_repo(tmp_path, env, hook_repo, "graphlint-fix", "model.py", "legacy/old.py")
    # pre-commit fails a hook that changed files, so the user looks at the change before committing it
    assert fixing.returncode == 1, fixing.stdout + fixing.stderr
    assert "files were modified by this hook" in fixing.stdout
    assert (tmp_path / "model.py").read_text() == MODEL.replace('globals()["SCALE"]', "SCALE")
    assert (tmp_path / "legacy" / "old.py").read_text() == LEGACY  # excluded: never fixed

    git(tmp_path, "add", "model.py", env=env)
    allowed = commit(tmp_path, env)
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr
    assert "graphlint" in allowed.stdout + allowed.stderr and "Passed" in allowed.stdout + allowed.stderr
    assert git(tmp_path, "status", "--porcelain", env=env).stdout == ""


def test_hook_definitions_follow_the_conventions():
    import yaml  # pre-commit depends on PyYAML

    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"graphlint", "graphlint-fix"}
    for hook in hooks.values():
        assert hook["language"] == "python" and hook["types_or"] == ["python", "pyi"]
        # one process sees every file: calls across files decide what Dynamo traces
        assert hook["require_serial"] is True
        assert "--force-exclude" in hook["entry"].split()
    assert "--fix" in hooks["graphlint-fix"]["entry"].split() and "--fix" not in hooks["graphlint"]["entry"].split()
