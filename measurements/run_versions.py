#!/usr/bin/env python3
"""Measure which graph-break probes break on which torch versions.

Orchestrator (stdlib only; run it with any Python 3.11):

    python3 measurements/run_versions.py 2.13 2.15 2.12 ...     # one venv per version, in turn
    python3 measurements/run_versions.py 2.13 --keep-venv        # keep /tmp/gl-torch-2.13 afterwards
    python3 measurements/run_versions.py --venv /tmp/v 2.13      # measure an existing venv, no install
    python3 measurements/run_versions.py 2.13 --only item,print_tensor   # subset -> .partial.json
    python3 measurements/run_versions.py 2.13 --only new_a,new_b --merge  # subset, merged into the full file
    python3 measurements/run_versions.py --merge                 # merge every results/*.partial.json

For every version spec X.Y it picks the newest X.Y.* on the configured index
(`pip index versions torch`), creates a venv in /tmp, `pip install`s torch==X.Y.Z plus numpy
(numpy<2 for torch < 2.3) and scipy, runs the worker (this file, `--worker`) with the venv's
python, writes measurements/results/torch-X.Y.Z.json and deletes the venv.

Worker: imports torch ONCE and runs every (probe, config variant) of probes/probes.py +
probes/extra_probes.py in that one process.  Per job:
  eager      plain call (an exception -> verdict "error")
  explain    torch._dynamo.explain(fn)(*inputs), recording every graph break Dynamo handled:
               * a wrapper around InstructionTranslatorBase.log_graph_break (where it exists),
               * counters["graph_break"],
               * explain().break_reasons / graph_count / graph_break_count,
               * the `graph_breaks` artifact log (torch._logging.set_logs(graph_breaks=True)),
               * frame skips: soft failures (Unsupported/UserError) logged by
                 torch._dynamo.convert_frame at INFO (the whole frame falls back to eager),
             verdict "yes" when any of them saw a break, else "no".
  fullgraph  torch.compile(fn, backend="eager", fullgraph=True)(*inputs): raises or not.
torch._dynamo.reset() + counters.clear() between jobs, a per-job timeout via signal.alarm,
and a job that crashes the interpreter is recorded as "crash" (the orchestrator restarts the
worker after it).  Probe attribution: probes/ is a copy of /work/shared/reference/probes/.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import glob
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE_DIR = os.path.join(HERE, "probes")
RESULTS_DIR = os.path.join(HERE, "results")
GB_URL_RE = re.compile(r"gb(\d{4})\.html", re.I)
DEFAULT_TIMEOUT = 90


# ================================================================ helpers ===
def _first_line(s) -> str:
    s = "" if s is None else str(s)
    for line in s.strip().splitlines():
        if line.strip():
            return line.strip()
    return ""


def _vkey(v: str):
    out = []
    for p in re.split(r"[.+]", v):
        out.append(int(p) if p.isdigit() else -1)
    return out


# ============================================================ worker side ===
class ProbeTimeout(BaseException):
    """BaseException so that Dynamo's `except Exception` handlers cannot swallow it."""


