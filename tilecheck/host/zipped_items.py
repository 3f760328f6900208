"""Ops of a local container all run by one ``tr.zip`` of the whole of it: ``tr.zip(*ops)`` or
``tr.zip(*ops.values())`` runs (hands on) every item, so a later ``ops[k].sync()`` (or
``.submit()``, a record, another zip of it) runs an op a second time: TC110 at that use.

A marker ``ops[~]`` (holding nothing) says "may hold an op no such zip took": set wherever an
op goes into the container (a display, a comprehension, an append, a store by key), dropped by
the zip on the paths that certainly run it. A merge keeps a marker of either side, so its
absence is a must-fact. Only a container that this function's names hold, named nowhere but
where the analysis sees what happens to it (indexed, walked, zipped, its own item methods), and
whose ops are still tracked (nothing unknown took them) is concluded about.

A marker ``ops[?]`` (holding nothing) says "may hold an item the analysis does not follow": set
where an item that evaluates to nothing tracked goes in (``ItemRuns``: an item run by any
index, where every op the container may hold was run on every path, needs its absence)."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.host import api, messages
from tilecheck.host.library_runs import LibraryRuns
from tilecheck.host.model import NOTHING, Kind, Oids, Packed, Value, flatten
from tilecheck.syntax.nodes import path_of, source_of
from tilecheck.syntax.walk import children, with_parents

# Methods of a container that only add, take or read its items (what they add is seen).
_ITEM_METHODS = frozenset(
    {"append", "extend", "insert", "values", "items", "keys", "get", "pop", "clear", "copy"}
)
_READERS = frozenset({"len", "enumerate", "zip", "range", "sorted", "reversed", "list", "print"})


class ZippedItems(LibraryRuns):
    __slots__ = ("_seen_whole", "_zip_walks", "_zipped_at")

    def __init__(self, ctx: object) -> None:
        LibraryRuns.__init__(self, ctx)
        self._zipped_at: dict[str, dict[cst.Call, None]] = {}  # a container -> its zips
        self._seen_whole: dict[str, bool] = {}  # a name -> only named where it is followed
        self._zip_walks: dict[int, dict[int, str]] = {}  # a scope's id -> its ``loop_runs``

    def _unzipped(self, path: str, oids: Oids | None) -> None:
        infos = self.infos
        for o in oids or ():
            if infos[o].kind is Kind.OP:
                self.set_env(path + "[~]", NOTHING)
                return

    def store(self, path: str, value: Value) -> None:
        LibraryRuns.store(self, path, value)
        if type(value) is not frozenset:
            self._unzipped(path, self.env.get(path + "[*]"))
            if type(value) is Packed:
                if not all(flatten(item) for item in value.items):
                    self.set_env(path + "[?]", NOTHING)
            elif not flatten(value):
                self.set_env(path + "[?]", NOTHING)

    def add_to(self, path: str, added: Oids) -> None:
        LibraryRuns.add_to(self, path, added)
        self._unzipped(path, added)
        if not added:
            self.set_env(path + "[?]", NOTHING)

    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        LibraryRuns.bind(self, target, value)
        if type(target) is cst.Subscript:
            base = path_of(target.value)
            if base is not None and base + "[*]" in self.env:
                self._unzipped(base, flatten(value))
                if not flatten(value):
                    self.set_env(base + "[?]", NOTHING)

    def api_call(self, call: cst.Call, canonical: str) -> Value:
        result = LibraryRuns.api_call(self, call, canonical)
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
        op = LibraryRuns.check_rerun(self, expr, value, node, how)
        if type(expr) is cst.Name and self._zipped_at:
            self._walked_rerun(expr, value, node, how)
            return op
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

    def _walked_rerun(self, expr: cst.Name, value: Value, node: cst.CSTNode, how: str) -> None:
        """``for op in ops: op.sync()`` after ``tr.zip(*ops)``: the first step runs an item the
        zip ran (TC110 there), where every op the list may hold was zipped on every path and
        the loop's target is one of its items, never rebound in the body."""
        scope = self.scope_node or getattr(self, "module_node", None)
        walks = self._zip_walks.get(id(scope))
        if walks is None:
            walks = self._zip_walks[id(scope)] = loop_runs(scope) if scope is not None else {}
        base = walks.get(id(node))
        if base is None or base not in self._zipped_at or self.lazy:
            return
        contents = self.env.get(base + "[*]")
        held = flatten(value)
        if not contents or not held or base + "[~]" in self.env:
            return
        infos = self.infos
        items: set[int] = set()
        for o in held:  # an item, or the loop step's copy of one
            if infos[o].kind is not Kind.OP or o not in self.holds:
                return
            origins = {o} & contents or infos[o].parents & contents
            if not origins:
                return
            items |= origins
        if self.local_container(base + "[*]") and self._followed(base):
            runs = [(z, "zip") for z in self._zipped_at[base]]
            finding = messages.already_run(node, expr.value, infos[min(items)], runs, how)
            self.verdict(OP_ALREADY_RUN, node, finding)

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


# where a loop's target may stand for something else than its item, or be bound anew
_NESTED = (
    cst.FunctionDef,
    cst.ClassDef,
    cst.Lambda,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
)
_BINDS = (
    cst.AssignTarget,
    cst.AugAssign,
    cst.AnnAssign,
    cst.NamedExpr,
    cst.AsName,
    cst.Element,
    cst.StarredElement,
    cst.For,
    cst.Del,
    cst.CompFor,
    cst.NameItem,
    cst.ImportAlias,
    cst.Param,
    cst.FunctionDef,
    cst.ClassDef,
    cst.MatchAs,
    cst.MatchStar,
)


def loop_runs(scope: cst.CSTNode) -> dict[int, str]:
    """The calls ``op.sync()``/``op.submit()`` in the body of ``for op in ops:`` (of this
    scope, not of a nested function, lambda or comprehension, where ``op`` may be another
    variable or be read later), of a loop that never rebinds ``op``: each with ``ops``."""
    out: dict[int, str] = {}
    stack: list[cst.CSTNode] = [scope]
    while stack:
        node = stack.pop()
        if type(node) is cst.For:
            target, walked = node.target, node.iter
            if type(target) is cst.Name and type(walked) is cst.Name:
                out.update(_target_runs(node.body, target.value, walked.value))
        stack.extend(c for c in children(node) if not isinstance(c, _NESTED))
    return out


def _target_runs(body: cst.CSTNode, name: str, walked: str) -> dict[int, str]:
    runs: dict[int, str] = {}
    Item = tuple[cst.CSTNode, cst.CSTNode | None, cst.CSTNode | None, bool]
    stack: list[Item] = [(body, None, None, False)]
    while stack:
        node, parent, above, nested = stack.pop()
        if type(node) is cst.Name and cst.ensure_type(node, cst.Name).value == name:
            if isinstance(parent, _BINDS):
                return {}  # (a parameter of a nested function as well: not told apart)
            if (
                not nested
                and type(parent) is cst.Attribute
                and parent.attr.value in ("sync", "submit")
                and type(above) is cst.Call
                and cst.ensure_type(above, cst.Call).func is parent
            ):
                runs[id(above)] = walked
        inner = nested or isinstance(node, _NESTED)
        stack.extend((c, node, parent, inner) for c in children(node))
    return runs


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
