"""The module's own ``IntEnum`` classes, as constants (round 33C of issue 17).

``class Slot(IntEnum): Q = 0; K = 1; V = 2`` at module level, its name bound nowhere else:
each member is the integer it equals (``Slot.Q`` is ``0`` as an index or a dict's key, an
``IntEnum`` member hashing and comparing as its value), and ``for slot in Slot`` walks the
distinct values in definition order (an alias, a member repeating an earlier value, is not
walked). So ``{slot: tiles(bufs[slot]) for slot in Slot}`` is a dict of one cell per member,
and ``plans.pop(Slot.Q)`` takes the cell under ``0``. Only members written as integer
literals (or ``auto()``, one past the last value) count; a class with anything else in its
body than members, a docstring, ``pass`` or plain methods is not taken as known."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import dotted_name, flat_targets, store_targets

_INT_ENUMS = frozenset({"enum.IntEnum"})
_AUTO = frozenset({"enum.auto"})
# methods that change what the members are or how they are made
_MAKERS = frozenset({"__new__", "__init__", "_generate_next_value_", "_missing_"})

Members = tuple[tuple[str, int], ...]


def int_enums(module: cst.Module, resolve: Callable[[str], str | None]) -> dict[str, Members]:
    """Each module-level ``IntEnum`` class bound once, with its members and their values."""
    found: dict[str, Members] = {}
    for stmt in module.body:
        if type(stmt) is not cst.ClassDef or stmt.decorators or len(stmt.bases) != 1:
            continue
        base = dotted_name(stmt.bases[0].value)
        if stmt.bases[0].keyword is not None or base is None or resolve(base) not in _INT_ENUMS:
            continue
        members = _members(stmt, resolve)
        if members:
            found[stmt.name.value] = members
    if found:
        for name in _bound_names(module):
            found.pop(name, None)
    return found


def enum_constants(enums: dict[str, Members]) -> dict[str, int]:
    """``Slot.Q`` -> 0: the members by their dotted names."""
    return {f"{cls}.{name}": value for cls, members in enums.items() for name, value in members}


def enum_walks(enums: dict[str, Members]) -> dict[str, tuple[int, ...]]:
    """``Slot`` -> (0, 1, 2): what ``for slot in Slot`` takes, aliases left out."""
    return {cls: tuple(dict.fromkeys(v for _, v in members)) for cls, members in enums.items()}


def _members(cls: cst.ClassDef, resolve: Callable[[str], str | None]) -> Members | None:
    if type(cls.body) is not cst.IndentedBlock:
        return None
    out: list[tuple[str, int]] = []
    for stmt in cls.body.body:
        if type(stmt) is cst.FunctionDef:
            if stmt.name.value in _MAKERS:
                return None
            continue
        if type(stmt) is not cst.SimpleStatementLine:
            return None
        for small in stmt.body:
            if type(small) is cst.Pass or (
                type(small) is cst.Expr and type(small.value) is cst.SimpleString
            ):
                continue
            if type(small) is not cst.Assign or len(small.targets) != 1:
                return None
            target = small.targets[0].target
            if type(target) is not cst.Name or target.value.startswith("_"):
                return None
            value = _value(small.value, out, resolve)
            if value is None:
                return None
            out.append((target.value, value))
    return tuple(out) if out else None


def _value(
    expr: cst.BaseExpression, before: list[tuple[str, int]], resolve: Callable[[str], str | None]
) -> int | None:
    number = const_int(expr)
    if number is not None:
        return number
    if type(expr) is cst.Call and not expr.args:
        called = dotted_name(expr.func)
        if called is not None and resolve(called) in _AUTO:
            values = [v for _, v in before]
            if values != sorted(set(values)):
                return None  # (``auto()`` after values out of order: not worked out here)
            return values[-1] + 1 if values else 1
    return None


def _bound_names(module: cst.Module) -> Iterator[str]:
    """Every name some statement of the module binds, but a class's own name once."""
    seen: set[int] = set()
    stack: list[cst.CSTNode] = [module]
    classes: dict[str, int] = {}
    while stack:
        node = stack.pop()
        if type(node) is cst.ClassDef:
            classes[node.name.value] = classes.get(node.name.value, 0) + 1
        elif type(node) is cst.FunctionDef:
            yield node.name.value
        elif type(node) is cst.Param:
            yield node.name.value
        elif type(node) is cst.ImportAlias:
            bound = node.asname.name if node.asname is not None else node.name
            name = dotted_name(bound)
            if name is not None:
                yield name.partition(".")[0]
        elif type(node) in (cst.Global, cst.Nonlocal):
            for item in node.names:  # type: ignore[attr-defined]
                yield item.name.value
        for place in store_targets(node):
            for target in flat_targets(place):
                if id(target) not in seen and type(target) is cst.Name:
                    seen.add(id(target))
                    yield target.value
        stack.extend(node.children)
    yield from (name for name, count in classes.items() if count > 1)
