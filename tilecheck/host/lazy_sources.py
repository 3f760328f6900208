"""A generator expression's first iterable is evaluated where the generator is made (round 34D
of issue 17).

``launches = (K.copy(plan, init) for plan in [tiles(t) for t in layers])``: Python evaluates
``[tiles(t) for t in layers]`` at once (only the rest of the generator runs lazily, when it is
drawn), and the generator keeps what it walks until it has walked it. The plain evaluation
(``tilecheck.host.expressions``) evaluates the first iterable at once but lets the partitions
it makes go with the statement, as a temporary list's, so ``t.to_numpy()`` on the next line
was silent while every partition of ``t`` is alive (TC104).

Here, where a generator expression that is not drawn at once (``tilecheck.syntax.drawn``) is
the whole value of ``name = ...``, the partitions its first iterable makes are held as a
closure holds what it names (``Frame.close_over``: borrows kept) until anything names
``name`` again or calls what may draw it (``Frame.call_closures``), as ``name = map(f, xs)``
is (``Immediate._keep_lazy``). Only partitions made by the first iterable itself are kept: a
name's objects are the name's, whatever the generator does with them."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.model import Hold, Kind, Oids, Value, flatten
from tilecheck.host.skipped_waits import SkippedWaits


class LazySources(SkippedWaits):
    """Keeps the partitions a lazy generator's first iterable makes alive with the
    generator."""

    __slots__ = ("_lazy_sources",)

    def __init__(self, ctx: Context) -> None:
        SkippedWaits.__init__(self, ctx)
        # the first iterable of a lazy generator being evaluated -> the partitions it made
        self._lazy_sources: dict[int, dict[int, Hold]] = {}

    def _comprehension(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> Value:
        name = self._kept_generator(expr)
        if name is None:
            return SkippedWaits._comprehension(self, expr)
        key = id(expr.for_in.iter)
        self._lazy_sources[key] = {}
        made = set(self.made_here)
        try:
            value = SkippedWaits._comprehension(self, expr)
        finally:
            walked = self._lazy_sources.pop(key, {})
        kept = frozenset(o for o in walked if o not in made)
        if kept:
            for oid in kept:  # the body runs later: as the first iterable left them
                self.set_hold(oid, walked[oid])
            self.close_over(kept)
            self.lazy_kept |= {name}
        return value

    def taken_by(
        self, target: cst.BaseExpression, iterable: cst.BaseExpression, value: Value
    ) -> tuple[dict[str, tuple[Oids, bool]], frozenset[str]]:
        key = id(iterable)
        if key in self._lazy_sources:  # (before the body: what it does, it does later)
            made = self.made_here
            for oid in flatten(value):
                hold = self.holds.get(oid)
                if oid in made and self.infos[oid].kind is Kind.PARTITION and hold and hold.live:
                    self._lazy_sources[key][oid] = hold
        return SkippedWaits.taken_by(self, target, iterable, value)

    def _kept_generator(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> str | None:
        """The name a lazy generator expression is the whole value of (``name = (...)``)."""
        if type(expr) is not cst.GeneratorExp or self.lazy or self.maybe:
            return None
        if id(expr) in self.ctx.drawn():
            return None
        element = self.element
        node = element.node if element is not None else None
        if type(node) is cst.Assign and len(node.targets) == 1:
            target: cst.BaseExpression = node.targets[0].target
        elif type(node) is cst.AnnAssign:
            target = node.target
        else:
            return None
        if node.value is not expr or type(target) is not cst.Name:
            return None
        return target.value
