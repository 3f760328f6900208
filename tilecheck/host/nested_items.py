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

import dataclasses

from tilecheck.host.first_turn import FirstTurns
from tilecheck.host.indices import Affine, At, Axis, Select, Span
from tilecheck.host.model import Oids


class NestedItems(FirstTurns):
    __slots__ = ("_row_of", "_taken_within")

    def __init__(self, ctx: object) -> None:
        FirstTurns.__init__(self, ctx)
        # a selected element -> the objects taken from it as from a row (lanes, elements)
        self._taken_within: dict[int, set[int]] = {}
        self._row_of: dict[int, int] = {}  # the other way

    def dict_named(self, path: str) -> bool:
        """``path`` is a name its scope binds to dicts only (``tilecheck.host.flag_gates``)."""
        return False

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
        self._row_of[taken] = row

    def moves_with(self, item: int, base: int) -> bool:
        return self._row_of.get(item) == base

    def keep_within(self, item: int, base: int) -> None:
        self.note_within(item, frozenset({base}))

    def move(self, oid: int, target: int) -> None:
        """What was taken from a row moves with it, within its new form."""
        inner = self._taken_within.get(oid)
        FirstTurns.move(self, oid, target)
        if not inner or oid == target:
            return
        for taken in sorted(inner):
            moved = self._moved_within(taken, oid, target)
            summary = self._summary.get(taken)
            if summary is not None and _part(self.infos[summary].selects, oid) != _part(
                self.infos[taken].selects, oid
            ):  # earlier ones, of other parts perhaps
                self.move(summary, self._moved_within(summary, oid, target))
                summary = None
            for old in (taken, summary):
                if old is not None and old != moved:
                    self.move(old, moved)

    def _moved_within(self, taken: int, row: int, target: int) -> int:
        """The object ``taken`` (from ``row``) becomes as ``row`` moves into ``target``."""
        info = self.infos[taken]
        axes, names = _part(info.selects, row)
        moved = self.selection(
            ("taken within", taken, target),
            info.label,
            frozenset({target}),
            (Select(frozenset({target}), "", axes, memory=True),),
            names,
        )
        if info.viewed:  # a view's tilert checks by region, as before it moved
            self.infos[moved] = dataclasses.replace(self.infos[moved], viewed=True)
        self.note_within(moved, frozenset({target}))
        return moved

    def _derived(self, item: int, how: tuple[int, int], name: str, step: int, gather: int) -> int:
        """A view of a row indexed by a counter (``cache[layer]``), as the counter advances:
        the earlier one lies within the row too, and moves with it."""
        oid = FirstTurns._derived(self, item, how, name, step, gather)
        row = self._row_of.get(item)
        if row is not None and _part(self.infos[oid].selects, row)[0] is not None:
            self.note_within(oid, frozenset({row}))
        return oid


def _part(
    selects: tuple[Select, ...], base: int
) -> tuple[tuple[Axis | None, ...] | None, frozenset[str]]:
    """The part of ``base`` a view taken from it selects (``t[0]``, ``kv[layer]``, ``x[:,
    64:]``), and the counters its index names: the view keeps that part as ``base`` moves on,
    indexed by the same names (their advances move it as they move ``kv[layer]``); a part
    known otherwise only (a lane's, a step's), or no view: any part."""
    if len(selects) != 1 or selects[0].of != {base} or not selects[0].memory:
        return None, frozenset()
    if selects[0].space:
        return None, frozenset()
    axes = selects[0].axes
    if axes is None:
        return None, frozenset()
    names: set[str] = set()
    for axis in axes:
        if isinstance(axis, Affine) and axis.beside is None:
            names.add(axis.name)
        elif not (axis is None or isinstance(axis, (At, Span))):
            return None, frozenset()
    return axes, frozenset(names)
