"""A counter that stops short of a list's end (issue 17, round 36BF).

``for i in range(LAYERS - 1): pends[i].wait()`` over ``pends`` of fixed length ``LAYERS``
(``tilecheck.host.fixed_length``) waits every item but the last, as ``range(len(pends) - 1)``
does (``Loops.short_element``): the items it takes are copies, so waiting them leaves the last
one in flight. Known only where the range's stop is a constant (literals and the module's
constants), it starts at 0 and steps by 1, and the list's length is fixed and larger; the
list is a local one (``SlotFacts._slot_list``). Before the CFG knew that a constant ``range``
runs (``tilecheck.flow.trips.counted``), such a loop's zero-trip path showed the last item
unwaited by accident."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.indices import Axis
from tilecheck.host.loop_columns import Column, Counting
from tilecheck.host.loops import Loops
from tilecheck.host.model import Many, Value


class ShortCounts(Loops):
    """``take`` notes a counter's constant stop; ``element_of`` compares it with the length."""

    def __init__(self, ctx: object) -> None:
        Loops.__init__(self, ctx)
        self._stops: dict[str, tuple[int, cst.For]] = {}  # a counter -> its range's stop, loop
        self._stopped: set[str] = set()  # the counters ``element_of`` made short here

    def take(
        self,
        loop: cst.For,
        target: cst.BaseExpression,
        column: Column,
        walked: str | None = None,
    ) -> None:
        if type(target) is cst.Name and target.value in self._stopped:
            self._stopped.discard(target.value)  # (an earlier loop's: this one says anew)
            self._short.pop(target.value, None)
            self._short_loop.pop(target.value, None)
        Loops.take(self, loop, target, column, walked)
        if type(target) is not cst.Name:
            return
        bounds = column.bounds if isinstance(column, Counting) else None
        if (
            isinstance(column, Counting)
            and bounds is not None
            and column.short is None  # (``len(x) - 1``: ``Loops`` knows)
            and column.step == 1
            and bounds.least == 0
            and bounds.below is not None
            and target.value not in self.rebinds(loop)
        ):
            self._stops[target.value] = (bounds.below, loop)
        else:
            self._stops.pop(target.value, None)

    def bind_name(self, name: str, value: Value) -> None:
        if self._stops and name not in self._counting:
            self._stops.pop(name, None)
            self._stopped.discard(name)
        Loops.bind_name(self, name, value)

    def element_of(self, base: Many, index: cst.BaseExpression, axis: Axis | None) -> Value:
        if self._stops and type(index) is cst.Name and base.path is not None:
            found = self._stops.get(index.value)
            path = base.path
            if found is not None and path.isidentifier() and index.value not in self._short:
                listed = self._slot_list(cst.Name(path))
                if listed is not None and found[0] < listed[1]:
                    self._short[index.value] = path
                    self._stopped.add(index.value)
                    self._short_loop[index.value] = found[1]
        return Loops.element_of(self, base, index, axis)
