"""A called function's effects on the module's globals, named by the global's name and applied
at the call on the caller's object of that name (round 28G of issue 17, the rest of round 27G's
``global_ops``). Three effects, one path kind (``("global", name)`` beside ``("param", i)`` and
``("attr", a)``):

* borrows: a tensor the module binds once (``STATE = tr.zeros(n)``, never declared ``global``)
  that the function launches on is, to the caller, that global (a returned or stored op or
  Pending borrows the caller's ``STATE``, not a tensor of its own);
* stores: a name the function declares ``global`` and binds once, in a line every call runs,
  and names nowhere else (``global PENDING; PENDING = k(tiles(STATE)).submit()``): at a
  module-level call the caller's name holds what the function made;
* releases (may): a global the function runs or waits (``PENDING.wait()``, ``op.sync()``,
  ``await op``) or rebinds anywhere in its body, or one a function it calls releases: at the
  call, what the caller's name holds is released (silence, never a finding).

Stores and borrows are "must" effects: they need the object to be certain (a global bound once;
a module-level caller). Releases apply wherever the caller's name is the global."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host import global_cells, module_lists
from tilecheck.host.api import TENSOR_WRITES
from tilecheck.host.call_sites import CallSites
from tilecheck.host.class_bodies import TENSOR
from tilecheck.host.containers import root_of
from tilecheck.host.frame import CLOSURES
from tilecheck.host.model import CONSUMED, LIVE, Hold, Kind, Oids, State, Value, flatten
from tilecheck.host.summary import Result, Summary, Target
from tilecheck.syntax.walk import children

# What running or waiting a held op, Pending or graph looks like (``global_reads.RELEASES``).
_RUNS = frozenset({"wait", "sync", "sync_on", "synchronize", "launch", "result", "close"})


class GlobalEffects(CallSites):
    __slots__ = (
        "_given",
        "_held_roots",
        "_holder_paths",
        "_shared_parts",
        "global_released",
        "global_stored",
        "module_appended",
        "module_appending",
        "module_held",
    )

    def __init__(self, ctx: object) -> None:
        CallSites.__init__(self, ctx)
        self.global_stored: dict[str, Result] = {}  # ``Summary.global_stores``
        self.global_released: set[str] = set()  # released by the functions it calls
        self._given: dict[int, Oids] = {}  # the call's tensors by parameter, for its stores
        self._shared_parts: dict[int, str] = {}  # class-body partitions reached, by path
        self._holder_paths: dict[str, Value] = {}  # stores into holders (``global_cells``)
        self._held_roots: set[str] = set()  # the caller's holders given a call's stores
        self.module_appended: dict[str, Oids] = {}  # appends to module lists (``module_lists``)
        self.module_appending: dict[tuple[int, str], bool] = {}  # ``module_lists.appends_only``
        self.module_held: set[str] = set()  # module lists given items here (``module_lists``)

    # -- the module's class statements ---------------------------------------------------------
    def class_body(self, cls: cst.ClassDef) -> None:
        """Module code runs ``class C:``: what its body makes for ``C.x`` (a shared object)."""
        info = self.ctx.classes.get(cls.name.value)
        if info is None or not info.shared or not isinstance(cls.body, cst.IndentedBlock):
            return
        for stmt in cls.body.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                target = small.targets[0].target if type(small) is cst.Assign else None
                if type(small) is cst.AnnAssign:
                    target = small.target
                value = getattr(small, "value", None)
                if type(target) is not cst.Name or target.value not in info.shared:
                    continue
                if not isinstance(value, cst.BaseExpression):
                    continue
                made = flatten(self.ev(value))
                path = f"{cls.name.value}.{target.value}"
                self.set_env(path, made if len(made) == 1 else None)

    def shared_path(self, expr: cst.Attribute) -> tuple[str, str] | None:
        """``self.x`` (or ``C.x``) in a method summarized, ``x`` an object of the class body
        no code stores over: the path ``C.x`` and its kind."""
        owner = expr.value
        if type(owner) is not cst.Name:
            return None
        info = self.method_of if owner.value == self.me else None
        if info is None and owner.value not in self.env and owner.value not in self.parameters:
            info = self.ctx.classes.get(owner.value)
            if info is not None and info.name != owner.value:
                info = None  # (an imported class: its body's objects are another module's)
        kind = info.shared.get(expr.attr.value) if info is not None else None
        return (f"{info.name}.{expr.attr.value}", kind) if info and kind else None

    def lookup(self, expr: cst.BaseExpression) -> Value | None:
        found = CallSites.lookup(self, expr)
        if found is not None or type(expr) is not cst.Attribute or type(expr.value) is not cst.Name:
            return found
        owner = expr.value.value
        info = self.ctx.classes.get(owner) if self.ctx.classes else None
        if info is not None and info.name == owner and expr.attr.value in info.shared:
            held = self.env.get(f"{owner}.{expr.attr.value}")  # ``C.x`` as the module made it
            if held is not None and owner not in self.env and owner not in self.parameters:
                return held
        if not self.summarized:
            return found
        shared = self.shared_path(expr)
        if shared is None:
            return found
        path, kind = shared
        if kind == TENSOR:
            made = self.obj(Kind.TENSOR, ("free", path), None, f"`{path}`")
        else:
            key = ("shared", path)
            if (Kind.PARTITION, key) in self._oid_of:
                return None  # made once, on the way in; gone since
            made = self.obj(Kind.PARTITION, key, None, f"`{path}`")
            self.set_hold(made, Hold(LIVE))
            self._shared_parts[made] = path
        value = frozenset({made})
        owner = expr.value.value
        if owner == self.me:
            self._based.add(owner)
        self.set_env(f"{owner}.{expr.attr.value}", value)
        return value

    def with_global_partitions(self, fn: cst.FunctionDef, initial: State) -> State:
        """``initial`` with the placeholders of ``global_partitions`` (a function summarized)."""
        if not self.summarized or not self.ctx.partitions():
            return initial
        self._load(initial)
        kept = self.global_partitions(fn)
        if not kept:
            return initial
        return dataclasses.replace(initial, env={**initial.env, **kept}, holds=dict(self.holds))

    def global_partitions(self, fn: cst.FunctionDef) -> dict[str, Oids]:
        """A function summarized, on entry: a placeholder for each global the module binds once
        to a new partition that the function names (round 29G), live on every path from
        there (its consumption on every path is the call's: ``shared_consumed``, as a class
        body's), kept by no name of the function (its exit drops none)."""
        made: dict[str, Oids] = {}
        known = self.ctx.partitions() if self.summarized else frozenset()
        if not known:
            return made
        for node in self.ctx.index.nodes(fn):
            if type(node) is not cst.Name or node.value not in known:
                continue
            name = node.value
            if f" global {name}" in made or not self.module_global(name):
                continue
            oid = self.obj(Kind.PARTITION, ("shared", name), None, f"`{name}`")
            self.set_hold(oid, Hold(LIVE))
            self._shared_parts[oid] = name
            made[f" global {name}"] = frozenset({oid})
        return made

    def global_partition(self, name: str) -> Value | None:
        """``plan`` in a function summarized: its placeholder (``global_partitions``)."""
        if name in self.parameters:
            return None
        made = self._oid_of.get((Kind.PARTITION, ("shared", name)))
        return frozenset({made}) if made is not None else None

    def _call(self, expr: cst.Call) -> Value:
        """``C.x.to_numpy()``: a method of the class body's object (not a library's name)."""
        func = expr.func
        if type(func) is cst.Attribute and type(self.scope_node) is cst.FunctionDef:
            kept = module_lists.appended(self, expr)  # (round 37E: a module list's append)
            if kept is not None:
                return kept
        if self.module_held:
            module_lists.reached(self, expr)
        if (
            type(func) is cst.Attribute
            and func.attr.value in _RUNS
            and type(func.value) is cst.Name
            and self.summarized
        ):
            self.free_run(func.value.value)
        if (
            type(func) is cst.Attribute
            and type(func.value) is cst.Attribute
            and type(func.value.value) is cst.Name
            and func.value.value.value in self.ctx.classes
        ):
            held = self.lookup(func.value)
            if held:
                return self.method(expr, func, flatten(held))
        return CallSites._call(self, expr)

    def shared_consumed(self, exit_holds: dict[int, Hold]) -> tuple[tuple[str, cst.CSTNode], ...]:
        """The class-body partitions one launch consumes on every path, with that launch's
        argument (``Summary.global_consumes``)."""
        out: list[tuple[str, cst.CSTNode]] = []
        for oid, path in sorted(self._shared_parts.items()):
            hold = exit_holds.get(oid)
            if hold is None or hold.status != CONSUMED or len(hold.consumed_at) != 1:
                continue
            (launch,) = hold.consumed_at
            attr = path.rsplit(".", 1)[-1]
            args = launch.args if isinstance(launch, cst.Call) else ()
            given = [
                a.value
                for a in args
                if (type(a.value) is cst.Attribute and a.value.attr.value == attr)
                or (type(a.value) is cst.Name and a.value.value == path)
            ]
            out.append((path, given[0] if len(given) == 1 else launch))
        return tuple(out)

    # -- in the function summarized ----------------------------------------------------------
    def module_global(self, name: str) -> bool:
        """``name`` in a function being summarized is the module's certain object of that name."""
        fn = self.scope_node
        return (
            self.summarized
            and fn is not None
            and name not in self.parameters
            and name not in self.outer_names
            and (name in self.ctx.bound_once() or "." in name)
            and name not in self._rebound_in(fn)
        )

    def parameter_tensor(self, func: cst.Attribute) -> int | None:
        """Also ``tokens.copy_from(x)`` in a function summarized, ``tokens`` a global the module
        binds once to a tilert factory's tensor: that tensor (the copy is a host write of the
        caller's global, refused inside a capture the caller opens; round 29G)."""
        found = CallSites.parameter_tensor(self, func)
        receiver = func.value
        if (
            found is None
            and func.attr.value in TENSOR_WRITES
            and type(receiver) is cst.Name
            and receiver.value not in self.env
            and self.module_global(receiver.value)
            and receiver.value in self.ctx.tensors()
        ):
            return self.free_tensor(receiver)
        return found

    def target_of(self, oid: int) -> Target | None:
        """Also: the module's tensor a global names, to the caller that global."""
        found = CallSites.target_of(self, oid)
        if found is None and self.summarized and self.scope_node is not None:
            name = self.infos[oid].label.strip("`")
            if (
                name.replace(".", "_").isidentifier()
                and self._oid_of.get((Kind.TENSOR, ("free", name))) == oid
                and self.module_global(name)
            ):
                return ("global", name)
        return found

    def bind_name(self, name: str, value: Value) -> None:
        fn = self.scope_node
        if self.summarized and fn is not None and name in self.outer_names:
            self.global_released.add(name)  # (what it held: given up, may)
            if isinstance(value, frozenset) and self.every_call() and name in stored_globals(fn):
                self.global_stored[name] = self.result(value)  # (before it escapes, below)
        CallSites.bind_name(self, name, value)

    def global_summary(self) -> tuple[frozenset[str], tuple[tuple[str, Result], ...]]:
        """``Summary.global_releases`` and ``global_stores`` (after the exit state is loaded:
        a holder's store is what the path still holds there, live)."""
        for path, value in self._holder_paths.items():
            if self.env.get(path) == value:
                self.global_stored[path] = self.result(value)
        self.holders_named()
        module_lists.summary_stores(self)
        stores = tuple(sorted((n, r) for n, r in self.global_stored.items() if r.kind is not None))
        return frozenset(self.global_released), stores

    # -- the module's holders (``global_cells``) -----------------------------------------------
    def holder(self, name: str) -> bool:
        """``name`` is the module's library holder, as this body sees it."""
        module = self.ctx.module
        if module is None or name in self.parameters or name in self.outer_names:
            return False
        fn = self.scope_node
        if type(fn) is cst.FunctionDef and name in self._rebound_in(fn):
            return False
        made = self.ctx.index.fact(module, global_cells.holders).get(name)
        if type(made) is cst.Call:
            return global_cells.holder_call(self.ctx.callee(made.func).canonical)
        return made is not None

    def holder_store(self, target: cst.BaseExpression, value: Value) -> None:
        """``var.attr = x`` in a function summarized, in a line every call runs, ``var`` a
        holder it names nowhere else: kept for ``global_stores`` (``global_summary``)."""
        fn = self.scope_node
        found = global_cells.store_path(target) if self.summarized else None
        if found is None or type(fn) is not cst.FunctionDef or not isinstance(value, frozenset):
            return
        root, path = found
        if not value or self.env.get(root) or not self.every_call() or not self.holder(root):
            return
        if path not in self._holder_paths and global_cells.named_in(fn, root) == 1:
            self._holder_paths[path] = value

    def holders_named(self) -> None:
        """The holders a function summarized names: what they got from stores, released."""
        fn = self.scope_node
        module = self.ctx.module
        if not self.summarized or type(fn) is not cst.FunctionDef or module is None:
            return
        made = self.ctx.index.fact(module, global_cells.holders)
        for name in made:
            if self.holder(name) and global_cells.named_in(fn, name):
                self.global_released.add(name + global_cells.RELEASED)

    def holder_stores(self, call: cst.Call, summary: Summary, made: dict[Target, Oids]) -> None:
        """A call by name of a function whose summary stores into holders: the same stores on
        the caller's holders (a function summarized passes them on to its own callers where
        it runs the call on every call and names the holder nowhere itself)."""
        if type(call.func) is not cst.Name:
            return
        fn = self.scope_node
        for name, result in summary.global_stores:
            root = root_of(name)
            if root == name or not self.holder(root) or self.env.get(root):
                continue
            held = self.realize(call, summary, result, name, self._given, None, made)
            self.bind(cst.parse_expression(name), held)
            self._held_roots.add(root)
            if not self.summarized or type(fn) is not cst.FunctionDef:
                continue
            if isinstance(held, frozenset) and held and self.every_call():
                if name not in self._holder_paths and not global_cells.named_in(fn, root):
                    self._holder_paths[name] = held

    def free_run(self, name: str) -> None:
        """``name.wait()``, ``await name`` (any run) in a function summarized, of a name it
        does not bind or binds as ``global``: what the caller's name holds may be released."""
        fn = self.scope_node
        if self.summarized and fn is not None and name not in self.parameters:
            if name in self.outer_names or name not in self._rebound_in(fn):
                self.global_released.add(name)

    # -- at the call ---------------------------------------------------------------------------
    def given_tensors(self, tensors_of: dict[int, Oids]) -> None:
        self._given = tensors_of

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value:
        self._given = {}
        if summary.statement is not None:
            self.globals_consumed(call, summary)
        value = CallSites.call_summary(self, call, summary, receiver)
        if summary.statement is None:  # another module's: its globals are none of these
            return value
        if receiver is not None and receiver == self.me and summary.runs and self.summarized:
            self.runs_through(call, summary)
        if summary.global_releases:
            self.global_releases(call, summary)
        fn = self.scope_node
        made: dict[Target, Oids] = {}
        self.holder_stores(call, summary, made)
        module_lists.apply_stores(self, call, summary, made)
        for name, result in summary.global_stores:
            if root_of(name) != name:
                continue  # (a holder's: ``holder_stores``)
            if fn is not None:
                if name in self.parameters or (
                    name in self._rebound_in(fn) and name not in self.outer_names
                ):
                    continue  # the caller's name is not the global
            held = self.realize(call, summary, result, name, self._given, None, made)
            self.escape(self.env.get(name, frozenset()))
            self.bind_name(name, held)
            if fn is not None:  # the caller's name of the global: what it holds outlives it
                self.outer_names = self.outer_names | {name}
        self._given = {}
        return value

    def globals_consumed(self, call: cst.Call, summary: Summary) -> None:
        """A class body's or a module global's partition, consumed by a launch of the function
        on every call: TC109 there if it was already (where the runtime raises); consumed by
        the call, and so no longer what a closure of the module may still use (it stays
        followed when the call runs what closures name)."""
        for path, inner in summary.global_consumes:
            partitions = self.kinds(self.env.get(path, frozenset()), Kind.PARTITION)
            with self.elsewhere(summary.statement, call):
                self.check_unconsumed(partitions, inner, None)
            self.consume_all(partitions, call)
            held = self.env.get(CLOSURES)
            if held and not held.isdisjoint(partitions):
                self.set_env(CLOSURES, held.difference(partitions) or None)

    def runs_through(self, call: cst.Call, summary: Summary) -> None:
        """``self.flush()`` in a method, on every call: the ops ``flush`` runs of what the
        receiver's attributes held on the way in, this method runs too (a second call of it,
        or of ``flush``, is TC110 where ``flush`` runs it)."""
        if not self.every_call() or self.method_of is None or self.ctx.module is None:
            return
        body = self.ctx.module.body
        name = self.method_of.name
        mine = [i for i, s in enumerate(body) if type(s) is cst.ClassDef and s.name.value == name]
        inner = dict(summary.run_at) if mine == [summary.statement] else {}
        for attr, how in summary.runs:
            held = self.env.get(f"{self.me}.{attr}")
            if held is not None and any(self._placeholders.get(o) != attr for o in held):
                continue  # set here since: not what it held on the way in
            self.attribute_runs.setdefault(attr, set()).add(how)
            self.attribute_run_nodes.setdefault(attr, set()).add(inner.get(attr, call))

    def global_op_named(self, receiver: cst.Name) -> int | None:
        self.free_run(receiver.value)  # (``await op``, ``op.sync()`` of a free name)
        return CallSites.global_op_named(self, receiver)

    def global_releases(self, call: cst.Call, summary: Summary) -> None:
        """What the caller's names of the globals the function may release hold: released."""
        fn = self.scope_node
        for name in sorted(summary.global_releases):
            if name.endswith(global_cells.RELEASED):
                self.holder_released(call, name.removesuffix(global_cells.RELEASED))
                continue
            if name in self.parameters:
                continue
            if fn is not None:
                if name in self._rebound_in(fn) and name not in self.outer_names:
                    continue
                if self.summarized:
                    self.global_released.add(name)
            held = self.env.get(name)
            if held:
                self.release(self.kinds(held, Kind.PENDING), call)
                self.release(self.kinds(held, Kind.OP), call, ran=True)
                self.release(self.kinds(held, Kind.GRAPH), call)

    def holders_none(self, name: str) -> None:
        """``pending is None`` holds, ``pending`` what a holder a call stored into holds: the
        holder holds none of that either (``var.get()`` gives the one object it holds)."""
        held = self.env.get(name) if self._held_roots else None
        if not held:
            return
        for key in sorted(self.env):
            root = root_of(key)
            if root != key and root in self._held_roots and self.env[key] == held:
                kept = frozenset(self.kinds(held, Kind.TENSOR))
                if kept != held:
                    self.set_env(key, kept or None)

    def holder_released(self, call: cst.Call, root: str) -> None:
        """A call that names the holder ``root``: what the caller's holder got from a call's
        stores is released (may), and the call's caller names it too."""
        if self.summarized:
            self.global_released.add(root + global_cells.RELEASED)
        if root not in self._held_roots:
            return
        for key in sorted(self.env):
            held = self.env[key] if root_of(key) == root and key != root else None
            if held:
                self.release(self.kinds(held, Kind.PENDING), call)
                self.release(self.kinds(held, Kind.OP), call, ran=True)
                self.release(self.kinds(held, Kind.GRAPH), call)

    def global_tensors(self, name: str) -> Oids:
        """The caller's tensors of a global the function borrows: a module-level caller's
        name; a function's own view of it (its free object, a global again to its callers)."""
        fn = self.scope_node
        if fn is not None and (name in self.parameters or name in self._rebound_in(fn)):
            return frozenset()
        held = self.env.get(name)
        if held is not None:
            return frozenset(self.kinds(flatten(held), Kind.TENSOR))
        if fn is None:
            return frozenset()
        if "." in name:  # a class body's: the caller's own view of it, a global to its callers
            view = self.obj(Kind.TENSOR, ("free", name), None, f"`{name}`")
            self.set_env(name, frozenset({view}))
            return frozenset({view})
        free = self.free_tensor(cst.Name(name))
        return frozenset({free}) if free is not None else frozenset()


def stored_globals(fn: cst.FunctionDef) -> frozenset[str]:
    """The names ``fn`` declares ``global`` that it names once, as the target of one
    ``name = value`` of its body's top level."""
    declared: set[str] = set()
    assigned: list[str] = []
    for stmt in fn.body.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.Global:
                declared.update(n.name.value for n in small.names)
            elif (
                type(small) is cst.Assign
                and len(small.targets) == 1
                and type(small.targets[0].target) is cst.Name
            ):
                assigned.append(small.targets[0].target.value)
    once = {n for n in declared if assigned.count(n) == 1}
    if not once:
        return frozenset()
    counts = dict.fromkeys(once, 0)
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Global:
            continue
        if type(node) is cst.Name and node.value in counts:
            counts[node.value] += 1
        stack.extend(children(node))
    return frozenset(n for n, c in counts.items() if c == 1)