def worker(out_jsonl: str, only: set[str], timeout: int, skip: set[str]) -> None:  # noqa: C901
    import contextlib
    import inspect
    import logging
    import random
    import signal
    import warnings

    os.environ.setdefault("PYTHONBREAKPOINT", "0")  # breakpoint_call probe
    t_imp = time.perf_counter()
    import numpy as np
    import torch
    import torch._dynamo
    from torch._dynamo.utils import counters
    import_s = time.perf_counter() - t_imp

    sys.path.insert(0, PROBE_DIR)
    import probes
    import extra_probes  # noqa: F401  (registers into probes.REGISTRY)

    # ---- GB registry --------------------------------------------------------
    reg_path = os.path.join(os.path.dirname(torch.__file__), "_dynamo", "graph_break_registry.json")
    registry = None
    by_type: dict[str, list[str]] = {}
    if os.path.exists(reg_path):
        with open(reg_path) as f:
            registry = json.load(f)
        for gid, entries in registry.items():
            for ent in entries:
                by_type.setdefault(ent.get("Gb_type", ""), []).append(gid)

    def gb_ids_of(text, gb_type=None):
        """GB ids for a break: None when this torch has no registry."""
        if registry is None:
            return None
        ids = sorted({"GB" + m for m in GB_URL_RE.findall(text or "")})
        if not ids and gb_type and gb_type in by_type:
            ids = sorted(set(by_type[gb_type]))
        if not ids:
            fl = _first_line(text)
            for cand in (fl, fl.split(":")[0], re.sub(r"^Graph Break Reason:\s*", "", fl)):
                if cand in by_type:
                    ids = sorted(set(by_type[cand]))
                    break
        return ids

    # ---- capture 1: log_graph_break wrapper ----------------------------------
    from torch._dynamo import symbolic_convert as sc
    hook_events: list[dict] = []
    ITB = getattr(sc, "InstructionTranslatorBase", None)
    orig_lgb = getattr(ITB, "log_graph_break", None) if ITB is not None else None
    capture = {"log_graph_break": orig_lgb is not None, "registry": registry is not None}
    if orig_lgb is not None:
        lgb_sig = inspect.signature(orig_lgb)

        def log_graph_break(self, *a, **kw):
            try:
                ba = lgb_sig.bind(self, *a, **kw)
                exc = ba.arguments.get("exc")
                reason = ba.arguments.get("reason")
                if not getattr(exc, "logged", False):
                    gbt = getattr(exc, "gb_type", None)
                    loc = None
                    try:
                        st = getattr(exc, "real_stack", None)
                        if st:
                            loc = [os.path.basename(st[-1].filename), st[-1].lineno]
                    except Exception:
                        pass
                    # 2.10+ `reason` starts with a generic "Encountered graph break when
                    # attempting to trace CALL ..." header: prefer the gb_type / exception text,
                    # else the first line after that header (2.10 passes no exc)
                    rlines = [ln.strip() for ln in str(reason or "").splitlines() if ln.strip()]
                    if rlines and rlines[0].startswith("Encountered graph break when attempting") \
                            and len(rlines) > 1:
                        rlines = rlines[1:]
                    fl = gbt or (_first_line(str(exc)) if exc is not None else "") or \
                        (rlines[0] if rlines else "")
                    hook_events.append({
                        "first_line": fl[:300],
                        "reason_text": str(reason or "")[:800],
                        "gb_type": gbt,
                        "exc_type": type(exc).__name__ if exc is not None else None,
                        "gb_ids": gb_ids_of(str(reason) + " " + str(exc), gbt),
                        "loc": loc,
                    })
            except Exception as e:  # never let the probe harness change Dynamo's behaviour
                hook_events.append({"first_line": f"<hook error {e!r}>", "gb_ids": None})
            return orig_lgb(self, *a, **kw)

        ITB.log_graph_break = log_graph_break
    capture["log_graph_break_signature"] = str(inspect.signature(orig_lgb)) if orig_lgb else None

    # ---- capture 2/3: graph_breaks artifact log + convert_frame soft failures ---
    class ListHandler(logging.Handler):
        def __init__(self, level):
            super().__init__(level)
            self.records: list = []

        def emit(self, record):
            self.records.append(record)

    gb_handler = ListHandler(logging.DEBUG)
    try:
        torch._logging.set_logs(graph_breaks=True)
        capture["graph_breaks_log"] = True
    except Exception as e:
        capture["graph_breaks_log"] = f"set_logs failed: {e!r}"
    gb_loggers = sorted(n for n in logging.root.manager.loggerDict if n.endswith("__graph_breaks"))
    for n in gb_loggers:
        logging.getLogger(n).addHandler(gb_handler)
    capture["graph_breaks_loggers"] = gb_loggers
    # keep the artifact log's own console handler quiet-ish: it goes to the worker's stderr file
    skip_handler = ListHandler(logging.INFO)
    cf_log = logging.getLogger("torch._dynamo.convert_frame")
    cf_log.setLevel(logging.INFO)
    cf_log.addHandler(skip_handler)
    from torch._dynamo import exc as dexc
    soft_types = tuple(t for t in (getattr(dexc, "Unsupported", None), getattr(dexc, "UserError", None)) if t)

    dup_checker = getattr(sc, "graph_break_dup_warning_checker", None)

    # ---- side-effect setup identical to the shared runner ---------------------
    class CountHandler(logging.Handler):
        def __init__(self):
            super().__init__(logging.DEBUG)
            self.n = 0

        def emit(self, record):
            try:
                if "GLPROBE" in record.getMessage():
                    self.n += 1
            except Exception:
                pass

    log_counter = CountHandler()
    plog = logging.getLogger("graphlint.probe")
    plog.setLevel(logging.DEBUG)
    plog.propagate = False
    plog.addHandler(log_counter)
    logging.getLogger().setLevel(logging.INFO)
    logging.getLogger().addHandler(log_counter)

    def seed_all(s=0):
        torch.manual_seed(s)
        random.seed(s)
        np.random.seed(s)

    def build(p):
        seed_all(0)
        if p.kind == "module":
            return p.obj()
        if p.kind == "factory":
            return p.obj()
        return p.obj

    def inputs_of(p):
        if p.inputs is not None:
            return p.inputs
        if p.rewrite_of and probes.REGISTRY[p.rewrite_of].inputs is not None:
            return probes.REGISTRY[p.rewrite_of].inputs
        return probes._x4

    def exc_info(e):
        msg = str(e)
        return {"type": type(e).__name__, "first_line": _first_line(msg)[:300],
                "gb_ids": gb_ids_of(msg, getattr(e, "gb_type", None))}

    def same(a, b):
        try:
            if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
                if a.shape != b.shape or a.dtype != b.dtype:
                    return False
                a, b = a.detach(), b.detach()
                if a.is_floating_point() or a.is_complex():
                    return bool(torch.allclose(a, b, equal_nan=True))
                return bool(torch.equal(a, b))
            if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
                return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
            if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
                return a.shape == b.shape and bool(np.allclose(a, b, equal_nan=True))
            return bool(a == b)
        except Exception:
            return None

    def on_alarm(signum, frame):
        raise ProbeTimeout()

    signal.signal(signal.SIGALRM, on_alarm)

    # warm-up (first Dynamo use in the process)
    t_w = time.perf_counter()
    torch._dynamo.explain(lambda t: t * 2 + 1)(torch.ones(2))
    warm_s = time.perf_counter() - t_w

    meta = {"torch": torch.__version__, "torch_git_version": getattr(torch.version, "git_version", None),
            "torch_cuda": torch.version.cuda, "numpy": np.__version__,
            "python": sys.version.split()[0], "platform": platform.platform(),
            "import_torch_s": round(import_s, 2), "warmup_explain_s": round(warm_s, 2),
            "capture": capture}
    try:
        import scipy
        meta["scipy"] = scipy.__version__
    except Exception:
        meta["scipy"] = None

    out = open(out_jsonl, "a")

    def emit(rec):
        out.write(json.dumps(rec, default=str) + "\n")
        out.flush()

    emit({"_meta": meta})
    current_path = out_jsonl + ".current"

    jobs = []
    for p in sorted(probes.REGISTRY.values(), key=lambda p: p.order):
        if only and p.name not in only:
            continue
        for v in p.variants:
            if f"{p.name}::{v}" not in skip:
                jobs.append((p, v))

    for P, variant in jobs:
        key = f"{P.name}::{variant}"
        with open(current_path, "w") as f:
            f.write(key)
        rec = {"probe": P.name, "variant": variant}
        t0 = time.perf_counter()
        os.environ.pop("GRAPHLINT_FLAG", None)
        torch._dynamo.reset()
        counters.clear()
        if dup_checker is not None and hasattr(dup_checker, "reset"):
            dup_checker.reset()
        cfg_ctx = None
        signal.alarm(timeout)
        try:
            try:
                cfg = P.variants[variant]()
                rec["config"] = {k: repr(v) for k, v in cfg.items()}
                cfg_ctx = torch._dynamo.config.patch(**cfg)
                cfg_ctx.__enter__()
            except Exception as e:
                rec["setup_error"] = exc_info(e)
                cfg_ctx = None
                raise _SetupFailed()
            make_inputs = inputs_of(P)

            def fresh_call(f):
                seed_all(0)
                inp = make_inputs()
                seed_all(1234)
                return f(*inp)

            def side_start():
                log_counter.n = 0
                wctx = warnings.catch_warnings(record=True)
                wl = wctx.__enter__()
                warnings.simplefilter("always")
                return wctx, wl

            def side_end(ctx, target):
                wctx, wl = ctx
                target["log_records"] = log_counter.n
                target["warnings"] = sum("GLPROBE" in str(w.message) for w in wl)
                wctx.__exit__(None, None, None)

            # -- eager
            eager = {}
            ctx = side_start()
            try:
                fn = build(P)
                eager_out = fresh_call(fn)
                eager["ok"] = True
            except Exception as e:
                eager_out = None
                eager["ok"] = False
                eager["exc"] = exc_info(e)
            finally:
                side_end(ctx, eager)
            rec["eager"] = eager

            # -- explain
            ex = {}
            torch._dynamo.reset()
            counters.clear()
            hook_events.clear()
            gb_handler.records.clear()
            skip_handler.records.clear()
            if dup_checker is not None and hasattr(dup_checker, "reset"):
                dup_checker.reset()
            ctx = side_start()
            t1 = time.perf_counter()
            try:
                fn = build(P)
                seed_all(0)
                inp = make_inputs()
                seed_all(1234)
                eo = torch._dynamo.explain(fn)(*inp)
                ex["ok"] = True
                ex["graph_count"] = eo.graph_count
                ex["graph_break_count"] = eo.graph_break_count
                ex["op_count"] = eo.op_count
                ex["ops_per_graph"] = [[str(o) for o in ops][:12] for ops in (eo.ops_per_graph or [])][:6]
                ex["break_reasons"] = [
                    {"first_line": _first_line(br.reason)[:300],
                     "gb_ids": gb_ids_of(str(br.reason)),
                     "loc": ([os.path.basename(br.user_stack[-1].filename), br.user_stack[-1].lineno]
                             if getattr(br, "user_stack", None) else None)}
                    for br in eo.break_reasons]
            except Exception as e:
                ex["ok"] = False
                ex["exc"] = exc_info(e)
            finally:
                side_end(ctx, ex)
            ex["time_s"] = round(time.perf_counter() - t1, 3)
            ex["hook_breaks"] = list(hook_events) if orig_lgb is not None else None
            ex["counter_breaks"] = [{"first_line": _first_line(r)[:300], "gb_ids": gb_ids_of(r), "count": n}
                                    for r, n in counters["graph_break"].items()]
            gl = []
            for r in gb_handler.records:
                try:
                    m = r.getMessage()
                except Exception as e:
                    m = f"<unformattable {e!r}>"
                rm = re.search(r"Graph Break Reason: (.*)", m, re.S)
                body = rm.group(1) if rm else m
                gl.append({"kind": "skip" if ("results in a skip" in m or m.startswith("skip")) else "break",
                           "first_line": _first_line(body)[:300], "gb_ids": gb_ids_of(body),
                           "head": m[:300]})
            ex["gb_log"] = gl
            sk = []
            for r in skip_handler.records:
                ei = r.exc_info
                e = ei[1] if ei else None
                if e is not None and soft_types and isinstance(e, soft_types):
                    sk.append({"exc_type": type(e).__name__, "first_line": _first_line(str(e))[:300],
                               "gb_ids": gb_ids_of(str(e), getattr(e, "gb_type", None))})
            ex["frame_skips"] = sk
            ex["frames"] = {k: v for k, v in dict(counters.get("frames", {})).items()}
            ex["unimplemented"] = [{"first_line": _first_line(r)[:200], "count": n}
                                   for r, n in dict(counters.get("unimplemented", {})).items()][:20]
            rec["explain"] = ex

            # -- fullgraph
            fg = {}
            torch._dynamo.reset()
            counters.clear()
            ctx = side_start()
            try:
                fn = build(P)
                cfn = torch.compile(fn, backend="eager", fullgraph=True)
                fout = fresh_call(cfn)
                fg["raises"] = False
                if eager.get("ok"):
                    fg["matches_eager"] = same(fout, eager_out)
            except Exception as e:
                fg["raises"] = True
                fg["exc"] = exc_info(e)
            finally:
                side_end(ctx, fg)
            rec["fullgraph"] = fg
        except _SetupFailed:
            pass
        except ProbeTimeout:
            rec["timed_out"] = True
        finally:
            signal.alarm(0)
            if cfg_ctx is not None:
                try:
                    cfg_ctx.__exit__(None, None, None)
                except Exception:
                    pass
        rec["wall_s"] = round(time.perf_counter() - t0, 3)
        rec.update(analyse(rec, registry is not None))
        emit(rec)
        try:
            torch._dynamo.reset()
        except Exception:
            pass
    if os.path.exists(current_path):
        os.remove(current_path)
    emit({"_done": True})
    out.close()


