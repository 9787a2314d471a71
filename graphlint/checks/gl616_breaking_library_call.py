import libcst as cst

from graphlint.analysis.regions import LIGHTNING_MODULES
from graphlint.analysis.summary import called_names
from graphlint.checks._common import call_argument, traced_array
from graphlint.checks.base import Check

# torch.nn.utils' gradient clipping: (function, index of `error_if_nonfinite` when passed by position)
_STRICT_NORMS = {
    "torch.nn.utils.clip_grad_norm_": 3, "torch.nn.utils.clip_grad.clip_grad_norm_": 3,
    "torch.nn.utils.clip_grad_norm": 3, "torch.nn.utils.clip_grad.clip_grad_norm": 3,
    "torch.nn.utils.get_total_norm": 2, "torch.nn.utils.clip_grad.get_total_norm": 2,
}
# ... and the bound each turns into a Python float: (keyword, position)
_FLOAT_BOUNDS = {
    "torch.nn.utils.clip_grad_norm_": ("max_norm", 1), "torch.nn.utils.clip_grad.clip_grad_norm_": ("max_norm", 1),
    "torch.nn.utils.clip_grad_norm": ("max_norm", 1), "torch.nn.utils.clip_grad.clip_grad_norm": ("max_norm", 1),
    "torch.nn.utils.clip_grad_value_": ("clip_value", 1),
    "torch.nn.utils.clip_grad.clip_grad_value_": ("clip_value", 1),
}

# torchvision transforms whose call breaks the graph, measured on 2.13.0 with torchvision 0.28.0 on a float
# (uint8 where the transform needs it) 3x32x32 image: they draw their parameters with `.item()` or branch on
# `torch.rand(1) < p`. Measured not to break: v1 RandomChoice / RandomOrder, ElasticTransform, v2
# RandomChannelPermutation / Normalize / GaussianNoise, and the deterministic ones (CenterCrop, Resize, Pad, ...).
_RANDOM_COMMON = frozenset({
    "AugMix", "AutoAugment", "ColorJitter", "GaussianBlur", "RandAugment", "TrivialAugmentWide",
    "RandomAdjustSharpness", "RandomAffine", "RandomApply", "RandomAutocontrast", "RandomCrop", "RandomEqualize",
    "RandomErasing", "RandomGrayscale", "RandomHorizontalFlip", "RandomInvert", "RandomPerspective",
    "RandomPosterize", "RandomResizedCrop", "RandomRotation", "RandomSolarize", "RandomVerticalFlip",
})
_BREAKING_TRANSFORMS = {
    "v1": _RANDOM_COMMON | {"Normalize"},  # v1 Normalize checks `(std == 0).any()` in an `if`
    "v2": _RANDOM_COMMON | {"RandomChoice", "RandomOrder", "RandomPhotometricDistort", "RandomZoomOut",
                            "RandomResize", "RandomShortestSize", "ScaleJitter"},
}
_V1_NORMALIZE = frozenset({"torchvision.transforms.functional.normalize",
                           "torchvision.transforms.functional_tensor.normalize",
                           "torchvision.transforms._functional_tensor.normalize"})
_GB_ITEM, _GB_BRANCH = "GB0124", "GB0170"
_GB_SHAPE, _GB_DATA = "GB0036", "GB0033"
_GB_DISABLED, _GB_SKIPPED = "GB0098", "GB0007"
_GB_LOGGER, _GB_BACKWARD = "GB0291", "GB0123"

