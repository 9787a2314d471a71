"""Compiled regions: compile sites, the call graph, scopes, disable barriers and chains (item 4)."""

from conftest import found, lint_tree

HELPERS = """
import torch

def route(x):
    return x * x.argmax().item()

def log_stats(x):
    print("mean", x.mean())

@torch.compiler.disable
def slow_path(x):
    print("never traced")
    return x

def never_called(x):
    return x.item()
"""
MODEL = """
import torch
from torch import nn
from .helpers import route, log_stats


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.lin = nn.Linear(d, d)

    def forward(self, x):
        return self._gate(self.lin(x))

    def _gate(self, h):
        if h.sum() > 0:
            return h
        return -h


class Net(nn.Module):
    def __init__(self, d=4, n=2):
        super().__init__()
        self.blocks = nn.ModuleList([Block(d) for _ in range(n)])

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        log_stats(x)
        return route(x)
"""
TRAIN = """
import torch as t
from pkg.model import Net
from pkg.helpers import slow_path


def main():
    model = Net()
    cmodel = t.compile(model)
    for _ in range(3):
        loss = cmodel(t.randn(2, 4)).sum()
        print(loss.item())


@t.compile(mode="reduce-overhead")
def step(x):
    y = slow_path(x)
    if y.any():
        return y
    return y + 1


def plain(x):
    return x.tolist()


opt = t._dynamo.optimize("eager")(plain)
"""
FILES = {"pkg/__init__.py": "", "pkg/helpers.py": HELPERS, "pkg/model.py": MODEL, "train.py": TRAIN}


def by_path(result):
    return {(f.path, f.line, f.code): f for f in result.findings}


def test_compiled_scope_follows_calls_across_files(tmp_path):
    result = lint_tree(tmp_path, FILES, scope="compiled")
    got = by_path(result)
    assert set(got) == {
        ("pkg/helpers.py", 5, "GL101"),  # route, via Net.forward
        ("pkg/helpers.py", 8, "GL201"),  # log_stats, via Net.forward
        ("pkg/model.py", 16, "GL401"),  # Block._gate via ModuleList iteration
        ("train.py", 17, "GL601"),  # call to a disabled function
        ("train.py", 18, "GL401"),  # step's own branch
        ("train.py", 24, "GL102"),  # _dynamo.optimize(...)(plain)
    }
    chain = got[("pkg/model.py", 16, "GL401")].region.chain
    assert chain == ("train.py:9 t.compile(model)", "model.py:Net.forward", "Block.forward", "Block._gate")
    assert got[("train.py", 18, "GL401")].region.chain == ("train.py:15 @t.compile(...)", "step")


def test_namespace_directories_inside_a_package_resolve_across_files(tmp_path):
    # pina's `pina/_src/solver/mixin/` has no `__init__.py` (PEP 420) below a regular package: its modules are
    # `pkg._src.ops.helpers`, as Python imports them, so the compiled function's call reaches the helper
    files = {
        "pkg/__init__.py": "",
        "pkg/_src/__init__.py": "",
        "pkg/_src/ops/helpers.py": """
            def scale(x):
                return x * x.sum().item()
        """,
        "pkg/_src/model/net.py": """
            import torch
            from pkg._src.ops.helpers import scale

            @torch.compile
            def run(x):
                return scale(x)
        """,
    }
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, files, scope="compiled").findings}
    assert got == {("pkg/_src/ops/helpers.py", 3, "GL101")}, got


def test_training_loop_and_disabled_bodies_are_not_traced(tmp_path):
    result = lint_tree(tmp_path, FILES, scope="modules")
    lines = {(f.path, f.line) for f in result.findings}
    assert ("train.py", 12) not in lines  # print(loss.item()) in the eager training loop
    assert ("pkg/helpers.py", 12) not in lines  # print inside the disabled function
    assert ("pkg/helpers.py", 16) not in lines  # never called


