#!/usr/bin/env python
"""Collect Dynamo ground truth for the graphlint accuracy benchmark.

Run with the benchmark venv (see setup.sh):

    bench/accuracy/.venv/bin/python bench/accuracy/collect.py            # all entry points
    bench/accuracy/.venv/bin/python bench/accuracy/collect.py --only torchmetrics.accuracy_update
    bench/accuracy/.venv/bin/python bench/accuracy/collect.py --only heldout   # one split (merged)
    bench/accuracy/.venv/bin/python bench/accuracy/collect.py --jobs 2   # faster, noisier machine

For every entry point in entry_points.py, in a fresh subprocess (timeout; a failure is recorded,
never fatal):

  eager    build the entry point (seeded), call it twice with a line tracer restricted to the
           benchmarked packages' files -> executed (file, line) set ("covered").
  compile  build it again (same seed), torch._dynamo.reset(), torch.compile(fn, backend=<counting
           eager backend>), call it twice. Every graph break is captured at the source:
             * InstructionTranslatorBase.log_graph_break is wrapped: it sees every break Dynamo
               handles while tracing (including duplicates that the graph_breaks log suppresses,
               and the "skip the whole frame" fallbacks), with the real user stack
               (stack above Dynamo + exc.real_stack);
             * the graph_breaks artifact loggers of convert_frame / exc are captured and parsed,
               for frame-level skips that never reach log_graph_break;
             * counters['graph_break'] is kept as a cross-check.
           InstructionTranslatorBase.starts_line is wrapped too: the set of package lines Dynamo
           actually traced symbolically ("traced"), which score.py uses for a stricter precision.

A break *site* is the deepest frame of the break's user stack that lies inside a benchmarked
package's files (not torch, not stdlib, not entry_points.py). Sites are deduplicated over all
entry points and written to ground_truth.json with GB ids, reason, family and the entry points that
hit them. Raw per-entry-point records go to bench/accuracy/work/ (gitignored).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import datetime as _dt
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.path.join(HERE, "work")
RAW_DIR = os.path.join(WORK, "raw")
GB_URL_RE = re.compile(r"gb(\d{4})\.html", re.I)
FILE_LINE_RE = re.compile(r'File "([^"]+)", line (\d+)(?:, in (\S+))?')

# ---------------------------------------------------------------- families --
SCALAR_GB = {"GB0124", "GB0109", "GB0033"}
PRINTLOG_GB = {"GB0291"}
CONTROL_GB = {"GB0170"}
DYNSHAPE_GB = {"GB0036"}
FAMILIES = ("scalar", "print/log", "control-flow", "dyn-shape", "other")
_LOGGY_MODULES = ("warnings", "logging", "loguru", "builtins.print", "sys", "io", "tqdm")


_SUBSCRIPT_RE = re.compile(r"[\w\])]\s*\[\s*[A-Za-z_~(]")  # x[mask], x[~m], x[idx[0]]; not x[0], d["k"]


def family_of(gb_ids: list[str], reason: str, source: str = "") -> str:
    """Map a break (primary GB id + reason text, + the site's source line) to a graphlint family."""
    gid = gb_ids[0] if gb_ids else ""
    r = reason or ""
    if gid == "GB0033" and "_local_scalar_dense" in r and _SUBSCRIPT_RE.search(source or "") \
            and not re.search(r"\.item\(|\.tolist\(|\b(int|float|bool)\(", source or ""):
        # `x[mask] = v`, `x[t[0]]`: the scalar is read by data-dependent indexing, not by user code
        return "dyn-shape"
    if gid in SCALAR_GB:
        return "scalar"
    if gid in CONTROL_GB:
        return "control-flow"
    if gid in DYNSHAPE_GB:
        return "dyn-shape"
    if gid in PRINTLOG_GB:
        return "print/log"
    if gid == "GB0059":  # Failed to trace builtin operator
        m = re.search(r"builtin operator `(\w+)`", r)
        op = m.group(1) if m else ""
        if op in ("print", "input"):
            return "print/log"
        if op in ("int", "float", "bool", "complex", "round"):
            return "scalar"
        return "other"
    if gid == "GB0007":  # Attempted to call function marked as skipped
        m = re.search(r"module: ([\w.]+), qualname: ([\w.<>]+)", r)
        mod = m.group(1) if m else ""
        qual = m.group(2) if m else ""
        if mod.lstrip("_").split(".")[0] in ("warnings", "logging", "loguru", "tqdm") or qual in ("print", "warn"):
            return "print/log"
        return "other"
    if gid == "GB0156":  # Unsupported method call
        if re.search(r"call_method .*(stdout|stderr|TextIOWrapper).* (write|flush)", r) or \
                re.search(r"method `(write|flush)` of class `(TextIOWrapper|_io\.\w+)`", r):
            return "print/log"
        return "other"
    if gid == "GB4841":  # Unsupported python_type() call (warnings.warn(...) with a category, etc.)
        if "warn" in r.lower():
            return "print/log"
        return "other"
    return "other"


# ------------------------------------------------------------------- utils --
def _first_line(s) -> str:
    for line in ("" if s is None else str(s)).strip().splitlines():
        if line.strip():
            return line.strip()
    return ""


def _gb_ids(text) -> list[str]:
    seen = []
    for m in GB_URL_RE.findall(text or ""):
        g = "GB" + m
        if g not in seen:
            seen.append(g)
    return seen


def to_ranges(lines) -> str:
    lines = sorted(set(lines))
    out = []
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and lines[j + 1] == lines[j] + 1:
            j += 1
        out.append(str(lines[i]) if i == j else f"{lines[i]}-{lines[j]}")
        i = j + 1
    return ",".join(out)


def from_ranges(s: str) -> set[int]:
    out: set[int] = set()
    for part in filter(None, (s or "").split(",")):
        if "-" in part:
            a, b = part.split("-")
            out.update(range(int(a), int(b) + 1))
        else:
            out.add(int(part))
    return out


# ============================================================== worker side ==
def worker(name: str, out_path: str) -> None:
    rec: dict = {"entry_point": name, "phases_done": []}

    def dump():
        tmp = out_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(rec, f, indent=1, default=str)
        os.replace(tmp, out_path)

    import linecache
    import logging
    import random
    import warnings

    import numpy as np
    import torch

    torch.set_num_threads(1)
    import torch._dynamo
    from torch._dynamo import symbolic_convert as sc
    from torch._dynamo.utils import counters

    sys.path.insert(0, HERE)
    import entry_points as EP

    ep = EP.REGISTRY[name]
    extra_site = EP.site_dir_of(ep.package)
    if extra_site is not None:
        # a package installed outside site-packages (held-out set 34: torchvision, timm): only its own
        # entry points see it; torchvision's compiled ops are replaced by torchvision_ops.py, which must
        # be imported before torchvision
        sys.path.insert(0, extra_site)
        import torchvision_ops  # noqa: F401
    roots = EP.package_roots()  # {import_dir_abs: (dist, site_dir)}
    if EP.PACKAGES[ep.package].get("own_files_only"):
        # held-out set 35 (libraries built on torchvision / timm): the other benchmarked packages this one
        # calls into are installed libraries here, like torch or scipy: their frames are skipped (a break
        # inside timm is located at this package's call line) and their lines are not covered / traced, so
        # torchvision's and timm's own records (set 34) do not change
        roots = {d: v for d, v in roots.items() if v[0] == ep.package}
    prefixes = tuple(d + os.sep for d in roots)
    _in_cache: dict[str, bool] = {}

    def in_pkg(filename: str) -> bool:
        v = _in_cache.get(filename)
        if v is None:
            v = _in_cache[filename] = bool(filename) and os.path.abspath(filename).startswith(prefixes)
        return v

    def rel(filename: str) -> str:
        a = os.path.abspath(filename)
        for d, (_dist, site) in roots.items():
            if a.startswith(d + os.sep):
                return os.path.relpath(a, site).replace(os.sep, "/")
        return a

    def is_benchmark_code(filename: str) -> bool:
        # entry_points.py and friends, but not the venv that may live under bench/accuracy/.venv
        # (torch, scipy, tqdm frames between the package and the break must not hide the site),
        # and not frozen stdlib modules ("<frozen os>" would resolve against the working directory)
        if filename.startswith("<"):
            return False
        a = os.path.abspath(filename)
        return a.startswith(HERE + os.sep) and not a.startswith(os.path.abspath(sys.prefix) + os.sep)

    def short(filename: str) -> str:
        if in_pkg(filename):  # package-relative, also for packages outside site-packages (models-site)
            return rel(filename)
        a = os.path.abspath(filename)
        for marker in ("site-packages" + os.sep, "lib" + os.sep + "python"):
            i = a.rfind(marker)
            if i >= 0 and marker.startswith("site"):
                return a[i + len(marker):].replace(os.sep, "/")
        if a.startswith(HERE + os.sep):
            return os.path.relpath(a, HERE)
        return a

    def seed_all(s=0):
        torch.manual_seed(s)
        random.seed(s)
        np.random.seed(s)

    def build():
        seed_all(0)
        out = ep.fn()
        if len(out) == 2:
            fn, args = out
            kwargs = {}
        else:
            fn, args, kwargs = out
        return fn, tuple(args), dict(kwargs or {})

    rec["package"] = ep.package
    rec["torch_version"] = torch.__version__
    warnings.simplefilter("ignore")
    dump()

    # ------------------------------------------------------------------ eager
    covered: dict[str, set[int]] = {}

    def local_tracer(frame, event, arg):
        if event == "line":
            covered.setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
        return local_tracer

    def global_tracer(frame, event, arg):
        if in_pkg(frame.f_code.co_filename):
            return local_tracer
        return None

    t0 = time.perf_counter()
    try:
        fn, args, kwargs = build()
        seed_all(1234)
        sys.settrace(global_tracer)
        try:
            for _ in range(ep.calls):
                fn(*args, **kwargs)
        finally:
            sys.settrace(None)
        rec["eager"] = {"ok": True}
    except Exception as e:  # noqa: BLE001
        sys.settrace(None)
        rec["eager"] = {"ok": False, "exc": f"{type(e).__name__}: {_first_line(e)[:300]}"}
    rec["eager"]["time_s"] = round(time.perf_counter() - t0, 3)
    rec["covered"] = {rel(f): to_ranges(ls) for f, ls in sorted(covered.items())}
    rec["phases_done"].append("eager")
    dump()
    if not rec["eager"]["ok"]:
        return

    # ---------------------------------------------------------------- compile
    events: list[dict] = []
    traced: dict[str, set[int]] = {}

    def frames_of(stack):
        return [(fs.filename, fs.lineno, fs.name) for fs in (stack or [])]

    def make_event(kind, frames, reason, gb_type=None):
        frames = [(f, l, n) for f, l, n in frames if f and l is not None]
        site = None
        for f, l, n in reversed(frames):
            if in_pkg(f):
                site = {"path": rel(f), "line": int(l), "func": n}
                break
            if is_benchmark_code(f):
                break  # the break is in the benchmark's own code (e.g. a model defined in entry_points.py)
        ids = _gb_ids(reason)
        inner = frames[-1] if frames else None
        return {
            "kind": kind,
            "site": site,
            "gb_ids": ids,
            "gb_type": gb_type,
            "reason_first_line": _first_line(reason)[:300],
            "reason": (reason or "")[:1500],
            "innermost": f"{short(inner[0])}:{inner[1]}" if inner else None,
            "pkg_chain": [f"{rel(f)}:{l}" for f, l, n in frames if in_pkg(f)][-8:],
        }

    orig_log_gb = sc.InstructionTranslatorBase.log_graph_break

    def log_graph_break(self, code_options, reason, exc):
        try:
            if not getattr(exc, "logged", False):
                user_stack = getattr(exc, "real_stack", None)
                if user_stack is None:
                    user_stack = torch._guards.TracingContext.extract_stack()
                try:
                    above = torch._dynamo.exc.get_stack_above_dynamo()
                except Exception:  # noqa: BLE001
                    above = []
                gbt = getattr(exc, "gb_type", None)
                events.append(make_event("break", frames_of(above) + frames_of(user_stack),
                                         reason, gbt if isinstance(gbt, str) else None))
        except Exception as e:  # noqa: BLE001  (never let the recorder change Dynamo's behaviour)
            events.append({"kind": "recorder-error", "site": None, "reason_first_line": repr(e)})
        return orig_log_gb(self, code_options, reason, exc)

    sc.InstructionTranslatorBase.log_graph_break = log_graph_break

    orig_starts_line = sc.InstructionTranslatorBase.starts_line

    def starts_line(self, lineno):
        try:
            f = self.f_code.co_filename
            if in_pkg(f):
                traced.setdefault(f, set()).add(lineno)
        except Exception:  # noqa: BLE001
            pass
        return orig_starts_line(self, lineno)

    sc.InstructionTranslatorBase.starts_line = starts_line

    class ListHandler(logging.Handler):
        def __init__(self):
            super().__init__(logging.DEBUG)
            self.msgs: list[str] = []

        def emit(self, record):
            try:
                msg = record.getMessage()
                if record.exc_info and record.exc_info[1] is not None:
                    msg += "\n" + str(record.exc_info[1])
                self.msgs.append(msg)
            except Exception as e:  # noqa: BLE001
                self.msgs.append(f"<unformattable: {e}>")

    frame_log = ListHandler()
    torch._logging.set_logs(graph_breaks=True)
    for lname in ("torch._dynamo.convert_frame.__graph_breaks", "torch._dynamo.exc.__graph_breaks"):
        lg = logging.getLogger(lname)
        lg.addHandler(frame_log)
    # keep the console quiet: symbolic_convert's copy of every break is captured by the wrapper
    for lname in ("torch._dynamo.symbolic_convert.__graph_breaks",
                  "torch._dynamo.convert_frame.__graph_breaks", "torch._dynamo.exc.__graph_breaks"):
        logging.getLogger(lname).propagate = False

    graphs: list[int] = []

    def backend(gm, example_inputs):
        graphs.append(sum(1 for n in gm.graph.nodes if n.op == "call_function" or n.op == "call_method"
                          or n.op == "call_module"))
        return gm.forward

    t1 = time.perf_counter()
    cres: dict = {}
    try:
        fn, args, kwargs = build()
        torch._dynamo.reset()
        counters.clear()
        events.clear()
        traced.clear()
        cfn = torch.compile(fn, backend=backend)
        seed_all(1234)
        for _ in range(ep.calls):
            cfn(*args, **kwargs)
        cres["ok"] = True
    except Exception as e:  # noqa: BLE001
        cres["ok"] = False
        cres["exc"] = f"{type(e).__name__}: {_first_line(e)[:300]}"
        cres["exc_gb_ids"] = _gb_ids(str(e))
    cres["time_s"] = round(time.perf_counter() - t1, 3)
    sc.InstructionTranslatorBase.log_graph_break = orig_log_gb
    sc.InstructionTranslatorBase.starts_line = orig_starts_line

    # frame-level skips/warnings that never went through log_graph_break
    for m in frame_log.msgs:
        frames = [(f, int(l), n or "?") for f, l, n in FILE_LINE_RE.findall(m)]
        kind = "skip" if "results in a skip" in m else "fallback"
        events.append(make_event(kind, frames, m))

    cres["graph_count"] = len(graphs)
    cres["ops_per_graph"] = graphs
    cres["counter_graph_break_total"] = int(sum(counters["graph_break"].values()))
    cres["counter_graph_break"] = {_first_line(k)[:200]: int(v) for k, v in counters["graph_break"].items()}
    cres["frames"] = {k: int(v) for k, v in counters["frames"].items()}
    cres["unimplemented"] = int(sum(counters["unimplemented"].values()))
    rec["compile"] = cres
    # dedupe events within this entry point
    agg: dict = {}
    for ev in events:
        key = (ev["kind"], json.dumps(ev.get("site"), sort_keys=True), tuple(ev.get("gb_ids") or ()),
               ev.get("reason_first_line"), ev.get("innermost"))
        if key in agg:
            agg[key]["count"] += 1
        else:
            agg[key] = dict(ev, count=1)
    rec["events"] = list(agg.values())
    rec["traced"] = {rel(f): to_ranges(ls) for f, ls in sorted(traced.items())}
    rec["phases_done"].append("compile")
    rec["complete"] = True
    dump()


# ========================================================= orchestrator side ==
def run_job(name: str, timeout: int, nice: int) -> dict:
    out_path = os.path.join(RAW_DIR, f"{name}.json")
    if os.path.exists(out_path):
        os.remove(out_path)
    cache = os.path.join(WORK, "cache", name)
    os.makedirs(cache, exist_ok=True)
    env = dict(os.environ)
    env.update({"TORCHINDUCTOR_CACHE_DIR": cache, "PYTHONDONTWRITEBYTECODE": "1",
                "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "TQDM_DISABLE": "1",
                "PYTHONHASHSEED": "0", "PYTHONWARNINGS": "ignore"})
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", name, out_path]
    if nice:
        cmd = ["nice", "-n", str(nice)] + cmd
    t0 = time.perf_counter()
    timed_out = False
    try:
        cp = subprocess.run(cmd, cwd=WORK, env=env, stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=timeout)
        stderr, rc = cp.stderr, cp.returncode
    except subprocess.TimeoutExpired as e:
        timed_out = True
        stderr = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        rc = None
    wall = time.perf_counter() - t0
    shutil.rmtree(cache, ignore_errors=True)
    rec = {}
    if os.path.exists(out_path):
        with open(out_path) as f:
            rec = json.load(f)
    rec["entry_point"] = name
    rec["subprocess"] = {"rc": rc, "timed_out": timed_out, "wall_s": round(wall, 2),
                         "stderr_tail": stderr[-3000:]}
    if timed_out:
        status = "timeout"
    elif not rec.get("phases_done"):
        status = "crash"
    elif not rec.get("eager", {}).get("ok"):
        status = "eager-error"
    elif "compile" not in rec.get("phases_done", []):
        status = "crash"
    elif not rec["compile"].get("ok"):
        status = "compile-error"
    else:
        status = "ok"
    rec["status"] = status
    with open(out_path, "w") as f:
        json.dump(rec, f, indent=1, default=str)
    return rec


def _source_line(site_dir: str, relpath: str, line: int) -> str:
    try:
        with open(os.path.join(site_dir, relpath), encoding="utf-8") as f:
            for i, text in enumerate(f, 1):
                if i == line:
                    return text.strip()[:200]
    except OSError:
        pass
    return ""


def packages_to_carry(results: list[dict], old_doc: dict | None) -> set[str]:
    """Packages none of whose entry points has a fresh or raw record but which the old
    ground_truth.json holds: a fresh checkout has no work/raw/, and `--only new-packages` must not
    drop every other package from the file."""
    sys.path.insert(0, HERE)
    import entry_points as EP
    if not old_doc:
        return set()
    have = {r["entry_point"] for r in results}
    old_eps = old_doc.get("entry_points", {})
    pkgs = {ep.package for ep in EP.REGISTRY.values()}
    carry = set()
    for pkg in pkgs:
        names = [n for n, ep in EP.REGISTRY.items() if ep.package == pkg]
        if any(n in have for n in names):
            continue
        if all(n in old_eps for n in names):
            carry.add(pkg)
        else:
            print(f"warning: {pkg}: no raw record and not in the old ground truth; rerun it", file=sys.stderr)
    return carry


def aggregate(results: list[dict], meta: dict, carried: dict | None = None,
              carried_pkgs: frozenset = frozenset()) -> dict:
    """Build ground_truth.json from raw records; `carried_pkgs` are copied from the `carried`
    document as they are (their split taken from entry_points.py now)."""
    sys.path.insert(0, HERE)
    import entry_points as EP
    roots = EP.package_roots()
    dist_of_top = {os.path.basename(d): dist for d, (dist, _s) in roots.items()}
    site_of_top = {os.path.basename(d): s for d, (_dist, s) in roots.items()}

    eps = {}
    cov: dict[str, set[int]] = {}
    trc: dict[str, set[int]] = {}
    chain: dict[str, set[int]] = {}  # package frames of break stacks above the site (call lines)
    sites: dict[tuple, dict] = {}
    unattributed: dict[tuple, dict] = {}
    if carried and carried_pkgs:
        _seed_from_doc(carried, carried_pkgs, dist_of_top, eps, cov, trc, chain, sites, unattributed)
    for r in sorted(results, key=lambda r: r["entry_point"]):
        name = r["entry_point"]
        ep = EP.REGISTRY[name]
        c = r.get("compile", {})
        e = {"package": ep.package, "split": ep.split, "status": r.get("status"),
             "description": ep.description,
             "graph_count": c.get("graph_count"),
             "counter_graph_breaks": c.get("counter_graph_break_total"),
             "break_sites": [], "covered_lines": 0, "traced_lines": 0}
        if r.get("status") != "ok":
            err = (r.get("eager", {}) or {}).get("exc") or c.get("exc")
            if r.get("status") == "timeout":
                err = f"timeout after {r.get('subprocess', {}).get('wall_s')}s"
            elif r.get("status") == "crash":
                err = err or r.get("subprocess", {}).get("stderr_tail", "")[-300:]
            e["error"] = err
        for f, rg in (r.get("covered") or {}).items():
            ls = from_ranges(rg)
            e["covered_lines"] += len(ls)
            cov.setdefault(f, set()).update(ls)
        for f, rg in (r.get("traced") or {}).items():
            ls = from_ranges(rg)
            e["traced_lines"] += len(ls)
            trc.setdefault(f, set()).update(ls)
        ep_sites = set()
        for ev in r.get("events", []):
            if ev.get("kind") == "recorder-error":
                e.setdefault("recorder_errors", []).append(ev.get("reason_first_line"))
                continue
            s = ev.get("site")
            ids = ev.get("gb_ids") or []
            reason_core = ev.get("reason") or ""
            # the reason of a wrapped break starts with a prefix line; the GB-type line follows
            fl = ev.get("reason_first_line") or ""
            gbt = ev.get("gb_type") or ""
            if not s:
                key = (tuple(ids[:1]), ev.get("innermost"))
                u = unattributed.setdefault(key, {"gb_ids": ids, "innermost": ev.get("innermost"),
                                                  "reason": gbt or fl, "entry_points": set(),
                                                  "kind": ev.get("kind")})
                u["entry_points"].add(name)
                continue
            for fl_ in (ev.get("pkg_chain") or [])[:-1]:
                cp, _, cl = fl_.rpartition(":")
                if (cp, int(cl)) != (s["path"], s["line"]):
                    chain.setdefault(cp, set()).add(int(cl))
            key = (s["path"], s["line"])
            top = s["path"].split("/")[0]
            d = sites.setdefault(key, {"path": s["path"], "line": s["line"],
                                       "package": dist_of_top.get(top, top),
                                       "func": s.get("func"),
                                       "source": _source_line(site_of_top.get(top, ""), s["path"], s["line"]),
                                       "gb_ids": [], "gb_types": set(), "kinds": set(), "reasons": set(),
                                       "families": set(), "entry_points": set(), "innermost": set(),
                                       "direct": False})
            primary = ids[:1]
            for g in primary:
                if g not in d["gb_ids"]:
                    d["gb_ids"].append(g)
            if gbt:
                d["gb_types"].add(gbt)
            d["kinds"].add(ev.get("kind"))
            d["reasons"].add(_reason_summary(reason_core, gbt))
            d["families"].add(family_of(primary, reason_core, d["source"]))
            d["entry_points"].add(name)
            if ev.get("innermost"):
                d["innermost"].add(ev["innermost"])
                if ev["innermost"] == f"{s['path']}:{s['line']}":
                    d["direct"] = True
            ep_sites.add(f"{s['path']}:{s['line']}")
        e["break_sites"] = sorted(ep_sites, key=_site_sort)
        eps[name] = e

    fam_rank = {f: i for i, f in enumerate(FAMILIES)}
    site_list = []
    for (p, l), d in sorted(sites.items()):
        fams = sorted(d["families"], key=lambda f: fam_rank[f])
        site_list.append({
            "path": p, "line": l, "package": d["package"], "split": EP.split_of(d["package"])
            if d["package"] in EP.PACKAGES else "dev", "func": d["func"],
            "family": fams[0], "families": fams,
            "gb_ids": sorted(d["gb_ids"]), "gb_types": sorted(d["gb_types"]),
            "reasons": sorted(d["reasons"])[:4], "kinds": sorted(d["kinds"]),
            "direct": d["direct"], "innermost": sorted(d["innermost"])[:4],
            "source": d["source"], "entry_points": sorted(d["entry_points"]),
        })
    unattr = [{"gb_ids": u["gb_ids"], "innermost": u["innermost"], "reason": u["reason"],
               "kind": u["kind"], "entry_points": sorted(u["entry_points"]),
               "splits": sorted({eps[n]["split"] for n in u["entry_points"]})}
              for _k, u in sorted(unattributed.items(), key=lambda kv: str(kv[0]))]
    by_family = {f: sum(1 for s in site_list if s["family"] == f) for f in FAMILIES}
    by_pkg: dict[str, dict] = {}
    for s in site_list:
        by_pkg.setdefault(s["package"], {f: 0 for f in FAMILIES})[s["family"]] += 1
    status_counts: dict[str, int] = {}
    for e in eps.values():
        status_counts[e["status"]] = status_counts.get(e["status"], 0) + 1
    meta = dict(meta)
    meta["summary"] = {"entry_points": len(eps), "status": dict(sorted(status_counts.items())),
                       "break_sites": len(site_list), "break_sites_by_family": by_family,
                       "break_sites_by_package": dict(sorted(by_pkg.items())),
                       "unattributed_breaks": len(unattr),
                       "covered_lines": sum(len(v) for v in cov.values()),
                       "traced_lines": sum(len(v) for v in trc.values())}
    # the same per split ("dev": packages used while tuning graphlint; "heldout": never tuned on)
    split_pkgs = {sp: {d for d in EP.PACKAGES if EP.split_of(d) == sp} for sp in EP.SPLITS}
    top_split = {os.path.basename(d): EP.split_of(dist) for d, (dist, _s) in roots.items()}

    def _lines(m, sp):
        return sum(len(v) for f, v in m.items() if top_split.get(f.split("/")[0]) == sp)
    by_split = {}
    for sp in EP.SPLITS:
        sp_eps = [e for e in eps.values() if e["split"] == sp]
        st: dict[str, int] = {}
        for e in sp_eps:
            st[e["status"]] = st.get(e["status"], 0) + 1
        sp_sites = [s for s in site_list if s["split"] == sp]
        by_split[sp] = {"packages": sorted(split_pkgs[sp]), "entry_points": len(sp_eps),
                        "status": dict(sorted(st.items())), "break_sites": len(sp_sites),
                        "break_sites_by_family": {f: sum(1 for s in sp_sites if s["family"] == f)
                                                  for f in FAMILIES},
                        "unattributed_breaks": sum(1 for u in unattr if sp in u["splits"]),
                        "covered_lines": _lines(cov, sp), "traced_lines": _lines(trc, sp)}
    meta["summary"]["by_split"] = by_split
    return {
        "meta": meta,
        "entry_points": dict(sorted(eps.items())),
        "break_sites": site_list,
        "unattributed_breaks": unattr,
        "covered": {f: to_ranges(v) for f, v in sorted(cov.items())},
        "traced": {f: to_ranges(v) for f, v in sorted(trc.items())},
        "chain": {f: to_ranges(v) for f, v in sorted(chain.items())},
    }


def _seed_from_doc(doc, pkgs, dist_of_top, eps, cov, trc, chain, sites, unattributed):
    """Load the carried packages' part of an aggregated document back into aggregate's maps."""
    import entry_points as EP
    kept_eps = set()
    for name, e in doc["entry_points"].items():
        if e.get("package") in pkgs and name in EP.REGISTRY:
            eps[name] = dict(e, split=EP.REGISTRY[name].split)
            kept_eps.add(name)
    for kind, m in (("covered", cov), ("traced", trc), ("chain", chain)):
        for f, rg in doc.get(kind, {}).items():
            if dist_of_top.get(f.split("/")[0]) in pkgs:
                m.setdefault(f, set()).update(from_ranges(rg))
    for st in doc["break_sites"]:
        if st["package"] not in pkgs:
            continue
        sites[(st["path"], st["line"])] = {
            "path": st["path"], "line": st["line"], "package": st["package"], "func": st["func"],
            "source": st["source"], "gb_ids": list(st["gb_ids"]), "gb_types": set(st["gb_types"]),
            "kinds": set(st["kinds"]), "reasons": set(st["reasons"]), "families": set(st["families"]),
            "entry_points": set(st["entry_points"]), "innermost": set(st["innermost"]),
            "direct": st["direct"]}
    for u in doc["unattributed_breaks"]:
        names = set(u["entry_points"]) & kept_eps
        if not names:
            continue
        key = (tuple(u["gb_ids"][:1]), u["innermost"])
        d = unattributed.setdefault(key, {"gb_ids": u["gb_ids"], "innermost": u["innermost"],
                                          "reason": u["reason"], "entry_points": set(),
                                          "kind": u["kind"]})
        d["entry_points"].update(names)


def _site_sort(s: str):
    p, _, l = s.rpartition(":")
    return (p, int(l))


def _reason_summary(reason: str, gb_type: str) -> str:
    """One line: the Gb_type plus the 'Explanation' / context of the break (trimmed)."""
    head = gb_type or ""
    m = re.search(r"Explanation: (.*)", reason or "")
    expl = m.group(1).strip() if m else ""
    if not head:
        # wrapped reasons: "Encountered graph break when ...:\n\n<Gb_type>\n  Explanation: ..."
        lines = [ln.strip() for ln in (reason or "").splitlines() if ln.strip()]
        for i, ln in enumerate(lines):
            if ln.startswith("Explanation:") and i > 0:
                head = lines[i - 1]
                break
        head = head or (lines[0] if lines else "")
    # drop volatile object reprs (addresses, ids) so the file stays deterministic
    s = f"{head} -- {expl}" if expl else head
    s = re.sub(r" at 0x[0-9a-f]+", "", s)
    s = re.sub(r"\d+\.\d{5,}", "<float>", s)
    return s[:300]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worker", nargs=2, metavar=("ENTRY", "OUT"), help=argparse.SUPPRESS)
    ap.add_argument("--only", default="",
                    help="comma-separated entry point names, package names or split names (dev, heldout)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--nice", type=int, default=10, help="nice level of the workers (0: none)")
    ap.add_argument("--out", default=os.path.join(HERE, "ground_truth.json"))
    ap.add_argument("--aggregate-only", action="store_true",
                    help="rebuild ground_truth.json from work/raw/*.json without running anything")
    ap.add_argument("--list", action="store_true", help="list entry points and exit")
    args = ap.parse_args()

    if args.worker:
        worker(*args.worker)
        return

    sys.path.insert(0, HERE)
    import entry_points as EP
    names = sorted(EP.REGISTRY)
    if args.list:
        for n in names:
            print(f"{n:55s} {EP.REGISTRY[n].split:8s} {EP.REGISTRY[n].description}")
        return
    only = set(filter(None, args.only.split(",")))
    if only:
        names = [n for n in names if n in only or EP.REGISTRY[n].package in only or EP.REGISTRY[n].split in only]
    os.makedirs(RAW_DIR, exist_ok=True)

    t0 = time.time()
    results = []
    if not args.aggregate_only:
        print(f"{len(names)} entry points, jobs={args.jobs}, timeout={args.timeout}s", flush=True)
        with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futs = {pool.submit(run_job, n, args.timeout, args.nice): n for n in names}
            for i, fut in enumerate(cf.as_completed(futs), 1):
                n = futs[fut]
                try:
                    r = fut.result()
                except Exception as e:  # noqa: BLE001 - orchestrator bug: keep going
                    r = {"entry_point": n, "status": "crash", "subprocess": {"stderr_tail": repr(e)}}
                c = r.get("compile", {})
                nsites = len({(ev["site"]["path"], ev["site"]["line"]) for ev in r.get("events", [])
                              if ev.get("site")})
                print(f"[{i:3d}/{len(names)}] {n:50s} {r['status']:13s} graphs={c.get('graph_count')} "
                      f"gb_counter={c.get('counter_graph_break_total')} sites={nsites} "
                      f"({r.get('subprocess', {}).get('wall_s')}s)", flush=True)
                results.append(r)
    # merge: with --only (or --aggregate-only) reuse raw records of the other entry points
    have = {r["entry_point"] for r in results}
    for n in sorted(EP.REGISTRY):
        if n in have:
            continue
        p = os.path.join(RAW_DIR, f"{n}.json")
        if os.path.exists(p):
            with open(p) as f:
                results.append(json.load(f))
    results = [r for r in results if r.get("entry_point") in EP.REGISTRY]
    total = time.time() - t0

    import importlib.metadata as md

    import torch
    versions = {}
    for dist in sorted(EP.PACKAGES):
        try:
            extra = EP.site_dir_of(dist)
            versions[dist] = md.version(dist) if extra is None else \
                next(iter(md.distributions(name=dist, path=[extra]))).version
        except (md.PackageNotFoundError, StopIteration):
            versions[dist] = None
    meta = {
        "torch_version": torch.__version__,
        "python": sys.version.split()[0],
        "platform": platform.platform(terse=True),
        "packages": {d: {"version": versions[d], "import_dirs": EP.PACKAGES[d]["dirs"],
                         "split": EP.split_of(d),
                         **({"site": EP.PACKAGES[d]["site"]} if EP.PACKAGES[d].get("site") else {})}
                     for d in sorted(EP.PACKAGES)},
        "splits": {sp: sorted(d for d in EP.PACKAGES if EP.split_of(d) == sp) for sp in EP.SPLITS},
        "date": _dt.date.today().isoformat(),
        "command": "bench/accuracy/.venv/bin/python bench/accuracy/collect.py"
                   + (f" --only {args.only}" if args.only else ""),
        "method": "torch.compile(fn, backend=<eager counting backend>) with default Dynamo config, "
                  "each entry point called twice in a fresh subprocess; every break recorded via "
                  "InstructionTranslatorBase.log_graph_break + graph_breaks logs; site = deepest "
                  "user frame inside the benchmarked packages",
    }
    old_doc = None
    if os.path.exists(args.out):
        with open(args.out) as f:
            old_doc = json.load(f)
    carried_pkgs = packages_to_carry(results, old_doc)
    if carried_pkgs:
        print(f"{len(carried_pkgs)} packages have no raw record in work/raw/: carried over from "
              f"{os.path.relpath(args.out)} as they are", flush=True)
    doc = aggregate(results, meta, old_doc, frozenset(carried_pkgs))
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=False)
        f.write("\n")
    s = doc["meta"]["summary"]
    print(f"wrote {os.path.relpath(args.out)}: {s['entry_points']} entry points {s['status']}, "
          f"{s['break_sites']} break sites {s['break_sites_by_family']} "
          f"(+{s['unattributed_breaks']} unattributed), run {total:.0f}s", flush=True)
    with open(os.path.join(WORK, "collect_timings.json"), "w") as f:
        json.dump({r["entry_point"]: r.get("subprocess", {}).get("wall_s") for r in results}, f, indent=1)


if __name__ == "__main__":
    main()
