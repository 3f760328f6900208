"""Integer constants the syntax shows: ``64``, ``1 << 6``, ``2 * BLOCK`` (with BLOCK known),
``(0 + 1) % 2``.

One evaluator for the host analysis (which knows module constants) and the kernel-body
analysis (which knows none: a name there is a ``Const[int]`` parameter or ``z.tile_shape``,
checked at launch)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

import libcst as cst

# ``a == b``, ``a < b``, ...: what each comparison of two constants computes, by its operator's
# node (the host analysis decides tests of literals and known keys with it)
COMPARISONS: dict[type[cst.BaseCompOp], Callable[[Any, Any], bool]] = {
    cst.Equal: operator.eq,
    cst.NotEqual: operator.ne,
    cst.LessThan: operator.lt,
    cst.LessThanEqual: operator.le,
    cst.GreaterThan: operator.gt,
    cst.GreaterThanEqual: operator.ge,
}
_MAX_BITS = 64  # larger results are no tile dimension anyway; never compute 2 ** 10 ** 9
_NO_NAMES: Mapping[str, int] = {}


def const_int(expr: cst.BaseExpression, names: Mapping[str, int] = _NO_NAMES) -> int | None:
    """The value of an integer expression of literals and the given ``names``, or None."""
    # (exact types: ``isinstance`` on libcst's ABCs is slow, and this is asked often)
    if type(expr) is cst.Integer:
        return int_value(expr)
    if type(expr) is cst.Name:
        return names.get(expr.value)
    if type(expr) is cst.Attribute and type(expr.value) is cst.Name:  # ``Slot.Q`` of an IntEnum
        return names.get(f"{expr.value.value}.{expr.attr.value}") if names else None
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


def string_value(expr: cst.SimpleString) -> str | bytes:
    """``expr.evaluated_value`` without ``ast.literal_eval`` for a literal with no escape to
    decode (no prefix but ``r``): its text between the quotes. ``literal_eval`` parses the
    text and leaves a reference cycle behind each call (its nested converter)."""
    text = expr.value
    start = 0
    while text[start] not in "'\"":
        start += 1
    prefix = text[:start].lower()
    if (prefix == "r" or (not prefix and "\\" not in text)) and "\r" not in text:
        width = 3 if text[start : start + 3] in ('"""', "'''") else 1
        return text[start + width : len(text) - width]
    value = expr.evaluated_value
    assert isinstance(value, (str, bytes))
    return value


def literal_value(expr: cst.SimpleString | cst.Integer) -> object:
    """A string's or an integer's value (``string_value``, ``int_value``)."""
    if type(expr) is cst.Integer:
        return int_value(expr)
    assert isinstance(expr, cst.SimpleString)
    return string_value(expr)


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
    elif isinstance(op, cst.Modulo):  # ``(step + 1) % 2`` of an unrolled counter (round 39I)
        if right == 0:
            return None
        result = left % right
    elif isinstance(op, cst.BitAnd):
        result = left & right
    elif isinstance(op, cst.BitOr):
        result = left | right
    elif isinstance(op, cst.BitXor):
        result = left ^ right
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
