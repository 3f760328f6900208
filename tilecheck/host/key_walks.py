"""A loop over a dict's keys written as the constants they are (round 33C of issue 17).

``plans = {slot: tiles(bufs[slot]) for slot in Slot}`` then ``for slot in Slot:
k(plans.pop(slot))``: the loop takes each of the dict's keys once, as ``for slot in plans``
would, so ``plans.pop(slot)`` is the step's item, a different one each step
(``Loops.popped_by_step``), and the loop's end concludes for every item. The walked constants
are those of a constant ``range(n)`` (``0`` to ``n - 1``), a name bound to a literal of
different constants or an ``IntEnum`` class (``tilecheck.host.key_lists``,
``tilecheck.host.enum_members``), or a display of different literals; the dict is the one
local dict kept by its constant keys (its ``[#keys]`` marker holds, every key's item there)
whose keys are exactly those. Where none is, or two are, the loop is as before."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from tilecheck.host.counters import distinct_constants
from tilecheck.host.loop_columns import Counting
from tilecheck.syntax.constants import const_int, literal_value

if TYPE_CHECKING:
    from tilecheck.host.loops import Loops


def key_walk(an: Loops, iterable: cst.BaseExpression, column: Counting | None) -> Counting | None:
    """``column`` (the counter ``columns`` found for ``iterable``, if any) walking the one dict
    whose keys are the constants ``iterable`` takes; None where that is not known."""
    keys = _walked_keys(an, iterable)
    if keys is None or not an._key_order:
        return None
    texts = {repr(k) if isinstance(k, str) else str(k) for k in keys}
    if len(texts) != len(keys):
        return None
    found = [
        path
        for path, order in an._key_order.items()
        if set(order) == texts
        and f"{path}[#keys]" in an.env
        and all(f"{path}[{k}]" in an.env for k in order)
    ]
    if len(found) != 1:
        return None
    if column is None:
        return Counting(1, None, arithmetic=False, walks=found[0])
    return Counting(column.step, column.bounds, column.arithmetic, found[0], column.short)


def _walked_keys(an: Loops, iterable: cst.BaseExpression) -> list[int | str] | None:
    if type(iterable) is cst.Name:
        listed = an.ctx.key_lists().get(cst.ensure_type(iterable, cst.Name).value)
        return list(listed) if listed else None
    if distinct_constants(iterable):
        elements = iterable.elements  # type: ignore[attr-defined]
        values = [literal_value(e.value) for e in elements]
        return [v for v in values if isinstance(v, (int, str)) and not isinstance(v, bool)]
    if (
        type(iterable) is cst.Call
        and type(iterable.func) is cst.Name
        and iterable.func.value == "range"
        and len(iterable.args) == 1
        and iterable.args[0].keyword is None
        and not iterable.args[0].star
    ):
        stop = const_int(iterable.args[0].value, an.ctx.constants)
        return list(range(stop)) if stop is not None and stop > 0 else None
    return None
