"""Two more orders among gathered coroutines that asyncio makes certain (round 22M).

An ``asyncio.Event`` a gathered coroutine's first part sets (``started.set()``, a statement of
its body before its first suspension) is set when a coroutine gathered after it starts, so
that coroutine's opening ``await started.wait()`` on the same event returns at once
(``Event.wait`` suspends only while the event is clear): its part after the wait runs right
there, up to its next suspension, while the earlier coroutines hold what they submitted.

A gathered coroutine that gives the loop a turn by ``await asyncio.sleep(0)`` after a part of
its own, and whose next statement awaits a Pending or op that part made (``await pending``),
releases nothing on the loop's thread when it resumes: ``Pending.__await__`` waits in an
executor thread, unordered with what the loop runs next, so the borrows stay held while the
other gathered coroutines resume (``tilecheck.host.tasks._resume``).

Only the syntax is read here; ``tasks`` applies it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

import libcst as cst

from tilecheck.host.parameter_index import bound_names, rebound
from tilecheck.syntax.walk import descendants, own_nodes

EVENT = "asyncio.Event"

Canonical = Callable[[cst.BaseExpression], str | None]


def _small(stmt: cst.CSTNode) -> cst.BaseSmallStatement | None:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    return stmt.body[0]


def _method_of(stmt: cst.CSTNode, method: str, awaited: bool) -> str | None:
    """``N`` of a statement ``N.method()`` (``await N.method()`` where ``awaited``)."""
    small = _small(stmt)
    if type(small) is not cst.Expr:
        return None
    value = small.value
    if awaited:
        if type(value) is not cst.Await:
            return None
        value = value.expression
    if type(value) is not cst.Call or value.args or type(value.func) is not cst.Attribute:
        return None
    func = value.func
    if func.attr.value != method or type(func.value) is not cst.Name:
        return None
    return func.value.value


def gate(stmt: cst.CSTNode) -> str | None:
    """``N`` of a statement ``await N.wait()``."""
    return _method_of(stmt, "wait", awaited=True)


def awaited_name(stmt: cst.CSTNode) -> str | None:
    """``N`` of a statement ``await N`` or ``x = await N``."""
    small = _small(stmt)
    kind = type(small)
    value = small.value if kind is cst.Expr or kind is cst.Assign else None  # type: ignore[union-attr]
    if type(value) is not cst.Await or type(value.expression) is not cst.Name:
        return None
    return value.expression.value


def given_names(fn: cst.FunctionDef, call: cst.Call) -> dict[str, str]:
    """The parameters of ``fn`` the call ``call`` gives a plain name, never rebound in ``fn``
    (parameter -> the caller's name)."""
    params = fn.params
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    named = {p.name.value for p in (*params.params, *params.kwonly_params)}
    out: dict[str, str] = {}
    for position, arg in enumerate(call.args):
        if arg.star:
            return {}
        if arg.keyword is None:
            if position >= len(positional):
                return {}
            param = positional[position]
        elif arg.keyword.value in named:
            param = arg.keyword.value
        else:
            return {}
        if type(arg.value) is cst.Name:
            out[param] = arg.value.value
    local = rebound(fn)
    return {p: n for p, n in out.items() if p not in local}


def sets_and_clears(
    prefix: Sequence[cst.BaseStatement], given: dict[str, str]
) -> tuple[frozenset[str], frozenset[str]]:
    """The caller's names whose event the statements ``prefix`` (a coroutine's first part)
    certainly set (``P.set()``, a statement every run of the part reaches: only plain lines
    that never leave come before it), and those whose event they may clear."""
    set_: set[str] = set()
    cleared: set[str] = set()
    straight = True
    for stmt in prefix:
        named = _method_of(stmt, "set", awaited=False) if straight else None
        if named is not None and named in given:
            set_.add(given[named])
        for node in own_nodes(stmt):
            kind = type(node)
            if kind is cst.Return or kind is cst.Raise or kind is cst.Break:
                straight = False
            elif kind is cst.Attribute and type(node.value) is cst.Name:  # type: ignore[attr-defined]
                attr = node.attr.value  # type: ignore[attr-defined]
                owner = node.value.value  # type: ignore[attr-defined]
                if attr == "clear" and owner in given:
                    cleared.add(given[owner])
        if type(stmt) is not cst.SimpleStatementLine:
            straight = False
    return frozenset(set_), frozenset(cleared)


def is_event(scope: cst.FunctionDef, name: str, canonical: Canonical, gather: cst.CSTNode) -> bool:
    """``name`` is bound in ``scope`` once, by ``name = asyncio.Event()``, and named nowhere
    else in it but in the ``gather`` call (no parameter, no ``global``, no other task given
    it, nothing setting or clearing it there)."""
    params = scope.params
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    if any(p.name.value == name for p in every):
        return False
    if sum(1 for n in bound_names(scope.body) if n == name) != 1:
        return False
    named = sum(1 for n in descendants(scope.body) if type(n) is cst.Name and n.value == name)
    given = sum(1 for n in descendants(gather) if type(n) is cst.Name and n.value == name)
    if named != 1 + given:
        return False
    for node in own_nodes(scope.body):
        if type(node) is not cst.Assign or len(node.targets) != 1:
            continue
        target, value = node.targets[0].target, node.value
        made = _paired(target, value, name)  # (``out, ready = tr.zeros(n), Event()``, 33A)
        if made is not None:
            return type(made) is cst.Call and not made.args and canonical(made.func) == EVENT
    return False


def _paired(
    target: cst.BaseExpression, value: cst.BaseExpression, name: str
) -> cst.BaseExpression | None:
    """What an assignment of ``value`` to ``target`` binds ``name`` to: the value itself,
    or the item at the name's place of a tuple display given to a tuple of names."""
    if type(target) is cst.Name:
        return value if target.value == name else None
    if type(target) not in (cst.Tuple, cst.List) or type(value) not in (cst.Tuple, cst.List):
        return None
    names = target.elements  # type: ignore[attr-defined]
    items = value.elements  # type: ignore[attr-defined]
    if len(names) != len(items) or any(type(e) is not cst.Element for e in (*names, *items)):
        return None
    for element, item in zip(names, items, strict=True):
        if type(element.value) is cst.Name and element.value.value == name:
            return cast(cst.BaseExpression, item.value)
    return None
