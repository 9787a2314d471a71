"""Tensor inference: metadata checks are never flagged, data-dependent ones are (issue 2, item 5)."""

import pytest

from conftest import found, lint_tree

MODULE = """
import torch
from torch import nn

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.layerdrop = 0.1
        self.scale = nn.Parameter(torch.ones(4))

    def forward(self, x, mask=None, n_heads: int = 2, use_cache: bool = False):
{body}
        return x
"""


def lint_body(lint, body: str, **kw):
    indented = "\n".join("        " + line for line in body.strip().splitlines())
    return found(lint(MODULE.format(body=indented), **kw))


@pytest.mark.parametrize("body", [
    "if x.shape[0] > 2:\n    x = x + 1",
    "if mask is None:\n    x = x + 1",
    "if mask is not None and x.dim() == 2:\n    x = x + 1",
    "assert x.dim() == 4",
    "if self.training:\n    x = x * 2",
    "for i in range(x.size(0)):\n    x = x + i",
    "for i in range(len(x)):\n    x = x + i",
    "b, t, d = x.shape\nif t > 3:\n    x = x[:, :t]",
    "if x.dtype == torch.float16 and x.device.type == 'cpu':\n    x = x.float()",
    "if x.requires_grad:\n    x = x * 1",
    "if x.numel():\n    x = x + 1",
    "if isinstance(x, torch.Tensor):\n    x = x + 1",
    "if use_cache:\n    x = x + 1",
    "if n_heads > 1:\n    x = x + 1",
    "if torch.compiler.is_compiling():\n    x = x + 1",
    "n = int(x.shape[0])\nx = x[:n]",
    "s = f'{x.sum()}'",
    "x[x < 0] = 0",
    "x = torch.where(x > 0, x, 0)",
    "y = x.numpy()\nx = torch.from_numpy(y * 2)",
    "for k in range(3):\n    x = x + k",
    "h = self.proj(x)\nif h.shape[-1] == 4:\n    x = h",
    # a backend's shape query, `.shape` of a value of unknown kind, a type predicate of a library
    "import tensorly as tl\nfor i in range(2, tl.ndim(x)):\n    x = x + i",
    "emb, lengths = mask\nn = emb.shape[-1]\nx = torch.repeat_interleave(x, n, dim=0)",
    "from scipy import sparse\nif sparse.issparse(mask) or x.is_sparse:\n    x = x + 1",
    "from ot.backend import get_backend\nnx = get_backend(x, mask)\nif nx.issparse(x):\n    x = x + 1",
    # sizes handed to factories are no sign of a tensor (clifra's `n = self.algebra.n`)
    "n = self.proj.out_features\nidx = torch.triu_indices(n, n, offset=1)\nx = x + torch.zeros(n, n).sum()",
])
def test_metadata_checks_are_not_flagged(lint, body):
    assert lint_body(lint, body) == set()


@pytest.mark.parametrize("body, code", [
    ("if (x > 0).any():\n    x = x - 1", "GL401"),
    ("p = torch.rand([])\nif p < self.layerdrop:\n    x = x * 0", "GL401"),
    ("n = int(x.max())", "GL103"),
    ("v = x.sum().item()", "GL101"),
    ("h = self.proj(x)\nif h.mean() > 0:\n    x = h", "GL401"),
    ("q, k = x.chunk(2, dim=-1)\nif q.sum() > 0:\n    x = k", "GL401"),
    ("a, b = torch.unique(x, return_counts=True)\nif b.max() > 1:\n    x = x", "GL401"),
    ("y = x.abs().sum(-1).mean()\nwhile y > 1:\n    y = y / 2", "GL401"),
    ("x = x if x.sum() > 0 else -x", "GL402"),
    ("c = (x.sum() > 0) and (x.mean() < 10)", "GL403"),
    ("c = not x.any()", "GL403"),
    ("if self.scale.sum() > 0:\n    x = x", "GL401"),
    ("if mask:\n    x = x", "GL401"),
    # a multi-backend library's functions (POT's `nx = get_backend(...)`) mirror torch's
    ("from ot.backend import get_backend\nnx = get_backend(x, mask)\nif nx.any(x == 0):\n    x = x", "GL401"),
])
def test_data_dependent_checks_are_flagged(lint, body, code):
    codes = {c for _, c in lint_body(lint, body)}
    assert code in codes


