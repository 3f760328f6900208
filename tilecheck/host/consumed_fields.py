"""Whether every call of a method reads a field of its receiver (round 36E of issue 17).

A method's summary says it consumes what ``self.part`` held on the way in
(``Summary.consumes_attributes``: TC109 at a second call on the same instance) when the
partition it reads there is consumed at its exit. The analysis makes that partition at the
method's first read of ``self.part``; on a path that never reads it there is nothing to join,
so ``if first: k(self.part, x).sync()`` would read as consumed on every call. The fact is kept
only where the body's first mention of the field lies in a line every call runs (a plain line
of the body's top level that no ``if``, loop, ``try``, ``with``, ``return`` or ``raise`` comes
before, or the head of the first compound statement): then every path made the partition,
and the join says what every path did with it."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.syntax import exact
from tilecheck.syntax.walk import children


def reads_every_call(fn: cst.CSTNode | None, me: str | None, attr: str) -> bool:
    """``fn`` names ``me.attr`` in a line every call of it runs, before any other line could
    leave or branch."""
    if type(fn) is not cst.FunctionDef or me is None or type(fn.body) is not cst.IndentedBlock:
        return False
    for stmt in fn.body.body:
        if type(stmt) is cst.SimpleStatementLine:
            if _names(stmt, me, attr):
                return True
            if any(type(small) in exact.EXITS for small in stmt.body):
                return False
            continue
        head = _head(stmt)
        return head is not None and _names(head, me, attr)
    return False


def _head(stmt: cst.BaseStatement) -> cst.CSTNode | None:
    kind = type(stmt)
    if kind is cst.For:
        return cast(cst.For, stmt).iter
    if kind is cst.If or kind is cst.While:
        return cast(cst.If | cst.While, stmt).test
    return None


def _names(node: cst.CSTNode, me: str, attr: str) -> bool:
    """``node`` holds ``me.attr`` (outside a nested function or lambda)."""
    stack = [node]
    while stack:
        here = stack.pop()
        kind = type(here)
        if kind is cst.Lambda or kind is cst.FunctionDef or kind is cst.ClassDef:
            continue
        if kind is cst.Attribute:
            attribute = cast(cst.Attribute, here)
            value = attribute.value
            if attribute.attr.value == attr and type(value) is cst.Name and value.value == me:
                return True
        stack.extend(children(here))
    return False
