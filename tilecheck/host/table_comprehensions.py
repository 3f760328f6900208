"""A comprehension over a table of callables, written as the display it makes (round 39C of
issue 17): ``[stage().submit() for stage in stages]`` of ``stages = [fwd, bwd]`` is
``[fwd().submit(), bwd().submit()]``, and ``{k: f().submit() for k, f in jobs.items()}`` of
``jobs = {"a": lambda: k(...), "b": ...}`` is ``{"a": <a's body>.submit(), "b": ...}``: the
element evaluated once per item, in order, with the item's call written as ``table_calls``
writes a call of it, and the key target as the item's literal key.

Exact where the comprehension has one ``for``, no ``if``, walks the table itself (a list or
tuple display; a dict's ``keys()``/``values()``/``items()``; a dict walked by its keys is
left alone), and its item variable is named only as the callee of calls (a lambda's, whose
body stands in for each call) or anywhere (a function's name, written in its place); the key
variable anywhere. The element's other names are read in the comprehension's own scope; they
are the enclosing scope's, but for the targets, which no longer exist (``reduced`` refuses a
lambda whose free names are among them)."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host.callable_items import FUNCTION, LAMBDA, Callables, Callee, reduced, substituted
from tilecheck.host.lazy_code import path_to, rebuilt_with
from tilecheck.host.module_names import ModuleNames
from tilecheck.syntax.walk import descendants

Key = int | str
Table = dict[Key, tuple[cst.BaseExpression | None, Callee]]
_MOST = 8  # items a comprehension is written out for


def comprehensions(
    name: str, names: ModuleNames, within: frozenset[int] | None
) -> list[cst.ListComp | cst.DictComp]:
    """The list and dict comprehensions whose first (only) ``for`` walks the table ``name``
    (itself or a view of it), among the nodes ``within`` (None: anywhere)."""
    out: list[cst.ListComp | cst.DictComp] = []
    for node, parent in names.uses.get(name, ()):
        if within is not None and id(node) not in within:
            continue
        walked: cst.CSTNode = node
        above: cst.CSTNode | None = parent
        if type(parent) is cst.Attribute:
            call = names.parent(parent)
            if type(call) is not cst.Call:
                continue
            walked, above = call, names.parent(call)
        if type(above) is not cst.CompFor or above.iter is not walked:
            continue
        comp = names.parent(above)
        if type(comp) in (cst.ListComp, cst.DictComp):
            out.append(cast(cst.ListComp | cst.DictComp, comp))
    return out


def written_out(
    comp: cst.ListComp | cst.DictComp,
    held: Table,
    callables: Callables,
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.BaseExpression | None:
    """The display ``comp`` makes from the table ``held`` (None where not exactly that)."""
    first = comp.for_in
    if first.ifs or first.inner_for_in is not None or first.asynchronous is not None:
        return None
    if not 0 < len(held) <= _MOST:
        return None
    walks, iterable = "", first.iter
    if type(iterable) is cst.Call and type(iterable.func) is cst.Attribute:
        if iterable.args:
            return None
        walks = iterable.func.attr.value
    keyed = all(type(k) is str for k in held)
    target: cst.BaseExpression = first.target
    key_name: str | None = None
    if walks == "items" and keyed and type(target) is cst.Tuple and len(target.elements) == 2:
        key_target, target = (e.value for e in target.elements)
        if type(key_target) is not cst.Name:
            return None
        key_name = key_target.value
    elif not ((walks == "values" and keyed) or (walks == "" and not keyed)):
        return None
    if type(target) is not cst.Name:
        return None
    variable = target.value
    parts = [comp.elt] if isinstance(comp, cst.ListComp) else [comp.key, comp.value]
    made: list[list[cst.BaseExpression]] = []
    for key in sorted(held, key=int) if not keyed else list(held):
        key_node, callee = held[key]
        values: dict[str, cst.BaseExpression] = {}
        if key_name is not None:
            if key_node is None:
                return None
            values[key_name] = key_node
        turn = [_turn(part, variable, callee, callables, dict(values), aliases) for part in parts]
        if any(t is None for t in turn):
            return None
        made.append(cast(list[cst.BaseExpression], turn))
    if type(comp) is cst.ListComp:
        display: cst.BaseExpression = cst.List(elements=[cst.Element(t[0]) for t in made])
    else:
        display = cst.Dict(elements=[cst.DictElement(t[0], t[1]) for t in made])
    aliases[display] = comp
    return display


def _turn(
    part: cst.BaseExpression,
    variable: str,
    callee: Callee,
    callables: Callables,
    values: dict[str, cst.BaseExpression],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.BaseExpression | None:
    """One item's ``part`` of the element: its calls of the variable written as the item's,
    then the key variable (and a function's variable) written as their values."""
    if callee.kind == FUNCTION:
        values[variable] = callee.node
        return cast(cst.BaseExpression, substituted(part, values, aliases))
    if callee.kind != LAMBDA:
        return None
    lam = cst.ensure_type(callee.node, cst.Lambda)
    calls: dict[cst.CSTNode, cst.CSTNode] = {}
    named = 0
    for node in descendants(part):
        if type(node) is cst.Name and cst.ensure_type(node, cst.Name).value == variable:
            named += 1
        if type(node) is not cst.Call:
            continue
        call = cst.ensure_type(node, cst.Call)
        if type(call.func) is cst.Name and call.func.value == variable:
            body = reduced(call, lam, callables.shadowed(call, lam) | {variable}, aliases)
            if body is None:
                return None
            calls[call] = body
    if named != len(calls):
        return None  # (the variable named otherwise: not exactly the body)
    on_path = {id(n) for node in calls for n in path_to(part, node) or []}
    rebuilt = cast(cst.BaseExpression, rebuilt_with(part, calls, on_path, aliases))
    return cast(cst.BaseExpression, substituted(rebuilt, values, aliases)) if values else rebuilt