def test_helper_return_values_flow_into_the_caller(lint):
    code = """
    import torch
    from torch import nn

    def score(x):
        return x.softmax(-1).max()

    def width(x):
        return x.shape[-1]

    class M(nn.Module):
        def forward(self, x):
            if score(x) > 0.5:
                x = x * 2
            if width(x) > 2:
                x = x * 3
            return x
    """
    assert found(lint(code)) == {(13, "GL401")}


def test_scalar_pulled_out_once_is_not_flagged_again(lint):
    # after `.item()` the value is a Python number: the break is at .item(), not at the `if`
    code = """
    import torch
    from torch import nn

    class M(nn.Module):
        def forward(self, x):
            v = x.sum().item()
            if v > 0:
                x = x * v
            return x
    """
    assert found(lint(code)) == {(7, "GL101")}


def test_non_torch_file_parameters_are_not_tensors(lint):
    code = """
    def f(n, items):
        if n > 0:
            return items[n]
        return items.tolist()
    """
    assert found(lint(code, scope="all")) == set()


def test_isinstance_narrowing_and_predicate_helpers(lint):
    code = """
    import torch
    from torch import nn
    from .util import exists

    class M(nn.Module):
        def forward(self, x, thresholds):
            if isinstance(thresholds, int) and thresholds < 2:
                x = x + 1
            if isinstance(thresholds, int):
                if thresholds > 3:
                    x = x * 2
            if thresholds.sum() > 0:
                x = x - 1
            if exists(x):
                x = x + 2
            return x
    """
    assert found(lint(code)) == {(13, "GL401")}


def test_helper_with_mixed_returns_is_unknown(lint):
    code = """
    import torch
    from torch import nn

    def get(val):
        if isinstance(val, str):
            return val.upper()
        return torch.as_tensor(val)

    class M(nn.Module):
        def forward(self, x):
            if get(x) == "A":
                x = x + 1
            return x
    """
    assert found(lint(code)) == set()


def test_call_site_kinds_flow_into_same_file_helpers(lint):
    code = """
    import torch
    from torch import nn

    def check(a, n):
        if a > 0:
            return a
        if n > 2:
            return a
        return a

    class M(nn.Module):
        def forward(self, x):
            s = x.sum()
            check(s, x.shape[0])
            return x
    """
    # `a` is a tensor at every call site, `n` a Python int: only the first `if` is data-dependent
    assert found(lint(code)) == {(6, "GL401")}


def test_disagreeing_call_sites_leave_a_parameter_unknown(lint):
    code = """
    import torch
    from torch import nn

    def check(a):
        if a > 0:
            return 1
        return 0

    class M(nn.Module):
        def forward(self, x):
            check(x.sum())
            check(3)
            return x
    """
    assert found(lint(code)) == set()


INDEX_PARAMETER = """
import torch

class Search(torch.optim.Optimizer):
    def line_search(self, i, step_size, loss):
        suff_dec = self.avg_gradient_norm[i]
        if loss.item() != 0 and suff_dec >= 1e-8:
            for e in range(3):
                self.update(i, self.params, step_size)
        return step_size

    def update(self, i, params, step_size):
        if i == -1:  # an index, not a tensor: no break
            return [p * step_size for p in params]
        return params
"""


def test_a_parameter_named_i_is_an_index(lint):
    # salsa's `line_search(self, i, ...)` handed its `i` on to `try_sgd_precond_update(i, ...)`, whose
    # `if i == -1:` was taken for a tensor test
    assert found(lint(INDEX_PARAMETER, scope="all")) == {(7, "GL101")}


ID_PARAMETER = """
import os
import torch

class Saver:
    def featurize(self, model_id, grads: torch.Tensor):
        return self.init_store(model_id, grads)

    def init_store(self, model_id, grads):
        prefix = os.path.join(self.save_dir, str(model_id))  # an id: a Python int or str
        return prefix, str(grads)
"""


def test_a_parameter_named_like_an_id_is_no_tensor(lint):
    # traker's `init_store(self, model_id)`: `str(model_id)` was taken for a tensor's str (GL105)
    assert found(lint(ID_PARAMETER, scope="all")) == {(11, "GL105")}


