"""Names that hold a literal list of keys wherever they are read (round 13D of issue 17):
``keys = ["main", "aux"]`` bound once in the module and only indexed (round 41W: by any
index, ``SIZES[step % len(SIZES)]`` reads an item too), walked or measured elsewhere, so
``bufs[keys[0]]`` selects ``bufs["main"]`` as a constant key would (two such selections
under one key are one tensor; under two keys, apart).

Read from the syntax of the whole module: the one binding (in any scope) is the only place
the name is bound, and every other occurrence of it, in any scope, is ``keys[<index>]``, ``for
... in keys`` or ``len(keys)``; anything else (a parameter, another binding, ``global``, a
method call that may mutate the list, the list given to a call) leaves the name out. A read
that runs before the binding, or in a scope that does not see it, raises: no other value."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.indices import At
from tilecheck.host.slot_ints import slot_int
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import flat_targets, path_of, store_targets
from tilecheck.syntax.walk import name_nodes

Key = int | str


def key_lists(module: cst.Module) -> Mapping[str, tuple[Key, ...]]:
    """Each name bound once, to a list or tuple display of different string or integer
    constants, and otherwise only read by the forms above."""
    candidates: dict[str, tuple[Key, ...]] = {}
    dicts: dict[str, tuple[Key, ...]] = {}  # names bound to a dict of constant keys
    listed: dict[str, str] = {}  # ``keys = list(bufs)``: keys -> bufs
    bindings: dict[str, int] = {}
    for node in name_nodes(module):
        if type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            if type(target) is not cst.Name:
                continue
            name = target.value
            bindings[name] = bindings.get(name, 0) + 1
            keys = _constant_keys(node.value)
            if keys is not None:
                candidates[name] = keys
            elif (keys := _dict_keys(node.value)) is not None:
                dicts[name] = keys
            elif (source := _listed(node.value)) is not None:
                listed[name] = source
    kept = _unchanged(module, dicts, bindings)  # (the order of their keys never changes)
    for name, source in listed.items():
        if source in kept:
            candidates[name] = dicts[source]
    if not candidates:
        return {}
    allowed: set[int] = set()  # the ``Name`` nodes read by an allowed form
    bound: set[int] = set()
    stored: set[int] = set()  # ``keys[0] = ...``, ``del keys[0]``: no read
    for node in name_nodes(module):
        for place in store_targets(node):
            stored.update(id(t) for t in flat_targets(place))
        if type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            if type(target) is cst.Name and target.value in candidates:
                bound.add(id(target))
        elif type(node) is cst.Subscript and type(node.value) is cst.Name:
            if (
                id(node) not in stored
                and len(node.slice) == 1
                and type(node.slice[0].slice) is cst.Index
            ):  # (a computed index reads an item too: ``SIZES[step % len(SIZES)]``, 41W)
                allowed.add(id(node.value))
        elif type(node) in (cst.For, cst.CompFor):
            iterable = node.iter  # type: ignore[attr-defined]
            if type(iterable) is cst.Name:
                allowed.add(id(iterable))
        elif type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in _READ:
            # (``enumerate(keys)`` walks it as a ``for`` does, 36A)
            if len(node.args) == 1 and type(node.args[0].value) is cst.Name:
                allowed.add(id(node.args[0].value))
    out = dict(candidates)
    for node in name_nodes(module):
        if type(node) is cst.Name and node.value in out:
            if id(node) not in allowed and id(node) not in bound:
                del out[node.value]
    return {name: keys for name, keys in out.items() if bindings[name] == 1}


def key_at(index: cst.BaseExpression, lists: Mapping[str, tuple[Key, ...]]) -> Key | None:
    """The constant ``keys[0]`` stands for, if ``keys`` is one of ``lists``."""
    if type(index) is not cst.Subscript or type(index.value) is not cst.Name:
        return None
    keys = lists.get(index.value.value)
    if keys is None or len(index.slice) != 1:
        return None
    position = _integer_index(index.slice[0])
    if position is None or not -len(keys) <= position < len(keys):
        return None
    return keys[position]


def _dict_keys(value: cst.BaseExpression) -> tuple[Key, ...] | None:
    """The keys, in order, of ``{"a": x, "b": y}`` or of ``{k: f(k) for k in ("a", "b")}``."""
    if isinstance(value, cst.DictComp):
        comp = value.for_in
        if (
            comp.inner_for_in is None
            and not comp.ifs
            and not comp.asynchronous
            and isinstance(comp.target, cst.Name)
            and isinstance(value.key, cst.Name)
            and value.key.value == comp.target.value
        ):
            return _constant_keys(comp.iter)
        return None
    if isinstance(value, cst.Dict) and value.elements:
        keys: list[Key] = []
        for element in value.elements:
            if not isinstance(element, cst.DictElement):
                return None
            found = _constant_keys(cst.List([cst.Element(element.key)]))
            if found is None or found[0] in keys:
                return None
            keys.append(found[0])
        return tuple(keys)
    return None


def _listed(value: cst.BaseExpression) -> str | None:
    """``list(bufs)``: ``bufs``."""
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value == "list"
        and len(value.args) == 1
        and not value.args[0].star
        and value.args[0].keyword is None
        and isinstance(value.args[0].value, cst.Name)
    ):
        return value.args[0].value.value
    return None


_READERS = frozenset({"items", "keys", "values", "get"})
_READ = frozenset({"len", "enumerate"})  # calls that only read a list of keys given alone


def _unchanged(
    module: cst.Module, dicts: Mapping[str, tuple[Key, ...]], bindings: Mapping[str, int]
) -> frozenset[str]:
    """Those of ``dicts`` bound once whose other occurrences only index them (a store to a
    key adds it at the end), walk, measure, list or read them (``.items()``, ``.get(k)``):
    no ``del``, ``pop`` or rebinding changes the order of their first keys."""
    names = {name for name in dicts if bindings.get(name) == 1}
    if not names:
        return frozenset()
    allowed: set[int] = set()
    deleted: set[int] = set()
    for node in name_nodes(module):
        if isinstance(node, cst.Del):
            deleted.update(id(t) for t in flat_targets(node.target))
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            target = node.targets[0].target
            if isinstance(target, cst.Name) and target.value in names:
                allowed.add(id(target))
        elif isinstance(node, cst.Subscript) and id(node) not in deleted:
            allowed.add(id(node.value))
        elif isinstance(node, (cst.For, cst.CompFor)):
            allowed.add(id(node.iter))
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
            if node.func.value in ("len", "list") and len(node.args) == 1:
                allowed.add(id(node.args[0].value))
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in _READERS
        ):
            allowed.add(id(node.func.value))
    for node in name_nodes(module):
        if isinstance(node, cst.Name) and node.value in names and id(node) not in allowed:
            names.discard(node.value)
    return frozenset(names)


def _integer_index(element: cst.SubscriptElement) -> int | None:
    only = element.slice
    if not isinstance(only, cst.Index):
        return None
    value = only.value
    sign = 1
    if type(value) is cst.UnaryOperation and type(value.operator) is cst.Minus:
        value, sign = value.expression, -1
    if type(value) is cst.Integer:
        return sign * int(value.value, 0)
    return None


def _constant_keys(value: cst.BaseExpression) -> tuple[Key, ...] | None:
    if type(value) not in (cst.List, cst.Tuple):
        return None
    keys: list[Key] = []
    for element in value.elements:  # type: ignore[attr-defined]
        item = element.value
        if type(element) is not cst.Element:
            return None
        key: Key | bytes
        if type(item) is cst.SimpleString:
            key = string_value(item)
        elif type(item) is cst.Integer:
            key = int(item.value, 0)
        else:
            return None
        if not isinstance(key, (str, int)) or key in keys:
            return None
        keys.append(key)
    return tuple(keys) if keys else None


def known_key_path(target: cst.BaseExpression, defs: Mapping[str, object]) -> str | None:
    """``pends[key]`` where ``key`` is a name whose value is one constant here (a slot of an
    unrolled loop over constants, ``tilecheck.host.positions``): the path the same item by
    that constant has, ``pends['a']``; so for an index of integers such names hold
    (``slot_ints``). None for anything else."""
    if type(target) is not cst.Subscript or not defs:
        return None
    index = target.slice[0].slice if len(target.slice) == 1 else None
    if type(index) is not cst.Index:
        return None
    key: int | str | None
    if type(index.value) is cst.Name:
        form = defs.get(index.value.value)
        key = form.key if isinstance(form, At) else slot_int(index.value, defs)
    else:  # ``pend[(i - 2) % 3]`` in a slot of ``i`` (round 39I)
        key = slot_int(index.value, defs)
        if isinstance(key, int) and key < 0:
            return None  # (``pends[-1]``: the path is by the position counted from the start)
    base = path_of(target.value) if isinstance(key, (int, str)) else None
    if base is None or isinstance(key, bool):
        return None
    return f"{base}[{key!r}]"