def test_scope_all_lints_every_function_but_not_disabled_ones(tmp_path):
    result = lint_tree(tmp_path, FILES, scope="all")
    lines = {(f.path, f.line) for f in result.findings}
    assert ("pkg/helpers.py", 16) in lines
    assert ("train.py", 12) in lines
    assert ("pkg/helpers.py", 12) not in lines


def test_modules_scope_adds_forward_without_compile_site(tmp_path):
    result = lint_tree(tmp_path, {"pkg/__init__.py": "", "pkg/helpers.py": HELPERS, "pkg/model.py": MODEL},
                       scope="modules")
    kinds = {f.region.kind for f in result.findings}
    assert kinds == {"module"}
    assert ("pkg/model.py", 16) in {(f.path, f.line) for f in result.findings}
    compiled_only = lint_tree(tmp_path, {}, scope="compiled")
    assert compiled_only.findings == []


def test_compile_site_forms(lint):
    code = """
    import torch
    import torch as t
    from torch import compile as tc
    from torch import nn

    @torch.compile
    def a(x):
        return x.item()

    @torch.compile()
    def b(x):
        return x.item()

    @tc(fullgraph=False)
    def c(x):
        return x.item()

    def d(x):
        return x.item()

    def e(x):
        return x.item()

    class Net(nn.Module):
        def forward(self, x):
            return x.item()

    fd = t.compile(d)
    fe = torch._dynamo.optimize("eager")(e)
    model = Net().eval()
    model.compile()

    def never(x):
        return x.item()
    """
    got = found(lint(code, scope="compiled"))
    assert got == {(9, "GL101"), (13, "GL101"), (17, "GL101"), (20, "GL101"), (23, "GL101"), (27, "GL101")}


def test_nested_compiled_function_and_closure(lint):
    code = """
    import torch

    def main():
        def inner(x):
            print(x)
            return x

        @torch.compile
        def step(x):
            return inner(x) * 2
        return step
    """
    result = lint(code, scope="compiled")
    assert found(result) == {(6, "GL201")}
    assert result.findings[0].region.chain[-2:] == ("main.step", "main.inner")


def test_super_forward_and_inherited_methods(lint):
    code = """
    import torch
    from torch import nn

    class Base(nn.Module):
        def helper(self, x):
            return x.tolist()

        def forward(self, x):
            return x

    class Child(Base):
        def forward(self, x):
            self.helper(x)
            return super().forward(x)

    m = torch.compile(Child())
    """
    result = lint(code, scope="compiled")
    assert found(result) == {(7, "GL102")}
    assert result.findings[0].region.chain[1:] == ("Child.forward", "Base.helper")


def test_self_method_dispatches_to_subclass_overrides(lint):
    code = """
    import torch
    from torch import nn

    class Metric(nn.Module):
        def forward(self, x):
            self.update(x)
            return x

        def update(self, x):
            pass

    class Accuracy(Metric):
        def update(self, x):
            return x.sum().item()

    class Unrelated:
        def update(self, x):
            return x.item()
    """
    result = lint(code, scope="modules")
    assert found(result) == {(15, "GL101")}
    assert result.findings[0].region.chain == ("Metric.forward", "Accuracy.update")


def test_classes_reexported_by_package_init_are_resolved(tmp_path):
    files = {
        "lib/__init__.py": "from lib.metric import Metric\n",
        "lib/metric.py": """
            import torch
            from torch.nn import Module

            class Metric(Module):
                def forward(self, x):
                    return self.compute(x)

                def compute(self, x):
                    return x
        """,
        "lib/retrieval.py": """
            import torch
            from lib import Metric

            class Retrieval(Metric):
                def compute(self, x):
                    return x.tolist()
        """,
    }
    result = lint_tree(tmp_path, files, scope="modules")
    assert {(f.path, f.line, f.code) for f in result.findings} == {("lib/retrieval.py", 7, "GL102")}
    assert result.findings[0].region.chain == ("Metric.forward", "retrieval.py:Retrieval.compute")


def test_module_call_override_is_an_entry(lint):
    code = """
    import torch
    from torch import nn

    class GP(nn.Module):
        def __call__(self, x):
            if torch.equal(x, x):
                return x
            return -x
    """
    assert found(lint(code)) == {(7, "GL103")}


