"""Speed benchmark: graphlint against TorchFix, Fixit, a bare libcst parse loop and Ruff, on one corpus.

    bash bench/speed/setup.sh                      # once: tools venv + the pinned corpus
    python bench/speed/run.py --runs 3             # all tools, interleaved, 3 timed runs each
    python bench/speed/run.py --runs 5 --jobs 2 --graphlint-python /other/checkout/.venv/bin/python
    python bench/speed/run.py --runs 1 --only graphlint --path transformers/models/bert   # quick look

Every round runs every tool once (the order rotates from round to round), so that the noise of a shared
machine hits every tool alike. For each run it records the wall time (time.perf_counter around the
subprocess), the exit code, a sanity count of what the tool linted (files and diagnostics, parsed from
its output: a tool that errors out, or lints far fewer files than there are, is marked FAILED and gets
no time in the table), and memory:

- tree RSS: the peak, over the run, of the summed RSS of the whole process tree (the tool and all its
  descendants: process pools), sampled from /proc every --sample-ms. Counts pages shared between a pool's
  forked workers once per process, so it overstates;
- tree PSS: the same with PSS (shared pages split between the processes that share them): the honest
  "memory the tool takes" figure;
- largest process: ru_maxrss from wait4, the largest single process of the tree (the kernel's max over
  the tool and its reaped descendants).

It prints a Markdown table (median and min seconds, memory, ratios to graphlint cold and to the libcst
parse loop) and writes bench/speed/results.json. Run it from any directory; it uses only the files
under bench/speed/ and the graphlint interpreter given by --graphlint-python.
"""

from __future__ import annotations

import argparse
import atexit
import datetime as dt
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
VENV_BIN = HERE / ".venv" / "bin"
CORPUS = HERE / "corpus"
DEFAULT_PATH = "transformers"
ONE_FILE = "transformers/models/bert/modeling_bert.py"
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


# ---------------------------------------------------------------------------------------------------
# memory of a process tree
# ---------------------------------------------------------------------------------------------------

