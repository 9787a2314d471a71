"""Rule version ranges come from measurement (measurements/versions.json), not folklore."""

import importlib.util
import json
from pathlib import Path

import pytest

from conftest import found
from graphlint.catalog import load_catalog
from graphlint.checks import all_checks
from graphlint.torch_version import matches, parse_version

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("encode_ranges", ROOT / "measurements" / "encode_ranges.py")
encode = importlib.util.module_from_spec(spec)
spec.loader.exec_module(encode)
VERSIONS, TABLE = encode.load_versions()


@pytest.mark.parametrize("code", [c for c, r in load_catalog().items() if r.probes])
def test_rule_range_matches_the_measured_table(code):
    rule = load_catalog()[code]
    for version, breaks in zip(VERSIONS, encode.breaks_on_versions(list(rule.probes), VERSIONS, TABLE)):
        assert rule.applies_to(parse_version(version)) == breaks, f"{code} on torch {version}"
    measured = {TABLE["_meta"]["versions"][v].split("+")[0] for v in VERSIONS}
    assert set(rule.measured_on) == measured


def test_every_rule_but_one_is_backed_by_probes():
    # GL9xx rules are the dynamic pass's own findings (any break Dynamo reports), not a probed pattern.
    unmeasured = [c for c, r in load_catalog().items() if not r.probes and not c.startswith("GL9")]
    assert unmeasured == ["GL611", "GL612", "GL704"]  # measured by hand on 2.13 only (see their pages)


@pytest.mark.parametrize("code", [c for c, k in all_checks().items() if getattr(k, "MEASURED_FORMS", None)])
def test_form_ranges_match_the_measured_table(code):
    for form, (probe, specifier) in all_checks()[code].MEASURED_FORMS.items():
        for version in VERSIONS:
            breaks = TABLE[probe]["by_version"][version] in encode.BREAKS
            assert matches(parse_version(version), specifier) == breaks, f"{code} {form} on {version}"


def test_target_torch_switches_version_dependent_findings(lint):
    code = """
    import random
    import torch

    @torch.compile
    def f(x):
        assert (x >= 0).all()
        r = random.random()
        x.retain_grad()
        s = f"{x.sum()}"
        return x * r
    """
    assert found(lint(code, torch="2.0")) == {(7, "GL404"), (10, "GL105")}
    assert found(lint(code, torch="2.2")) == {(10, "GL105")}
    assert found(lint(code, torch="2.13")) == {(8, "GL603"), (9, "GL703")}
    assert found(lint(code, torch="2.15")) == {(9, "GL703")}


def test_old_torch_only_forms(lint):
    code = """
    import re
    import torch

    @torch.compile
    def f(x):
        h = hash(x)
        i = id(x)
        p = x.data_ptr()
        m = re.match("a+", "aaa")
        v = eval("2 + 3")
        s = sorted([x, x * 2], key=lambda t: t.shape[0])
        return x
    """
    assert {c for _, c in found(lint(code, torch="2.13"))} == set()
    assert found(lint(code, torch="2.4")) == {(7, "GL610"), (8, "GL610"), (9, "GL610"), (10, "GL603"),
                                               (11, "GL606"), (12, "GL106")}
    assert found(lint(code, torch="2.8")) == {(7, "GL610"), (8, "GL610"), (11, "GL606")}
