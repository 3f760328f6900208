"""A loop over a list that holds one object at every index (round 33D of issue 17).

``plans = [H.tiles(w)] * 3`` evaluates ``H.tiles(w)`` once: the list holds three references to
ONE partition (``Containers.repeated`` keeps it so, ``Packed.repeated``). A ``for plan in
plans`` therefore takes that same object each turn, not a new item per turn as a list of
distinct items gives (``Loops.materialize``): the second turn's launch is given the partition
the first turn's launch consumed (TC109). Short loops are built slot by slot
(``tilecheck.flow.unroll`` reads ``[x] * n``'s length); this covers the rest (a longer list, a
body the unroller keeps as a loop). Only where every item is known to be the one same object
(``[x] * n`` of a one-item display, or a display naming one object again and again);
anything else is taken as ever.
"""

from __future__ import annotations

import libcst as cst

from tilecheck.host.loop_columns import Column
from tilecheck.host.model import Packed
from tilecheck.host.short_counts import ShortCounts


class RepeatedItems(ShortCounts):
    """A loop's target bound to the one object a repeated list holds at every index."""

    def take(
        self,
        loop: cst.For,
        target: cst.BaseExpression,
        column: Column,
        walked: str | None = None,
    ) -> None:
        if type(target) is cst.Name and isinstance(column, Packed) and one_object(column):
            item = column.items[0]
            self.bind_name(target.value, item)
            return
        ShortCounts.take(self, loop, target, column, walked)


def one_object(value: Packed) -> bool:
    """``[t] * n``: every index holds the one object (a single object, known)."""
    if not value.repeated or value.keys is not None or not value.items:
        return False
    first = value.items[0]
    return isinstance(first, frozenset) and len(first) == 1 and all(i == first for i in value.items)