def test_a_parameter_given_to_builtin_min_is_a_count(lint):
    # ptranking's `k=None`: named like attention's key, but `min(size, k)` compares it with `<`, which a tensor of
    # several elements cannot answer; it is a count, and slicing with it reads no tensor
    code = """
import torch

def top_k(x, k=None):
    cutoff = min(x.size(1), k)
    return x[:, 0:cutoff].sum(dim=1)

def top_k_of_tensor(x, k=None):
    return x[:, 0:k].sum(dim=1) + k.sum()
"""
    lines = found(lint(code, scope="all"))
    assert not any(line == 6 for line, _ in lines), lines
    assert (9, "GL503") in lines, lines


def test_a_value_read_from_a_checkpoint_is_no_tensor(lint):
    # rlforge's agent: `self.total_steps = checkpoint['total_steps']` after `torch.load` made every later
    # `if self.total_steps >= ...` a tensor condition
    code = """
import torch
from torch import nn

class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.total_steps = 0

    def load(self, path):
        checkpoint = torch.load(path)
        self.total_steps = checkpoint["total_steps"]

    def forward(self, x):
        self.total_steps += 1
        if self.total_steps >= 10:
            x = x * 2
        return x
"""
    assert not any(code == "GL401" for _, code in found(lint(code, scope="modules")))


def test_a_numpy_array_a_base_class_in_another_file_keeps_on_self(tmp_path):
    # tednet: `_TNBase.__init__` sets `self.in_shape = np.array(in_shape)`, and the layers in other files unpack it
    # into `view`; Dynamo lifts the array into the graph, so each size is read from a tensor (measured on 2.13)
    base = """
    import numpy as np
    from torch import nn

    class Base(nn.Module):
        def __init__(self, in_shape):
            super().__init__()
            self.in_shape = np.array(in_shape)
            self.in_size = np.prod(in_shape)
    """
    layer = """
    import torch
    from .base import Base

    class Layer(Base):
        def forward(self, x):
            y = x.reshape(-1, self.in_size)
            return y.view(-1, *self.in_shape)

    compiled = torch.compile(Layer([2, 2]))
    """
    result = lint_tree(tmp_path, {"pkg/__init__.py": "", "pkg/base.py": base, "pkg/layer.py": layer})
    # a numpy scalar (`np.prod`) as a size did not break there: only the array is flagged
    assert {(f.path.split("/")[-1], f.line, f.code) for f in result.findings} == {("layer.py", 8, "GL301")}


def test_a_module_imported_through_importlib_is_torch(tmp_path):
    # astrophot's backend switch: `self.module = importlib.import_module("torch")`. The fitters import only the
    # backend object, so they are torch files too: `nll(...).item()` there is a tensor's
    files = {
        "pkg/__init__.py": "",
        "pkg/backend.py": """
            import importlib

            class Backend:
                def __init__(self):
                    self.module = importlib.import_module("torch")

                def allclose(self, a, b):
                    return self.module.allclose(a, b)

            backend = Backend()
            """,
        "pkg/fit.py": """
            from pkg.backend import backend

            def nll(data, model):
                return backend.module.sum((data - model) ** 2)

            def step(data, model):
                return nll(data, model).item()
            """,
    }
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, files, scope="auto").findings}
    # and the attribute holding the module resolves: `self.module.allclose` is `torch.allclose`
    assert got == {("pkg/fit.py", 8, "GL101"), ("pkg/backend.py", 9, "GL103")}, got
    # the same backend with numpy: not a torch file, nothing to flag
    files["pkg/backend.py"] = files["pkg/backend.py"].replace('import_module("torch")', 'import_module("numpy")')
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, files, scope="auto").findings}
    assert got == set(), got


def test_an_array_namespace_question_about_dtypes_is_no_tensor(lint):
    # marray's `_is_boolean(key, xp)`: `xp.isdtype(x.dtype, "bool")` answers about the type, not the values
    code = """
    def namespace(xp):
        class MArray:
            def __getitem__(self, key):
                if is_boolean(key, xp) and len(key) > 0:
                    return 1
                return 2
        return MArray

    def is_boolean(x, xp):
        return hasattr(x, "dtype") and xp.isdtype(x.dtype, "bool")
    """
    assert found(lint(code, scope="all")) == set()


def test_isinstance_of_a_class_with_tensor_in_its_name_is_not_a_tensor_check(lint):
    # torch-kirigami's `TensorRef` is a record: past `not isinstance(t, TensorRef) or`, `t` is one, not a tensor
    code = """
    import torch

    class TensorRef:
        def __init__(self, id):
            self.id = id

    @torch.compile
    def check(tensor, refs, x):
        if not isinstance(tensor, TensorRef) or refs.get(tensor.id) != tensor:
            return x
        if not isinstance(x, torch.Tensor) or x.sum() > 0:
            return x * 2
        return x
    """
    assert found(lint(code)) == {(12, "GL401")}


