"""The Pending of a graph launch kept in a name (round 28L of issue 17). ``g.launch()`` gives a
Pending whose wait releases nothing (``close`` releases the graph's borrows), so it was no
object at all: a launch as a statement is TC108 (``Calls.dropped_launch``), and ``done =
g.launch()`` in a loop, which drops each earlier turn's Pending unwaited as the name is rebound
(tilert warns as it is collected, with the graph still open), went unseen.

Now a launch of a graph a module name holds open on every path (never inside a capture, never
in a function body or a body run in place: there the graph may be a local one whose collection
closes it, and a returned Pending would become the caller's) makes a Pending holding nothing.
It is not one of ``created_pendings``: the rules that follow submitted Pendings (never waited
at all, left at a return, skipped by a test, kept in a window) do not apply, since ``close``
waits every launch of the graph silently and a graph left open at exit closes itself. Only the
drop by rebinding does: where a name (or a tracked attribute) is rebound over the launch's
Pending while it is live on every path and the graph still open (``held_before``), and nothing
else holds it, TC108 at the launch. ``g.close()`` releases the Pendings of ``g``'s launches."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import PENDING_NEVER_WAITED
from tilecheck.host import messages
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding
from tilecheck.host.inline import Inlined
from tilecheck.host.model import LIVE, NOTHING, Hold, Kind, Oids, Value, flatten
from tilecheck.host.unread_stores import OWED, unread_names


class GraphLaunches(Inlined):
    __slots__ = ("launched",)

    def __init__(self, ctx: Context) -> None:
        Inlined.__init__(self, ctx)
        # a launch's Pending (its site's object id) -> (the launch, its statement, the graph)
        self.launched: dict[int, tuple[cst.Call, int, int]] = {}

    def method(self, call: cst.Call, func: cst.Attribute, oids: Oids) -> Value:
        out = Inlined.method(self, call, func, oids)
        if func.attr.value == "launch" and self.scope_node is None and not self._running:
            graph = self.definite_kind(func.value, oids, Kind.GRAPH)
            hold = self.holds.get(graph) if graph is not None else None
            if graph is not None and hold is not None and hold.status == LIVE:
                if self.capturing_graph() is None:
                    pending = self.fresh(Kind.PENDING, call, "pending")
                    _, top = self.site(call)
                    self.launched[self.site_of(pending)] = (call, top, graph)
                    self.set_hold(pending, Hold(LIVE))
                    return frozenset({pending})
        return out

    def release(self, holders: list[int], where: cst.CSTNode, *, ran: bool = False) -> None:
        Inlined.release(self, holders, where, ran=ran)
        if self.launched and not ran:
            closed = {o for o in holders if self.infos[o].kind is Kind.GRAPH}
            if closed:  # ``g.close()`` waits for every launch of ``g``
                Inlined.release(self, self._pendings(closed), where)

    def _pendings(self, graphs: set[int]) -> list[int]:
        out: list[int] = []
        for site, (_, _, graph) in self.launched.items():
            if graph in graphs:
                out += [o for o in (site, self._summary.get(site)) if o is not None]
        return [o for o in out if o in self.holds]

    def held_before(self, names: list[str], ops: bool = False) -> dict[int, Oids]:
        out = Inlined.held_before(self, names, ops)
        if not self.launched:
            return out
        for name in names:
            for oid in self.env.get(name, NOTHING):
                site = self.site_of(oid)
                made = self.launched.get(site)
                if made is None or not (oid == site or self._summary.get(site) == oid):
                    continue
                graph = self.holds.get(made[2])
                if graph is not None and graph.status == LIVE:  # still open
                    out[site] = out.get(site, NOTHING) | {oid}
        return out

    def store(self, path: str, value: Value) -> None:
        """A container kept in a name no code reads (``unread_names``: only ever an
        assignment's target): what it holds is not taken as run or waited (round 28L)."""
        if "." in path or self._running:
            Inlined.store(self, path, value)
            return
        made = [o for o in flatten(value) if self.infos[o].kind in OWED]
        scope = self.scope_node or self.module_node
        root = path.partition("[")[0]
        if not made or scope is None or root in self.outer_names:
            Inlined.store(self, path, value)
            return
        if root not in self.ctx.index.fact(scope, unread_names):
            Inlined.store(self, path, value)
            return
        fresh = [s for s in map(self.site_of, made) if s not in self.ran and s not in self.waited]
        Inlined.store(self, path, value)
        self.ran.difference_update(fresh)
        self.waited.difference_update(fresh)

    def findings(self) -> list[Finding]:
        for site, (call, top, _) in self.launched.items():
            if any(hit for (p, _), hit in self.dropped.items() if p == site):
                finding = dataclasses.replace(messages.overwritten(call), top=top)
                self.sink.add((PENDING_NEVER_WAITED, site), (-1, site), finding)
        return Inlined.findings(self)
