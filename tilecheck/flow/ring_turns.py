"""Loops that turn through a ring of buffers by their counter (round 39I of issue 17).

Double and triple buffering is written as ``for step in range(STEPS):`` whose body picks
``bufs[step % 2]`` and ``bufs[(step + 1) % 2]`` (or ``j = i % 3``, ``pend[(i - 2) % 3]``).
As a loop, the turns' objects are joined and ``bufs[(step + 1) % 2]`` is any buffer, so the
spare buffer's fill met the current one's writer (a false TC102). ``tilecheck.flow.unroll``
builds such a loop of a few turns (``MOST_SLOTS``) slot by slot, with any ``if`` in it: each
slot binds the counter to its constant, the indices fold to it (``tilecheck.host.slot_ints``)
and a test of it (``if step + 1 < STEPS:``) is decided, as the turns written out would be.
Only syntax is read, once per such ``range`` loop."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.flow import peel
from tilecheck.syntax.walk import children

_CYCLING = (cst.Modulo, cst.BitAnd)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def turns_index(loop: cst.For) -> bool:
    """``loop`` counts with ``range`` and its body selects an item by a remainder of its
    counter (``bufs[step % 2]``, ``slots[(i + 1) % n]``, ``ring[i & 1]``)."""
    found = peel.counter(loop)
    if found is None:
        return False
    name = found[0]
    stack: list[cst.CSTNode] = [loop.body]
    while stack:
        node = stack.pop()
        kind = type(node)  # (exact types: ``isinstance`` on libcst's classes is slow)
        if kind in _SCOPES:
            continue
        if kind is cst.Subscript and len(cast(cst.Subscript, node).slice) == 1:
            index = cast(cst.Subscript, node).slice[0].slice
            if type(index) is cst.Index and _cycles(index.value, name):
                return True
        stack.extend(children(node))
    return False


def _cycles(expr: cst.BaseExpression, name: str) -> bool:
    if type(expr) is cst.BinaryOperation and type(expr.operator) in _CYCLING:
        return _mentions(expr.left, name)
    return False


def _mentions(expr: cst.CSTNode, name: str) -> bool:
    if type(expr) is cst.Name:
        return expr.value == name
    return any(_mentions(c, name) for c in children(expr))
