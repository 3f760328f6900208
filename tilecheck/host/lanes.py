"""A comprehension's result lines up with what it walks: ``pends = [k(b.partition(s)).submit()
for b in bufs]`` has at each position the Pending that writes ``bufs`` at that position. Its
holders borrow a *lane*: "the item of ``bufs`` at my own position". Taking one of them out
says which: ``pends[0]`` (and ``first`` of ``first, *rest = pends``) borrows ``bufs[0]``, and
what stays in ``pends`` every item but that one; the step's ``p`` of ``for p in pends`` (or of
``zip(pends, bufs)``) borrows the step's item of ``bufs``, and what stays the items the loop
has yet to take. So waiting for ``pends[0]`` frees ``bufs[0]`` and no other item, and
``for p, b in zip(pends, bufs): p.wait(); b.to_numpy()`` reads what was waited for.

Only a comprehension with one ``for`` and no ``if`` lines up (a dict comprehension: keyed by
what it walks by, ``{i: ... for i, b in enumerate(bufs)}``, ``{k: ... for k, b in
d.items()}``), and only its own result is taken out this way (not a copy, nor a slice)."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.containers import ELEMENTS
from tilecheck.host.fixed_length import fixed_length
from tilecheck.host.indices import LATER, At, Axis, Others, Select
from tilecheck.host.item_attributes import ItemAttributes
from tilecheck.host.last_appends import keeps_last, last_appends
from tilecheck.host.model import LIVE, NOTHING, Borrow, Hold, Kind, Many, Oids, Value, flatten
from tilecheck.host.slice_ends import left_out


class Lanes(ItemAttributes):
    __slots__ = ("_appended", "_at", "_dict_lanes", "_lanes", "_leaving")

    module_node: cst.Module | None  # the module, when this is its body (``Windows``)

    def __init__(self, ctx: object) -> None:
        ItemAttributes.__init__(self, ctx)
        self._lanes: dict[int, tuple[str, Oids]] = {}  # lane -> the path it walks, its items
        self._at: dict[int, tuple[int, str]] = {}  # a holder taken out -> its lane and key
        self._leaving: dict[int, tuple[int, ...]] = {}  # a short loop -> the keys it never takes
        self._dict_lanes: set[int] = set()  # lanes of dict comprehensions (keyed, never shifted)
        self._appended: dict[int, Oids] = {}  # an appended value -> what it put in, new there

    def add_row(self, path: str, value: Value, expr: cst.BaseExpression) -> None:
        """``xs.append(value)``: what the value put in that ``xs`` did not hold yet, for a
        later walk of ``xs[:-1]`` (``tilecheck.host.last_appends``)."""
        self._appended[id(expr)] = flatten(value) - self.env.get(path + "[*]", NOTHING)
        ItemAttributes.add_row(self, path, value, expr)

    def note_lane(self, lane: int, source: str | None, items: Oids) -> None:
        if source is not None:
            self._lanes[lane] = (source, items)
            self.infos[lane] = dataclasses.replace(self.infos[lane], lane=lane)

    def result_lane(
        self,
        expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp,
        taken: dict[str, tuple[Oids, bool]],
        counters: frozenset[str],
    ) -> int | None:
        """The lane a comprehension's result lines up with, if it does."""
        if expr.for_in.ifs or expr.for_in.inner_for_in is not None:
            return None
        if isinstance(expr, cst.DictComp):
            if not (isinstance(expr.key, cst.Name) and expr.key.value in counters):
                return None
        elif not isinstance(expr, cst.ListComp):
            return None
        lanes = sorted(o for oids, _ in taken.values() for o in oids if o in self._lanes)
        if lanes and isinstance(expr, cst.DictComp):
            self._dict_lanes.add(lanes[0])
        return lanes[0] if lanes else None

    def popped_at(self, path: str, key: cst.BaseExpression, contents: Oids) -> Oids | None:
        """``reserved.pop(0)`` of a dict comprehension keyed by a counter (``{i: ... for i, b
        in enumerate(bufs)}``): the holder under that key, which borrows ``bufs[0]`` only (a
        dict's keys never shift, unlike a list's positions after ``pop(0)``)."""
        held = self.stored(path)
        lane = held.lane if isinstance(held, Many) else None
        if (
            not isinstance(key, cst.Integer)
            or lane not in self._dict_lanes
            or f"{path}[=]" in self.env
            or not isinstance(held, Many)
        ):
            return ItemAttributes.popped_at(self, path, key, contents)
        own = self.holders_at(held, At(int(key.value, 0)))
        if not own or own & contents:
            return None  # not taken out at its own key: any of the items
        self.set_env(f"{path}[{int(key.value, 0)}]", None)
        self.set_env(path + "[*]", self.env.get(path + "[*]", frozenset()) - own)
        return own

    def aligned(self, path: str) -> frozenset[str]:
        held = self.stored(path)
        lane = held.lane if isinstance(held, Many) else None
        if lane is None or lane not in self._lanes:
            return ItemAttributes.aligned(self, path)
        return frozenset({path, self._lanes[lane][0]})

    # -- taking holders out ---------------------------------------------------------------------
    def holders_at(self, base: Many, axis: Axis | None) -> Oids:
        """``pends[0]``: a holder of its own, borrowing ``bufs[0]``; those left in ``pends``
        no longer do."""
        holders = ItemAttributes.holders_at(self, base, axis)
        lane, path = base.lane, base.path
        if lane not in self._lanes or path is None or not isinstance(axis, At):
            return holders
        assert lane is not None
        if isinstance(axis.key, int) and axis.key < 0:  # ``pends[-1]`` of three: ``pends[2]``
            start = self._from_start(lane, (axis.key,))
            if start:
                axis = At(start[0])
        key = str(axis.key) if isinstance(axis.key, int) else repr(axis.key)
        out: set[int] = set()
        for holder in holders:
            at = self._at.get(holder)
            if at is not None and at != (lane, key):
                continue  # taken out at another position
            hold = self.holds.get(holder)
            if hold is not None and self._exact_rest(holder, hold, lane):
                own = self._exact_taken(holder, hold, lane, axis)
                if own is not None:
                    self._at[own] = (lane, key)
                    self.store(f"{path}[{key}]", frozenset({own}))
                    self.set_env(path + "[*]", self.env.get(path + "[*]", frozenset()) | {own})
                    out.add(own)
                    continue
            if hold is None or not self.lined_up(hold, lane):
                out.add(holder)
                continue
            item = frozenset({self.item(lane, axis)})
            own = self.taken_out(holder, ("at", key), self.moved(hold, lane, item))
            self._at[own] = (lane, key)
            rest = self.others(lane, self.excluded(hold, lane) | {axis.key})
            self.set_hold(holder, self.moved(hold, lane, rest))
            self.store(f"{path}[{key}]", frozenset({own}))
            self.set_env(path + "[*]", self.env.get(path + "[*]", frozenset()) | {own})
            out.add(own)
        return frozenset(out)

    def turn_hold(self, loop: cst.For, value: Value, origin: int, hold: Hold) -> Hold:
        """``for p in pends``: the step's ``p`` borrows the step's item of ``bufs``; those
        left in ``pends`` the items the loop has yet to take."""
        lane = value.lane if isinstance(value, Many) else None
        if lane not in self._lanes or not self.lined_up(hold, lane):
            return hold
        assert lane is not None
        source, items = self._lanes[lane]
        now = self.turn(loop, self._turned.setdefault(id(loop), {}), Kind.TENSOR, source, items)
        steps = Select(items, self._loops[id(loop.iter)], (LATER,))
        later = frozenset({self.lane_object(lane, ("later", loop), steps)})
        self.set_hold(origin, self.moved(hold, lane, later))
        return self.moved(hold, lane, frozenset({now}))

    def short_element(self, base: Many, index: cst.Name, axis: Axis | None) -> Value:
        """``pends[i]`` of ``for i in range(len(pends) - 1)`` over a comprehension's result
        whose source list has a fixed length: the step's item, as ``for p in pends`` takes
        it; ``loop_done`` leaves the last ones in flight (the copies of ``Loops`` otherwise)."""
        loop = self.short_loop(index.value)
        lane = base.lane
        if loop is not None and lane is not None and self._from_start(lane, left_out(loop.iter)):
            self._leaving[id(loop)] = left_out(loop.iter)
            return self.materialize(loop, base, index.value, distinct=base.distinct)
        return ItemAttributes.short_element(self, base, index, axis)

    def loop_done(self, loop: cst.For) -> None:
        """A loop over ``pends[:-1]`` (or ``pends[i]`` of ``range(len(pends) - 1)``) of a
        comprehension's result, its source list of a fixed length: what it did to each item
        it took leaves the items it never takes in flight, each on its own lane (``bufs[2]``
        of three), so a read of one of those is what the runtime refuses (and the missing
        wait's finding) while the others are free."""
        kept: dict[int, Hold] = {}
        if keeps_last(loop.iter) is not None:
            kept.update(self._kept_last(loop))
        for element in self._elements.get(id(loop), {}).values():
            sliced = self.sliced_off.get(self.site_of(element))
            hold = self.holds.get(element)
            keys = left_out(sliced) if sliced is not None else self._leaving.get(id(loop), ())
            borrows = hold.borrows if hold is not None else frozenset()
            lanes = {lane for b in borrows if (lane := self.infos[b.tensor].lane) is not None}
            if hold is None or not keys or len(lanes) != 1:
                continue
            (lane,) = lanes
            at = self._from_start(lane, keys)
            if at and self.lined_up(hold, lane):
                items = frozenset(self.item(lane, At(key)) for key in at)
                kept[element] = dataclasses.replace(self.moved(hold, lane, items), status=LIVE)
        ItemAttributes.loop_done(self, loop)
        for element, hold in kept.items():
            now = self.holds.get(element)
            if now is not None and not now.live:
                self.set_hold(element, hold)

    def _kept_last(self, loop: cst.For) -> dict[int, Hold]:
        """``for p in xs[:-1]`` right after ``xs.append(value)``: the one holder the append
        put in is the list's last item, never taken; it stays as it was before the loop."""
        scope = self.scope_node or self.module_node
        value = self.ctx.index.fact(scope, last_appends).get(id(loop)) if scope else None
        put = self._appended.get(id(value), NOTHING) if value is not None else NOTHING
        if len(put) != 1:
            return {}
        (holder,) = put
        hold = self.holds.get(holder)
        if hold is None or not hold.live or self.infos[holder].kind not in (Kind.PENDING, Kind.OP):
            return {}
        return {holder: hold}

    def _from_start(self, lane: int, keys: tuple[int, ...]) -> tuple[int, ...]:
        """``keys`` counted from the start of the list the lane walks, where its length is
        fixed (``tilecheck.host.fixed_length``): ``bufs[-1]`` of three is ``bufs[2]``, apart
        from ``bufs[0]``. None known: none (the loop's waits count for every item, as before)."""
        source = self._lanes[lane][0] if lane in self._lanes else ""
        scope = self.scope_node or self.module_node
        n = (
            fixed_length(scope, source, self.ctx.constants)
            if source.isidentifier() and scope is not None
            else None
        )
        if n is None:
            return ()
        at = tuple(key + n if key < 0 else key for key in keys)
        return at if all(0 <= key < n for key in at) else ()

    def unpacked(self, value: Many, count: int, star: int | None) -> list[Value] | None:
        """``first, *rest = pends``: ``first`` borrows ``bufs[0]``, ``rest`` every other item
        (``*head, last``: ``last`` the last item, ``head`` the others)."""
        lane = value.lane
        if lane not in self._lanes or any(self.infos[o].kind in ELEMENTS for o in value.contents):
            return None
        assert lane is not None
        lined: dict[int, Hold] = {}
        for holder in value.contents:
            hold = self.holds.get(holder)
            if hold is None or not self.lined_up(hold, lane):
                return None
            lined[holder] = hold
        keys = [i if star is None or i < star else i - count for i in range(count)]
        out: list[Value] = []
        for position, key in enumerate(keys):
            if position == star:
                taken = {k for i, k in enumerate(keys) if i != star}
                how: object = ("rest", count, star)
            else:
                taken, how = set(), ("at", key)
            out.append(
                frozenset(
                    self.taken_out(
                        holder,
                        how,
                        self.moved(
                            hold,
                            lane,
                            self.others(lane, self.excluded(hold, lane) | taken)
                            if position == star
                            else frozenset({self.item(lane, At(key))}),
                        ),
                    )
                    for holder, hold in lined.items()
                )
            )
        if star is not None:
            out[star] = Many(flatten(out[star]), None, value.distinct)
        for holder, hold in lined.items():
            # every position went to one of the names, which now stand for these very
            # Pendings: what stays in the list borrows nothing more than they do
            self.set_hold(holder, dataclasses.replace(hold, borrows=frozenset(), cover=None))
        return out

    def _exact_rest(self, holder: int, hold: Hold, lane: int) -> bool:
        """A partition left in a comprehension's result after an item was taken out, where
        what the lane walks is known item by item (``bufs = {"q": a, "k": b}``): it borrows
        those very items (``others``), every one it borrows one of them, for writing."""
        if self.infos[holder].kind is not Kind.PARTITION or not hold.live or not hold.borrows:
            return False
        items = self._lanes[lane][1]
        return all(b.exclusive and b.tensor in items for b in hold.borrows)

    def _exact_taken(self, holder: int, hold: Hold, lane: int, axis: At) -> int | None:
        """Such a partition's item at ``axis``, taken out (an object of its own borrowing that
        item); the partition keeps the others. None where it no longer borrows that item."""
        item = self.item(lane, axis)
        mine = Borrow(item, True)
        if mine not in hold.borrows:
            return None
        own = self.taken_out(
            holder,
            ("at", repr(axis.key)),
            dataclasses.replace(hold, borrows=frozenset({mine}), cover=None),
        )
        self.set_hold(holder, dataclasses.replace(hold, borrows=hold.borrows - {mine}, cover=None))
        return own

    # -- the lane's objects ---------------------------------------------------------------------
    def lined_up(self, hold: Hold, lane: int) -> bool:
        return hold.live and any(self.infos[b.tensor].lane == lane for b in hold.borrows)

    def moved(self, hold: Hold, lane: int, to: Oids) -> Hold:
        """``hold`` with what it borrows of the lane borrowed from ``to`` instead."""
        borrows: set[Borrow] = set()
        for b in hold.borrows:
            if self.infos[b.tensor].lane == lane:
                borrows.update(Borrow(t, b.exclusive) for t in to)
            else:
                borrows.add(b)
        return dataclasses.replace(hold, borrows=frozenset(borrows), cover=None)

    def excluded(self, hold: Hold, lane: int) -> set[int | str]:
        """The keys a holder's part of the lane no longer covers (taken out before)."""
        out: set[int | str] = set()
        for b in hold.borrows:
            info = self.infos[b.tensor]
            if info.lane == lane:
                for select in info.selects:
                    for axis in select.axes or ():
                        if isinstance(axis, Others):
                            out |= axis.keys
        return out

    def taken_out(self, holder: int, how: object, hold: Hold) -> int:
        """The holder at one position, an object of its own (of ``holder``'s site)."""
        own = self.obj(self.infos[holder].kind, ("lane", holder, how), None, "")
        self.infos[own] = dataclasses.replace(self.infos[holder], oid=own)
        self.primary[own] = self.site_of(holder)
        self.set_hold(own, hold)
        return own

    def item(self, lane: int, axis: At) -> int:
        """The item of what the lane walks at ``axis``: the object ``bufs[0]`` is."""
        source, items = self._lanes[lane]
        key = str(axis.key) if isinstance(axis.key, int) else repr(axis.key)
        exact = self.env.get(f"{source}[{key}]")
        if exact is not None and len(exact) == 1:
            return next(iter(exact))
        return self.selection(
            ("item", source, repr(axis), items),
            f"`{source}[{key}]`",
            items,
            (Select(items, source, (axis,)),),
        )

    def others(self, lane: int, keys: set[int | str]) -> Oids:
        """The items the lane walks but those at ``keys``: those very items, where each is
        known one by one (``bufs = {"k": a, "v": b}``)."""
        source, items = self._lanes[lane]
        exact: set[int] = set()
        taken: set[int] = set()
        for oid in items:
            keyed = [
                key
                for p in self._under.get(source, ())
                if self.env.get(p) == frozenset({oid}) and (key := _key_of(p, source)) is not None
            ]
            if not keyed:
                break
            if any(k in keys for k in keyed):
                taken.add(oid)
            exact.add(oid)
        else:
            return frozenset(exact - taken)
        if self._from_start(lane, tuple(range(-1, 0))) and set(
            range(self._from_start(lane, (-1,))[0] + 1)
        ) <= {k for k in keys if isinstance(k, int)}:
            return NOTHING  # each item of a list of known length taken out by its index
        held = frozenset(keys)
        select = Select(items, source, (Others(held),))
        return frozenset({self.lane_object(lane, ("others", held), select)})

    def lane_object(self, lane: int, how: object, select: Select) -> int:
        _, items = self._lanes[lane]
        made = self.selection(("lane", lane, how), self.infos[lane].label, items, (select,))
        self.infos[made] = dataclasses.replace(self.infos[made], lane=lane)
        return made


def _key_of(path: str, source: str) -> int | str | None:
    """The constant key of ``source[0]`` or ``source['k']`` as ``At`` has it; None for any
    other path."""
    text = path[len(source) + 1 : -1] if path.startswith(source + "[") else ""
    if not path.endswith("]") or "[" in text or "]" in text:
        return None
    if text.isdigit():
        return int(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return None
