"""fixtures/: every `# expect: GLxxx` line is flagged with exactly those codes, and nothing else is."""

import os
from pathlib import Path

import pytest

from conftest import expectations, options
from graphlint.engine import lint_paths

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FILES = sorted(p for p in FIXTURES.rglob("*.py"))


@pytest.fixture(scope="module")
def fixture_findings():
    cwd = os.getcwd()
    os.chdir(FIXTURES)
    try:
        result = lint_paths(["."], options(scope="modules"))
    finally:
        os.chdir(cwd)
    assert result.errors == []
    by_file: dict[str, set] = {}
    for f in result.findings:
        by_file.setdefault(f.path, set()).add((f.line, f.code))
    return by_file


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(FIXTURES)) for p in FILES])
def test_fixture_findings_match_expectations(path, fixture_findings):
    rel = str(path.relative_to(FIXTURES))
    assert fixture_findings.get(rel, set()) == expectations(path)


def test_fixtures_exist():
    assert len(FILES) >= 5
