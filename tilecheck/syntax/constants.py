"""Integer constants the syntax shows: ``64``, ``1 << 6``, ``2 * BLOCK`` (with BLOCK known).

One evaluator for the host analysis (which knows module constants) and the kernel-body
analysis (which knows none: a name there is a ``Const[int]`` parameter or ``z.tile_shape``,
checked at launch)."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

_MAX_BITS = 64  # larger results are no tile dimension anyway; never compute 2 ** 10 ** 9
_NO_NAMES: Mapping[str, int] = {}


def const_int(expr: cst.BaseExpression, names: Mapping[str, int] = _NO_NAMES) -> int | None:
    """The value of an integer expression of literals and the given ``names``, or None."""
    # (exact types: ``isinstance`` on libcst's ABCs is slow, and this is asked often)
    if type(expr) is cst.Integer:
        return int_value(expr)
    if type(expr) is cst.Name:
        return names.get(expr.value)
    if type(expr) is cst.UnaryOperation:
        inner = const_int(expr.expression, names)
        if inner is None:
            return None
        if isinstance(expr.operator, cst.Minus):
            return -inner
        return inner if isinstance(expr.operator, cst.Plus) else None
    if type(expr) is cst.BinaryOperation:
        left, right = const_int(expr.left, names), const_int(expr.right, names)
        if left is None or right is None:
            return None
        return _binary(expr.operator, left, right)
    return None


def int_value(expr: cst.Integer) -> int:
    """``expr.evaluated_value`` (an ``ast.literal_eval``) without parsing: ``int(text, 0)``
    reads every integer literal Python's grammar allows (``0x1F``, ``1_000``, ``00``)."""
    try:
        return int(expr.value, 0)
    except ValueError:
        value = expr.evaluated_value
        assert isinstance(value, int)
        return value


def _binary(op: cst.BaseBinaryOp, left: int, right: int) -> int | None:
    if isinstance(op, cst.Add):
        result = left + right
    elif isinstance(op, cst.Subtract):
        result = left - right
    elif isinstance(op, cst.Multiply):
        result = left * right
    elif isinstance(op, cst.FloorDivide):
        if right == 0:
            return None
        result = left // right
    elif isinstance(op, cst.LeftShift):
        if not 0 <= right <= _MAX_BITS:
            return None
        result = left << right
    elif isinstance(op, cst.RightShift):
        if right < 0:
            return None
        result = left >> right
    elif isinstance(op, cst.Power):
        if right < 0 or abs(left).bit_length() * right > 2 * _MAX_BITS:
            return None
        result = left**right
    else:
        return None
    return result if result.bit_length() <= 2 * _MAX_BITS else None
