import libcst as cst

from graphlint.analysis.extensions import compiled_package, is_ctypes_name
from graphlint.checks.base import Check


class CExtensionCall(Check):
    """A call into a compiled extension (scipy, ctypes, ...): Dynamo cannot trace C code (GB0156).

    Packages are recognised from their installed files (a `.so`/`.pyd` in the package), never by
    importing them.
    """

    code = "GL303"

    def visit_Call(self, node: cst.Call, ctx) -> None:
        func = node.func
        name = ctx.qualname(func)
        if name is not None:
            top, *rest = name.split(".")
            if any(part.startswith("__") and part.endswith("__") for part in rest):
                return  # `PIL.__version__.split(".")`: a method of a module's metadata string, not its code
            if top == "ctypes":
                ctx.report(node, self.code, f"`{name}()` calls into C through ctypes")
            elif compiled_package(top) and not ctx.env.ctx.defined_in_project(name):
                # a Python function of the linted package itself (POT's `ot.utils.list_to_array` next to
                # its one extension module) is analysed where it is defined
                ctx.report(node, self.code, f"`{name}` comes from `{top}`, a package with compiled "
                                            "extensions: Dynamo cannot trace into C code")
            return
        # `_LIBC = ctypes.CDLL(...)` at module level, then `_LIBC.abs(-3)`
        root = func
        while isinstance(root, cst.Attribute):
            root = root.value
        if isinstance(root, cst.Name) and root is not func and root.value not in ctx.env.names:
            if is_ctypes_name(ctx.env.ctx.module_ctors.get(root.value, "")):
                ctx.report(node, self.code, f"`{root.value}` is a ctypes library: the call runs C code")