def test_signature_type_comments_declare_parameter_kinds(lint):
    # torchvision's RetinaNet head (held-out set 34): `matched_idxs` is a list of tensors only by its `# type:`
    # comment, so `matched[fg]` is a boolean mask (GL501); `count` is declared an int, so `if count > 0` is no
    # tensor test
    code = '''
    import torch
    from torch import nn

    class Head(nn.Module):
        def forward(self, targets, count):
            return self.compute_loss(targets, self.matcher(targets), count)

        def compute_loss(self, targets, matched_idxs, count):
            # type: (list[dict[str, Tensor]], list[Tensor], int) -> Tensor
            losses = []
            for target, matched in zip(targets, matched_idxs):
                fg = matched >= 0
                losses.append(target["labels"][matched[fg]].sum())
                if count > 0:
                    losses.append(fg.sum())
            return losses
    '''
    assert found(lint(code)) == {(14, "GL501")}


def test_a_type_comment_that_does_not_line_up_with_the_parameters_is_ignored():
    import libcst as cst

    from graphlint.analysis.type_comments import with_comment_annotations
    module = cst.parse_module(
        "def f(self, a, b):\n    # type: (Tensor, int) -> None\n    pass\n"
        "def g(self, a, b):\n    # type: (Tensor) -> None\n    pass\n"
        "def h(a, *rest):\n    # type: (Tensor, *int) -> None\n    pass\n")
    f, g, h = module.body
    annotated = with_comment_annotations(f, list(f.params.params), method=True)
    assert [cst.Module([]).code_for_node(p.annotation.annotation) if p.annotation else None
            for p in annotated] == [None, "Tensor", "int"]
    assert with_comment_annotations(g, list(g.params.params), method=True) == list(g.params.params)
    assert with_comment_annotations(h, list(h.params.params), method=False) == list(h.params.params)


def test_a_part_of_a_call_result_named_as_a_size_is_no_tensor_guess(lint):
    # timm's Twins (held-out set 34): `x, size = embed(x)` returns `(x, (H, W))`, and `reshape(B, *size, -1)`
    # traced without a break; another part of the same guess stays a tensor (`*order` is read as ints, GB0033)
    code = '''
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.embeds = nn.ModuleList([nn.Identity()])

        def forward(self, x):
            B = x.shape[0]
            for embed in self.embeds:
                x, size = embed(x)
                x = x.reshape(B, *size, -1)
                x, order = embed(x)
                x = x.permute(*order)
            return x
    '''
    assert found(lint(code)) == {(16, "GL503")}


def test_a_size_named_part_of_a_project_function_result_keeps_its_read_kind(lint):
    # plenoptic's filters: `kernel_size, std = _validate_filter_args(...)` returns tensors, read from the function
    code = '''
    import torch
    from torch import nn

    def _validate(kernel_size, std):
        return torch.as_tensor(kernel_size), torch.as_tensor(std)

    class Blur(nn.Module):
        def forward(self, x, kernel_size, std):
            kernel_size, std = _validate(kernel_size, std)
            ramp = torch.arange(1, kernel_size[0] + 1)
            return x * ramp * std
    '''
    assert found(lint(code)) == {(11, "GL503")}


def test_signature_type_comments_declare_return_kinds(lint):
    # `# type: (...) -> int` makes a helper's result a number, `-> Tensor` a tensor, as annotations would
    code = '''
    import torch
    from torch import nn

    def count(x):
        # type: (Tensor) -> int
        return x.sum()

    def weights(n):
        # type: (int) -> Tensor
        return make(n)

    class M(nn.Module):
        def forward(self, x):
            if count(x) > 0:
                x = x + 1
            w = weights(3)
            if w > 0:
                x = x * w
            return x
    '''
    assert found(lint(code)) == {(18, "GL401")}


