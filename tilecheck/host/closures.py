"""What a closure does to the names it shares with the body around it, checked where it runs:
a nested ``def`` or a lambda bound to a name, when that name is called, and a ``.then``
callback, when the chain is built (it runs with the chain). Its host reads are reported at the
read, inside its body: that is the line the runtime refuses. Round 26E: the op a ``.then``
callback returns (``lambda *_: follow``) is run when the chain runs; a callback's read of a view
(``hidden[:4].to_numpy()``) is its base's; lambdas kept in a list or dict, each reading only
its defaults (``[lambda t=b: ... for b in bufs]``, ``readers[k] = lambda t=t: ...``), all run
where a comprehension calls every item (``[read() for read in readers]``)."""

from __future__ import annotations

from collections.abc import Container

import libcst as cst

from tilecheck.codes import WRONG_ARGUMENT_KIND
from tilecheck.host import api
from tilecheck.host.calls import Calls
from tilecheck.host.findings import Finding
from tilecheck.host.item_cells import cell_of
from tilecheck.host.late_binding import item_call, late_lambda, only_called
from tilecheck.host.launch import bind
from tilecheck.host.messages import Use
from tilecheck.host.model import NOTHING, Borrow, Kind, Oids, flatten
from tilecheck.host.parameter_index import rebound
from tilecheck.host.scopes import Scope, free_names
from tilecheck.host.summary import parameters
from tilecheck.host.then_borrows import callback_borrows
from tilecheck.host.then_launches import then_launch
from tilecheck.kernel_signature import ParamKind
from tilecheck.syntax import exact
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children

# The values of an assignment that may keep lambdas in a container.
KEPT_CLOSURES = frozenset({cst.ListComp, cst.Lambda})
# A container's methods that walk its items (``readers.values()``)
_WALKS = frozenset({"values", "items"})

# The methods of a view (``t[:4]``) that read its base's data on the host.
_VIEW_READS = frozenset({"to_numpy"})

# What a closure does, in source order: ("read" | "wait", the free name, the node doing it).
Events = tuple[tuple[str, str, cst.CSTNode], ...]


