"""What one step of a loop built slot by slot takes, and whether its target may bind it
(``tilecheck.host.positions``; kept apart, round 40W, to keep that module small): a value, a
counter's constant (``range``, ``enumerate``), a dict's key, or a row of those (``zip``)."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.model import NOTHING, Oids, Packed, Value, flatten
from tilecheck.host.position_uses import ROW
from tilecheck.syntax.nodes import path_of

# What one step takes: a value, a counter's constant (``range``, ``enumerate``), or a row of
# those (``enumerate``, ``zip``).
Item = Value | int | str | tuple["Item", ...]  # (a str: a dict's key, a view walks)
_KEYED = ("keys", "items")  # a dict's views that take its keys (with no object beside)
_ROWS = frozenset({"enumerate", "zip", "list", "tuple"})  # walks of rows of the items walked


def item_value(item: Item) -> Value:
    """A row of items as the display of them would be."""
    if isinstance(item, (int, str)):
        return NOTHING
    if isinstance(item, tuple):
        return Packed(tuple(item_value(i) for i in item))
    return item


def item_oids(item: Item) -> Oids:
    if isinstance(item, (int, str)):
        return NOTHING
    if isinstance(item, tuple):
        return frozenset().union(*(item_oids(i) for i in item)) if item else NOTHING
    return flatten(item)


def bind_item(target: cst.BaseExpression, item: Item) -> list[tuple[str, Item]] | None:
    """What each name of ``target`` takes from ``item`` (None: not known name by name)."""
    if type(target) is cst.Name:
        return [(target.value, item)]
    if type(target) in (cst.Tuple, cst.List):
        elements = target.elements  # type: ignore[attr-defined]
        if isinstance(item, Packed) and item.keys is None:
            row: tuple[Item, ...] = item.items
        elif isinstance(item, tuple):
            row = item
        else:
            return None
        if len(elements) != len(row) or any(type(e) is not cst.Element for e in elements):
            return None
        out: list[tuple[str, Item]] = []
        for element, value in zip(elements, row, strict=True):
            inner = bind_item(element.value, value)
            if inner is None:
                return None
            out += inner
        return out
    return None


def constants_walked(iterable: cst.BaseExpression, items: list[Item]) -> bool:
    """A name whose items are literal constants (``HEADS = ("q", "k", "v")``), as a display of
    them (36A); or the ``.keys()`` or ``.items()`` of a name of a dict of literals (37K)."""
    if type(iterable) is cst.Call and type(iterable.func) is cst.Attribute:
        view = iterable.func.attr.value
        if iterable.args or type(iterable.func.value) is not cst.Name or view not in _KEYED:
            return False
        items = [
            i[0] if type(i) is tuple and len(i) == 2 and not item_oids(i[1]) else i for i in items
        ]
    elif type(iterable) is cst.Call and path_of(iterable.func) in _ROWS:  # ``enumerate`` (38A)
        items = [part for i in items for part in (i if type(i) is tuple else (i,))]
    elif type(iterable) is not cst.Name and type(iterable) is not cst.Attribute:
        return False
    return all(isinstance(i, (int, str)) and not isinstance(i, bool) for i in items)


def slot_bindable(
    target: cst.BaseExpression, items: list[Item], indexing: frozenset[str], storing: frozenset[str]
) -> bool:
    """As ``_bindable``, where a name the body indexes nothing kept by may also take nothing;
    a name the body stores by (``inflight[rid] = ...``) keeps the loop, whose rules tell
    one turn's key from another's (``tilecheck.host.keyed_turns``), unless it holds objects,
    what is stored is a plain value (``sums[name] = float(...)``), or it takes a constant of
    its own on each turn (``_own_key``: then its reads go by that constant too)."""
    keys: dict[str, set[int | str]] = {}
    for item in items:
        bound = bind_item(target, item)
        if bound is None or any(
            (
                n in storing
                and not item_oids(v)
                and not _own_key(keys.setdefault(n, set()), v, n, storing)
            )
            or (not isinstance(v, int) and not item_oids(v) and n in indexing and n not in storing)
            for n, v in bound
        ):
            return False
    return True


def string_keys(target: cst.BaseExpression, items: list[Item], name: str) -> bool:
    """``name`` takes a different string constant in each slot (a walk of string keys)."""
    keys = [v for i in items for n, v in bind_item(target, i) or () if n == name]
    return (
        len(keys) == len(items)
        and all(isinstance(k, str) for k in keys)
        and len(set(keys)) == len(keys)
    )


def _own_key(seen: set[int | str], value: Item, name: str, storing: frozenset[str]) -> bool:
    """A name the body stores one object by takes a constant no earlier slot gave it: each
    slot stores under a key of its own (``inflight[rid] = k(...).submit()``), as the stores
    written out one by one. A row stored by key (``d[k] = (out, pending)``) keeps the loop,
    whose rules keep its columns together (``tilecheck.host.rows``)."""
    if not isinstance(value, (int, str)) or isinstance(value, bool) or value in seen:
        return False
    if ROW + name in storing:
        return False
    seen.add(value)
    return True
