"""Attribute reads that only poll what the attribute holds (round 36E of issue 17).

``req.pending.done()`` asks whether the Pending's work is complete and ``req.pending is not
None`` (or ``if req.pending:``) whether there is one: neither waits the Pending nor hands it to
anything that could.
An attribute that the module reads only so (a scheduler polling ``done()`` and dropping the
request) is, to the Pending stored there, an attribute no code reads: nothing can ever wait
it, and tilert warns where it is collected. ``tilecheck.host.attribute_stores`` skips such
reads where it decides which attributes are read; any other read (``req.pending.wait()``,
``p = req.pending``, ``wait_all([req.pending])``) still counts, so a Pending that some code
may reach stays taken as waited (nothing guessed)."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host.api import POLLING_METHODS


def polled_all(node: cst.CSTNode) -> list[cst.Attribute]:
    """The attributes ``node`` only polls (``polled``), and those a test only tests for truth:
    ``if x.pending and x.pending.done():`` tests ``x.pending`` (an ``if``, ``while``, ``assert``
    or conditional expression's test, the operand of ``not``, and the operands of an ``and`` /
    ``or`` that is itself only tested): Python asks ``bool()`` of it and keeps nothing."""
    found = polled(node)
    kind = type(node)
    test: cst.BaseExpression | None = None
    if kind is cst.If or kind is cst.While or kind is cst.IfExp or kind is cst.Assert:
        test = cast(cst.If, node).test
    elif kind is cst.CompIf:
        test = cast(cst.CompIf, node).test
    elif kind is cst.UnaryOperation and type(cast(cst.UnaryOperation, node).operator) is cst.Not:
        test = cast(cst.UnaryOperation, node).expression
    out = [found] if found is not None else []
    stack = [test] if test is not None else []
    while stack:
        here = stack.pop()
        if type(here) is cst.Attribute:
            out.append(here)
        elif type(here) is cst.BooleanOperation:
            stack.extend((here.left, here.right))
    return out


def polled(node: cst.CSTNode) -> cst.Attribute | None:
    """The attribute ``node`` only polls: ``x.attr`` of ``x.attr.done()``, of ``x.attr is
    None`` / ``x.attr is not None`` (either side); None for any other node."""
    kind = type(node)
    if kind is cst.Call:
        call = cast(cst.Call, node)
        func = call.func
        if (
            not call.args
            and type(func) is cst.Attribute
            and func.attr.value in POLLING_METHODS
            and type(func.value) is cst.Attribute
        ):
            return func.value
    elif kind is cst.Comparison:
        test = cast(cst.Comparison, node)
        if len(test.comparisons) != 1:
            return None
        (target,) = test.comparisons
        if type(target.operator) not in (cst.Is, cst.IsNot):
            return None
        left, right = test.left, target.comparator
        if type(left) is cst.Attribute and _none(right):
            return left
        if type(right) is cst.Attribute and _none(left):
            return right
    return None


def _none(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Name and node.value == "None"
