"""Pendings a ``deque(maxlen=n)`` drops (round 25B): appending to a full bounded deque evicts its
oldest item, so a loop that runs more than ``n`` times appending a new Pending each time drops
the first one unwaited (``collections.deque``'s documented behaviour).

Followed only where that is certain from the syntax alone: ``q = deque(maxlen=n)`` (an integer
literal, by keyword or second argument; ``collections.deque`` too) is a statement of the block
the ``for`` loop is in, before it; the loop's body has, as a statement of its own (run on every
iteration), ``q.append(k(...).submit())`` (the Pending of an op made right there, which nothing
else holds), and no ``break``, ``continue``, ``return``, ``raise``, ``yield`` or ``await``; the
loop runs more than ``n`` times (a literal, a ``range`` of literals, or a list of fixed length,
``tilecheck.host.fixed_length``, also through ``enumerate``/``reversed``/``zip``); and ``q`` is
named nowhere else in the scope (nested scopes included) but at its binding, that append and the
statements after the loop in its block, outside any nested function there. So nothing can wait
on the oldest Pending before the append that evicts it: TC108 at its submit."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.flow.trips import int_literal, length
from tilecheck.host.fixed_length import fixed_length
from tilecheck.syntax.nodes import dotted_name, single_assignment
from tilecheck.syntax.walk import with_parents

Appended = tuple[str, cst.Call]  # the deque's name, the submit whose Pending it keeps
_JUMPS = (cst.Break, cst.Continue, cst.Return, cst.Raise, cst.Yield, cst.Await)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def appended_submit(loop: cst.For) -> Appended | None:
    """The cheap test: a statement of ``loop``'s body that is ``q.append(k(...).submit())``."""
    if loop.asynchronous is not None or type(loop.body) is not cst.IndentedBlock:
        return None
    for stmt in loop.body.body:
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        expr = stmt.body[0]
        call = expr.value if type(expr) is cst.Expr else None
        if type(call) is not cst.Call or len(call.args) != 1:
            continue
        func, arg = call.func, call.args[0]
        if type(func) is not cst.Attribute or func.attr.value != "append":
            continue
        if type(func.value) is not cst.Name or arg.keyword is not None or arg.star:
            continue
        made = arg.value
        if type(made) is cst.Call and type(made.func) is cst.Attribute:
            if made.func.attr.value == "submit" and type(made.func.value) is cst.Call:
                return func.value.value, made
    return None


def evictions(
    scope: cst.CSTNode | None, loops: dict[cst.For, Appended | None]
) -> dict[cst.CSTNode, tuple[str, int]]:
    """The submits whose first Pending a ``deque(maxlen=n)`` evicts unwaited, with the deque's
    name and ``n``."""
    out: dict[cst.CSTNode, tuple[str, int]] = {}
    for loop, appended in loops.items():
        if appended is not None and scope is not None:
            most = evicted(scope, loop, appended)
            if most is not None:
                out[appended[1]] = (appended[0], most)
    return out


def evicted(scope: cst.CSTNode, loop: cst.For, appended: Appended) -> int | None:
    """The deque's ``maxlen`` where the loop certainly evicts the Pending of its first
    iteration's submit unwaited (see the module's docstring); None if not certain."""
    name = appended[0]
    bound = bound_before(scope, loop, name, _bounded)
    if bound is None:
        return None
    most = bound
    trips = loop_trips(loop.iter, scope)
    if trips is None or trips <= most:
        return None
    return most


def bound_before(
    scope: cst.CSTNode,
    loop: cst.For,
    name: str,
    value_of: Callable[[cst.BaseStatement, str], int | None],
) -> int | None:
    """What ``value_of`` finds in the one statement before ``loop`` in its block that binds
    ``name``, where ``name`` is named nowhere else in ``scope`` but there, once in ``loop``
    and in the statements after ``loop`` in its block (outside nested functions there), and
    ``loop``'s body never jumps out (``break``, ``continue``, ``return``, ``raise``,
    ``yield``, ``await``); None otherwise."""
    block: list[cst.BaseStatement] | None = None
    for node, parent, _ in with_parents(scope):
        if node is loop and isinstance(parent, (cst.IndentedBlock, cst.Module)):
            block = list(parent.body)
            break
    if block is None:
        return None
    at = block.index(loop)
    found = [(i, v) for i in range(at) if (v := value_of(block[i], name)) is not None]
    if len(found) != 1:
        return None
    if any(isinstance(n, _JUMPS) for n, _, _ in with_parents(loop.body)):
        return None
    allowed = 2 + sum(_named(s, name, outside_scopes=True) for s in block[at + 1 :])
    if allowed < 2 or _named(scope, name) != allowed or _named(loop, name) != 1:
        return None
    return found[0][1]


def _named(node: cst.CSTNode, name: str, *, outside_scopes: bool = False) -> int:
    """How many times ``name`` is named in ``node``; with ``outside_scopes``, -1000 where a
    nested function, class or lambda names it (never allowed)."""
    count = 0
    for n, _, _ in with_parents(node):
        if type(n) is cst.Name and n.value == name:
            count += 1
        elif outside_scopes and isinstance(n, _SCOPES) and _named(n, name):
            return -1000
    return count


def _bounded(stmt: cst.BaseStatement, name: str) -> int | None:
    """``name = deque(maxlen=n)`` (annotated or not): ``n``."""
    assigned = single_assignment(stmt, annotated=True)
    if assigned is None:
        return None
    target, value = assigned
    if type(target) is not cst.Name or target.value != name or type(value) is not cst.Call:
        return None
    if dotted_name(value.func) not in ("deque", "collections.deque"):
        return None
    if any(a.star for a in value.args):
        return None
    for i, arg in enumerate(value.args):
        if (arg.keyword is not None and arg.keyword.value == "maxlen") or (
            arg.keyword is None and i == 1
        ):
            most = int_literal(arg.value)
            return most if most is not None and most >= 0 else None
    return None


def loop_trips(iterable: cst.BaseExpression, scope: cst.CSTNode) -> int | None:
    """How many times a ``for`` over ``iterable`` runs, where the source fixes it."""
    known = length(iterable)
    if known is not None:
        return known
    if type(iterable) is cst.Name:
        return fixed_length(scope, iterable.value)
    if type(iterable) is not cst.Call or type(iterable.func) is not cst.Name:
        return None
    given = [a.value for a in iterable.args if a.keyword is None and not a.star]
    if any(a.star for a in iterable.args):
        return None
    func = iterable.func.value
    if func in ("enumerate", "reversed") and given:
        return loop_trips(given[0], scope)
    if func == "zip" and given:
        counts = [loop_trips(g, scope) for g in given]
        return None if any(c is None for c in counts) else min(c for c in counts if c is not None)
    return None
