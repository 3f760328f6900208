"""``for`` loops and comprehensions over containers (also through ``enumerate``, ``zip``,
``range(len(...))``, ``.items()``, ``.values()``, slices and copies): what each step takes.

Each step takes an element of its own (``Containers.element_of``'s kind): a new object per
step, the previous one its summary (one of the earlier steps' elements, apart from this one,
as a loop takes each item once), and a copy of each holder it may be, from which
``loop_done`` concludes what the loop did to every element. A counter (``range``'s,
``enumerate``'s) advances (``tilecheck.host.counters``); ``bufs[i]`` of ``for i in
range(len(bufs))`` is the step's element."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.containers import ELEMENTS, distinct_items
from tilecheck.host.counters import distinct_constants
from tilecheck.host.indices import NOW, Axis, Bounds, Select, short_of, span_of
from tilecheck.host.loop_columns import (
    KEYS,
    Column,
    Counting,
    Sliced,
    Zipped,
    backwards,
    bound_in,
    holds_items,
    is_range,
    is_reversed,
    is_slice,
    keyed_rows,
    packed_columns,
    plain_arguments,
    single,
    source_path,
    target_parts,
    unaligned,
    unordered_keys,
)
from tilecheck.host.model import LIVE, NOTHING, Hold, Kind, Many, Oids, Packed, Value, flatten
from tilecheck.host.nested_items import NestedItems
from tilecheck.host.turn_offsets import strip_walked, walked_select
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_of, target_names


class Loops(NestedItems):
    __slots__ = """_elements _loop_of _loops _rebinds _short _short_loop _turned _turns _walked
    _walks shortened""".split()

    def __init__(self, ctx: object) -> None:
        NestedItems.__init__(self, ctx)
        self._loops: dict[int, str] = {}  # id of a ``for`` iterable -> the key of its value
        self._loop_of: dict[int, cst.For] = {}  # id of a ``for`` iterable -> the loop
        self._elements: dict[int, dict[int, int]] = {}  # loop -> taken holder -> its origin
        self._turns: dict[int, set[int]] = {}  # loop -> the elements it takes
        self._turned: dict[int, dict[object, int]] = {}  # loop -> this step's elements
        self._rebinds: dict[int, frozenset[str]] = {}  # loop -> names its body binds
        # a counter walking a container's indices -> the loop and the containers' paths (that
        # one's, and those of the containers it lines up with)
        self._walks: dict[str, tuple[cst.For, frozenset[str]]] = {}
        self._walked: dict[str, set[int]] = {}  # a counter -> elements taken as ``c[counter]``
        self._short: dict[str, str] = {}  # a counter -> a container it walks but for its last
        self._short_loop: dict[str, cst.For] = {}  # such a counter -> its loop
        self.shortened: dict[str, set[int]] = {}  # such a container -> its Pendings' sites

    def element_of(self, base: Many, index: cst.BaseExpression, axis: Axis | None) -> Value:
        if base.path is not None and isinstance(index, cst.Name):
            if self._short.get(index.value) == base.path:  # never its last items
                return self.short_element(base, index, axis)
            walk = self._walks.get(index.value)
            if walk is not None and base.path in walk[1]:  # ``for i in range(len(bufs))``
                return self.materialize(walk[0], base, index.value, distinct=base.distinct)
        return NestedItems.element_of(self, base, index, axis)

    def popped_by_step(self, path: str, key: cst.BaseExpression, contents: Oids) -> Value | None:
        walk = self._walks.get(key.value) if isinstance(key, cst.Name) else None
        if walk is None or path not in walk[1]:
            return None
        held = self.stored(path) or NOTHING
        return self.element_of(Many(contents, path, distinct_items(held)), key, None)

    def short_element(self, base: Many, index: cst.Name, axis: Axis | None) -> Value:
        """``pends[i]`` of ``for i in range(len(pends) - 1)``: one of the items but the last,
        so its Pendings are copies (waiting for one leaves the last in flight)."""
        found = flatten(NestedItems.element_of(self, base, index, axis))
        loop = self._short_loop.get(index.value)
        if loop is not None and any(self.site_of(o) in self.sliced_off for o in found):
            # the step's item, as ``for p in pends[:-1]`` takes it; the items left out are
            # reported where they are made (``Windows.slice_leaves``)
            return self.materialize(loop, base, index.value, distinct=base.distinct)
        out: set[int] = set()
        for oid in found:
            info, hold = self.infos[oid], self.holds.get(oid)
            if info.kind is not Kind.PENDING or hold is None:
                out.add(oid)
                continue
            self.windowed.add(self.site_of(oid))
            assert base.path is not None
            self.shortened.setdefault(base.path, set()).add(self.site_of(oid))
            key = ("short", id(index), oid)
            m = self.fresh(info.kind, index, info.label, group=info.group, key=key)
            self.adopt(m, frozenset({oid}))
            self.primary.setdefault(m, self.site_of(oid))
            self.set_hold(m, hold)
            out.add(m)
        return frozenset(out)

    def short_loop(self, counter: str) -> cst.For | None:
        """The loop ``for counter in range(len(pends) - k)`` that walks a list but its last."""
        return self._short_loop.get(counter)

    def aligned(self, path: str) -> frozenset[str]:
        """``path`` and the containers its items line up with (``tilecheck.host.lanes``)."""
        return frozenset({path})

    def bind_name(self, name: str, value: Value) -> None:
        if self._walked and strip_walked(self.infos, self._walked, name):
            self.family_version += 1
        if name not in self._counting:
            self._walks.pop(name, None)
            self._short.pop(name, None)
            self._short_loop.pop(name, None)
        NestedItems.bind_name(self, name, value)

    # -- loops ----------------------------------------------------------------------------------
    def note_loops(self, loops: list[cst.For]) -> None:
        for loop in loops:
            self._loops[id(loop.iter)] = f" iter{len(self._loops)}"
            self._loop_of[id(loop.iter)] = loop

    def evaluated(self, expr: cst.BaseExpression, value: Value) -> None:
        """A control-flow expression was evaluated: a ``for``'s iterable is kept for it, and
        the loop starts a run (the elements it took in an earlier one may be any now)."""
        key = self._loops.get(id(expr))
        if key is None:
            return
        self.set_env(key, None)
        self.set_env(key + " taken", None)
        self.drop_paths(key)
        self.store(key, value)
        loop = self._loop_of.get(id(expr))
        if loop is not None:
            for m in self._turns.get(id(loop), ()):
                self.retire(m)
                self.retire(self.summary_of(m))
            self.restart(set(target_names(loop.target)))
            counting = self.range_counting(loop)
            if counting is not None and isinstance(loop.target, cst.Name):
                self.first_turn_entered(loop.target.value, counting)

    def range_counting(self, loop: cst.For) -> Counting | None:
        """The counter of ``for i in range(...)`` whose body does not rebind ``i``."""
        it, target = loop.iter, loop.target
        if not (
            isinstance(it, cst.Call)
            and isinstance(it.func, cst.Name)
            and it.func.value == "range"
            and all(not a.star and a.keyword is None for a in it.args)
            and isinstance(target, cst.Name)
            and target.value not in self.rebinds(loop)
        ):
            return None
        return self.counting([a.value for a in it.args])

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        """Bind a ``for`` target to what one step takes (``fallback``: a literal's names)."""
        self._turned[id(loop)] = {}
        columns = self.columns(loop.iter, self.stored(self._loops[id(loop.iter)]))
        if len(columns) > 1:
            self.take(loop, loop.target, Zipped(tuple(columns)))
        else:
            self.take(loop, loop.target, fallback if columns[0] is None else columns[0])

    def take(
        self,
        loop: cst.For,
        target: cst.BaseExpression,
        column: Column,
        walked: str | None = None,
    ) -> None:
        """Bind (part of) a loop's target to one column of what a step takes (``walked``: the
        path of the container whose keys another column takes)."""
        if isinstance(column, Counting):
            if isinstance(target, cst.Name) and target.value not in self.rebinds(loop):
                self.advance(target.value, column.step, column.bounds, arithmetic=column.arithmetic)
                if column.walks is not None:
                    self._walks[target.value] = (loop, self.aligned(column.walks))
                if column.short is not None:
                    self._short[target.value] = column.short
                    self._short_loop[target.value] = loop
            else:
                self.bind(target, NOTHING)
            return
        if isinstance(column, Zipped):
            parts = target.elements if isinstance(target, (cst.Tuple, cst.List)) else ()
            if len(parts) == len(column.columns) and not any(
                isinstance(e, cst.StarredElement) for e in parts
            ):
                walks = [c.walks for c in column.columns if isinstance(c, Counting) and c.walks]
                for part, inner in zip(parts, column.columns, strict=True):
                    # ``for k, t in d.items()``: ``t`` is the step's ``d[k]``
                    self.take(loop, part.value, inner, walks[0] if len(walks) == 1 else None)
            else:  # taken whole, as unknown code would
                for inner in column.columns:
                    if isinstance(inner, (frozenset, Packed, Many)):
                        self.escape(inner)
                self.bind(target, NOTHING)
            return
        within = column.within if isinstance(column, Sliced) else None
        value = column.value if isinstance(column, Sliced) else column
        value = NOTHING if value is None else value
        if not flatten(value):
            self.bind(target, value)
        elif isinstance(target, cst.Name):
            distinct = distinct_items(value)
            space = walked if walked is not None and value == self.stored(walked) else None
            taken = self.materialize(
                loop, value, target.value, within, distinct=distinct, space=space
            )
            self.bind_name(target.value, taken)
        elif isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, Packed):
            self.bind(target, packed_columns(value, len(target.elements)))
        elif (
            isinstance(target, (cst.Tuple, cst.List))
            and isinstance(value, Many)
            and self.take_row(loop, target, value)
        ):
            pass
        else:  # a tuple of each item: any name may take any of what the items hold
            for name in target_names(target):
                taken = self.materialize(loop, value, name, distinct=False, space=name)
                self.bind_name(name, taken)

    def take_row(self, loop: cst.For, target: cst.Tuple | cst.List, value: Many) -> bool:
        """Bind a tuple target to one row of a container of rows (``tilecheck.host.rows``);
        False where its rows are not known."""
        return False

    def columns(self, iterable: cst.BaseExpression, whole: Value | None) -> list[Column]:
        """What a loop (or a comprehension) takes each step, column by column: ``enumerate``,
        ``zip``, ``range``, a dict's ``.items()`` and ``.values()``, copies and slices look
        through to the containers they walk."""
        call = iterable if type(iterable) is cst.Call else None
        func = call.func if call is not None else None
        args, plain = plain_arguments(call, func)
        if type(func) is cst.Name and plain:
            name = func.value
            if name == "range":
                return [self.counting(args)]
            if name == "reversed" and len(args) == 1 and is_range(args[0]):
                return [backwards(self.columns(args[0], None)[0])]
            if name == "enumerate" and 1 <= len(args) <= 2:
                inner = self.columns(args[0], None)
                start = const_int(args[1], self.ctx.constants) if len(args) == 2 else 0
                walks = path_of(args[0]) if start == 0 else None
                counter = Counting(1, Bounds(start), walks=walks)
                return [counter, inner[0] if len(inner) == 1 else Zipped(tuple(inner))]
            if name == "zip" and args:
                if all(is_reversed(a) for a in args):  # each in the same other order
                    args = [a.args[0].value for a in args if isinstance(a, cst.Call)]
                parts = [self.columns(a, None) for a in args]
                columns = [
                    p[0] if single(p) else Zipped(tuple(p)) if len(p) > 1 else None for p in parts
                ]
                if self.slice_breaks_lanes(args, columns):
                    return unaligned(args, columns)
                return columns
            if name in ("list", "tuple", "sorted", "reversed", "iter") and len(args) == 1:
                inner = self.columns(args[0], None)
                if name in ("sorted", "reversed") and single(inner) and isinstance(inner[0], Many):
                    # another order: its items no longer line up with another's by position
                    return [dataclasses.replace(inner[0], lane=None)]
                if unordered_keys(inner[0]) and all(map(holds_items, inner[1:])):
                    # ``sorted(d)``, ``list(d.items())``: each key once (with its value), in
                    # any order: no longer in line with another's items by position
                    return [
                        dataclasses.replace(c, lane=None) if isinstance(c, Many) else c
                        for c in inner
                    ]
                return inner if single(inner) else [None]
        if isinstance(func, cst.Attribute) and not args:
            walked = Counting(1, None, arithmetic=False, walks=path_of(func.value))
            if func.attr.value == "items":
                return [walked, self.holding(func.value)]
            if func.attr.value == "values":
                return [self.holding(func.value)]
            if func.attr.value == "keys":
                return [walked]
        if distinct_constants(iterable):
            return [KEYS]
        if (rows := keyed_rows(iterable)) is not None:  # a literal of (key, value) rows
            return [
                KEYS if c is None else self.holding(cst.Tuple([cst.Element(v) for v in c]))
                for c in rows
            ]
        path = path_of(iterable)
        if path is not None and self.dict_named(path):  # ``for k in d``: as ``d.keys()``
            return [Counting(1, None, arithmetic=False, walks=path)]
        if path is not None and (
            path + "[!]" in self.env
            or (isinstance(held := self.stored(path), Packed) and held.keys is not None)
        ):
            return [KEYS]  # a dict's keys, or a name for a literal of different constants
        if path is not None and self.string_keyed(path):  # ``for k in d``: as ``d.keys()``
            return [Counting(1, None, arithmetic=False, walks=path)]
        if isinstance(iterable, cst.Subscript) and len(iterable.slice) == 1:
            sliced = self.holding(iterable.value)
            index = iterable.slice[0].slice
            if isinstance(sliced, (Packed, Many)) and isinstance(index, cst.Slice):
                items = Many(flatten(sliced), None, distinct_items(sliced))
                span = span_of(index, self.ctx.constants)
                path = path_of(iterable.value)
                elements = frozenset(o for o in items.contents if self.infos[o].kind in ELEMENTS)
                if span is None or path is None or not items.distinct or not elements:
                    return [items]
                return [Sliced(items, Select(elements, path, (span,)))]
        if isinstance(iterable, (cst.Name, cst.Attribute, cst.Subscript)):
            found = self.holding(iterable)
            if found is not None:
                return [found]
        if whole is not None and flatten(whole):
            return [whole]
        return [self.holding(iterable) if isinstance(iterable, (cst.Tuple, cst.List)) else None]

    def slice_breaks_lanes(self, args: list[cst.BaseExpression], columns: list[Column]) -> bool:
        """``zip(pends[:-1], bufs[:-1])``: a slice's items no longer line up with the items
        its Pendings (ops) borrow, nor with another column's: not followed (silence)."""
        if len(columns) < 2 or not any(is_slice(a) for a in args):
            return False
        held = [c.value if isinstance(c, Sliced) else c for c in columns]
        return any(
            self.infos[o].kind in (Kind.PENDING, Kind.OP)
            for c in held
            if isinstance(c, (frozenset, Packed, Many))
            for o in flatten(c)
        )

    def string_keyed(self, path: str) -> bool:
        """A dict: an item kept under a string key (``d = {"k": t}``, ``d["k"] = t``)."""
        prefix = path + "["
        return any(
            k.startswith(prefix) and k[len(prefix) :][:1] in ("'", '"') and k in self.env
            for k in self._under.get(path.split("[")[0].split(".")[0], ())
        )

    def counting(self, args: list[cst.BaseExpression]) -> Counting | None:
        """``range(...)``'s index, when its step is known (``range(len(bufs))``: walking the
        indices of ``bufs``)."""
        step = const_int(args[2], self.ctx.constants) if len(args) == 3 else 1
        if not step:
            return None
        start = const_int(args[0], self.ctx.constants) if len(args) >= 2 else 0
        stop = const_int(args[1 if len(args) >= 2 else 0], self.ctx.constants) if args else None
        size = args[0] if len(args) == 1 else None
        walks = None
        if (
            isinstance(size, cst.Call)
            and isinstance(size.func, cst.Name)
            and size.func.value == "len"
            and len(size.args) == 1
        ):
            walks = path_of(size.args[0].value)
        return Counting(step, Bounds(start, stop), walks=walks, short=short_of(size))

    def holding(self, expr: cst.BaseExpression) -> Value | None:
        """What a path holds now (a display: its items), without evaluating anything."""
        if exact.is_sequence(expr):
            if any(type(e) is cst.StarredElement for e in expr.elements):
                return None
            items: list[Value] = []
            for element in expr.elements:
                path = path_of(element.value)
                found = self.stored(path) if path is not None else None
                items.append(found if found is not None else NOTHING)
            return Packed(tuple(items))
        path = path_of(expr)
        return self.stored(path) if path is not None else None

    def taken_by(
        self, target: cst.BaseExpression, iterable: cst.BaseExpression, value: Value
    ) -> tuple[dict[str, tuple[Oids, bool]], frozenset[str]]:
        """What a comprehension's target names take from what it walks (``value``): one of the
        tensors (and instances) it holds, an object of its own (a lane: ``note_lane``), taken
        as a slice says, with whether the items are different objects step by step; and the
        names that take a running index or a key."""
        parts = target_parts(target, iterable, self.columns(iterable, value))
        if parts is None:
            return {}, frozenset()
        counters = frozenset(
            p.value for p, c, _ in parts if isinstance(p, cst.Name) and isinstance(c, Counting)
        )
        out: dict[str, tuple[Oids, bool]] = {}
        for part, column, walked in parts:
            within = column.within if isinstance(column, Sliced) else None
            if isinstance(column, Sliced):
                column = column.value
            if not isinstance(part, cst.Name) or not isinstance(column, (frozenset, Packed, Many)):
                continue
            source = source_path(column, walked) if within is None else None
            taken: set[int] = set()
            for kind in ELEMENTS:
                items = frozenset(self.kinds(flatten(column), kind))
                if items:
                    row = self.within_row(items) if within is None else None
                    lane = self.selection(
                        ("lane", iterable, part.value, kind),
                        f"`{part.value}`",
                        items,
                        (within,) if within is not None else (row,) if row is not None else (),
                        kind=kind,
                    )
                    if row is not None:
                        self.note_within(lane, items)
                    self.took_element(lane, items)
                    if distinct_items(column):
                        self.note_lane(lane, source, items)
                    taken.add(lane)
            if taken:
                out[part.value] = (frozenset(taken), distinct_items(column))
        return out, counters

    def step_holders(
        self, expr: cst.CSTNode, for_in: cst.CompFor, value: Value
    ) -> dict[str, dict[int, int]]:
        """The ops, pendings, partitions and graphs a comprehension's target names take, one
        step's copy of each holder they may be (``[op.submit() for op in ops]``), from which
        ``holders_done`` concludes what it did to every item, as ``loop_done`` does for a
        loop. Only a comprehension of one ``for`` and no ``if``, over whole containers, takes
        every item once."""
        if for_in.ifs or for_in.inner_for_in is not None:
            return {}
        parts = target_parts(for_in.target, for_in.iter, self.columns(for_in.iter, value))
        out: dict[str, dict[int, int]] = {}
        for part, column, _ in parts or ():
            if not isinstance(part, cst.Name) or not isinstance(column, (frozenset, Packed, Many)):
                continue
            copies: dict[int, int] = {}
            for oid in flatten(column):
                info = self.infos[oid]
                hold = self.holds.get(oid)
                if info.kind in ELEMENTS or hold is None:
                    continue
                key = ("comprehension step", id(expr), oid, part.value)
                m = self.fresh(info.kind, expr, info.label, group=info.group, key=key)
                self.adopt(m, frozenset({oid}))
                self.primary.setdefault(m, self.site_of(oid))
                self.set_hold(m, hold)
                copies[m] = oid
            if copies:
                out[part.value] = copies
        return out

    def holders_done(self, copies: dict[int, int]) -> None:
        """A comprehension went through every item: what it did to its step's copy of a
        holder (run, waited, consumed) it did to each item that holder stands for; a copy
        given away (``asyncio.ensure_future(p)``, or the items of a generator given to unknown
        code) gave every item away."""
        for m, origin in copies.items():
            found = self.holds.get(m)
            hold = self.holds.get(origin)
            if found is None and hold is not None and m not in self.holds:
                self.escape(frozenset({origin}))
            elif found is not None and hold is not None and hold.live and not found.status & LIVE:
                self.set_hold(
                    origin, Hold(found.status, hold.borrows, found.released_at, found.consumed_at)
                )
            for name, oids in list(self.env.items()):
                if m in oids:
                    self.set_env(name, (oids - {m}) | {origin})
            self.set_hold(m, None)

    def comprehension_done(self) -> None:
        """A comprehension's names are out of scope (``tilecheck.host.indexed``)."""

    def note_lane(self, lane: int, source: str | None, items: Oids) -> None:
        """``lane`` walks the container at ``source`` (``tilecheck.host.lanes``)."""

    def rebinds(self, loop: cst.For) -> frozenset[str]:
        """The names the body of a loop binds (a counter it rebinds is no counter)."""
        found = self._rebinds.get(id(loop))
        if found is None:
            found = self._rebinds[id(loop)] = bound_in(loop.body)
        return found

    def materialize(
        self,
        loop: cst.For,
        value: Value,
        name: str,
        within: Select | None = None,
        *,
        distinct: bool = True,
        space: str | None = None,
    ) -> Oids:
        """What one iteration takes from ``value`` into ``name``: a new object per iteration
        (the previous one becomes its summary), one of the container's items (when they are
        ``distinct`` objects: another one than the earlier iterations took); and a copy of
        each holder it may be, which ``loop_done`` concludes from. Made once per step for
        one container (``bufs[i]`` of ``for i in range(len(bufs))`` is the step's element)."""
        if space is None:
            space = value.path if isinstance(value, Many) and value.path is not None else name
        memo = self._turned.setdefault(id(loop), {})
        out: set[int] = set()
        contents = flatten(value)
        for kind in ELEMENTS:
            elements = frozenset(self.kinds(contents, kind))
            if elements:
                out.add(self.turn(loop, memo, kind, space, elements, within, distinct=distinct))
        made = self._elements.setdefault(id(loop), {})
        for oid in contents:
            info = self.infos[oid]
            if info.kind in ELEMENTS:
                continue
            key = ("element", loop, oid, space)
            m = memo.get(key)
            if m is None:
                m = memo[key] = self.fresh(info.kind, loop, info.label, group=info.group, key=key)
                self.adopt(m, frozenset({oid}))
                self.primary.setdefault(m, self.site_of(oid))
                hold = self.holds.get(oid)
                if hold is not None:
                    self.set_hold(m, self.turn_hold(loop, value, oid, hold))
                made[m] = oid
                # held for ``loop_done`` even where no name takes it (``ops[i].sync()``)
                steps = self._loops[id(loop.iter)] + " taken"
                self.set_env(steps, self.env.get(steps, NOTHING) | {m})
            out.add(m)
        return frozenset(out)

    def turn(
        self,
        loop: cst.For,
        memo: dict[object, int],
        kind: Kind,
        space: str,
        elements: Oids,
        within: Select | None = None,
        *,
        distinct: bool = True,
    ) -> int:
        """The element of ``elements`` (kept under ``space``) this step of ``loop`` takes."""
        key = ("element", loop, kind, space)
        m = memo.get(key)
        if m is None:
            m = memo[key] = self.fresh(kind, loop, f"`{space}`", key=key)
            steps = self._loops[id(loop.iter)]
            selects = [Select(elements, steps, (NOW,))] if distinct else []
            if distinct:
                selects += walked_select(self._walks, self._walked, loop, space, m, elements)
            if within is not None:
                selects.append(within)
            row = self.within_row(elements) if within is None else None
            if row is not None:  # one row's items (``tilecheck.host.nested_items``)
                selects.insert(0, row)
                self.note_within(m, elements)
            self.adopt(m, elements, *selects)
            self._turns.setdefault(id(loop), set()).add(m)
            self.took_element(m, elements)
        return m

    def turn_hold(self, loop: cst.For, value: Value, origin: int, hold: Hold) -> Hold:
        """What a holder taken from ``value`` by a step of ``loop`` holds: what ``origin``
        does (``tilecheck.host.lanes``: the step's item of a comprehension's lane)."""
        return hold

    def loop_done(self, loop: cst.For) -> None:
        """The loop went through every element: what its body did to each one it took (run,
        waited, consumed), on every iteration, was done to every element."""
        key = self._loops.get(id(loop.iter))
        if key is not None:
            self.set_env(key, None)
            self.drop_paths(key)
        for name in [n for n, (walked, _) in self._walks.items() if walked is loop]:
            del self._walks[name]
        self.first_turn_over(set(target_names(loop.target)))
        for name in target_names(loop.target):  # what bounds its counters is the loop's
            if name in self.defs:
                self.set_def(name, None)
        self.set_env(self._loops[id(loop.iter)] + " taken", None)
        for m, element in self._elements.get(id(loop), {}).items():
            taken = (m, self._summary.get(m, -1))
            found = [h for h in map(self.holds.get, taken) if h is not None]
            hold = self.holds.get(element)
            if found and hold is not None and hold.live:
                merged = found[0] if len(found) == 1 else found[0].join(found[1])
                if not merged.status & LIVE:
                    self.set_hold(
                        element,
                        Hold(merged.status, hold.borrows, merged.released_at, merged.consumed_at),
                    )
            # the loop's target holds the last element: one of those it was taken from
            for name, oids in list(self.env.items()):
                if not oids.isdisjoint(taken):
                    self.set_env(name, (oids - set(taken)) | {element})
            for copy in taken:
                if copy in self.holds:
                    self.set_hold(copy, None)
