"""Views: ``kv[0]``, ``x[:, 64:]``, ``y.reshape(...)``, ``y.T`` are tensors over part of their
base's memory (docs/decisions.md, "Views"). A view is taken from its base as an element is from
a container: a use of either is checked against the borrows of the other, and two views of one
base only against each other's where their parts may overlap (``kv[0]`` and ``kv[1]``,
``x[:, :64]`` and ``x[:, 64:]`` never do). Indexing shows the part; ``reshape``, ``T`` and the
like do not (any part). Both a view and its base are marked ``viewed``: no launch reads them
after an in-flight writer by stream order, as tilert checks their borrows by region."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.indices import Select, region_of
from tilecheck.host.model import NOTHING, Kind, Oids, Value
from tilecheck.host.windows import Windows
from tilecheck.syntax.nodes import path_of, source_of


class Views(Windows):
    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)
        self._whole: set[int] = set()  # views over all of their base's memory

    def part_of(self, expr: cst.Subscript, base: Oids) -> Value:
        tensors = frozenset(self.kinds(base, Kind.TENSOR))
        if not tensors:
            return NOTHING
        region = region_of(expr.slice, self.ctx.constants)
        through: list[str | None] = []
        if region is not None:
            resolved = [self.resolved(axis) for axis in region]
            region = tuple(axis for axis, _ in resolved)
            through = [name for _, name in resolved]
        text = source_of(expr)
        names = self.index_names(expr, region or (), through)
        view = self.selection(
            ("view", tensors, repr(region) if region is not None else text),
            f"`{path_of(expr) or text}`",
            tensors,
            (Select(tensors, "", region, memory=True),),
            names,
        )
        self.mark_viewed(tensors | {view})
        return frozenset({view})

    def view_of(self, node: cst.CSTNode, tensors: Oids) -> Oids:
        """``y.reshape(...)``, ``y.T``: a tensor over some part of ``y``, a new one each time."""
        view = self.fresh(Kind.TENSOR, node, "tensor", key=("view", node))
        self.adopt(view, tensors, Select(tensors, "", None, memory=True))
        self._whole.add(view)
        self.mark_viewed(tensors | {view})
        return frozenset({view})

    def certain_overlap(self, first: Oids, second: Oids) -> int | None:
        """One tensor each, one a view of the other (``x[:, :64]`` and ``x``), or both of
        one base that one of them spans whole (``h.reshape(-1)`` and ``h.reshape(256)``): the
        base they share."""
        if len(first) != 1 or len(second) != 1 or first == second:
            return None
        (a,), (b,) = first, second
        up_a, up_b = self._bases(a), self._bases(b)
        if b in up_a:
            return b
        if a in up_b:
            return a
        for base, whole in up_a.items():
            if base in up_b and (whole or up_b[base]):
                return base
        return None

    def _bases(self, oid: int) -> dict[int, bool]:
        """The tensors ``oid`` is a view of, innermost first, each with whether the view
        spans all of it (made by ``reshape``, ``T`` and the like only)."""
        out: dict[int, bool] = {}
        whole = True
        selects = self.infos[oid].selects
        while selects and selects[0].memory and len(selects[0].of) == 1:
            whole = whole and oid in self._whole
            (oid,) = selects[0].of
            if oid in out:
                break
            out[oid] = whole
            selects = self.infos[oid].selects
        return out

    def mark_viewed(self, oids: Oids) -> None:
        for oid in oids:
            for same in {oid, self.site_of(oid), self._summary.get(oid, oid)}:
                self.infos[same] = dataclasses.replace(self.infos[same], viewed=True)