class _SetupFailed(Exception):
    pass


def analyse(rec: dict, has_registry: bool) -> dict:
    """verdict, break count, reasons, GB ids for one job record."""
    out: dict = {}
    if rec.get("setup_error"):
        return {"verdict": "n/a", "why": "config: " + rec["setup_error"]["first_line"]}
    if rec.get("timed_out"):
        return {"verdict": "timeout"}
    eg, ex, fg = rec.get("eager") or {}, rec.get("explain") or {}, rec.get("fullgraph") or {}
    hook = ex.get("hook_breaks") or []
    srcs = {
        "hook": len(hook),
        "counter": sum(c["count"] for c in ex.get("counter_breaks", [])),
        "explain_reasons": len(ex.get("break_reasons", []) or []),
        "gb_log": len(ex.get("gb_log", [])),
        "frame_skips": len(ex.get("frame_skips", [])),
    }
    out["break_sources"] = srcs
    # the sources overlap (one break usually shows in several), so take the largest; a frame
    # skip that follows a logged break is the same break ("Failed to handle graph break ...")
    out["n_breaks"] = max(srcs.values())
    reasons, ids = [], []
    ids_known = False
    for lst in (hook, ex.get("frame_skips", []), ex.get("break_reasons", []) or [],
                ex.get("counter_breaks", []), ex.get("gb_log", [])):
        for b in lst:
            fl = b.get("first_line")
            if fl and fl not in reasons:
                reasons.append(fl)
            if b.get("gb_ids") is not None:
                ids_known = True
                for g in b["gb_ids"]:
                    if g not in ids:
                        ids.append(g)
    out["reasons"] = reasons[:6]
    out["gb_ids"] = ids if (ids_known or has_registry) else None
    if fg:
        out["fullgraph_verdict"] = "raises" if fg.get("raises") else "ok"
        if fg.get("raises"):
            out["fullgraph_exc"] = f"{fg['exc']['type']}: {fg['exc']['first_line']}"[:300]
        else:
            out["fullgraph_matches_eager"] = fg.get("matches_eager")
    if not eg.get("ok", False):
        out["verdict"] = "error"
        out["why"] = f"eager raises {eg.get('exc', {}).get('type')}: {eg.get('exc', {}).get('first_line')}"
    elif not ex.get("ok", False):
        # eager works but Dynamo itself raised (internal error / failed guard sanity check):
        # worse than a graph break, the user's torch.compile call fails
        out["verdict"] = "dynamo-error"
        out["why"] = f"explain raises {ex.get('exc', {}).get('type')}: {ex.get('exc', {}).get('first_line')}"
    else:
        out["verdict"] = "yes" if out["n_breaks"] > 0 else "no"
    return out


