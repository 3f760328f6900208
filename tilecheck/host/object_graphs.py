"""Objects kept by other objects, and what a construction keeps as given
(``tilecheck.host.object_fields`` reads both from the class).

* An instance ``__init__`` keeps from a parameter annotated with its class (``self.store =
  store``) is the caller's object itself: ``w.store.buf`` is ``s.buf`` for ``w = Writer(s)``,
  and a method of ``Writer`` reaching ``self.store.buf`` (or calling ``self.store.row(i)``,
  with ``Store``'s summary on that object) uses, to its caller, the attribute path
  ``store.buf`` of its receiver. Only for a kept class whose attributes stay what its
  construction made (``Construction.settled``), named in the keeper only through
  (``self.store.x``): nothing else can make the two objects differ. Code the checker does not
  follow given either object forgets what both hold; a store into one's attribute by the
  caller does too.
* The holders and tensors a construction keeps as given (``Job(buf, pend)`` of a
  ``@dataclass`` or of ``self.pend = pend``) go into the new instance's attributes, with
  their borrows, where the instance is bound to a name at once (``job = Job(...)``) or
  returned (``return Job(...)``: the summary returns the object with its fields). Anywhere
  else (``jobs.append(Job(...))``) they are given away as before: a borrow kept in an object
  the analysis no longer follows would be a false alarm later."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.host.attribute_lists import stored_item_attribute
from tilecheck.host.classes import ClassInfo
from tilecheck.host.containers import root_of
from tilecheck.host.indices import Affine, Axis
from tilecheck.host.model import NOTHING, Kind, Oids, Packed, Value, flatten
from tilecheck.host.parameter_index import rebound
from tilecheck.host.property_reads import shown_node
from tilecheck.host.raised_objects import handler_of
from tilecheck.host.receivers import Receivers
from tilecheck.host.setup_runs import init_uses, run_setup
from tilecheck.host.summary import Result, Summary, Target
from tilecheck.host.tuple_instances import named, returns
from tilecheck.syntax.nodes import dotted_name, path_of
from tilecheck.syntax.walk import children

# The name ``CallSites`` keeps a receiver made in the call under (``Act().forward()``).
_MADE = " made"


class ObjectGraphs(Receivers):
    __slots__ = (
        "_fields",
        "_held_in",
        "_kept_of",
        "_last_made",
        "_set_up",
        "_shared",
        "setting_up",
    )

    def __init__(self, ctx: object) -> None:
        Receivers.__init__(self, ctx)
        self._kept_of: dict[int, dict[str, int]] = {}  # keeper instance -> attribute -> kept
        self._shared: set[int] = set()  # instances some other instance keeps
        # a new instance -> what its construction (or a call returning it) keeps as given,
        # put under the name it is bound to
        self._fields: dict[int, dict[str, Value]] = {}
        self._last_made: tuple[cst.Call, int] | None = None  # ``Writer(s).bump()``
        # an instance -> the attributes where a name's path keeps a holder for it (``job.pend``)
        self._held_in: dict[int, set[str]] = {}
        # instances whose construction ran its setup method on their fields (``setup_runs``)
        self._set_up: set[int] = set()
        self.setting_up: cst.Call | None = None  # the construction whose setup runs now

    # -- a construction -------------------------------------------------------------------------
    def construct(self, call: cst.Call) -> Value | None:
        func = call.func
        named = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", "")
        if named == "copy" and call.args:
            copied = self._copied(call)
            if copied is not None:
                return copied
        info = self.ctx.classes.get(func.value) if type(func) is cst.Name else None
        kept = info.construction if info is not None else None
        if info is None or kept is None or any(a.star for a in call.args):
            return Receivers.construct(self, call)
        init = self.ctx.summary_for(f"{info.name}.__init__") if info.setup == "__init__" else None
        if not (kept.kept or kept.made or (init is not None and init.uses)):
            return Receivers.construct(self, call)
        values = [self.ev(arg.value) for arg in call.args]
        init_uses(self, call, init, values, frozenset(kept.kept))
        destined = self._destined(call)
        objects: dict[str, int] = {}
        fields: dict[str, Value] = {}
        given: dict[str, cst.BaseExpression] = {}
        for position, (arg, value) in enumerate(zip(call.args, values, strict=True)):
            param = arg.keyword.value if arg.keyword is not None else None
            if param is None and position < len(kept.params):
                param = kept.params[position]
            attr = kept.kept.get(param) if param is not None else None
            if attr is None:
                self._give_away(arg.value, value)
            elif attr in kept.objects:
                instance = self._one_instance(value, kept.objects[attr])
                if instance is None:
                    self._give_away(arg.value, value)
                else:
                    objects[attr] = instance
            else:
                fields[attr] = value
                given[attr] = arg.value
        setup = self.ctx.summary_for(f"{info.name}.{info.setup}") if fields else None
        after = run_setup(self, call, info, setup, fields) if fields else None
        if after is not None:  # (``__post_init__`` ran on the fields: ``setup_runs``)
            fields = after
        if not destined:
            for attr, held in sorted(fields.items()):
                expr = given.get(attr)
                if expr is not None:
                    self._give_away(expr, held)
                else:
                    self.escape(held)
            fields = {}
        self.call_closures()
        for attr in sorted(kept.made & set(kept.objects) - set(objects)):  # ``self.a = A()``
            objects[attr] = self._made_object(call, f"{info.name}.{attr}", kept.objects[attr])
        instance = self.fresh(Kind.INSTANCE, call, f"`{info.name}` instance")
        self._class_of[instance] = info.name
        self.made_by[instance] = (call, values)
        self._kept_of.pop(instance, None)
        self._fields.pop(instance, None)
        if objects:
            self._kept_of[instance] = objects
            self._shared.update(objects.values())
        if fields:
            self._fields[instance] = fields
        self._last_made = (call, instance)
        return frozenset({instance})

    def passed(self, call: cst.Call) -> Sequence[cst.Arg]:
        if call is self.setting_up:
            return ()  # (``__post_init__`` is given the instance only)
        return Receivers.passed(self, call)

    def initialized(self, name: str, instance: int, call: cst.Call, values: list[Value]) -> None:
        if instance not in self._set_up:
            Receivers.initialized(self, name, instance, call, values)

    def take_fields(self, key: str, instance: int | None) -> None:
        """The attributes kept under ``key`` go (to ``instance``'s fields, bound with it next:
        ``except Busy as err`` of the instance ``raised_objects`` kept under that key)."""
        fields: dict[str, Value] = {}
        prefix = key + "."
        for path in sorted(self._under.get(key, ())):
            attr = path[len(prefix) :].split(".")[0].split("[")[0]
            if path.startswith(prefix) and attr not in fields:
                held = self.stored(prefix + attr)
                if held is not None:
                    fields[attr] = held
        self.drop_paths(key)
        self.set_env(key, None)
        self.instances.pop(key, None)
        if instance is not None and fields:
            self._fields[instance] = fields

    def _give_away(self, expr: cst.BaseExpression, value: Value) -> None:
        """An argument the construction does not keep as given: unknown code's (as
        ``Structures.unknown_args`` gives it)."""
        self.escape(value)
        path = path_of(expr)
        roots = {root_of(path)} if path is not None else set()
        if isinstance(expr, cst.Lambda):
            roots = {n.value for n in _names(expr.body)}
        if roots & self._based:
            self.forget_attributes(roots & self._based)

    def _one_instance(self, value: Value, cls: str) -> int | None:
        """The one instance of ``cls`` ``value`` is, followed (no unknown code given it)."""
        oids = flatten(value)
        info = self.class_of(oids)
        if len(oids) != 1 or info is None or info.name != cls or not oids.isdisjoint(self._stale):
            return None
        (oid,) = oids
        return oid

    def _destined(self, call: cst.Call) -> bool:
        """``call`` is what the statement binds one name to, or returns (or stands for it:
        ``dataclasses.replace``'s construction, ``library_runs``)."""
        node = self.element.node if self.element is not None else None
        call = cast(cst.Call, shown_node(call))
        if type(node) is cst.Assign:
            return node.value is call and len(node.targets) == 1 and named(node.targets[0].target)
        if type(node) is cst.AnnAssign:
            return node.value is call and type(node.target) is cst.Name
        if type(node) is cst.Raise:  # (caught by a handler here: ``raised_objects``)
            return node.exc is call and handler_of(self, node, self.ctx.classes) is not None
        return type(node) is cst.Return and node.value is not None and returns(node.value, call)

    # -- binding it ------------------------------------------------------------------------------
    def instance_paths(self, name: str, oids: Oids) -> None:
        Receivers.instance_paths(self, name, oids)
        if self._shared and name in self.instances:
            self._link_objects(name, oids)

    def _link_objects(self, name: str, oids: Oids, depth: int = 0) -> None:
        """``w.store`` (and its attributes' paths) is the instance ``w``'s construction kept,
        and so on down what those keep (three deep at most)."""
        info = self.class_of(oids)
        if info is None or depth > 2:
            return
        for attr, cls in sorted(info.construction.objects.items()):
            kept = {self._kept_of.get(o, {}).get(attr) for o in oids}
            sub = kept.pop() if len(kept) == 1 else None
            held = self.ctx.classes.get(cls)
            if sub is None or sub in self._stale or held is None:
                continue
            path = f"{name}.{attr}"
            self.set_env(path, frozenset({sub}))
            self.instances[path] = cls
            for field, root in sorted(held.tensors.items()):
                shown = f"`{path}.{root}`"
                self.set_env(f"{path}.{field}", frozenset({self.attribute_of(sub, root, shown)}))
            if sub in self._kept_of:
                self._link_objects(path, frozenset({sub}), depth + 1)

    # -- an instance keeping holders, reached another way ----------------------------------
    def store(self, path: str, value: Value) -> None:
        """``job.pend = p`` (or ``__init__``'s, or a construction's): noted on the instance."""
        if self._held_in:
            self._alias(value)
        Receivers.store(self, path, value)
        owner, _, attr = path.rpartition(".")
        held = self.env.get(owner, NOTHING) if owner and attr.isidentifier() else NOTHING
        if len(held) == 1 and self.kinds(held, Kind.INSTANCE) and self._holders(value):
            self._held_in.setdefault(next(iter(held)), set()).add(attr)

    def keep(self, oids: Oids) -> None:
        if self._held_in:
            self._alias(oids)
        Receivers.keep(self, oids)

    def _alias(self, value: Value) -> None:
        """An instance whose attributes keep holders goes somewhere else too (a container, a
        second name, a call): what it keeps there counts as waited, its borrows no longer
        followed (they may be waited through the other reference)."""
        for oid in flatten(value):
            attrs = self._held_in.pop(oid, None)
            if not attrs:
                continue
            for name, held in list(self.env.items()):
                if oid in held and "[" not in name:
                    for attr in sorted(attrs):
                        self.escape(self.env.get(f"{name}.{attr}", NOTHING))

    def _holders(self, value: Value) -> bool:
        return any(self.infos[o].kind is not Kind.TENSOR for o in flatten(value))

    def bind_name(self, name: str, value: Value) -> None:
        if self._held_in and isinstance(value, frozenset):
            if any(o in self._held_in and o not in self.env.get(name, NOTHING) for o in value):
                self._alias(value)  # ``other = job``: a second name
        Receivers.bind_name(self, name, value)
        if not self._fields or not isinstance(value, frozenset) or len(value) != 1:
            return
        (instance,) = value
        fields = self._fields.pop(instance, None)
        if fields is None:
            return
        if name not in self.instances:
            for held in fields.values():
                self.escape(held)
            return
        for attr, held in sorted(fields.items()):
            path = f"{name}.{attr}"
            oids = flatten(held)
            if oids and len(self.kinds(oids, Kind.TENSOR)) == len(oids):
                self.set_env(path, oids)  # the caller's tensor itself
            else:
                self.drop_paths(path)
                self.set_env(path, None)
                self.store(path, held)
                self._bind_kept(name, attr, held)

    def _bind_kept(self, name: str, attr: str, held: Value) -> None:
        """An op a construction keeps as given (``Engine(op)`` of ``self.op = op``), or a list
        display of distinct ops (``Engine([k(...)])``): held there on every path until it is
        set again, as an op ``__init__`` makes is (``attribute_reruns``, ``items_rerun``;
        round 22L)."""
        if self.maybe:
            return
        path = f"{name}.{attr}"
        if isinstance(held, frozenset):
            ops = self.kinds(held, Kind.OP)
            if len(held) == 1 and len(ops) == 1:
                self.set_bound(path, ops[0])
                self._bound_attributes = True
            return
        if not self._op_list(held) or not self._left_alone(name, attr):
            return
        assert isinstance(held, Packed)
        for i, op in enumerate(o for item in held.items for o in flatten(item)):
            self.set_bound(f"{path}[{i}]", op)
        self._kept_items = True

    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        """``s.buf = x`` on an instance another keeps: what the other's paths say is stale.
        ``self.pend[key] = p`` in a method being summarized, the dict not followed here: kept
        as an appended holder is (``Summary.appends``), given away as before."""
        self.holder_store(target, value)  # (``GlobalEffects``: a module holder's attribute)
        attr = stored_item_attribute(target, self.me) if self.summarizing else None
        path = f"{self.me}.{attr}"
        if attr is not None and path not in self.env and path + "[*]" not in self.env:
            self.note_appended(attr, value)
            return
        owner = path_of(target.value) if type(target) is cst.Attribute else None
        held = self.env.get(owner, NOTHING) if owner is not None and self._shared else NOTHING
        Receivers.bind(self, target, value)
        if owner is not None:
            for oid in held & self._shared:
                self._forget_holding(oid, root_of(owner))

    # -- receivers reached through an attribute ---------------------------------------------
    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        if type(func) is cst.Attribute and type(func.value) is cst.Attribute:
            owner = path_of(func.value)  # ``self.store.row(i)``, ``w.store.row(i)``
            cls = self.instances.get(owner) if owner is not None else None
            if owner is not None and cls is not None and owner in self.env:
                summary = None
                if not self.is_property(cls, func.attr.value):
                    summary = self.ctx.summary_for(f"{cls}.{func.attr.value}")
                if summary is not None:
                    return self.call_summary(expr, summary, owner)
        return Receivers._call(self, expr)

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value:
        if summary.static:  # ``self.plan(t)``, ``Engine.plan(t)``: given no receiver
            receiver = None
            self.explicit_receiver(call, False)
        made = self._last_made
        func = call.func
        if (
            receiver == _MADE
            and made is not None
            and type(func) is cst.Attribute
            and func.value is made[0]
            and self._shared
        ):
            # ``Writer(s).bump(2)``: the instance made right there keeps ``s``
            self.instances[_MADE] = self._class_of.get(made[1], "")
            self._based.add(_MADE)
            self._link_objects(_MADE, frozenset({made[1]}))
            try:
                return Receivers.call_summary(self, call, summary, receiver)
            finally:
                self.instances.pop(_MADE, None)
        value = Receivers.call_summary(self, call, summary, receiver)
        if receiver is None and self.scope_node is None:
            # a module function's runs of the module's ops (``global_ops``), at a module-level
            # call: the caller's op of that name is the global's
            for name, how, node in summary.global_runs:
                self.path_rerun(call, summary, name, how, node)
        elif receiver is None and summary.statement is not None:
            for name, how, _ in summary.global_runs:  # the caller's own run, on its callers
                self.global_run_through(name, call, how)
        return value

    def attribute_entry(self, me: str, info: ClassInfo, *, param: bool = False) -> dict[str, Oids]:
        """``self.store`` of a method: the kept instance, its tensors known to the caller as
        the receiver's ``store.buf``."""
        env = Receivers.attribute_entry(self, me, info, param=param)
        if param or not info.construction.objects:
            return env
        for attr, cls in sorted(info.construction.objects.items()):
            held = self.ctx.classes.get(cls)
            if held is None:
                continue
            path = f"{me}.{attr}"
            instance = self.obj(Kind.INSTANCE, ("attr", info.name, attr), None, f"`{path}`")
            self._class_of[instance] = cls
            env[path] = frozenset({instance})
            self.instances[path] = cls
            for field, root in held.tensors.items():
                key = ("attr", info.name, f"{attr}.{root}")
                tensor = self.obj(Kind.TENSOR, key, None, f"`{path}.{root}`")
                env[f"{path}.{field}"] = frozenset({tensor})
        self._based.add(me)
        self._under.setdefault(me, set()).update(k for k in env if k != me)
        return env

    def _arguments_put_in(
        self, call: cst.Call, summary: Summary, axes: tuple[Axis | None, ...]
    ) -> tuple[Axis | None, ...] | None:
        """Also, in a function being summarized, a parameter handed on as it came
        (``self.store.row(i)`` in ``bump(self, i)``): the callee's form of its parameter is
        that form of this function's, for its own caller to put a constant in."""
        put = Receivers._arguments_put_in(self, call, summary, axes)
        if put is not None or not self.summarizing or self.scope_node is None:
            return put
        renamed: list[Axis | None] = []
        for axis in axes:
            if not isinstance(axis, Affine):
                renamed.append(axis)
                continue
            if axis.name not in summary.names:
                return None
            arg = self._argument(call, summary, summary.names.index(axis.name))
            name = arg.value.value if arg is not None and type(arg.value) is cst.Name else None
            if name is None or name not in self.summarizing:
                return None
            if self._rebound is None:
                self._rebound = rebound(self.scope_node)
            if name in self._rebound:
                return None
            renamed.append(dataclasses.replace(axis, name=name))
        return tuple(renamed)

    # -- going where the analysis does not follow -------------------------------------------
    def escape(self, value: Value) -> None:
        if self._held_in:
            self._alias(value)
        if self._fields or self._kept_of:
            for oid in flatten(value):
                fields = self._fields.pop(oid, None)
                for held in (fields or {}).values():
                    self.escape(held)
                kept = self._kept_of.pop(oid, None)
                if kept:  # changed through the keeper, maybe
                    self.escape(frozenset(kept.values()))
                if oid in self._shared:
                    self._forget_holding(oid, None)
        Receivers.escape(self, value)

    def _forget_holding(self, instance: int, spare: str | None) -> None:
        """Forget the attributes of every name reaching ``instance`` (but ``spare``)."""
        roots = {root_of(k) for k, held in self.env.items() if instance in held}
        roots.discard(spare or "")
        roots = {r for r in roots if r in self._based or r in self.instances}
        if roots:
            self.forget_attributes(roots)

    def _copied(self, call: cst.Call) -> Value | None:
        """``copy.copy(layer)`` of an instance of a module class that defines no copying of its
        own: a new instance whose attributes hold the same objects (round 26C)."""
        (arg, *more) = call.args
        if more or arg.star or arg.keyword is not None or type(arg.value) is not cst.Name:
            return None
        if self.ctx.callee(call.func).canonical != "copy.copy":
            return None
        held = self.env.get(arg.value.value, NOTHING)
        source = next(iter(held)) if len(held) == 1 else None
        if source is None or source in self._stale or self.infos[source].kind is not Kind.INSTANCE:
            return None
        info = self.class_of(held)
        if info is None or info.origin is not None or _copies_itself(self.ctx.module, info.name):
            return None
        for root in sorted(set(info.tensors.values())):
            self.attribute_of(source, root, f"`{arg.value.value}.{root}`")
        made = self.fresh(Kind.INSTANCE, call, f"`{info.name}` copy")
        self._class_of[made] = info.name
        self._attributes[made] = dict(self._attributes.get(source, {}))
        if source in self._kept_of:
            self._kept_of[made] = dict(self._kept_of[source])
        return frozenset({made})

    def _made_object(self, call: cst.Call, path: str, cls: str, depth: int = 0) -> int:
        """The instance of ``cls`` a construction makes itself at ``path`` (``self.a = A()``,
        a ``@dataclass``'s ``field(default_factory=A)``), with those its own construction
        makes in turn (round 26C; three deep at most)."""
        made = self.fresh(Kind.INSTANCE, call, f"`{path}`", key=(call, path))
        self._class_of[made] = cls
        info = self.ctx.classes.get(cls)
        kept = info.construction if info is not None and depth < 3 else None
        if kept is not None and kept.made:
            inner = {
                attr: self._made_object(call, f"{path}.{attr}", kept.objects[attr], depth + 1)
                for attr in sorted(kept.made & set(kept.objects))
            }
            self._kept_of[made] = inner
            self._shared.update(inner.values())
        return made

    # -- a function returning the object it made --------------------------------------------
    def result(self, value: Value) -> Result:
        oids = flatten(value)
        fields = self._fields.get(next(iter(oids))) if len(oids) == 1 else None
        info = self.class_of(oids) if fields is not None else None
        if fields is None or info is None:
            return Receivers.result(self, value)
        kept: list[tuple[str, Result]] = []
        for attr, held in sorted(fields.items()):
            if self._op_list(held):  # ``Engine([k(...)])``: each op at its index (round 22L)
                assert isinstance(held, Packed)
                for i, item in enumerate(held.items):
                    kept.append((f"{attr}[{i}]", Receivers.result(self, item)))
            else:
                kept.append((attr, Receivers.result(self, held)))
        return Result(Kind.INSTANCE, cls=info.name, fields=tuple(kept))

    def _op_list(self, held: Value) -> bool:
        """A list display of distinct ops, one per item."""
        if not isinstance(held, Packed) or held.keys is not None or held.repeated:
            return False
        items = [flatten(i) for i in held.items]
        ops = {o for i in items for o in self.kinds(i, Kind.OP)}
        return bool(items) and all(len(i) == 1 for i in items) and len(ops) == len(items)

    def realize(
        self,
        call: cst.Call,
        summary: Summary,
        result: Result,
        index: int | str,
        tensors_of: dict[int, Oids],
        receiver: str | None,
        made: dict[Target, Oids],
    ) -> Value:
        if result.kind is not Kind.INSTANCE:
            return Receivers.realize(self, call, summary, result, index, tensors_of, receiver, made)
        if result.cls is None or summary.statement is None or result.cls not in self.ctx.classes:
            return NOTHING  # a class of another module: as this module names it, unknown
        fields: dict[str, Value] = {}
        lists: dict[str, list[Value]] = {}  # ``ops[0]``, ``ops[1]``: the items of ``ops``
        for attr, field in result.fields:
            key = f"{index}.{attr}"
            value = Receivers.realize(self, call, summary, field, key, tensors_of, receiver, made)
            if attr.endswith("]"):
                lists.setdefault(attr[: attr.index("[")], []).append(value)
            else:
                fields[attr] = value
        fields.update((attr, Packed(tuple(items))) for attr, items in lists.items())
        instance = self.fresh(
            Kind.INSTANCE, call, f"`{result.cls}` instance", key=("returned", call, index)
        )
        self._class_of[instance] = result.cls
        self._kept_of.pop(instance, None)
        if self._destined(call):
            self._fields[instance] = fields
        else:
            self._fields.pop(instance, None)
            for held in fields.values():
                self.escape(held)
        return frozenset({instance})


def _names(node: cst.CSTNode) -> list[cst.Name]:
    """Every name under ``node``."""
    found: list[cst.Name] = []
    stack = [node]
    while stack:
        here = stack.pop()
        if isinstance(here, cst.Name):
            found.append(here)
        stack.extend(children(here))
    return found


# methods that make ``copy.copy`` of an instance other than a plain copy of its attributes
_COPYING = frozenset({"__copy__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__"})


def _copies_itself(module: cst.Module | None, name: str) -> bool:
    """The module's class ``name`` (or one it derives from) copies itself its own way, or is
    not found plainly (a base outside the module: assume it may)."""
    classes = {
        s.name.value: s
        for s in (module.body if module is not None else ())
        if type(s) is cst.ClassDef
    }
    seen: set[str] = set()
    todo = [name]
    while todo:
        cls = classes.get(todo.pop())
        if cls is None:
            return True
        if cls.name.value in seen:
            continue
        seen.add(cls.name.value)
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value in _COPYING:
                return True
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign) and any(
                        isinstance(t.target, cst.Name) and t.target.value == "__slots__"
                        for t in small.targets
                    ):
                        return True
        for base in cls.bases:
            dotted = dotted_name(base.value)
            if dotted is None:
                return True
            if dotted not in ("object", "ABC", "abc.ABC"):
                todo.append(dotted)
    return False
