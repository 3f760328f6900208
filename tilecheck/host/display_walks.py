"""A ``for`` over a display of reads, walked item by item (issue 17, round 36BF).

``for p in (loads[s], readers[s]): if p is not None: p.wait()`` waits the Pending each slot
holds. Walked as a loop, each step takes "an element of its own" of the display's value, and
the wait reaches neither slot's facts (``tilecheck.host.slot_facts``): the buffer is still
taken as written. The CFG builds such a loop slot by slot (``tilecheck.flow.unroll``, which
lets a display's body test its item); here each slot binds the target as ``p = loads[s]``
then ``p = readers[s]`` would, the assignment's own facts included.

Only where that is the same as the loop: every item of the display is a read with no call
(a name, attributes, subscripts by names or constants), the target is one name, and the body
never names the roots of those reads nor their indices (nothing it does changes what a later
item reads, which a display evaluated up front would not see)."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import descendants


def read_items(loop: cst.For) -> list[cst.BaseExpression] | None:
    """The items of ``loop``'s display where each slot may bind its read (see above)."""
    iterable = loop.iter
    if type(iterable) is not cst.Tuple and type(iterable) is not cst.List:
        return None
    if type(loop.target) is not cst.Name:
        return None
    items: list[cst.BaseExpression] = []
    names: set[str] = set()
    for element in iterable.elements:
        if type(element) is not cst.Element or not _plain_read(element.value, names):
            return None
        items.append(element.value)
    if not items or not names or loop.target.value in names:
        return None
    for node in descendants(loop.body):
        if type(node) is cst.Name and node.value in names:
            return None
    return items


def _plain_read(expr: cst.BaseExpression, names: set[str]) -> bool:
    """``x``, ``self.x``, ``xs[i]``, ``xs[0]``, ``m[i][j]``: with the names it reads."""
    kind = type(expr)
    if kind is cst.Name:
        names.add(cst.ensure_type(expr, cst.Name).value)
        return True
    if kind is cst.Attribute:
        return _plain_read(cst.ensure_type(expr, cst.Attribute).value, names)
    if kind is cst.Subscript:
        subscript = cst.ensure_type(expr, cst.Subscript)
        if len(subscript.slice) != 1 or type(subscript.slice[0].slice) is not cst.Index:
            return False
        index = cst.ensure_type(subscript.slice[0].slice, cst.Index).value
        if type(index) is not cst.Integer and not _plain_read(index, names):
            return False
        return _plain_read(subscript.value, names)
    return False


def slot_assign(cache: dict[int, list[cst.Assign]], loop: cst.For, slot: int) -> cst.Assign:
    """``target = item`` of ``slot`` (built once per loop: the analysis keys facts by node)."""
    made = cache.get(id(loop))
    if not made:
        items = read_items(loop) or []
        made = cache[id(loop)] = [
            cst.Assign([cst.AssignTarget(loop.target)], item) for item in items
        ]
    return made[slot]
