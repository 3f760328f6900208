"""Comprehensions over a container of known length, followed position by position (round 26A
of issue 17).

``[op.submit() for op in ops]``, ``[tr.zeros(n) for _ in range(4)]``,
``[K.fill(tiles(s), 0.0) for i, s in enumerate(slots)]``: a list or tuple comprehension with
one ``for`` and no ``if``, over a display, a name whose items are known one by one, a constant
``range`` or ``enumerate``/``zip`` of those, of at most ``LIMIT`` items, is evaluated once per
position, with its target bound to that position's item. Its result is a ``Packed`` of the
per-position values, as a display of the same items would be: slices, ``*x``, indices, loops
and unpacking then see each item (and the same object in two positions is one object twice).
Objects made while evaluating position ``i`` are keyed by the site and the position
(``Frame.fresh``), so the four tensors of ``range(4)`` are four objects.

Anything else (a filtering ``if``, a second ``for``, a set or dict comprehension, a generator,
an unknown length, more than ``LIMIT`` items) is evaluated as before: once, for any item
(``tilecheck.host.expressions``), a ``Many``."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.containers import constant_slice
from tilecheck.host.context import Context
from tilecheck.host.indices import At
from tilecheck.host.loop_columns import Column
from tilecheck.host.model import NOTHING, Oids, Packed, Value, flatten
from tilecheck.host.position_uses import positional_comprehensions
from tilecheck.host.skipped_waits import SkippedWaits
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_of, target_names

LIMIT = 16  # positions followed one by one; a longer container stays a ``Many``

# What one step takes: a value, a counter's constant (``range``, ``enumerate``), or a row of
# those (``enumerate``, ``zip``).
Item = Value | int | tuple["Item", ...]


class Positions(SkippedWaits):
    __slots__ = ("_positional",)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._positional: dict[int, frozenset[int]] = {}

    def _comprehension(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> Value:
        first = expr.for_in
        if (
            not isinstance(expr, (cst.ListComp, cst.GeneratorExp))
            or id(expr) not in self.positional()
            or first.ifs
            or first.inner_for_in is not None
            or first.asynchronous is not None
            or self.lazy
            or self.maybe
        ):
            return super()._comprehension(expr)
        items = self.positions(first.iter)
        if items is None or not _bindable(first.target, items):
            return super()._comprehension(expr)
        self.ev(first.iter)
        return self.unrolled(expr, first.target, items)

    def columns(self, iterable: cst.BaseExpression, whole: Value | None) -> list[Column]:
        """``for p in pend[::2]``: a constant slice of items known one by one walks those
        items, in order (``Containers.subscript`` made them)."""
        found = super().columns(iterable, whole)  # (what walking a slice notes, as ever)
        if (
            type(iterable) is cst.Subscript
            and isinstance(whole, Packed)
            and whole.keys is None
            and len(iterable.slice) == 1
            and constant_slice(iterable.slice[0].slice, self.ctx.constants) is not None
        ):
            return [whole]
        return found

    def positional(self) -> frozenset[int]:
        """The list comprehensions of this scope taken apart by position."""
        scope = self.scope_node or self.module_node
        if scope is None:
            return frozenset()
        found = self._positional.get(id(scope))
        if found is None:
            found = self._positional[id(scope)] = positional_comprehensions(scope)
        return found

    # -- the items a known-length iterable takes, one by one ---------------------------------
    def positions(self, iterable: cst.BaseExpression) -> list[Item] | None:
        """What each step of ``for ... in iterable`` takes, in order, where the iterable's
        length is known and at most ``LIMIT`` (None: not known); read without evaluating."""
        if type(iterable) is cst.Call and type(iterable.func) is cst.Name:
            args = iterable.args
            if any(a.keyword is not None or a.star for a in args):
                return None
            name = iterable.func.value
            if name == "range" and 1 <= len(args) <= 3:
                bounds = [const_int(a.value, self.ctx.constants) for a in args]
                if any(b is None for b in bounds) or (len(bounds) == 3 and bounds[2] == 0):
                    return None
                steps = range(*(b for b in bounds if b is not None))
                return list(steps) if len(steps) <= LIMIT else None
            if name == "enumerate" and len(args) == 1:
                inner = self.positions(args[0].value)
                return None if inner is None else [(i, v) for i, v in enumerate(inner)]
            if name == "zip" and args:
                columns = [self.positions(a.value) for a in args]
                known = [c for c in columns if c is not None]
                if len(known) < len(columns) or len({len(c) for c in known}) != 1:
                    return None  # (an unequal ``zip`` stops at the shortest: not followed)
                return [tuple(row) for row in zip(*known, strict=True)]
            return None
        if type(iterable) in (cst.List, cst.Tuple):
            elements = iterable.elements  # type: ignore[attr-defined]
            if any(type(e) is not cst.Element for e in elements) or len(elements) > LIMIT:
                return None
            out: list[Item] = []
            for element in elements:
                number = const_int(element.value, self.ctx.constants)
                if number is not None:
                    out.append(number)
                elif path_of(element.value) is not None:
                    out.append(self._position_item(element.value))
                else:  # (items with effects of their own are evaluated once, below)
                    return None
            return out
        path = path_of(iterable)
        held = self.lookup_path(path) if path is not None else None
        if isinstance(held, Packed) and held.keys is None and len(held.items) <= LIMIT:
            return list(held.items)
        return None

    def _position_item(self, expr: cst.BaseExpression) -> Value:
        path = path_of(expr)
        held = self.lookup_path(path) if path is not None else None
        if held is not None:
            return held
        return self.env.get(path, NOTHING) if path is not None else NOTHING

    # -- evaluating the element once per position --------------------------------------------
    def unrolled(
        self, expr: cst.ListComp | cst.GeneratorExp, target: cst.BaseExpression, items: list[Item]
    ) -> Value:
        names = list(dict.fromkeys(target_names(target)))
        saved = {n: self.env.get(n) for n in names}
        saved_bound = {n: self.bound.get(n) for n in names}
        saved_defs = {n: self.defs.get(n) for n in names}
        out: list[Value] = []
        for i, item in enumerate(items):
            self.positions_stack.append(i)
            try:
                for name, value in _bind(target, item) or ():
                    self.retire_free(name)
                    self.drop_paths(name)
                    self.instances.pop(name, None)
                    self.set_def(name, At(value) if isinstance(value, int) else None)
                    oids = _oids(value)
                    self.set_env(name, oids or None)
                    self.set_bound(name, next(iter(oids)) if len(oids) == 1 else None)
                    if oids:
                        self.instance_paths(name, oids)
                out.append(self.ev(expr.elt))
            finally:
                self.positions_stack.pop()
        for name in names:
            self.drop_paths(name)
            self.instances.pop(name, None)
            self.set_env(name, saved[name])
            self.set_bound(name, saved_bound[name])
            self.set_def(name, saved_defs[name])
        return Packed(tuple(out))


def _bindable(target: cst.BaseExpression, items: list[Item]) -> bool:
    """Each name of ``target`` takes a known value at each position: objects, or a counter's
    constant (an unknown one would be the same unknown index at every position)."""
    for item in items:
        bound = _bind(target, item)
        if bound is None or any(not isinstance(v, int) and not _oids(v) for _, v in bound):
            return False
    return True


def _oids(item: Item) -> Oids:
    if isinstance(item, int):
        return NOTHING
    if isinstance(item, tuple):
        return frozenset().union(*(_oids(i) for i in item)) if item else NOTHING
    return flatten(item)


def _bind(target: cst.BaseExpression, item: Item) -> list[tuple[str, Item]] | None:
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
            inner = _bind(element.value, value)
            if inner is None:
                return None
            out += inner
        return out
    return None
