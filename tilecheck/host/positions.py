"""Comprehensions over a container of known length, followed position by position (26A).

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

from collections.abc import Callable

import libcst as cst

from tilecheck.flow import peel
from tilecheck.flow.elements import ElementKind
from tilecheck.host import constant_filters
from tilecheck.host.containers import constant_slice
from tilecheck.host.context import Context
from tilecheck.host.dict_walks import key_value, literal_dict
from tilecheck.host.display_walks import read_items, slot_assign
from tilecheck.host.indices import At
from tilecheck.host.key_walks import key_walk
from tilecheck.host.loop_columns import Column, Counting
from tilecheck.host.model import NOTHING, Kind, Packed, Value
from tilecheck.host.position_uses import ROW, index_names, positional_comprehensions
from tilecheck.host.range_bounds import bound_of
from tilecheck.host.scope_walks import scope_positions
from tilecheck.host.short_circuits import ShortCircuits
from tilecheck.host.slot_ints import slot_decided
from tilecheck.host.slot_items import Item, string_keys
from tilecheck.host.slot_items import bind_item as _bind
from tilecheck.host.slot_items import constants_walked as _constants
from tilecheck.host.slot_items import item_oids as _oids
from tilecheck.host.slot_items import item_value as _value
from tilecheck.host.slot_items import slot_bindable as _slot_bindable
from tilecheck.host.turn_tests import turn_def
from tilecheck.syntax import drawn
from tilecheck.syntax.constants import const_int, string_value
from tilecheck.syntax.nodes import path_of, target_names

LIMIT = 16  # positions followed one by one; a longer container stays a ``Many``
_TOLERATED = {"zip": "strict", "enumerate": "start"}  # a keyword read (``positions``)


class Positions(ShortCircuits):
    __slots__ = (
        "_positional",
        "_read_slots",
        "_unrolled_index_names",
        "_unrolled_items",
        "unreached",
    )

    small: Callable[[cst.BaseSmallStatement], None]  # (``BodyAnalysis``'s: a statement run)

    def __init__(self, ctx: Context) -> None:
        ShortCircuits.__init__(self, ctx)
        self._read_slots: dict[int, list[cst.Assign]] = {}  # (``display_walks.slot_assign``)
        self._positional: dict[int, frozenset[int]] = {}
        self._unrolled_items: dict[int, list[Item]] = {}  # an unrolled loop -> its slots' items
        # a loop -> the names its body indexes by, each with the roots of what they index
        self._unrolled_index_names: dict[
            int, tuple[dict[str, set[str | None]], frozenset[str]]
        ] = {}
        self.unreached = False  # the element just run is on a way no run takes

    # -- a ``for`` built slot by slot (``tilecheck.flow.unroll``) ----------------------------
    def unroll_gate(self, loop: cst.For, count: int, slots: bool) -> None:
        """``UNROLL_IN`` (``slots``) or ``UNROLL_OUT``: the slots are the way taken where the
        items are known one by one, ``count`` of them, each name of the target taking objects
        or a counter's constant (or nothing, where the body indexes nothing by it)."""
        items = self.positions(loop.iter)
        known = (
            items is not None
            and len(items) == count
            and _slot_bindable(loop.target, items, *self._indexing(loop, items, True))
            and not any(self.infos[o].kind is Kind.INSTANCE for i in items for o in _oids(i))
        )
        if items is None and (reads := read_items(loop)) is not None:  # ``(xs[i], ys[i])``
            known = len(reads) == count
            items = [NOTHING] * count  # (each slot binds its read: ``slot_taken``)
            self._read_slots.setdefault(id(loop), [])
        if known and slots:
            assert items is not None
            self._unrolled_items[id(loop)] = items
            self._evaluated_holders[id(loop)] = loop  # (its stores, as ``KeyedRuns`` notes)
            if type(loop.iter) is cst.Subscript:  # ``for p in pends[1:]`` (round 37A)
                self.walked_slice(loop.iter)
        if known != slots:
            self.unreached = True

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        ShortCircuits.iterate(self, loop, fallback)
        if type(loop.iter) is cst.Tuple or type(loop.iter) is cst.List:
            elements = loop.iter.elements
            if len(elements) == 1 and read_items(loop) is not None:  # ``for p in (xs[i],)``
                self.small(slot_assign(self._read_slots, loop, 0))  # (its one turn)
        element = self.element  # a turn built apart (``flow.peel``): its counter's value
        if element is not None and element.width and element.kind is ElementKind.FOR_TARGET:
            found = peel.counter(loop)
            if found is not None:
                self.set_def(found[0], turn_def(found, element.width, self.defs.get(found[0])))

    def skipped_edge(self, test: cst.BaseExpression, truth: bool) -> None:
        """An ``if``'s way: none where a counter's value decides its test the other way
        (``tilecheck.host.turn_tests``, ``slot_ints``), as a slot not taken."""
        found = slot_decided(test, self.defs, self.ctx.constants) if self.defs else None
        if found is not None and found is not truth:
            self.unreached = True
        else:
            ShortCircuits.skipped_edge(self, test, truth)

    def slot_taken(self, loop: cst.For, slot: int) -> None:
        """``FOR_SLOT``: the target takes the item of ``slot``, as ``target = item`` would."""
        if id(loop) in self._read_slots:  # ``p = xs[i]`` then ``p = ys[i]``
            self.small(slot_assign(self._read_slots, loop, slot))
            return
        items = self._unrolled_items.get(id(loop))
        bound = _bind(loop.target, items[slot]) if items is not None else None
        if bound is None:  # (not reached: the way in checked it)
            for name in target_names(loop.target):
                self.bind_name(name, NOTHING)
            return
        for name, value in bound:
            if isinstance(value, (int, str)):  # (a string: a key, ``d.get(name, fb)``)
                self.bind_name(name, NOTHING)
                self.set_def(name, At(value))
            else:
                held = _value(value)
                self.bind_name(name, held)
                if isinstance(held, frozenset) and held:
                    self.set_bound(name, next(iter(held)) if len(held) == 1 else None)
                    self.instance_paths(name, held)

    def _indexing(
        self, loop: cst.For, items: list[Item], keyed: bool = False
    ) -> tuple[frozenset[str], frozenset[str]]:
        """The names ``loop``'s body indexes a container by that the analysis keeps (or
        something not a name's), and those it stores by (``pends[i] = ...``; as ``ROW +
        name`` too where its keys are not each the key of a kept item: ``_own_keys``).
        ``keyed``: a name taking a string key in each slot is left out of the first where
        every container it indexes holds an item under each key it takes (round 40W: the
        slot's ``jobs[name].wait()`` then releases ``outs[name]`` of that key alone)."""
        found = self._unrolled_index_names.get(id(loop))
        if found is None:
            found = self._unrolled_index_names[id(loop)] = index_names(loop.body)
        reading, storing = found
        if keyed:
            reading = {
                n: roots
                for n, roots in reading.items()
                if not string_keys(loop.target, items, n)
                or not self._own_keys(loop, items, n, reading)
            }
        if storing and (type(loop.iter) in (cst.Tuple, cst.List) or _constants(loop.iter, items)):
            storing |= {ROW + n for n in storing if not self._own_keys(loop, items, n, reading)}
        else:
            storing |= {ROW + n for n in storing}
        return frozenset(
            name
            for name, roots in reading.items()
            if any(r is None or self.env.get(r) or self.env.get(r + "[*]") for r in roots)
        ), storing

    def _own_keys(
        self, loop: cst.For, items: list[Item], name: str, reading: dict[str, set[str | None]]
    ) -> bool:
        """Each container the body indexes by ``name`` (a loop over a display of constants)
        is empty here (filled by the loop) or holds an item by each constant ``name`` takes:
        read or stored by that constant in each slot (``key_lists.known_key_path``)."""
        keys = [v for i in items for n, v in _bind(loop.target, i) or () if n == name]
        for root in reading.get(name, ()):
            if root is None:
                return False
            if root + "[*]" in self.env and not self.env[root + "[*]"]:
                continue
            if set(keys) <= set(self.ctx.dict_keys().get(root, ())):
                continue  # the module's dict of those keys (round 37K)
            if not all(f"{root}[{k!r}]" in self.env for k in keys):
                return False
        return True

    def _comprehension(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp
    ) -> Value:
        first = expr.for_in
        if type(expr) is cst.DictComp and id(expr) in self.positional():
            keyed = keyed_positions(self, expr)
            if keyed is not None:
                self._evaluated_holders[id(expr)] = expr  # (its items, as ``KeyedRuns`` notes)
                return keyed
        if (
            not isinstance(expr, (cst.ListComp, cst.GeneratorExp))
            or id(expr) not in self.positional()
            or first.ifs
            or first.inner_for_in is not None
            or first.asynchronous is not None
            or self.lazy
            or self.maybe
        ):
            return ShortCircuits._comprehension(self, expr)
        items = self.positions(first.iter)
        if items is None or not _bindable(first.target, items, expr.elt):
            return ShortCircuits._comprehension(self, expr)
        self.ev(first.iter)
        if type(expr) is cst.ListComp:  # (a holder of items, as ``KeyedRuns`` notes it)
            self._evaluated_holders[id(expr)] = expr
        return self.unrolled(expr, first.target, items)

    def columns(self, iterable: cst.BaseExpression, whole: Value | None) -> list[Column]:
        """``for p in pend[::2]``: a constant slice of items known one by one walks those
        items, in order (``Containers.subscript`` made them)."""
        found = ShortCircuits.columns(self, iterable, whole)  # (what walking a slice notes)
        if len(found) == 1 and (found[0] is None or isinstance(found[0], Counting)):
            walk = key_walk(self, iterable, found[0])  # ``for slot in Slot: plans.pop(slot)``
            if walk is not None:
                return [walk]
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
            cfg = self.body_cfg
            unrolled = frozenset(id(loop) for loop in cfg.unrolled) if cfg is not None else None
            found = self._positional[id(scope)] = positional_comprehensions(
                scope, unrolled or frozenset()
            )
        return found

    # -- the items a known-length iterable takes, one by one ---------------------------------
    def positions(self, iterable: cst.BaseExpression) -> list[Item] | None:
        """What each step of ``for ... in iterable`` takes, in order, where the iterable's
        length is known and at most ``LIMIT`` (None: not known); read without evaluating."""
        if type(iterable) is cst.Call and drawn.spelled(iterable.func) is not None:
            return self._drawn_positions(cst.ensure_type(iterable, cst.Call))
        if type(iterable) is cst.Call and type(iterable.func) is cst.Name:
            args = [a for a in iterable.args if a.keyword is None]
            name = iterable.func.value
            # (``zip``'s ``strict=`` only checks the lengths; ``enumerate``'s ``start=`` offsets
            # the counter, 33A)
            tolerated = _TOLERATED.get(name)
            given = [a for a in iterable.args if a.keyword is not None]
            if any(a.star for a in iterable.args) or len(given) > 1:
                return None
            if given and given[0].keyword is not None and given[0].keyword.value != tolerated:
                return None
            if name == "range" and 1 <= len(args) <= 3:
                bounds = [bound_of(self, a.value) for a in args]
                if any(b is None for b in bounds) or (len(bounds) == 3 and bounds[2] == 0):
                    return None
                steps = range(*(b for b in bounds if b is not None))
                return list(steps) if len(steps) <= LIMIT else None
            if name == "enumerate" and args and len(args) + len(given) <= 2:
                first = [*args[1:], *given]
                start = const_int(first[0].value, self.ctx.constants) if first else 0
                inner = self.positions(args[0].value) if start is not None else None
                if inner is None or start is None:
                    return None
                return [(start + i, v) for i, v in enumerate(inner)]
            if name in ("list", "tuple") and len(args) == 1:
                return self.positions(args[0].value)
            if name == "zip" and args:
                columns = [self.positions(a.value) for a in args]
                known = [c for c in columns if c is not None]
                if len(known) < len(columns) or len({len(c) for c in known}) != 1:
                    return None  # (an unequal ``zip`` stops at the shortest: not followed)
                return [tuple(row) for row in zip(*known, strict=True)]
            return None
        if type(iterable) is cst.Call and type(iterable.func) is cst.Attribute:
            return self._view_positions(iterable)
        if type(iterable) in (cst.List, cst.Tuple):
            elements = iterable.elements  # type: ignore[attr-defined]
            if len(elements) > LIMIT:
                return None
            out: list[Item] = []
            for element in elements:
                if type(element) is not cst.Element:  # ``[*init, last]`` (31C)
                    part = self.positions(element.value)
                    if part is None:
                        return None
                    out += part
                    continue
                number = const_int(element.value, self.ctx.constants)
                if number is not None:
                    out.append(number)
                elif path_of(element.value) is not None:
                    out.append(self._position_item(element.value))
                elif type(element.value) in (cst.List, cst.Tuple):  # ``[(a, b), (c, d)]``
                    row = self.positions(element.value)
                    if row is None:
                        return None
                    out.append(tuple(row))
                elif type(element.value) is cst.SimpleString:
                    text = string_value(cst.ensure_type(element.value, cst.SimpleString))
                    out.append(text if isinstance(text, str) else NOTHING)
                elif type(element.value) is cst.Float:  # a scale, a weight: no object
                    out.append(NOTHING)
                else:  # (items with effects of their own are evaluated once, below)
                    return None
            return out if len(out) <= LIMIT else None
        if type(iterable) is cst.Name or type(iterable) is cst.Attribute:  # (31C, 38A)
            name = path_of(iterable) or ""  # ``picks = [0, 2]``; a class's ``self.SIZES``
            keys = self.ctx.key_lists().get(name) or self.ctx.dict_keys().get(name)
            if keys and len(keys) <= LIMIT:
                return list(keys)
        if type(iterable) is cst.Subscript:  # ``xs[1:]`` of items known one by one (31C)
            return self._sliced_positions(cst.ensure_type(iterable, cst.Subscript))
        path = path_of(iterable)
        held = self.lookup_path(path) if path is not None else None
        if isinstance(held, Packed) and held.keys is None and len(held.items) <= LIMIT:
            return list(held.items)
        if path is not None and self._based and (walked := self.keyed(path)) is not None:
            assert walked.keys is not None  # ``for name in pends`` of a dict kept by keys (40W)
            return [key_value(k) for k in walked.keys] if len(walked.keys) <= LIMIT else None
        if type(iterable) is cst.Name:  # a parameter's, a filtered comprehension's (39K)
            return scope_positions(self, iterable.value, LIMIT)  # type: ignore[return-value]
        return None

    def _drawn_positions(self, call: cst.Call) -> list[Item] | None:
        """``product(xs, repeat=2)``, ``compress(xs, mask)``, ``pairwise(xs)``: the items the
        standard library's definition draws (``syntax.drawn``), each argument's known."""
        from tilecheck.host import drawn_positions  # (rarely met: compiled here)
        from tilecheck.host.library_spec import entry

        form = drawn.spelled(call.func)
        found = entry(self.ctx.callee(call.func).canonical)
        if form is None or found is None or drawn_positions.FORM_OF.get(form) not in found.does:
            return None
        module, cache = self.ctx.module, self.ctx.lowered
        shape = drawn.drawing(call, form, lambda n: drawn_positions.mask_bound(module, n, cache))
        if shape is None:
            return None
        sources, mask, times, size, bounds = shape
        columns = [self.positions(source) for source in sources]
        known = [c for c in columns if c is not None]
        if len(known) != len(columns):
            return None
        plan = drawn.plan(form, [len(c) for c in known], mask, times, size, bounds)
        if plan is None or len(plan) > LIMIT:
            return None
        single = form in drawn.SINGLE
        return [
            known[item[0][0]][item[0][1]] if single else tuple(known[a][i] for a, i in item)
            for item in plan
        ]

    def _sliced_positions(self, iterable: cst.Subscript) -> list[Item] | None:
        if len(iterable.slice) != 1 or type(iterable.slice[0].slice) is not cst.Slice:
            return None
        window = constant_slice(iterable.slice[0].slice, self.ctx.constants)
        path = path_of(iterable.value) if window is not None else None
        held = self.lookup_path(path) if path is not None else None
        if not isinstance(held, Packed) or held.keys is not None or window is None:
            return None
        items = held.items[window]
        return list(items) if len(items) <= LIMIT else None

    def _view_positions(self, call: cst.Call) -> list[Item] | None:
        """``d.values()``, ``d.keys()``, ``d.items()`` of a dict whose constant keys are known,
        with its values: in the order of its keys (a key itself is untracked)."""
        func = call.func
        assert type(func) is cst.Attribute
        view = func.attr.value
        if call.args or view not in ("values", "keys", "items"):
            return None
        path = path_of(func.value)
        held = self.keyed(path) if path is not None and self._based else None
        if held is None and type(func.value) is cst.Name:  # a dict of literals (round 37K)
            held = literal_dict(self.ctx.dict_keys().get(func.value.value))
        if held is None or held.keys is None or len(held.items) > LIMIT:
            return None
        if view == "values":
            return list(held.items)
        # (a key as the constant it is: ``slots[s]`` of ``for s, p in d.items()``)
        keys: list[Item] = [key_value(k) for k in held.keys]
        if view == "keys":
            return keys
        return [(key, item) for key, item in zip(keys, held.items, strict=True)]

    def _position_item(self, expr: cst.BaseExpression) -> Value:
        path = path_of(expr)
        held = self.lookup_path(path) if path is not None else None
        if held is not None:
            return held
        return self.env.get(path, NOTHING) if path is not None else NOTHING

    # -- evaluating the element once per position --------------------------------------------
    def unrolled(
        self,
        expr: cst.ListComp | cst.GeneratorExp | cst.DictComp,
        target: cst.BaseExpression,
        items: list[Item],
    ) -> Packed:
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
                    self.set_def(name, At(value) if isinstance(value, (int, str)) else None)
                    oids = _oids(value)
                    self.set_env(name, oids or None)
                    self.set_bound(name, next(iter(oids)) if len(oids) == 1 else None)
                    if oids:
                        self.instance_paths(name, oids)
                out.append(self.ev(expr.value if isinstance(expr, cst.DictComp) else expr.elt))
            finally:
                self.positions_stack.pop()
        for name in names:
            self.drop_paths(name)
            self.instances.pop(name, None)
            self.set_env(name, saved[name])
            self.set_bound(name, saved_bound[name])
            self.set_def(name, saved_defs[name])
        return Packed(tuple(out))


