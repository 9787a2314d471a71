"""The 1xx/3xx/6xx/7xx rules beyond the headline families: what they flag and what they leave alone."""

import pytest

from conftest import found, lint_tree

HEADER = """
import copy, ctypes, datetime, json, math, pickle, random, sys, threading, time, zlib
import torch
from torch import nn

_LOCK = threading.Lock()
_LIBC = ctypes.CDLL(None)
SCALE = 2.0

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self._lock = threading.Lock()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
{body}
        return x
"""


def codes(lint, body: str) -> set[str]:
    indented = "\n".join("        " + line for line in body.strip().splitlines())
    return {c for _, c in found(lint(HEADER.format(body=indented)))}


@pytest.mark.parametrize("body, code", [
    ("s = str(x)", "GL105"),
    ("s = repr(x.sum())", "GL105"),
    ("v = sorted([x.sum(), x.mean()])", "GL106"),
    ("v = math.sqrt(x.abs().sum())", "GL302"),
    ("v = _LIBC.abs(-3)", "GL303"),
    ("y = copy.deepcopy(x)", "GL602"),
    ("m = copy.deepcopy(self.lin)", "GL602"),
    ("t0 = time.time()", "GL603"),
    ("t0 = time.perf_counter()", "GL603"),
    ("r = random.random()", "GL603"),
    ("d = datetime.datetime.now()", "GL603"),
    ("n = sys.getsizeof(x)", "GL603"),
    ("c = zlib.crc32(b'abc')", "GL603"),
    ("torch.manual_seed(0)", "GL603"),
    ("g = torch.Generator()", "GL603"),
    ("s = pickle.dumps({'a': 1})", "GL603"),
    ("i = random.choice([1, 2])", "GL603"),
    ("state = torch.random.get_rng_state()", "GL603"),
    ("torch.set_rng_state(torch.get_rng_state())", "GL603"),
    ("import numpy as np\nr = np.random.rand()", "GL301"),
    ("import numpy as np\nrows = np.random.choice(4, size=2, replace=False)", "GL301"),
    ("import numpy as np\np = np.random.permutation(4)", "GL301"),
    ("from tqdm import tqdm\nfor i in tqdm(range(3)):\n    x = x + i", "GL603"),
    ("from tqdm.auto import trange\nfor i in trange(3, disable=True):\n    x = x + i", "GL603"),
    ("import networkx as nx\ng = nx.Graph()", "GL603"),
    ("f = open('data.txt')", "GL604"),
    ("s = json.dumps({'a': 1})", "GL605"),
    ("g = globals()['SCALE']", "GL606"),
    ("breakpoint()", "GL607"),
    ("torch._dynamo.graph_break()", "GL608"),
    ("with _LOCK:\n    x = x * 2", "GL609"),
    ("with self._lock:\n    x = x * 2", "GL609"),
    ("x = x * (hash(x) == 3)", "GL610"),
    ("x = x * (x.data_ptr() == 0)", "GL610"),
    ("p = nn.Parameter(torch.ones(4))", "GL701"),
    ("x.sum().backward()", "GL702"),
    ("y = x * 2\ny.backward(torch.ones_like(y))", "GL702"),
    ("g, = torch.autograd.grad(x.sum(), x)", "GL702"),
    ("x.retain_grad()", "GL703"),
    ("y = x * 2\ny.requires_grad = True", "GL704"),
    ("x.requires_grad_()", "GL704"),
])
def test_flagged(lint, body, code):
    assert code in codes(lint, body)