def test_compile_rebinding_the_same_name(tmp_path):
    files = {
        "pkg/__init__.py": "from .model import Net\n",
        "pkg/model.py": """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x.tolist()
        """,
        "train.py": """
            import torch
            from pkg import Net

            model = Net()
            model = torch.compile(model)
        """,
    }
    result = lint_tree(tmp_path, files, scope="compiled")
    assert [(f.path, f.line) for f in result.findings] == [("pkg/model.py", 7)]
    assert result.findings[0].region.chain == ("train.py:6 torch.compile(model)", "model.py:Net.forward")


def test_methods_of_attribute_objects_and_local_instances(lint):
    code = """
    import torch
    from torch import nn

    class Solver:
        def __init__(self, f):
            self.f = f

        def integrate(self, t):
            return t.tolist()

    class Stepper:
        def step(self, y):
            print("step")
            return y

    class Block(nn.Module):
        def forward(self, x):
            return x.item()

    class ODE(nn.Module):
        def __init__(self):
            super().__init__()
            self.solver = Solver(None)

        def forward(self, t):
            stepper = Stepper()
            block = Block()
            stepper.step(t)
            block(t)
            return self.solver.integrate(t)
    """
    result = lint(code, scope="modules")
    # `stepper.step(t)` breaks inside a method of an object forward built: Dynamo cannot rebuild it (GL613)
    assert found(result) == {(10, "GL102"), (14, "GL201"), (19, "GL101"), (29, "GL613")}
    chains = {f.line: f.region.chain for f in result.findings}
    assert chains[10] == ("ODE.forward", "Solver.integrate")
    assert chains[14] == ("ODE.forward", "Stepper.step")


LOOP_BREAK = """
import torch

@torch.compile
def f(x):
    for _ in range(3):
        x = x + x.sum().item()
    return x.tolist()
"""


def test_breaks_inside_loops_say_the_frame_is_skipped(lint):
    messages = {f.line: f.message for f in lint(LOOP_BREAK, show_shadowed=True).findings}
    assert "skips the whole function" in messages[7]
    assert "skips the whole function" not in messages[8]


def test_breaks_after_a_frame_skipping_break_are_folded_into_it(lint):
    # measured on 2.13: after "graph break in loop" Dynamo runs the function eagerly, so the
    # `.tolist()` on line 8 is not a break Dynamo reports until the loop's break is fixed
    findings = lint(LOOP_BREAK).findings
    assert [f.line for f in findings] == [7]
    assert "1 later break in this function (line 8) shows once this one is fixed" in findings[0].message


AUTO_PROJECT = {
    "lib/__init__.py": "",
    "lib/ops.py": """
    import torch

    def normalize(x):                      # public library code: a user may compile it
        if x.std() > 0:                    # expect GL401
            x = x / x.std()
        return x

    def log_loss(loss):                    # only called from the training loop below
        print(loss.item())
    """,
    "lib/model.py": """
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.scale = float(torch.ones(1).sum().item())   # construction runs eagerly
            self.lin = nn.Linear(4, 4)

        def forward(self, x):
            return self.lin(x)
    """,
    "train.py": """
    import torch
    from lib.model import Net
    from lib.ops import log_loss

    def train(batches):
        model = torch.compile(Net())
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        for x in batches:
            loss = model(x).sum()
            loss.backward()
            opt.step()
            log_loss(loss)
    """,
    "tests/test_ops.py": """
    import torch
    from lib.ops import normalize

    def check_normalize():
        assert normalize(torch.ones(3)).sum().item() == 3
    """,
}


def test_auto_scope_covers_library_functions_but_not_driver_code(tmp_path):
    auto = found(lint_tree(tmp_path, AUTO_PROJECT, scope="auto"))
    assert auto == {(5, "GL401")}, auto  # normalize only
    everything = {(path, line) for path, line in
                  ((f.path, f.line) for f in lint_tree(tmp_path, AUTO_PROJECT, scope="all").findings)}
    # --scope all flags the training loop, its helper, module construction and the test too
    assert {p.split("/")[0] for p, _ in everything} >= {"lib", "train.py", "tests"}


