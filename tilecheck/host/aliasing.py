"""Which tracked tensors may be the same tensor, or share memory: an element taken from a
container may be any of its items, and a view any part of its base, unless their selections
show them apart (``tilecheck.host.indices``). A use of one tensor is checked against the
borrows of every tensor it may be. Elements indexed with names are one object while those
names keep their values (``tilecheck.host.counters``)."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.api import ALLOCATORS
from tilecheck.host.chain_runs import ChainRuns
from tilecheck.host.indices import Select, regions_apart
from tilecheck.host.messages import Use
from tilecheck.host.model import Kind, Oids
from tilecheck.syntax.nodes import dotted_name


class Aliasing(ChainRuns):
    __slots__ = (
        "_factory_made",
        "_index_deps",
        "_related",
        "_related_for",
        "turns_apart",
        "unplaced",
    )

    def __init__(self, ctx: object) -> None:
        ChainRuns.__init__(self, ctx)
        self._index_deps: dict[str, set[int]] = {}  # a name -> elements indexed with it
        self._related: dict[Oids, Oids] = {}
        self._related_for = -1  # the ``family_version`` the cache was made for
        self._factory_made: dict[int, bool] = {}
        # parts of a tensor no one can place (``tilecheck.host.unknown_parts``)
        self.unplaced: set[int] = set()
        # a walk's earlier turns' part, by the view each turn takes anew (``distinct_walks``)
        self.turns_apart: dict[int, tuple[int, frozenset[int | str]]] = {}

    # -- making elements ------------------------------------------------------------------------
    def adopt(self, m: int, parents: Oids, *selects: Select) -> None:
        """``m`` is one of ``parents`` (or a part of one), taken as ``selects`` say."""
        extended = set(parents)
        for p in parents:
            extended |= self.infos[p].parents
        self.infos[m] = dataclasses.replace(
            self.infos[m], parents=frozenset(extended), selects=selects
        )
        for p in extended:
            self.children.setdefault(p, set()).add(m)
        self.family_version += 1

    def selection(
        self,
        key: object,
        label: str,
        parents: Oids,
        selects: tuple[Select, ...],
        names: frozenset[str] = frozenset(),
        kind: Kind = Kind.TENSOR,
    ) -> int:
        """The object for one selection of ``parents`` (the same one each time it is made
        while ``names`` keep their values)."""
        known = (kind, key) in self._oid_of
        oid = self.obj(kind, key, None, label)
        if not known:
            self.adopt(oid, parents, *selects)
            for name in names:
                self._index_deps.setdefault(name, set()).add(oid)
        return oid

    # -- which tensors may be one ---------------------------------------------------------------
    def related(self, tensors: Oids) -> Oids:
        """``tensors`` and every tracked tensor each may be, or share memory with: what it was
        taken from, what was taken from it, and what was taken from the same objects unless
        the two selections are apart."""
        if not self.children:
            return tensors
        if self._related_for != self.family_version:
            self._related.clear()
            self._related_for = self.family_version
        found = self._related.get(tensors)
        if found is not None:
            return found
        out = set(tensors)
        for t in tensors:
            parents = self.infos[t].parents
            out |= parents
            out |= self.children.get(t, set())
            for p in parents:
                for s in self.children.get(p, ()):
                    if s not in out and not self.separate(t, s):
                        out.add(s)
        result = self._related[tensors] = frozenset(out)
        return result

    def separate(self, a: int, b: int) -> bool:
        """Two objects taken from the same ones are certainly different (or disjoint): their
        selections say so, or those of the parts of one tensor they lie within."""
        first, second = self.infos[a].selects, self.infos[b].selects
        if not first or not second:
            return False
        if any(x.beside(y) for x in first for y in second):
            return True
        outer, other = self._within(a), self._within(b)
        return any(x.beside(y) or self._parts_apart(x, y) for x in outer for y in other)

    def _parts_apart(self, x: Select, y: Select) -> bool:
        """Parts at apart indices (``k[layer]``, ``v[layer - 1]``) of two tensors each of
        which is some tensor a factory made (an element of a container of such, a loop's
        earlier one): two of those are one tensor or share no memory, so the parts are
        disjoint either way."""
        if not (x.memory and y.memory) or x.space != y.space or x.of == y.of:
            return False
        if x.axes is None or y.axes is None or len(x.of) != 1 or len(y.of) != 1:
            return False
        if not regions_apart(x.axes, y.axes):
            return False
        return all(self._allocated(next(iter(s.of))) for s in (x, y))

    def _allocated(self, oid: int) -> bool:
        """``oid`` is a whole tensor a factory allocated (not a view), or one of such."""
        info = self.infos[oid]
        if info.kind is not Kind.TENSOR or any(s.memory for s in info.selects):
            return False
        return all(self._made_by_factory(r) for r in info.parents or (oid,))

    def _made_by_factory(self, oid: int) -> bool:
        known = self._factory_made.get(oid)
        if known is None:
            info = self.infos[oid]
            site = info.site
            callee = dotted_name(site.func) if isinstance(site, cst.Call) else None
            canonical = self.ctx.resolver.resolve(callee) if callee is not None else None
            known = info.kind is Kind.TENSOR and not info.selects and canonical in ALLOCATORS
            self._factory_made[oid] = known
        return known

    def _within(self, oid: int) -> list[Select]:
        """The selections of the parts of a tensor a view lies within, innermost first; then
        the item of a container the outermost is, where the container's items are tensors of
        their own (no view among them): ``banks[0][j]`` lies within ``banks[0]``, apart from
        ``banks[1]``'s parts."""
        out: list[Select] = []
        selects = self.infos[oid].selects
        while selects and selects[0].memory:
            out.append(selects[0])
            if len(selects[0].of) != 1:
                return out
            selects = self.infos[next(iter(selects[0].of))].selects
        if out and len(selects) == 1 and not any(self._is_view(o) for o in selects[0].of):
            out.append(selects[0])
        return out

    def _is_view(self, oid: int) -> bool:
        return any(s.memory for s in self.infos[oid].selects) or bool(self.infos[oid].parents)

    def use(
        self,
        tensors: Oids,
        use: Use,
        node: cst.CSTNode,
        shown: str | None = None,
        *,
        covers: bool = True,
        top: int | None = None,
    ) -> None:
        related = self.related(tensors)
        claimed = self.claimable(tensors, related) if related != tensors else related
        ChainRuns.use(
            self, claimed, use, node, shown, covers=covers and related == tensors, top=top
        )

    def walked_unknown(self, name: str) -> bool:
        """``name`` is being bound to the next item of a walk of values no one knows
        (``tilecheck.host.unknown_parts``)."""
        return False

    def walked_apart(self, name: str) -> frozenset[int | str] | None:
        """``name`` is being bound to the next item of a walk of written-out items no earlier
        turn took (``tilecheck.host.distinct_walks``): all the items it takes."""
        return None

    def claimable(self, tensors: Oids, related: Oids) -> Oids:
        """Of ``related``, what a use of ``tensors`` is checked against (``tilecheck.host.
        unknown_parts``: less the parts of one tensor that only may be the used part)."""
        return related

    # -- names the elements depend on -----------------------------------------------------------
