"""The oldest item of a queue taken and waited on at once, in the two statements users write
(round 39I of issue 17): ``p = q.popleft()`` followed by ``p.wait()``, and the queue of tuples
of a ring pipeline, ``p, slot = q.popleft()`` followed by ``p.wait()`` (the Pending kept beside
the slot it writes). Such a take waits the item as ``q.popleft().wait()`` does: the next
statement of the same block waits it on every path, before anything else runs. The list
spelling of a queue, ``q.pop(0)``, takes the oldest item as ``popleft`` does."""

from __future__ import annotations

from itertools import pairwise

import libcst as cst

from tilecheck.flow.cfg import CFG


def front_take(call: cst.Call) -> bool:
    """``q.popleft()`` or ``q.pop(0)``: a call taking a queue's oldest item."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return False
    if func.attr.value == "popleft":
        return not call.args
    if func.attr.value != "pop" or len(call.args) != 1:
        return False
    arg = call.args[0]
    return (
        not arg.star
        and arg.keyword is None
        and isinstance(arg.value, cst.Integer)
        and arg.value.value == "0"
    )


def taken_waits(cfg: CFG, queue: str) -> dict[int, int | None]:
    """The takes of the oldest item of ``queue`` (by the take call's ``id``) whose next
    statement waits it, each with the place in the item's tuple of the name waited on (None:
    the item itself)."""
    out: dict[int, int | None] = {}
    for block in cfg.blocks:
        elements = block.elements
        for first, then in pairwise(elements):
            found = _take(first.node, queue)
            if found is None:
                continue
            call, names = found
            waited = _waited(then.node)
            if waited is None or waited not in names:
                continue
            place = None if len(names) == 1 and _plain(first.node) else names.index(waited)
            out[id(call)] = place
    return out


def _plain(node: cst.CSTNode) -> bool:
    """``p = q.popleft()`` (one name, not a tuple of one)."""
    return isinstance(node, cst.Assign) and isinstance(node.targets[0].target, cst.Name)


def _take(node: cst.CSTNode, queue: str) -> tuple[cst.Call, list[str]] | None:
    """``p = q.popleft()`` or ``p, s = q.pop(0)``: the take and the names bound, in order."""
    if not isinstance(node, cst.Assign) or len(node.targets) != 1:
        return None
    call = node.value
    if not isinstance(call, cst.Call) or not front_take(call):
        return None
    func = call.func
    assert isinstance(func, cst.Attribute)
    if not isinstance(func.value, cst.Name) or func.value.value != queue:
        return None
    target = node.targets[0].target
    if isinstance(target, cst.Name):
        return call, [target.value]
    if not isinstance(target, (cst.Tuple, cst.List)):
        return None
    names: list[str] = []
    for element in target.elements:
        if not isinstance(element, cst.Element) or not isinstance(element.value, cst.Name):
            return None
        names.append(element.value.value)
    if len(set(names)) != len(names):
        return None
    return call, names


def _waited(node: cst.CSTNode) -> str | None:
    """The name ``p`` of the statement ``p.wait()``, or None."""
    if not isinstance(node, cst.Expr):
        return None
    call = node.value
    if not isinstance(call, cst.Call) or call.args:
        return None
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "wait":
        return None
    return func.value.value if isinstance(func.value, cst.Name) else None