def test_auto_region_is_labelled_library(tmp_path):
    result = lint_tree(tmp_path, AUTO_PROJECT, scope="auto")
    assert [f.region.kind for f in result.findings] == ["library"]
    assert result.findings[0].region.chain == ("normalize",)


TEST_STEP = """
import torch
from torch import nn

class Solver(nn.Module):
    def test_step(self, x):
        loss = x.sum()
        print(loss.item())
        return loss

def test_solver():
    assert Solver().test_step(torch.ones(2)).item() == 2
"""


def test_a_test_step_method_is_no_test(lint):
    # pytest collects module-level `test_*` functions and `Test*` classes' methods; a module's `test_step` (Lightning's
    # evaluation step) is the model's own code, traced when the evaluation loop is compiled
    assert found(lint(TEST_STEP, scope="auto")) == {(8, "GL101"), (8, "GL201")}


CLOSURE_STEP = """
import torch

class LineSearch(torch.optim.Optimizer):
    def step(self, closure):
        loss = closure()
        loss.backward()          # the step runs its closure's backward itself (SaLSa, geoopt's samplers)
        return self.search(loss)

    def search(self, loss):
        if loss.item() > 0:
            return loss
        return loss * 0

def fit(model, opt, x):
    loss = model(x).sum()
    loss.backward()              # a training loop: driver code
    opt.step()
    return loss.item()
"""


def test_an_optimizer_step_with_a_closure_is_not_driver_code(lint):
    # `step(closure)` calling `.backward()` is the step a user compiles (`torch.compile(opt.step)`), so
    # `--scope auto` follows it into the line search; a loop calling `.backward()` stays driver code
    lines = {(f.line, f.code) for f in lint(CLOSURE_STEP, scope="auto").findings}
    assert (11, "GL101") in lines and (7, "GL702") in lines
    assert not any(line >= 15 for line, _ in lines)


HVP = """
import torch

def hvp(grad, x):
    (h,) = torch.autograd.grad(grad, x, torch.ones_like(grad), retain_graph=True)
    return h

def maybe_log(x, verbose: bool):
    if verbose:
        print(x)
    return x
"""
SOLVER = """
import torch
from pkg.hvp import hvp, maybe_log

@torch.compile
def conjugate_gradient(b, x, tol: float = 1e-6):
    grad = x * x
    r = b.clone()
    for _ in range(3):
        r = r - 0.1 * hvp(grad, x)
        if r.norm() < tol:
            break
    return r

@torch.compile
def logged(b, tol: float = 1e-6):
    for _ in range(3):
        b = maybe_log(b * 2, False)
        if b.norm() < tol:
            break
    return b
"""


def test_a_call_in_a_loop_to_a_breaking_function_of_another_file_skips_the_caller(tmp_path):
    # hvp always breaks, so the call breaks in conjugate_gradient's loop and Dynamo skips the rest of
    # it (fixtures/cases/frame_skips.py measures the same within one file); maybe_log breaks only
    # when asked to, so logged's own test is still reached and breaks
    files = {"pkg/__init__.py": "", "pkg/hvp.py": HVP, "pkg/solver.py": SOLVER}
    got = set(by_path(lint_tree(tmp_path, files, scope="compiled")))
    assert ("pkg/hvp.py", 5, "GL702") in got
    assert ("pkg/solver.py", 19, "GL401") in got
    assert ("pkg/solver.py", 11, "GL401") not in got
    shown = set(by_path(lint_tree(tmp_path, {}, scope="compiled", show_shadowed=True)))
    assert ("pkg/solver.py", 11, "GL401") in shown


