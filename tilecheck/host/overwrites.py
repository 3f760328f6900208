"""Stores over a live item of a local list of fixed length (``tilecheck.host.fixed_length``).
``slots[0] = k(a).submit()`` then ``slots[0] = k(b).submit()``: the first Pending, held by that
item only, is dropped unwaited (TC108, as a name rebound over it). With a computed index, a
``for`` over ``n`` known items that stores a new Pending of one site on every turn
(``slots[i % 2] = k(...).submit()`` over ``range(3)``) writes some item twice when the list has
fewer than ``n`` items: the earlier turns' Pending, never waited on any path and held by no
other name, is dropped there. Anything else (a loop that may stop early, a store under a
branch, an item someone else holds or waits on some path) reports nothing."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.flow.trips import length
from tilecheck.host.dict_names import dict_names
from tilecheck.host.fixed_length import fixed_length
from tilecheck.host.keyed_turns import repeated_key
from tilecheck.host.model import DONE, LIVE, NOTHING, Hold, Kind, Oids, Packed, Value, flatten
from tilecheck.host.slot_facts import SlotFacts, slot_relation
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_key
from tilecheck.syntax.walk import children

# Calls walking their one argument's items, as many as it has.
_PASSING = frozenset({"enumerate", "list", "tuple", "reversed"})
# Statements that may leave a loop's body before a later store in it runs.
_LEAVING = (cst.Break, cst.Continue, cst.Return, cst.Raise, cst.Yield, cst.Await, cst.Try)


class Overwrites(SlotFacts):
    __slots__ = ("_merges", "_turn_stores")

    module_node: cst.Module | None  # the module, when this is its body

    def __init__(self, ctx: object) -> None:
        SlotFacts.__init__(self, ctx)
        self._turn_stores: dict[int, cst.For] | None = None  # a store -> the loop running it
        self._merges: dict[int, list[cst.Subscript]] = {}  # ``d |= {...}`` -> its stores

    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        if type(target) is not cst.Subscript or type(target.value) is not cst.Name:
            SlotFacts.bind(self, target, value)
            return
        name = target.value.value
        before = self._overwritten(name, target, value)
        SlotFacts.bind(self, target, value)
        if before is not None:
            self._note_overwritten(name, before, target)
        elif self.dropped:  # each visit's verdict overwrites the last: the fixed point's
            for key in [k for k in self.dropped if k[1] is target]:
                self.dropped[key] = False

    def extended(self, node: cst.AugAssign) -> bool:
        """``d |= {"kv": k(...).submit()}`` of a local dict (bound only to dict displays and
        merged with them): the display's values evaluated, then stored key by key, as
        ``d["kv"] = ...`` would (round 34K), so an item written over is seen as one."""
        target, value = node.target, node.value
        scope = self.scope_node or self.module_node
        if (
            type(node.operator) is not cst.BitOrAssign
            or type(target) is not cst.Name
            or type(value) is not cst.Dict
            or scope is None
            or target.value in self.ctx.rebindable
            or target.value not in dict_names(self.ctx.index, scope)
        ):
            return SlotFacts.extended(self, node)
        keys: list[cst.BaseExpression] = []
        for element in value.elements:
            if type(element) is not cst.DictElement or path_key(element.key) is None:
                return SlotFacts.extended(self, node)
            keys.append(element.key)
        values = [self.ev(cast(cst.DictElement, e).value) for e in value.elements]
        stores = self._merges.get(id(node))
        if stores is None:  # (one store per key, the same on every visit)
            stores = [cst.Subscript(target, [cst.SubscriptElement(cst.Index(k))]) for k in keys]
            self._merges[id(node)] = stores
        for store, item in zip(stores, values, strict=True):
            self.bind(store, item)
        return True

    def _live_pendings(self, oids: Oids) -> Oids:
        """The Pendings of ``oids`` never waited on any path, of a site the function makes."""
        return frozenset(
            o
            for o in oids
            if self.infos[o].kind is Kind.PENDING
            and (hold := self.holds.get(o)) is not None
            and hold.status == LIVE
            and self.site_of(o) in self.created_pendings
        )

    def _overwritten(self, name: str, target: cst.Subscript, value: Value) -> Oids | None:
        """The live Pendings the store to ``target`` certainly writes over, if any."""
        contents = self.env.get(name + "[*]")
        if not contents or not self.local_container(name + "[*]") or len(target.slice) != 1:
            return None
        index = target.slice[0].slice
        if not isinstance(index, cst.Index):
            return None
        live = self._live_pendings(contents)
        if not live:
            return None
        scope = self.scope_node or self.module_node
        n = fixed_length(scope, name, self.ctx.constants) if scope is not None else None
        if n is None:
            const = path_key(index.value)
            if const is not None and scope is not None:
                found = self._at_dict_key(name, const, contents, live, scope)
                if found is None:
                    found = self._every_turn(name, const, value, live, scope)
                return found
            return self._repeated(index.value, value, live)
        key = const_int(index.value, self.ctx.constants)
        if key is not None:
            return self._at_key(name, n, key, contents, live)
        slotted = self._at_slot(name, target, n, live)
        return slotted if slotted is not None else self._earlier_turns(n, value, live)

    def _at_slot(self, name: str, target: cst.Subscript, n: int, live: Oids) -> Oids | None:
        """``pends[i % 3] = ...``: the live Pendings whose slot fact (``slot_facts``) is the
        stored index, where every live Pending the list may hold has such a fact on it (a
        ring of ``n`` slots keeps the turns ``n`` apart in one slot)."""
        form = self._slot_index(target, n)
        if form is None:
            return None
        same: set[int] = set()
        for oid in live:
            hold = self.holds.get(oid)
            slot = hold.slot if hold is not None else None
            if slot is None or slot[0] != name:
                return None
            relation = slot_relation(slot[1], form, n)
            if relation is None:
                return None
            if relation == "same":
                same.add(oid)
        return frozenset(same)

    def _at_key(self, name: str, n: int, key: int, contents: Oids, live: Oids) -> Oids | None:
        """``slots[0] = ...``: what item 0 holds, where the items tell all the list holds."""
        if not -n <= key < n or f"{name}[#{n}]" not in self.env:
            return None
        items = [self.env.get(f"{name}[{i}]", NOTHING) for i in range(n)]
        if frozenset().union(*items) != contents:
            return None
        return items[key % n] & live

    def _earlier_turns(self, n: int, value: Value, live: Oids) -> Oids | None:
        """The summary of the earlier turns' Pendings of the site whose new Pending the store
        keeps, where the store runs on every turn of a loop of more than ``n`` turns."""
        earlier = self._earlier(value, live)
        if earlier is None:
            return None
        element = self.element
        loop = self._turn_loops().get(id(element.node)) if element is not None else None
        turns = length(loop.iter) if loop is not None else None
        if turns is None or turns <= n:
            return None
        return earlier

    def _earlier(self, value: Value, live: Oids) -> Oids | None:
        """The summary of the earlier turns' Pendings of the site whose new Pending the store
        keeps, where it is live."""
        new = flatten(value)
        if len(new) != 1:
            return None
        (made,) = new
        if self.infos[made].kind is not Kind.PENDING or self.site_of(made) != made:
            return None
        earlier = self._summary.get(made)
        if earlier is None or earlier not in live:
            return None
        return frozenset({earlier})

    def _at_dict_key(
        self, name: str, key: str, contents: Oids, live: Oids, scope: cst.CSTNode
    ) -> Oids | None:
        """``d["k"] = ...`` of a local dict (bound only to dict displays and comprehensions)
        whose items are all kept by constant key: what ``d["k"]`` holds is written over."""
        if name in self.ctx.rebindable or name not in dict_names(self.ctx.index, scope):
            return None
        inside = name + "["
        items: dict[str, Oids] = {}
        for path, oids in self.env.items():
            rest = path[len(inside) : -1] if path.startswith(inside) else ""
            if rest and path[-1] == "]" and rest[0] not in "*#" and "[" not in rest:
                items[path] = oids
        if not items or frozenset().union(*items.values()) != contents:
            return None
        return items.get(f"{inside}{key}]", NOTHING) & live or None

    def _every_turn(
        self, name: str, key: str, value: Value, live: Oids, scope: cst.CSTNode
    ) -> Oids | None:
        """``d["kv"] = k(...).submit()`` of a local dict on every turn of a loop of two turns
        or more (round 34K): each turn writes over the item the turn before stored under the
        same constant key, so the earlier turns' Pending of the site is written over (where
        the turns' cells are joined, ``_at_dict_key`` cannot tell the key's item apart)."""
        element = self.element
        if element is None or name in self.ctx.rebindable:
            return None
        loop = self._turn_loops().get(id(element.node))
        if loop is None or name not in dict_names(self.ctx.index, scope):
            return None
        turns = self._turn_count(loop.iter)
        new = flatten(value)
        if turns is None or turns < 2 or len(new) != 1:
            return None
        (made,) = new
        site = self.infos[made].site
        if self.infos[made].kind is not Kind.PENDING or site is None:
            return None
        # the earlier turns' Pendings of the site, in the key's cell where it is kept apart
        cell = self.env.get(f"{name}[{key}]")
        earlier = frozenset(o for o in live if o != made and self.infos[o].site is site)
        return (earlier & cell if cell is not None else earlier) or None

    def _turn_count(self, iterable: cst.BaseExpression) -> int | None:
        """How many turns a ``for`` over ``iterable`` takes: a literal's or ``range``'s
        length, or that of a list whose items are known one by one (``enumerate`` and
        ``list`` of it too)."""
        iterable = _unwrapped(iterable)
        if type(iterable) is cst.Call and type(iterable.func) is cst.Name:
            args = iterable.args
            if iterable.func.value == "zip" and args and not any(a.star or a.keyword for a in args):
                counts = [self._turn_count(a.value) for a in args]  # (the shortest's)
                return None if None in counts else min(c for c in counts if c is not None)
        found = length(iterable)
        if found is None and type(iterable) is cst.Name:
            held = self.lookup_path(iterable.value)
            if isinstance(held, Packed) and held.keys is None and not held.repeated:
                found = len(held.items)
        return found

    def _repeated(self, key: cst.BaseExpression, value: Value, live: Oids) -> Oids | None:
        """``d[rid] = ...submit()`` on every turn of a loop whose ``rid`` comes twice
        (``tilecheck.host.keyed_turns``): the earlier turns' Pending of the site is written over."""
        element = self.element
        if type(key) is not cst.Name or element is None:
            return None
        loop = self._turn_loops().get(id(element.node))
        if loop is None or not repeated_key(loop, key.value, self.ctx.module):
            return None
        return self._earlier(value, live)

    def _note_overwritten(self, name: str, before: Oids, target: cst.Subscript) -> None:
        """After the store: each of ``before`` that no other name or item holds is dropped.
        Where the items tell all, what the list may hold is theirs again."""
        n = self._lengths.get(name)
        if n is not None and f"{name}[#{n}]" in self.env:
            items = [self.env.get(f"{name}[{i}]", NOTHING) for i in range(n)]
            self.set_env(name + "[*]", frozenset().union(*items))
        inside = name + "["
        elsewhere: set[int] = set()
        for key, oids in self.env.items():
            if key != name + "[*]" and (not key.startswith(inside) or key[len(inside)] != "*"):
                elsewhere |= oids
        for oid in before:
            self.dropped[(self.site_of(oid), target)] = oid not in elsewhere

    def note_dropped(self, before: dict[int, Oids], where: cst.CSTNode) -> None:
        SlotFacts.note_dropped(self, before, where)
        holds = self.holds
        live = [o for oids in before.values() for o in oids if o in holds and holds[o].live]
        if live:
            referenced: set[int] = set().union(*self.env.values())
            self._collected([o for o in live if o not in referenced], where)

    def _collected(self, dropped: list[int], where: cst.CSTNode) -> None:
        """A Pending that nothing holds any more is waited by the runtime when it is collected,
        at the drop (with an ``UnrunOpWarning`` where it was live: the TC108 reported for the
        drop): its borrows end there, so a later read of its tensors is no TC102 (round 40N).
        Its site is not counted as waited (a TC108 of a Pending never waited stays one)."""
        for oid in dropped:
            hold = self.holds.get(oid)
            if hold is not None and hold.live and self.infos[oid].kind is Kind.PENDING:
                self.set_hold(oid, Hold(DONE, hold.borrows, frozenset({where})))

    def _turn_loops(self) -> dict[int, cst.For]:
        """Each assignment a ``for`` over a literal or ``range`` runs on every turn (a
        statement of its body, which nothing can leave early) -> that loop."""
        if self._turn_stores is None:
            found: dict[int, cst.For] = {}
            scope = self.scope_node or self.module_node
            stack: list[cst.CSTNode] = [scope] if scope is not None else []
            while stack:
                node = stack.pop()
                if type(node) is cst.For and _walked(node.iter) and _plain(node):
                    assert isinstance(node.body, cst.IndentedBlock)
                    for line in node.body.body:
                        if type(line) is cst.SimpleStatementLine:
                            found.update((id(s), node) for s in line.body)
                stack.extend(
                    c
                    for c in children(node)
                    if type(c) is not cst.FunctionDef or node is scope
                    if type(c) is not cst.ClassDef
                )
            self._turn_stores = found
        return self._turn_stores