# ====================================================== orchestrator side ===
def available_versions(python: str) -> list[str]:
    cp = subprocess.run([python, "-m", "pip", "index", "versions", "torch"],
                        capture_output=True, text=True)
    m = re.search(r"Available versions:\s*(.*)", cp.stdout)
    if not m:
        raise SystemExit(f"cannot list torch versions:\n{cp.stdout}\n{cp.stderr}")
    return [v.strip() for v in m.group(1).split(",")]


def resolve(spec: str, avail: list[str]) -> str:
    if spec.count(".") >= 2:
        return spec
    cands = [v for v in avail if v.split("+")[0].rsplit(".", 1)[0] == spec and "+" not in v]
    if not cands:
        raise SystemExit(f"no torch {spec}.* on the index ({avail[:12]}...)")
    return max(cands, key=_vkey)


def run_worker(py: str, version_tag: str, only: str, timeout: int, log_dir: str) -> tuple[list, dict, float]:
    """Run the worker until every job has a record; restart it after a crash."""
    jsonl = os.path.join(log_dir, f"torch-{version_tag}.jsonl")
    if os.path.exists(jsonl):
        os.remove(jsonl)
    recs: list[dict] = []
    meta: dict = {}
    t0 = time.time()
    crashes = 0
    while True:
        done = {f"{r['probe']}::{r['variant']}" for r in recs}
        skipf = jsonl + ".skip"
        with open(skipf, "w") as f:
            f.write("\n".join(sorted(done)))
        cmd = [py, os.path.abspath(__file__), "--worker", jsonl, "--timeout", str(timeout),
               "--skip-file", skipf]
        if only:
            cmd += ["--only", only]
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONBREAKPOINT="0",
                   TORCHINDUCTOR_CACHE_DIR=os.path.join(log_dir, "inductor_cache"))
        with open(os.path.join(log_dir, f"worker-{version_tag}.stdout"), "a") as so, \
                open(os.path.join(log_dir, f"worker-{version_tag}.stderr"), "a") as se:
            rc = subprocess.run(cmd, stdout=so, stderr=se, stdin=subprocess.DEVNULL, cwd=log_dir).returncode
        new, finished = [], False
        if os.path.exists(jsonl):
            with open(jsonl) as f:
                for line in f:
                    try:
                        d = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    if "_meta" in d:
                        meta = meta or d["_meta"]
                    elif d.get("_done"):
                        finished = True
                    else:
                        new.append(d)
        seen = {f"{r['probe']}::{r['variant']}" for r in recs}
        recs += [r for r in new if f"{r['probe']}::{r['variant']}" not in seen]
        if finished:
            break
        cur = jsonl + ".current"
        if rc != 0 and os.path.exists(cur):
            key = open(cur).read().strip()
            os.remove(cur)
            crashes += 1
            if key and key not in {f"{r['probe']}::{r['variant']}" for r in recs}:
                p, v = key.split("::", 1)
                recs.append({"probe": p, "variant": v, "verdict": "crash",
                             "why": f"worker exited rc={rc} during this job"})
            print(f"  worker crashed (rc={rc}) during {key}; restarting", flush=True)
            if crashes > 20:
                raise SystemExit("too many worker crashes")
            continue
        raise SystemExit(f"worker failed rc={rc} before starting; see {log_dir}")
    # the worker appends; on restart a new _meta line is written, we keep the first
    meta["worker_crashes"] = crashes
    return recs, meta, time.time() - t0


