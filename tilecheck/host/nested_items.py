"""Items of a row taken by a loop's step: ``for row in rows: [k(o.partition(s)).submit() for o
in row]`` (also ``for o in outs[key]`` of ``for key in keys``, ``rows[i]`` of ``for i in
range(n)``). The comprehension's target (a lane) and an inner loop's element are objects made
once per site, but the row they walk is the outer step's own element: what the previous step
left in flight borrowed an item of the previous row, apart from this row's items as the rows
are apart. So an object taken from a single selected element lies *within* it (a part of its
memory, as the flat model of a container of rows has it), and when that element moves on
(retired into the earlier steps' summary, or carried along by its counter) what was taken
from it moves with it, into an object within the element's new form; the selections of the two
rows then tell the items apart (``Aliasing.separate`` through ``_within``). A row that is the
same on every step (``rows[0]``) never moves, so its items stay one object."""

from __future__ import annotations

from tilecheck.host.first_turn import FirstTurns
from tilecheck.host.indices import Select
from tilecheck.host.model import Oids


class NestedItems(FirstTurns):
    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)
        # a selected element -> the objects taken from it as from a row (lanes, elements)
        self._taken_within: dict[int, set[int]] = {}

    def within_row(self, items: Oids) -> Select | None:
        """The selection "a part of the row ``items`` is", where ``items`` is one element
        selected from a container (an outer loop's step, an item by a key or a counter)."""
        if len(items) != 1:
            return None
        (row,) = items
        selects = self.infos[row].selects
        if not selects or selects[0].memory:
            return None
        return Select(items, "", None, memory=True)

    def note_within(self, taken: int, items: Oids) -> None:
        """``taken`` was taken from the row ``items`` (``within_row`` said so)."""
        (row,) = items
        self._taken_within.setdefault(row, set()).add(taken)

    def move(self, oid: int, target: int) -> None:
        """What was taken from a row moves with it, within its new form."""
        inner = self._taken_within.get(oid)
        super().move(oid, target)
        if not inner or oid == target:
            return
        within = (Select(frozenset({target}), "", None, memory=True),)
        for taken in sorted(inner):
            moved = self.selection(
                ("taken within", taken, target),
                self.infos[taken].label,
                frozenset({target}),
                within,
            )
            self._taken_within.setdefault(target, set()).add(moved)
            for old in (taken, self._summary.get(taken)):
                if old is not None and old != moved:
                    self.move(old, moved)
