"""Installed libraries the traced code calls (analysis/libraries.py): read from their files, their breaks reported
at the project's calls (GL616), checked against real Dynamo. The library lives outside the linted directory, on
PYTHONPATH, as a pip-installed one does on sys.path."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from graphlint.catalog import load_catalog

REPO = Path(__file__).resolve().parent.parent

LIBRARY = {
    "fakelib/__init__.py": """
        from ._impl import Scaler, count, maybe_count
    """,
    "fakelib/_impl.py": """
        import torch


        def count(x):
            n = int(x.sum().item())
            return x * n


        def maybe_count(x, flag=False):
            if flag:
                return x * x.sum().item()
            return x * 2


        def unused(x):
            return x * x.item()


        class Scaler(torch.nn.Module):
            def scale(self, x):
                print("scaling")
                return x * 2

            def forward(self, x):
                return x.tolist()
    """,
}

USER = """
import torch

import fakelib
from fakelib import maybe_count


class Net(fakelib.Scaler):
    def forward(self, x):
        y = fakelib.count(x)
        y = maybe_count(y)
        return self.scale(y) + 1


if __name__ == "__main__":
    torch.compile(Net())(torch.ones(3))
"""
COUNT_LINE, SCALE_LINE = 9, 11


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())


@pytest.fixture
def project(tmp_path):
    _write(tmp_path / "site", LIBRARY)
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "user.py").write_text(USER.lstrip())
    return tmp_path


def _run_graphlint(cwd: Path, *args: str, site: Path | None = None, **env: str) -> subprocess.CompletedProcess:
    """`graphlint check --format json` as a user runs it, with `site` (an installed library) on PYTHONPATH."""
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    environ.update(GRAPHLINT_DAEMON="off", **env, **({"PYTHONPATH": str(site)} if site else {}))
    cp = subprocess.run([sys.executable, "-m", "graphlint", "check", "--format", "json", "--exit-zero", *args],
                        cwd=cwd, env=environ, capture_output=True, text=True, timeout=120)
    assert cp.returncode == 0, cp.stderr
    return cp


def _graphlint(root: Path, *args: str) -> list[dict]:
    return json.loads(_run_graphlint(root / "proj", "--no-cache", *args, "user.py", site=root / "site").stdout)["findings"]


def _found(cp: subprocess.CompletedProcess) -> set[tuple[int, str]]:
    return {(f["line"], f["code"]) for f in json.loads(cp.stdout)["findings"]}


def test_breaks_inside_a_library_show_at_the_calls(project):
    findings = _graphlint(project)
    assert {(f["path"], f["line"], f["code"]) for f in findings} == {
        ("user.py", COUNT_LINE, "GL616"), ("user.py", SCALE_LINE, "GL616")}
    by_line = {f["line"]: f for f in findings}
    assert "`fakelib._impl.count`" in by_line[COUNT_LINE]["message"]
    assert "GL101" in by_line[COUNT_LINE]["message"] and "_impl.py:5" in by_line[COUNT_LINE]["message"]
    assert "`fakelib._impl.Scaler.scale`" in by_line[SCALE_LINE]["message"]
    assert "GL201" in by_line[SCALE_LINE]["message"]


def test_libraries_can_be_left_unread(project):
    assert _graphlint(project, "--no-follow-libraries") == []
    (project / "proj" / "graphlint.toml").write_text("follow-libraries = false\n")
    assert _graphlint(project) == []


def test_a_library_linted_along_reports_inside_itself(project):
    """Named on the command line, the library is part of the project: its breaks are reported where they are."""
    cp = _run_graphlint(project, "--no-cache", "--scope", "compiled", "proj/user.py", "site/fakelib")
    found = {(f["path"], f["line"], f["code"]) for f in json.loads(cp.stdout)["findings"]}
    assert ("site/fakelib/_impl.py", 5, "GL101") in found
    assert not any(code == "GL616" for _, _, code in found)


def test_dynamo_breaks_at_the_same_calls(project):
    pytest.importorskip("torch")
    env = {**os.environ, "PYTHONPATH": str(project / "site")}
    cp = subprocess.run([sys.executable, str(REPO / "tests" / "dynamo_breaks.py"), str(project / "proj" / "user.py")],
                        env=env, capture_output=True, text=True, timeout=300)
    result = json.loads(cp.stdout.strip().splitlines()[-1])[str(project / "proj" / "user.py")]
    assert result["error"] is None, result["error"]
    assert {line for _, line in result["breaks"]} == {COUNT_LINE, SCALE_LINE}


def test_the_cache_serves_library_files_and_sees_them_change(project):
    """Library files are cached by their bytes like linted ones: a run after a linted file changed reads them from
    the cache, and once a library function no longer breaks its finding goes, even where nothing linted changed
    (the whole result is not served when a library file it read has changed)."""
    def run() -> tuple[set, str]:
        cp = _run_graphlint(project / "proj", "--verbose", "user.py", site=project / "site")
        return _found(cp), cp.stderr

    first, _ = run()
    assert first == {(COUNT_LINE, "GL616"), (SCALE_LINE, "GL616")}
    (project / "proj" / "user.py").write_text(USER.lstrip() + "\n")  # not the whole result from the cache
    again, note = run()
    assert again == first and "file checks served" in note
    assert "cache: the whole result" in run()[1]
    impl = project / "site" / "fakelib" / "_impl.py"
    impl.write_text(impl.read_text().replace("n = int(x.sum().item())", "n = 2"))
    assert run()[0] == {(SCALE_LINE, "GL616")}


def test_the_help_is_the_library_findings(project):
    by_line = {f["line"]: f for f in _graphlint(project)}
    assert by_line[COUNT_LINE]["help"].startswith("Call `fakelib._impl.count` outside the compiled function")
    assert by_line[COUNT_LINE]["help"].endswith(load_catalog()["GL101"].help)


def test_a_library_path_outside_graphlints_environment(project):
    """pre-commit runs graphlint in an environment of its own: GRAPHLINT_LIBRARY_PATH names the project's
    site-packages, read (never imported) like graphlint's own."""
    cp = _run_graphlint(project / "proj", "--no-cache", "user.py", GRAPHLINT_LIBRARY_PATH=str(project / "site"))
    assert _found(cp) == {(COUNT_LINE, "GL616"), (SCALE_LINE, "GL616")}


def test_the_working_directory_is_no_library_path(project):
    """`python -m graphlint` puts the working directory first on its own sys.path, the `graphlint` script its bin
    directory: neither is the linted code's environment, and the two must find the same. A library that sits only
    in the working directory is not read; named in GRAPHLINT_LIBRARY_PATH it is."""
    (project / "site").rename(project / "work")
    (project / "work" / "user.py").write_text(USER.lstrip())
    module = _run_graphlint(project / "work", "--no-cache", "user.py")
    script = subprocess.run([str(Path(sys.executable).parent / "graphlint"), "check", "--format", "json",
                             "--exit-zero", "--no-cache", "user.py"], cwd=project / "work", capture_output=True,
                            text=True, timeout=120, env={**os.environ, "GRAPHLINT_DAEMON": "off"})
    assert _found(module) == _found(script) == set()
    named = _run_graphlint(project / "work", "--no-cache", "user.py", GRAPHLINT_LIBRARY_PATH=str(project / "work"))
    assert _found(named) == {(COUNT_LINE, "GL616"), (SCALE_LINE, "GL616")}
