"""Where user code keeps tilert objects besides plain names: attributes (``self.buf``, per
class, ``__init__`` establishing them), containers (list, tuple and dict displays, appends,
comprehensions, indexing with constants, iteration), starred and nested unpacking, and what a
closure reads when it runs.

Everything kept is tracked under a *path* in the environment: ``self.out``, ``bufs['x']``,
``jobs[0][1]``; a container's ``[*]`` entry holds what it may contain. Holders stored in an
attribute or a container count as run or waited on (someone may take them from there: no
TC105/TC108) but keep their borrows while the analysis can see them. A call to code the
checker does not know may change any attribute, so the attributes' entries are forgotten
there (nothing is guessed about what it did)."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host import api
from tilecheck.host.calls import Calls
from tilecheck.host.classes import ClassInfo
from tilecheck.host.messages import Use
from tilecheck.host.model import LIVE, NOTHING, Hold, Kind, Many, Oids, Packed, Value, flatten
from tilecheck.host.scopes import Scope, free_names
from tilecheck.syntax.nodes import dotted_name, path_key, path_of, source_of
from tilecheck.syntax.walk import children

# Calls into these never run the user's code: they keep the attributes' entries.
_HARMLESS = ("builtins.", "numpy.", "math.", "tilert.", "time.", "logging.")
# What a closure does to the names it shares with the body around it, in order.
Events = tuple[tuple[str, str], ...]
_CONTAINER_ADDS = frozenset({"append", "add", "insert", "extend", "appendleft", "setdefault"})
_CONTAINER_GETS = frozenset({"pop", "popleft", "get", "copy", "values", "items", "popitem"})


def _root(path: str) -> str:
    for i, char in enumerate(path):
        if char in ".[":
            return path[:i]
    return path


class Structures(Calls):
    def walk(self, node: cst.CSTNode) -> None:
        """Evaluate the expressions inside a node (``BodyAnalysis`` defines it)."""
        raise NotImplementedError

    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)  # type: ignore[arg-type]
        self._based: set[str] = set()  # names with paths under them
        self._lengths: dict[str, int] = {}  # a sequence's length, checked by its marker
        self._loops: dict[int, str] = {}  # id of a ``for`` iterable -> the key of its value
        self._elements: dict[int, dict[int, int]] = {}  # loop -> materialized -> element
        self.closure_reads: dict[str, Scope] = {}  # a name -> the closure it is bound to
        self.method_of: ClassInfo | None = None  # the class whose method this body is
        self.me: str | None = None  # the method's ``self``
        self.instances: dict[str, str] = {}  # a name -> the module class it was made from
        self._reads: dict[int, Events] = {}
        self._index_deps: dict[str, set[int]] = {}  # a name -> items indexed with it
        self._under: dict[str, set[str]] = {}  # a name -> the paths ever kept under it

    # -- the entry state of a method ---------------------------------------------------------
    def attribute_entry(self, me: str, info: ClassInfo) -> dict[str, Oids]:
        env: dict[str, Oids] = {}
        for attr, root in info.tensors.items():
            key = ("attr", info.name, root)
            tensor = self.obj(Kind.TENSOR, key, None, f"`{me}.{root}`")
            env[f"{me}.{attr}"] = frozenset({tensor})
        for attr in info.containers:
            key = ("attr", info.name, attr + "[*]")
            tensor = self.obj(Kind.TENSOR, key, None, f"a tensor of `{me}.{attr}`")
            env[f"{me}.{attr}[*]"] = frozenset({tensor})
        if env:
            self._based.add(me)
            self._under.setdefault(me, set()).update(env)
        return env

    def construct(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        """``h = Holder(...)`` with a class of the module: ``h``'s attributes hold the tensors
        ``__init__`` makes, new ones for each instance (the previous instance made here is
        their summary)."""
        if not (isinstance(target, cst.Name) and isinstance(value, cst.Call)):
            return
        name = dotted_name(value.func)
        info = self.ctx.classes.get(name) if name is not None else None
        if info is None:
            return
        me = target.value
        self.instances[me] = info.name
        for attr, root in sorted(info.tensors.items()):
            key = ("instance", value, root)
            tensor = self.fresh(Kind.TENSOR, value, f"`{me}.{root}`", key=key)
            self.set_env(f"{me}.{attr}", frozenset({tensor}))
        for attr in sorted(info.containers):
            key = ("instance", value, attr + "[*]")
            tensor = self.fresh(Kind.TENSOR, value, f"a tensor of `{me}.{attr}`", key=key)
            self.set_env(f"{me}.{attr}[*]", frozenset({tensor}))
        self._based.add(me)

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
        if n is not None and f"{path}[#{n}]" in self.env:
            items: list[Value] = []
            for i in range(n):
                item = self.stored(f"{path}[{i}]")
                items.append(NOTHING if item is None else item)
            # the marker is kept at a merge with a path that appended: the items must tell all
            if frozenset().union(*(flatten(v) for v in items)) == contents:
                return Packed(tuple(items))
        return Many(contents, path)

    def lookup(self, expr: cst.BaseExpression) -> Value | None:
        if not self._based:
            return None
        path = path_of(expr)
        if path is None or _root(path) not in self._based:
            return None
        return self.stored(path)

    def subscript(self, expr: cst.Subscript) -> Value:
        found = self.lookup(expr)
        if found is not None:
            return found
        base = self.ev(expr.value)
        for element in expr.slice:
            self.walk(element)
        only = expr.slice[0].slice if len(expr.slice) == 1 else None
        index = only.value if isinstance(only, cst.Index) else None
        key = path_key(index) if index is not None else None
        if isinstance(base, Packed):
            if key is not None and base.keys is None and key.isdigit():
                if int(key) < len(base.items):
                    return base.items[int(key)]
            base = Many(flatten(base), path_of(expr.value))
        if isinstance(base, Many):
            if key is None and index is not None:
                return self.indexed(base, index)
            return self.item(base, key)
        tensors = frozenset(self.kinds(base, Kind.TENSOR))
        return self.view_of(expr, tensors) if tensors else NOTHING

    def indexed(self, base: Many, index: cst.BaseExpression) -> Value:
        """``bufs[i % 2]``: one of the container's tensors, the same object while the names
        of the index keep their values (another index expression: another item, as
        ``bufs[(i + 1) % 2]`` is in a ping-pong loop), a new one once one is rebound."""
        tensors = frozenset(self.kinds(base.contents, Kind.TENSOR))
        if base.path is None or not tensors:
            return Many(base.contents)
        text = source_of(index)
        site = ("index", base.path, text, tensors)
        known = self._oid_of.get((Kind.TENSOR, site))
        item = self.obj(Kind.TENSOR, site, None, f"`{base.path}[{text}]`")
        if known is None:
            self.adopt(item, tensors)
            names = {n.value for n in _names(index)}
            for name in names:
                self._index_deps.setdefault(name, set()).add(item)
        return frozenset({item}) | (base.contents - tensors)

    def item(self, base: Many, key: str | None) -> Value:
        """``zs[1]`` of a container whose items are not known one by one: one of its
        tensors, the same object for the same constant index and another for another (the
        items of ``[tr.zeros(n) for _ in range(4)]`` are distinct tensors)."""
        tensors = frozenset(self.kinds(base.contents, Kind.TENSOR))
        if key is None or base.path is None or not tensors:
            return Many(base.contents)
        site = ("item", base.path, key, tensors)
        fresh = (Kind.TENSOR, site) not in self._oid_of
        item = self.obj(Kind.TENSOR, site, None, f"`{base.path}[{key}]`")
        if fresh:
            self.adopt(item, tensors)
        return frozenset({item}) | (base.contents - tensors)

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
        return Many(contents) if contents else NOTHING

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

    def store(self, path: str, value: Value) -> None:
        self._based.add(_root(path))
        if isinstance(value, frozenset):
            self.keep(value)
            if value:
                self.set_env(path, value)
            return
        contents = flatten(value)
        self.keep(contents)
        self.set_env(path + "[*]", contents)
        if isinstance(value, Packed):
            keys = value.keys
            if keys is None:
                self._lengths[path] = len(value.items)
                self.set_env(f"{path}[#{len(value.items)}]", NOTHING)
                keys = tuple(str(i) for i in range(len(value.items)))
            for key, item in zip(keys, value.items, strict=True):
                self.store(f"{path}[{key}]", item)

    def set_env(self, name: str, oids: Oids | None) -> None:
        if oids is not None and ("." in name or "[" in name):
            self._under.setdefault(_root(name), set()).add(name)
        super().set_env(name, oids)

    def drop_paths(self, name: str) -> None:
        """``name`` is rebound: what was kept under it goes (its objects live on elsewhere, or
        are dropped)."""
        if name not in self._based:
            return
        dot, bracket = name + ".", name + "["
        for key in sorted(self._under.get(_root(name), ())):
            if key in self.env and (key.startswith(dot) or key.startswith(bracket)):
                self.unrelate(key)
                self.set_env(key, None)

    def forget_attributes(self, roots: set[str]) -> None:
        """Unknown code was given these objects: it may have changed any of their
        attributes."""
        for root in roots:
            for key in sorted(self._under.get(root, ())):
                if key in self.env and "." in key:
                    self.unrelate(key)
                    self.set_env(key, None)

    def unknown_args(self, call: cst.Call, *, escape: bool) -> list[Value]:
        values = super().unknown_args(call, escape=escape)
        if escape and self._based:
            canonical = self.ctx.callee(call.func).canonical
            if canonical is None or not canonical.startswith(_HARMLESS):
                reached = _names_in(call) & self._based
                if reached:
                    self.forget_attributes(reached)
        return values

    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            self.bind_sequence(target, value)
        elif isinstance(target, (cst.Attribute, cst.Subscript)):
            path = path_of(target)
            root = _root(path) if path is not None else None
            if path is None or root is None or self.env.get(root):
                super().bind(target, value)  # an attribute of a tilert object, or unknown
                return
            if isinstance(target, cst.Subscript):
                base = path_of(target.value)
                if base is not None and base + "[*]" in self.env:
                    self.set_env(base + "[*]", self.env[base + "[*]"] | flatten(value))
            self.drop_paths(path)
            self.unrelate(path)
            self.set_env(path, None)
            self.set_env(path + "[*]", None)
            self.store(path, value)
        else:
            super().bind(target, value)

    def bind_sequence(self, target: cst.Tuple | cst.List, value: Value) -> None:
        elements = target.elements
        stars = [i for i, e in enumerate(elements) if isinstance(e, cst.StarredElement)]
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
        super().bind(target, value)

    def bind_name(self, name: str, value: Value) -> None:
        self.instances.pop(name, None)
        for item in self._index_deps.get(name, ()):
            self.retire(item)  # ``bufs[i]`` is another tensor once ``i`` changes
        self.drop_paths(name)
        self.closure_reads.pop(name, None)
        if isinstance(value, (Packed, Many)) and name not in self.outer_names:
            super().bind_name(name, NOTHING)
            if name in self.env:
                self.set_env(name, None)
            self.store(name, value)
            return
        super().bind_name(name, flatten(value) if isinstance(value, Many) else value)

    # -- containers' methods ------------------------------------------------------------------
    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        """``ops.append(op)``, ``bufs.values()``...: None if ``func`` is not a method of a
        container the analysis keeps."""
        path = path_of(func.value)
        if path is None or _root(path) not in self._based or path + "[*]" not in self.env:
            return None
        name = func.attr.value
        values = [self.ev(arg.value) for arg in call.args]
        contents = self.env[path + "[*]"]
        if name in _CONTAINER_ADDS:
            added = frozenset().union(*(flatten(v) for v in values)) if values else NOTHING
            if not added <= contents:
                self.keep(added)
                self.set_env(path + "[*]", contents | added)
            marker = f"{path}[#{self._lengths.get(path)}]"
            if marker in self.env:
                self.set_env(marker, None)
            return NOTHING
        if name in _CONTAINER_GETS:
            return Many(contents)
        return NOTHING

    # -- loops ----------------------------------------------------------------------------------
    def note_loops(self, loops: list[cst.For]) -> None:
        for loop in loops:
            self._loops[id(loop.iter)] = f" iter{len(self._loops)}"

    def evaluated(self, expr: cst.BaseExpression, value: Value) -> None:
        """A control-flow expression was evaluated: a ``for``'s iterable is kept for it."""
        key = self._loops.get(id(expr))
        if key is not None:
            self.set_env(key, None)
            self.drop_paths(key)
            self.store(key, value)

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        key = self._loops.get(id(loop.iter))
        value = self.stored(key) if key is not None else None
        contents = flatten(value) if value is not None else NOTHING
        target = loop.target
        if value is None or not contents:
            self.bind(target, fallback)
        elif isinstance(target, cst.Name) and _distinct(value):
            self.bind_name(target.value, self.materialize(loop, contents, target.value))
        elif isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, Packed):
            self.bind(target, _columns(value, len(target.elements)))
        elif isinstance(target, cst.Name):
            self.bind_name(target.value, contents)
        else:
            self.bind(target, Many(contents))

    def materialize(self, loop: cst.For, contents: Oids, name: str) -> Oids:
        """The element one iteration takes: a new object per iteration (the previous one
        becomes its summary), standing for one of the ``contents``."""
        out: set[int] = set()
        tensors = frozenset(self.kinds(contents, Kind.TENSOR))
        if tensors:
            m = self.fresh(Kind.TENSOR, loop, f"`{name}`", key=("element", loop))
            self.adopt(m, tensors)
            out.add(m)
        made = self._elements.setdefault(id(loop), {})
        for oid in contents:
            info = self.infos[oid]
            if info.kind is Kind.TENSOR:
                continue
            m = self.fresh(
                info.kind, loop, info.label, group=info.group, key=("element", loop, oid)
            )
            self.adopt(m, frozenset({oid}))
            self.primary.setdefault(m, self.site_of(oid))
            hold = self.holds.get(oid)
            if hold is not None:
                self.set_hold(m, hold)
            made[m] = oid
            out.add(m)
        return frozenset(out)

    def adopt(self, m: int, parents: Oids) -> None:
        extended = set(parents)
        for p in parents:
            extended |= self.infos[p].parents
        self.infos[m] = dataclasses.replace(self.infos[m], parents=frozenset(extended))
        for p in extended:
            self.children.setdefault(p, set()).add(m)

    def related(self, tensors: Oids) -> Oids:
        """``tensors`` and the objects each may be (an element, the container's items)."""
        if not self.children:
            return tensors
        out = set(tensors)
        for t in tensors:
            out |= self.infos[t].parents
            out |= self.children.get(t, set())
        return frozenset(out)

    def use(
        self,
        tensors: Oids,
        use: Use,
        node: cst.CSTNode,
        shown: str | None = None,
        *,
        covers: bool = True,
    ) -> None:
        related = self.related(tensors)
        super().use(related, use, node, shown, covers=covers and related == tensors)

    def loop_done(self, loop: cst.For) -> None:
        """The loop went through every element: what its body did to each one it took (run,
        waited, consumed), on every iteration, was done to every element."""
        key = self._loops.get(id(loop.iter))
        if key is not None:
            self.set_env(key, None)
            self.drop_paths(key)
        for m, element in self._elements.get(id(loop), {}).items():
            copies = [self.holds.get(m), self.holds.get(self._summary.get(m, -1))]
            found = [h for h in copies if h is not None]
            hold = self.holds.get(element)
            if not found or hold is None or not hold.live:
                continue
            merged = found[0] if len(found) == 1 else found[0].join(found[1])
            if not merged.status & LIVE:
                self.set_hold(
                    element,
                    Hold(merged.status, hold.borrows, merged.released_at, merged.consumed_at),
                )

    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        if isinstance(func, cst.Attribute) and self._based:
            kept = self.container_method(expr, func)
            if kept is not None:
                return kept
        elif self.closure_reads:
            self.closure_called(expr)
        return super()._call(expr)

    def before_chain(self, call: cst.Call) -> None:
        if call.args:
            reads = self.callback_reads(call.args[0].value)
            if reads:
                self.run_closure(reads, call.args[0].value, "the callback")

    # -- closures -------------------------------------------------------------------------------
    def reads_of(self, scope: Scope) -> Events:
        """What a nested function or lambda does, when it runs, to the free names it shares
        with this body, in source order: reads on the host (``z.to_numpy()``,
        ``np.asarray(z)``) and waits (``pending.wait()``, ``op.sync()``)."""
        found = self._reads.get(id(scope))
        if found is not None:
            return found
        free = free_names(scope)
        events: list[tuple[str, str]] = []
        stack: list[cst.CSTNode] = [scope.body]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
                name, attr = node.value.value, node.attr.value
                if name in free and attr in ("wait", "sync"):
                    events.append(("wait", name))
                elif name in free and attr not in api.TENSOR_METADATA and attr != "partition":
                    events.append(("read", name))
            elif isinstance(node, cst.Await) and isinstance(node.expression, cst.Name):
                if node.expression.value in free:
                    events.append(("wait", node.expression.value))
            elif isinstance(node, cst.Call) and node.args:
                canonical = self.ctx.callee(node.func).canonical
                arg = node.args[0].value
                if canonical in api.HOST_READERS and isinstance(arg, cst.Name):
                    if arg.value in free:
                        events.append(("read", arg.value))
            stack.extend(reversed(list(children(node))))
        result = self._reads[id(scope)] = tuple(events)
        return result

    def note_closure(self, name: str, scope: Scope) -> None:
        """``name`` is bound to a closure: what it does is worked out when it runs."""
        self.closure_reads[name] = scope

    def run_closure(self, events: Events, node: cst.CSTNode, shown: str) -> None:
        """A closure runs here (called, or chained with ``.then``): its waits release what
        the names hold, its reads are checked."""
        for what, name in events:
            held = self.env.get(name, NOTHING)
            if what == "wait":
                waited = [o for o in held if self.infos[o].kind in (Kind.OP, Kind.PENDING)]
                self.release(waited, node, ran=False)
                continue
            tensors = frozenset(self.kinds(held, Kind.TENSOR))
            if tensors:
                self.use(tensors, Use.READ, node, f"`{name}` (read by {shown})")

    def callback_reads(self, callback: cst.BaseExpression) -> Events:
        if isinstance(callback, cst.Lambda):
            return self.reads_of(callback)
        if isinstance(callback, cst.Name):
            scope = self.closure_reads.get(callback.value)
            return () if scope is None else self.reads_of(scope)
        return ()

    def closure_called(self, call: cst.Call) -> None:
        if isinstance(call.func, cst.Name):
            scope = self.closure_reads.get(call.func.value)
            events = self.reads_of(scope) if scope is not None else ()
            if events:
                self.run_closure(events, call, f"`{call.func.value}`")