# torch_geometric utilities that break the graph inside themselves, measured on 2.13.0 with torch_geometric 2.8.1
# (measurements/pyg_utils.py, results in measurements/pyg-utils-2.13.txt): name → (GB id, the argument as
# (keyword, position) that avoids the break when given, else None). `add_self_loops` and `degree` only break when
# they count the nodes themselves (`int(edge_index.max()) + 1`); `softmax`, `scatter` and the rest measured clean.
_PYG_UTILS = {
    "remove_self_loops": (_GB_SHAPE, None), "add_remaining_self_loops": (_GB_SHAPE, None),
    "dense_to_sparse": (_GB_SHAPE, None), "negative_sampling": (_GB_SHAPE, None),
    "structured_negative_sampling": (_GB_SHAPE, None), "dropout_edge": (_GB_SHAPE, None),
    "subgraph": (_GB_SHAPE, None), "coalesce": (_GB_BRANCH, None), "to_undirected": (_GB_BRANCH, None),
    "to_dense_adj": (_GB_ITEM, None), "to_dense_batch": (_GB_ITEM, None), "contains_self_loops": (_GB_ITEM, None),
    "is_undirected": (_GB_DATA, None), "gcn_norm": (_GB_SHAPE, None),
    "add_self_loops": (_GB_ITEM, ("num_nodes", 3)), "degree": (_GB_ITEM, ("num_nodes", 1)),
}
# torch_geometric layers whose forward adds self-loops or normalises through the utilities above (same
# measurement): class → the keyword that, set to False, turns that off (None: always). SAGEConv, GINConv,
# GraphConv, TransformerConv, GraphSAGE and GIN measured clean.
_PYG_LAYERS = {"GCNConv": "normalize", "GATConv": "add_self_loops", "GATv2Conv": "add_self_loops",
               "ChebConv": None, "SGConv": None, "GCN": None, "GAT": None}

# torch losses that break inside themselves, measured on 2.13.0 (fixtures/cases/library_losses.py; torch-uncertainty's
# `self.nll_loss = nn.GaussianNLLLoss(...)`, held-out set 47): function → (module class, GB id, why). Dynamo inlines
# torch's own code, so the break is at the caller's line. `poisson_nll_loss`, `kl_div`, `cross_entropy` and the
# distributions' argument validation (`Normal(mu, sigma).log_prob(x)`) measured clean.
_TORCH_LOSSES = {
    "gaussian_nll_loss": ("GaussianNLLLoss", _GB_DATA, "checks that no variance is negative (`torch.any(var < 0)`)"),
    "ctc_loss": ("CTCLoss", _GB_SHAPE, "has an output whose size depends on the input and target lengths"),
}
_LOSS_FUNCTIONS = {f"torch.nn.functional.{f}": f for f in _TORCH_LOSSES}
_LOSS_MODULES = {f"{prefix}.{cls}": f for f, (cls, _, _) in _TORCH_LOSSES.items()
                 for prefix in ("torch.nn", "torch.nn.modules.loss")}

# covariance and correlation read their input's data inside ATen (`aten.equal`, a Python bool: GB0033), measured on
# 2.13.0 as functions, as tensor methods and through NumPy, which Dynamo traces as torch (fixtures/cases/covariance.py;
# k-diffusion's FID `torch.cov(x.T)` and deepod's `np.corrcoef(X.T)`, held-out set 48). `torch.var` and a covariance
# written out (`xc.T @ xc / (n - 1)`) measured clean.
_COVARIANCES = frozenset({"cov", "corrcoef"})
_COVARIANCE_FUNCTIONS = {f"{module}.{f}": module for f in _COVARIANCES for module in ("torch", "numpy")}

# torchsde's Brownian motion and torchdiffeq's ODE solvers break inside themselves (data-dependent branches on the time
# grid and step sizes, calls Dynamo skips), measured on 2.13.0 with torchsde 0.2.6 and torchdiffeq 0.2.5
# (measurements/sde_ode_solvers.py, results in measurements/sde-ode-solvers-2.13.txt; k-diffusion's Brownian-tree noise
# sampler and log-likelihood ODE, held-out set 48): building a BrownianTree / BrownianInterval, calling one (the noise
# between two times), and `odeint` / `odeint_adjoint` with every method measured, adaptive and fixed-step.
_BROWNIAN = frozenset({"torchsde.BrownianTree", "torchsde.BrownianInterval", "torchsde.BrownianPath"})
_ODE_SOLVERS = frozenset({"torchdiffeq.odeint", "torchdiffeq.odeint_adjoint"})
_SOLVER_CALLS = _BROWNIAN | _ODE_SOLVERS
_GB_SOLVERS = (_GB_BRANCH, _GB_SKIPPED)

