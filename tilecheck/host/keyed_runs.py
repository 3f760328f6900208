"""TC105 for ops made once per known key that some key never runs
(``tilecheck.host.keyed_items``): read from the scope's syntax once the body's analysis
knows which calls made ops, and only where some op was made inside a loop or a container."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

import libcst as cst

from tilecheck.codes import OP_NEVER_RUN
from tilecheck.host.findings import Finding
from tilecheck.host.keyed_items import candidates, unrun_keyed
from tilecheck.host.skipped_runs import SkippedRuns


class KeyedRuns(SkippedRuns):
    def findings(self) -> list[Finding]:
        scope = self.scope_node or self.module_node
        sites: dict[cst.CSTNode, tuple[int, int]] = {}
        for op, (site, top) in self.created_ops.items():
            # also an op some conflict was reported with (``conflicted``): the key that
            # drops it is a cause of its own
            sites.setdefault(site, (op, top))
        if (
            scope is not None
            and sites
            and any(
                not sites.keys().isdisjoint(self.ctx.index.fact(root, candidates))
                for root in self._roots(scope, sites.values())
            )
        ):
            for finding in unrun_keyed(scope, frozenset(sites)):
                op, top = sites[finding.node]
                statement = self.made_elsewhere.get(op)
                found = dataclasses.replace(finding, top=top, statement=statement)
                self.sink.add((OP_NEVER_RUN, op), (-1, op), found)
        return super().findings()

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