def _names(expr: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            found.append(node)
        stack.extend(children(node))
    return found


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
            found.add(_root(path))
        elif isinstance(expr, cst.Lambda):
            stack: list[cst.CSTNode] = [expr.body]
            while stack:
                node = stack.pop()
                if isinstance(node, cst.Name):
                    found.add(node.value)
                stack.extend(children(node))
    return found


def _columns(value: Packed, width: int) -> Value:
    """``for buf, pending in jobs`` over ``[(x, px), (y, py)]``: what each position may take
    (``{x, y}``, ``{px, py}``); NOTHING unless every item is a tuple of that width."""
    columns: list[set[int]] = [set() for _ in range(width)]
    for item in value.items:
        if not isinstance(item, Packed) or len(item.items) != width:
            return NOTHING
        for column, part in zip(columns, item.items, strict=True):
            column |= flatten(part)
    return Packed(tuple(frozenset(c) for c in columns))


def _distinct(value: Value) -> bool:
    """A container's items are distinct objects: made one per item (a comprehension, appends),
    or a display whose items are known apart."""
    if isinstance(value, Many):
        return True
    if isinstance(value, Packed):
        seen: set[int] = set()
        for item in value.items:
            oids = flatten(item)
            if not oids or not seen.isdisjoint(oids):
                return False
            seen |= oids
        return True
    return False
