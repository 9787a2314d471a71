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


def _measured_versions(probes) -> list[str]:
    """The versions every one of these probes was run on (probes added later cover fewer versions)."""
    return [v for v in VERSIONS if all(TABLE[p]["by_version"].get(v) is not None for p in probes)]


@pytest.mark.parametrize("code", [c for c, r in load_catalog().items() if r.probes])
def test_rule_range_matches_the_measured_table(code):
    rule = load_catalog()[code]
    versions = _measured_versions(rule.probes)
    for version, breaks in zip(versions, encode.breaks_on_versions(list(rule.probes), versions, TABLE)):
        assert rule.applies_to(parse_version(version)) == breaks, f"{code} on torch {version}"
    measured = {TABLE["_meta"]["versions"][v].split("+")[0] for v in versions}
    assert set(rule.measured_on) == measured


def test_every_rule_but_one_is_backed_by_probes():
    # GL9xx rules are the dynamic pass's own findings (any break Dynamo reports), not a probed pattern.
    # GL0xx rules are about graphlint's own comments: nothing to measure.
    unmeasured = [c for c, r in load_catalog().items() if not r.probes and not c.startswith(("GL9", "GL0"))]
    # measured by hand on 2.13 only (see their pages); GL705 from the GB0119 reason that probe
    # `user_module_init_breaks` records on each version, which a yes/no verdict cannot express (a print breaks too)
    assert unmeasured == ["GL304", "GL611", "GL613", "GL616", "GL705"]


@pytest.mark.parametrize("code", [c for c, k in all_checks().items() if getattr(k, "MEASURED_FORMS", None)])
def test_form_ranges_match_the_measured_table(code):
    for form, (probe, specifier) in all_checks()[code].MEASURED_FORMS.items():
        for version in _measured_versions([probe]):
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


def test_tensor_as_number_forms(lint):
    code = """
    import torch
    import torch.nn.functional as F

    @torch.compile
    def f(x, lengths: torch.Tensor, idx: torch.Tensor):
        y = x * 2
        a = y.mean()
        n = lengths.min()
        p = torch.add(y, y, alpha=a)
        q = torch.addcdiv(y, y, y.abs() + 1, value=a)
        r = y.addcdiv(y, y.abs() + 1, value=a)
        s = y.masked_fill(y > 0, value=a)
        h = F.one_hot(idx, idx.max() + 1)
        return p + q + r + s + y[..., :n], h
    """
    # torch.addcdiv(a, b, c, value=t) never breaks (Dynamo rewrites it); the method form does
    for version in ("2.0", "2.1", "2.4", "2.13", "2.15"):
        assert found(lint(code, torch=version)) == {(10, "GL503"), (12, "GL503"), (14, "GL503"), (15, "GL503")}


def test_sparse_forms_follow_their_measured_ranges(lint):
    code = """
    import torch

    @torch.compile
    def from_grad(p):
        return p.grad.coalesce().to_dense()

    @torch.compile
    def built(x):
        return torch.sparse_coo_tensor(torch.tensor([[0, 1]]), x[:2], (4,)).to_dense()

    @torch.compile
    def converted(x):
        return x.to_sparse()
    """
    assert found(lint(code, torch="2.2")) == set()
    assert found(lint(code, torch="2.3")) == {(6, "GL612"), (10, "GL612")}
    assert found(lint(code, torch="2.4")) == {(10, "GL612")}
    assert found(lint(code, torch="2.5")) == {(6, "GL612"), (10, "GL612")}
    assert found(lint(code, torch="2.13")) == {(6, "GL612"), (10, "GL612"), (14, "GL612")}


def _graph_counts(probe: str) -> dict[str, int]:
    """torch version → how many graphs Dynamo compiled for the probe, from the stored measurements."""
    counts = {}
    for path in sorted((ROOT / "measurements" / "results").glob("torch-*.json")):
        if path.name.endswith(".partial.json"):
            continue
        result = json.loads(path.read_text())["results"].get(probe)
        if result is not None:
            counts[path.name[len("torch-"):].split("+")[0]] = result["variants"]["default"]["explain"]["graph_count"]
    return counts


@pytest.mark.parametrize("probe", ["genexpr_item_then_print", "optimizer_ctor_generator"])
def test_lost_generator_range_matches_the_graph_counts(probe):
    # a lost generator leaves the whole function eager: no graph at all, which a yes/no verdict cannot show
    from graphlint.walker import GENERATOR_SKIPS
    counts = _graph_counts(probe)
    assert len(counts) >= 3
    for version, graphs in counts.items():
        assert matches(parse_version(version), GENERATOR_SKIPS) == (graphs == 0), f"{probe} on torch {version}"


def test_generator_break_hides_the_rest_from_2_7(lint):
    code = """
    import torch

    @torch.compile
    def f(x, xs):
        s = sum(t.sum().item() for t in xs)
        print("total", s)
        return x + s
    """
    assert found(lint(code, torch="2.6")) == {(6, "GL101"), (7, "GL201")}
    assert found(lint(code, torch="2.13")) == {(6, "GL101")}


def test_a_tensor_slice_bound_is_a_break_dynamo_cannot_resume_from():
    # after the break at `y[:n]` Dynamo runs the rest eagerly: no graph after it (the print is no break), while
    # after `y.view(n, -1)`, a call, it resumes and compiles the graph after the print
    from graphlint.checks.gl503_tensor_value_as_size import UNRESUMABLE_SLICE
    slices, views = _graph_counts("slice_bound_then_print"), _graph_counts("view_0d_then_print")
    assert len(slices) >= 3
    for version, graphs in slices.items():
        assert matches(parse_version(version), UNRESUMABLE_SLICE) == (graphs == 1), f"torch {version}"
        assert views[version] == 2, f"torch {version}"


def test_requires_grad_on_a_tensor_made_here_follows_its_measured_forms(lint):
    code = """
    import torch

    @torch.compile
    def grid(x, steps: int):
        t = torch.arange(steps, dtype=torch.float32)
        t.requires_grad_(True)
        return x * len(t)
    """
    # nothing derived from `t` leaves the graph: a break while Dynamo rejected every requires_grad_(), none since
    # it traces the call and checks the outputs (probe requires_grad_intermediate_unused); none before it cared
    assert found(lint(code, torch="2.10")) == {(7, "GL704")}
    assert found(lint(code, torch="2.13")) == set()
    assert found(lint(code, torch="2.1")) == set()
    returned = code.replace("return x * len(t)", "return x * t")
    assert found(lint(returned, torch="2.13")) == {(7, "GL704")}


@pytest.mark.parametrize("folder, file", [("torch-2.4.1+cpu.dist-info", "METADATA"),
                                          ("torch.egg-info", "PKG-INFO")])
def test_installed_version_is_what_importlib_metadata_reads(tmp_path, monkeypatch, folder, file):
    """The installed torch is found without importing importlib.metadata (start-up), with the same answer."""
    from importlib import metadata

    from graphlint.torch_version import _torch_metadata_on_path, installed_torch_version

    assert installed_torch_version() == metadata.version("torch")  # this venv's torch 2.13.0
    site = tmp_path / "site"
    (site / folder).mkdir(parents=True)
    (site / folder / file).write_text("Metadata-Version: 2.1\nName: torch\nVersion: 2.4.1+cpu\n\nVersion: 9\n")
    (site / "torchvision-0.19.1.dist-info").mkdir()  # not torch's
    monkeypatch.syspath_prepend(str(site))
    assert _torch_metadata_on_path() == "2.4.1+cpu"  # found by the quick look, not the fallback
    assert installed_torch_version() == metadata.version("torch") == "2.4.1+cpu"
