"""What a ``.then`` callback's launch borrows is borrowed from the chain's run, not from its
making (round 40R of issue 17).

``chain = k(y.partition(t), x).then(lambda *_: k2(z.partition(t), y))`` makes no op of the
callback: the runtime calls it when the chain runs (``sync()``, ``submit()``, a launch of a
graph it is recorded in). Until then ``z`` is free, and a host read of it is clean (the runtime
raises nothing); only the first op's own borrows (``y``'s partition) are held by the unrun
chain. So the callback's borrows (``tilecheck.host.then_borrows``, kept per chain by
``Closures``) join the chain's where it runs: at a ``submit()`` (its Pending holds them until
the wait); a chain recorded into a graph hands them to the graph, which takes them at each
``g.launch()`` (and holds them until ``close()``); a chain absorbed into another unrun op
(``chain.then(...)``, ``tr.zip(chain, ...)``) hands them on, still deferred, to that op."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.closures import Closures
from tilecheck.host.model import Kind, Oids


class ChainRuns(Closures):
    __slots__ = ()

    def _run_chains(self, holders: list[int]) -> None:
        """The chains (or graphs) of ``holders`` run here: their callbacks' borrows join theirs."""
        for holder in holders:
            deferred = self.then_deferred.get(holder)
            hold = self.holds.get(holder)
            if deferred is None or hold is None or not hold.live:
                continue
            borrows, names = deferred
            if borrows <= hold.borrows:
                continue
            cover = None if hold.cover is None else hold.cover | names
            grown = dataclasses.replace(hold, borrows=hold.borrows | borrows, cover=cover)
            self.set_hold(holder, grown)

    def _hand_deferred(self, ops: list[int], to: list[int]) -> None:
        """What the callbacks of the chains among ``ops`` borrow, deferred now on ``to``."""
        carried = [self.then_deferred[op] for op in ops if op in self.then_deferred]
        if not carried:
            return
        borrows = frozenset().union(*(b for b, _ in carried))
        names = frozenset().union(*(n for _, n in carried))
        for holder in to:
            old_borrows, old_names = self.then_deferred.get(holder, (frozenset(), frozenset()))
            self.then_deferred[holder] = (old_borrows | borrows, old_names | names)

    def submit(self, call: cst.Call, ops: list[int]) -> Oids:
        if self.then_deferred:
            self._run_chains(ops)
        return Closures.submit(self, call, ops)

    def record(self, graphs: list[int], ops: list[int]) -> None:
        if self.then_deferred:
            self._hand_deferred(ops, graphs)
        Closures.record(self, graphs, ops)

    def launch_in_capture(self, call: cst.Call, receiver: cst.BaseExpression, oids: Oids) -> None:
        Closures.launch_in_capture(self, call, receiver, oids)
        if self.then_deferred:
            self._run_chains([o for o in oids if self.infos[o].kind is Kind.GRAPH])

    def combine(self, call: cst.Call, ops: list[int], label: str) -> Oids:
        new = Closures.combine(self, call, ops, label)
        if self.then_deferred:
            self._hand_deferred(ops, list(new))
        return new