@pytest.mark.parametrize("body", [
    "s = f'{x.sum()}'",
    "s = str(x.shape)",
    "v = sorted([3, 1, 2])",
    "v = sorted(self.lin.parameters(), key=lambda p: p.numel())",
    "v = math.sqrt(x.shape[-1])",
    "v = math.sqrt(2.0)",
    "d = copy.deepcopy({'a': 1})",
    "h = hash(x)",
    "p = x.data_ptr()",
    "x = x * SCALE",
    "with torch.no_grad():\n    x = x * 2",
    "if not torch.compiler.is_compiling():\n    t0 = time.time()",
    "self._accelerator.backward(x.sum())",  # a training framework's wrapper taking the loss
    "i = random.randrange(4) + 1",  # traced on 2.9 to 2.15 (probe random_randrange)
    "import numpy as np\nr = np.random.normal(0.0, 1.0, size=4)",  # an array: stays in the graph
    # a RandomState's methods are not measured: not flagged, and no internal error (monai)
    "import numpy as np\nrs = np.random.random.__self__\nc = rs.choice(4)\nd = np.random.random.__self__.rand()",
])
def test_not_flagged(lint, body):
    assert codes(lint, body) == set()


def test_forward_hook_is_traced(lint):
    code = """
    import torch
    from torch import nn

    def log_hook(module, inputs, output):
        print("output", output.shape)

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)
            self.lin.register_forward_hook(log_hook)

        def forward(self, x):
            return self.lin(x)
    """
    result = lint(code)
    assert found(result) == {(6, "GL201")}
    assert result.findings[0].region.chain == ("forward hook log_hook",)


def test_generator_use_is_flagged(lint):
    code = """
    import torch

    G = torch.Generator().manual_seed(0)

    @torch.compile
    def f(x):
        return x + torch.randn(x.shape, generator=G)
    """
    result = lint(code)
    assert found(result) == {(8, "GL603")}
    assert result.findings[0].gb == ("GB0055",)


def test_generator_flagged_only_when_known_to_be_one(lint):
    code = """
    import torch

    @torch.compile
    def sample(shape, generator=None, seed: int = 0):
        if isinstance(generator, list) and len(generator) == 1:
            generator = generator[0]
        noise = torch.randn(shape, generator=generator)  # usually None: traced without a break
        g = torch.Generator().manual_seed(seed)
        return noise + torch.randn(shape, generator=g)
    """
    assert found(lint(code)) == {(9, "GL603"), (10, "GL603")}