HOOKS = """
import torch

class Progress:
    def on_epoch_end(self, trainer, **kwargs):
        print("epoch", trainer.epoch)

    def on_batch_end(self, trainer, outputs):
        print("loss", outputs)

    def report(self, trainer):
        print("report", trainer.epoch)

class State:
    def __init__(self):
        self.epoch = 0

class Callback:
    def epoch_complete(self, state: State):
        pass

class LogEpoch(Callback):
    def epoch_complete(self, state: State):
        print("epoch", state.epoch)

def on_epoch_complete(fn):
    return fn

@on_epoch_complete
def default_logging(state: State):
    print("epoch", state.epoch)

class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.progress = Progress()

    def forward(self, x, trainer):
        self.progress.on_epoch_end(trainer)
        return x
"""


def test_auto_scope_leaves_out_callback_hooks_without_tensors(lint):
    # a framework calls `on_epoch_end(self, trainer)` from its loop, which runs eagerly by then, and
    # Dynamo skips a frame with nothing torch-related (fixtures/cases/bare_frames.py: `EpochLogger`);
    # so are a Callback subclass's methods and an `@on_epoch_complete` function handed a plain `State`
    # (argus); a hook handed outputs may hold tensors, a non-hook helper may be what a user compiles,
    # and a hook a traced forward calls is inlined, so its first break shows
    lines = {f.line for f in lint(HOOKS, scope="auto").findings}
    assert lines == {6, 9, 12}, lines
    regions = {f.line: f.region.kind for f in lint(HOOKS, scope="auto").findings}
    assert regions[6] == "module"


TRAIN_STEP = """
import torch

class Model:
    def train_step(self, batch):
        self.optimizer.zero_grad()
        loss = self.loss(self.nn_module(batch[0]), batch[1])
        loss.backward()
        self.optimizer.step()
        return {"loss": loss.item()}

    def fit(self, loader):
        for batch in loader:
            loss = self.nn_module(batch[0]).sum()
            loss.backward()
            print("loss", loss.item())
"""


def test_a_train_step_is_not_driver_code(lint):
    # one batch's forward, backward and update is what users hand to torch.compile (argus's
    # `Model.train_step`, compiled through `model.fit`, breaks at `loss.item()`); the loop over batches
    # that calls `.backward()` stays driver code
    lines = {(f.line, f.code) for f in lint(TRAIN_STEP, scope="auto").findings}
    assert (10, "GL101") in lines and (8, "GL702") in lines
    assert not any(line >= 13 for line, _ in lines)


HELPER_BEFORE_CALLER = """
import torch

def _get_batch(inputs: torch.Tensor, start: int, end: int):
    if start == 0:
        return inputs[:end]
    return inputs[start:end]

def batched(inputs: torch.Tensor, index_batch: torch.Tensor):
    start, end = index_batch[0], index_batch[-1] + 1
    return _get_batch(inputs, start, end)
"""


def test_auto_scope_walks_callers_before_the_helpers_they_call(lint):
    # `_get_batch` comes first in the file, but nobody calls `batched`: it starts the region, so its call
    # passes its tensors to the helper, whose `int` annotations Dynamo never sees (cebra's `_get_batch`)
    result = lint(HELPER_BEFORE_CALLER, scope="auto")
    lines = {(f.line, f.code) for f in result.findings}
    assert (5, "GL401") in lines and (7, "GL503") in lines
    assert {f.region.chain for f in result.findings if f.line == 5} == {("batched", "_get_batch")}


def test_a_batch_step_is_not_driver_code(lint):
    # torchbiggraph's `process_one_batch`: one batch's forward, backward and update, like a `train_step`
    code = TRAIN_STEP.replace("train_step", "process_one_batch")
    lines = {(f.line, f.code) for f in lint(code, scope="auto").findings}
    assert (10, "GL101") in lines and (8, "GL702") in lines


