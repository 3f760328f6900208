"""The loop a window of Pendings turns in: ``for step in range(...)`` whose body appends one
Pending to a queue (``q.append(k(x[step % n]).submit())``) and bounds the queue (``if
len(q) > 2: q.popleft().wait()``), both statements of the body itself and no ``continue``
in it. Every turn then appends exactly one item and advances ``step`` once, so the items a
queue of at most ``k`` holds are those of the last ``k`` turns: the rows they write are
``step``'s forms at consecutive offsets (``tilecheck.host.windows``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import libcst as cst

from tilecheck.syntax.constants import const_int
from tilecheck.syntax.loop_exits import continues
from tilecheck.syntax.walk import children, contains


def window_counter(
    scope: cst.CSTNode,
    test: cst.Comparison,
    appended: cst.BaseExpression,
    constants: Mapping[str, int],
) -> tuple[str, int] | None:
    """The name a ``for ... in range(...)`` loop counts with and its step, where its body
    holds both the statement that appends ``appended`` and the ``if``/``while`` testing
    ``test`` as statements of its own and no ``continue``; None where there is no such
    loop (or it counts down)."""
    for loop in _loops(scope):
        step = _range_step(loop.iter, constants)
        if not isinstance(loop.target, cst.Name) or step is None:
            continue
        body = loop.body
        if not isinstance(body, cst.IndentedBlock):
            continue
        statements = list(body.body)
        tested = any(isinstance(s, (cst.If, cst.While)) and s.test is test for s in statements)
        appends = any(
            isinstance(s, cst.SimpleStatementLine) and contains(s, appended) for s in statements
        )
        if tested and appends and not any(continues(s) for s in statements):
            return loop.target.value, step
    return None


def _range_step(iterable: cst.BaseExpression, constants: Mapping[str, int]) -> int | None:
    """The step of ``range(...)`` where a positive constant, else None."""
    if not (
        isinstance(iterable, cst.Call)
        and isinstance(iterable.func, cst.Name)
        and iterable.func.value == "range"
        and 1 <= len(iterable.args) <= 3
        and not any(a.star or a.keyword is not None for a in iterable.args)
    ):
        return None
    if len(iterable.args) < 3:
        return 1
    step = const_int(iterable.args[2].value, constants)
    return step if step is not None and step > 0 else None


def _loops(node: cst.CSTNode) -> Iterator[cst.For]:
    """The ``for`` loops under ``node`` (not inside a nested function or class)."""
    stack = list(children(node))
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(current, cst.For):
            yield current
        stack.extend(children(current))