def test_a_name_bound_in_one_branch_keeps_that_branch_kind(lint):
    # segmentation-models-pytorch's focal loss (held-out set 35): the mask exists only where the branch ran,
    # so after the `if` it is that branch's boolean tensor, not a tensor of unknown dtype
    code = '''
    import torch
    from torch import nn

    class Focal(nn.Module):
        def forward(self, y_pred: torch.Tensor, y_true: torch.Tensor, ignore_index=None):
            if ignore_index is not None:
                not_ignored = y_true != ignore_index
            losses = []
            for cls in range(y_pred.size(1)):
                cls_y_true = (y_true == cls).long()
                if ignore_index is not None:
                    cls_y_true = cls_y_true[not_ignored]
                losses.append(cls_y_true.sum())
            return losses
    '''
    assert found(lint(code)) == {(13, "GL501")}


def test_zero_d_after_an_if_is_what_the_tensor_paths_left(lint):
    # the path that binds a tensor or an array decides: a full reduction there leaves a 0-d value (GB0033 when it
    # indexes), a path binding a tensor of unknown rank does not
    code = '''
    import numpy as np
    import torch
    from torch import nn

    class Pick(nn.Module):
        def forward(self, x, category=None, flag: bool = True):
            if category is None:
                category = np.argmax(x.detach().numpy())
            if flag:
                row = x.sum(1).argmax()
            else:
                row = x.nonzero()[:, 0]
            picked = x[0, category]
            return picked + x[row, 0]
    '''
    assert found(lint(code)) == {(13, "GL502"), (14, "GL104")}


def test_unpacking_a_tuple_that_a_same_file_function_returns_binds_each_part(lint):
    # timm's Mixup: `lam_batch, use_cutmix = self._params_per_elem(n)` returns two numpy arrays (traced as
    # tensors), and `if lam_batch[i] != 1.` branches on data; a part that is a size stays a size
    code = """
    import numpy as np
    import torch
    from torch import nn

    def split(x):
        return x * 2, x.shape[0]

    class Mix(nn.Module):
        def _params(self, n):
            lam = np.ones(n, dtype=np.float32)
            if self.training:
                lam = np.where(lam > 0, lam, 0.5)
            return lam, np.zeros(n, dtype=bool)

        def forward(self, x):
            lam_batch, use_cutmix = self._params(len(x))
            out, n = split(x)
            if n > 3:
                out = out[1:]
            s = out[out > 0].sum()
            if lam_batch[0] != 1.:
                s = s * 2
            return s
    """
    assert found(lint(code)) == {(21, "GL501"), (22, "GL401")}


def test_a_name_bound_to_a_comparison_of_unknown_values_is_a_mask_as_an_index(lint):
    # torch-sla's Gershgorin check: `is_diag = (row == col)` of two attributes, then `row[is_diag]`; comparisons
    # with a string, None or only numbers, `in` tests, and comparisons of sizes are no masks
    code = """
    import torch

    @torch.compile
    def gershgorin(m, mode, options, table):
        row, col = m.row_indices, m.col_indices
        is_diag = (row == col)
        off = ~is_diag & (row > 0)
        training = m.style == "diag"
        same = m.shape[0] == m.shape[1]
        known = mode in options
        one = 1 == 1
        a = row[is_diag]
        b = col[off]
        c = table[training] + table[same] + table[known] + table[one]
        return a, b, c
    """
    assert found(lint(code)) == {(13, "GL501"), (14, "GL501")}


def test_a_returned_part_keeps_every_kind_its_name_held(lint):
    # poutyne's `_compute_loss_and_metrics`: `loss` is the loss tensor unless `return_loss_tensor` is off, when it
    # becomes a float; the caller that asks for the tensor reads it with `float(...)`, a break
    code = """
    import torch
    from torch import nn

    class Model(nn.Module):
        def _loss(self, x, return_loss_tensor=False):
            loss = self.net(x).sum()
            if not return_loss_tensor:
                loss = float(loss.detach())
            return loss, x.shape[0]

        def forward(self, x):
            loss_tensor, n = self._loss(x, return_loss_tensor=True)
            return float(loss_tensor.detach()) / n
    """
    assert found(lint(code)) == {(9, "GL103"), (14, "GL103")}


def test_a_comparison_of_traced_arrays_kept_in_a_name_is_a_mask(lint):
    # ogb's `_eval_acc`: `is_labeled = y_true[:, i] == y_true[:, i]` on numpy arrays, then `y_true[is_labeled, i]`
    code = """
    import numpy as np
    import torch

    @torch.compile
    def accuracy(y_true: np.ndarray, y_pred: np.ndarray):
        is_labeled = y_true[:, 0] == y_true[:, 0]
        return y_true[is_labeled, 0].sum()
    """
    assert found(lint(code)) == {(8, "GL501")}


