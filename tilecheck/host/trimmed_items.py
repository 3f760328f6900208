"""Pendings a loop's list of in-flight work drops unwaited (round 34L of issue 17).

A pipeline keeps the work it has in flight in a list and trims it each turn::

    inflight = []
    for batch in range(5):
        load = k(tiles(buf)).submit()
        inflight.append((batch, buf, load))
        if len(inflight) > 2:
            del inflight[:-2]   # (or inflight = inflight[-2:], inflight.pop(0))

The third turn drops the first turn's Pending with nothing waiting on it: tilert collects it
unwaited (TC108 at its submit). The analysis keeps one cell for all the list may hold, and a
Pending kept in a container counts as waited on (someone may take it from there), so this is
decided here, by running the loop's turns on the list's items (``tilecheck.host.list_turns``).

Followed only where every step is certain: a ``for`` of known length (``range`` of constants, a
display, a list of fixed length), never left early (no ``break``, ``continue``, ``return``,
``raise``, ``yield``); a statement of its body ``q.append(x)`` where ``x`` is the Pending of an
op made right there (``k(...).submit()``), a name bound to one by a statement of the body before
it and named nowhere else in the body, or a tuple display holding one of those; ``q`` bound to
an empty list (``[]``, ``list()``, ``deque()``) by the last statement before the loop in its
block that names it, named in no nested function, class or lambda of the scope and not declared
``global``/``nonlocal``. Anything the run does not follow says nothing (``list_turns.Unknown``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import libcst as cst

from tilecheck.host import messages
from tilecheck.host.evictions import loop_trips
from tilecheck.host.findings import Finding
from tilecheck.host.list_turns import Drop, Made, Turns, Unknown
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import dotted_name, single_assignment
from tilecheck.syntax.walk import descendants, with_parents

MOST_TURNS = 64  # turns run (a longer loop: its first ones)
_JUMPS = (cst.Break, cst.Continue, cst.Return, cst.Raise, cst.Yield)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_EMPTY = frozenset({"list", "deque", "collections.deque"})


def trimmed(
    scope: cst.CSTNode | None, loops: Iterable[cst.For], constants: Mapping[str, int]
) -> dict[cst.CSTNode, Finding]:
    """The submits (their ``.submit()`` calls) whose Pending a loop of ``loops`` appends to a
    list and later drops from it unwaited (see the module's docstring), with the finding."""
    out: dict[cst.CSTNode, Finding] = {}
    if scope is None:
        return out
    for loop in loops:
        for name, made, submit in _appends(loop):
            drop = _first_drop(scope, loop, name, made, constants)
            if drop is not None:
                out.setdefault(submit, messages.trimmed(submit, name, drop.turn, drop.statement))
    return out


def _appends(loop: cst.For) -> list[tuple[str, Made, cst.Call]]:
    """The body's ``q.append(x)`` statements putting in a Pending made in the turn: the list's
    name, how (``list_turns.Made``) and the submit."""
    body = loop.body
    if loop.asynchronous is not None or type(body) is not cst.IndentedBlock:
        return []
    bindings: dict[str, tuple[cst.Assign, cst.Call]] = {}
    out: list[tuple[str, Made, cst.Call]] = []
    for stmt in body.body:
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
            if type(target) is cst.Name and _submit(small.value) is not None:
                bindings[target.value] = (small, small.value)  # type: ignore[assignment]
            continue
        if type(small) is not cst.Expr or type(small.value) is not cst.Call:
            continue
        call = small.value
        func = call.func
        if type(func) is not cst.Attribute or func.attr.value != "append":
            continue
        if type(func.value) is not cst.Name or len(call.args) != 1 or call.args[0].keyword:
            continue
        found = _pending_in(small, call.args[0].value, bindings, body)
        if found is not None:
            out.append((func.value.value, *found))
    return out


def _pending_in(
    append: cst.Expr,
    value: cst.BaseExpression,
    bindings: Mapping[str, tuple[cst.Assign, cst.Call]],
    body: cst.IndentedBlock,
) -> tuple[Made, cst.Call] | None:
    """Where the appended ``value`` holds a Pending made in the turn, and its submit."""
    elements: list[cst.BaseExpression] = [value]
    position: int | None = None
    if type(value) is cst.Tuple:
        if any(type(e) is cst.StarredElement for e in value.elements):
            return None
        elements = [e.value for e in value.elements]
    found: tuple[Made, cst.Call] | None = None
    for at, element in enumerate(elements):
        position = at if type(value) is cst.Tuple else None
        submit = _submit(element)
        binding: cst.Assign | None = None
        name: str | None = None
        if submit is None and type(element) is cst.Name and element.value in bindings:
            binding, submit = bindings[element.value]
            name = element.value
            if _count(body, name) != 2:
                return None  # the Pending's name used elsewhere in the turn
        if submit is not None:
            if found is not None:
                return None  # two Pendings in one item
            found = (Made(append, binding, name, position, len(elements)), submit)
    return found


def _submit(expr: cst.BaseExpression) -> cst.Call | None:
    """``k(...).submit()``: the Pending of an op made right there, held by nothing else."""
    if type(expr) is not cst.Call or expr.args or type(expr.func) is not cst.Attribute:
        return None
    func = expr.func
    if func.attr.value != "submit" or type(func.value) is not cst.Call:
        return None
    return expr


def _first_drop(
    scope: cst.CSTNode,
    loop: cst.For,
    name: str,
    made: Made,
    constants: Mapping[str, int],
) -> Drop | None:
    """The first drop of an unwaited Pending the loop's turns make, if certain."""
    turns = _counter_values(loop, scope, constants)
    if turns is None or not _started_empty(scope, loop, name):
        return None
    if any(isinstance(n, _JUMPS) for n in descendants(loop.body)):
        return None
    counter = loop.target.value if type(loop.target) is cst.Name else None
    if counter is not None and _rebinds(loop.body, counter):
        counter = None
    run = Turns(name, made, constants)
    body: Sequence[cst.BaseStatement | cst.BaseSmallStatement] = loop.body.body
    try:
        for turn, value in enumerate(turns[:MOST_TURNS]):
            if counter is not None:
                run.values.pop(counter, None)
            known = (counter, value) if counter is not None and value is not None else None
            run.run(body, turn, known)
            if run.drops:
                return run.drops[0]
    except Unknown:
        return None
    return None


def _counter_values(
    loop: cst.For, scope: cst.CSTNode, constants: Mapping[str, int]
) -> list[int | None] | None:
    """The loop counter's value each turn (None where not an integer known), or None where
    the number of turns is not known."""
    iterable = loop.iter
    if type(iterable) is cst.Call and dotted_name(iterable.func) == "range":
        args = iterable.args
        if not 1 <= len(args) <= 3 or any(a.keyword or a.star for a in args):
            return None
        ends = [const_int(a.value, constants) for a in args]
        if any(e is None for e in ends) or (len(ends) == 3 and ends[2] == 0):
            return None
        return list(range(*(e for e in ends if e is not None)))
    if type(iterable) in (cst.List, cst.Tuple):
        elements = iterable.elements  # type: ignore[attr-defined]
        if any(type(e) is cst.StarredElement for e in elements):
            return None
        return [const_int(e.value, constants) for e in elements]
    count = loop_trips(iterable, scope)  # a fixed-length list, ``enumerate``, ``zip`` of them
    return None if count is None else [None] * count


def _rebinds(body: cst.CSTNode, name: str) -> bool:
    """Whether ``body`` binds ``name`` (an assignment, a ``for`` target, a ``with ... as``)."""
    for node in descendants(body):
        kind = type(node)
        if kind is cst.AsName:
            target: cst.CSTNode = node.name  # type: ignore[attr-defined]
        elif kind is cst.AssignTarget or kind in (
            cst.For,
            cst.AugAssign,
            cst.AnnAssign,
            cst.NamedExpr,
            cst.CompFor,
        ):
            target = node.target  # type: ignore[attr-defined]
        else:
            continue
        if _names(target, name):
            return True
    return False


def _started_empty(scope: cst.CSTNode, loop: cst.For, name: str) -> bool:
    """``name`` is an empty list when ``loop`` starts: the last statement before it in its
    block that names it binds it to one; no nested scope names it, none declares it."""
    block: list[cst.BaseStatement] | None = None
    for node, parent, _ in with_parents(scope):
        if isinstance(node, _SCOPES) and node is not scope and _names(node, name):
            return False
        if type(node) in (cst.Global, cst.Nonlocal) and _names(node, name):
            return False
        if node is loop and type(parent) in (cst.IndentedBlock, cst.Module):
            assert isinstance(parent, (cst.IndentedBlock, cst.Module))
            block = list(parent.body)
    if block is None:
        return False
    for stmt in reversed(block[: block.index(loop)]):
        if _names(stmt, name):
            return _binds_empty(stmt, name)
    return False


def _binds_empty(stmt: cst.BaseStatement, name: str) -> bool:
    """``name = []`` (annotated or not; ``list()``, ``deque()`` with no argument too)."""
    assigned = single_assignment(stmt, annotated=True)
    if assigned is None:
        return False
    target, value = assigned
    if type(target) is not cst.Name or target.value != name:
        return False
    if type(value) is cst.List:
        return not value.elements
    return type(value) is cst.Call and not value.args and dotted_name(value.func) in _EMPTY


def _names(node: cst.CSTNode, name: str) -> bool:
    return any(type(n) is cst.Name and n.value == name for n in descendants(node))


def _count(node: cst.CSTNode, name: str) -> int:
    return sum(1 for n in descendants(node) if type(n) is cst.Name and n.value == name)