def test_a_while_test_retested_inside_the_loop_hides_what_follows_the_loop(lint):
    # Python tests the condition again at the end of the body; a jump of the test after the break puts that
    # second break inside the loop, where Dynamo skips the frame (fixtures/cases/loops.py)
    code = """
    import torch

    @torch.compile
    def more_jumps(x, n):
        i = 0
        while x.sum() < 10 and i < n:
            x = x * 2
            print("in the body", i)
            i += 1
        print("after")
        return x

    @torch.compile
    def last_jump(x, n):
        i = 0
        while i < n and x.sum() < 10:
            x = x * 2
            i += 1
        print("after")
        return x
    """
    assert found(lint(code)) == {(7, "GL401"), (9, "GL201"), (17, "GL401"), (20, "GL201")}


def test_a_generator_is_skipped_after_its_first_break(lint):
    code = """
    import torch

    def steps(x):
        yield x + 1
        print("first")
        yield x + 2
        print("second")

    @torch.compile
    def consume(x):
        return sum(steps(x))
    """
    assert found(lint(code)) == {(6, "GL201")}


def test_the_rest_of_a_function_with_nothing_torch_related_left_runs_eagerly(lint):
    code = """
    import torch

    def report(losses, scale):
        total = sum(losses).item()
        print("total", total)
        return total

    def report_scaled(losses, scale):
        total = sum(losses).item()
        print("total", total)
        return scale * total

    def report_with_torch(losses):
        total = sum(losses).item()
        print("total", total)
        return torch.tensor(total)

    @torch.compile
    def step(x):
        losses = [x.sum(), x.mean()]
        return report(losses, x), report_scaled(losses, x), report_with_torch(losses)
    """
    # `scale` is read after the break and is a tensor; `torch` keeps every frame of report_with_torch traced
    assert found(lint(code)) == {(5, "GL101"), (10, "GL101"), (11, "GL201"), (15, "GL101"), (16, "GL201")}


def test_a_tensor_slice_bound_hides_the_rest_of_the_function(lint):
    code = """
    import torch

    @torch.compile
    def head(x):
        n = (x > 0).sum()
        y = x[:n]
        print("kept", y.shape)
        return y
    """
    assert found(lint(code)) == {(7, "GL503")}


def test_a_method_called_on_a_parameter_annotated_with_a_project_class_is_traced(tmp_path):
    # torchrir's `_validate_scene_entities(room: Room, ...)` calls `room._validate_internal()`
    files = {
        "pkg/__init__.py": "",
        "pkg/room.py": """
            import torch

            class Room:
                def __init__(self, size):
                    self.size = torch.as_tensor(size)

                def validate(self):
                    if torch.any(self.size <= 0):
                        raise ValueError("size")

                def volume(self):
                    return self.size.prod().item()
            """,
        "pkg/scene.py": """
            from typing import Optional

            import torch
            from pkg.room import Room

            @torch.compile
            def simulate(room: Room, x, other: Optional[Room] = None):
                room.validate()
                other.volume()
                return x * 2
            """,
    }
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, files, scope="compiled").findings}
    assert got == {("pkg/room.py", 9, "GL401"), ("pkg/room.py", 13, "GL101")}


def test_a_public_callable_class_stays_library_code_when_only_driver_code_calls_it(tmp_path):
    # sequence-models' `MaskedAccuracy`: its own trainer calls it eagerly, a user calls it in compiled code
    project = dict(AUTO_PROJECT)
    project["lib/metrics.py"] = """
    import torch

    class MaskedAccuracy:
        def __call__(self, pred, tgt, mask):
            kept = torch.masked_select(tgt, mask.bool())
            return kept.float().mean()

    class _Internal:
        def __call__(self, loss):
            print(loss.item())
    """
    project["train.py"] = AUTO_PROJECT["train.py"].replace(
        "from lib.ops import log_loss", "from lib.ops import log_loss\n    from lib.metrics import MaskedAccuracy, _Internal"
    ).replace("log_loss(loss)", "log_loss(loss)\n            metric(x, x, x > 0)\n            internal(loss)"
    ).replace("for x in batches:", "metric = MaskedAccuracy()\n        internal = _Internal()\n        for x in batches:")
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, project, scope="auto").findings}
    assert got == {("lib/ops.py", 5, "GL401"), ("lib/metrics.py", 6, "GL502")}, got