def test_a_name_passed_to_broadcast_shapes_is_a_shape_not_a_tensor(lint):
    # gpytorch's ExactGP: `batch_shape = torch.broadcast_shapes(batch_shape, ...)`, later rebound to a distribution's
    # `batch_shape`; unpacking the returned shape into `view(*batch_shape)` reads no tensor
    code = """
    import torch
    from torch import nn

    class GP(nn.Module):
        def _prior(self, train_inputs, x):
            batch_shape = train_inputs[0].shape[:-2]
            for t in train_inputs:
                if batch_shape != t.shape[:-2]:
                    batch_shape = torch.broadcast_shapes(batch_shape, t.shape[:-2])
            full_output = super().__call__(x)
            batch_shape = full_output.batch_shape
            return full_output.loc, batch_shape

        def forward(self, train_inputs, x):
            mean, batch_shape = self._prior(train_inputs, x)
            return mean.view(*batch_shape)
    """
    assert found(lint(code)) == set()


def test_a_star_import_hands_over_the_conventional_torch_names(tmp_path):
    """`from .layers import *` (deepctr-torch) brings that module's `nn`: `nn.GRU` is torch's."""
    import libcst as cst
    from graphlint.analysis.names import ImportTable
    table = ImportTable()
    table.add_import_from(cst.parse_statement("from .layers import *").body[0])
    assert table.resolve(cst.parse_expression("nn.GRU")) == "torch.nn.GRU"
    assert not table.imports_torch(), "a star import alone is no sign of torch"
    table.add_import(cst.parse_statement("import torch").body[0])
    assert table.imports_torch()
    files = {
        "pkg/__init__.py": "",
        "pkg/layers.py": "import torch\nimport torch.nn as nn\n",
        "pkg/model.py": """
            from .layers import *


            class Encoder(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gru = nn.GRU(4, 4)

                def forward(self, x):
                    out, _ = self.gru(x)
                    return out
        """,
    }
    found = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, files).findings}
    assert ("pkg/model.py", 11, "GL611") in found


@pytest.mark.parametrize("written, kind", [
    ("torch.Tensor, bool", "bool_tensor"), ("BoolTensor of shape (B,)", "bool_tensor"),
    ("boolean Tensor", "bool_tensor"), ("Tensor of dtype torch.bool", "bool_tensor"),
    ("tensor of booleans", "bool_tensor"), ("torch.Tensor, float", "tensor"), ("LongTensor", "tensor"),
    ("Tensor, optional", "tensor"), ("1D tensor, [B]", "tensor"), ("bool", "number"),
])
def test_a_docstring_tells_a_mask_from_other_tensors(written, kind):
    import libcst as cst

    from graphlint.analysis.docstrings import documented_types

    source = f'def f(event):\n    """Args:\n        event ({written}): what happened.\n    """\n'
    assert documented_types(cst.parse_module(source).body[0]) == {"event": kind}


@pytest.mark.parametrize("line, kind", [
    ("box {numpy.ndarray} -- Four-element bounding box.", "ndarray"), ("box {torch.Tensor} -- A box.", "tensor"),
    ("box {int} -- An index.", "number"), ("box {int or Tensor} -- Either.", None), ("box {list} -- Corners.", None),
])
def test_a_docstring_in_braces_style_types_a_parameter(line, kind):
    """autoDocstring's default style, `name {type} -- text` (facenet-pytorch)."""
    import libcst as cst

    from graphlint.analysis.docstrings import documented_types

    source = f'def f(box):\n    """Crop.\n\n    Arguments:\n        {line}\n    """\n'
    assert documented_types(cst.parse_module(source).body[0]).get("box") == kind


def test_iterating_a_one_d_tensor_gives_zero_d_indices(lint):
    """`for i in t.view(-1)`, `for i in torch.arange(n)`: each item is 0-d, and indexing with it reads its value;
    the rows of a tensor of unknown rank are not (they may be index vectors)."""
    result = lint("""
import torch

@torch.compile
def f(x, table):
    flat = x.view(-1)
    a = [table[i] for i in flat]
    b = [table[i] for i in torch.arange(3)]
    c = [table[row] for row in x]
    d = [table[i] for i in x.reshape(-1, 2)]
    return a, b, c, d
""", scope="auto")
    assert {line for line, code in found(result) if code == "GL104"} == {7, 8}


