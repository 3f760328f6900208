"""Whether every call of a method reads a field of its receiver (round 36E of issue 17).

A method's summary says it consumes what ``self.part`` held on the way in
(``Summary.consumes_attributes``: TC109 at a second call on the same instance) when the
partition it reads there is consumed at its exit. The analysis makes that partition at the
method's first read of ``self.part``; on a path that never reads it there is nothing to join,
so ``if first: k(self.part, x).sync()`` would read as consumed on every call. The fact is kept
only where every path through the body mentions the field before it may leave: in a line of
its top level that only lines which cannot leave come before (round 40E: an ``if``, loop or
``with`` with no ``return`` or ``raise`` in it is stepped over, ``call_lines.steps_on``), in
the head of a compound statement, or in every branch of an ``if`` chain that ends in an
``else``: then every path made the partition, and the join says what every path did with it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.host.call_lines import steps_on
from tilecheck.syntax import exact
from tilecheck.syntax.walk import children


def reads_every_call(fn: cst.CSTNode | None, me: str | None, attr: str) -> bool:
    """``fn`` names ``me.attr`` on every path a call of it takes, before it may leave."""
    if type(fn) is not cst.FunctionDef or me is None or type(fn.body) is not cst.IndentedBlock:
        return False
    return _block_reads(fn.body.body, me, attr)


def _block_reads(body: Sequence[cst.BaseStatement], me: str, attr: str) -> bool:
    """Every path through ``body`` names ``me.attr`` before it may leave the body."""
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            if _names(stmt, me, attr):
                return True
            if any(type(small) in exact.EXITS for small in stmt.body):
                return False
            continue
        head = _head(stmt)
        if head is not None and _names(head, me, attr):
            return True
        if isinstance(stmt, cst.If) and _branches_read(stmt, me, attr):
            return True
        if not steps_on(stmt):
            return False
    return False


def _branches_read(stmt: cst.If, me: str, attr: str) -> bool:
    """Each branch of an ``if`` / ``elif`` / ``else`` chain with a final ``else`` names
    ``me.attr`` on every path through it."""
    branch: cst.If | cst.Else | None = stmt
    while isinstance(branch, cst.If):
        body = branch.body
        if type(body) is not cst.IndentedBlock or not _block_reads(body.body, me, attr):
            if not _names(branch.test, me, attr):
                return False
        branch = branch.orelse
    if not isinstance(branch, cst.Else):
        return False
    rest = branch.body
    return type(rest) is cst.IndentedBlock and _block_reads(rest.body, me, attr)


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
