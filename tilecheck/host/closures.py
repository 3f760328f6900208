"""What a closure does to the names it shares with the body around it, checked where it runs:
a nested ``def`` or a lambda bound to a name, when that name is called, and a ``.then``
callback, when the chain is built (it runs with the chain). Its host reads are reported at the
read, inside its body: that is the line the runtime refuses."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import WRONG_ARGUMENT_KIND
from tilecheck.host import api
from tilecheck.host.calls import Calls
from tilecheck.host.findings import Finding
from tilecheck.host.launch import bind
from tilecheck.host.messages import Use
from tilecheck.host.model import NOTHING, Kind, Oids
from tilecheck.host.parameter_index import rebound
from tilecheck.host.scopes import Scope, free_names
from tilecheck.host.summary import parameters
from tilecheck.kernel_signature import ParamKind
from tilecheck.syntax import exact
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children

# What a closure does, in source order: ("read" | "wait", the free name, the node doing it).
Events = tuple[tuple[str, str, cst.CSTNode], ...]


class Closures(Calls):
    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)  # type: ignore[arg-type]
        # a name -> the closure it is bound to, with the body statement defining it
        self.closure_reads: dict[str, tuple[Scope, int]] = {}
        self._reads: dict[int, Events] = {}
        # a closure's name -> what its parameters defaulting to a name (``t=t``) held when it
        # was made (the default is evaluated then, not when it runs)
        self._defaults: dict[str, dict[str, Oids]] = {}
        # Pendings a call returned inside a closure that waits them when called (the name
        # holding one is that closure: calling it waits them)
        self.waiting_closures: set[int] = set()
        # the call of ``await f(...)`` whose summary applies now (its body runs here)
        self.awaited_call: cst.Call | None = None

    def reads_of(self, scope: Scope) -> Events:
        """The host reads (``z.to_numpy()``, ``np.asarray(z)``) and waits (``pending.wait()``,
        ``op.sync()``, ``await op``) a closure makes of its free names."""
        found = self._reads.get(id(scope))
        if found is not None:
            return found
        free = free_names(scope) | _defaulted(scope).keys()
        events: list[tuple[str, str, cst.CSTNode]] = []
        stack: list[cst.CSTNode] = [scope.body]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
                name, attr = node.value.value, node.attr.value
                if name in free and attr in ("wait", "sync"):
                    events.append(("wait", name, node))
                elif name in free and attr not in api.TENSOR_METADATA and attr != "partition":
                    events.append(("read", name, node.value))
            elif isinstance(node, cst.Await) and isinstance(node.expression, cst.Name):
                if node.expression.value in free:
                    events.append(("wait", node.expression.value, node))
            elif isinstance(node, cst.Call) and node.args:
                canonical = self.ctx.callee(node.func).canonical
                arg = node.args[0].value
                if canonical in api.HOST_READERS and isinstance(arg, cst.Name):
                    if arg.value in free:
                        events.append(("read", arg.value, arg))
            stack.extend(reversed(list(children(node))))
        result = self._reads[id(scope)] = tuple(events)
        return result

    def note_closure(self, name: str, scope: Scope) -> None:
        """``name`` is bound to a closure: what it does is worked out when it runs."""
        top = self.element.top if self.element is not None else 0
        self.closure_reads[name] = (scope, top)
        self._defaults[name] = self.defaults_of(scope)

    def defaults_of(self, scope: Scope) -> dict[str, Oids]:
        """What each parameter defaulting to a name holds now."""
        return {p: self.env.get(d, NOTHING) for p, d in _defaulted(scope).items()}

    def run_closure(
        self,
        events: Events,
        node: cst.CSTNode,
        shown: str,
        top: int,
        defaults: dict[str, Oids] | None = None,
    ) -> None:
        """A closure runs at ``node`` (called, or chained with ``.then``): its waits release
        what the names hold, its reads are checked where they are (``top``: the body statement
        that holds them)."""
        for what, name, where in events:
            held = defaults[name] if defaults and name in defaults else self.env.get(name, NOTHING)
            if what == "wait":
                waited = [o for o in held if self.infos[o].kind in (Kind.OP, Kind.PENDING)]
                self.release(waited, node, ran=False)
                continue
            tensors = frozenset(self.kinds(held, Kind.TENSOR))
            if tensors:
                self.use(tensors, Use.READ, where, f"`{name}` (read by {shown})", top=top)

    def before_chain(self, call: cst.Call) -> None:
        if not call.args:
            return
        callback = call.args[0].value
        top = self.element.top if self.element is not None else 0
        if isinstance(callback, cst.Lambda):
            defaults = self.defaults_of(callback)
            self.run_closure(self.reads_of(callback), callback, "the callback", top, defaults)
        elif isinstance(callback, cst.Name) and callback.value in self.closure_reads:
            scope, top = self.closure_reads[callback.value]
            shown = f"the callback `{callback.value}`"
            made = self._defaults.get(callback.value)
            self.run_closure(self.reads_of(scope), callback, shown, top, made)

    def chain_arguments(self, call: cst.Call, ops: list[int]) -> None:
        """``op.then(lambda part, x: k(out.partition(t), part))``: the callback is called with
        the op's arguments, the partitions it wrote and the tensors it read; a kernel launch in
        it that passes a partition to a Shared parameter, or a tensor to a Mutable one, is
        TC106 there (as at run time, when the chain runs)."""
        if len(ops) != 1 or not call.args:
            return
        site = self.infos[ops[0]].site
        outputs = self.outputs.get(site) if site is not None else None
        callback = call.args[0].value
        scope: Scope | None = callback if isinstance(callback, cst.Lambda) else None
        top = self.element.top if self.element is not None else 0
        if isinstance(callback, cst.Name) and callback.value in self.closure_reads:
            scope, top = self.closure_reads[callback.value]
        if outputs is None or not isinstance(scope, (cst.Lambda, cst.FunctionDef)):
            return
        params = scope.params
        if params.posonly_params:
            return
        given: dict[str, bool] = {}  # a parameter -> given a partition (else a tensor)
        rebound = _rebound(scope)
        for param, (borrows, tensors) in zip(params.params, outputs, strict=False):
            name = param.name.value
            if name not in rebound and (borrows or tensors):
                given[name] = bool(borrows)
        if given:
            self.callback_launches(scope, given, top)

    def callback_launches(self, scope: Scope, given: dict[str, bool], top: int) -> None:
        stack: list[cst.CSTNode] = [scope.body]
        while stack:
            node = stack.pop()
            if type(node) in exact.SCOPES:
                continue
            stack.extend(children(node))
            if type(node) is not cst.Call:
                continue
            kernel = self.ctx.callee(node.func).kernel
            if kernel is None:
                continue
            for param, arg in bind(kernel, node).args:
                value = arg.value
                if not isinstance(value, cst.Name) or value.value not in given:
                    continue
                partition = given[value.value]
                where = f"parameter `{param.name}` of kernel `{kernel.name}`"
                if partition and (kernel.library or param.kind is ParamKind.SHARED):
                    problem = (
                        f"{where} takes a tensor, and `{value.value}` is the partition the "
                        "chained op wrote (a `.then` callback is given the op's arguments)"
                    )
                elif not partition and param.kind is ParamKind.MUTABLE and not kernel.library:
                    problem = (
                        f"{where} is Mutable, and `{value.value}` is a tensor the chained op "
                        "read (a `.then` callback is given the op's arguments): pass a partition"
                    )
                else:
                    continue
                finding = Finding(WRONG_ARGUMENT_KIND, value, (problem,))
                self.report((WRONG_ARGUMENT_KIND, id(arg)), finding, top)

    def closure_waits(self, expr: cst.BaseExpression) -> Oids | None:
        """A closure returned (``return lambda: pend.wait()``) that only waits for its free
        names, each holding live Pendings only: those Pendings; None for anything else."""
        scope: Scope | None = expr if isinstance(expr, cst.Lambda) else None
        if isinstance(expr, cst.Name) and expr.value in self.closure_reads:
            scope = self.closure_reads[expr.value][0]
        if scope is None or _defaulted(scope):
            return None
        events = self.reads_of(scope)
        if not events or any(what != "wait" for what, _, _ in events):
            return None
        held = frozenset().union(*(self.env.get(name, NOTHING) for _, name, _ in events))
        if not held or any(
            self.infos[o].kind is not Kind.PENDING or not self.is_live(o) for o in held
        ):
            return None
        return held

    def module_function_reads(self, call: cst.Call) -> None:
        """``show()`` at module level, of a function of the module: the globals it reads on
        every call before it may wait for anything (``tilecheck.host.global_reads``) are read
        now, with what the arguments just started still in flight."""
        if type(call.func) is not cst.Name or not self.holds:
            return
        reads = self.ctx.global_reads()
        if reads is None:
            return
        caller = self.scope_node
        own: frozenset[str] = frozenset()
        if caller is not None:
            top_level = reads.code.functions.get(caller.name.value)
            if top_level is None or top_level[0] is not caller:
                return  # a method or a nested function: a global may be hidden from it
            own = self.ctx.index.fact(caller, _bound_in) | self.parameters
        awaited = call is self.awaited_call
        for read in reads.of_function(call.func.value, awaited=awaited)[0]:
            if read.name in own:
                continue  # the caller's own name, not the global
            tensors = frozenset(self.kinds(self.env.get(read.name, NOTHING), Kind.TENSOR))
            if tensors:
                shown = f"`{read.name}` (read by {read.by})"
                self.use(tensors, Use.READ, read.node, shown, top=read.top)

    def loop_callback_reads(self, call: cst.Call) -> None:
        """``cb(step)`` in a module-level ``for cb in callbacks:``: the globals the callables
        read there (``GlobalReads.loop_callbacks``), with what is in flight still in flight."""
        reads = self.ctx.global_reads()
        if reads is None:
            return
        for read in reads.loop_callbacks(call):
            tensors = frozenset(self.kinds(self.env.get(read.name, NOTHING), Kind.TENSOR))
            if tensors:
                shown = f"`{read.name}` (read by {read.by})"
                self.use(tensors, Use.READ, read.node, shown, top=read.top)

    def note_made_closure(self, name: str, call: cst.BaseExpression) -> None:
        """``report = make_reporter(loss)``: a function of the module that returns the
        closure it defines is ``report``, its free names the arguments given for them."""
        if type(call) is not cst.Call or type(call.func) is not cst.Name:
            return
        reads = self.ctx.global_reads()
        made = reads.code.functions.get(call.func.value) if reads is not None else None
        if made is None:
            return
        fn, statement = made
        closure = returned_closure(fn)
        named = parameters(fn)
        if closure is None or named is None or any(a.star for a in call.args):
            return
        names, positional = named
        given: dict[str, cst.BaseExpression] = {}
        for position, arg in enumerate(call.args):
            if arg.keyword is None and position < positional:
                given[names[position]] = arg.value
            elif arg.keyword is not None:
                given[arg.keyword.value] = arg.value
        local = rebound(fn)
        defaults: dict[str, Oids] = {}
        for free in free_names(closure):
            if free in names:
                value = given.get(free)
                known = type(value) is cst.Name and free not in local
                defaults[free] = self.env.get(value.value, NOTHING) if known else NOTHING  # type: ignore[union-attr]
            elif free in local or self.scope_node is not None:
                defaults[free] = NOTHING  # its own local, or a global a name here may hide
        self.closure_reads[name] = (closure, statement)
        self._defaults[name] = defaults

    def holder_name(self, oid: int) -> str | None:
        """Not the name of a closure that waits it (``done.wait()`` is no way to wait)."""
        return None if oid in self.waiting_closures else super().holder_name(oid)

    def closure_called(self, call: cst.Call) -> None:
        if type(call.func) is cst.Name and self.waiting_closures:
            held = self.env.get(call.func.value, NOTHING)
            if held and held <= self.waiting_closures:
                self.release(list(held), call)
        if type(call.func) is cst.Name and call.func.value in self.closure_reads:
            scope, top = self.closure_reads[call.func.value]
            defaults = self._defaults.get(call.func.value)
            self.run_closure(self.reads_of(scope), call, f"`{call.func.value}`", top, defaults)


def returned_closure(fn: cst.FunctionDef) -> cst.FunctionDef | cst.Lambda | None:
    """The closure a factory returns: its last statement ``return inner`` of a ``def inner``
    of its body (or ``return lambda ...``), its only ``return``."""
    body = fn.body.body
    if fn.asynchronous is not None or fn.decorators or not body:
        return None
    last = body[-1]
    if type(last) is not cst.SimpleStatementLine or len(last.body) != 1:
        return None
    ret = last.body[0]
    if type(ret) is not cst.Return or ret.value is None:
        return None
    if sum(1 for n in _own_nodes(fn) if type(n) in (cst.Return, cst.Yield)) != 1:
        return None
    if type(ret.value) is cst.Lambda:
        return ret.value
    if type(ret.value) is not cst.Name:
        return None
    defs = [s for s in body if type(s) is cst.FunctionDef and s.name.value == ret.value.value]
    if len(defs) != 1 or defs[0].asynchronous is not None or defs[0].decorators:
        return None
    return defs[0]


def _bound_in(index: object, fn: cst.CSTNode) -> frozenset[str]:
    """The names a function binds (a ``SyntaxIndex`` fact)."""
    assert isinstance(fn, cst.FunctionDef)
    return rebound(fn)


def _own_nodes(fn: cst.FunctionDef) -> list[cst.CSTNode]:
    """``fn``'s body, the scopes nested in it left out."""
    found: list[cst.CSTNode] = []
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        found.append(node)
        if type(node) not in exact.SCOPES:
            stack.extend(children(node))
    return found


def _rebound(scope: cst.Lambda | cst.FunctionDef) -> frozenset[str]:
    """The names a callback's body assigns (a lambda's: those its walruses bind)."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [scope.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.NamedExpr:
            found.update(target_names(node.target))
        elif type(node) is cst.Assign:
            for target in node.targets:
                found.update(target_names(target.target))
        elif exact.is_targeted(node):
            found.update(target_names(node.target))
        stack.extend(children(node))
    return frozenset(found)


def _defaulted(scope: Scope) -> dict[str, str]:
    """A function's or lambda's parameters whose default is a plain name: param -> that name."""
    if isinstance(scope, cst.ClassDef):
        return {}
    params = scope.params
    return {
        p.name.value: p.default.value
        for p in (*params.params, *params.kwonly_params, *params.posonly_params)
        if type(p.default) is cst.Name
    }
