"""Attributes stored on a container's items by constant key, seen through a loop over every
item (round 20E of issue 17): ``bufs["mean"].writer = k(...).submit()`` keeps the Pending under
the path ``bufs['mean'].writer``; ``for b in bufs.values(): b.settle()`` (or ``b.writer.wait()``)
takes each item in turn, so the step's ``b.writer`` is one of the items' ``writer`` attributes.
Without this the loop's name had no attribute and its waits reached no stored Pending (a false
TC102 at the read after the loop).

A loop over the whole container (``for b in bufs``, ``bufs.values()``, the value of
``for k, b in bufs.items()``, the item of ``for i, b in enumerate(bufs)``) binds ``b.attr``, for
each ``attr`` some item holds under a constant key (``bufs[0].attr``, ``bufs['k'].attr``, one
level), to a copy per step of each op or Pending those attributes hold
(``Loops.materialize``): what the body does to the step's copies on every step is what the loop
did to every item (``Loops.loop_done``), as for a list of Pendings walked by ``for p in pends``.
A body that rebinds the attribute, or leaves it on some step, leaves the items as they were;
where ``b.writer is None`` holds (a test), the step's copies are no holders there.

Round 21G: what a loop over every item of a container of distinct instances left in its
name's attributes (``for s in slots: s.write(x)``, a Pending the method stored in
``s.pending``) is every item's too; a later loop or comprehension (``[s.settle() for s in
slots]``: one ``for``, no ``if``) over every item takes a copy per step of it under
``s.pending``, as for the constant-key attributes."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.containers import ELEMENTS, root_of
from tilecheck.host.indices import At, Select
from tilecheck.host.loops import Loops
from tilecheck.host.model import NOTHING, Kind, Many, Oids, Value
from tilecheck.syntax.nodes import path_of

# What the loop's copies stand for: the holders a method of the item may run or wait.
_HELD = (Kind.PENDING, Kind.OP)


def walked_item(loop: cst.For) -> tuple[str, str] | None:
    """(the container's path, the name that takes each item) for a loop over every item of a
    container: ``for b in bufs``, ``bufs.values()``, ``for k, b in bufs.items()``,
    ``for i, b in enumerate(bufs)``."""
    it, target = loop.iter, loop.target
    if type(target) is cst.Name:
        if type(it) is cst.Call:
            func = it.func
            if type(func) is not cst.Attribute or func.attr.value != "values" or it.args:
                return None
            it = func.value
        path = path_of(it)
        return (path, target.value) if path is not None else None
    if type(target) is not cst.Tuple or len(target.elements) != 2 or type(it) is not cst.Call:
        return None
    item = target.elements[1].value
    if type(item) is not cst.Name or any(type(e.value) is not cst.Name for e in target.elements):
        return None
    func, args = it.func, it.args
    if type(func) is cst.Attribute and func.attr.value == "items" and not args:
        path = path_of(func.value)
    elif type(func) is cst.Name and func.value == "enumerate" and len(args) == 1:
        path = None if args[0].star or args[0].keyword is not None else path_of(args[0].value)
    else:
        return None
    return (path, item.value) if path is not None else None


def item_attribute(path: str, container: str) -> str | None:
    """``attr`` of ``container[key].attr`` (a constant key: an integer or a string), else None
    (markers such as ``[*]``, nested paths)."""
    if not path.startswith(container + "["):
        return None
    rest = path[len(container) + 1 :]
    key, close, attr = rest.partition("].")
    if not close or not attr.isidentifier() or not key:
        return None
    quoted = len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"" and "]" not in key
    return attr if key.isdigit() or quoted else None


class ItemAttributes(Loops):
    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)
        self._step_copies: set[int] = set()  # the steps' copies of items' attributes
        self._bodies: dict[int, frozenset[int]] = {}  # a loop's body -> its nodes' ids
        # a container -> its items when a loop over every one of them left holders, made in
        # its body, in each item's attribute (by attribute); not kept in the env, so that
        # the holders go where no name holds them any more (as before)
        self._every: dict[str, tuple[Oids, dict[str, Oids]]] = {}

    def attribute_none(self, path: str) -> None:
        """``b.writer is None`` holds here: the step's copies ``b.writer`` held are no holders
        on this path (that item has no writer), so the loop's other way decides for them."""
        for m in self.env.get(path, NOTHING) & self._step_copies:
            self.set_hold(m, None)

    def item_at(self, path: str) -> Oids | None:
        """``bufs[0]`` of a comprehension's result of instances (its items not kept one by
        one): the item that constant key selects, the object ``bufs[0]`` evaluates to."""
        base, _, key = path[:-1].rpartition("[")
        held = self.stored(base) if base and path.endswith("]") else None
        if not isinstance(held, Many) or not held.distinct or held.path is None:
            return None
        quoted = len(key) >= 2 and key[0] == key[-1] and key[0] in "'\""
        at = At(int(key)) if key.isdigit() else At(key[1:-1]) if quoted else None
        elements = frozenset(o for o in held.contents if self.infos[o].kind in ELEMENTS)
        if (
            at is None
            or not elements
            or any(self.infos[e].kind is not Kind.INSTANCE for e in elements)
        ):
            return None
        selects = (Select(elements, held.path, (at,)),)
        item = self.selection(
            ("item", held.path, repr(at), elements),
            f"`{path}`",
            elements,
            selects,
            frozenset(),
            Kind.INSTANCE,
        )
        self.took_element(item, elements)
        return frozenset({item})

    def loop_done(self, loop: cst.For) -> None:
        """A loop over every item of a container of distinct instances went through them
        all: what the steps left in ``b.attr`` (made in the body: a Pending a method stored)
        is kept as every item's (``_every``), for a later walk of every item (round 21G:
        ``for s in slots: s.write(x)`` then ``[s.settle() for s in slots]``)."""
        walked = walked_item(loop) if self._based else None
        super().loop_done(loop)
        if walked is None or root_of(walked[0]) not in self._based:
            return
        container, name = walked
        items = self.env.get(container + "[*]")
        if (
            not items
            or container + "[=]" in self.env
            or any(self.infos[o].kind is not Kind.INSTANCE for o in items)
        ):
            return
        body = self.nodes_in(loop.body)
        prefix = name + "."
        for path in sorted(self._under.get(name, ())):
            attr = path[len(prefix) :]
            if not path.startswith(prefix) or not attr.isidentifier():
                continue
            made = frozenset(
                o
                for o in self.env.get(path, NOTHING)
                if self.infos[o].kind in _HELD and id(self.infos[o].site) in body
            )
            if made:
                kept = self._every.setdefault(container, (items, {}))
                if kept[0] != items:
                    kept = self._every[container] = (items, {})
                kept[1][attr] = kept[1].get(attr, NOTHING) | made

    def nodes_in(self, body: cst.CSTNode) -> frozenset[int]:
        """The ids of the nodes of a loop's body (one walk per body)."""
        found = self._bodies.get(id(body))
        if found is None:
            seen: set[int] = set()
            stack: list[cst.CSTNode] = [body]
            while stack:
                node = stack.pop()
                seen.add(id(node))
                stack.extend(node.children)
            found = self._bodies[id(body)] = frozenset(seen)
        return found

    def step_holders(
        self, expr: cst.CSTNode, for_in: cst.CompFor, value: Value
    ) -> dict[str, dict[int, int]]:
        """Also ``[b.settle() for b in bufs]`` over a container whose items hold ops or
        Pendings under ``attr``: a copy per step of each, under ``b.attr`` (as ``iterate``)."""
        out = super().step_holders(expr, for_in, value)
        target, it = for_in.target, for_in.iter
        if for_in.ifs or for_in.inner_for_in is not None or type(target) is not cst.Name:
            return out
        if not self._based:
            return out
        if type(it) is cst.Call and type(it.func) is cst.Attribute and not it.args:
            it = it.func.value if it.func.attr.value == "values" else it
        container = path_of(it)
        if container is None or root_of(container) not in self._based:
            return out
        for attr, holders in self.item_holders(container).items():
            step = f"{target.value}.{attr}"
            for oid in holders:
                info, hold = self.infos[oid], self.holds.get(oid)
                if info.kind not in _HELD or hold is None or step in self.env:
                    continue
                key = ("comprehension step", id(expr), oid, step)
                m = self.fresh(info.kind, expr, info.label, group=info.group, key=key)
                self.adopt(m, frozenset({oid}))
                self.primary.setdefault(m, self.site_of(oid))
                self.set_hold(m, hold)
                out.setdefault(step, {})[m] = oid
        return out

    def item_holders(self, container: str) -> dict[str, set[int]]:
        """The ops and Pendings the items of ``container`` may hold, by attribute: stored by
        constant key (``bufs[0].attr``), or left in every item by a loop over them all, while
        the container holds the same items and a name still holds them live."""
        held: dict[str, set[int]] = {}
        for path in sorted(self._under.get(root_of(container), ())):
            attr = item_attribute(path, container)
            oids = self.env.get(path) if attr is not None else None
            if attr is not None and oids:
                held.setdefault(attr, set()).update(o for o in oids if self.infos[o].kind in _HELD)
        every = self._every.get(container)
        if every is not None and every[0] == self.env.get(container + "[*]"):
            named = frozenset().union(*self.env.values()) if every[1] else NOTHING
            for attr, holders in every[1].items():
                live = {o for o in holders if o in named and (h := self.holds.get(o)) and h.live}
                if live:
                    held.setdefault(attr, set()).update(live)
        return held

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        super().iterate(loop, fallback)
        if not self._based:
            return
        walked = walked_item(loop)
        if walked is None or root_of(walked[0]) not in self._based:
            return
        container, name = walked
        for attr, holders in self.item_holders(container).items():
            if holders and f"{name}.{attr}" not in self.env:
                step = f"{name}.{attr}"
                taken = self.materialize(loop, frozenset(holders), step, distinct=False)
                self._step_copies |= taken
                self.under_name(name, step)
                self.set_env(step, taken or NOTHING)
