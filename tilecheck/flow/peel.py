"""Which ``for`` statements the CFG builds with their first turn apart (round 31K of issue 17).

A ``for`` over ``range(...)`` or ``enumerate(...)`` whose first value the source shows
(``range(n)``, ``range(1, n)``, ``enumerate(xs)``, ``enumerate(xs, 1)``) and whose body tests
that counter against a number (``if attempt == 0: break``, ``if i > 0: prev.wait()``, ``if
not i:``) is built with its first turn once, the counter at its start (``FOR_TARGET`` of
width ``FIRST``, its elements in the slot ``TURN``), and the loop after it for every later
turn (``FOR_TARGET`` of width ``LATER``: the counter past its start). The analysis then
decides such a test on each copy (``tilecheck.host.turn_tests``), so the turn that always
breaks is one path, not one of two. A body that tests no counter, or one too large
(``MOST`` statements, nested ones too), keeps the one loop: only syntax is read, once.
"""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import children

FIRST = 1  # the ``width`` of a peeled loop's first turn's ``FOR_TARGET`` (built by the CFG)
LATER = 2  # ... and of the loop's, for the turns after it
TURN = -1  # the slot the first turn's elements are in (their objects are that turn's)
MOST = 48  # statements of the body, nested ones too


def counter(loop: cst.For) -> tuple[str, int, int] | None:
    """The counter of ``loop`` with its first value and its step (None: not one the source
    shows: another iterable, a start or step that is no integer literal)."""
    it = loop.iter
    if type(it) is not cst.Call or type(it.func) is not cst.Name or loop.asynchronous:
        return None
    args = it.args
    if any(a.star for a in args):
        return None
    kind = it.func.value
    if kind == "range":
        if type(loop.target) is not cst.Name or any(a.keyword is not None for a in args):
            return None
        if len(args) == 1:
            return loop.target.value, 0, 1
        numbers = [integer(a.value) for a in args]
        if not 2 <= len(args) <= 3 or numbers[0] is None:
            return None
        step = numbers[2] if len(args) == 3 else 1
        return None if step is None or step <= 0 else (loop.target.value, numbers[0], step)
    if kind == "enumerate" and 1 <= len(args) <= 2:
        target = loop.target
        if type(target) not in (cst.Tuple, cst.List):
            return None
        elements = target.elements  # type: ignore[attr-defined]
        if len(elements) != 2 or type(elements[0].value) is not cst.Name:
            return None
        start = 0
        if len(args) == 2:
            given = args[1]
            if given.keyword is not None and given.keyword.value != "start":
                return None
            found = integer(given.value)
            if found is None:
                return None
            start = found
        elif args[0].keyword is not None:
            return None
        return elements[0].value.value, start, 1
    return None


def peeled(loop: cst.For) -> bool:
    """Whether ``loop`` is built with its first turn apart."""
    found = counter(loop)
    if found is None:
        return False
    name = found[0]
    tested = False
    count = 0
    stack: list[cst.CSTNode] = [loop.body]
    while stack:  # (statements only: a test is an ``if``'s)
        node = stack.pop()
        kind = type(node)
        if kind is cst.FunctionDef or kind is cst.ClassDef or isinstance(node, cst.BaseExpression):
            continue
        if isinstance(node, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
            count += 1
            if count > MOST:
                return False
            if isinstance(node, cst.If) and not tested:
                tested = tests(node.test, name)
        if not isinstance(node, cst.BaseSmallStatement):
            stack.extend(children(node))
    return tested


def tests(test: cst.BaseExpression, name: str) -> bool:
    """``test`` compares ``name`` with a number, or takes its truth (also under ``not``,
    ``and``, ``or``)."""
    if isinstance(test, cst.Name):
        return test.value == name
    if isinstance(test, cst.UnaryOperation):
        return type(test.operator) is cst.Not and tests(test.expression, name)
    if isinstance(test, cst.BooleanOperation):
        return tests(test.left, name) or tests(test.right, name)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        left, right = test.left, test.comparisons[0].comparator
        if type(left) is not cst.Name:
            left, right = right, left
        return type(left) is cst.Name and left.value == name and integer(right) is not None
    return False


def integer(expr: cst.BaseExpression) -> int | None:
    if type(expr) is cst.Integer:
        return int(expr.value) if expr.value.isdigit() else None
    if type(expr) is cst.UnaryOperation and type(expr.operator) is cst.Minus:
        inner = integer(expr.expression)
        return None if inner is None else -inner
    return None
