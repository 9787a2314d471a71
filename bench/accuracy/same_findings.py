"""Does the accuracy benchmark give the same findings with and without the pre-filter and the cache? (issue 7)

    .venv/bin/python bench/accuracy/same_findings.py                       # every split
    .venv/bin/python bench/accuracy/same_findings.py --packages kornia,zuko --keep /tmp/runs

Runs graphlint's CLI exactly as `score.py` does (`check --format json --exit-zero --scope auto`, in the benchmark
venv's site-packages, over the import dirs of the ground truth's packages), one split at a time, in four ways:

- `no-prefilter`: `--no-cache` with GRAPHLINT_NO_PREFILTER=1 (every file parsed and linted; only the findings
  of the files the pre-filter would skip are dropped, so any difference means those files changed others');
- `default`: `--no-cache`, the pre-filter on (what a first run does);
- `cache-fill`: with a cache in a new empty directory (the run writes it);
- `cache-warm`: the same command again, served from that cache.

Compares findings (every JSON field, fixes included) and errors of each run with `no-prefilter`'s, prints the
time of each run, and exits 1 if any differ. The four outputs stay in --keep (default: a temporary directory)
for `score.py --findings-json`.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from score import find_site_packages, lint_target  # noqa: E402  (the same package dirs score.py lints)

MODES = ("no-prefilter", "default", "cache-fill", "cache-warm")


def package_dirs(ground_truth: str, site: str, packages: set[str]) -> dict[str, list[str]]:
    """{split: [lint targets]}, as score.py builds them."""
    with open(ground_truth) as f:
        meta = json.load(f)["meta"]["packages"]
    by_split: dict[str, list[str]] = {}
    for dist in sorted(meta):
        if packages and dist not in packages:
            continue
        targets = [lint_target(site, d) for d in meta[dist]["import_dirs"]]
        by_split.setdefault(meta[dist].get("split", "dev"), []).extend(targets)
    return by_split


def run(python: str, site: str, dirs: list[str], mode: str, cache_dir: str) -> tuple[dict, float]:
    env = dict(os.environ, GRAPHLINT_NO_PREFILTER="1" if mode == "no-prefilter" else "")
    cmd = [python, "-m", "graphlint", "check", "--format", "json", "--exit-zero", "--scope", "auto"]
    if mode in ("no-prefilter", "default"):
        cmd.append("--no-cache")
    else:
        # the cache sits beside the config file: give the run one of its own in an empty directory
        cmd += ["--config", os.path.join(cache_dir, "pyproject.toml")]
    started = time.perf_counter()
    done = subprocess.run(cmd + dirs, cwd=site, env=env, capture_output=True, text=True)
    took = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{mode}: graphlint exited {done.returncode}: {done.stderr[-2000:]}")
    return json.loads(done.stdout), took


def comparable(doc: dict) -> tuple[list[str], list[str]]:
    findings = sorted(json.dumps(f, sort_keys=True) for f in doc["findings"])
    errors = sorted(json.dumps(e, sort_keys=True) for e in doc["errors"])
    return findings, errors


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default=os.path.join(REPO, ".venv", "bin", "python"))
    ap.add_argument("--venv", default=os.path.join(HERE, ".venv"))
    ap.add_argument("--ground-truth", default=os.path.join(HERE, "ground_truth.json"))
    ap.add_argument("--packages", default="", help="comma-separated distributions (default: all)")
    ap.add_argument("--keep", default=None, help="directory for the four JSON outputs of each split")
    ap.add_argument("--modes", default=",".join(MODES),
                    help="runs to make, of " + ",".join(MODES) + " (the first is the one the others are compared with)")
    args = ap.parse_args()
    site = find_site_packages(args.venv)
    keep = args.keep or tempfile.mkdtemp(prefix="graphlint-same-")
    os.makedirs(keep, exist_ok=True)
    packages = {p.strip() for p in args.packages.split(",") if p.strip()}
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if set(modes) - set(MODES) or ("cache-warm" in modes and "cache-fill" not in modes):
        sys.exit(f"--modes: of {', '.join(MODES)}; cache-warm needs cache-fill before it")
    differ = False
    for split, dirs in package_dirs(args.ground_truth, site, packages).items():
        cache_dir = tempfile.mkdtemp(prefix="graphlint-cache-")
        with open(os.path.join(cache_dir, "pyproject.toml"), "w") as f:
            f.write("[tool.graphlint]\n")
        outputs = {}
        for mode in modes:
            doc, took = run(args.python, site, dirs, mode, cache_dir)
            outputs[mode] = doc
            with open(os.path.join(keep, f"{split}-{mode}.json"), "w") as f:
                json.dump(doc, f)
            note = doc.get("summary", {})
            print(f"{split} {mode:13s} {took:7.1f} s  {len(doc['findings'])} findings, {len(doc['errors'])} errors, "
                  f"{note.get('files_checked', '?')} files checked", flush=True)
        reference = comparable(outputs[modes[0]])
        for mode in modes[1:]:
            findings, errors = comparable(outputs[mode])
            same = (findings, errors) == reference
            differ |= not same
            print(f"{split} {mode} vs {modes[0]}: {'same findings and errors' if same else 'DIFFERENT'}")
            if not same:
                for line in sorted(set(findings) ^ set(reference[0]))[:10]:
                    print("  differs:", line[:300])
    print(f"outputs in {keep}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
