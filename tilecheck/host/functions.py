"""The summaries of a module's top-level functions, made on demand (the first call that needs
one analyses the function; that analysis is kept, and is the function's own when its body's
turn comes). A function being summarized that calls itself, directly or not, is unknown code
to itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import libcst as cst

from tilecheck.flow import build_cfg
from tilecheck.host import may_effects
from tilecheck.host.analysis import BodyAnalysis
from tilecheck.host.attribute_items import each_run, kept_ops
from tilecheck.host.attribute_lists import appended_only
from tilecheck.host.autotuned import autotuned_body
from tilecheck.host.bound_once import never_in
from tilecheck.host.callbacks import entered_name
from tilecheck.host.classes import ancestors
from tilecheck.host.collectives import COLLECTIVES
from tilecheck.host.constant_paths import defaults, skipped_parameters
from tilecheck.host.context import Context
from tilecheck.host.coroutines import awaited_name, coroutine, yields_last
from tilecheck.host.drained_calls import drained_name
from tilecheck.host.factories import decorated
from tilecheck.host.gated_ops import gated_ops
from tilecheck.host.gated_uses import used_if
from tilecheck.host.implicit_calls import cleared_stores, next_parts
from tilecheck.host.implicit_sites import setter_name, setter_of
from tilecheck.host.keyed_stores import keyed_stores
from tilecheck.host.looped_runs import loop_bounds, looped_reruns
from tilecheck.host.managers import exit_parameters
from tilecheck.host.memo_calls import cached_body, memo_name, memoized
from tilecheck.host.messages import Use
from tilecheck.host.method_hooks import bound_hooks
from tilecheck.host.param_roles import NO_ROLES, nodes_before, parameter_roles
from tilecheck.host.reach import reached_attributes
from tilecheck.host.scope_constants import ScopeConstants
from tilecheck.host.scope_walks import walk_lengths
from tilecheck.host.see_through import plain_method, see_through
from tilecheck.host.self_forwards import alias_forwards
from tilecheck.host.summary import (
    Result,
    Summary,
    Target,
    join_returns,
    parameters,
    variadic_parameters,
)
from tilecheck.host.tasks import (
    globals_name,
    resume_name,
    task_name,
    task_prefix,
    task_resumed,
    with_globals,
)
from tilecheck.host.trimmed_attributes import front_trims
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children

# ``@contextmanager`` as written (``contextlib``'s)
_MANAGER_DECORATORS = frozenset({"contextmanager", "contextlib.contextmanager"})
# Nested scopes; compared by exact type (libcst's classes are ABCs: ``isinstance`` is slow).
_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})


def _calls_on_self(fn: cst.FunctionDef, names: set[str]) -> bool:
    """``fn`` calls one of ``names`` on its first parameter (``self.build(x)``)."""
    params = (*fn.params.posonly_params, *fn.params.params)
    if not params or not names:
        return False
    me = params[0].name.value
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Call:
            func = node.func
            if (
                type(func) is cst.Attribute
                and type(func.value) is cst.Name
                and func.value.value == me
                and func.attr.value in names
            ):
                return True
        if type(node) not in _SCOPES:
            stack.extend(children(node))
    return False


def _plain(fn: cst.FunctionDef) -> bool:
    """A synchronous function that is no generator: calling it runs its body."""
    if fn.asynchronous is not None:
        return False
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Yield or kind is cst.Await:
            return False
        if kind not in _SCOPES:
            stack.extend(children(node))
    return True


def generator(fn: cst.FunctionDef) -> bool:
    """A synchronous generator: a ``yield`` in its own body (not ``yield from``, no ``await``)."""
    if fn.asynchronous is not None:
        return False
    found = False
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Await:
            return False
        if isinstance(node, cst.Yield):
            if type(node.value) is cst.From:
                return False
            found = True
        if kind not in _SCOPES:
            stack.extend(children(node))
    return found


def _unnamed_star(fn: cst.FunctionDef) -> bool:
    """``def on_done(self, part, *_)``: a ``*args`` its body never names (and no ``**kw``):
    summarized without it, as ``__exit__(self, *exc)`` is (a call giving more positional
    arguments than the others is unknown code, as before)."""
    star = fn.params.star_arg
    if not isinstance(star, cst.Param) or fn.params.star_kwarg is not None:
        return False
    name = star.name.value
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name and node.value == name:
            return False
        stack.extend(children(node))
    return True


def _manager(fn: cst.FunctionDef) -> bool:
    """A synchronous generator under ``@contextmanager`` alone: ``with fn(...)`` runs its
    body there."""
    if fn.asynchronous is not None or len(fn.decorators) != 1:
        return False
    return dotted_name(fn.decorators[0].decorator) in _MANAGER_DECORATORS


def _read_as_call(fn: cst.FunctionDef) -> bool:
    """A method called as written, or a ``@property`` read as a call with no arguments."""
    if not fn.decorators:
        return True
    (only, *more) = fn.decorators
    return not more and type(only.decorator) is cst.Name and only.decorator.value == "property"


class Functions:
    def __init__(
        self,
        defs: Sequence[cst.CSTNode],
        device: set[int],
        statements: Mapping[int, int] | None = None,
        module_body: Sequence[cst.BaseStatement] = (),
        text: str | None = None,
        resolve: Callable[[str], str | None] | None = None,
    ) -> None:
        # (a generator must spell ``yield``: a module whose text has none walks no body for it)
        yields = text is None or "yield" in text
        # a function by name, a method by ``Class.name``, with its class's name
        self.defs: dict[str, tuple[cst.FunctionDef, str | None]] = {}
        # a function or method by name -> the module statement it lies in (``statements``:
        # by a top-level definition's id), for findings reported inside it by its callers
        self.statement: dict[str, int] = {}
        classes: dict[str, cst.ClassDef] = {}
        self._managers: set[str] = set()  # ``entered_name``s: generators run by a ``with``
        self._coroutines: set[str] = set()  # ``awaited_name``s: ``async def``s run by ``await``
        self._static: set[str] = set()  # ``Class.name`` of each ``@staticmethod``
        self._drained: set[str] = set()  # generator methods run to their end (``drained_name``)
        where = statements or {}
        # the module's top-level ``def``s of a name no other of them has (``function``)
        self._top: dict[str, cst.FunctionDef | None] = {}
        for top in module_body:
            if type(top) is cst.FunctionDef:
                self._top[top.name.value] = None if top.name.value in self._top else top
        for d in defs:
            if isinstance(d, cst.FunctionDef) and id(d) not in device and coroutine(d):
                self.defs[awaited_name(d.name.value)] = (d, None)  # also: as unknown code
                self._coroutines.add(awaited_name(d.name.value))
                if id(d) in where:
                    self.statement[awaited_name(d.name.value)] = where[id(d)]
                first = task_prefix(d)  # what a task of it runs first (``tasks``)
                resumed = task_resumed(d)  # and after an opening ``sleep(0)``
                for named, part in ((task_name, first), (resume_name, resumed)):
                    if part is None:
                        continue
                    self.defs[named(d.name.value)] = (part, None)
                    given = with_globals(part, module_body)  # the module's values as arguments
                    if given is not None:
                        self.defs[globals_name(named(d.name.value))] = (given, None)
                    for key in (named(d.name.value), globals_name(named(d.name.value))):
                        if id(d) in where:
                            self.statement[key] = where[id(d)]
            if isinstance(d, cst.FunctionDef) and id(d) not in device and not d.decorators:
                self.defs[d.name.value] = (d, None)
                if id(d) in where:
                    self.statement[d.name.value] = where[id(d)]
                if yields and generator(d):  # ``list(gen(x))``: run to its end (``drained_calls``)
                    self.defs[drained_name(d.name.value)] = (d, None)
                    self._drained.add(drained_name(d.name.value))
                    if id(d) in where:
                        self.statement[drained_name(d.name.value)] = where[id(d)]
            elif (
                isinstance(d, cst.FunctionDef)
                and id(d) not in device
                and (tuned := autotuned_body(d, resolve, module_body) or see_through(d, self._top))
            ):  # ``@tr.autotune``, ``@timed``: called as the body they run (``see_through``)
                self.defs[d.name.value] = (tuned, None)
                if id(d) in where:
                    self.statement[d.name.value] = where[id(d)]
            elif isinstance(d, cst.FunctionDef) and id(d) not in device and memoized(d):
                self.defs[memo_name(d.name.value)] = (d, None)  # its first call (``memo_calls``)
                if id(d) in where:
                    self.statement[memo_name(d.name.value)] = where[id(d)]
            elif isinstance(d, cst.FunctionDef) and id(d) not in device and _manager(d):
                self.defs[entered_name(d.name.value)] = (d, None)
                self._managers.add(entered_name(d.name.value))
                if id(d) in where:
                    self.statement[entered_name(d.name.value)] = where[id(d)]
            elif isinstance(d, cst.ClassDef):
                classes[d.name.value] = d
                for stmt in (plain_method(s, self._top) for s in d.body.body):  # (39S)
                    static = isinstance(stmt, cst.FunctionDef) and decorated(stmt, "staticmethod")
                    if isinstance(stmt, cst.FunctionDef) and (static or _read_as_call(stmt)):
                        self.defs[f"{d.name.value}.{stmt.name.value}"] = (stmt, d.name.value)
                        if yields and generator(stmt):  # ``list(obj)``, ``list(obj.rows())``
                            drained = f"{d.name.value}.{drained_name(stmt.name.value)}"
                            self.defs[drained] = (stmt, d.name.value)
                            self._drained.add(drained)
                            if id(d) in where:
                                self.statement[drained] = where[id(d)]
                        if stmt.name.value == "__next__":  # in a loop (``implicit_calls``)
                            for turn_name, variant in next_parts(stmt, d.name.value).items():
                                self.defs[turn_name] = (variant, d.name.value)
                                if id(d) in where:
                                    self.statement[turn_name] = where[id(d)]
                        if static:
                            self._static.add(f"{d.name.value}.{stmt.name.value}")
                        if coroutine(stmt):  # ``await obj.step()`` (round 35O)
                            awaited = awaited_name(f"{d.name.value}.{stmt.name.value}")
                            self.defs[awaited] = (stmt, d.name.value)
                            self._coroutines.add(awaited)
                            if id(d) in where:
                                self.statement[awaited] = where[id(d)]
                        if id(d) in where:
                            self.statement[f"{d.name.value}.{stmt.name.value}"] = where[id(d)]
                    elif isinstance(stmt, cst.FunctionDef) and (attr := setter_of(stmt)):
                        self.defs[setter_name(d.name.value, attr)] = (stmt, d.name.value)
                        if id(d) in where:
                            self.statement[setter_name(d.name.value, attr)] = where[id(d)]
                    elif isinstance(stmt, cst.FunctionDef) and (made := cached_body(stmt)):
                        self.defs[f"{d.name.value}.{stmt.name.value}"] = (made, d.name.value)
                        if id(d) in where:  # its first read (``memo_calls``)
                            self.statement[f"{d.name.value}.{stmt.name.value}"] = where[id(d)]
        for hooked, fn in bound_hooks(module_body).items():  # (``method_hooks``)
            self.defs[hooked] = (fn, hooked.partition(".")[0])
            if id(fn) in where:
                self.statement[hooked] = where[id(fn)]
        # a method a class inherits from another of the module: that one's summary
        self.inherited: dict[str, str] = {}
        for name, bases in ancestors(classes).items():
            own = {s.name.value for s in classes[name].body.body if isinstance(s, cst.FunctionDef)}
            for base in reversed(bases):  # the nearest base wins
                for method in self.defs:
                    owner, _, short = method.partition(".")
                    if owner == base and short not in own:
                        self.inherited[f"{name}.{short}"] = method
        self._dispatched = self._dispatch(classes)
        alias_forwards(self.defs, self.inherited, self.statement, self._static)  # (round 40R)
        self.ctx: Context | None = None
        self.summaries: dict[str, Summary | None] = {}
        self.analyses: dict[int, BodyAnalysis] = {}  # a def -> its analysis, once made
        self._busy: set[str] = set()

    def _dispatch(self, classes: Mapping[str, cst.ClassDef]) -> frozenset[str]:
        """An inherited method that calls, on its ``self``, a method the class defines itself
        (a base's ``launch`` running ``self.build(x)``, which the class overrides): summarized
        for the class, its ``self`` an instance of it, so the call runs the override, as at run
        time (round 22L)."""
        found: set[str] = set()
        for name, method in list(self.inherited.items()):
            owner = name.partition(".")[0]
            fn = self.defs[method][0]
            own = {s.name.value for s in classes[owner].body.body if type(s) is cst.FunctionDef}
            if method not in self._static and _calls_on_self(fn, own):
                del self.inherited[name]
                self.defs[name] = (fn, owner)
                if method in self.statement:
                    self.statement[name] = self.statement[method]
                found.add(name)
        return frozenset(found)

    def add_def(self, name: str, fn: cst.FunctionDef, like: str) -> None:
        """A function built from the module's ``like`` (a thread's phase), by ``name``."""
        if name not in self.defs:
            self.defs[name] = (fn, None)
            if like in self.statement:
                self.statement[name] = self.statement[like]

    def summary_for(self, name: str) -> Summary | None:
        name = self.inherited.get(name, name)
        if name in self.summaries:
            return self.summaries[name]
        found = self.defs.get(name)
        plain = found is not None and (
            name in self._managers
            or name in self._coroutines
            or name in self._drained
            or _plain(found[0])
        )
        if found is None or name in self._busy or self.ctx is None or not plain:
            return None
        fn, owner = found
        names = parameters(fn) or (
            exit_parameters(fn) if name.endswith(".__exit__") or _unnamed_star(fn) else None
        )
        variadic = names is None and (names := variadic_parameters(fn)) is not None
        if names is None:
            self.summaries[name] = None
            return None
        self._busy.add(name)
        try:
            method_of = self.ctx.classes.get(owner) if owner is not None else None
            analysis = BodyAnalysis(self.ctx, method_of)
            analysis.summarizing = names[0]
            analysis.summarized = True
            analysis.yield_returns = name in self._managers and yields_last(fn)
            body = fn.body.body
            splice = self.ctx.managers.splice(body, False) if self.ctx.managers else None
            never = never_in(
                self.ctx.flags, fn, self.ctx.literals, self.ctx.empty_fields, self.ctx.field_values
            )
            known = ScopeConstants(self.ctx, fn)
            lengths = walk_lengths(self.ctx.known_names, fn, self.ctx.walked_length, known)
            cfg = build_cfg(body, never, self.ctx.filled, splice, known, lengths)
            states = analysis.run_function(fn, cfg)
        except RecursionError:
            self.summaries[name] = None
            return None
        finally:
            self._busy.discard(name)
        if name not in self._dispatched:  # (the def's own analysis is its class's)
            self.analyses[id(fn)] = analysis
        end = states.get(cfg.exit)
        consumes = analysis.consumed_parameters(dict(end.holds)) if end is not None else frozenset()
        shape, returns = join_returns(analysis.returned)
        arity = len(shape) if isinstance(shape, tuple) else shape
        entry = (
            analysis.attribute_entry(analysis.me, analysis.method_of)
            if analysis.me is not None and analysis.method_of is not None
            else {}
        )
        releases, stores = analysis.attribute_summary(entry, end)
        stores += keyed_stores(analysis, entry, end)  # (``parts['out']``: ``keyed_stores``)
        if analysis.me is not None and analysis.method_of is not None:
            stores += cleared_stores(fn, analysis.me, stores)  # (``implicit_calls``)
        kept = (
            kept_ops(end.env, analysis.me, lambda o: analysis.infos[o].kind, analysis.result)
            if analysis.me is not None and end is not None
            else ()
        )
        each = each_run(fn, analysis.me)
        global_releases, global_stores = analysis.global_summary()
        # (a memo, task or generator body need not run at the call)
        untouched, waited = (
            parameter_roles(fn, names[0]) if " " not in name and _plain(fn) else NO_ROLES
        )
        early: frozenset[tuple[Target, Use]] = frozenset()
        if waited:
            before = nodes_before(fn, min(top for _, top in waited))
            early = frozenset(
                (target, use)
                for target, events in analysis.use_events.items()
                for use, node in events
                if id(node) in before
            )
        looped = self.ctx.index.fact(fn, looped_reruns)
        summary = Summary(
            name.removeprefix("memo ")
            .removeprefix("task ")
            .removeprefix("stop ")
            .removeprefix("item "),  # (shown: the function's name)
            names[0],
            names[1],
            frozenset(analysis.param_uses),
            consumes,
            frozenset(analysis.distinct),
            arity,
            returns,
            releases,
            stores,
            self.statement.get(name),
            analysis.parameter_reruns() + tuple(r[:2] for r in looped),
            reached(fn, analysis.me, appended := appends_of(fn, analysis), self.ctx),
            frozenset(analysis.refusals),
            runs_callbacks=frozenset(analysis.called_back),
            views=analysis.view_targets(),
            used_at=analysis.used_at() + used_if(analysis.use_nodes, analysis.gated_nodes),
            use_order=analysis.use_order(),
            global_runs=analysis.global_runs(),
            global_releases=global_releases,
            global_stores=global_stores,
            global_consumes=analysis.shared_consumed(dict(end.holds)) if end is not None else (),
            consumed_at=analysis.consumed_at(dict(end.holds)) if end is not None else (),
            runs=analysis.runs() + tuple((attr, how) for attr, how, _ in each),
            consumes_attributes=(
                analysis.consumed_attributes(dict(end.holds)) if end is not None else frozenset()
            ),
            launches_dropped=tuple(analysis.launches_dropped.values()),
            refused_at=tuple(analysis.refused_at.items()),
            may_refused_at=(
                may_effects.kept(
                    fn,
                    names[0],
                    analysis.may_refused,
                    analysis.refusals,
                    self.statement.get(name),
                    self.ctx.module,
                )
                if analysis.may_refused
                else ()
            ),
            run_at=analysis.run_at() + tuple((attr, node) for attr, _, node in each),
            attribute_consumed_at=(
                analysis.attribute_consumed_at(dict(end.holds)) if end is not None else ()
            ),
            skips=(skips := skipped_parameters(fn, names[0])),
            defaults=defaults(fn, names[0]) if skips else (),
            early=frozenset(analysis.early_uses) if releases else frozenset(),
            early_at=analysis.early_at() if releases else (),
            appends=appended,
            trims=trims_of(fn, analysis.me, appended),
            kept_ops=kept,
            calls_in_capture=tuple(analysis.captured_calls.items()),
            gated=tuple(
                (names[0].index(param), test, made)
                for param, test, made in gated_ops(fn, names[0], self._launches)
            ),
            static=name in self._static,
            param_runs=analysis.parameter_runs(),
            run_bounds=tuple(analysis.run_bounds.items()),
            variadic=variadic,
            star=len(names[0]) - 1
            if variadic and isinstance(fn.params.star_arg, cst.Param)
            else None,
            run_statements=tuple(analysis.run_statements.items()),
            yielded=analysis.yield_returns,
            distinct_attributes=frozenset(analysis.distinct_attributes),
            untouched=untouched,
            waited=frozenset(index for index, _ in waited),
            param_early=early,
            keys=shape if isinstance(shape, tuple) else None,
            rerun_bounds=loop_bounds(fn, looped),
        )
        self.summaries[name] = summary
        return summary

    def definition(self, name: str) -> tuple[cst.FunctionDef, int] | None:
        """A plain method of one of the module's classes (no decorator, no generator or
        coroutine) and the module statement it lies in: a body that may run in place."""
        name = self.inherited.get(name, name)
        found = self.defs.get(name)
        statement = self.statement.get(name)
        if found is None or found[1] is None or statement is None or name in self._static:
            return None
        fn = found[0]
        return (fn, statement) if not fn.decorators and _plain(fn) else None

    def function(self, name: str) -> tuple[cst.FunctionDef, int] | None:
        """A plain function of the module (no decorator, no generator or coroutine) defined
        once at its top level, and the module statement it is: a body that may run in place
        at a call from the module's own code."""
        found = self.defs.get(name)
        statement = self.statement.get(name)
        if found is None or statement is None or found[0] is not self._top.get(name):
            return None
        fn = found[0]
        return (fn, statement) if not fn.decorators and _plain(fn) else None

    def _launches(self, call: cst.Call) -> bool:
        """``call`` makes an op: it launches a kernel or is a collective."""
        if self.ctx is None:
            return False
        callee = self.ctx.callee(call.func)
        return callee.kernel is not None or callee.canonical in COLLECTIVES


