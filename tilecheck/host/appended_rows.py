"""A list filled by appends under known turns (round 40N of issue 17): ``ops = []`` then
``for h in range(4): ops.append(k(outs[h].partition(s), x[h]))`` holds one item per turn, at
the positions the turns reach in order, as the display ``[k(...), k(...), k(...), k(...)]``
would; so ``tilecheck.host.keyed_items`` asks of it what it asks of the display: which
positions its other uses take (``tr.zip(*ops[:3])``, ``ops[0].sync()``), and an op or a
Pending at a position no use takes is never run (TC105) or never waited on (TC108). The
appended value may be a name the loop's body binds to the launch just before
(``op = k(...)``, ``ops.append(op)``) and names nowhere else.

Only where every position is certain: the list is bound once to ``[]`` (or ``list()``); every
append of it is a statement of the suite that binds it, after the binding, or the one
statement naming the list in the body of a ``for`` of that suite over known keys
(``tilecheck.host.known_keys``) whose body never leaves early and has no ``else``; no other
statement names the list before the last append. Anything else (an append under an ``if``,
an ``extend``, a loop of unknown length) leaves the list's items unknown (None), as before."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import libcst as cst

from tilecheck.host.known_keys import Key, ScopeNames
from tilecheck.syntax.walk import contains, descendants, own_nodes

_LEAVING = (cst.Break, cst.Continue, cst.Return, cst.Raise)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)

MadeIn = Callable[[cst.BaseExpression], list[cst.CSTNode]]
Rows = tuple[list[tuple[cst.CSTNode, Key]], list[Key], frozenset[int]]


def appended_rows(
    names: ScopeNames,
    name: str,
    uses: Sequence[tuple[cst.CSTNode, object, object]],
    made_in: MadeIn,
) -> Rows | None:
    """The launches the appends to the empty list ``name`` make, each with its position, the
    positions, and the ids of the uses that are those appends; None where one is not known."""
    appends = {id(above) for _, parent, above in uses if _append_of(parent, above)}
    if not appends:
        return None
    binder = names.binds[name][0]
    suite = _suite_of(names.scope, binder)
    if suite is None:
        return None
    made: list[tuple[cst.CSTNode, Key]] = []
    seen: set[int] = set()
    count = 0
    started = False
    for stmt in suite:
        if not started:
            started = _binds(stmt, binder)
            continue
        if len(seen) == len(appends):
            break
        call = _append_statement(stmt, name, appends)
        if call is not None:
            seen.add(id(call))
            made += [(item, count) for item in made_in(call.args[0].value)]
            count += 1
            continue
        if not _mentions(stmt, name):
            continue
        looped = _looped_append(names, stmt, name, appends)
        if looped is None:
            return None
        call, turns, value = looped
        seen.add(id(call))
        made += [(item, count + t) for item in made_in(value) for t in range(turns)]
        count += turns
    if len(seen) != len(appends):
        return None  # an append elsewhere: its position is not known
    stores = frozenset(id(n) for n, _, above in uses if id(above) in appends)
    return made, list(range(count)), stores


def _append_of(parent: object, above: object) -> bool:
    return (
        type(parent) is cst.Attribute
        and parent.attr.value in ("append", "extend", "insert")
        and type(above) is cst.Call
        and above.func is parent
    )


def _append_statement(stmt: cst.BaseStatement, name: str, appends: set[int]) -> cst.Call | None:
    """``name.append(value)`` as a whole statement (one of ``appends``)."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    expr = stmt.body[0]
    if type(expr) is not cst.Expr or type(expr.value) is not cst.Call:
        return None
    call = expr.value
    func = call.func
    if id(call) not in appends or type(func) is not cst.Attribute:
        return None
    if func.attr.value != "append" or type(func.value) is not cst.Name or func.value.value != name:
        return None
    if len(call.args) != 1 or call.args[0].star or call.args[0].keyword is not None:
        return None
    return call


def _looped_append(
    names: ScopeNames, stmt: cst.BaseStatement, name: str, appends: set[int]
) -> tuple[cst.Call, int, cst.BaseExpression] | None:
    """``for ... in KNOWN:`` whose body appends to ``name`` once, as the one statement naming
    it: the append, the number of turns, the value appended (through a name bound just before
    to a call and named nowhere else)."""
    if type(stmt) is not cst.For or stmt.orelse is not None or stmt.asynchronous is not None:
        return None
    if type(stmt.body) is not cst.IndentedBlock:
        return None
    body = stmt.body.body
    naming = [i for i, s in enumerate(body) if _mentions(s, name)]
    if len(naming) != 1:
        return None
    call = _append_statement(body[naming[0]], name, appends)
    if call is None or any(isinstance(n, _LEAVING) for n in own_nodes(stmt.body)):
        return None
    walked = names.walked(stmt)
    if not walked:
        return None
    value = call.args[0].value
    if type(value) is cst.Name:
        bound = _bound_before(names, stmt, body[: naming[0]], value.value)
        if bound is None:
            return None
        value = bound
    return call, len(walked), value


def _bound_before(
    names: ScopeNames, loop: cst.For, before: Sequence[cst.BaseStatement], local: str
) -> cst.BaseExpression | None:
    """The call ``local`` is bound to by a statement of ``before`` (the loop's body up to the
    append), where the append is the one use of that binding: every other use of ``local`` is
    of another loop's target (``for p in pend: p.wait()``), never of this one."""
    binder = next(
        (b for b in names.binds.get(local, ()) if any(_binds(s, b) for s in before)), None
    )
    if type(binder) is not cst.Assign or len(binder.targets) != 1:
        return None
    if type(binder.targets[0].target) is not cst.Name or type(binder.value) is not cst.Call:
        return None
    if any(type(b) not in (cst.For, cst.CompFor) for b in names.binds[local] if b is not binder):
        return None  # bound otherwise too: a later use may read this binding
    inside = 0
    for use, _, _ in names.uses.get(local, ()):
        walker = names.walker.get(id(use))
        if walker is None:
            inside += 1
        elif walker is loop or contains(loop, walker):
            return None
    return binder.value if inside == 1 else None


def _binds(stmt: cst.BaseStatement, binder: cst.CSTNode) -> bool:
    return type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1 and stmt.body[0] is binder


def _suite_of(scope: cst.CSTNode, binder: cst.CSTNode) -> Sequence[cst.BaseStatement] | None:
    """The statements of the suite ``binder`` is a whole statement of (not in nested scopes)."""
    for suite in _suites(scope):
        if any(_binds(s, binder) for s in suite):
            return suite
    return None


def _suites(node: cst.CSTNode) -> Iterator[Sequence[cst.BaseStatement]]:
    if type(node) is cst.Module:
        body: Sequence[cst.BaseStatement] = node.body
    elif type(node) is cst.IndentedBlock:
        body = node.body
    elif type(node) is cst.FunctionDef and type(node.body) is cst.IndentedBlock:
        body = node.body.body
    else:
        return
    yield body
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine or isinstance(stmt, _SCOPES):
            continue
        for block in _blocks(stmt):
            yield from _suites(block)


def _blocks(stmt: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The indented blocks of a compound statement (its ``else``, handlers, ``finally``)."""
    for field in ("body", "orelse", "handlers", "finalbody", "cases"):
        part = getattr(stmt, field, None)
        if part is None:
            continue
        for item in part if isinstance(part, (tuple, list)) else (part,):
            if type(item) is cst.IndentedBlock:
                yield item
            elif item is not None:
                yield from _blocks(item)


def _mentions(tree: cst.CSTNode, name: str) -> bool:
    return any(type(n) is cst.Name and n.value == name for n in descendants(tree))
