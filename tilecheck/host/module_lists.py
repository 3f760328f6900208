"""A function's appends to a list of the module, carried to its callers (round 37E of issue 17).

A module name bound once, at its top level, to a new list (``pendings = []``, a list display,
``list()``, ``deque()``) and by nothing else is one list every function of the module shares,
as a field of the module's one instance. ``pendings.append(k(...).submit())`` inside a function
leaves the Pending in that list, for the caller, as the same statement at module level does:
it is no call of unknown code (it was TC901, "given up"). Where the function names the list
nowhere but in such appends (no walk, no ``pop``, no read that could wait its items), inside
the function the Pending stays in flight, held by the list (a later read of what it writes is
TC102 there), and the function's summary says so (``Summary.global_stores`` under
``pendings[+N]``, the N-th append) when the append is in a line every call runs and what it
appended is still live at the function's end on every path. A call by name at module level
appends the same holder to the caller's list, which then waits it as its own items
(``for p in pendings: p.wait()``); a function that makes such a call passes it on. A function
naming the list otherwise, a list declared ``global`` and rebound, a name bound twice, a list
given to unknown code: as before (what the list holds is given up where the analysis cannot
see its items)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.containers import root_of
from tilecheck.host.context import Context
from tilecheck.host.exit_stacks import bound_by
from tilecheck.host.model import (
    DONE,
    HANDED,
    LIVE,
    NOTHING,
    Hold,
    Kind,
    ObjInfo,
    Oids,
    Runs,
    Value,
    flatten,
)
from tilecheck.host.summary import Result, Summary, Target
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import path_of, single_assignment
from tilecheck.syntax.walk import children


class GlobalEffects(Protocol):
    """What is used of ``tilecheck.host.global_effects.GlobalEffects`` (imports go one way)."""

    module_appended: dict[str, Oids]
    module_appending: dict[tuple[int, str], bool]
    module_held: set[str]
    global_stored: dict[str, Result]
    _given: dict[int, Oids]
    instances: dict[str, str]
    infos: list[ObjInfo]
    scope_node: cst.FunctionDef | None
    parameters: frozenset[str]
    summarized: bool

    @property
    def ctx(self) -> Context: ...
    @property
    def env(self) -> Mapping[str, Oids]: ...
    @property
    def holds(self) -> Mapping[int, Hold]: ...
    @property
    def taken(self) -> Mapping[int, Runs]: ...
    def _rebound_in(self, scope: cst.FunctionDef) -> frozenset[str]: ...
    def ev(self, expr: cst.BaseExpression) -> Value: ...
    def keep(self, oids: Oids) -> None: ...
    def escape(self, value: Value) -> None: ...
    def set_env(self, name: str, oids: Oids | None) -> None: ...
    def add_to(self, path: str, added: Oids) -> None: ...
    def every_call(self) -> bool: ...
    def result(self, value: Value) -> Result: ...
    def realize(
        self,
        call: cst.Call,
        summary: Summary,
        result: Result,
        index: int | str,
        tensors_of: dict[int, Oids],
        receiver: str | None,
        made: dict[Target, Oids],
    ) -> Value: ...


APPENDS = frozenset({"append", "appendleft"})
# What makes a new list, called with nothing (by the callee's last name: checked cheaply).
_NEW = frozenset({"list", "deque"})
_PLUS = "[+"  # ``pendings[+0]``: a summary's N-th append to the module list ``pendings``
# The calls that run no code of the module (their callee's resolved name).
_LIBRARIES = (
    "tilert",
    "builtins.",
    "numpy",
    "math.",
    "collections.",
    "statistics.",
    "asyncio.",
    "time.",
    "itertools.",
    "functools.",
    "random.",
)
_HOLDERS = (Kind.PENDING, Kind.OP)  # what a function's append to a module list keeps there
# Methods of tilert's objects and of builtin containers, numbers and strings (``then`` runs
# a callable: not one of them); a receiver that is an instance of a module class may define
# any of them, so it never counts.
_METHODS = frozenset(
    """astype contiguous copy_from describe done partition permute reshape result submit sync
    sync_on to_numpy transpose view wait append appendleft extend pop popleft clear get items
    keys values copy sum mean max min tolist item format join split add remove update
    setdefault insert index count sort reverse discard""".split()
)


def module_lists(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    """The module's names bound once, at its top level, to a new list, by nothing else."""
    made: set[str] = set()
    for stmt in module.body if type(module) is cst.Module else ():
        assigned = single_assignment(stmt, annotated=True)
        if assigned is None:
            continue
        target, value = assigned
        if type(target) is cst.Name and _new_list(value):
            made.add(target.value)
    if not made:
        return frozenset()
    count: dict[str, int] = {}
    for node in index.nodes(module):
        for bound in bound_by(node):
            if bound in made:
                count[bound] = count.get(bound, 0) + 1
        if type(node) is cst.Global:
            for item in node.names:
                count[item.name.value] = 2  # (rebound elsewhere, or may be)
    return frozenset(name for name in made if count.get(name) == 1)


def _new_list(value: cst.BaseExpression | None) -> bool:
    if type(value) is cst.List:
        return True
    if type(value) is not cst.Call or value.args:
        return False
    func = value.func
    last = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
    return last in _NEW


