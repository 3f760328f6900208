"""Items taken out of a local container and dropped there. ``running.pop("b", None)`` as a
statement, of a dict whose items are all kept by constant key (``Containers.popped_at``): the
Pending under ``"b"``, live on every path into it and held by nothing else once popped, is
collected unwaited right there (tilert warns: TC108 at its submit). Storing it in the dict
counted it as waited on (someone may take it from there); this is the place that takes it and
does not. A pop whose item is not known by its key (a computed key, ``popitem()``), or whose
result is used, says nothing. ``pends.clear()`` of a local container (round 21J) drops every
item: each Pending it holds that is live on every path into it (never waited on any) and that
no other name or container holds once it is emptied is collected unwaited there, TC108 at its
submit (a log of submits cleared at an epoch's end)."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.cells import keyed_get
from tilecheck.host.keyed_runs import KeyedRuns
from tilecheck.host.model import LIVE, Kind, Value
from tilecheck.syntax.nodes import path_of


class PoppedItems(KeyedRuns):
    __slots__ = ()

    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        if func.attr.value in ("get", "pop") and len(call.args) == 2:
            got = keyed_get(self, call, func)  # a default beside the key (round 29C)
            if got is not None:
                return got
        path = path_of(func.value) if func.attr.value == "clear" and not call.args else None
        held = self.env.get(path + "[*]") if path is not None else None
        if path is None or not held or not self.local_container(path + "[*]"):
            return KeyedRuns.container_method(self, call, func)
        live = [
            oid
            for oid in held
            if self.infos[oid].kind is Kind.PENDING
            and self.site_of(oid) in self.created_pendings
            and (hold := self.holds.get(oid)) is not None
            and hold.status == LIVE
        ]
        result = KeyedRuns.container_method(self, call, func)
        for key in [k for k in self.dropped if k[1] is call]:
            self.dropped[key] = False  # each visit's verdict overwrites the last: the fixed point's
        if live:
            referenced: set[int] = set().union(*self.env.values())  # the items are gone
            for oid in live:
                self.dropped[(self.site_of(oid), call)] = oid not in referenced
        return result

    def dropped_item(self, expr: cst.BaseExpression, value: Value) -> None:
        """``expr`` was evaluated as a statement to ``value`` (its result is discarded)."""
        if type(expr) is not cst.Call or not isinstance(value, frozenset) or not value:
            return
        func = expr.func
        if type(func) is not cst.Attribute or func.attr.value != "pop":
            return
        if not 1 <= len(expr.args) <= 2 or any(a.star or a.keyword for a in expr.args):
            return
        path = path_of(func.value)
        if path is None or not self.local_container(path + "[*]"):
            return
        referenced: set[int] = set().union(*self.env.values())
        for oid in value:
            hold = self.holds.get(oid)
            site = self.site_of(oid)
            if (
                self.infos[oid].kind is Kind.PENDING
                and site in self.created_pendings
                and hold is not None
                and hold.status == LIVE
            ):
                self.dropped[(site, expr)] = oid not in referenced