# PyTorch Lightning's `LightningModule.log` / `log_dict`, measured on 2.13.0 with pytorch_lightning 2.6.6
# (measurements/lightning_log.py, results in measurements/lightning-log-2.13.txt): under a Trainer the logging goes
# through a `torch.compiler.disable()`d function (GB0098), without one it warns (GB0007). Either way a break.
_LIGHTNING_LOGGING = ("log", "log_dict")
# manual optimization's backward (measurements/lightning_trainer.py: it logs through a `logging.Logger` on its way
# to `loss.backward()`, GB0291-like "logging.Logger method not supported", then the backward itself)
_LIGHTNING_BACKWARD = ("manual_backward",)


class BreakingLibraryCall(Check):
    """A call into a library function that breaks the graph inside it, for the arguments given: torch's gradient
    clipping with `error_if_nonfinite=True` (an `if` on the norm) or with a tensor bound (`float()` of it),
    torchvision's random transforms (they draw their parameters with `.item()` or an `if` on `torch.rand(1)`) and
    v1's `Normalize` (`if (std == 0).any()`), torch_geometric's edge utilities and the layers that use them, and
    Lightning's `self.log` / `self.log_dict`. The break is inside the library, so Dynamo reports it there; graphlint
    reports the call. Outside torch itself the callee is a frame Dynamo compiles even when the caller runs eagerly,
    so those findings are marked `in_callee_frame`."""

    code = "GL616"

    def __init__(self) -> None:
        self._local_transforms: dict[str, str] = {}  # name -> the breaking transform it holds
        self._local_layers: dict[str, str] = {}  # name -> the breaking torch_geometric layer it holds
        self._local_losses: dict[str, str] = {}  # name -> the breaking torch loss module it holds
        self._local_brownian: dict[str, str] = {}  # name -> the torchsde Brownian motion class it holds
        self._imports_torchvision: bool | None = None

    def visit_Assign(self, node: cst.Assign, ctx) -> None:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) and isinstance(node.value, cst.Call):
            name = node.targets[0].target.value
            if self._torchvision_imported(ctx):
                _remember(self._local_transforms, name, _breaking_transform_in(_callees(node.value, ctx)))
            _remember(self._local_layers, name, _breaking_pyg_layer(node.value, ctx))
            _remember(self._local_losses, name, _LOSS_MODULES.get(ctx.qualname(node.value.func) or ""))
            _remember(self._local_brownian, name, _unlinted(ctx.qualname(node.value.func) or "", _BROWNIAN, ctx))

    def visit_Call(self, node: cst.Call, ctx) -> None:
        name = ctx.qualname(node.func) or ""
        if name in _STRICT_NORMS or name in _FLOAT_BOUNDS:
            self._check_clipping(node, name, ctx)
        elif name in _V1_NORMALIZE:
            ctx.report(node, self.code, "torchvision's v1 `functional.normalize` checks `(std == 0).any()` in an "
                                        "`if`: Dynamo breaks the graph inside it (v2's `normalize` does not)",
                       gb=(_GB_BRANCH,), in_callee_frame=True)
        elif name.startswith("torch_geometric."):
            self._check_pyg_utility(node, name, ctx)
        elif loss := _LOSS_FUNCTIONS.get(name) or self._loss_module_called(node.func, ctx):
            cls, gb, why = _TORCH_LOSSES[loss]
            what = f"F.{loss}" if name in _LOSS_FUNCTIONS else f"nn.{cls}"
            ctx.report(node, self.code, f"torch's `{what}` {why}: Dynamo breaks the graph inside it", gb=(gb,))
        elif solver := _unlinted(name, _SOLVER_CALLS, ctx):
            short = solver.rsplit(".", 1)[-1]
            what = f"torchdiffeq's `{short}`" if solver in _ODE_SOLVERS else f"building torchsde's `{short}`"
            ctx.report(node, self.code, f"{what} breaks the graph inside it (data-dependent branches on the times and "
                                        "steps, calls Dynamo skips)", gb=_GB_SOLVERS, in_callee_frame=True)
        elif held := self._brownian_called(node.func, ctx):
            ctx.report(node, self.code, f"calling torchsde's `{held.rsplit('.', 1)[-1]}` (the noise between two times) "
                                        "breaks the graph inside it", gb=_GB_SOLVERS, in_callee_frame=True)
        elif _covariance(node, name, ctx):
            short = name.rsplit(".", 1)[-1] if name in _COVARIANCE_FUNCTIONS else node.func.attr.value
            ctx.report(node, self.code, f"`{short}` reads its input's data inside the op (`aten.equal`): Dynamo breaks "
                                        "the graph at the call (write it out: `xc = x - x.mean(0); xc.T @ xc / (n - 1)`)",
                       gb=(_GB_DATA,))
        elif _lightning_method(node.func, ctx, _LIGHTNING_LOGGING):
            ctx.report(node, self.code, f"PyTorch Lightning's `self.{node.func.attr.value}()` breaks the graph: "
                                        "under a Trainer it logs through a `torch.compiler.disable()`d function",
                       gb=(_GB_DISABLED, _GB_SKIPPED), in_callee_frame=True)
        elif _lightning_method(node.func, ctx, _LIGHTNING_BACKWARD):
            ctx.report(node, self.code, "PyTorch Lightning's `self.manual_backward()` breaks the graph: it logs "
                                        "through a `logging.Logger` and runs `loss.backward()`",
                       gb=(_GB_LOGGER, _GB_BACKWARD), in_callee_frame=True)
        else:
            transform = self._transform_called(node.func, ctx)
            if transform:
                ctx.report(node, self.code, _transform_message(transform), gb=_transform_gb(transform),
                           in_callee_frame=True)
                return
            layer = self._pyg_layer_called(node.func, ctx)
            if layer:
                ctx.report(node, self.code, f"torch_geometric's `{layer}` adds self-loops or normalises the edges in "
                                            "its forward (a boolean mask over `edge_index`): Dynamo breaks the graph "
                                            "inside it", gb=(_GB_SHAPE,), in_callee_frame=True)

    def _check_pyg_utility(self, node: cst.Call, name: str, ctx) -> None:
        """`remove_self_loops(edge_index)`, `to_dense_adj(edge_index)`, `add_self_loops(ei)` without `num_nodes`."""
        short = name.rsplit(".", 1)[1]
        if short not in _PYG_UTILS or not (name.startswith("torch_geometric.utils.") or short == "gcn_norm") \
                or _linted_along(name, ctx):
            return  # linted along (torch_geometric itself): the break is reported where it is, inside
        gb, avoided_by = _PYG_UTILS[short]
        if avoided_by is not None and call_argument(node, *avoided_by) is not None:
            return  # `add_self_loops(ei, num_nodes=n)`: no counting of nodes, no break
        ctx.report(node, self.code, f"torch_geometric's `{short}` breaks the graph inside it (a data-dependent "
                                    f"{_PYG_REASONS[gb]})", gb=(gb,), in_callee_frame=True)

    def _pyg_layer_called(self, func: cst.BaseExpression, ctx) -> str | None:
        """`self.conv(x, edge_index)` with `self.conv = GCNConv(...)` in `__init__`, or a layer built in this function."""
        if isinstance(func, cst.Name):
            return self._local_layers.get(func.value)
        for built in _self_attribute_classes(func, ctx):
            short = built.rsplit(".", 1)[-1]
            if built.startswith("torch_geometric.nn") and short in _PYG_LAYERS and not _linted_along(built, ctx):
                return short
        return None

    def _loss_module_called(self, func: cst.BaseExpression, ctx) -> str | None:
        """`self.nll(mean, y, var)` with `self.nll = nn.GaussianNLLLoss()` in `__init__`, `crit(...)` with `crit` built
        in this function, or `nn.CTCLoss()(...)`: the loss function it runs."""
        if isinstance(func, cst.Call):
            return _LOSS_MODULES.get(ctx.qualname(func.func) or "")
        if isinstance(func, cst.Name):
            return self._local_losses.get(func.value)
        return next((_LOSS_MODULES[c] for c in _self_attribute_classes(func, ctx) if c in _LOSS_MODULES), None)

    def _brownian_called(self, func: cst.BaseExpression, ctx) -> str | None:
        """`bm(t0, t1)` with `bm = torchsde.BrownianInterval(...)` here, or `self.bm(...)` built in `__init__`."""
        if isinstance(func, cst.Name):
            return self._local_brownian.get(func.value)
        return next((c for c in _self_attribute_classes(func, ctx) if _unlinted(c, _BROWNIAN, ctx)), None)

    def _torchvision_imported(self, ctx) -> bool:
        """Only a file that imports torchvision can build its transforms (spares a search of every assigned call)."""
        if self._imports_torchvision is None:
            self._imports_torchvision = any(q.startswith("torchvision") for q in ctx.imports.names.values())
        return self._imports_torchvision

    def _check_clipping(self, node: cst.Call, name: str, ctx) -> None:
        short = name.rsplit(".", 1)[1]
        strict = call_argument(node, "error_if_nonfinite", _STRICT_NORMS.get(name))
        if strict is not None and ctx.literal_value(strict) is True:
            ctx.report(node, self.code, f"`{short}(..., error_if_nonfinite=True)` tests the norm in an `if`: "
                                        "Dynamo breaks the graph inside it", gb=(_GB_BRANCH,))
            return
        keyword, position = _FLOAT_BOUNDS.get(name, (None, None))
        bound = call_argument(node, keyword, position) if keyword else None
        if bound is not None and ctx.is_tensor(bound):
            ctx.report(node, self.code, f"`{short}` turns its `{keyword}` into a Python float: a tensor there is "
                                        "read with `.item()`, which breaks the graph", gb=(_GB_ITEM,))

    def _transform_called(self, func: cst.BaseExpression, ctx) -> str | None:
        """The breaking torchvision transform a call runs: `self.crop(x)` (built in `__init__`, also inside a
        `Compose` or `nn.Sequential`), `crop(x)` (built in this function) or `T.RandomCrop(8)(x)`."""
        if isinstance(func, cst.Call):
            return _breaking_transform_in(_callees(func, ctx))
        if isinstance(func, cst.Name):
            return self._local_transforms.get(func.value)
        return _breaking_transform_in(_self_attribute_classes(func, ctx))


