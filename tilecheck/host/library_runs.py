"""User code that a library call runs (issue 17, round 28I), lowered to the calls it makes:
built once per call node (no part of the module; a finding there is shown at the call,
``property_reads.lowered_from``), as round 26C's transfers are.

* ``max``/``min``/``sorted``/``heapq.nlargest``/``heapq.nsmallest`` with ``key=K``, and
  ``xs.sort(key=K)`` on a list, run ``K`` on every item before they compare: first
  ``[K(item) for item in xs]``, then the call as before (``K`` a name, an attribute path or an
  ``attrgetter``/``itemgetter`` of literals, evaluated again to the same; a lambda is run by
  ``immediate.run_inline`` where the call returns, as before). ``key=cmp_to_key(f)`` runs
  ``f`` on pairs of items: ``[f(a, b) for a in xs for b in xs]``, only where ``xs`` holds two
  items or more or is a container of unknown length. ``xs`` is an access path;
* ``list(map(f, xs))``, ``tuple(map(f, xs))`` are ``[f(item) for item in xs]`` (``f`` no
  lambda: that one ``run_inline`` runs); ``functools.reduce(f, xs, start)`` runs
  ``[f(start, item) for item in xs]`` first (a lambda's body inline, its first parameter
  bound to ``start``, a literal or an access path);
* ``set(xs)``/``frozenset(xs)`` hash every item: ``[hash(item) for item in xs]`` first (so an
  item's ``__hash__``, ``dunders.PROTOCOLS``), where a class of the module defines one;
* ``"{} {!r}".format(a, b)`` formats each field's argument (``implicit_sites``);
* ``dataclasses.replace(obj, f=v)`` (``copy.replace`` too) and a ``NamedTuple``'s
  ``obj._replace(f=v)`` are ``Cls(f=v, g=obj.g, ...)`` (``replaced_fields``);
* ``dict.fromkeys(keys, v)``: ``v`` once, under every key (``shared_values``, round 34A);
* ``timeit.timeit(f, number=n)``/``timeit.repeat(f, ...)`` run ``f()`` that often, first
  (``timed_runs``, round 34A);
* ``getattr(obj, "name")`` is ``obj.name`` (two arguments, a literal identifier), and the
  statement ``setattr(obj, "name", v)`` is ``obj.name = v`` (``analysis``)."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host import (
    callable_runs,
    hook_runs,
    lowered_calls,
    placements,
    queued_items,
    scheduled_calls,
    shared_values,
    timed_runs,
)
from tilecheck.host.dunders import Analysis, receiver_path
from tilecheck.host.implicit_sites import format_called
from tilecheck.host.library_spec import (
    CELL_METHODS,
    DRAWING,
    RESULT,
    SPEC,
    STACK_METHODS,
    STARTS,
    Does,
    method_roots,
    methods,
    named,
    positions,
    unbound_method,
)
from tilecheck.host.library_statements import imported
from tilecheck.host.model import NOTHING, Many, Packed, Value
from tilecheck.host.parameter_runs import lowered_runs
from tilecheck.host.property_reads import lowered_from, shown_node
from tilecheck.host.replaced_fields import TUPLE_METHOD, replace_args, replaced, tuple_replace_args
from tilecheck.host.replaced_fields import Analysis as ReplacedAnalysis
from tilecheck.host.transfers import Transfers
from tilecheck.syntax.constants import string_value

_KEYED = positions(Does.KEY_RUNS)  # the position of the iterable each keyed call takes
_HASHED = named(Does.HASHES)
# how those are spelled at the call (``replace`` also as ``dataclasses.replace``; a name
# imported under another is not followed)
_WALKERS = named(Does.WALKS)
_ENCODES = positions(Does.ENCODES)  # ``json.dumps(obj, default=f)``: ``f`` on its tensors
_SPELLED = frozenset(
    {"max", "min", "sorted", "nlargest", "nsmallest", "set", "frozenset", "replace", "getattr"}
    | {"list", "tuple", "reduce", "timeit", "repeat", "fromkeys"}
    | {name.rpartition(".")[2] for name in positions(Does.RUNS_RESULT)}
    | {name.rpartition(".")[2] for name, e in SPEC.items() if e.does & DRAWING}
    | {name.rpartition(".")[2] for name in _WALKERS | _ENCODES.keys()}
)
# the iterators drawn by position (``drawn_positions``), with what each does
_DRAWN_BY = {name: e.does for name, e in SPEC.items() if e.does & DRAWING}
# lazy iterators whose items are calls of a function given (``map``, ``starmap``,
# ``accumulate``), and those that walk their arguments' items as they are walked (``zip``)
_MAPS = named(Does.MAPS)
_RUNNING = named(Does.RUNNING)
_PASSES = positions(Does.PASSES)
# what runs on another thread (``threads``): ``t.start()``, ``pool.submit(f)``, ``to_thread(f)``
_THREADED = frozenset(methods(Does.STARTS_CALL)) | frozenset(methods(Does.CALLS_NOW))
_THREADED_METHODS = _THREADED | frozenset(methods(Does.MAPS_NOW))  # (``pool.map(f, xs)``)
_PHASED = frozenset({"start", "wait", "set"})  # (``phases.METHODS`` but ``join``)
_LISTED = named(Does.COLLECTS)
_GETTERS = named(Does.GETS)
_FOLDS = named(Does.FOLDS)
_ADDS = named(Does.ADDS)
# methods of library types that hold what they are given (``_held_by_receiver``)
_HELD = STACK_METHODS | STARTS | CELL_METHODS | {RESULT}
_MADE = _GETTERS | named(Does.CALLS_METHOD)
_CMP = "functools.cmp_to_key"
_REPLACES, _TIMED, _SHARES = named(Does.REPLACES), named(Does.TIMES), named(Does.ONE_VALUE_PER_KEY)
_RESULTS_RUN = positions(Does.RUNS_RESULT)  # ``tr.testing.do_bench(fn)`` (37L)
_ITEM = lowered_calls.ITEM
# what a call lowers to: run first, then the call as before (``xs.sort``: where ``xs`` holds a
# list); the call's value; built per
# receiver class at each evaluation (``dataclasses.replace``); ``str.format``'s fields
_FIRST, _SORT, _VALUE, _REPLACE, _FORMAT, _PAIRS, _HOOK, _DRAWN, _SHARED, _EACH, _RAN = range(11)
_Lowered = tuple[int, cst.CSTNode] | None
_UNSEEN: _Lowered = (-1, cst.Name("_unseen"))


class LibraryRuns(Transfers):
    __slots__ = ()

    def _call(self, expr: cst.Call) -> Value:
        func = expr.func
        if type(func) is cst.Attribute and func.attr.value in scheduled_calls.METHODS:
            scheduled = self._scheduled(expr)
            if scheduled is not None:
                return self.ev(scheduled)
        if queued_items.gated(expr):
            queued = self.queued(expr)
            if queued is not None:
                return self.ev(queued)
        if type(func) is cst.Attribute and func.attr.value in _HELD:
            done = self._held_by_receiver(expr, func.attr.value)
            if done is not None:
                return done
        if type(func) is cst.Attribute and func.attr.value in _PHASED:
            done = self._phased_call(expr)
            if done is not None:
                return done
        spelled = func.attr if type(func) is cst.Attribute else func
        if type(spelled) is cst.Name and spelled.value == "register":  # ``atexit.register``
            done = placements.at_end(cast(placements.BodyAnalysis, self), expr)
            if done is not None:
                return done
        cache = self.ctx.runs
        found = cache.get(id(expr), _UNSEEN)
        if found is _UNSEEN:
            found = cache[id(expr)] = self._library_runs(expr)
        if found is not None:
            kind, built = found
            node = cast(cst.BaseExpression, built)
            if kind == _VALUE:
                return self.ev(node)
            if kind == _SORT and not self._list_sorted(expr):
                pass  # ``obj.sort(key=f)`` of anything but a list
            elif kind <= _SORT or (kind == _PAIRS and self._pairs_run(expr)):
                self.escape(self.ev(node))
            elif kind == _HOOK:
                hook_runs.run(self, cast(cst.Tuple, built))
            elif kind == _FORMAT and self.ctx.dunders:
                format_called(cast(Analysis, self), expr)
            elif kind == _REPLACE:
                made = replaced(cast(ReplacedAnalysis, self), expr)
                if made is not None:
                    return self.ev(made)
            elif kind == _SHARED:  # ``dict.fromkeys(keys, v)`` (34A)
                return shared_values.run(self, expr, cast(cst.DictComp, built))
            elif kind == _RAN:  # ``pool.submit(f, a)``: ``f(a)`` ran; nothing kept (37L)
                self.escape(self.ev(node))
                if type(func) is cst.Attribute and type(func.value) is cst.Name:
                    self.ev(func.value)
                return NOTHING
            elif kind == _EACH:  # ``do_bench(fn)``: each run, then its op run (37L)
                at = _RESULTS_RUN[self.ctx.callee(expr.func).canonical or ""]
                return callable_runs.run(self, expr, cast(cst.List, built), at)
            elif kind == _DRAWN:
                drawn = self._drawn(expr)
                if drawn is not None:
                    return self.ev(drawn)
        return Transfers._call(self, expr)

    def _scheduled(self, expr: cst.Call) -> cst.BaseExpression | None:
        """A ``sched.scheduler``'s entry or ``run()`` (``scheduled_calls``)."""
        module = self.ctx.module
        if module is None or scheduled_calls.ROOT not in self.ctx.index.fact(module, imported):
            return None
        return scheduled_calls.lowered(self.ctx, module, expr)

    def queued(self, expr: cst.Call) -> cst.BaseExpression | None:
        """A queue one body fills and drains: the list form of the call (``queued_items``)."""
        module = self.ctx.module
        return queued_items.lowered(self.ctx, module, expr) if module is not None else None

    def _phased_call(self, expr: cst.Call) -> Value | None:
        """A statement a thread's phase runs after: the call, then the phases (``phases``)."""
        module = self.ctx.module
        if module is None or "threading" not in self.ctx.index.fact(module, imported):
            return None
        from tilecheck.host import phases  # (rarely met: compiled here)

        return phases.call_then_phases(cast(phases.Analysis, self), expr, self._call)

    def _held_by_receiver(self, expr: cst.Call, method: str) -> Value | None:
        """A method of a library type the spec says holds what it is given: a stack's
        ``callback``/``enter_context`` and a group's ``create_task`` (``exit_stacks``), a
        task's ``result()``, a ``ContextVar``'s ``get()`` (``context_cells``)."""
        module = self.ctx.module
        if module is None or not method_roots(method) & self.ctx.index.fact(module, imported):
            return None  # (the module imports no library with such a method)
        from tilecheck.host import context_cells, exit_stacks  # (rarely met: compiled here)

        an = cast(exit_stacks.BodyAnalysis, self)
        if method in exit_stacks.METHODS:
            return exit_stacks.registered(an, expr, method)
        if method == RESULT:
            return exit_stacks.task_result(an, expr)
        held = context_cells.loaded(self.ctx, expr) if context_cells.cell_call(expr) else None
        return self.ev(held) if held is not None else None

    def _library_runs(self, expr: cst.Call) -> _Lowered:
        func = expr.func
        kind = type(func)
        for arg in expr.args:  # ``tr.zip(*map(f, xs, ys))``: the star runs the map (29N)
            if arg.star == "*" and type(arg.value) is cst.Call:
                spread = self._spread_map(expr, arg)
                if spread is not None:
                    return spread
        if (kind is cst.Attribute and func.attr.value in _THREADED_METHODS) or (  # type: ignore[attr-defined]
            kind is cst.Name and func.value in _THREADED  # type: ignore[attr-defined]
        ):
            threaded = self._threaded(expr)
            if threaded is not None:
                return threaded
        if kind is cst.Attribute:
            attr = cast(cst.Attribute, func)
            owner = attr.value
            title = ""  # ``tr.Tensor.m(t)``: a method read through a type's name
            if type(owner) is cst.Attribute:
                title = owner.attr.value
            elif type(owner) is cst.Name:
                title = owner.value
            bound = self._unbound_call(expr, attr) if title[:1].isupper() else None
            if bound is not None:
                return _VALUE, bound
            if attr.attr.value == "format" and type(attr.value) is cst.SimpleString:
                return _FORMAT, expr
            if attr.attr.value == "sort" and not expr.args:
                return None
            if attr.attr.value == "sort":
                found = self._key_runs(expr, attr.value)
                return (_SORT, found[1]) if found is not None and found[0] == _FIRST else found
            if attr.attr.value == TUPLE_METHOD:
                return (_REPLACE, expr) if tuple_replace_args(expr) else None
            if attr.attr.value not in _SPELLED:
                return None
        elif kind is not cst.Name or cast(cst.Name, func).value not in _SPELLED:
            return None  # (the cheap test first: a call spelled as none of these)
        canonical = self.ctx.callee(func).canonical
        if canonical is None:
            return None
        if canonical in _DRAWN_BY:
            return _DRAWN, expr
        if canonical in _LISTED:
            found = self._mapped(expr)
            if found is not None:
                return found
        if canonical in _WALKERS:
            walked = self._walked_lazy(expr)
            if walked is not None:
                return _VALUE, walked
        if canonical in _KEYED:
            at = _KEYED[canonical]
            positional = [a for a in expr.args if a.keyword is None]
            if len(positional) != at + 1 or positional[at].star:
                return None
            return self._key_runs(expr, positional[at].value)
        if canonical in _HASHED:
            return self._hash_runs(expr)
        if canonical in _ENCODES:
            hooked = hook_runs.lowered(expr, _ENCODES[canonical])
            return (_HOOK, hooked) if hooked is not None else None
        if canonical in _ADDS:
            return self._add_runs(expr)
        if canonical in _FOLDS:
            return self._reduce_runs(expr)
        if canonical in _REPLACES:  # (``copy.replace`` too: 34A)
            return (_REPLACE, expr) if replace_args(expr) else None
        if canonical in _SHARES and shared_values.plain(expr):
            return _SHARED, shared_values.comprehension(expr)
        if canonical in _TIMED:  # ``timeit.repeat(op.sync, repeat=3)`` (34A)
            timed = timed_runs.lowered(expr, canonical)
            return (_FIRST, timed) if timed is not None else None
        if canonical == "builtins.getattr":
            return _got_attribute(expr)
        if canonical in _RESULTS_RUN:  # ``tr.testing.do_bench(fn)`` (``callable_runs``)
            built = callable_runs.lowered_here(self.ctx, self.scope_node, self.env, expr)
            return (_EACH, built) if built is not None else None
        return None

    def _threaded(self, expr: cst.Call) -> _Lowered:
        """``t.start()`` of a ``threading.Thread``, ``pool.submit(f, ...)``,
        ``asyncio.to_thread(f, ...)``: what runs on the other thread, run first
        (``tilecheck.host.threads``), where the module imports such a library."""
        module = self.ctx.module
        func = expr.func
        method = func.attr.value if type(func) is cst.Attribute else cast(cst.Name, func).value
        if module is None or not method_roots(method) & self.ctx.index.fact(module, imported):
            return None
        from tilecheck.host import phases, threads  # (rarely met: compiled here)

        if method == "start" and phases.started(self.ctx, expr):
            return None  # (its target runs in phases)
        made = threads.started(self.ctx, expr)
        if made is None:
            return None
        # what an executor or ``to_thread`` is given goes to the call it runs, which has
        # returned here: the library keeps none of it (a thread's ``start()``: its target's
        # arguments were given at the ``Thread(...)``)
        return (_FIRST if method == "start" else _RAN), made

    def _unbound_call(self, expr: cst.Call, func: cst.Attribute) -> cst.Call | None:
        """``T.m(obj, *args)`` of an instance method of a library type: ``obj.m(*args)``."""
        canonical = self.ctx.callee(func).canonical
        if canonical is None or not unbound_method(canonical) or not expr.args:
            return None
        first = expr.args[0]
        if first.keyword is not None or first.star:
            return None
        origin = shown_node(expr)  # (a call built for one of the module's: shown at that one)
        receiver = first.value
        if type(receiver) is cst.Name:
            receiver = lowered_from(origin, cst.Name(receiver.value))
        method = lowered_from(origin, cst.Attribute(receiver, func.attr))
        return lowered_from(origin, cst.Call(method, tuple(expr.args[1:])))

    def parameters_run(self, expr: cst.Call, name: str) -> None:
        """``retry(attempt)`` of a module function ``name`` (its summary applied next) that
        calls its parameter: ``attempt()`` as often as it certainly does, first (29N)."""
        key = ("runs", id(expr))
        found = self.ctx.runs.get(key, _UNSEEN)
        if found is _UNSEEN:
            found = self.ctx.runs[key] = self._parameters_run(expr, name)
        if found is not None:
            self.escape(self.ev(cast(cst.BaseExpression, found[1])))

    def _parameters_run(self, expr: cst.Call, name: str) -> _Lowered:
        ctx = self.ctx
        if ctx.module is None or any(a.star for a in expr.args):
            return None
        scope = self.scope_node if type(self.scope_node) is cst.FunctionDef else None
        awaited = expr is getattr(self, "awaited_call", None)
        built = lowered_runs(
            ctx.index, ctx.module, ctx.constants, scope, self.env, expr, name, awaited
        )
        return (_FIRST, lowered_from(expr, built)) if built is not None else None

    def _drawn(self, expr: cst.Call) -> cst.BaseExpression | None:
        """A library iterator drawn by position where every position is certain here
        (``drawn_positions``), or a list's insertion: its display, built once per drawing."""
        from tilecheck.host import drawn_positions  # (rarely met: compiled here)

        canonical = self.ctx.callee(expr.func).canonical
        does = _DRAWN_BY.get(canonical or "")
        if does is None:
            return None
        return drawn_positions.draws(expr, does, self, self.ctx.module, self.ctx.lowered)

    # -- ``key=`` ------------------------------------------------------------------------------
    def _key_runs(self, expr: cst.Call, items: cst.BaseExpression) -> _Lowered:
        key = next((a.value for a in expr.args if a.keyword and a.keyword.value == "key"), None)
        if key is None or receiver_path(items) is None or any(a.star for a in expr.args):
            return None
        if type(key) is cst.Call:
            canonical = self.ctx.callee(key.func).canonical
            if canonical == _CMP and len(key.args) == 1 and receiver_path(key.args[0].value):
                compare = key.args[0].value
                inner = cst.CompFor(target=cst.Name(f"{_ITEM}b"), iter=items)
                outer = cst.CompFor(target=cst.Name(f"{_ITEM}a"), iter=items, inner_for_in=inner)
                pair = (cst.Arg(cst.Name(f"{_ITEM}a")), cst.Arg(cst.Name(f"{_ITEM}b")))
                called = lowered_from(expr, cst.Call(func=compare, args=pair))
                built = cst.ListComp(elt=called, for_in=outer)
                return _PAIRS, lowered_from(expr, built)
            if canonical not in _GETTERS or not all(_literal(a) for a in key.args):
                return None
        elif receiver_path(key) is None:
            return None
        loop = cst.CompFor(target=cst.Name(_ITEM), iter=items)
        called = lowered_from(expr, cst.Call(func=key, args=(cst.Arg(cst.Name(_ITEM)),)))
        return _FIRST, lowered_from(expr, cst.ListComp(elt=called, for_in=loop))

    def _mapped(self, expr: cst.Call) -> _Lowered:
        """``list(map(f, xs))``: ``[f(item) for item in xs]``; ``map(f, xs, ys)``: ``[f(a,
        b) for a, b in zip(xs, ys)]`` (a lambda's body inline)."""
        inner = expr.args[0].value if len(expr.args) == 1 else None
        if type(inner) is not cst.Call or expr.args[0].keyword or expr.args[0].star:
            return None
        built = self._map_items(inner, expr)
        return (_VALUE, lowered_from(expr, built)) if built is not None else None

    def _map_items(
        self, inner: cst.Call, origin: cst.Call, nested: bool = False
    ) -> cst.ListComp | None:
        """The items ``map(f, *iterables)`` makes, as a comprehension of ``f``'s calls (also
        ``accumulate(xs, f, initial=s)``: ``_made_items``). A lambda
        mapped over one iterable walked directly is run where the call returns
        (``immediate.run_inline``); one ``nested`` in a ``PASSES`` call inline here."""
        args = inner.args
        if type(inner.func) is not cst.Name and type(inner.func) is not cst.Attribute:
            return None
        if len(args) < 2 or any(a.star for a in args):
            return None
        canonical = self.ctx.callee(inner.func).canonical
        if canonical in _RUNNING:
            return self._made_items(inner, origin)
        if canonical not in _MAPS or any(a.keyword is not None for a in args):
            return None
        if type(args[0].value) is cst.Lambda and len(args) == 2 and not nested:
            return None  # (run where the call returns: ``immediate.run_inline``)
        func = args[0].value
        if type(func) is cst.Call and not self._made_function(func):
            return None
        if len(args) == 2:
            return lowered_calls.each(func, args[1].value, (), origin)
        return lowered_calls.zipped(func, [a.value for a in args[1:]], origin)

    def _made_items(self, inner: cst.Call, origin: cst.Call) -> cst.ListComp | None:
        """``accumulate(xs, f, initial=s)``: ``[f(s, item) for item in xs]`` (the running
        value is ``s`` at the first call only, an unknown value after it, as ``reduce``'s;
        without ``initial=`` the first call's running value is item 0: not lowered).
        ``starmap(f, xs)`` is ``[f(*item) for item in xs]``, but a call spreading an item
        the analysis does not follow (a partition in the item would stay unconsumed): left
        as an unknown call."""
        args = inner.args
        positional = [a.value for a in args if a.keyword is None]
        keywords = {a.keyword.value: a.value for a in args if a.keyword is not None}
        start = keywords.pop("initial", None)
        if "func" in keywords:
            positional.append(keywords.pop("func"))
        if keywords or len(positional) != 2 or start is None:
            return None
        if type(start) not in (cst.Integer, cst.Float) and receiver_path(start) is None:
            return None
        func = positional[1]
        if type(func) is cst.Call and not self._made_function(func):
            return None
        return lowered_calls.each(func, positional[0], (start,), origin)

    def _walked_lazy(self, expr: cst.Call) -> cst.Call | None:
        """A call that walks its arguments whole (``library_spec``: ``WALKS``): each lazy
        iterator of calls it walks, directly or through ``PASSES`` calls (``dict(zip(names,
        map(f, xs)))``), made the comprehension of those calls, which run here."""
        if not any(type(a.value) is cst.Call for a in expr.args):
            return None  # (the cheap test first)
        args = list(expr.args)
        changed = False
        for i, arg in enumerate(args):
            if arg.keyword is None and not arg.star and type(arg.value) is cst.Call:
                made = self._lazy_walked(arg.value, expr, False)
                if made is not None:
                    args[i] = arg.with_changes(value=made)
                    changed = True
        return lowered_from(expr, expr.with_changes(args=args)) if changed else None

    def _lazy_walked(
        self, value: cst.Call, origin: cst.Call, nested: bool
    ) -> cst.BaseExpression | None:
        """``value`` walked whole, with the lazy iterators of calls in it made comprehensions
        (None where there is none)."""
        made = self._map_items(value, origin, nested)
        if made is not None:
            return made
        at = _PASSES.get(self.ctx.callee(value.func).canonical or "")
        if at is None:
            return None
        args = list(value.args)
        changed = False
        for i, arg in enumerate(args):
            if arg.keyword is None and not arg.star and i >= at and type(arg.value) is cst.Call:
                inner = self._lazy_walked(arg.value, origin, True)
                if inner is not None:
                    args[i] = arg.with_changes(value=inner)
                    changed = True
        return lowered_from(origin, value.with_changes(args=args)) if changed else None

    def _made_function(self, call: cst.Call) -> bool:
        """``methodcaller("m", ...)``, ``attrgetter("a")``: a function the spec's entry makes
        of the call's arguments (``library_spec``: ``CALLS_METHOD``, ``GETS``), its call
        lowered where it is evaluated (``transfers``)."""
        return self.ctx.callee(call.func).canonical in _MADE

    def _spread_map(self, expr: cst.Call, arg: cst.Arg) -> _Lowered:
        """``g(*map(f, xs, ys))``: ``g(*[f(a, b) for a, b in zip(xs, ys)])``."""
        built = self._map_items(cast(cst.Call, arg.value), expr)
        if built is None:
            return None
        args = [a.with_changes(value=built) if a is arg else a for a in expr.args]
        return _VALUE, lowered_from(expr, expr.with_changes(args=args))

    def _reduce_runs(self, expr: cst.Call) -> _Lowered:
        """``functools.reduce(f, xs, start)``: ``f`` runs on every item, first given
        ``start`` (a literal or an access path): ``[f(start, item) for item in xs]`` first."""
        args = expr.args
        if len(args) != 3 or any(a.keyword is not None or a.star for a in args):
            return None
        start = args[2].value
        if type(start) not in (cst.Integer, cst.Float) and receiver_path(start) is None:
            return None
        func = args[0].value
        if type(func) is cst.Call and not self._made_function(func):
            return None
        built = lowered_calls.each(func, args[1].value, (start,), expr)
        return (_FIRST, lowered_from(expr, built)) if built is not None else None

    def _list_sorted(self, expr: cst.Call) -> bool:
        """``xs.sort(...)``: ``xs`` holds a list the analysis keeps."""
        func = cast(cst.Attribute, expr.func)
        path = receiver_path(func.value)
        return path is not None and isinstance(self.stored(path), (Packed, Many))

    def _pairs_run(self, expr: cst.Call) -> bool:
        """The iterable of a ``cmp_to_key`` call holds two items or more, or is a container
        whose length is not known."""
        found = self.ctx.runs.get(id(expr))
        built = found[1] if found is not None else None
        if type(built) is not cst.ListComp:
            return False
        path = receiver_path(built.for_in.iter)
        held = self.stored(path) if path is not None else None
        if isinstance(held, Packed):
            return len(held.items) >= 2 or held.repeated
        return isinstance(held, Many)

    # -- hashing -------------------------------------------------------------------------------
    def _hash_runs(self, expr: cst.Call) -> _Lowered:
        if len(expr.args) != 1 or expr.args[0].keyword is not None or expr.args[0].star:
            return None
        items = expr.args[0].value
        if receiver_path(items) is None or not self._module_defines("__hash__"):
            return None
        loop = cst.CompFor(target=cst.Name(_ITEM), iter=items)
        called = lowered_from(
            expr, cst.Call(func=cst.Name("hash"), args=(cst.Arg(cst.Name(_ITEM)),))
        )
        return _FIRST, lowered_from(expr, cst.ListComp(elt=called, for_in=loop))

    def _add_runs(self, expr: cst.Call) -> _Lowered:
        """``sum(xs[, start])`` where a class of the module defines ``__radd__``/``__add__``:
        ``[start + item for item in xs]`` first (``start`` 0 if not given, a literal or an
        access path): each item is added to a number, so its ``__radd__`` runs
        (``dunders``); a running value of the module's class adds the next item with its
        own ``__add__`` instead, which this does not tell apart."""
        args = expr.args
        if not args or len(args) > 2 or any(a.star for a in args) or args[0].keyword:
            return None
        items = args[0].value
        start: cst.BaseExpression = cst.Integer("0")
        if len(args) == 2:
            start = args[1].value
            if type(start) not in (cst.Integer, cst.Float) and receiver_path(start) is None:
                return None
        if receiver_path(items) is None and type(items) not in (cst.List, cst.Tuple):
            return None
        if not self._module_defines("__radd__") and not self._module_defines("__add__"):
            return None
        loop = cst.CompFor(target=cst.Name(_ITEM), iter=items)
        added = cst.BinaryOperation(start, cst.Add(), lowered_from(expr, cst.Name(_ITEM)))
        return _FIRST, lowered_from(expr, cst.ListComp(elt=lowered_from(expr, added), for_in=loop))

    def _module_defines(self, method: str) -> bool:
        """A top-level class of the module defines ``method``."""
        module = self.ctx.module
        for stmt in module.body if module is not None else ():
            if type(stmt) is cst.ClassDef:
                for line in stmt.body.body:
                    if type(line) is cst.FunctionDef and line.name.value == method:
                        return True
        return False


def _literal(arg: cst.Arg) -> bool:
    return (
        arg.keyword is None and not arg.star and type(arg.value) in (cst.SimpleString, cst.Integer)
    )


def _got_attribute(expr: cst.Call) -> _Lowered:
    """``getattr(obj, "name")``: ``obj.name``."""
    if len(expr.args) != 2 or any(a.keyword is not None or a.star for a in expr.args):
        return None
    name = expr.args[1].value
    if type(name) is not cst.SimpleString or name.prefix:
        return None
    text = string_value(name)
    if not isinstance(text, str) or not text.isidentifier():
        return None
    built = cst.Attribute(value=expr.args[0].value, attr=cst.Name(text))
    return _VALUE, lowered_from(expr, built)
