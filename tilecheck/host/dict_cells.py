"""A dict's items as cells of their own, by constant key (round 33C of issue 17).

A dict the analysis keeps by its constant keys (a display, or a comprehension over items
known one by one, ``tilecheck.host.positions``) has one cell per key: ``plans.pop(Slot.Q)``,
``plans.pop(0)`` or ``pends.pop("a")`` takes the cell under that key out (the other cells
stay as they are: a partition popped under one key is not the one under another), the key
being a literal, a constant (``N``, an ``IntEnum`` member, ``tilecheck.host.enum_members``) or
a name an unrolled step binds to one. ``d[k] = new`` over a key the dict holds replaces that
cell: the old item leaves the dict (its fate is its own, not joined with the new one's), and
the dict stays known by its keys, in their order, so a later ``for k, v in d.items()`` pairs
each key with its own item. A key not known so, a new key, or a dict not known by its keys
keeps the joined cell (``[*]``) as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.indices import At, Axis, axis_of
from tilecheck.host.model import NOTHING, Many, Oids, Packed, Value, flatten
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import path_key, path_of


class Containers(Protocol):
    """What these rules read and write of ``tilecheck.host.containers.Containers``."""

    _key_order: dict[str, tuple[str, ...]]
    _under: dict[str, set[str]]

    @property
    def env(self) -> Mapping[str, Oids]: ...
    @property
    def ctx(self) -> Context: ...
    def resolved(self, axis: Axis | None) -> tuple[Axis | None, str | None]: ...
    def stored(self, path: str) -> Value | None: ...
    def keyed(self, path: str) -> Packed | None: ...
    def holders_at(self, base: Many, axis: Axis | None) -> Oids: ...
    def set_env(self, name: str, oids: Oids | None) -> None: ...


_QUOTES = ("'", '"')


def constant_key(an: Containers, key: cst.BaseExpression) -> str | None:
    """The key as a path writes it (``'a'``, ``0``) where it is one constant here: a
    literal, a constant (``N``, ``Slot.Q``), a name an unrolled step binds to one; None
    otherwise (or a negative index, which counts from the end)."""
    text = path_key(key)
    if text is not None:
        return text
    axis = an.resolved(axis_of(key, an.ctx.constants))[0]
    value = axis.key if isinstance(axis, At) else None
    if isinstance(value, str):
        return repr(value)
    return str(value) if isinstance(value, int) and value >= 0 else None


def constant_items(an: Containers, path: str, contents: Oids) -> dict[str, Oids] | None:
    """What a dict holds under each constant key (by its path), where every item it holds
    (``contents``) is kept by constant key; None otherwise."""
    prefix = path + "["
    numbers = path in an._key_order  # (a dict: its integer keys are keys too)
    items: dict[str, Oids] = {}
    for k in an._under.get(path.partition(".")[0].partition("[")[0], ()):
        rest = k[len(prefix) :]
        if not k.startswith(prefix) or not k.endswith("]") or "[" in rest or k not in an.env:
            continue
        if rest[:1] in _QUOTES or (numbers and rest[:-1].isdigit()):
            items[k] = an.env[k]
    if not items or frozenset().union(*items.values()) != contents:
        return None
    return items


def key_path(an: Containers, expr: cst.Subscript) -> str | None:
    """``plans[Slot.K]``, ``plans[N]``: the path of that key's cell, of a dict kept by its
    keys (None: not a dict's, or not a constant key)."""
    only = expr.slice[0].slice if len(expr.slice) == 1 else None
    base = path_of(expr.value) if type(only) is cst.Index else None
    if base is None or base not in an._key_order:
        return None
    assert type(only) is cst.Index
    text = constant_key(an, only.value)
    return None if text is None else f"{base}[{text}]"


def item_at(an: Containers, path: str, key: cst.BaseExpression, contents: Oids) -> Oids | None:
    """``d.get(key)`` of a dict whose items are all kept by constant key: the item under that
    key (or None, which holds nothing); None where not known so (any of the items)."""
    text = constant_key(an, key)
    if text is None or f"{path}[=]" in an.env or path not in an._key_order:
        return None
    items = constant_items(an, path, contents)
    return items.get(f"{path}[{text}]") if items is not None else None


def taken_at(an: Containers, path: str, key: cst.BaseExpression, contents: Oids) -> Oids | None:
    """``pends.pop(key)`` of a dict whose items are all kept by constant key (different
    objects, none stored by a computed key): the item under that key, which leaves the
    dict. None where the dict's items are not known so (any of them, as ``pop()``)."""
    text = constant_key(an, key)
    if text is None or f"{path}[=]" in an.env:
        return None
    if text[:1] not in _QUOTES and path not in an._key_order:
        return None  # (an index of a list: the positions after it shift)
    held = an.stored(path)
    if isinstance(held, Many) and held.lane is not None and isinstance(key, cst.SimpleString):
        # a comprehension's result: the holder at that key (``tilecheck.host.lanes``)
        value = string_value(key)
        own = an.holders_at(held, At(value if isinstance(value, str) else text))
        if not own or own & contents:
            return None  # not taken out at its own key: any of the items
        an.set_env(f"{path}[{text}]", None)
        an.set_env(path + "[*]", an.env.get(path + "[*]", NOTHING) - own)
        return own
    items = constant_items(an, path, contents)
    found = items.get(f"{path}[{text}]") if items is not None else None
    if found is None:
        return None
    an.set_env(f"{path}[{text}]", None)
    an.set_env(path + "[*]", contents - found)
    return found


def stored_over(an: Containers, base: str, path: str, value: Value) -> None:
    """``base[key] = value`` (``path``: ``base[key]``) of a container kept under ``base``:
    what it may hold now. Over a key the dict kept by its constant keys holds already, the
    old item leaves it (unless another key holds it too) and the keys stay known; else the
    new item joins the others and the keys are no longer known (the old item may live on)."""
    keys = an._key_order.get(base)
    if keys is not None and _new_key(an, base, path, keys, value):
        return
    kept = an.keyed(base) if keys is not None and path[len(base) :] in _cells(keys) else None
    if kept is None or kept.keys is None:
        if keys is not None and f"{base}[#keys]" in an.env:
            an.set_env(f"{base}[#keys]", None)
        an.set_env(base + "[*]", an.env[base + "[*]"] | flatten(value))
        return
    others = [
        flatten(v) for k, v in zip(kept.keys, kept.items, strict=True) if f"{base}[{k}]" != path
    ]
    contents = frozenset().union(*others) if others else NOTHING
    an.set_env(base + "[*]", contents | flatten(value))


def _new_key(an: Containers, base: str, path: str, keys: tuple[str, ...], value: Value) -> bool:
    """``base[key] = value`` under a constant key the dict kept by its keys does not hold yet
    (``pends = {}`` then ``pends["q"] = k(...).submit()``, or the stores of a loop built slot
    by slot, round 40W): one more key, after the others, the dict still known by its keys
    (a later ``for key, p in pends.items()`` pairs each key with its own item)."""
    cell = path[len(base) :]
    if cell in _cells(keys) or not flatten(value) or f"{base}[#keys]" not in an.env:
        return False
    text = cell[1:-1]
    if cell[:1] != "[" or cell[-1:] != "]" or "[" in text:
        return False
    if text[:1] not in _QUOTES and not text.isdigit():
        return False
    if an.keyed(base) is None:
        return False
    an._key_order[base] = (*keys, text)
    an.set_env(base + "[*]", an.env[base + "[*]"] | flatten(value))
    return True


def _cells(keys: tuple[str, ...]) -> set[str]:
    return {f"[{k}]" for k in keys}
