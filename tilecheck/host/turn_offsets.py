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
from collections.abc import Iterator, Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.indices import Affine, Select
from tilecheck.host.loop_columns import bound_in
from tilecheck.host.model import ObjInfo, Oids
from tilecheck.syntax.walk import children


class _Body(Protocol):
    env: Mapping[str, Oids]
    scope_node: cst.FunctionDef | None
    module_node: cst.Module | None


def carried(body: _Body, summary: int) -> bool:
    """The previous turns' Pending of a site is held by a name carried from turn to turn (one
    a loop waits on before it binds it, ``prev``): only then are the previous turn's and the
    older ones kept apart (a Pending held otherwise, by a container, an attribute or a name
    bound before its wait, has rules of its own, which take the site's earlier Pendings as
    one summary)."""
    names = _scanned(body.scope_node or body.module_node)[1]
    return bool(names) and any(summary in body.env.get(name, ()) for name in names)


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


# A scope's id -> the scope, the ids of its waits on a carried name and those names.
_SCANNED: dict[int, tuple[cst.CSTNode, tuple[frozenset[int], frozenset[str]]]] = {}


def _scanned(scope: cst.CSTNode | None) -> tuple[frozenset[int], frozenset[str]]:
    """The waits of ``scope`` on a name carried from the previous turn, and those names
    (scanned once per scope)."""
    if scope is None:
        return frozenset(), frozenset()
    known = _SCANNED.get(id(scope))
    if known is not None and known[0] is scope:
        return known[1]
    if len(_SCANNED) > 256:
        _SCANNED.clear()
    found = list(_carried(scope))
    result = frozenset(i for i, _ in found), frozenset(n for _, n in found)
    _SCANNED[id(scope)] = (scope, result)
    return result


def _carried(scope: cst.CSTNode) -> Iterator[tuple[int, str]]:
    """``X.wait()`` in a statement of a loop's body (not a nested loop's) where ``X`` is
    bound only by later statements of that body."""
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
            for node in _own(statement, loops=False):
                if (
                    type(node) is cst.Call
                    and type(func := node.func) is cst.Attribute
                    and func.attr.value == "wait"
                    and type(func.value) is cst.Name
                    and func.value.value in later
                    and func.value.value not in before
                ):
                    yield id(node), func.value.value


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