_PYG_REASONS = {_GB_SHAPE: "output shape: a boolean mask or `nonzero`", _GB_ITEM: "Python number: `.item()` on a count",
                _GB_BRANCH: "branch on the edges", _GB_DATA: "Python value read from the edges"}


def _covariance(node: cst.Call, name: str, ctx) -> bool:
    """`torch.cov(x)`, `x.corrcoef()` on a tensor, or `np.cov(a)` on an array Dynamo traces (not one of Python numbers)."""
    if name in _COVARIANCE_FUNCTIONS:
        return _COVARIANCE_FUNCTIONS[name] == "torch" or traced_array(node, ctx)
    func = node.func
    return isinstance(func, cst.Attribute) and func.attr.value in _COVARIANCES and ctx.is_tensor(func.value)


def _unlinted(name: str, names: frozenset[str], ctx) -> str | None:
    """`name` when it is one of `names` and its library is not linted along (then graphlint walks into it)."""
    return name if name in names and not _linted_along(name, ctx) else None


def _linted_along(name: str, ctx) -> bool:
    """Is the library function or class among the linted files (the library's own code, or it is linted with the
    project)? Then graphlint walks into it and reports the break inside."""
    return ctx.imports.module_name.partition(".")[0] == name.partition(".")[0] or ctx.env.ctx.defined_in_project(name)