class TreeSampler(threading.Thread):
    """Samples the summed RSS and PSS of root and all its descendants until stopped.

    No /proc/PID/task/*/children on this kernel (CONFIG_PROC_CHILDREN), so it lists /proc and reads the
    parent of every process it has not seen before (cheap: only new pids cost a read)."""

    def __init__(self, root: int, interval: float):
        super().__init__(daemon=True)
        self.root = root
        self.interval = interval
        self.stop_event = threading.Event()
        self.parent: dict[int, int] = {}
        self.peak_rss_kb = 0
        self.peak_pss_kb = 0
        self.peak_procs = 0
        self.samples = 0

    def _ppid(self, pid: int) -> int:
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                data = f.read()
            return int(data[data.rindex(b")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            return -1

    def sample(self) -> None:
        try:
            pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
        except OSError:
            return
        for pid in pids:
            if pid not in self.parent:
                self.parent[pid] = self._ppid(pid)
        tree = {self.root}
        changed = True
        while changed:
            changed = False
            for pid in pids:
                if pid not in tree and self.parent.get(pid) in tree:
                    tree.add(pid)
                    changed = True
        rss = pss = procs = 0
        for pid in tree:
            try:
                with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
                    text = f.read()
            except OSError:
                continue
            m_rss = re.search(rb"^Rss:\s+(\d+) kB", text, re.M)
            m_pss = re.search(rb"^Pss:\s+(\d+) kB", text, re.M)
            if m_rss:
                rss += int(m_rss.group(1))
                procs += 1
            if m_pss:
                pss += int(m_pss.group(1))
        self.samples += 1
        if rss > self.peak_rss_kb:
            self.peak_rss_kb = rss
        if pss > self.peak_pss_kb:
            self.peak_pss_kb = pss
        if procs > self.peak_procs:
            self.peak_procs = procs

    def run(self) -> None:
        while not self.stop_event.is_set():
            self.sample()
            self.stop_event.wait(self.interval)


# ---------------------------------------------------------------------------------------------------
# tools
# ---------------------------------------------------------------------------------------------------

@dataclass
class Outcome:
    files: int | None = None
    diagnostics: int | None = None
    note: str = ""


@dataclass
class Tool:
    name: str
    argv: list[str]
    parse: Callable[[str], Outcome]
    expected_files: int
    ok_codes: tuple[int, ...] = (0,)
    env: dict[str, str] = field(default_factory=dict)
    prepare: Callable[[], None] | None = None  # run once before the first round (untimed)
    group: str = ""
    edit: "OneFileEdit | None" = None  # changes a file before each run and puts it back after
    runs: list[dict] = field(default_factory=list)


class OneFileEdit:
    """One file changed since the last run (a comment appended, new each time), the rest as the cache has them:
    what a pre-commit or editor run sees after an edit. The file's bytes are put back after each run, and at exit."""

    def __init__(self, relative: str) -> None:
        self.path = CORPUS / relative
        self.original = self.path.read_bytes()
        self.count = 0
        atexit.register(self.restore)

    def change(self) -> None:
        self.count += 1
        self.path.write_bytes(self.original + f"\n# graphlint speed benchmark: edit {self.count}\n".encode())

    def restore(self) -> None:
        if self.path.read_bytes() != self.original:
            self.path.write_bytes(self.original)  # in place: the sample's hard link stays a link


def _int(pattern: str, text: str, default: int | None = None) -> int | None:
    m = re.search(pattern, text, re.M)
    return int(m.group(1)) if m else default


def parse_graphlint(out: str) -> Outcome:
    files = _int(r"checked (\d+) files?\b", out)
    if files is None:
        return Outcome(note="no summary line")
    found = _int(r"Found (\d+) graph-break findings?", out, 0)
    errors = _int(r"\b(\d+) errors?\b", out.splitlines()[-1] if out.strip() else "", 0)
    return Outcome(files, found, f"{errors} file errors" if errors else "")


def parse_flake8(out: str) -> Outcome:
    files = _int(r"^(\d+)\s+total files processed", out)
    diags = len(re.findall(r":\d+:\d+: TOR\d+", out))
    return Outcome(files, diags, "" if files is not None else "no --benchmark block")


def parse_torchfix(out: str) -> Outcome:
    files = _int(r"Finished checking (\d+) files", out)
    diags = len(re.findall(r":\d+:\d+: TOR\d+", out))
    return Outcome(files, diags, "" if files is not None else "no 'Finished checking' line")


def parse_fixit(out: str) -> Outcome:
    files = _int(r"(\d+) files? checked", out)
    if files is None:
        files = _int(r"(\d+) files? clean", out)
    diags = len(re.findall(r"@\d+:\d+ \w+: ", out))
    return Outcome(files, diags, "" if files is not None else "no summary line")


def parse_parse_loop(out: str) -> Outcome:
    m = re.search(r"parsed (\d+) files, (\d+) errors", out)
    if not m:
        return Outcome(note="no summary line")
    return Outcome(int(m.group(1)), 0, f"{m.group(2)} parse errors" if int(m.group(2)) else "")


def make_parse_ruff(files: int) -> Callable[[str], Outcome]:
    def parse(out: str) -> Outcome:
        if "All checks passed!" in out:
            return Outcome(files, 0)
        n = _int(r"Found (\d+) errors?", out)
        if n is None:
            return Outcome(note="no summary line")
        return Outcome(files, n)
    return parse


def discover(paths: list[str]) -> list[Path]:
    sys.path.insert(0, str(HERE))
    from parse_loop import discover as walk  # the same walk as the parse loop
    return [Path(p) for p in walk([str(CORPUS / p) for p in paths])]


def corpus_paths(args) -> list[str]:
    """What the tools are given, relative to bench/speed/corpus."""
    if args.path:
        args.corpus_label = " ".join(args.path)
        return args.path
    if args.corpus == "full":
        args.corpus_label = f"full: {DEFAULT_PATH}/"
        return [DEFAULT_PATH]
    info = (CORPUS / "sample" / ".info").read_text().splitlines()
    args.corpus_label = f"sample: {info[1]}"
    return [f"sample/{DEFAULT_PATH}"]


def graphlint_has_flag(python: str, flag: str) -> bool:
    """Whether `graphlint check --help` lists flag (wide columns, so rich does not cut option names)."""
    env = dict(os.environ, COLUMNS="400", NO_COLOR="1", TERM="dumb")
    proc = subprocess.run([python, "-m", "graphlint", "check", "--help"], capture_output=True, text=True,
                          env=env, timeout=120)
    return re.search(re.escape(flag) + r"(?![\w-])", proc.stdout + proc.stderr) is not None


def graphlint_has_daemon(python: str) -> bool:
    """Whether this graphlint has `graphlint daemon` (a warm fork server for short runs)."""
    proc = subprocess.run([python, "-m", "graphlint", "daemon", "--help"], capture_output=True, text=True,
                          env=dict(os.environ, GRAPHLINT_DAEMON="off"), timeout=120)
    return proc.returncode == 0


def daemon_tool(gl: list[str], args, label: str) -> Tool:
    """The one-file run handed to a daemon started for this benchmark (its own socket, stopped at exit). The
    daemon's memory is not in the tree sampled: it is a separate session, started before the timed runs."""
    socket_dir = tempfile.mkdtemp(prefix="graphlint-daemon-")  # mode 0700, as the daemon requires
    atexit.register(shutil.rmtree, socket_dir, True)
    env = {"GRAPHLINT_DAEMON_SOCKET": os.path.join(socket_dir, "daemon.sock"), "GRAPHLINT_DAEMON": ""}
    control = [args.graphlint_python, "-m", "graphlint", "daemon"]

    def stop() -> None:
        subprocess.run(control + ["stop"], env=dict(os.environ, **env), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=60)

    def start() -> None:
        print("starting a graphlint daemon (untimed) ...", file=sys.stderr, flush=True)
        subprocess.run(control + ["start"], env=dict(os.environ, **env), cwd=CORPUS, stdout=subprocess.DEVNULL,
                       timeout=120, check=True)
        atexit.register(stop)

    return Tool(label, gl + [args.one_file], parse_graphlint, 1, env=env, prepare=start, group="graphlint")


def byte_compile_graphlint(python: str) -> str:
    """Write the bytecode of graphlint's modules, as pip does when it installs a package (`pip install .`, and
    pre-commit's hook venvs). An editable install (`pip install -e .`, this checkout's .venv) leaves none, and
    the timed runs set PYTHONDONTWRITEBYTECODE: every graphlint run would then compile its ~90 modules from
    source (~0.09 s), which none of the other tools pays (their venv was installed by pip, with bytecode).
    Returns the package directory."""
    where = subprocess.run([python, "-c", "import graphlint, os; print(os.path.dirname(graphlint.__file__))"],
                           capture_output=True, text=True, timeout=60, check=True).stdout.strip()
    subprocess.run([python, "-m", "compileall", "-q", where], timeout=300, check=True)
    return where


def version_of(argv: list[str]) -> str:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        return (proc.stdout or proc.stderr).strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return "?"


def git_state(python: str) -> str:
    """The commit of the graphlint checkout that python imports, and whether graphlint/ differs from it.
    Read-only: GIT_OPTIONAL_LOCKS=0 keeps git from refreshing the index."""
    try:
        where = subprocess.run([python, "-c", "import graphlint, os; print(os.path.dirname(os.path.dirname(graphlint.__file__)))"],
                               capture_output=True, text=True, timeout=60).stdout.strip()
        env = dict(os.environ, GIT_OPTIONAL_LOCKS="0")
        head = subprocess.run(["git", "-C", where, "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              env=env, timeout=60).stdout.strip()
        dirty = subprocess.run(["git", "-C", where, "status", "--porcelain", "--", "graphlint"], capture_output=True,
                               text=True, env=env, timeout=60).stdout.strip()
        return f"{head}{' + uncommitted changes in graphlint/' if dirty else ''} ({where})" if head else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def build_tools(args, files: list[Path], torch_files: int, has_cache: bool, ruff_files: int) -> list[Tool]:
    gl = [args.graphlint_python, "-m", "graphlint", "check", "--exit-zero", "--format", "concise", "--scope", "auto"]
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []
    nocache = ["--no-cache"] if has_cache else []
    path = args.paths
    n = len(files)
    cores = os.cpu_count() or 1
    tools: list[Tool] = []
    cold_label = "graphlint cold (--no-cache)" if has_cache else "graphlint cold (no cache yet)"
    tools.append(Tool(cold_label, gl + nocache + jobs + path, parse_graphlint, n, group="graphlint"))
    if has_cache:
        def fill_cache() -> None:
            shutil.rmtree(CORPUS / ".graphlint_cache", ignore_errors=True)
            print("filling graphlint's cache (untimed) ...", file=sys.stderr, flush=True)
            subprocess.run(gl + jobs + path, cwd=CORPUS, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=args.timeout)
        tools.append(Tool("graphlint warm (cache)", gl + jobs + path, parse_graphlint, n, prepare=fill_cache,
                          group="graphlint"))
        # the one-file run's file when it is in the corpus linted, else the largest file there
        inside = any(Path(p) in Path(args.one_file).parents or p == args.one_file for p in path)
        changed = args.one_file if inside else str(max(files, key=lambda f: f.stat().st_size).relative_to(CORPUS))
        tools.append(Tool(f"graphlint warm, 1 file changed ({Path(changed).name})", gl + jobs + path, parse_graphlint,
                          n, prepare=fill_cache, edit=OneFileEdit(changed), group="graphlint"))
    one_label = "graphlint one file (--no-cache)" if has_cache else "graphlint one file"
    tools.append(Tool(one_label, gl + nocache + [args.one_file], parse_graphlint, 1, group="graphlint"))
    if graphlint_has_daemon(args.graphlint_python):
        tools.append(daemon_tool(gl + nocache, args, one_label.replace("one file", "one file, daemon")))
    if has_cache:
        def fill_one() -> None:
            subprocess.run(gl + [args.one_file], cwd=CORPUS, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=args.timeout)
        tools.append(Tool("graphlint one file (cache)", gl + [args.one_file], parse_graphlint, 1, prepare=fill_one,
                          group="graphlint"))
    fj = ["-j", str(args.jobs)] if args.jobs else []
    tools.append(Tool("TorchFix: flake8 --select=TOR", [str(VENV_BIN / "flake8"), "--select=TOR", "--exit-zero",
                      "--benchmark"] + fj + path, parse_flake8, n, group="torchfix"))
    tools.append(Tool("TorchFix: torchfix CLI", [str(VENV_BIN / "torchfix")] + fj + path, parse_torchfix,
                      torch_files, ok_codes=(0, 1), group="torchfix"))
    tools.append(Tool("Fixit: fixit lint", [str(VENV_BIN / "fixit"), "lint"] + path, parse_fixit, n,
                      ok_codes=(0, 1), group="fixit"))
    py = str(VENV_BIN / "python")
    loop = str(HERE / "parse_loop.py")
    tools.append(Tool("libcst parse loop (1 process)", [py, loop, "--jobs", "1"] + path, parse_parse_loop, n,
                      group="floor"))
    tools.append(Tool(f"libcst parse loop (pool of {args.jobs or cores})",
                      [py, loop, "--jobs", str(args.jobs or cores)] + path, parse_parse_loop, n, group="floor"))
    ruff = [str(VENV_BIN / "ruff"), "check", "--no-cache", "--exit-zero", "--output-format", "concise"]
    renv = {"RAYON_NUM_THREADS": str(args.jobs)} if args.jobs else {}
    tools.append(Tool("Ruff (default rules)", ruff + path, make_parse_ruff(ruff_files), n, env=renv, group="ruff"))
    tools.append(Tool("Ruff --select ALL", ruff + ["--select", "ALL"] + path, make_parse_ruff(ruff_files), n,
                      env=renv, group="ruff"))
    for tool in tools:
        if tool.group == "graphlint" and "GRAPHLINT_DAEMON_SOCKET" not in tool.env:
            tool.env["GRAPHLINT_DAEMON"] = "off"  # runs in its own process, whatever daemon this user has running
    if args.only:
        keys = [k.strip().lower() for k in args.only.split(",")]
        tools = [t for t in tools if any(k in t.name.lower() for k in keys)]
    return tools


def run_once(tool: Tool, args, logdir: Path) -> dict:
    out_path = logdir / (re.sub(r"[^A-Za-z0-9]+", "_", tool.name) + ".out")
    if tool.edit:
        tool.edit.change()
    try:
        return _run_once(tool, args, out_path)
    finally:
        if tool.edit:
            tool.edit.restore()


def _run_once(tool: Tool, args, out_path: Path) -> dict:
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200", PYTHONDONTWRITEBYTECODE="1", **tool.env)
    env.pop("FORCE_COLOR", None)
    with open(out_path, "wb") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(tool.argv, cwd=CORPUS, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        sampler = TreeSampler(proc.pid, args.sample_ms / 1000)
        sampler.start()
        timed_out = threading.Event()

        def kill() -> None:
            timed_out.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(args.timeout, kill)
        timer.start()
        _, status, rusage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - t0
        timer.cancel()
        sampler.stop_event.set()
        sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)
    # leftovers of the group (none expected): do not let them run into the next tool's time
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    text = out_path.read_text("utf-8", "replace")
    outcome = tool.parse(text)
    problems = []
    if timed_out.is_set():
        problems.append(f"timed out after {args.timeout:g} s")
    if proc.returncode not in tool.ok_codes:
        problems.append(f"exit code {proc.returncode}")
    if outcome.files is None:
        problems.append(outcome.note or "could not read how many files it linted")
    elif outcome.files < 0.95 * tool.expected_files:
        problems.append(f"linted {outcome.files} files, expected {tool.expected_files}")
    return {
        "seconds": round(elapsed, 4),
        "rc": proc.returncode,
        "ok": not problems,
        "problems": problems,
        "files": outcome.files,
        "diagnostics": outcome.diagnostics,
        "note": outcome.note,
        # a run shorter than a few sampling intervals may miss its peak: the tree's sum is at least its
        # largest process, which the kernel measured exactly
        "tree_rss_mb": round(max(sampler.peak_rss_kb, rusage.ru_maxrss) / 1024, 1),
        "tree_pss_mb": round(sampler.peak_pss_kb / 1024, 1),
        "largest_process_mb": round(rusage.ru_maxrss / 1024, 1),
        "peak_processes": sampler.peak_procs,
        "memory_samples": sampler.samples,
        "output_tail": text[-1500:],
        "output_bytes": len(text.encode("utf-8", "replace")),
    }


def summarize(tool: Tool) -> dict:
    ok = [r for r in tool.runs if r["ok"]]
    times = [r["seconds"] for r in ok]
    last = (ok or tool.runs)[-1] if tool.runs else {}
    return {
        "name": tool.name,
        "command": " ".join(tool.argv),
        "env": tool.env,
        "runs_ok": len(ok),
        "runs": len(tool.runs),
        "median_s": round(statistics.median(times), 3) if times else None,
        "min_s": round(min(times), 3) if times else None,
        "max_s": round(max(times), 3) if times else None,
        "tree_rss_mb": max((r["tree_rss_mb"] for r in tool.runs), default=None),
        "tree_pss_mb": max((r["tree_pss_mb"] for r in tool.runs), default=None),
        "largest_process_mb": max((r["largest_process_mb"] for r in tool.runs), default=None),
        "peak_processes": max((r["peak_processes"] for r in tool.runs), default=None),
        "files": last.get("files"),
        "diagnostics": last.get("diagnostics"),
        "problems": sorted({p for r in tool.runs for p in r["problems"]}),
        "per_run": tool.runs,
    }


def fmt_s(x: float | None) -> str:
    return "FAILED" if x is None else (f"{x:.3f}" if x < 10 else f"{x:.1f}")


def ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None or b == 0:
        return "–"
    return f"{a / b:.2f}×"


def markdown(summaries: list[dict], cold: str, floor: str) -> str:
    by = {s["name"]: s for s in summaries}
    cold_t = by.get(cold, {}).get("median_s")
    floor_t = by.get(floor, {}).get("median_s")
    head = ("| tool | median s | min s | runs ok | tree RSS MB | tree PSS MB | largest proc MB | files | diagnostics "
            "| ÷ graphlint cold | ÷ parse loop (pool) |")
    lines = [head, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for s in summaries:
        lines.append(
            f"| {s['name']} | {fmt_s(s['median_s'])} | {fmt_s(s['min_s'])} | {s['runs_ok']}/{s['runs']} "
            f"| {s['tree_rss_mb']:.0f} | {s['tree_pss_mb']:.0f} | {s['largest_process_mb']:.0f} "
            f"| {s['files'] if s['files'] is not None else '?'} | {s['diagnostics'] if s['diagnostics'] is not None else '?'} "
            f"| {ratio(s['median_s'], cold_t)} | {ratio(s['median_s'], floor_t)} |")
    return "\n".join(lines)


def bars(summaries: list[dict], cold: str, floor: str, has_cache: bool, corpus: str) -> list[str]:
    """Issue 7's bars, checked on this run's medians (on the corpus of this run)."""
    by = {s["name"]: s for s in summaries}

    def val(name: str) -> tuple[float | None, str]:
        if name not in by:
            return None, "not run"
        t = by[name]["median_s"]
        return t, ("FAILED" if t is None else f"{fmt_s(t)} s")

    out = [f"Bars (issue 7) on {corpus}:"]

    def line(a: float | None, b: float | None, ok: Callable[[float, float], bool], text: str) -> None:
        mark = "n/a" if a is None or b is None else ("PASS" if ok(a, b) else "FAIL")
        out.append(f"- {mark}: {text}")

    c, cs = val(cold)
    for other in ("Fixit: fixit lint", "TorchFix: flake8 --select=TOR", "TorchFix: torchfix CLI"):
        o, os_ = val(other)
        line(c, o, lambda a, b: a <= 0.5 * b, f"graphlint cold ≤ ½ × {other}: {cs} vs {os_} ({ratio(c, o)})")
    f, fs = val(floor)
    line(c, f, lambda a, b: a <= 1.5 * b, f"graphlint cold ≤ 1.5 × {floor}: {cs} vs {fs} ({ratio(c, f)})")
    if has_cache:
        w, ws = val("graphlint warm (cache)")
        line(w, 1.0, lambda a, b: a < b, f"graphlint warm < 1 s: {ws}")
        edited = next((name for name in by if name.startswith("graphlint warm, 1 file changed")), None)
        if edited:
            e, es = val(edited)
            line(e, c, lambda a, b: a < b, f"{edited} < graphlint cold (re-analysed with the rest from the cache): "
                                           f"{es} vs {cs}")
    else:
        out.append("- n/a: graphlint warm < 1 s (graphlint has no --no-cache flag: no cache yet)")
    for name in ("graphlint one file (cache)", "graphlint one file (--no-cache)", "graphlint one file",
                 "graphlint one file, daemon (--no-cache)", "graphlint one file, daemon"):
        if name in by:
            o, os_ = val(name)
            line(o, 0.3, lambda a, b: a < b, f"{name} < 0.3 s: {os_}")
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5, help="timed runs of each tool (interleaved)")
    p.add_argument("--jobs", type=int, default=0,
                   help="processes for the tools that take it (graphlint -j, flake8 -j, torchfix -j, the parse "
                        "loop's pool, Ruff via RAYON_NUM_THREADS; Fixit has no such option). Default: each "
                        "tool's own default (the core count)")
    p.add_argument("--graphlint-python", default="/work/main/.venv/bin/python",
                   help="the interpreter that has graphlint installed (compare two checkouts)")
    p.add_argument("--corpus", choices=("full", "sample"), default="full",
                   help="full: the whole transformers package; sample: corpus/sample/ (made by setup.sh: every "
                        "10th directory of transformers/models, sorted by name), for a run that fits a small "
                        "machine's time budget")
    p.add_argument("--path", action="append", default=[],
                   help="lint this instead (repeatable), relative to bench/speed/corpus")
    p.add_argument("--one-file", default=ONE_FILE, help="the file of the one-file run, relative to the corpus")
    p.add_argument("--only", default="", help="comma-separated substrings of tool names to run")
    p.add_argument("--timeout", type=float, default=900, help="seconds per command before it is killed")
    p.add_argument("--sample-ms", type=float, default=20, help="memory sampling interval")
    p.add_argument("--out", default=str(HERE / "results.json"))
    args = p.parse_args()

    if not (VENV_BIN / "python").exists() or not (CORPUS / DEFAULT_PATH).is_dir() or not (CORPUS / "sample").is_dir():
        print("run `bash bench/speed/setup.sh` first", file=sys.stderr)
        return 2
    args.paths = corpus_paths(args)
    files = discover(args.paths)
    torch_files = sum(1 for f in files if "torch" in f.read_text("utf-8", "replace"))
    lines = sum(f.read_bytes().count(b"\n") for f in files)
    ruff_list = subprocess.run([str(VENV_BIN / "ruff"), "check", "--no-cache", "--show-files", *args.paths],
                               cwd=CORPUS, capture_output=True, text=True)
    ruff_files = sum(1 for line in ruff_list.stdout.splitlines() if line.endswith((".py", ".pyi")))
    print(f"byte-compiled {byte_compile_graphlint(args.graphlint_python)}", file=sys.stderr)
    has_cache = graphlint_has_flag(args.graphlint_python, "--no-cache")
    tools = build_tools(args, files, torch_files, has_cache, ruff_files)

    versions = {
        "graphlint": version_of([args.graphlint_python, "-m", "graphlint", "--version"]),
        "graphlint_python": args.graphlint_python,
        "graphlint_libcst": version_of([args.graphlint_python, "-c", "import importlib.metadata as m; print(m.version('libcst'))"]),
        "graphlint_git": git_state(args.graphlint_python),
    }
    vfile = HERE / "versions.txt"
    if vfile.exists():
        for line in vfile.read_text().splitlines():
            k, _, v = line.partition(" ")
            versions[k] = v
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    machine = {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
               "platform": platform.platform(), "memory_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
               "loadavg_start": os.getloadavg()}
    print(f"corpus: {args.corpus_label} ({len(files)} Python files, {lines} lines; {torch_files} mention 'torch'; "
          f"ruff sees {ruff_files})", file=sys.stderr)
    print(f"graphlint --no-cache: {'yes' if has_cache else 'no (no cache yet)'}; {len(tools)} tools × {args.runs} runs",
          file=sys.stderr, flush=True)

    for t in tools:
        if t.prepare:
            t.prepare()
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="graphlint-speed-") as tmp:
        for r in range(args.runs):
            k = r % len(tools)
            for t in tools[k:] + tools[:k]:
                res = run_once(t, args, Path(tmp))
                res["round"] = r + 1
                res["loadavg_1min_after"] = round(os.getloadavg()[0], 2)
                t.runs.append(res)
                status = "ok" if res["ok"] else "FAILED: " + "; ".join(res["problems"])
                print(f"[{r + 1}/{args.runs}] {t.name:34s} {res['seconds']:9.3f} s  tree RSS {res['tree_rss_mb']:7.0f} MB  "
                      f"files {res['files']}  diags {res['diagnostics']}  {status}", file=sys.stderr, flush=True)
    total = time.time() - started

    summaries = [summarize(t) for t in tools]
    cold = tools[0].name if tools and tools[0].group == "graphlint" and "cold" in tools[0].name else next(
        (t.name for t in tools if "cold" in t.name), "")
    floor = next((t.name for t in tools if t.name.startswith("libcst parse loop (pool")), "libcst parse loop (pool)")
    table = markdown(summaries, cold, floor)
    checks = bars(summaries, cold, floor, has_cache, args.corpus_label)
    machine["loadavg_end"] = os.getloadavg()
    result = {
        "date": dt.datetime.now().isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.executable).name] + sys.argv),
        "runs": args.runs,
        "jobs": args.jobs or f"tool defaults ({os.cpu_count()} cores)",
        "total_seconds": round(total, 1),
        "machine": machine,
        "versions": versions,
        "corpus": {"label": args.corpus_label, "paths": args.paths, "files": len(files), "lines": lines, "files_mentioning_torch": torch_files,
                   "ruff_files": ruff_files, "one_file": args.one_file},
        "graphlint_has_cache_flag": has_cache,
        "memory": "tree RSS / tree PSS: peak of the sum over the tool's whole process tree, sampled from /proc "
                  f"every {args.sample_ms:g} ms; largest proc: ru_maxrss from wait4 (largest single process)",
        "tools": summaries,
        "table": table,
        "bars": checks,
    }
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print()
    print(f"{machine['cpu']}, {machine['cores']} cores, Python {machine['python']}; corpus {args.corpus_label} "
          f"({len(files)} files, {lines} lines); {args.runs} interleaved runs, total {total / 60:.1f} min")
    print()
    print(table)
    print()
    print("\n".join(checks))
    print(f"\nwrote {args.out}")
    return 0 if all(s["runs_ok"] == s["runs"] for s in summaries) else 1


if __name__ == "__main__":
    sys.exit(main())
