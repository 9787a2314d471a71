#!/usr/bin/env python
"""Score graphlint (and a naive grep baseline) against the Dynamo ground truth.

    python bench/accuracy/score.py                                  # default scope (auto), default families
    python bench/accuracy/score.py --scopes modules,auto,all --packages kornia,torchmetrics
    python bench/accuracy/score.py --scopes all --families scalar,control-flow
    python bench/accuracy/score.py --python /path/to/venv/bin/python --top 40
    python bench/accuracy/score.py --splits heldout                # only the held-out packages

Numbers are reported for each split and for all of them together: "dev" packages were looked at while
graphlint was tuned, "heldout" packages were added (and measured) after the tuning stopped, so the
heldout numbers are the unbiased estimate. graphlint runs once per scope and split, over that split's
packages only, so one split's packages cannot change the other split's findings.

Any Python 3 runs this script (stdlib only). The linter is run as
``<--python> -m graphlint check --format json --exit-zero --scope SCOPE <package dirs>`` from the
benchmark venv's site-packages directory, so finding paths come out package-relative
(``torchmetrics/functional/...``); absolute or other relative paths are normalised too.

Definitions (see README.md):
  site        a (file, line) where Dynamo recorded a graph break: the deepest frame of the break's
              user stack inside the benchmarked packages (ground_truth.json, collect.py).
  recall      sites in the selected families with a finding on the same (file, line) / all such sites.
  recall±1    same, but a finding also matches when the site line lies within
              [finding.line - 1, finding.end_line + 1] (multi-line statements).
  covered     lines the entry points executed eagerly; findings elsewhere cannot be judged and are
              only counted ("unjudged").
  precision   findings on covered lines whose (file, line) is a site (any family) / findings on
              covered lines.
  prec-chain  as precision, but a finding on a *call line* of some break's stack (an intermediate
              frame: the line calls into code that breaks) is left out of the denominator instead of
              counting as a false positive.
  prec-traced as precision, but only findings on lines Dynamo actually traced symbolically are
              judged (lines in frames skipped after an earlier break are excluded).
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_FAMILIES = ("scalar", "print/log", "control-flow", "dyn-shape")
ALL_FAMILIES = ("scalar", "print/log", "control-flow", "dyn-shape", "other")
SPLIT_ORDER = ("dev", "heldout")
GREP_RE = re.compile(r"\.item\(\)|\.tolist\(\)|print\(|logging\.|logger\.|\.nonzero\(|torch\.nonzero"
                     r"|\bif\b.*\.(any|all)\(\)")


def code_family(code: str) -> str:
    """graphlint code -> family (DESIGN.md: 1xx scalar, 2xx print/log, 3xx numpy, 4xx control flow,
    5xx shapes/indexing, 6xx unsupported calls, 7xx autograd/module state)."""
    m = re.match(r"GL(\d)", code or "")
    if not m:
        return "other"
    return {"1": "scalar", "2": "print/log", "4": "control-flow", "5": "dyn-shape"}.get(m.group(1), "other")


def from_ranges(s: str) -> set[int]:
    out: set[int] = set()
    for part in filter(None, (s or "").split(",")):
        if "-" in part:
            a, b = part.split("-")
            out.update(range(int(a), int(b) + 1))
        else:
            out.add(int(part))
    return out


def find_site_packages(venv: str) -> str:
    cands = sorted(glob.glob(os.path.join(venv, "lib", "python3*", "site-packages")))
    if not cands:
        sys.exit(f"no site-packages under {venv}; run bench/accuracy/setup.sh first")
    return cands[-1]


def norm_path(path: str, cwd: str, site: str, extra_sites: tuple[str, ...] = ()) -> str:
    """Package-relative path of a file under `site` or one of `extra_sites` (packages with a "site",
    e.g. held-out set 34's torchvision / timm in <venv>/models-site, linted as ../../../models-site/...)."""
    p = path if os.path.isabs(path) else os.path.join(cwd, path)
    p = os.path.realpath(p)
    for root in (site, *extra_sites):
        root = os.path.realpath(root)
        if p.startswith(root + os.sep):
            return os.path.relpath(p, root).replace(os.sep, "/")
    return p


def run_graphlint(python: str, scope: str, dirs: list[str], site: str, extra: list[str],
                  library_path: tuple[str, ...] = ()) -> tuple[dict, float]:
    """library_path: the benchmark venv's site-packages and its other package directories (<venv>/models-site), the
    ground truth's sys.path: graphlint reads the libraries there (GRAPHLINT_LIBRARY_PATH) as a user's graphlint reads
    the environment of the code it lints (scipy's compiled modules for GL303, libraries to follow for GL616). The
    working directory (site-packages) is not on graphlint's search path: `python -m graphlint` leaves its launch
    entry out."""
    cmd = [python, "-m", "graphlint", "check", "--format", "json", "--exit-zero", "--scope", scope,
           *extra, *dirs]
    env = {**os.environ, "GRAPHLINT_LIBRARY_PATH": os.pathsep.join(library_path)} if library_path else None
    t0 = time.perf_counter()
    cp = subprocess.run(cmd, cwd=site, capture_output=True, text=True, env=env)
    dt = time.perf_counter() - t0
    if cp.returncode not in (0, 1):
        sys.stderr.write(cp.stderr[-3000:])
        sys.exit(f"graphlint failed (rc={cp.returncode}): {' '.join(cmd)}")
    try:
        doc = json.loads(cp.stdout)
    except json.JSONDecodeError:
        sys.stderr.write(cp.stdout[:2000] + "\n" + cp.stderr[-3000:])
        sys.exit("graphlint did not print JSON")
    doc["_cmd"] = " ".join(cmd)
    return doc, dt


def lint_target(site: str, import_dir: str) -> str:
    """The package's directory, or `name.py` for a distribution that is a single module."""
    single = import_dir + ".py"
    if not os.path.isdir(os.path.join(site, import_dir)) and os.path.isfile(os.path.join(site, single)):
        return single
    return import_dir


def grep_findings(dirs: list[str], site: str, extra_sites: tuple[str, ...] = ()) -> list[dict]:
    out = []
    for d in dirs:
        walked = os.walk(os.path.join(site, d)) if os.path.isdir(os.path.join(site, d)) else \
            [(site, [], [d])]
        for root, subdirs, files in walked:
            subdirs[:] = sorted(x for x in subdirs if x != "__pycache__")
            for fn in sorted(files):
                if not fn.endswith(".py"):
                    continue
                full = os.path.join(root, fn)
                relp = norm_path(full, site, site, extra_sites) if d.startswith(os.pardir) else \
                    os.path.relpath(full, site).replace(os.sep, "/")
                try:
                    with open(full, encoding="utf-8", errors="replace") as f:
                        for i, line in enumerate(f, 1):
                            if GREP_RE.search(line):
                                out.append({"code": "GREP", "path": relp, "line": i, "end_line": i})
                except OSError:
                    pass
    return out


class Source:
    def __init__(self, site: str, extra_sites: tuple[str, ...] = ()):
        self.sites = (site, *extra_sites)
        self.cache: dict[str, list[str]] = {}

    def line(self, path: str, line: int) -> str:
        if path not in self.cache:
            self.cache[path] = []
            for root in self.sites:
                try:
                    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                        self.cache[path] = f.read().splitlines()
                    break
                except OSError:
                    pass
        ls = self.cache[path]
        return ls[line - 1].strip()[:160] if 0 < line <= len(ls) else ""


def _ratio(a: int, b: int):
    return round(a / b, 4) if b else None


def _split_key(sp: str):
    return (SPLIT_ORDER.index(sp) if sp in SPLIT_ORDER else len(SPLIT_ORDER), sp)


def score(findings: list[dict], gt: dict, families: tuple[str, ...], dist_of_top: dict, src: Source,
          split_of_dist: dict) -> dict:
    covered = {f: from_ranges(r) for f, r in gt["covered"].items()}
    traced = {f: from_ranges(r) for f, r in gt["traced"].items()}
    chain = {f: from_ranges(r) for f, r in gt.get("chain", {}).items()}
    all_sites = {(s["path"], s["line"]): s for s in gt["break_sites"]}
    sel_sites = {k: s for k, s in all_sites.items() if set(s["families"]) & set(families)}

    by_line: dict[tuple[str, int], list[dict]] = {}
    by_file: dict[str, list[dict]] = {}
    for f in findings:
        by_line.setdefault((f["path"], f["line"]), []).append(f)
        by_file.setdefault(f["path"], []).append(f)

    def tolerant_hit(path, line):
        for f in by_file.get(path, ()):
            end = f.get("end_line") or f["line"]
            if abs(f["line"] - line) <= 1 or f["line"] - 1 <= line <= end + 1:
                return True
        return False

    def pkg(path):
        return dist_of_top.get(path.split("/")[0], path.split("/")[0])

    # ---------------- recall
    rec_rows = []
    for (p, l), s in sorted(sel_sites.items()):
        exact = (p, l) in by_line
        rec_rows.append({"path": p, "line": l, "package": s["package"],
                         "split": split_of_dist.get(s["package"], "dev"), "family": s["family"],
                         "gb_ids": s["gb_ids"], "direct": s.get("direct", True), "exact": exact,
                         "tolerant": exact or tolerant_hit(p, l),
                         "codes": sorted({f["code"] for f in by_line.get((p, l), [])}),
                         "reason": (s.get("reasons") or [""])[0], "source": s.get("source", ""),
                         "entry_points": s["entry_points"]})

    # ---------------- precision
    site_lines: dict[str, set[int]] = {}
    for (p, l) in all_sites:
        site_lines.setdefault(p, set()).add(l)

    def near_site(p, f):
        end = f.get("end_line") or f["line"]
        return any(f["line"] - 1 <= l <= end + 1 for l in site_lines.get(p, ()))

    prec_rows = []
    unjudged = 0
    unjudged_by_pkg: dict[str, int] = {}
    for f in findings:
        p, l = f["path"], f["line"]
        end = f.get("end_line") or l
        span = range(l, end + 1)
        cov = covered.get(p, set())
        if not any(x in cov for x in span):
            unjudged += 1
            unjudged_by_pkg[pkg(p)] = unjudged_by_pkg.get(pkg(p), 0) + 1
            continue
        tp = (p, l) in all_sites
        prec_rows.append({"path": p, "line": l, "code": f["code"], "package": pkg(p),
                          "split": split_of_dist.get(pkg(p), "dev"),
                          "family": code_family(f["code"]), "tp": tp,
                          "tp_tolerant": tp or near_site(p, f),
                          "on_chain": (not tp) and any(x in chain.get(p, ()) for x in span),
                          "traced": any(x in traced.get(p, ()) for x in span),
                          "source": src.line(p, l)})

    def summarize(rrows, prows, unj):
        n = len(rrows)
        hit = sum(r["exact"] for r in rrows)
        hit_t = sum(r["tolerant"] for r in rrows)
        direct = [r for r in rrows if r["direct"]]
        judged = len(prows)
        tp = sum(r["tp"] for r in prows)
        tp_t = sum(r["tp_tolerant"] for r in prows)
        chain_n = sum(r["on_chain"] for r in prows)
        tr = [r for r in prows if r["traced"]]
        return {"sites": n, "hit": hit, "recall": _ratio(hit, n),
                "hit_pm1": hit_t, "recall_pm1": _ratio(hit_t, n),
                "direct_sites": len(direct), "recall_direct": _ratio(sum(r["exact"] for r in direct), len(direct)),
                "findings_covered": judged, "tp": tp, "fp": judged - tp, "precision": _ratio(tp, judged),
                "tp_pm1": tp_t, "precision_pm1": _ratio(tp_t, judged),
                "on_chain": chain_n, "precision_chain": _ratio(tp, judged - chain_n),
                "findings_traced": len(tr), "precision_traced": _ratio(sum(r["tp"] for r in tr), len(tr)),
                "unjudged": unj}

    pkgs = sorted(set(dist_of_top.values()))
    out = {"overall": summarize(rec_rows, prec_rows, unjudged), "by_split": {}, "by_package": {},
           "by_family": {}}
    for sp in sorted(set(split_of_dist.values()), key=_split_key):
        ds = {d for d in pkgs if split_of_dist.get(d, "dev") == sp}
        out["by_split"][sp] = summarize([r for r in rec_rows if r["package"] in ds],
                                        [r for r in prec_rows if r["package"] in ds],
                                        sum(unjudged_by_pkg.get(d, 0) for d in ds))
        out["by_split"][sp]["packages"] = sorted(ds)
    for d in pkgs:
        out["by_package"][d] = summarize([r for r in rec_rows if r["package"] == d],
                                         [r for r in prec_rows if r["package"] == d],
                                         unjudged_by_pkg.get(d, 0))
    for fam in ALL_FAMILIES:
        rr = [r for r in rec_rows if r["family"] == fam]
        out["by_family"][fam] = summarize(rr, [r for r in prec_rows if r["family"] == fam], 0)
    out["false_negatives"] = [r for r in rec_rows if not r["exact"]]
    out["false_positives"] = [r for r in prec_rows if not r["tp"]]
    out["true_positives"] = [r for r in prec_rows if r["tp"]]
    return out


def print_table(title: str, rows: list[tuple[str, dict]]):
    print(f"\n{title}")
    hdr = (f"{'':38s} {'sites':>5s} {'hit':>4s} {'recall':>7s} {'rec±1':>6s} {'rec-dir':>7s} | "
           f"{'judged':>6s} {'TP':>4s} {'FP':>4s} {'prec':>6s} {'prec±1':>6s} {'p-chain':>7s} {'p-trcd':>6s} "
           f"{'unjudg':>6s}")
    print(hdr)
    print("-" * len(hdr))

    def pct(x):
        return "   -  " if x is None else f"{100 * x:5.1f}%"
    for name, s in rows:
        print(f"{name:38s} {s['sites']:5d} {s['hit']:4d} {pct(s['recall']):>7s} {pct(s['recall_pm1']):>6s} "
              f"{pct(s['recall_direct']):>7s} | {s['findings_covered']:6d} {s['tp']:4d} {s['fp']:4d} "
              f"{pct(s['precision']):>6s} {pct(s['precision_pm1']):>6s} {pct(s['precision_chain']):>7s} "
              f"{pct(s['precision_traced']):>6s} {s['unjudged']:6d}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default=os.path.join(REPO, ".venv", "bin", "python"),
                    help="interpreter that has graphlint installed (default: <repo>/.venv/bin/python)")
    ap.add_argument("--venv", default=os.path.join(HERE, ".venv"), help="benchmark venv (packages to lint)")
    ap.add_argument("--ground-truth", default=os.path.join(HERE, "ground_truth.json"))
    ap.add_argument("--scopes", default="auto", help="graphlint scopes to score, e.g. modules,auto,all")
    ap.add_argument("--families", default=",".join(DEFAULT_FAMILIES),
                    help=f"families whose sites count for recall (of {','.join(ALL_FAMILIES)}; 'ALL')")
    ap.add_argument("--graphlint-arg", action="append", default=[],
                    help="extra argument for graphlint (repeatable), e.g. --graphlint-arg=--select=GL1")
    ap.add_argument("--findings-json", default=None,
                    help="score this graphlint JSON output instead of running graphlint (single scope)")
    ap.add_argument("--no-grep", action="store_true", help="skip the grep baseline")
    ap.add_argument("--top", type=int, default=25, help="false negatives/positives to print per list")
    ap.add_argument("--splits", default="",
                    help="comma-separated splits to lint and score (dev, heldout); default: all in the ground truth")
    ap.add_argument("--packages", default="",
                    help="comma-separated distributions to lint and score (e.g. kornia,torchmetrics); default: all")
    ap.add_argument("--out", default=os.path.join(HERE, "results.json"))
    args = ap.parse_args()

    with open(args.ground_truth) as f:
        gt = json.load(f)
    families = ALL_FAMILIES if args.families.upper() == "ALL" else \
        tuple(x.strip() for x in args.families.split(",") if x.strip())
    bad = set(families) - set(ALL_FAMILIES)
    if bad:
        sys.exit(f"unknown families: {sorted(bad)}")
    site = find_site_packages(args.venv)
    pk = gt["meta"]["packages"]
    split_of_dist = {dist: pk[dist].get("split", "dev") for dist in pk}  # old ground truth: all dev
    splits = sorted(set(split_of_dist.values()), key=_split_key)
    if args.splits:
        want = [x.strip() for x in args.splits.split(",") if x.strip()]
        bad = set(want) - set(splits)
        if bad:
            sys.exit(f"unknown splits: {sorted(bad)} (ground truth has {splits})")
        splits = [sp for sp in splits if sp in want]
        pk = {d: v for d, v in pk.items() if split_of_dist[d] in splits}
        split_of_dist = {d: split_of_dist[d] for d in pk}
        gt = dict(gt, break_sites=[x for x in gt["break_sites"] if x["package"] in pk])
    if args.packages:
        want = {x.strip() for x in args.packages.split(",") if x.strip()}
        bad = want - set(pk)
        if bad:
            sys.exit(f"unknown packages: {sorted(bad)} (ground truth has {sorted(pk)})")
        pk = {d: v for d, v in pk.items() if d in want}
        split_of_dist = {d: split_of_dist[d] for d in pk}
        splits = [sp for sp in splits if sp in split_of_dist.values()]
        gt = dict(gt, break_sites=[x for x in gt["break_sites"] if x["package"] in pk])
    # a package with "site" (held-out set 34: torchvision, timm) lives in <venv>/<site>-site, outside
    # site-packages: it is linted by its path relative to site-packages (../../../models-site/timm: no
    # hidden ".venv" component in the path as given, like the other packages) and its finding paths are
    # normalised against that dir
    root_of = {dist: os.path.join(args.venv, pk[dist]["site"] + "-site") if pk[dist].get("site") else site
               for dist in pk}
    extra_sites = tuple(sorted({r for r in root_of.values() if r != site}))

    def target(dist: str, d: str) -> str:
        t = lint_target(root_of[dist], d)
        return t if root_of[dist] == site else os.path.relpath(os.path.join(root_of[dist], t), site)
    # a distribution that is one module (rtdl_revisiting_models.py) is linted and attributed by its file
    dirs = [target(dist, d) for dist in sorted(pk) for d in pk[dist]["import_dirs"]]
    dirs_of_split = {sp: [target(dist, d) for dist in sorted(pk) if split_of_dist[dist] == sp
                          for d in pk[dist]["import_dirs"]]
                     for sp in splits}
    dist_of_top = {lint_target(root_of[dist], d): dist for dist in pk for d in pk[dist]["import_dirs"]}
    missing = [d for d in dirs if not os.path.exists(os.path.join(site, d))]
    if missing:
        sys.exit(f"packages missing from {site}: {missing}")
    src = Source(site, extra_sites)

    results = {"meta": {"ground_truth": gt["meta"], "families": list(families), "python": args.python,
                        "site_packages": site, "date": time.strftime("%Y-%m-%d"),
                        "grep_regex": GREP_RE.pattern, "splits": {sp: dirs_of_split[sp] for sp in splits}},
               "tools": {}}
    runs = []
    scopes = [s.strip() for s in args.scopes.split(",") if s.strip()]
    if args.findings_json:
        with open(args.findings_json) as f:
            doc = json.load(f)
        doc["_cmd"] = f"(from {args.findings_json})"
        runs.append((f"graphlint[{scopes[0]}]", doc, 0.0, os.getcwd()))
    else:
        for scope in scopes:
            merged: dict = {"findings": [], "errors": [], "summary": {}, "_cmd": []}
            total = 0.0
            for sp in splits:
                doc, dt = run_graphlint(args.python, scope, dirs_of_split[sp], site, args.graphlint_arg,
                                        tuple(os.path.abspath(p) for p in (site, *sorted(glob.glob(os.path.join(args.venv, "*-site"))))))
                total += dt
                merged["findings"] += doc.get("findings", [])
                merged["errors"] += doc.get("errors", [])
                merged["summary"][sp] = doc.get("summary")
                merged["_cmd"].append(doc["_cmd"])
                merged["tool"] = doc.get("tool")
                merged.setdefault("_seconds_by_split", {})[sp] = round(dt, 2)
            runs.append((f"graphlint[{scope}]", merged, total, site))
    for name, doc, dt, cwd in runs:
        findings = []
        for f in doc.get("findings", []):
            p = norm_path(f["path"], cwd, site, extra_sites)
            findings.append({"code": f.get("code"), "path": p, "line": int(f["line"]),
                             "end_line": int(f.get("end_line") or f["line"])})
        sc = score(findings, gt, families, dist_of_top, src, split_of_dist)
        sc["run"] = {"cmd": doc.get("_cmd"), "seconds": round(dt, 2),
                     "seconds_by_split": doc.get("_seconds_by_split"), "findings": len(findings),
                     "errors": len(doc.get("errors", [])), "summary": doc.get("summary"),
                     "tool": doc.get("tool")}
        sc["errors"] = doc.get("errors", [])[:50]
        results["tools"][name] = sc
    if not args.no_grep:
        g = grep_findings(dirs, site, extra_sites)
        sc = score(g, gt, families, dist_of_top, src, split_of_dist)
        sc["run"] = {"cmd": f"regex {GREP_RE.pattern}", "findings": len(g)}
        results["tools"]["grep"] = sc

    # ------------------------------------------------------------------ print
    s = gt["meta"]["summary"]
    print(f"ground truth: torch {gt['meta']['torch_version']}, {s['entry_points']} entry points {s['status']}, "
          f"{s['break_sites']} break sites {s['break_sites_by_family']}")
    for sp, ss in (s.get("by_split") or {}).items():
        if sp in splits:
            print(f"  {sp:8s}: {', '.join(ss['packages'])}: {ss['entry_points']} entry points {ss['status']}, "
                  f"{ss['break_sites']} break sites {ss['break_sites_by_family']}")
    print(f"families scored for recall: {', '.join(families)}")
    for name, sc in results["tools"].items():
        r = sc["run"]
        extra = f", {r['seconds']}s" if "seconds" in r else ""
        print(f"{name}: {r['findings']} findings{extra}")
    sp_rows = []
    for sp in splits + (["all"] if len(splits) > 1 else []):
        for n, sc in results["tools"].items():
            sp_rows.append((f"{sp} / {n}", sc["overall"] if sp == "all" else sc["by_split"][sp]))
    print_table("overall, by split (dev: tuned on; heldout: never tuned on; all: both)", sp_rows)
    pk_rows = []
    for d in sorted(set(dist_of_top.values())):
        for n, sc in results["tools"].items():
            pk_rows.append((f"{d} / {n}", sc["by_package"][d]))
    print_table("by package", pk_rows)
    fam_rows = []
    for fam in ALL_FAMILIES:
        for n, sc in results["tools"].items():
            if n == "grep":
                continue
            fam_rows.append((f"{fam} / {n}", sc["by_family"][fam]))
    print_table("by family (recall: sites of the family; precision: findings whose code is in the family)",
                fam_rows)

    main_tool = next((n for n in results["tools"] if n.endswith("[all]")), None) or \
        next(iter(results["tools"]))
    sc = results["tools"][main_tool]
    for sp in splits:
        fns = [r for r in sc["false_negatives"] if r["split"] == sp]
        fps = [r for r in sc["false_positives"] if r["split"] == sp]
        print(f"\n[{sp}] false negatives of {main_tool} ({len(fns)}; "
              f"'~' = found within ±1 line, 'i' = break is inside a callee outside the packages):")
        for r in fns[: args.top] if args.top else []:
            flag = ("~" if r["tolerant"] else " ") + (" " if r["direct"] else "i")
            print(f"  {flag} {r['path']}:{r['line']} [{r['family']} {','.join(r['gb_ids'])}] {r['source'][:90]}")
        print(f"\n[{sp}] false positives of {main_tool} on covered lines ({len(fps)}; "
              f"'c' = line is a call on a break's stack, 't' = Dynamo traced the line):")
        for r in fps[: args.top] if args.top else []:
            flag = ("c" if r["on_chain"] else " ") + ("t" if r["traced"] else " ")
            print(f"  {flag} {r['path']}:{r['line']} {r['code']} {r['source'][:90]}")

    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")
    print(f"\nwrote {os.path.relpath(args.out)}")


if __name__ == "__main__":
    main()
