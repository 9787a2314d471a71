#!/usr/bin/env python3
"""Build measurements/VERSIONS.md and measurements/versions.json from measurements/results/*.json.

    python3 measurements/render.py

Stdlib only.  One row per probe, one column per measured torch version (default
torch._dynamo config), plus the config-variant table and the list of patterns whose verdict
changes between versions.  Verdicts:
  yes      Dynamo handled >= 1 graph break (log_graph_break / counters / explain / graph_breaks
           log / frame skip) while running the probe under torch._dynamo.explain
  no       none of those saw a break
  error    the pattern raises in plain eager Python on that version
  dynamo-error  eager works but torch._dynamo.explain raised (Dynamo internal error)
  n/a      the config variant does not exist in that version (config.patch raised)
  timeout / crash   the job ran past the per-job limit / killed the interpreter
"""
from __future__ import annotations

import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
REF_213 = "/work/shared/reference/BREAKS-torch-2.13.json"
DOCUMENTED = ["2.0"]          # columns kept empty for documented-only versions

# patterns the linter cares most about (shown first, all versions, default config)
KEY = [
    ("tensor asserts", ["assert_tensor", "assert_tensor_msg", "assert_tensor_fstring_msg",
                        "assert_tensor_var_msg", "assert_tensor_global_msg", "assert_tensor_percent_msg",
                        "assert_item"]),
    ("numpy", ["np_arange_loop", "np_arange_shape_loop", "tensor_numpy", "tensor_cpu_numpy",
               "np_array_of_tensor", "np_ufunc_on_tensor", "tensor_detach_numpy_scalar"]),
    ("strings of tensors", ["fstring_of_tensor", "fstring_of_tensor_returned", "str_of_tensor",
                            "repr_of_tensor"]),
    ("scalar extraction", ["item", "tolist", "int_of_tensor", "float_of_tensor", "bool_of_tensor",
                           "range_of_tensor", "list_index_by_tensor", "arange_0d_tensor", "zeros_0d_tensor"]),
    ("print / logging / warnings", ["print_tensor", "print_str", "print_in_helper", "logging_info_module",
                                    "logger_info", "logger_debug_args", "logger_warning", "warnings_warn",
                                    "sys_stdout_write"]),
    ("dynamic shapes", ["bool_mask_index", "bool_mask_index_sum", "bool_mask_setitem", "bool_mask_augassign",
                        "torch_nonzero", "nonzero_count", "torch_unique", "masked_select", "where_single_arg"]),
    ("control flow", ["if_tensor_sum", "if_tensor_implicit_bool", "torch_equal_if", "torch_equal_value"]),
    ("a 0-d tensor as a number", ["slice_by_0d_tensor", "slice_setitem_by_tensor_element", "add_alpha_0d_tensor",
                                  "addcmul_value_0d_tensor", "addcdiv_value_0d_tensor",
                                  "addcdiv_method_value_0d_tensor", "masked_fill_value_0d_tensor",
                                  "one_hot_0d_tensor", "unsqueeze_0d_tensor", "tensor_index_by_0d_tensor"]),
    ("sparse", ["sparse_grad_coalesce", "sparse_arg_coalesce", "sparse_coo_tensor_build", "to_sparse_call"]),
    ("autograd.Function backward", ["autograd_function_backward_branch", "autograd_function_backward_branch_nograd"]),
    ("list index by a numpy integer", ["list_index_np_argmax", "list_index_np_argsort_of_list",
                                       "list_index_np_int64_const"]),
    ("python / stdlib", ["deepcopy_tensor", "time_time", "time_perf_counter", "datetime_now", "random_random",
                         "id_of_tensor", "id_value_check", "hash_tensor", "hash_value_check", "data_ptr",
                         "data_ptr_value_check", "eval_call", "re_match", "user_contextmanager",
                         "lru_cache_call", "raise_and_catch"]),
]


def vkey(v):
    return [int(p) if p.isdigit() else -1 for p in re.split(r"[.+]", v)]


def short(v):  # "2.13.0+cpu" -> "2.13"
    return ".".join(v.split("+")[0].split(".")[:2])


def code(s):
    s = str(s).replace("\n", " ⏎ ")
    return "`" + s.replace("|", "\\|").replace("`", "'") + "`"


