"""TC105 for the op a list of ops holds as item 0 where no use of the list can reach it
(``tilecheck.host.skipped_items``: ``for i in range(1, len(ops)): ops[i].sync()``). Storing
the op in the list counted it as run (someone may take it out); here nothing can."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import OP_NEVER_RUN
from tilecheck.host import messages
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding
from tilecheck.host.item_runs import ItemRuns
from tilecheck.host.model import Value
from tilecheck.host.skipped_items import skipped_heads


class SkippedRuns(ItemRuns):
    __slots__ = ("_heads",)

    def __init__(self, ctx: Context) -> None:
        ItemRuns.__init__(self, ctx)
        self._heads: set[cst.CSTNode] = set()  # item 0 of each list display met

    def _sequence(self, expr: cst.Tuple | cst.List) -> Value:
        if type(expr) is cst.List and len(expr.elements) > 1:
            self._heads.add(expr.elements[0].value)
        return ItemRuns._sequence(self, expr)

    def findings(self) -> list[Finding]:
        scope = self.scope_node or self.module_node
        met = any(site in self._heads for site, _ in self.created_ops.values())
        heads = skipped_heads(scope, self._launch) if scope is not None and met else ()
        for op, (site, top) in self.created_ops.items():
            if site in heads and op not in self.conflicted:
                finding = messages.skipped_head(site, self.infos[op])
                statement = self.made_elsewhere.get(op)
                finding = dataclasses.replace(finding, top=top, statement=statement)
                self.sink.add((OP_NEVER_RUN, op), (-1, op), finding)
        return ItemRuns.findings(self)

    def _launch(self, call: cst.Call) -> bool:
        return self.ctx.callee(call.func).kernel is not None
