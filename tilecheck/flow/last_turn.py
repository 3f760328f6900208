"""Tests that tell a ``for``'s last turn from the others (round 35K of issue 17).

Double buffering prefetches the next chunk unless this is the last one::

    for i in range(n):
        run(i)
        if i + 1 < n:
            prev.wait()
            load(i + 1)

On the last turn the test is false and the loop ends: that way never comes around to the next
turn. The CFG built every way out of the body back to the loop's head, so what the last turn
left undone (``prev`` not waited) reached the next turn's reads as if it had happened there:
a false conflict. The CFG now builds the rest of the body once more after the way the test
says is the last turn, and leads it out of the loop (as exhausted) instead of around it.

Only syntax is read. The loop is ``for i in range(stop)`` or ``range(start, stop)`` (step 1),
or ``for i, x in enumerate(xs)`` (``enumerate(xs, s)``: a literal ``s``) where the stop is
``len(xs)`` (plus ``s``); the test compares ``i`` with the stop, each side a sum of ``i``, the
stop (the same source: a name, ``len(name)``, an integer literal) and integer literals
(``i + 1 < n``, ``i < n - 1``, ``i != len(xs) - 1``, ``i == n - 1``, ``n - 1 > i``), and is
true on the last turn and false on every other one, or the reverse. The body binds neither
the counter nor the names the stop reads, and calls no method of them (``xs.append``); nested
functions and classes are not read. Anything else is no such test (None)."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.syntax.nodes import flat_targets, store_targets
from tilecheck.syntax.walk import own_nodes

# A linear form over the counter and the stop: (coefficient of the counter, of the stop,
# the constant), or None where the side is something else.
_Form = tuple[int, int, int]

_COMPARE: dict[type, Callable[[int], bool]] = {
    cst.LessThan: lambda d: d < 0,
    cst.LessThanEqual: lambda d: d <= 0,
    cst.GreaterThan: lambda d: d > 0,
    cst.GreaterThanEqual: lambda d: d >= 0,
    cst.Equal: lambda d: d == 0,
    cst.NotEqual: lambda d: d != 0,
}
_MONOTONE = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)


def stop_of(loop: cst.For) -> tuple[str, cst.BaseExpression] | None:
    """The counter of ``loop`` and the expression its last value is one below (``n`` of
    ``range(n)``, ``len(xs)`` of ``enumerate(xs)``; the start of ``enumerate`` folded in
    later by ``last_way``), or None where the loop is not one of those."""
    it = loop.iter
    if loop.asynchronous or type(it) is not cst.Call or type(it.func) is not cst.Name:
        return None
    args = it.args
    if any(a.star or a.keyword is not None for a in args):
        return None
    if it.func.value == "range" and type(loop.target) is cst.Name and 1 <= len(args) <= 2:
        return loop.target.value, args[-1].value
    if it.func.value == "enumerate" and len(args) == 1 and type(loop.target) is cst.Tuple:
        elements = loop.target.elements
        if len(elements) == 2 and type(elements[0].value) is cst.Name:
            seq = args[0].value
            if type(seq) is cst.Name:
                counter = cst.ensure_type(elements[0].value, cst.Name).value
                return counter, cst.Call(cst.Name("len"), [cst.Arg(seq)])
    return None


def last_way(loop: cst.For, test: cst.BaseExpression) -> bool | None:
    """The truth ``test`` has on ``loop``'s last turn alone (it has the other on every earlier
    turn), or None where the source does not show that."""
    found = stop_of(loop)
    if found is None or type(test) is not cst.Comparison or len(test.comparisons) != 1:
        return None
    counter, stop = found
    key = _key(stop)
    if key is None:
        return None
    compare = test.comparisons[0]
    check = _COMPARE.get(type(compare.operator))
    left, right = _form(test.left, counter, key), _form(compare.comparator, counter, key)
    if check is None or left is None or right is None:
        return None
    a, s, c = left[0] - right[0], left[1] - right[1], left[2] - right[2]
    if key[0] == "int":  # ``range(6)``: the stop is that number, ``i < 5`` reads it so
        s, c = -a, c + a * int(key[1])
    if a not in (1, -1) or s != -a:
        return None
    # test: a * (i - stop) + c  OP  0, with k = i - stop: -1 on the last turn, <= -2 before
    last, before = check(c - a), check(c - 2 * a)
    if last == before:
        return None
    if not isinstance(compare.operator, _MONOTONE) and check(c - 3 * a) != before:
        return None  # (``==``/``!=``: equal at one turn before the last, not at the last)
    if not _steady(loop, {counter} if key[0] == "int" else {counter, key[1]}):
        return None
    return last


def _key(expr: cst.BaseExpression) -> tuple[str, str] | None:
    """What the stop is, to know it again: a literal, a name, ``len`` of a name."""
    if type(expr) is cst.Integer:
        return ("int", expr.value) if expr.value.isdigit() else None
    if type(expr) is cst.Name:
        return "name", expr.value
    if type(expr) is cst.Call and type(expr.func) is cst.Name and expr.func.value == "len":
        args = expr.args
        if len(args) == 1 and not args[0].star and type(args[0].value) is cst.Name:
            return "len", cst.ensure_type(args[0].value, cst.Name).value
    return None


def _form(expr: cst.BaseExpression, counter: str, stop: tuple[str, str]) -> _Form | None:
    """``expr`` as a sum of the counter, the stop and integer literals (None: not so)."""
    if stop[0] != "int" and _key(expr) == stop:
        return 0, 1, 0
    if type(expr) is cst.Name:
        return (1, 0, 0) if expr.value == counter else None
    if type(expr) is cst.Integer:
        return (0, 0, int(expr.value)) if expr.value.isdigit() else None
    if type(expr) is cst.BinaryOperation and isinstance(expr.operator, (cst.Add, cst.Subtract)):
        left, right = _form(expr.left, counter, stop), _form(expr.right, counter, stop)
        if left is None or right is None:
            return None
        sign = 1 if isinstance(expr.operator, cst.Add) else -1
        return left[0] + sign * right[0], left[1] + sign * right[1], left[2] + sign * right[2]
    return None


def _steady(loop: cst.For, names: set[str]) -> bool:
    """The body binds none of ``names`` and calls no method of them."""
    for node in own_nodes(loop.body):
        kind = type(node)
        if kind in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            continue
        if kind is cst.Global or kind is cst.Nonlocal:
            return False
        if kind is cst.NamedExpr and _binds(cst.ensure_type(node, cst.NamedExpr).target, names):
            return False
        if any(_binds(t, names) for t in store_targets(node)):
            return False
        if kind is cst.Call:
            func = cst.ensure_type(node, cst.Call).func
            if type(func) is cst.Attribute and _binds(func.value, names):
                return False
    return True


def _binds(target: cst.BaseExpression, names: set[str]) -> bool:
    return any(type(t) is cst.Name and t.value in names for t in flat_targets(target))