class Closures(Calls):
    __slots__ = """_defaults _item_calls _late _reads awaited_call chain_returns closure_items
    closure_reads then_deferred waiting_closures""".split()

    def __init__(self, ctx: object) -> None:
        Calls.__init__(self, ctx)  # type: ignore[arg-type]
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
        # a chained op (``.then``) -> the free name its callback returns: the op that name
        # holds when the chain runs is run then, by the chain
        self.chain_returns: dict[int, cst.Name] = {}
        # a chained op -> what its callback's launch borrows from the chain's run (round 40R)
        self.then_deferred: dict[int, tuple[frozenset[Borrow], frozenset[str]]] = {}
        # a name -> the lambdas kept in the list or dict it holds (each with what its
        # parameters defaulting to a name hold, and its body statement), round 26E
        self.closure_items: dict[str, dict[int, tuple[cst.Lambda, dict[str, Oids], int]]] = {}
        self._item_calls: dict[int, dict[int, str]] = {}  # a statement -> call -> container
        self._late: set[str] = set()  # lists of lambdas reading a comprehension's last value

    def note_closure_items(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        """``readers = [lambda t=b: ... for b in bufs]``, ``readers = {}`` then ``readers[k] =
        lambda t=t: ...``: the lambdas the container keeps, each with its defaults (evaluated
        when it is made: ``b`` is each item of ``bufs`` in turn). A lambda reading a name
        it does not take as a default is not kept (late binding: silence); the container is
        forgotten where its name is rebound or something else is stored in it (other items it
        held before are not followed: silence)."""
        top = self.element.top if self.element is not None else 0
        if type(target) is cst.Subscript and type(target.value) is cst.Name:
            name = target.value.value
            if type(value) is cst.Lambda and self._captures_all(value):
                held = self.closure_items.setdefault(name, {})
                old = held.get(id(value))
                made = self.defaults_of(value)
                if old is not None:
                    made = {k: v | old[1].get(k, NOTHING) for k, v in made.items()}
                held[id(value)] = (value, made, top)
            elif name in self.closure_items:  # something else kept there
                del self.closure_items[name]
            return
        if type(target) is not cst.Name:
            return
        name = target.value
        if self.closure_items.pop(name, None) is not None:
            self._item_calls.clear()
        made_in = _comprehension_lambda(value)
        if made_in is None or not self._captures_all(made_in[0]):
            late = late_lambda(value, self.ctx.constants, self.lookup_path)  # (``late_binding``)
            scope = self.scope_node or self.module_node
            if late is not None and scope is not None and only_called(scope, name):
                self.closure_items[name] = {id(late[0]): (late[0], late[1], top)}
                self._late.add(name)
            return
        lam, comp = made_in
        step = comp.target.value  # type: ignore[attr-defined]
        walked = flatten(self.ev(comp.iter))  # every item it walks
        defaults = {
            p: walked if d == step else self.env.get(d, NOTHING) for p, d in _defaulted(lam).items()
        }
        self.closure_items[name] = {id(lam): (lam, defaults, top)}

    def _captures_all(self, lam: cst.Lambda) -> bool:
        """Every name a lambda reads or waits is one of its parameters defaulting to a name
        (one it reads late, the last value a loop gave it: not kept)."""
        defaulted = _defaulted(lam)
        return all(name in defaulted for _, name, _ in self.reads_of(lam))

    def kept_closures_called(self, call: cst.Call) -> bool:
        """``[read() for read in readers]``, ``{k: read() for k, read in readers.items()}``:
        every lambda the container keeps runs here, in turn."""
        node = self.element.node if self.element is not None else None
        if node is None or call.args or type(call.func) is not cst.Name:
            return False
        calls = self._item_calls.get(id(node))
        if calls is None:
            calls = self._item_calls[id(node)] = _item_calls(node, self.closure_items)
        kept = calls.get(id(call))
        if kept is None or kept not in self.closure_items:
            return False
        for lam, defaults, top in self.closure_items[kept].values():
            shown = f"a lambda kept in `{kept}`"
            self.run_closure(self.reads_of(lam), call, shown, top, defaults)
        return True

    def op_method(
        self, call: cst.Call, name: str, ops: list[int], receiver: cst.BaseExpression, oids: Oids
    ) -> set[int]:
        out = Calls.op_method(self, call, name, ops, receiver, oids)
        if name == "then" and len(out) == 1 and call.args:
            self._then_launch(call.args[0].value, ops, next(iter(out)))  # (round 31K, 38M)
            returned = self._returned_name(call.args[0].value)
            if returned is not None:
                self.chain_returns[next(iter(out))] = returned
        elif self.chain_returns and name in ("sync", "sync_on", "submit"):
            for op in ops:  # the chain runs: its callback's op runs with it
                returned = self.chain_returns.get(op)
                if returned is not None:
                    held = self.env.get(returned.value, NOTHING)
                    self.run_once(returned, held, call, "then")
        return out

    def _then_launch(self, callback: cst.BaseExpression, ops: list[int], chain: int) -> None:
        """A callback returning a kernel call on the chain's outputs (``then_launches``); what
        that call borrows, the chain holds from its run (``then_borrows``)."""
        scope: Scope | None = callback if type(callback) is cst.Lambda else None
        if type(callback) is cst.Name and callback.value in self.closure_reads:
            scope = self.closure_reads[callback.value][0]
        body: cst.BaseExpression | None
        if type(scope) is cst.Lambda:
            body = scope.body
        elif type(scope) is cst.FunctionDef:
            body = _only_return(scope)
        else:
            return
        then_launch(self, scope, ops, body, scope.params)
        borrows, names = callback_borrows(self, scope, body, scope.params)
        if borrows:  # (taken when the chain runs: ``tilecheck.host.chain_runs``)
            deferred = self.then_deferred.get(chain, (frozenset(), frozenset()))
            self.then_deferred[chain] = (deferred[0] | borrows, deferred[1] | names)

    def _returned_name(self, callback: cst.BaseExpression) -> cst.Name | None:
        """The free name a ``.then`` callback returns as its value, on every call: ``lambda
        *_: follow``, a ``def`` of the body whose only ``return`` is its last statement,
        ``return follow`` (round 26E)."""
        scope: Scope | None = callback if type(callback) is cst.Lambda else None
        made: dict[str, Oids] = {}
        if type(callback) is cst.Name and callback.value in self.closure_reads:
            scope = self.closure_reads[callback.value][0]
            made = self._defaults.get(callback.value) or {}
        value: cst.BaseExpression | None = None
        if type(scope) is cst.Lambda:
            value = scope.body
        elif type(scope) is cst.FunctionDef:
            value = _only_return(scope)
        if type(value) is not cst.Name or scope is None or value.value in made:
            return None  # (a name a factory's call gave its closure: not this body's)
        params = scope.params  # type: ignore[union-attr]
        if value.value in {p.name.value for p in _all_params(params)}:
            return None
        if type(scope) is cst.FunctionDef and value.value in rebound(scope):
            return None
        return value

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
            elif type(node) is cst.Attribute and type(node.value) is cst.Subscript:
                # ``hidden[:4].to_numpy()``: the read of a view is its base's (round 26E)
                base = node.value.value
                attr = node.attr.value
                if type(base) is cst.Name and base.value in free and attr in _VIEW_READS:
                    events.append(("read", base.value, base))
            elif isinstance(node, cst.Await) and isinstance(node.expression, cst.Name):
                if node.expression.value in free:
                    events.append(("wait", node.expression.value, node))
            elif isinstance(node, cst.Call) and node.args:
                canonical = self.ctx.callee(node.func).canonical
                arg = node.args[0].value
                if type(arg) is cst.Subscript:  # ``np.asarray(hidden[:4])``
                    arg = arg.value
                if api.host_reader(canonical) and isinstance(arg, cst.Name):
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
                given_value = None if free in local else given.get(free)  # (round 41N: items)
                defaults[free] = cell_of(self, given_value, self.ctx.dunders)
            elif free in local or self.scope_node is not None:
                defaults[free] = NOTHING  # its own local, or a global a name here may hide
        self.closure_reads[name] = (closure, statement)
        self._defaults[name] = defaults

    def holder_name(self, oid: int) -> str | None:
        """Not the name of a closure that waits it (``done.wait()`` is no way to wait)."""
        return None if oid in self.waiting_closures else Calls.holder_name(self, oid)

    def closure_called(self, call: cst.Call) -> None:
        if self.closure_items and self.kept_closures_called(call):
            return
        late = item_call(call, self.ctx.constants) if self._late else None
        if late in self._late and late in self.closure_items:  # ``readers[0]()``
            for lam, made, top in self.closure_items[late].values():
                self.run_closure(self.reads_of(lam), call, f"an item of `{late}`", top, made)
            return
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
    value = _only_return(fn)
    if type(value) is cst.Lambda:
        return value
    if type(value) is not cst.Name:
        return None
    name = value.value
    defs = [s for s in fn.body.body if type(s) is cst.FunctionDef and s.name.value == name]
    if len(defs) != 1 or defs[0].asynchronous is not None or defs[0].decorators:
        return None
    return defs[0]


def _comprehension_lambda(
    value: cst.BaseExpression,
) -> tuple[cst.Lambda, cst.CompFor] | None:
    """``[lambda t=b: ... for b in bufs]``: the lambda and its one ``for`` (a name walking a
    name, no ``if``), where the lambda reads only its defaults."""
    if type(value) is not cst.ListComp:
        return None
    lam, comp = value.elt, value.for_in
    if type(lam) is not cst.Lambda or comp.inner_for_in is not None or comp.ifs:
        return None
    if type(comp.target) is not cst.Name or type(comp.iter) is not cst.Name:
        return None
    if comp.asynchronous is not None:
        return None
    return lam, comp


def _item_calls(node: cst.CSTNode, kept: Container[str]) -> dict[int, str]:
    """The calls ``read()`` of a comprehension's step over a container of ``kept``
    (``for read in readers``, ``readers.values()``, ``for k, read in readers.items()``): call
    -> the container's name."""
    out: dict[int, str] = {}
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind in exact.SCOPES or kind is cst.GeneratorExp:
            continue
        stack.extend(children(current))
        if kind is not cst.ListComp and kind is not cst.DictComp and kind is not cst.SetComp:
            continue
        comp = current.for_in  # type: ignore[attr-defined]
        if comp.inner_for_in is not None or comp.ifs or comp.asynchronous is not None:
            continue
        it, target = comp.iter, comp.target
        walks = ""
        if type(it) is cst.Call and type(it.func) is cst.Attribute and not it.args:
            walks, it = it.func.attr.value, it.func.value
        if type(it) is not cst.Name or it.value not in kept or walks not in ("", *_WALKS):
            continue
        if walks == "items":
            if type(target) is not cst.Tuple or len(target.elements) != 2:
                continue
            target = target.elements[1].value
        if type(target) is not cst.Name:
            continue
        body = current.value if kind is cst.DictComp else current.elt  # type: ignore[attr-defined]
        if (
            type(body) is cst.Call
            and type(body.func) is cst.Name
            and body.func.value == target.value
            and not body.args
        ):
            out[id(body)] = it.value
    return out


def _all_params(params: cst.Parameters) -> list[cst.Param]:
    star = [params.star_arg] if type(params.star_arg) is cst.Param else []
    kwargs = [params.star_kwarg] if params.star_kwarg is not None else []
    return [*params.posonly_params, *params.params, *star, *params.kwonly_params, *kwargs]


def _only_return(fn: cst.FunctionDef) -> cst.BaseExpression | None:
    """``value`` of ``fn``'s last statement ``return value``, its only ``return`` (no
    ``yield``)."""
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
    return ret.value


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
