"""The engine's second round: a file is checked again only when other files' argument kinds or the functions
now known to break everywhere can change what its check finds (engine._changed_by_round_two)."""
from __future__ import annotations

from conftest import lint_tree

from graphlint import engine

FILES = {
    "pkg/__init__.py": "",
    # `ratio` is no tensor by its name alone: only the caller in model.py shows that it is one
    "pkg/radius.py": """
        def update_radius(delta, ratio):
            if ratio > 0.75:
                return delta * 2.0
            return delta
    """,
    # annotated: what model.py passes changes nothing here
    "pkg/scaling.py": """
        import torch

        def scale(x: torch.Tensor, factor: torch.Tensor) -> torch.Tensor:
            print("scaling by", factor)
            return x * factor
    """,
    "pkg/model.py": """
        from torch import nn
        from pkg.radius import update_radius
        from pkg.scaling import scale

        class Step(nn.Module):
            def forward(self, x, y):
                r = x.sum() / y.sum()
                d = update_radius(x, r)
                return scale(d, r)
    """,
}


def _checked_per_round(monkeypatch) -> list[list[str]]:
    rounds: list[list[str]] = []
    check = engine._CheckRun._check

    def spy(self, paths, seeds):
        rounds.append(sorted(paths))
        return check(self, paths, seeds)

    monkeypatch.setattr(engine._CheckRun, "_check", spy)
    return rounds


def test_a_seed_that_gives_a_parameter_a_new_kind_checks_its_file_again(tmp_path, monkeypatch):
    rounds = _checked_per_round(monkeypatch)
    result = lint_tree(tmp_path, FILES, scope="modules")
    found = {(f.path, f.line, f.code) for f in result.findings}
    assert ("pkg/radius.py", 3, "GL401") in found  # `if ratio > 0.75` on the tensor model.py passes
    assert ("pkg/scaling.py", 5, "GL201") in found  # kept from the first round
    assert rounds[0] == ["pkg/model.py", "pkg/radius.py", "pkg/scaling.py"]
    # scaling.py is seeded too (model.py passes it tensors), but its parameters are annotated as tensors
    assert rounds[1:] == [["pkg/radius.py"]]


def test_a_file_calling_a_function_newly_known_to_break_is_checked_again(tmp_path, monkeypatch):
    files = dict(FILES)
    files["pkg/radius.py"] = """
        def update_radius(delta, ratio):
            print("radius", ratio)
            return delta
    """
    files["pkg/scaling.py"] = """
        import torch
        from pkg.radius import update_radius

        def scale(x: torch.Tensor, factor: torch.Tensor) -> torch.Tensor:
            x = update_radius(x, factor)
            return x * factor
    """
    rounds = _checked_per_round(monkeypatch)
    result = lint_tree(tmp_path, files, scope="modules")
    found = {(f.path, f.line, f.code) for f in result.findings}
    assert ("pkg/radius.py", 3, "GL201") in found
    # the second round knows update_radius breaks on every call, so scaling.py, which calls it and is seeded by
    # model.py, is checked again even though the seed changes no parameter of it (radius.py: `ratio` is a tensor)
    assert rounds[1:] == [["pkg/radius.py", "pkg/scaling.py"]]


def test_a_tensor_from_every_caller_elsewhere_overrules_a_number_annotation(tmp_path, monkeypatch):
    """`ratio: float` is what the author meant; a tensor is what model.py hands it, and what Dynamo sees."""
    files = dict(FILES)
    files["pkg/radius.py"] = """
        def update_radius(delta, ratio: float):
            if ratio > 0.75:
                return delta * 2.0
            return delta
    """
    rounds = _checked_per_round(monkeypatch)
    found = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, files, scope="modules").findings}
    assert ("pkg/radius.py", 3, "GL401") in found
    assert rounds[1:] == [["pkg/radius.py"]]
    # a caller that passes a float keeps the annotation's word
    files["pkg/model.py"] = files["pkg/model.py"].replace("r = x.sum() / y.sum()", "r = 0.5")
    found = {(f.path, f.line, f.code) for f in lint_tree(tmp_path / "float", files, scope="modules").findings}
    assert ("pkg/radius.py", 3, "GL401") not in found


def test_a_call_of_unknown_kind_does_not_veto_a_seed(tmp_path):
    """pomegranate: `_check_parameter(X, check_parameter=self.check_data)` from many files; one passes the buffer it
    registers (a tensor), another an attribute of no known kind. The tensor call breaks at the comparison (Dynamo on
    2.13), so the parameter is seeded as a tensor: the unknown call says nothing against it."""
    files = {
        "pk/__init__.py": "",
        "pk/utils.py": """
            def check(parameter, check_parameter=True):
                if check_parameter == False:
                    return parameter
                return parameter * 1
            """,
        "pk/normal.py": """
            import torch

            from pk.utils import check

            class Normal(torch.nn.Module):
                def __init__(self, check_data=True):
                    super().__init__()
                    self.register_buffer("check_data", torch.tensor(check_data))

                def forward(self, X):
                    return check(X, check_parameter=self.check_data)
            """,
        "pk/other.py": """
            import torch

            from pk.utils import check

            class Other(torch.nn.Module):
                def __init__(self, options):
                    super().__init__()
                    self.options = options

                def forward(self, X):
                    return check(X, check_parameter=self.options.check)
            """,
    }
    got = {(f.path.replace("\\\\", "/"), f.line, f.code) for f in lint_tree(tmp_path, files).findings}
    assert got == {("pk/utils.py", 3, "GL401")}
