import libcst as cst

from graphlint.checks.base import Check
from graphlint.torch_version import matches


class IdentityValueUsed(Check):
    """`hash(t)` / `t.data_ptr()` whose value is compared or computed with (GB9316, GB5976).

    Calling them and discarding the value traces fine (probes `hash_tensor`, `data_ptr`).
    """

    code = "GL610"
    MEASURED_FORMS = {"data_ptr": ("data_ptr_value_check", "<2.8 | >=2.13"),
                      # on older torch merely calling them broke, value used or not
                      "hash_unused": ("hash_tensor", "<2.13"), "data_ptr_unused": ("data_ptr", "<2.6"),
                      "id_unused": ("id_of_tensor", "<2.13")}

    def visit_Call(self, node: cst.Call, ctx) -> None:
        func = node.func
        if self._old_torch_call(node, ctx):
            return
        if ctx.is_builtin(func, "hash") and len(node.args) == 1 and ctx.is_tensor(node.args[0].value):
            what, gb = "hash(tensor)", ("GB9316",)
        elif (isinstance(func, cst.Attribute) and func.attr.value == "data_ptr" and not node.args
              and ctx.is_tensor(func.value)):
            what, gb = "tensor.data_ptr()", ("GB5976",)
            if not matches(ctx.torch_version, self.MEASURED_FORMS["data_ptr"][1]):
                return
        else:
            return
        parent = ctx.parent()
        if isinstance(parent, cst.BinaryOperation):
            gb = ("GB0088",)  # measured: arithmetic on the value fails differently from a comparison
        if isinstance(parent, (cst.Comparison, cst.ComparisonTarget, cst.BinaryOperation)):
            ctx.report(node, self.code, f"the value of `{what}` is used: Dynamo cannot know it", gb=gb)

    def _old_torch_call(self, node: cst.Call, ctx) -> bool:
        """On torch versions where calling `hash(t)` / `id(t)` / `t.data_ptr()` at all breaks."""
        func = node.func
        for builtin, form in (("hash", "hash_unused"), ("id", "id_unused")):
            if (ctx.is_builtin(func, builtin) and len(node.args) == 1 and ctx.is_tensor(node.args[0].value)
                    and matches(ctx.torch_version, self.MEASURED_FORMS[form][1])):
                ctx.report(node, self.code, f"`{builtin}()` of a tensor breaks the graph on this torch version")
                return True
        if (isinstance(func, cst.Attribute) and func.attr.value == "data_ptr" and ctx.is_tensor(func.value)
                and matches(ctx.torch_version, self.MEASURED_FORMS["data_ptr_unused"][1])):
            ctx.report(node, self.code, "`.data_ptr()` breaks the graph on this torch version")
            return True
        return False