def _lightning_method(func: cst.BaseExpression, ctx, methods: tuple[str, ...]) -> bool:
    """`self.log(...)` / `self.log_dict(...)` / `self.manual_backward(...)` in a LightningModule (directly or through
    project base classes) that does not define its own, unless Lightning itself is linted along (then the break is
    reported inside it)."""
    if not (isinstance(func, cst.Attribute) and func.attr.value in methods
            and isinstance(func.value, cst.Name) and func.value.value == "self"):
        return False
    cls, file_ctx = ctx.env.cls, ctx.env.ctx
    if cls is None or func.attr.value in cls.methods or file_ctx.inherited_method(cls.name, func.attr.value):
        return False
    bases = file_ctx.library_bases(cls.name)
    lightning = LIGHTNING_MODULES & bases
    if not lightning and func.attr.value in _LIGHTNING_BACKWARD and not bases:
        # a mixin of the project's solvers (pina's `ManualOptimizationMixin`): no base of its own, and the name is
        # Lightning's alone
        return not any(_linted_along(name, ctx) for name in LIGHTNING_MODULES)
    return bool(lightning) and not any(_linted_along(name, ctx) for name in lightning)


def _remember(held: dict[str, str], name: str, value: str | None) -> None:
    """`name = <call>`: what the name now holds (a breaking transform, layer or loss), or nothing any more."""
    if value:
        held[name] = value
    else:
        held.pop(name, None)


