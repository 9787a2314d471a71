"""The warm daemon (graphlint/daemon.py): real daemons on private sockets, driven through the real CLI.

A run handed to the daemon must be indistinguishable from a local one: the same output, exit code, files
written, stdin read and environment honoured."""

import os
import shutil
import sys
import time

import pytest

from conftest import REPO, run_cli

MODEL = b"""import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print("shape", x.shape)
        return x * x.max().item()
"""


def daemon_env(directory, **extra):
    return {"GRAPHLINT_DAEMON_SOCKET": str(directory / "daemon.sock"), "GRAPHLINT_DAEMON": "", **extra}


def status_runs(env) -> int | None:
    proc = run_cli("daemon", "status", env=env)
    if proc.returncode != 0:
        return None
    return int(proc.stdout.decode().split(", ")[1].split()[0])  # "... (pid N, R runs, exits after ...)"


@pytest.fixture(scope="module")
def daemon(tmp_path_factory):
    directory = tmp_path_factory.mktemp("daemon")
    os.chmod(directory, 0o700)
    env = daemon_env(directory)
    started = run_cli("daemon", "start", "--idle-timeout", "300", env=env)
    assert started.returncode == 0, started.stderr
    assert b"serving on" in started.stdout
    yield env
    run_cli("daemon", "stop", env=env)


def both(args, cwd, daemon_env_, stdin=None, extra=None):
    """The same command run locally and through the daemon; the daemon's run count proves it served it."""
    before = status_runs(daemon_env_)
    served = run_cli(*args, cwd=cwd, stdin=stdin, env={**daemon_env_, **(extra or {})})
    assert status_runs(daemon_env_) == before + 1
    local = run_cli(*args, cwd=cwd, stdin=stdin, env={"GRAPHLINT_DAEMON": "off", **(extra or {})})
    return served, local


def test_a_run_through_the_daemon_is_a_local_run(tmp_path, daemon):
    (tmp_path / "model.py").write_bytes(MODEL)
    for args in (["check", "--format", "concise", "model.py"], ["model.py"], ["check", "--format", "json", "."]):
        served, local = both(args, tmp_path, daemon)
        assert served.returncode == local.returncode == 1
        assert served.stdout == local.stdout and served.stderr == local.stderr
        assert b"GL101" in served.stdout and b"GL201" in served.stdout


def test_the_daemon_reads_the_callers_stdin_and_honours_its_environment(tmp_path, daemon):
    args = ["check", "--format", "concise", "-", "--stdin-filename", "model.py"]
    served, local = both(args, tmp_path, daemon, stdin=MODEL)
    assert served.stdout == local.stdout and b"GL101" in served.stdout
    # the caller's TORCHDYNAMO_* settings reach the run: scalar capture silences `.item()`
    served, local = both(args, tmp_path, daemon, stdin=MODEL, extra={"TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS": "1"})
    assert served.stdout == local.stdout and b"GL101" not in served.stdout and b"GL201" in served.stdout


def test_fix_through_the_daemon_writes_the_callers_files(tmp_path, daemon):
    (tmp_path / "served").mkdir()
    (tmp_path / "local").mkdir()
    for name in ("served", "local"):
        (tmp_path / name / "model.py").write_bytes(MODEL)
    before = status_runs(daemon)
    fix = ("check", "--fix", "--unsafe-fixes", "--format", "concise", "model.py")
    served = run_cli(*fix, cwd=tmp_path / "served", env=daemon)
    assert status_runs(daemon) == before + 1
    local = run_cli(*fix, cwd=tmp_path / "local")
    assert served.returncode == local.returncode and served.stdout == local.stdout
    fixed = (tmp_path / "served" / "model.py").read_bytes()
    assert fixed != MODEL and fixed == (tmp_path / "local" / "model.py").read_bytes()


def test_a_socket_others_may_reach_is_not_used(tmp_path):
    os.chmod(tmp_path, 0o755)
    env = daemon_env(tmp_path)
    started = run_cli("daemon", "start", env=env)
    assert started.returncode == 2 and b"needs a private folder" in started.stderr
    (tmp_path / "model.py").write_bytes(MODEL)
    assert run_cli("model.py", cwd=tmp_path, env=env).returncode == 1  # linted here, nothing in the way


