"""Containers of tilert objects: list, tuple and dict displays, appends and stores by key,
indexing, starred and nested unpacking, builtins over them (``for`` loops and comprehensions
over them: ``tilecheck.host.loops``).

A container is kept under a *path* in the environment: ``bufs``, ``self.bufs``, ``jobs[0]``;
its ``[*]`` entry holds what it may contain, ``[i]`` entries a display's items one by one, and
markers (entries holding nothing) what else is known: ``[#n]`` its length while its items are
known one by one, ``[=]`` that two of its items may be one object. Holders stored in a container
count as run or waited on (someone may take them from there: no TC105/TC108) but keep their
borrows while the analysis can see them. An element taken out is an object of its own, one of
the items (``tilecheck.host.aliasing``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import libcst as cst

from tilecheck.host import cell_producers as made
from tilecheck.host import dict_cells
from tilecheck.host.cell_producers import distinct_items as distinct_items
from tilecheck.host.counters import Counters
from tilecheck.host.hashed_sites import hashed_call
from tilecheck.host.implicit_calls import Scoped
from tilecheck.host.indices import Affine, At, Axis, Select, axis_of, evaluated
from tilecheck.host.key_lists import key_at, known_key_path
from tilecheck.host.model import NOTHING, Kind, Many, Oids, Packed, Value, flatten
from tilecheck.host.record_fields import record_field
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_key, path_of, source_of

_CONTAINER_ADDS = frozenset({"append", "add", "insert", "extend", "appendleft", "setdefault"})
_CONTAINER_GETS = frozenset({"pop", "popleft", "get", "copy", "values", "items", "popitem"})
# What an element taken out may be one of: objects with their own identity.
ELEMENTS = (Kind.TENSOR, Kind.INSTANCE)
# Builtins over an iterable that neither keep nor run what it holds; those that copy it.
_LOOKING = frozenset(
    {"builtins." + n for n in ("len", "enumerate", "zip", "range", "any", "all", "sum", "next")}
)
_COPYING = frozenset(
    {"builtins." + n for n in ("list", "tuple", "sorted", "reversed", "iter", "set", "frozenset")}
    | {"collections.deque"}
)
# Those that make an empty container when called with nothing (``q = deque()``).
_EMPTY = frozenset({"builtins.list", "collections.deque"})
_SAME = frozenset({"builtins.list", "builtins.tuple"})  # a copy, item by item
_CHAIN = "itertools.chain"


def constant_slice(only: cst.BaseSlice | None, names: Mapping[str, int]) -> slice | None:
    """``[1:]``, ``[::2]``, ``[:-1]``: the slice its constant bounds make (None: not all
    constant, or a zero step)."""
    if type(only) is not cst.Slice:
        return None
    bounds: list[int | None] = []
    for part in (only.lower, only.upper, only.step):
        value = None if part is None else const_int(part, names)
        if part is not None and value is None:
            return None
        bounds.append(value)
    if bounds[2] == 0:
        return None
    return slice(bounds[0], bounds[1], bounds[2])


def root_of(path: str) -> str:
    """``a`` of ``a.b[0]``: the path up to its first ``.`` or ``[``."""
    return path.partition(".")[0].partition("[")[0]


class Containers(Counters):
    __slots__ = ("_based", "_grown", "_key_order", "_lengths", "_under")

    def ev(self, expr: cst.BaseExpression) -> Value:
        """The value of an expression, evaluated in order (``BodyAnalysis`` defines it)."""
        raise NotImplementedError

    def walk(self, node: cst.CSTNode) -> None:
        """Evaluate the expressions inside a node (``BodyAnalysis`` defines it)."""
        raise NotImplementedError

    def __init__(self, ctx: object) -> None:
        Counters.__init__(self, ctx)
        self._based: set[str] = set()  # names with paths under them
        self._lengths: dict[str, int] = {}  # a sequence's length, checked by its marker
        self._key_order: dict[str, tuple[str, ...]] = {}  # a dict's keys, checked by ``[#keys]``
        self._under: dict[str, set[str]] = {}  # a name -> the paths ever kept under it
        self._grown: dict[str, set[int]] = {}  # a list filled by calls -> its lengths so far

    # -- looking up ---------------------------------------------------------------------------
    def stored(self, path: str) -> Value | None:
        """What ``path`` holds, if the analysis keeps it."""
        oids = self.env.get(path)
        if oids is not None:
            return oids
        contents = self.env.get(path + "[*]")
        if contents is None:
            return None
        n = self._lengths.get(path)
        if n is not None and f"{path}[#{n}]" in self.env and made.one_length(self, path, n):
            items: list[Value] = []
            for i in range(n):
                item = self.stored(f"{path}[{i}]")
                items.append(NOTHING if item is None else item)
            # the marker is kept at a merge with a path that appended: the items must tell all
            if frozenset().union(*(flatten(v) for v in items)) == contents:
                return Packed(tuple(items), repeated=f"{path}[&]" in self.env)
        lanes = self.env.get(path + "[^]", NOTHING)
        lane = next(iter(lanes)) if len(lanes) == 1 else None
        return Many(contents, path, f"{path}[=]" not in self.env, lane)

    def keyed(self, path: str) -> Packed | None:
        """The dict kept under ``path`` with its constant keys, in order, while nothing added
        to it or took from it (its marker kept, every key's item there): None otherwise."""
        keys = self._key_order.get(path)
        if keys is None or f"{path}[#keys]" not in self.env:
            return None
        items: list[Value] = []
        for key in keys:
            item = self.stored(f"{path}[{key}]")
            if item is None or not flatten(item):
                return None
            items.append(item)
        if frozenset().union(*(flatten(v) for v in items)) != self.env.get(path + "[*]"):
            return None
        return Packed(tuple(items), keys)

    def lookup(self, expr: cst.BaseExpression) -> Value | None:
        if not self._based:
            return None
        path = path_of(expr)
        if path is None or root_of(path) not in self._based:
            return None
        return self.stored(path)

    def lookup_path(self, path: str) -> Value | None:
        return self.stored(path) if self._based and root_of(path) in self._based else None

    def listed_key(self, expr: cst.Subscript) -> tuple[str, str] | None:
        """``bufs[keys[0]]`` of a literal list of keys (``tilecheck.host.key_lists``): the
        path of ``bufs`` and the key as a path writes it (``'main'``, ``0``)."""
        only = expr.slice[0].slice if len(expr.slice) == 1 else None
        index = only.value if type(only) is cst.Index else None
        if type(index) is not cst.Subscript:
            return None
        key = key_at(index, self.ctx.key_lists())
        base = path_of(expr.value) if key is not None else None
        if base is None or (isinstance(key, int) and key < 0):
            return None
        return base, repr(key) if isinstance(key, str) else str(key)

    def subscript(self, expr: cst.Subscript) -> Value:
        found = self.lookup(expr)
        if found is not None:
            return found
        listed = self.listed_key(expr)  # ``bufs[keys[0]]`` of a display kept by its keys
        path = f"{listed[0]}[{listed[1]}]" if listed is not None else None
        if path is None and self.defs:  # ``bufs[name]``, the name's value known here
            path = known_key_path(expr, self.defs)
        if path is None:  # ``plans[Slot.K]``, ``plans[N]`` of a dict kept by its keys
            path = dict_cells.key_path(self, expr)
        if path is not None:
            found = self.lookup_path(path)
            if found is not None:
                for element in expr.slice:
                    self.walk(element)
                return found
        base = self.ev(expr.value)
        for element in expr.slice:
            self.walk(element)
        only = expr.slice[0].slice if len(expr.slice) == 1 else None
        index = only.value if isinstance(only, cst.Index) else None
        axis = axis_of(index, self.ctx.constants) if index is not None else None
        if axis is None and type(index) is cst.Subscript:  # ``bufs[keys[0]]``
            key = key_at(index, self.ctx.key_lists())
            axis = At(key) if key is not None else None
        if isinstance(axis, Affine) and (fixed := evaluated(axis, self.defs, self.element)):
            axis = fixed  # ``acts[i - 1]`` in an unrolled slot: a constant index (36A, 38P)
        if isinstance(base, Packed):
            if isinstance(axis, At) and isinstance(axis.key, int) and base.keys is None:
                if -len(base.items) <= axis.key < len(base.items):
                    return base.items[axis.key]
            window = constant_slice(only, self.ctx.constants) if index is None else None
            if window is not None and base.keys is None:  # ``pend[1:]``, ``bufs[::-1]``
                items = base.items[window]
                return Packed(items, repeated=base.repeated and bool(items))
            if _one_object(base) and index is not None:
                return base.items[0]  # ``pair[i % 2]`` of ``[t] * 2``: ``t`` (or IndexError)
            below = self.below_least(base, axis)
            base = Many(flatten(base) - below, path_of(expr.value), distinct_items(base))
        if isinstance(base, Many):
            if index is None:  # a slice: some of the same items
                return Many(base.contents, None, base.distinct)
            return self.element_of(base, index, axis)
        if type(index) is cst.SimpleString and isinstance(axis, At):
            field = record_field(self, base, axis.key, source_of(expr))
            if field is not None:
                return field
        return self.part_of(expr, base)

    def below_least(self, base: Packed, axis: Axis | None) -> Oids:
        """The holders only the items of a list display before the least index ``axis`` may
        be hold (``ops[i]`` for ``i`` in ``range(1, len(ops))`` never runs ``ops[0]``)."""
        if base.keys is not None or not isinstance(axis, Affine):
            return NOTHING
        form = self.resolved(axis)[0]
        if not isinstance(form, Affine) or form.mod is not None or not form.least:
            return NOTHING
        if form.least < 0 or form.lo or form.hi is None or form.hi:
            return NOTHING
        upper = frozenset().union(*map(flatten, base.items[form.least :]))
        lower = frozenset().union(*map(flatten, base.items[: form.least])) - upper
        return frozenset(o for o in lower if self.infos[o].kind not in ELEMENTS)

    def part_of(self, expr: cst.Subscript, base: Oids) -> Value:
        """``y[0]`` of a tensor (``tilecheck.host.views``)."""
        return NOTHING

    def element_of(self, base: Many, index: cst.BaseExpression, axis: Axis | None) -> Value:
        """``bufs[1]``, ``bufs[i % 2]``: one of the container's items, the same object while
        the names of the index keep their values; apart from another selection of the same
        container where both indices show it (its items being different objects). Holders
        come out as the container holds them (waiting for one counts for all)."""
        elements = frozenset(o for o in base.contents if self.infos[o].kind in ELEMENTS)
        holders = self.holders_at(base, axis)
        if base.path is None or not elements:
            return holders
        text = source_of(index)
        axis, through = self.resolved(axis)
        selects = (Select(elements, base.path, (axis,)),) if base.distinct and axis else ()
        instances = all(self.infos[e].kind is Kind.INSTANCE for e in elements)
        names = frozenset() if isinstance(axis, At) else self.index_names(index, [axis], [through])
        item = self.selection(
            ("item", base.path, repr(axis) if axis is not None else text, elements),
            f"`{base.path}[{text}]`",
            elements,
            selects,
            names,
            Kind.INSTANCE if instances else Kind.TENSOR,
        )
        self.took_element(item, elements)
        return frozenset({item}) | holders

    def unpacked(self, value: Many, count: int, star: int | None) -> list[Value] | None:
        """What each of ``count`` names (``star``: the starred one) takes from a container
        whose items are not known one by one (``tilecheck.host.lanes``); None: not known."""
        return None

    def holders_at(self, base: Many, axis: Axis | None) -> Oids:
        """The ops, pendings, partitions and graphs ``base[axis]`` may be: any of those it
        holds (``tilecheck.host.lanes`` tells which, for a comprehension's result)."""
        return frozenset(o for o in base.contents if self.infos[o].kind not in ELEMENTS)

    def took_element(self, item: int, taken_from: Oids) -> None:
        """An element was taken out (``Structures`` gives an instance its attributes)."""

    def dict_display(self, expr: cst.Dict) -> Value:
        """``{"x": a, "y": b}``: its values by constant key (anything else: a container of
        what it may hold)."""
        keys: list[str] = []
        items: list[Value] = []
        for element in expr.elements:
            if isinstance(element, cst.DictElement):
                key = path_key(element.key)
                if key is None:
                    self.ev(element.key)
                keys.append(key or "")
                items.append(self.ev(element.value))
            else:
                keys.append("")
                items.append(self.ev(element.value))
        if all(keys) and len(set(keys)) == len(keys):
            return Packed(tuple(items), tuple(keys))
        contents = frozenset().union(*(flatten(v) for v in items)) if items else NOTHING
        return Many(contents, None, distinct_items(Packed(tuple(items)))) if contents else NOTHING

    # -- storing ------------------------------------------------------------------------------
    def keep(self, oids: Oids) -> None:
        """Holders stored where someone may take them: run or waited on, as far as TC105 and
        TC108 go, but their borrows are kept."""
        for oid in oids:
            kind = self.infos[oid].kind
            if kind is Kind.OP:
                self.ran.add(self.site_of(oid))
            elif kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))

    def unread(self, path: str) -> bool:
        """Where a Pending is kept that nothing reads (``Structures``)."""
        return False

    def store(self, path: str, value: Value) -> None:
        self._based.add(root_of(path))
        if isinstance(value, frozenset):
            if not self.unread(path):
                self.keep(value)
            if value:
                self.set_env(path, value)
            return
        contents = flatten(value)
        self.keep(contents)
        self.set_env(path + "[*]", contents)
        if isinstance(value, Many) and not value.distinct:
            self.set_env(path + "[=]", NOTHING)
        if isinstance(value, Many) and value.lane is not None:
            self.set_env(path + "[^]", frozenset({value.lane}))
        if isinstance(value, Packed):
            if not distinct_items(value):
                self.set_env(path + "[=]", NOTHING)
            if value.repeated:
                self.set_env(path + "[&]", NOTHING)  # ``[t] * 2``: one object at every index
            keys = value.keys
            if keys is not None:
                self._key_order[path] = keys
                self.set_env(f"{path}[#keys]", NOTHING)
            else:
                self._lengths[path] = len(value.items)
                self.set_env(f"{path}[#{len(value.items)}]", NOTHING)
                keys = tuple(str(i) for i in range(len(value.items)))
            for key, item in zip(keys, value.items, strict=True):
                self.store(f"{path}[{key}]", item)

    def under_name(self, name: str, path: str) -> None:
        """``path`` is kept under ``name`` (an entry made without ``set_env``)."""
        self._based.add(name)
        self._under.setdefault(name, set()).add(path)

    def emptied(self, path: str) -> None:
        """The container kept under ``path`` is empty (on this path): it holds nothing."""
        if path + "[*]" in self.env:
            self.drop_paths(path)
            self.set_env(path + "[*]", NOTHING)

    def add_to(self, path: str, added: Oids) -> None:
        """``bufs.append(x)``, ``bufs[key] = x``: one more item (the same object as one it may
        hold already: two of its items may be one)."""
        contents = self.env[path + "[*]"]
        if not added <= contents:
            self.keep(added)
            self.set_env(path + "[*]", contents | added)
        if not added.isdisjoint(contents):
            self.set_env(path + "[=]", NOTHING)
        marker = f"{path}[#{self._lengths.get(path)}]"
        if marker in self.env:
            self.set_env(marker, None)
        if path in self._key_order and f"{path}[#keys]" in self.env:
            self.set_env(f"{path}[#keys]", None)

    def add_row(self, path: str, value: Value, expr: cst.BaseExpression) -> None:
        """``jobs.append(value)``: one more item (``tilecheck.host.rows`` keeps a tuple's
        columns)."""
        self.add_to(path, flatten(value))

    def add_keyed(self, path: str, target: cst.Subscript, value: Value) -> None:
        """``pends[key] = value`` with a computed key: one more item (``tilecheck.host.rows``
        keeps which key of another container it stands for)."""
        self.add_to(path, flatten(value))

    def set_env(self, name: str, oids: Oids | None) -> None:
        if oids is not None and ("." in name or "[" in name):
            self._under.setdefault(root_of(name), set()).add(name)
        Counters.set_env(self, name, oids)

    def drop_paths(self, name: str) -> None:
        """``name`` is rebound: what was kept under it goes (its objects live on elsewhere, or
        are dropped)."""
        if name not in self._based:
            return
        dot, bracket = name + ".", name + "["
        for key in sorted(self._under.get(root_of(name), ())):
            if key in self.env and (key.startswith(dot) or key.startswith(bracket)):
                self.unrelate(key)
                self.set_env(key, None)

    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        if exact.is_sequence(target):
            self.bind_sequence(target, value)
        elif exact.is_item(target):
            path = path_of(target) or known_key_path(target, self.defs)  # (``pends[name]``)
            root = root_of(path) if path is not None else None
            if path is None or root is None or self.env.get(root):
                base = path_of(target.value) if type(target) is cst.Subscript else None
                if base is not None and base + "[*]" in self.env and not self.env.get(base):
                    assert type(target) is cst.Subscript
                    self.add_keyed(base, target, value)  # ``pendings[i] = ...``
                    return
                Counters.bind(self, target, value)  # an attribute of a tilert object, or unknown
                return
            if isinstance(target, cst.Subscript):
                base = path_of(target.value)
                if base is not None and base + "[*]" in self.env:
                    dict_cells.stored_over(self, base, path, value)  # (a cell, or joined)
            self.drop_paths(path)
            self.unrelate(path)
            self.set_env(path, None)
            self.set_env(path + "[*]", None)
            self.store(path, value)
        else:
            Counters.bind(self, target, value)

    def bind_sequence(self, target: cst.Tuple | cst.List, value: Value) -> None:
        elements = target.elements
        stars = [i for i, e in enumerate(elements) if isinstance(e, cst.StarredElement)]
        if isinstance(value, Many) and len(stars) <= 1:
            parts = self.unpacked(value, len(elements), stars[0] if stars else None)
            if parts is not None:
                for element, part in zip(elements, parts, strict=True):
                    self.bind(element.value, part)
                return
        if isinstance(value, Packed) and value.keys is None and len(stars) == 1:
            star = stars[0]
            after = len(elements) - star - 1
            if len(value.items) >= len(elements) - 1:
                rest = value.items[star : len(value.items) - after]
                for i in range(star):
                    self.bind(elements[i].value, value.items[i])
                self.bind(elements[star].value, Packed(rest))
                for j in range(after):
                    self.bind(
                        elements[star + 1 + j].value, value.items[len(value.items) - after + j]
                    )
                return
        Counters.bind(self, target, value)

    def bind_name(self, name: str, value: Value) -> None:
        self.drop_paths(name)
        self.closure_reads.pop(name, None)
        if isinstance(value, (Packed, Many)) and name not in self.outer_names:
            Counters.bind_name(self, name, NOTHING)
            if name in self.env:
                self.set_env(name, None)
            self.store(name, value)
            return
        Counters.bind_name(self, name, flatten(value) if isinstance(value, Many) else value)

    def repeated(self, expr: cst.BinaryOperation) -> Value | None:
        """``[t] * 2``: a list of the same items again, so two of its items may be one
        object; None for any other operation."""
        displays = (cst.List, cst.Tuple)
        if not isinstance(expr.operator, cst.Multiply) or (
            isinstance(expr.left, displays) == isinstance(expr.right, displays)
        ):
            return None
        left, right = self.ev(expr.left), self.ev(expr.right)  # in evaluation order
        value, count = (left, expr.right) if isinstance(expr.left, displays) else (right, expr.left)
        times = const_int(count, self.ctx.constants)
        if isinstance(value, Packed) and value.keys is None and times is not None:
            if 0 <= times * len(value.items) <= 64:  # ``[t, t]`` written out
                return Packed(value.items * times, repeated=len(value.items) == 1 and times > 0)
        contents = flatten(value)
        return Many(contents, None, False) if contents and times != 0 else NOTHING

    # -- containers' methods ------------------------------------------------------------------
    def extended(self, node: cst.AugAssign) -> bool:
        """``items += [x]`` of a container the analysis keeps: as ``items.extend([x])`` (the
        items stay in it, not handed to unknown code); False for any other augmented
        assignment."""
        path = path_of(node.target)
        if (
            not isinstance(node.operator, cst.AddAssign)
            or path is None
            or root_of(path) not in self._based
            or path + "[*]" not in self.env
        ):
            return False
        value, before = self.ev(node.value), made.known_items(self, path)
        self.add_to(path, flatten(value))
        made.extended_by(self, path, before, value)
        return True

    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        """``ops.append(op)``, ``bufs.values()``...: None if ``func`` is not a method of a
        container the analysis keeps."""
        path = path_of(func.value)
        if path is None or root_of(path) not in self._based or path + "[*]" not in self.env:
            return None
        name = func.attr.value
        values = [self.ev(arg.value) for arg in call.args]
        contents = self.env[path + "[*]"]
        before = made.known_items(self, path) if name in made.FILLS else None
        if name in ("append", "appendleft") and len(values) == 1:
            self.add_row(path, values[0], call.args[0].value)
        elif name == "setdefault" and _keyed_default(call, values):
            # ``d.setdefault(k, (buf, p))``: as ``d[k] = (buf, p)`` where ``k`` is new (round
            # 35K): a row, its columns kept (where ``k`` was there, the value is dropped)
            key = cst.SubscriptElement(cst.Index(call.args[0].value))
            self.add_keyed(path, cst.Subscript(func.value, [key]), values[1])
        elif name in _CONTAINER_ADDS:
            self.add_to(path, frozenset().union(*map(flatten, values)) if values else NOTHING)
        if name in _CONTAINER_ADDS:
            return made.filled(self, path, name, before, call, values)
        if name in made.REORDERS and path in self._grown:  # (``pop()``, ``sort()``: they move)
            self.set_env(f"{path}[#{self._lengths[path]}]", None)
        if name == "pop" and call.args:
            stepped = self.popped_by_step(path, call.args[0].value, contents)
            if stepped is not None:
                return stepped
            popped = self.popped_at(path, call.args[0].value, contents)
            if popped is not None:
                return popped
        if name == "get" and len(call.args) == 1:  # ``plans.get(Slot.Q)``: that key's item
            got = dict_cells.item_at(self, path, call.args[0].value, contents)
            if got is not None:
                return got
        if name in _CONTAINER_GETS:
            return Many(contents, None, f"{path}[=]" not in self.env)
        if name == "clear" and not values:
            self.emptied(path)  # its items are dropped here (collected if nothing else holds)
        return NOTHING

    def popped_by_step(self, path: str, key: cst.BaseExpression, contents: Oids) -> Value | None:
        """``d.pop(k)`` where ``k`` walks the keys of ``d`` (``tilecheck.host.loops``): the
        step's item, as ``d[k]`` is. None where the key walks nothing known."""
        return None

    def popped_at(self, path: str, key: cst.BaseExpression, contents: Oids) -> Oids | None:
        """``pends.pop("a")``, ``plans.pop(Slot.Q)``: the item under a constant key of a dict
        kept by its keys, which leaves it (``tilecheck.host.dict_cells``); None where the
        dict's items are not known so (any of them, as ``pop()``)."""
        return dict_cells.taken_at(self, path, key, contents)

    def constant_items(self, path: str, contents: Oids) -> dict[str, Oids] | None:
        """What a dict holds under each constant key (``tilecheck.host.dict_cells``)."""
        return dict_cells.constant_items(self, path, contents)

    def apart_from(self, name: str, others: frozenset[str]) -> bool:
        """Also apart from an element (``srcs[i]``) of a container none of whose items is,
        or holds, what ``name`` may hold."""
        return all(
            super(Containers, self).apart_from(name, frozenset({other}))
            or self._apart_from_items(name, other)
            for other in others
        )

    def _apart_from_items(self, name: str, element: str) -> bool:
        if not element.endswith("]") or element.count("[") != 1:
            return False
        items = self.env.get(element[: element.index("[")] + "[*]")
        mine = self.env.get(name)
        if not items or not mine:
            return False
        reach = set(mine)
        for oid in mine:
            reach |= self.infos[oid].parents
        return reach.isdisjoint(items)

    def delete(self, target: cst.BaseExpression) -> None:
        """``del parts``: what was kept under the name goes with it."""
        if isinstance(target, cst.Name):
            self.drop_paths(target.value)
        Counters.delete(self, target)

    def builtin_call(self, call: cst.Call, canonical: str) -> Value | None:
        """``len(pends)``, ``enumerate(bufs)``, ``list(bufs)``...: they keep and run nothing of
        what they are given; a copy holds the same items. None for other calls."""
        if canonical not in _LOOKING and canonical not in _COPYING and canonical != _CHAIN:
            return None
        values = [self.ev(arg.value) for arg in call.args]
        if canonical == _CHAIN:  # ``chain(a, b)``: their items in turn (``cell_producers``)
            return made.chained(self, call, values)
        if not values and canonical in _EMPTY:
            return Packed(())
        if canonical in _LOOKING or len(values) != 1:
            return NOTHING
        (value,) = values
        if isinstance(value, frozenset) or not flatten(value):
            return NOTHING
        if canonical in _SAME and isinstance(value, Packed) and value.keys is None:
            return Packed(value.items, repeated=value.repeated)  # a copy of known items
        return Many(flatten(value), None, distinct_items(value))

    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        if type(func) is cst.Attribute and "__hash__" in self.ctx.dunders:  # ``s.add(obj)``
            hashed_call(cast("Scoped", self), expr)
        if type(func) is cst.Attribute and self._based:
            kept = self.container_method(expr, func)
            if kept is not None:
                return kept
        elif self.closure_reads or self.waiting_closures or self.closure_items:
            self.closure_called(expr)
        return Counters._call(self, expr)


def _one_object(value: Packed) -> bool:
    """``[t] * 2`` (also where kept under a name): every index holds the one object."""
    if not value.repeated or value.keys is not None or not value.items:
        return False
    first = value.items[0]
    return isinstance(first, frozenset) and len(first) == 1 and all(i == first for i in value.items)


def _keyed_default(call: cst.Call, values: list[Value]) -> bool:
    """``d.setdefault(k, v)``: two plain arguments, the key holding no tilert object."""
    plain = len(values) == 2 and not any(a.star or a.keyword is not None for a in call.args)
    return plain and not flatten(values[0])
