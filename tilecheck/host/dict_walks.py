"""Names of dicts whose keys are known wherever they are walked (round 37K of issue 17):
``splits = {"val": 3.0, "test": 5.0}`` bound once in the module, and otherwise only walked
(``for name in splits``, a comprehension over it, ``.items()``, ``.keys()``, ``.values()``),
read by key (``splits[name]``, ``.get(name)``) or measured (``len``, ``list``, ``sorted``),
walks the keys ``"val"`` then ``"test"``, as ``for name in ("val", "test")`` would: a loop over
it is followed slot by slot (``tilecheck.host.positions``), each slot's ``name`` one constant,
so ``pend[name] = ...`` keeps one item per key.

Read from the syntax of the whole module, as ``tilecheck.host.key_lists`` reads its lists: the
one binding (in any scope) is the only place the name is bound, to a dict display of different
string or integer constant keys whose values are literals (a dict holding objects is followed
by the analysis itself, ``tilecheck.host.dict_cells``); any other occurrence (a store or
``del`` under a key, a method that may change the keys, the dict given to a call, a parameter
or another binding of the name) leaves the name out. Kept apart from ``key_lists``: an integer
index of a dict is a key, not a position."""

from __future__ import annotations

from ast import literal_eval
from collections.abc import Mapping

import libcst as cst

from tilecheck.host.known_keys import constant
from tilecheck.host.model import NOTHING, Packed
from tilecheck.syntax.nodes import flat_targets, store_targets
from tilecheck.syntax.walk import name_nodes

Key = int | str
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)

_READERS = frozenset({"items", "keys", "values", "get"})
_MEASURES = frozenset({"len", "list", "sorted", "tuple", "enumerate"})


def dict_walks(module: cst.Module) -> Mapping[str, tuple[Key, ...]]:
    """Each name bound once to a dict display of different constant keys whose values are
    all literals (numbers, strings: no object to follow) and only read as above."""
    found: dict[str, tuple[Key, ...]] = {}
    bindings: dict[str, int] = {}
    for node in name_nodes(module):
        if type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            if type(target) is cst.Name:
                bindings[target.value] = bindings.get(target.value, 0) + 1
                keys = _dict_keys(node.value)
                if keys is not None and _literal_values(node.value):
                    found[target.value] = keys
    found = {name: keys for name, keys in found.items() if bindings[name] == 1}
    if not found:
        return {}
    allowed: set[int] = set()
    stored: set[int] = set()  # ``d[k] = ...``, ``del d[k]``: the keys may change
    for node in name_nodes(module):
        for place in store_targets(node):
            stored.update(id(t) for t in flat_targets(place))
        if type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            if type(target) is cst.Name and target.value in found:
                allowed.add(id(target))
        elif type(node) is cst.Subscript and type(node.value) is cst.Name:
            if id(node) not in stored:
                allowed.add(id(node.value))
        elif type(node) in (cst.For, cst.CompFor):
            iterable = node.iter  # type: ignore[attr-defined]
            if type(iterable) is cst.Name:
                allowed.add(id(iterable))
        elif type(node) is cst.Call and type(node.func) is cst.Attribute:
            if node.func.attr.value in _READERS and type(node.func.value) is cst.Name:
                allowed.add(id(node.func.value))
        elif type(node) is cst.Call and type(node.func) is cst.Name:
            if node.func.value in _MEASURES and len(node.args) == 1:
                if type(node.args[0].value) is cst.Name and node.args[0].keyword is None:
                    allowed.add(id(node.args[0].value))
    for node in name_nodes(module):
        if type(node) is cst.Name and node.value in found and id(node) not in allowed:
            del found[node.value]
    return found


def _dict_keys(value: cst.BaseExpression) -> tuple[Key, ...] | None:
    """The keys, in order, of ``{"a": x, "b": y}``."""
    if type(value) is cst.Dict and value.elements:
        elements = value.elements
        if any(type(e) is not cst.DictElement for e in elements):
            return None
        return _distinct([constant(e.key) for e in elements if type(e) is cst.DictElement])
    return None


def literal_dict(keys: tuple[Key, ...] | None) -> Packed | None:
    """What a dict of literals (its ``keys``) holds, for a walk of a view of it: its keys,
    each with no object (None: not such a dict)."""
    if keys is None:
        return None
    return Packed(
        (NOTHING,) * len(keys), tuple(repr(k) if isinstance(k, str) else str(k) for k in keys)
    )


def _literal_values(value: cst.BaseExpression) -> bool:
    """A dict display whose every value is a number or a string literal."""
    if type(value) is not cst.Dict:
        return False
    for element in value.elements:
        item = element.value
        if type(item) is cst.UnaryOperation:
            item = item.expression
        if type(item) not in _LITERALS:
            return False
    return True


def _distinct(keys: list[Key | None]) -> tuple[Key, ...] | None:
    known = [k for k in keys if k is not None and not isinstance(k, bool)]
    if len(known) != len(keys) or len(set(known)) != len(known):
        return None
    return tuple(known)


def key_value(text: str) -> int | str:
    """A dict's key from its text in a path: ``0`` of ``"0"``, ``"a"`` of ``"'a'"``."""
    if text.isdigit():
        return int(text)
    value = literal_eval(text) if text[:1] in ("'", '"') else text
    return value if isinstance(value, str) else text