def _walked(iterable: cst.BaseExpression) -> bool:
    """A literal or ``range`` of known length, or a name (perhaps bound to one), or
    ``enumerate``/``list`` of a name."""
    inner = _unwrapped(iterable)
    if type(inner) is cst.Call and type(inner.func) is cst.Name and inner.func.value == "zip":
        return bool(inner.args) and all(_walked(a.value) for a in inner.args)
    return type(inner) is cst.Name or length(iterable) is not None


def _unwrapped(iterable: cst.BaseExpression) -> cst.BaseExpression:
    """What ``enumerate(xs)``, ``list(xs)``, ... walk (``xs``), as many items as it has."""
    while (
        type(iterable) is cst.Call
        and type(iterable.func) is cst.Name
        and iterable.func.value in _PASSING
        and len(iterable.args) == 1
        and iterable.args[0].keyword is None
        and not iterable.args[0].star
    ):
        iterable = iterable.args[0].value
    return iterable


def _plain(loop: cst.For) -> bool:
    """Nothing in the body leaves it early, waits or yields (nested functions aside)."""
    if loop.asynchronous is not None or not isinstance(loop.body, cst.IndentedBlock):
        return False
    stack: list[cst.CSTNode] = [loop.body]
    while stack:
        node = stack.pop()
        if isinstance(node, _LEAVING):
            return False
        stack.extend(c for c in children(node) if type(c) not in (cst.FunctionDef, cst.Lambda))
    return True
