import libcst as cst

from graphlint.analysis.extensions import DYNAMO_SKIPPED_LIBRARIES
from graphlint.analysis.tensors import GENERATOR
from graphlint.checks.base import CallByName


_PACKING = ("torch.nn.utils.rnn.pack_padded_sequence", "torch.nn.utils.rnn.pad_packed_sequence",
            "torch.nn.utils.rnn.pack_sequence", "torch.nn.utils.rnn.unpack_sequence")


class SkippedRuntimeCall(CallByName):
    """Clocks, Python's `random`, `datetime.now`, `sys.getsizeof`, `zlib`, `pickle`, RNG seeding and state:
    functions Dynamo skips or cannot trace (GB0007, GB0156, GB0363)."""

    code = "GL603"
    calls = {name: None for name in (
        "time.time", "time.perf_counter", "time.monotonic", "time.process_time", "time.time_ns",
        "time.perf_counter_ns", "time.monotonic_ns", "time.sleep",
        "datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today", "datetime.date.today",
        "sys.getsizeof", "sys._getframe", "pickle.dumps", "pickle.loads", "pickle.dump", "pickle.load",
        "torch.manual_seed", "torch.random.manual_seed", "torch.seed", "torch.cuda.manual_seed",
        "torch.cuda.manual_seed_all", "torch.Generator",
        # saving and restoring the RNG state (vmas' `local_seed`): probes rng_state_get / rng_state_set
        "torch.get_rng_state", "torch.set_rng_state", "torch.random.get_rng_state", "torch.random.set_rng_state",
        # `with torch.random.fork_rng(...)` saves the state on entry: the break is at the `with`, and the
        # block after it runs eagerly (measured on 2.13: lucidrains' reversible layers, fixtures/cases/frame_skips.py)
        "torch.random.fork_rng",
        # packed sequences for RNNs: on Dynamo's skip list (`trace_rules`), and pack_sequence / unpack_sequence
        # call them (measured on 2.13: fixtures/cases/dynamic_shapes.py; deepctr's DIEN, deepecho's PAR, ELMo)
        *_PACKING,
    )}
    # tqdm, networkx, pandas, ...: libraries on Dynamo's third-party skip list (measured on 2.13:
    # `for i in tqdm(range(n))` and `trange(n, disable=True)` break, GB0007/GB0008)
    prefixes = ("random.", "zlib.", "re.") + tuple(f"{lib}." for lib in DYNAMO_SKIPPED_LIBRARIES)
    # measured on 2.1 to 2.15: Dynamo traces randrange/randint/uniform (never a break), `random.choice`
    # breaks on every version and `random.sample` until 2.13; the rest of `random` follows `random.random()`
    MEASURED_FORMS = {"random.randrange": ("random_randrange", "<2.0"),
                      "random.randint": ("random_randint", "<2.0"),
                      "random.uniform": ("random_uniform", "<2.0"),
                      "random.choice": ("random_choice", ">=2.0"),
                      "random.sample": ("random_sample", "<2.14"),
                      "random.": ("random_random", ">=2.3,<2.14"),
                      "torch.manual_seed": ("manual_seed_inside", ">=2.2"),
                      "re.": ("re_match", "<2.7")}
    # measured on 2.13: a seeded `random.Random(0)` object and its methods trace fine (no break)
    allowed = {"random.Random", "random.SystemRandom"}
    gb_by_call = {"datetime.datetime.now": ("GB0156",), "datetime.datetime.utcnow": ("GB0156",),
                  "torch.Generator": ("GB0363",)}

    def __init__(self) -> None:
        super().__init__()
        # locals bound to a skipped library's object (the engine makes one check per function it walks)
        self._skipped_locals: dict[str, str] = {}

    def message_for(self, name: str) -> str | None:
        if name in _PACKING:
            return (f"`{name.rpartition('.')[2]}()` is on Dynamo's skip list (packed sequences): the call breaks "
                    "the graph; pack and unpack outside the compiled code, or run the RNN on the padded batch")
        library = name.split(".")[0]
        if library in DYNAMO_SKIPPED_LIBRARIES:
            return (f"`{name}()` is in `{library}`, a library on Dynamo's skip list: "
                    "the call breaks the graph")
        return None

    def gb_for(self, name: str) -> tuple[str, ...] | None:
        return ("GB0007",) if name.split(".")[0] in DYNAMO_SKIPPED_LIBRARIES else None

    def visit_Call(self, node: cst.Call, ctx) -> None:
        super().visit_Call(node, ctx)
        self._method_of_skipped_object(node, ctx)
        # using a torch.Generator breaks too, even one made outside (measured: GB0055, `g.manual_seed` GB7650)
        # only a value known to be a Generator: `generator=generator` passing an optional parameter
        # on is usually None (diffusers' randn_tensor, kornia's RANSAC: traced without a break)
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "generator" and ctx.kind(arg.value) == GENERATOR:
                ctx.report(node, self.code, "sampling with an explicit `torch.Generator`: not traceable",
                           gb=("GB0055",))

    def visit_For(self, node: cst.For, ctx) -> None:
        """`for i in tqdm(range(n)):` / `bar = tqdm(...)` then `for i in bar:`: Dynamo cannot trace the
        skipped library's `__iter__` and, the break sitting on the loop itself, gives up on the whole
        function (measured on 2.13, "Failed to handle graph break gracefully": nothing in the loop or
        after it is traced; torchreg's and tsne-torch's fitting loops)."""
        library = self._skipped_library_of(node.iter, ctx)
        if library:
            ctx.report(node.iter, self.code, f"iterating a `{library}` object: Dynamo cannot trace the loop and "
                                             "skips the whole function, which runs eagerly",
                       gb=("GB0007", "GB0008"), hides_rest=True)

    def visit_Assign(self, node: cst.Assign, ctx) -> None:
        library = self._skipped_library_of(node.value, ctx)
        names = self._skipped_locals
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                if library:
                    names[target.target.value] = library
                else:
                    names.pop(target.target.value, None)

    def _skipped_library_of(self, expr: cst.BaseExpression, ctx) -> str | None:
        """The skipped library a value comes from: a call into it, or a local bound to one."""
        if isinstance(expr, cst.Name):
            return self._skipped_locals.get(expr.value)
        if isinstance(expr, cst.Call):
            library = (ctx.qualname(expr.func) or "").split(".")[0]
            return library if library in DYNAMO_SKIPPED_LIBRARIES else None
        return None

    def _method_of_skipped_object(self, node: cst.Call, ctx) -> None:
        """`self.pbar.update(1)` with `self.pbar = tqdm(...)` set in another method: measured on 2.13 in
        pytorch-accelerated's callbacks (GB0008, `tqdm.update` marked as skipped)."""
        func, cls = node.func, ctx.env.cls
        if cls is None or not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Attribute):
            return
        owner = func.value
        if not (isinstance(owner.value, cst.Name) and owner.value.value == "self"):
            return
        library = cls.skipped_library_attrs.get(owner.attr.value)
        if library:
            ctx.report(node, self.code, f"`self.{owner.attr.value}` is a `{library}` object, a library on Dynamo's "
                                        f"skip list: `.{func.attr.value}()` breaks the graph", gb=("GB0008",))
