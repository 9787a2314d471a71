"""Real Dynamo (torch 2.13) agrees with the rule catalog and the fixtures: every `# expect:` line is a
graph break, every unmarked line is not, and every "Use instead" rewrite runs without a break."""

from pathlib import Path

import pytest

from conftest import expectations, in_chunks, run_harnesses
from graphlint.catalog import load_catalog
from graphlint.torch_version import installed_torch_version, parse_version

pytest.importorskip("torch")
REPO = Path(__file__).resolve().parent.parent
CASES = sorted((REPO / "fixtures" / "cases").glob("*.py"))
TORCH = parse_version(installed_torch_version() or "0")


@pytest.fixture(scope="session")
def dynamo_runs(tmp_path_factory):
    """Write every rule example to its own directory and run them all in one torch process."""
    root = tmp_path_factory.mktemp("examples")
    jobs = {}
    for code, rule in load_catalog().items():
        for section in ("Example", "Use instead"):
            for i, src in enumerate(rule.examples(section)):
                d = root / f"{code}-{section.replace(' ', '_')}-{i}"
                d.mkdir()
                (d / "example.py").write_text(src)
                jobs[(code, section, i)] = d / "example.py"
    paths = [str(p) for p in jobs.values()] + [str(p) for p in CASES]
    out = {}
    for part in run_harnesses("dynamo_breaks.py", in_chunks(paths), root):
        out.update(part)
    return jobs, out


def _lines(result, name: str) -> set[int]:
    assert result["error"] is None, result["error"]
    return {line for file, line in result["breaks"] if file == name}


@pytest.mark.parametrize("code", sorted(load_catalog()))
def test_rule_examples_break_exactly_where_marked(code, dynamo_runs):
    jobs, out = dynamo_runs
    rule = load_catalog()[code]
    for (c, section, i), path in jobs.items():
        if c != code:
            continue
        breaks = _lines(out[str(path)], "example.py")
        if section == "Use instead" or not rule.applies_to(TORCH) or rule.explicit_only:  # GL001: not a break
            assert breaks == set(), f"{section} {i} of {code} breaks on this torch at {breaks}"
        else:
            assert breaks == {line for line, _ in expectations(path)}, f"{code} example {i}"


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_fixture_cases_break_exactly_where_marked(path, dynamo_runs):
    _, out = dynamo_runs
    breaks = _lines(out[str(path)], path.name)
    assert breaks == {line for line, _ in expectations(path)}
