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

import dataclasses
from typing import cast

import libcst as cst

from tilecheck.host import messages, popped_any
from tilecheck.host.cells import keyed_get
from tilecheck.host.context import Context
from tilecheck.host.deleted_items import plain_uses
from tilecheck.host.findings import Finding
from tilecheck.host.keyed_runs import KeyedRuns
from tilecheck.host.model import LIVE, NOTHING, Kind, Many, Oids, Packed, Value, flatten
from tilecheck.host.name_drops import layout
from tilecheck.host.summary import Summary
from tilecheck.syntax.nodes import path_of


class PoppedItems(KeyedRuns):
    __slots__ = ("_deleted", "_popped_cells")

    def __init__(self, ctx: Context) -> None:
        KeyedRuns.__init__(self, ctx)
        self._deleted: set[cst.CSTNode] = set()  # ``del ops`` that dropped some item (33C)
        # ``d.popitem()`` of a dict known by its keys -> the cell it took (round 38K)
        self._popped_cells: dict[cst.CSTNode, Oids] = {}

    def findings(self) -> list[Finding]:
        for (site, where), hit in self.dropped.items():
            made = self.created_ops.get(site) or self.created_pendings.get(site)
            if not hit or where not in self._deleted or made is None or site in self.conflicted:
                continue
            found = messages.deleted_item(made[0], self.infos[site], where)
            found = dataclasses.replace(found, top=made[1], statement=self.made_elsewhere.get(site))
            self.sink.add((found.code, site), (-2, site), found)
        return KeyedRuns.findings(self)

    def attribute_appends(
        self, call: cst.Call, summary: Summary, receiver: str, tensors_of: dict[int, Oids]
    ) -> None:
        """A method that trims the front of a list attribute it appends to, waiting what it
        takes (``Summary.trims``): the items the list held before the call may be waited by
        it (not followed past it); the one it appends stays in flight."""
        for attr in sorted(summary.trims):
            self.escape(self.env.get(f"{receiver}.{attr}[*]", NOTHING))
        KeyedRuns.attribute_appends(self, call, summary, receiver, tensors_of)

    def builtin_call(self, call: cst.Call, canonical: str) -> Value | None:
        """``OrderedDict()``: an empty dict, kept as ``{}`` is (round 38K)."""
        if canonical == _ORDERED and not call.args:
            return Packed((), ())
        return KeyedRuns.builtin_call(self, call, canonical)

    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        if func.attr.value == "popitem":
            cell = self._popped_cell(call, func)
            if cell is not None:
                return cell
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

    def delete(self, target: cst.BaseExpression) -> None:
        """``del ops`` of a local container (round 33C): each op or Pending among its items
        that is live on every path here (never run or waited on any) and that no other name,
        item or closure holds once the name is gone is dropped right there (tilert warns when
        it is collected): TC105 / TC108 at the line that made it, though a sibling ran. Only
        an item nothing was ever derived from (no loop's copy, summary or element of it: a
        copy's run is concluded on the item only where the loop's walk is known), of a name
        no nested function, lambda or class names (it may run them elsewhere)."""
        taken = popped_any.deleted_one(target)  # ``del d[k]`` (round 35K)
        if taken is not None:
            contents = self.env.get(taken + "[*]", NOTHING)
            cell = self._cell_taken(taken, cast("cst.Subscript", target), contents)  # (38K)
            KeyedRuns.delete(self, target)
            if cell is not None:
                self._deleted.add(target)
                self._taken(target, cell)
                return
            self._dropped_any(taken, target, contents)
            return
        name = target.value if type(target) is cst.Name else None
        held = self.env.get(name + "[*]") if name is not None else None
        scope = self.scope_node or self.module_node
        live: list[int] = []
        if name is not None and held and scope is not None and self.local_container(name + "[*]"):
            if name not in self.ctx.index.fact(scope, layout).nested and plain_uses(scope, name):
                derived = set(self.primary.values()) | set(self.children)
                live = [o for o in held if o not in derived and self._never_released(o)]
        KeyedRuns.delete(self, target)
        for key in [k for k in self.dropped if k[1] is target]:
            self.dropped[key] = False  # each visit's verdict overwrites the last: the fixed point's
        if live:
            referenced: set[int] = set().union(*self.env.values())
            for oid in live:
                self.dropped[(self.site_of(oid), target)] = oid not in referenced
            self._deleted.add(target)

    def _never_released(self, oid: int) -> bool:
        """An op never run or a Pending never waited, on every path here, made by this body."""
        kind = self.infos[oid].kind
        made = self.created_ops if kind is Kind.OP else self.created_pendings
        hold = self.holds.get(oid)
        return (
            kind in (Kind.OP, Kind.PENDING)
            and self.site_of(oid) in made
            and hold is not None
            and hold.status == LIVE
        )

    def dropped_item(self, expr: cst.BaseExpression, value: Value) -> None:
        """``expr`` was evaluated as a statement to ``value`` (its result is discarded)."""
        cell = self._popped_cells.get(expr)
        if cell is not None:  # ``d.popitem()`` of a dict known by its keys (round 38K)
            self._taken(expr, cell)
            return
        if isinstance(value, (Many, Packed)):  # (a row of a dict of tuples: its columns)
            popped = popped_any.pops_one(expr)
            if popped is not None:
                self._dropped_any(popped[0], popped[1], flatten(value))
            return
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
        self._taken(expr, value)

    def _cell_taken(self, name: str, target: cst.Subscript, contents: Oids) -> Oids | None:
        """``del d[k]`` under a constant key of a local dict kept by its keys: the cell under
        ``k`` leaves the dict, as ``d.pop(k)`` takes it (``dict_cells.taken_at``)."""
        if not contents or not self.local_container(name + "[*]"):
            return None
        index = target.slice[0].slice
        return self.popped_at(name, index.value, contents) if type(index) is cst.Index else None

    def _popped_cell(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        """``d.popitem()`` (``popitem(last=False)``: the first) of a local dict kept by its
        constant keys, in order: the last key's cell leaves it, as ``d.pop(key)`` takes it;
        the ``(key, item)`` pair (round 38K). None for anything else."""
        path = path_of(func.value)
        if path is None or not _popitem(call) or not self.local_container(path + "[*]"):
            return None
        kept = self.keyed(path)
        contents = self.env.get(path + "[*]", NOTHING)
        if kept is None or not kept.keys or not contents:
            return None
        last = True
        if call.args:
            given = call.args[0].value
            if type(given) is not cst.Name or given.value not in ("True", "False"):
                return None
            last = given.value == "True"
        key = kept.keys[-1] if last else kept.keys[0]
        cell = self.popped_at(path, cst.parse_expression(key), contents)
        if cell is None:
            return None
        self._popped_cells[call] = cell
        return Packed((NOTHING, cell))

    def _taken(self, where: cst.CSTNode, value: Oids) -> None:
        """The Pendings among ``value`` (an item taken out of a container and dropped at
        ``where``) live on every path here and held by nothing else are dropped unwaited."""
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
                self.dropped[(site, where)] = oid not in referenced

    def _dropped_any(self, name: str, where: cst.CSTNode, contents: Oids) -> None:
        """``d.pop(k)``, ``d.popitem()``, ``del d[k]`` under a computed key took one of
        ``contents`` out (``tilecheck.host.popped_any``): where all are Pendings of one submit
        of this body, never waited, held by nothing but the dict, that one is dropped."""
        scope = self.scope_node or self.module_node
        if not contents or scope is None or not self.local_container(name + "[*]"):
            return
        if not popped_any.submits_only(self.ctx.index, scope, name):
            return
        # a tuple item's other members (round 38K): tensors, dropped with it, run nothing
        pendings = frozenset(o for o in contents if self.infos[o].kind is not Kind.TENSOR)
        if not pendings or not all(self._never_released(o) for o in pendings):
            return
        sites = {self.site_of(o) for o in pendings}
        if len(sites) != 1 or self.infos[next(iter(sites))].kind is not Kind.PENDING:
            return
        own = (name + "[", name + ".")
        referenced: set[int] = set()
        for key, oids in self.env.items():
            if key != name and not key.startswith(own):
                referenced |= oids
        self.dropped[(next(iter(sites)), where)] = referenced.isdisjoint(pendings)


_ORDERED = "collections.OrderedDict"


def _popitem(expr: cst.BaseExpression) -> bool:
    """``d.popitem()`` or ``d.popitem(last=...)``."""
    if type(expr) is not cst.Call or type(expr.func) is not cst.Attribute:
        return False
    return expr.func.attr.value == "popitem" and popped_any.pops_one(expr) is not None
