"""Ops of a local container all run by one ``tr.zip`` of the whole of it: ``tr.zip(*ops)`` or
``tr.zip(*ops.values())`` runs (hands on) every item, so a later ``ops[k].sync()`` (or
``.submit()``, a record, another zip of it) runs an op a second time: TC110 at that use.

A marker ``ops[~]`` (holding nothing) says "may hold an op no such zip took": set wherever an
op goes into the container (a display, a comprehension, an append, a store by key), dropped by
the zip on the paths that certainly run it. A merge keeps a marker of either side, so its
absence is a must-fact. Only a container that this function's names hold, named nowhere but
where the analysis sees what happens to it (indexed, walked, zipped, its own item methods), and
whose ops are still tracked (nothing unknown took them) is concluded about."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.host import api, messages
from tilecheck.host.containers import Containers
from tilecheck.host.model import NOTHING, Kind, Oids, Value, flatten
from tilecheck.syntax.nodes import path_of, source_of
from tilecheck.syntax.walk import with_parents

# Methods of a container that only add, take or read its items (what they add is seen).
_ITEM_METHODS = frozenset(
    {"append", "extend", "insert", "values", "items", "keys", "get", "pop", "clear", "copy"}
)
_READERS = frozenset({"len", "enumerate", "zip", "range", "sorted", "reversed", "list", "print"})


class ZippedItems(Containers):
    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)
        self._zipped_at: dict[str, dict[cst.Call, None]] = {}  # a container -> its zips
        self._seen_whole: dict[str, bool] = {}  # a name -> only named where it is followed

    def _unzipped(self, path: str, oids: Oids | None) -> None:
        infos = self.infos
        for o in oids or ():
            if infos[o].kind is Kind.OP:
                self.set_env(path + "[~]", NOTHING)
                return

    def store(self, path: str, value: Value) -> None:
        super().store(path, value)
        if type(value) is not frozenset:
            self._unzipped(path, self.env.get(path + "[*]"))

    def add_to(self, path: str, added: Oids) -> None:
        super().add_to(path, added)
        self._unzipped(path, added)

    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        super().bind(target, value)
        if type(target) is cst.Subscript:
            base = path_of(target.value)
            if base is not None and base + "[*]" in self.env:
                self._unzipped(base, flatten(value))

    def api_call(self, call: cst.Call, canonical: str) -> Value:
        result = super().api_call(call, canonical)
        if canonical == api.ZIP and not self.maybe and not self.lazy:
            for arg in call.args:
                path = _whole(arg) if arg.star == "*" else None
                if path is not None and path + "[*]" in self.env:
                    self.set_env(path + "[~]", None)
                    self._zipped_at.setdefault(path, {})[call] = None
        return result

    def check_rerun(
        self, expr: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str
    ) -> int | None:
        op = super().check_rerun(expr, value, node, how)
        if type(expr) is not cst.Subscript:
            return op
        base = path_of(expr.value)
        contents = self.env.get(base + "[*]") if base is not None else None
        if base is None or contents is None or base not in self._zipped_at:
            return op
        ops = [o for o in contents if self.infos[o].kind is Kind.OP]
        finding = None
        if (
            ops
            and base + "[~]" not in self.env
            and not self.lazy
            and all(o in self.holds for o in ops)
            and self.local_container(base + "[*]")
            and self._followed(base)
        ):
            runs = [(z, "zip") for z in self._zipped_at[base]]
            shown = source_of(expr)
            finding = messages.already_run(node, shown, self.infos[min(ops)], runs, how)
        self.verdict(OP_ALREADY_RUN, node, finding)
        return op

    def _followed(self, name: str) -> bool:
        """``name`` is named only where the analysis sees what happens to its items."""
        known = self._seen_whole.get(name)
        if known is None:
            scope = self.scope_node or getattr(self, "module_node", None)
            known = scope is not None and _only_followed(scope, name)
            self._seen_whole[name] = known
        return known


def _whole(arg: cst.Arg) -> str | None:
    """The container a starred argument spreads whole: ``*ops`` or ``*ops.values()``."""
    value = arg.value
    if (
        type(value) is cst.Call
        and not value.args
        and type(value.func) is cst.Attribute
        and value.func.attr.value == "values"
    ):
        value = value.func.value
    return value.value if type(value) is cst.Name else None


def _only_followed(scope: cst.CSTNode, name: str) -> bool:
    for node, parent, above in with_parents(scope):
        if type(node) is cst.Name and node.value == name and not _followed_use(node, parent, above):
            return False
    return True


def _followed_use(node: cst.Name, parent: cst.CSTNode | None, above: cst.CSTNode | None) -> bool:
    if isinstance(parent, cst.Subscript):
        return parent.value is node
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is node
    if isinstance(parent, (cst.AssignTarget, cst.AnnAssign)):
        return True
    if isinstance(parent, cst.Attribute):
        return parent.value is node and parent.attr.value in _ITEM_METHODS
    if isinstance(parent, cst.Arg) and parent.value is node:
        if parent.star == "*":
            return True
        func = above.func if isinstance(above, cst.Call) else None
        return isinstance(func, cst.Name) and func.value in _READERS
    return False
