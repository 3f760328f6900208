"""How many items a queue of Pendings holds at most: ``q = deque()``, ``q.append(k(...).submit())``
in a loop and ``if len(q) == 2: q.popleft().wait()`` before it hold at most one item where the
test is false (at most two at the loop's head: the most a way around the loop leaves). A queue
whose every Pending is appended where it is submitted and leaves only by
``q.popleft().wait()`` holds, when it holds at most one, only the latest: the earlier ones
were waited on (``Windows.bounded``). The bound is a must-fact in ``State.defs`` (an upper
``Bounds``), merged by the larger bound and forgotten past ``MOST`` items."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import libcst as cst

from tilecheck.flow.cfg import CFG
from tilecheck.host.taken_waits import front_take, taken_waits
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.walk import children

MOST = 8  # a larger bound is no bound (so that a loop that only appends still settles)


def upper_key(path: str) -> str:
    """The ``defs`` entry for the most items ``path`` holds (never a name)."""
    return f"len<({path})"


def upper_bound(
    test: cst.Comparison, truth: bool, constants: Mapping[str, int], known: int | None
) -> tuple[str, int] | None:
    """The queue of ``len(q) <op> k`` and the most items it holds where the test is
    ``truth`` (``known``: the most it held before), or None."""
    if len(test.comparisons) != 1:
        return None
    target, left = test.comparisons[0], test.left
    bound = const_int(target.comparator, constants)
    if (
        bound is None
        or not isinstance(left, cst.Call)
        or not isinstance(left.func, cst.Name)
        or left.func.value != "len"
        or len(left.args) != 1
        or not isinstance(left.args[0].value, cst.Name)
    ):
        return None
    path, op = left.args[0].value.value, target.operator
    most: int | None = None
    if isinstance(op, cst.Equal):
        most = bound if truth else (bound - 1 if known == bound else None)
    elif isinstance(op, cst.NotEqual) and not truth:
        most = bound
    elif isinstance(op, cst.GreaterThan) and not truth:
        most = bound
    elif isinstance(op, cst.GreaterThanEqual) and not truth:
        most = bound - 1
    elif isinstance(op, cst.LessThan) and truth:
        most = bound - 1
    elif isinstance(op, cst.LessThanEqual) and truth:
        most = bound
    if most is None or most < 0:
        return None
    return path, most if known is None else min(most, known)


def drained_queue(cfg: CFG, name: str) -> list[cst.BaseExpression] | None:
    """What ``q.append(...)`` is given, where every mention of ``name`` in the body is
    ``q = deque()`` (or ``[]``), ``len(q)``, ``q.append(x)``, ``q.popleft().wait()`` or a test
    of its own (``while q:``); None where another mention is (or a nested scope names it).
    The oldest item may be taken as ``q.pop(0)`` too, and waited on through a name the next
    statement waits (``p = q.popleft()``, ``p.wait()``); a queue of tuples (``q.append((k(
    ...).submit(), slot))``, ``p, slot = q.popleft()``, ``p.wait()``: round 39I) gives the
    tuple's item at the place of the name waited on, the same at every take."""
    for nested in cfg.nested:
        if nested is not None and any(True for _ in _names(nested, name, [])):
            return None
    parents: dict[int, tuple[cst.Name, list[cst.CSTNode]]] = {}
    for block in cfg.blocks:
        for element in block.elements:
            for node, chain in _names(element.node, name, []):
                if chain or id(node) not in parents:
                    parents[id(node)] = (node, chain)
    taken = taken_waits(cfg, name)
    appended: list[cst.BaseExpression] = []
    for node, chain in parents.values():
        use = _use(node, chain, taken)
        if use is None:
            return None
        if isinstance(use, cst.BaseExpression):
            appended.append(use)
    places = set(taken.values())
    if len(places) > 1:
        return None  # the Pending waited at one take and another item waited at another
    place = next(iter(places), None)
    return _items_at(appended, place)


def _names(
    node: cst.CSTNode, name: str, chain: list[cst.CSTNode]
) -> Iterator[tuple[cst.Name, list[cst.CSTNode]]]:
    """Each ``Name`` node of ``name`` under ``node`` with its parents, nearest last."""
    if isinstance(node, cst.Name):
        if node.value == name:
            yield node, chain
        return
    inner = [*chain, node]
    for child in children(node):
        yield from _names(child, name, inner)


def _use(
    node: cst.Name, chain: list[cst.CSTNode], taken: Mapping[int, int | None]
) -> cst.BaseExpression | bool | None:
    """The argument of ``q.append(x)``, True for another allowed use, None for any other
    (``taken``: the takes of the oldest item whose next statement waits it)."""
    if not chain:
        return True  # a test of its own (the element is the name: ``while q:``)
    parent, above = chain[-1], chain[-2] if len(chain) >= 2 else None
    if isinstance(parent, cst.AssignTarget):
        return True if isinstance(above, cst.Assign) and _empty(above.value) else None
    if isinstance(parent, cst.AnnAssign):
        value = parent.value
        return True if parent.target is node and value is not None and _empty(value) else None
    if isinstance(parent, (cst.If, cst.While)):
        return True
    if isinstance(parent, cst.For) and parent.iter is node:
        return True  # ``for p in q: p.wait()``: a walk over the items takes none out
    if isinstance(parent, cst.Arg):
        func = above.func if isinstance(above, cst.Call) else None
        return True if isinstance(func, cst.Name) and func.value == "len" else None
    if not isinstance(parent, cst.Attribute) or parent.value is not node:
        return None
    if not isinstance(above, cst.Call) or above.func is not parent:
        return None
    if parent.attr.value == "append" and len(above.args) == 1 and not above.args[0].star:
        return above.args[0].value
    if id(above) in taken:
        return True
    if front_take(above) and len(chain) >= 4:
        wait, waited = chain[-3], chain[-4]
        if (
            isinstance(wait, cst.Attribute)
            and wait.value is above
            and wait.attr.value == "wait"
            and isinstance(waited, cst.Call)
            and waited.func is wait
        ):
            return True
    return None


def _empty(value: cst.BaseExpression) -> bool:
    """``deque()``, ``collections.deque()`` or ``[]``."""
    if isinstance(value, cst.List):
        return not value.elements
    if not isinstance(value, cst.Call) or value.args:
        return False
    func = value.func
    return (isinstance(func, cst.Name) and func.value == "deque") or (
        isinstance(func, cst.Attribute) and func.attr.value == "deque"
    )


def _items_at(
    appended: list[cst.BaseExpression], place: int | None
) -> list[cst.BaseExpression] | None:
    """What each append gives at ``place`` of its tuple (None: the whole item), or None where
    an append is no tuple with an item there (then the item waited is not the Pending)."""
    if place is None:
        return None if any(isinstance(a, cst.Tuple) for a in appended) else appended
    out: list[cst.BaseExpression] = []
    for value in appended:
        if not isinstance(value, cst.Tuple) or len(value.elements) <= place:
            return None
        if any(isinstance(e, cst.StarredElement) for e in value.elements):
            return None
        out.append(value.elements[place].value)
    return out
