"""Slices that leave items out for good: ``for p in pends[:-1]: p.wait()`` never waits the
last Pending of ``pends``, ``for op in ops[1:]: g.record(op)`` never runs the first op. Holders
kept in a container count as run or waited on (someone may take them from there), so this is
reported only where nothing else can: the container is a local name that the function mentions
twice, where it is bound and in the slice, so that no other code reaches its items."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import children


def drops_an_end(index: cst.Slice) -> bool:
    """``[:-k]`` or ``[k:]`` (also ``[k:-j]``; ``k`` a positive integer literal, no step):
    a slice of any list that leaves out its last or first items, whatever its length."""
    if index.step is not None:
        return False
    lower, upper = index.lower, index.upper
    first = isinstance(lower, cst.Integer) and int(lower.value) >= 1
    last = (
        isinstance(upper, cst.UnaryOperation)
        and isinstance(upper.operator, cst.Minus)
        and isinstance(upper.expression, cst.Integer)
        and int(upper.expression.value) >= 1
    )
    upper_known = upper is None or last
    lower_known = lower is None or isinstance(lower, cst.Integer)
    return (first or last) and upper_known and lower_known


def left_out(sliced: cst.BaseExpression) -> tuple[int, ...]:
    """The keys of the items ``for p in pends[:-1]`` (``[k:]``, ``[k:-j]``) or ``pends[i]`` of
    ``for i in range(len(pends) - k)`` never takes, as ``pends[-1]`` and ``pends[0]`` name
    them; none where the form is another."""
    if isinstance(sliced, cst.Subscript) and len(sliced.slice) == 1:
        index = sliced.slice[0].slice
        if not isinstance(index, cst.Slice) or not drops_an_end(index):
            return ()
        lower, upper = index.lower, index.upper
        first = int(lower.value) if isinstance(lower, cst.Integer) else 0
        last = (
            int(upper.expression.value)
            if isinstance(upper, cst.UnaryOperation) and isinstance(upper.expression, cst.Integer)
            else 0
        )
        return (*range(first), *range(-last, 0))
    if isinstance(sliced, cst.Call) and len(sliced.args) == 1:
        size = sliced.args[0].value
        if isinstance(size, cst.BinaryOperation) and isinstance(size.right, cst.Integer):
            return tuple(range(-int(size.right.value), 0))
    return ()


def mentions(scope: cst.CSTNode, name: str) -> int:
    """How many times ``scope`` (nested scopes included) names ``name``, attributes' names
    included (more is never fewer: silence), except where nothing reaches the items: ``del
    pends`` and ``len(pends)`` (a count, also ``range(len(pends) - 1)``'s)."""
    count = 0
    stack = [scope]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name) and node.value == name:
            count += 1
        elif not isinstance(node, cst.Del) and not _measures(node, name):
            stack.extend(children(node))
    return count


def _measures(node: cst.CSTNode, name: str) -> bool:
    """``len(name)``: its length, none of its items."""
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Name)
        and node.func.value == "len"
        and len(node.args) == 1
        and not node.args[0].star
        and node.args[0].keyword is None
        and isinstance(node.args[0].value, cst.Name)
        and node.args[0].value.value == name
    )