def _self_attribute_classes(func: cst.BaseExpression, ctx) -> tuple[str, ...]:
    """The classes `__init__` builds into `self.<attr>` when `func` is `self.<attr>`; () otherwise."""
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self" \
            and ctx.env.cls is not None:
        return ctx.env.cls.attr_classes.get(func.attr.value, ())
    return ()


def _breaking_pyg_layer(call: cst.Call, ctx) -> str | None:
    """`GCNConv(16, 16)` → "GCNConv"; not `GCNConv(16, 16, normalize=False)` (measured clean)."""
    name = ctx.qualname(call.func) or ""
    short = name.rsplit(".", 1)[-1]
    if not name.startswith("torch_geometric.nn") or short not in _PYG_LAYERS or _linted_along(name, ctx):
        return None
    switch = _PYG_LAYERS[short]
    value = call_argument(call, switch, None) if switch else None
    return None if value is not None and ctx.literal_value(value) is False else short


def _callees(call: cst.Call, ctx) -> tuple[str, ...]:
    """The qualified names of the calls in an expression (a `Compose([...])` and the transforms in it)."""
    return called_names(call, ctx.qualname)


def _breaking_transform_in(names) -> str | None:
    """The first qualified name that is a breaking torchvision transform class, as `v1 RandomCrop`."""
    for name in names:
        parts = name.split(".")
        if parts[:2] != ["torchvision", "transforms"] or len(parts) < 3:
            continue
        version = "v2" if "v2" in parts else "v1"
        if parts[-1] in _BREAKING_TRANSFORMS[version]:
            return f"{version} {parts[-1]}"
    return None


def _transform_message(transform: str) -> str:
    version, short = transform.split()
    if short == "Normalize":
        return ("torchvision's v1 `Normalize` checks `(std == 0).any()` in an `if`: Dynamo breaks the graph inside "
                "it (`transforms.v2.Normalize` does not)")
    return (f"torchvision's {version} `{short}` draws its random parameters from tensors (`.item()`, "
            "`if torch.rand(1) < p`): Dynamo breaks the graph inside the transform")


def _transform_gb(transform: str) -> tuple[str, ...]:
    return (_GB_BRANCH,) if transform.endswith("Normalize") else (_GB_ITEM, _GB_BRANCH)
