"""A comprehension's ``if`` whose truth each position decides from constants (round 38P of issue
17): ``{name: t.partition(s) for name, t in bufs.items() if name != "out"}`` over a dict whose
keys are known one by one keeps exactly the keys the test lets through, as the display of those
would (``tilecheck.host.positions`` then follows the kept positions one by one, each item its
own object, instead of one joined "any of them").

Only a test of the comprehension's own names against literals is read: ``==``, ``!=``, ``<``,
``<=``, ``>``, ``>=``, ``in``/``not in`` a display of literals, ``not``, ``and``, ``or``. Any
other test (a call, an attribute, a name the positions do not bind to a constant) leaves the
truth unknown, and the comprehension is followed as before (joined, silent)."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.syntax.constants import COMPARISONS, string_value

Constant = int | str


def kept(tests: list[cst.BaseExpression], values: Mapping[str, Constant]) -> bool | None:
    """Whether a position whose names take ``values`` passes every test (None: not known)."""
    for test in tests:
        truth = _truth(test, values)
        if truth is None:
            return None
        if not truth:
            return False
    return True


def _truth(test: cst.BaseExpression, values: Mapping[str, Constant]) -> bool | None:
    kind = type(test)
    if kind is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
        inner = _truth(test.expression, values)  # type: ignore[attr-defined]
        return None if inner is None else not inner
    if kind is cst.BooleanOperation:
        left = _truth(test.left, values)  # type: ignore[attr-defined]
        right = _truth(test.right, values)  # type: ignore[attr-defined]
        if type(test.operator) is cst.And:  # type: ignore[attr-defined]
            if left is False or right is False:
                return False
            return None if left is None or right is None else True
        if left is True or right is True:
            return True
        return None if left is None or right is None else False
    if kind is cst.Comparison and len(test.comparisons) == 1:  # type: ignore[attr-defined]
        return _compared(test, values)  # type: ignore[arg-type]
    return None


def _compared(test: cst.Comparison, values: Mapping[str, Constant]) -> bool | None:
    compare = test.comparisons[0]
    first = _constant(test.left, values)
    op = type(compare.operator)
    if first is None:
        return None
    if op is cst.In or op is cst.NotIn:
        among = _constants(compare.comparator, values)
        return None if among is None else (first in among) is (op is cst.In)
    second = _constant(compare.comparator, values)
    how = COMPARISONS.get(op)
    if second is None or how is None or type(first) is not type(second):
        return None
    return how(first, second)


def _constant(expr: cst.BaseExpression, values: Mapping[str, Constant]) -> Constant | None:
    kind = type(expr)
    if kind is cst.Name:
        return values.get(expr.value)  # type: ignore[attr-defined]
    if kind is cst.Integer:
        return int(expr.value, 0)  # type: ignore[attr-defined]
    if kind is cst.UnaryOperation and type(expr.operator) is cst.Minus:  # type: ignore[attr-defined]
        inner = expr.expression  # type: ignore[attr-defined]
        return -int(inner.value, 0) if type(inner) is cst.Integer else None
    if kind is cst.SimpleString:
        text = string_value(expr)  # type: ignore[arg-type]
        return text if isinstance(text, str) else None
    return None


def _constants(
    expr: cst.BaseExpression, values: Mapping[str, Constant]
) -> frozenset[Constant] | None:
    if type(expr) not in (cst.Tuple, cst.List, cst.Set):
        return None
    out: set[Constant] = set()
    for element in expr.elements:  # type: ignore[attr-defined]
        if type(element) is not cst.Element:
            return None
        value = _constant(element.value, values)
        if value is None:
            return None
        out.add(value)
    return frozenset(out)