def test_a_changed_graphlint_is_not_served_by_an_old_daemon(tmp_path, request):
    # a copy of graphlint, so that its files can change under the daemon that imported them
    shutil.copytree(REPO / "graphlint", tmp_path / "copy" / "graphlint",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "rules", tmp_path / "copy" / "rules")
    (tmp_path / "run").mkdir(mode=0o700)
    env = daemon_env(tmp_path / "run", PYTHONPATH=str(tmp_path / "copy"))
    assert run_cli("daemon", "start", cwd=tmp_path, env=env).returncode == 0
    request.addfinalizer(lambda: run_cli("daemon", "stop", env=env))  # if an assertion below fails
    (tmp_path / "model.py").write_bytes(MODEL)
    first = run_cli("--format", "concise", "model.py", cwd=tmp_path, env=env)
    assert status_runs(env) == 1 and first.returncode == 1
    rules = tmp_path / "copy" / "graphlint" / "findings.py"
    stamp = rules.stat().st_mtime + 5
    os.utime(rules, (stamp, stamp))
    again = run_cli("--format", "concise", "model.py", cwd=tmp_path, env=env)
    assert again.returncode == first.returncode == 1 and again.stdout == first.stdout  # run here instead
    assert status_runs(env) is None  # and the stale daemon is gone


def test_stop_and_idle_timeout(tmp_path):
    os.chmod(tmp_path, 0o700)
    env = daemon_env(tmp_path)
    assert run_cli("daemon", "start", "--idle-timeout", "1", env=env).returncode == 0
    assert run_cli("daemon", "start", env=env).stdout.endswith(b"(already running)\n")
    deadline = time.monotonic() + 30
    while status_runs(env) is not None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert status_runs(env) is None and not (tmp_path / "daemon.sock").exists()
    assert run_cli("daemon", "start", env=env).returncode == 0
    stopped = run_cli("daemon", "stop", env=env)
    assert stopped.stdout.startswith(b"graphlint daemon: stopped")
    assert run_cli("daemon", "status", env=env).returncode == 1


def test_the_launcher_stays_light():
    # the client side imports no CLI framework, no libcst and no torch before it knows it must run locally
    import subprocess

    code = ("import sys; from graphlint import daemon, launcher; "
            "print(sorted(m for m in ('typer', 'rich', 'libcst', 'torch') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def reading_stdin(pid: int) -> bool:
    """Is the process blocked in read(0, ...)? (/proc/PID/syscall: the number of `read` is 0, then its fd.)"""
    try:
        with open(f"/proc/{pid}/syscall") as handle:
            return handle.read().startswith("0 0x0 ")
    except OSError:
        return False


def children_of(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(child) for child in handle.read().split()]
    except OSError:
        return []


def interrupted_run(cwd, env, reader):
    """`graphlint check -` waiting on a stdin that never ends, sent SIGINT once the process that runs it reads
    stdin (`reader(client_pid)` gives that process's pid: the client itself, or the daemon's child)."""
    import signal
    import subprocess

    # SIGINT back to its default in the client, whatever this test process inherited (a CI script run in the
    # background ignores it); the daemon's child takes the client's disposition
    proc = subprocess.Popen([sys.executable, "-m", "graphlint", "check", "-", "--stdin-filename", "x.py"],
                            cwd=cwd, env={**os.environ, "NO_COLOR": "1", **env}, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60  # a loaded machine may take long to start a Python
    while time.monotonic() < deadline and not any(reading_stdin(pid) for pid in reader(proc.pid)):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)  # stdin stays open: the run ends by the interrupt, not by reading its end
    proc.stdin.close()  # a run still going (a child the interrupt missed) would now lint the empty input and say so
    return proc.returncode, proc.stdout.read(), proc.stderr.read()


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/syscall"), reason="needs /proc/PID/syscall (Linux)")
def test_ctrl_c_interrupts_the_run_in_the_daemon(tmp_path, daemon):
    # the client's Ctrl-C must reach the child in the daemon's session, which ends as a local run ends
    before = status_runs(daemon)
    daemon_pid = int(run_cli("daemon", "status", env=daemon).stdout.decode().split("(pid ")[1].split(",")[0])
    served = interrupted_run(tmp_path, daemon, lambda client: children_of(daemon_pid))
    assert status_runs(daemon) == before + 1
    local = interrupted_run(tmp_path, {"GRAPHLINT_DAEMON": "off"}, lambda client: [client])
    assert served == local and served[0] == 130 and served[1] == b""


def test_auto_starts_a_daemon_after_a_local_run(tmp_path):
    os.chmod(tmp_path, 0o700)
    env = daemon_env(tmp_path, GRAPHLINT_DAEMON="auto")
    (tmp_path / "model.py").write_bytes(MODEL)
    assert status_runs(env) is None
    first = run_cli("--format", "concise", "model.py", cwd=tmp_path, env=env)  # local: none was running
    try:
        deadline = time.monotonic() + 30
        while status_runs(env) is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert status_runs(env) == 0
        second = run_cli("--format", "concise", "model.py", cwd=tmp_path, env=env)
        assert status_runs(env) == 1 and (second.returncode, second.stdout) == (first.returncode, first.stdout)
    finally:
        run_cli("daemon", "stop", env=env)
