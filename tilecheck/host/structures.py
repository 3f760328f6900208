"""Objects of the module's own classes and their attributes (``self.buf``, per class,
``__init__`` establishing them; ``h.buf`` of an instance ``h = Holder()``; ``block.act`` of an
instance taken from a list of them).

An instance is an object of its own (``Kind.INSTANCE``): a name bound to it has the class's
tensor attributes under its path (``h.buf``), each a tensor of that instance (an instance taken
from a container: an element of it, with the element's tensors the elements of the container's
instances' ones). A call to code the checker does not know may change any attribute, so the
attributes' entries of what it is given are forgotten there (nothing is guessed about what it
did), and its instances' attributes are not looked up again."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import libcst as cst

from tilecheck.host.classes import ClassInfo
from tilecheck.host.containers import root_of
from tilecheck.host.dict_methods import dict_receiver
from tilecheck.host.dunders import default_factories
from tilecheck.host.fixed_lists import fixed_keys
from tilecheck.host.held_receivers import held_paths
from tilecheck.host.keyed_stores import dict_entry
from tilecheck.host.model import NOTHING, Kind, Oids, Value, flatten
from tilecheck.host.record_attributes import record_attributes
from tilecheck.host.records import record_call, typed_dict_call
from tilecheck.host.views import Views
from tilecheck.syntax.nodes import path_of
from tilecheck.syntax.walk import children

if TYPE_CHECKING:
    from tilecheck.host.dunders import Analysis

# Calls into these never run the user's code: they keep the attributes' entries.
_HARMLESS = ("builtins.", "numpy.", "math.", "tilert.", "time.", "logging.")


class Structures(Views):
    __slots__ = ("_attributes", "_class_of", "_stale", "instances", "made_by")

    def __init__(self, ctx: object) -> None:
        Views.__init__(self, ctx)
        self.method_of: ClassInfo | None = None  # the class whose method this body is
        self.me: str | None = None  # the method's ``self``
        self.instances: dict[str, str] = {}  # a name -> the module class it was made from
        self._class_of: dict[int, str] = {}  # an instance -> its class
        self._attributes: dict[int, dict[str, int]] = {}  # an instance -> its tensors
        self._stale: set[int] = set()  # instances unknown code was given
        # an instance -> the call that made it, with its arguments' values
        self.made_by: dict[int, tuple[cst.Call, list[Value]]] = {}

    # -- the entry state of a method ---------------------------------------------------------
    def attribute_entry(self, me: str, info: ClassInfo, *, param: bool = False) -> dict[str, Oids]:
        """The tensors ``me``'s attributes hold on the way in: ``self``'s (``param``: those of
        another parameter annotated with the class, each its own)."""
        env: dict[str, Oids] = {}
        owner = ("param-attr", me) if param else ("attr", info.name)
        for attr, root in info.tensors.items():
            tensor = self.obj(Kind.TENSOR, (*owner, root), None, f"`{me}.{root}`")
            env[f"{me}.{attr}"] = frozenset({tensor})
        fixed = {} if param else fixed_keys(self.ctx, info.name)
        for attr in info.containers:
            if attr in fixed:  # a list made once and only read: its items one by one
                env.update(self.fixed_items(f"{me}.{attr}", (*owner, attr), fixed[attr]))
                continue
            key = (*owner, attr + "[*]")
            tensor = self.obj(Kind.TENSOR, key, None, f"a tensor of `{me}.{attr}`")
            env[f"{me}.{attr}[*]"] = frozenset({tensor})
        if not param:  # (its dicts of partitions by key: ``keyed_stores``)
            env.update(dict_entry(self.ctx, me, info.name))
            env.update(self.record_entry(me, info.name, env))
        if env:
            self._based.add(me)
            self._under.setdefault(me, set()).update(env)
        if param:  # its methods run on it (round 34B): a name known as an instance of the class
            self.instances[me] = info.name
        return env

    def record_entry(self, me: str, cls: str, known: Mapping[str, Oids]) -> dict[str, Oids]:
        """The items of the attributes where ``cls``'s methods keep records
        (``tilecheck.host.record_attributes``): one instance of the record's class for all
        of them, under ``me.attr[*]``."""
        module = self.ctx.module
        records = record_attributes(self.ctx.index, module, cls) if module is not None else {}
        env: dict[str, Oids] = {}
        for attr, record in sorted(records.items()):
            path = f"{me}.{attr}[*]"
            if record not in self.ctx.classes or path in known:
                continue
            shown = f"a `{record}` of `{me}.{attr}`"
            instance = self.obj(Kind.INSTANCE, ("attr", cls, attr + "[*]"), None, shown)
            self._class_of[instance] = record
            env[path] = frozenset({instance})
        return env

    def fixed_items(
        self, path: str, owner: tuple[str, ...], keys: tuple[str, ...]
    ) -> dict[str, Oids]:
        """The entries of a list (or dict) attribute whose items never change
        (``tilecheck.host.fixed_lists``): a tensor per position (key), known to the caller as
        the receiver's ``X[i]``, and the list's length (the dict's keys)."""
        env: dict[str, Oids] = {}
        for i in keys:
            key = (*owner[:-1], f"{owner[-1]}[{i}]")
            env[f"{path}[{i}]"] = frozenset({self.obj(Kind.TENSOR, key, None, f"`{path}[{i}]`")})
        env[f"{path}[*]"] = frozenset().union(*env.values())
        env[self.fixed_marker(path, keys)] = NOTHING
        return env

    def fixed_marker(self, path: str, keys: tuple[str, ...]) -> str:
        """The marker of a fixed list's length, or of a fixed dict's keys (``stored``)."""
        if keys == tuple(map(str, range(len(keys)))):
            self._lengths[path] = len(keys)
            return f"{path}[#{len(keys)}]"
        self._key_order[path] = keys
        return f"{path}[#keys]"

    # -- instances -------------------------------------------------------------------------------
    def construct(self, call: cst.Call) -> Value | None:
        """``Holder(...)`` with a class of the module: a new instance (its ``__init__`` is
        given the arguments as unknown code is); None for any other call."""
        func = call.func
        info = self.ctx.classes.get(func.value) if type(func) is cst.Name else None
        if info is None:  # (a factory is called through an attribute: most calls are not)
            return self.construct_by_factory(call) if type(func) is cst.Attribute else None
        if record_call(call) and typed_dict_call(self.ctx, call):
            return None  # a ``TypedDict``'s call builds a dict (``tilecheck.host.records``)
        values = self.unknown_args(call, escape=True)
        instance = self.fresh(Kind.INSTANCE, call, f"`{info.name}` instance")
        self._class_of[instance] = info.name
        self.made_by[instance] = (call, values)
        return frozenset({instance})

    def construct_by_factory(self, call: cst.Call) -> Value | None:
        """``Engine.small(...)``, a ``@classmethod`` factory of a class of the module called
        through it: a new instance, as ``Engine(...)`` makes; the factory is given the
        arguments as unknown code is, and its construction (``cls(64)``) is given values the
        caller does not know."""
        func = call.func
        if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
            return None
        owner = func.value.value
        info = self.ctx.classes.get(owner) if owner not in self.env else None
        if info is None or func.attr.value not in info.factories:
            return None
        self.unknown_args(call, escape=True)
        instance = self.fresh(Kind.INSTANCE, call, f"`{info.name}` instance")
        self._class_of[instance] = info.name
        inner = info.factories[func.attr.value]
        if inner is not None:
            self.made_by[instance] = (inner, [NOTHING for _ in inner.args])
        return frozenset({instance})

    def class_of(self, oids: Oids) -> ClassInfo | None:
        """The class of the module every one of ``oids`` is an instance of, if any."""
        names = {self._class_of.get(self.site_of(o)) for o in oids}
        if len(names) != 1 or not oids:
            return None
        (name,) = names
        return self.ctx.classes.get(name) if name is not None else None

    def attribute_of(self, instance: int, root: str, shown: str) -> int:
        """The tensor an instance's attribute holds: an element's, one of those of the
        instances it was taken from (selected as the instance was)."""
        known = self._attributes.setdefault(instance, {})
        found = known.get(root)
        if found is not None:
            return found
        info = self.infos[instance]
        tensor = self.obj(Kind.TENSOR, ("attribute", instance, root), None, shown)
        known[root] = tensor
        selects = tuple(
            dataclasses.replace(s, of=frozenset(self.attribute_of(p, root, shown) for p in s.of))
            for s in info.selects
        )
        parents = frozenset(self.attribute_of(p, root, shown) for p in info.parents)
        if parents:
            self.adopt(tensor, parents, *selects)
        return tensor

    def instance_paths(self, name: str, oids: Oids) -> None:
        """``name`` is bound to instances of a class of the module: its attributes' paths hold
        their tensors."""
        info = self.class_of(oids)
        if info is None or not oids.isdisjoint(self._stale):
            return
        self.instances[name] = info.name
        self._based.add(name)
        for attr, root in sorted(info.tensors.items()):
            shown = f"`{name}.{root}`"
            tensors = frozenset(self.attribute_of(o, root, shown) for o in oids)
            self.set_env(f"{name}.{attr}", tensors)
        fixed = fixed_keys(self.ctx, info.name)
        for attr in sorted(info.containers):
            if attr in fixed:  # its items one by one, as its methods hold them
                for i in fixed[attr]:
                    items = frozenset(
                        self.attribute_of(o, f"{attr}[{i}]", f"`{name}.{attr}[{i}]`") for o in oids
                    )
                    self.set_env(f"{name}.{attr}[{i}]", items)
                every = [self.env.get(f"{name}.{attr}[{i}]", NOTHING) for i in fixed[attr]]
                self.set_env(f"{name}.{attr}[*]", frozenset().union(*every))
                self.set_env(self.fixed_marker(f"{name}.{attr}", fixed[attr]), NOTHING)
                continue
            shown = f"a tensor of `{name}.{attr}`"
            tensors = frozenset(self.attribute_of(o, attr + "[*]", shown) for o in oids)
            self.set_env(f"{name}.{attr}[*]", tensors)

    def instance_attribute(self, oids: Oids, attr: str) -> Oids:
        """``blocks[0].act``: the tensor the attribute holds, for instances no unknown code
        was given."""
        instances = frozenset(self.kinds(oids, Kind.INSTANCE))
        info = self.class_of(instances)
        if info is None or not instances.isdisjoint(self._stale):
            return NOTHING
        root = info.tensors.get(attr)
        if root is None:
            return NOTHING
        return frozenset(self.attribute_of(o, root, f"`{attr}`") for o in instances)

    def runs_property(self, expr: cst.Attribute, oids: Oids) -> Value | None:
        """``h.result`` where ``result`` is a property of ``h``'s class (or ``self.result`` in
        one of its methods): reading it runs a method, here not followed, which is given the
        object as unknown code is (it may wait for what the object holds, or change it). What
        the read gives; None: no property."""
        instances = frozenset(self.kinds(oids, Kind.INSTANCE))
        if instances:
            info = self.class_of(instances)
        else:
            mine = type(expr.value) is cst.Name and expr.value.value == self.me
            info = self.method_of if mine else None
        if info is None or expr.attr.value not in info.properties:
            return None
        path = path_of(expr.value)
        if path is None:
            return None
        self.escape(instances)
        if root_of(path) in self._based:
            self.forget_attributes({root_of(path)})
        self.call_closures()
        return NOTHING

    def move(self, oid: int, target: int) -> None:
        """An instance's attributes' tensors move with it."""
        for root, tensor in sorted(self._attributes.get(oid, {}).items()):
            shown = self.infos[tensor].label
            self.move(tensor, self.attribute_of(target, root, shown))
        Views.move(self, oid, target)

    def took_element(self, item: int, taken_from: Oids) -> None:
        """An element of a container of instances is an instance of their class."""
        info = self.class_of(frozenset(self.kinds(taken_from, Kind.INSTANCE)))
        if info is not None:
            self._class_of[item] = info.name

    def escape(self, value: Value) -> None:
        for oid in flatten(value):
            if self.infos[oid].kind is Kind.INSTANCE:
                self._stale.add(oid)
                self._stale.add(self.site_of(oid))
        Views.escape(self, value)

    # -- attributes --------------------------------------------------------------------------
    def unread(self, path: str) -> bool:
        """``self.pending`` where nothing in the module ever reads the attribute: a Pending
        kept there is never waited."""
        me, info = self.me, self.method_of
        return (
            me is not None
            and info is not None
            and path.startswith(me + ".")
            and path[len(me) + 1 :] in info.unread
        )

    def forget_attributes(self, roots: set[str]) -> None:
        """Unknown code was given these objects: it may have changed any of their
        attributes."""
        for root in roots:
            for key in sorted(self._under.get(root, ())):
                if key in self.env and "." in key:
                    self.unrelate(key)
                    self.set_env(key, None)

    def forget_items(self, path: str) -> None:
        """A dict's own method changed the items of the dict ``path`` holds, nothing else."""
        under = (f"{path}[", f"{path}.")
        for key in sorted(self._under.get(root_of(path), ())):
            if key in self.env and key.startswith(under):
                self.unrelate(key)
                self.set_env(key, None)

    def forget_but_partitions(self, held: frozenset[str]) -> None:
        """Unknown code was given the objects some attributes of the receiver hold, not the
        receiver (``held_receivers``): what lies under those, and every other attribute but
        one that holds partitions only (which partition an attribute holds is all a method's
        summary says of it; a tensor's rows and items stay forgotten, as before)."""
        under = tuple(f"{path}{tail}" for path in sorted(held) for tail in (".", "["))
        for key in sorted(self._under.get(next(iter(held)).split(".")[0], ())):
            if key not in self.env or "." not in key:
                continue
            oids = self.env[key]
            kept = bool(oids) and len(self.kinds(oids, Kind.PARTITION)) == len(oids)
            if key.startswith(under) or not kept:
                self.unrelate(key)
                self.set_env(key, None)

    def unknown_args(self, call: cst.Call, *, escape: bool) -> list[Value]:
        values = Views.unknown_args(self, call, escape=escape)
        if escape and self._based:
            canonical = self.ctx.callee(call.func).canonical
            own = dict_receiver(self.ctx.index, self.ctx.module, call)
            if own is not None:  # ``self.tables.pop(k)``: that dict's items alone (41W)
                self.forget_items(own)
            elif canonical is None or not canonical.startswith(_HARMLESS):
                reached = _names_in(call) & self._based
                held = (
                    held_paths(self.ctx.index, self.ctx.module, call, self.me)
                    if reached and reached == {self.me}
                    else None
                )
                if held is not None:
                    self.forget_but_partitions(held)  # (``held_receivers``)
                elif reached:
                    self.forget_attributes(reached)
        return values

    def bind_name(self, name: str, value: Value) -> None:
        self.instances.pop(name, None)
        Views.bind_name(self, name, value)
        if isinstance(value, frozenset) and value and self.kinds(value, Kind.INSTANCE):
            self.instance_paths(name, value)

    def _call(self, expr: cst.Call) -> Value:
        made = self.construct(expr)
        made = made if made is not None else Views._call(self, expr)
        if type(expr.func) is cst.Name and self.ctx.dataclass_defaults != {}:
            default_factories(cast("Analysis", self), expr)  # (``dunders``)
        return made


def _names_in(call: cst.Call) -> set[str]:
    """The objects a call is given, by the name they are reached from: its receiver's and
    its arguments' (``self`` for ``self.reset()`` and ``helper(self.state)``), and the names
    a lambda argument mentions. A call's result (``t.to_numpy().sum()``) is no user object."""
    found: set[str] = set()
    given = [arg.value for arg in call.args]
    if isinstance(call.func, cst.Attribute):
        given.append(call.func.value)
    for expr in given:
        path = path_of(expr)
        if path is not None:
            found.add(root_of(path))
        elif isinstance(expr, cst.Lambda):
            stack: list[cst.CSTNode] = [expr.body]
            while stack:
                node = stack.pop()
                if isinstance(node, cst.Name):
                    found.add(node.value)
                stack.extend(children(node))
    return found
