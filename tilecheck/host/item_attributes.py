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
``s.pending``, as for the constant-key attributes.

Round 22N: Pendings kept in one list at the index of the item of another list they write. Double
buffering stores ``pends[i % 2] = k(tiles(slots[i % 2]), ...).submit()`` and drains the list at
the end, ``for i, p in enumerate(pends): if p is not None: p.wait(); slots[i].to_numpy()``. The
drain's step waits its own Pending (a copy per step of each one the list may hold,
``tilecheck.host.loops``) and settles the list's only at the loop's exit, so the read of
``slots[i]`` met the other slots' Pendings, still live, and took them for writers of the item
read (the step's index and the slot a Pending was stored at are forms of two counters).

A Pending stored into a local list of fixed length at an index ``f`` (round 20D's
``Hold.slot``) whose every exclusive borrow is the item of another local list ``T`` selected by
the same ``f`` (``slots[cur]`` beside ``pends[cur]``; ``T`` bound once, its length fixed, no item
of it stored to) keeps the must-fact ``Hold.lined = (pends, T)``: on every path where it is
live, ``pends`` holds it at the index of the item of ``T`` it writes. The fact outlives the
index's form (the counter rebound, a loop restarted); it ends where ``pends`` is stored at an
index not known apart from the Pending's own, or either list is rebound. Then a read of
``T[j]`` (a read, not a write: the Pending's other borrows are reads), ``j`` the counter of a
loop walking ``pends`` (``enumerate(pends)``, ``range(len(pends))``), does not conflict with a
lined Pending whose copies this step took are waited on the path: the Pending is ``pends[j]``
(then the step waited it) or another item, which writes another item of ``T`` than ``T[j]``."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host.comprehension_filters import filter_only
from tilecheck.host.containers import ELEMENTS, root_of
from tilecheck.host.fixed_length import fixed_length
from tilecheck.host.indices import At, Select
from tilecheck.host.loop_columns import Column
from tilecheck.host.messages import Use
from tilecheck.host.model import DONE, NOTHING, Hold, Kind, Many, Oids, Value, flatten
from tilecheck.host.repeated_items import RepeatedItems
from tilecheck.host.slot_facts import slot_relation
from tilecheck.syntax.nodes import path_of
from tilecheck.syntax.walk import with_parents

# What the loop's copies stand for: the holders a method of the item may run or wait.
_HELD = (Kind.PENDING, Kind.OP)
_WRITES = (Use.WRITE, Use.PARTITION, Use.COLLECTIVE)
_LOOKED = frozenset({"builtins.enumerate", "builtins.zip"})
_TARGETS = (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.AsName)


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


class ItemAttributes(RepeatedItems):
    __slots__ = (
        """_arg_keys _bodies _every _lined_names _looked _plain_lists _step_copies""".split()
    )

    def __init__(self, ctx: object) -> None:
        RepeatedItems.__init__(self, ctx)
        self._step_copies: set[int] = set()  # the steps' copies of items' attributes
        self._bodies: dict[int, frozenset[int]] = {}  # a loop's body -> its nodes' ids
        # a container -> its items when a loop over every one of them left holders, made in
        # its body, in each item's attribute (by attribute); not kept in the env, so that
        # the holders go where no name holds them any more (as before)
        self._every: dict[str, tuple[Oids, dict[str, Oids]]] = {}
        self._plain_lists: dict[str, bool] = {}  # a list's name -> its items never stored to
        self._lined_names: set[str] = set()  # the lists some ``Hold.lined`` names
        # containers written out as an argument of ``enumerate``/``zip`` (``enumerate([kv[i]
        # for i in ...])``), by node: what each was just evaluated to, and where a loop over
        # them keeps it (the key of ``Loops.evaluated``'s, with the argument's place)
        self._looked: dict[int, Value] = {}
        self._arg_keys: dict[int, str] = {}

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
        RepeatedItems.loop_done(self, loop)
        if self._arg_keys:
            self._looked_done(loop)
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
        if for_in.ifs and filter_only(expr, for_in):  # its first ``if`` runs on every item
            for_in = for_in.with_changes(ifs=())
        out = RepeatedItems.step_holders(self, expr, for_in, value)
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
        walked = walked_item(loop) if self._based else None
        if walked is None or root_of(walked[0]) not in self._based:
            RepeatedItems.iterate(self, loop, fallback)
            return
        container, name = walked
        # taken before the loop binds its name: an earlier loop's ``name.attr`` may be what
        # still names them (``for r in reqs: r.p = k(...).submit()`` then ``for r in reqs:
        # r.p.wait()``, the same name walking the same items)
        held = self.item_holders(container)
        RepeatedItems.iterate(self, loop, fallback)
        for attr, holders in self.item_holders(container).items():
            held.setdefault(attr, set()).update(holders)
        for attr, holders in held.items():
            if holders and f"{name}.{attr}" not in self.env:
                step = f"{name}.{attr}"
                taken = self.materialize(loop, frozenset(holders), step, distinct=False)
                self._step_copies |= taken
                self.under_name(name, step)
                self.set_env(step, taken or NOTHING)

    # -- round 22N ------------------------------------------------------------------------------
    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        base = target.value if type(target) is cst.Subscript else None
        if type(base) is not cst.Name:
            RepeatedItems.bind(self, target, value)
            return
        name = cst.ensure_type(base, cst.Name).value
        found = self._slot_list(base)
        if found is None and name not in self._lined_names:
            RepeatedItems.bind(self, target, value)
            return
        if name in self._lined_names:
            subscript = cst.ensure_type(target, cst.Subscript)
            form = self._slot_index(subscript, found[1]) if found is not None else None
            self._overwritten_lined(name, form, found[1] if found is not None else 0)
        RepeatedItems.bind(self, target, value)
        if found is None:
            return
        for oid in flatten(value):
            hold = self.holds.get(oid)
            slot = hold.slot if hold is not None else None
            if hold is None or not hold.live or slot is None or slot[0] != found[0]:
                continue
            if self.infos[oid].kind is not Kind.PENDING:
                continue
            tensors = self._lined_tensors(hold, slot[1], found[1])
            if tensors is not None and tensors != found[0]:
                self.set_hold(oid, dataclasses.replace(hold, lined=(found[0], tensors)))
                self._lined_names.update((found[0], tensors))

    def _lined_tensors(self, hold: Hold, form: object, n: int) -> str | None:
        """The list whose item at ``form`` is every tensor ``hold`` writes, if there is one."""
        found: str | None = None
        for borrow in hold.borrows:
            if not borrow.exclusive:
                continue
            selects = self.infos[borrow.tensor].selects
            if len(selects) != 1 or selects[0].memory or selects[0].axes is None:
                return None
            (select,) = selects
            if len(select.axes or ()) != 1 or (found is not None and found != select.space):
                return None
            axis = (select.axes or (None,))[0]
            if slot_relation(axis, form, n) != "same" or not self._plain_list(select.space):
                return None
            if not all(self._lined_item(o) for o in select.of):
                return None  # the items may share memory (views of one tensor)
            found = select.space
        return found

    def _lined_item(self, oid: int) -> bool:
        """A tensor an allocator made where it is written (``tr.zeros(...)``), no view."""
        info = self.infos[oid]
        site = info.site
        return (
            info.kind is Kind.TENSOR
            and not info.viewed
            and not info.parents
            and isinstance(site, cst.Call)
            and self.allocated_here(site)
        )

    def _plain_list(self, name: str) -> bool:
        """``name`` is a local list of fixed length none of whose items is stored to."""
        known = self._plain_lists.get(name)
        if known is None:
            scope = getattr(self, "scope_node", None) or self.module_node
            known = (
                name.isidentifier()
                and scope is not None
                and self.local_container(name + "[*]")
                and fixed_length(scope, name, self.ctx.constants) is not None
                and not _items_stored(scope, name)
            )
            self._plain_lists[name] = known
        return known

    def _overwritten_lined(self, name: str, form: object, n: int) -> None:
        """``name[form]`` is stored to: a lined Pending not known at another index is no longer
        known to be in the list."""
        for oid in self.live_holders():
            hold = self.holds[oid]
            if hold.lined is None or name not in hold.lined:
                continue
            slot = hold.slot
            if (
                hold.lined[0] == name
                and slot is not None
                and slot[0] == name
                and form is not None
                and slot_relation(slot[1], form, n) == "apart"
            ):
                continue
            self.set_hold(oid, dataclasses.replace(hold, lined=None))

    def bind_name(self, name: str, value: Value) -> None:
        if name in self._lined_names:
            for oid in self.live_holders():
                hold = self.holds[oid]
                if hold.lined is not None and name in hold.lined:
                    self.set_hold(oid, dataclasses.replace(hold, lined=None))
        RepeatedItems.bind_name(self, name, value)

    # -- containers written out in a loop's ``enumerate``/``zip`` --------------------------------
    def builtin_call(self, call: cst.Call, canonical: str) -> Value | None:
        """As ``Containers.builtin_call`` (they keep nothing), noting what an argument written
        out as a container holds."""
        if canonical not in _LOOKED:
            return RepeatedItems.builtin_call(self, call, canonical)
        for arg in call.args:
            value = self.ev(arg.value)
            if not arg.star and path_of(arg.value) is None and flatten(value):
                self._looked[id(arg.value)] = value
        return NOTHING

    def evaluated(self, expr: cst.BaseExpression, value: Value) -> None:
        """A loop's iterable: what each container written out in its ``enumerate``/``zip``
        holds is kept beside it, so a step takes its items as from a name's
        (``Loops.columns``)."""
        RepeatedItems.evaluated(self, expr, value)
        key = self._loops.get(id(expr))
        if key is None:
            self._looked.clear()
            return
        for n, node in enumerate(_looked_arguments(expr)):
            place = f"{key} arg{n}"
            self.set_env(place, None)
            self.drop_paths(place)
            found = self._looked.get(id(node))
            if found is not None:
                self._arg_keys[id(node)] = place
                self.store(place, found)
        self._looked.clear()

    def columns(self, iterable: cst.BaseExpression, whole: Value | None) -> list[Column]:
        if whole is None and self._arg_keys:
            place = self._arg_keys.get(id(iterable))
            if place is not None:
                whole = self.stored(place)
        return RepeatedItems.columns(self, iterable, whole)

    def lined_apart(self, holder: int, hold: Hold, node: cst.CSTNode, use: Use) -> bool:
        lined = hold.lined
        if lined is None or use in _WRITES or type(node) is not cst.Subscript:
            return False
        subscript = cst.ensure_type(node, cst.Subscript)
        base = subscript.value
        if type(base) is not cst.Name or cst.ensure_type(base, cst.Name).value != lined[1]:
            return False
        if len(subscript.slice) != 1 or type(subscript.slice[0].slice) is not cst.Index:
            return False
        index = cst.ensure_type(subscript.slice[0].slice, cst.Index).value
        if type(index) is not cst.Name:
            return False
        walk = self._walks.get(cst.ensure_type(index, cst.Name).value)
        if walk is None or lined[0] not in walk[1]:
            return False
        taken = self._elements.get(id(walk[0]), {})
        origin = holder
        if holder not in taken.values():  # an earlier step's copy: the Pending it was taken as
            earlier = {self._summary.get(m): o for m, o in taken.items()}
            origin = earlier.get(holder, holder)
        copies = [m for m, o in taken.items() if o == origin]
        now = set(self._turned.get(id(walk[0]), {}).values())  # taken by this very step
        if not copies or not now.issuperset(copies):
            return False
        for m in copies:
            found = self.holds.get(m)
            if found is None or found.status != DONE or not found.released_at:
                return False
        return True

    def _looked_done(self, loop: cst.For) -> None:
        """The loop is over: what its head's containers held is no longer kept for it."""
        for node in _looked_arguments(loop.iter):
            place = self._arg_keys.get(id(node))
            if place is not None:
                self.set_env(place, None)
                self.drop_paths(place)


def _looked_arguments(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The arguments of ``enumerate``/``zip`` calls (one inside the other) that make up a loop's
    iterable and are no path (a comprehension, a display)."""
    out: list[cst.BaseExpression] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if type(node) is not cst.Call:
            continue
        func = cst.ensure_type(node, cst.Call).func
        if type(func) is not cst.Name or func.value not in ("enumerate", "zip"):
            continue
        for arg in cst.ensure_type(node, cst.Call).args:
            if not arg.star and arg.keyword is None:
                if path_of(arg.value) is None and type(arg.value) is not cst.Call:
                    out.append(arg.value)
                stack.append(arg.value)
    return out


def _items_stored(scope: cst.CSTNode, name: str) -> bool:
    """An item of ``name`` is stored to, deleted or bound by a loop somewhere in ``scope`` (or
    is an item of a tuple or list display, which may be a target)."""
    for node, parent, _ in with_parents(scope):
        if type(node) is not cst.Subscript:
            continue
        stored = isinstance(parent, (cst.Element, cst.Del)) or (
            isinstance(parent, _TARGETS) and getattr(parent, "target", None) is node
        )
        if not stored:
            continue
        base = cst.ensure_type(node, cst.Subscript).value
        if type(base) is cst.Name and cst.ensure_type(base, cst.Name).value == name:
            return True
    return False