def test_a_call_through_a_parameters_annotation_does_not_make_the_method_driver_code(tmp_path):
    # pytorchtrainer's `Trainer.evaluate(loader, metric: Metric)` calls `metric.step()` in its eager loop; users
    # compile `Accuracy.step`. Calls through an annotation still carry traced code into the method (above).
    project = dict(AUTO_PROJECT)
    project["lib/metric.py"] = """
    import torch

    class Accuracy:
        def step(self, y, y_pred):
            self.total += torch.eq(y, y_pred).sum().item()
    """
    project["train.py"] = AUTO_PROJECT["train.py"].replace(
        "from lib.ops import log_loss", "from lib.ops import log_loss\n    from lib.metric import Accuracy"
    ).replace("def train(batches):", "def evaluate(batches, metric: Accuracy):\n"
              "        for x in torch.utils.data.DataLoader(batches):\n"
              "            metric.step(x, x)\n\n    def train(batches):")
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, project, scope="auto").findings}
    assert got == {("lib/ops.py", 5, "GL401"), ("lib/metric.py", 6, "GL101")}, got
    # built in the driver instead of annotated, the same call does make it driver code
    project["train.py"] = project["train.py"].replace("metric: Accuracy):", "metric):\n        metric = Accuracy()")
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, project, scope="auto").findings}
    assert got == {("lib/ops.py", 5, "GL401")}, got


def test_a_callable_class_in_a_file_without_torch_is_driver_code_when_only_driver_code_calls_it(tmp_path):
    # pytorchtrainer's `CsvWriter.__call__` appends a row to a log file after each evaluation batch
    project = dict(AUTO_PROJECT)
    project["lib/writer.py"] = """
    class CsvWriter:
        def __call__(self, loss):
            with open("log.csv", "a") as f:
                f.write(str(loss))
    """
    project["train.py"] = AUTO_PROJECT["train.py"].replace(
        "from lib.ops import log_loss", "from lib.ops import log_loss\n    from lib.writer import CsvWriter"
    ).replace("log_loss(loss)", "log_loss(loss)\n            writer(loss)"
    ).replace("for x in batches:", "writer = CsvWriter()\n        for x in batches:")
    got = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, project, scope="auto").findings}
    assert got == {("lib/ops.py", 5, "GL401")}, got


def test_a_file_that_only_star_imports_a_torch_module_is_torch_code(tmp_path):
    """algovision's `from algovision.core import *`: the conventional names assumed from a star import are no
    imports of the file's own, and the module it star-imports does import torch."""
    files = {
        "pkg/__init__.py": "",
        "pkg/core.py": "import torch\n",
        "pkg/conditions.py": """
            from pkg.core import *


            def is_true(value):
                assert value.min() >= 0 and value.max() <= 1
                return value
        """,
    }
    found = {(f.path, f.line, f.code) for f in lint_tree(tmp_path, files, scope="all").findings}
    assert ("pkg/conditions.py", 6, "GL405") in found


def test_constructing_a_dataclass_in_traced_code_runs_its_post_init(lint):
    code = """
    from dataclasses import dataclass
    import torch
    from torch import nn

    @dataclass
    class Mixture:
        logits: torch.Tensor

        def __post_init__(self):
            print("built")

    @dataclass
    class Settings:
        scale: torch.Tensor

        def __post_init__(self):
            print("settings")

    class Explicit:
        def __init__(self, w):
            self.w = w

        def __post_init__(self):
            print("never called")

    class Head(nn.Module):
        def forward(self, x):
            Explicit(x)
            return Mixture(x).logits
    """
    result = lint(code, scope="auto")
    # only the dataclass built in forward: a class with its own __init__ never runs __post_init__, and a
    # __post_init__ nobody calls in traced code is construction, not a function a user compiles
    assert found(result) == {(11, "GL201")}
    assert result.findings[0].region.chain == ("Head.forward", "Mixture.__post_init__")


