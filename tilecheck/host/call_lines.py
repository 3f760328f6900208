"""Which statements of a function's body run on every call (``Summary.used_at``: where the
runtime refuses a use that every call makes is reported inside the function, at that use).

A line of the body's top level that no ``return`` or ``raise`` comes before, nor a ``try`` or a
compound statement that holds one (round 40E: an ``if``, loop or ``with`` that cannot leave the
function is stepped over: every path comes out of it to the next line); and (round 33B) a line
of the top level of a ``for _ in range(n)`` body, ``n`` a positive integer literal, that comes
right after such lines, with only lines that leave nothing (no ``return``, ``raise``, ``break``
or ``continue``) before it in the loop: its first turn always runs it (a generator ``__iter__``
run to its end by ``list(obj)``, a warm-up loop)."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.flow.cfg import Element
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.walk import children

_LEAVING: frozenset[type[cst.CSTNode]] = frozenset({cst.Return, cst.Raise, cst.Break, cst.Continue})


def runs_every_call(fn: cst.FunctionDef, element: Element) -> bool:
    """``element`` (of ``fn``'s body's analysis) lies in a line every call of ``fn`` runs."""
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    top = element.top
    if top >= len(body):
        return False
    if not all(steps_on(stmt) for stmt in body[:top]):
        return False
    stmt = body[top]
    if type(stmt) is cst.SimpleStatementLine:
        return True
    if element.node is _head(stmt):  # (a loop's iterable, a test: evaluated first; round 34B)
        return True
    return type(stmt) is cst.For and _first_turn(stmt, element.node)


# Compound statements every path comes out of to the next line, where nothing in them leaves
# the function (a branch may be skipped, a loop may run no turn).
_STEPPED: frozenset[type[cst.CSTNode]] = frozenset({cst.If, cst.For, cst.While, cst.With})
_OUT: frozenset[type[cst.CSTNode]] = frozenset({*exact.EXITS, cst.Yield, cst.Await})


def steps_on(stmt: cst.BaseStatement) -> bool:
    """Every path that runs ``stmt`` goes on to the line after it: a line that does not
    leave, or an ``if``, loop or ``with`` with no ``return``, ``raise``, ``yield`` or
    ``await`` in it (outside a nested function or class)."""
    if type(stmt) is cst.SimpleStatementLine:
        return _plain_line(stmt, exact.EXITS)
    if type(stmt) not in _STEPPED:
        return False
    known = _STEPS.get(id(stmt))
    if known is not None and known[0] is stmt:
        return known[1]
    if len(_STEPS) > _KEPT:
        _STEPS.clear()
    found = _steps(stmt)
    _STEPS[id(stmt)] = (stmt, found)
    return found


# ``steps_on`` of compound statements, by node (the node kept: its id stays its own); asked
# once per element of a body that lies after them, so walked once each
_STEPS: dict[int, tuple[cst.CSTNode, bool]] = {}
_KEPT = 4096


def _steps(stmt: cst.BaseStatement) -> bool:
    stack: list[cst.CSTNode] = [stmt]
    while stack:
        here = stack.pop()
        kind = type(here)
        if kind in _OUT:
            return False
        if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Lambda:
            continue
        stack.extend(children(here))
    return True


def _head(stmt: cst.BaseStatement) -> cst.CSTNode | None:
    """What a compound statement evaluates before anything else in it: a ``for``'s iterable,
    an ``if``'s or a ``while``'s test."""
    kind = type(stmt)
    if kind is cst.For:
        return cast(cst.For, stmt).iter
    if kind is cst.If or kind is cst.While:
        return cast(cst.If | cst.While, stmt).test
    return None


def _plain_line(stmt: cst.BaseStatement, leaving: frozenset[type[cst.CSTNode]]) -> bool:
    return type(stmt) is cst.SimpleStatementLine and not any(type(s) in leaving for s in stmt.body)


def _first_turn(loop: cst.For, node: cst.CSTNode) -> bool:
    """``node`` is a small statement of a line of ``loop``'s body that its first turn runs."""
    if not _counted(loop) or type(loop.body) is not cst.IndentedBlock:
        return False
    for line in loop.body.body:
        if type(line) is not cst.SimpleStatementLine:
            return False
        if any(small is node for small in line.body):
            return True
        if not _plain_line(line, _LEAVING):
            return False
    return False


def _counted(loop: cst.For) -> bool:
    """``for _ in range(n)`` (a name as target, ``n`` a positive integer literal)."""
    it = loop.iter
    if type(loop.target) is not cst.Name or type(it) is not cst.Call or len(it.args) != 1:
        return False
    if type(it.func) is not cst.Name or it.func.value != "range":
        return False
    arg = it.args[0]
    count = const_int(arg.value) if arg.keyword is None and not arg.star else None
    return count is not None and count > 0
