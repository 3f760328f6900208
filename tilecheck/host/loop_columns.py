"""What one step of a ``for`` loop or comprehension takes, column by column (an element of a
container or of a slice of it, a running index, a tuple of columns), and the syntax facts
``tilecheck.host.loops`` reads from the loop's header and body."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.indices import Bounds, Select
from tilecheck.host.model import NOTHING, Many, Packed, Value, flatten
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int, literal_value
from tilecheck.syntax.nodes import path_of, target_names
from tilecheck.syntax.walk import EXPRESSION, children, type_kind


@frozen
class Sliced:
    """The items a slice of a container walks: ``value``, each of them ``within`` the
    container (``bufs[1:]`` never walks ``bufs[0]``)."""

    value: Value
    within: Select


@frozen
class Counting:
    """A running index (``range``'s, ``enumerate``'s): by how much it moves on each step,
    and where it starts, if known; or (not ``arithmetic``) a value never taken before in the
    run (a dict's keys, a literal of different strings)."""

    step: int
    bounds: Bounds | None
    arithmetic: bool = True
    walks: str | None = None  # the path of the container whose indices it walks
    short: str | None = None  # that of one it walks but for its last items (``len(x) - 1``)


KEYS = Counting(1, None, arithmetic=False)


@frozen
class Zipped:
    """What ``zip(a, b)`` yields inside another iterable (``enumerate(zip(a, b))``): a tuple
    per step, a column each."""

    columns: tuple[Column, ...]


# One column of what a loop takes each step: a container's elements (perhaps of a slice), a
# running index, a tuple of columns, or something untracked.
Column = Value | Sliced | Zipped | Counting | None


def source_path(column: Value, iterable: cst.BaseExpression) -> str | None:
    """The path of the container a comprehension walks (``bufs``, ``d`` of ``d.items()``)."""
    if isinstance(column, Many):
        path = column.path
        return path if path is not None and not path.startswith(" ") else None
    if isinstance(iterable, cst.Call):
        func = iterable.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("items", "values"):
            return path_of(func.value)
        if isinstance(func, cst.Name) and func.value == "enumerate" and iterable.args:
            return path_of(iterable.args[0].value)
        return None
    return path_of(iterable)


def backwards(column: Column) -> Column:
    """``reversed(range(...))``: the range's values the other way, a counter moving back by
    its step (no bounds kept); None where the range's step is not known."""
    if isinstance(column, Counting) and column.arithmetic:
        return Counting(-column.step, None)
    return None


def is_range(expr: cst.BaseExpression) -> bool:
    """``range(...)`` of plain arguments."""
    return (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Name)
        and expr.func.value == "range"
        and all(not a.star and a.keyword is None for a in expr.args)
    )


def is_reversed(expr: cst.BaseExpression) -> bool:
    """``reversed(x)``, of one plain argument."""
    return (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Name)
        and expr.func.value == "reversed"
        and len(expr.args) == 1
        and not expr.args[0].star
        and expr.args[0].keyword is None
    )


def target_parts(
    target: cst.BaseExpression, iterable: cst.BaseExpression, columns: list[Column]
) -> list[tuple[cst.BaseExpression, Column, cst.BaseExpression]] | None:
    """Each part of a comprehension's target with the column it takes and the iterable that
    column walks (None: the target does not match the columns); a tuple part taking the
    columns of one ``zip`` argument is taken apart too (``(k, b), g`` of ``zip(d.items(),
    gs)``: ``k`` the key, ``b`` the item, as of ``k, b`` of ``d.items()``)."""
    if len(columns) == 1:
        return [(target, columns[0], iterable)]
    elements = target.elements if isinstance(target, (cst.Tuple, cst.List)) else ()
    if len(elements) != len(columns):
        return None
    args: list[cst.BaseExpression] = []
    if type(iterable) is cst.Call and type(iterable.func) is cst.Name:
        if iterable.func.value == "zip":  # (``strict=True`` aside)
            args = [a.value for a in iterable.args if not a.star and a.keyword is None]
    out: list[tuple[cst.BaseExpression, Column, cst.BaseExpression]] = []
    for n, (element, column) in enumerate(zip(elements, columns, strict=True)):
        part = element.value
        if isinstance(column, Zipped) and len(args) == len(columns):
            inner = target_parts(part, args[n], list(column.columns))
            if inner is not None and isinstance(part, (cst.Tuple, cst.List)):
                out.extend(inner)
                continue
        out.append((part, column, iterable))
    return out


def single(columns: list[Column]) -> bool:
    return len(columns) == 1 and not isinstance(columns[0], Counting)