@pytest.mark.parametrize("default, flagged", [("128", False), ("None", True)])
def test_an_attribute_set_from_a_plain_init_default_is_a_setting(lint, default, flagged):
    # torchattacks' SPSA: `self.nb_sample` (default 128) passed on to a helper whose parameter is not annotated;
    # an attribute whose default is None may be given a tensor later, so the helper still guesses a tensor
    code = f"""
    import torch

    class Attack(torch.nn.Module):
        def __init__(self, nb_sample={default}):
            super().__init__()
            self.nb_sample = nb_sample

        def _sizes(self, n, m):
            return [m for _ in range(n // m)]

        def grad(self, images, nb_sample, m):
            return images, self._sizes(nb_sample, m)

        def forward(self, x):
            return self.grad(x, self.nb_sample, 64)
    """
    assert found(lint(code, scope="modules")) == ({(10, "GL104")} if flagged else set())


def test_a_flag_unpacked_from_another_files_tuple_is_no_tensor(tmp_path):
    # spandrel's `did_pad, image = pad_tensor(image, req)`: `return True, t` / `return False, t` in another file.
    # Measured on 2.13 by hand: Dynamo breaks only at `image.sum() > 0`
    files = {
        "pkg/__init__.py": "",
        "pkg/size_req.py": (
            "import torch\n\n\n"
            "def pad_tensor(t: torch.Tensor, multiple: int):\n"
            "    pad = (-t.shape[-1]) % multiple\n"
            "    if pad:\n"
            "        return True, torch.nn.functional.pad(t, (0, pad))\n"
            "    return False, t\n"),
        "pkg/model.py": (
            "import torch\nfrom torch import nn\n\nfrom .size_req import pad_tensor\n\n\n"
            "class Upscaler(nn.Module):\n"
            "    def forward(self, image):\n"
            "        did_pad, image = pad_tensor(image, 4)\n"
            "        out = image * 2\n"
            "        if did_pad:\n"
            "            out = out[..., :3]\n"
            "        if image.sum() > 0:\n"
            "            out = out + 1\n"
            "        return out\n"),
    }
    assert found(lint_tree(tmp_path, files, scope="modules")) == {(13, "GL401")}


@pytest.mark.parametrize("use, flagged", [("torch.zeros(N, dtype=q.dtype)", False), ("q * int(N)", True)])
def test_a_parameter_sized_with_is_a_count(lint, use, flagged):
    # torchnep's `forward(..., N)`: handed on to a method (weak evidence of a tensor) and sized with, like `range(N)`
    code = f"""
    import torch
    from torch import nn

    class AtomEnergies(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Linear(3, 3)

        def descriptors(self, r, N):
            return self.embed(r)

        def forward(self, r, N):
            q = self.descriptors(r, N)
            return {use}
    """
    assert bool(found(lint(code, scope="modules"))) == flagged


def test_numel_of_an_array_is_metadata(lint):
    # fast-bss-eval's `cost_matrix: np.ndarray` (handed a tensor): `.numel() == 0` asks about the size
    code = """
    import numpy as np
    import torch

    def _assign(cost_matrix: np.ndarray):
        if cost_matrix.numel() == 0:
            return torch.zeros(0)
        return cost_matrix * 2
    """
    assert found(lint(code, scope="auto")) == set()


def test_a_settings_field_off_by_default_decides_the_test(tmp_path):
    # skrl's `self.cfg: PPO_CFG` with `time_limit_bootstrap: bool = False`: Dynamo specialises on the flag and never
    # evaluates `truncated.any()`; a field on by default (or without a default) keeps the finding
    files = {
        "agent/__init__.py": "",
        "agent/cfg.py": """
from dataclasses import dataclass

@dataclass
class PPO_CFG:
    time_limit_bootstrap: bool = False
    clip_values: bool = True
    threshold: float = 0.5
""",
        "agent/ppo.py": """
import torch
from .cfg import PPO_CFG

class PPO:
    def __init__(self, cfg: dict = {}):
        self.cfg: PPO_CFG
        self.cfg = PPO_CFG(**cfg)

    def update(self, values, rewards: torch.Tensor, truncated: torch.Tensor):
        if self.cfg.time_limit_bootstrap and truncated.any():
            rewards = rewards + values
        if self.cfg.clip_values and truncated.any():
            rewards = rewards * 2
        return rewards
""",
    }
    assert found(lint_tree(tmp_path, files, scope="auto")) == {(13, "GL401")}