def keyed_positions(an: Positions, expr: cst.DictComp) -> Packed | None:
    """``{name: stage(x, a) for name, a in (("embed", 1.0), ("attn", 2.0))}``: a dict
    comprehension over items known one by one whose key each position gives as a distinct
    constant (round 31K): its values evaluated position by position, kept by key as the
    display of them would be, so that a walk of its ``.items()`` pairs each key's members.
    None (nothing evaluated): anything else."""
    first = expr.for_in
    if first.inner_for_in is not None or first.asynchronous is not None:
        return None
    if an.lazy or an.maybe or type(expr.key) is not cst.Name:
        return None
    items = an.positions(first.iter)
    if items is not None and first.ifs:  # ``if name != "out"``, decided position by position
        items = _filtered(first.target, items, [c.test for c in first.ifs])
    if items is None or len(items) < 2:
        return None
    indexing = index_names(expr.value)[0]
    keys: list[str] = []
    for item in items:
        bound = _bind(first.target, item)
        if bound is None:
            return None
        key = None
        for name, value in bound:
            if name == expr.key.value:
                key = repr(value) if isinstance(value, str) else None
                key = str(value) if isinstance(value, int) and value >= 0 else key
            elif not isinstance(value, (int, str)) and not _oids(value) and name in indexing:
                return None  # (one unknown index at every position)
        if key is None:
            return None
        keys.append(key)
    if len(set(keys)) != len(keys):
        return None
    an.ev(first.iter)
    return Packed(an.unrolled(expr, first.target, items).items, tuple(keys))


def _filtered(
    target: cst.BaseExpression, items: list[Item], tests: list[cst.BaseExpression]
) -> list[Item] | None:
    """The items whose position passes ``tests`` (round 38P: ``constant_filters``); None
    where a test's truth is not known at some position."""
    out: list[Item] = []
    for item in items:
        bound = _bind(target, item) or ()
        values = {n: v for n, v in bound if isinstance(v, (int, str)) and not isinstance(v, bool)}
        truth = constant_filters.kept(tests, values)
        if truth is None:
            return None
        if truth:
            out.append(item)
    return out


def _bindable(target: cst.BaseExpression, items: list[Item], elt: cst.BaseExpression) -> bool:
    """Each name of ``target`` takes a known value at each position: objects, or a counter's
    constant (an unknown one would be the same unknown index at every position); a name
    ``elt`` uses in no index may take a plain value (``Shard(x, a) for a in (1.0, 2.0)``)."""
    indexing: dict[str, set[str | None]] | None = None
    for item in items:
        bound = _bind(target, item)
        if bound is None:
            return False
        for name, v in bound:
            if isinstance(v, (int, str)) or _oids(v):
                continue
            if indexing is None:
                indexing = index_names(elt)[0]
            if name in indexing:
                return False
    return True
