"""TC105 for ops made once per known key that some key never runs
(``tilecheck.host.keyed_items``): read from the scope's syntax once the body's analysis
knows which calls made ops, and only where some op was made inside a loop or a container.

Whether one was is known without walking the scope: the analysis notes the loops, the
comprehensions and the dict displays it evaluates (``iterate``, ``_comprehension``,
``dict_display``), and an op this body made was made by evaluating its call, so a call that
is one of their items was met through them. Only ops a called function's summary made
(``made_elsewhere``: their site is in that function) are looked for in the syntax, as
before."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping

import libcst as cst

from tilecheck.codes import OP_NEVER_RUN, PENDING_NEVER_WAITED
from tilecheck.host.context import Context
from tilecheck.host.filled_returns import filled_items
from tilecheck.host.findings import Finding
from tilecheck.host.hashed_sites import key_hashed
from tilecheck.host.keyed_items import candidates, held_items, unrun_keyed, unwaited_keyed
from tilecheck.host.model import Value
from tilecheck.host.returned_rows import returned_items
from tilecheck.host.skipped_runs import SkippedRuns


class KeyedRuns(SkippedRuns):
    __slots__ = ("_evaluated_holders",)

    def __init__(self, ctx: Context) -> None:
        SkippedRuns.__init__(self, ctx)
        # id -> the loops, list/dict comprehensions and dict displays this body evaluated
        self._evaluated_holders: dict[int, cst.CSTNode] = {}

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        self._evaluated_holders[id(loop)] = loop
        SkippedRuns.iterate(self, loop, fallback)

    def _comprehension(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> Value:
        if type(expr) is cst.ListComp or type(expr) is cst.DictComp:
            self._evaluated_holders[id(expr)] = expr
        return SkippedRuns._comprehension(self, expr)

    def dict_display(self, expr: cst.Dict) -> Value:
        self._evaluated_holders[id(expr)] = expr
        value = SkippedRuns.dict_display(self, expr)
        if "__hash__" in self.ctx.dunders:  # each key's ``__hash__`` (``hashed_sites``)
            for element in expr.elements:
                if type(element) is cst.DictElement:
                    key_hashed(self, element.key)
        return value

    def _sequence(self, expr: cst.Tuple | cst.List) -> Value:
        if any(type(e.value) is cst.Call for e in expr.elements):  # (round 31E: ops by position)
            self._evaluated_holders[id(expr)] = expr
        return SkippedRuns._sequence(self, expr)

    def findings(self) -> list[Finding]:
        scope = self.scope_node or self.module_node
        sites: dict[cst.CSTNode, tuple[int, int]] = {}
        for op, (site, top) in self.created_ops.items():
            # also an op some conflict was reported with (``conflicted``): the key that
            # drops it is a cause of its own
            sites.setdefault(site, (op, top))
        if scope is not None and sites and self._held(scope, sites):
            # a function's names it never binds are the module's
            outer = self.ctx.known_names if self.module_node is None else None
            for finding in unrun_keyed(scope, frozenset(sites), outer, self.ctx.constants):
                op, top = sites[finding.node]
                statement = self.made_elsewhere.get(op)
                found = dataclasses.replace(finding, top=top, statement=statement)
                self.sink.add((OP_NEVER_RUN, op), (-1, op), found)
        holders = self._evaluated_holders or self.made_elsewhere  # (round 41N: a builder's)
        if scope is not None and holders and self.created_pendings:
            self._unwaited_items(scope)
        return SkippedRuns.findings(self)

    def _unwaited_items(self, scope: cst.CSTNode) -> None:
        """TC108 for the Pendings a container's items are that no use takes (round 29C)."""
        pending_sites: dict[cst.CSTNode, tuple[int, int]] = {}
        for pending, (site, top) in self.created_pendings.items():
            if pending not in self.conflicted:
                pending_sites.setdefault(site, (pending, top))
        held = held_items(self._evaluated_holders.values(), members=True)
        if pending_sites.keys().isdisjoint(held) and not self._filled_dicts():
            if not self._returned(pending_sites):
                return
        outer = self.ctx.known_names if self.module_node is None else None
        records = self.ctx.records()
        for finding in unwaited_keyed(
            scope, frozenset(pending_sites), outer, records, self.ctx.constants
        ):
            pending, top = pending_sites[finding.node]
            found = dataclasses.replace(finding, top=top)
            self.sink.add((PENDING_NEVER_WAITED, pending), (-1, pending), found)

    def _filled_dicts(self) -> bool:
        """An empty dict display evaluated here: stores under constant keys may fill it
        (``pend = {}``, ``pend["a"] = k(...).submit()``; ``store_rows``, round 39C)."""
        return any(
            type(node) is cst.Dict and not node.elements
            for node in self._evaluated_holders.values()
        )

    def _returned(self, sites: Mapping[cst.CSTNode, object]) -> bool:
        """Some site is an item of a display a function of the module returns (``ops =
        build()``: ``tilecheck.host.returned_rows``, round 40N)."""
        module = self.ctx.module
        if module is None or not self.made_elsewhere:
            return False
        if not sites.keys().isdisjoint(self.ctx.index.fact(module, returned_items)):
            return True
        return not sites.keys().isdisjoint(self.ctx.index.fact(module, filled_items))

    def _held(self, scope: cst.CSTNode, sites: dict[cst.CSTNode, tuple[int, int]]) -> bool:
        """Some site may be an item either form concerns: one made here, among the items of
        the holders evaluated; else, where a summary made some op, one in the syntax."""
        holders = self._evaluated_holders
        if holders and not sites.keys().isdisjoint(held_items(holders.values())):
            return True
        if not any(op in self.made_elsewhere for op, _ in sites.values()):
            return False
        if self._returned(sites):
            return True
        return any(
            not sites.keys().isdisjoint(self.ctx.index.fact(root, candidates))
            for root in self._roots(scope, sites.values())
        )

    def _roots(self, scope: cst.CSTNode, sites: Iterable[tuple[int, int]]) -> Iterator[cst.CSTNode]:
        """Where to look for the sites' forms: the scope, or at module level only the
        top-level statements the sites are in (a script's body is the whole module)."""
        module = self.module_node
        if scope is not module or module is None:
            yield scope
            return
        body = module.body
        for top in sorted({top for _, top in sites}):
            if 0 <= top < len(body):
                yield body[top]