def bound_in(body: cst.CSTNode) -> frozenset[str]:
    """The names the statements of a body bind (assignments, ``for`` and ``with`` targets;
    not nested scopes, nor the walrus, which no loop counter is rebound by)."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        # (exact types: ``isinstance`` on libcst's ABCs is slow on a walk)
        if (
            type_kind(type(node)) == EXPRESSION
            or type(node) is cst.FunctionDef
            or type(node) is cst.ClassDef
        ):
            continue
        targets: list[cst.CSTNode] = []
        if type(node) is cst.Assign:
            targets = [t.target for t in node.targets]
        elif exact.is_targeted(node):
            targets = [node.target]
        elif type(node) is cst.AsName:
            targets = [node.name]
        for target in targets:
            found.update(target_names(target))
        stack.extend(children(node))
    return frozenset(found)


def packed_columns(value: Packed, width: int) -> Value:
    """``for buf, pending in jobs`` over ``[(x, px), (y, py)]``: what each position may take
    (``{x, y}``, ``{px, py}``); NOTHING unless every item is a tuple of that width."""
    columns: list[set[int]] = [set() for _ in range(width)]
    for item in value.items:
        if not isinstance(item, Packed) or len(item.items) != width:
            return NOTHING
        for column, part in zip(columns, item.items, strict=True):
            column |= flatten(part)
    return Packed(tuple(frozenset(c) for c in columns))


def keyed_rows(iterable: cst.BaseExpression) -> list[list[cst.BaseExpression] | None] | None:
    """``for k, d in (("a", 1.0), ("b", 2.0))``: a literal of tuple displays of one width, one
    position of which holds different string or integer constants (a different key each
    step), the others plain values or paths: the items column by column (None for a column
    of keys); None otherwise."""
    if not isinstance(iterable, (cst.Tuple, cst.List)) or len(iterable.elements) < 2:
        return None
    rows: list[list[cst.BaseExpression]] = []
    for element in iterable.elements:
        row = element.value
        if isinstance(element, cst.StarredElement) or not isinstance(row, (cst.Tuple, cst.List)):
            return None
        if any(isinstance(e, cst.StarredElement) for e in row.elements):
            return None
        rows.append([e.value for e in row.elements])
    if len({len(row) for row in rows}) != 1 or not rows[0]:
        return None
    columns = [list(column) for column in zip(*rows, strict=True)]
    keyed = [_different_keys(column) for column in columns]
    if not any(keyed):
        return None
    if not all(isinstance(v, _PLAIN) or path_of(v) is not None for c in columns for v in c):
        return None
    return [None if key else column for column, key in zip(columns, keyed, strict=True)]


def _different_keys(column: list[cst.BaseExpression]) -> bool:
    """Different literal strings or integers, one per row."""
    keys = {literal_value(v) for v in column if isinstance(v, (cst.SimpleString, cst.Integer))}
    return len(keys) == len(column)


_PLAIN = (cst.SimpleString, cst.Integer, cst.Float, cst.Imaginary, cst.UnaryOperation)


# keywords that change nothing a loop takes: ``zip(a, b, strict=True)`` yields what ``zip(a, b)``
# does (or raises); ``enumerate(xs, start=1)`` is ``enumerate(xs, 1)``
# keywords that change neither which items a call walks nor how many: an order's ``key=`` and
# ``reverse=`` (each item once, in another order), a zip's ``strict=``, a count's ``start=``
_INERT_KEYWORDS = {
    "zip": ("strict",),
    "enumerate": ("start",),
    "sorted": ("key", "reverse"),
}


def plain_arguments(
    call: cst.Call | None, func: cst.BaseExpression | None
) -> tuple[list[cst.BaseExpression], bool]:
    """A call's arguments in order (an inert keyword's value last) and whether they are
    plain: no ``*``/``**`` and no other keyword."""
    if call is None:
        return [], False
    inert = _INERT_KEYWORDS.get(func.value, ()) if isinstance(func, cst.Name) else ()
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = [a for a in call.args if a.keyword is not None]
    plain = all(not a.star for a in call.args) and all(
        a.keyword is not None and a.keyword.value in inert for a in keywords
    )
    if isinstance(func, cst.Name) and func.value == "enumerate":
        positional += [a.value for a in keywords]  # ``start=``, as the second argument
    return positional, plain


def is_slice(expr: cst.BaseExpression) -> bool:
    """``x[a:b]`` (of one axis)."""
    return (
        isinstance(expr, cst.Subscript)
        and len(expr.slice) == 1
        and isinstance(expr.slice[0].slice, cst.Slice)
    )


def unordered_keys(column: Column) -> bool:
    """Keys whose order says nothing (a dict's, not ``range``'s): a copy takes each once."""
    return isinstance(column, Counting) and not column.arithmetic and column.bounds is None


def holds_items(column: Column) -> bool:
    """A column of a container's items (not a count, a zip's tuple or untracked)."""
    return column is not None and not isinstance(column, (Counting, Zipped, Sliced))


def unaligned(args: list[cst.BaseExpression], columns: list[Column]) -> list[Column]:
    """The columns of ``zip(pends, outs[1:])``: a slice's items do not line up with the items
    the other column's Pendings borrow, so each step takes some item of each container, in
    line with none (a read of ``outs[i + 1]`` after waiting ``pends[i]`` is a use in flight).
    Where every argument starts at the same position (``zip(pends[:-1], outs[:-1])``,
    ``zip(bufs[:2], ops)``), or anything but a container's own items is walked, nothing is
    claimed (silence, as before)."""
    starts = {_start(a) for a in args}
    if len(starts) == 1 and None not in starts:
        return [None] * len(columns)
    out: list[Column] = []
    for column in columns:
        held = column.value if isinstance(column, Sliced) else column
        if not isinstance(held, Many):
            return [None] * len(columns)
        out.append(dataclasses.replace(held, lane=None))
    return out


def _start(arg: cst.BaseExpression) -> int | None:
    """The position of its container ``zip`` takes first from ``arg``, stepping by one: 0 for
    a container, ``s`` for ``x[s:...]`` (a constant ``s`` >= 0); None otherwise."""
    if not is_slice(arg):
        return 0
    index = cst.ensure_type(cst.ensure_type(arg, cst.Subscript).slice[0].slice, cst.Slice)
    if index.step is not None and const_int(index.step) != 1:
        return None
    start = 0 if index.lower is None else const_int(index.lower)
    return start if start is not None and start >= 0 else None
