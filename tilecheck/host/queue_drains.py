"""``while q:`` loops that drain a container, waiting each item they take (round 37E).

``while q: p = q.popleft(); p.wait()`` (or ``slot, p = q.popleft()`` of a container of rows,
``q.pop().wait()``, ``q.pop(0).sync()``) ends only when ``q`` is empty, and every turn took one
item and waited it: so where the loop ends, every holder the container held was waited (the
analysis, one cell per container, saw each turn wait "one of them", never all). Only a loop
whose test is the container itself (or ``len(q)``), with no ``else``, no statement that leaves
a turn early or may raise past the wait (``break``, ``continue``, ``return``, ``raise``,
``try``, ``yield``), no nested function, exactly one take of the container per turn, a
statement of the body itself, and the wait of what it took (of the column of a row that holds
every holder of the rows) a later statement of the body itself, the name not bound between."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.model import NOTHING, Kind, ObjInfo, Oids
from tilecheck.syntax.walk import children

_TAKES = frozenset({"pop", "popleft"})
_WAITS = frozenset({"wait", "sync"})
_STOPS = (
    cst.Break,
    cst.Continue,
    cst.Return,
    cst.Raise,
    cst.Try,
    cst.TryStar,
    cst.Yield,
    cst.FunctionDef,
    cst.ClassDef,
    cst.Lambda,
)
# a drain: the container's name, the column waited (None: the item itself), the wait's call
Drain = tuple[str, int | None, cst.Call]


class Analysis(Protocol):
    """What is used of the body's analysis (imports go one way)."""

    infos: list[ObjInfo]

    @property
    def env(self) -> Mapping[str, Oids]: ...
    def release(self, holders: list[int], where: cst.CSTNode, *, ran: bool = False) -> None: ...


def drains(scope: cst.CSTNode) -> dict[int, Drain]:
    """The drain loops of ``scope``, by the id of their test."""
    found: dict[int, Drain] = {}
    stack: list[cst.CSTNode] = [scope]
    while stack:
        node = stack.pop()
        if type(node) is cst.While:
            drain = _drain(node)
            if drain is not None:
                found[id(node.test)] = drain
        stack.extend(children(node))
    return found


def _drain(loop: cst.While) -> Drain | None:
    name = _tested(loop.test)
    body = loop.body
    if name is None or loop.orelse is not None or not isinstance(body, cst.IndentedBlock):
        return None
    takes = 0
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, _STOPS):
            return None
        if type(node) is cst.Call and _take_of(node) == name:
            takes += 1
        stack.extend(children(node))
    if takes != 1:
        return None
    taken: tuple[str, ...] | None = None  # the target's names, once the take is seen
    for stmt in body.body:
        if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
            if taken is not None and _binds_any(stmt, taken):
                return None
            continue
        small = stmt.body[0]
        if taken is None:
            if type(small) is cst.Expr and type(small.value) is cst.Call:
                call = small.value
                inner = call.func.value if type(call.func) is cst.Attribute else None
                if type(inner) is cst.Call and _take_of(inner) == name and _waits(call):
                    return name, None, call
            if type(small) is cst.Assign and len(small.targets) == 1:
                value = small.value
                if type(value) is cst.Call and _take_of(value) == name:
                    taken = _names(small.targets[0].target)
                    if taken is None:
                        return None
            continue
        if type(small) is cst.Expr and type(small.value) is cst.Call and _waits(small.value):
            call = small.value
            assert type(call.func) is cst.Attribute
            waited = call.func.value
            if type(waited) is cst.Name and waited.value in taken:
                column = taken.index(waited.value) if len(taken) > 1 else None
                return name, column, call
        if _binds_any(stmt, taken):
            return None
    return None


def _tested(test: cst.BaseExpression) -> str | None:
    """``q`` of the test ``q`` or ``len(q)``."""
    if type(test) is cst.Name:
        return test.value
    if (
        type(test) is cst.Call
        and type(test.func) is cst.Name
        and test.func.value == "len"
        and len(test.args) == 1
        and type(test.args[0].value) is cst.Name
    ):
        return test.args[0].value.value
    return None


def _take_of(call: cst.Call) -> str | None:
    """``q`` of ``q.popleft()``, ``q.pop()``, ``q.pop(0)``."""
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value not in _TAKES:
        return None
    if type(func.value) is not cst.Name or len(call.args) > 1:
        return None
    if call.args and (
        type(call.args[0].value) is not cst.Integer or call.args[0].keyword is not None
    ):
        return None
    return func.value.value


def _waits(call: cst.Call) -> bool:
    return type(call.func) is cst.Attribute and call.func.attr.value in _WAITS and not call.args


def _names(target: cst.BaseExpression) -> tuple[str, ...] | None:
    if type(target) is cst.Name:
        return (target.value,)
    if type(target) is cst.Tuple or type(target) is cst.List:
        names = [e.value for e in target.elements]
        if all(type(n) is cst.Name for n in names):
            return tuple(n.value for n in names if type(n) is cst.Name)
    return None


def _binds_any(stmt: cst.CSTNode, names: tuple[str, ...]) -> bool:
    """A binding of one of ``names`` anywhere in ``stmt`` (or a ``del``, a ``global``)."""
    stack: list[cst.CSTNode] = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.NamedExpr)):
            target = getattr(node, "target", None)
            if _mentions(target, names):
                return True
        elif isinstance(node, (cst.For, cst.CompFor, cst.Del, cst.AsName)):
            if _mentions(getattr(node, "target", getattr(node, "name", None)), names):
                return True
        stack.extend(children(node))
    return False


def _mentions(node: cst.CSTNode | None, names: tuple[str, ...]) -> bool:
    if node is None:
        return False
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value in names:
            return True
        stack.extend(children(current))
    return False


def drained(an: Analysis, drain: Drain) -> None:
    """Where the drain loop ended: every holder its container held was waited there."""
    name, column, call = drain
    env = an.env
    contents = env.get(name + "[*]", NOTHING)
    held = contents
    if column is not None:
        if f"{name}[%!]" in env or f"{name}[=]" in env:
            return
        widths = [w for w in range(2, 9) if f"{name}[%{w}]" in env]
        if len(widths) != 1:
            return
        held = env.get(f"{name}[*%{column}]", NOTHING)
        others = contents - held
        if any(an.infos[o].kind in (Kind.PENDING, Kind.OP) for o in others):
            return
    holders = sorted(o for o in held if an.infos[o].kind in (Kind.PENDING, Kind.OP))
    pendings = [o for o in holders if an.infos[o].kind is Kind.PENDING]
    ops = [o for o in holders if an.infos[o].kind is Kind.OP]
    if pendings:
        an.release(pendings, call)
    if ops:
        an.release(ops, call, ran=True)