def esc(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def load():
    sys.path.insert(0, HERE)
    from run_versions import analyse  # verdict rules live in one place
    docs = {}
    for p in sorted(glob.glob(os.path.join(RESULTS, "torch-*.json"))):
        if p.endswith(".partial.json"):
            continue
        with open(p) as f:
            d = json.load(f)
        reg = bool(d["meta"].get("capture", {}).get("registry"))
        for part in ("results", "isolated"):
            for e in d.get(part, {}).values():
                for r in e["variants"].values():
                    if r.get("verdict") not in ("crash",):
                        r.update(analyse(r, reg))
        docs[d["meta"]["torch"]] = d
    return dict(sorted(docs.items(), key=lambda kv: vkey(kv[0])))


def merged_jobs(meta):  # " + 50" for jobs merged in from later --only runs
    return "".join(f" + {m.get('n_jobs')}" for m in meta.get("merged", []))


def cell(r):
    if r is None:
        return "—"
    return r.get("verdict", "?")


def main():
    docs = load()
    if not docs:
        raise SystemExit("no results yet")
    versions = list(docs)
    vs = [short(v) for v in versions]
    # union of probes, ordered by the newest run's order (all runs use the same probe files)
    names: list[str] = []
    info: dict[str, dict] = {}
    for v in reversed(versions):
        for n, e in docs[v]["results"].items():
            if n not in info:
                info[n] = e
                names.append(n)
    newest = docs[versions[-1]]["results"]
    names.sort(key=lambda n: list(newest).index(n) if n in newest else 10**6)

    def rec(v, n, variant="default"):
        return docs[v]["results"].get(n, {}).get("variants", {}).get(variant)

    # ------------------------------------------------------------ versions.json
    out = {"_meta": {
        "what": "graph-break verdict per probe per torch version, default torch._dynamo config; "
                "see measurements/README.md. Keys starting with '_' are not patterns.",
        "versions": {short(v): v for v in versions},
        "documented_only": DOCUMENTED,
        "verdicts": {"yes": "breaks", "no": "no break", "error": "raises in eager on that version",
                     "dynamo-error": "eager works, Dynamo raised (torch.compile fails)",
                     "n/a": "config variant absent", "timeout": "job timed out", "crash": "worker died"},
    }}
    for n in names:
        e = info[n]
        ent = {"snippet": e["snippet"], "family": e["family"], "control": e.get("control"),
               "rewrite_of": e.get("rewrite_of"), "extra_probe": bool(e.get("extra")),
               "by_version": {}, "gb_ids_by_version": {}, "reason_by_version": {},
               "fullgraph_by_version": {}, "variants": {}}
        variants = []
        for v in versions:
            for var in docs[v]["results"].get(n, {}).get("variants", {}):
                if var not in variants:
                    variants.append(var)
        for v, s in zip(versions, vs):
            r = rec(v, n)
            ent["by_version"][s] = cell(r) if r else None
            if r:
                ent["gb_ids_by_version"][s] = r.get("gb_ids")
                ent["reason_by_version"][s] = (r.get("reasons") or [None])[0] if r.get("verdict") == "yes" \
                    else r.get("why")
                ent["fullgraph_by_version"][s] = r.get("fullgraph_verdict")
        for var in variants:
            if var == "default":
                continue
            ent["variants"][var] = {s: cell(rec(v, n, var)) if rec(v, n, var) else None
                                    for v, s in zip(versions, vs)}
        out[n] = ent
    with open(os.path.join(HERE, "versions.json"), "w") as f:
        json.dump(out, f, indent=1)

    # ------------------------------------------------------------ VERSIONS.md --
    L = []
    A = L.append
    A("# Graph breaks by torch version (measured)")
    A("")
    A("Generated by `measurements/render.py` from `measurements/results/torch-*.json` "
      "(produced by `measurements/run_versions.py`; how to reproduce: `measurements/README.md`). "
      "Machine: CPU only, Python " + docs[versions[-1]]["meta"]["python"] + ".")
    A("")
    A("**Verdict** (default `torch._dynamo` config): `yes` = Dynamo handled at least one graph break while "
      "running the probe under `torch._dynamo.explain` (any of: `log_graph_break`, `counters['graph_break']`, "
      "`explain().break_reasons`, the `graph_breaks` log, a frame skipped on `Unsupported`); `no` = none; "
      "`error` = the pattern raises in plain eager Python on that version (the API does not exist yet, etc.); "
      "`dynamo-error` = eager works but `torch._dynamo.explain` itself raised (internal error / failed guard "
      "self-check: `torch.compile` fails outright); "
      "`n/a` = the config option does not exist on that version. "
      "The **2.0 (documented)** column is intentionally empty: torch 2.0 cannot compile on Python 3.11.")
    A("")
    A("## Versions measured")
    A("")
    A("| torch | numpy | CUDA build | break capture | GB registry | jobs | measure (s) | install (s) | venv (MB) | fresh-process check (s) | total (s) | date (UTC) |")
    A("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for v in versions:
        m = docs[v]["meta"]
        cap = "log_graph_break hook + others" if m["capture"].get("log_graph_break") else "counters + explain + log + skips"
        A(f"| {v} | {m['numpy']} | {m.get('torch_cuda') or 'cpu'} | {cap} | "
          f"{'yes' if m['capture'].get('registry') else 'no'} | {m.get('n_jobs')}{merged_jobs(m)} | {m.get('measure_runtime_s')} | "
          f"{(m.get('install') or {}).get('seconds', '—')} | {(m.get('install') or {}).get('venv_mb', '—')} | "
          f"{(m.get('isolation') or {}).get('runtime_s', '—')} | {m.get('total_runtime_s')} | {m.get('date_utc')} |")
    A("")
    if any(docs[v]["meta"].get("merged") for v in versions):
        A("`+ N` in *jobs*: N jobs of probes added later, measured on the same build with "
          "`run_versions.py X.Y --only ... --merge` and merged into that version's results file "
          "(their dates, numpy and runtimes are in its `meta.merged`; the other columns are the full run's).")
        A("")

    # ---------------------------------------------------- changes across versions
    def changes(n, variant="default"):
        vals = [cell(rec(v, n, variant)) for v in versions if rec(v, n, variant)]
        return len(set(vals)) > 1

    def fgcell(r):
        if not r or r.get("verdict") in ("error", "n/a", "crash", "timeout"):
            return cell(r)
        return r.get("fullgraph_verdict") or "?"

    A("## Linter-relevant patterns at a glance (default config)")
    A("")
    A("Each cell: graph-break verdict / `fullgraph=True` result (`raises` or `ok`). "
      "`yes / ok` means Dynamo breaks under the default config but `fullgraph=True` compiles anyway "
      "(on 2.10+ `fullgraph=True` turns on scalar / dynamic-output-shape capture for `.item()`-like ops).")
    A("")
    A("| group | pattern | snippet | " + " | ".join(vs) + " |")
    A("|" + "---|" * (3 + len(vs)))
    for grp, ns in KEY:
        for n in ns:
            if n not in info:
                continue
            cells = []
            for v in versions:
                r = rec(v, n)
                c = cell(r)
                if r and c in ("yes", "no"):
                    c += " / " + ("raises" if r.get("fullgraph_verdict") == "raises" else "ok")
                cells.append(c)
            A(f"| {grp} | `{n}` | {code(info[n]['snippet'])} | " + " | ".join(cells) + " |")
    A("")

    changed = [n for n in names if changes(n)]
    A(f"## Patterns whose default-config verdict changes across versions ({len(changed)})")
    A("")
    hdr = "| pattern | snippet | " + " | ".join(vs) + " |"
    A(hdr)
    A("|" + "---|" * (2 + len(vs)))
    for n in changed:
        e = info[n]
        A(f"| `{n}` | {code(e['snippet'])} | " + " | ".join(cell(rec(v, n)) for v in versions) + " |")
    A("")
    A("What changed, per pattern (first break reason / why, oldest → newest, consecutive repeats folded):")
    A("")
    for n in changed:
        seq = []
        for v, s in zip(versions, vs):
            r = rec(v, n)
            if not r:
                continue
            why = (r.get("reasons") or [""])[0] if r.get("verdict") == "yes" else (r.get("why") or "")
            ids = ",".join(r.get("gb_ids") or []) if r.get("verdict") == "yes" else ""
            why = re.sub(r"0x[0-9a-f]+|\b\d{7,}\b", "…", why)  # object ids / addresses differ per run
            item = f"{r.get('verdict')}" + (f" ({esc(why)[:110]}{'; ' + ids if ids else ''})" if why else "")
            if seq and seq[-1][1] == item:
                seq[-1][0].append(s)
            else:
                seq.append(([s], item))
        A(f"- `{n}`: " + " → ".join(f"**{ss[0] if len(ss) == 1 else ss[0] + '–' + ss[-1]}** {it}"
                                     for ss, it in seq))
    A("")

    # config variants that change
    vchanged = []
    for n in names:
        for var in (info[n].get("variants") or {}):
            if var != "default" and changes(n, var):
                vchanged.append((n, var))
    A(f"## Config variants whose verdict changes across versions ({len(vchanged)})")
    A("")
    A("| pattern | config | " + " | ".join(vs) + " |")
    A("|" + "---|" * (2 + len(vs)))
    for n, var in vchanged:
        A(f"| `{n}` | `{esc(var)}` | " + " | ".join(cell(rec(v, n, var)) for v in versions) + " |")
    A("")

    # fullgraph verdict changes
    fchanged = [n for n in names
                if len({fgcell(rec(v, n)) for v in versions if rec(v, n)}) > 1
                and n not in changed]
    A(f"## `fullgraph=True` result changes where the default verdict does not ({len(fchanged)})")
    A("")
    A("| pattern | snippet | " + " | ".join(vs) + " |")
    A("|" + "---|" * (2 + len(vs)))
    for n in fchanged:
        A(f"| `{n}` | {code(info[n]['snippet'])} | " +
          " | ".join(f"{cell(rec(v, n))} / {fgcell(rec(v, n))}" for v in versions) + " |")
    A("")

    # silent wrong results: compiled fullgraph output != eager output
    A("## Compiled output differs from eager (`fullgraph=True` compiled, result mismatched)")
    A("")
    A("| pattern | snippet | versions where `fullgraph=True` output != eager |")
    A("|---|---|---|")
    nmis = 0
    for n in names:
        bad = [s_ for v, s_ in zip(versions, vs)
               if rec(v, n) and rec(v, n).get("fullgraph_verdict") == "ok"
               and rec(v, n).get("fullgraph_matches_eager") is False]
        if bad:
            nmis += 1
            A(f"| `{n}` | {code(info[n]['snippet'])} | {', '.join(bad)} |")
    if not nmis:
        A("| (none) | | |")
    A("")

    # ---------------------------------------------------------------- full table
    A("## All probes, default config")
    A("")
    A("Rows marked ↳ are compile-friendly rewrites of the pattern named in the snippet column; "
      "rows marked ✚ are extra probes (`probes/extra_probes.py`, not in the shared probe set); "
      "(c) = negative control (expected not to break). `fg` suffix: `no·fg` means no break was "
      "recorded but `fullgraph=True` raised anyway, `yes·ok` means a break was recorded but "
      "`fullgraph=True` did not raise (e.g. breaks that only happen in library frames or are "
      "handled differently under fullgraph).")
    A("")
    fam = None
    head = "| pattern | snippet | " + " | ".join(f"{d} (documented)" for d in DOCUMENTED) + " | " + \
        " | ".join(vs) + " |"
    for n in names:
        e = info[n]
        if e["family"] != fam:
            fam = e["family"]
            A("")
            A(f"### {fam}")
            A("")
            A(head)
            A("|" + "---|" * (2 + len(DOCUMENTED) + len(vs)))
        mark = ("↳ " if e.get("rewrite_of") else "") + ("✚ " if e.get("extra") else "")
        ctl = " (c)" if e.get("control") else ""
        snip = e["snippet"] + (f"   [rewrite of {e['rewrite_of']}]" if e.get("rewrite_of") else "")
        cells = []
        for v in versions:
            r = rec(v, n)
            c = cell(r)
            if r and c == "no" and r.get("fullgraph_verdict") == "raises":
                c = "no·fg"
            elif r and c == "yes" and r.get("fullgraph_verdict") == "ok":
                c = "yes·ok"
            cells.append(c)
        A(f"| {mark}`{n}`{ctl} | {code(snip)} | " + " | ".join("" for _ in DOCUMENTED) + " | " +
          " | ".join(cells) + " |")
    A("")

    # -------------------------------------------------------------- variants table
    A("## Config variants")
    A("")
    A("| pattern | config | " + " | ".join(vs) + " |")
    A("|" + "---|" * (2 + len(vs)))
    for n in names:
        for var in (out[n]["variants"]):
            A(f"| `{n}` | `{esc(var)}` | " + " | ".join(cell(rec(v, n, var)) for v in versions) + " |")
    A("")

    # ------------------------------------------------------- agreement with 2.13 ref
    if os.path.exists(REF_213):
        v213 = next((v for v in versions if short(v) == "2.13"), None)
        if v213:
            with open(REF_213) as f:
                ref = json.load(f)
            refv = {}
            for p in ref["patterns"]:
                refv[(p["name"], "default")] = p["default"].get("verdict")
                for x in p.get("variants", []):
                    refv[(p["name"], x["variant"])] = x.get("verdict")
            for lst in ref.get("rewrites", {}).values():
                for x in lst:
                    refv.setdefault((x["probe"], "default"), x.get("breaks"))
            agree, dis, tot = 0, [], 0
            for n in names:
                for var, r in docs[v213]["results"].get(n, {}).get("variants", {}).items():
                    if (n, var) not in refv:
                        continue
                    tot += 1
                    if refv[(n, var)] == r.get("verdict"):
                        agree += 1
                    else:
                        dis.append((n, var, refv[(n, var)], r.get("verdict")))
            A("## Cross-check against the shared 2.13 table")
            A("")
            A(f"`{os.path.basename(REF_213)}` (one subprocess per probe) vs this runner (one process per "
              f"version) on {v213}: **{agree}/{tot}** (probe, config) verdicts agree.")
            if dis:
                A("")
                A("| pattern | config | shared table | this run |")
                A("|---|---|---|---|")
                for n, var, a, b in dis:
                    A(f"| `{n}` | `{var}` | {a} | {b} |")
            A("")
    # --------------------------------------------- one-process vs fresh-process check
    iso_rows, iso_tot, iso_ok = [], 0, 0
    for v, s_ in zip(versions, vs):
        iso = docs[v].get("isolated")
        if not iso:
            continue
        for n, e in iso.items():
            for var, r in e["variants"].items():
                a = rec(v, n, var)
                if not a:
                    continue
                iso_tot += 1
                if cell(a) == cell(r):
                    iso_ok += 1
                else:
                    iso_rows.append((s_, n, var, cell(a), cell(r), r.get("why") or (r.get("reasons") or [""])[0]))
    A("## Cross-check: one process per version vs one fresh process per probe")
    A("")
    if iso_tot:
        A(f"The runner imports torch once per version and runs every probe in that process. Every probe in "
          f"`isolate-probes.txt` (patterns whose verdict changes across versions, plus the linter-relevant list) "
          f"was re-run in a fresh worker process per probe on "
          f"{', '.join(s_ for v, s_ in zip(versions, vs) if docs[v].get('isolated'))}: **{iso_ok}/{iso_tot}** "
          f"(version, probe, config) verdicts agree.")
        if iso_rows:
            A("")
            A("| version | pattern | config | one process | fresh process | fresh-process why |")
            A("|---|---|---|---|---|---|")
            for row in iso_rows:
                A("| " + " | ".join([row[0], f"`{row[1]}`", f"`{row[2]}`", row[3], row[4], esc(row[5])[:120]]) + " |")
    else:
        A("(no isolation runs in these results)")
    A("")
    iso_names = sorted({n for n in changed} | {n for n, _ in vchanged} | set(fchanged) |
                       {n for _, ns in KEY for n in ns if n in info},
                       key=lambda n: names.index(n))
    iso_path = os.path.join(HERE, "isolate-probes.txt")
    if "--write-isolate-list" in sys.argv or not os.path.exists(iso_path):
        with open(iso_path, "w") as f:
            f.write("# probes re-run in a fresh process per probe (run_versions.py --isolate @measurements/isolate-probes.txt)\n"
                    "# = patterns whose verdict changes across versions + render.py's KEY list;\n"
                    "# written by `render.py --write-isolate-list` (or when missing)\n")
            f.write("\n".join(iso_names) + "\n")
    with open(os.path.join(HERE, "VERSIONS.md"), "w") as f:
        f.write("\n".join(L).replace("\n\n\n", "\n\n") + "\n")
    print(f"wrote VERSIONS.md + versions.json: {len(names)} probes x {len(versions)} versions; "
          f"{len(changed)} change verdict (default config)")


if __name__ == "__main__":
    main()
