"""PEP 484 signature type comments, read as the annotations they stand for.

TorchScript-era code (torchvision's detection models, among others) declares parameter types in a comment
under the `def` line instead of annotations:

    def compute_loss(self, targets, head_outputs, matched_idxs):
        # type: (list[dict[str, Tensor]], dict[str, Tensor], list[Tensor]) -> Tensor

The parameters get the annotations the comment spells, so the rest of the analysis reads them like any other.
"""

from __future__ import annotations

import re

import libcst as cst

_SIGNATURE_COMMENT = re.compile(r"#\s*type:\s*\((?P<params>.*)\)\s*->\s*(?P<returns>.*?)\s*$")


def with_comment_annotations(fn: cst.FunctionDef, params: list[cst.Param], method: bool) -> list[cst.Param]:
    """`params` (in order, `self` first for a method), each unannotated one annotated from the signature's
    type comment; unchanged when there is no such comment or its types do not line up with the parameters."""
    declared = _comment_types(fn)
    if declared is None:
        return params
    named = params[1:] if method and params and params[0].name.value in ("self", "cls") else params
    if len(declared) != len(named):
        return params
    annotated = {id(p): _annotated(p, text) for p, text in zip(named, declared)}
    return [annotated.get(id(p)) or p for p in params]


def written_return(fn: cst.FunctionDef) -> str | None:
    """The return annotation's source text, else the type a signature comment declares (`Tensor` in
    `# type: (int) -> Tensor`); None when neither says."""
    if fn.returns is not None:
        return cst.Module([]).code_for_node(fn.returns.annotation)
    match = _signature_comment(fn)
    return match.group("returns") or None if match else None


def _comment_types(fn: cst.FunctionDef) -> list[str] | None:
    match = _signature_comment(fn)
    return _split_top_level(match.group("params")) if match else None


def _signature_comment(fn: cst.FunctionDef) -> re.Match | None:
    body = fn.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    comments = [body.header.comment] if body.header.comment else []
    if body.body:
        comments += [line.comment for line in body.body[0].leading_lines if line.comment]
    for comment in comments:
        match = _SIGNATURE_COMMENT.match(comment.value)
        if match:
            return match
    return None


def _split_top_level(text: str) -> list[str]:
    """`list[dict[str, Tensor]], Tensor` → ['list[dict[str, Tensor]]', 'Tensor'] (commas inside brackets stay)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"[": 1, "(": 1, "]": -1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    last = text[start:].strip()
    return parts + [last] if last or parts else []


def _annotated(param: cst.Param, text: str) -> cst.Param | None:
    if param.annotation is not None or not text or text.startswith("*"):
        return None
    try:
        expression = cst.parse_expression(text)
    except cst.ParserSyntaxError:
        return None
    return param.with_changes(annotation=cst.Annotation(expression))
