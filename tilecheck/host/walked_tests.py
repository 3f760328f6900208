"""Tests on the items a loop walks, for the turns that skip a run or a wait (round 38A of issue
17).

``for req in reqs: op = k(...); if req.cancelled: continue; op.sync()`` drops the op of every
turn whose request is cancelled: the runtime warns as the next turn rebinds ``op``.
``tilecheck.host.skipped_waits`` follows the way out of such a test, but a test naming a
loop's target was taken as decided (the items might all go one way: ``if name in wanted``
over keys that are all wanted), so the turn's drop went unseen whatever the loop walked.

Here that test is told apart by what the loop walks. Where the source shows the items as
constants (a display of literals, a name bound once to one and only read, the keys of a dict
display or of a comprehension over known keys, in this scope or the module; ``enumerate``,
``zip``, ``sorted``, ``list``, ``tuple``, ``reversed``, ``.keys()``, ``.items()`` of those), the
test is evaluated item by item: the way is taken where some item takes it (``for cancelled in
(False, True)``), and not where no item does or where the test cannot be evaluated (silent, as
before). Where the loop walks what the source does not show (a parameter, an attribute, a
call's result, objects whose fields are data), the test may go either way, as a test of
``input()`` may: the way is followed as any undecided test's is."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product

import libcst as cst

from tilecheck.host.known_keys import ScopeNames
from tilecheck.host.name_drops import Layout
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import path_of, target_names

UNKNOWN = object()  # a value the source does not show
_MOST = 64  # items (of all the loops' products) evaluated at most
_LITERAL_NAMES = {"True": True, "False": False, "None": None}
_SAME_ITEMS = frozenset({"sorted", "list", "tuple", "reversed", "set", "frozenset"})
Names = Callable[[], ScopeNames]
Lists = Callable[[str], Sequence[object] | None]


def walked_way(
    stmt: cst.If,
    test: cst.BaseExpression,
    truth: bool,
    shape: Layout,
    names: Names,
    lists: Lists = lambda _: None,
) -> bool | None:
    """Whether some turn of the loops around ``stmt`` whose targets ``test`` names takes the
    way ``truth``: True (an item the source shows takes it), False (none does, or the test
    cannot be told), None (the test names no such target, or every such loop walks what the
    source does not show: the test may go either way). ``lists``: the constants a class
    attribute holds (``self.SIZES``), where known."""
    loops = _loops(stmt, shape, _names(test))
    if not loops:
        return None
    known = names()
    shown: list[tuple[cst.For, list[object]]] = []
    for loop in loops:
        items = _items(loop.iter, known, lists, 0)
        if items is not None:
            shown.append((loop, items))
    if not shown:
        return None
    total = 1
    for _, items in shown:
        total *= len(items)
    if total > _MOST or total == 0:
        return False
    for row in product(*(items for _, items in shown)):
        env: dict[str, object] = {}
        for (loop, _), item in zip(shown, row, strict=True):
            _bind(loop.target, item, env)
        if _value(test, env, known) is UNKNOWN:
            return False
    for row in product(*(items for _, items in shown)):
        env = {}
        for (loop, _), item in zip(shown, row, strict=True):
            _bind(loop.target, item, env)
        value = _value(test, env, known)
        if bool(value) is truth:
            return True
    return False


def _names(test: cst.CSTNode) -> frozenset[str]:
    """The plain names a test reads (not attribute names)."""
    out: set[str] = set()
    stack: list[cst.CSTNode] = [test]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name:
            out.add(node.value)
        elif type(node) is cst.Attribute:
            stack.append(node.value)
        elif not isinstance(node, (cst.Lambda, cst.BaseComp)):
            stack.extend(node.children)
    return frozenset(out)


def _loops(stmt: cst.CSTNode, shape: Layout, tested: frozenset[str]) -> list[cst.For]:
    """The ``for`` loops around ``stmt`` (in its scope) whose body holds it and whose target
    binds a name the test reads, innermost first."""
    out: list[cst.For] = []
    place = shape.places.get(stmt)
    while place is not None and place.owner is not None:
        owner = place.owner
        if type(owner) is cst.For and place.part == "body":
            if not tested.isdisjoint(target_names(owner.target)):
                out.append(owner)
        place = shape.places.get(owner)
    return out


def _items(
    expr: cst.BaseExpression, names: ScopeNames, lists: Lists, depth: int
) -> list[object] | None:
    """The items a walk of ``expr`` takes, as the source shows them (``UNKNOWN`` for an item
    whose value it does not show), or None: the source does not show what is walked."""
    if depth > 6:
        return None
    kind = type(expr)
    if kind in (cst.Tuple, cst.List, cst.Set):
        elements = expr.elements  # type: ignore[attr-defined]
        if any(type(e) is not cst.Element for e in elements):
            return None
        return [_constant(e.value) for e in elements]
    if kind is cst.Dict:
        elements = expr.elements  # type: ignore[attr-defined]
        if any(type(e) is not cst.DictElement for e in elements):
            return None
        return [_constant(e.key) for e in elements]
    if kind is cst.Name:
        keys = names.walked_iter(expr)
        if keys is not None:
            return list(keys)
        value = names.shown(expr.value)  # type: ignore[attr-defined]
        if value is None or type(value) not in (cst.Tuple, cst.List, cst.Set, cst.Dict):
            return None
        return _items(value, names, lists, depth + 1)
    if kind is cst.Attribute:  # ``self.SIZES`` of a class's tuple (``class_lists``)
        path = path_of(expr)
        found = lists(path) if path is not None else None
        return None if found is None else list(found)
    if kind is not cst.Call:
        return None
    call: cst.Call = expr  # type: ignore[assignment]
    if any(a.keyword is not None or a.star for a in call.args):
        return None
    func, args = call.func, [a.value for a in call.args]
    if type(func) is cst.Attribute and not args:
        base = _items(func.value, names, lists, depth + 1)
        view = func.attr.value
        if base is None or view not in ("keys", "items", "values"):
            return None
        if view == "keys":
            return base
        return [(k, UNKNOWN) for k in base] if view == "items" else [UNKNOWN] * len(base)
    if type(func) is not cst.Name:
        return None
    if func.value == "range":
        walked = names.walked_iter(call)
        return None if walked is None else list(walked)
    parts = [_items(a, names, lists, depth + 1) for a in args]
    if any(p is None for p in parts) or not parts:
        return None
    shown = [p for p in parts if p is not None]
    if func.value in _SAME_ITEMS and len(shown) == 1:
        return shown[0]
    if func.value == "enumerate" and len(shown) == 1:
        return list(enumerate(shown[0]))
    if func.value == "zip":
        return list(zip(*shown, strict=False))
    return None


def _bind(target: cst.BaseExpression, item: object, env: dict[str, object]) -> None:
    """Each name of ``target`` takes its part of ``item`` (``UNKNOWN`` where not shown)."""
    if type(target) is cst.Name:
        env[target.value] = item
        return
    if type(target) in (cst.Tuple, cst.List):
        elements = target.elements  # type: ignore[attr-defined]
        parts = item if isinstance(item, tuple) and len(item) == len(elements) else None
        for at, element in enumerate(elements):
            _bind(element.value, parts[at] if parts is not None else UNKNOWN, env)
        return
    for name in target_names(target):
        env[name] = UNKNOWN


def _constant(expr: cst.BaseExpression | None) -> object:
    """The value of a literal (a string, a number, ``True``/``False``/``None``, a tuple of
    those), else ``UNKNOWN``."""
    kind = type(expr)
    if kind is cst.SimpleString:
        value = string_value(expr)  # type: ignore[arg-type]
        return value if isinstance(value, str) else UNKNOWN
    if kind is cst.Integer or kind is cst.Float:
        return _number(expr.value)  # type: ignore[union-attr]
    if kind is cst.Name:
        return _LITERAL_NAMES.get(expr.value, UNKNOWN)  # type: ignore[union-attr]
    if kind is cst.UnaryOperation and type(expr.operator) is cst.Minus:  # type: ignore[union-attr]
        inner = _constant(expr.expression)  # type: ignore[union-attr]
        plain = isinstance(inner, (int, float)) and not isinstance(inner, bool)
        return -inner if plain else UNKNOWN  # type: ignore[operator]
    if kind is cst.Tuple:
        elements = expr.elements  # type: ignore[union-attr]
        if any(type(e) is not cst.Element for e in elements):
            return UNKNOWN
        return tuple(_constant(e.value) for e in elements)
    return UNKNOWN


def _number(text: str) -> object:
    try:
        return int(text, 0)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return UNKNOWN


def _value(expr: cst.BaseExpression, env: dict[str, object], names: ScopeNames) -> object:
    """The value of a test where the loops' targets take ``env``: names of constants, literals,
    ``not``/``and``/``or`` and one comparison; ``UNKNOWN`` for anything else."""
    kind = type(expr)
    if kind is cst.Name:
        name = expr.value  # type: ignore[attr-defined]
        if name in env:
            return env[name]
        if name in _LITERAL_NAMES:
            return _LITERAL_NAMES[name]
        found = names.constants(expr)
        return tuple(found) if found is not None else UNKNOWN
    if kind is cst.UnaryOperation and type(expr.operator) is cst.Not:  # type: ignore[attr-defined]
        inner = _value(expr.expression, env, names)  # type: ignore[attr-defined]
        return UNKNOWN if _unknown(inner) else not inner
    if kind is cst.BooleanOperation:
        left = _value(expr.left, env, names)  # type: ignore[attr-defined]
        if _unknown(left):
            return UNKNOWN
        conjunction = type(expr.operator) is cst.And  # type: ignore[attr-defined]
        if bool(left) is not conjunction:
            return left
        return _value(expr.right, env, names)  # type: ignore[attr-defined]
    if kind is cst.Comparison and len(expr.comparisons) == 1:  # type: ignore[attr-defined]
        compare = expr.comparisons[0]  # type: ignore[attr-defined]
        left = _value(expr.left, env, names)  # type: ignore[attr-defined]
        right = _value(compare.comparator, env, names)
        if _unknown(left) or _unknown(right):
            return UNKNOWN
        return _compared(left, right, compare.operator)
    if kind in (cst.Tuple, cst.List, cst.Set):
        parts = [_value(e.value, env, names) for e in expr.elements]  # type: ignore[attr-defined]
        return UNKNOWN if any(_unknown(p) for p in parts) else tuple(parts)
    return _constant(expr)


def _unknown(value: object) -> bool:
    return value is UNKNOWN or (isinstance(value, tuple) and any(_unknown(v) for v in _flat(value)))


def _flat(value: tuple[object, ...]) -> Iterator[object]:
    for part in value:
        if isinstance(part, tuple):
            yield from _flat(part)
        else:
            yield part


def _compared(left: object, right: object, operator: cst.BaseCompOp) -> object:
    kind = type(operator)
    try:
        if kind is cst.Equal:
            return left == right
        if kind is cst.NotEqual:
            return left != right
        if kind is cst.Is:
            return left is right if right is None or left is None else UNKNOWN
        if kind is cst.IsNot:
            return left is not right if right is None or left is None else UNKNOWN
        if kind is cst.In:
            return left in right  # type: ignore[operator]
        if kind is cst.NotIn:
            return left not in right  # type: ignore[operator]
        if kind is cst.LessThan:
            return left < right  # type: ignore[operator]
        if kind is cst.LessThanEqual:
            return left <= right  # type: ignore[operator]
        if kind is cst.GreaterThan:
            return left > right  # type: ignore[operator]
        if kind is cst.GreaterThanEqual:
            return left >= right  # type: ignore[operator]
    except TypeError:
        return UNKNOWN
    return UNKNOWN
