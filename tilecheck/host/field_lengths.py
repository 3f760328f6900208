"""The length of a list field no code can change (round 33H of issue 17).

``class Ring: def __init__(self, items): self.items = items`` built only as ``Ring([a, b])``,
and ``self.slots = [tr.zeros(n), tr.zeros(n)]`` in ``__init__``, hold a list of two items for
the instance's whole life when nothing else stores the field or changes the list: then
``len(self.items)`` is 2 in every method, and an item by ``i % len(self.items)`` is an item
modulo 2 (``tilecheck.host.accessors``). Kept only where

* the field is stored once in the module: a statement of ``__init__``'s own body (no branch
  or loop around it), ``self.field = [a, b]`` (a display, no ``*``), or ``self.field = p``,
  ``p`` a parameter every call of the class gives a display of the same length (by position
  or keyword, no ``*``/``**`` there), the class named nowhere but in such calls, in
  annotations and by its ``class`` statement;
* every other use of an attribute of that name anywhere in the module reads an item of it
  (``x.field[k]``, also as a store by a plain index), measures it (``len``) or walks it (a
  ``for``'s or a comprehension's iterable): nothing appends, removes, rebinds or hands it on.

Anything else gives no length (nothing guessed)."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.syntax.nodes import single_assignment
from tilecheck.syntax.walk import with_parents

Lengths = Mapping[tuple[str, str], int]  # (class, field) -> length
_USES = (cst.Subscript, cst.For, cst.CompFor)


def field_lengths(index: object, node: cst.CSTNode) -> Lengths:
    """The list fields of the module ``node``'s top-level classes of a fixed length."""
    if type(node) is not cst.Module:
        return {}
    classes = {s.name.value: s for s in node.body if type(s) is cst.ClassDef}
    if not classes:
        return {}
    stores: dict[str, list[tuple[cst.Attribute, cst.CSTNode | None]]] = {}
    uses_ok: dict[str, bool] = {}
    made: dict[str, list[cst.Call]] = {c: [] for c in classes}
    named_otherwise: set[str] = set()
    annotated: set[int] = set()
    for current, parent, above in with_parents(node):
        kind = type(current)
        if kind is cst.Annotation:
            annotated.update(id(n) for n, _, _ in with_parents(current))
        elif kind is cst.Attribute:
            attribute = cst.ensure_type(current, cst.Attribute)
            field = attribute.attr.value
            if type(parent) is cst.AssignTarget or (
                type(parent) is cst.AnnAssign
                and cst.ensure_type(parent, cst.AnnAssign).target is attribute
            ):
                stores.setdefault(field, []).append((attribute, above))
            elif not _reads(attribute, parent, above):
                uses_ok[field] = False
        elif kind is cst.Name and cst.ensure_type(current, cst.Name).value in classes:
            title = cst.ensure_type(current, cst.Name).value
            if type(parent) is cst.Call and cst.ensure_type(parent, cst.Call).func is current:
                made[title].append(cst.ensure_type(parent, cst.Call))
            elif not (type(parent) is cst.ClassDef or id(current) in annotated):
                named_otherwise.add(title)
    out: dict[tuple[str, str], int] = {}
    for title, cls in classes.items():
        init = _init(cls)
        if init is None:
            continue
        me = init.params.params[0].name.value if init.params.params else None
        for stmt in cst.ensure_type(init.body, cst.IndentedBlock).body:
            stored = _stored(stmt, me)
            if stored is None or uses_ok.get(stored[0], True) is False:
                continue
            field, value = stored
            if len(stores.get(field, ())) != 1:
                continue
            n = _display_length(value)
            if n is None and type(value) is cst.Name and title not in named_otherwise:
                n = _given_length(init, value.value, made[title])
            if n is not None:
                out[(title, field)] = n
    return out


def _reads(attribute: cst.Attribute, parent: cst.CSTNode | None, above: object) -> bool:
    """An item of ``attribute`` read or stored by a plain index, its length, a walk of it, or
    the attribute the value of another attribute (``self.items``'s ``self``)."""
    if type(parent) is cst.Attribute:  # ``x.items.append``: only if no method is called
        return (
            cst.ensure_type(parent, cst.Attribute).value is not attribute
            or type(above) is not cst.Call
        )
    if type(parent) is cst.Subscript:
        sub = cst.ensure_type(parent, cst.Subscript)
        return sub.value is not attribute or all(type(s.slice) is cst.Index for s in sub.slice)
    if type(parent) is cst.Arg and type(above) is cst.Call:
        func = cst.ensure_type(above, cst.Call).func
        return type(func) is cst.Name and func.value == "len"
    if type(parent) in (cst.For, cst.CompFor):
        return getattr(parent, "iter", None) is attribute
    return type(parent) in (cst.Expr, cst.Comparison, cst.ComparisonTarget)


def _init(cls: cst.ClassDef) -> cst.FunctionDef | None:
    body = cls.body
    if type(body) is not cst.IndentedBlock:
        return None
    found = [s for s in body.body if type(s) is cst.FunctionDef and s.name.value == "__init__"]
    if len(found) != 1 or found[0].decorators or type(found[0].body) is not cst.IndentedBlock:
        return None
    return found[0]


def _stored(stmt: cst.BaseStatement, me: str | None) -> tuple[str, cst.BaseExpression] | None:
    """``self.field = value`` (one target), as the field and the value."""
    assigned = single_assignment(stmt, annotated=True)
    if assigned is None:
        return None
    target, value = assigned
    if type(target) is not cst.Attribute or type(target.value) is not cst.Name:
        return None
    return (target.attr.value, value) if target.value.value == me else None


def _display_length(value: cst.BaseExpression) -> int | None:
    if type(value) is not cst.List and type(value) is not cst.Tuple:
        return None
    elements = tuple(getattr(value, "elements", ()))
    if any(type(e) is not cst.Element for e in elements):
        return None
    return len(elements)


def _given_length(init: cst.FunctionDef, param: str, calls: list[cst.Call]) -> int | None:
    """The one length of the displays every call gives ``param``."""
    params = init.params
    names = [p.name.value for p in params.params]
    if param not in names[1:] or isinstance(params.star_arg, cst.Param):
        return None
    if any(p.name.value == param for p in params.kwonly_params):
        return None
    position = names.index(param) - 1
    lengths: set[int | None] = set()
    for call in calls:
        if any(a.star for a in call.args):
            return None
        given = [a for a in call.args if a.keyword is not None and a.keyword.value == param]
        if not given:
            positional = [a for a in call.args if a.keyword is None]
            given = positional[position : position + 1]
        lengths.add(_display_length(given[0].value) if given else None)
    if len(lengths) != 1:
        return None
    return lengths.pop()
