"""Dynamo settings visible in the code or environment change the verdict (issue 3, item 3)."""

from conftest import found, lint_tree

MODEL = """
import logging
import warnings
import torch
from torch import nn

log = logging.getLogger(__name__)

class Net(nn.Module):
    def forward(self, x):
        v = x.sum().item()
        n = int(x.max())
        y = x[x > 0]
        idx = torch.nonzero(x)
        print("v", v)
        logging.info("info")
        log.debug("debug")
        warnings.warn("careful")
        return x * v + n + y.sum() + idx.sum()
"""
ALL = {(11, "GL101"), (12, "GL103"), (13, "GL501"), (14, "GL502"), (15, "GL201"), (16, "GL202"),
       (17, "GL202"), (18, "GL203")}


def lint_with(tmp_path, train: str, scope="modules"):
    return lint_tree(tmp_path, {"pkg/__init__.py": "", "pkg/model.py": MODEL, "train.py": train}, scope=scope)


def test_no_settings_everything_breaks(tmp_path):
    assert found(lint_with(tmp_path, "import torch\n")) == ALL


def test_capture_flags_in_the_training_script(tmp_path):
    train = """
import torch
import torch._dynamo.config
torch._dynamo.config.capture_scalar_outputs = True
torch._dynamo.config.capture_dynamic_output_shape_ops = True
"""
    assert found(lint_with(tmp_path, train)) == ALL - {(11, "GL101"), (12, "GL103"), (13, "GL501"), (14, "GL502")}


def test_logging_function_sets(tmp_path):
    train = """
import logging, warnings
import torch
torch._dynamo.config.reorderable_logging_functions.add(print)
torch._dynamo.config.reorderable_logging_functions |= {logging.info, warnings.warn}
torch._dynamo.config.ignore_logging_functions.add(logging.Logger.debug)
"""
    result = lint_with(tmp_path, train)
    assert found(result) == {(11, "GL101"), (12, "GL103"), (13, "GL501"), (14, "GL502"), (17, "GL202")}
    [dropped] = [f for f in result.findings if f.line == 17]
    assert "silently dropped" in dropped.message and dropped.gb == ()


def test_fullgraph_true_turns_on_capture(tmp_path):
    train = """
import torch
from pkg.model import Net
model = torch.compile(Net(), fullgraph=True)
"""
    got = found(lint_with(tmp_path, train, scope="compiled"))
    assert got == ALL - {(11, "GL101"), (12, "GL103"), (13, "GL501"), (14, "GL502")}


def test_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS", "1")
    got = found(lint_with(tmp_path, "import torch\n"))
    assert (11, "GL101") not in got and (13, "GL501") in got


def test_scoped_config_patch_does_not_silence_the_project(tmp_path):
    # kornia patches capture_dynamic_output_shape_ops for one detector; other files still break
    train = """
import torch

def detector_context():
    return torch._dynamo.config.patch(capture_dynamic_output_shape_ops=True)
"""
    got = found(lint_with(tmp_path, train))
    assert (13, "GL501") in got and (14, "GL502") in got


ACCELERATE_LIKE = """
import torch

def prepare(model, fsdp2):
    if fsdp2:
        torch._dynamo.config.capture_scalar_outputs = True
    return torch.compile(model)
"""


def test_setting_inside_another_packages_function_stays_in_that_package(tmp_path):
    # accelerate turns scalar capture on in its FSDP2 compile branch: that says nothing about other libraries
    files = {"pkg/__init__.py": "", "pkg/model.py": MODEL, "train.py": "import torch\n",
             "wrapper/__init__.py": "", "wrapper/accel.py": ACCELERATE_LIKE,
             "wrapper/layers.py": "import torch\nfrom torch import nn\n\nclass L(nn.Module):\n"
                                  "    def forward(self, x):\n        return x * x.sum().item()\n"}
    result = lint_tree(tmp_path, files, scope="modules")
    assert found(result) >= ALL  # pkg's `.item()` and `int(t)` still break
    assert not [f for f in result.findings if f.path.endswith("layers.py")]  # wrapper's own files run captured


def test_setting_inside_a_script_function_holds_for_the_run(tmp_path):
    train = ACCELERATE_LIKE.replace("def prepare", "def main") + "\nmain(None, True)\n"
    assert found(lint_with(tmp_path, train)) == ALL - {(11, "GL101"), (12, "GL103")}


def test_scalar_capture_leaves_a_list_searched_for_a_tensor(tmp_path):
    # measured on 2.13: `l.remove(t)` compares each item with `t` and branches on it; capturing scalars does not help
    model = """
import torch
from torch import nn

class Net(nn.Module):
    def forward(self, x, labels: torch.Tensor):
        rest = list(range(x.shape[-1]))
        rest.remove(labels[0])
        return x[..., rest] * int(x.max())
"""
    train = "import torch\ntorch._dynamo.config.capture_scalar_outputs = True\n"
    files = {"pkg/__init__.py": "", "pkg/model.py": model}
    assert found(lint_tree(tmp_path / "off", files, scope="modules")) == {(8, "GL103"), (9, "GL103")}
    assert found(lint_tree(tmp_path / "on", {**files, "train.py": train}, scope="modules")) == {(8, "GL103")}
