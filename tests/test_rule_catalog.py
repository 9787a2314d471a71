"""Every rule page in rules/: complete metadata and docs, and its examples behave as documented."""

import re

import pytest

from conftest import expectations_in, lint_tree
from graphlint.catalog import load_catalog
from graphlint.checks import all_checks
from graphlint.torch_version import parse_version

CATALOG = load_catalog()
SECTIONS = ["What it does", "Why it breaks the graph", "Example", "Use instead", "Fix safety", "References"]


# 9xx rules are found by the dynamic pass (graphlint/dynamic/match.py), not by a static check.
DYNAMIC_ONLY = {code for code in CATALOG if code.startswith("GL9")}
# GL0xx rules are about graphlint's own comments, found after the checks (graphlint/suppressions.py)
META = {code for code in CATALOG if code.startswith("GL0")}


def test_every_rule_has_a_check_and_every_check_a_page():
    assert set(CATALOG) - DYNAMIC_ONLY - META == set(all_checks())


@pytest.mark.parametrize("code", sorted(CATALOG))
def test_rule_page_is_complete(code):
    rule = CATALOG[code]
    assert re.fullmatch(r"GL\d{3}", rule.code)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
    assert list(rule.sections)[: len(SECTIONS)] == SECTIONS
    assert rule.gb or rule.severity == "warning" or code in DYNAMIC_ONLY
    assert rule.explicit_only == (code in META)  # `ALL` means every graph-break rule, not the meta ones
    assert all(re.fullmatch(r"GB\d{4}", g) for g in rule.gb)
    assert rule.fix in ("safe", "unsafe", "display-only", "none")
    assert rule.measured_on or rule.documented_on
    parse_version(rule.breaks_on.lstrip("<>=!")) if rule.breaks_on else None
    for gb in rule.gb:
        assert f"gb/{gb.lower()}.html" in rule.sections["References"]


def _version_where_it_applies(rule) -> str:
    return next(v for v in ("2.13.0", "2.0.0") if rule.applies_to(parse_version(v)))


def _codes_for(code: str):
    """Every rule on by default, plus a meta rule's own code (it is on only when selected by name)."""
    return None if code not in META else {c for c, r in CATALOG.items() if not r.explicit_only} | {code}


@pytest.mark.parametrize("code", sorted(CATALOG))
def test_examples_are_flagged_exactly_where_marked(code, tmp_path):
    rule = CATALOG[code]
    version = _version_where_it_applies(rule)
    examples = rule.examples("Example")
    assert examples, f"{code} has no example"
    for i, example in enumerate(examples):
        expected = expectations_in(example)
        assert (code in {c for _, c in expected}), f"{code} example {i} marks no line with its code"
        result = lint_tree(tmp_path / f"ex{i}", {"example.py": example}, torch=version, codes=_codes_for(code))
        assert result.errors == []
        if code in DYNAMIC_ONLY:  # the point of a dynamic-only example: the static pass sees nothing
            expected = set()
        assert {(f.line, f.code) for f in result.findings} == expected


@pytest.mark.parametrize("code", sorted(CATALOG))
def test_use_instead_is_clean(code, tmp_path):
    rule = CATALOG[code]
    version = _version_where_it_applies(rule)
    fixes = rule.examples("Use instead")
    assert fixes, f"{code} has no 'Use instead' example"
    for i, fixed in enumerate(fixes):
        result = lint_tree(tmp_path / f"fix{i}", {"example.py": fixed}, torch=version, codes=_codes_for(code))
        assert result.errors == []
        assert [(f.line, f.code) for f in result.findings] == []