def appends_of(fn: cst.FunctionDef, analysis: BodyAnalysis) -> tuple[tuple[str, Result], ...]:
    """What a method appends to the lists in its receiver's attributes it names only so."""
    if analysis.me is None:
        return ()
    only = appended_only(fn, analysis.me)
    return tuple(
        (attr, result)
        for attr, result in sorted(analysis.appended.items())
        if attr in only and result.kind is not None
    )


def trims_of(
    fn: cst.FunctionDef, me: str | None, appends: tuple[tuple[str, Result], ...]
) -> frozenset[str]:
    """The attributes of ``appends`` whose front the method trims (``Summary.trims``)."""
    if me is None or not appends:
        return frozenset()
    return front_trims(fn, me)[0] & {attr for attr, _ in appends}


def reached(
    fn: cst.FunctionDef,
    me: str | None,
    appends: tuple[tuple[str, Result], ...],
    ctx: Context | None = None,
) -> frozenset[str] | None:
    """The attributes a method may reach but those it only appends to (it leaves their items
    alone: ``Summary.appends``)."""
    if me is None:
        return frozenset()

    def builtin(func: cst.BaseExpression) -> bool:
        return ctx is not None and (ctx.callee(func).canonical or "").startswith("builtins.")

    found = reached_attributes(fn, me, builtin)
    return None if found is None else found - {attr for attr, _ in appends}
