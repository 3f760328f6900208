"""Class attributes that hold a literal list of keys wherever they are read (round 38A of issue
17): ``class Engine: SIZES = (128, 256)`` read in a method as ``self.SIZES`` (or ``cls.SIZES``,
``Engine.SIZES``), so ``for n in self.SIZES`` is walked turn by turn as ``for n in SIZES`` of a
module tuple is (``tilecheck.flow.unroll``, ``tilecheck.host.positions``).

Read from the syntax of the whole module: the attribute is bound in one class body only, by one
plain assignment to a tuple or list display of different string or integer constants, and no
statement of the module stores to, deletes or calls a method on any attribute of that name
(``self.SIZES = ...``, ``x.SIZES.append(...)``): anything else leaves it out."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.key_lists import Key
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.walk import name_nodes


def class_lists(module: cst.Module) -> Mapping[str, tuple[Key, ...]]:
    """``self.X``, ``cls.X`` and ``C.X`` -> the constants of the one class body binding ``X``
    to a display of them, where no other statement can change ``X``."""
    found: dict[str, tuple[str, tuple[Key, ...]]] = {}  # attribute -> (class, constants)
    twice: set[str] = set()
    for stmt in module.body:
        if type(stmt) is not cst.ClassDef or type(stmt.body) is not cst.IndentedBlock:
            continue
        for line in stmt.body.body:
            if type(line) is not cst.SimpleStatementLine:
                continue
            for small in line.body:
                name, value = _bound(small)
                if name is None:
                    continue
                if name in found or value is None:
                    twice.add(name)
                    continue
                found[name] = (stmt.name.value, value)
    for name in twice:
        found.pop(name, None)
    if not found:
        return {}
    for node in name_nodes(module):
        changed = _changed(node, found)
        for name in changed:
            found.pop(name, None)
        if not found:
            return {}
    out: dict[str, tuple[Key, ...]] = {}
    for name, (owner, keys) in found.items():
        for base in ("self", "cls", owner):
            out[f"{base}.{name}"] = keys
    return out


def _bound(small: cst.BaseSmallStatement) -> tuple[str | None, tuple[Key, ...] | None]:
    """The name a class-body statement binds and the constants it binds it to (None: not a
    display of different constants)."""
    if type(small) is cst.Assign:
        if len(small.targets) != 1 or type(small.targets[0].target) is not cst.Name:
            return None, None
        return small.targets[0].target.value, _constants(small.value)
    if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
        value = small.value
        return small.target.value, _constants(value) if value is not None else None
    return None, None


def _constants(value: cst.BaseExpression) -> tuple[Key, ...] | None:
    if type(value) not in (cst.Tuple, cst.List):
        return None
    keys: list[Key] = []
    for element in value.elements:  # type: ignore[attr-defined]
        if type(element) is not cst.Element:
            return None
        item = element.value
        if type(item) is cst.Integer:
            keys.append(int(item.value, 0))
        elif type(item) is cst.SimpleString:
            text = string_value(item)
            if not isinstance(text, str):
                return None
            keys.append(text)
        else:
            return None
    if not keys or len(set(keys)) != len(keys):
        return None
    return tuple(keys)


def _changed(node: cst.CSTNode, found: Mapping[str, object]) -> list[str]:
    """The names of ``found`` whose attribute this statement may change: a store, an
    augmented store, a ``del``, a method called on it."""
    out: list[str] = []
    targets: list[cst.BaseExpression] = []
    if type(node) is cst.Assign:
        targets = [t.target for t in node.targets]
    elif type(node) in (cst.AugAssign, cst.AnnAssign):
        targets = [node.target]  # type: ignore[attr-defined]
    elif type(node) is cst.Del:
        targets = [node.target]
    elif type(node) is cst.Call:
        func = node.func
        if type(func) is cst.Attribute and type(func.value) is cst.Attribute:
            if func.value.attr.value in found:
                out.append(func.value.attr.value)  # ``self.SIZES.append(...)``
    for target in targets:
        for part in _flat(target):
            if type(part) is cst.Attribute and part.attr.value in found:
                out.append(part.attr.value)
            elif type(part) is cst.Subscript and type(part.value) is cst.Attribute:
                if part.value.attr.value in found:
                    out.append(part.value.attr.value)
    return out


def _flat(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    if type(target) in (cst.Tuple, cst.List):
        return [p for e in target.elements for p in _flat(e.value)]  # type: ignore[attr-defined]
    return [target]
