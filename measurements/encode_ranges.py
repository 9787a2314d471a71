"""Derive each rule's `breaks-on` from the measured table and write it into rules/GLxxx.md.

    python measurements/encode_ranges.py          # rewrite breaks-on / measured-on of every rule with probes
    python measurements/encode_ranges.py --check  # only report rules whose range disagrees (exit 1)

A rule lists the probes of its flagged forms in its front matter (`probes = [...]`). It "breaks" on a
measured version when every listed probe breaks there (verdict `yes`, or `dynamo-error`: compiling
fails). The range is written as the shortest union of intervals over the measured versions; 2.0 (not
measurable on Python 3.11) follows 2.1 and is listed under documented-on. Forms whose range differs
from their rule's are encoded in the check itself (`MEASURED_FORMS`) and verified by
tests/test_versions.py.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BREAKS = ("yes", "dynamo-error")


def load_versions() -> tuple[list[str], dict]:
    table = json.loads((ROOT / "measurements" / "versions.json").read_text())
    versions = sorted(table["_meta"]["versions"], key=lambda v: tuple(int(x) for x in v.split(".")))
    return versions, table


def breaks_on_versions(probes: list[str], versions: list[str], table: dict) -> list[bool]:
    return [all(table[p]["by_version"].get(v) in BREAKS for p in probes) for v in versions]


def specifier(flags: list[bool], versions: list[str]) -> str:
    # (a range that holds on the oldest measured version, 2.1, is taken to hold on 2.0 as well)
    """[T, T, F, F, T] over versions → '<2.4 | >=2.10' (intervals start at measured versions)."""
    parts, i = [], 0
    while i < len(flags):
        if not flags[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(flags) and flags[j + 1]:
            j += 1
        lo = None if i == 0 else versions[i]
        hi = None if j == len(flags) - 1 else versions[j + 1]
        clause = ",".join(c for c in ((f">={lo}" if lo else ""), (f"<{hi}" if hi else "")) if c)
        parts.append(clause or ">=2.0")
        i = j + 1
    return " | ".join(parts) if parts else "<2.1"


def main() -> int:
    versions, table = load_versions()
    check = "--check" in sys.argv
    bad = 0
    for page in sorted((ROOT / "rules").glob("GL*.md")):
        text = page.read_text()
        meta = tomllib.loads(text.split("+++")[1])
        probes = meta.get("probes")
        if not probes:
            continue
        missing = [p for p in probes if p not in table]
        if missing:
            print(f"{page.name}: unknown probes {missing}")
            bad += 1
            continue
        # probes added later were run on fewer versions: a range only speaks for the versions measured
        covered = [v for v in versions if all(table[p]["by_version"].get(v) is not None for p in probes)]
        spec = specifier(breaks_on_versions(probes, covered, table), covered)
        measured = [table["_meta"]["versions"][v].split("+")[0] for v in covered]
        if check:
            if meta.get("breaks-on") != spec:
                print(f"{page.name}: breaks-on {meta.get('breaks-on')!r}, measured {spec!r}")
                bad += 1
            continue
        text = re.sub(r'^breaks-on = .*$', f'breaks-on = "{spec}"', text, count=1, flags=re.M)
        text = re.sub(r'^measured-on = .*$', "measured-on = [" + ", ".join(f'"{m}"' for m in measured) + "]",
                      text, count=1, flags=re.M)
        # 2.0 cannot compile on Python 3.11: it follows 2.1 and is labelled documented, not measured
        documented = '["2.0"]' if breaks_on_versions(probes, covered[:1], table)[0] else "[]"
        if meta.get("code") == "GL404":
            documented = '["2.0"]'  # the classic 2.0 advice; no measured version breaks
        text = re.sub(r'^documented-on = .*$', f"documented-on = {documented}", text, count=1, flags=re.M)
        page.write_text(text)
        print(f"{page.name}: breaks-on = {spec}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
