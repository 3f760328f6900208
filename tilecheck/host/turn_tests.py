"""A loop counter's value on each turn built apart, and the tests it decides (round 31K of
issue 17).

``tilecheck.flow.peel`` builds the first turn of ``for attempt in range(budget):`` apart when
its body tests the counter. Here the first turn's counter is its start (``At(0)``) and the
later turns' counter is past it (``Bounds(1, ...)``), and a branch whose test these values
decide the other way is a way no run takes (``decided``): ``if attempt == 0: break`` breaks
on the first turn and on no later one, ``if i > 0: prev.wait()`` waits from the second turn
on. A test is decided only from a counter's def (``State.defs``, which every rebinding of the
name clears) and only for the forms ``peel.tests`` reads; anything else is undecided."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.flow import peel
from tilecheck.host.indices import At, Bounds


def turn_def(found: tuple[str, int, int], width: int, now: object) -> At | Bounds:
    """What the counter (``found``: its name, start and step) is on the turn a ``FOR_TARGET``
    of this ``width`` begins (``now``: its def as iterating set it)."""
    _, start, step = found
    if width == peel.FIRST:
        return At(start)
    below = now.below if isinstance(now, Bounds) else None
    return Bounds(start + step, below)


def decided(test: cst.BaseExpression, defs: Mapping[str, object]) -> bool | None:
    """The truth of ``test`` where the counters have these defs (None: not decided)."""
    kind = type(test)
    if kind is cst.Name:
        low, high = _range(defs.get(test.value))  # type: ignore[attr-defined]
        if low is not None and low > 0:
            return True
        if low == 0 and high == 0:
            return False
        return None
    if kind is cst.UnaryOperation:
        if type(test.operator) is not cst.Not:  # type: ignore[attr-defined]
            return None
        inner = decided(test.expression, defs)  # type: ignore[attr-defined]
        return None if inner is None else not inner
    if kind is cst.BooleanOperation:
        left = decided(test.left, defs)  # type: ignore[attr-defined]
        right = decided(test.right, defs)  # type: ignore[attr-defined]
        if type(test.operator) is cst.And:  # type: ignore[attr-defined]
            if left is False or right is False:
                return False
            return True if left and right else None
        if left is True or right is True:
            return True
        return False if left is False and right is False else None
    if kind is cst.Comparison and len(test.comparisons) == 1:  # type: ignore[attr-defined]
        return _compared(test, defs)  # type: ignore[arg-type]
    return None


def _compared(test: cst.Comparison, defs: Mapping[str, object]) -> bool | None:
    compare = test.comparisons[0]
    left, right, op = test.left, compare.comparator, type(compare.operator)
    if type(left) is not cst.Name:
        left, right, op = right, left, _FLIP.get(op, op)  # ``0 < i`` as ``i > 0``
    if type(left) is not cst.Name:
        return None
    number = peel.integer(right)
    low, high = _range(defs.get(left.value))
    if number is None or low is None:
        return None
    if op is cst.Equal or op is cst.NotEqual:
        if low == high == number:
            same: bool | None = True
        elif number < low or (high is not None and number > high):
            same = False
        else:
            return None
        return same if op is cst.Equal else not same
    if op is cst.GreaterThan or op is cst.GreaterThanEqual:
        bar = number + 1 if op is cst.GreaterThan else number  # true where ``i >= bar``
        if low >= bar:
            return True
        return False if high is not None and high < bar else None
    if op is cst.LessThan or op is cst.LessThanEqual:
        bar = number - 1 if op is cst.LessThan else number  # true where ``i <= bar``
        if high is not None and high <= bar:
            return True
        return False if low > bar else None
    return None


_FLIP: dict[type, type] = {
    cst.LessThan: cst.GreaterThan,
    cst.GreaterThan: cst.LessThan,
    cst.LessThanEqual: cst.GreaterThanEqual,
    cst.GreaterThanEqual: cst.LessThanEqual,
}


def _range(form: object) -> tuple[int | None, int | None]:
    """The least and the greatest value a counter's def allows (None: not known)."""
    if isinstance(form, At):
        key = form.key
        return (key, key) if isinstance(key, int) and not isinstance(key, bool) else (None, None)
    if isinstance(form, Bounds) and form.least is not None:
        return form.least, None if form.below is None else form.below - 1
    return None, None
