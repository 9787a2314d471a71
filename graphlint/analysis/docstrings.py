"""Parameter types written in a function's docstring: evidence for the kind of an unannotated parameter.

Library code often documents `keys_length: 1D tensor, [B]` or `x (Tensor): input` instead of annotating
it. Three styles are read, only for the function's own parameter names:

    Google   x (torch.Tensor): ...          numpy    x : Tensor of shape (B, N)
    Sphinx   :param Tensor x: ...  /  :type x: torch.Tensor
    loose    keys_length: 1D tensor, [B]    (the text after the colon must start with the type)
    braces   box {numpy.ndarray} -- ...     (autoDocstring's default style: facenet-pytorch)
"""

from __future__ import annotations

import re

import libcst as cst

_GOOGLE = re.compile(r"^\s*\*{0,2}(\w+)\s*\(([^()]*(?:\([^()]*\))?[^()]*)\)\s*:")
_COLON = re.compile(r"^\s*(\w+)\s*:\s*(.+)$")
_BRACES = re.compile(r"^\s*\*{0,2}(\w+)\s*\{([^{}]+)\}\s*(--|:|$)")
_SPHINX_PARAM = re.compile(r":param\s+([^:]+?)\s+(\w+)\s*:")
_SPHINX_TYPE = re.compile(r":type\s+(\w+)\s*:\s*(.+)$")
# a type phrase at the start of the text: `1D tensor`, `torch.FloatTensor`, `optional Tensor`
_TENSOR_TYPE = re.compile(r"^(optional\s+|an?\s+)?((\d[\-\s]?d|\w+-dimensional|(float|long|bool|int)\w*)\s+)?"
                          r"((torch\.)?(\w*Tensor)|tensor)\b", re.I)
# the dtype part of a tensor type: `bool tensor`, `boolean tensor`, or `tensor, bool` / `Tensor of torch.bool`
_BOOL_DTYPE = re.compile(r"^(bool(ean)?\s+\S*tensor\b|\S*tensor\s*(,\s*|\s(of\s+)?(dtype\s+)?)(torch\.)?bool(ean)?s?\b)", re.I)
_NUMBER_TYPE = re.compile(r"^(optional\s+|an?\s+)?(int|float|bool|str|number|integer|string|boolean)\b", re.I)
_EITHER = re.compile(r"\b(or|\|)\s", re.I)
# `numpy.ndarray`, `np.array`, `ndarray` (rectorch's `:obj:`numpy.array``): a numpy array, which Dynamo
# traces as a tensor
_NDARRAY_TYPE = re.compile(r"^(optional\s+|an?\s+)?((numpy|np)\.(nd)?array|ndarray)\b", re.I)
# a Sphinx cross-reference role around a type: :obj:`x`, :class:`~torch.Tensor`
_SPHINX_ROLE = re.compile(r":(?:obj|class|py:class|py:obj|data|type):`~?([^`]+)`")


def documented_types(fn: cst.FunctionDef) -> dict[str, str]:
    """Parameter name → 'tensor' / 'bool_tensor' / 'ndarray' / 'number', from the docstring; ambiguous or untyped
    ones left out."""
    doc = fn.get_docstring(clean=True)
    if not doc:
        return {}
    params = {p.name.value for p in (*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params)}
    found: dict[str, str] = {}
    for line in doc.splitlines():
        for name, text in _candidates(line):
            if name in params and name not in found:
                kind = _classify(text)
                if kind:
                    found[name] = kind
    return found


def _candidates(line: str) -> list[tuple[str, str]]:
    out = []
    sphinx = _SPHINX_PARAM.search(line)
    if sphinx:
        out.append((sphinx.group(2), sphinx.group(1)))
    sphinx_type = _SPHINX_TYPE.search(line)
    if sphinx_type:
        out.append((sphinx_type.group(1), sphinx_type.group(2)))
    google = _GOOGLE.match(line) or _BRACES.match(line)
    if google:
        out.append((google.group(1), google.group(2)))
    elif not sphinx and not sphinx_type:
        colon = _COLON.match(line)
        if colon:
            out.append((colon.group(1), colon.group(2)))
    return out


def _classify(text: str) -> str | None:
    text = _SPHINX_ROLE.sub(r"\1", text.strip()).strip("`")  # ":obj:`numpy.array`" → "numpy.array"
    head = re.split(r"[,;]|\.(?!\w)", text, maxsplit=1)[0]
    if _EITHER.search(head):
        return None  # `int or Tensor`, `Tensor | float`: either
    tensor = _TENSOR_TYPE.match(text)
    if tensor:
        # `BoolTensor`, `bool tensor`, torchsurv's `event (torch.Tensor, bool)`: a mask
        phrase = text[tensor.start(2) if tensor.group(2) else tensor.start(5):]
        return "bool_tensor" if _BOOL_DTYPE.match(phrase) or "BoolTensor" in tensor.group(5) else "tensor"
    if _NDARRAY_TYPE.match(text):
        return "ndarray"
    if _NUMBER_TYPE.match(text):
        return "number"
    return None