def test_python_function_of_a_package_with_an_extension_is_not_a_c_call(tmp_path, monkeypatch):
    # POT-style: a package with one compiled module; its own Python helpers are analysed where they are
    # defined, only the call into the extension module is GL303
    from conftest import lint_tree
    from graphlint.analysis.extensions import compiled_package
    (tmp_path / "fastpkg").mkdir()
    (tmp_path / "fastpkg" / "_ext.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    monkeypatch.syspath_prepend(str(tmp_path))
    compiled_package.cache_clear()
    result = lint_tree(tmp_path, {
        "fastpkg/__init__.py": "from .utils import to_array\n",
        "fastpkg/utils.py": "def to_array(x):\n    return x\n",
        "fastpkg/model.py": """
            import torch
            from torch import nn
            from fastpkg import to_array
            from fastpkg.utils import to_array as again
            from fastpkg._ext import solve

            class Solver(nn.Module):
                def forward(self, x):
                    x = to_array(x) + again(x)
                    return solve(x)
            """,
    })
    compiled_package.cache_clear()
    assert {(f.path.replace("\\\\", "/").rsplit("/", 1)[-1], f.line, f.code) for f in result.findings
            if f.code == "GL303"} == {("model.py", 11, "GL303")}


def test_method_of_a_skip_listed_object_kept_on_self(lint):
    # pytorch-accelerated's progress-bar callback: `self.pbar = tqdm(...)` in one hook, `self.pbar.update(1)`
    # in the traced one (measured on 2.13: GB0008, `tqdm.update` is marked as skipped)
    code = """
import torch
from torch import nn
from tqdm import tqdm

class Loop(nn.Module):
    def __init__(self):
        super().__init__()
        self.pbar = tqdm(total=3)
        self.steps = 0

    def forward(self, x):
        self.pbar.update(1)
        self.steps.bit_length()
        return x * 2
"""
    assert found(lint(code)) == {(13, "GL603")}


NUMPY_METRICS = {
    "metrics.py": '''
        import numpy as np


        def ndcg(pred_scores, ground_truth, k=3):
            """Parameters
            ----------
            pred_scores : :obj:`numpy.array`
                The scores.
            ground_truth : :obj:`numpy.array`
                The relevant items.
            """
            tp = 1. / np.log2(np.arange(2, k + 2))
            hits = ground_truth.nonzero()
            return np.array([tp[:min(int(n), k)].sum() for n in ground_truth.sum(axis=1)]), hits
    ''',
    "evaluate.py": '''
        import torch
        from metrics import ndcg


        @torch.compile
        def evaluate(scores, truth):
            return ndcg(scores, truth)
    ''',
}


def test_documented_arrays_in_a_numpy_only_module(tmp_path):
    # rectorch's metrics module imports numpy alone: its parameters are known to be arrays only from the
    # docstring (`:obj:`numpy.array``), and a compiled caller hands them to Dynamo, which traces them
    result = lint_tree(tmp_path, NUMPY_METRICS, scope="auto")
    assert {(f.path.rsplit("/", 1)[-1], f.line, f.code) for f in result.findings} == {
        ("metrics.py", 14, "GL502"), ("metrics.py", 15, "GL301")}


def test_a_deferred_break_in_a_frame_dynamo_cannot_start_on(lint):
    # castle's critic: `requires_grad_()` on a tensor made in an nn.Module's `__init__`, whose breaks all skip
    # the frame: the deferred break is no frame skip of its own, the parameter's break skips the frame before
    # any graph is compiled, and linting does not fail (it raised KeyError before)
    result = lint("""
    import torch
    from torch import nn

    class Critic(nn.Module):
        def __init__(self, n):
            super().__init__()
            w0 = torch.zeros(n, n)
            self.w0 = nn.Parameter(w0.requires_grad_(True))
            self.head = nn.Linear(n, 1)

        def forward(self, x):
            return self.head(x @ self.w0)

    @torch.compile
    def fit(x):
        return Critic(x.shape[-1])(x)
    """, scope="all")
    assert result.errors == []
    assert found(result) == {(7, "GL705"), (9, "GL701")}


def test_data_loaders_known_by_construction_annotation_and_name(lint):
    result = lint("""
    from typing import Optional
    import torch
    from torch.utils.data import DataLoader

    class Trainer:
        def evaluate(self, x, loader: Optional[DataLoader] = None):
            if loader is None:
                return x
            return x / len(loader)

        def validate(self, x):
            for batch in self.val_dataloader():
                x = x + batch
            return x

        def count(self, x, valid_dl):
            return x * len(valid_dl)

        def lengths(self, x, loaders: list):
            return x * len(loaders)

        def from_a_list(self, x):
            loader = [x, x + 1]
            for item in loader:
                x = x + item
            return x

        def rebuild(self, x, dataset):
            dl = DataLoader(dataset, batch_size=2)
            return x * len(dl)
    """, scope="all")
    assert {(line, code) for line, code in found(result) if code == "GL615"} == {
        (10, "GL615"), (13, "GL615"), (18, "GL615"), (30, "GL615"), (31, "GL615")}


def test_coalesce_of_an_object_a_foreign_method_returned_is_not_sparse(lint):
    # concept-erasure's `groupby(x, z).map(f).coalesce()`: its own GroupedTensor; a tensor has no `.map`
    result = lint("""
    import torch
    from mylib import groupby

    def erase(x, z, f):
        return groupby(x, z).map(f).coalesce()

    def densify(adj):
        return adj.coalesce()
    """, scope="all")
    assert {(line, code) for line, code in found(result) if code == "GL612"} == {(9, "GL612")}


def test_sparse_arguments_named_only_through_an_import(lint):
    # the pre-scan for sparse arguments skips functions that name no sparse op; `aggregate` names one only
    # through what `ts` stands for, so it must still be scanned
    result = lint("""
    import torch
    import torch.sparse as ts

    def aggregate(adj, x):
        n = adj.shape[0]
        return ts.mm(adj, x) / n

    def dense(adj, x):
        return adj @ x
    """, scope="all")
    # the graph breaks where the sparse argument is first used, before the sparse op
    assert {(line, code) for line, code in found(result) if code == "GL612"} == {(6, "GL612")}


def test_torchvision_box_ops_that_keep_a_data_dependent_number_of_boxes(lint):
    # measured on 2.13.0 with torchvision 0.28 (held-out set 34): nms, batched_nms and remove_small_boxes
    # break with GB0036 at the caller's line; box_iou / roi_align / box_convert trace into one graph
    code = """
    import torch
    import torchvision
    from torch import nn
    from torchvision.ops import batched_nms, box_iou, boxes as box_ops

    class Detector(nn.Module):
        def forward(self, boxes, scores, labels):
            iou = box_iou(boxes, boxes)
            keep = torchvision.ops.nms(boxes, scores, 0.5)
            keep = batched_nms(boxes, scores, labels, 0.5)
            keep = box_ops.remove_small_boxes(boxes, 1e-3)
            keep = torch.ops.torchvision.nms(boxes, scores, 0.5)
            return iou, keep, torchvision.ops.box_convert(boxes, "xyxy", "cxcywh")
    """
    assert found(lint(code)) == {(10, "GL502"), (11, "GL502"), (12, "GL502"), (13, "GL502")}


def test_torchvision_nms_breaks_in_its_own_frame_when_the_caller_is_skipped(lint):
    # facenet-pytorch's `detect_face` (set 47): a break inside its loop (in a callee) makes Dynamo skip the whole
    # function, but each `batched_nms` call is torchvision's own Python frame, compiled on its own: GB0036 at the
    # caller's line, in the ground truth; the ops after it in the skipped function do not break
    code = """
    import torch
    from torchvision.ops.boxes import batched_nms

    def _candidates(probs, thresh: float):
        mask = probs >= thresh
        return mask.nonzero()

    @torch.compile
    def detect(probs, boxes, idx):
        picks = []
        for t in (0.5, 0.7):
            inds = _candidates(probs, t)
            picks.append(batched_nms(boxes[inds[:, 0]], probs, idx, t))
        out = torch.cat(picks)
        return out[out > 0]
    """
    assert found(lint(code)) == {(7, "GL502"), (14, "GL502")}


SDE_SAMPLER = """
    import torch
    import torchsde
    from torchdiffeq import odeint

    class BrownianNoise(torch.nn.Module):
        def __init__(self, x, seeds):
            super().__init__()
            self.trees = [torchsde.BrownianTree(0.0, torch.zeros_like(x), 1.0, entropy=s) for s in seeds]
            self.bm = torchsde.BrownianInterval(t0=0.0, t1=1.0, size=x.shape)

        def forward(self, x, t0, t1):
            return x + self.bm(t0, t1)

    @torch.compile
    def log_likelihood(f, x):
        bm = torchsde.BrownianInterval(t0=0.0, t1=1.0, size=x.shape)
        noise = bm(0.2, 0.5)
        return odeint(f, x + noise, torch.linspace(0, 1, 3), method="dopri5")
    """


def test_sde_and_ode_solvers_break_inside_themselves(lint):
    # k-diffusion (set 48): building or calling torchsde's Brownian motion, and torchdiffeq's odeint, break inside the
    # library (measurements/sde-ode-solvers-2.13.txt); the library's frame is compiled even when the caller's is not
    result = lint(SDE_SAMPLER, scope="all")
    assert found(result) == {(9, "GL616"), (10, "GL616"), (13, "GL616"), (17, "GL616"), (18, "GL616"), (19, "GL616")}


def test_sde_solvers_linted_along_are_analysed_inside(tmp_path):
    # torchsde linted with the project: its own code is walked, the calls are not reported from outside
    result = lint_tree(tmp_path, {
        "torchsde/__init__.py": "class BrownianInterval:\n    def __init__(self, t0, t1, size):\n        self.size = size\n",
        "model.py": SDE_SAMPLER.replace("from torchdiffeq import odeint", "odeint = None")}, scope="all")
    reported = {f.line for f in result.findings if f.path == "model.py" and f.code == "GL616"}
    assert 9 in reported and not reported & {10, 17, 18}  # BrownianTree is not among the linted files


def test_torchvision_own_nms_wrapper_is_analysed_where_the_op_is_called(tmp_path):
    # linting torchvision itself: the break is on the `torch.ops.torchvision.nms` line, and the project's own
    # `nms` wrapper is not reported at its callers a second time
    result = lint_tree(tmp_path, {
        "torchvision/__init__.py": "",
        "torchvision/ops/__init__.py": "from .boxes import nms\n",
        "torchvision/ops/boxes.py": """
            import torch

            def nms(boxes, scores, iou_threshold: float):
                return torch.ops.torchvision.nms(boxes, scores, iou_threshold)
            """,
        "model.py": """
            import torch
            from torch import nn
            from torchvision.ops import nms

            class Head(nn.Module):
                def forward(self, boxes, scores):
                    return nms(boxes, scores, 0.5)
            """,
    }, scope="all")
    assert {(f.path.replace("\\", "/").rsplit("/", 1)[-1], f.line, f.code) for f in result.findings
            if f.code == "GL502"} == {("boxes.py", 5, "GL502")}


def test_a_torch_operator_library_is_python_to_dynamo(tmp_path, monkeypatch):
    # torchvision-style: the `.so` is loaded with torch.ops.load_library and called as torch.ops.<ns>.<op>, so
    # the package's Python functions are not calls into C; a package whose `.so` is a Python extension is, but
    # not a method of its `__version__` string
    from graphlint.analysis.extensions import compiled_package
    for package, loader in (("opslib", "torch.ops.load_library(path)\n"), ("clib", "from . import _impl\n")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "_C.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
        (tmp_path / package / "extension.py").write_text("import torch\npath = 'x'\n" + loader)
        (tmp_path / package / "boxes.py").write_text("def area(b):\n    return b\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    compiled_package.cache_clear()
    try:
        result = lint_tree(tmp_path / "user", {
            "model.py": """
                import clib
                import torch
                from torch import nn
                from opslib.boxes import area
                from clib.boxes import area as c_area

                class Head(nn.Module):
                    def forward(self, b):
                        version = tuple(int(v) for v in clib.__version__.split("."))
                        a = area(b)
                        return a + c_area(b)
                """,
        })
    finally:
        compiled_package.cache_clear()
    assert {(f.line, f.code) for f in result.findings if f.code == "GL303"} == {(12, "GL303")}


def test_torchvision_random_transforms_called_in_traced_code(lint):
    # measured on 2.13.0 with torchvision 0.28 (measurements/torchvision_transforms.py): the random transforms
    # and v1 Normalize break inside torchvision; CenterCrop, v2 Normalize and v1 RandomOrder do not
    code = """
    import torch
    from torch import nn
    from torchvision import transforms as T
    from torchvision.transforms import v2

    class Dino(nn.Module):
        def __init__(self):
            super().__init__()
            self.local_crop = T.RandomResizedCrop(96, scale=(0.05, 0.4))
            self.augment = T.Compose([T.CenterCrop(96), T.RandomApply([T.ColorJitter(0.8, 0.8, 0.8)], p=0.3)])
            self.center = T.CenterCrop(96)
            self.norm1 = T.Normalize([0.5] * 3, [0.2] * 3)
            self.norm2 = v2.Normalize([0.5] * 3, [0.2] * 3)
            self.order = T.RandomOrder([T.CenterCrop(8)])
            self.shuffle = v2.RandomOrder([v2.CenterCrop(8)])

        def forward(self, x):
            a = self.local_crop(x)
            b = self.augment(x)
            c = self.center(x) + self.norm2(x)
            d = self.norm1(x)
            e = self.order(x)
            f = self.shuffle(x)
            flip = v2.RandomHorizontalFlip()
            g = flip(x)
            h = T.RandomVerticalFlip(p=0.5)(x)
            i = T.functional.normalize(x, [0.5] * 3, [0.2] * 3)
            return a, b, c, d, e, f, g, h, i
    """
    assert found(lint(code)) == {(19, "GL616"), (20, "GL616"), (22, "GL616"), (24, "GL616"), (26, "GL616"),
                                 (27, "GL616"), (28, "GL616")}


def test_gradient_clipping_breaks_only_when_strict_or_given_a_tensor_bound(lint):
    # fixtures/cases/grad_clipping.py measures the forms under real Dynamo; here: the parameter default
    # (Lightning's `error_if_nonfinite: bool = True`) and the forms that stay quiet
    code = """
    import torch
    from torch import nn

    class Step(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)

        def forward(self, x, strict=True, lenient=False, max_norm=1.0):
            a = nn.utils.clip_grad_norm_(self.lin.parameters(), max_norm, error_if_nonfinite=strict)
            b = nn.utils.clip_grad_norm_(self.lin.parameters(), max_norm, error_if_nonfinite=lenient)
            c = nn.utils.clip_grad_norm_(self.lin.parameters(), max_norm=2.0, norm_type=2.0)
            nn.utils.clip_grad_value_(self.lin.parameters(), clip_value=x.abs().amax())
            nn.utils.clip_grad_value_(self.lin.parameters(), 0.5)
            return x * (a + b + c)
    """
    assert found(lint(code)) == {(11, "GL616"), (14, "GL616")}


def test_every_sparse_only_method_passes_the_sparse_word_gate():
    # GL612 pre-scans only the files and functions that hold a sparse word; a method the gate missed would
    # never be seen. The private accessors are whole words, so `past_key_values` does not open the gate.
    from graphlint.checks.gl612_sparse_tensor import _SPARSE_WORDS, SPARSE_ONLY_METHODS, SPARSE_OPERAND

    assert all(_SPARSE_WORDS.search(name) for name in SPARSE_ONLY_METHODS | set(SPARSE_OPERAND))
    assert not _SPARSE_WORDS.search("past_key_values = cache.key_values; topk_indices = idx")


def test_lightning_logging_breaks_in_a_lightning_module_and_its_subclasses(tmp_path):
    # measured on 2.13.0 with pytorch_lightning 2.6.6 (measurements/lightning_log.py): `self.log` / `self.log_dict`
    # go through a `torch.compiler.disable()`d function under a Trainer and warn without one. A LightningModule is an
    # nn.Module: its `__init__` is construction (no GL701 for the layers it builds). A class with its own `log` is not
    # Lightning's.
    files = {
        "base.py": """
            import lightning as L
            import torch

            class Base(L.LightningModule):
                def __init__(self):
                    super().__init__()
                    self.layer = torch.nn.Linear(4, 1)

                def training_step(self, batch, batch_idx):
                    loss = self.layer(batch).pow(2).mean()
                    self.log("train_loss", loss, prog_bar=True)
                    return loss
        """,
        "child.py": """
            import torch
            from base import Base

            class Child(Base):
                def validation_step(self, batch, batch_idx):
                    loss = self.layer(batch).pow(2).mean()
                    self.log_dict({"val_loss": loss})
                    return loss

                def manual_step(self, batch):
                    loss = self.layer(batch).pow(2).mean()
                    self.manual_backward(loss)  # measurements/lightning_trainer.py
                    return loss * 2

            class Plain(torch.nn.Module):
                def forward(self, x):
                    self.log("x", x)
                    return x * 2

                def log(self, name, value):
                    return None

            class ManualMixin:
                def step(self, loss):
                    self.manual_backward(loss)  # a solver mixin's: the name is Lightning's alone
                    return loss
        """,
    }
    result = lint_tree(tmp_path, files, scope="auto")
    got = {(f.path, f.line, f.code) for f in result.findings}
    assert got == {("base.py", 12, "GL616"), ("child.py", 8, "GL616"), ("child.py", 13, "GL616"),
                   ("child.py", 26, "GL616")}, got


def test_a_frame_skip_does_not_hide_a_break_inside_a_third_party_callee(lint):
    # after the print in the loop Dynamo runs `forward` eagerly, but it still compiles `remove_self_loops` as a frame
    # of its own when the eager code calls it, and breaks there; the `.item()` after it is never traced (this module,
    # printing `row.shape`, compiled with bench/accuracy's torch_geometric 2.8.1 through tests/dynamo_breaks.py:
    # breaks at lines 9 and 10 only)
    code = """
    import torch
    from torch import nn
    from torch_geometric.utils import remove_self_loops

    class Net(nn.Module):
        def forward(self, x, edge_index):
            for row in x:
                print(row)
            edge_index, _ = remove_self_loops(edge_index)
            n = x.sum().item()
            return x * n, edge_index
    """
    got = {(line, code) for line, code in found(lint(code))}
    assert got == {(9, "GL201"), (10, "GL616")}, got


def test_torch_geometric_utilities_and_layers_that_break_inside(lint):
    # measured on 2.13.0 with torch_geometric 2.8.1 (measurements/pyg_utils.py): the self-loop, densifying and
    # sampling utilities break inside PyG; `add_self_loops` / `degree` only without `num_nodes`; GCNConv and GATConv
    # unless their normalisation / self-loops are switched off; SAGEConv, softmax and scatter measured clean
    code = """
    import torch
    from torch import nn
    from torch_geometric.nn import GATConv, GCNConv, SAGEConv
    from torch_geometric.utils import add_self_loops, degree, remove_self_loops, softmax, to_dense_adj

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.gat = GATConv(8, 8)
            self.sage = SAGEConv(8, 8)

        def forward(self, x, edge_index, weight):
            edge_index, weight = remove_self_loops(edge_index, weight)
            looped, _ = add_self_loops(edge_index, num_nodes=x.size(0))
            counted, _ = add_self_loops(edge_index)
            deg = degree(edge_index[0], num_nodes=x.size(0)) + degree(edge_index[0])
            adj = to_dense_adj(edge_index)
            att = softmax(weight, edge_index[0], num_nodes=x.size(0))
            plain = GCNConv(8, 8, normalize=False)
            normed = GCNConv(8, 8)
            h = self.gat(x, edge_index) + self.sage(x, edge_index) + plain(x, edge_index) + normed(x, edge_index)
            return h, looped, counted, deg, adj, att
    """
    got = {(line, code) for line, code in found(lint(code, scope="modules"))}
    assert got == {(14, "GL616"), (16, "GL616"), (17, "GL616"), (18, "GL616"), (22, "GL616")}, got


def test_a_logger_imported_from_another_linted_file(tmp_path):
    # PyPOTS (set 48): `from .utils.logging import logger`, where that module binds `logger = logger_creator.logger`
    # (tsdb's Logger object, outside the linted files); a module imported under a logger-like name is not one
    result = lint_tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/utils/__init__.py": "",
        "pkg/utils/logging.py": """
            from tsdb.utils.logging import Logger

            logger_creator = Logger(name="running log")
            logger = logger_creator.logger
            """,
        "pkg/utils/log.py": """
            def info(message):
                return message
            """,
        "pkg/model.py": """
            import torch
            from torch import nn
            from .utils.logging import logger
            from .utils import log

            class Net(nn.Module):
                def forward(self, x):
                    logger.info(f"forward on {x.shape}")
                    log.info("not a logger: a module of functions")
                    return x * 2
            """,
    })
    assert {(f.path, f.line, f.code) for f in result.findings} == {("pkg/model.py", 9, "GL202")}
