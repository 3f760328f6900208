"""Which receivers of ``.contiguous()`` are certainly strided views, so that the call makes a
dense copy (a tensor allocated by a conversion kernel, refused inside a graph capture) rather
than returning the tensor itself. Read from the syntax alone: ``x.T``, ``x.transpose(...)`` and
``x.permute(...)`` of literal dimensions out of order, and a subscript with a literal step
greater than 1 (``x[::2]``, ``x[1::3, :]``). Anything else may be contiguous: no finding. (A
matrix with a dimension of size 1 stays contiguous through ``.T``: rare beside
``w.T.contiguous()`` of a weight, so accepted.)"""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.constants import int_value

_REORDERING = frozenset({"transpose", "permute"})


def strided_copy(method: str, receiver: cst.BaseExpression) -> str:
    """The receiver's source text when ``receiver.method()`` is ``.contiguous()`` of a strided
    view (it allocates), else ``""``."""
    if method != "contiguous" or not strided_view(receiver):
        return ""
    text = cst.Module(body=()).code_for_node(receiver)
    return text if len(text) <= 40 else "the view"


def strided_view(expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is, by its form, a view whose elements are not back to back."""
    if type(expr) is cst.Attribute:
        return expr.attr.value == "T"
    if type(expr) is cst.Call:
        func = expr.func
        if type(func) is not cst.Attribute or func.attr.value not in _REORDERING:
            return False
        dims = [int_value(a.value) for a in expr.args if type(a.value) is cst.Integer]
        if len(dims) != len(expr.args) or not dims:
            return False
        # the identity (``permute(0, 1)``, ``transpose(1, 1)``) keeps the tensor as it is
        if func.attr.value == "transpose":
            return len(set(dims)) > 1
        return dims != sorted(dims)
    if type(expr) is cst.Subscript:
        return any(_stepped(element.slice) for element in expr.slice)
    return False


def _stepped(index: cst.BaseSlice) -> bool:
    if type(index) is not cst.Slice or index.step is None:
        return False
    step = index.step  # (a negative step is refused by the slice itself)
    return type(step) is cst.Integer and int_value(step) > 1
