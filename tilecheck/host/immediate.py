"""Code that runs at another place than where it is written, run there (round 17B).

Lambdas a builtin calls right away, run where that builtin is called: the ``key=`` of
``sorted``/``min``/``max`` (and of ``xs.sort``), and the function ``map``/``filter`` apply
when a consuming builtin walks them there (``list(map(lambda t: ..., ts))``). Their body is
evaluated in place, its parameters standing for values the analysis does not follow, so a host
read in it is checked against what is in flight at the call (``max(..., key=lambda b:
scores[b].to_numpy()[0])`` before the step's wait is TC102 at the read). A ``map`` walked
later (kept, or the iterable of a ``for``) runs its lambda later: left alone.

``await f(...)`` of an ``async def`` of the module runs ``f``'s summary there, as a plain call
does; ``with cm(...) as x`` of a ``@contextmanager`` function whose body ends in its only
``yield`` runs it there, ``x`` bound to what it yields (``tilecheck.host.coroutines``). A
function that runs the op a parameter gives, in a line every call runs, runs it again on a
second call with that op: TC110 there, inside it."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.flow.cfg import ElementKind
from tilecheck.host import (
    bound_methods,
    held_starts,
    messages,
    placements,
    queued_items,
    tasks,
)
from tilecheck.host.awaited_methods import awaited_method
from tilecheck.host.callbacks import entered_name
from tilecheck.host.context import Context
from tilecheck.host.coroutines import awaited_name
from tilecheck.host.drained_calls import drained_loop
from tilecheck.host.library_spec import Does, named, positions
from tilecheck.host.model import NOTHING, Kind, Oids, Value, flatten
from tilecheck.host.parameter_index import rebound
from tilecheck.host.popped_items import PoppedItems
from tilecheck.host.reached_runs import Bound, bounds_met, reached_bounds
from tilecheck.host.summary import Summary
from tilecheck.syntax import exact
from tilecheck.syntax.nodes import path_of

# builtins that call their ``key=`` on the items given, before they return
_KEYED = named(Does.KEY_RUNS)
# builtins that walk the whole iterator given as their first argument before they return
# (``any``/``all`` may stop at the first item)
_CONSUMERS = named(Does.WALKS)
_LAZY = frozenset({"builtins.map", "builtins.filter"})
_LAZY_NAMES = frozenset({"map", "filter"})
_CALLING = _KEYED | _CONSUMERS  # the builtins a call of may run a lambda before it returns
# the position of the iterable a keyed call walks (``heapq.nsmallest(n, xs, key=f)``: 1)
_KEYED_AT = positions(Does.KEY_RUNS)
# how a keyed call of a library module's is spelled as an attribute (``heapq.nsmallest``)
_KEYED_METHODS = frozenset({"sort"}) | frozenset(
    name.rpartition(".")[2] for name in _CALLING if not name.startswith("builtins.")
)


class Immediate(PoppedItems):
    __slots__ = (
        "_builtin_names",
        "_param_runs",
        "_task_starts",
        "run_bounds",
        "run_statements",
        "yield_returns",
    )

    def __init__(self, ctx: Context) -> None:
        PoppedItems.__init__(self, ctx)
        # summarizing a ``@contextmanager`` function of ``coroutines.yields_last``'s shape: its
        # ``yield`` gives what the ``with`` binds, as a ``return`` would
        self.yield_returns = False
        self._param_runs: dict[int, set[tuple[str, cst.CSTNode]]] = {}  # ``Summary.param_runs``
        self.run_bounds: dict[cst.CSTNode, tuple[Bound, ...]] = {}  # ``Summary.run_bounds``
        self.run_statements: dict[cst.CSTNode, int] = {}  # ``Summary.run_statements``
        # a called name -> the builtin it names, if one (by its text alone: ``Context.callee``)
        self._builtin_names: dict[str, str | None] = {}
        # the ``await``s of this body where tasks it created start (``tasks.task_starts``)
        self._task_starts: dict[int, tuple[cst.Call, ...]] | None = None

    # -- bodies run elsewhere -----------------------------------------------------------------
    def _entered(self, expr: cst.BaseExpression) -> Summary | None:
        """The summary of the ``@contextmanager`` function ``expr`` enters, if all of its
        body runs there (``Summary.yielded``)."""
        if type(expr) is not cst.Call or type(expr.func) is not cst.Name:
            return None
        name = expr.func.value
        if name in self.env or name in self.parameters:
            return None
        summary = self.ctx.summary_for(entered_name(name))
        return summary if summary is not None and summary.yielded else None

    def _await(self, expr: cst.Await) -> Value:
        """``await f(...)`` of an ``async def`` of the module: its body runs here; tasks
        started at an ``await`` run their first part there (``tilecheck.host.tasks``)."""
        tasks.before_await(self, expr)
        ran = placements.gathered(cast(placements.BodyAnalysis, self), expr)
        value = self._awaited(expr) if ran is None else ran
        if self._task_starts is None:
            fn = self.scope_node
            canonical = lambda f: self.ctx.callee(f).canonical  # noqa: E731
            starts = tasks.task_starts(fn, canonical) if type(fn) is cst.FunctionDef else {}
            self._task_starts = starts
        tasks.after_await(self, expr, self._task_starts.get(id(expr), ()))
        return value

    def _awaited(self, expr: cst.Await) -> Value:
        inner = expr.expression
        if type(inner) is cst.Call and queued_items.gated(inner) and self.queued(inner):
            return self.ev(inner)  # (``await q.get()``: the queue's wait, not the item's)
        if type(inner) is cst.Call and type(inner.func) is cst.Name:
            name = inner.func.value
            if name not in self.env and name not in self.parameters:
                summary = self.ctx.summary_for(awaited_name(name))
                if summary is not None:
                    self.awaited_call = inner  # (its body runs here, up to its first await)
                    try:
                        if inner.args:  # ``await retry(attempt)`` (``parameter_runs``)
                            self.parameters_run(inner, name)
                        return self.call_summary(inner, summary, None)
                    finally:
                        self.awaited_call = None
        elif type(inner) is cst.Call and type(inner.func) is cst.Attribute:
            found = awaited_method(self, inner.func)  # ``await obj.step()`` (round 35O)
            if found is not None:
                self.awaited_call = inner
                try:
                    return self.call_summary(inner, *found)
                finally:
                    self.awaited_call = None
        elif type(inner) is cst.Name and self.summarized and inner.value not in self.env:
            # ``await op`` of an op a caller may pass, or of the module's
            if self.parameter_op_named(inner) is None:
                self.global_op_named(inner)
        return PoppedItems._await(self, expr)

    def _yield(self, expr: cst.Yield) -> Value:
        if not self.yield_returns:
            return PoppedItems._yield(self, expr)
        value = self.ev(expr.value) if isinstance(expr.value, cst.BaseExpression) else NOTHING
        self.note_return(value)
        self.escape(value)
        return NOTHING

    # -- an op a parameter gives, run on every call ---------------------------------------------
    def definite(self, expr: cst.BaseExpression, value: Value) -> int | None:
        """Also the op a caller passes for a parameter the body never rebinds, once run here:
        the name holds it on every path, the entry's included (``for``: ``await op`` again)."""
        found = PoppedItems.definite(self, expr, value)
        if found is None and type(expr) is cst.Name and self.summarizing:
            op = self._oid_of.get((Kind.OP, ("param-op", expr.value)))
            if (
                op is not None
                and self.env.get(expr.value) == frozenset({op})
                and expr.value not in self.ctx.rebindable
                and self.scope_node is not None
                and expr.value not in rebound(self.scope_node)
            ):
                self.set_bound(expr.value, op)  # (a fact on every path: the loop's back edge)
                return op
        return found

    def run_once(self, expr: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str) -> None:
        bounds = self._reached(expr) if self.summarizing and type(expr) is cst.Name else None
        if bounds is not None and type(expr) is cst.Name:
            name = expr.value
            given = self._oid_of.get((Kind.OP, ("param-op", name)))
            held = self.env.get(name)
            if (
                name in self.summarizing
                and name not in self.ctx.rebindable
                and (held is None or (given is not None and held == frozenset({given})))
            ):
                index = self.summarizing.index(name)
                self._param_runs.setdefault(index, set()).add((how, node))
                if bounds:
                    self.run_bounds[node] = bounds
        PoppedItems.run_once(self, expr, value, node, how)

    def _reached(self, expr: cst.Name) -> tuple[Bound, ...] | None:
        """The bounds under which every call runs this element (none: a line every call runs;
        None: not on every call), through ``try``/``with`` bodies and counted loops too
        (``tilecheck.host.reached_runs``)."""
        if self.every_call():
            return ()
        fn, element = self.scope_node, self.element
        if type(fn) is not cst.FunctionDef or element is None or self.maybe:
            return None
        if expr.value not in self.summarizing:
            return None
        return reached_bounds(fn, element.node, self.ctx.constants)

    def parameter_runs(self) -> tuple[tuple[int, str, cst.CSTNode], ...]:
        """``Summary.param_runs``: the parameters whose op one node runs, on every call."""
        return tuple(
            (index, how, node)
            for index, runs in sorted(self._param_runs.items())
            if len(runs) == 1
            for how, node in runs
        )

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value:
        if summary.param_runs and not any(a.star for a in call.args):
            self._parameter_reruns(call, summary, receiver)
        return PoppedItems.call_summary(self, call, summary, receiver)

    def _parameter_reruns(self, call: cst.Call, summary: Summary, receiver: str | None) -> None:
        """The ops this call gives to parameters the function runs: TC110 inside it where the
        name given holds, on every path, one op that every path already ran."""
        first = 1 if receiver is not None else 0
        given: dict[int, cst.BaseExpression] = {}
        for position, arg in enumerate(self.passed(call), first):
            if arg.keyword is None and position < summary.positional:
                given[position] = arg.value
            elif arg.keyword is not None and arg.keyword.value in summary.names:
                given[summary.names.index(arg.keyword.value)] = arg.value
        bounds = dict(summary.run_bounds)
        for index, how, node in summary.param_runs:
            named = given.get(index)
            if type(named) is not cst.Name:
                continue
            if node in bounds and not bounds_met(bounds[node], given, self.ctx.constants):
                continue
            if self._passed_on(named, how, node, summary):
                continue
            op = self.bound.get(named.value)
            if op is None or self.env.get(named.value) != frozenset({op}):
                continue
            if self.infos[op].kind is not Kind.OP:
                continue
            runs = self.taken.get(op)
            finding = None
            if runs is not None and not self.lazy:
                ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
                finding = messages.already_run(call, named.value, self.infos[op], ordered, how)
            self.verdict(OP_ALREADY_RUN, call, finding)
            self.took(op, call, how)
            if summary.statement is not None:
                inner = dict(summary.run_statements).get(node, summary.statement)
                self._run_inside[call] = (node, inner)

    def _passed_on(self, named: cst.Name, how: str, node: cst.CSTNode, summary: Summary) -> bool:
        """A parameter of the function being summarized handed to one that runs it on every
        call, in a line reached on every call: it runs it too (``Summary.run_statements``:
        where, a helper calling a helper)."""
        name = named.value
        if (
            name not in self.summarizing
            or name in self.ctx.rebindable
            or summary.statement is None
            or self.scope_node is None
            or name in rebound(self.scope_node)
        ):
            return False
        bounds = self._reached(named) if name not in self.env else None
        if bounds is None:  # (an op it ran itself first: its own run, checked as any)
            return False
        self._param_runs.setdefault(self.summarizing.index(name), set()).add((how, node))
        self.run_statements[node] = dict(summary.run_statements).get(node, summary.statement)
        if bounds:
            self.run_bounds[node] = bounds
        return True

    def _call(self, expr: cst.Call) -> Value:
        loop = self._loop_of.get(id(expr))
        if loop is not None:  # ``for v in obj.rows():`` (``drained_calls``, round 35F)
            drained_loop(self, loop)
        element = self.element
        if element is not None and element.kind is ElementKind.WITH_ENTER:
            entering = cast(cst.WithItem, element.node).item
            summary = self._entered(expr) if entering is expr else None
            if summary is not None:  # ``with cm(...) as x``: what it yields, ``x`` binds
                return self.call_summary(expr, summary, None)
        func = expr.func
        if type(func) is cst.Attribute and func.attr.value == "run" and len(expr.args) == 1:
            ran = self._run_coroutine(expr, expr.args[0])
            if ran is not None:
                return ran
        if type(func) is cst.Name and func.value in _LAZY_NAMES:
            kept = self._kept_lazy(expr)
            if kept is not None:
                return self._keep_lazy(expr, kept)
        spelled = func.attr if type(func) is cst.Attribute else func
        if type(spelled) is cst.Name and spelled.value in held_starts.SPELLED:
            name = self._assigned_name(expr)  # ``t = Thread(target=f, args=(...))`` (34A)
            values = held_starts.held(expr, self.ctx.callee(func).canonical) if name else None
            if name is not None and values is not None:
                return held_starts.hold(self, expr, values, name)
        if type(func) is cst.Attribute and func.attr.value in bound_methods.names(self.ctx):
            bound = bound_methods.lowered(self, expr)  # ``obj.greedy()`` of a partialmethod
            if bound is not None:
                return self.ev(bound)
        value = PoppedItems._call(self, expr)
        if type(func) is cst.Name:
            known = self._builtin_names.get(func.value, "")  # "": not asked yet
            if known is None or (known and known not in _CALLING):
                return value  # most calls: one lookup
        elif type(func) is not cst.Attribute or func.attr.value not in _KEYED_METHODS:
            return value
        for lam, walked in self._run_now(expr):
            self.run_inline(lam, self._walked_items(walked))
        return value

    def _run_coroutine(self, call: cst.Call, arg: cst.Arg) -> Value | None:
        """``asyncio.run(main())`` of an ``async def`` of the module: its body runs there,
        whole, as at ``await main()`` (round 28G)."""
        inner = arg.value
        if arg.star or arg.keyword is not None or type(inner) is not cst.Call:
            return None
        if type(inner.func) is not cst.Name or any(a.star for a in inner.args):
            return None
        name = inner.func.value
        if name in self.env or name in self.parameters:
            return None
        if self.ctx.callee(call.func).canonical != "asyncio.run":
            return None
        summary = self.ctx.summary_for(awaited_name(name))
        if summary is None:
            return None
        self.awaited_call = inner
        try:
            return self.call_summary(inner, summary, None)
        finally:
            self.awaited_call = None

    def _kept_lazy(self, call: cst.Call) -> str | None:
        """The name ``name = map(f, xs)`` (or ``filter``) keeps the lazy object in, if this
        call is that statement's whole value: nothing is applied yet."""
        name = self._assigned_name(call)
        if name is None or len(call.args) < 2:
            return None
        if any(a.star or a.keyword is not None for a in call.args):
            return None
        return name if self._builtin(call.func) in _LAZY else None

    def _assigned_name(self, call: cst.Call) -> str | None:
        """The one name the statement ``name = call`` binds, if ``call`` is its whole value."""
        element = self.element
        if element is None or element.kind is not ElementKind.STMT:
            return None
        node = element.node
        if type(node) is cst.Assign:
            if len(node.targets) != 1:
                return None
            target: cst.BaseExpression = node.targets[0].target
        elif type(node) is cst.AnnAssign:
            target = node.target
        else:
            return None
        if node.value is not call or type(target) is not cst.Name:
            return None
        return target.value

    def _keep_lazy(self, call: cst.Call, name: str) -> Value:
        """``waits = map(methodcaller("wait"), pends)``: the function is applied to the items
        only when the map is walked. What the iterables hold is held as a closure holds what
        it names (run and waited for TC105/TC108, borrows kept) until anything names
        ``waits`` again or calls what may walk it (``Frame.call_closures``)."""
        self.escape(self.ev(call.args[0].value))
        held = [flatten(self.ev(arg.value)) for arg in call.args[1:]]
        for oids in held:
            self.close_over(oids)
        self.lazy_kept |= {name}
        return NOTHING

    def _run_now(self, call: cst.Call) -> list[tuple[cst.Lambda, cst.BaseExpression | None]]:
        """The lambdas ``call`` calls before it returns, each with what it walks (its
        parameter takes that iterable's items), if one."""
        func = call.func
        if type(func) is cst.Attribute and func.attr.value == "sort":  # a list's sort
            return [(cast(cst.Lambda, a.value), func.value) for a in call.args if _keyed(a)]
        if type(func) is cst.Attribute:  # ``heapq.nsmallest(2, xs, key=...)`` (34A)
            canonical = self.ctx.callee(func).canonical
        else:
            canonical = self._builtin(func)
        if canonical not in _CALLING:
            return []
        positional = [a for a in call.args if a.keyword is None]
        at = _KEYED_AT.get(canonical, 0)
        first = positional[at] if len(positional) > at else None
        walked = first.value if first is not None else None
        out = [(cast(cst.Lambda, a.value), walked) for a in call.args if _keyed(a)]
        if canonical not in _KEYED:
            out = []
        if canonical in _CONSUMERS and type(walked) is cst.Call:
            inner = walked
            if self._builtin(inner.func) in _LAZY and len(inner.args) == 2:
                lam, iterable = inner.args
                if type(lam.value) is cst.Lambda and not lam.keyword and not iterable.keyword:
                    out.append((lam.value, iterable.value))
        return out

    def _walked_items(self, walked: cst.BaseExpression | None) -> Oids:
        """What the items of the container ``walked`` names may be (nothing known: none)."""
        path = path_of(walked) if walked is not None and exact.is_path(walked) else None
        return self.env.get(path + "[*]", NOTHING) if path is not None else NOTHING

    def _builtin(self, func: cst.BaseExpression) -> str | None:
        """The builtin ``func`` names (not a name this body or the module binds otherwise)."""
        if type(func) is not cst.Name or func.value in self.env:
            return None
        name = func.value
        if name in self._builtin_names:
            return self._builtin_names[name]
        canonical = self.ctx.callee(func).canonical
        if canonical is not None and not canonical.startswith("builtins."):
            canonical = canonical if canonical in _CALLING else None  # ``nsmallest`` imported
        self._builtin_names[name] = canonical
        return canonical

    def run_inline(self, lam: cst.Lambda, items: Oids) -> None:
        """Evaluate ``lam``'s body here, its first parameter bound to ``items`` (or, as the
        others, to a tensor of its own: nothing followed); left alone
        where a parameter shares a name with something this body or an outer one knows (the
        body would read that instead)."""
        names = _parameter_names(lam.params)
        if names is None:
            return
        for name in names:
            if name in self.env or name in self.bound or name in self.outer_names:
                return
            if any(k.startswith((name + ".", name + "[")) for k in self.env):
                return
        for i, name in enumerate(names):  # else its own: no borrows of this body or a global
            own = frozenset({self.obj(Kind.TENSOR, ("inline", name), None, f"`{name}`")})
            self.bind_name(name, items if i == 0 and items else own)
        self.escape(self.ev(lam.body))
        for name in names:
            self.bind_name(name, NOTHING)
            self.set_env(name, None)


def _keyed(arg: cst.Arg) -> bool:
    return arg.keyword is not None and arg.keyword.value == "key" and type(arg.value) is cst.Lambda


def _parameter_names(params: cst.Parameters) -> list[str] | None:
    """The plain parameters' names; None where one has a default (evaluated at the lambda's
    making, which the inline run would not copy) or is starred."""
    if params.star_kwarg is not None or type(params.star_arg) is cst.Param:
        return None
    plain = (*params.posonly_params, *params.params, *params.kwonly_params)
    if any(p.default is not None for p in plain):
        return None
    return [p.name.value for p in plain]
