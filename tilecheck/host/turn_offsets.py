"""Objects of one site told apart by loop turn (round 29D of issue 17).

A ``for`` walking a container's indices (``for i, out in enumerate(outs)``, or ``outs[i]`` of
``for i in range(len(outs))``) takes ``outs[i]`` at this turn's ``i``: its element is also
selected by that form of the counter, so ``outs[i - 1]`` (the previous turn's element) and
``outs[i + 1]`` are apart from it. The form is dropped wherever the counter is rebound (the
next turn, a later loop, ``i = 0``: ``strip_walked``), and the element's summary keeps only
its turn selection (``Select.retired``). The Pendings of a site held by a name carried from
turn to turn (one a loop's body waits on before it binds it: ``prev``) keep two levels of
summary (``Frame.fresh``): the one made before the latest (the previous turn's, where the
site runs every turn) and the older ones; beyond that, offsets fold into "older". A wait on
such a name that may hold both levels, and not the latest, releases the older ones only
(``certain_turns``): ``prev = prev or cur`` keeps the first turn's Pending in ``prev``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import Protocol

import libcst as cst

from tilecheck.host.indices import Affine, Select
from tilecheck.host.loop_columns import bound_in
from tilecheck.host.model import Hold, Kind, ObjInfo, Oids
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children


class _Body(Protocol):
    env: Mapping[str, Oids]
    scope_node: cst.FunctionDef | None
    module_node: cst.Module | None
    holds: Mapping[int, Hold]


# The most turns a site's Pendings are kept apart by (a ring of up to this many slots and one).
_MOST_AGES = 8


def aged_summaries(body: _Body, oid: int, summaries: Mapping[int, int]) -> list[int]:
    """The summaries of a site's Pending ``oid`` that each grow one turn older before it
    makes way for the next, youngest first. The previous turn's is kept apart from the older
    ones where a name carried from turn to turn holds it (``carried``); a ring of ``n`` slots
    (``pends[i % n]``, ``tilecheck.host.slot_facts``) keeps its last ``n - 1`` turns apart,
    each live in a slot of its own (round 37M)."""
    chain: list[int] = []
    older = summaries.get(oid)
    while older is not None and len(chain) < _MOST_AGES:
        hold = body.holds.get(older)
        slotted = hold is not None and hold.live and hold.slot is not None
        if not (slotted or (not chain and carried(body, older))):
            break
        chain.append(older)
        older = summaries.get(older)
    return chain


def carried(body: _Body, summary: int) -> bool:
    """The previous turns' Pending of a site is held by a name carried from turn to turn (one
    a loop waits on before it binds it, ``prev``): only then are the previous turn's and the
    older ones kept apart (a Pending held otherwise, by a container, an attribute or a name
    bound before its wait, has rules of its own, which take the site's earlier Pendings as
    one summary)."""
    names = _scanned(body.scope_node or body.module_node)[1]
    if not names:
        return False
    if any(summary in body.env.get(name, ()) for name in names):
        return True
    # a record carried whole (``prev = (out, pend)``): its items are kept under its paths
    return any(
        summary in oids
        for path, oids in body.env.items()
        if (cut := _root_end(path)) > 0 and path[:cut] in names
    )


def _root_end(path: str) -> int:
    """Where the root name of a path ``a[0]``, ``a.b`` ends (0: a plain name)."""
    for k, char in enumerate(path):
        if char == "[" or char == ".":
            return k
    return 0


def walked_select(
    walks: dict[str, tuple[cst.For, frozenset[str]]],
    walked: dict[str, set[int]],
    loop: cst.For,
    space: str,
    m: int,
    elements: Oids,
) -> list[Select]:
    """``space[i]`` of the counter ``i`` of ``loop`` walking the indices of ``space`` (none
    where no counter walks it), for the element ``m`` (kept in ``walked`` by the counter's
    name until the counter is rebound: ``strip_walked``)."""
    for name, (loop_of, paths) in walks.items():
        if loop_of is loop and space in paths and name.isidentifier():
            walked.setdefault(name, set()).add(m)
            return [Select(elements, space, (Affine(name, 1, 0),))]
    return []


def strip_walked(infos: list[ObjInfo], walked: dict[str, set[int]], name: str) -> bool:
    """``name`` is rebound (the next turn, or after the loop): the elements taken as
    ``space[name]`` are that no more (their turn selection stays). True if any changed."""
    elements = walked.pop(name, None)
    if not elements:
        return False
    form = (Affine(name, 1, 0),)
    for m in elements:
        info = infos[m]
        kept = tuple(s for s in info.selects if s.axes != form)
        if len(kept) != len(info.selects):
            infos[m] = dataclasses.replace(info, selects=kept)
    return True


def certain_turns(
    pendings: list[int],
    summary: dict[int, int],
    primary: dict[int, int],
    call: cst.Call,
    scope: cst.CSTNode | None,
) -> list[int]:
    """What a wait on a receiver that may be any of ``pendings`` releases: all of them, but
    the previous turn's Pending of a site where the receiver is a name carried from the
    previous turn (bound after the wait in the loop's body) that may also hold an older one
    of it and not the site's latest (``prev = prev or cur``: from the third turn on, ``prev``
    is the first turn's, and the previous turn's stays in flight)."""
    if len(pendings) < 2:
        return pendings
    held = set(pendings)
    doubt = [
        p
        for p in pendings
        if summary.get(p) in held
        and summary.get(primary.get(p, -1)) == p
        and primary[p] not in held
    ]
    if not doubt or id(call) not in _scanned(scope)[0]:
        return pendings
    return [p for p in pendings if p not in doubt]


class _Records(_Body, Protocol):
    infos: list[ObjInfo]
    _under: dict[str, set[str]]


def spent_items(body: _Records, assign: cst.Assign, name: str) -> frozenset[str]:
    """The names ``assign`` (a rebinding of ``name``, a record carried from turn to turn that
    may hold a Pending) leaves dead: those taken from the record in an earlier statement of the
    loop's body and read only after that in the same block (``last, pend = prev;
    pend.wait(); use(last)``): one the block waits on first thing, or one holding tensors
    alone (a name holding a Pending it may not have waited keeps it in flight)."""
    infos, env = body.infos, body.env
    if not any(
        infos[o].kind is Kind.PENDING for p in body._under.get(name, ()) for o in env.get(p, ())
    ):
        return frozenset()
    dead = _scanned(body.scope_node or body.module_node)[2].get(id(assign), frozenset())
    # a name the block waits on first thing held a waited Pending on every real path (the
    # flow's summary may join it with a later turn's); any other name, tensors alone
    return frozenset(
        d
        for d, waited in dead
        if waited or all(infos[o].kind is Kind.TENSOR for o in env.get(d, ()))
    )


_Scan = tuple[frozenset[int], frozenset[str], dict[int, frozenset[tuple[str, bool]]]]
# A scope's id -> the scope, the ids of its waits on a carried name, those names and the
# names left dead by each rebinding of a carried record (``spent_items``).
_SCANNED: dict[int, tuple[cst.CSTNode, _Scan]] = {}
_EMPTY: _Scan = (frozenset(), frozenset(), {})


def _scanned(scope: cst.CSTNode | None) -> _Scan:
    """The waits of ``scope`` on a name carried from the previous turn, and those names
    (scanned once per scope)."""
    if scope is None:
        return _EMPTY
    known = _SCANNED.get(id(scope))
    if known is not None and known[0] is scope:
        return known[1]
    if len(_SCANNED) > 256:
        _SCANNED.clear()
    spent: dict[int, frozenset[tuple[str, bool]]] = {}
    found = list(_carried(scope, spent))
    result = frozenset(i for i, _ in found), frozenset(n for _, n in found), spent
    _SCANNED[id(scope)] = (scope, result)
    return result


def _carried(
    scope: cst.CSTNode, spent: dict[int, frozenset[tuple[str, bool]]]
) -> Iterator[tuple[int, str]]:
    """``X.wait()`` in a statement of a loop's body (not a nested loop's) where ``X`` is
    bound only by later statements of that body, or ``X`` is an item of such a record
    (``prev[1]``) or a name bound from one (``last, pend = prev``: ``pend``; such names,
    read only later in their own block, are dead where the body rebinds the record:
    ``spent``)."""
    for loop in _own(scope, loops=True):
        if type(loop) is not cst.For and type(loop) is not cst.While:
            continue
        if type(loop.body) is not cst.IndentedBlock:
            continue
        body = loop.body.body
        binds = [bound_in(statement) for statement in body]
        for k, statement in enumerate(body):
            if type(statement) is cst.For or type(statement) is cst.While:
                continue  # (its waits are its own loop's)
            later = frozenset().union(*binds[k + 1 :])
            if not later:
                continue
            before = frozenset().union(*binds[: k + 1])
            nodes = list(_own(statement, loops=False))
            taken: dict[str, str] = {}  # a name bound from a carried record -> the record
            for node in nodes:
                if type(node) is cst.Assign:
                    root = _root(node.value)
                    if root is not None and root in later and root not in before:
                        names = [n for t in node.targets for n in target_names(t.target)]
                        for name in names:
                            taken[name] = root
                        dead = _dead_after(scope, loop.body, statement, node, frozenset(names))
                        if dead:
                            _note_spent(spent, body[k + 1 :], root, dead)
            for node in nodes:
                if (
                    type(node) is not cst.Call
                    or type(func := node.func) is not cst.Attribute
                    or func.attr.value != "wait"
                ):
                    continue
                receiver = func.value
                if type(receiver) is cst.Name and receiver.value in taken:
                    yield id(node), taken[receiver.value]
                    continue
                root = _root(receiver)
                if root is not None and root in later and root not in before:
                    yield id(node), root


def _dead_after(
    scope: cst.CSTNode,
    body: cst.IndentedBlock,
    statement: cst.CSTNode,
    assign: cst.Assign,
    names: frozenset[str],
) -> frozenset[tuple[str, bool]]:
    """Those of ``names`` (bound by ``assign`` in ``statement`` of the loop's ``body``) that
    nothing in ``scope`` binds or reads but ``assign`` and the later statements of its own
    block, each with whether the block waits on it first thing (``_waited_next``)."""
    block: cst.IndentedBlock | None = None
    line = None
    for node in (body, *_own(statement, loops=True)):
        if type(node) is cst.IndentedBlock:
            for item in node.body:
                if type(item) is cst.SimpleStatementLine and any(s is assign for s in item.body):
                    block, line = node, item
    if block is None or line is None or len(line.body) != 1:
        return frozenset()
    at = next(i for i, item in enumerate(block.body) if item is line)
    allowed = {id(n) for target in assign.targets for n in _all(target)}
    for later in block.body[at + 1 :]:
        allowed.update(id(n) for n in _all(later))
    waited = _waited_next(block.body[at + 1 :], names)
    return frozenset(
        (name, name in waited)
        for name in names
        if all(id(n) in allowed for n in _all(scope) if type(n) is cst.Name and n.value == name)
    )


def _waited_next(statements: Sequence[cst.BaseStatement], names: frozenset[str]) -> set[str]:
    """Those of ``names`` that ``statements`` wait on (``name.wait()``) before any of them may
    leave the block for the next turn or bind a name (expressions, asserts and ``pass`` only:
    the scan stops at anything else)."""
    waited: set[str] = set()
    for statement in statements:
        if type(statement) is not cst.SimpleStatementLine:
            break
        for small in statement.body:
            if type(small) is cst.Assert or type(small) is cst.Pass:
                continue  # (a failed assert leaves the loop: the record is not rebound)
            if type(small) is not cst.Expr:
                return waited
            call = small.value
            if (
                type(call) is cst.Call
                and type(func := call.func) is cst.Attribute
                and func.attr.value == "wait"
                and type(func.value) is cst.Name
                and func.value.value in names
            ):
                waited.add(func.value.value)
    return waited


def _note_spent(
    spent: dict[int, frozenset[tuple[str, bool]]],
    statements: Sequence[cst.BaseStatement],
    root: str,
    dead: frozenset[tuple[str, bool]],
) -> None:
    """The rebindings of ``root`` among ``statements`` (plain ``root = ...``) leave ``dead``."""
    for statement in statements:
        if type(statement) is not cst.SimpleStatementLine:
            continue
        for small in statement.body:
            if (
                type(small) is cst.Assign
                and len(small.targets) == 1
                and type(target := small.targets[0].target) is cst.Name
                and target.value == root
            ):
                spent[id(small)] = spent.get(id(small), frozenset()) | dead


def _all(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under ``node``, nested scopes included."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(children(current))


def _root(expr: cst.BaseExpression) -> str | None:
    """``prev`` of ``prev``, ``prev[1]``, ``prev.pending`` (constant indices only)."""
    while True:
        kind = type(expr)
        if kind is cst.Name:
            return expr.value  # type: ignore[attr-defined, no-any-return]
        if kind is cst.Attribute:
            expr = expr.value  # type: ignore[attr-defined]
        elif kind is cst.Subscript:
            slices = expr.slice  # type: ignore[attr-defined]
            if len(slices) != 1 or type(slices[0].slice) is not cst.Index:
                return None
            if type(slices[0].slice.value) not in (cst.Integer, cst.SimpleString):
                return None
            expr = expr.value  # type: ignore[attr-defined]
        else:
            return None


def _own(node: cst.CSTNode, *, loops: bool) -> Iterator[cst.CSTNode]:
    """The nodes of ``node``'s scope (not of nested functions, classes or lambdas; with
    ``loops`` False, not of nested loops either)."""
    stack = [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        if current is not node and kind in _SCOPES:
            continue
        if not loops and current is not node and (kind is cst.For or kind is cst.While):
            continue
        yield current
        stack.extend(children(current))


_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})