def test_a_helper_in_another_file_that_returns_its_argument_passes_its_kind_on(tmp_path):
    # libauc's `y_true = check_tensor_shape(y_true, (-1, 1))`: the name reads like a question (a bool), but every
    # `return` gives back the tensor it was handed, so `y_true == 1` stays a mask
    files = {
        "pk/__init__.py": "",
        "pk/utils.py": """
import torch

def check_tensor_shape(tensor, shape):
    if not torch.is_tensor(tensor):
        raise ValueError("not a tensor")
    if len(tensor.shape) != len(shape):
        tensor = tensor.reshape(shape)
    return tensor
""",
        "pk/loss.py": """
import torch
from pk.utils import check_tensor_shape

class Loss(torch.nn.Module):
    def forward(self, y_pred, y_true):
        y_true = check_tensor_shape(y_true, (-1, 1))
        positive = y_true == 1
        return y_pred[positive].sum()
""",
    }
    assert found(lint_tree(tmp_path, files, scope="modules")) == {(9, "GL501")}


def test_what_torch_cat_takes_is_a_sequence(lint):
    # pina's `LabelTensor.cat(tensors, dim)`: `torch.cat(tensors)` takes a list of tensors, so `if not tensors:` is a
    # Python test of the list; a tensor handed to `torch.cumsum` stays one
    code = """
import torch

def cat(tensors, dim=0):
    if not tensors:
        return []
    return torch.cat(tensors, dim)

def total(values):
    if values:
        return torch.cumsum(values, 0)
    return values
"""
    assert found(lint(code, scope="all")) == {(10, "GL401")}


def test_else_of_an_isinstance_test_is_no_tensor(tmp_path):
    """pomegranate's `_check_parameter`: another file passes a tensor (a cross-file seed); `vector` names a tuple of
    classes with torch.Tensor in it, so in the `else` the value is a Python number and `parameter < min_value`
    does not break (measured on 2.13: Dynamo breaks at line 10 only)."""
    files = {
        "pk/__init__.py": "",
        "pk/_utils.py": """
            import numpy
            import torch


            def check_parameter(parameter, min_value=None):
                vector = (numpy.ndarray, torch.Tensor, torch.nn.Parameter)
                if min_value is not None:
                    if isinstance(parameter, vector):
                        if (parameter < min_value).sum() > 0:
                            raise ValueError("small")
                    else:
                        if parameter < min_value:
                            raise ValueError("small")
                return parameter
            """,
        "pk/dist.py": """
            import torch

            from ._utils import check_parameter


            class Distribution(torch.nn.Module):
                def forward(self, X):
                    check_parameter(torch.as_tensor(X), min_value=-1.0)
                    return X * 2
            """,
    }
    got = {(f.path.replace("\\\\", "/"), f.line, f.code) for f in lint_tree(tmp_path, files).findings}
    assert got == {("pk/_utils.py", 10, "GL401")}


def test_past_a_false_or_of_isinstance_tests_neither_name_is_a_tensor(tmp_path):
    """torchdr's `check_neighbor_param`: `if isinstance(k, Tensor) or isinstance(n, Tensor): return <clamp>`, then
    plain comparisons of Python numbers; another file passes tensors (a cross-file seed). Measured on 2.13: Dynamo
    takes the early return with tensors and compares numbers without a break otherwise."""
    files = {
        "dr/__init__.py": "",
        "dr/validation.py": """
            import torch


            def check_neighbor_param(n_neighbors, n_samples):
                if isinstance(n_neighbors, torch.Tensor) or isinstance(n_samples, torch.Tensor):
                    return torch.clamp(torch.as_tensor(n_neighbors), min=2)
                if n_samples <= 1:
                    raise ValueError("too few samples")
                if n_neighbors >= n_samples - 1:
                    raise ValueError("too many neighbors")
                return n_neighbors
            """,
        "dr/model.py": """
            import torch

            from .validation import check_neighbor_param


            class Affinity(torch.nn.Module):
                def forward(self, X):
                    k = check_neighbor_param(X.sum(), X.shape[0] + X.sum())
                    return X * k
            """,
    }
    assert lint_tree(tmp_path, files).findings == []
