"""A comprehension that indexes a container by its counter lines up with it too: ``pends =
[k(bufs[i].partition(s)).submit() for i in range(len(bufs))]`` (any ``range`` from 0 by 1)
holds at position ``i`` the Pending that writes ``bufs[i]``, as ``for b in bufs`` would; so
does ``{name: k(outs[name]...) for name in outs}`` at key ``name``. Inside it, ``bufs[i]`` is
a lane (``tilecheck.host.lanes``) of ``bufs``'s items, the same object each time it is named.

Only a plain counter indexes this way (a name, not ``bufs[i + 1]``), and only over a container
of different tensors; its result lines up by position (a list, counter from 0 by 1) or by key
(a dict keyed by the counter); anything else keeps the items as any of them."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tilecheck.host.containers import ELEMENTS, distinct_items
from tilecheck.host.indices import Axis
from tilecheck.host.lanes import Lanes
from tilecheck.host.loop_columns import Counting, target_parts
from tilecheck.host.model import Many, Oids, Value
from tilecheck.syntax.nodes import target_names


@dataclass
class _Index:
    """A comprehension's counter: whether it counts positions from 0 by 1, and the lanes
    made of the containers it indexes."""

    where: int
    positional: bool
    lanes: list[int] = field(default_factory=list)
    size: int | None = None  # how many positions, where the ``range`` shows it


class Indexed(Lanes):
    __slots__ = ("_indexes", "_saved")

    def __init__(self, ctx: object) -> None:
        Lanes.__init__(self, ctx)
        self._indexes: dict[str, _Index] = {}
        self._saved: list[dict[str, _Index | None]] = []

    def taken_by(
        self, target: cst.BaseExpression, iterable: cst.BaseExpression, value: Value
    ) -> tuple[dict[str, tuple[Oids, bool]], frozenset[str]]:
        out, counters = Lanes.taken_by(self, target, iterable, value)
        saved: dict[str, _Index | None] = {}
        parts = target_parts(target, iterable, self.columns(iterable, value)) or ()
        for name in target_names(target):  # shadowed here
            saved[name] = self._indexes.pop(name, None)
        for part, column, _ in parts:
            if not isinstance(part, cst.Name) or not isinstance(column, Counting):
                continue
            positional = (
                column.arithmetic
                and column.step == 1
                and column.bounds is not None
                and column.bounds.least == 0
            )
            least = column.bounds.least if column.bounds is not None else None
            # a different key each step, never a negative index (``bufs[-1]`` is ``bufs[1]``)
            keyed = not column.arithmetic or (column.step > 0 and least is not None and least >= 0)
            if positional or keyed:
                size = column.bounds.below if positional and column.bounds is not None else None
                self._indexes[part.value] = _Index(id(iterable), positional, size=size)
        self._saved.append(saved)
        return out, counters

    def comprehension_done(self) -> None:
        for name, index in self._saved.pop().items():
            if index is None:
                self._indexes.pop(name, None)
            else:
                self._indexes[name] = index

    def element_of(self, base: Many, index: cst.BaseExpression, axis: Axis | None) -> Value:
        """``bufs[i]`` of the comprehension's counter ``i``: the lane of ``bufs``."""
        found = self._indexes.get(index.value) if isinstance(index, cst.Name) else None
        kinds = {self.infos[o].kind for o in base.contents}
        if (
            found is None
            or base.path is None
            or not base.distinct
            or not distinct_items(base)
            or len(kinds) != 1
            or not kinds <= set(ELEMENTS)
        ):
            return Lanes.element_of(self, base, index, axis)
        assert isinstance(index, cst.Name)
        kind = next(iter(kinds))
        items = base.contents
        lane = self.selection(
            ("index lane", found.where, index.value, base.path, kind),
            f"`{base.path}[{index.value}]`",
            items,
            (),
            kind=kind,
        )
        self.took_element(lane, items)
        self.note_lane(lane, base.path, items)
        found.lanes.append(lane)
        return frozenset({lane})

    def result_lane(
        self,
        expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp,
        taken: dict[str, tuple[Oids, bool]],
        counters: frozenset[str],
    ) -> int | None:
        """Also a lane its counter indexes: by position in a list, by key in a dict."""
        lane = Lanes.result_lane(self, expr, taken, counters)
        if lane is not None or expr.for_in.ifs or expr.for_in.inner_for_in is not None:
            return lane
        key = expr.key if isinstance(expr, cst.DictComp) else None
        for name in sorted(counters):
            index = self._indexes.get(name)
            if index is None or not index.lanes:
                continue
            if isinstance(key, cst.Name) and key.value == name:
                return index.lanes[0]
            if isinstance(expr, cst.ListComp) and index.positional:
                return index.lanes[0]
        return None