def test_an_optimizers_step_stays_library_code_when_only_the_packages_loop_calls_it(lint):
    # pykan's `fit` drives its own LBFGS; a user compiling a train step (or `fit`) traces that `step` all the same
    code = """
    import torch
    from torch.optim import Optimizer

    class LBFGS(Optimizer):
        def step(self, closure):
            loss = float(closure())
            return loss

    class Helper:
        def step(self, x):
            print("not an optimizer")

    def fit(model, batches):
        opt = LBFGS(model.parameters(), {})
        helper = Helper()
        for x in batches:
            loss = model(x).sum()
            loss.backward()
            opt.step(lambda: loss)
            helper.step(x)
    """
    result = lint(code, scope="auto")
    assert found(result) == {(7, "GL103")}
    assert result.findings[0].region.chain == ("LBFGS.step",)


def test_a_public_module_method_only_a_training_loop_calls_stays_library_code(lint):
    # torchhd's `Centroid.add_adapt`, called only from each classifier's `fit`: the model's API, which a user's
    # compiled step calls too; `reset_parameters`, called from `__init__`, and a private helper stay eager
    result = lint("""
    import torch
    from torch import nn
    from torch.utils.data import DataLoader

    class Centroid(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.weight = nn.Parameter(torch.zeros(n, 4))
            self.reset_parameters()

        def reset_parameters(self):
            print("reset", self.weight.shape)

        def forward(self, x):
            return x @ self.weight.T

        def add_adapt(self, x, target):
            wrong = target != self(x).argmax(1)
            if wrong.sum().item() == 0:
                return
            self.weight.index_add_(0, target[wrong], x[wrong])

        def _log(self, x):
            print(x.sum().item())

        def summary(self):
            print(self.weight.sum().item())

    class Classifier(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.model = Centroid(n)

        def fit(self, loader: DataLoader):
            for x, y in loader:
                self.model.add_adapt(x, y)
                self.model._log(x)

    def main():
        model = Centroid(3)
        compiled = torch.compile(model)
        model.summary()  # a script's own call: `summary` stays eager
        return compiled
    """, scope="auto")
    assert found(result) == {(20, "GL101"), (22, "GL501")}


def test_a_helper_taking_a_tensor_that_only_a_training_loop_calls_is_traced(lint):
    # torch-uncertainty's conformal `fit` loops over a DataLoader and hands each batch to
    # `_calculate_single_label(probs: Tensor, label: Tensor)`: Dynamo traces that as a frame of its own when `fit`
    # is compiled. `_log_scores`, which takes no annotated tensor, stays driver code, as does the loop itself.
    result = lint("""
    import torch
    from torch import Tensor
    from torch.utils.data import DataLoader

    class Conformal:
        def _single_label(self, probs: Tensor, label: Tensor) -> Tensor:
            idx = torch.where(probs == label.view(-1, 1))
            return probs[idx]

        def _log_scores(self, scores):
            print(scores.mean().item())

        def fit(self, loader: DataLoader) -> None:
            scores = []
            for probs, labels in loader:
                scores.append(self._single_label(probs, labels))
            self._log_scores(torch.cat(scores))
    """, scope="auto")
    assert found(result) == {(8, "GL502")}
    assert result.findings[0].region.kind == "library"


def test_a_public_function_taking_a_tensor_that_only_main_calls_stays_library_code(lint):
    # litgpt's `generate(draft_model, target_model, prompt: torch.Tensor, ...)`, driven by the script's `main`: the
    # library's API, which a user compiles; `write_tokens`, which takes no tensor, and `_decode_step` stay eager
    result = lint("""
    import torch

    def generate(prompt: torch.Tensor, steps: int):
        pos = torch.tensor([0])
        while pos < steps:
            pos.add_(1)
        return prompt[:1] * pos

    def write_tokens(tokens, path):
        print(tokens.sum().item(), path)

    def _decode_step(x: torch.Tensor):
        return x.sum().item()

    def main():
        out = generate(torch.ones(3), 4)
        write_tokens(out, "out.txt")
        return _decode_step(out)
    """, scope="auto")
    assert found(result) == {(6, "GL401")}
    assert result.findings[0].region.kind == "library"
