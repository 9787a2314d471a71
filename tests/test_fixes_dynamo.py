"""Every fix is proven by real Dynamo (issue 5): graphlint fixes (safe and unsafe) every fixable finding in
`fixtures/cases/` and in the rule pages' examples, then each fixed file is run under `torch.compile`
beside the original:

- the breaks at the fixed sites are gone, and no break appears that the original did not have (or that
  graphlint does not list on the original as hidden behind the fixed one);
- what every compiled callable returns is the original's eager result (`allclose`; a 0-d tensor stands
  for the Python number it replaced). Where the original already differs between eager and compiled
  (random draws, `is_compiling()` branches), the fixed code must match the original compiled instead.
"""

from __future__ import annotations

import difflib
import json
import math
import shutil
from pathlib import Path

import pytest

from conftest import in_chunks, run_cli, run_harnesses
from graphlint.catalog import load_catalog

pytest.importorskip("torch")
REPO = Path(__file__).resolve().parent.parent
CASES = sorted((REPO / "fixtures" / "cases").glob("*.py"))


@pytest.fixture(scope="session")
def fixed_runs(tmp_path_factory):
    """Originals and fixed copies side by side; the harness run on each; only files a fix changed."""
    root = tmp_path_factory.mktemp("fixes")
    orig, fixed = root / "orig", root / "fixed"
    orig.mkdir()
    for path in CASES:
        shutil.copy(path, orig / path.name)
    for code, rule in load_catalog().items():
        for i, src in enumerate(rule.examples("Example")):
            (orig / f"example_{code}_{i}.py").write_text(src)
    shutil.copytree(orig, fixed)
    proc = run_cli("check", "--fix", "--unsafe-fixes", "--exit-zero", "--quiet", ".", cwd=fixed)
    assert proc.returncode == 0, proc.stderr.decode()
    changed = sorted(p.name for p in orig.glob("*.py") if (fixed / p.name).read_text() != p.read_text())
    # the three runs at once, each split per core: [eager, eager, compiled, compiled, fixed, fixed] on 2 cores
    plan = [(which, mode, part) for which, mode, folder in
            (("eager", "eager", orig), ("compiled", "compiled", orig), ("fixed", "compiled", fixed))
            for part in in_chunks([str(folder / n) for n in changed])]
    results = run_harnesses("dynamo_outputs.py", [[mode, *part] for _, mode, part in plan], root)
    runs: dict = {"eager": {}, "compiled": {}, "fixed": {}}
    for (which, _, _), result in zip(plan, results):
        runs[which].update(result)
    # Breaks that a fixed break hid (Dynamo skipped the rest of the frame, or never reached a hook) show
    # once it is gone: they are not new, and graphlint lists them on the original with every function in
    # scope and nothing folded.
    listed = run_cli("check", "--scope", "all", "--show-shadowed", "--format", "json", "--exit-zero", ".", cwd=orig)
    runs["hidden"] = {}
    for finding in json.loads(listed.stdout)["findings"]:
        runs["hidden"].setdefault(finding["path"], set()).add(finding["line"])
    return orig, fixed, changed, runs


def _result(runs: dict, which: str, directory: Path, name: str) -> dict:
    return runs[which][str(directory / name)]


def _scalar(value):
    """A 0-d tensor compares equal to the number it replaced (`.item()` dropped)."""
    if isinstance(value, dict) and value.keys() == {"shape", "dtype", "values"} and value["shape"] == []:
        return value["values"][0]
    if isinstance(value, list):
        return [_scalar(v) for v in value]
    if isinstance(value, dict):
        return {k: _scalar(v) for k, v in value.items()}
    return value


def _close(a, b) -> bool:
    a, b = _scalar(a), _scalar(b)
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() == {"shape", "dtype", "values"} == b.keys():
            return a["shape"] == b["shape"] and all(_close(x, y) for x, y in zip(a["values"], b["values"]))
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-5)
    return a == b


def _unchanged_lines(old: str, new: str) -> dict[int, int]:
    """New line number → old line number, for the lines the fixes left as they were."""
    matcher = difflib.SequenceMatcher(a=old.splitlines(), b=new.splitlines(), autojunk=False)
    mapping = {}
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag == "equal":
            mapping.update({b0 + k + 1: a0 + k + 1 for k in range(a1 - a0)})
    return mapping


def test_fixes_reach_the_fixtures_and_rule_examples(fixed_runs):
    _, _, changed, _ = fixed_runs
    assert any(n.startswith("example_") for n in changed) and any(not n.startswith("example_") for n in changed)


def test_fixed_code_runs(fixed_runs):
    orig, fixed, changed, runs = fixed_runs
    for name in changed:
        assert _result(runs, "eager", orig, name)["error"] is None, name
        assert _result(runs, "fixed", fixed, name)["error"] is None, (name, _result(runs, "fixed", fixed, name)["error"])


def test_fixed_sites_no_longer_break_and_no_new_break_appears(fixed_runs):
    orig, fixed, changed, runs = fixed_runs
    fewer = []
    for name in changed:
        before = {line for file, line in _result(runs, "compiled", orig, name)["breaks"] if file == name}
        after = {line for file, line in _result(runs, "fixed", fixed, name)["breaks"] if file == name}
        mapping = _unchanged_lines((orig / name).read_text(), (fixed / name).read_text())
        at_fixed_sites = sorted(line for line in after if line not in mapping)
        assert not at_fixed_sites, f"{name}: fixed code still breaks at lines {at_fixed_sites}"
        new = sorted(line for line in after if mapping[line] not in before | runs["hidden"].get(name, set()))
        assert not new, f"{name}: the fixes made new breaks at lines {new}"
        fewer.append(len(after) < len(before))
    assert sum(fewer) >= len(changed) * 0.9, "most fixed files should break less"


def test_fixed_code_gives_the_original_results(fixed_runs):
    orig, fixed, changed, runs = fixed_runs
    for name in changed:
        eager = _result(runs, "eager", orig, name)["outputs"]
        compiled = _result(runs, "compiled", orig, name)["outputs"]
        after = _result(runs, "fixed", fixed, name)["outputs"]
        assert len(after) == len(compiled), name
        for i, (want, was, got) in enumerate(zip(eager, compiled, after)):
            # where the original differs between eager and compiled already, the fix must keep the compiled result
            reference = was if not _close(want, was) else want
            assert _close(got, reference), f"{name}: output {i} of the fixed code differs: {got} vs {reference}"
