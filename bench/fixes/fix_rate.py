#!/usr/bin/env python
"""What share of real graph-break sites graphlint can fix: safe, unsafe, suggestion only, or not at all.

    python bench/fixes/fix_rate.py                               # fixtures + every benchmark package
    python bench/fixes/fix_rate.py --packages kornia,torchmetrics --out /tmp/fix_rate.json
    python bench/fixes/fix_rate.py --no-packages                 # fixtures only (no benchmark venv needed)

Sites are the accuracy benchmark's ground truth (bench/accuracy/ground_truth.json: where Dynamo broke the
graph in real packages, default families) and the `# expect:` lines of `fixtures/cases/` (each checked
against Dynamo by tests/test_dynamo_truth.py). graphlint runs once (`--scope auto`, JSON) and each site
takes the best tier among the findings on its line:

  safe         a finding there has a fix that `--fix` applies
  unsafe       ... a fix that `--fix --unsafe-fixes` applies
  suggestion   a finding there explains a rewrite (the rule's `help` / "Use instead"), applied by hand
  none         found, but its rule has no rewrite (a break with no compile-friendly equivalent)
  not found    no finding on the site's line (recall's misses)

Whether an applied fix really removes the break is tested per fix by tests/test_fixes_dynamo.py (real
Dynamo, fixtures and rule examples). GraphMend (arXiv 2509.16248) removed 107 of 147 breaks (73%) in
Hugging Face models with three rewrite families; the table here counts sites graphlint offers to fix.
Stdlib only; the linter runs as `<--python> -m graphlint`.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "bench", "accuracy"))
import score  # noqa: E402  (the accuracy benchmark's loaders: site-packages, lint targets, families)

TIERS = ("safe", "unsafe", "suggestion", "none", "not found")
EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def lint(python: str, targets: list[str], cwd: str) -> list[dict]:
    cmd = [python, "-m", "graphlint", "check", "--format", "json", "--exit-zero", "--scope", "auto", *targets]
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"graphlint failed (rc={proc.returncode}): {proc.stderr[-2000:]}")
    return json.loads(proc.stdout)["findings"]


def tier_of(findings: list[dict]) -> str:
    if not findings:
        return "not found"
    tiers = {f["fix"]["applicability"] for f in findings if f.get("fix") and f["fix"]["edits"]}
    for tier in ("safe", "unsafe"):
        if tier in tiers:
            return tier
    return "suggestion" if any(f.get("help") for f in findings) else "none"


def classify(sites: list[tuple[str, int]], findings: list[dict]) -> dict[str, list]:
    by_line: dict[tuple[str, int], list[dict]] = {}
    for f in findings:
        by_line.setdefault((f["path"], f["line"]), []).append(f)
    out: dict[str, list] = {t: [] for t in TIERS}
    for site in sites:
        out[tier_of(by_line.get(site, []))].append(site)
    return out


def fixture_sites() -> tuple[list[tuple[str, int]], list[dict]]:
    cases = os.path.join(REPO, "fixtures", "cases")
    sites = []
    for name in sorted(os.listdir(cases)):
        if name.endswith(".py"):
            with open(os.path.join(cases, name), encoding="utf-8") as handle:
                sites += [(name, n) for n, line in enumerate(handle, start=1) if EXPECT.search(line)]
    return sites, [dict(f, path=os.path.relpath(os.path.join(REPO, f["path"]), cases)) for f in
                   lint(ARGS.python, [os.path.join("fixtures", "cases")], REPO)]


def package_sites(packages: str) -> tuple[list[tuple[str, int]], list[dict], list[str]]:
    with open(os.path.join(REPO, "bench", "accuracy", "ground_truth.json")) as handle:
        gt = json.load(handle)
    site_dir = score.find_site_packages(os.path.join(REPO, "bench", "accuracy", ".venv"))
    pk = gt["meta"]["packages"]
    if packages:
        want = {p.strip() for p in packages.split(",") if p.strip()}
        pk = {d: v for d, v in pk.items() if d in want}
    targets = [score.lint_target(site_dir, d) for dist in sorted(pk) for d in pk[dist]["import_dirs"]]
    targets = [t for t in targets if os.path.exists(os.path.join(site_dir, t))]
    sites = [(s["path"], s["line"]) for s in gt["break_sites"]
             if s["package"] in pk and set(s["families"]) & set(score.DEFAULT_FAMILIES)]
    findings = [dict(f, path=score.norm_path(f["path"], site_dir, site_dir)) for f in lint(ARGS.python, targets, site_dir)]
    return sorted(set(sites)), findings, sorted(pk)


def row(name: str, classes: dict[str, list]) -> dict:
    total = sum(len(v) for v in classes.values())
    found = total - len(classes["not found"])
    counts = {t: len(classes[t]) for t in TIERS}
    fixable = counts["safe"] + counts["unsafe"]
    return {"set": name, "sites": total, **counts, "fixable": fixable,
            "fixable_share": round(fixable / total, 3) if total else None,
            "fixable_share_of_found": round(fixable / found, 3) if found else None,
            "with_a_rewrite_share": round((fixable + counts["suggestion"]) / total, 3) if total else None}


def main() -> None:
    t0 = time.perf_counter()
    rows, by_code, listed = [], {}, []
    sites, findings = fixture_sites()
    classes = classify(sites, findings)
    rows.append(row("fixtures/cases (`# expect:` lines)", classes))
    packages: list[str] = []
    if not ARGS.no_packages:
        sites, findings, packages = package_sites(ARGS.packages)
        classes = classify(sites, findings)
        rows.append(row(f"benchmark packages ({len(packages)})", classes))
        by_line: dict = {}
        for f in findings:
            by_line.setdefault((f["path"], f["line"]), []).append(f)
        for site in sites:
            codes = sorted({f["code"] for f in by_line.get(site, [])}) or ["(not found)"]
            tier = tier_of(by_line.get(site, []))
            by_code.setdefault(codes[0], {t: 0 for t in TIERS})[tier] += 1
            listed.append({"path": site[0], "line": site[1], "codes": codes, "tier": tier})
    print(f"| set | sites | safe | unsafe | suggestion | none | not found | fixable (safe+unsafe) | of found |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['set']} | {r['sites']} | {r['safe']} | {r['unsafe']} | {r['suggestion']} | {r['none']} | "
              f"{r['not found']} | {r['fixable']} ({r['fixable_share']:.1%}) | {r['fixable_share_of_found']:.1%} |")
    if by_code:
        print("\nbenchmark sites by the code found there (first code):")
        for code, counts in sorted(by_code.items(), key=lambda kv: -sum(kv[1].values())):
            print(f"  {code:12} " + "  ".join(f"{t}={n}" for t, n in counts.items() if n))
    doc = {"meta": {"date": time.strftime("%Y-%m-%d"), "python": ARGS.python, "seconds": round(time.perf_counter() - t0, 1),
                    "packages": packages}, "rows": rows, "benchmark_by_code": by_code,
           "benchmark_sites": listed}
    with open(ARGS.out, "w") as handle:
        json.dump(doc, handle, indent=1)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=os.path.join(REPO, ".venv", "bin", "python"))
    parser.add_argument("--packages", default="", help="comma-separated distributions (default: all)")
    parser.add_argument("--no-packages", action="store_true", help="fixtures only")
    parser.add_argument("--out", default=os.path.join(HERE, "results.json"))
    ARGS = parser.parse_args()
    main()
