"""A container a function of the module fills and returns (round 41N of issue 17)::

    def build():
        ops = {}
        for name in ("q", "k", "v"):
            ops[f"attn.{name}"] = k(outs[name], x, w)
        return ops

    ops = build()
    ops["attn.q"].sync()

binds the caller's ``ops`` to a new dict on every call, holding the items the callee's stores
(``tilecheck.host.store_rows``) or appends (``tilecheck.host.appended_rows``) give it, each the
op its store made there (the ops' sites are the callee's calls: a summary made them). So
``tilecheck.host.keyed_items`` asks of the caller's ``ops`` what it asks of a container filled
in place: which keys the caller's uses take; an item none takes is never run (TC105) or never
waited on (TC108). Round 40N did this for a returned display only.

Only where every item is certain: the called name is a plain function of the module's top
level (``tilecheck.host.returned_rows.called_function``), not a coroutine, not decorated, no
``yield``; its last statement, its only ``return``, returns a local bound once to ``{}`` or
``[]`` (``list()``, ``dict()``) whose every other use in the callee is a store or append those
modules know (nothing there reads it, passes it on or takes an item out). Anything else gives
None, as before."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host.appended_rows import appended_rows
from tilecheck.host.known_keys import Key, ScopeNames
from tilecheck.host.param_keys import CalledNames
from tilecheck.host.returned_rows import called_function, only_return
from tilecheck.host.store_rows import stored_rows
from tilecheck.syntax.nodes import empty_dict, empty_list
from tilecheck.syntax.walk import own_nodes

MadeIn = Callable[[cst.BaseExpression], list[cst.CSTNode]]
Rows = tuple[list[tuple[cst.CSTNode, Key]], list[Key]]
# the callee's names, the local it returns, the empty container that local is bound to
Filled = tuple[ScopeNames, str, cst.BaseExpression]


def returned_filled(names: ScopeNames, value: cst.BaseExpression | None) -> Filled | None:
    """The callee's filled local that the call ``value`` returns, or None."""
    func = called_function(names, value)
    if func is None:  # (before the module's names: most values call no module function)
        return None
    module = names.module_names()
    if module is None:
        return None
    memo = module.memo
    mark = ("returned_filled", id(func))
    if mark not in memo:
        memo[mark] = _filled(module, func)
    return memo[mark]  # type: ignore[return-value]


def filled_rows(filled: Filled, made_in: MadeIn) -> Rows | None:
    """The launches the callee's stores or appends make, each with its key, and the keys;
    None where some use of the local in the callee is not such a store (or the return)."""
    inner, local, empty = filled
    uses = inner.uses.get(local, ())
    if not uses:
        return None
    if empty_dict(empty):
        rows = stored_rows(inner, uses, made_in)
    else:
        rows = appended_rows(inner, local, uses, made_in)
    if rows is None:
        return None
    made, keys, stores = rows
    if len(uses) - len(stores) != 1:
        return None  # read, passed on or changed in the callee besides its stores
    return made, keys


def _filled(module: ScopeNames, func: cst.FunctionDef) -> Filled | None:
    local = returned_name(func)
    if local is None:
        return None
    inner = CalledNames(func, lambda: module, module.numbers)
    empty = inner.bound_once(local)
    if not (empty_dict(empty) or empty_list(empty)) or empty is None:
        return None
    returned = [use for use, parent, _ in inner.uses.get(local, ()) if type(parent) is cst.Return]
    if len(returned) != 1:
        return None
    return inner, local, empty


def returned_name(func: cst.FunctionDef) -> str | None:
    """The local ``func`` returns on every call (``return name``: its one ``return``, its
    last statement)."""
    value = only_return(func)
    return value.value if type(value) is cst.Name else None


def filled_items(index: object, module: cst.CSTNode) -> frozenset[cst.CSTNode]:
    """What the module's functions that return a local may store or append into it (a cheap
    superset, to test whether an op a summary made may be an item: ``index`` unused, for
    ``SyntaxIndex.fact``)."""
    found: set[cst.CSTNode] = set()
    for stmt in module.body if type(module) is cst.Module else ():
        if type(stmt) is not cst.FunctionDef or returned_name(stmt) is None:
            continue
        for node in own_nodes(stmt.body):
            if type(node) is cst.Assign:
                found.add(node.value)
            elif type(node) is cst.Call and type(node.func) is cst.Attribute and node.args:
                if node.func.attr.value == "append":
                    found.add(node.args[0].value)
    return frozenset(found)
