"""Items of constant tables as indices (round 30P of issue 17): ``pool[table["a"][1]]`` where
``table`` is a module name bound once to a display of integer or string literals (a list, a
tuple or a dict, nested) and named nowhere else but as the base of an index expression
(``x[table[k][i]]``: never stored to, passed on, iterated or mutated through a method) is
``pool[3]``; ``pool[[0, 3][1]]`` likewise. Asked only where an index is itself a subscript
(``tilecheck.host.indices.axis_of``), so the module is scanned once, lazily."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping

import libcst as cst

from tilecheck.syntax.constants import const_int, string_value
from tilecheck.syntax.index import SyntaxIndex

_DISPLAYS = (cst.List, cst.Tuple, cst.Dict)


class Constants(dict[str, int]):
    """The module's integer constants, and its constant tables (worked out when asked)."""

    tables: Callable[[], Mapping[str, cst.BaseExpression]] = dict


def hiding(
    constants: Mapping[str, int], hidden: Container[str], added: Mapping[str, int]
) -> Constants:
    """``constants`` in a body that binds the names ``hidden`` (its own, not the module's:
    neither a constant nor a table there) and knows ``added`` besides."""
    out = Constants({k: v for k, v in constants.items() if k not in hidden} | dict(added))
    tables = getattr(constants, "tables", dict)
    out.tables = lambda: {k: v for k, v in tables().items() if k not in hidden}
    return out


def table_item(expr: cst.Subscript, constants: Mapping[str, int]) -> int | str | None:
    """The literal ``expr`` selects from a constant table (a display, or a name of one)."""
    item = _selected(expr, constants)
    if item is None:
        return None
    number = const_int(item, constants)
    if number is not None:
        return number
    if type(item) is cst.SimpleString:
        value = string_value(item)
        return value if isinstance(value, str) else None
    return None


def _selected(expr: cst.BaseExpression, constants: Mapping[str, int]) -> cst.BaseExpression | None:
    if type(expr) in _DISPLAYS:
        return expr if _literal(expr) else None
    if type(expr) is cst.Name:
        if not isinstance(constants, Constants):
            return None
        return constants.tables().get(expr.value)
    if type(expr) is not cst.Subscript or len(expr.slice) != 1:
        return None
    element = expr.slice[0].slice
    if type(element) is not cst.Index or element.star is not None:
        return None
    table = _selected(expr.value, constants)
    if table is None:
        return None
    key: int | str | None = const_int(element.value, constants)
    if key is None and type(element.value) is cst.SimpleString:
        value = string_value(element.value)
        key = value if isinstance(value, str) else None
    if key is None:
        return None
    if type(table) is cst.Dict:
        found = None
        for entry in table.elements:  # (the last of equal keys wins, as in Python)
            assert type(entry) is cst.DictElement  # (``_literal``)
            if _key(entry.key, constants) == key:
                found = entry.value
        return found
    assert isinstance(table, (cst.List, cst.Tuple))
    items = table.elements
    if not isinstance(key, int) or not -len(items) <= key < len(items):
        return None
    return items[key].value


def _key(expr: cst.BaseExpression, constants: Mapping[str, int]) -> int | str | None:
    if type(expr) is cst.SimpleString:
        value = string_value(expr)
        return value if isinstance(value, str) else None
    return const_int(expr, constants)


def _literal(expr: cst.BaseExpression) -> bool:
    """A display of integer and string literals (nested), with no ``*`` or ``**``."""
    if type(expr) in (cst.Integer, cst.SimpleString):
        return True
    if type(expr) is cst.UnaryOperation:
        return type(expr.operator) is cst.Minus and type(expr.expression) is cst.Integer
    if type(expr) in (cst.List, cst.Tuple):
        return all(
            type(e) is cst.Element and _literal(e.value)
            for e in expr.elements  # type: ignore[attr-defined]
        )
    if type(expr) is cst.Dict:
        return all(
            type(e) is cst.DictElement
            and type(e.key) in (cst.Integer, cst.SimpleString)
            and _literal(e.value)
            for e in expr.elements
        )
    return False


def constant_tables(module: cst.Module, index: SyntaxIndex) -> Mapping[str, cst.BaseExpression]:
    """The module's names bound once, at its top level, to a literal display, that every other
    mention uses as the base of a subscript that is itself an index (``x[table[k]]``)."""
    bound: dict[str, cst.BaseExpression | None] = {}
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.Assign and len(small.targets) == 1:
                target = small.targets[0].target
                if type(target) is cst.Name:
                    name = target.value
                    fits = type(small.value) in _DISPLAYS and _literal(small.value)
                    bound[name] = small.value if fits and name not in bound else None
    found = {name: value for name, value in bound.items() if value is not None}
    if not found:
        return found
    mentions: dict[str, int] = dict.fromkeys(found, 0)
    indexed: dict[str, int] = dict.fromkeys(found, 0)
    for node in index.nodes(module):
        kind = type(node)
        if kind is cst.Name:
            if node.value in mentions:  # type: ignore[attr-defined]
                mentions[node.value] += 1  # type: ignore[attr-defined]
        elif kind is cst.Subscript:
            for element in node.slice:  # type: ignore[attr-defined]
                if type(element.slice) is cst.Index:
                    base = _base(element.slice.value)
                    if base is not None and base in indexed:
                        indexed[base] += 1
    return {n: v for n, v in found.items() if mentions[n] == indexed[n] + 1}


def _base(expr: cst.BaseExpression) -> str | None:
    """The name at the root of a chain of subscripts (``t`` of ``t["a"][1]``), if a chain."""
    if type(expr) is not cst.Subscript:
        return None
    while type(expr) is cst.Subscript:
        expr = expr.value
    return expr.value if type(expr) is cst.Name else None