def appends_only(fn: cst.FunctionDef, name: str) -> bool:
    """``fn`` (nested scopes included) names ``name`` only as ``name.append(x)``."""
    appended: set[int] = set()
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Call and _append_of(node) == name:
            func = node.func
            assert type(func) is cst.Attribute
            appended.add(id(func.value))
        elif type(node) is cst.Name and node.value == name and id(node) not in appended:
            return False
        stack.extend(children(node))
    return True


def _append_of(call: cst.Call) -> str | None:
    """``X`` of ``X.append(value)`` (one positional argument)."""
    func = call.func
    if (
        type(func) is not cst.Attribute
        or func.attr.value not in APPENDS
        or type(func.value) is not cst.Name
        or len(call.args) != 1
        or call.args[0].star
        or call.args[0].keyword is not None
    ):
        return None
    return func.value.value


def shared_list(an: GlobalEffects, name: str) -> bool:
    """``name``, in the current body, is the module's list (not a parameter, not rebound)."""
    module = an.ctx.module
    fn = an.scope_node
    if module is None or name in an.parameters:
        return False
    if type(fn) is cst.FunctionDef and name in an._rebound_in(fn):
        return False
    return name in an.ctx.index.fact(module, module_lists)


def appended(an: GlobalEffects, call: cst.Call) -> Value | None:
    """``pendings.append(x)`` in a function, of the module's list it names only so: ``x`` stays
    in flight in the list (kept for ``Summary.global_stores``). None for any other call."""
    name = _append_of(call)
    fn = an.scope_node
    if name is None or type(fn) is not cst.FunctionDef or not shared_list(an, name):
        return None
    memo = an.module_appending
    key = (id(fn), name)
    only = memo.get(key)
    if only is None:
        only = memo[key] = appends_only(fn, name)
    if not only:
        return None
    value = an.ev(call.args[0].value)
    oids = flatten(value)
    if not all(an.infos[o].kind in _HOLDERS for o in oids):
        an.escape(value)  # (a tensor, a partition: given up as before)
        return NOTHING
    path = name + "[*]"
    an.keep(oids)  # (the list's reader may wait them: no TC108 here)
    an.set_env(path, an.env.get(path, NOTHING) | oids)
    an.module_held.add(name)
    if an.summarized and an.every_call() and type(value) is frozenset and oids:
        count = sum(1 for p in an.module_appended if root_of(p) == name)
        an.module_appended.setdefault(f"{name}{_PLUS}{count}]", oids)
    return NOTHING


def reached(an: GlobalEffects, call: cst.Call) -> None:
    """A call that may run code of the module (a function, a method, a class, unknown code)
    while this body holds items of module lists it appended: that code may take them (a
    ``drain()`` walking the list), so they are given up there (a gap, never a finding). Kernel
    launches and calls of libraries' names, and methods of what the analysis follows (a
    tensor's, a Pending's), run none."""
    if not an.module_held or _library_call(an, call):
        return
    for name in sorted(an.module_held):
        path = name + "[*]"
        an.escape(an.env.get(path, NOTHING))
        an.set_env(path, None)
    an.module_held.clear()


def _library_call(an: GlobalEffects, call: cst.Call) -> bool:
    func = call.func
    callee = an.ctx.callee(func)
    if callee.kernel is not None:
        return True
    if callee.canonical is not None and callee.canonical.startswith(_LIBRARIES):
        return True
    if type(func) is not cst.Attribute or func.attr.value not in _METHODS:
        return False
    owner = path_of(func.value)  # (none: a call's result, whose call is checked itself)
    return owner is None or (owner != getattr(an, "me", None) and owner not in an.instances)


def summary_stores(an: GlobalEffects) -> None:
    """At the function's end: each append whose holders are still live on every path (a
    Pending never waited, an op never run) is a store for the caller."""
    for path, oids in an.module_appended.items():
        name = root_of(path)
        if not oids <= an.env.get(name + "[*]", NOTHING) or not all(_live(an, o) for o in oids):
            continue
        an.global_stored[path] = an.result(oids)


def _live(an: GlobalEffects, oid: int) -> bool:
    kind = an.infos[oid].kind
    if kind is Kind.OP:
        hold = an.holds.get(oid)
        return oid not in an.taken and (hold is None or not hold.status & (DONE | HANDED))
    if kind is not Kind.PENDING:
        return False
    hold = an.holds.get(oid)
    return hold is not None and hold.status == LIVE


def apply_stores(
    an: GlobalEffects, call: cst.Call, summary: Summary, made: dict[Target, Oids]
) -> None:
    """A call by name of a function whose summary appends to module lists: the same appends
    on the caller's list (a function summarized passes them on where it makes the call on
    every call)."""
    if type(call.func) is not cst.Name:
        return
    for path, result in summary.global_stores:
        name = root_of(path)
        if _PLUS not in path or not shared_list(an, name):
            continue
        held = an.realize(call, summary, result, path, an._given, None, made)
        oids = flatten(held)
        if not oids:
            continue
        where = name + "[*]"
        if type(an.scope_node) is not cst.FunctionDef:
            if where in an.env:
                an.add_to(name, oids)
            else:  # a list the analysis does not keep here
                an.escape(held)
            continue
        an.keep(oids)
        an.set_env(where, an.env.get(where, NOTHING) | oids)
        an.module_held.add(name)
        if an.summarized and an.every_call():
            count = sum(1 for p in an.module_appended if root_of(p) == name)
            an.module_appended.setdefault(f"{name}{_PLUS}{count}]", oids)
