"""Partitions an ``itertools.cycle`` gives again (round 25B): ``cycle(items)`` gives the items in
order and then starts over with the same objects, so a loop that runs more than ``len(items)``
times passing ``next(c)`` to a launch passes the first partition a second time, after its first
launch consumed it: TC109 (the runtime's BorrowError at that launch).

Followed only where that is certain from the syntax: ``c = cycle([...])`` (``itertools.cycle``
too) is a statement of the block the ``for`` loop is in, before it, of a list or tuple display
whose items are all ``x.partition(...)`` calls, or a comprehension of one such call over an
iterable of known length (no ``if``), made right there (nothing else holds them); the loop
runs more than that many times (``evictions.loop_trips``) and never jumps out; one statement
of its body (so every iteration runs it) is a launch of a kernel, alone or run in a chain
(``k(next(c), x).sync()``), given ``next(c)`` as an argument; ``c`` is named nowhere else in
the scope but at its binding and after the loop (``evictions.bound_before``)."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host import messages
from tilecheck.host.context import Context
from tilecheck.host.evictions import bound_before, loop_trips
from tilecheck.host.findings import Finding
from tilecheck.syntax.nodes import dotted_name

Cycled = tuple[str, cst.Call, cst.Call]  # the cycle's name, the ``next(c)``, the launch


def next_launched(loop: cst.For) -> Cycled | None:
    """The cheap test: a statement of ``loop``'s body that calls something given ``next(c)``
    (alone or as the receiver of a chain of calls)."""
    if loop.asynchronous is not None or type(loop.body) is not cst.IndentedBlock:
        return None
    for stmt in loop.body.body:
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        expr = small.value if type(small) in (cst.Expr, cst.Assign) else None  # type: ignore[attr-defined]
        while type(expr) is cst.Call:
            for arg in expr.args:
                given = arg.value
                if (
                    not arg.star
                    and type(given) is cst.Call
                    and type(given.func) is cst.Name
                    and given.func.value == "next"
                    and len(given.args) == 1
                    and type(given.args[0].value) is cst.Name
                ):
                    return given.args[0].value.value, given, expr
            func = expr.func
            expr = func.value if type(func) is cst.Attribute else None
    return None


def cycled_findings(
    scope: cst.CSTNode | None, ctx: Context, loops: dict[cst.For, tuple[Cycled, int]]
) -> list[tuple[cst.Call, Finding]]:
    """TC109 at each ``next(c)`` that gives a launch a partition of ``cycle([...])`` that an
    earlier iteration's launch consumed (with the loop's statement as the finding's)."""
    out: list[tuple[cst.Call, Finding]] = []
    for loop, (cycled, top) in loops.items():
        if scope is None or ctx.callee(cycled[2].func).kernel is None:
            continue
        count = cycled_again(scope, loop, cycled)
        if count is not None:
            finding = messages.cycled_again(cycled[1], cycled[0], count)
            out.append((cycled[1], dataclasses.replace(finding, top=top)))
    return out


def cycled_again(scope: cst.CSTNode, loop: cst.For, cycled: Cycled) -> int | None:
    """How many partitions the cycle holds, where the loop certainly passes the first one to
    a second launch (see the module's docstring); None if not certain."""
    count = bound_before(scope, loop, cycled[0], lambda s, n: _cycle_length(s, n, scope))
    trips = loop_trips(loop.iter, scope) if count is not None else None
    if count is None or trips is None or trips <= count:
        return None
    return count


def _cycle_length(stmt: cst.BaseStatement, name: str, scope: cst.CSTNode) -> int | None:
    """``name = cycle([a.partition(...), ...])``: how many partitions it cycles through."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return None
    target, value = small.targets[0].target, small.value
    if type(target) is not cst.Name or target.value != name or type(value) is not cst.Call:
        return None
    if dotted_name(value.func) not in ("cycle", "itertools.cycle"):
        return None
    if len(value.args) != 1 or value.args[0].keyword:
        return None
    items = value.args[0].value
    if value.args[0].star:
        return None
    if type(items) in (cst.List, cst.Tuple):
        elements = items.elements  # type: ignore[attr-defined]
        if elements and all(type(e) is cst.Element and _partitioned(e.value) for e in elements):
            return len(elements)
        return None
    if type(items) is cst.ListComp and _partitioned(items.elt):
        fors = items.for_in
        if fors.inner_for_in is None and not fors.ifs and fors.asynchronous is None:
            count = loop_trips(fors.iter, scope)
            return count if count is not None and count > 0 else None
    return None


def _partitioned(expr: cst.BaseExpression) -> bool:
    """``x.partition(...)``: a new partition."""
    return (
        type(expr) is cst.Call
        and type(expr.func) is cst.Attribute
        and expr.func.attr.value == "partition"
    )