def probe_catalog(py: str) -> dict:
    """family/snippet/... of every probe (read with the venv python: probes.py imports torch)."""
    code = ("import json,sys; sys.path.insert(0, %r); import probes, extra_probes; "
            "print(json.dumps({p.name: {'family': p.family, 'snippet': p.snippet, 'control': p.control, "
            "'rewrite_of': p.rewrite_of, 'variants': list(p.variants), 'order': p.order, "
            "'eager_error_expected': p.eager_error_expected, 'extra': p.obj.__module__ == 'extra_probes'} "
            "for p in probes.REGISTRY.values()}))" % PROBE_DIR)
    cp = subprocess.run([py, "-c", code], capture_output=True, text=True, cwd="/tmp",
                        env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    if cp.returncode != 0:
        raise SystemExit(f"probe catalog failed:\n{cp.stderr[-3000:]}")
    return json.loads(cp.stdout.strip().splitlines()[-1])


def group(recs: list, cat: dict) -> dict:
    order = {n: c["order"] for n, c in cat.items()}

    def k(r):
        vs = cat.get(r["probe"], {}).get("variants", [])
        return (order.get(r["probe"], 1e9), vs.index(r["variant"]) if r["variant"] in vs else 99)
    results: dict = {}
    for r in sorted(recs, key=k):
        c = cat.get(r["probe"], {})
        e = results.setdefault(r["probe"], {"family": c.get("family"), "snippet": c.get("snippet"),
                                            "control": c.get("control"), "rewrite_of": c.get("rewrite_of"),
                                            "extra": c.get("extra"), "variants": {}})
        e["variants"][r["variant"]] = r
    return results


def isolate_list(arg: str, cat: dict) -> list[str]:
    if arg == "all":
        names = list(cat)
    elif arg.startswith("@"):
        with open(arg[1:]) as f:
            names = [ln.split("#")[0].strip() for ln in f]
    else:
        names = arg.split(",")
    names = [n for n in names if n]
    unknown = [n for n in names if n not in cat]
    if unknown:
        print(f"  isolation: unknown probes ignored: {unknown}", flush=True)
    return sorted((n for n in names if n in cat), key=lambda n: cat[n]["order"])


def measure(spec: str, args, avail) -> None:
    host_py = args.python
    t_all = time.time()
    log_dir = os.path.join(args.work, "gl-measure-logs")
    os.makedirs(log_dir, exist_ok=True)
    install = {}
    if args.venv:
        venv = args.venv
        version = spec
    else:
        version = resolve(spec, avail)
        venv = os.path.join(args.work, f"gl-torch-{version}")
        if os.path.exists(venv):
            shutil.rmtree(venv)
        subprocess.run([host_py, "-m", "venv", venv], check=True)
        pkgs = [f"torch=={version}"]
        pkgs += ["numpy<2", "scipy<1.14"] if _vkey(version) < _vkey("2.3") else ["numpy", "scipy"]
        cmd = [os.path.join(venv, "bin", "pip"), "install", "--no-cache-dir", "-q"] + pkgs
        print(f"[{spec}] {' '.join(cmd[1:])}", flush=True)
        ti = time.time()
        cp = subprocess.run(cmd, capture_output=True, text=True)
        install = {"cmd": "pip " + " ".join(cmd[1:]), "seconds": round(time.time() - ti, 1),
                   "rc": cp.returncode}
        if cp.returncode != 0:
            print(cp.stdout[-3000:], cp.stderr[-3000:])
            raise SystemExit(f"install of torch {version} failed")
        du = subprocess.run(["du", "-sm", venv], capture_output=True, text=True).stdout.split()
        install["venv_mb"] = int(du[0]) if du else None
        print(f"[{spec}] installed in {install['seconds']}s ({install.get('venv_mb')} MB)", flush=True)
    py = os.path.join(venv, "bin", "python")
    iso_recs, iso_s = None, None
    try:
        cat = probe_catalog(py)
        tv = subprocess.run([py, "-c", "import torch; print(torch.__version__)"],
                            capture_output=True, text=True).stdout.strip().splitlines()[-1]
        print(f"[{spec}] measuring torch {tv} ...", flush=True)
        recs, meta, run_s = run_worker(py, tv, args.only, args.timeout, log_dir)
        if args.isolate:
            names = isolate_list(args.isolate, cat)
            print(f"[{spec}] isolation check: {len(names)} probes, one fresh worker each ...", flush=True)
            ti = time.time()
            iso_recs = []
            for n in names:
                r, _, _ = run_worker(py, tv + "-iso", n, args.timeout, log_dir)
                iso_recs += r
            iso_s = time.time() - ti
    finally:
        if not args.venv and not args.keep_venv:
            shutil.rmtree(venv, ignore_errors=True)
    meta.update({
        "spec": spec, "date_utc": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "measure_runtime_s": round(run_s, 1), "total_runtime_s": round(time.time() - t_all, 1),
        "install": install, "timeout_s": args.timeout, "only": args.only or None,
        "n_jobs": len(recs), "host": {"cpu_count": os.cpu_count(), "platform": platform.platform()},
    })
    if iso_recs is not None:
        meta["isolation"] = {"probes": len({r["probe"] for r in iso_recs}), "jobs": len(iso_recs),
                             "runtime_s": round(iso_s, 1)}
    doc = {"meta": meta, "results": group(recs, cat)}
    if iso_recs is not None:
        doc["isolated"] = group(iso_recs, cat)
    os.makedirs(RESULTS_DIR, exist_ok=True)
    suffix = "" if not args.only else ".partial"
    path = os.path.join(RESULTS_DIR, f"torch-{meta.get('torch', version)}{suffix}.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, default=str)
    from collections import Counter
    cnt = Counter(r.get("verdict") for r in recs if r["variant"] == "default")
    print(f"[{spec}] wrote {os.path.relpath(path)}: {dict(cnt)} (default config); "
          f"measure {run_s:.0f}s, total {time.time() - t_all:.0f}s", flush=True)
    if args.merge:
        merge_partial(path)


def merge_partial(partial_path: str) -> str:
    """Merge a `--only` run (results/torch-X.partial.json) into results/torch-X.json of the same build.

    The partial run's probes replace the full file's records of those probes (in place; new probes
    are appended in the partial run's order), their stale fresh-process (`isolated`) records are
    dropped, and meta["merged"] notes the partial run (date, probes, numpy, runtimes).  The partial
    file is deleted afterwards.  Refuses to merge across builds (torch version / git version)."""
    full_path = partial_path[: -len(".partial.json")] + ".json"
    if not partial_path.endswith(".partial.json") or not os.path.exists(full_path):
        raise SystemExit(f"merge: no full results file {os.path.relpath(full_path)} for {partial_path}")
    with open(partial_path) as f:
        part = json.load(f)
    with open(full_path) as f:
        full = json.load(f)
    pm, fm = part["meta"], full["meta"]
    for k in ("torch", "torch_git_version"):
        if pm.get(k) != fm.get(k):
            raise SystemExit(f"merge: {k} differs ({pm.get(k)} vs {fm.get(k)}): not the same build")
    names = list(part["results"])
    full["results"].update(part["results"])  # a replaced key keeps its place, a new one goes last
    dropped = [n for n in names if n in full.get("isolated", {})]
    for n in dropped:
        del full["isolated"][n]
    fm.setdefault("merged", []).append({
        "probes": names, "n_jobs": pm.get("n_jobs"), "date_utc": pm.get("date_utc"),
        "numpy": pm.get("numpy"), "scipy": pm.get("scipy"), "python": pm.get("python"),
        "measure_runtime_s": pm.get("measure_runtime_s"), "total_runtime_s": pm.get("total_runtime_s"),
        "install": pm.get("install"), "worker_crashes": pm.get("worker_crashes"),
        "isolated_dropped": dropped})
    with open(full_path, "w") as f:
        json.dump(full, f, indent=1, default=str)
    os.remove(partial_path)
    note = "" if pm.get("numpy") == fm.get("numpy") else f" (numpy {pm.get('numpy')} vs {fm.get('numpy')})"
    print(f"merged {len(names)} probes into {os.path.relpath(full_path)}{note}", flush=True)
    return full_path


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("versions", nargs="*", help="torch versions: X.Y (newest patch) or X.Y.Z")
    ap.add_argument("--worker", metavar="OUT_JSONL")
    ap.add_argument("--skip-file")
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT, help="per-job seconds")
    ap.add_argument("--venv", help="measure this existing venv (one version) instead of installing")
    ap.add_argument("--keep-venv", action="store_true")
    ap.add_argument("--merge", action="store_true",
                    help="with --only: merge the partial run into results/torch-X.json of the same build; "
                         "without versions: merge every results/*.partial.json")
    ap.add_argument("--isolate", default="",
                    help="after the one-process run, re-run these probes (comma list, @file or 'all') "
                         "each in a fresh worker process, as a cross-check; stored under 'isolated'")
    ap.add_argument("--work", default="/tmp", help="where venvs and logs go (default /tmp)")
    ap.add_argument("--python", default=sys.executable, help="python used to create the venvs")
    args = ap.parse_args()
    if args.worker:
        skip = set()
        if args.skip_file and os.path.exists(args.skip_file):
            skip = set(filter(None, open(args.skip_file).read().splitlines()))
        worker(args.worker, set(filter(None, args.only.split(","))), args.timeout, skip)
        return
    if not args.versions:
        if not args.merge:
            ap.error("give at least one version")
        for p in sorted(glob.glob(os.path.join(RESULTS_DIR, "torch-*.partial.json"))):
            merge_partial(p)
        return
    if args.merge and not args.only:
        ap.error("--merge goes with --only (a full run already writes the full results file)")
    avail = [] if args.venv else available_versions(args.python)
    failed = []
    for spec in args.versions:
        try:
            measure(spec, args, avail)
        except (Exception, SystemExit) as e:  # keep going with the next version
            print(f"[{spec}] FAILED: {e}", flush=True)
            failed.append(spec)
    if failed:
        raise SystemExit(f"failed: {failed}")


if __name__ == "__main__":
    main()
